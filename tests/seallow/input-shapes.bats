#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow reads a denial in every shape people paste it in: the fixture
# logs rewritten record by record into each shape (tests/oracle/
# seallow-shapes.py) give the rules of the raw log, with nothing skipped;
# lines that still cannot be read are named by their number; notices are
# not denials. The differential with audit2allow on the corpus logs in
# every shape is tests/oracle/seallow-shapes.bats.
bats_require_minimum_version 1.5.0
load seallow

SHAPES="raw-node grep-n grep-hn quote no-msg bare kernel printk syslog syslog-raw iso-syslog
	journal-short json export"

setup() {
	seallow_setup
	require_command /usr/bin/python3
	export TZ=UTC
}

shape() { /usr/bin/python3 "$SEKIT_SRCDIR/tests/oracle/seallow-shapes.py" "$@"; }

@test "seallow: every shape of a log gives the raw log's rules, nothing skipped" {
	local log shape
	for log in t.log x.log event.log port.log; do
		seallow -x -p "$TBIN" -i "$FIXTURES/$log" > raw.out 2> raw.err || true
		for shape in $SHAPES; do
			shape "$shape" "$FIXTURES/$log" > "$shape.log"
			seallow -x -p "$TBIN" -i "$shape.log" > out 2> err || true
			diff -u raw.out out || { echo "$log as $shape: other rules"; false; }
			diff -u raw.err err || { echo "$log as $shape: other warnings"; false; }
		done
	done
}

@test "seallow: ausearch -i output (interpreted, ---- separators, unquoted comm) is read and grouped by serial" {
	cat > interp.log <<-'EOF'
	----
	type=PROCTITLE msg=audit(11/14/2023 22:13:20.100:10) : proctitle=cat /srv/secret
	type=PATH msg=audit(11/14/2023 22:13:20.100:10) : item=0 name=secret inode=99 dev=08:01 mode=file,644 ouid=root ogid=root rdev=00:00 obj=usera:r:b_t nametype=NORMAL
	type=CWD msg=audit(11/14/2023 22:13:20.100:10) : cwd=/srv
	type=SYSCALL msg=audit(11/14/2023 22:13:20.100:10) : arch=x86_64 syscall=openat success=no exit=EACCES(Permission denied) a0=AT_FDCWD a1=0x7ffd a2=O_RDONLY a3=0x0 items=1 ppid=1 pid=42 auid=unset uid=root gid=root comm=cat exe=/usr/bin/cat subj=usera:r:a_t key=(null)
	type=AVC msg=audit(11/14/2023 22:13:20.100:10) : avc:  denied  { read } for  pid=42 comm=cat name=secret dev="sda1" ino=99 scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
	----
	type=AVC msg=audit(11/14/23 22:13:21.000:11) : avc:  denied  { read } for  pid=43 comm=ls name=x dev="sda1" ino=98 scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0
	EOF
	run -0 --separate-stderr seallow explain -p "$TBIN" -i interp.log
	[ -z "$stderr" ]
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "cat", path "/srv/secret"'* ]]
	[[ "$output" == *'a_t c_t:file { read }: 1 denial, comm "ls"'* ]]
}

@test "seallow: journal and syslog lines, quotes, grep and printk prefixes are read" {
	cat > mixed.log <<-'EOF'
	Jul 26 09:11:43 host audit[699]: AVC avc:  denied  { read } for  pid=699 comm="cat" name="b" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
	Jul 26 09:11:44 host kernel: audit: type=1400 audit(1721985104.123:45): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0
	[   12.345678] audit: type=1400 audit(1721985105.000:46): avc:  denied  { write } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=userb:r:d_t tclass=file permissive=0
	> 12:type=AVC msg=audit(1721985106.000:47): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:b_t tcontext=usera:r:c_t tclass=file permissive=0
	avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:b_t tcontext=usera:r:b_t tclass=file permissive=0
	EOF
	run -0 --separate-stderr seallow -p "$TBIN" -i mixed.log
	[ -z "$stderr" ]
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
	[[ "$output" == *"allow a_t c_t:file read;"* ]]
	[[ "$output" == *"allow b_t c_t:file read;"* ]]
	[[ "$output" == *"allow b_t self:file read;"* ]]
	[[ "$output" == *"This avc is a constraint violation"* ]]
}

@test "seallow: a line that cannot be read is named by its number, and counted as a denial when it is one" {
	{ cat "$FIXTURES/t.log"; echo 'type=AVC msg=audit(1.000:99 avc:  denied  { read } for scontext=usera:r:a_t'; echo 'type=SYSCALL msg=audit(1.0'; } > bad.log
	run -4 --separate-stderr seallow -p "$TBIN" -i bad.log
	[[ "$stderr" == *"bad.log:8: malformed record"* ]]
	[[ "$stderr" == *"bad.log:9: malformed record"* ]]
	[[ "$stderr" == *"skipped 1 denial: malformed record"* ]]
	[[ "$stderr" == *"skipped 1 line: malformed record"* ]]
}

@test "seallow: policy load and setenforce notices are not denials, explain -l after a load has nothing to do" {
	cat > notice.log <<-'EOF'
	type=AVC msg=audit(1.000:1): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
	type=MAC_POLICY_LOAD msg=audit(2.000:2): auid=4294967295 ses=4294967295 lsm=selinux res=1
	type=USER_AVC msg=audit(2.100:3): pid=1 uid=0 auid=4294967295 ses=4294967295 subj=usera:r:a_t msg='avc:  received policyload notice (seqno=2)  exe="/usr/lib/systemd/systemd" sauid=0 hostname=? addr=? terminal=?'
	type=USER_AVC msg=audit(2.200:4): pid=1 uid=0 auid=4294967295 ses=4294967295 subj=usera:r:a_t msg='avc:  received setenforce notice (enforcing=1)  exe="/usr/lib/systemd/systemd" sauid=0 hostname=? addr=? terminal=?'
	type=AVC msg=audit(2.300:5): avc:  op=load_policy lsm=selinux seqno=2 res=1
	EOF
	run -1 --separate-stderr seallow explain -l -p "$TBIN" -i notice.log
	[ -z "$stderr" ]
	run -0 --separate-stderr seallow -p "$TBIN" -i notice.log
	[ -z "$stderr" ]
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
}

@test "seallow: hex comm=, name= and path= (spaces, odd bytes) are decoded as auditd does" {
	# "my cmd", "a b", "/srv/a b": the kernel's untrusted-string hex
	cat > hex.log <<-'EOF'
	type=AVC msg=audit(1721985104.123:45): avc:  denied  { read } for  pid=1 comm=6D7920636D64 name=612062 dev="sda1" ino=5 scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
	type=AVC msg=audit(1721985104.123:46): avc:  denied  { write } for  pid=1 comm="ok" path=2F7372762F612062 dev="sda1" ino=5 scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0
	EOF
	run -0 --separate-stderr seallow explain -p "$TBIN" -i hex.log
	[ -z "$stderr" ]
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "my cmd"'* ]]
	[[ "$output" == *'a_t c_t:file { write }: 1 denial, comm "ok", path "/srv/a b"'* ]]
}
