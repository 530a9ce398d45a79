#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The harness itself (tests/helpers.bash): a tool's bats file run without
# that tool as the build made it first in PATH fails at once, saying why,
# instead of skipping every test (and printing ok) or failing each for a
# reason that does not say so.
bats_require_minimum_version 1.5.0
load ../helpers

# in_bats ENV... FILE: run bats on tests/FILE with the environment ENV
# (env(1) words: PATH=..., -u NAME)
in_bats() {
	local bats
	bats=$(command -v "${BATS:-bats}")
	run env "${@:1:$#-1}" "$bats" --tap "$SEKIT_SRCDIR/tests/${!#}"
	printf '%s\n' "$output"
}

@test "harness: a tool's tests run without the build directory in PATH fail, and skip nothing" {
	in_bats -u SEKIT_BUILDDIR PATH=/usr/bin:/bin seallow/bad-input.bats
	[ "$status" -ne 0 ]
	[[ "$output" == *"helpers: 'seallow' is not on PATH"* ]]
	[[ "$output" == *"PATH="*":\$PATH bats FILE"* ]]
	[[ "$output" != *"# skip"* ]]
}

@test "harness: a tool's tests refuse a tool on PATH that is not the one built" {
	local built=${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}
	[ -x "$built/sectl" ] || skip "built out of the source tree: set SEKIT_BUILDDIR"
	mkdir "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\nexit 0\n' >"$BATS_TEST_TMPDIR/bin/sectl"
	chmod +x "$BATS_TEST_TMPDIR/bin/sectl"
	in_bats SEKIT_BUILDDIR="$built" PATH="$BATS_TEST_TMPDIR/bin:/usr/bin:/bin" sectl/mode.bats
	[ "$status" -ne 0 ]
	[[ "$output" == *"helpers: PATH finds '$BATS_TEST_TMPDIR/bin/sectl', not the 'sectl' built in '$built'"* ]]
}
