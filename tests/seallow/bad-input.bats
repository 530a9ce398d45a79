#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input is counted and reported (exit 4), never a crash or a hang.
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
}

@test "seallow: binary garbage lines are skipped and counted" {
	{ cat "$FIXTURES/x.log"; head -c 4096 /dev/urandom | tr -d '\n'; printf '\n\001\002\003\n'; } > garbage.log
	run -4 --separate-stderr seallow -x -p "$TBIN" -i garbage.log
	[[ "$stderr" == *"line"*"binary data"* ]]
	[[ "$output" == *"allowxperm a_t d_t:file ioctl { 0x0 0x5401-0x5402 };"* ]]
}

@test "seallow: a 10 MB line is skipped with bounded memory" {
	{ head -1 "$FIXTURES/t.log"; head -c 10485760 /dev/zero | tr '\0' 'a'; echo; tail -1 "$FIXTURES/t.log"; } > long.log
	run -4 --separate-stderr seallow -p "$TBIN" -i long.log
	[[ "$stderr" == *"skipped 1 line: line too long"* ]]
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
	[[ "$output" == *"allow a_t d_t:file read;"* ]]
}

@test "seallow: a truncated record and a malformed header are counted" {
	{ cat "$FIXTURES/t.log"; printf 'type=AVC msg=audit(bad): avc: denied { read }\n'; } > trunc.log
	printf 'type=AVC msg=audit(9.000:99): avc:  denied  { read } for pid=1 scontext=usera:r:a_t' >> trunc.log
	run -4 --separate-stderr seallow -p "$TBIN" -i trunc.log
	[[ "$stderr" == *"AVC without permissions, contexts or class"* ]]
	[[ "$stderr" == *"malformed record"* ]]
}

# The man page's DESCRIPTION: a type libaudit knows (KERNEL) or numbers only
# (UNKNOWN[n], a kernel line's type=NNNN) is read as an event's record and
# never counted; a type name it does not know is an unknown record type:
# named by file and line, counted as a line, or as a denial when it holds
# one, exit 4; explain --json lists it under "unread".
@test "seallow: type=KERNEL records are read and unknown record types counted, as the man page says" {
	local avc='avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0'
	local line read=(
		'type=KERNEL msg=audit(1.000:1): state=initialized audit_enabled=1 res=1'
		'node=h1 type=KERNEL msg=audit(1.000:1): state=initialized audit_enabled=1 res=1'
		'type=KERNEL msg=audit(10/23/2024 02:51:35.701:987) : state=initialized audit_enabled=1 res=1'
		'[    0.512000] audit: type=2000 audit(1.000:1): state=initialized audit_enabled=1 res=1'
		'Jul 26 09:11:43 host audit[1]: KERNEL state=initialized audit_enabled=1 res=1'
		'{"_TRANSPORT":"audit","MESSAGE":"KERNEL state=initialized","_AUDIT_TYPE_NAME":"KERNEL","_AUDIT_TYPE":"2000","__REALTIME_TIMESTAMP":"1000000","_AUDIT_ID":"1"}'
		'type=UNKNOWN[1999] msg=audit(1.000:1): foo=bar'
		'Jul 26 09:11:43 host kernel: audit: type=9999 audit(1.000:1): foo=bar'
	) unknown=(
		'type=NO_SUCH_TYPE msg=audit(1.000:50): foo=bar'
		'node=h1 type=NO_SUCH_TYPE msg=audit(1.000:50): foo=bar'
		'type=NO_SUCH_TYPE msg=audit(10/23/2024 02:51:35.701:987) : foo=bar'
		'12:type=NO_SUCH_TYPE msg=audit(1.000:50): foo=bar'
		'> type=NO_SUCH_TYPE msg=audit(1.000:50): foo=bar'
		'Jul 26 09:11:43 host audit[1]: NO_SUCH_TYPE foo=bar'
		'{"_TRANSPORT":"audit","MESSAGE":"NO_SUCH_TYPE foo=bar","_AUDIT_TYPE_NAME":"NO_SUCH_TYPE","_AUDIT_TYPE":"2999","__REALTIME_TIMESTAMP":"1000000","_AUDIT_ID":"1"}'
	)
	for line in "${read[@]}"; do
		printf '%s\ntype=AVC msg=audit(2.000:9): %s\n' "$line" "$avc" > read.log
		run -0 --separate-stderr seallow -p "$TBIN" -i read.log
		[[ "$output" == *"allow a_t b_t:file read;"* ]] || { echo "$line: $output"; false; }
		[ -z "$stderr" ] || { echo "$line: $stderr"; false; }
	done
	for line in "${unknown[@]}"; do
		printf '%s\ntype=AVC msg=audit(2.000:9): %s\n' "$line" "$avc" > unknown.log
		run -4 --separate-stderr seallow -p "$TBIN" -i unknown.log
		[[ "$output" == *"allow a_t b_t:file read;"* ]] || { echo "$line: $output"; false; }
		[ "${#stderr_lines[@]}" -eq 2 ] || { echo "$line: $stderr"; false; }
		lines_are --stderr 0 <<-'EOF' || { echo "$line"; false; }
		seallow: warning: unknown.log:1: unknown record type
		seallow: warning: skipped 1 line: unknown record type
		EOF
	done
	# holding a denial, it is counted as one
	printf 'type=NO_SUCH_TYPE %s\ntype=AVC msg=audit(2.000:9): %s\n' "$avc" "$avc" > denial.log
	run -4 --separate-stderr seallow -p "$TBIN" -i denial.log
	[ "${#stderr_lines[@]}" -eq 2 ]
	lines_are --stderr 0 <<-'EOF'
	seallow: warning: denial.log:1: unknown record type
	seallow: warning: skipped 1 denial: unknown record type
	EOF
	require_command jq jq
	{ printf '%s\n' "${read[@]}"; printf 'type=NO_SUCH_TYPE %s\n' "$avc"; printf '%s\n' "${unknown[0]}"
		printf 'type=AVC msg=audit(2.000:9): %s\n' "$avc"; } > mixed.log
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i mixed.log
	[ "$(jq -c '.unread' <<< "$output")" = '[{"input":"mixed.log","line":9,"reason":"unknown record type","denial":true},{"input":"mixed.log","line":10,"reason":"unknown record type","denial":false}]' ]
	# nothing else: the warnings and the note are one document on stderr
	printf '%s\n' "${unknown[0]}" > only.log
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i only.log
	[ -z "$output" ]
	[ "$(jq -s -c 'map(.diagnostics | map(.message))' <<< "$stderr")" = '[["unknown record type","skipped 1 line: unknown record type","nothing to do: no SELinux record in the input"]]' ]
}

@test "seallow: records of interleaved events are grouped by serial" {
	run -0 --separate-stderr seallow -v -p "$TBIN" -i "$FIXTURES/event.log"
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
	[[ "$output" == *"allow a_t c_t:file read;"* ]]
}

@test "seallow: a log from another policy is counted by reason, exit 4" {
	require_debian_policy
	run -4 --separate-stderr seallow -p "$TBIN" -i "$SEKIT_SRCDIR/tests/seallow/fixtures/t.log"
	[ -f "$SEKIT_CORPUS/audit/sepolgen-httpd.log" ] || skip "no corpus (set SEKIT_CORPUS)"
	run -4 --separate-stderr seallow -p "$TBIN" -i "$SEKIT_CORPUS/audit/sepolgen-httpd.log"
	[[ "$stderr" == *"source context not valid in the policy"* ]]
	run -4 --separate-stderr seallow -p "$DEBIAN_POLICY" -i "$SEKIT_CORPUS/audit/sepolgen-httpd.log"
	[[ "$stderr" == *"skipped 891 denials: source context not valid in the policy"* ]]
	[[ "$stderr" == *"skipped 173 denials: target context not valid in the policy"* ]]
}

@test "seallow: an empty input is nothing to do" {
	run -1 --separate-stderr seallow -p "$TBIN" -i /dev/null
}

# every prefix of an event log: records cut mid-line, events cut before their
# SYSCALL, CWD, PATH or EOE records
@test "seallow: a log cut anywhere (mid-record, mid-event) is never a crash" {
	local size n
	size=$(wc -c < "$FIXTURES/event.log")
	for n in $(seq 1 97 "$size") "$size"; do
		head -c "$n" "$FIXTURES/event.log" > cut.log
		run --separate-stderr seallow explain -p "$TBIN" -i cut.log
		[[ "$status" == [014] ]] || { echo "cut at $n: status $status: $stderr"; false; }
		[[ "$stderr" != *"runtime error"* && "$stderr" != *Sanitizer* ]]
	done
	# the first event cut after its AVC: the denial is still there, the
	# half record counted
	head -c 900 "$FIXTURES/event.log" > cut.log
	run -4 --separate-stderr seallow explain -p "$TBIN" -i cut.log
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "cat", path "/srv/secret"'* ]]
	[[ "$stderr" == *"skipped 1 line: malformed record"* ]]
}

@test "seallow: events of two hosts with the same serial stay apart (node=)" {
	run -0 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/hosts.log"
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "cat", path "/srv/a/secret"'* ]]
	[[ "$output" == *'a_t c_t:file { read }: 1 denial, comm "less", path "/srv/b/other"'* ]]
}

@test "seallow: unknown types, classes and permissions are counted by reason" {
	run -4 --separate-stderr seallow -p "$TBIN" -i "$FIXTURES/other-policy.log"
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
	[[ "$stderr" == *"skipped 1 denial: source context not valid in the policy"* ]]
	[[ "$stderr" == *"skipped 1 denial: target context not valid in the policy"* ]]
	[[ "$stderr" == *"skipped 1 denial: class not in the policy"* ]]
	[[ "$stderr" == *"skipped 2 denials: permission not in the class"* ]]
	run -4 --separate-stderr seallow -w -p "$TBIN" -i "$FIXTURES/other-policy.log"
	[[ "$stderr" == *"skipped 1 denial: class not in the policy"* ]]
}

# libauparse 3.0 dropped, without a word, an AVC record whose permission
# list is longer than 255 bytes; seallow's own reader reads it
@test "seallow: an AVC record with a long permission list is read" {
	{
		printf 'type=AVC msg=audit(1.000:90): avc:  denied  { '
		for i in $(seq 1 20); do printf 'perm_with_a_long_name_%s ' "$i"; done
		printf '} for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0\n'
		cat "$FIXTURES/x.log"
	} > longperms.log
	run -4 --separate-stderr seallow -p "$TBIN" -i longperms.log
	[[ "$stderr" == *"skipped 1 denial: permission not in the class"* ]]
	[[ "$stderr" != *"skipped 1 line"* ]]
}

# an event keeps at most 256 records seallow reads (memory stays bounded
# whatever the log); the rest are counted
@test "seallow: records past an event's limit are counted, exit 4" {
	for i in $(seq 1 260); do
		echo 'type=AVC msg=audit(1.000:9): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0'
	done > huge-event.log
	run -4 --separate-stderr seallow explain -p "$TBIN" -i huge-event.log
	[[ "$output" == *"a_t b_t:file { read }: 256 denials"* ]]
	[[ "$stderr" == *"skipped 4 denials: record past its event's limits"* ]]
}

@test "seallow: every AVC record of an event is read, however many" {
	for i in $(seq 1 40); do
		echo 'type=AVC msg=audit(1.000:9): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0'
	done > many.log
	run -0 --separate-stderr seallow explain -p "$TBIN" -i many.log
	[[ "$output" == *"a_t b_t:file { read }: 40 denials"* ]]
}

# More names than any class has permissions (AVC_MAX_PERMS is 64): the
# denial names permissions the class lacks, and is counted so, not as an
# AVC without permissions
@test "seallow: an AVC with more than 64 permissions is counted as an unknown permission" {
	{
		printf 'type=AVC msg=audit(1.000:91): avc:  denied  { read '
		# short names: libauparse drops a list longer than about 255 bytes
		for c in {a..z} {A..Z} {0..9} x1 x2 x3 x4; do printf '%s ' "$c"; done
		printf '} for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0\n'
		cat "$FIXTURES/x.log"
	} > manyperms.log
	run -4 --separate-stderr seallow -p "$TBIN" -i manyperms.log
	[[ "$stderr" == *"skipped 1 denial: permission not in the class"* ]]
	[[ "$stderr" != *"skipped 1 line"* ]]
}

# libauparse 3.0.9 leaks the value of a CWD record's cwd= field when a
# second one follows (found by tests/fuzz/fuzz-audit.c); seallow reads the
# first, and LeakSanitizer fails this test if such a reader comes back
@test "seallow: a CWD record with two cwd= fields is read without a leak" {
	{
		echo 'type=AVC msg=audit(1.000:9): avc:  denied  { read } for  pid=1 comm="x" name="f" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0'
		echo 'type=CWD msg=audit(1.000:9): cwd="/srv" cwd="/tmp" (cwd=/x'
		echo 'type=PATH msg=audit(1.000:9): item=0 name="f" inode=5 dev=08:01'
		echo 'type=EOE msg=audit(1.000:9): '
	} > cwd.log
	run -0 --separate-stderr seallow explain -p "$TBIN" -i cwd.log
	[[ "$output" == *"/srv/f"* ]]
	[[ "$output" != *"/tmp/f"* ]]
}

@test "seallow -a: running out of memory while listing the audit logs is said, exit 3" {
	fail_strdup audit.log.1
	mkdir logs
	cp "$FIXTURES/t.log" logs/audit.log
	cp "$FIXTURES/t.log" logs/audit.log.1
	run -3 --separate-stderr env "${FAIL_STRDUP_ENV[@]}" SEKIT_AUDIT_LOG_DIR="$PWD/logs" \
		seallow -a -p "$TBIN"
	[ -z "$output" ]
	[ "$stderr" = "seallow: out of memory" ]
}

# issue 22 item 5: libsepol's -1 for a context is also memory running out
# (errno ENOMEM), which was "source context not valid in the policy", exit 4
@test "seallow: running out of memory while reading a context is said, exit 3" {
	fail_strdup usera:r:a_t
	head -1 "$FIXTURES/t.log" >one.log
	local args
	for args in "" explain; do
		run -3 --separate-stderr env "${FAIL_STRDUP_ENV[@]}" seallow $args -p "$TBIN" -i one.log
		[ -z "$output" ]
		[[ "$stderr" == *"seallow: out of memory"* ]] || { echo "seallow $args: $stderr"; false; }
		[[ "$stderr" != *"not valid"* ]]
	done
}

@test "seallow: skipped denials name what the policy lacks: the first three, all with -v and --json" {
	local t n=0
	for t in u1_t u2_t u3_t u4_t u5_t u1_t; do
		n=$((n + 1))
		echo "type=AVC msg=audit(2.000:$n): avc:  denied  { read } for  pid=1 comm=\"x\" scontext=usera:r:$t tcontext=usera:r:b_t tclass=file permissive=0"
	done > names.log
	# a known type in a context the policy refuses (its user): the context is named
	echo 'type=AVC msg=audit(2.000:70): avc:  denied  { read } for  pid=1 comm="x" scontext=nouser:r:a_t tcontext=usera:r:b_t tclass=file permissive=0' >> names.log
	cat "$FIXTURES/other-policy.log" >> names.log
	run -4 --separate-stderr seallow -p "$TBIN" -i names.log
	[[ "$stderr" == *"skipped 8 denials: source context not valid in the policy (u1_t, u2_t, u3_t and 4 more; -v names them)"* ]]
	[[ "$stderr" == *"skipped 1 denial: class not in the policy (bpf)"* ]]
	[[ "$stderr" == *"skipped 2 denials: permission not in the class (file:map)"* ]]
	run -4 --separate-stderr seallow -v -p "$TBIN" -i names.log
	[[ "$stderr" == *"skipped 8 denials: source context not valid in the policy (u1_t, u2_t, u3_t, u4_t, u5_t, nouser:r:a_t, httpd_t)"* ]]
	# -w counts and names them the same
	run -4 --separate-stderr seallow -w -p "$TBIN" -i names.log
	[[ "$stderr" == *"skipped 1 denial: class not in the policy (bpf)"* ]]
	[[ "$stderr" == *"skipped 8 denials: source context not valid in the policy (u1_t, u2_t, u3_t and 4 more; -v names them)"* ]]
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i names.log
	[ "$(jq -c '.skipped_names' <<<"$output")" = '{"source context not valid in the policy":["u1_t","u2_t","u3_t","u4_t","u5_t","nouser:r:a_t","httpd_t"],"target context not valid in the policy":["etc_t"],"class not in the policy":["bpf"],"permission not in the class":["file:map"]}' ]
	[ "$(jq '.skipped["source context not valid in the policy"]' <<<"$output")" = 8 ]
}

@test "seallow explain --json: unread lines by number in the document, warnings as JSON on stderr" {
	{ cat "$FIXTURES/t.log"; echo 'type=AVC msg=audit(1.000:99 avc:  denied  { read } for scontext=usera:r:a_t'; echo 'type=SYSCALL msg=audit(1.0'; } > bad.log
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i bad.log
	[ "$(jq -c '.unread' <<<"$output")" = '[{"input":"bad.log","line":8,"reason":"malformed record","denial":true},{"input":"bad.log","line":9,"reason":"malformed record","denial":false}]' ]
	[ "$(jq '.unread_more' <<<"$output")" = 0 ]
	# stderr: one document; each unread line a warning with its file and line
	[ "$(jq -r '.tool' <<<"$stderr")" = seallow ]
	[ "$(jq -c '[.diagnostics[] | select(.line) | [.severity, .file, .line, .message]]' <<<"$stderr")" = '[["warning","bad.log",8,"malformed record"],["warning","bad.log",9,"malformed record"]]' ]
	jq -e '.diagnostics | map(.message) | index("skipped 1 denial: malformed record") != null' <<<"$stderr"
	# -q: nothing on either
	run -4 --separate-stderr seallow explain --json -q -p "$TBIN" -i bad.log
	[ -z "$output" ] && [ -z "$stderr" ]
	# the text is as it was: the line named by its number
	run -4 --separate-stderr seallow explain -p "$TBIN" -i bad.log
	[[ "$stderr" == *"seallow: warning: bad.log:8: malformed record"* ]]
}

@test "seallow explain --json: no SELinux record is a JSON note, errors JSON too" {
	echo 'type=SYSCALL msg=audit(1.000:1): arch=c000003e syscall=2 success=yes' > none.log
	run -1 --separate-stderr seallow explain --json -p "$TBIN" -i none.log
	[ "$(jq -r '.diagnostics[0] | [.severity, .message] | join(": ")' <<<"$stderr")" = "note: nothing to do: no SELinux record in the input" ]
	run -2 --separate-stderr seallow explain --json -p "$TBIN" -i /nonexistent.log
	[ "$(jq -r '.diagnostics[0].message' <<<"$stderr")" = "cannot open '/nonexistent.log': No such file or directory" ]
}
