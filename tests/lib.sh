# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/lib.sh - the shell library of the oracle, bench and kernel scripts
# (tests/oracle/*.sh, tests/bench/*.sh, tests/kernel/*run; the guests have
# tests/kernel/guest-lib.sh), after util-linux's
# tests/functions.sh: one way to skip, count, keep a work directory and sum
# up. Source it from a script next to it:
#
#   . "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
#
# Conventions every script keeps:
#   - a skip prints "SKIP: why" on stdout and exits 77 (the bats wrappers
#     and 'make bench' read that: tests/helpers.bash run_suite);
#   - a check prints "PASS: what" or "FAIL: what", a failure's evidence
#     indented by four spaces (ts_show);
#   - the last line is "N passed, N failed"; exit 0 when none failed.
# Environment: SEKIT_ORACLE_KEEP=1 keeps the work directory and says where
# it is; SEKIT_ORACLE_DIFF_LINES (default 40) is how much ts_show shows.

ts_pass=0 ts_failed=0
ts_exit_hooks=()

# ts_skip WHY...: skip the whole script. With SEKIT_NOSKIP=1 (CI: see
# tests/helpers.bash) a failure instead: "FAIL: ..." and exit 1. Never for a
# failure of sekit's own (that is ts_fail, or ts_built's exit 99).
ts_skip() {
	if [ "${SEKIT_NOSKIP:-0}" = 1 ]; then
		echo "FAIL: SEKIT_NOSKIP=1: a skip fails: $*"
		echo "$ts_pass passed, $((ts_failed + 1)) failed"
		exit 1
	fi
	echo "SKIP: $*"
	exit 77
}

# ts_need COMMAND [DEBIAN-PACKAGE]: skip unless COMMAND is on PATH.
ts_need() {
	command -v "$1" >/dev/null 2>&1 ||
		ts_skip "'$1' not installed${2:+ (apt-get install $2)}"
}

# ts_at_exit SHELL-CODE: run it when the script exits (after the work
# directory is removed), whatever the exit.
ts_at_exit() {
	ts_exit_hooks+=("$1")
	trap ts_run_exit_hooks EXIT
}

ts_run_exit_hooks() {
	local hook
	for hook in "${ts_exit_hooks[@]}"; do
		eval "$hook"
	done
}

# ts_workdir [NAME]: make a temporary directory, set TS_WORKDIR to its path
# and remove it at exit (kept when SEKIT_ORACLE_KEEP=1). Exits 2 when it
# cannot.
ts_workdir() {
	TS_WORKDIR=$(mktemp -d "${TMPDIR:-/tmp}/${1:-sekit-test}.XXXXXX") || exit 2
	if [ "${SEKIT_ORACLE_KEEP:-0}" = 1 ]; then
		echo "work directory: $TS_WORKDIR" >&2
	else
		# the directory first, so that hooks added before still run after it
		ts_exit_hooks=("rm -rf '$TS_WORKDIR'" "${ts_exit_hooks[@]}")
		trap ts_run_exit_hooks EXIT
	fi
}

# ts_ok WHAT...: a check passed.
ts_ok() {
	ts_pass=$((ts_pass + 1))
	echo "PASS: $*"
}

# ts_fail WHAT...: a check failed (follow with ts_show for the evidence).
ts_fail() {
	ts_failed=$((ts_failed + 1))
	echo "FAIL: $*"
}

# ts_show FILE: the first lines of a diff or log, indented.
ts_show() {
	head -n "${SEKIT_ORACLE_DIFF_LINES:-40}" "$1" | sed 's/^/    /'
}

# ts_same EXPECTED ACTUAL PASS FAIL: a check that the two files are the
# same: PASS, or FAIL and their diff -u (kept in ACTUAL.diff).
ts_same() {
	if diff -u "$1" "$2" >"$2.diff"; then
		ts_ok "$3"
	else
		ts_fail "$4"
		ts_show "$2.diff"
	fi
}

# ts_summary: "N passed, N failed", then exit 0 if none failed, else 1.
ts_summary() {
	echo "$ts_pass passed, $ts_failed failed"
	[ "$ts_failed" -eq 0 ]
	exit
}

# ts_now: the time in microseconds.
ts_now() { echo "${EPOCHREALTIME/[.,]/}"; }

# ts_secs MICROSECONDS: as seconds with two decimals.
ts_secs() { awk -v t="$1" 'BEGIN { printf "%.2f", t / 1e6 }'; }

# ts_wait_peak PID [INTERVAL]: wait for PID (a child of this shell), polling
# its VmHWM in /proc every INTERVAL seconds (0.05); its peak resident memory
# in kB is left in TS_PEAK_KB. Returns PID's exit status.
ts_wait_peak() {
	local v
	TS_PEAK_KB=0
	while kill -0 "$1" 2>/dev/null; do
		v=$(awk '/^VmHWM:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
		[ -n "$v" ] && [ "$v" -gt "$TS_PEAK_KB" ] && TS_PEAK_KB=$v
		sleep "${2:-0.05}"
	done
	wait "$1"
}

# ts_refpolicy_conf SKIP: refpolicy's policy.conf as
# tests/oracle/sepolc-refpolicy-conf.sh builds (and caches) it: sets conf to
# its path and mls to its MLS option (-M, or none). Where it cannot be built
# here (the script's exit 77), SKIP with the reason (ts_skip, or bats'
# skip); returns 1 on another failure, the script's output in TS_CONF_OUT.
ts_refpolicy_conf() {
	local st
	TS_CONF_OUT=$("$(dirname "${BASH_SOURCE[0]}")/oracle/sepolc-refpolicy-conf.sh")
	st=$?
	[ "$st" -ne 77 ] || "$1" "${TS_CONF_OUT#SKIP: }"
	[ "$st" -eq 0 ] || return 1
	conf=$(sed -n 1p <<<"$TS_CONF_OUT")
	read -r -a mls <<<"$(sed -n 2p <<<"$TS_CONF_OUT")"
}

# ts_compiles OUT DIR COMPILER ARG...: COMPILER ARG... -o OUT, its stdout
# and stderr kept in DIR/compile.stdout and DIR/compile.stderr. Returns 0
# when it exits 0, writes OUT and, for sepolc (checkpolicy prints its
# progress), prints nothing on stdout; else 1, TS_WHY saying which ("exits
# 2", "printed on stdout") and TS_WHY_FILE naming the output to show.
ts_compiles() {
	local out=$1 dir=$2 st
	shift 2
	"$@" -o "$out" >"$dir/compile.stdout" 2>"$dir/compile.stderr"
	st=$?
	if [ "$st" -ne 0 ] || [ ! -s "$out" ]; then
		TS_WHY="exits $st" TS_WHY_FILE=$dir/compile.stderr
		return 1
	fi
	if [ "$(basename "$1")" = sepolc ] && [ -s "$dir/compile.stdout" ]; then
		TS_WHY="printed on stdout" TS_WHY_FILE=$dir/compile.stdout
		return 1
	fi
}

# ts_median: the median of the numbers on stdin ("nan" for none).
ts_median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "nan"; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ts_spread N: N lines spread evenly over stdin (deterministic).
ts_spread() {
	awk -v n="$1" '{ l[NR] = $0 } END {
		if (NR <= n) { for (i = 1; i <= NR; i++) print l[i]; exit }
		for (i = 0; i < n; i++) print l[int(i * NR / n) + 1] }'
}

# ts_cache_dir: where oracle results and built inputs are kept between runs:
# $SEKIT_ORACLE_CACHE, default $XDG_CACHE_HOME/sekit-oracle (the caller
# treats "off" as no cache).
ts_cache_dir() { echo "${SEKIT_ORACLE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/sekit-oracle}"; }

# ts_built FILE...: exit 99 (a broken setup, not a skip) unless each FILE is
# an executable the build made.
ts_built() {
	local f
	for f; do
		[ -x "$f" ] || {
			echo "$f is not built (make check builds it)"
			exit 99
		}
	done
}

# ts_need_audit2allow: the seallow oracles' set-up (oracle/seallow-*.sh).
# Sets a2a (audit2allow 3.4, run under /usr/bin/python3), policy (Debian's
# policy.33, or DEBIAN_POLICY), corpus (SEKIT_CORPUS), top and build (the
# source and build trees) and seallow (SEALLOW, else the one PATH finds,
# else the build's); skips without audit2allow or the policy, and exits 99
# when seallow is not built.
ts_need_audit2allow() {
	top=${SEKIT_SRCDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
	build=${SEKIT_BUILDDIR:-$top}
	seallow=${SEALLOW:-$(command -v seallow || echo "$build/seallow")}
	policy=${DEBIAN_POLICY:-/etc/selinux/default/policy/policy.33}
	corpus=${SEKIT_CORPUS:-$top/../shared/corpus}
	a2a=/usr/bin/audit2allow
	[ -x "$a2a" ] || ts_skip "no $a2a (apt-get install policycoreutils-python-utils)"
	[ -r "$policy" ] || ts_skip "no $policy (apt-get install selinux-policy-default)"
	ts_built "$seallow"
}

# ts_need_setools: skip unless setools is installed: sesearch, seinfo and
# sediff, and its module for /usr/bin/python3 (the oracle drivers import
# it). The one setools requirement of the shell suites (the bats one:
# require_setools).
ts_need_setools() {
	local t
	for t in sesearch seinfo sediff; do
		ts_need "$t" setools
	done
	/usr/bin/python3 -c 'import setools' 2>/dev/null ||
		ts_skip "/usr/bin/python3 cannot import setools (apt-get install python3-setools)"
}

# ts_need_vm VM: skip unless tests/kernel/vm can boot a guest here (on
# first use, as root, it installs qemu and fetches Debian's kernel).
ts_need_vm() {
	local prep
	prep=$("$1" --prepare --quiet 2>&1) || ts_skip "${prep##*cannot run here: }"
}

# ts_vm TIMEOUT VM [VM-ARG...]: boot the guest and run its script with
# "VM --quiet --timeout TIMEOUT VM-ARG..."; returns the script's status, and
# says why when the VM timed out (124) or the guest did not boot (125).
ts_vm() {
	local timeout=$1 vm=$2 status
	shift 2
	"$vm" --quiet --timeout "$timeout" "$@"
	status=$?
	case $status in
	124) echo "kernel test: the VM timed out after $timeout s" ;;
	125) echo "kernel test: the VM could not boot (see above)" ;;
	esac
	return $status
}
