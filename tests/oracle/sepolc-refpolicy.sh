#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc-refpolicy.sh - differential test of sepolc against checkpolicy on
# Debian's reference policy: the monolithic policy.conf that refpolicy's own
# Makefile writes from selinux-policy-src (sepolc-refpolicy-conf.sh, cached),
# compiled by both with the options refpolicy's Rules.monolithic uses
# (-M for mcs/mls, -U deny, -E; then also -S -O).
#
# Checks, each a PASS or FAIL line:
#   - sepolc compiles it (exit 0, nothing on stdout);
#   - the binaries are the same policy: byte-identical, or else sediff
#     (setools) finds no difference (sediff takes ~1 min here, so it only runs
#     when the bytes differ);
#   - checkpolicy -b -F of both binaries gives the same text;
#   - the same with -S -O (what refpolicy's Makefile passes), without
#     sediff;
#   - sepolc -F writes what checkpolicy -b -F writes from checkpolicy's binary;
#   - sepolc -C writes what checkpolicy -C writes, or CIL that secilc
#     compiles into the same policy as checkpolicy's CIL (another minute).
# Then prints the compile times of both, and "N passed, N failed".
#
# Usage: sepolc-refpolicy.sh [-v]
# Environment: SEPOLC (default sepolc from PATH; may be checkpolicy to check
# the script itself), CHECKPOLICY, SEDIFF, SEKIT_ORACLE_CACHE and
# SEKIT_REFPOLICY_TYPE (see sepolc-refpolicy-conf.sh), SEKIT_ORACLE_KEEP=1
# keeps the work directory. checkpolicy's results are cached beside the
# policy.conf.
# Exit status: 0 all passed, 1 some failed, 2 sepolc missing, 77 skip
# (reference policy source, checkpolicy or sediff missing).
set -u -o pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib.sh"
SEPOLC=${SEPOLC:-sepolc}
CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
SEDIFF=${SEDIFF:-sediff}
verbose=0
[ "${1:-}" = -v ] && verbose=1

ts_need "$CHECKPOLICY" checkpolicy
ts_need "$SEDIFF" setools
command -v "$SEPOLC" >/dev/null || {
	echo "sepolc-refpolicy: '$SEPOLC' not found (set SEPOLC)"
	exit 2
}

ts_refpolicy_conf ts_skip || {
	echo "$TS_CONF_OUT"
	echo "sepolc-refpolicy: could not build refpolicy's policy.conf"
	echo "0 passed, 1 failed"
	exit 1
}
cachedir=$(dirname "$conf")
[ "${SEKIT_ORACLE_CACHE:-}" = off ] && ts_at_exit 'rm -rf "$cachedir"'
ts_workdir sepolc-refpolicy
work=$TS_WORKDIR


cp_version=$("$CHECKPOLICY" -V 2>/dev/null | head -1 | tr -c 'A-Za-z0-9.\n' _)

# reference OUT ARGS...: checkpolicy ARGS -o OUT, cached in the policy.conf's
# directory under a name made of the checkpolicy version and the arguments.
reference() {
	local out=$1 key
	shift
	key=$(printf '%s\n' "$cp_version" "$@" | sha256sum | cut -c1-16)
	if [ ! -s "$cachedir/checkpolicy-$key" ]; then
		"$CHECKPOLICY" "$@" -o "$cachedir/.checkpolicy-$key.$$" >"$work/cp.log" 2>&1 || {
			echo "sepolc-refpolicy: checkpolicy $* failed:"
			ts_show "$work/cp.log"
			return 1
		}
		mv "$cachedir/.checkpolicy-$key.$$" "$cachedir/checkpolicy-$key" || return 1
	fi
	cp "$cachedir/checkpolicy-$key" "$out"
}

# sepolc_run OUT ARGS...: sepolc ARGS -o OUT; PASS/FAIL line; time in $took.
took=0
sepolc_run() {
	local out=$1 t0 t1 st args
	shift
	args="$*"
	args=${args/$conf/policy.conf}
	t0=$(ts_now)
	ts_compiles "$out" "$work" "$SEPOLC" "$@"
	st=$?
	t1=$(ts_now)
	took=$((t1 - t0))
	if [ "$st" -ne 0 ]; then
		ts_fail "sepolc $args $TS_WHY:"
		ts_show "$TS_WHY_FILE"
		return 1
	fi
	ts_ok "sepolc $args compiles refpolicy's policy.conf ($(ts_secs "$took") s)"
	[ -s "$work/compile.stderr" ] && [ "$verbose" = 1 ] && ts_show "$work/compile.stderr"
	return 0
}

# same_policy NAME REF OURS [nosediff]: byte-identical, or sediff finds
# nothing (unless nosediff: a minute each time), and checkpolicy -b -F text
# identical.
same_policy() {
	local name=$1 ref=$2 ours=$3
	if cmp -s "$ref" "$ours"; then
		ts_ok "$name: the binary is byte-identical to checkpolicy's"
	elif [ "${4:-}" = nosediff ]; then
		echo "note: $name: the binaries differ in bytes ($(stat -c %s "$ref") vs $(stat -c %s "$ours")); sediff skipped for this option set"
	else
		echo "note: $name: the binaries differ in bytes ($(stat -c %s "$ref") vs $(stat -c %s "$ours")); running sediff"
		if "$SEDIFF" "$ref" "$ours" >"$work/sediff" 2>&1 && [ ! -s "$work/sediff" ]; then
			ts_ok "$name: sediff finds no difference from checkpolicy's binary"
		else
			ts_fail "$name: sediff checkpolicy's sepolc's:"
			grep -v '^ *$' "$work/sediff" >"$work/sediff.short"
			ts_show "$work/sediff.short"
		fi
	fi
	if ! "$CHECKPOLICY" "${mls[@]}" -b -F "$ours" -o "$work/ours.conf" >/dev/null 2>"$work/dec.err"; then
		ts_fail "$name: checkpolicy -b -F refuses sepolc's binary:"
		ts_show "$work/dec.err"
		return
	fi
	"$CHECKPOLICY" "${mls[@]}" -b -F "$ref" -o "$work/ref.conf" >/dev/null 2>&1
	ts_same "$work/ref.conf" "$work/ours.conf" \
		"$name: checkpolicy -b -F gives the same policy.conf for both binaries" \
		"$name: checkpolicy -b -F differs (- checkpolicy's binary, + sepolc's):"
}

base=("${mls[@]}" -U deny -E)
t0=$(ts_now)
reference "$work/ref.bin" "${base[@]}" "$conf" || exit 1
t_ref=$(($(ts_now) - t0))
if sepolc_run "$work/ours.bin" "${base[@]}" "$conf"; then
	t_ours=$took
	same_policy "${base[*]}" "$work/ref.bin" "$work/ours.bin"
fi

reference "$work/ref-opt.bin" "${base[@]}" -S -O "$conf" || exit 1
if sepolc_run "$work/ours-opt.bin" "${base[@]}" -S -O "$conf"; then
	same_policy "${base[*]} -S -O" "$work/ref-opt.bin" "$work/ours-opt.bin" nosediff
fi

# -F: checkpolicy 3.4 only decompiles binaries, so its -b -F of its own binary
# is the reference for sepolc -F on the source.
if [ "$(basename "$SEPOLC")" != checkpolicy ] &&
	sepolc_run "$work/ours-F.conf" "${base[@]}" -F "$conf"; then
	"$CHECKPOLICY" "${mls[@]}" -b -F "$work/ref.bin" -o "$work/ref.conf" >/dev/null 2>&1
	ts_same "$work/ref.conf" "$work/ours-F.conf" "sepolc -F writes what checkpolicy -b -F writes" \
		"sepolc -F differs from checkpolicy -b -F (- checkpolicy, + sepolc):"
fi

reference "$work/ref.cil" "${base[@]}" -C "$conf" || exit 1
if sepolc_run "$work/ours.cil" "${base[@]}" -C "$conf"; then
	if diff -u "$work/ref.cil" "$work/ours.cil" >"$work/C.diff"; then
		ts_ok "sepolc -C writes what checkpolicy -C writes"
	elif ! command -v secilc >/dev/null; then
		ts_fail "sepolc -C differs from checkpolicy -C (- checkpolicy, + sepolc; no secilc to compare the policies):"
		ts_show "$work/C.diff"
	else
		# Different text can still be the same policy: compile both with
		# secilc (half a minute each) and compare the decompiled binaries.
		echo "note: sepolc -C differs in text from checkpolicy -C ($(grep -c '^[-+]' "$work/C.diff") diff lines); comparing the policies secilc makes of them"
		sopts=()
		[ ${#mls[@]} -gt 0 ] && sopts=(-M true)
		if ! secilc "${sopts[@]}" -U deny -o "$work/ours-cil.bin" -f /dev/null "$work/ours.cil" \
			>"$work/secilc.err" 2>&1; then
			ts_fail "secilc refuses sepolc's -C output:"
			ts_show "$work/secilc.err"
		elif ! secilc "${sopts[@]}" -U deny -o "$work/ref-cil.bin" -f /dev/null "$work/ref.cil" \
			>/dev/null 2>&1; then
			ts_ok "sepolc -C: secilc compiles sepolc's CIL (not checkpolicy 3.4's)"
		else
			"$CHECKPOLICY" "${mls[@]}" -b -F "$work/ref-cil.bin" -o "$work/ref-cil.conf" >/dev/null 2>&1
			"$CHECKPOLICY" "${mls[@]}" -b -F "$work/ours-cil.bin" -o "$work/ours-cil.conf" >/dev/null 2>&1
			if diff -u "$work/ref-cil.conf" "$work/ours-cil.conf" >"$work/Cbin.diff"; then
				ts_ok "sepolc -C: secilc makes the same policy of sepolc's CIL as of checkpolicy's"
			else
				ts_fail "sepolc -C: secilc makes different policies of checkpolicy's and sepolc's CIL (- checkpolicy, + sepolc):"
				ts_show "$work/Cbin.diff"
				echo "    (the CIL text diff:)"
				ts_show "$work/C.diff"
			fi
		fi
	fi
fi

if [ -n "${t_ours:-}" ]; then
	echo "time: checkpolicy $(ts_secs "$t_ref") s$([ "$t_ref" -lt 1000000 ] && echo ' (cached)'), sepolc $(ts_secs "$t_ours") s (tests/bench/sepolc-bench.sh measures properly)"
fi
ts_summary
