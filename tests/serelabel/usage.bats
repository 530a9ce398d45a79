#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# serelabel's command line: help, version, usage errors. Needs no root.
bats_require_minimum_version 1.5.0
load ../helpers

@test "serelabel: --help lists every option and exits 0" {
	run -0 --separate-stderr serelabel --help
	[[ "$output" == Usage:* ]]
	for opt in --spec --policy --root --dry-run --check --force --exclude --cross-mounts --hardlinks \
		--digests --ignore-digests \
		--threads --from --null --ignore-missing --lookup --customizable --engine --json \
		--progress --verbose --quiet --help --version; do
		[[ "$output" == *"$opt"* ]] || { echo "missing $opt"; false; }
	done
	[[ "$output" == *"See serelabel(1)."* ]]
	[ -z "$stderr" ]
}

@test "serelabel: --version names the tool and sekit" {
	run -0 --separate-stderr serelabel --version
	[[ "$output" == "serelabel (sekit) "* ]]
}

@test "serelabel: no path is a usage error" {
	run -2 --separate-stderr serelabel
	[ -z "$output" ]
	[[ "$stderr" == *"serelabel: no path given"* ]]
	[[ "$stderr" == *"Try 'serelabel --help' for more information."* ]]
}

@test "serelabel: an unknown option is a usage error" {
	run -2 --separate-stderr serelabel --frobnicate /tmp
	[[ "$stderr" == *"Try 'serelabel --help'"* ]]
}

@test "serelabel: a bad thread count is a usage error" {
	run -2 --separate-stderr serelabel -T many /tmp
	[[ "$stderr" == *"invalid thread count 'many'"* ]]
	run -2 --separate-stderr serelabel -T -1 /tmp
}

@test "serelabel: an exclude must be absolute" {
	run -2 --separate-stderr serelabel -n -e relative/dir /tmp
	[[ "$stderr" == *"exclude 'relative/dir' is not an absolute path"* ]]
}

@test "serelabel: -0 needs -f" {
	run -2 --separate-stderr serelabel -0 /tmp
	[[ "$stderr" == *"-0 needs -f"* ]]
}

@test "serelabel: an unknown engine is a usage error" {
	run -2 --separate-stderr serelabel --engine=fast --lookup /tmp
	[[ "$stderr" == *"unknown engine 'fast'"* ]]
}

@test "serelabel: an unreadable -f list is an input error" {
	run -2 --separate-stderr serelabel -n -f "$BATS_TEST_TMPDIR/no-such-list"
	[ "$stderr" = "serelabel: cannot open '$BATS_TEST_TMPDIR/no-such-list': No such file or directory" ]
}

@test "serelabel: an unreadable -f list is reported as every error: JSON under --json, exit status of its errno" {
	require_command jq jq
	run -2 --separate-stderr serelabel --json -n -f "$BATS_TEST_TMPDIR/no-such-list"
	[ -z "$output" ]
	jq -e --arg f "$BATS_TEST_TMPDIR/no-such-list" '.tool == "serelabel" and
		(.diagnostics[0] | .severity == "error" and .code == "ENOENT" and
		 .message == "cannot open '"'"'\($f)'"'"': No such file or directory")' <<<"$stderr"
}

@test "serelabel: a -f list the system cannot read is an environment error, exit 3" {
	# reading /proc/self/mem at offset 0 fails with EIO, for root too
	run -3 --separate-stderr serelabel -n -f /proc/self/mem
	[ "$stderr" = "serelabel: cannot read '/proc/self/mem': Input/output error" ]
	if [ "$(id -u)" != 0 ]; then
		: >"$BATS_TEST_TMPDIR/locked"
		chmod 000 "$BATS_TEST_TMPDIR/locked"
		run -3 --separate-stderr serelabel -n -f "$BATS_TEST_TMPDIR/locked"
		[ "$stderr" = "serelabel: cannot open '$BATS_TEST_TMPDIR/locked': Permission denied" ]
	fi
}

@test "serelabel: running out of memory while copying the paths is said, exit 3" {
	fail_strdup /oom-path
	run -3 --separate-stderr env "${FAIL_STRDUP_ENV[@]}" serelabel -n /oom-path
	[ -z "$output" ]
	[ "$stderr" = "serelabel: out of memory" ]
}

@test "serelabel: --list-options prints the options completion offers" {
	run -0 serelabel --list-options
	[[ "$output" == *"--spec="* ]]
	[[ "$output" == *"--dry-run"* ]]
	[[ "$output" != *"read-only-walk"* ]]
}

@test "serelabel: restorecon's -R and -rv get a hint" {
	run -2 --separate-stderr serelabel -R -n /nonexistent
	[[ "$stderr" == *"note: directories are always relabeled recursively: restorecon's -R and -r are not needed"* ]]
	run --separate-stderr serelabel -rv -n /nonexistent
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"note: directories are always relabeled recursively"* ]]
	run --separate-stderr serelabel -r / --help
	[[ "$stderr" != *note:* ]]
}

@test "serelabel: --lookup makes a relative path absolute as relabeling does" {
	mkdir -p "$BATS_TEST_TMPDIR/d/sub"
	local top
	top=$(cd "$BATS_TEST_TMPDIR" && pwd -P)
	printf '%s/d/sub/f\tu:r:t:s0\n' "$top" >"$BATS_TEST_TMPDIR/fc"
	cd "$BATS_TEST_TMPDIR/d"
	run -0 --separate-stderr serelabel --lookup -s "$BATS_TEST_TMPDIR/fc" sub/f
	[ "$output" = "$top/d/sub/f	u:r:t:s0" ]
	run -0 --separate-stderr serelabel --lookup -s "$BATS_TEST_TMPDIR/fc" ./sub/../sub/f
	[ "$output" = "$top/d/sub/f	u:r:t:s0" ]
}
