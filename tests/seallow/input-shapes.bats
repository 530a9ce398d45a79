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
	run -0 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/shapes/ausearch-i.log"
	[ -z "$stderr" ]
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "cat", path "/srv/secret"'* ]]
	[[ "$output" == *'a_t c_t:file { read }: 1 denial, comm "ls"'* ]]
}

@test "seallow: journal and syslog lines, quotes, grep and printk prefixes are read" {
	run -0 --separate-stderr seallow -p "$TBIN" -i "$FIXTURES/shapes/pasted.log"
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
	run -0 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/hex.log"
	[ -z "$stderr" ]
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "my cmd"'* ]]
	[[ "$output" == *'a_t c_t:file { write }: 1 denial, comm "ok", path "/srv/a b"'* ]]
}

# the fuzz target's checks (two readings that must agree, the set's every
# output, the replay) on the seeds tests/fuzz/fuzz-source.sh gives it: the
# pasted shapes of the fixtures and every shape seallow-shapes.py writes
@test "seallow: the audit reader's fuzz target runs clean on every shape of its seeds" {
	local fuzz=${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/tests/fuzz/fuzz-audit log shape
	[ -x "$fuzz" ] || { echo "$fuzz is not built (make check builds it)"; false; }
	mkdir seeds
	cp "$FIXTURES"/*.log "$FIXTURES"/shapes/*.log seeds/
	for log in event.log hosts.log reload.log port.log; do
		for shape in $SHAPES; do
			shape "$shape" "$FIXTURES/$log" > "seeds/$shape-$log"
		done
	done
	run -0 env FUZZ_AUDIT_POLICY="$FIXTURES/t.conf" "$fuzz" seeds/*
	[ "$(grep -c ': ran$' <<<"$output")" -eq "$(ls seeds | wc -l)" ]
}
