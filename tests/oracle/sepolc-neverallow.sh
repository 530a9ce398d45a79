#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc's neverallow verdicts against checkpolicy 3.4's on a real policy
# (issue 28): COUNT random neverallow and neverallowxperm rules, made from
# the policy's own allow and allowxperm rules (attributes, ~, -, *, self,
# permission subsets, ioctl ranges), are added before its first user
# statement; both compilers must accept or refuse it alike and report the
# same violations (each access; the rule's file and line are left out:
# on #line-marked input sepolc names some other than checkpolicy). Prints
# the seed.
#
#   sepolc-neverallow.sh [CONF]    (default: refpolicy's policy.conf)
#
# Environment: SEPOLC, CHECKPOLICY, SEED, COUNT (rules per round, 40),
# ROUNDS (1), OPTS (compiler options; default -M when CONF has MLS).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

SEPOLC=${SEPOLC:-sepolc}
CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
SEED=${SEED:-$RANDOM}
COUNT=${COUNT:-40}
ROUNDS=${ROUNDS:-1}
ts_need "$CHECKPOLICY" checkpolicy
ts_need python3 python3
if [ $# -ge 1 ]; then
	conf=$1
else
	ts_refpolicy_conf ts_skip || ts_skip "refpolicy's policy.conf could not be built: $TS_CONF_OUT"
fi
[ -n "${OPTS+set}" ] || { grep -q '^sensitivity ' "$conf" && OPTS=-M || OPTS=; }
ts_workdir sepolc-neverallow
tmp=$TS_WORKDIR
echo "seed $SEED (SEED=$SEED replays it), $ROUNDS round(s) of $COUNT rules on $conf"

# inject SEED: the policy with COUNT random rules, on stdout
inject() {
	python3 - "$conf" "$1" "$COUNT" <<'PY'
import random, re, sys
conf, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(seed)
lines = open(conf).read().split("\n")
elem = r"(\{[^}]*\}|\S+)"
allow = re.compile(r"^allow\s+" + elem + r"\s+" + elem + r"\s*:\s*" + elem + r"\s+" + elem + r"\s*;")
xallow = re.compile(r"^allowxperm\s+" + elem + r"\s+" + elem + r"\s*:\s*" + elem + r"\s+ioctl\s+(.*);")
rules = [m for m in map(allow.match, lines) if m]
xrules = [m for m in map(xallow.match, lines) if m]
attrs = [l.split()[1].rstrip(";") for l in lines if l.startswith("attribute ")]
def names(e):
    return e.strip("{}").split() if e.startswith("{") else [e]
def tset(e, target):
    k = rnd.randrange(8)
    n = [x for x in names(e) if x not in ("self", "*") and not x.startswith(("~", "-"))]
    if not n or k == 0:
        return e
    if k == 1 and attrs:
        return rnd.choice(attrs)
    if k == 2:
        return "{ %s -%s }" % (rnd.choice(attrs), n[0]) if attrs else e
    if k == 3:
        return "~{ %s }" % n[0]
    if k == 4:
        return "*"
    if k == 5 and target:
        return "self"
    if k == 6 and target:
        return "{ %s self }" % n[0]
    return n[rnd.randrange(len(n))]
def perms(p):
    ps = names(p)
    k = rnd.randrange(5)
    if k == 0:
        return "*"
    if k == 1 and len(ps) > 1:
        return "~{ %s }" % ps[0]
    return "{ %s }" % " ".join(rnd.sample(ps, max(1, rnd.randrange(len(ps)) )))
out = []
for i in range(count):
    if xrules and rnd.randrange(4) == 0:
        m = rnd.choice(xrules)
        drv = rnd.choice(["0x89", "0x54", "0x4b", "0xc0"])
        lo = rnd.randrange(256)
        hi = min(255, lo + rnd.randrange(64))
        x = rnd.choice(["%s%02x" % (drv, lo), "{ %s%02x-%s%02x }" % (drv, lo, drv, hi),
                        "~{ %s%02x }" % (drv, lo), m.group(4).strip()])
        out.append("neverallowxperm %s %s:%s ioctl %s;" % (tset(m.group(1), False), tset(m.group(2), True), m.group(3), x))
    else:
        m = rnd.choice(rules)
        out.append("neverallow %s %s:%s %s;" % (tset(m.group(1), False), tset(m.group(2), True), m.group(3), perms(m.group(4))))
at = next(i for i, l in enumerate(lines) if l.startswith("user "))
print("\n".join(lines[:at] + out + lines[at:]))
PY
}

# the violations a compiler reported: "LINE ACCESS", sorted
checkpolicy_violations() {
	tr '\n' ' ' <"$1" | sed 's/libsepol\./\n&/g' |
		sed -nE 's/^libsepol\.[a-z_]+: neverallow(xperm)? on line ([0-9]+) of ([^ ]*) \(or line [0-9]+ of [^)]*\) violated by *(.*);.*$/\4/p' |
		sed 's/  */ /g; s/ *$//' | sort -u
}
sepolc_violations() {
	sed -nE 's/^([^:]*):([0-9]+):[0-9:]* *error: neverallow(xperm)? violated by (.*)$/\4/p' "$1" |
		sed 's/  */ /g; s/ *$//' | sort -u
}

for ((r = 0; r < ROUNDS; r++)); do
	s=$((SEED + r))
	inject "$s" >"$tmp/p.conf" || { ts_fail "seed $s: the rules could not be made"; continue; }
	"$CHECKPOLICY" $OPTS -o "$tmp/cp.bin" "$tmp/p.conf" >"$tmp/cp.out" 2>&1
	cp_rc=$?
	"$SEPOLC" $OPTS -o "$tmp/se.bin" "$tmp/p.conf" >"$tmp/se.out" 2>&1
	se_rc=$?
	checkpolicy_violations "$tmp/cp.out" >"$tmp/cp.v"
	sepolc_violations "$tmp/se.out" >"$tmp/se.v"
	if [ $((cp_rc != 0)) -ne $((se_rc != 0)) ]; then
		ts_fail "seed $s: checkpolicy exits $cp_rc, sepolc $se_rc"
		diff "$tmp/cp.v" "$tmp/se.v" >"$tmp/d"
		ts_show "$tmp/d"
	elif ! cmp -s "$tmp/cp.v" "$tmp/se.v"; then
		ts_fail "seed $s: the violations differ (< checkpolicy, > sepolc)"
		diff "$tmp/cp.v" "$tmp/se.v" >"$tmp/d"
		ts_show "$tmp/d"
	else
		ts_ok "seed $s: same verdict (exit $cp_rc/$se_rc), $(wc -l <"$tmp/cp.v") violations alike"
	fi
done
ts_summary
