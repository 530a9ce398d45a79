#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach on bad input: every malformed permission map of setools' test
# corpus rejected with file:line, bad options and names with exit 2, nothing
# on stdout.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures p
}

@test "sereach flow: each malformed map of setools' corpus is rejected at its line" {
	need_fixture p
	local dir="$SEKIT_CORPUS/setools/invalid_perm_maps" f n=0
	[ -d "$dir" ] || skip "no $dir"
	for f in "$dir"/*; do
		run -2 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$f" -s a_t
		[ -z "$output" ] || { echo "$f: stdout: $output"; false; }
		[[ $stderr =~ ^"$f":[0-9]+:\ error:\  ]] || { echo "$f: $stderr"; false; }
		n=$((n + 1))
	done
	[ "$n" -ge 11 ]
}

@test "sereach flow: a map that is not one, or missing, is an error" {
	need_fixture p
	run -2 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_FILE_TMPDIR/p.bin" -s a_t
	[[ $stderr == *"p.bin"* ]]
	run -2 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m /nonexistent/map -s a_t
	[[ $stderr == *"cannot read permission map '/nonexistent/map'"* ]]
}

@test "sereach: an unknown type exits 2 and suggests a name" {
	need_fixture p
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/p.bin" -s a_tt
	[ -z "$output" ]
	[[ $stderr == *"unknown type 'a_tt'"* && $stderr == *"did you mean 'a_t'"* ]]
	run -2 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t nosuch_t
	[[ $stderr == *"unknown type 'nosuch_t'"* ]]
}

@test "sereach: usage errors exit 2 with the try line" {
	need_fixture p
	local p="$BATS_FILE_TMPDIR/p.bin"
	run -2 --separate-stderr sereach dta -p "$p" -s a_t -t b_t
	[[ $stderr == *"algorithm"* && $stderr == *"--help"* ]]
	run -2 --separate-stderr sereach dta -p "$p" -s a_t -t b_t -A 0
	run -2 --separate-stderr sereach flow -p "$p" -m "$FIX/p.map" -s a_t -w 11
	run -2 --separate-stderr sereach flow -p "$p" -m "$FIX/p.map" -s a_t -l -1
	run -2 --separate-stderr sereach flow -p "$p" -m "$FIX/p.map" -s a_t -t b_t
	run -2 --separate-stderr sereach flow -p "$p" -m "$FIX/p.map" -s a_t -b cond=yes
	run -2 --separate-stderr sereach flow -p "$p" -m "$FIX/p.map" -s a_t --booleans cond=maybe
	run -2 --separate-stderr sereach dta -p "$p"
	run -2 --separate-stderr sereach dta -p "$p" -s a_t --bogus
	run -2 --separate-stderr sereach nosuch
	run -2 --separate-stderr sereach
}

@test "sereach: -w/--min_weight is checked alike by flow, can and check" {
	local cmd
	for cmd in "flow -s a_t" "can a_t read b_t" "check f"; do
		# shellcheck disable=SC2086 # the command and its operands
		run -2 --separate-stderr sereach ${cmd%% *} -w x ${cmd#* }
		[ "${stderr%%$'\n'*}" = "sereach: -w/--min_weight: invalid integer 'x'" ]
		# shellcheck disable=SC2086
		run -2 --separate-stderr sereach ${cmd%% *} --min_weight=11 ${cmd#* }
		[ "${stderr%%$'\n'*}" = "sereach: -w/--min_weight: the minimum weight must be an integer 1-10" ]
		[[ $stderr == *"Try 'sereach ${cmd%% *} --help'"* ]]
	done
}

@test "sereach: an unreadable or invalid policy exits 2" {
	run -2 --separate-stderr sereach dta -p /nonexistent/policy -s a_t
	[[ $stderr == *"/nonexistent/policy"* ]]
	printf 'not a policy' >"$BATS_TEST_TMPDIR/bad"
	run -2 --separate-stderr sereach flow -p "$BATS_TEST_TMPDIR/bad" -s a_t
	[ -z "$output" ]
}

@test "sereach: --help and --version exit 0 on stdout" {
	run -0 --separate-stderr sereach --help
	[[ $output == *"Usage:"* ]]
	run -0 --separate-stderr sereach dta --help
	[[ $output == *"--shortest_path"* && $output == *"See sereach(1)."* ]]
	run -0 --separate-stderr sereach flow --help
	[[ $output == *"--min_weight=N"* ]]
	run -2 --separate-stderr sereach dta --bogus
	[[ $stderr == *"Try 'sereach dta --help'"* ]]
	run -0 --separate-stderr sereach --version
	[[ $output == "sereach (sekit) "* ]]
}

@test "sereach: the commands, options and policy names completions read" {
	need_fixture p
	run -0 sereach --list-commands
	[ "$(cut -f1 <<<"$output")" = $'dta\nflow\ncan\ncheck' ]
	run -0 sereach flow --list-options
	[[ $output == *"--min_weight="* && $output == *"--booleans="* ]]
	run -0 sereach __complete names bool "$BATS_FILE_TMPDIR/p.bin"
	[ "$output" = cond ]
	run -0 sereach __complete names type "$BATS_FILE_TMPDIR/p.bin"
	[[ $output == *"a_t"* ]]
}
