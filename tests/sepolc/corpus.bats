#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc on checkpolicy's own round-trip corpus (SELinux 3.6,
# checkpolicy/tests/test_roundtrip.sh), read from $SEKIT_CORPUS/checkpolicy:
#
#   - X.conf compiled by sepolc, decompiled by the reference decompiler
#     (checkpolicy -b -F), equals X.expected.conf; with -S -O it equals
#     X.expected_opt.conf; the expected file compiled again gives itself
#     (a fixpoint), with the option sets of test_roundtrip.sh;
#   - sepolc -F and sepolc -C write what checkpolicy -F and -C write for the
#     same input (for -C: the same text, or CIL that secilc compiles into
#     the same policy as checkpolicy's CIL; see same_cil).
#
# The expected files come from checkpolicy 3.6; the reference tools here are
# Debian 12's checkpolicy 3.4, whose decompiler differs from 3.6's in three
# ways even on checkpolicy 3.4's own binaries: it prints classes without
# permissions ("class dir"), prints a validatetrans as "mlsvalidatetrans"
# among the MLS statements, and keeps a conditional whose only rule -O
# emptied ("allow TYPE1 self:CLASS1 {  };" in an else branch). So each
# round trip is checked twice: sepolc's decompiled binary must equal
# checkpolicy 3.4's decompiled binary of the same input exactly (order
# included), and must equal the 3.6 expected file once those three 3.4
# quirks are undone and both sides are sorted (quirks34 below).
#
# SEPOLC names the compiler under test (default: sepolc from PATH); with
# SEPOLC=checkpolicy the suite checks itself. CHECKPOLICY is the reference.
bats_require_minimum_version 1.5.0
load ../helpers
. "$SEKIT_SRCDIR/tests/lib.sh"

setup() {
	SEPOLC=${SEPOLC:-sepolc}
	CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
	CORPUS=$SEKIT_CORPUS/checkpolicy
	require_corpus checkpolicy
	require_command "$CHECKPOLICY" checkpolicy
	command -v "$SEPOLC" >/dev/null || {
		echo "'$SEPOLC' not found: build sepolc (make) or set SEPOLC"
		return 1
	}
	T=$BATS_TEST_TMPDIR
}

# compile OUT OPTS... INPUT: sepolc OPTS INPUT -o OUT, which must succeed,
# write OUT and (sepolc only) print nothing on stdout.
compile() {
	ts_compiles "$1" "$T" "$SEPOLC" "${@:2}" || {
		echo "FAILED: $SEPOLC ${*:2} -o $1 $TS_WHY:"
		cat "$TS_WHY_FILE"
		return 1
	}
}

# decompile BIN OUT OPTS...: the reference decompiler.
decompile() {
	local bin=$1 out=$2
	shift 2
	"$CHECKPOLICY" "$@" -b -F "$bin" -o "$out" >/dev/null 2>"$T/decompile.err" || {
		echo "FAILED: $CHECKPOLICY $* -b -F $bin (sepolc's binary was refused):"
		cat "$T/decompile.err"
		return 1
	}
}

# same EXPECTED GOT WHAT: diff with a title.
same() {
	diff -u "$1" "$2" >"$T/diff" || {
		echo "DIFFERS: $3"
		echo "--- expected: $1"
		echo "+++ got:      $2"
		head -80 "$T/diff"
		return 1
	}
}

# quirks34 FILE: checkpolicy 3.4's decompiled text with its three known
# differences from 3.6 undone (see the top of this file), sorted.
quirks34() {
	awk '
	/^class [^ ]+$/ { next }                          # class without permissions
	/^[[:space:]]*(allow|auditallow|dontaudit) .*\{[[:space:]]*\};$/ { next }  # emptied by -O
	/^mlsvalidatetrans / && !/[lh][12]/ { sub(/^mlsvalidatetrans/, "validatetrans") }
	{ print }' "$1" |
		awk '
		# drop conditionals left without rules
		function flush() { for (i = 1; i <= n; i++) print buf[i]; n = 0 }
		/^if \(.*\) \{$/ { flush(); buf[++n] = $0; next }
		n && /^\} else \{$/ && n == 1 { buf[++n] = $0; next }
		n && /^\}$/ { n = 0; next }
		{ flush(); print }
		END { flush() }' | LC_ALL=C sort
}

# roundtrip INPUT EXPECTED OPTS...: test_roundtrip.sh's check_policy, with
# checkpolicy 3.4 as the decompiler (see the top of this file).
roundtrip() {
	local input=$CORPUS/$1 expected=$CORPUS/$2 name=$1 pass ref src
	shift 2
	quirks34 "$expected" >"$T/expected.sorted"
	for pass in 1 2; do
		src=$input
		[ "$pass" = 2 ] && src=$expected
		compile "$T/pass$pass.bin" "$@" "$src"
		decompile "$T/pass$pass.bin" "$T/pass$pass.conf" "$@"
		"$CHECKPOLICY" "$@" "$src" -o "$T/ref$pass.bin" >/dev/null 2>&1 &&
			decompile "$T/ref$pass.bin" "$T/ref$pass.conf" "$@"
		same "$T/ref$pass.conf" "$T/pass$pass.conf" \
			"pass $pass: sepolc $* $(basename "$src") vs checkpolicy 3.4, both decompiled by checkpolicy -b -F"
		quirks34 "$T/pass$pass.conf" >"$T/pass$pass.sorted"
		same "$T/expected.sorted" "$T/pass$pass.sorted" \
			"pass $pass: sepolc $* $(basename "$src"), decompiled, vs $(basename "$expected") (3.4 quirks undone, sorted)"
	done
}

# same_as_checkpolicy FLAG INPUT OPTS...: sepolc FLAG (-F or -C) on a
# source writes what checkpolicy writes for it: checkpolicy -C reads the
# source, but checkpolicy 3.4 -F only reads binaries, so for -F the
# reference is checkpolicy's binary decompiled by checkpolicy -b -F.
same_as_checkpolicy() {
	local flag=$1 input=$CORPUS/$2 name=$2
	shift 2
	if [ "$flag" = -F ]; then
		"$CHECKPOLICY" "$@" "$input" -o "$T/checkpolicy.bin" >/dev/null 2>"$T/cp.err" &&
			"$CHECKPOLICY" "$@" -b -F "$T/checkpolicy.bin" -o "$T/checkpolicy.out" \
				>/dev/null 2>>"$T/cp.err"
	else
		"$CHECKPOLICY" "$@" "$flag" "$input" -o "$T/checkpolicy.out" >/dev/null 2>"$T/cp.err"
	fi || {
		echo "checkpolicy $* $flag $input failed:"
		cat "$T/cp.err"
		return 1
	}
	compile "$T/sepolc.out" "$@" "$flag" "$input"
	if [ "$flag" = -C ] && ! cmp -s "$T/checkpolicy.out" "$T/sepolc.out"; then
		same_cil "$T/checkpolicy.out" "$T/sepolc.out" "$@"
		return
	fi
	same "$T/checkpolicy.out" "$T/sepolc.out" "sepolc $* $flag $name vs checkpolicy"
}

# same_cil REF OURS OPTS...: two CIL texts that differ are still the same
# policy when secilc compiles both into binaries that checkpolicy -b -F
# decompiles identically. checkpolicy 3.4 -C writes "booleanif" on tunables,
# which secilc refuses ("Failed to resolve booleanif statement"): then only
# sepolc's CIL has to compile. OPTS: the checkpolicy options, mapped to
# secilc's (-M true, -t xen, -c N).
same_cil() {
	local ref=$1 ours=$2 o sopts=() mls=() xen=()
	shift 2
	for o in "$@"; do
		case $o in
		-M) sopts+=(-M true) mls=(-M) ;;
		xen) sopts+=(-t xen) xen=(--target xen) ;;
		[0-9]*) sopts+=(-c "$o") ;;
		esac
	done
	require_command secilc secilc
	secilc "${sopts[@]}" -o "$T/ours-cil.bin" -f /dev/null "$ours" >"$T/secilc.err" 2>&1 || {
		echo "secilc refuses sepolc's CIL:"
		head -10 "$T/secilc.err"
		diff -u "$ref" "$ours" | head -40
		return 1
	}
	if ! secilc "${sopts[@]}" -o "$T/ref-cil.bin" -f /dev/null "$ref" >/dev/null 2>&1; then
		echo "note: secilc refuses checkpolicy 3.4's CIL; sepolc's compiles"
		return 0
	fi
	decompile "$T/ref-cil.bin" "$T/ref-cil.conf" "${mls[@]}" "${xen[@]}"
	decompile "$T/ours-cil.bin" "$T/ours-cil.conf" "${mls[@]}" "${xen[@]}"
	same "$T/ref-cil.conf" "$T/ours-cil.conf" \
		"the policies secilc makes of checkpolicy's and sepolc's CIL (the CIL texts differ)"
}

# same_as_checkpolicy_binary FLAG INPUT OPTS...: sepolc -b FLAG on
# checkpolicy's binary of INPUT writes what checkpolicy -b FLAG writes.
same_as_checkpolicy_binary() {
	local flag=$1 input=$CORPUS/$2 name=$2
	shift 2
	"$CHECKPOLICY" "$@" "$input" -o "$T/checkpolicy.bin" >/dev/null 2>"$T/cp.err" &&
		"$CHECKPOLICY" "$@" -b "$flag" "$T/checkpolicy.bin" -o "$T/checkpolicy.out" \
			>/dev/null 2>>"$T/cp.err" || {
		echo "checkpolicy $* $flag $input failed:"
		cat "$T/cp.err"
		return 1
	}
	compile "$T/sepolc.out" "$@" -b "$flag" "$T/checkpolicy.bin"
	same "$T/checkpolicy.out" "$T/sepolc.out" "sepolc $* -b $flag (binary of $name) vs checkpolicy -b $flag"
}

@test "sepolc: policy_minimal.conf -E round-trips through checkpolicy -b -F" {
	roundtrip policy_minimal.conf policy_minimal.conf -E
}

@test "sepolc: policy_minimal.conf -E -S -O round-trips" {
	roundtrip policy_minimal.conf policy_minimal.conf -E -S -O
}

@test "sepolc: policy_minimal_mls.conf -M -E round-trips" {
	roundtrip policy_minimal_mls.conf policy_minimal_mls.conf -M -E
}

@test "sepolc: policy_minimal_mls.conf -M -E -S -O round-trips" {
	roundtrip policy_minimal_mls.conf policy_minimal_mls.conf -M -E -S -O
}

@test "sepolc: policy_allonce.conf decompiles to policy_allonce.expected.conf, a fixpoint" {
	roundtrip policy_allonce.conf policy_allonce.expected.conf
}

@test "sepolc: policy_allonce.conf -S -O decompiles to policy_allonce.expected_opt.conf" {
	roundtrip policy_allonce.conf policy_allonce.expected_opt.conf -S -O
}

@test "sepolc: policy_allonce_mls.conf -M decompiles to policy_allonce_mls.expected.conf" {
	roundtrip policy_allonce_mls.conf policy_allonce_mls.expected.conf -M
}

@test "sepolc: policy_allonce_mls.conf -M -S -O decompiles to policy_allonce_mls.expected_opt.conf" {
	roundtrip policy_allonce_mls.conf policy_allonce_mls.expected_opt.conf -M -S -O
}

@test "sepolc: policy_allonce_xen.conf --target xen -c 30 -E decompiles to its expected.conf" {
	roundtrip policy_allonce_xen.conf policy_allonce_xen.expected.conf --target xen -c 30 -E
}

@test "sepolc: policy_allonce_xen.conf --target xen -c 30 -E -S -O decompiles to its expected_opt.conf" {
	roundtrip policy_allonce_xen.conf policy_allonce_xen.expected_opt.conf --target xen -c 30 -E -S -O
}

# The -F, -C and -b cases: a test each, its title naming it.
@test "sepolc -F: same policy.conf as checkpolicy -F on policy_allonce.conf" { same_as_checkpolicy -F policy_allonce.conf; }
@test "sepolc -F: same policy.conf as checkpolicy -F on policy_allonce_mls.conf (-M)" { same_as_checkpolicy -F policy_allonce_mls.conf -M; }
@test "sepolc -F: same policy.conf as checkpolicy -F on policy_allonce_xen.conf (xen)" { same_as_checkpolicy -F policy_allonce_xen.conf --target xen -c 30; }
@test "sepolc -F: same policy.conf as checkpolicy -F -S -O on policy_allonce.conf" { same_as_checkpolicy -F policy_allonce.conf -S -O; }
@test "sepolc -F: same policy.conf as checkpolicy -F on policy_minimal_mls.conf (-M)" { same_as_checkpolicy -F policy_minimal_mls.conf -M; }

@test "sepolc -C: the same CIL as checkpolicy -C, or the same policy through secilc, on policy_allonce.conf" { same_as_checkpolicy -C policy_allonce.conf; }
@test "sepolc -C: the same CIL as checkpolicy -C, or the same policy through secilc, on policy_allonce_mls.conf (-M)" { same_as_checkpolicy -C policy_allonce_mls.conf -M; }
@test "sepolc -C: the same CIL as checkpolicy -C, or the same policy through secilc, on policy_allonce_xen.conf (xen)" { same_as_checkpolicy -C policy_allonce_xen.conf --target xen -c 30; }
@test "sepolc -C: the same CIL as checkpolicy -C, or the same policy through secilc, on policy_minimal.conf" { same_as_checkpolicy -C policy_minimal.conf; }

@test "sepolc -b -F: same policy.conf as checkpolicy -b -F on the binary of policy_allonce.conf" { same_as_checkpolicy_binary -F policy_allonce.conf; }
@test "sepolc -b -F: same policy.conf as checkpolicy -b -F on the binary of policy_allonce_mls.conf" { same_as_checkpolicy_binary -F policy_allonce_mls.conf -M; }
@test "sepolc -b -C: same CIL as checkpolicy -b -C on the binary of policy_allonce_mls.conf" { same_as_checkpolicy_binary -C policy_allonce_mls.conf -M; }
@test "sepolc -b -F: same policy.conf as checkpolicy -b -F on the Xen binary of policy_allonce_xen.conf" { same_as_checkpolicy_binary -F policy_allonce_xen.conf --target xen -c 30; }

# --- CIL input: secilc 3.4's test policies ($SEKIT_CORPUS/secilc) ---------

# same_as_secilc NAME: sepolc -M true NAME.cil writes secilc's binary and
# file_contexts (libsepol's CIL compiler does both, so bytes must match).
same_as_secilc() {
	local cil=$SEKIT_CORPUS/secilc/$1.cil
	require_corpus "secilc/$1.cil"
	require_command secilc secilc
	secilc -M true -o "$T/secilc.bin" -f "$T/secilc.fc" "$cil" >/dev/null 2>&1
	compile "$T/sepolc.bin" -M true -f "$T/sepolc.fc" "$cil"
	cmp "$T/secilc.bin" "$T/sepolc.bin"
	same "$T/secilc.fc" "$T/sepolc.fc" "sepolc -f on $1.cil vs secilc -f"
}

@test "sepolc: secilc's policy.cil compiles to secilc's binary and file_contexts" {
	same_as_secilc policy
}

@test "sepolc: secilc's minimum.cil compiles to secilc's binary and file_contexts" {
	same_as_secilc minimum
}

@test "sepolc: secilc's opt-input.cil compiles to secilc's binary and file_contexts" {
	same_as_secilc opt-input
}

# --- setools 4.4.4's test policies ($SEKIT_CORPUS/setools) ----------------

@test "sepolc: every setools test policy compiles to checkpolicy's policy; the invalid ones fail in both" {
	local dir=$SEKIT_CORPUS/setools conf name xen mls failed=0 n=0
	require_corpus setools
	while IFS= read -r conf; do
		name=${conf#"$dir"/}
		xen=()
		case $(basename "$conf") in
		iomemcon* | ioportcon* | pcidevicecon* | pirqcon* | devicetreecon*) xen=(-t xen -c 30) ;;
		esac
		# as setools' tests compile them: MLS first, else without
		mls=(-M)
		"$CHECKPOLICY" -M "${xen[@]}" -U reject -o "$T/ref.bin" "$conf" >/dev/null 2>&1 || {
			mls=()
			"$CHECKPOLICY" "${xen[@]}" -U reject -o "$T/ref.bin" "$conf" >/dev/null 2>&1
		} || {
			# checkpolicy refuses it: sepolc must too, with exit 2 and an error
			run --separate-stderr "$SEPOLC" -M "${xen[@]}" -U reject -o "$T/ours.bin" "$conf"
			if [ "$status" -ne 2 ] || [[ "$stderr" != *"error: "* ]]; then
				echo "$name: checkpolicy refuses it, sepolc exits $status: ${stderr:0:300}"
				failed=$((failed + 1))
			fi
			continue
		}
		n=$((n + 1))
		rm -f "$T/ours.bin"
		run --separate-stderr "$SEPOLC" "${mls[@]}" "${xen[@]}" -U reject -o "$T/ours.bin" "$conf"
		if [ "$status" -ne 0 ]; then
			echo "$name: sepolc ${mls[*]} ${xen[*]} exits $status: ${stderr:0:300}"
			failed=$((failed + 1))
		elif ! cmp -s "$T/ref.bin" "$T/ours.bin"; then
			"$CHECKPOLICY" "${mls[@]}" "${xen[@]}" -b -F -o "$T/ref.conf" "$T/ref.bin" >/dev/null 2>&1
			"$CHECKPOLICY" "${mls[@]}" "${xen[@]}" -b -F -o "$T/ours.conf" "$T/ours.bin" >/dev/null 2>&1
			if ! diff -u "$T/ref.conf" "$T/ours.conf" >"$T/diff"; then
				echo "$name: the binary differs (checkpolicy -b -F, - checkpolicy, + sepolc):"
				head -20 "$T/diff"
				failed=$((failed + 1))
			fi
		fi
	done < <(find "$dir" -name '*.conf' | LC_ALL=C sort)
	echo "$n policies compiled by both, $failed failures"
	[ "$n" -gt 40 ]
	[ "$failed" -eq 0 ]
}

# --- policy versions and handle_unknown --------------------------------------

@test "sepolc -c N and -U: the same binary as checkpolicy for every version and setting" {
	local v u failed=0
	for v in 15 20 24 26 28 29 30 31 32 33; do
		for u in deny reject allow; do
			"$CHECKPOLICY" -M -c "$v" -U "$u" -o "$T/ref.bin" "$CORPUS/policy_allonce_mls.conf" \
				>/dev/null 2>&1 || continue
			run --separate-stderr "$SEPOLC" -M -c "$v" -U "$u" -o "$T/ours.bin" \
				"$CORPUS/policy_allonce_mls.conf"
			if [ "$status" -ne 0 ]; then
				echo "-c $v -U $u: sepolc exits $status: ${stderr:0:200}"
				failed=$((failed + 1))
			elif ! cmp -s "$T/ref.bin" "$T/ours.bin"; then
				"$CHECKPOLICY" -M -b -F -o "$T/ref.conf" "$T/ref.bin" >/dev/null 2>&1
				"$CHECKPOLICY" -M -b -F -o "$T/ours.conf" "$T/ours.bin" >/dev/null 2>&1
				if ! diff -q "$T/ref.conf" "$T/ours.conf" >/dev/null ||
					[ "$(head -c 64 "$T/ref.bin" | od -An -tx1)" != "$(head -c 64 "$T/ours.bin" | od -An -tx1)" ]; then
					echo "-c $v -U $u: the binary differs from checkpolicy's (header or decompiled text)"
					diff -u "$T/ref.conf" "$T/ours.conf" | head -10
					failed=$((failed + 1))
				fi
			fi
		done
	done
	[ "$failed" -eq 0 ]
}
