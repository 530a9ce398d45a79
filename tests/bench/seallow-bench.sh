#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow against audit2allow 3.4 and against a floor (a bare libauparse
# feed pass, tests/bench/auparse-floor.c) on logs of 10k, 100k and 1M
# denials written by seallow-gen from Debian's policy.33. Prints CPU time
# (user + system) and peak memory of each, and the ratios the issue asks
# for: >= 30x faster than audit2allow at 100k, within 1.5x of the floor,
# peak memory at 1M within 20% of that at 10k; then --follow's and explain
# --follow's peak memory at 100k and 1M records (flat). Never fails on a
# time.
# audit2allow runs at 10k and 100k; SEALLOW_BENCH_A2A_1M=1 adds 1M (slow).
# Each time is the least CPU time of several runs, since load from other
# processes only ever adds to it: 3 runs of seallow and of the floor at
# every size, 2 of audit2allow at 10k and 100k (1 at 1M); peak memory is
# the largest of those runs.
# Exit 77 when the policy, audit2allow or a compiler is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
seallow=${SEALLOW:?SEALLOW=path/to/seallow}
gen=${SEALLOW_GEN:?SEALLOW_GEN=path/to/seallow-gen}
policy=${DEBIAN_POLICY:-/etc/selinux/default/policy/policy.33}
a2a=/usr/bin/audit2allow
cache=${SEKIT_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sekit-bench}

[ -r "$policy" ] || ts_skip "no $policy"
command -v cc >/dev/null || ts_skip "no C compiler for the floor"
mkdir -p "$cache" || exit 2
ts_workdir seallow-bench
work=$TS_WORKDIR
cc -O2 -o "$work/floor" "$here/auparse-floor.c" -lauparse || ts_skip "cannot build the floor"

# measure RUNS CMD...: "cpu_seconds peak_kb" of RUNS runs, stdin from
# $input: the least CPU time (user + system) and the largest peak
measure() {
	local runs=$1 i
	shift
	for ((i = 0; i < runs; i++)); do
		/usr/bin/time -f '%U %S %M' -o "$work/time" "$@" <"$input" >/dev/null 2>&1
		# "Command exited with non-zero status 4" comes first (exit 4: skips)
		tail -1 "$work/time"
	done | awk 'NR == 1 || $1 + $2 < t { t = $1 + $2 }
		$3 > m { m = $3 }
		END { printf "%.2f %d\n", t, m }'
}

echo "CPU time: the least of 3 runs (seallow, floor), of 2 runs (audit2allow at 10k and 100k)"
printf '%-9s %10s %8s %8s %10s %10s %10s %9s %9s\n' denials "log MB" "floor s" "ours s" "a2a s" "ours/flr" "a2a/ours" "ours MB" "a2a MB"
declare -A mem
for n in 10000 100000 1000000; do
	input="$cache/seallow-gen-$n.log"
	[ -s "$input" ] || "$gen" "$policy" "$n" 42 >"$input" || exit 2
	read -r ft _ < <(measure 3 "$work/floor")
	read -r st sm < <(measure 3 "$seallow" -q -p "$policy")
	at=- am=-
	if [ -x "$a2a" ] && [ "$n" -le 100000 ]; then
		read -r at am < <(measure 2 /usr/bin/python3 "$a2a" -p "$policy")
	elif [ -x "$a2a" ] && [ "${SEALLOW_BENCH_A2A_1M:-0}" = 1 ]; then
		read -r at am < <(measure 1 /usr/bin/python3 "$a2a" -p "$policy")
	fi
	mem[$n]=$sm
	printf '%-9s %10s %8s %8s %10s %10s %10s %9s %9s\n' "$n" \
		"$(($(stat -c %s "$input") / 1048576))" "$ft" "$st" "$at" \
		"$(awk -v a="$st" -v b="$ft" 'BEGIN { printf "%.2fx", (b > 0) ? a / b : 0 }')" \
		"$(awk -v a="$at" -v b="$st" 'BEGIN { if (a == "-") print "-"; else printf "%.1fx", (b > 0) ? a / b : 0 }')" \
		"$((sm / 1024))" "$([ "$am" = - ] && echo - || echo $((am / 1024)))"
done
awk -v a="${mem[1000000]}" -v b="${mem[10000]}" 'BEGIN { printf "peak memory 1M / 10k: %.2f (goal <= 1.20)\n", (b > 0) ? a / b : 0 }'
echo "goals: ours/flr <= 1.5x, a2a/ours >= 30x at 100k"

# --follow keeps flat memory: the first 100k and 1M records (lines) of the
# 1M-denial log, then all of it, through a pipe as an auditd plugin reads
# them; the peak of each (the largest of 2 runs). The groups are drawn from
# the same 3,000 denials, so only what grows with the records can grow.
follow_peak() {
	local lines=$1 i
	shift
	for ((i = 0; i < 2; i++)); do
		if [ "$lines" = all ]; then cat "$input"; else head -n "$lines" "$input"; fi |
			/usr/bin/time -f '%M' -o "$work/time" "$seallow" "$@" -p "$policy" >/dev/null 2>&1
		tail -1 "$work/time"
	done | sort -n | tail -1
}
input="$cache/seallow-gen-1000000.log"
echo
echo "--follow peak memory (MB; the largest of 2 runs) by records read"
printf '%-26s %8s %8s %8s %10s\n' mode 100k 1M "all" "1M / 100k"
for mode in "--follow -q" "explain --follow --json"; do
	# shellcheck disable=SC2086
	a=$(follow_peak 100000 $mode) b=$(follow_peak 1000000 $mode) c=$(follow_peak all $mode)
	printf '%-26s %8d %8d %8d %10s\n' "$mode" $((a / 1024)) $((b / 1024)) $((c / 1024)) \
		"$(awk -v a="$b" -v b="$a" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')"
done
echo "(all: $(wc -l <"$input") records) goal: 1M / 100k <= 1.20"
