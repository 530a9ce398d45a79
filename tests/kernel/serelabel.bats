#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# serelabel in a real SELinux kernel: tests/kernel/serelabel-run boots
# Debian's kernel under qemu (tests/kernel/vm), loads
# Debian's policy, labels a tree and reads the labels back with ls -Z. Some
# ten seconds under TCG; skipped when the VM cannot run on this machine.
bats_require_minimum_version 1.5.0
load ../helpers

@test "serelabel: in a real SELinux kernel, ls -Z shows the labels serelabel wrote" {
	run_suite "$SEKIT_SRCDIR/tests/kernel/serelabel-run"
}
