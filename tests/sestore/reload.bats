#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# After a commit the installed policy is loaded into the kernel when the
# store is the running policy's, by sekit itself: libsemanage's reload
# installed the new policy, failed in load_policy, rolled back only the store
# and left the system's installed policy changed (a test wrote the system's
# policy that way). Here "the system" is a scratch root that $SEKIT_SYSROOT
# stands for "/", with a selinuxfs of plain files in it (tests/sectl/fakefs).
bats_require_minimum_version 1.5.0
load sestore
load ../sectl/fakefs

setup() {
	sestore_setup
	cp /etc/selinux/config "$ROOT/etc/selinux/config"
	sed -i 's/^SELINUXTYPE=.*/SELINUXTYPE=default/' "$ROOT/etc/selinux/config"
	FS=$ROOT/sys/fs/selinux
	make_fakefs "$FS"
	INSTALLED=$ROOT/etc/selinux/default/policy/policy.33
	unset SEKIT_SELINUXFS
}

# bool_in FILE NAME: the boolean's default in a binary policy
bool_in() {
	sequery info "$1" -b "$2" -x | sed -n 's/^ *bool [^ ]* \(true\|false\);$/\1/p'
}

@test "sestore: a commit to the running policy's store loads the installed policy" {
	SEKIT_SYSROOT=$ROOT run -0 --separate-stderr sestore --root "$ROOT" boolean -m --on allow_execmem
	cmp "$FS/load" "$INSTALLED"
	[ "$(bool_in "$FS/load" allow_execmem)" = true ]
	# -N: committed, not loaded
	: >"$FS/load"
	SEKIT_SYSROOT=$ROOT run -0 sestore --root "$ROOT" -N boolean -m --off allow_execmem
	[ ! -s "$FS/load" ]
	[ "$(bool_in "$INSTALLED" allow_execmem)" = false ]
}

@test "sestore: a store that is not the running one is never loaded" {
	# a scratch root that is not the system's, even with a selinuxfs named
	SEKIT_SELINUXFS=$FS run -0 sestore --root "$ROOT" boolean -m --on allow_execmem
	[ ! -s "$FS/load" ]
	# the system's root, but the config names another policy type
	sed -i 's/^SELINUXTYPE=.*/SELINUXTYPE=other/' "$ROOT/etc/selinux/config"
	SEKIT_SYSROOT=$ROOT run -0 sestore --root "$ROOT" -S default boolean -m --off allow_execmem
	[ ! -s "$FS/load" ]
}

@test "sestore: a load the kernel refuses keeps the whole commit (exit 3): store and installed policy agree" {
	rm "$FS/load" && mkdir "$FS/load"
	SEKIT_SYSROOT=$ROOT run -3 --separate-stderr sestore --root "$ROOT" boolean -m --on allow_execmem
	[ "${stderr_lines[-1]}" = "sestore: committed to store 'default', but the kernel still runs the previous policy" ]
	grep -qxF 'allow_execmem=1' "$LOCAL/booleans.local"
	[ "$(bool_in "$INSTALLED" allow_execmem)" = true ]
	[ ! -e "$ROOT/var/lib/selinux/default/tmp" ]
}

@test "sectl bool -P: the persistent value, and the running one through the load" {
	SEKIT_SYSROOT=$ROOT run -0 --separate-stderr sectl --selinuxfs "$FS" bool -P allow_execmem=on
	grep -qxF 'allow_execmem=1' "$LOCAL/booleans.local"
	cmp "$FS/load" "$INSTALLED"
	rm "$FS/load" && mkdir "$FS/load"
	SEKIT_SYSROOT=$ROOT run -3 --separate-stderr sectl --selinuxfs "$FS" bool -P allow_execmem=off
	grep -qxF 'allow_execmem=0' "$LOCAL/booleans.local"
	[ "$(bool_in "$INSTALLED" allow_execmem)" = false ]
}
