#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc in a real SELinux kernel: tests/kernel/sepolc-run compiles Debian's
# reference policy with sepolc, boots Debian's kernel under qemu
# (tests/kernel/vm), loads it, and compares the
# kernel's decisions with those under checkpolicy's binary of the same
# source. About half a minute under TCG; skipped when the VM or
# selinux-policy-src is not there.
bats_require_minimum_version 1.5.0
load ../helpers

@test "sepolc: refpolicy compiled by sepolc loads in a real SELinux kernel and decides as checkpolicy's" {
	run_suite "$SEKIT_SRCDIR/tests/kernel/sepolc-run"
	[[ "$output" == *"access: "*" random queries, 0 disagreements"* ]]
}
