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

@test "seallow: unknown record types are counted" {
	{ echo 'type=NO_SUCH_TYPE msg=audit(1.000:50): foo=bar'; cat "$FIXTURES/x.log"; } > unknown.log
	run -4 --separate-stderr seallow -p "$TBIN" -i unknown.log
	[[ "$stderr" == *"skipped 1 line: unknown record type"* ]]
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
