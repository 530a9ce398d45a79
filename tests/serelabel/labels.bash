# SPDX-License-Identifier: GPL-2.0-or-later
# What serelabel's bats suites share: the test tree, label dumps, skips.
load ../helpers

FIXTURES="$BATS_TEST_DIRNAME/fixtures"
[ -d "$FIXTURES" ] || FIXTURES="${SEKIT_SRCDIR:-$BATS_TEST_DIRNAME/../..}/tests/serelabel/fixtures"
LABELS_PY="$(dirname "$FIXTURES")/labels.py"
SPEC="$FIXTURES/good/tree.fc"
WRONG=wrong_u:wrong_r:wrong_t:s0
# serelabel checks spec contexts through the kernel when SELinux is enabled:
# never the running one's (the fixtures' types are not in its policy)
export SEKIT_SELINUXFS=/nonexistent/sekit-tests/selinuxfs

labels() {
	python3 "$LABELS_PY" "$@"
}

# Skip unless we may write security.selinux where the test's files live:
# root may; without SELinux in the kernel the owner of a file may too.
require_xattrs() {
	require_command python3 python3
	local probe="$BATS_TEST_TMPDIR/.xattr-probe"
	touch "$probe"
	python3 -c 'import os, sys; os.setxattr(sys.argv[1], "security.selinux", b"a:b:c:s0\0")' \
		"$probe" 2>/dev/null ||
		skip "cannot write security.selinux in $BATS_TEST_TMPDIR (needs root, or a kernel without SELinux and a file system with xattrs)"
	rm -f "$probe"
}

# make_tree DIR [LABEL]: the tree of labels.py, every entry labeled LABEL
# (default: a wrong one).
make_tree() {
	labels make "$1" && labels set "$1" "${2:-$WRONG}"
}

# The dump of DIR without the entries whose absolute path is PATH_MAX or
# longer (setfiles cannot reach those).
dump_short() {
	local top=$1
	labels dump "$top" | awk -F '\t' -v n="${#top}" 'n + 1 + length($1) < 4096'
}
