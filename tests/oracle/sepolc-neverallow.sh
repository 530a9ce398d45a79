#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc's neverallow verdicts against checkpolicy 3.4's on a real policy
# (issue 28): COUNT random neverallow and neverallowxperm rules, made from
# the policy's own allow and allowxperm rules (attributes, ~, -, *, self,
# permission subsets, ioctl ranges), are added before its first user
# statement, behind a line mark of their own ("#line 1" of the rules'
# file, then one restoring the line and file the policy's marks had
# there); both compilers must accept or refuse it alike and report the
# same violations: each access, at the same file and line. The same rules
# in that file, checked against the policy built without them (sepolc
# --check-neverallow), must give checkpolicy's verdict and violations too.
# Prints the seed.
#
# checkpolicy 3.4 reads m4's line marks wrongly: '#line N "FILE"' is a
# comment unless N is 1 (the line count goes on in the previous file), and
# after '#line 1 "FILE"' the next line is line 2 (policy_scan.l; fixed in
# 3.10 by 4ec779f6, "checkpolicy: Allow lineno > 1 for source file
# line"). sepolc reads them as m4 writes them, as checkpolicy 3.10 does;
# checkpolicy is given each '#line N "FILE"' as '#line 1 "FILE"' then
# '#line N', which every version reads alike.
#
#   sepolc-neverallow.sh [CONF]    (default: refpolicy's policy.conf)
#
# Environment: SEPOLC, CHECKPOLICY, SEED, COUNT (rules per round, 40),
# ROUNDS (1), OPTS (compiler options; default -M when CONF has MLS),
# COMPILE (1; 0 leaves sepolc's compile out and compares
# --check-neverallow alone: make check's sample, one compile fewer under
# the sanitizers; tests/oracle/sepolc-oracle.bats checks a compile's
# places after line marks on a policy of its own).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

SEPOLC=${SEPOLC:-sepolc}
CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
SEED=${SEED:-$RANDOM}
COUNT=${COUNT:-40}
ROUNDS=${ROUNDS:-1}
COMPILE=${COMPILE:-1}
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
# inject SEED RULES: ... and the rules alone in the file RULES
inject() {
	python3 - "$conf" "$1" "$COUNT" "$2" <<'PY'
import random, re, sys
conf, seed, count, rules_file = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
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
# the file and line the policy's marks give line at: m4's "#line N" and
# '#line N "FILE"' say the next line is line N (of FILE)
mark = re.compile(r'^#line ([0-9]+)(?: "(.*)")?$')
line, where = at + 1, conf
for j in range(at - 1, -1, -1):
    m = mark.match(lines[j])
    if not m:
        continue
    line = int(m.group(1)) + at - j - 1
    where = next((m2.group(2) for m2 in map(mark.match, reversed(lines[:j + 1]))
                  if m2 and m2.group(2) is not None), conf)
    break
marked = ['#line 1 "%s"' % rules_file] + out + ['#line %d "%s"' % (line, where)]
print("\n".join(lines[:at] + marked + lines[at:]))
open(rules_file, "w").write("\n".join(out) + "\n")
PY
}

# the violations a compiler reported: "FILE:LINE ACCESS", sorted
checkpolicy_violations() {
	tr '\n' ' ' <"$1" | sed 's/libsepol\./\n&/g' |
		sed -nE 's/^libsepol\.[a-z_]+: neverallow(xperm)? on line ([0-9]+) of ([^ ]*) \(or line [0-9]+ of [^)]*\) violated by *(.*);.*$/\3:\2 \4/p' |
		sed 's/  */ /g; s/ *$//' | sort -u
}
sepolc_violations() {
	sed -nE 's/^([^:]*):([0-9]+):[0-9:]* *error: neverallow(xperm)? violated by (.*)$/\1:\2 \4/p' "$1" |
		sed 's/  */ /g; s/ *$//' | sort -u
}
# checkpolicy 3.4's copy of the policy: each '#line N "FILE"' as
# '#line 1 "FILE"' then '#line N' (see above)
checkpolicy_marks() {
	sed -E 's/^#line ([0-9]+) (".*")$/#line 1 \2\n#line \1/' "$1"
}

# the policy without the rules, for --check-neverallow
if ! "$SEPOLC" $OPTS -N -o "$tmp/base.bin" "$conf" >"$tmp/base.out" 2>&1; then
	ts_fail "sepolc cannot build $conf"
	ts_show "$tmp/base.out"
	ts_summary
	exit
fi

# compare WHAT CP_RC RC CP_V V: the same verdict and violations as checkpolicy
compare() {
	if [ $(($2 != 0)) -ne $(($3 != 0)) ]; then
		ts_fail "seed $s: checkpolicy exits $2, $1 $3"
		diff "$4" "$5" >"$tmp/d"
		ts_show "$tmp/d"
	elif ! cmp -s "$4" "$5"; then
		ts_fail "seed $s: $1's violations differ (< checkpolicy, > $1)"
		diff "$4" "$5" >"$tmp/d"
		ts_show "$tmp/d"
	else
		ts_ok "seed $s: $1: same verdict (exit $2/$3), $(wc -l <"$4") violations alike"
	fi
}

for ((r = 0; r < ROUNDS; r++)); do
	s=$((SEED + r))
	inject "$s" "$tmp/rules.conf" >"$tmp/p.conf" || {
		ts_fail "seed $s: the rules could not be made"
		continue
	}
	checkpolicy_marks "$tmp/p.conf" >"$tmp/cp.conf"
	"$CHECKPOLICY" $OPTS -o "$tmp/cp.bin" "$tmp/cp.conf" >"$tmp/cp.out" 2>&1
	cp_rc=$?
	if [ "$COMPILE" = 1 ]; then
		"$SEPOLC" $OPTS -o "$tmp/se.bin" "$tmp/p.conf" >"$tmp/se.out" 2>&1
		se_rc=$?
	fi
	"$SEPOLC" --check-neverallow "$tmp/base.bin" "$tmp/rules.conf" >"$tmp/ck.out" 2>&1
	ck_rc=$?
	checkpolicy_violations "$tmp/cp.out" >"$tmp/cp.v"
	sepolc_violations "$tmp/ck.out" >"$tmp/ck.v"
	if [ "$COMPILE" = 1 ]; then
		sepolc_violations "$tmp/se.out" >"$tmp/se.v"
		compare sepolc "$cp_rc" "$se_rc" "$tmp/cp.v" "$tmp/se.v"
	fi
	# a violation is exit 1 there (the exit table's "differences found")
	if [ "$ck_rc" -gt 1 ]; then
		ts_fail "seed $s: sepolc --check-neverallow exits $ck_rc"
		ts_show "$tmp/ck.out"
	else
		compare "sepolc --check-neverallow" "$cp_rc" "$ck_rc" "$tmp/cp.v" "$tmp/ck.v"
	fi
	total=$((${total:-0} + COUNT))
done
echo "$total random rules compared ($((ROUNDS)) round(s), seed $SEED)"
ts_summary
