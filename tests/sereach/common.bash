# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by sereach's bats files: the fixture policies, compiled once per
# file, and the permission map of the build tree.
load ../helpers

export SEKIT_PERM_MAP=${SEKIT_PERM_MAP:-$SEKIT_SRCDIR/data/perm_map}
FIX="$BATS_TEST_DIRNAME/fixtures"

# compile NAME...: fixtures/NAME.conf into $BATS_FILE_TMPDIR/NAME.bin
compile_fixtures() {
	command -v checkpolicy >/dev/null 2>&1 || return 0
	local f
	for f in "$@"; do
		checkpolicy -o "$BATS_FILE_TMPDIR/$f.bin" "$FIX/$f.conf" \
			>"$BATS_FILE_TMPDIR/$f.log" 2>&1 || rm -f "$BATS_FILE_TMPDIR/$f.bin"
	done
}

# need_fixture NAME: skip without checkpolicy; fail when it did not compile
need_fixture() {
	command -v checkpolicy >/dev/null 2>&1 || skip "checkpolicy not installed (apt-get install checkpolicy)"
	[ -f "$BATS_FILE_TMPDIR/$1.bin" ] || {
		cat "$BATS_FILE_TMPDIR/$1.log" >&2
		false
	}
}

# need_corpus NAME: setools' NAME.conf from the corpus, compiled (MLS)
need_corpus() {
	command -v checkpolicy >/dev/null 2>&1 || skip "checkpolicy not installed (apt-get install checkpolicy)"
	[ -r "$SEKIT_CORPUS/setools/$1.conf" ] || skip "no $SEKIT_CORPUS/setools/$1.conf"
	[ -f "$BATS_FILE_TMPDIR/$1.bin" ] ||
		checkpolicy -M -o "$BATS_FILE_TMPDIR/$1.bin" "$SEKIT_CORPUS/setools/$1.conf" >/dev/null
}
