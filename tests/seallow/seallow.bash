# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by tests/seallow: the Appendix A policy (t.conf) compiled once per
# file with our own sepolc, so the tests need no checkpolicy.
load ../helpers
# t.conf is compiled by sepolc
require_built sepolc || return 1

FIXTURES="$SEKIT_SRCDIR/tests/seallow/fixtures"

seallow_setup() {
	TBIN="$BATS_FILE_TMPDIR/t.bin"
	if [ ! -s "$TBIN" ]; then
		sepolc -o "$TBIN" "$FIXTURES/t.conf" >/dev/null 2>&1 || skip "sepolc cannot compile t.conf"
	fi
	export SEKIT_POLICY_XML=/nonexistent
	cd "$BATS_TEST_TMPDIR"
}
