#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sequery who-can: which domains may use permissions on a type.
bats_require_minimum_version 1.5.0
load policies

setup_file() {
	compile_small_policy
}

@test "sequery who-can: a rule on an attribute counts for each member type" {
	need_small_policy
	run -0 --separate-stderr sequery who-can getattr file etc_t "$SMALL"
	[ "$output" = "httpd_t
    allow domain etc_t:file { getattr open read }; # via attribute domain
init_t
    allow domain etc_t:file { getattr open read }; # via attribute domain
sshd_t
    allow domain etc_t:file { getattr open read }; # via attribute domain" ]
	[ -z "$stderr" ]
}

@test "sequery who-can: a target attribute is named in the note" {
	need_small_policy
	run -0 --separate-stderr sequery who-can read file shadow_t "$SMALL"
	[[ "$output" == *"init_t
    allow init_t file_type:file { open read }; # via attribute file_type"* ]]
}

@test "sequery who-can: conditional rules count and show their condition" {
	need_small_policy
	run -0 --separate-stderr sequery who-can read file shadow_t "$SMALL"
	[[ "$output" == *"httpd_t
    allow httpd_t shadow_t:file { open read }; [ httpd_read_shadow ]:True"* ]]
}

@test "sequery who-can: by default every permission is needed, from one rule or several" {
	need_small_policy
	run -0 --separate-stderr sequery who-can read,open file shadow_t "$SMALL"
	[ "$(grep -v '^ ' <<<"$output")" = "httpd_t
init_t
sshd_t" ]
	[[ "$output" == *"sshd_t
    allow pam_domain shadow_t:file open; # via attribute pam_domain
    allow sshd_t shadow_t:file read;"* ]]
	# split_t reads web_t and opens shadow_t: never both on one type
	run -0 --separate-stderr sequery who-can --all read,open file file_type "$SMALL"
	[[ "$output" != *split_t* ]]
}

@test "sequery who-can: --any lists a domain with one permission and says which" {
	need_small_policy
	run -0 --separate-stderr sequery who-can --any read,write file shadow_t "$SMALL"
	[ "$(grep -v '^ ' <<<"$output")" = "httpd_t (granted: read)
init_t (granted: read)
sshd_t (granted: read)" ]
	run -0 --separate-stderr sequery who-can --any read,open file file_type "$SMALL"
	[[ "$output" == *"split_t
    allow split_t shadow_t:file open;
    allow split_t web_t:file read;"* ]]
}

@test "sequery who-can: dontaudit and auditallow rules grant nothing" {
	need_small_policy
	run -1 --separate-stderr sequery who-can write file shadow_t "$SMALL"
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "sequery who-can: an alias names its type" {
	need_small_policy
	run -0 --separate-stderr sequery who-can getattr file etc_alias_t "$SMALL"
	[ "$(grep -v '^ ' <<<"$output")" = "httpd_t
init_t
sshd_t" ]
}

@test "sequery who-can: -q prints nothing and answers with the exit status" {
	need_small_policy
	run -0 --separate-stderr sequery who-can -q read file shadow_t "$SMALL"
	[ -z "$output" ]
	run -1 --separate-stderr sequery -q who-can write file shadow_t "$SMALL"
	[ -z "$output" ]
}

@test "sequery who-can: --json shows each domain with its rules and attributes" {
	need_small_policy
	require_command jq jq
	run -0 --separate-stderr sequery who-can --json read,open file shadow_t "$SMALL"
	[ "$(jq -r '.format_version, .command, .query.match, (.query.perms | join(","))' <<<"$output")" = "1
who-can
all
read,open" ]
	[ "$(jq -r '.sources[] | .type' <<<"$output")" = "httpd_t
init_t
sshd_t" ]
	[ "$(jq -r '.sources[] | select(.type == "sshd_t") | .rules[0] |
		.source, .via_source_attribute, .via_target_attribute, .statement' <<<"$output")" = "pam_domain
pam_domain
null
allow pam_domain shadow_t:file open;" ]
	[ "$(jq -r '.sources[0].rules[0].conditional.expression' <<<"$output")" = httpd_read_shadow ]
}

@test "sequery who-can: the global --json applies" {
	need_small_policy
	require_command jq jq
	run -0 --separate-stderr sequery --json who-can read file shadow_t "$SMALL"
	[ "$(jq -r '.sources | length' <<<"$output")" = 3 ]
}

@test "sequery who-can: unknown names exit 2 with a suggestion" {
	need_small_policy
	run -2 --separate-stderr sequery who-can read fille shadow_t "$SMALL"
	[ -z "$output" ]
	[[ "$stderr" == *"unknown class 'fille'"*"did you mean 'file'?"* ]]
	run -2 --separate-stderr sequery who-can read file shadw_t "$SMALL"
	[[ "$stderr" == *"unknown type or attribute 'shadw_t'"*"did you mean 'shadow_t'?"* ]]
	run -2 --separate-stderr sequery who-can red file shadow_t "$SMALL"
	[[ "$stderr" == *"class 'file' has no permission 'red'"*"did you mean 'read'?"* ]]
	run -2 --separate-stderr sequery who-can search file shadow_t "$SMALL"
	[[ "$stderr" == *"class 'file' has no permission 'search'"* ]]
}

@test "sequery who-can: missing arguments and bad options are usage errors" {
	run -2 --separate-stderr sequery who-can read file
	[[ "$stderr" == *"no target given"*"--help"* ]]
	run -2 --separate-stderr sequery who-can --bogus read file etc_t
	[[ "$stderr" == *"sequery: unrecognized option '--bogus'"*"Try 'sequery who-can --help'"* ]]
	run -0 --separate-stderr sequery who-can --help
	[[ "$output" == "Usage:"*"who-can"* ]]
}

@test "sequery who-can: a missing policy file is an input error" {
	run -2 --separate-stderr sequery who-can read file etc_t "$BATS_TEST_TMPDIR/none"
	[[ "$stderr" == *"cannot open"* ]]
}

@test "sequery who-can: the domains are those sesearch's sources expand to" {
	need_refpolicy
	require_setools
	for q in "read file shadow_t" "write file etc_t" "execute file bin_t" "read,open file shadow_t"; do
		set -- $q
		sesearch -A -p "$1" -c "$2" -t "$3" "$REFPOLICY" | awk '{ print $2 }' | sort -u |
			setools_expand_sources "$REFPOLICY" >"$BATS_TEST_TMPDIR/setools"
		# with several permissions, compare with --any: sesearch -p intersects
		run -0 --separate-stderr sequery who-can --any "$1" "$2" "$3" "$REFPOLICY"
		grep -v '^ ' <<<"$output" | sed 's/ (granted:.*//' >"$BATS_TEST_TMPDIR/sequery"
		diff -u "$BATS_TEST_TMPDIR/setools" "$BATS_TEST_TMPDIR/sequery"
	done
}

@test "sequery who-can: --all keeps the domains whose rules cover every permission" {
	need_refpolicy
	require_setools
	# a domain with read and with write on etc_t, from any rules
	for p in read write; do
		sesearch -A -p "$p" -c file -t etc_t "$REFPOLICY" | awk '{ print $2 }' | sort -u |
			setools_expand_sources "$REFPOLICY" >"$BATS_TEST_TMPDIR/$p"
	done
	comm -12 "$BATS_TEST_TMPDIR/read" "$BATS_TEST_TMPDIR/write" >"$BATS_TEST_TMPDIR/setools"
	run -0 --separate-stderr sequery who-can read,write file etc_t "$REFPOLICY"
	grep -v '^ ' <<<"$output" >"$BATS_TEST_TMPDIR/sequery"
	diff -u "$BATS_TEST_TMPDIR/setools" "$BATS_TEST_TMPDIR/sequery"
}

@test "sequery who-can: an attribute without members has nobody, unlike sesearch's -t" {
	need_refpolicy
	# ubacdb is declared by the reference policy but no type carries it
	run -1 --separate-stderr sequery who-can read file ubacdb "$REFPOLICY"
	[ -z "$output" ]
	# rules keeps sesearch's reading: such a -t is no criterion at all
	[ "$(sequery rules -A -t ubacdb "$REFPOLICY" | wc -l)" = "$(sequery rules -A "$REFPOLICY" | wc -l)" ]
}
