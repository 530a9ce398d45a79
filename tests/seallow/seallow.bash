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

# exit_of PID STATUS: the background job PID ended with STATUS (bats' run
# cannot wait: it runs its command in a subshell, whose child PID is not)
exit_of() {
	local st=0
	wait "$1" || st=$?
	[ "$st" -eq "$2" ] || {
		echo "exit status $st, not $2"
		return 1
	}
}
