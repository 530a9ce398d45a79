# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by sereach's bats files: the fixture policies, compiled once per
# file, and the permission map of the build tree.
load ../helpers

export SEKIT_PERM_MAP=${SEKIT_PERM_MAP:-$SEKIT_SRCDIR/data/perm_map}
FIX="$BATS_TEST_DIRNAME/fixtures"

# compile_fixtures NAME...: fixtures/NAME.conf compiled by sepolc into
# $BATS_FILE_TMPDIR/NAME.bin (from setup_file: once per file); sepolc
# failing fails every test of the file.
compile_fixtures() {
	local f
	for f; do
		sepolc_fixture "$BATS_FILE_TMPDIR/$f.bin" "$FIX/$f.conf" || return 1
	done
}

# need_fixture NAME: compile_fixtures NAME, when setup_file did not.
need_fixture() { compile_fixtures "$1"; }

# need_corpus NAME: setools' NAME.conf from the corpus, compiled (MLS) into
# $BATS_FILE_TMPDIR/NAME.bin; a skip without the corpus.
need_corpus() {
	corpus_fixture "$BATS_FILE_TMPDIR/$1.bin" "setools/$1.conf" -M
}
