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
	# MLS, for the sensitivity and category tables
	if command -v checkpolicy >/dev/null 2>&1; then
		checkpolicy -M -o "$BATS_FILE_TMPDIR/gap.bin" "$FIX/gap.conf" >"$BATS_FILE_TMPDIR/gap.log" 2>&1 ||
			rm -f "$BATS_FILE_TMPDIR/gap.bin"
	fi
}

@test "sereach flow: each malformed map of setools' corpus is rejected at its line" {
	need_fixture p
	local dir="$SEKIT_CORPUS/setools/invalid_perm_maps" f n=0
	require_corpus setools/invalid_perm_maps
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

@test "sereach completion: the command after global options, and can's read|write" {
	need_fixture p
	COMPLETION="$SEKIT_SRCDIR/completions/bash/sereach"
	local p="$BATS_FILE_TMPDIR/p.bin"
	run -0 complete_words c
	[ "$(echo $output)" = "can check" ]
	run -0 complete_words -p "$p" --json c
	[ "$(echo $output)" = "can check" ]
	run -0 complete_words --policy "$p" can a_t ""
	[ "$(echo $output)" = "read write" ]
	run -0 complete_words can -p "$p" a_t w
	[ "$output" = write ]
	run -0 complete_words -p "$p" can a_t read b
	[[ $output == *b_t* ]]
	run -0 complete_words -p "$p" dta --rev
	[ "$output" = "--reverse" ]
	run -0 complete_words -p "$p" dta -s a
	[[ $output == *a_t* ]]
}

@test "sereach zsh completion: the command after global options, can's read|write, names from the policy" {
	need_fixture p
	require_command zsh zsh
	local z="$SEKIT_SRCDIR/completions/zsh/_sereach" p="$BATS_FILE_TMPDIR/p.bin"
	local cmds
	cmds=$(sereach --list-commands | cut -f1)
	# (zsh filters by the prefix itself: the harness prints every word offered)
	run -0 zsh_complete "$z" sereach c
	[ "$output" = "$cmds" ]
	run -0 zsh_complete "$z" sereach -p "$p" --json c
	[ "$output" = "$cmds" ]
	run -0 zsh_complete "$z" sereach --policy="$p" -q ""
	[ "$output" = "$cmds" ]
	run -0 zsh_complete "$z" sereach --policy "$p" can a_t ""
	[ "$(echo $output)" = "read write" ]
	run -0 zsh_complete "$z" sereach can -p "$p" a_t w
	[ "$(echo $output)" = "read write" ]
	# the target: the policy's types, wherever -p is
	run -0 zsh_complete "$z" sereach -p "$p" can a_t read ""
	[[ " $(echo $output) " == *" a_t b_t "* ]]
	[[ $output != *read* ]]
	local types=$output
	run -0 zsh_complete "$z" sereach can a_t read "" -p "$p"
	run -0 zsh_complete "$z" sereach can --policy="$p" a_t read ""
	[ "$output" = "$types" ]
	# a command's options, and the global ones before the command
	run -0 zsh_complete "$z" sereach -p "$p" dta --rev
	[[ $output == *--reverse* && $output != *--min_weight* ]]
	run -0 zsh_complete "$z" sereach -
	[[ $output == *--policy* && $output == *--json* && $output != *--reverse* ]]
	# an option's value: types after -s, booleans after -b
	run -0 zsh_complete "$z" sereach -p "$p" dta -s a
	[ "$output" = "$types" ]
	run -0 zsh_complete "$z" sereach -p "$p" flow -b ""
	[[ ${lines[0]} == default && ${lines[1]} == current ]]
	# no policy that can be read: no names
	run -0 zsh_complete "$z" sereach -p /nonexistent dta -s a
	[ -z "$output" ]
}

# gap_policy TABLE NAME...: gap.conf compiled, its TABLE counting one more
# value than it defines, as $BATS_TEST_TMPDIR/gap-TABLE.bin
gap_policy() {
	/usr/bin/python3 "$BATS_TEST_DIRNAME/gap-policy.py" "$BATS_FILE_TMPDIR/gap.bin" \
		"$BATS_TEST_TMPDIR/gap-$1.bin" "$@"
}

@test "sereach, sequery, sepolc -b: a symbol table counting more values than it has is refused at load (an empty role slot is a role attribute)" {
	need_fixture gap
	# the unpatched policy loads
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/gap.bin" -s zqtype
	local t pol
	for t in "common zqcommon" "class process" "user zquser" "bool zqbool" \
		"sens zqsens" "cat zqcat" "type zqtype"; do
		gap_policy $t
		pol="$BATS_TEST_TMPDIR/gap-${t%% *}.bin"
		for cmd in "dta -s zqtype" "flow -s zqtype" "can zqtype read zqtype" "dta --why-not zqtype zqtype"; do
			run -2 --separate-stderr sereach ${cmd%% *} -p "$pol" ${cmd#* }
			[[ $stderr == *"'$pol' is not a valid binary policy"* ]] || { echo "$t: $cmd: $stderr"; false; }
			[ -z "$output" ]
		done
		echo 'no transition from zqtype to zqtype' >"$BATS_TEST_TMPDIR/c.check"
		run -2 --separate-stderr sereach check -p "$pol" "$BATS_TEST_TMPDIR/c.check"
		[[ $stderr == *"not a valid binary policy"* ]] || { echo "$t: check: $stderr"; false; }
		run -2 --separate-stderr sequery -P "$pol" info
		[[ $stderr == *"not a valid binary policy"* ]] || { echo "$t: sequery: $stderr"; false; }
		run -2 --separate-stderr sepolc -b -C -o - "$pol"
		[[ $stderr == *"not a valid binary policy"* ]] || { echo "$t: sepolc: $stderr"; false; }
	done
	# an empty role slot is what a role attribute leaves in every kernel
	# policy (checkpolicy's policy_allonce.conf): it loads, and nothing
	# reads the missing role
	gap_policy role zqrole object_r
	pol="$BATS_TEST_TMPDIR/gap-role.bin"
	for cmd in "dta -s zqtype" "flow -s zqtype" "can zqtype read zqtype" "dta --why-not zqtype zqtype"; do
		run --separate-stderr sereach ${cmd%% *} -p "$pol" ${cmd#* }
		[ "$status" -le 1 ] || { echo "role: $cmd: $status $stderr"; false; }
	done
	run -0 --separate-stderr sequery -P "$pol" info
	# libsepol refuses a type gap itself; every other table says which value is missing
	gap_policy bool zqbool
	run -2 --separate-stderr sereach dta -p "$BATS_TEST_TMPDIR/gap-bool.bin" -s zqtype
	[[ $stderr == *"its boolean table counts 2 values but defines no boolean of value 2"* ]] || { echo "$stderr"; false; }
}

@test "sereach: /dev/zero as a permission map or a check file is refused at once" {
	need_fixture p
	local args
	for args in "flow -s a_t -m /dev/zero" "flow -s a_t -m /dev/urandom" "check /dev/zero" "check /dev/urandom"; do
		SECONDS=0
		# shellcheck disable=SC2086
		run -2 --separate-stderr timeout 20 sereach ${args%% *} -p "$BATS_FILE_TMPDIR/p.bin" ${args#* }
		[[ $stderr == *": a NUL byte: binary data, not text"* ]] || { echo "$args: $stderr"; false; }
		[ "$SECONDS" -le 2 ] || { echo "$args: ${SECONDS}s"; false; }
	done
	# a map with a NUL byte says where it is
	printf 'count 1\n\nclass file 1\n  read r\0 10\n' >"$BATS_TEST_TMPDIR/nul.map"
	run -2 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/nul.map" -s a_t
	[[ $stderr == *"nul.map:4:9: error: a NUL byte: binary data, not text"* ]] || { echo "$stderr"; false; }
}
