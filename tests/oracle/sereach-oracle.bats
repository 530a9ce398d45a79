#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach against sedta and seinfoflow 4.4.1: sereach-oracle.sh compares the
# sets of transitions, flows and paths on setools' own test policies and on
# random pairs of Debian's policy.33 (10 of each kind here; 'make
# oracle-sereach' runs 120 of each with a random seed).
bats_require_minimum_version 1.5.0
load ../helpers

@test "sereach: sedta's and seinfoflow's transitions, flows and paths (setools' policies, random pairs of policy.33)" {
	require_debian_policy
	run_suite "$BATS_TEST_DIRNAME/sereach-oracle.sh"
}
