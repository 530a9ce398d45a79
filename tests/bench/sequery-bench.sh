#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Time sequery rules against sesearch on the same queries in one run and
# print per-query times and ratios, the median ratios of "typical" and
# "attribute-heavy" queries, the cost of a query inside "sequery shell" and
# the peak memory of both tools. Never fails on a time: exit 0, or 77 (skip)
# when a tool or the policy is missing. See tests/bench/README.md.
#
# Environment: SEQUERY, SESEARCH, POLICY (the tools and the policy),
# RUNS (timed runs of sequery per query, default 5), SESEARCH_RUNS (default 3),
# HEAVY_SESEARCH_RUNS (sesearch on attribute-heavy queries, default 1: 6-7 s each),
# SHELL_QUERIES (queries piped into sequery shell, default 200),
# QUICK=1 (a few queries only, for a smoke test).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

SEQUERY=${SEQUERY:-sequery}
SESEARCH=${SESEARCH:-sesearch}
POLICY=${POLICY:-/etc/selinux/default/policy/policy.33}
RUNS=${RUNS:-5}
SESEARCH_RUNS=${SESEARCH_RUNS:-3}
HEAVY_SESEARCH_RUNS=${HEAVY_SESEARCH_RUNS:-1}
SHELL_QUERIES=${SHELL_QUERIES:-200}


command -v "$SEQUERY" >/dev/null 2>&1 || ts_skip "'$SEQUERY' not found (set SEQUERY)"
command -v "$SESEARCH" >/dev/null 2>&1 ||
	ts_skip "'$SESEARCH' not found (set SESEARCH, or apt-get install setools)"
[ -r "$POLICY" ] || ts_skip "no policy at '$POLICY' (set POLICY)"

TYPICAL=(
	"-A -s httpd_t"
	"-A -t shadow_t -c file -p read"
	"-T -s init_t"
	"--dontaudit -s user_t"
	"-A -b httpd_can_network_connect"
	"--role_trans"
	"-A -s httpd_t -t etc_t -c file -ep -p read,open,getattr"
	"-A -s sshd_t -t sshd_exec_t"
	"-A -s passwd_t -t shadow_t -c file"
	"-T -t tmp_t -c file"
	"--type_change -s user_t"
	"--range_trans -s init_t"
	"--role_allow"
	"-A -rs -s ^ssh -c process -p transition"
)
HEAVY=(
	"-A -s domain"
	"-A -t file_type -c file -p write"
	"-A -s domain -t domain"
	"-A -t file_type"
	"-T -s domain"
)
if [ "${QUICK:-0}" = 1 ]; then
	TYPICAL=("${TYPICAL[@]:0:3}")
	HEAVY=("${HEAVY[@]:0:1}")
	RUNS=1 SESEARCH_RUNS=1 HEAVY_SESEARCH_RUNS=1 SHELL_QUERIES=20
fi

ts_workdir sequery-bench
tmp=$TS_WORKDIR


# time_cmd RUNS OUT CMD...: the median wall time in seconds of RUNS runs of
# CMD, whose first run's stdout is kept in OUT. Uses hyperfine when installed.
time_cmd() {
	local runs=$1 out=$2
	shift 2
	if command -v hyperfine >/dev/null 2>&1 && command -v jq >/dev/null 2>&1; then
		local cmd
		"$@" >"$out" 2>/dev/null
		printf -v cmd '%q ' "$@"
		hyperfine -N --runs "$runs" --style none --export-json "$tmp/hf.json" \
			-i "$cmd" >/dev/null 2>&1 &&
			jq -r '.results[0].median' "$tmp/hf.json" && return
	fi
	local i t0 t1
	for ((i = 0; i < runs; i++)); do
		t0=$(ts_now)
		if ((i == 0)); then "$@" >"$out" 2>/dev/null; else "$@" >/dev/null 2>&1; fi
		t1=$(ts_now)
		echo "$((t1 - t0))"
	done | ts_median | awk '{ printf "%.4f\n", $1 / 1e6 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f\n", a / b; else print "inf" }'; }

# run_set NAME SESEARCH_RUNS QUERY...: time each query, print its line,
# keep the ratios.
run_set() {
	local name=$1 sruns=$2 q
	shift 2
	: >"$tmp/ratios.$name"
	for q in "$@"; do
		local -a args
		read -r -a args <<<"$q"
		local ts tq r note=""
		ts=$(time_cmd "$sruns" "$tmp/out.sesearch" "$SESEARCH" "${args[@]}" "$POLICY")
		tq=$(time_cmd "$RUNS" "$tmp/out.sequery" "$SEQUERY" rules "${args[@]}" "$POLICY")
		r=$(ratio "$ts" "$tq")
		cmp -s "$tmp/out.sesearch" "$tmp/out.sequery" ||
			note=" (output differs: $(wc -l <"$tmp/out.sesearch") vs $(wc -l <"$tmp/out.sequery") lines)"
		echo "$r" >>"$tmp/ratios.$name"
		printf '%-56s | sesearch %7.3f s | sequery %7.4f s | ratio 1/%s%s\n' \
			"$q" "$ts" "$tq" "$r" "$note"
	done
}

# Peak resident memory in MB of one command: GNU time, else getrusage from
# python3, else VmHWM polled from /proc.
peak_mb() {
	if [ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
		/usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
		awk '{ v = $1 } END { printf "%.0f\n", v / 1024 }' "$tmp/rss"
	elif command -v python3 >/dev/null 2>&1; then
		python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024))' "$@"
	else
		"$@" >/dev/null 2>&1 &
		ts_wait_peak $! 0.01
		echo $((TS_PEAK_KB / 1024))
	fi
}

echo "sequery-bench: $("$SEQUERY" --version 2>/dev/null | head -1) vs sesearch $("$SESEARCH" --version 2>/dev/null | head -1)"
echo "policy: $POLICY; median of $SESEARCH_RUNS sesearch ($HEAVY_SESEARCH_RUNS on heavy queries) / $RUNS sequery runs per query$(command -v hyperfine >/dev/null 2>&1 && echo ', hyperfine')"
echo
echo "typical queries:"
run_set typical "$SESEARCH_RUNS" "${TYPICAL[@]}"
echo
echo "attribute-heavy queries:"
run_set heavy "$HEAVY_SESEARCH_RUNS" "${HEAVY[@]}"
echo

# Inside the shell the policy is loaded once: pipe N queries in and take
# away a run with none, which is the start-up and loading cost.
shell_line="shell: not measured"
if ! "$SEQUERY" shell "$POLICY" </dev/null >/dev/null 2>"$tmp/shell.err"; then
	shell_line="shell: skipped: 'sequery shell' failed: $(head -1 "$tmp/shell.err")"
else
	for ((i = 0; i < SHELL_QUERIES; i++)); do
		echo "rules ${TYPICAL[i % ${#TYPICAL[@]}]}"
	done >"$tmp/queries"
	t0=$(printf '' | time_cmd "$RUNS" /dev/null "$SEQUERY" shell "$POLICY")
	tn=$(time_cmd "$RUNS" "$tmp/shell.out" sh -c '"$1" shell "$2" <"$3"' - "$SEQUERY" "$POLICY" "$tmp/queries")
	"$SEQUERY" shell "$POLICY" <"$tmp/queries" >/dev/null 2>"$tmp/shell.err"
	shell_line=$(awk -v a="$tn" -v b="$t0" -v n="$SHELL_QUERIES" \
		'BEGIN { printf "shell: %.1f ms/query (goal < 5 ms; %d queries in %.3f s, start-up %.3f s)", (a - b) * 1000 / n, n, a, b }')
	if [ -s "$tmp/shell.err" ]; then
		shell_line="$shell_line; warning: the shell printed errors: $(head -1 "$tmp/shell.err")"
	fi
fi

mem_q=(-A -s domain -t domain)
mem_s=$(peak_mb "$SESEARCH" "${mem_q[@]}" "$POLICY")
mem_q_sequery=$(peak_mb "$SEQUERY" rules "${mem_q[@]}" "$POLICY")

echo "median ratio typical: 1/$(ts_median <"$tmp/ratios.typical" | awk '{ printf "%.1f", $1 }') (goal 1/30)"
echo "median ratio attribute-heavy: 1/$(ts_median <"$tmp/ratios.heavy" | awk '{ printf "%.1f", $1 }') (goal 1/50)"
echo "$shell_line"
echo "peak memory: sesearch $mem_s MB, sequery $mem_q_sequery MB (query: ${mem_q[*]})"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) on $(nproc 2>/dev/null) CPUs (times from a busy machine are inflated)"
exit 0
