#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach dta: sedta's transitions, paths and --full text on setools' dta.conf
# and Appendix A's d.conf (whose divergences --exact and --booleans fix).
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures d named
}

@test "sereach dta: transitions out of a type, sedta's text" {
	need_corpus dta
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start
	[ "$(printf '%s\n' "$output" | sort)" = "$(printf '%s\n' '' '2 domain transition(s) found.' 'Transition 1: start -> trans1' 'Transition 2: start -> dyntrans100' | sort)" ] ||
		{ echo "$output"; false; }
}

@test "sereach dta: shortest path with --full prints every rule section" {
	need_corpus dta
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start -t trans5 -S --full
	[[ $output == *"Step 4: trans3 -> trans5"* ]]
	[[ $output == *$'Set execution context rule(s):\nallow trans1 trans1:process setexec;'* ]]
	[[ $output == *$'\tType transition rule(s):\n\ttype_transition trans3 trans5_exec:process trans5; [ trans5 ]:True'* ]]
	[[ $output == *"1 domain transition path(s) found." ]]
}

@test "sereach dta: an excluded entrypoint removes the transition it alone made" {
	need_corpus dta
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start -t trans5 -S trans3_exec1
	[[ $output == *"1 domain transition path(s) found." ]]
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start -t trans5 -S trans3_exec1 trans3_exec2
	[[ $output == *"0 domain transition path(s) found." ]]
}

@test "sereach dta: nothing found exits 1 with sedta's count line" {
	need_corpus dta
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start -r
	[ "$output" = $'\n0 domain transition(s) found.' ]
}

@test "sereach dta: --stats counts the whole graph" {
	need_corpus dta
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start --stats
	[[ $output == *$'Graph statistics:\nGraph nodes: 13\nGraph edges: 6' ]]
}

@test "sereach dta: sedta's rules accept a setexec on another type and a false boolean" {
	need_fixture d
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t
	[[ $output == *"a_t -> c_t"* && $output == *"a_t -> d_t"* ]]
}

@test "sereach dta --exact: setexec only on self, type_transition must name the target" {
	need_fixture d
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --exact
	[ "$output" = $'Transition 1: a_t -> d_t\n\n1 domain transition(s) found.' ]
}

@test "sereach dta --exact --booleans default: a false boolean removes the transition" {
	need_fixture d
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --exact --booleans default
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --exact --booleans cond=on
	[[ $output == *"a_t -> d_t"* ]]
}

@test "sereach dta: -A paths stop at the limit without a trailing blank line" {
	need_corpus dta
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" -s start -t trans5 -A 6 -l 1
	[[ $output == *$'Step 4: trans3 -> trans5\n\n1 domain transition path(s) found.' ]]
}

@test "sereach dta --json: setools-mcp's keys" {
	need_fixture d
	require_command jq jq
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --full --json
	[ "$(jq -r '.transitions[] | select(.target == "d_t") | .entrypoints[0].type_transition_rules[0]' <<<"$output")" = "type_transition a_t d_exec_t:process d_t;" ]
	[ "$(jq -r .count <<<"$output")" = 2 ]
}

@test "sereach dta --dot: a Graphviz digraph of the transitions" {
	need_fixture d
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --dot
	[[ ${lines[0]} == "digraph sereach {" && $output == *'"a_t" -> "c_t";'* && ${lines[-1]} == "}" ]]
}

@test "sereach dta: a filename type_transition validates an entrypoint as in sedta, and not with --exact" {
	need_fixture named
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" -s a_t --full
	[[ $output == "Transition 1: a_t -> b_t"* ]]
	[[ $output == *$'\tType transition rule(s):\n\ttype_transition a_t b_exec_t:process b_t prog;\n'* ]]
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" -s x_t -t c_t -S --full
	[[ $output == *$'\ttype_transition x_t c_exec_t:process c_t run;\n'* ]]
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" -s c_t -r
	[[ $output == *"x_t -> c_t"* && $output == *"y_t -> c_t"* ]]
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" -s a_t --exact
	[ "$output" = $'\n0 domain transition(s) found.' ]
}
