#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion: sourced into a shell, asked as bash would ask.
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	[ -r /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion not installed (apt-get install bash-completion)"
	COMPLETION="$SEKIT_SRCDIR/completions/bash/sequery"
}

# Print the completions bash offers for the words given (the last one is
# the word being completed, possibly empty).

@test "completion: subcommands complete" {
	run -0 complete_words ""
	[[ "$output" == *rules* && "$output" == *info* && "$output" == *who-can* && "$output" == *shell* ]]
	[[ "$output" != *__complete* ]]
}

@test "completion: global options complete" {
	run -0 complete_words --j
	[ "$output" = "--json" ]
}

@test "completion: sesearch options of 'rules' complete, including -ds" {
	run -0 complete_words rules -d
	[[ "$output" == *-ds* && "$output" == *-dt* ]]
	run -0 complete_words rules --type_
	[[ "$output" == *--type_trans* && "$output" == *--type_change* && "$output" == *--type_member* ]]
}

@test "completion: types complete from the policy after -s" {
	require_debian_policy
	run -0 complete_words rules -A -s httpd_ "$DEBIAN_POLICY"
	run -0 complete_words -P "$DEBIAN_POLICY" rules -A -s httpd_
	[[ "$output" == *httpd_t* ]]
	[[ "$output" == *httpd_sys_content_t* ]]
}

@test "completion: classes and permission lists complete" {
	require_debian_policy
	run -0 complete_words -P "$DEBIAN_POLICY" rules -A -c tcp_sock
	[ "$output" = "tcp_socket" ]
	run -0 complete_words -P "$DEBIAN_POLICY" rules -A -c file -p read,wri
	[ "$output" = "read,write" ]
}

@test "completion: booleans complete after -b" {
	require_debian_policy
	run -0 complete_words -P "$DEBIAN_POLICY" rules -A -b httpd_can_network_conn
	[[ "$output" == *httpd_can_network_connect* ]]
}

@test "completion: who-can completes permission, class, then target" {
	require_debian_policy
	run -0 complete_words -P "$DEBIAN_POLICY" who-can writ
	[[ "$output" == *write* ]]
	run -0 complete_words -P "$DEBIAN_POLICY" who-can write fil
	[[ "$output" == *file* && "$output" == *filesystem* ]]
	run -0 complete_words -P "$DEBIAN_POLICY" who-can write file shadow
	[[ "$output" == *shadow_t* ]]
}

@test "completion: a missing policy completes nothing and prints no error" {
	run -0 --separate-stderr complete_words -P /nonexistent rules -A -s http
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "completion: diff completes sediff's selectors, the xperm ones among them" {
	run -0 complete_words diff --allowx
	[ "$output" = "--allowxperm" ]
	run -0 complete_words diff --dontaudit
	[[ "$output" == *--dontaudit* && "$output" == *--dontauditxperm* ]]
	run -0 complete_words diff --never
	[[ "$output" == *--neverallow* && "$output" == *--neverallowxperm* ]]
}
