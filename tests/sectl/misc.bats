#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sectl's conventions: help, version, usage errors, no SELinux; avc and
# initial contexts against a fake selinuxfs.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

setup() {
	sectl_setup
}

@test "sectl: --help lists the commands, --version names the tool" {
	run -0 --separate-stderr sectl --help
	[[ "${lines[0]}" == "Usage:" ]]
	for cmd in status mode load bool access create relabel member context avc; do
		[[ "$output" == *$'\n'"  $cmd "* ]]
	done
	run -0 sectl -V
	[[ "$output" == "sectl (sekit) "* ]]
}

@test "sectl: every command has --help" {
	for cmd in status mode load bool access create relabel member context avc; do
		run -0 --separate-stderr sectl "$cmd" --help
		[[ "${lines[0]}" == "Usage:" ]]
		[[ "${lines[1]}" == " sectl $cmd "* ]]
		[ -z "$stderr" ]
	done
}

@test "sectl: usage errors name the problem and exit 2" {
	run -2 --separate-stderr sectl
	[ "$stderr" = $'sectl: no command given\nTry \'sectl --help\' for more information.' ]
	run -2 --separate-stderr sectl frobnicate
	[[ "$stderr" == "sectl: unknown command 'frobnicate'"* ]]
	run -2 --separate-stderr sectl status --bogus
	[[ "$stderr" == *"unrecognized option '--bogus'"* ]]
	run -2 sectl access a b
	run -2 sectl context
}

@test "sectl: no selinuxfs is one line and exit 3 for every command" {
	local nowhere=$BATS_TEST_TMPDIR/nowhere
	for args in "bool" "bool a=1" "load -n x" "access a b c" "create a b c" "context a" "context --initial" "avc"; do
		# shellcheck disable=SC2086
		run -3 --separate-stderr sectl --selinuxfs "$nowhere" $args
		[ "$stderr" = "sectl: no selinuxfs at '$nowhere': No such file or directory" ]
		[ -z "$output" ]
	done
}

@test "sectl: commands that need the kernel refuse --policy (exit 2)" {
	for cmd in status mode load bool avc "context --initial"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr sectl --policy /dev/null $cmd
		[[ "$stderr" == *"works on the kernel; --policy applies to access, create, relabel, member and context"* ]]
	done
}

@test "sectl avc: avcstat's columns, summed over CPUs, then the hash table" {
	run -0 --separate-stderr sectl --selinuxfs "$FS" avc
	lines_are 0 <<'EOF'
   lookups       hits     misses     allocs   reclaims      frees
        15         12          3          3          1          1
entries: 3
buckets used: 3/512
longest chain: 1
cache threshold: 512
EOF
}

@test "sectl avc: --json" {
	require_command jq jq
	run -0 sectl --selinuxfs "$FS" avc --json
	[ "$(jq -c '[.format_version, .command, .lookups, .hits, .misses, .cpus, .buckets, .cache_threshold]' <<<"$output")" = \
		'[1,"avc",15,12,3,2,512,512]' ]
}

@test "sectl avc: statistics it cannot parse (exit 3)" {
	printf 'lookups hits\n1 2\n' >"$FS/avc/cache_stats"
	run -3 --separate-stderr sectl --selinuxfs "$FS" avc
	[ "$stderr" = "sectl: '$FS/avc/cache_stats' does not start with 'lookups hits misses allocations reclaims frees'" ]
}

@test "sectl context --initial: the initial SIDs' contexts, NUL removed" {
	run -0 sectl --selinuxfs "$FS" context --initial
	[ "$output" = $'file system_u:object_r:unlabeled_t:s0\nkernel system_u:system_r:kernel_t:s0' ]
	run -0 sectl --selinuxfs "$FS" context --initial kernel
	[ "$output" = "kernel system_u:system_r:kernel_t:s0" ]
	run -2 --separate-stderr sectl --selinuxfs "$FS" context --initial kernel nosuch
	[ "$output" = "kernel system_u:system_r:kernel_t:s0" ]
	[ "$stderr" = "sectl: unknown initial SID 'nosuch'" ]
}

@test "sectl: stdout write errors are reported" {
	[ -w /dev/full ] || skip "no /dev/full"
	run -3 --separate-stderr sh -c "sectl --selinuxfs '$FS' status >/dev/full"
	[[ "$stderr" == "sectl: write error: No space left on device" ]]
}

# issue 11: -q is silent as selinuxenabled is, whatever the outcome
@test "sectl -q: nothing on stdout or stderr for any command, only the exit status" {
	local none=$BATS_TEST_TMPDIR/nowhere
	for cmd in status mode avc "bool allow_execmem" "context --initial kernel"; do
		# shellcheck disable=SC2086
		run -0 --separate-stderr sectl -q --selinuxfs "$FS" $cmd
		[ -z "$output" ] && [ -z "$stderr" ]
		# shellcheck disable=SC2086
		run -3 --separate-stderr sectl -q --selinuxfs "$none" $cmd
		[ -z "$output" ] && [ -z "$stderr" ]
	done
	run -3 --separate-stderr sectl --selinuxfs "$none" mode -q enforcing
	[ -z "$output" ] && [ -z "$stderr" ]
	run -2 --separate-stderr sectl -q --selinuxfs "$FS" bool nosuch_bool
	[ -z "$output" ] && [ -z "$stderr" ]
	run -2 --separate-stderr sectl -q -v --selinuxfs "$FS" load "$BATS_TEST_TMPDIR/missing.33"
	[ -z "$output" ] && [ -z "$stderr" ]
	run -3 --separate-stderr sectl -q --selinuxfs "$FS" access system_u:system_r:kernel_t:s0 \
		system_u:object_r:unlabeled_t:s0 file read
	[ -z "$output" ] && [ -z "$stderr" ]
	# help and option errors still speak: they are not answers
	run -0 --separate-stderr sectl -q status --help
	[[ "${lines[0]}" == "Usage:" ]]
	run -2 --separate-stderr sectl -q status --bogus
	[[ "$stderr" == *"unrecognized option '--bogus'"* ]]
}

# issue 11: a FIFO where a selinuxfs node should be would block open() and
# read() for ever; sectl refuses it (exit 3) instead of hanging
@test "sectl: a FIFO in selinuxfs is refused, never waited on" {
	local node
	for node in enforce mls policyvers booleans/allow_execmem avc/cache_stats policy access; do
		rm -f "$FS/$node"
		mkfifo "$FS/$node"
	done
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" mode
	[ "$stderr" = "sectl: '$FS/enforce' is a FIFO, not a selinuxfs file" ]
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" mode enforcing
	[ "$stderr" = "sectl: '$FS/enforce' is a FIFO, not a selinuxfs file" ]
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" bool allow_execmem
	[ "$stderr" = "sectl: '$FS/booleans/allow_execmem' is a FIFO, not a selinuxfs file" ]
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" avc
	[ "$stderr" = "sectl: '$FS/avc/cache_stats' is a FIFO, not a selinuxfs file" ]
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" access \
		system_u:system_r:kernel_t:s0 system_u:object_r:unlabeled_t:s0 file read
	[[ "$stderr" == *"'$FS/access' is a FIFO, not a selinuxfs file"* ]]
	# status reads what it can; the FIFOs are "unknown", not a hang
	rm "$FS/enforce" && printf 0 >"$FS/enforce"
	run -0 --separate-stderr timeout 10 sectl --selinuxfs "$FS" status
	[[ "$output" == *"Policy MLS status:              unknown"* ]]
	[[ "$output" == *"Max kernel policy version:      unknown"* ]]
	[[ "$output" == *"Loaded policy version:          unknown"* ]]
}

# issue 11: the same for the files sectl reads under /etc/selinux (here the
# fake $ETC of SEKIT_SELINUX_DIR): config and booleans.subs_dist
@test "sectl: a FIFO under /etc/selinux is refused, never waited on" {
	mkdir -p "$ETC/default"
	mkfifo "$ETC/default/booleans.subs_dist"
	# an old boolean name makes bool read the substitutions
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" bool old_name
	[ "$stderr" = "sectl: '$ETC/default/booleans.subs_dist' is a FIFO, not a regular file" ]
	run -0 timeout 10 sectl --selinuxfs "$FS" bool allow_execmem
	rm "$ETC/config"
	mkfifo "$ETC/config"
	run -3 --separate-stderr timeout 10 sectl --selinuxfs "$FS" load
	[ "$stderr" = "sectl: no policy to load: '$ETC/config' is a FIFO, not a regular file" ]
	# status reads what it can: the config's mode and type are unknown
	run -0 --separate-stderr timeout 10 sectl --selinuxfs "$FS" status
	[[ "$output" == *"Mode from config file:          unknown"* ]]
	[[ "$output" == *"Loaded policy name:             unknown"* ]]
	# with no config, no substitutions are looked for
	run -2 --separate-stderr timeout 10 sectl --selinuxfs "$FS" bool old_name
	[ "$stderr" = "sectl: unknown boolean 'old_name'" ]
}

# issue 11: -q silences sectl's messages, not its descriptors: fd 2 stays
# the caller's, so a sanitizer's report (written to fd 2) still shows
@test "sectl -q: stdout and stderr stay open to the caller, only sectl is silent" {
	local fifo=$BATS_TEST_TMPDIR/in pid fd1 fd2
	mkfifo "$fifo"
	# a batch waits on stdin after its options are read: look at its fds then
	sectl -q --selinuxfs "$FS" access --batch <"$fifo" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	exec 7>"$fifo"
	# wait until sectl itself sleeps (in the read of stdin), options read
	for _ in $(seq 100); do
		[[ "$(readlink "/proc/$pid/exe")" == */sectl ]] &&
			[ "$(cut -d' ' -f3 "/proc/$pid/stat")" = S ] && break
		sleep 0.1
	done
	fd1=$(readlink "/proc/$pid/fd/1")
	fd2=$(readlink "/proc/$pid/fd/2")
	exec 7>&-
	wait "$pid" || true
	[ "$fd1" = "$BATS_TEST_TMPDIR/out" ]
	[ "$fd2" = "$BATS_TEST_TMPDIR/err" ]
	[ ! -s "$BATS_TEST_TMPDIR/out" ] && [ ! -s "$BATS_TEST_TMPDIR/err" ]
}

# issue 11 and 15: with --json, sectl's errors are one JSON document on stderr
@test "sectl --json: errors are one JSON document of diagnostics on stderr" {
	require_command jq jq
	local none=$BATS_TEST_TMPDIR/nowhere
	run -3 --separate-stderr sectl --json --selinuxfs "$none" status
	[ "$(jq -c '[.tool, .diagnostics[0].severity, .diagnostics[0].code]' <<<"$stderr")" = '["sectl","error","ENOENT"]' ]
	run -2 --separate-stderr sectl --json --selinuxfs "$FS" load "$BATS_TEST_TMPDIR/missing.33"
	[ -z "$output" ]
	[ "$(jq -r '.diagnostics[0].message' <<<"$stderr")" = "cannot open '$BATS_TEST_TMPDIR/missing.33': No such file or directory" ]
	# -P goes to the store: one under a root that has none (never the system's)
	SEKIT_SYSROOT=$BATS_TEST_TMPDIR/noroot run -3 --separate-stderr sectl --json --selinuxfs "$FS" bool -P allow_execmem=1
	[[ "$(jq -r '.diagnostics[0].message' <<<"$stderr")" == "no policy store 'default'"* ]]
	# several failures in one run: still one document, every diagnostic in it
	run -2 --separate-stderr sectl --json --selinuxfs "$FS" context --initial kernel nosuch other
	[ "$(jq -s 'length' <<<"$stderr")" = 1 ]
	[ "$(jq -c '[.diagnostics[].message]' <<<"$stderr")" = "[\"unknown initial SID 'nosuch'\",\"unknown initial SID 'other'\"]" ]
	run -2 --separate-stderr sectl --json --selinuxfs "$FS" access --batch <<<$'too few\nnot enough'
	[ "$(jq -s 'length' <<<"$stderr")" = 1 ]
	[ "$(jq -c '[.diagnostics[] | [.file, .line, .message]]' <<<"$stderr")" = \
		"[[\"<stdin>\",1,\"expected 'SCON TCON CLASS [PERM...]'\"],[\"<stdin>\",2,\"expected 'SCON TCON CLASS [PERM...]'\"]]" ]
	# -q wins: nothing at all
	run -3 --separate-stderr sectl -q --json --selinuxfs "$none" status
	[ -z "$output" ] && [ -z "$stderr" ]
}
