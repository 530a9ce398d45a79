#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sectl's bash completion: names come from the selinuxfs given, and a
# missing selinuxfs gives nothing rather than an error or a wait.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

setup() {
	sectl_setup
	COMPLETION="$SEKIT_SRCDIR/completions/bash/sectl"
}

# The completions bash offers for the words given (the last one is the word
# being completed, possibly empty).

@test "sectl completion: commands and global options" {
	run -0 complete_words ""
	[ "$(echo $output)" = "status mode load bool access create relabel member context avc" ]
	run -0 complete_words --sel
	[ "$output" = "--selinuxfs=" ]
	run -0 complete_words status --b
	[ "$output" = "--booleans" ]
	# -p takes the next word, as --policy does: a file, then the command
	run -0 complete_words -p "$FS" st
	[ "$output" = "status" ]
	run -0 complete_words -p "$FS" status --b
	[ "$output" = "--booleans" ]
}

@test "sectl completion: boolean names from the --selinuxfs given, then on/off" {
	run -0 complete_words --selinuxfs "$FS" bool ""
	[ "$(echo $output)" = "allow_execmem= httpd_can_network_connect= ssh_sysadm_login=" ]
	run -0 complete_words --selinuxfs = "$FS" bool h
	[ "$output" = "httpd_can_network_connect=" ]
	SEKIT_SELINUXFS=$FS run -0 complete_words bool allow_execmem=o
	[ "$(echo $output)" = "allow_execmem=on allow_execmem=off" ]
}

@test "sectl completion: classes, then the class's permissions" {
	run -0 complete_words --selinuxfs "$FS" access a b ""
	[ "$(echo $output)" = "dir file process" ]
	run -0 complete_words --selinuxfs "$FS" access a b file r
	[ "$output" = "read" ]
	run -0 complete_words --selinuxfs "$FS" context --initial k
	[ "$output" = "kernel" ]
}

@test "sectl completion: no selinuxfs and no installed policy, no names and no error" {
	SEKIT_SELINUX_DIR="$BATS_TEST_TMPDIR/none" SEKIT_SELINUXFS="$BATS_TEST_TMPDIR/nowhere" \
		run -0 --separate-stderr complete_words --selinuxfs "$BATS_TEST_TMPDIR/nowhere" bool ""
	[ -z "$output" ] && [ -z "$stderr" ]
}

@test "sectl completion: no selinuxfs, the installed policy's booleans (sectl __complete)" {
	local etc="$BATS_TEST_TMPDIR/etc"
	mkdir -p "$etc/t/policy"
	echo SELINUXTYPE=t >"$etc/config"
	sepolc_fixture "$etc/t/policy/policy.33" "$SEKIT_SRCDIR/tests/sequery/fixtures/good/access.conf" -c 33
	export SEKIT_SELINUX_DIR=$etc SEKIT_SELINUXFS="$BATS_TEST_TMPDIR/nowhere"
	run -0 --separate-stderr complete_words bool ""
	[ "$output" = "httpd_read_shadow=" ]
	run -0 --separate-stderr complete_words bool httpd_read_shadow=o
	[ "$(echo $output)" = "httpd_read_shadow=on httpd_read_shadow=off" ]
	# what it asks: --policy's, else the system's; nothing readable, exit 1
	run -0 sectl __complete booleans
	[ "$output" = httpd_read_shadow ]
	run -0 sectl --policy "$etc/t/policy/policy.33" __complete booleans
	[ "$output" = httpd_read_shadow ]
	SEKIT_SELINUX_DIR="$BATS_TEST_TMPDIR/none" run -1 --separate-stderr sectl __complete booleans
	[ -z "$output" ] && [ -z "$stderr" ]
}
