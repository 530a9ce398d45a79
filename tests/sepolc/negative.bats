#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc refuses bad input with exit 2 and a "file:LINE:COL: error:" line
# naming the right line, and writes nothing:
#   - checkpolicy's negative corpus ($SEKIT_CORPUS/checkpolicy/negative,
#     SELinux main branch); the expected line of each was read off the file
#     (the statement at fault; checkmodule 3.4 names the same lines);
#   - our own semantic cases in fixtures/bad/, with did-you-mean notes.
# SEPOLC names the compiler under test (default: sepolc from PATH).
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	SEPOLC=${SEPOLC:-sepolc}
	NEG=$SEKIT_CORPUS/checkpolicy/negative
	BAD=$BATS_TEST_DIRNAME/fixtures/bad
	command -v "$SEPOLC" >/dev/null || {
		echo "'$SEPOLC' not found: build sepolc (make) or set SEPOLC"
		return 1
	}
	T=$BATS_TEST_TMPDIR
	cd "$T" || return 1
}

# rejected FILE LINE [OPTS...]: sepolc OPTS FILE exits 2, prints an error at
# FILE:LINE:COL on stderr (FILE as given), nothing on stdout, and creates
# no output file.
rejected() {
	local file=$1 line=$2
	shift 2
	run --separate-stderr "$SEPOLC" "$@" -o "$T/out" "$file"
	echo "sepolc $* -o out $file: exit $status"
	echo "stderr:"
	echo "$stderr"
	echo "stdout:"
	echo "$output"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ ! -e "$T/out" ]
	error_at "$file" "$line"
}

# error_at FILE LINE: stderr has "FILE:LINE:COL: error: " with COL >= 1.
error_at() {
	local re
	re="^$(printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'):$2:[1-9][0-9]*: error: "
	grep -Eq "$re" <<<"$stderr" || {
		echo "expected an error at $1:$2:COL"
		return 1
	}
}

# mentions_line FILE LINE: stderr has an error, warning or note at FILE:LINE.
mentions_line() {
	local re
	re="^$(printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'):$2:[1-9][0-9]*: (error|note|warning): "
	grep -Eq "$re" <<<"$stderr" || {
		echo "expected a diagnostic at $1:$2:COL"
		return 1
	}
}

# --- checkpolicy's negative corpus -----------------------------------------

@test "sepolc: negative/bad_module_line.te (junk after the module name) is an error on line 1" {
	require_corpus checkpolicy/negative
	rejected "$NEG/bad_module_line.te" 1
}

@test "sepolc: negative/bad_require.te (unknown keyword in require) is an error on line 4" {
	require_corpus checkpolicy/negative
	rejected "$NEG/bad_require.te" 4
	[[ "$stderr" == *garbage_token* ]]
}

@test "sepolc: negative/bad_role.te (empty type list) is an error on line 9" {
	require_corpus checkpolicy/negative
	rejected "$NEG/bad_role.te" 9
}

@test "sepolc: negative/bad_syntax.te (unterminated brace at end of file) is an error on line 8 or 9" {
	require_corpus checkpolicy/negative
	run --separate-stderr "$SEPOLC" -o "$T/out" "$NEG/bad_syntax.te"
	echo "$stderr"
	[ "$status" -eq 2 ]
	[ ! -e "$T/out" ]
	# the open brace is on line 8; the end of file after its newline is line 9
	error_at "$NEG/bad_syntax.te" 8 || error_at "$NEG/bad_syntax.te" 9
}

@test "sepolc: negative/bad_user.te (junk instead of roles) is an error on line 11" {
	require_corpus checkpolicy/negative
	rejected "$NEG/bad_user.te" 11
}

@test "sepolc: negative/dup_attribute.te is an error on line 9, the second declaration" {
	require_corpus checkpolicy/negative
	rejected "$NEG/dup_attribute.te" 9
	[[ "$stderr" == *bar_attr* ]]
}

@test "sepolc: negative/dup_module.te (two module statements) is an error on line 2" {
	require_corpus checkpolicy/negative
	rejected "$NEG/dup_module.te" 2
}

@test "sepolc: negative/dup_type.te is an error on line 9, the second declaration" {
	require_corpus checkpolicy/negative
	rejected "$NEG/dup_type.te" 9
	[[ "$stderr" == *foo_t* ]]
}

@test "sepolc: negative/invalid_module_version.te (no version) is an error on line 1" {
	require_corpus checkpolicy/negative
	rejected "$NEG/invalid_module_version.te" 1
}

@test "sepolc: negative/invalid_type_name.te (name starting with a digit) is an error on line 7" {
	require_corpus checkpolicy/negative
	rejected "$NEG/invalid_type_name.te" 7
}

@test "sepolc: negative/type_attr_conflict.te (attribute named like a type) is an error on line 8" {
	require_corpus checkpolicy/negative
	rejected "$NEG/type_attr_conflict.te" 8
	[[ "$stderr" == *shared_id* ]]
}

@test "sepolc: negative/unknown_class.te is an error on line 7 naming the class" {
	require_corpus checkpolicy/negative
	rejected "$NEG/unknown_class.te" 7
	[[ "$stderr" == *not_a_class* ]]
}

@test "sepolc: negative/unknown_perm.te is an error on line 8 naming the permission" {
	require_corpus checkpolicy/negative
	rejected "$NEG/unknown_perm.te" 8
	[[ "$stderr" == *circular_ref* ]]
}

@test "sepolc: negative/unknown_type.te is an error on line 8 naming the type" {
	require_corpus checkpolicy/negative
	rejected "$NEG/unknown_type.te" 8
	[[ "$stderr" == *undeclared_t* ]]
}

@test "sepolc: negative/good_module.te compiles to a CIL module" {
	require_corpus checkpolicy/negative
	run --separate-stderr "$SEPOLC" -o "$T/good.cil" "$NEG/good_module.te"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ -s "$T/good.cil" ]
	grep -q 'foo_t' "$T/good.cil"
}

@test "sepolc: every file of negative/ but good_module.te is covered by a test here" {
	require_corpus checkpolicy/negative
	local f name
	for f in "$NEG"/*; do
		name=$(basename "$f")
		[ "$name" = good_module.te ] && continue
		grep -qF "negative/$name " "$BATS_TEST_FILENAME" || {
			echo "no test for $name: read it, find the line at fault and add a test"
			return 1
		}
	done
}

# --- our own semantic cases -----------------------------------------------

@test "sepolc: an unknown type is an error at its line with a did-you-mean" {
	rejected "$BAD/unknown-type.conf" 16
	[[ "$stderr" == *"'shadow_tt'"* ]]
	[[ "$stderr" == *"did you mean 'shadow_t'"* ]]
}

@test "sepolc: an unknown class is an error at its line with a did-you-mean" {
	rejected "$BAD/unknown-class.conf" 16
	[[ "$stderr" == *"'fiel'"* ]]
	[[ "$stderr" == *"did you mean 'file'"* ]]
}

@test "sepolc: an unknown permission is an error at its line with a did-you-mean" {
	rejected "$BAD/unknown-perm.conf" 16
	[[ "$stderr" == *"'raed'"* ]]
	[[ "$stderr" == *"did you mean 'read'"* ]]
}

@test "sepolc: a module's unknown type suggests a required one" {
	rejected "$BAD/unknown-type-module.te" 11
	[[ "$stderr" == *"'httpd_cache_t'"* ]]
	[[ "$stderr" == *"did you mean 'httpd_cache_file_t'"* ]]
}

@test "sepolc: an unknown role in a user statement is an error at its line" {
	rejected "$BAD/unknown-role-in-user.conf" 18
	[[ "$stderr" == *"'staf_r'"* ]]
}

@test "sepolc: an unknown boolean in a conditional is an error at its line" {
	rejected "$BAD/unknown-bool.conf" 16
	[[ "$stderr" == *"'secure_mod'"* ]]
	[[ "$stderr" == *"did you mean 'secure_mode'"* ]]
}

@test "sepolc: a type declared twice is an error at the second declaration" {
	rejected "$BAD/duplicate-type.conf" 13
	[[ "$stderr" == *"'etc_t'"* ]]
	# and points back at the first one (in a note or in the message)
	[[ "$stderr" == *"duplicate-type.conf:11"* ]]
}

@test "sepolc: an attribute declared twice is an error at the second declaration" {
	rejected "$BAD/duplicate-attribute.conf" 14
	[[ "$stderr" == *"'file_type'"* ]]
}

@test "sepolc: a boolean declared twice is an error at the second declaration" {
	rejected "$BAD/duplicate-bool.conf" 14
	[[ "$stderr" == *"'secure_mode'"* ]]
}

@test "sepolc: MLS statements without -M are an error at the first one" {
	rejected "$BAD/mls-without-mls.conf" 9
	[[ "$stderr" == *sensitivity* ]]
}

@test "sepolc: MLS statements without -M, the same file with -M compiles further" {
	# with -M the sensitivity is fine, but the contexts lack levels
	run --separate-stderr "$SEPOLC" -M -o "$T/out" "$BAD/mls-without-mls.conf"
	echo "$stderr"
	[ "$status" -eq 2 ]
	! grep -Eq 'mls-without-mls\.conf:9:[0-9]+: error' <<<"$stderr"
}

@test "sepolc: dom between types in a constraint is an error at the constraint" {
	rejected "$BAD/constraint-type-dom.conf" 19
}

@test "sepolc: a type name where a constraint wants a role is an error at the constraint" {
	rejected "$BAD/constraint-role-vs-type.conf" 19
	[[ "$stderr" == *"'kernel_t'"* ]]
}

@test "sepolc: a violated neverallow names the allow rule's line (and the neverallow's)" {
	run --separate-stderr "$SEPOLC" -o "$T/out" "$BAD/neverallow-violated.conf"
	echo "$stderr"
	[ "$status" -eq 2 ]
	[ ! -e "$T/out" ]
	mentions_line "$BAD/neverallow-violated.conf" 16
	[[ "$stderr" == *"neverallow-violated.conf:18:"* || "$stderr" == *"line 18"* ]]
}

@test "sepolc -N: a violated neverallow is not checked" {
	run --separate-stderr "$SEPOLC" -N -o "$T/out" "$BAD/neverallow-violated.conf"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ -s "$T/out" ]
}

@test "sepolc: several syntax errors are all reported, each at its line" {
	rejected "$BAD/several-syntax-errors.conf" 16
	error_at "$BAD/several-syntax-errors.conf" 18
	# the good statement between them is no error
	! grep -Eq 'several-syntax-errors\.conf:17:[0-9]+: error' <<<"$stderr"
}

@test "sepolc: an error shows the source line and a caret under the column" {
	run --separate-stderr "$SEPOLC" -o "$T/out" "$BAD/unknown-type.conf"
	[ "$status" -eq 2 ]
	local col
	col=$(grep -Eo 'unknown-type\.conf:16:[0-9]+' <<<"$stderr" | head -1 | cut -d: -f3)
	[ -n "$col" ]
	grep -qF 'allow user_t shadow_tt:file read;' <<<"$stderr"
	# the caret sits under "shadow_tt" (column 14)
	[ "$col" -eq 14 ]
	grep -Eq '^ *\^' <<<"$stderr"
}

@test "sepolc --json: the error's line and column as a JSON document" {
	require_command jq jq
	run --separate-stderr "$SEPOLC" --json -o "$T/out" "$BAD/unknown-perm.conf"
	[ "$status" -eq 2 ]
	echo "$stderr"
	jq -e '[.. | objects | select(.severity == "error" and .line == 16 and .column == 25)] | length >= 1' \
		<<<"$stderr"
}

@test "sepolc: a good file next to the bad ones still compiles (fixtures are valid but for one line)" {
	# unknown-type.conf without its bad line is a complete policy
	sed '16d' "$BAD/unknown-type.conf" >"$T/fixed.conf"
	run --separate-stderr "$SEPOLC" -o "$T/fixed.bin" "$T/fixed.conf"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ -s "$T/fixed.bin" ]
}

# --- the fuzzer's findings (tests/fuzz/crashes) ------------------------------

@test "sepolc: no input the fuzzer found crashes it (exit 0 or 2, errors said)" {
	local f failed=0 mls
	for f in "$BATS_TEST_DIRNAME"/../fuzz/crashes/*; do
		[ -f "$f" ] || continue
		# fuzz-source lowers as MLS when the text has a sensitivity statement
		mls=()
		grep -q sensitivity "$f" && mls=(-M)
		run --separate-stderr "$SEPOLC" "${mls[@]}" --check "$f"
		if [ "$status" -ne 0 ] && { [ "$status" -ne 2 ] || [[ "$stderr" != *"error: "* ]]; }; then
			echo "sepolc ${mls[*]} --check $f: exit $status: $(tail -3 <<<"$stderr")"
			failed=$((failed + 1))
		fi
	done
	[ "$failed" -eq 0 ]
}
