#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sequery rules from the outside: exit statuses, diagnostics, --json, -q and
# a closed pipe. Needs Debian's reference policy (policy.33); the output
# itself is compared with sesearch's in tests/oracle/.
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	POLICY=${SEKIT_TEST_POLICY:-/etc/selinux/default/policy/policy.33}
	[ -r "$POLICY" ] || skip "no reference policy at $POLICY (apt-get install selinux-policy-default)"
}

# stdout must be empty and stderr must hold no sanitizer report.
no_stdout_no_crash() {
	if [ -n "$output" ]; then
		echo "unexpected stdout: $output"
		return 1
	fi
	[[ "$stderr" != *Sanitizer* && "$stderr" != *"runtime error"* ]]
}

# refused MESSAGE [SUGGESTION] -- ARG...: sequery rules ARG... exits 2,
# MESSAGE in its first error line and "did you mean SUGGESTION" after it
refused() {
	local message=$1 suggestion=
	shift
	[ "$1" != -- ] && { suggestion=$1; shift; }
	shift
	run -2 --separate-stderr sequery rules "$@" "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == *"$message"* ]]
	[ -z "$suggestion" ] || [[ "$stderr" == *"note: did you mean "*"$suggestion"* ]]
}

@test "sequery rules: matching rules print and exit 0" {
	run -0 --separate-stderr sequery rules -A -s httpd_t "$POLICY"
	[ "${#lines[@]}" -gt 100 ]
	[[ "${lines[0]}" == allow\ * ]]
	[ -z "$stderr" ]
}

@test "sequery rules: every printed line is a statement ending in ';' or a conditional" {
	run -0 --separate-stderr sequery rules -A -s httpd_t -t etc_t "$POLICY"
	local l
	for l in "${lines[@]}"; do
		[[ "$l" == *";" || "$l" == *";"*" ]:True" || "$l" == *";"*" ]:False" ]] ||
			{ echo "odd line: $l"; return 1; }
	done
}

@test "sequery rules: no matching rule exits 1 with no output" {
	run -1 --separate-stderr sequery rules -T -s httpd_t -t httpd_t -c blk_file "$POLICY"
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "sequery rules: a binary policy has no neverallow rules: exit 1" {
	run -1 --separate-stderr sequery rules --neverallow "$POLICY"
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "sequery rules: an unknown type exits 2 and suggests the close name" {
	refused "unknown type or attribute 'htpd_t'" "'httpd_t'" -- -A -s htpd_t
}

@test "sequery rules: an unknown target type exits 2" {
	refused "unknown type or attribute 'no_such_type_t'" -- -A -s httpd_t -t no_such_type_t
}

@test "sequery rules: an unknown class exits 2 and suggests the close name" {
	refused "unknown class 'fille'" "'file'" -- -A -s httpd_t -c fille
}

@test "sequery rules: one unknown class in a list exits 2 and names it" {
	refused "'no_such_class'" -- -A -s httpd_t -c file,no_such_class
}

@test "sequery rules: an unknown permission exits 2 and suggests the close name" {
	refused "permission 'reed'" "'read'" -- -A -s httpd_t -p reed
}

@test "sequery rules: a name without its _t suggests the type first" {
	for name in sshd etc init; do
		run -2 --separate-stderr sequery rules -A -s "$name" "$POLICY"
		no_stdout_no_crash
		[[ "$stderr" == *"note: did you mean '${name}_t'"* ]]
	done
	run -2 --separate-stderr sequery rules -A -s sshd_exec "$POLICY"
	[[ "$stderr" == *"note: did you mean 'sshd_exec_t'?"* ]]
}

@test "sequery: a role or user without its _r or _u suggests it" {
	run -1 --separate-stderr sequery info -r staff "$POLICY"
	[[ "$stderr" == *"note: did you mean 'staff_r'?"* ]]
	run -1 --separate-stderr sequery info -u staff "$POLICY"
	[[ "$stderr" == *"note: did you mean 'staff_u'?"* ]]
}

@test "sequery rules: a transposed permission of the given class is suggested" {
	run -2 --separate-stderr sequery rules -A -s httpd_t -c file -p raed "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == *"permission 'raed' does not exist in the selected classes"* ]]
	[[ "$stderr" == *"note: did you mean 'read'?"* ]]
}

@test "sequery rules: a permission not in the given class exits 2" {
	run -2 --separate-stderr sequery rules -A -s httpd_t -c file -p name_bind "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == *"permission 'name_bind'"* ]]
}

@test "sequery rules: an unknown Boolean exits 2" {
	run -2 --separate-stderr sequery rules -A -b httpd_can_network_conect "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == *"unknown boolean 'httpd_can_network_conect'"* ]]
	[[ "$stderr" == *"'httpd_can_network_connect'"* ]]
}

@test "sequery rules: an invalid regular expression exits 2" {
	run -2 --separate-stderr sequery rules -A -rs -s 'httpd_[' "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == *"regular expression 'httpd_['"* ]]
}

@test "sequery rules: a regular expression that exhausts PCRE2's match limit exits 2, not 1" {
	# catastrophic backtracking on the longer type names: the engine gives
	# up, which is no answer at all, never "no match"
	run -2 --separate-stderr sequery rules -A -rs -s '^(\w+)+\W' "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == "sequery: regular expression '^(\w+)+\W' failed on '"*"': match limit exceeded" ]]
}

@test "sequery rules: a PCRE2 failure on any criterion exits 2 naming the pattern" {
	local limit='(*LIMIT_MATCH=3)'
	for args in "-A -rt -t ${limit}(.|.)*_t" "-A -rc -c ${limit}(.|.)*e" \
		"-A -rb -b ${limit}(.|.)*_" "-T -rd -D ${limit}(.|.)*_t" \
		"--role_allow -rs -s ${limit}(.|.)*_r"; do
		run -2 --separate-stderr sequery rules $args "$POLICY"
		no_stdout_no_crash
		[[ "${stderr_lines[0]}" == "sequery: regular expression '$limit"*"' failed on '"*"': match limit exceeded" ]]
	done
}

@test "sequery rules: a regular expression matches by search" {
	run -0 --separate-stderr sequery rules -A -rs -s '^httpd_t$' -rt -t '^etc_t$' "$POLICY"
	[ -n "$output" ]
	[ -z "$stderr" ]
}

@test "sequery rules: no rule kind is a usage error" {
	run -2 --separate-stderr sequery rules -s httpd_t "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == "sequery: "*"rule kind"* ]]
	[[ "$stderr" == *"Try 'sequery rules --help'"* ]]
}

@test "sequery rules: an unknown option is a usage error naming it" {
	run -2 --separate-stderr sequery rules -A --no-such-option "$POLICY"
	no_stdout_no_crash
	[[ "${stderr_lines[0]}" == "sequery: "*"--no-such-option"* ]]
	[[ "$stderr" == *"Try 'sequery rules --help'"* ]]
}

@test "sequery rules: a second policy argument is a usage error" {
	run -2 --separate-stderr sequery rules -A -s httpd_t "$POLICY" "$POLICY"
	no_stdout_no_crash
	[[ "$stderr" == *"Try 'sequery rules --help'"* ]]
}

@test "sequery rules: an option missing its value is a usage error" {
	run -2 --separate-stderr sequery rules -A -s
	no_stdout_no_crash
	[[ "$stderr" == *"Try 'sequery rules --help'"* ]]
}

@test "sequery rules: --help prints usage on stdout and exits 0" {
	run -0 --separate-stderr sequery rules --help
	[[ "${lines[0]}" == "Usage:" ]]
	[ -z "$stderr" ]
}

@test "sequery rules: --json is one document with format_version 1 and the plain statements" {
	require_command jq jq
	local args=(-A -s httpd_t -t etc_t -c file,dir "$POLICY")
	run -0 --separate-stderr sequery rules "${args[@]}"
	local plain=$output
	run -0 --separate-stderr sequery rules --json "${args[@]}"
	[ -z "$stderr" ]
	local json=$output
	[ "$(jq -r .format_version <<<"$json")" = 1 ]
	[ "$(jq -r '.rules | type' <<<"$json")" = array ]
	[ "$(jq -r '.rules[].statement' <<<"$json")" = "$plain" ]
	# Every rule carries its parts as well as the statement.
	[ "$(jq -r '[.rules[] | select(.kind and .source and .target and .class)] | length' <<<"$json")" \
		= "$(jq -r '.rules | length' <<<"$json")" ]
}

@test "sequery rules: --json before the command works the same" {
	require_command jq jq
	run -0 --separate-stderr sequery --json rules -T -s init_t "$POLICY"
	local global=$output
	run -0 --separate-stderr sequery rules --json -T -s init_t "$POLICY"
	[ "$output" = "$global" ]
	[ "$(jq -r .format_version <<<"$global")" = 1 ]
}

@test "sequery rules: --json of conditional rules still gives the plain statements" {
	require_command jq jq
	run -0 --separate-stderr sequery rules -A -b httpd_can_network_connect "$POLICY"
	local plain=$output
	run -0 --separate-stderr sequery rules --json -A -b httpd_can_network_connect "$POLICY"
	[ "$(jq -r '.rules[].statement' <<<"$output")" = "$plain" ]
	[ "$(jq -r '[.rules[] | select(.conditional.expression)] | length' <<<"$output")" -gt 0 ]
}

@test "sequery rules: --json with no match exits 1 and prints a valid empty list" {
	require_command jq jq
	run -1 --separate-stderr sequery rules --json --neverallow "$POLICY"
	[ -z "$stderr" ]
	[ "$(jq -r '.rules | length' <<<"$output")" = 0 ]
}

@test "sequery rules: --json with an error prints nothing on stdout" {
	run -2 --separate-stderr sequery rules --json -A -s htpd_t "$POLICY"
	no_stdout_no_crash
}

@test "sequery rules: a pipe closed early (| head -1) is quiet" {
	run -0 --separate-stderr bash -c 'sequery rules -A -s domain "$1" | head -1' - "$POLICY"
	[ "${#lines[@]}" -eq 1 ]
	[ -z "$stderr" ]
	run -0 --separate-stderr bash -c 'sequery rules --json -A -s domain "$1" | head -1' - "$POLICY"
	[ "$output" = "{" ]
	[ -z "$stderr" ]
}

@test "sequery rules: -q prints nothing and exits 0 on a match" {
	run -0 --separate-stderr sequery rules -q -A -s httpd_t "$POLICY"
	[ -z "$output" ]
	[ -z "$stderr" ]
	run -0 --separate-stderr sequery -q rules -A -s httpd_t "$POLICY"
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "sequery rules: -q prints nothing and exits 1 without a match" {
	run -1 --separate-stderr sequery rules -q --neverallow "$POLICY"
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "sequery rules: -q still reports errors on stderr" {
	run -2 --separate-stderr sequery rules -q -A -s htpd_t "$POLICY"
	[ -z "$output" ]
	[[ "$stderr" == *"'htpd_t'"* ]]
}

@test "sequery rules: -q wins over --json" {
	run -0 --separate-stderr sequery rules -q --json -A -s httpd_t "$POLICY"
	[ -z "$output" ]
}
