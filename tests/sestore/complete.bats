#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sestore's completions offer names from the store's installed policy (a
# scratch copy, through --root): types, roles, users, booleans, modules.
bats_require_minimum_version 1.5.0
load sestore

setup() {
	sestore_setup
	BASH_COMP=$SEKIT_SRCDIR/completions/bash/sestore
}

@test "sestore __complete names: the store's types, roles and users" {
	run -0 --separate-stderr sestore --root "$ROOT" -S default __complete names type
	grep -qx httpd_sys_content_t <<<"$output"
	run -0 --separate-stderr sestore --root "$ROOT" -S default __complete names role
	grep -qx system_r <<<"$output"
	run -0 --separate-stderr sestore --root "$ROOT" -S default __complete names user
	grep -qx system_u <<<"$output"
	run -1 --separate-stderr sestore --root "$T/nowhere" -S default __complete names type
	[ "$output" = "" ] && [ "$stderr" = "" ]
}

@test "sestore bash completion: -t offers types, boolean names, module -d modules" {
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default fcontext -a -t httpd_sys_conten
	[[ "$output" == *httpd_sys_content_t* ]]
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default boolean -m --on httpd_can_network_c
	[[ "$output" == *httpd_can_network_connect* ]]
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default module -d tft
	[ "$output" = tftp ]
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default module -c -E tft
	[ "$output" = tftp ]
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default user -a -R staff
	[[ "$output" == *staff_r* ]]
}

@test "sestore bash completion: port -d offers the local ports of -p's protocol, -m every labeled one, -a none" {
	run -0 --separate-stderr sestore "${S[@]}" port -a -t http_port_t -p tcp 8181
	run -0 --separate-stderr sestore "${S[@]}" port -a -t http_port_t -p tcp 8190-8192
	run -0 --separate-stderr sestore "${S[@]}" port -a -t http_port_t -p udp 8182
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default port -d -p tcp ''
	[ "$(sort <<<"$output" | tr '\n' ' ')" = "8181 8190-8192 " ]
	# bash splits --proto=udp at the = (COMP_WORDBREAKS)
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default port -d --proto = udp 81
	[ "$output" = 8182 ]
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default port -m -p tcp 808
	grep -qx 8080 <<<"$output" # http_cache_port_t, the policy's
	run -0 bash_complete "$BASH_COMP" sestore --root "$ROOT" -S default port -a -p tcp 81
	[ "$output" = "" ]
	run -0 --separate-stderr sestore --root "$ROOT" -S default __complete ports local udp
	[ "$output" = 8182 ]
}
