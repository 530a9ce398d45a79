#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sectl status against a fake selinuxfs: sestatus's lines and more.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

setup() {
	sectl_setup
}

@test "sectl status: prints sestatus's lines, then the loaded version, capabilities, booleans and AVC" {
	run -0 --separate-stderr sectl --selinuxfs "$FS" status
	[ -z "$stderr" ]
	lines_are 0 <<-EOF
	SELinux status:                 enabled
	SELinuxfs mount:                $FS
	SELinux root directory:         $ETC
	Loaded policy name:             default
	Current mode:                   permissive
	Mode from config file:          enforcing
	Policy MLS status:              enabled
	Policy deny_unknown status:     allowed
	Memory protection checking:     actual (secure)
	Max kernel policy version:      33
	Loaded policy version:          33
	Policy reject_unknown status:   not rejected
	Policy capabilities:            network_peer_controls open_perms
	Policy booleans:                3 (1 pending)
	AVC cache:                      15 lookups, 12 hits, 3 misses
	EOF
	[ "${#lines[@]}" -eq 15 ]
}

@test "sectl status: each kernel flag is read from its own node" {
	printf 1 >"$FS/enforce"
	printf 0 >"$FS/mls"
	printf 1 >"$FS/deny_unknown"
	printf 1 >"$FS/reject_unknown"
	printf 1 >"$FS/checkreqprot"
	printf 31 >"$FS/policyvers"
	make_config "$ETC" disabled
	run -0 sectl --selinuxfs "$FS" status
	[[ "$output" == *"Current mode:                   enforcing"* ]]
	[[ "$output" == *"Mode from config file:          disabled"* ]]
	[[ "$output" == *"Policy MLS status:              disabled"* ]]
	[[ "$output" == *"Policy deny_unknown status:     denied"* ]]
	[[ "$output" == *"Memory protection checking:     requested (insecure)"* ]]
	[[ "$output" == *"Max kernel policy version:      31"* ]]
	[[ "$output" == *"Policy reject_unknown status:   rejected"* ]]
}

@test "sectl status: -b lists the booleans as sestatus -b does" {
	run -0 sectl --selinuxfs "$FS" status -b
	lines_are 15 <<-EOF
	Policy booleans:
	allow_execmem                   off
	httpd_can_network_connect       on
	ssh_sysadm_login                off (activate pending)
	EOF
}

@test "sectl status: SEKIT_SELINUXFS names the selinuxfs too" {
	SEKIT_SELINUXFS=$FS run -0 sectl status
	[ "${lines[1]}" = "SELinuxfs mount:                $FS" ]
}

@test "sectl status: a selinuxfs at /selinux is found as libselinux finds it" {
	local root="$BATS_TEST_TMPDIR/root"
	make_fakefs "$root/selinux"
	SEKIT_SYSROOT=$root run -0 env -u SEKIT_SELINUXFS sectl status
	[ "${lines[1]}" = "SELinuxfs mount:                $root/selinux" ]
}

@test "sectl status: what cannot be read is 'unknown', not an error" {
	rm "$FS/mls" "$FS/checkreqprot" "$FS/policy" "$ETC/config"
	run -0 --separate-stderr sectl --selinuxfs "$FS" status
	[ -z "$stderr" ]
	[[ "$output" == *"Mode from config file:          unknown"* ]]
	[[ "$output" == *"Policy MLS status:              unknown"* ]]
	[[ "$output" == *"Memory protection checking:     unknown"* ]]
	[[ "$output" == *"Loaded policy version:          unknown"* ]]
}

@test "sectl status: a selinuxfs without a policy says so" {
	rm -r "$FS"/class/* "$FS"/booleans/*
	run -0 sectl --selinuxfs "$FS" status
	[ "${lines[3]}" = "Loaded policy name:             none (no policy loaded)" ]
	[ "${lines[10]}" = "Loaded policy version:          none" ]
	[ "${lines[13]}" = "Policy booleans:                0 (0 pending)" ]
}

# issue 11: before the first load the kernel's mls, deny_unknown,
# reject_unknown and capability nodes read 0; that is no answer
@test "sectl status: without a policy, policy-dependent values are unknown (null in --json)" {
	rm -r "$FS"/class/* "$FS"/booleans/*
	printf 0 >"$FS/mls"
	printf 0 >"$FS/policy_capabilities/open_perms"
	printf 0 >"$FS/policy_capabilities/network_peer_controls"
	run -0 --separate-stderr sectl --selinuxfs "$FS" status
	[ "${lines[4]}" = "Current mode:                   permissive" ]
	[ "${lines[6]}" = "Policy MLS status:              unknown" ]
	[ "${lines[7]}" = "Policy deny_unknown status:     unknown" ]
	[ "${lines[8]}" = "Memory protection checking:     actual (secure)" ]
	[ "${lines[9]}" = "Max kernel policy version:      33" ]
	[ "${lines[11]}" = "Policy reject_unknown status:   unknown" ]
	[ "${lines[12]}" = "Policy capabilities:            unknown" ]
	require_command jq jq
	run -0 --separate-stderr sectl --selinuxfs "$FS" status --json
	[ "$(jq -c '[.policy_loaded, .mls, .deny_unknown, .reject_unknown, .policy_capabilities, .checkreqprot, .max_policy_version]' <<<"$output")" = \
		'[false,null,null,null,null,false,33]' ]
}

@test "sectl status: no selinuxfs there is 'disabled', one line on stderr, exit 3" {
	run -3 --separate-stderr sectl --selinuxfs "$BATS_TEST_TMPDIR/nowhere" status
	[ "$output" = "SELinux status:                 disabled" ]
	[[ "$stderr" == "sectl: no selinuxfs at '$BATS_TEST_TMPDIR/nowhere': No such file or directory" ]]
	rm "$FS/enforce"
	run -3 --separate-stderr sectl --selinuxfs "$FS" status
	[ "$stderr" = "sectl: no selinuxfs at '$FS': it has no 'enforce' node" ]
}

@test "sectl status: -q prints nothing; the exit status is the answer" {
	run -0 --separate-stderr sectl --selinuxfs "$FS" status -q
	[ -z "$output" ] && [ -z "$stderr" ]
	run -3 --separate-stderr sectl -q --selinuxfs "$BATS_TEST_TMPDIR/nowhere" status
	[ -z "$output" ]
}

@test "sectl status: --json is one document with format_version 1" {
	require_command jq jq
	run -0 --separate-stderr sectl --selinuxfs "$FS" status --json -b
	[ "$(jq -r .format_version <<<"$output")" = 1 ]
	[ "$(jq -r '.tool + " " + .command' <<<"$output")" = "sectl status" ]
	[ "$(jq -c '[.enabled, .policy_loaded, .mode, .config_mode, .policy_version, .max_policy_version]' <<<"$output")" = \
		'[true,true,"permissive","enforcing",33,33]' ]
	[ "$(jq -c '[.mls, .deny_unknown, .reject_unknown, .checkreqprot]' <<<"$output")" = '[true,false,false,false]' ]
	[ "$(jq -c .policy_capabilities <<<"$output")" = \
		'{"cgroup_seclabel":false,"network_peer_controls":true,"open_perms":true}' ]
	[ "$(jq -c '[.boolean_count, .pending_boolean_count, .avc.lookups]' <<<"$output")" = '[3,1,15]' ]
	[ "$(jq -c '.booleans[2]' <<<"$output")" = '{"name":"ssh_sysadm_login","active":false,"pending":true}' ]
	run -3 --separate-stderr sectl --json --selinuxfs "$BATS_TEST_TMPDIR/nowhere" status
	[ "$(jq -c '[.format_version, .enabled]' <<<"$output")" = '[1,false]' ]
}

@test "sectl status: --policy is refused, status is the kernel's (exit 2)" {
	run -2 --separate-stderr sectl --policy /dev/null status
	[[ "$stderr" == "sectl: 'status' works on the kernel; --policy applies to access"* ]]
}
