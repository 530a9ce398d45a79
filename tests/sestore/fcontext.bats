#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sestore fcontext on a scratch copy of the store: what is committed, what
# is refused before a transaction, and what is no change at all.
bats_require_minimum_version 1.5.0
load sestore

setup() {
	sestore_setup
}

@test "sestore fcontext: -a commits the spec into file_contexts.local, installed too" {
	local before
	before=$(commit_num)
	run -0 --separate-stderr sestore "${S[@]}" fcontext -a -t httpd_sys_content_t '/srv/www(/.*)?'
	[ "$output" = "" ]
	grep -qxF '/srv/www(/.*)?    system_u:object_r:httpd_sys_content_t:s0' "$LOCAL/file_contexts.local"
	grep -qF '/srv/www(/.*)?' "$ROOT/etc/selinux/default/contexts/files/file_contexts.local"
	[ "$(commit_num)" -gt "$before" ]
}

@test "sestore fcontext: -a of an identical record starts no transaction" {
	sestore "${S[@]}" fcontext -a -t httpd_sys_content_t -f d /srv/www 2>/dev/null
	local before
	before=$(commit_num)
	run -0 --separate-stderr sestore "${S[@]}" -v fcontext -a -t httpd_sys_content_t -f d /srv/www
	[ "$stderr" = "sestore: no change: nothing committed" ]
	[ "$(commit_num)" = "$before" ]
	[ ! -e "$ROOT/var/lib/selinux/default/tmp" ]
	# the policy's own record, asked for again, is no change either
	run -0 --separate-stderr sestore "${S[@]}" -v fcontext -a -t etc_t -f d -s system_u /etc
	[ "$stderr" = "sestore: no change: nothing committed" ]
	[ "$(commit_num)" = "$before" ]
}

@test "sestore fcontext: an unknown type exits 2 with a did-you-mean, nothing committed" {
	local before
	before=$(commit_num)
	run -2 --separate-stderr sestore "${S[@]}" fcontext -a -t httpd_sys_contnt_t /srv/x
	[ "${stderr_lines[0]}" = "sestore: unknown type 'httpd_sys_contnt_t'" ]
	[[ ${stderr_lines[1]} == "sestore: note: did you mean 'httpd_sys_content_t'"* ]]
	[ "$(commit_num)" = "$before" ]
	! grep -q /srv/x "$LOCAL/file_contexts.local"
}

@test "sestore fcontext: a type that is no file type, a bad regex, a space: exit 2" {
	run -2 --separate-stderr sestore "${S[@]}" fcontext -a -t httpd_t /srv/x
	[ "${stderr_lines[0]}" = "sestore: type 'httpd_t' is not a file_type or device_node type" ]
	run -2 --separate-stderr sestore "${S[@]}" fcontext -a -t etc_t '/srv/(x'
	[[ $stderr == *"invalid regular expression '/srv/(x'"*"missing closing parenthesis"* ]]
	run -2 --separate-stderr sestore "${S[@]}" fcontext -a -t etc_t '/srv/a b'
	[[ $stderr == *"contains a space"* ]]
	run -2 --separate-stderr sestore "${S[@]}" fcontext -a -t etc_t -s nosuch_u /srv/x
	[ "${stderr_lines[0]}" = "sestore: unknown user 'nosuch_u'" ]
	run -2 --separate-stderr sestore "${S[@]}" fcontext -a -t etc_t -r s99 /srv/x
	[ ! -e "$LOCAL/file_contexts.local" ] || ! grep -q /srv/x "$LOCAL/file_contexts.local"
}

@test "sestore fcontext: -m changes a local record, -d deletes it, the policy's cannot be deleted" {
	sestore "${S[@]}" fcontext -a -t httpd_sys_content_t /srv/y 2>/dev/null
	run -0 sestore "${S[@]}" fcontext -m -t public_content_t /srv/y
	grep -qxF '/srv/y    system_u:object_r:public_content_t:s0' "$LOCAL/file_contexts.local"
	run -0 sestore "${S[@]}" fcontext -d /srv/y
	! grep -qF '/srv/y' "$LOCAL/file_contexts.local"
	run -2 --separate-stderr sestore "${S[@]}" fcontext -d -f d /etc
	[[ $stderr == *"defined in the policy, not locally"* ]]
	run -2 --separate-stderr sestore "${S[@]}" fcontext -d /srv/none
	[[ $stderr == *"'/srv/none' is not defined"* ]]
}

@test "sestore fcontext: -C --json lists the local records; -l the policy's too" {
	sestore "${S[@]}" fcontext -a -t httpd_sys_content_t -f f /srv/z 2>/dev/null
	run -0 --separate-stderr sestore "${S[@]}" --json fcontext -C
	[ "$(jq -c '.records' <<<"$output")" = '[{"kind":"fcontext","path":"/srv/z","file_type":"regular file","seuser":"system_u","type":"httpd_sys_content_t","range":"s0","local":true}]' ]
	run -0 sestore "${S[@]}" fcontext -l -n
	[ "${#lines[@]}" -gt 1000 ]
	# the local records last, then the equivalences (the policy's
	# file_contexts.subs_dist), as semanage fcontext -l prints them
	[[ $(grep -v ' = ' <<<"$output" | tail -1) == "/srv/z "*"regular file"*"system_u:object_r:httpd_sys_content_t:s0" ]]
	[ "${lines[-1]}" = "$(tail -1 "$ROOT/etc/selinux/default/contexts/files/file_contexts.subs_dist" | sed 's/ / = /')" ]
}

@test "sestore fcontext: -D deletes every local record in one commit" {
	sestore "${S[@]}" fcontext -a -t etc_t /srv/d1 2>/dev/null
	sestore "${S[@]}" fcontext -a -t etc_t /srv/d2 2>/dev/null
	run -0 sestore "${S[@]}" fcontext -D
	run -0 sestore "${S[@]}" fcontext -C -n
	[ "$output" = "" ]
}

@test "sestore: no such store exits 3; no action exits 2" {
	run -3 --separate-stderr sestore --root "$ROOT" -S nosuch fcontext -l
	[[ $stderr == "sestore: no policy store 'nosuch'"* ]]
	run -2 --separate-stderr sestore "${S[@]}" fcontext /srv/x
	[[ ${stderr_lines[0]} == "sestore: no action: give -a, -d, -m, -l, -C or -D" ]]
}
