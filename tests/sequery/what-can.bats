#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sequery what-can: what a domain may do, by class and target.
bats_require_minimum_version 1.5.0
load policies

setup_file() {
	compile_small_policy
}

@test "sequery what-can: rules are grouped by class and target with their permissions" {
	need_small_policy
	run -0 --separate-stderr sequery what-can sshd_t "$SMALL"
	[ "$output" = "dir
  etc_t: search
    allow domain etc_t:dir search; # via attribute domain
file
  etc_t: getattr open read
    allow domain etc_t:file { getattr open read }; # via attribute domain
  shadow_t: open read
    allow pam_domain shadow_t:file open; # via attribute pam_domain
    allow sshd_t shadow_t:file read;" ]
	[ -z "$stderr" ]
}

@test "sequery what-can: conditional rules show their condition; dontaudit grants nothing" {
	need_small_policy
	run -0 --separate-stderr sequery what-can httpd_t file "$SMALL"
	[[ "$output" == *"  shadow_t: open read
    allow httpd_t shadow_t:file { open read }; [ httpd_read_shadow ]:True"* ]]
	[[ "$output" != *write* ]]
}

@test "sequery what-can: a class restricts the answer" {
	need_small_policy
	run -0 --separate-stderr sequery what-can init_t process "$SMALL"
	[ "$output" = "process
  httpd_t: transition
    allow init_t httpd_t:process transition;
  init_t: signal
    allow init_t init_t:process signal;" ]
}

@test "sequery what-can: an attribute source also matches its members' rules" {
	need_small_policy
	run -0 --separate-stderr sequery what-can domain file "$SMALL"
	[[ "$output" == *"  web_t: open read
    allow init_t file_type:file { open read }; # via attribute file_type"* ]]
	[[ "$output" == *"    allow domain etc_t:file { getattr open read };
"* ]]
}

@test "sequery what-can: a target attribute stands for its member types, named in the reason" {
	need_small_policy
	run -0 --separate-stderr sequery what-can init_t file "$SMALL"
	[ "$output" = "file
  etc_t: getattr open read
    allow domain etc_t:file { getattr open read }; # via attribute domain
    allow init_t file_type:file { open read }; # via attribute file_type
  shadow_t: open read
    allow init_t file_type:file { open read }; # via attribute file_type
  web_t: open read
    allow init_t file_type:file { open read }; # via attribute file_type" ]
	require_command jq jq
	run -0 --separate-stderr sequery --json what-can init_t file "$SMALL"
	[ "$(jq -r '.access[] | "\(.target) \([.rules[].via_target_attribute] | map(. // "-") | join(","))"' \
		<<<"$output")" = "etc_t -,file_type
shadow_t file_type
web_t file_type" ]
}

@test "sequery what-can: refpolicy's httpd_t writes httpd_sys_rw_content_t, unconfined_t reaches shadow_t, no attribute is a target" {
	need_refpolicy
	run -0 --separate-stderr sequery what-can httpd_t file "$REFPOLICY"
	local perms
	perms=$(grep '^  httpd_sys_rw_content_t: ' <<<"$output")
	[[ "$perms" == *" write"* && "$perms" == *" create"* && "$perms" == *" map"* ]]
	[[ "$output" == *"# via attribute httpd_rw_content"* ]]
	[[ "$output" == *"# via attribute httpdcontent"* ]]
	run -0 --separate-stderr sequery what-can unconfined_t file "$REFPOLICY"
	[[ "$output" == *$'\n  shadow_t: '*write* ]]
	# every target is a type: none of the policy's attributes, generated
	# ones (base_typeattr_N) included
	sequery -P "$REFPOLICY" info -a | sed -n 's/^   //p' | sort >"$BATS_TEST_TMPDIR/attrs"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/attrs")" -gt 100 ]
	sed -n 's/^  \([^ :]*\):.*/\1/p' <<<"$output" | sort -u >"$BATS_TEST_TMPDIR/targets"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/targets")" -gt 1000 ]
	[ -z "$(comm -12 "$BATS_TEST_TMPDIR/attrs" "$BATS_TEST_TMPDIR/targets")" ]
}

@test "sequery what-can: a generated attribute (NAME_typeattr_N) is said by what it stands for" {
	require_command jq jq
	# the names checkmodule and CIL give the type sets of rule expressions
	cat >"$BATS_TEST_TMPDIR/gen.cil" <<'CIL'
(class file (read write))
(classorder (file))
(sid kernel)
(sidorder (kernel))
(user u)
(role r)
(type d_t)
(type a_t)
(type b_t)
(type c_t)
(type e_t)
(typeattribute file_type)
(typeattributeset file_type (a_t b_t c_t))
(typeattribute base_typeattr_1)
(typeattributeset base_typeattr_1 (and file_type (not (c_t))))
(typeattribute mod_typeattr_2)
(typeattributeset mod_typeattr_2 (a_t e_t))
(allow d_t base_typeattr_1 (file (read)))
(allow d_t mod_typeattr_2 (file (write)))
(allow d_t file_type (file (read)))
(sensitivity s0)
(sensitivityorder (s0))
(category c0)
(categoryorder (c0))
(sensitivitycategory s0 (c0))
(roletype r d_t)
(userrole u r)
(userlevel u (s0))
(userrange u ((s0) (s0 (c0))))
(sidcontext kernel (u r d_t ((s0) (s0))))
CIL
	sepolc_fixture "$BATS_TEST_TMPDIR/gen.bin" "$BATS_TEST_TMPDIR/gen.cil"
	run -0 --separate-stderr sequery what-can d_t file "$BATS_TEST_TMPDIR/gen.bin"
	echo "$output"
	[[ $output == *"allow d_t base_typeattr_1:file read; # via attribute base_typeattr_1 = { file_type -c_t }"* ]]
	[[ $output == *"allow d_t mod_typeattr_2:file write; # via attribute mod_typeattr_2 = { a_t e_t }"* ]]
	# a named attribute is left as it is
	[[ $output == *"allow d_t file_type:file read; # via attribute file_type"$'\n'* ]]
	run -0 --separate-stderr sequery what-can --json d_t file "$BATS_TEST_TMPDIR/gen.bin"
	[ "$(jq -r '[.access[].rules[] | .via_target_attribute_expression // empty] | unique | join("|")' <<<"$output")" = "{ a_t e_t }|{ file_type -c_t }" ]
	run -0 --separate-stderr sequery who-can read file b_t "$BATS_TEST_TMPDIR/gen.bin"
	[[ $output == *"# via attribute base_typeattr_1 = { file_type -c_t }"* ]]
}

@test "sequery what-can: an argument with a '/' or naming a file is the policy, else a class" {
	need_small_policy
	cp "$SMALL" "$BATS_TEST_TMPDIR/policy"
	cd "$BATS_TEST_TMPDIR"
	run -0 --separate-stderr sequery what-can init_t policy
	[[ "$output" == *"file
"*"process
"* ]]
	run -0 --separate-stderr sequery what-can init_t ./policy
	[[ "$output" == *process* ]]
	run -0 --separate-stderr sequery what-can init_t process ./policy
	[[ "$output" != *file* ]]
	# no such file, no '/': a class, looked up in the --policy
	run -2 --separate-stderr sequery -P ./policy what-can init_t proces
	[[ "$stderr" == *"unknown class 'proces'"*"did you mean 'process'?"* ]]
}

@test "sequery what-can: nothing allowed exits 1" {
	need_small_policy
	run -1 --separate-stderr sequery what-can split_t dir "$SMALL"
	[ -z "$output" ]
	[ -z "$stderr" ]
	run -1 --separate-stderr sequery what-can -q split_t dir "$SMALL"
	run -0 --separate-stderr sequery what-can -q split_t "$SMALL"
	[ -z "$output" ]
}

@test "sequery what-can: --json lists target, class, permissions and rules" {
	need_small_policy
	require_command jq jq
	run -0 --separate-stderr sequery what-can --json sshd_t file "$SMALL"
	[ "$(jq -r '.command, .query.source, .query.class' <<<"$output")" = "what-can
sshd_t
file" ]
	[ "$(jq -r '.access[] | "\(.class) \(.target) \(.perms | join(",")) \(.rules | length)"' <<<"$output")" = "file etc_t getattr,open,read 1
file shadow_t open,read 2" ]
	[ "$(jq -r '.access[0].rules[0].via_source_attribute' <<<"$output")" = domain ]
	run -0 --separate-stderr sequery --json what-can sshd_t "$SMALL"
	[ "$(jq -r '.access | length' <<<"$output")" = 3 ]
}

@test "sequery what-can: unknown names exit 2 with a suggestion" {
	need_small_policy
	run -2 --separate-stderr sequery what-can sshd "$SMALL"
	[ -z "$output" ]
	[[ "$stderr" == *"unknown type or attribute 'sshd'"*"did you mean 'sshd_t'?"* ]]
	run -2 --separate-stderr sequery what-can sshd_t flie "$SMALL"
	[[ "$stderr" == *"unknown class 'flie'"*"did you mean 'file'?"* ]]
}

@test "sequery what-can: usage errors exit 2" {
	run -2 --separate-stderr sequery what-can
	[[ "$stderr" == *"no source given"* ]]
	run -2 --separate-stderr sequery what-can a b c d
	[[ "$stderr" == *"unrecognized argument: d"* ]]
	run -0 --separate-stderr sequery what-can -h
	[[ "$output" == "Usage:"*"what-can"* ]]
}

@test "sequery what-can: the rules shown are sesearch's allow rules for the source" {
	need_refpolicy
	require_setools
	for q in "httpd_t file" "sshd_t process" "domain dir"; do
		set -- $q
		sesearch --allow -s "$1" -c "$2" "$REFPOLICY" | sort -u >"$BATS_TEST_TMPDIR/setools"
		run -0 --separate-stderr sequery what-can "$1" "$2" "$REFPOLICY"
		# a rule on an attribute shows under each member type: once each here
		grep '^    ' <<<"$output" | sed 's/^    //; s/ # via attributes\{0,1\} .*//' | sort -u \
			>"$BATS_TEST_TMPDIR/sequery"
		diff -u "$BATS_TEST_TMPDIR/setools" "$BATS_TEST_TMPDIR/sequery"
	done
}

@test "sequery what-can: each target's permissions are the union of its rules'" {
	need_refpolicy
	run -0 --separate-stderr sequery what-can --json httpd_t "$REFPOLICY"
	require_command jq jq
	[ "$(jq '[.access[] | select((.perms | sort) != ([.rules[].perms[]] | unique))] | length' \
		<<<"$output")" = 0 ]
	[ "$(jq '[.access[].rules[] | select(.source != "httpd_t" and .via_source_attribute == null)] | length' \
		<<<"$output")" = 0 ]
}

@test "sequery what-can: an attribute without members can do nothing" {
	need_refpolicy
	run -1 --separate-stderr sequery what-can ubacdb "$REFPOLICY"
	[ -z "$output" ]
}
