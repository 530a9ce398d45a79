#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
	export SEKIT_FILE_CONTEXTS="$FIXTURES/fc"
}

@test "seallow explain: an access that needs two booleans names both (audit2why says TE rule)" {
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" == *"a_t b_t:file { read }: 1 denial"*"fix: setsebool -P b1=1 b2=1"* ]]
}

@test "seallow explain: a missing TE rule does not hide the constraint behind it" {
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/t.log"
	block=$(printf '%s\n' "$output" | sed -n '/^a_t d_t:file { getattr open write }/,/^$/p')
	[[ "$block" == *"cause: no allow rule"* ]]
	[[ "$block" == *"cause: constraint: constrain file { write }"*"user (usera) vs user (userb)"* ]]
}

@test "seallow explain: a constraint-only denial gets no rule; an allowed one says the policy changed" {
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" == *"a_t d_t:file { write }"*"fix: no rule can help: a constraint denies it"* ]]
	[[ "$output" == *"a_t d_t:file { read }"*"fix: none: the policy allows this now"* ]]
}

@test "seallow explain: PATH and CWD records of the event (interleaved) give the path and a relabel fix" {
	run -0 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/event.log"
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "cat", path "/srv/secret"'* ]]
	[[ "$output" == *"fix: serelabel '/srv/secret'"*"file_contexts says c_t, the file is b_t"* ]]
	# the other event of the same second has no PATH record: no path
	[[ "$output" == *'a_t c_t:file { read }: 1 denial, comm "cat"'$'\n'* ]]
}

@test "seallow explain --json: one object per denial group with the documented keys" {
	require_command jq jq
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i "$FIXTURES/t.log"
	[ "$(jq -r .format_version <<<"$output")" = 1 ]
	[ "$(jq '.denials | length' <<<"$output")" = 5 ]
	[ "$(jq -r '.denials[0] | [.source, .target, .class, .verdict, .fix.kind] | join(" ")' <<<"$output")" = "a_t b_t file te_rule boolean" ]
	[ "$(jq -r '.denials[0].causes[] | select(.kind == "boolean") | .booleans | map(.name) | join(",")' <<<"$output")" = "b1,b2" ]
	[ "$(jq -r '.skipped["target context not valid in the policy"]' <<<"$output")" = 1 ]
	for k in source target class perms count scontext tcontext comm path permissive permissive_domain verdict causes relabel_type fix rule; do
		jq -e ".denials[0] | has(\"$k\")" <<<"$output" >/dev/null
	done
}

@test "seallow: --json needs explain" {
	run -2 --separate-stderr seallow --json -p "$TBIN" -i "$FIXTURES/t.log"
}

@test "seallow explain: name_bind of an unnamed port: the port type the domain may bind, as a semanage command" {
	sepolc -o p.bin "$FIXTURES/p.conf" >/dev/null 2>&1
	run -0 seallow explain -p p.bin -i "$FIXTURES/port.log"
	[[ "$output" == *"a_t unreserved_port_t:tcp_socket { name_bind }"*"fix: semanage port -a -t web_port_t -p tcp 8081   (a_t may name_bind web_port_t, web_cache_port_t; port 8081 is unreserved_port_t)"* ]]
	# a port the policy names belongs to another service: the rule, not a
	# relabel, and a note that says whose the port is
	[[ "$output" == *"a_t web_port_t:tcp_socket { name_connect }"*"fix: allow a_t web_port_t:tcp_socket name_connect;"$'\n'"  note: port 80 is web_port_t in the policy (a portcon of its own): a_t may name_connect db_port_t"* ]]
}

@test "seallow explain: name_bind of a port the policy labels with another type says so" {
	sepolc -o p.bin "$FIXTURES/p.conf" >/dev/null 2>&1
	cat >bind.log <<'LOG'
type=AVC msg=audit(1.000:1): avc:  denied  { name_bind } for  pid=10 comm="webd" src=5432 scontext=u:r:a_t tcontext=u:r:db_port_t tclass=tcp_socket permissive=0
LOG
	run -0 --separate-stderr seallow explain -p p.bin -i bind.log
	[[ "$output" == *"a_t db_port_t:tcp_socket { name_bind }"* ]]
	[[ "$output" == *"  fix: allow a_t db_port_t:tcp_socket name_bind;"$'\n'"  note: port 5432 is db_port_t in the policy (a portcon of its own): a_t may name_bind web_cache_port_t, web_port_t" ]]
	[[ "$output" != *"semanage port"* ]]
	run -0 --separate-stderr seallow explain --json -p p.bin -i bind.log
	[ "$(jq -r '.denials[0].port_note' <<<"$output")" = "port 5432 is db_port_t in the policy (a portcon of its own): a_t may name_bind web_cache_port_t, web_port_t" ]
	[ "$(jq -r '.denials[0].fix.kind' <<<"$output")" = rule ]
	# an unnamed port's group has no such note
	run -0 --separate-stderr seallow explain --json -p p.bin -i "$FIXTURES/port.log"
	[ "$(jq -r '.denials[0].port_note' <<<"$output")" = null ]
}

@test "seallow explain --json: the port and the port types of a name_bind fix" {
	sepolc -o p.bin "$FIXTURES/p.conf" >/dev/null 2>&1
	run -0 seallow explain --json -p p.bin -i "$FIXTURES/port.log"
	[ "$(jq -r '.denials[0].port' <<<"$output")" = 8081 ]
	[ "$(jq -r '.denials[0].fix.kind' <<<"$output")" = port ]
	[ "$(jq -c '.denials[0].fix.port_types' <<<"$output")" = '["web_port_t","web_cache_port_t"]' ]
	[ "$(jq -r '.denials[1].fix.kind' <<<"$output")" = rule ]
}

@test "seallow explain: name_bind and name_connect merged in one group: a semanage command per port" {
	sepolc -o p.bin "$FIXTURES/p.conf" >/dev/null 2>&1
	cat > ports.log <<'LOG'
type=AVC msg=audit(1.000:1): avc:  denied  { name_bind } for  pid=10 comm="webd" src=8081 scontext=u:r:a_t tcontext=u:r:unreserved_port_t tclass=tcp_socket permissive=0
type=AVC msg=audit(1.000:2): avc:  denied  { name_connect } for  pid=10 comm="webd" dest=9000 scontext=u:r:a_t tcontext=u:r:unreserved_port_t tclass=tcp_socket permissive=0
type=AVC msg=audit(1.000:3): avc:  denied  { name_bind } for  pid=10 comm="webd" src=8082 scontext=u:r:a_t tcontext=u:r:unreserved_port_t tclass=tcp_socket permissive=0
LOG
	run -0 seallow explain -p p.bin -i ports.log
	[[ "$output" == *"{ name_bind name_connect }: 3 denials"* ]]
	[[ "$output" == *"fix: semanage port -a -t web_port_t -p tcp 8081   (a_t may name_bind web_port_t, web_cache_port_t; port 8081 is unreserved_port_t)"$'\n'"  fix: semanage port -a -t db_port_t -p tcp 9000   (a_t may name_connect db_port_t; port 9000 is unreserved_port_t)"$'\n'"  fix: semanage port -a -t web_port_t -p tcp 8082 "* ]]
	run -0 seallow explain --json -p p.bin -i ports.log
	[ "$(jq -r '.denials[0].fix.kind' <<<"$output")" = port ]
	[ "$(jq -c '[.denials[0].fix.ports[] | [.perm, .port, .port_types[0]]]' <<<"$output")" = '[["name_bind",8081,"web_port_t"],["name_connect",9000,"db_port_t"],["name_bind",8082,"web_port_t"]]' ]
}

@test "seallow explain --per-node: the denials of each host (node=) in groups of their own" {
	run -0 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/hosts.log"
	[[ "$output" != *node* ]]
	cat "$FIXTURES/hosts.log" - > hosts2.log <<'LOG'
node=hostb type=AVC msg=audit(1700000000.200:11): avc:  denied  { read } for  pid=44 comm="cat" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
LOG
	run -0 --separate-stderr seallow explain -p "$TBIN" -i hosts2.log
	[[ "$output" == *"a_t b_t:file { read }: 2 denials"* ]]
	run -0 --separate-stderr seallow explain --per-node -p "$TBIN" -i hosts2.log
	[[ "$output" == *"a_t b_t:file { read }: 1 denial, node \"hosta\""*"a_t b_t:file { read }: 1 denial, node \"hostb\""* ]]
	run -0 --separate-stderr seallow explain --json --per-node -p "$TBIN" -i hosts2.log
	[ "$(jq -c '[.denials[] | [.target, .node]]' <<<"$output")" = '[["b_t","hosta"],["b_t","hostb"],["c_t","hostb"]]' ]
	run -2 --separate-stderr seallow --per-node -p "$TBIN" -i hosts2.log
	[[ "$stderr" == *"unrecognized option '--per-node'"* ]]
}

@test "seallow explain: its own option table, whichever side of the word the options are" {
	run -0 seallow explain --list-options
	local words
	words=$(cut -f1 <<<"$output")
	# -M, -m, -o, -w... write or print what explain does not: not its options
	for o in -M --module-package= -m -o -w -D -x -C --verify; do
		! grep -qxF -- "$o" <<<"$words" || { echo "explain lists $o"; false; }
	done
	for o in -i -p --json -q --per-node -R; do
		grep -qxF -- "$o" <<<"$words" || { echo "explain lacks $o"; false; }
	done
	run -2 --separate-stderr seallow explain -M mod -p "$TBIN" -i "$FIXTURES/t.log"
	[ "$stderr" = "seallow: invalid option -- 'M'"$'\n'"Try 'seallow explain --help' for more information." ]
	run -2 --separate-stderr seallow -M mod -p "$TBIN" -i "$FIXTURES/t.log" explain
	[[ "$stderr" == *"invalid option -- 'M'"* ]]
	# options before the word are explain's too, values never taken for it
	run -4 --separate-stderr seallow -p "$TBIN" --json -i "$FIXTURES/t.log" explain
	[ "$(jq -r .tool <<<"$output")" = seallow ]
	run -2 --separate-stderr seallow -p "$TBIN" -i explain
	[[ "$stderr" == *"cannot open 'explain'"* ]]
	run -0 seallow explain --help
	[[ "$output" == "Usage:"$'\n'" seallow explain "* ]]
	[[ "$output" != *"--module-package"* ]]
}

@test "seallow explain --json: every distinct command and path of a group" {
	cat > many.log <<'LOG'
type=AVC msg=audit(1.000:1): avc:  denied  { read } for  pid=1 comm="cat" path="/srv/a" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
type=AVC msg=audit(1.000:2): avc:  denied  { read } for  pid=2 comm="less" exe="/usr/bin/less" path="/srv/b" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
LOG
	run -0 seallow explain --json -p "$TBIN" -i many.log
	[ "$(jq -c '.denials[0].commands' <<<"$output")" = '["cat","less (/usr/bin/less)"]' ]
	[ "$(jq -c '.denials[0].paths' <<<"$output")" = '["/srv/a","/srv/b"]' ]
}

@test "seallow explain: ports past the 16 listed are counted, not dropped silently" {
	sepolc -o p.bin "$FIXTURES/p.conf" >/dev/null 2>&1
	for i in $(seq 8001 8018); do
		echo "type=AVC msg=audit(1.000:$i): avc:  denied  { name_bind } for  pid=10 comm=\"webd\" src=$i scontext=u:r:a_t tcontext=u:r:unreserved_port_t tclass=tcp_socket permissive=0"
	done > scan.log
	run -0 seallow explain -p p.bin -i scan.log
	[[ "$output" == *"-p tcp 8016 "*"note: 2 more denials on ports not listed (16 at most)"* ]]
	[[ "$output" != *"-p tcp 8017 "* ]]
	run -0 seallow explain --json -p p.bin -i scan.log
	[ "$(jq -r '.denials[0].fix.ports_more' <<<"$output")" = 2 ]
}

@test "seallow explain --json: a group lists its first 16 distinct paths and commands once each" {
	for i in $(seq 1 40); do
		j=$((i % 18))
		echo "type=AVC msg=audit(1.000:$i): avc:  denied  { read } for  pid=$i comm=\"c$j\" exe=\"/bin/c$j\" path=\"/srv/f$j\" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0"
	done > many.log
	# relative PATH names joined to the CWD, which may end in a slash
	for d in "41 / x" "42 /srv y"; do
		set -- $d
		echo "type=AVC msg=audit(1.000:$1): avc:  denied  { read } for  pid=$1 comm=\"cat\" name=\"$3\" scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0"
		echo "type=CWD msg=audit(1.000:$1): cwd=\"$2\""
		echo "type=PATH msg=audit(1.000:$1): item=0 name=\"$3\" nametype=NORMAL"
		echo "type=EOE msg=audit(1.000:$1):"
	done >> many.log
	run -0 seallow explain --json -p "$TBIN" -i many.log
	paths=$(for j in $(seq 1 16); do printf '"/srv/f%d",' $j; done)
	cmds=$(for j in $(seq 1 16); do printf '"c%d (/bin/c%d)",' $j $j; done)
	[ "$(jq -c '.denials[0].paths' <<<"$output")" = "[${paths%,}]" ]
	[ "$(jq -c '.denials[0].commands' <<<"$output")" = "[${cmds%,}]" ]
	[ "$(jq -c '.denials[1].paths' <<<"$output")" = '["/x","/srv/y"]' ]
}

# hex LOG-TEXT: the kernel's hex encoding of a name
hex() { printf '%s' "$1" | od -An -tx1 | tr -d ' \n' | tr a-f A-F; }

@test "seallow explain: a name from the log is quoted in the fix and escaped on the terminal" {
	require_command jq jq
	printf '/srv/.*\t--\tusera:r:d_t\n' >fc
	local evil=$'/srv/x\n  fix: rm -rf /\e[2J\r\xff' quote="/srv/a'; touch pwned; echo '"
	{
		echo 'type=AVC msg=audit(1700000000.100:10): avc:  denied  { read } for  pid=42 comm="cat" name="x" dev="sda1" ino=99 scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0'
		echo "type=PATH msg=audit(1700000000.100:10): item=0 name=$(hex "$quote") inode=99 dev=08:01 mode=0100644 obj=usera:r:b_t nametype=NORMAL"
		echo 'type=AVC msg=audit(1700000001.100:11): avc:  denied  { read } for  pid=42 comm="cat" name="y" dev="sda1" ino=99 scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0'
		echo "type=PATH msg=audit(1700000001.100:11): item=0 name=$(hex "$evil") inode=99 dev=08:01 mode=0100644 obj=usera:r:c_t nametype=NORMAL"
	} >evil.log
	SEKIT_FILE_CONTEXTS=fc run -0 --separate-stderr seallow explain -p "$TBIN" -i evil.log
	# no control byte reaches the terminal, and no forged line
	! grep -q $'[\x01-\x08\x0b-\x1f\x7f]' <<<"$output"
	[ "$(grep -c '^  fix:' <<<"$output")" = 2 ]
	[[ "$output" == *'path "/srv/x\x0a  fix: rm -rf /\x1b[2J\x0d\xff"'* ]]
	# each command, run by a shell, names the file's bytes and runs nothing else
	local got
	got=$(grep '^  fix: serelabel' <<<"$output" | sed -n 1p | sed 's/^  fix: serelabel \(.*\)   (or: .*/\1/')
	[ "$(bash -c "printf %s $got")" = "$quote" ]
	[ ! -e pwned ]
	got=$(grep '^  fix: serelabel' <<<"$output" | sed -n 2p | sed 's/^  fix: serelabel \(.*\)   (or: .*/\1/')
	[ "$(bash -c "printf %s $got"; echo .)" = "$evil." ]
	# --json: valid UTF-8 (iconv refuses anything else), the same quoted command
	SEKIT_FILE_CONTEXTS=fc run -0 --separate-stderr seallow explain --json -p "$TBIN" -i evil.log
	iconv -f UTF-8 -t UTF-8 <<<"$output" >/dev/null
	[ "$(jq -r '.denials[0].fix.text' <<<"$output")" = "serelabel '/srv/a'\\''; touch pwned; echo '\\'''   (or: restorecon '/srv/a'\\''; touch pwned; echo '\\'''): file_contexts says d_t, the file is b_t" ]
	[ "$(jq -r '.denials[1].path' <<<"$output")" = '/srv/x\x0a  fix: rm -rf /\x1b[2J\x0d\xff' ]
}

@test "seallow explain --json: streamed a group a line; out of memory is exit 3, never json-c's abort" {
	require_command jq jq
	require_command cc build-essential
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i "$FIXTURES/t.log"
	# one document: the header's line, a line per group, the closing line
	[ "$(jq -r .tool <<<"$output")" = seallow ]
	[ "${lines[0]}" = '{"format_version":1,"tool":"seallow","denials":[' ]
	[ "$(jq '.denials | length' <<<"$output")" = $((${#lines[@]} - 2)) ]
	[[ "${lines[-1]}" == '],"skipped":{'*',"unread_more":0}' ]]
	# json_object_new_object() fails from its Nth call on, as when memory runs out
	cat >fail-json.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
struct json_object;
struct json_object *json_object_new_object(void)
{
	static int n;
	struct json_object *(*real)(void) = (struct json_object * (*)(void))dlsym(RTLD_NEXT, "json_object_new_object");
	return ++n > atoi(getenv("FAIL_JSON_AFTER")) ? NULL : real();
}
C
	cc -shared -fPIC -o fail-json.so fail-json.c -ldl
	local n
	for n in 0 1 2 3 6 10; do
		run -3 --separate-stderr env LD_PRELOAD="$PWD/fail-json.so" FAIL_JSON_AFTER=$n \
			ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
			seallow explain --json -p "$TBIN" -i "$FIXTURES/t.log"
		[[ "$stderr" == *"out of memory"* ]] || { echo "after $n: $stderr"; false; }
	done
}

# a group's causes and fix are those of all its permissions: a boolean
# that allows read is no fix for read and getattr
@test "seallow explain: a group that merged permissions is explained for all of them" {
	{
		head -1 "$FIXTURES/t.log"
		head -1 "$FIXTURES/t.log" | sed -e 's/:[0-9]*): /:777): /' -e 's/{ read }/{ read getattr }/'
	} > merged.log
	head -1 merged.log | grep -q 'a_t.*b_t'
	run -0 --separate-stderr seallow explain --json -p "$TBIN" -i merged.log
	[ "$(jq -c '.denials[0] | [.perms, .fix.kind, .fix.text]' <<<"$output")" = '[["getattr","read"],"rule","allow a_t b_t:file { getattr read };"]' ]
	# the first denial alone: the booleans
	run -0 --separate-stderr seallow explain --json -p "$TBIN" -i <(head -1 merged.log)
	[ "$(jq -r '.denials[0].fix.kind' <<<"$output")" = boolean ]
}

# issue 24 item 4: no relabel where a relabel cannot work
@test "seallow explain: no relabel on a filesystem the policy labels (genfscon, fs_use) or in a container; every boolean listed" {
	require_command jq jq
	# b_t is genfscon's (proc), d_t fs_use_trans's (tmpfs); container_file_t a container's
	sed -e 's/^sid kernel usera:r:a_t$/sid kernel usera:r:a_t\nfs_use_trans tmpfs usera:r:d_t;\ngenfscon proc \/ usera:r:b_t/' \
		-e 's/^type d_t;/type d_t;\ntype container_file_t;/' \
		-e 's/role r types { a_t b_t c_t d_t };/role r types { a_t b_t c_t d_t container_file_t };/' \
		"$FIXTURES/t.conf" > fs.conf
	sepolc_fixture fs.bin fs.conf
	# the relabel of event.log's /srv/secret (b_t, file_contexts says c_t) is gone
	run -0 --separate-stderr seallow explain -p fs.bin -i "$FIXTURES/event.log"
	[[ "$output" != *"serelabel"* ]]
	[[ "$output" == *"note: the policy labels this filesystem by genfscon or fs_use (b_t, dev sda1): a relabel cannot change its files"* ]]
	run -0 --separate-stderr seallow explain --json -p fs.bin -i "$FIXTURES/event.log"
	[ "$(jq -r '.denials[0] | [.no_relabel, .relabel_type, .fix.kind] | map(tostring) | join(" ")' <<<"$output")" = "filesystem null boolean" ]
	# dev= names a filesystem the policy labels, whatever the type
	sed -e 's/dev="sda1"/dev="tmpfs"/' -e 's/tcontext=usera:r:b_t/tcontext=usera:r:c_t/' "$FIXTURES/event.log" > tmpfs.log
	run -0 --separate-stderr seallow explain --json -p fs.bin -i tmpfs.log
	jq -e '[.denials[] | select(.path == "/srv/secret")] | .[0].no_relabel == "filesystem"' <<<"$output"
	# rootfs (an initramfs root, genfscon-labeled) keeps a label per file:
	# the relabel stays, as a real kernel showed (tests/kernel/loop-guest.sh)
	sed -e 's/^sid kernel usera:r:a_t$/sid kernel usera:r:a_t\ngenfscon rootfs \/ usera:r:d_t/' \
		"$FIXTURES/t.conf" > rootfs.conf
	sepolc_fixture rootfs.bin rootfs.conf
	sed -e 's/dev="sda1"/dev="rootfs"/' "$FIXTURES/event.log" > rootfs.log
	run -0 --separate-stderr seallow explain -p rootfs.bin -i rootfs.log
	[[ "$output" == *"fix: serelabel '/srv/secret'"* ]]
	[[ "$output" != *"labels this filesystem"* ]]
	# a container's files
	sed -e 's/tcontext=usera:r:b_t/tcontext=usera:r:container_file_t/' -e 's/obj=usera:r:b_t/obj=usera:r:container_file_t/' "$FIXTURES/event.log" > ctr.log
	run -0 --separate-stderr seallow explain -p fs.bin -i ctr.log
	[[ "$output" != *"serelabel"* ]]
	[[ "$output" == *"note: the path is most likely inside a container's mount namespace"* ]]
	# every boolean that allows an access alone is listed, as audit2why does
	sed -e 's/^if (b1) { allow a_t c_t:file read; }/&\nif (b2) { allow a_t c_t:file read; }/' \
		"$FIXTURES/t.conf" > two.conf
	sepolc_fixture two.bin two.conf
	grep -m1 'tcontext=usera:r:c_t' "$FIXTURES/t.log" > one.log
	run -0 --separate-stderr seallow explain --json -p two.bin -i one.log
	[ "$(jq -c '.denials[0].causes[] | select(.kind == "boolean") | .each_allows | map(.name)' <<<"$output")" = '["b1","b2"]' ]
	run -0 --separate-stderr seallow explain -p two.bin -i one.log
	[[ "$output" == *"allowed under booleans: setsebool -P b1=1; or any one of: b1=1, b2=1"* ]]
}
