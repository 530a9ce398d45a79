#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sequery diff against sediff on Debian's policy (POLICY, default
# /etc/selinux/default/policy/policy.33) and a changed build of refpolicy's
# policy.conf (tests/oracle/sequery-diff-mutate.py, seed SEED: rules
# dropped, Booleans flipped, types, ports and ioctl xperm rules added): CPU time (user +
# system) and peak memory of each, and the ratios (goal: 1/20 of sediff's
# time, 1/10 of its memory). sediff runs once (about a minute of CPU),
# sequery diff RUNS times (the least CPU time counts, so that load does not
# move the ratio). Never fails on a figure: exit 0, or 77 (skip) when a
# tool, the policy or refpolicy's source is missing.
#
# Environment: SEQUERY, SEDIFF, CHECKPOLICY, POLICY, SEED (default 1),
# RUNS (default 3).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

SEQUERY=${SEQUERY:-sequery} SEDIFF=${SEDIFF:-sediff} CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
POLICY=${POLICY:-/etc/selinux/default/policy/policy.33}
SEED=${SEED:-1} RUNS=${RUNS:-3}

command -v "$SEQUERY" >/dev/null 2>&1 || ts_skip "'$SEQUERY' not found (set SEQUERY)"
ts_need "$SEDIFF" setools
ts_need "$CHECKPOLICY" checkpolicy
[ -x /usr/bin/time ] || ts_skip "no GNU time (apt-get install time)"
[ -r "$POLICY" ] || ts_skip "no policy at '$POLICY' (set POLICY)"
ts_refpolicy_conf ts_skip || { echo "refpolicy's policy.conf: $TS_CONF_OUT" >&2; exit 1; }
ts_workdir sequery-diff-bench
w=$TS_WORKDIR

python3 "$(dirname "${BASH_SOURCE[0]}")/../oracle/sequery-diff-mutate.py" "$SEED" "$conf" "$w/mut.conf" 2>&1 |
	sed 's/^/note: /'
"$CHECKPOLICY" "${mls[@]}" -o "$w/mut.pol" "$w/mut.conf" >"$w/compile.log" 2>&1 ||
	{ echo "checkpolicy cannot compile the changed policy:" >&2; cat "$w/compile.log" >&2; exit 1; }

# measure NAME CMD...: "CPU-seconds peak-KB" of one run, its output in $w/NAME.out
measure() {
	local name=$1
	shift
	/usr/bin/time -f '%U %S %M' -o "$w/$name.time" "$@" >"$w/$name.out" 2>"$w/$name.err"
	# the last line: GNU time writes "Command exited with non-zero status 1"
	# first when sequery diff finds differences (exit 1)
	tail -n 1 "$w/$name.time" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }'
}

read -r sd_cpu sd_kb < <(measure sediff "$SEDIFF" "$POLICY" "$w/mut.pol")
best_cpu= best_kb=
for ((i = 0; i < RUNS; i++)); do
	read -r cpu kb < <(measure sequery "$SEQUERY" diff "$POLICY" "$w/mut.pol")
	if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
		best_cpu=$cpu
	fi
	[ -z "$best_kb" ] || [ "$kb" -gt "$best_kb" ] && best_kb=$kb
done
echo "policies: $POLICY against refpolicy changed with seed $SEED ($(wc -l <"$w/sequery.out") lines from sequery diff, $(wc -l <"$w/sediff.out") from sediff)"
echo "sediff:       ${sd_cpu} s CPU, $((sd_kb / 1024)) MB peak"
echo "sequery diff: ${best_cpu} s CPU (least of $RUNS), $((best_kb / 1024)) MB peak"
awk -v a="$sd_cpu" -v b="$best_cpu" -v m="$sd_kb" -v n="$best_kb" 'BEGIN {
	printf "ratio time: 1/%.1f (goal 1/20)\nratio memory: 1/%.1f (goal 1/10)\n", a / (b > 0 ? b : 0.01), m / n }'
