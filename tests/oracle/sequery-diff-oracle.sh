#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sequery-diff-oracle.sh - sequery diff against setools' sediff 4.4: the same
# lines, compared sorted, in every section sediff prints.
#
# Usage: sequery-diff-oracle.sh [--mutations N] [--seed S]
#
# Always: setools' own diff test policies (corpus/setools/diff_*.conf,
# compiled with checkpolicy as setools' tests compile them), each pair both
# ways. With --mutations N: N random changes of refpolicy's policy.conf
# (tests/oracle/sequery-diff-mutate.py: rules dropped, Booleans flipped,
# types and ports added, ioctl xperm rules dropped, changed and added),
# each compiled and compared with the unchanged build (refpolicy with the
# mutations' base set of xperm rules); seeds S, S+1, ... (default: from the
# clock, printed, so that a failure can be run again with --seed).
#
# Lines are compared after sorting the permissions inside braces (sediff
# prints a modified rule's kept permissions in Python's set order), first
# sorted, then in the order printed. One difference is known and checked
# apart: sediff prints an added or removed xperm rule with the ioctls of
# one of its avtab entries, sequery diff with their union;
# tests/oracle/sequery-diff-xperm.py checks sequery diff's union against the
# policy's rules and sediff's part of it, then takes the difference out.
#
# Environment: SEQUERY, SEDIFF, CHECKPOLICY, SEKIT_CORPUS.
# Exit status: 0 all agree, 1 a difference, 77 skip.
. "$(dirname "$0")/../lib.sh"

mutations=0 seed=$(( $(date +%s) % 100000 ))
while [ $# -gt 0 ]; do
	case $1 in
	--mutations) mutations=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	*) echo "usage: $0 [--mutations N] [--seed S]" >&2; exit 2 ;;
	esac
done

SEQUERY=${SEQUERY:-sequery} SEDIFF=${SEDIFF:-sediff} CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
corpus=${SEKIT_CORPUS:-$(dirname "$0")/../../../shared/corpus}/setools
ts_need "$SEDIFF" setools
ts_need "$CHECKPOLICY" checkpolicy
command -v "$SEQUERY" >/dev/null || ts_skip "no sequery on PATH"
if [ ! -r "$corpus/diff_left.conf" ]; then
	[ "$mutations" -gt 0 ] || ts_skip "no setools corpus at $corpus (set SEKIT_CORPUS)"
	echo "note: no setools corpus at $corpus (set SEKIT_CORPUS): refpolicy's mutations only"
	corpus=
fi
ts_workdir sequery-diff
w=$TS_WORKDIR

# The selectors of the sections sequery diff compares.
SEL=(--property --common -c -b -r -t -a -u --category --sensitivity --level --allow --allowxperm --neverallow
	--neverallowxperm --auditallow --auditallowxperm --dontaudit --dontauditxperm -T --type_change --type_member
	--role_allow --role_trans --range_trans --constrain --mlsconstrain --validatetrans --mlsvalidatetrans
	--initialsid --ibendportcon --ibpkeycon --fs_use --genfscon --netifcon --nodecon --portcon --polcap
	--default --typebounds)
# the Python sediff runs with, which has setools
SEDIFF_PYTHON=$(sed -n '1s/^#! *//p' "$(command -v "$SEDIFF")")

norm() {
	python3 -c '
import re, sys
def fix(m):
    toks = m.group(1).split()
    return "{ " + " ".join(sorted(t for t in toks if t[0] not in "+-") +
                           sorted(t for t in toks if t[0] == "+") +
                           sorted(t for t in toks if t[0] == "-")) + " }"
for l in sys.stdin:
    print(re.sub(r"\{ ([^}]*) \}", fix, l.rstrip("\n")))
'
}

# compare NAME LEFT RIGHT
compare() {
	local st
	"$SEDIFF" "${SEL[@]}" "$2" "$3" >"$w/$1.sediff.raw" 2>"$w/$1.sediff.err"
	"$SEQUERY" diff "${SEL[@]}" "$2" "$3" >"$w/$1.sequery.raw" 2>"$w/$1.sequery.err"
	st=$?
	if ! "${SEDIFF_PYTHON:-python3}" "$(dirname "$0")/sequery-diff-xperm.py" "$w/$1.sediff.raw" \
		"$w/$1.sequery.raw" "$2" "$3" >"$w/$1.xperm"; then
		ts_fail "$1: an added or removed xperm rule's ioctls"
		ts_show "$w/$1.xperm"
	fi
	sed 's/^/note: '"$1"': /' "$w/$1.xperm"
	norm <"$w/$1.sediff.raw" >"$w/$1.sediff.ordered"
	norm <"$w/$1.sequery.raw" >"$w/$1.sequery.ordered"
	LC_ALL=C sort "$w/$1.sediff.ordered" >"$w/$1.sediff"
	LC_ALL=C sort "$w/$1.sequery.ordered" >"$w/$1.sequery"
	if [ "$st" -ne 0 ] && [ "$st" -ne 1 ]; then
		ts_fail "$1: sequery diff exits $st"
		ts_show "$w/$1.sequery.err"
		return
	fi
	# exit 1 exactly when something differs
	if [ "$st" -ne "$(grep -q '^ *[-+*] ' "$w/$1.sequery" && echo 1 || echo 0)" ]; then
		ts_fail "$1: exit status $st does not match the output"
		return
	fi
	ts_same "$w/$1.sediff" "$w/$1.sequery" "$1: same lines as sediff" "$1: sediff and sequery diff differ"
	# and in sediff's order: sections, groups, and the items of each group
	cmp -s "$w/$1.sediff" "$w/$1.sequery" &&
		ts_same "$w/$1.sediff.ordered" "$w/$1.sequery.ordered" "$1: in sediff's order" \
			"$1: same lines, another order than sediff's"
}

compile() { # OUT CONF
	"$CHECKPOLICY" -M -U reject -o "$1" "$2" >/dev/null 2>&1 ||
		"$CHECKPOLICY" -U reject -o "$1" "$2" >/dev/null 2>&1
}

for f in ${corpus:+diff_left diff_right diff_left_standard diff_left_redundant diff_right_rmisid}; do
	compile "$w/$f.pol" "$corpus/$f.conf" || { ts_fail "checkpolicy cannot compile $f.conf"; continue; }
done
pairs=("diff_left diff_right" "diff_left diff_left_standard" "diff_left diff_left_redundant"
	"diff_right diff_right_rmisid" "diff_left_standard diff_right")
[ -n "$corpus" ] || pairs=()
for pair in "${pairs[@]}"; do
	set -- $pair
	compare "$1-$2" "$w/$1.pol" "$w/$2.pol"
	compare "$2-$1" "$w/$2.pol" "$w/$1.pol"
done

if [ "$mutations" -gt 0 ]; then
	ts_refpolicy_conf ts_skip || { ts_fail "refpolicy's policy.conf: $TS_CONF_OUT"; ts_summary; }
	python3 "$(dirname "$0")/sequery-diff-mutate.py" --xperm-base "$conf" "$w/orig.conf"
	"$CHECKPOLICY" "${mls[@]}" -o "$w/orig.pol" "$w/orig.conf" >/dev/null 2>&1 || ts_fail "checkpolicy: $w/orig.conf"
	for ((k = 0; k < mutations; k++)); do
		s=$((seed + k))
		echo "note: mutation seed $s"
		python3 "$(dirname "$0")/sequery-diff-mutate.py" "$s" "$conf" "$w/mut.conf" 2>&1 | sed 's/^/note: /'
		if ! "$CHECKPOLICY" "${mls[@]}" -o "$w/mut.pol" "$w/mut.conf" >"$w/mut.log" 2>&1; then
			ts_fail "seed $s: the mutated policy does not compile"
			ts_show "$w/mut.log"
			continue
		fi
		compare "seed-$s" "$w/orig.pol" "$w/mut.pol"
	done
fi
ts_summary
