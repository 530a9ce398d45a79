#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# contrib/ansible/sestore.py run by Debian's ansible-core against a scratch
# copy of the store: a task's items in one transaction, changed exact,
# check mode changing nothing.
bats_require_minimum_version 1.5.0
load ../helpers
load apply

setup() {
	apply_test_setup
	require_command ansible ansible-core
	export ANSIBLE_LIBRARY=$SEKIT_SRCDIR/contrib/ansible ANSIBLE_PYTHON_INTERPRETER=/usr/bin/python3
	export ANSIBLE_LOCALHOST_WARNING=False ANSIBLE_INVENTORY_UNPARSED_WARNING=False
	export ANSIBLE_HOME=$T/ansible ANSIBLE_NOCOLOR=1
}

# task ARGS-JSON [ansible options]: the module on localhost; its JSON result in $result
task() {
	local args=$1
	shift
	run --separate-stderr ansible localhost -c local -m sestore "$@" -a "$args"
	echo "$output"
	result=$(sed -n '/=> {/,$p' <<<"$output" | sed '1s/.*=> {/{/')
}

@test "ansible sestore: check mode changes nothing, the run commits once, the rerun is unchanged" {
	args=$(jq -cn --arg root "$ROOT" --arg exe "$(command -v sestore)" '{root: $root,
		store: "default", reload: false, executable: $exe,
		fcontext: [{target: "/srv/www(/.*)?", setype: "httpd_sys_content_t"}],
		port: [{ports: "8091-8092", proto: "tcp", setype: "http_port_t"}]}')
	before=$(stat -c %i "$ACTIVE")
	task "$args" --check --diff
	[ "$status" -eq 0 ]
	[ "$(jq -c '[.changed, [.changes[].change]]' <<<"$result")" = \
		"[true,[\"fcontext -a -f a -t httpd_sys_content_t '/srv/www(/.*)?'\",\"port -a -t http_port_t -p tcp 8091-8092\"]]" ]
	[ "$(stat -c %i "$ACTIVE")" = "$before" ]
	task "$args"
	[ "$status" -eq 0 ]
	[ "$(jq .changed <<<"$result")" = true ]
	grep -q 'portcon tcp 8091 - 8092 ' "$ACTIVE/ports.local" # libsemanage's spelling
	grep -q '^/srv/www' "$ACTIVE/file_contexts.local"
	after=$(stat -c %i "$ACTIVE")
	task "$args"
	[ "$status" -eq 0 ]
	[ "$(jq -c '[.changed, .changes]' <<<"$result")" = '[false,[]]' ]
	[ "$(stat -c %i "$ACTIVE")" = "$after" ]
}

@test "ansible sestore: a bad item fails the task with sestore's located error" {
	args=$(jq -cn --arg root "$ROOT" --arg exe "$(command -v sestore)" '{root: $root,
		store: "default", executable: $exe, port: [{ports: "8093", proto: "tcp", setype: "http_prt_t"}]}')
	task "$args"
	[ "$status" -ne 0 ]
	[[ "$output" == *"<stdin>:1:12: error: unknown type 'http_prt_t'"* ]]
}
