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
load ../helpers

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

@test "sepolc --check-neverallow: random neverallows on refpolicy's policy give checkpolicy's verdicts and violations (a sample; make check-neverallow runs all)" {
	# a fixed seed: its 40 rules give 90,068 violations, a bounded cost
	# under the sanitizers (a random one has given 356,341)
	SEED=${SEED:-8} COMPILE=0 COUNT=40 ROUNDS=1 run_suite "$BATS_TEST_DIRNAME/sepolc-neverallow.sh"
}
