#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sectl load against a fake selinuxfs, whose "load" is a plain file that
# keeps what the kernel would have been sent: the choice of file and
# version as load_policy makes it, the downgrade, the single write, and
# broken policies refused before anything is written.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

setup() {
	require_debian_policy
	sectl_setup
	export SEKIT_SELINUXFS=$FS
	POLICY=$BATS_TEST_TMPDIR/policy.33
	cp "$DEBIAN_POLICY" "$POLICY"
}

# The policy version in the header of a binary policy (bytes 16-19).
version_of() {
	od -An -tu4 -j16 -N4 "$1" | tr -d ' '
}

@test "sectl load: sends the file itself, whole, to load" {
	run -0 --separate-stderr sectl load "$POLICY"
	[ -z "$output" ] && [ -z "$stderr" ]
	cmp "$POLICY" "$FS/load"
}

@test "sectl load: -v says what was loaded" {
	run -0 --separate-stderr sectl load -v "$POLICY"
	[ "$stderr" = "sectl: loaded '$POLICY' (policy version 33, $(stat -c %s "$POLICY") bytes)" ]
}

@test "sectl load: --dry-run validates and reports, and sends nothing" {
	run -0 --separate-stderr sectl load -n "$POLICY"
	[ "$output" = "would load '$POLICY' (policy version 33, $(stat -c %s "$POLICY") bytes)" ]
	[ ! -s "$FS/load" ]
}

@test "sectl load: a kernel older than the policy gets it downgraded by libsepol" {
	printf 30 >"$FS/policyvers"
	run -0 --separate-stderr sectl load -v "$POLICY"
	[[ "$stderr" == *"loaded '$POLICY' (policy version 33 downgraded to the kernel's 30, "* ]]
	[ "$(version_of "$FS/load")" = 30 ]
	# what was sent is itself a valid policy, of version 30
	cp "$FS/load" "$BATS_TEST_TMPDIR/sent"
	run -0 sectl load -n "$BATS_TEST_TMPDIR/sent"
	[[ "$output" == *"(policy version 30, "* ]]
}

@test "sectl load: --json" {
	require_command jq jq
	printf 31 >"$FS/policyvers"
	run -0 sectl load --json -n "$POLICY"
	[ "$(jq -c '[.format_version, .command, .path, .file_version, .version, .kernel_max_version, .downgraded, .loaded]' <<<"$output")" = \
		"[1,\"load\",\"$POLICY\",33,31,31,true,false]" ]
}

@test "sectl load: truncated, corrupt and non-policy files are refused before anything is sent (exit 2)" {
	local size d=$BATS_TEST_TMPDIR
	size=$(stat -c %s "$POLICY")
	for n in 0 8 16 100 4096 $((size / 2)) $((size - 1)); do
		head -c "$n" "$POLICY" >"$d/trunc-$n"
	done
	{
		head -c $((size / 2)) "$POLICY"
		head -c 4096 /dev/zero | tr '\0' '\377'
		tail -c +$((size / 2 + 4097)) "$POLICY"
	} >"$d/garbage-middle"
	printf 'not a policy\n' >"$d/text"
	for f in "$d"/trunc-* "$d/garbage-middle" "$d/text"; do
		run -2 --separate-stderr sectl load "$f"
		[ -z "$output" ]
		[[ "${stderr_lines[0]}" == "sectl: '$f' "*"not a valid binary policy" || "${stderr_lines[0]}" == "sectl: '$f' is empty, not a binary policy" ]]
		[ ! -s "$FS/load" ]
	done
	run -2 --separate-stderr sectl load "$d/none"
	[ "$stderr" = "sectl: cannot open '$d/none': No such file or directory" ]
	run -2 --separate-stderr sectl load "$d"
	[ ! -s "$FS/load" ]
}

@test "sectl load: a file larger than 256 MiB is refused without being read (exit 2)" {
	local f=$BATS_TEST_TMPDIR/huge
	truncate -s 300M "$f" || skip "cannot make a sparse file"
	run -2 --separate-stderr timeout 60 sectl load -n "$f"
	[ "$stderr" = "sectl: '$f' is larger than 256 MiB, too large to be a binary policy" ]
	[ ! -s "$FS/load" ]
}

@test "sectl load: a policy read from a pipe is validated too" {
	run -0 sectl load -n <(cat "$POLICY")
	[[ "$output" == *"(policy version 33, "* ]]
	run -2 sectl load -n <(head -c 5000 "$POLICY")
	[ ! -s "$FS/load" ]
}

@test "sectl load: without FILE, chooses policy.N from the config as load_policy does" {
	mkdir -p "$ETC/default/policy"
	cp "$POLICY" "$ETC/default/policy/policy.33"
	run -0 --separate-stderr sectl load -v
	[[ "$stderr" == "sectl: loaded '$ETC/default/policy/policy.33' (policy version 33, "* ]]
	# a newer libsepol name wins over an older one; the kernel's 31 gets a downgrade
	printf 31 >"$FS/policyvers"
	cp "$POLICY" "$ETC/default/policy/policy.31"
	run -0 --separate-stderr sectl load -n
	[[ "$output" == "would load '$ETC/default/policy/policy.33' (policy version 33 downgraded to the kernel's 31, "* ]]
	rm "$ETC/default/policy/policy.33"
	run -0 --separate-stderr sectl load -n
	[[ "$output" == "would load '$ETC/default/policy/policy.31' "* ]]
}

@test "sectl load: without FILE and nothing installed (exit 3)" {
	run -3 --separate-stderr sectl load
	[[ "$stderr" == "sectl: no policy to load: no '$ETC/default/policy/policy.N' for N <= "* ]]
	rm "$ETC/config"
	run -3 --separate-stderr sectl load
	[ "$stderr" = "sectl: no policy to load: no SELINUXTYPE= in '$ETC/config'" ]
}

@test "sectl load: the kernel's refusal of a write is exit 3" {
	rm "$FS/load" && mkdir "$FS/load"
	run -3 --separate-stderr sectl load "$POLICY"
	[ "$stderr" = "sectl: cannot write '$FS/load': Is a directory" ]
}

# issue 11: a policy can be checked on a machine without SELinux
@test "sectl load -n FILE: validated without a kernel where there is no selinuxfs" {
	local root=$BATS_TEST_TMPDIR/root
	mkdir -p "$root"
	unset SEKIT_SELINUXFS
	export SEKIT_SYSROOT=$root
	run -0 --separate-stderr sectl load -n "$POLICY"
	[ "$output" = "valid '$POLICY' (policy version 33, $(stat -c %s "$POLICY") bytes)" ]
	[ -z "$stderr" ]
	run -0 --separate-stderr sectl load -n -v "$POLICY"
	[ "${stderr_lines[0]}" = "sectl: no SELinux kernel: the policy is validated without one" ]
	# the same reader's refusals, exit 2
	head -c 5000 "$POLICY" >"$BATS_TEST_TMPDIR/trunc"
	run -2 --separate-stderr sectl load -n "$BATS_TEST_TMPDIR/trunc"
	[ -z "$output" ]
	[[ "$stderr" == "sectl: '$BATS_TEST_TMPDIR/trunc' "*"not a valid binary policy"* ]]
	run -2 --separate-stderr sectl load -n "$BATS_TEST_TMPDIR/none"
	[ "$stderr" = "sectl: cannot open '$BATS_TEST_TMPDIR/none': No such file or directory" ]
	if command -v jq >/dev/null; then
		run -0 sectl --json load -n "$POLICY"
		[ "$(jq -c '[.file_version, .version, .kernel_max_version, .downgraded, .loaded]' <<<"$output")" = \
			"[33,33,null,false,false]" ]
	fi
	# a load, or a check of the configured policy, still needs the kernel
	run -3 --separate-stderr sectl load "$POLICY"
	[[ "$stderr" == "sectl: SELinux is disabled"* ]]
	run -3 sectl load -n
	# a selinuxfs named but absent is not silently skipped
	run -3 --separate-stderr sectl --selinuxfs "$root/nowhere" load -n "$POLICY"
	[[ "$stderr" == "sectl: no selinuxfs at '$root/nowhere'"* ]]
}
