#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
# gap-policy.py POLICY OUT TABLE NAME...: copy a kernel binary policy, counting one
# more value in TABLE's symbol table than it defines (a gap). TABLE's header
# (nprim, nel) is found before NAME, its first entry, by the entry's fixed
# words (libsepol's policydb_write for version >= 24).
import struct, sys

WORDS = {"common": 4, "class": 6, "role": 3, "type": 4, "user": 3,
         "bool": 3, "sens": 2, "cat": 3}
src, out, table, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
data = bytearray(open(src, "rb").read())
for name in names:
    at = data.find(name.encode())
    while at >= 0:
        head = at - 4 * WORDS[table] - 8
        if head >= 0:
            nprim, nel = struct.unpack_from("<II", data, head)
            if nprim == nel and 0 < nprim < 16:
                struct.pack_into("<I", data, head, nprim + 1)
                open(out, "wb").write(data)
                sys.exit(0)
        at = data.find(name.encode(), at + 1)
sys.exit("no %s table found before %s" % (table, names))
