#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sequery shell: one policy load, many commands, from a pipe or a terminal.
bats_require_minimum_version 1.5.0
load policies

setup_file() {
	compile_small_policy
}

setup() {
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/state"
}

# Type lines into "sequery shell ARGS..." on a terminal; its stdout goes to
# $BATS_TEST_TMPDIR/stdout, what the terminal showed to $output.
on_tty() {
	local lines=()

	while [ "$1" != -- ]; do
		lines+=("$1")
		shift
	done
	shift
	python3 "$BATS_TEST_DIRNAME/drive-tty.py" "$BATS_TEST_TMPDIR/stdout" 'sequery> ' \
		"${lines[@]}" -- sequery shell "$@"
}

need_tty() {
	command -v python3 >/dev/null 2>&1 || skip "python3 is not installed (drives the terminal)"
}

@test "sequery shell: piped commands run in order, without a prompt" {
	need_small_policy
	run -0 --separate-stderr sequery who-can read file shadow_t "$SMALL"
	local expected="$output"
	run -0 --separate-stderr sequery what-can sshd_t dir "$SMALL"
	expected+=$'\n'"$output"
	run -0 --separate-stderr sequery shell "$SMALL" <<-'EOF'
		who-can read file shadow_t
		what-can sshd_t dir
	EOF
	[ "$output" = "$expected" ]
	[ -z "$stderr" ]
}

@test "sequery shell: the exit status is the last command's" {
	need_small_policy
	run -1 --separate-stderr sequery shell "$SMALL" <<<$'who-can read file shadow_t\nwho-can write file shadow_t'
	run -0 --separate-stderr sequery shell "$SMALL" <<<$'who-can write file shadow_t\nwho-can read file shadow_t'
	run -2 --separate-stderr sequery shell "$SMALL" <<<'who-can read file nosuch_t'
	[[ "$stderr" == *"unknown type or attribute 'nosuch_t'"* ]]
	run -0 --separate-stderr sequery shell "$SMALL" </dev/null
	[ -z "$output" ]
}

@test "sequery shell: quit and exit leave, with a status or the last one" {
	need_small_policy
	run -1 --separate-stderr sequery shell "$SMALL" <<<$'who-can write file shadow_t\nquit\nwho-can read file shadow_t'
	[ -z "$output" ]
	run -7 --separate-stderr sequery shell "$SMALL" <<<$'exit 7\nwho-can read file shadow_t'
	run -2 --separate-stderr sequery shell "$SMALL" <<<'exit seven'
	[[ "$stderr" == *"exit: 'seven' is not a status from 0 to 255"* ]]
}

@test "sequery shell: lines are split as sh splits them" {
	need_small_policy
	run -0 --separate-stderr sequery shell "$SMALL" <<-'EOF'
		who-can 'read' "file" shad\ow_t   # a comment
		# a line of comment

		rules -A -s "split"'_t' -c file
	EOF
	[[ "$output" == "httpd_t"*"allow split_t shadow_t:file open;
allow split_t web_t:file read;" ]]
}

@test "sequery shell: an unterminated quote is an error and the shell goes on" {
	need_small_policy
	run -0 --separate-stderr sequery shell "$SMALL" <<<$'who-can "read file shadow_t\nwhat-can split_t'
	[[ "$stderr" == *"unterminated quote"* ]]
	[[ "$output" == "file"* ]]
}

@test "sequery shell: an unknown command says so and the shell goes on" {
	need_small_policy
	run -0 --separate-stderr sequery shell "$SMALL" <<<$'who-cant read file shadow_t\nwhat-can split_t'
	[[ "$stderr" == *"unknown command 'who-cant'"*"Type 'help'"* ]]
	[[ "$output" == "file"* ]]
	run -2 --separate-stderr sequery shell "$SMALL" <<<'shell'
	[[ "$stderr" == *"already in the shell"* ]]
}

@test "sequery shell: the global --json and -q apply to every command" {
	need_small_policy
	require_command jq jq
	run -0 --separate-stderr sequery --json shell "$SMALL" <<<$'who-can read file shadow_t\nwhat-can sshd_t'
	[ "$(jq -s -r '.[].command' <<<"$output")" = "who-can
what-can" ]
	run -1 --separate-stderr sequery -q shell "$SMALL" <<<$'what-can sshd_t\nwho-can write file shadow_t'
	[ -z "$output" ]
	# and a line may start with them, for that line only
	run -0 --separate-stderr sequery shell "$SMALL" <<<$'--json what-can sshd_t dir\nwhat-can sshd_t dir'
	[[ "$output" == "{"*"}
dir
  etc_t: search"* ]]
}

@test "sequery shell: policy shows the policy in use and switches to another" {
	need_small_policy
	cp "$SMALL" "$BATS_TEST_TMPDIR/other.33"
	run -0 --separate-stderr sequery shell "$SMALL" <<-EOF
		policy
		policy $BATS_TEST_TMPDIR/other.33
		policy
		what-can -q split_t file $SMALL
	EOF
	[ "$output" = "$SMALL
$BATS_TEST_TMPDIR/other.33" ]
	# a policy that cannot be read leaves the current one in place
	run -0 --separate-stderr sequery shell "$SMALL" <<<$'policy /nonexistent/policy\npolicy'
	[[ "$stderr" == *"cannot open '/nonexistent/policy'"* ]]
	[ "$output" = "$SMALL" ]
	run -2 --separate-stderr sequery shell "$SMALL" <<<'policy /nonexistent/policy'
}

@test "sequery shell: help lists the commands and shows a command's usage" {
	need_small_policy
	run -0 --separate-stderr sequery shell "$SMALL" <<<'help'
	[[ "$output" == *"rules "*"who-can "*"what-can "*"policy [FILE]"*"quit, exit"* ]]
	[[ "$output" != *"  shell "* ]]
	run -0 --separate-stderr sequery shell "$SMALL" <<<'help who-can'
	[[ "$output" == "Usage:"*"sequery who-can"* ]]
	run -0 --separate-stderr sequery shell --help
	[[ "$output" == "Usage:"*"sequery shell"* ]]
}

@test "sequery shell: a policy that cannot be read ends the shell before it starts" {
	run -2 --separate-stderr sequery shell "$BATS_TEST_TMPDIR/none" <<<'who-can read file etc_t'
	[[ "$stderr" == *"cannot open"* ]]
	[ -z "$output" ]
	run -2 --separate-stderr sequery shell a b
	[[ "$stderr" == *"unrecognized argument: b"* ]]
}

@test "sequery shell: on a terminal, Tab completes commands, options and policy names" {
	need_small_policy
	need_tty
	# a unique completion ends with a space
	run -0 on_tty 'who-c\trea\tfi\tshad\t\n' 'rules -A --sou\tspl\t-c fi\t-b httpd_r\t\n' \
		'what-can ss\tdi\t\n' 'quit\n' -- "$SMALL"
	[[ "$output" == *"who-can read file shadow_t "* ]]
	[[ "$output" == *"rules -A --source split_t -c file -b httpd_read_shadow "* ]]
	[[ "$output" == *"what-can sshd_t dir "* ]]
	[ "$(cat "$BATS_TEST_TMPDIR/stdout")" = "$(sequery shell "$SMALL" <<-'EOF'
		who-can read file shadow_t
		rules -A --source split_t -c file -b httpd_read_shadow
		what-can sshd_t dir
	EOF
	)" ]
}

@test "sequery shell: on a terminal, history is kept in XDG_STATE_HOME" {
	need_small_policy
	need_tty
	run -1 on_tty 'who-can write file shadow_t\n' '\x04' -- "$SMALL"
	[ "$(cat "$XDG_STATE_HOME/sekit/sequery_history")" = "who-can write file shadow_t" ]
	# an unwritable place costs the history, not the shell
	export XDG_STATE_HOME=/proc/sequery-no-such-dir
	run -0 on_tty 'who-can read file shadow_t\n' 'quit\n' -- "$SMALL"
	[[ "$(cat "$BATS_TEST_TMPDIR/stdout")" == "httpd_t"* ]]
}

@test "sequery shell: on a terminal, Ctrl-C drops the line being typed" {
	need_small_policy
	need_tty
	run -1 on_tty 'who-can read file shadow_t\x03' 'who-can write file shadow_t\n' '\x04' -- "$SMALL"
	[ -z "$(cat "$BATS_TEST_TMPDIR/stdout")" ]
}
