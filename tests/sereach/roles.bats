#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# --role/--user on fixtures/roles.conf: user_t and staff_t can both become
# sysadm_t by the TE rules, but only staff_u (staff_r, sysadm_r and "allow
# staff_r sysadm_r") can hold a role authorised for sysadm_t; user_u has
# user_r alone, and "allow user_r sysadm_r" cannot take it where user_u
# has no role.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures roles
}

@test "sereach dta: the TE rules alone let user_t become sysadm_t" {
	need_fixture roles
	run -0 --separate-stderr sereach dta --exact -p "$BATS_FILE_TMPDIR/roles.bin" -s user_t -t sysadm_t -S
	[[ $output == *"Step 1: user_t -> sysadm_t"* ]]
}

@test "sereach dta --user: no role of the user is authorised for the target, no transition" {
	need_fixture roles
	local p=$BATS_FILE_TMPDIR/roles.bin
	run -1 --separate-stderr sereach dta --user user_u -p "$p" -s user_t -t sysadm_t -S
	[ "$output" = $'\n0 domain transition path(s) found.' ]
	run -1 --separate-stderr sereach dta --user user_u -p "$p" -s user_t
	run -0 --separate-stderr sereach dta --user staff_u -p "$p" -s staff_t -t sysadm_t -S
	[[ $output == *"Step 1: staff_t -> sysadm_t"* ]]
	# the role is what matters, not the source domain
	run -0 --separate-stderr sereach dta --user staff_u -p "$p" -s user_t
	[[ $output == *"Transition 1: user_t -> sysadm_t"* ]]
}

@test "sereach dta --role: the roles an allow R1 R2 rule leads to count, within the user's" {
	need_fixture roles
	local p=$BATS_FILE_TMPDIR/roles.bin
	run -0 --separate-stderr sereach dta --role user_r -p "$p" -s user_t -t sysadm_t -S
	run -1 --separate-stderr sereach dta --role user_r --user user_u -p "$p" -s user_t -t sysadm_t -S
	run -0 --separate-stderr sereach dta --role staff_r --user staff_u -p "$p" -s staff_t -t sysadm_t -S
	# transitions into sysadm_t: none for user_u
	run -0 --separate-stderr sereach dta --role sysadm_r -p "$p" -s sysadm_t -r
	run -1 --separate-stderr sereach dta --user user_u -p "$p" -s sysadm_t -r
}

@test "sereach dta --role/--user imply --exact" {
	need_fixture roles
	require_command jq jq
	run -0 --separate-stderr sereach dta --json --user staff_u -p "$BATS_FILE_TMPDIR/roles.bin" --why-not staff_t sysadm_t
	[ "$(jq -r '.exact, .exists' <<<"$output" | paste -sd' ')" = "true true" ]
}

@test "sereach dta --why-not names the role restriction" {
	need_fixture roles
	run -1 --separate-stderr sereach dta --user user_u -p "$BATS_FILE_TMPDIR/roles.bin" --why-not user_t sysadm_t
	[[ $output == *"Note: no role that user_u can reach is authorised for sysadm_t."* ]]
	require_command jq jq
	run -1 --separate-stderr sereach dta --json --role user_r --user user_u -p "$BATS_FILE_TMPDIR/roles.bin" --why-not user_t sysadm_t
	[ "$(jq -r '.notes[0]' <<<"$output")" = "no role that user_u can reach from user_r is authorised for sysadm_t" ]
}

@test "sereach can --user: a transition the roles forbid does not count" {
	need_fixture roles
	local p=$BATS_FILE_TMPDIR/roles.bin
	run -0 --separate-stderr sereach can --exact -p "$p" --direct user_t read shadow_t
	[[ $output == *"Step 1: user_t -> sysadm_t (transition)"* ]]
	run -1 --separate-stderr sereach can --user user_u -p "$p" --direct user_t read shadow_t
	run -0 --separate-stderr sereach can --user staff_u -p "$p" --direct user_t read shadow_t
}

@test "sereach dta --role/--user: unknown names and a role the user lacks are errors" {
	need_fixture roles
	local p=$BATS_FILE_TMPDIR/roles.bin
	run -2 --separate-stderr sereach dta --user user -p "$p" -s user_t
	[[ $stderr == *"unknown user 'user'"* && $stderr == *"did you mean 'user_u'"* ]]
	[ -z "$output" ]
	run -2 --separate-stderr sereach dta --role staf_r -p "$p" -s user_t
	[[ $stderr == *"unknown role 'staf_r'"* && $stderr == *"did you mean 'staff_r'"* ]]
	run -2 --separate-stderr sereach dta --role staff_r --user user_u -p "$p" -s user_t
	[[ $stderr == *"role 'staff_r' is not authorised for user 'user_u'"* ]]
}
