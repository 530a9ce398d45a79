#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sequery on files that are not kernel policies: each one is refused with
# exit 2, one error line naming the file (libsepol's reasons may follow as
# "note:" lines), nothing on stdout, and no crash or sanitizer report. The
# broken files are made at test time from a valid policy: the fixture
# minimal.conf compiled by sepolc, and the system's policy.33.
bats_require_minimum_version 1.5.0
load ../helpers

setup_file() {
	local fixtures="$BATS_TEST_DIRNAME/fixtures/good"
	local system=${SEKIT_TEST_POLICY:-/etc/selinux/default/policy/policy.33}
	local d="$BATS_FILE_TMPDIR"

	export D="$d"
	sepolc_fixture "$d/good.33" "$fixtures/minimal.conf" -c 33 || return 1
	# Xen: the same policy without Linux-only statements (fs_use, genfscon, portcon).
	grep -v 'selinux-only' "$fixtures/minimal.conf" >"$d/xen.conf"
	sepolc_fixture "$d/xen.30" "$d/xen.conf" -t xen -c 30 || return 1
	# An ordinary module (sepolc --mod writes checkmodule's .mod); the base
	# module from the same source is checkmodule's (sepolc writes none)
	cat >"$d/mini.te" <<-'EOF'
		module mini 1.0;
		require { type etc_t; class file { read getattr }; }
		type mini_t;
		allow mini_t etc_t:file { read getattr };
	EOF
	sepolc_fixture "$d/mini.mod" "$d/mini.te" --mod --no-base-check || return 1
	if command -v checkmodule >/dev/null; then
		checkmodule -o "$d/base.mod" "$fixtures/minimal.conf" >"$d/checkmodule.log" 2>&1 ||
			rm -f "$d/base.mod"
	fi

	local size
	if [ -r "$system" ]; then
		# The system's policy has sections the fixture lacks (MLS,
		# xperms, filename transitions): cut it inside them too.
		size=$(stat -c %s "$system")
		for n in 1000 30000 $((size / 8)) $((size / 4)) $((size / 2)) $((size * 3 / 4)) \
			$((size * 9 / 10)) $((size - 100)) $((size - 1)); do
			head -c "$n" "$system" >"$d/system-trunc-$n"
		done
	fi
	size=$(stat -c %s "$d/good.33")
	: >"$d/empty"
	mkdir "$d/a-directory"
	for n in 1 3 4 8 12 16 20 24 40 64 200 $((size / 3)) $((size / 2)) $((size - 1)); do
		head -c "$n" "$d/good.33" >"$d/trunc-$n"
	done
	# Deterministic "random" bytes: perl's generator with a fixed seed.
	for seed in 1 2 3; do
		perl -e "srand($seed); print map { chr(int(rand(256))) } 1 .. 8192" >"$d/random-$seed"
	done
	head -c 4096 /dev/zero >"$d/zeros"
	head -c 4096 /dev/zero | tr '\0' '\377' >"$d/ones"
	# The magic number alone, the magic then garbage, and the whole header
	# (magic, "SE Linux", version) then garbage.
	head -c 4 "$d/good.33" >"$d/magic-only"
	{ head -c 4 "$d/good.33"; cat "$d/random-1"; } >"$d/magic-garbage"
	{ head -c 20 "$d/good.33"; cat "$d/random-2"; } >"$d/header-garbage"
	# The magic and a string length of 2^32 - 1.
	{ head -c 4 "$d/good.33"; printf '\377\377\377\377'; cat "$d/random-3"; } >"$d/huge-length"
	# The length in front of the permission name 'load_policy' set to
	# 2^32 - 1: libsepol 3.4 allocates 4 GiB before finding the file short
	# (tests/fuzz/README.md).
	local at
	at=$(grep -obUa load_policy "$d/good.33" | head -1 | cut -d: -f1)
	if [ -n "$at" ] && [ "$at" -ge 8 ]; then
		cp "$d/good.33" "$d/huge-name-length"
		printf '\377\377\377\377' |
			dd of="$d/huge-name-length" bs=1 seek=$((at - 8)) conv=notrunc status=none
	fi
	# The version is the 32-bit little-endian word after "SE Linux", at offset 16.
	for v in 99 14 0; do
		cp "$d/good.33" "$d/version-$v"
		printf "$(printf '\\%03o' "$v")" |
			dd of="$d/version-$v" bs=1 seek=16 conv=notrunc status=none
	done
}

# Refused as it should be: exit 2, empty stdout, the first stderr line names
# the file (and contains $2 when given), later lines are notes.
expect_rejected() {
	local file=$1 what=${2:-}

	run -2 --separate-stderr sequery rules -A "$file"
	if [ -n "$output" ]; then
		echo "stdout is not empty: $output"
		return 1
	fi
	[[ "${stderr_lines[0]}" == "sequery: "*"'$file'"* ]] ||
		{ echo "first line does not name '$file': ${stderr_lines[0]}"; return 1; }
	[[ "${stderr_lines[0]}" == *"$what"* ]] ||
		{ echo "first line lacks '$what': ${stderr_lines[0]}"; return 1; }
	local line
	for line in "${stderr_lines[@]:1}"; do
		[[ "$line" == "sequery: note: "* ]] ||
			{ echo "stray stderr line: $line"; return 1; }
	done
	[[ "$stderr" != *Sanitizer* && "$stderr" != *"runtime error"* ]]
}

@test "sequery: an empty file is refused" {
	expect_rejected "$D/empty" "empty"
}

@test "sequery: a missing file is refused" {
	expect_rejected "$BATS_FILE_TMPDIR/no-such-policy" "No such file or directory"
}

@test "sequery: a directory is refused" {
	expect_rejected "$D/a-directory" "Is a directory"
}

@test "sequery: a policy truncated anywhere is refused" {
	local f
	for f in "$D"/trunc-*; do
		expect_rejected "$f"
	done
}

@test "sequery: the system's policy truncated anywhere is refused" {
	compgen -G "$D/system-trunc-*" >/dev/null ||
		skip "no ${SEKIT_TEST_POLICY:-/etc/selinux/default/policy/policy.33} (apt-get install selinux-policy-default)"
	local f
	for f in "$D"/system-trunc-*; do
		expect_rejected "$f"
	done
}

@test "sequery: random bytes are refused" {
	local f
	for f in "$D"/random-* "$D/zeros" "$D/ones"; do
		expect_rejected "$f"
	done
}

@test "sequery: the SELinux magic followed by garbage is refused" {
	local f
	for f in magic-only magic-garbage header-garbage huge-length; do
		expect_rejected "$D/$f"
	done
}

@test "sequery: a name length of 4 GiB is refused" {
	# minimal.conf declares it: its absence is a broken fixture
	[ -s "$D/huge-name-length" ]
	expect_rejected "$D/huge-name-length"
}

@test "sequery: policy version 99 is refused and the version is named" {
	expect_rejected "$D/version-99" "version 99 policy"
	[[ "${stderr_lines[0]}" == *"versions 15 to 33 can be read"* ]]
}

@test "sequery: policy version 14 is refused and the version is named" {
	expect_rejected "$D/version-14" "version 14 policy"
}

@test "sequery: policy version 0 is refused" {
	expect_rejected "$D/version-0"
}

@test "sequery: a base module is refused as a module, not a kernel policy" {
	require_command checkmodule checkpolicy
	[ -s "$D/base.mod" ] || { cat "$D/checkmodule.log"; false; }
	expect_rejected "$D/base.mod" "module"
	[[ "$stderr" == *"not a kernel policy"* ]]
}

@test "sequery: a checkmodule -m module is refused as a module, not a kernel policy" {
	expect_rejected "$D/mini.mod" "module"
	[[ "$stderr" == *"not a kernel policy"* ]]
}

@test "sequery: a bad policy given with --policy is refused the same way" {
	run -2 --separate-stderr sequery --policy "$D/trunc-64" rules -A
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "sequery: "*"'$D/trunc-64'"* ]]
}

@test "sequery: --json prints nothing on stdout for a bad policy, and the error as JSON" {
	require_command jq jq
	run -2 --separate-stderr sequery rules --json -A "$D/random-1"
	[ -z "$output" ]
	[[ "$(jq -r '.diagnostics[0].message' <<<"$stderr")" == *"'$D/random-1'"* ]]
}

# tests/sequery/fixtures/bad/class-count.33 is fixtures/good/minimal.conf
# compiled by checkpolicy -c 33, with the class table's value count (the
# 32-bit word at offset 164) set to 2^28: libsepol 3.4 would spend days in
# create_gap_ebitmap() on it. timeout turns a regression into a failure.
@test "sequery: a symbol count the file cannot hold is refused at once" {
	local f=$BATS_TEST_DIRNAME/fixtures/bad/class-count.33
	run -2 --separate-stderr timeout 60 sequery rules -A "$f"
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "sequery: '$f' is not a valid binary policy" ]
	[[ "${stderr_lines[1]}" == "sequery: note: its class table counts 268435456 values, more than the "*" bytes after it can hold" ]]
}

@test "sequery: /dev/zero is refused at once, not read" {
	run -2 --separate-stderr timeout 60 sequery info /dev/zero
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "sequery: '/dev/zero' is not a valid binary policy" ]
}

@test "sequery: a stream of garbage is refused after its first bytes" {
	run -2 --separate-stderr timeout 60 bash -c 'yes | sequery info /dev/stdin'
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "sequery: '/dev/stdin' is not a valid binary policy" ]
}

@test "sequery: a FIFO nobody writes to is refused at once as empty" {
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	run -2 --separate-stderr timeout 60 sequery info "$BATS_TEST_TMPDIR/fifo"
	[ -z "$output" ]
	[ "$stderr" = "sequery: '$BATS_TEST_TMPDIR/fifo' is empty, not a binary policy" ]
}

@test "sequery: a file larger than 256 MiB is refused without being read" {
	local f=$BATS_TEST_TMPDIR/huge
	truncate -s 300M "$f" || skip "cannot make a sparse file"
	run -2 --separate-stderr timeout 60 sequery info "$f"
	[ "$stderr" = "sequery: '$f' is larger than 256 MiB, too large to be a binary policy" ]
}

# A pipe has no size to check first: it is read up to one byte past the
# bound and no further. The writer counts what it could write: what sequery
# read plus what the pipe's buffer holds (64 KiB, at most 1 MiB).
@test "sequery: a stream larger than 256 MiB is refused one byte past the bound" {
	run -2 --separate-stderr timeout 120 bash -c '
		trap "" PIPE
		{ printf "\x8c\xff\x7c\xf9"; LC_ALL=C dd if=/dev/zero bs=1M count=300 2>"$1"; } |
			sequery info /dev/stdin' - "$BATS_TEST_TMPDIR/dd"
	[ -z "$output" ]
	[ "$stderr" = "sequery: '/dev/stdin' is larger than 256 MiB, too large to be a binary policy" ]
	local written
	written=$(sed -n 's/^\([0-9]*\) bytes.* copied.*/\1/p' "$BATS_TEST_TMPDIR/dd")
	echo "# dd wrote $written bytes"
	[ "$written" -le $(((256 + 1) << 20)) ]
}

@test "sequery: the valid policy the broken ones come from loads" {
	run -0 --separate-stderr sequery rules -A "$D/good.33"
	[ -n "$output" ]
	[ -z "$stderr" ]
}

@test "sequery: a Xen policy loads" {
	run -0 --separate-stderr sequery rules -A "$D/xen.30"
	[ -z "$stderr" ]
	local xen=$output
	run -0 --separate-stderr sequery rules -A "$D/good.33"
	[ "$output" = "$xen" ]
}

@test "sequery: a policy read from a pipe loads" {
	run -0 --separate-stderr sequery rules -A /dev/stdin <"$D/good.33"
	local file=$output
	run -0 --separate-stderr bash -c 'cat "$1" | sequery rules -A /dev/stdin' - "$D/good.33"
	[ "$output" = "$file" ]
	[ -z "$stderr" ]
}

@test "sequery: an empty pipe is refused as empty" {
	run -2 --separate-stderr bash -c ': | sequery rules -A /dev/stdin'
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "sequery: "*"'/dev/stdin'"*"empty"* ]]
}

@test "sequery: a truncated policy through a pipe is refused" {
	run -2 --separate-stderr bash -c 'head -c 200 "$1" | sequery rules -A /dev/stdin' - "$D/good.33"
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "sequery: "*"'/dev/stdin'"* ]]
}

@test "sequery: a version 22 policy's unnamed attributes get names, never (null)" {
	sepolc_fixture "$D/old.22" "$BATS_TEST_DIRNAME/fixtures/good/minimal.conf" -c 22
	run -0 --separate-stderr sequery rules -A "$D/old.22"
	[[ "$output" == *"allow @ttr"* ]]
	[[ "$output" != *"(null)"* ]]
}

# issue 22 item 5: memory running out while the policy is read is exit 3 and
# says so (libsepol's -1 was "not a valid binary policy", exit 2). An
# address-space limit for the plain build; under ASan, which reserves its
# shadow memory and cannot run under one, a refused large allocation.
@test "sequery: out of memory reading the policy is exit 3, 'out of memory'" {
	require_debian_policy
	require_command prlimit util-linux
	if ldd "$(command -v sequery)" | grep -q libasan; then
		# a regular file is mapped, a pipe read into a growing buffer
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=1" \
			run -3 --separate-stderr bash -c 'cat "$1" | sequery --policy /dev/stdin info' - "$DEBIAN_POLICY"
	else
		run -3 --separate-stderr prlimit --as=$((12 * 1024 * 1024)) \
			sequery --policy "$DEBIAN_POLICY" info
	fi
	[[ $stderr == *"out of memory"* ]]
	[[ $stderr != *"not a valid binary policy"* ]]
	[ -z "$output" ]
}
