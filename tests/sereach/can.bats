#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach can SRC read|write TYPE on fixtures/can.conf: a_t becomes b_t,
# which reads secret_t and writes log_t; c_t becomes b_t only under a false
# boolean.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures can p
}

@test "sereach can: a transition then an allow rule, the chain printed, exit 0" {
	need_fixture can
	run -0 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" a_t read secret_t
	[ "$output" = $'a_t can read secret_t:\nStep 1: a_t -> b_t (transition)\nStep 2: secret_t -> b_t (flow, weight 10)' ]
	run -0 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" --direct a_t write log_t
	[[ $output == *"Step 2: b_t -> log_t (flow, weight 10)" ]]
}

@test "sereach can: no chain exits 1; -q prints nothing" {
	need_fixture can
	run -1 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" b_t write secret_t
	[ "$output" = "b_t cannot write secret_t" ]
	run -1 --separate-stderr sereach can -q -p "$BATS_FILE_TMPDIR/can.bin" b_t write secret_t
	[ -z "$output" ]
}

@test "sereach can: a flow through another type counts, unless --direct" {
	need_fixture can
	run -0 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" log_t read secret_t
	[[ $output == *$'Step 1: secret_t -> b_t (flow, weight 10)\nStep 2: b_t -> log_t (flow, weight 10)' ]]
	run -1 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" --direct log_t read secret_t
}

@test "sereach can: --booleans takes away a transition under a false boolean" {
	need_fixture can
	run -0 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" c_t read secret_t
	[[ $output == *"Step 1: c_t -> b_t (transition)"* ]]
	run -1 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" --booleans default c_t read secret_t
}

@test "sereach can: -w and --booleans weigh flows (Appendix A p.conf)" {
	need_fixture p
	run -0 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -w 5 a_t write b_t
	run -1 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -w 5 --booleans default a_t write b_t
	run -0 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -w 1 --booleans default a_t write b_t
	run -1 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -w 1 b_t write a_t
}

@test "sereach can: --json names the domain and both chains" {
	need_fixture can
	require_command jq jq
	run -0 --separate-stderr sereach can --json -p "$BATS_FILE_TMPDIR/can.bin" a_t read secret_t
	[ "$(jq -r '.can, .domain, .transitions[0].target, .flows[0].source, .flows[0].weight' <<<"$output" | paste -sd' ')" = "true b_t b_t secret_t 10" ]
}

@test "sereach can: bad access word and unknown types are usage errors" {
	need_fixture can
	run -2 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" a_t execute secret_t
	[[ $stderr == *"expected 'read' or 'write'"* ]]
	run -2 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" a_t read nosuch_t
	run -2 --separate-stderr sereach can -p "$BATS_FILE_TMPDIR/can.bin" a_t read
}

@test "sereach: run from the build tree, flow and can read the source tree's map without SEKIT_PERM_MAP" {
	need_fixture can
	run -0 --separate-stderr env -u SEKIT_PERM_MAP sereach can -p "$BATS_FILE_TMPDIR/can.bin" a_t read secret_t
	[[ $output == *"Step 2: secret_t -> b_t (flow, weight 10)" ]]
	run -0 --separate-stderr env -u SEKIT_PERM_MAP sereach flow -p "$BATS_FILE_TMPDIR/can.bin" -s secret_t
	[[ $output == *"secret_t -> b_t"* ]]
}

@test "sereach: without a map file anywhere, flow, can and can --direct use the map built in" {
	need_fixture can
	cp "$(command -v sereach)" "$BATS_TEST_TMPDIR/sereach"
	run -0 --separate-stderr env -u SEKIT_PERM_MAP "$BATS_TEST_TMPDIR/sereach" can -p "$BATS_FILE_TMPDIR/can.bin" --direct a_t write log_t
	[[ $output == *"Step 2: b_t -> log_t (flow, weight 10)" ]]
	run -0 --separate-stderr env -u SEKIT_PERM_MAP "$BATS_TEST_TMPDIR/sereach" can -p "$BATS_FILE_TMPDIR/can.bin" a_t read secret_t
	[ -z "$stderr" ]
	run -0 --separate-stderr env -u SEKIT_PERM_MAP "$BATS_TEST_TMPDIR/sereach" flow -p "$BATS_FILE_TMPDIR/can.bin" -s secret_t
	[[ $output == *"secret_t -> b_t"* ]]
	# a map named but missing is still an error
	run -2 --separate-stderr env SEKIT_PERM_MAP="$BATS_TEST_TMPDIR/none" "$BATS_TEST_TMPDIR/sereach" flow -p "$BATS_FILE_TMPDIR/can.bin" -s secret_t
	[[ $stderr == *"cannot read permission map"*"none"* ]]
}
