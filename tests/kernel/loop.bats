#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The administrator's loop in a real SELinux kernel (issue 14):
# tests/kernel/loop-run boots Debian's kernel under qemu (tests/kernel/vm)
# and tests/kernel/loop-guest.sh goes from policy sources to a denial, to a
# module, to the access allowed, with sekit's tools only. Then the test of
# the test: with one step skipped on purpose the loop must fail. About a
# minute under TCG; skipped where the VM cannot run.
bats_require_minimum_version 1.5.0
load ../helpers

@test "the loop: sepolc, sectl, serelabel, sereach, sequery and seallow agree with the kernel" {
	run_suite "$SEKIT_SRCDIR/tests/kernel/loop-run"
	# every step ran
	for s in 1 2 3 4 5 6 7 8; do
		[[ "$output" == *"== $s. "* ]]
	done
}

@test "the loop fails when seallow's module is not loaded (the test of the test)" {
	SEKIT_LOOP_BREAK=module-load run_suite_unchecked "$SEKIT_SRCDIR/tests/kernel/loop-run"
	[ "$status" -eq 1 ]
	[[ "$output" == *"FAIL: demod run succeeds now"* ]]
	[[ "${lines[${#lines[@]} - 1]}" =~ ^[0-9]+\ passed,\ [1-9][0-9]*\ failed$ ]]
}
