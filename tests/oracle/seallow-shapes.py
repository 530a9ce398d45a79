#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Rewrite a raw audit log into one of the shapes people paste denials in,
# record by record (no record is invented, none dropped but where the shape
# itself has no place for it):
#
#   seallow-shapes.py SHAPE LOG
#
# raw-node      node=HOST before every record without one
# grep-n        "N:" before each line (grep -n)
# grep-hn       "audit.log:N:" before each line (grep -Hn)
# quote         "> " before each line (mail, markdown)
# no-msg        AVC and USER_AVC records without their "msg=audit(...):"
#               header ("type=AVC avc:  denied ..."); the others as they are
# bare          the AVC text alone ("avc:  denied ..."), USER_AVC records
#               from "pid=" on; every other record dropped (a bare AVC
#               stands alone)
# kernel        dmesg: "audit: type=1400 audit(S.M:N): ..." (numeric types)
# printk        the same after a printk stamp "[  12.345678] "
# syslog        "Dec 13 21:39:35 host kernel: audit: type=1400 audit(...)"
# syslog-raw    "Dec 13 21:39:35 host audispd: <raw record>" (audisp's
#               syslog plugin)
# iso-syslog    RFC 3339 stamp: "2006-12-13T21:39:35.667+00:00 host kernel: ..."
# journal-short journalctl's text of journald's audit transport:
#               "Dec 13 21:39:35 host audit[PID]: AVC avc:  denied ..." (the
#               header is lost)
# json          journalctl -o json lines of the audit transport
# export        journalctl -o export entries of the audit transport
#
# Times are written in UTC; run the readers with TZ=UTC.
import json
import re
import sys
import time

TYPES = {
    "AVC": 1400, "USER_AVC": 1107, "SYSCALL": 1300, "PATH": 1302, "CWD": 1307,
    "AVC_PATH": 1402, "SELINUX_ERR": 1401, "MAC_POLICY_LOAD": 1403,
    "DAEMON_START": 1200, "EOE": 1320, "PROCTITLE": 1327, "MAC_STATUS": 1404,
    "USER_ROLE_CHANGE": 2300, "CONFIG_CHANGE": 1305, "KERNEL": 2000,
}
RAW = re.compile(r"^(?:node=(\S+) )?type=(\S+) msg=audit\((\d+)\.(\d+):(\d+)\): ?(.*)$")


def stamp(sec, fmt):
    return time.strftime(fmt, time.gmtime(sec))


def main():
    shape, path = sys.argv[1], sys.argv[2]
    out = sys.stdout
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines, 1):
        m = RAW.match(line)
        if shape == "grep-n":
            out.write(f"{n}:{line}\n")
            continue
        if shape == "grep-hn":
            out.write(f"audit.log:{n}:{line}\n")
            continue
        if shape == "quote":
            out.write(f"> {line}\n")
            continue
        if not m:
            out.write(line + "\n")  # not a record: as it is
            continue
        node, typ, sec, msec, serial, rest = m.groups()
        host = node or "host"
        isec = int(sec)
        num = TYPES.get(typ)
        if num is None and typ.startswith("UNKNOWN["):
            num = int(typ[8:-1])
        kern = f"audit: type={num} audit({sec}.{msec}:{serial}): {rest}"
        pid = re.search(r"\bpid=(\d+)", rest)
        if shape == "raw-node":
            out.write(line if node else f"node=host.example.com {line}")
            out.write("\n")
        elif shape == "no-msg":
            if typ in ("AVC", "USER_AVC"):
                out.write(f"type={typ} {rest}\n")
            else:
                out.write(line + "\n")
        elif shape == "bare":
            if typ in ("AVC", "USER_AVC"):
                out.write(rest + "\n")
        elif shape == "kernel":
            out.write(kern + "\n")
        elif shape == "printk":
            out.write(f"[{n % 100000:6d}.{n * 7919 % 1000000:06d}] {kern}\n")
        elif shape == "syslog":
            out.write(f"{stamp(isec, '%b %e %H:%M:%S')} {host} kernel: {kern}\n")
        elif shape == "syslog-raw":
            out.write(f"{stamp(isec, '%b %e %H:%M:%S')} {host} audispd: {line}\n")
        elif shape == "iso-syslog":
            out.write(f"{stamp(isec, '%Y-%m-%dT%H:%M:%S')}.{msec}+00:00 {host} kernel: {kern}\n")
        elif shape == "journal-short":
            who = f"audit[{pid.group(1)}]" if pid else "audit"
            out.write(f"{stamp(isec, '%b %e %H:%M:%S')} {host} {who}: {typ} {rest}\n")
        elif shape in ("json", "export"):
            usec = isec * 1000000 + int(msec) * 1000
            entry = {
                "__CURSOR": f"s=0;i={n:x}",
                "__REALTIME_TIMESTAMP": str(usec + 1234),
                "_TRANSPORT": "audit",
                "_HOSTNAME": host,
                "SYSLOG_FACILITY": "4",
                "SYSLOG_IDENTIFIER": "audit",
                "_AUDIT_TYPE": str(num) if num is not None else "0",
                "_AUDIT_TYPE_NAME": typ,
                "_AUDIT_ID": serial,
                "_SOURCE_REALTIME_TIMESTAMP": str(usec),
                "MESSAGE": f"{typ} {rest}",
            }
            if pid:
                entry["_PID"] = pid.group(1)
            if shape == "json":
                out.write(json.dumps(entry, separators=(",", ":")) + "\n")
            else:
                for k, v in entry.items():
                    out.write(f"{k}={v}\n")
                out.write("\n")
        else:
            sys.exit(f"unknown shape {shape}")


if __name__ == "__main__":
    main()
