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
#     same input.
#
# SEPOLC names the compiler under test (default: sepolc from PATH); with
# SEPOLC=checkpolicy the suite checks itself. CHECKPOLICY is the reference.
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	SEPOLC=${SEPOLC:-sepolc}
	CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
	CORPUS=$SEKIT_CORPUS/checkpolicy
	[ -d "$CORPUS" ] ||
		skip "checkpolicy corpus not found at $CORPUS (set SEKIT_CORPUS to ../shared/corpus)"
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
	local out=$1
	shift
	run --separate-stderr "$SEPOLC" "$@" -o "$out"
	if [ "$status" -ne 0 ] || [ ! -s "$out" ]; then
		echo "FAILED: $SEPOLC $* -o $out (exit $status)"
		echo "stderr: $stderr"
		return 1
	fi
	if [ "$(basename "$SEPOLC")" = sepolc ] && [ -n "$output" ]; then
		echo "FAILED: $SEPOLC $* -o $out printed on stdout: $output"
		return 1
	fi
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

# roundtrip INPUT EXPECTED OPTS...: test_roundtrip.sh's check_policy.
roundtrip() {
	local input=$CORPUS/$1 expected=$CORPUS/$2 name=$1
	shift 2
	compile "$T/pass1.bin" "$@" "$input"
	decompile "$T/pass1.bin" "$T/pass1.conf" "$@"
	same "$expected" "$T/pass1.conf" "sepolc $* $name, decompiled by checkpolicy -b -F"
	compile "$T/pass2.bin" "$@" "$expected"
	decompile "$T/pass2.bin" "$T/pass2.conf" "$@"
	same "$expected" "$T/pass2.conf" "sepolc $* $(basename "$expected") (fixpoint), decompiled"
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
	same "$T/checkpolicy.out" "$T/sepolc.out" "sepolc $* $flag $name vs checkpolicy"
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

@test "sepolc -F: same policy.conf as checkpolicy -F on policy_allonce.conf" {
	same_as_checkpolicy -F policy_allonce.conf
}

@test "sepolc -F: same policy.conf as checkpolicy -F on policy_allonce_mls.conf (-M)" {
	same_as_checkpolicy -F policy_allonce_mls.conf -M
}

@test "sepolc -F: same policy.conf as checkpolicy -F on policy_allonce_xen.conf (xen)" {
	same_as_checkpolicy -F policy_allonce_xen.conf --target xen -c 30
}

@test "sepolc -F: same policy.conf as checkpolicy -F -S -O on policy_allonce.conf" {
	same_as_checkpolicy -F policy_allonce.conf -S -O
}

@test "sepolc -F: same policy.conf as checkpolicy -F on policy_minimal_mls.conf (-M)" {
	same_as_checkpolicy -F policy_minimal_mls.conf -M
}

@test "sepolc -C: same CIL as checkpolicy -C on policy_allonce.conf" {
	same_as_checkpolicy -C policy_allonce.conf
}

@test "sepolc -C: same CIL as checkpolicy -C on policy_allonce_mls.conf (-M)" {
	same_as_checkpolicy -C policy_allonce_mls.conf -M
}

@test "sepolc -C: same CIL as checkpolicy -C on policy_allonce_xen.conf (xen)" {
	same_as_checkpolicy -C policy_allonce_xen.conf --target xen -c 30
}

@test "sepolc -C: same CIL as checkpolicy -C on policy_minimal.conf" {
	same_as_checkpolicy -C policy_minimal.conf
}

@test "sepolc -b -F: same policy.conf as checkpolicy -b -F on the binary of policy_allonce.conf" {
	same_as_checkpolicy_binary -F policy_allonce.conf
}

@test "sepolc -b -F: same policy.conf as checkpolicy -b -F on the binary of policy_allonce_mls.conf" {
	same_as_checkpolicy_binary -F policy_allonce_mls.conf -M
}

@test "sepolc -b -C: same CIL as checkpolicy -b -C on the binary of policy_allonce_mls.conf" {
	same_as_checkpolicy_binary -C policy_allonce_mls.conf -M
}

@test "sepolc -b -F: same policy.conf as checkpolicy -b -F on the Xen binary of policy_allonce_xen.conf" {
	same_as_checkpolicy_binary -F policy_allonce_xen.conf --target xen -c 30
}

# --- CIL input: secilc 3.4's test policies ($SEKIT_CORPUS/secilc) ---------

# same_as_secilc NAME: sepolc -M true NAME.cil writes secilc's binary and
# file_contexts (libsepol's CIL compiler does both, so bytes must match).
same_as_secilc() {
	local cil=$SEKIT_CORPUS/secilc/$1.cil
	[ -r "$cil" ] || skip "secilc corpus not found at $SEKIT_CORPUS/secilc"
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
	[ -d "$dir" ] || skip "setools corpus not found at $dir"
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
