#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach dta --why-not: the rules a transition needs, those present and those
# missing, on Appendix A's d.conf and setools' dta.conf.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures d named
}

@test "sereach dta --why-not: an existing transition says so and exits 0" {
	need_fixture d
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t c_t
	[ "$output" = "Domain transition a_t -> c_t exists." ]
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not -s a_t -t d_t
}

@test "sereach dta --why-not --exact: a setexec on another type and a type_transition elsewhere do not count" {
	need_fixture d
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --exact --why-not a_t c_t
	[[ ${lines[0]} == "No domain transition from a_t to c_t (--exact)." ]]
	[[ $output == *$'Exec transition:\n\tpresent: allow a_t c_t:process transition;\n\tnot counted: allow a_t b_t:process setexec; (not on a_t itself)\n\tmissing: allow a_t a_t:process setexec; or type_transition a_t E:process c_t; for an entrypoint E\n'* ]] ||
		{ echo "$output"; false; }
	[[ $output == *$'Entrypoint c_exec_t:\n\tpresent: allow a_t c_exec_t:file execute;\n\tpresent: allow c_t c_exec_t:file entrypoint;\n\tnot counted: type_transition a_t c_exec_t:process e_t; (leads to another domain)\n\tmissing: type_transition a_t c_exec_t:process c_t;\n'* ]] ||
		{ echo "$output"; false; }
	[[ $output == *$'Dynamic transition:\n\tmissing: allow a_t c_t:process dyntransition;\n\tmissing: allow a_t a_t:process setcurrent;' ]]
}

@test "sereach dta --why-not --booleans: a rule under a false boolean is shown off and missing" {
	need_fixture d
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --booleans default --why-not a_t d_t
	[[ $output == *$'\toff: allow a_t d_t:process transition; [ cond ]:True (boolean state)\n\tmissing: allow a_t d_t:process transition;'* ]] ||
		{ echo "$output"; false; }
	# the entrypoint is complete: nothing missing there
	[[ $output == *$'Entrypoint d_exec_t:\n\tpresent: allow a_t d_exec_t:file execute;\n\tpresent: allow d_t d_exec_t:file entrypoint;\n\tpresent: type_transition a_t d_exec_t:process d_t;\n\nDynamic'* ]] ||
		{ echo "$output"; false; }
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --booleans cond=on --why-not a_t d_t
}

@test "sereach dta --why-not: no entrypoint of the target, and a type_transition's entrypoint without its rule" {
	need_fixture d
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t e_t
	[[ $output == *$'\tmissing: allow a_t e_t:process transition;\n\tmissing: an entrypoint E of e_t executable by a_t: allow e_t E:file entrypoint; allow a_t E:file execute;\n'* ]] ||
		{ echo "$output"; false; }
	[[ $output == *$'Entrypoint c_exec_t:\n\tpresent: allow a_t c_exec_t:file execute;\n\tpresent: type_transition a_t c_exec_t:process e_t;\n\tmissing: allow e_t c_exec_t:file entrypoint;\n'* ]] ||
		{ echo "$output"; false; }
}

@test "sereach dta --why-not: an excluded entrypoint is named as the reason" {
	need_fixture d
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t c_t c_exec_t
	[[ ${lines[1]} == "Note: the rules are there; exclusions remove the transition." ]]
	[[ $output == *"Entrypoint c_exec_t (excluded):"* ]]
	# the exec transition names it, and does not ask for an entrypoint that exists
	[[ $output == *$'Exec transition:\n\tpresent: allow a_t c_t:process transition;\n\tpresent: allow a_t b_t:process setexec;\n\texcluded: entrypoint c_exec_t exists but is excluded\n\nEntrypoint'* ]] ||
		{ echo "$output"; false; }
	[[ $output != *"missing: an entrypoint"* ]]
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t c_t c_exec_t --json
	[ "$(jq -c '.exec_transition | [.excluded_entrypoints, .missing]' <<<"$output")" = '[["c_exec_t"],[]]' ] ||
		{ echo "$output"; false; }
}

@test "sereach dta --why-not: an excluded entrypoint whose type_transition was the only one is not reported missing" {
	need_fixture named
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" --why-not a_t b_t b_exec_t
	[[ $output == *$'Exec transition:\n\tpresent: allow a_t b_t:process transition;\n\texcluded: entrypoint b_exec_t exists but is excluded\n\nEntrypoint'* ]] ||
		{ echo "$output"; false; }
	[[ $output != *"missing: allow a_t a_t:process setexec; or type_transition"* ]]
}

@test "sereach dta --why-not: a dyntransition without setcurrent" {
	need_corpus dta
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" --why-not dyntrans101 dyntrans102
	[[ $output == *$'Dynamic transition:\n\tpresent: allow dyntrans101 dyntrans102:process dyntransition;\n\tmissing: allow dyntrans101 dyntrans101:process setcurrent;' ]] ||
		{ echo "$output"; false; }
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/dta.bin" --why-not start dyntrans100
}

@test "sereach dta --why-not: a type never transitions to itself" {
	need_fixture d
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t a_t
	[ "$output" = $'No domain transition from a_t to a_t.\nNote: a type never transitions to itself.' ]
}

@test "sereach dta --why-not --json: sections of present, not counted, off and missing rules" {
	need_fixture d
	require_command jq jq
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --exact --why-not a_t c_t --json
	[ "$(jq -r '.exists, .exact, .exec_transition.not_counted[0], .entrypoints[0].name, .entrypoints[0].missing[0], (.dyntransition.missing | length)' <<<"$output" | tr '\n' '|')" = "false|true|allow a_t b_t:process setexec;|c_exec_t|type_transition a_t c_exec_t:process c_t;|2|" ] ||
		{ echo "$output"; false; }
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t c_t --json
	[ "$(jq -r .exists <<<"$output")" = true ]
}

@test "sereach dta --why-not: usage errors" {
	need_fixture d
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t
	[[ $stderr == *"--why-not needs a source and a target type"* ]]
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not -s a_t -t c_t -S
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t c_t --dot
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t nosuch_t
	[[ $stderr == *"unknown type 'nosuch_t'"* ]]
}

@test "sereach dta --why-not: a filename type_transition is listed where it counts, not under --exact" {
	need_fixture named
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" --why-not a_t b_t
	[ "$output" = "Domain transition a_t -> b_t exists." ]
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" --why-not a_t b_t b_exec_t
	[[ $output == *$'Entrypoint b_exec_t (excluded):\n\tpresent: allow a_t b_exec_t:file execute;\n\tpresent: allow b_t b_exec_t:file entrypoint;\n\tpresent: type_transition a_t b_exec_t:process b_t prog;\n'* ]] ||
		{ echo "$output"; false; }
	run -1 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/named.bin" --exact --why-not a_t b_t
	[[ $output == *$'Entrypoint b_exec_t:\n\tpresent: allow a_t b_exec_t:file execute;\n\tpresent: allow b_t b_exec_t:file entrypoint;\n\tmissing: type_transition a_t b_exec_t:process b_t;\n'* ]] ||
		{ echo "$output"; false; }
}
