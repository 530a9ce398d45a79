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

# Diagnostics printed beside an answer or before a refusal (not by the
# tool's final cli_report()) are JSON too: one row per tool, "TOOL|TEXT|ARGS"
# with %J where --json goes; with --json stderr must be one document whose diagnostics hold a
# message of the expected text, and the same command without --json prints
# that text as a plain "tool: ..." or "file:line:col: ..." line.
@test "--json: notes, warnings and summaries beside the answer are JSON diagnostics in every tool" {
	require_debian_policy
	printf '/tree(/.*)?\tsystem_u:object_r:etc_t:s0\n/tree/g\t--\tsystem_u:object_r\n' >notype.fc
	mkdir tree
	local rows=(
		"serelabel|has no type|%J -n -s notype.fc -r $PWD $PWD/tree"
		"serelabel|1 line of 'notype.fc' has an invalid context|%J -n -s notype.fc -r $PWD $PWD/tree"
		"sequery|unknown type 'nosuch_t'|%J info -t nosuch_t $DEBIAN_POLICY"
		"sereach|unknown boolean 'nosuch' ignored|flow %J -p $DEBIAN_POLICY -m $BATS_TEST_DIRNAME/../../data/perm_map -s init_t -t kernel_t -S -b nosuch:true"
	)
	local row tool text args
	for row in "${rows[@]}"; do
		IFS='|' read -r tool text args <<<"$row"
		echo "# $tool ${args//%J/--json}"
		# shellcheck disable=SC2086
		run --separate-stderr "$tool" ${args//%J/--json}
		printf '%s\n' "$stderr" >doc.json
		/usr/bin/python3 -m json.tool doc.json >/dev/null
		jq -e --arg tool "$tool" --arg text "$text" '.tool == $tool and
			(.diagnostics | type == "array") and
			any(.diagnostics[]; .message | contains($text))' doc.json
		# shellcheck disable=SC2086
		run --separate-stderr "$tool" ${args//%J/}
		[[ "$stderr" == *"$text"* ]]
		! jq -e . <<<"$stderr" >/dev/null 2>&1
	done
}

# ---- usage errors: the same document once --json was seen ------------------

# "TOOL" and "TOOL COMMAND" for every command whose options include --json.
json_invocations() {
	local tool cmd
	for tool in $(sed -n 's/^bin_PROGRAMS += *//p' "$SEKIT_SRCDIR"/cmd/*/Makemodule.am); do
		{
			echo "$tool"
			"$tool" --list-commands 2>/dev/null | cut -f1 | sed "s/^/$tool /"
		} | while read -r inv; do
			# shellcheck disable=SC2086
			# (an invocation without --json, last of its tool, must not end
			# the list under bats' set -e)
			if $inv --list-options 2>/dev/null | cut -f1 | grep -qx -- --json; then
				echo "$inv"
			fi
		done
	done
	return 0
}

# usage_error TOOL MESSAGE TRY: stderr is one document of TOOL whose first
# diagnostic is the usage error MESSAGE and whose last is the Try note.
usage_error() {
	printf '%s\n' "$stderr"
	jq -e --arg tool "$1" --arg msg "$2" --arg hint "try '$3 --help' for more information" '
		.format_version == 1 and .tool == $tool and
		(.diagnostics[0] | .severity == "error" and .code == "POL_EINVAL" and .message == $msg) and
		(.diagnostics[-1] | .severity == "note" and .message == $hint)' <<<"$stderr"
}

@test "--json: an unknown option after --json is a JSON usage error in every tool and command, exit 2" {
	local inv tool n=0
	while read -r inv; do
		tool=${inv%% *}
		echo "# $inv"
		# shellcheck disable=SC2086
		run -2 --separate-stderr $inv --json --no-such-option </dev/null
		[ -z "$output" ]
		usage_error "$tool" "unrecognized option '--no-such-option'" "$inv"
		n=$((n + 1))
	done < <(json_invocations)
	# sepolc, serelabel, sequery and its commands, sereach's, sectl's, seallow
	[ "$n" -ge 15 ]
}

@test "--json: usage errors of the tools' own checks are JSON too, and plain text without --json" {
	run -2 --separate-stderr sectl --json
	usage_error sectl "no command given" sectl
	# a command's own check, under sectl's one document per run
	run -2 --separate-stderr sectl --json mode --selinuxfs "$BATS_TEST_TMPDIR" bogus
	[ "$(jq -s length <<<"$stderr")" = 1 ]
	usage_error sectl "invalid mode 'bogus': use enforcing, permissive, 1 or 0" "sectl mode"
	run -2 --separate-stderr seallow --json -i x -d
	usage_error seallow "-i, -d, -a/-b and --journal each name the input: give one" seallow
	run -2 --separate-stderr seallow -i x -d
	[ "$stderr" = "seallow: -i, -d, -a/-b and --journal each name the input: give one"$'\n'"Try 'seallow --help' for more information." ]
	# argparse's messages (sequery's commands), --json before or inside the command
	run -2 --separate-stderr sequery --json rules -s
	usage_error sequery "argument -s/--source: expected one argument" "sequery rules"
	run -2 --separate-stderr sequery rules --json -s
	usage_error sequery "argument -s/--source: expected one argument" "sequery rules"
	run -2 --separate-stderr sequery rules -s
	[ "$stderr" = "sequery: argument -s/--source: expected one argument"$'\n'"Try 'sequery rules --help' for more information." ]
}

@test "--json: an unknown command is a JSON usage error with its did-you-mean note" {
	run -2 --separate-stderr sequery --json rulez
	[ -z "$output" ]
	usage_error sequery "unknown command 'rulez'" sequery
	jq -e '.diagnostics[1] | .severity == "note" and .message == "did you mean '"'rules'"'?"' <<<"$stderr"
	run -2 --separate-stderr sectl --json stauts
	usage_error sectl "unknown command 'stauts'" sectl
}

@test "--json: an unknown option before --json is a JSON usage error in every tool and command, exit 2" {
	local inv tool n=0
	while read -r inv; do
		tool=${inv%% *}
		echo "# $inv"
		# shellcheck disable=SC2086
		run -2 --separate-stderr $inv --no-such-option --json </dev/null
		[ -z "$output" ]
		usage_error "$tool" "unrecognized option '--no-such-option'" "$inv"
		n=$((n + 1))
	done < <(json_invocations)
	[ "$n" -ge 15 ]
}

@test "--json: the pre-scan reads the line as the parser does: abbreviations, values, '--', global options" {
	# an abbreviation of --json asks for JSON, as getopt_long() and argparse read it
	run -2 --separate-stderr sereach dta --no-such-option --js
	usage_error sereach "unrecognized option '--no-such-option'" "sereach dta"
	run -2 --separate-stderr sequery who-can --no-such-option --js
	usage_error sequery "unrecognized option '--no-such-option'" "sequery who-can"
	# a tool's own check of a value met before --json
	run -2 --separate-stderr serelabel -T many --json /tmp
	usage_error serelabel "invalid thread count 'many'" serelabel
	# an error in the global options, --json after the command
	run -2 --separate-stderr sequery --no-such-option who-can --json
	usage_error sequery "unrecognized option '--no-such-option'" sequery
	run -2 --separate-stderr sectl --no-such-option mode --json
	usage_error sectl "unrecognized option '--no-such-option'" sectl
	# "--json" as an option's value, or after "--", asks for nothing
	run -2 --separate-stderr serelabel --no-such-option -s --json .
	[ "$stderr" = "serelabel: unrecognized option '--no-such-option'"$'\n'"Try 'serelabel --help' for more information." ]
	run -2 --separate-stderr sereach dta --no-such-option -- --json
	[ "$stderr" = "sereach: unrecognized option '--no-such-option'"$'\n'"Try 'sereach dta --help' for more information." ]
	run -2 --separate-stderr sequery rules --no-such-option -- --json
	[ "$stderr" = "sequery: unrecognized option '--no-such-option'"$'\n'"Try 'sequery rules --help' for more information." ]
	# and without --json, text as always
	run -2 --separate-stderr sequery who-can --no-such-option
	[ "$stderr" = "sequery: unrecognized option '--no-such-option'"$'\n'"Try 'sequery who-can --help' for more information." ]
}
