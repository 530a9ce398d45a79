# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by tests/seallow: the Appendix A policy (t.conf) compiled once per
# file with our own sepolc, so the tests need no checkpolicy.
load ../helpers

FIXTURES="$SEKIT_SRCDIR/tests/seallow/fixtures"

seallow_setup() {
	TBIN="$BATS_FILE_TMPDIR/t.bin"
	# sepolc refusing t.conf is our failure: it fails every test, never skips
	sepolc_fixture "$TBIN" "$FIXTURES/t.conf"
	export SEKIT_POLICY_XML=/nonexistent
	cd "$BATS_TEST_TMPDIR"
}
