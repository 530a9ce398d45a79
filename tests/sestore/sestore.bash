# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by sestore's bats files: a scratch copy of the store for each test
# (never the system's), and what tells whether anything was committed.
load ../helpers

# Under ASan (CI), full stacks for every allocation: libsemanage 3.4 leaks
# in semanage_seuser_modify_local() (tests/lsan.supp names it), and the
# fast unwinder stops in libsepol, which keeps no frame pointers, before
# that name is reached.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"

# setup for every test: a work directory and a scratch store in $ROOT,
# which sestore reaches with --root (as semodule -p)
sestore_setup() {
	in_workdir
	scratch_store
	S=(--root "$ROOT" -S default -N)
	LOCAL=$ROOT/var/lib/selinux/default/active
}

# The store's commit number: libsemanage increases it at every commit.
commit_num() {
	od -An -tu4 -N4 "$LOCAL/commit_num" | tr -d ' '
}
