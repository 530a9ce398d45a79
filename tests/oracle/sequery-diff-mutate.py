#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write a randomly changed copy of a policy.conf for sequery diff's checks.

Usage: sequery-diff-mutate.py SEED IN OUT [DROPS]

With SEED, drops DROPS (default 40) single-line allow/auditallow/dontaudit
rules, flips the default of 3 booleans, declares 2 new types (each with an
allow rule to itself) and 5 new ports, so that each part of sequery diff's
comparison sees a change. What it did goes to stderr, with the seed.
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
sys.stderr.write("seed %d: dropped %d rules, flipped %d booleans, added 2 types and %d ports\n"
                 % (seed, len(dropped), len(flipped), len(set(ports))))
