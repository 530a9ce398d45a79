#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach against sedta and seinfoflow 4.4.1 (Debian's setools, under
# /usr/bin/python3) on the same queries of Debian's policy.33, in one run:
# CPU time (user + system) and peak memory of each, their ratios, and the
# medians against the issue's goals (transitions >= 30x faster than sedta,
# flows >= 100x faster than seinfoflow with <= 1/10 of its memory), then
# how soon `sereach flow -A 3` prints its first path (setools prints
# nothing until its graph is built). Never fails on a time.
# seinfoflow costs 26-40 s and 0.9 GB a query: three flow queries by
# default, SEREACH_BENCH_FLOWS=all for all of them. sereach's CPU time is
# the mean of SEREACH_BENCH_RUNS runs (default 10; its queries take tens of
# milliseconds, near the clock's resolution).
# Exit 77 when the policy, setools or GNU time is missing.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
sereach=${SEREACH:?SEREACH=path/to/sereach}
policy=${DEBIAN_POLICY:-/etc/selinux/default/policy/policy.33}
runs=${SEREACH_BENCH_RUNS:-10}
py=/usr/bin/python3

[ -r "$policy" ] || ts_skip "no $policy"
[ -x /usr/bin/time ] || ts_skip "no /usr/bin/time (apt-get install time)"
$py -c 'import setools' 2>/dev/null || ts_skip "no setools for $py"
map=$($py -c 'import os, setools; print(os.path.join(os.path.dirname(setools.__file__), "perm_map"))')
ts_workdir sereach-bench
work=$TS_WORKDIR

# measure N CMD...: "cpu_seconds_per_run peak_kb" of N runs of CMD
measure() {
	local n=$1
	shift
	/usr/bin/time -f '%U %S %M' -o "$work/time" bash -c \
		'n=$1; shift; for ((i = 0; i < n; i++)); do "$@" >/dev/null 2>&1; done' - "$n" "$@"
	tail -1 "$work/time" | awk -v n="$n" '{ printf "%.4f %d\n", ($1 + $2) / n, $3 }'
}

dta_queries=(
	"-s init_t"
	"-s init_t --full"
	"-s unconfined_t -r"
	"-s user_t -t sysadm_t -S"
	"-s user_t -t sysadm_t -A 5"
	"-s init_t -t sysadm_t -A 6"
)
flow_queries=(
	"-s shadow_t"
	"-s shadow_t -t user_t -S"
	"-s shadow_t -t user_t -S -b default"
)
[ "${SEREACH_BENCH_FLOWS:-}" = all ] &&
	flow_queries+=("-s shadow_t -t user_t -S -w 1" "-s shadow_t --full" "-s shadow_t -t user_t -A 3")

printf '%-38s %9s %9s %8s %8s %8s %8s\n' query "setools s" "ours s" ratio "setools MB" "ours MB" "mem"
declare -a dta_ratios flow_ratios flow_mem
row() { # kind args tool...
	local kind=$1 args=$2 tool=$3 extra=$4 ts tm os om
	# word splitting of $args is wanted
	# shellcheck disable=SC2086
	read -r ts tm < <(measure 1 $py "$tool" -p "$policy" $extra $args)
	# shellcheck disable=SC2086
	read -r os om < <(measure "$runs" "$sereach" "$kind" -p "$policy" $extra $args)
	ratio=$(awk -v a="$ts" -v b="$os" 'BEGIN { printf "%.1f", (b > 0) ? a / b : 0 }')
	mratio=$(awk -v a="$tm" -v b="$om" 'BEGIN { printf "%.1f", (b > 0) ? a / b : 0 }')
	printf '%-38s %9.2f %9.4f %7sx %10d %8d %7sx\n' "$kind $args" "$ts" "$os" "$ratio" \
		$((tm / 1024)) $((om / 1024)) "$mratio"
}
median() { printf '%s\n' "$@" | ts_median; }
for a in "${dta_queries[@]}"; do
	row dta "$a" /usr/bin/sedta ""
	dta_ratios+=("$ratio")
done
for a in "${flow_queries[@]}"; do
	row flow "$a" /usr/bin/seinfoflow "-m $map"
	flow_ratios+=("$ratio")
	flow_mem+=("$mratio")
done
echo "median dta speed-up: $(median "${dta_ratios[@]}")x (goal >= 30x)"
echo "median flow speed-up: $(median "${flow_ratios[@]}")x (goal >= 100x)"
echo "median flow memory ratio: $(median "${flow_mem[@]}")x less (goal >= 10x)"

# streaming: wall time to the first of seinfoflow -A 3's 51,241 paths
start=$(ts_now)
"$sereach" flow -p "$policy" -m "$map" -s shadow_t -t user_t -A 3 | head -2 >/dev/null
first=$(ts_now)
total=$("$sereach" flow -p "$policy" -m "$map" -s shadow_t -t user_t -A 3 | tail -1)
end=$(ts_now)
echo "flow -A 3 shadow_t -> user_t: first path after $(ts_secs $((first - start))) s (all: $total, $(ts_secs $((end - first))) s)"
