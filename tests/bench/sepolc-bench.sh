#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Time sepolc against checkpolicy on Debian's reference policy: the
# monolithic policy.conf refpolicy's Makefile writes from selinux-policy-src
# (tests/oracle/sepolc-refpolicy-conf.sh builds and caches it), compiled by
# both with refpolicy's own options (-M -U deny -E) in one run. Prints the
# median wall and CPU time of each, the ratio sepolc/checkpolicy (goal
# <= 1.0), the peak memory of both and whether the binaries are identical.
# Never fails on a time: exit 0, or 77 (skip) when a tool or the policy
# source is missing. See tests/bench/README.md.
#
# Environment: SEPOLC, CHECKPOLICY (the tools), RUNS (timed runs of each,
# default 3), SEKIT_REFPOLICY_TYPE, SEKIT_ORACLE_CACHE (where the
# policy.conf is cached), QUICK=1 (one run each). BENCH_CONF and
# BENCH_OPTS time another policy.conf with its options instead
# (sepolc-android-bench.sh: Android's platform policy).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

SEPOLC=${SEPOLC:-sepolc}
CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
RUNS=${RUNS:-3}
[ "${QUICK:-0}" = 1 ] && RUNS=1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)


command -v "$SEPOLC" >/dev/null 2>&1 || ts_skip "'$SEPOLC' not found (set SEPOLC)"
command -v "$CHECKPOLICY" >/dev/null 2>&1 ||
	ts_skip "'$CHECKPOLICY' not found (set CHECKPOLICY, or apt-get install checkpolicy)"
if [ -n "${BENCH_CONF:-}" ]; then
	conf=$BENCH_CONF
	read -r -a opts <<<"${BENCH_OPTS:-}"
else
	ts_refpolicy_conf ts_skip || ts_skip "refpolicy's policy.conf could not be built: $TS_CONF_OUT"
	opts=("${mls[@]}" -U deny -E)
fi

ts_workdir sepolc-bench
tmp=$TS_WORKDIR


# measure NAME CMD...: RUNS runs of CMD; writes the median wall time, the
# median CPU time (user + sys) and the largest peak RSS (MB) into
# $tmp/NAME.{wall,cpu,rss}. Uses GNU time when installed, else bash's
# times and VmHWM polled from /proc.
measure() {
	local name=$1 i
	shift
	: >"$tmp/$name.walls"
	: >"$tmp/$name.cpus"
	: >"$tmp/$name.rsss"
	for ((i = 0; i < RUNS; i++)); do
		if [ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
			/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$@" >/dev/null 2>"$tmp/$name.err" ||
				echo "sepolc-bench: warning: $name exited non-zero: $(head -3 "$tmp/$name.err")" >&2
			read -r wall user sys rss <"$tmp/t"
			echo "$wall" >>"$tmp/$name.walls"
			awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }' >>"$tmp/$name.cpus"
			echo $((rss / 1024)) >>"$tmp/$name.rsss"
		else
			local t0 t1
			t0=${EPOCHREALTIME/[.,]/}
			"$@" >/dev/null 2>"$tmp/$name.err" &
			ts_wait_peak $!
			t1=${EPOCHREALTIME/[.,]/}
			awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) / 1e6 }' >>"$tmp/$name.walls"
			echo nan >>"$tmp/$name.cpus"
			echo $((TS_PEAK_KB / 1024)) >>"$tmp/$name.rsss"
		fi
	done
	ts_median <"$tmp/$name.walls" >"$tmp/$name.wall"
	ts_median <"$tmp/$name.cpus" >"$tmp/$name.cpu"
	sort -g "$tmp/$name.rsss" | tail -1 >"$tmp/$name.rss"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f\n", a / b; else print "nan" }'; }

echo "sepolc-bench: $("$SEPOLC" --version 2>/dev/null | head -1) vs checkpolicy $("$CHECKPOLICY" -V 2>/dev/null | head -1)"
echo "input: $conf ($(wc -l <"$conf") lines), options: ${opts[*]}; median of $RUNS runs"
# interleaved, so that a change in the machine's load hits both
measure checkpolicy "$CHECKPOLICY" "${opts[@]}" -o "$tmp/checkpolicy.bin" "$conf"
measure sepolc "$SEPOLC" "${opts[@]}" -o "$tmp/sepolc.bin" "$conf"
measure sepolcN "$SEPOLC" -N "${opts[@]}" -o "$tmp/sepolcN.bin" "$conf"

cw=$(cat "$tmp/checkpolicy.wall") cc=$(cat "$tmp/checkpolicy.cpu")
sw=$(cat "$tmp/sepolc.wall") sc=$(cat "$tmp/sepolc.cpu")
printf 'checkpolicy: %6.2f s wall, %6.2f s CPU, peak %s MB\n' "$cw" "$cc" "$(cat "$tmp/checkpolicy.rss")"
printf 'sepolc:      %6.2f s wall, %6.2f s CPU, peak %s MB\n' "$sw" "$sc" "$(cat "$tmp/sepolc.rss")"
printf 'sepolc -N:   %6.2f s wall, %6.2f s CPU (no neverallow check)\n' "$(cat "$tmp/sepolcN.wall")" "$(cat "$tmp/sepolcN.cpu")"
if [ ! -s "$tmp/sepolc.bin" ]; then
	echo "note: sepolc wrote no binary: $(head -3 "$tmp/sepolc.err")"
elif cmp -s "$tmp/checkpolicy.bin" "$tmp/sepolc.bin"; then
	echo "binaries: identical"
else
	echo "binaries: differ in bytes (tests/oracle/sepolc-refpolicy.sh says whether they differ in meaning)"
fi
echo "ratio sepolc/checkpolicy: $(ratio "$sw" "$cw") wall, $(ratio "$sc" "$cc") CPU (goal <= 1.0)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) on $(nproc 2>/dev/null) CPUs (times from a busy machine are inflated)"
exit 0
