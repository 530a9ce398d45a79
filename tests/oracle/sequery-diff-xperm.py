#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check sediff's one known difference in the xperm sections, and take it out.

Usage: sequery-diff-xperm.py SEDIFF_OUT SEQUERY_OUT LEFT RIGHT

sediff 4.4 (and setools HEAD) unions the ioctls of an expanded xperm rule's
avtab entries to compare them, but prints an added or removed rule as the
first of those entries only (setools/diff/terules.py, avx_diff_template():
"set(a.origin for a in added)", the wrapper's origin being the first
expanded rule, whose perms are its own entry's): a rule granting ioctls of
two drivers, or granted by two rules, is printed with part of its ioctls.
sequery diff prints the union.

For each added (+) or removed (-) xperm line where the two outputs differ,
this computes the union itself with setools' policy reader (each xperm
rule of the policy the line comes from, RIGHT for +, LEFT for -, expanded
to its types), and checks that sequery diff's ioctls are that union and
sediff's a part of it. A line that passes is replaced in SEDIFF_OUT by
sequery diff's, so that the comparison that follows sees no difference;
one that does not is left, and fails it. Prints the number of lines
checked. Runs with the Python sediff runs with (it imports setools).
"""
import re
import sys
from collections import defaultdict

import setools

XLINE = re.compile(r"^      ([+-]) ((?:allow|auditallow|dontaudit|neverallow)xperm) (\S+) (\S+):(\S+) ioctl (.*);$")


def ioctls(text):
    out = set()
    for tok in text.strip("{} ").split():
        lo, _, hi = tok.partition("-")
        out.update(range(int(lo, 16), int(hi or lo, 16) + 1))
    return out


def unions(path, kind, cache={}):
    """(source, target, class) -> the ioctls of the policy's kind rules."""
    if (path, kind) not in cache:
        d = defaultdict(set)
        for rule in setools.SELinuxPolicy(path).terules():
            if rule.ruletype.name == kind:
                for e in rule.expand():
                    d[(str(e.source), str(e.target), str(e.tclass))] |= set(e.perms)
        cache[(path, kind)] = d
    return cache[(path, kind)]


sd_path, sq_path, left, right = sys.argv[1:5]
sq = {}
for line in open(sq_path, encoding="utf-8"):
    m = XLINE.match(line)
    if m:
        sq[m.groups()[:5]] = line
out, checked, bad = [], 0, 0
for line in open(sd_path, encoding="utf-8"):
    m = XLINE.match(line)
    if m and m.groups()[:5] in sq and sq[m.groups()[:5]] != line:
        sign, kind, s, t, c = m.groups()[:5]
        want = unions(right if sign == "+" else left, kind)[(s, t, c)]
        ours = ioctls(XLINE.match(sq[m.groups()[:5]]).group(6))
        if ours == want and ioctls(m.group(6)) <= want:
            line = sq[m.groups()[:5]]
            checked += 1
        else:
            print("xperm line: sequery diff's ioctls are not the union (%s): %s" %
                  (" ".join("0x%04x" % v for v in sorted(want)), sq[m.groups()[:5]].strip()))
            bad += 1
    out.append(line)
open(sd_path, "w", encoding="utf-8").write("".join(out))
if checked:
    print("%d xperm lines sediff prints with part of their ioctls, sequery diff with all" % checked)
sys.exit(1 if bad else 0)
