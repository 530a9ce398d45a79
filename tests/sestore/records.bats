#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sestore port, boolean and login on a scratch copy of the store: the local
# files libsemanage writes, and what is refused before a transaction.
bats_require_minimum_version 1.5.0
load sestore

setup() {
	sestore_setup
}

@test "sestore port: a range is committed; an overlapping one is refused, naming the other" {
	run -0 sestore "${S[@]}" port -a -t http_port_t -p tcp 8081-8083
	grep -qxF 'portcon tcp 8081 - 8083 system_u:object_r:http_port_t:s0' "$LOCAL/ports.local"
	local before
	before=$(commit_num)
	run -2 --separate-stderr sestore "${S[@]}" port -a -t http_port_t -p tcp 8082
	[ "$stderr" = "sestore: port range tcp 8082-8082 overlaps the local record tcp 8081-8083 (http_port_t)" ]
	run -2 --separate-stderr sestore "${S[@]}" port -a -t http_prt_t -p tcp 9999
	[ "${stderr_lines[0]}" = "sestore: unknown type 'http_prt_t'" ]
	[ "${stderr_lines[1]}" = "sestore: note: did you mean 'http_port_t'?" ]
	run -2 --separate-stderr sestore "${S[@]}" port -a -t etc_t -p tcp 9999
	[ "${stderr_lines[0]}" = "sestore: type 'etc_t' is not a port_type type" ]
	run -2 --separate-stderr sestore "${S[@]}" port -a -t http_port_t -p xtp 9999
	run -2 --separate-stderr sestore "${S[@]}" port -a -t http_port_t -p tcp 70000
	[ "$(commit_num)" = "$before" ]
	run -0 --separate-stderr sestore "${S[@]}" --json port -C
	[ "$(jq -c '.records[0] | [.proto, .low, .high, .type, .local]' <<<"$output")" = '["tcp",8081,8083,"http_port_t",true]' ]
	run -0 sestore "${S[@]}" -v port -a -t http_port_t -p tcp 8081-8083
	[ "$(commit_num)" = "$before" ]
	run -0 sestore "${S[@]}" port -d -p tcp 8081-8083
	! grep -q portcon "$LOCAL/ports.local"
}

@test "sestore boolean: -m sets booleans.local; the same value again is no change" {
	run -0 sestore "${S[@]}" boolean -m --on httpd_can_network_connect
	grep -qxF 'httpd_can_network_connect=1' "$LOCAL/booleans.local"
	local before
	before=$(commit_num)
	run -0 --separate-stderr sestore "${S[@]}" -v boolean -m -1 httpd_can_network_connect
	[ "$stderr" = "sestore: no change: nothing committed" ]
	run -2 --separate-stderr sestore "${S[@]}" boolean -m --on httpd_can_network_conect
	[ "${stderr_lines[0]}" = "sestore: unknown boolean 'httpd_can_network_conect'" ]
	[[ ${stderr_lines[1]} == "sestore: note: did you mean 'httpd_can_network_connect'"* ]]
	run -2 sestore "${S[@]}" boolean -m httpd_can_network_connect
	[ "$(commit_num)" = "$before" ]
	run -0 --separate-stderr sestore "${S[@]}" --json boolean -C
	[ "$(jq -c '.records' <<<"$output")" = '[{"kind":"boolean","name":"httpd_can_network_connect","value":true,"local":true}]' ]
}

@test "sestore login: -a maps a login with the SELinux user's range; unknown users refused" {
	run -0 sestore "${S[@]}" login -a -s staff_u daemon
	grep -qxF 'daemon:staff_u:s0-s0:c0.c1023' "$LOCAL/seusers.local"
	run -2 --separate-stderr sestore "${S[@]}" login -a -s stafff_u bin
	[ "${stderr_lines[0]}" = "sestore: unknown user 'stafff_u'" ]
	run -2 --separate-stderr sestore "${S[@]}" login -a -s staff_u no-such-login-xyz
	[ "$stderr" = "sestore: no Linux user 'no-such-login-xyz'" ]
	run -0 sestore "${S[@]}" login -m -s user_u daemon
	# a new SELinux user without -r: that user's range
	grep -qxF 'daemon:user_u:s0' "$LOCAL/seusers.local"
	run -0 sestore "${S[@]}" login -D
	! grep -q daemon "$LOCAL/seusers.local"
}

@test "sestore dontaudit: the state the store is in is no change" {
	local before
	before=$(commit_num)
	run -0 --separate-stderr sestore "${S[@]}" -v dontaudit on
	[ "$stderr" = "" ]
	[ "$(commit_num)" = "$before" ]
	run -2 sestore "${S[@]}" dontaudit maybe
}
