#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write a randomly changed copy of a policy.conf for sequery diff's checks.

Usage: sequery-diff-mutate.py SEED IN OUT [DROPS]
       sequery-diff-mutate.py --xperm-base IN OUT

With SEED, drops DROPS (default 40) single-line allow/auditallow/dontaudit
rules and 10 type_*/role_transition/range_transition rules, changes one
type_transition's default, flips the default of 3 booleans, declares 2 new
types (each with an allow rule to itself), labels a genfscon, an fs_use and
a portcon with one of them and adds 5 new ports, so that each part of
sequery diff's comparison sees a change. What it did goes to stderr, with the seed.

Extended permissions: refpolicy has no xperm rule, so both forms add a base
set of 48 allowxperm, auditallowxperm and dontauditxperm ioctl rules made
from its allow rules granting ioctl (attributes among their types; one
ioctl, two of one driver, two drivers, a whole driver). --xperm-base writes
IN with that set only, the unchanged side of a comparison; with SEED the
set is changed too: some rules dropped, some given other ioctls, and new
ones added (several drivers each).
"""
import random
import re
import sys

XCAND = re.compile(r"^\s*allow (\w+) (\w+):(\w+) (\{[^;]*\bioctl\b[^;]*\}|ioctl);\s*$")
XKINDS = ("allowxperm", "allowxperm", "auditallowxperm", "dontauditxperm")


def xperm_text(ioctls):
    """checkpolicy's form of a set of ioctls: a whole driver as a range."""
    parts, done = [], set()
    for v in sorted(ioctls):
        if v in done:
            continue
        drv = v & 0xff00
        if all(d in ioctls for d in range(drv, drv + 0x100)):
            parts.append("0x%04x-0x%04x" % (drv, drv + 0xff))
            done.update(range(drv, drv + 0x100))
        else:
            parts.append("0x%04x" % v)
            done.add(v)
    # checkpolicy takes a range in braces only
    return parts[0] if len(parts) == 1 and "-" not in parts[0] else "{ " + " ".join(parts) + " }"


def xperm_base(lines):
    """The base set: (kind, source, target, class, ioctls), the same for every seed."""
    attrs = {m.group(1) for m in (re.match(r"^attribute (\w+);", l) for l in lines) if m}
    # declared outside any optional block (at the start of a line), so that
    # a rule at the end of the TE part may name them
    names = attrs | {"self"} | {m.group(1) for m in (re.match(r"^type (\w+)", l) for l in lines) if m}
    keys, seen = [[], []], set()
    for l in lines:
        m = XCAND.match(l)
        if m and m.group(1) in names and m.group(2) in names and m.groups()[:3] not in seen:
            seen.add(m.groups()[:3])
            keys[m.group(1) in attrs or m.group(2) in attrs].append(m.groups()[:3])
    # half with an attribute (expanded to its types), half without
    picked = [k for ks in keys for k in ks[::max(1, len(ks) // 28)][:28]]
    base = []
    for i, (src_t, tgt_t, cls) in enumerate(picked[0::2] + picked[1::2]):
        shape = i % 4
        if shape == 0:
            ioctls = {0x5400 + i}
        elif shape == 1:
            ioctls = {0x8900 + i, 0x8910 + i}
        elif shape == 2:
            ioctls = {0x5400 + i, 0x8b00 + i}
        else:
            ioctls = set(range(0x4000 + (i << 8), 0x4100 + (i << 8)))
        base.append([XKINDS[i % len(XKINDS)], src_t, tgt_t, cls, ioctls])
    return base[:48], base[48:]


def xperm_lines(rules):
    return ["%s %s %s:%s ioctl %s;" % (k, s_, t, c, xperm_text(io)) for k, s_, t, c, io in rules]


if sys.argv[1] == "--xperm-base":
    src, dst = sys.argv[2], sys.argv[3]
    lines = open(src, encoding="utf-8").read().split("\n")
    at = next(i for i, l in enumerate(lines) if l.startswith("user "))
    lines[at:at] = xperm_lines(xperm_base(lines)[0])
    open(dst, "w", encoding="utf-8").write("\n".join(lines))
    sys.exit(0)

seed, src, dst = int(sys.argv[1]), sys.argv[2], sys.argv[3]
drops = int(sys.argv[4]) if len(sys.argv) > 4 else 40
rng = random.Random(seed)
lines = open(src, encoding="utf-8").read().split("\n")

rule = re.compile(r"^\s*(allow|auditallow|dontaudit) [^{}]*;\s*$")
rules = [i for i, l in enumerate(lines) if rule.match(l)]
bools = [i for i, l in enumerate(lines) if re.match(r"^bool \S+ (true|false);$", l)]
dropped = set(rng.sample(rules, min(drops, len(rules))))
flipped = set(rng.sample(bools, min(3, len(bools))))

out = []
first_portcon = None
for i, l in enumerate(lines):
    if i in dropped:
        out.append("# dropped: " + l)
        continue
    if i in flipped:
        l = l.replace(" true;", " FLIP;").replace(" false;", " true;").replace(" FLIP;", " false;")
    if first_portcon is None and l.startswith("portcon "):
        first_portcon = len(out)
    out.append(l)

# Type rules and labeling statements, from a stream of their own so that the
# changes above stay what they were for a seed: 10 type_*, role_transition
# or range_transition rules dropped, one type_transition's default changed
# to another's, one genfscon, fs_use and portcon labeled with a new type.
rng2 = random.Random(seed * 7919 + 1)
trule = re.compile(r"^\s*(type_transition|type_change|type_member|role_transition|range_transition) "
                   r"[^{}\"]*;\s*$")
tt = re.compile(r"^(\s*type_transition \S+ \S+ )(\S+);\s*$")
trules = [i for i, l in enumerate(out) if trule.match(l)]
tdrop = set(rng2.sample(trules, min(10, len(trules))))
tts = [i for i, l in enumerate(out) if i not in tdrop and tt.match(l)]
relabel = {}
for kind in ("genfscon ", "fs_use_", "portcon "):
    cand = [i for i, l in enumerate(out) if l.startswith(kind) and ":object_r:" in l]
    if cand:
        relabel[rng2.choice(cand)] = kind
if len(tts) >= 2:
    a, b = rng2.sample(tts, 2)
    out[a] = tt.sub(lambda m: m.group(1) + tt.match(out[b]).group(2) + ";", out[a])
for i in tdrop:
    out[i] = "# dropped: " + out[i]
for i in relabel:
    out[i] = re.sub(r":object_r:[^:;\s]+", ":object_r:sekit_mutant%d_1_t" % seed, out[i], count=1)

mls = ":s0" if re.search(r"^sensitivity ", "\n".join(lines[:200000]), re.M) else ""
decl = []
for k in range(2):
    t = "sekit_mutant%d_%d_t" % (seed, k)
    decl += ["type %s;" % t, "allow %s %s:file { read getattr };" % (t, t)]

# The xperm set, from a stream of its own: a fifth of the base rules
# dropped, a third given other ioctls (one dropped, one of another driver
# added), the spare rules added with three drivers each.
rng3 = random.Random(seed * 104729 + 3)
xbase, xspare = xperm_base(lines)
xrules, xdropped, xchanged = [], 0, 0
for k, s_, t, c, io in xbase:
    r = rng3.random()
    if r < 0.2:
        xdropped += 1
        continue
    if r < 0.55:
        io = set(io)
        io.discard(min(io))
        io.add(0x9100 + rng3.randrange(256))
        xchanged += 1
    xrules.append([k, s_, t, c, io])
for k, s_, t, c, io in xspare:
    xrules.append([k, s_, t, c, {0x1200 + rng3.randrange(256), 0x5400 + rng3.randrange(256),
                                 0x8900 + rng3.randrange(256)}])

# types and rules go before the first role statement, which follows the TE part
at = next(i for i, l in enumerate(out) if l.startswith("role ") or l.startswith("user "))
out[at:at] = decl
ports = ["portcon tcp %d system_u:object_r:sekit_mutant%d_0_t%s" % (60000 + rng.randrange(5000), seed, mls)
         for _ in range(5)]
if first_portcon is not None:
    out[first_portcon + len(decl):first_portcon + len(decl)] = sorted(set(ports))
# the xperm rules at the end of the TE part, after every type's declaration
at = next(i for i, l in enumerate(out) if l.startswith("user "))
out[at:at] = xperm_lines(xrules)
open(dst, "w", encoding="utf-8").write("\n".join(out))
sys.stderr.write("seed %d: dropped %d rules and %d type rules, flipped %d booleans, changed a default, "
                 "relabeled %d statements, added 2 types and %d ports; of %d xperm rules dropped %d, "
                 "changed %d, added %d\n"
                 % (seed, len(dropped), len(tdrop), len(flipped), len(relabel), len(set(ports)),
                    len(xbase), xdropped, xchanged, len(xspare)))
