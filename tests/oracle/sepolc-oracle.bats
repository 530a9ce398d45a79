#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential tests: sepolc against checkpolicy, checkmodule and semodule
# on Debian's reference policy. The scripts do the work and say what "the
# same" means: sepolc-refpolicy.sh (the monolithic policy.conf refpolicy's
# Makefile writes from selinux-policy-src; about a minute, the policy.conf
# and checkpolicy's outputs cached in ~/.cache/sekit-oracle) and
# sepolc-module.sh (a refpolicy-style module against refpolicy's devel
# Makefile, installed into scratch stores; under a minute). sepolc is taken
# from PATH (or $SEPOLC).
bats_require_minimum_version 1.5.0

# run a suite script; exit 77 means skip, the last line is the summary
run_suite() {
	run "$@"
	# shown by bats only when the test fails
	printf '%s\n' "$output"
	if [ "$status" -eq 77 ]; then
		skip "$(printf '%s\n' "$output" | grep -m 1 '^SKIP: ' | sed 's/^SKIP: //')"
	fi
	# the summary in the test log even when all is well
	printf '%s\n' "$output" | grep -E '^(time|note):|passed, ' | sed 's/^/# /' >&3
	[ "$status" -eq 0 ]
	[[ "${lines[${#lines[@]} - 1]}" =~ ^[0-9]+\ passed,\ 0\ failed$ ]]
}

@test "sepolc: refpolicy's monolithic policy.conf compiles to checkpolicy's policy (sediff, -b -F, -F, -C)" {
	run_suite "$BATS_TEST_DIRNAME/sepolc-refpolicy.sh"
}

@test "sepolc: a refpolicy-style module gives the CIL and the installed rules of checkmodule + semodule_package" {
	run_suite "$BATS_TEST_DIRNAME/sepolc-module.sh"
}

@test "sepolc: the cli tests' module (fixtures/sepolcdemo.te) gives the CIL of checkmodule + semodule_package" {
	local te=$BATS_TEST_DIRNAME/../sepolc/fixtures/sepolcdemo.te
	[ -r "$te" ] || skip "no $te"
	run_suite "$BATS_TEST_DIRNAME/sepolc-module.sh" --no-install "$te"
}
