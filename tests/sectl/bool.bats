#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sectl bool against a fake selinuxfs: getsebool's output, setsebool's
# input, and what is written where.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

setup() {
	sectl_setup
	export SEKIT_SELINUXFS=$FS
}

# The bytes of a fake node, as od -c shows them.
bytes() {
	od -An -c "$1" | tr -s ' ' | sed 's/^ //; s/ $//'
}

@test "sectl bool: lists every boolean as getsebool -a does" {
	run -0 --separate-stderr sectl bool
	[ -z "$stderr" ]
	lines_are 0 <<-EOF
	allow_execmem --> off
	httpd_can_network_connect --> on
	ssh_sysadm_login --> off pending: on
	EOF
	[ "${#lines[@]}" -eq 3 ]
}

@test "sectl bool: NAME prints that one; --pending lists only pending changes" {
	run -0 sectl bool httpd_can_network_connect allow_execmem
	[ "$output" = $'httpd_can_network_connect --> on\nallow_execmem --> off' ]
	run -0 sectl bool --pending
	[ "$output" = "ssh_sysadm_login --> off pending: on" ]
}

@test "sectl bool: NAME=on writes \"1\\0\" to the boolean, then \"1\\0\" to commit_pending_bools" {
	run -0 --separate-stderr sectl bool allow_execmem=on
	[ -z "$output" ] && [ -z "$stderr" ]
	# the fake node keeps the rest of its old "0 0"
	[ "$(bytes "$FS/booleans/allow_execmem")" = '1 \0 0' ]
	[ "$(bytes "$FS/commit_pending_bools")" = '1 \0' ]
}

@test "sectl bool: setsebool's values and NAME VALUE pairs" {
	run -0 sectl bool allow_execmem true httpd_can_network_connect=off ssh_sysadm_login 0
	[ "$(bytes "$FS/booleans/allow_execmem")" = '1 \0 0' ]
	[ "$(bytes "$FS/booleans/httpd_can_network_connect")" = '0 \0 1' ]
	[ "$(bytes "$FS/booleans/ssh_sysadm_login")" = '0 \0 1' ]
}

@test "sectl bool: --pending NAME=VALUE leaves the value pending; --commit commits" {
	run -0 sectl bool --pending allow_execmem=1
	[ "$(bytes "$FS/booleans/allow_execmem")" = '1 \0 0' ]
	[ ! -s "$FS/commit_pending_bools" ]
	run -0 sectl bool --commit
	[ "$(bytes "$FS/commit_pending_bools")" = '1 \0' ]
}

@test "sectl bool: -v says what changed" {
	run -0 --separate-stderr sectl bool -v allow_execmem=on
	[ "$stderr" = "sectl: allow_execmem set to on" ]
}

@test "sectl bool: an unknown name changes nothing and suggests one (exit 2)" {
	run -2 --separate-stderr sectl bool allow_execmem=on allow_exec_mem=on
	[ -z "$output" ]
	[ "$stderr" = $'sectl: unknown boolean \'allow_exec_mem\'\nsectl: note: did you mean \'allow_execmem\'?' ]
	[ "$(bytes "$FS/booleans/allow_execmem")" = '0 0' ]
	[ ! -s "$FS/commit_pending_bools" ]
}

@test "sectl bool: reading one unknown name does not hide the others (exit 2)" {
	run -2 --separate-stderr sectl bool nope allow_execmem
	[ "$output" = "allow_execmem --> off" ]
	[ "$stderr" = "sectl: unknown boolean 'nope'" ]
}

@test "sectl bool: a bad value is a usage error" {
	run -2 --separate-stderr sectl bool allow_execmem=maybe
	[[ "$stderr" == "sectl: invalid value 'maybe' for 'allow_execmem': use on, off, 1, 0, true or false"* ]]
	[ "$(bytes "$FS/booleans/allow_execmem")" = '0 0' ]
}

@test "sectl bool: a name cannot reach outside booleans/" {
	run -2 --separate-stderr sectl bool ../enforce=1
	[ "$stderr" = "sectl: unknown boolean '../enforce'" ]
	[ "$(cat "$FS/enforce")" = 0 ]
}

@test "sectl bool: old names are found through the policy's booleans.subs_dist" {
	mkdir -p "$ETC/default"
	printf '# old new\nallow_exec_memory allow_execmem\n' >"$ETC/default/booleans.subs_dist"
	run -0 sectl bool allow_exec_memory
	[ "$output" = "allow_execmem --> off" ]
}

@test "sectl bool: a failed commit puts the pending values back (exit 3)" {
	rm "$FS/commit_pending_bools" && mkdir "$FS/commit_pending_bools"
	run -3 --separate-stderr sectl bool allow_execmem=on httpd_can_network_connect=off
	[ "$stderr" = "sectl: cannot write '$FS/commit_pending_bools': Is a directory" ]
	# "1\0" then "0\0" (its old pending value) over "0 0"
	[ "$(bytes "$FS/booleans/allow_execmem")" = '0 \0 0' ]
	[ "$(bytes "$FS/booleans/httpd_can_network_connect")" = '1 \0 1' ]
}

@test "sectl bool: -P sets the persistent value in the store through libsemanage" {
	in_workdir
	scratch_store
	SEKIT_SYSROOT=$ROOT run -0 --separate-stderr sectl bool -P httpd_can_network_connect=on
	grep -qxF 'httpd_can_network_connect=1' "$ROOT/var/lib/selinux/default/active/booleans.local"
	SEKIT_SYSROOT=$ROOT run -2 --separate-stderr sectl bool -P httpd_can_network_conect=off
	[ "${stderr_lines[0]}" = "sectl: unknown boolean 'httpd_can_network_conect'" ]
	grep -qxF 'httpd_can_network_connect=1' "$ROOT/var/lib/selinux/default/active/booleans.local"
}

@test "sectl bool: a node that is not \"active pending\" (exit 3)" {
	printf 'yes' >"$FS/booleans/allow_execmem"
	run -3 --separate-stderr sectl bool allow_execmem
	[ "$stderr" = "sectl: '$FS/booleans/allow_execmem' holds 'yes', not \"active pending\"" ]
}

@test "sectl bool: --json" {
	require_command jq jq
	run -0 sectl bool --json
	[ "$(jq -c '[.format_version, .command, (.booleans | length)]' <<<"$output")" = '[1,"bool",3]' ]
	[ "$(jq -c '.booleans[2]' <<<"$output")" = '{"name":"ssh_sysadm_login","active":false,"pending":true}' ]
}
