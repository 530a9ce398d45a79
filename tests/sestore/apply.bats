#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sestore apply: semanage export's lines made in one transaction on a
# scratch copy of the store (scratch_store; never the system's), the same
# lines through semanage import on another copy as the oracle.
bats_require_minimum_version 1.5.0
load ../helpers
load apply

setup() {
	apply_test_setup
}

@test "sestore apply: adds file contexts and ports, as semanage's local files hold them" {
	cat >web.apply <<-'EOF2'
	# a web server's customisations
	fcontext -a -t httpd_sys_content_t '/srv/www(/.*)?'
	port -a -t http_port_t -p tcp 8081
	EOF2
	run -0 --separate-stderr sestore "${S[@]}" -N apply web.apply
	[ -z "$output" ]
	grep -qx '/srv/www(/.\*)?    system_u:object_r:httpd_sys_content_t:s0' "$ACTIVE/file_contexts.local"
	grep -qx 'portcon tcp 8081 system_u:object_r:http_port_t:s0' "$ACTIVE/ports.local"
}

@test "sestore apply: what already holds starts no transaction and exits 0; --check too" {
	printf 'port -a -t http_port_t -p tcp 8081\n' >p.apply
	sestore "${S[@]}" -N apply p.apply
	before=$(stat -c '%i %Y' "$ACTIVE" "$ACTIVE/ports.local")
	run -0 --separate-stderr sestore "${S[@]}" -N -v apply p.apply
	[[ "$stderr" == *"nothing to do, no transaction"* ]]
	[ "$(stat -c '%i %Y' "$ACTIVE" "$ACTIVE/ports.local")" = "$before" ]
	run -0 --separate-stderr sestore "${S[@]}" apply --check --json p.apply
	[ "$(jq -c '[.changed, .changes]' <<<"$output")" = '[false,[]]' ]
}

@test "sestore apply --check: exit 1, the changes as apply lines and JSON, the store untouched" {
	printf 'boolean -m --on httpd_can_network_connect\nport -a -t http_port_t -p udp 9000-9010\n' >c.apply
	before=$(stat -c '%i' "$ACTIVE")
	run -1 --separate-stderr sestore "${S[@]}" apply --check c.apply
	lines_are <<-'EOF2'
	boolean -m -1 httpd_can_network_connect
	port -a -t http_port_t -p udp 9000-9010
	EOF2
	run -1 --separate-stderr sestore "${S[@]}" apply --check --json c.apply
	[ "$(jq -c '[.changed, [.changes[] | [.kind, .action, .line]]]' <<<"$output")" = \
		'[true,[["boolean","modify",1],["port","add",2]]]' ]
	[ "$(stat -c '%i' "$ACTIVE")" = "$before" ]
	[ ! -e "$ACTIVE/ports.local" ] || ! grep -q 9000 "$ACTIVE/ports.local"
}

@test "sestore apply: an unknown type is FILE:LINE:COL with a did-you-mean, exit 2, nothing committed" {
	printf 'port -D\nport -a -t http_port_t -p tcp 8081\nport -a -t http_prt_t -p tcp 8082\n' >bad.apply
	printf 'port -a -t http_port_t -p tcp 7000\n' >keep.apply
	sestore "${S[@]}" -N apply keep.apply
	cp "$ACTIVE/ports.local" ports.before
	run -2 --separate-stderr sestore "${S[@]}" -N apply bad.apply
	[ -z "$output" ]
	[[ "$stderr" == *"bad.apply:3:12: error: unknown type 'http_prt_t'"* ]]
	[[ "$stderr" == *"bad.apply:3:12: note: did you mean 'http_port_t'?"* ]]
	# the purge on line 1 is not committed either
	cmp ports.before "$ACTIVE/ports.local"
}

@test "sestore apply: a syntax error is located and nothing is read from the store" {
	printf 'port -a -t http_port_t -p tcp 8081\nfcontxt -D\n' >syn.apply
	run -2 --separate-stderr sestore "${S[@]}" apply syn.apply
	[[ "$stderr" == *"syn.apply:2:1: error: unknown kind 'fcontxt'"* ]]
	[[ "$stderr" == *"did you mean 'fcontext'?"* ]]
	run -2 --separate-stderr sestore "${S[@]}" apply --json syn.apply
	[ "$(jq -r '.diagnostics[0].line // .[0].line // empty' <<<"$stderr" | head -1)" = 2 ] ||
		[[ "$stderr" == *'"line": 2'* ]]
}

@test "sestore apply: reads stdin; a purge and its new records are one transaction" {
	printf 'port -a -t http_port_t -p tcp 7000\n' | sestore "${S[@]}" -N apply -
	run -0 sestore "${S[@]}" -N apply - <<-'EOF2'
	port -D
	port -a -t http_port_t -p tcp 7001
	EOF2
	! grep -q ' 7000 ' "$ACTIVE/ports.local"
	grep -q 'portcon tcp 7001 ' "$ACTIVE/ports.local"
	# the same purge again: the store already matches, exit 0, no transaction
	before=$(stat -c '%i' "$ACTIVE")
	printf 'port -D\nport -a -t http_port_t -p tcp 7001\n' | sestore "${S[@]}" -N apply -
	[ "$(stat -c '%i' "$ACTIVE")" = "$before" ]
}

@test "sestore apply vs semanage import: random change lists leave the same local files (seed printed)" {
	require_command semanage policycoreutils-python-utils
	apply_differential "${SESTORE_APPLY_SEED:-$RANDOM}" 6
}
