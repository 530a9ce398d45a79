#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Under --json every tool reports its errors as one JSON document on stderr
# (cmd/common cli_report(), HACKING.md "Output"): the diagnostics of
# pol_diag_to_json(), the exit status unchanged, nothing on stdout; without
# --json the same error is the usual "tool: message" line.
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	require_command jq jq
	cd "$BATS_TEST_TMPDIR"
}

# json_error TOOL CODE: stderr is one document of TOOL with an error CODE.
json_error() {
	printf '%s\n' "$stderr"
	jq -e --arg tool "$1" --arg code "$2" '.format_version == 1 and .tool == $tool and
		(.diagnostics | length >= 1) and
		(.diagnostics[0] | .severity == "error" and .code == $code and
		 (.message | type == "string") and has("file") and has("line"))' <<<"$stderr"
}

@test "sequery --json: an unreadable policy is a JSON error, before or after the command" {
	run -2 --separate-stderr sequery --json -P /nonexistent rules -A
	[ -z "$output" ]
	json_error sequery ENOENT
	run -2 --separate-stderr sequery -P /nonexistent rules --json -A
	json_error sequery ENOENT
	run -2 --separate-stderr sequery -P /nonexistent rules -A
	[ "$stderr" = "sequery: cannot open '/nonexistent': No such file or directory" ]
}

@test "sequery shell: a line's --json makes that line's errors JSON, and only its" {
	require_debian_policy
	run -2 --separate-stderr sequery shell "$DEBIAN_POLICY" \
		<<<$'--json rules -A -s nosuch_t\nrules -A -s nosuch_t'
	[ -z "$output" ]
	# the first line's document, then the second line's text
	[ "$(sed -n '$p' <<<"$stderr")" = "sequery: unknown type or attribute 'nosuch_t'" ]
	sed '$d' <<<"$stderr" >first.json
	jq -e '.diagnostics[0].code == "POL_ENOTFOUND"' first.json
}

@test "sectl --json: no selinuxfs is a JSON error, exit 3" {
	run -3 --separate-stderr sectl --json --selinuxfs "$BATS_TEST_TMPDIR/none" mode
	[ -z "$output" ]
	json_error sectl ENOENT
	run -3 --separate-stderr sectl --selinuxfs "$BATS_TEST_TMPDIR/none" mode
	[[ "$stderr" == "sectl: no selinuxfs at "* ]]
}

@test "serelabel --json: a missing spec file is a JSON error" {
	run -2 --separate-stderr serelabel --json -s /nonexistent .
	[ -z "$output" ]
	json_error serelabel ENOENT
}

@test "seallow explain --json: a missing policy is a JSON error" {
	run -2 --separate-stderr seallow explain --json -p /nonexistent </dev/null
	[ -z "$output" ]
	json_error seallow ENOENT
}

@test "sereach --json: a missing policy is a JSON error" {
	run --separate-stderr sereach dta --json -s a /nonexistent
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	jq -e '.tool == "sereach" and (.diagnostics[0].severity == "error")' <<<"$stderr"
}
