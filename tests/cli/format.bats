#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# clang-format on changed lines only (scripts/check-format against the base
# in .ci/format-base): the tree passes, and a scratch repository shows the
# check fails on an unformatted change and leaves fenced tables alone.
bats_require_minimum_version 1.5.0
load ../helpers

@test "check-format: C lines changed since .ci/format-base are formatted" {
	run "$SEKIT_SRCDIR/scripts/check-format"
	[ "$status" -ne 77 ] || skip "${output#SKIP: }"
	printf '%s\n' "$output"
	[ "$status" -eq 0 ]
}

@test "check-format: an unformatted change fails, a fenced table and old code do not" {
	require_command git git
	git clang-format -h >/dev/null 2>&1 || skip "git-clang-format not installed (apt-get install clang-format)"
	cd "$BATS_TEST_TMPDIR"
	mkdir -p repo/scripts repo/.ci && cd repo
	cp "$SEKIT_SRCDIR/.clang-format" .
	cp "$SEKIT_SRCDIR/scripts/check-format" scripts/
	git init -q . && git config user.email t@example.org && git config user.name t
	# written before the rule: unformatted, and never reported
	printf 'int  old( void ){return 0;}\n' >a.c
	git add . && git commit -qm base
	git rev-parse HEAD >.ci/format-base
	run -0 scripts/check-format
	printf 'int  new( void ){return 1;}\n' >b.c
	git add b.c
	run -1 scripts/check-format
	[[ "$output" == *"+	return 1;"* ]]
	[[ "$output" != *"old("* ]]
	printf '// clang-format off\nstatic const int t[] = {  1,  2,\n\t\t\t 3 };\n// clang-format on\n' >b.c
	run -0 scripts/check-format
}
