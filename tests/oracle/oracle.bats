#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential tests: sequery against setools 4.4 (sesearch, seinfo).
# The scripts do the work; see run-oracle.sh for what "the same" means.
# Slow on a cold cache (minutes: sesearch costs ~1 s per query on the
# reference policy); oracle results are cached in ~/.cache/sekit-oracle
# (SEKIT_ORACLE_CACHE).  sequery is taken from PATH (or $SEQUERY).

bats_require_minimum_version 1.5.0

setup() {
	ORACLE_DIR=$BATS_TEST_DIRNAME
	POLICY=${SEKIT_ORACLE_POLICY:-/etc/selinux/default/policy/policy.33}
}

need_oracle() {
	local tool
	for tool in "$@"; do
		command -v "$tool" >/dev/null ||
			skip "$tool not installed (Debian package setools/checkpolicy)"
	done
}

need_policy() {
	[ -r "$POLICY" ] ||
		skip "no reference policy at $POLICY (Debian package selinux-policy-default)"
}

# run a suite script; exit 77 means skip, the last line is the summary
run_suite() {
	run "$@"
	# shown by bats only when the test fails
	printf '%s\n' "$output"
	if [ "$status" -eq 77 ]; then
		skip "$(printf '%s\n' "$output" | grep -m 1 '^SKIP: ' | sed 's/^SKIP: //')"
	fi
	[ "$status" -eq 0 ]
	[[ "${lines[${#lines[@]} - 1]}" =~ ^[0-9]+\ passed,\ 0\ failed$ ]]
}

@test "sequery rules: same rules as sesearch on selinux-policy-default" {
	need_oracle sesearch seinfo
	need_policy
	run_suite "$ORACLE_DIR/run-oracle.sh" --policy "$POLICY" "$ORACLE_DIR/queries-refpolicy.txt"
}

@test "sequery info: same output as seinfo on selinux-policy-default" {
	need_oracle sesearch seinfo
	need_policy
	run_suite "$ORACLE_DIR/run-oracle.sh" --policy "$POLICY" "$ORACLE_DIR/queries-refpolicy-info.txt"
}

@test "sequery rules and info: same output as sesearch and seinfo on the setools test policies" {
	need_oracle sesearch seinfo checkpolicy
	local corpus=${SEKIT_CORPUS:-$ORACLE_DIR/../../../shared/corpus}
	[ -d "$corpus/setools" ] ||
		skip "setools corpus not found at $corpus/setools (set SEKIT_CORPUS)"
	run_suite "$ORACLE_DIR/setools-corpus.sh"
}
