#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write a randomly changed copy of a policy.conf for sequery diff's checks.

Usage: sequery-diff-mutate.py SEED IN OUT [DROPS]

With SEED, drops DROPS (default 40) single-line allow/auditallow/dontaudit
rules and 10 type_*/role_transition/range_transition rules, changes one
type_transition's default, flips the default of 3 booleans, declares 2 new
types (each with an allow rule to itself), labels a genfscon, an fs_use and
a portcon with one of them and adds 5 new ports, so that each part of
sequery diff's comparison sees a change. What it did goes to stderr, with the seed.
"""
import random
import re
import sys

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
# types and rules go before the first role statement, which follows the TE part
at = next(i for i, l in enumerate(out) if l.startswith("role ") or l.startswith("user "))
out[at:at] = decl
ports = ["portcon tcp %d system_u:object_r:sekit_mutant%d_0_t%s" % (60000 + rng.randrange(5000), seed, mls)
         for _ in range(5)]
if first_portcon is not None:
    out[first_portcon + len(decl):first_portcon + len(decl)] = sorted(set(ports))
open(dst, "w", encoding="utf-8").write("\n".join(out))
sys.stderr.write("seed %d: dropped %d rules and %d type rules, flipped %d booleans, changed a default, "
                 "relabeled %d statements, added 2 types and %d ports\n"
                 % (seed, len(dropped), len(tdrop), len(flipped), len(relabel), len(set(ports))))
