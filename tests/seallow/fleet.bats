#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow for a fleet: explain --follow reads a central auditd's stream
# (records with node=) and prints a JSON object a line per new denial
# group, with ECS names, the verdict and the fix; --policy-map explains
# each host against its own policy; the auditd plugin shipped in
# contrib/auditd runs it.
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
	require_command jq jq
	# a second policy: a_t may read c_t unconditionally, and e_t exists
	T2BIN="$BATS_FILE_TMPDIR/t2.bin"
	if [ ! -f "$T2BIN" ]; then
		sed -e 's/^type d_t;/type d_t;\ntype e_t;/' \
			-e 's/^if (b1) { allow a_t c_t:file read; }/allow a_t c_t:file read;/' \
			-e 's/role r types { a_t b_t c_t d_t };/role r types { a_t b_t c_t d_t e_t };/' \
			"$FIXTURES/t.conf" > "$BATS_FILE_TMPDIR/t2.conf"
		sepolc_fixture "$T2BIN" "$BATS_FILE_TMPDIR/t2.conf"
	fi
	# hostb's denial of a type only its policy has
	{
		cat "$FIXTURES/hosts.log"
		echo 'node=hostb type=AVC msg=audit(1700000001.100:11): avc:  denied  { read } for  pid=43 comm="less" name="x" scontext=usera:r:a_t tcontext=usera:r:e_t tclass=file permissive=0'
	} > fleet.log
}

# wait_lines FILE N: until FILE has N lines (at most 10 s)
wait_lines() {
	local i
	for i in $(seq 100); do
		[ "$(wc -l < "$1")" -ge "$2" ] && return 0
		sleep 0.1
	done
	echo "not $2 lines in $1:"
	cat "$1"
	return 1
}

@test "seallow explain --policy-map: each host's denials against its own policy" {
	# one policy for all: hostb's e_t is unknown, its c_t read a boolean
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i fleet.log
	[ "$(jq -r '.denials[] | select(.target == "c_t") | .fix.kind' <<<"$output")" = boolean ]
	[ "$(jq -r '.skipped_names["target context not valid in the policy"][]' <<<"$output")" = e_t ]
	# hostb's own: c_t is allowed now, e_t explained; hosta's stays on -p's
	run -0 --separate-stderr seallow explain --json -p "$TBIN" --policy-map hostb="$T2BIN" -i fleet.log
	[ -z "$stderr" ]
	jq -e '.skipped == {}' <<<"$output"
	[ "$(jq -r '.denials[] | [.node, .target, .verdict, .fix.kind] | join(" ")' <<<"$output")" = "$(printf '%s\n' \
		'hosta b_t te_rule boolean' 'hostb c_t allowed none' 'hostb e_t te_rule rule')" ]
	# the text says the node
	run -0 --separate-stderr seallow explain -p "$TBIN" --policy-map=hostb="$T2BIN" -i fleet.log
	[[ "$output" == *'a_t c_t:file { read }: 1 denial, node "hostb"'*'fix: none: the policy allows this now'* ]]
	# a host the map names but the log does not: nothing changes
	run -4 --separate-stderr seallow explain -p "$TBIN" --policy-map hostc="$T2BIN" -i fleet.log
	[[ "$stderr" == *"skipped 1 denial: target context not valid in the policy (e_t)"* ]]
}

@test "seallow explain --policy-map: a bad word is a usage error, a missing file as -p's" {
	local w
	for w in hostb "=$T2BIN" "hostb="; do
		run -2 --separate-stderr seallow explain -p "$TBIN" --policy-map "$w" -i fleet.log
		[[ "$stderr" == *"--policy-map wants NODE=FILE"* ]] || { echo "$w: $stderr"; false; }
	done
	run -2 --separate-stderr seallow explain -p "$TBIN" --policy-map a="$T2BIN" --policy-map a="$TBIN" -i fleet.log
	[[ "$stderr" == *"node 'a' given twice"* ]]
	run -2 --separate-stderr seallow explain -p /nonexistent/policy.33 -i fleet.log
	run -2 --separate-stderr seallow explain -p "$TBIN" --policy-map hostb=/nonexistent/policy.33 -i fleet.log
	[[ "$stderr" == *"/nonexistent/policy.33"* ]]
	# under --json the error is JSON
	run -2 --separate-stderr seallow explain --json -p "$TBIN" --policy-map hostb=/nonexistent/policy.33 -i fleet.log
	[ "$(jq -r '.diagnostics[0].severity' <<<"$stderr")" = error ]
	# not a mode's option but explain's
	run -2 --separate-stderr seallow -p "$TBIN" --policy-map hostb="$T2BIN" -i fleet.log
}

@test "seallow explain --follow --json: a paced stream gives a JSON line per new group, with ECS names, verdict and fix" {
	mkfifo pipe
	seallow explain --follow --json -p "$TBIN" --policy-map hostb="$T2BIN" < pipe > out 2> err &
	local pid=$!
	exec 7> pipe
	# hosta's event, record by record, as auditd hands them on
	grep '^node=hosta' fleet.log | while read -r line; do
		printf '%s\n' "$line" >&7
		sleep 0.05
	done
	wait_lines out 1
	grep '^node=hostb' fleet.log >&7
	wait_lines out 3
	# the same denial again: no new line; a permission more: the group again
	sed -n 1p fleet.log | sed 's/:10)/:20)/' >&7
	sed -n 1p fleet.log | sed -e 's/:10)/:21)/' -e 's/{ read }/{ read getattr }/' >&7
	wait_lines out 4
	exec 7>&-
	exit_of "$pid" 0
	[ -z "$(cat err)" ]
	# each line one object, whole
	[ "$(jq -c . out | wc -l)" -eq 4 ]
	run jq -r '[.["host"]["name"], .process.name, .process.executable, .file.path, .event.action, .verdict, .fix.kind, .["@timestamp"]] | join("|")' out
	[ "${lines[0]}" = "hosta|cat|/usr/bin/cat|/srv/a/secret|violated-selinux-policy|te_rule|boolean|2023-11-14T22:13:20Z" ]
	[ "${lines[1]}" = "hostb|less|/usr/bin/less|/srv/b/other|violated-selinux-policy|allowed|none|2023-11-14T22:13:20Z" ]
	[ "${lines[2]}" = "hostb|less|||violated-selinux-policy|te_rule|rule|2023-11-14T22:13:21Z" ]
	[ "$(sed -n 4p out | jq -c '[.perms, .count, .event.count, .fix.text]')" = '[["getattr","read"],3,3,"allow a_t b_t:file { getattr read };"]' ]
	[ "$(sed -n 1p out | jq -r '.fix.text')" = "setsebool -P b1=1 b2=1" ]
}

@test "seallow explain --follow: text paragraphs as groups come; SIGTERM ends it with the status of the input" {
	cp fleet.log audit.log
	seallow explain --follow -p "$TBIN" -i audit.log > out 2> err &
	local pid=$!
	wait_lines out 5
	kill -TERM "$pid"
	exit_of "$pid" 4
	[[ "$(cat out)" == *'a_t b_t:file { read }: 1 denial, node "hosta"'* ]]
	[[ "$(cat err)" == *"skipped 1 denial: target context not valid in the policy (e_t)"* ]]
	# what cannot stream is refused
	run -2 --separate-stderr seallow explain --follow -R -p "$TBIN" -i audit.log
	[[ "$stderr" == *"--follow"* ]]
}

@test "seallow: the auditd plugin's configuration runs explain --follow --json into its file" {
	local conf="$SEKIT_SRCDIR/contrib/auditd/seallow.conf"
	local prog="$SEKIT_SRCDIR/contrib/auditd/seallow-audisp"
	# auditd-plugins(5): one '.' in the name, string events on stdin
	grep -qx 'direction = out' "$conf"
	grep -qx 'type = always' "$conf"
	grep -qx 'format = string' "$conf"
	grep -qx 'active = no' "$conf"
	grep -qx 'path = /usr/libexec/sekit/seallow-audisp' "$conf"
	[ -x "$prog" ]
	printf '%s\n' "-p" "$TBIN" "# a host of its own" "--policy-map=hostb=$T2BIN" > options
	# a paced stream, as auditd writes to its plugin
	{
		while read -r line; do
			printf '%s\n' "$line"
			sleep 0.02
		done < fleet.log
	} | SEALLOW_OPTIONS=$PWD/options "$prog" "$PWD/log/denials.json" 2> err
	[ -z "$(cat err)" ]
	[ "$(jq -r '[.host.name, .target, .fix.kind] | join(" ")' log/denials.json)" = "$(printf '%s\n' \
		'hosta b_t boolean' 'hostb c_t none' 'hostb e_t rule')" ]
}
