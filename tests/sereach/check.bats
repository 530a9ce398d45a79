#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach check FILE: assertions on fixtures/can.conf (a_t becomes b_t; c_t
# becomes b_t only under a false boolean; secret_t flows to b_t, which
# flows to log_t) and on d.conf (Appendix A: a_t -> c_t only by sedta's
# reading); holding, violated and malformed files.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures can d
}

# assertions FILE LINE...: write the lines into $BATS_TEST_TMPDIR/FILE
assertions() {
	local f=$BATS_TEST_TMPDIR/$1
	shift
	printf '%s\n' "$@" >"$f"
}

@test "sereach check: assertions that all hold exit 0, comments and blank lines ignored" {
	need_fixture can
	assertions ok.txt '# transitions' 'no transition path from b_t to a_t' \
		'transition path from a_t to b_t   # the exec transition' '' \
		'  no flow from log_t to secret_t' 'flow from secret_t to log_t'
	run -0 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/ok.txt"
	[ "$output" = "All 4 assertions hold." ]
	[ -z "$stderr" ]
	run -0 --separate-stderr sereach check -v -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/ok.txt"
	[[ $output == *"ok.txt:3: holds: transition path from a_t to b_t"$'\n'* ]]
	[[ $output == *"ok.txt:5: holds: no flow from log_t to secret_t"$'\n'* ]]
}

@test "sereach check: each violated assertion is listed with its path, exit 1" {
	need_fixture can
	assertions bad.txt 'no transition path from a_t to b_t' 'no transition path from b_t to log_t' \
		'no flow from secret_t to log_t' 'transition path from b_t to a_t'
	run -1 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/bad.txt"
	local f=$BATS_TEST_TMPDIR/bad.txt
	[ "$output" = "$f:1: violated: no transition path from a_t to b_t
Domain transition path 1:
Step 1: a_t -> b_t

$f:3: violated: no flow from secret_t to log_t
Flow 1:
  Step 1: secret_t -> b_t
  Step 2: b_t -> log_t

$f:4: violated: transition path from b_t to a_t
No path found.

3 of 4 assertions violated." ]
	[ -z "$stderr" ]
	run -1 --separate-stderr sereach check -q -p "$BATS_FILE_TMPDIR/can.bin" "$f"
	[ -z "$output" ]
}

@test "sereach check: --full prints the rules of the violating path's steps" {
	need_fixture can
	assertions bad.txt 'no transition path from a_t to b_t'
	run -1 --separate-stderr sereach check --full -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/bad.txt"
	[[ $output == *"allow a_t b_t:process transition;"* ]]
	[[ $output == *"type_transition a_t b_exec_t:process b_t;"* ]]
}

@test "sereach check: per-line booleans, excluding, within and weight clauses" {
	need_fixture can
	assertions a.txt 'transition path from c_t to b_t' \
		'no transition path from c_t to b_t booleans default' \
		'no flow from secret_t to log_t excluding b_t' \
		'no flow from secret_t to log_t within 1 step' \
		'flow from secret_t to log_t within 2 steps with weight>=10' \
		'no flow path from secret_t to log_t within 1 booleans default excluding a_t c_t'
	run -0 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/a.txt"
	[ "$output" = "All 6 assertions hold." ]
	# the command line's state for lines without their own
	assertions b.txt 'transition path from c_t to b_t'
	run -1 --separate-stderr sereach check --booleans default -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/b.txt"
	[[ $output == *"b.txt:1: violated: transition path from c_t to b_t"* ]]
	run -0 --separate-stderr sereach check --booleans cond=on -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/b.txt"
}

@test "sereach check: 'exact' and --exact use the kernel's reading (Appendix A d.conf)" {
	need_fixture d
	assertions e.txt 'transition path from a_t to c_t' 'no transition path from a_t to c_t exact'
	run -0 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/d.bin" "$BATS_TEST_TMPDIR/e.txt"
	assertions e.txt 'transition path from a_t to c_t'
	run -1 --separate-stderr sereach check --exact -p "$BATS_FILE_TMPDIR/d.bin" "$BATS_TEST_TMPDIR/e.txt"
}

@test "sereach check: assertions from stdin with -" {
	need_fixture can
	run -1 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" - <<<'no transition path from a_t to b_t'
	[[ $output == "<stdin>:1: violated: no transition path from a_t to b_t"$'\n'* ]]
}

@test "sereach check: --json lists every assertion with its verdict and path" {
	need_fixture can
	require_command jq jq
	assertions j.txt 'no flow from secret_t to log_t' 'transition path from a_t to b_t'
	run -1 --separate-stderr sereach check --json -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/j.txt"
	[ "$(jq -r '.count, .violated, .assertions[0].holds, .assertions[0].line, (.assertions[0].path | map(.source + ">" + .target + ":" + (.weight | tostring)) | join(" ")), .assertions[1].holds, .assertions[1].path[0].target' <<<"$output" | paste -sd' ')" = "2 1 false 1 secret_t>b_t:10 b_t>log_t:10 true b_t" ]
}

@test "sereach check: a malformed file exits 2 with FILE:LINE:COL for each error, nothing searched" {
	need_fixture can
	local f=$BATS_TEST_TMPDIR/m.txt
	assertions m.txt 'no transition path from a_t to b_t' '# fine so far' \
		'no transition path from a_t to secret' \
		'  no flows into secret_t' \
		'no flow from a_t to b_t with weight >= 11' \
		'no transition path from a_t to b_t with weight >= 3' \
		'no flow from a_t to b_t booleans cnd=on' \
		'no transition from a_t to a_t' \
		'no transition path from a_t to b_t sometimes' \
		'no flow from a_t to b_t within 2 exact'
	run -2 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" "$f"
	[ -z "$output" ]
	[[ $stderr == *"$f:3:32: error: unknown type 'secret'"* ]]
	[[ $stderr == *"$f:3:32: note: did you mean 'secret_t'?"* ]]
	[[ $stderr == *"$f:4:12: error: expected 'from', found 'into'"* ]]
	[[ $stderr == *"$f:5:40: error: expected a weight (1-10), found '11'"* ]]
	[[ $stderr == *"$f:6:36: error: 'with weight' applies to flow assertions only"* ]]
	[[ $stderr == *"$f:7:34: error: unknown boolean 'cnd'"* && $stderr == *"did you mean 'cond'"* ]]
	[[ $stderr == *"$f:8:27: error: the source and the target are the same type"* ]]
	[[ $stderr == *"$f:9:36: error: unexpected 'sometimes'"* ]]
	[[ $stderr == *"$f:10:34: error: 'exact' applies to transition assertions only"* ]]
	[[ $stderr != *"$f:1:"* ]]
}

@test "sereach check: a missing file, no file, an unknown option" {
	need_fixture can
	run -2 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" /nonexistent/a.txt
	[[ $stderr == *"cannot open '/nonexistent/a.txt'"* ]]
	[ -z "$output" ]
	run -2 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin"
	[[ $stderr == *"--help"* ]]
	run -2 --separate-stderr sereach check -p "$BATS_FILE_TMPDIR/can.bin" --booleans nosuch=on /dev/null
	[[ $stderr == *"unknown boolean 'nosuch'"* ]]
}

@test "sereach check: 'with weight >= N' and -w filter flow steps (Appendix A p.conf)" {
	need_fixture p
	local p=$BATS_FILE_TMPDIR/p.bin
	# a_t writes b_t with weight 1, and 10 under a false boolean
	assertions w.txt 'flow from a_t to b_t with weight >= 10' \
		'no flow from a_t to b_t with weight >= 5 booleans default' \
		'flow from a_t to b_t with weight >= 1 booleans default'
	run -0 --separate-stderr sereach check -m "$FIX/p.map" -p "$p" "$BATS_TEST_TMPDIR/w.txt"
	assertions w.txt 'no flow from a_t to b_t'
	run -0 --separate-stderr sereach check --booleans default -m "$FIX/p.map" -p "$p" "$BATS_TEST_TMPDIR/w.txt"
	run -1 --separate-stderr sereach check --booleans default -w 1 -m "$FIX/p.map" -p "$p" "$BATS_TEST_TMPDIR/w.txt"
	[[ $output == *$'Flow 1:\n  Step 1: a_t -> b_t'* ]]
}

# issue 22 item 8: a line's 'booleans current' without selinuxfs is the
# environment's (3), and what was read of the booleans is freed (the
# sanitizer build's leak check fails this test otherwise).
@test "sereach check: 'booleans current' without selinuxfs is exit 3 and leaks nothing" {
	assertions cur.txt 'no transition path from a_t to b_t booleans current'
	SEKIT_SELINUXFS=$BATS_TEST_TMPDIR/none run -3 --separate-stderr \
		sereach check -p "$BATS_FILE_TMPDIR/can.bin" "$BATS_TEST_TMPDIR/cur.txt"
	[[ $stderr == *"no selinuxfs"* ]]
	[ -z "$output" ]
}
