#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sectl mode against a fake selinuxfs: getenforce and setenforce.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

setup() {
	sectl_setup
}

@test "sectl mode: prints Permissive or Enforcing, as getenforce" {
	run -0 --separate-stderr sectl --selinuxfs "$FS" mode
	[ "$output" = Permissive ] && [ -z "$stderr" ]
	printf 1 >"$FS/enforce"
	run -0 sectl --selinuxfs "$FS" mode
	[ "$output" = Enforcing ]
}

@test "sectl mode: enforcing writes '1' to enforce in one write, nothing on stdout" {
	run -0 --separate-stderr sectl --selinuxfs "$FS" mode enforcing
	[ -z "$output" ] && [ -z "$stderr" ]
	[ "$(od -An -c "$FS/enforce" | tr -d ' ')" = 1 ]
}

@test "sectl mode: takes setenforce's words, in any case" {
	for word in Enforcing:1 PERMISSIVE:0 1:1 0:0 enforcing:1 permissive:0; do
		run -0 sectl --selinuxfs "$FS" mode "${word%%:*}"
		[ "$(cat "$FS/enforce")" = "${word##*:}" ]
	done
}

@test "sectl mode: -v says what changed on stderr" {
	run -0 --separate-stderr sectl --selinuxfs "$FS" mode -v 1
	[ "$stderr" = "sectl: permissive -> enforcing" ]
}

@test "sectl mode: a word it does not know is a usage error, nothing written" {
	run -2 --separate-stderr sectl --selinuxfs "$FS" mode strict
	[[ "$stderr" == "sectl: invalid mode 'strict': use enforcing, permissive, 1 or 0"* ]]
	[ "$(cat "$FS/enforce")" = 0 ]
	run -2 sectl --selinuxfs "$FS" mode 1 0
}

@test "sectl mode: --json" {
	require_command jq jq
	run -0 sectl --selinuxfs "$FS" mode --json
	[ "$(jq -c '[.format_version, .command, .mode]' <<<"$output")" = '[1,"mode","permissive"]' ]
	run -0 sectl --selinuxfs "$FS" --json mode enforcing
	[ "$(jq -c '[.mode, .previous_mode]' <<<"$output")" = '["enforcing","permissive"]' ]
}

@test "sectl mode: a node that cannot be written is the kernel's refusal (exit 3)" {
	rm "$FS/enforce" && mkdir "$FS/enforce"
	run -3 --separate-stderr sectl --selinuxfs "$FS" mode 1
	[[ "$stderr" == "sectl: cannot read '$FS/enforce': Is a directory" ]]
}

@test "sectl mode: a node that does not hold a number (exit 3)" {
	printf 'x' >"$FS/enforce"
	run -3 --separate-stderr sectl --selinuxfs "$FS" mode
	[ "$stderr" = "sectl: '$FS/enforce' holds 'x', not a number" ]
}

@test "sectl mode: no SELinux prints Disabled as getenforce, and exits 3" {
	run -3 --separate-stderr sectl --selinuxfs "$BATS_TEST_TMPDIR/nowhere" mode
	[ "$output" = Disabled ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	run -3 --separate-stderr sectl --selinuxfs "$BATS_TEST_TMPDIR/nowhere" mode 1
	[ -z "$output" ]
}
