#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow --journal reads real journal files (written here by
# systemd-journal-remote from journalctl -o export text, as a journal
# copied from another host is read), and --follow prints the rules of new
# denials as a log, the journal or a pipe grows, and ends cleanly on a
# signal with its output complete.
bats_require_minimum_version 1.5.0
load seallow

JREMOTE=/lib/systemd/systemd-journal-remote

setup() {
	seallow_setup
	require_command /usr/bin/python3
	require_command "$JREMOTE" systemd-journal-remote
	export TZ=UTC
}

# journal OUT LOG [ENTRIES]: LOG's records as a journal file (the first
# ENTRIES of them; appended when OUT exists)
journal() {
	/usr/bin/python3 "$SEKIT_SRCDIR/tests/oracle/seallow-shapes.py" export "$2" |
		awk -v n="${3:-0}" -v skip="${4:-0}" 'BEGIN { RS = ""; ORS = "\n\n" }
			NR > skip && (n == 0 || NR <= skip + n)' > "$1.export"
	"$JREMOTE" --output="$PWD/$1" - < "$1.export" 2> /dev/null
}

# wait_for FILE TEXT: until FILE holds TEXT (at most 10 s)
wait_for() {
	local i
	for i in $(seq 100); do
		grep -qF -- "$2" "$1" 2> /dev/null && return 0
		sleep 0.1
	done
	echo "no '$2' in $1:"
	cat "$1"
	return 1
}

@test "seallow: --journal -i FILE gives the raw log's rules and warnings" {
	local log
	for log in t.log x.log event.log port.log hosts.log; do
		rm -f j.journal
		journal j.journal "$FIXTURES/$log"
		seallow -x -p "$TBIN" -i "$FIXTURES/$log" > raw.out 2> raw.err || true
		seallow -x -p "$TBIN" --journal -i j.journal > out 2> err || true
		[ -s out ]
		diff -u raw.out out || { echo "$log: other rules"; false; }
		diff -u raw.err err || { echo "$log: other warnings"; false; }
	done
}

@test "seallow: --journal's --since and --until seek in the journal" {
	cat > two.log <<-'EOF'
	type=AVC msg=audit(1700000000.100:10): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
	type=AVC msg=audit(1700000100.100:11): avc:  denied  { read } for  pid=1 comm="x" scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0
	EOF
	journal j.journal two.log
	run -0 --separate-stderr seallow explain -p "$TBIN" --journal -i j.journal \
		--since '11/14/2023 22:14:00'
	[[ "$output" == *'a_t c_t:file { read }'* ]]
	[[ "$output" != *'a_t b_t:file'* ]]
	run -0 --separate-stderr seallow explain -p "$TBIN" --journal -i j.journal \
		--until '11/14/2023 22:14:00'
	[[ "$output" == *'a_t b_t:file { read }'* ]]
	[[ "$output" != *'a_t c_t:file'* ]]
	run -1 --separate-stderr seallow explain -p "$TBIN" --journal -i j.journal \
		--until '11/14/2023 22:13:00'
	[[ "$stderr" == *"nothing to do"* ]]
}

@test "seallow: --journal on a file that is not there exits 2 and names it" {
	run -2 --separate-stderr seallow -p "$TBIN" --journal -i missing.journal
	[[ "$stderr" == *"cannot open the journal missing.journal"* ]]
	[ -z "$output" ]
}

@test "seallow: --follow on a journal prints each new denial's rule as it comes; SIGTERM ends it with exit 4" {
	seallow -p "$TBIN" -i "$FIXTURES/t.log" > raw.out 2> raw.err || true
	journal f.journal "$FIXTURES/t.log" 2
	seallow -p "$TBIN" --journal --follow -i f.journal > out 2> err &
	local pid=$!
	wait_for out 'allow a_t c_t:file read;'
	! grep -q 'a_t d_t' out
	journal f.journal "$FIXTURES/t.log" 0 2
	wait_for out 'allow a_t d_t:file read;'
	kill -TERM "$pid"
	exit_of "$pid" 4
	diff -u raw.out out
	diff -u raw.err err
}

@test "seallow: --follow on a file follows it across a rotation; a group that grew is printed again, grown" {
	seallow -p "$TBIN" -i "$FIXTURES/t.log" > raw.out 2> raw.err || true
	head -2 "$FIXTURES/t.log" > audit.log
	seallow -p "$TBIN" --follow -i audit.log > out 2> err &
	local pid=$!
	wait_for out 'allow a_t c_t:file read;'
	# logrotate's rename, then auditd's new file
	mv audit.log audit.log.1
	sed -n 3,4p "$FIXTURES/t.log" > audit.log
	wait_for out 'allow a_t d_t:file { getattr write };'
	sed -n '5,$p' "$FIXTURES/t.log" >> audit.log
	wait_for out 'allow a_t d_t:file read;'
	kill -TERM "$pid"
	exit_of "$pid" 4
	# the group a_t d_t grew as line 6 came (audit.log was read to its end
	# after line 5): its rule again, with the permission it gained
	diff -u raw.out <(grep -vxF 'allow a_t d_t:file { getattr write };' out)
	grep -qxF 'allow a_t d_t:file { getattr write };' out
	diff -u raw.err err
}

@test "seallow: --follow on standard input prints rules while the pipe is open and ends with it" {
	mkfifo pipe
	seallow -p "$TBIN" --follow < pipe > out 2> err &
	local pid=$!
	exec 7> pipe
	head -1 "$FIXTURES/t.log" >&7
	wait_for out 'allow a_t b_t:file read;'
	sed -n 2p "$FIXTURES/t.log" >&7
	wait_for out 'allow a_t c_t:file read;'
	exec 7>&-
	exit_of "$pid" 0
	[ -z "$(cat err)" ]
	[ "$(grep -c '^allow' out)" -eq 2 ]
}

@test "seallow: --follow -w prints audit2why's text as denials come" {
	head -1 "$FIXTURES/t.log" > audit.log
	seallow -w -p "$TBIN" --follow -i audit.log > out 2> err &
	local pid=$!
	wait_for out 'Missing type enforcement (TE) allow rule.'
	kill -TERM "$pid"
	exit_of "$pid" 0
	seallow -w -p "$TBIN" -i audit.log > raw.out
	diff -u raw.out out
}

@test "seallow: --follow refuses what cannot stream, and two inputs are refused" {
	local args
	for args in "-M x" "-m x" "-o f" "-R" "-l" "--verify"; do
		run -2 --separate-stderr seallow -p "$TBIN" --follow -i "$FIXTURES/t.log" $args
		[[ "$stderr" == *"--follow prints rules"* ]] || { echo "$args: $stderr"; false; }
	done
	run -2 --separate-stderr seallow explain -p "$TBIN" --follow -l
	run -2 --separate-stderr seallow -p "$TBIN" --journal -d
	[[ "$stderr" == *"each name the input"* ]]
}
