#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Which policy sequery reads when none is given: the loaded one in selinuxfs,
# found by libselinux's rules (/sys/fs/selinux, /selinux, /proc/mounts), else
# the newest installed one. The system is never looked at: SEKIT_SYSROOT puts
# a fake root before those paths, SEKIT_SELINUX_DIR replaces /etc/selinux.
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	POLICY=${SEKIT_TEST_POLICY:-/etc/selinux/default/policy/policy.33}
	[ -r "$POLICY" ] || skip "no reference policy at $POLICY (apt-get install selinux-policy-default)"
	ROOT="$BATS_TEST_TMPDIR/root"
	mkdir -p "$ROOT/etc/selinux"
	export SEKIT_SYSROOT="$ROOT" SEKIT_SELINUX_DIR="$ROOT/etc/selinux"
	unset SEKIT_SELINUXFS
}

# A fake selinuxfs at $1 below the root, holding the reference policy.
fake_selinuxfs() {
	mkdir -p "$ROOT$1"
	echo 1 >"$ROOT$1/enforce"
	ln -s "$POLICY" "$ROOT$1/policy"
}

@test "sequery: without SELinux or an installed policy, no policy is an error" {
	run -3 --separate-stderr sequery info
	[ -z "$output" ]
	[[ "$stderr" == *"no policy given"* ]]
}

@test "sequery: the loaded policy under /sys/fs/selinux is read" {
	fake_selinuxfs /sys/fs/selinux
	run -0 --separate-stderr sequery info -t sshd_t
	[[ "$output" == *sshd_t* ]]
}

@test "sequery: the loaded policy under /selinux is read, as libselinux finds it" {
	fake_selinuxfs /selinux
	run -0 --separate-stderr sequery info -t sshd_t
	[[ "$output" == *sshd_t* ]]
}

@test "sequery: a selinuxfs mounted elsewhere is found through /proc/mounts" {
	fake_selinuxfs /mnt/sefs
	mkdir -p "$ROOT/proc"
	printf 'proc /proc proc rw 0 0\nselinuxfs /mnt/sefs selinuxfs rw,relatime 0 0\n' \
		>"$ROOT/proc/mounts"
	run -0 --separate-stderr sequery info -t sshd_t
	[[ "$output" == *sshd_t* ]]
}

@test "sequery: a selinuxfs without a policy falls back to the installed one" {
	mkdir -p "$ROOT/selinux" "$ROOT/etc/selinux/default/policy"
	echo 1 >"$ROOT/selinux/enforce"
	echo SELINUXTYPE=default >"$ROOT/etc/selinux/config"
	ln -s "$POLICY" "$ROOT/etc/selinux/default/policy/policy.33"
	run -0 --separate-stderr sequery info -t sshd_t
	[[ "$output" == *sshd_t* ]]
}
