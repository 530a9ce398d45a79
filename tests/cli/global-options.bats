#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# One command line across the tools (issue 26 item 4): a tool's global
# options (--json, -q, -v and its policy) hold before its command word and
# after it, among the command's own options: cli_main_commands() makes the
# tool's table the global one, and a command's table (cli_getopt(), or
# argparse's for sequery) inherits each global option that has a
# destination and whose name and letter it does not use itself. Every tool
# that reads a policy takes --policy FILE; sequery's -p is sesearch's
# --perms, and -p followed by a file says "did you mean '-P/--policy'?".
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	SMALL="$BATS_FILE_TMPDIR/access.33"
	CAN="$BATS_FILE_TMPDIR/can.bin"
	TBIN="$BATS_FILE_TMPDIR/t.bin"
	sepolc_fixture "$SMALL" "$SEKIT_SRCDIR/tests/sequery/fixtures/good/access.conf" -c 33
	sepolc_fixture "$CAN" "$SEKIT_SRCDIR/tests/sereach/fixtures/can.conf"
	sepolc_fixture "$TBIN" "$SEKIT_SRCDIR/tests/seallow/fixtures/t.conf"
	cd "$BATS_TEST_TMPDIR"
}

@test "sequery: --policy, -P, --json, -q and -v before the command or after it" {
	run -0 --separate-stderr sequery --policy "$SMALL" info -b
	local want=$output
	[[ $want == *httpd_read_shadow* ]]
	run -0 --separate-stderr sequery info -b --policy "$SMALL"
	[ "$output" = "$want" ]
	run -0 --separate-stderr sequery info --policy="$SMALL" -b
	[ "$output" = "$want" ]
	run -0 --separate-stderr sequery what-can init_t -P "$SMALL" process
	[[ $output == process* ]]
	run -0 --separate-stderr sequery what-can -P"$SMALL" init_t process
	[[ $output == process* ]]
	# --json and -q of the tool, after a command that has none of its own
	run -0 --separate-stderr sequery what-can init_t process --json -P "$SMALL"
	[[ $output == *'"format_version"'* ]]
	run -0 --separate-stderr sequery what-can init_t process -q -P "$SMALL"
	[ -z "$output" ]
	# -v where the command has none of its own: accepted
	run -0 --separate-stderr sequery who-can read file etc_t -v -P "$SMALL"
	# a command's own option wins: rules' -v counts the matches
	run -0 --separate-stderr sequery rules -A -s init_t -v -P "$SMALL"
	[[ $stderr == *"rules matched"* ]]
	# the inherited options are in the command's --help and --list-options
	run -0 --separate-stderr sequery who-can --help
	[[ $output == *"-P, --policy=FILE"* ]]
	run -0 --separate-stderr sequery info --list-options
	[[ $output == *$'\n--policy\t'* && $output == *$'\n-P\t'* ]]
	# a value is required
	run -2 --separate-stderr sequery info -b --policy
	[[ $stderr == *"option '--policy' requires an argument"* ]]
}

@test "sequery -p FILE: did you mean -P/--policy, before the command, after every command and as rules' permissions" {
	cp "$SMALL" policy.33
	run -2 --separate-stderr sequery -p policy.33 info
	[ "${stderr_lines[0]}" = "sequery: invalid option -- 'p'" ]
	[ "${stderr_lines[1]}" = "sequery: note: did you mean '-P/--policy'?" ]
	# every command (argparse's tables inherit -P from the tool's)
	local words cmd
	while read -r cmd words; do
		run -2 --separate-stderr sequery $cmd -p policy.33 $words
		[ "${stderr_lines[0]}" = "sequery: unrecognized option '-p'" ] ||
			{ echo "$cmd: $stderr"; false; }
		[ "${stderr_lines[1]}" = "sequery: note: did you mean '-P/--policy'?" ] ||
			{ echo "$cmd: $stderr"; false; }
		[ "${stderr_lines[2]}" = "Try 'sequery $cmd --help' for more information." ]
	done <<-EOF
		info -t
		who-can read file etc_t
		what-can init_t
		diff policy.33
		shell
	EOF
	run -2 --separate-stderr sequery info -b -p policy.33 --json
	[[ $stderr == *'"did you mean '"'-P/--policy'"'?"'* ]]
	run -2 --separate-stderr sequery rules -A -p ./policy.33
	[ "${stderr_lines[0]}" = "sequery: -p/--perms: './policy.33' is a file, not a list of permissions" ]
	[ "${stderr_lines[1]}" = "sequery: note: did you mean '-P/--policy'?" ]
	run -2 --separate-stderr sequery rules -A -p policy.33 --json
	[[ $stderr == *'"did you mean '"'-P/--policy'"'?"'* ]]
	# permissions stay permissions, and -p before what is no policy is just unknown
	run -0 --separate-stderr sequery rules -A -p read "$SMALL"
	local not_policy
	for not_policy in nosuchfile "$SEKIT_SRCDIR/tests/sequery/fixtures/good/access.conf" /dev/null; do
		run -2 --separate-stderr sequery -p "$not_policy" info
		[ "${stderr_lines[0]}" = "sequery: invalid option -- 'p'" ]
		[[ $stderr != *"did you mean"* ]]
		run -2 --separate-stderr sequery who-can -p "$not_policy" read file etc_t
		[ "${stderr_lines[0]}" = "sequery: unrecognized option '-p'" ]
		[[ $stderr != *"did you mean"* ]]
	done
}

@test "sepolc -p FILE and serelabel -p FILE (setfiles' --progress) of a policy: did you mean --policy" {
	cp "$SMALL" policy.33
	printf 'module m 1.0;\ntype m_t;\n' >m.te
	run -2 --separate-stderr sepolc -p policy.33 m.te
	[ "${stderr_lines[0]}" = "sepolc: invalid option -- 'p'" ]
	[ "${stderr_lines[1]}" = "sepolc: note: did you mean '--policy'?" ]
	run -2 --separate-stderr sepolc -p m.te
	[ "${stderr_lines[0]}" = "sepolc: invalid option -- 'p'" ]
	[[ $stderr != *"did you mean"* ]]
	# another flag before a policy is an ordinary command line
	run -0 --separate-stderr sepolc -b -F policy.33 -o policy.conf
	[ -s policy.conf ]
	# serelabel's -p is a flag: a policy after it was meant for -c; nothing is walked
	mkdir tree
	run -2 --separate-stderr serelabel -n -p policy.33 tree
	[ "${stderr_lines[0]}" = "serelabel: -p/--progress takes no value, and 'policy.33' is a binary policy" ]
	[ "${stderr_lines[1]}" = "serelabel: note: did you mean '-c/--policy'?" ]
	[ "${stderr_lines[2]}" = "Try 'serelabel --help' for more information." ]
	[ -z "$output" ]
	run -2 --separate-stderr serelabel --json -n -p policy.33 tree
	[[ $stderr == *'"did you mean '"'-c/--policy'"'?"'* ]]
	# -p before a path that is no policy is still --progress
	printf '/.*\tsystem_u:object_r:etc_t\n' >fc
	run -0 --separate-stderr serelabel -n -s fc -p tree
	[[ $stderr == *"1 file, 1 to relabel"* ]]
}

@test "sereach: --policy, --json, -q and -v before the command or after it" {
	run -0 --separate-stderr sereach can -p "$CAN" a_t read secret_t
	local want=$output
	run -0 --separate-stderr sereach --policy "$CAN" can a_t read secret_t
	[ "$output" = "$want" ]
	run -0 --separate-stderr sereach -p "$CAN" --json can a_t read secret_t
	[[ $output == *'"format_version"'* ]]
	run -0 --separate-stderr sereach --json can a_t read secret_t --policy="$CAN"
	[[ $output == *'"format_version"'* ]]
	run -0 --separate-stderr sereach -q can -p "$CAN" a_t read secret_t
	[ -z "$output" ]
	run -1 --separate-stderr sereach -q -p "$CAN" can a_t write secret_t
	[ -z "$output" ]
	# dta and flow: -q before or after (inherited), the exit status the answer
	run -0 --separate-stderr sereach -p "$CAN" dta -s a_t
	[[ $output == *"a_t -> b_t"* ]]
	run -0 --separate-stderr sereach -q -p "$CAN" dta -s a_t
	[ -z "$output" ]
	run -0 --separate-stderr sereach dta -s a_t -q -p "$CAN"
	[ -z "$output" ]
	run -1 --separate-stderr sereach dta -s secret_t -q -p "$CAN"
	[ -z "$output" ]
	run -0 --separate-stderr sereach dta --help
	[[ $output == *"-q, --quiet"* ]]
	run -0 --separate-stderr sereach -v -p "$CAN" can a_t read secret_t
}

@test "sectl: --policy, --json, -q and -v before the command or after it" {
	local a=(system:system:a_t system:system:b_t process transition)
	# the context is refused (the role is not authorised): an error about
	# the policy given, wherever --policy is
	run -2 --separate-stderr sectl -p "$CAN" access "${a[@]}"
	local want=$stderr
	[[ $want == *"role 'system' is not authorized for type 'a_t'"* ]]
	run -2 --separate-stderr sectl access "${a[@]}" --policy "$CAN"
	[ "$stderr" = "$want" ]
	run -2 --separate-stderr sectl --json access -p "$CAN" "${a[@]}"
	[[ $stderr == *'"tool": "sectl"'* ]]
	run -2 --separate-stderr sectl access -p "$CAN" "${a[@]}" --json
	[[ $stderr == *'"tool": "sectl"'* ]]
	run -2 --separate-stderr sectl -q access -v -p "$CAN" "${a[@]}"
	[ -z "$output" ]
}

@test "sestore: --json, -q and -v before the command or after it" {
	run -3 --separate-stderr sestore --json --root "$BATS_TEST_TMPDIR/none" boolean -l
	[[ $stderr == *'"tool": "sestore"'* ]]
	run -3 --separate-stderr sestore boolean -l --root "$BATS_TEST_TMPDIR/none" --json
	[[ $stderr == *'"tool": "sestore"'* ]]
	run -3 --separate-stderr sestore -q -v boolean -l --root "$BATS_TEST_TMPDIR/none"
	run -3 --separate-stderr sestore boolean -q -l -v --root "$BATS_TEST_TMPDIR/none"
}

@test "seallow explain: --policy, --json and -q before the command or after it" {
	log=$SEKIT_SRCDIR/tests/seallow/fixtures/t.log
	export SEKIT_POLICY_XML=/nonexistent
	# exit 4: t.log has a denial whose context the policy lacks (skipped)
	run -4 --separate-stderr seallow explain --json --policy "$TBIN" -i "$log"
	local want=$output
	[[ $want == *'"tool":"seallow"'* ]]
	run -4 --separate-stderr seallow --json --policy "$TBIN" explain -i "$log"
	[ "$output" = "$want" ]
	run -4 --separate-stderr seallow -p "$TBIN" explain -i "$log" --json
	[ "$output" = "$want" ]
	run -4 --separate-stderr seallow -q explain -p "$TBIN" -i "$log"
	[ -z "$output" ]
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$log" -q
	[ -z "$output" ]
}

@test "every tool that reads a policy takes --policy FILE" {
	local tool
	for tool in sequery sereach sectl serelabel sepolc; do
		"$tool" --list-options | cut -f1 | grep -qx -- --policy= ||
			{ echo "$tool has no --policy"; false; }
	done
	seallow explain --list-options | cut -f1 | grep -qx -- --policy=
	# sepolc's is --base: the policy a module's requires are checked against
	printf 'module m 1.0;\nrequire { type nosuch_t; }\ntype m_t;\n' >m.te
	run -0 --separate-stderr sepolc --policy="$SMALL" m.te
	[[ $stderr == *"m.te:2:16: warning: the installed policy ($SMALL) has no type 'nosuch_t'"* ]]
}
