#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sectl in a real SELinux kernel: tests/kernel/run boots Debian's kernel
# under qemu (tests/kernel/vm) and checks sectl there,
# including 1,500 random access decisions against libpolicy's. About half a
# minute under TCG; skipped when the VM cannot run on this machine.
bats_require_minimum_version 1.5.0
load ../helpers

@test "sectl: in a real SELinux kernel, everything agrees with libpolicy" {
	run_suite "$SEKIT_SRCDIR/tests/kernel/run"
	[[ "$output" == *"access (permissive): 1500 random queries, 0 disagreements"* ]]
}
