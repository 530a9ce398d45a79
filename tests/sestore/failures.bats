#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# A commit is all or nothing whatever happens around it: another process
# holding the store's lock, a read-only or full file system, sestore killed
# in the middle. Each test runs on a scratch store; the file-system cases in
# a private mount namespace (unshare -m), so that nothing outside it sees the
# read-only bind or the small tmpfs.
bats_require_minimum_version 1.5.0
load sestore

setup() {
	sestore_setup
	require_command flock util-linux
	FC=$ROOT/etc/selinux/default/contexts/files/file_contexts.local
}

# has_record: whether the test's file context is in the store (active) and
# in the installed file_contexts.local; prints "store installed" as yes/no.
has_record() {
	local s=no i=no
	grep -qF '/srv/sekit-failures(/.*)?' "$LOCAL/file_contexts.local" 2>/dev/null && s=yes
	grep -qF '/srv/sekit-failures(/.*)?' "$FC" 2>/dev/null && i=yes
	echo "$s $i"
}

ADD=(fcontext -a -t httpd_sys_content_t '/srv/sekit-failures(/.*)?')

@test "sestore: a lock held by another process: said at once, waited for, then committed" {
	local lock=$ROOT/var/lib/selinux/default/semanage.trans.LOCK i holder pid st=0
	# the holder keeps the lock until sestore has said it waits: no pause
	# to guess (a loaded machine has started flock late, and sestore late)
	mkfifo release
	flock "$lock" sh -c 'read -r _ <release' &
	holder=$!
	for i in $(seq 1 500); do
		flock -n "$lock" true || break
		sleep 0.02
	done
	! flock -n "$lock" true
	sestore "${S[@]}" "${ADD[@]}" 2>err &
	pid=$!
	for i in $(seq 1 600); do
		grep -qF "is locked by another process" err && break
		sleep 0.1
	done
	echo go >release
	wait "$pid" || st=$?
	wait "$holder"
	# libsemanage may warn too (Debian's seusers names sddm, which a
	# machine without it lacks): the note is there, once
	[ "$st" = 0 ] && [ "$(grep -cxF "sestore: note: store 'default' is locked by another process: waiting" err)" = 1 ] ||
		{ echo "status $st: $(cat err)"; false; }
	[ "$(has_record)" = "yes yes" ]
}

# ro DIR CMD...: CMD with DIR (under $ROOT) read-only, in a mount namespace
ro() {
	local dir=$1
	shift
	unshare -m sh -c 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"' \
		sh "$ROOT/$dir" "$@"
}

@test "sestore: a read-only store or /etc/selinux is an environment error (exit 3), nothing changed" {
	require_mount_namespace
	local before
	before=$(commit_num)
	run -3 --separate-stderr ro var/lib/selinux sestore "${S[@]}" "${ADD[@]}"
	[ "${stderr_lines[-1]}" = "sestore: cannot begin a transaction on store 'default': Read-only file system" ]
	[ "$(commit_num)" = "$before" ]
	[ "$(has_record)" = "no no" ]
	# the installed policy's directory read-only: libsemanage fails while
	# installing, before it swaps the store
	run -3 --separate-stderr ro etc/selinux sestore "${S[@]}" "${ADD[@]}"
	[ "${stderr_lines[-1]}" = "sestore: commit to store 'default' failed: Read-only file system: nothing changed" ]
	[ "$(commit_num)" = "$before" ]
	[ "$(has_record)" = "no no" ]
	# and the store works afterwards
	run -0 sestore "${S[@]}" "${ADD[@]}"
	[ "$(has_record)" = "yes yes" ]
}

# small_disk KB CMD...: CMD with the store on a tmpfs of the store's size
# plus KB, in a mount namespace
small_disk() {
	local size
	size=$(du -sk "$ROOT/var/lib/selinux" | cut -f1)
	size=$((size + $1))
	shift
	unshare -m sh -c '
		root=$1 size=$2; shift 2
		rm -rf "$root/store-copy" && cp -a "$root/var/lib/selinux" "$root/store-copy" &&
		mount -t tmpfs -o "size=${size}k" tmpfs "$root/var/lib/selinux" &&
		cp -a "$root/store-copy/." "$root/var/lib/selinux/" && exec "$@"' sh "$ROOT" "$size" "$@"
}

@test "sestore: a full file system fails the commit (exit 3), store and installed files as they were" {
	require_mount_namespace
	local before store
	before=$(commit_num)
	store=$(du -sk "$ROOT/var/lib/selinux" | cut -f1)
	# no room for libsemanage's copy of the store
	run -3 --separate-stderr small_disk 2048 sestore "${S[@]}" "${ADD[@]}"
	[[ ${stderr_lines[-1]} == "sestore: cannot begin a transaction on store 'default': "* ]]
	[ "$(commit_num)" = "$before" ]
	[ "$(has_record)" = "no no" ]
	# room for the copy, not for the rebuilt policy and file contexts
	run -3 --separate-stderr small_disk "$store" sestore "${S[@]}" "${ADD[@]}"
	[ "${stderr_lines[-2]}" = "sestore: commit to store 'default' failed: nothing changed" ]
	[[ ${stderr_lines[-1]} == "sestore: note: the file system of $ROOT/var/lib/selinux/default is full"* ]]
	[ "$(commit_num)" = "$before" ]
	[ "$(has_record)" = "no no" ]
}

@test "sestore: killed at any moment of a commit, the store is the old one or the new one, and the next commit works" {
	local delay state
	for delay in 0.2 0.5 0.8 1.1 1.4 1.7 2.0; do
		sestore "${S[@]}" fcontext -d '/srv/sekit-failures(/.*)?' 2>/dev/null || true
		sestore "${S[@]}" "${ADD[@]}" &
		sleep "$delay"
		kill -KILL $! 2>/dev/null || true
		wait $! || true
		state=$(has_record)
		[ "$state" = "no no" ] || [ "$state" = "yes yes" ] || {
			echo "killed after $delay s: store/installed = $state"
			false
		}
	done
	run -0 sestore "${S[@]}" "${ADD[@]}"
	[ "$(has_record)" = "yes yes" ]
	[ ! -e "$ROOT/var/lib/selinux/default/tmp" ]
}
