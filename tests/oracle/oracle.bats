#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential tests: sequery against setools 4.4 (sesearch, seinfo).
# The scripts do the work; see run-oracle.sh for what "the same" means.
# Slow on a cold cache (minutes: sesearch costs ~1 s per query on the
# reference policy); oracle results are cached in ~/.cache/sekit-oracle
# (SEKIT_ORACLE_CACHE).  sequery is taken from PATH (or $SEQUERY); the
# policy is SEKIT_ORACLE_POLICY, else DEBIAN_POLICY (tests/helpers.bash).

bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	ORACLE_DIR=$BATS_TEST_DIRNAME
	DEBIAN_POLICY=${SEKIT_ORACLE_POLICY:-$DEBIAN_POLICY}
	POLICY=$DEBIAN_POLICY
}

need_oracle() {
	require_command sesearch setools
	require_command seinfo setools
}

@test "sequery rules: same rules as sesearch on selinux-policy-default" {
	need_oracle
	require_debian_policy
	run_suite "$ORACLE_DIR/run-oracle.sh" --policy "$POLICY" "$ORACLE_DIR/queries-refpolicy.txt"
}

@test "sequery info: same output as seinfo on selinux-policy-default" {
	need_oracle
	require_debian_policy
	run_suite "$ORACLE_DIR/run-oracle.sh" --policy "$POLICY" "$ORACLE_DIR/queries-refpolicy-info.txt"
}

@test "sequery rules and info: same output as sesearch and seinfo on the setools test policies" {
	need_oracle
	require_command checkpolicy checkpolicy
	require_corpus setools
	run_suite "$ORACLE_DIR/setools-corpus.sh"
}
