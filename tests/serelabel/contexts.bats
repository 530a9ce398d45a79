#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Spec contexts are validated before anything is labeled, as setfiles has
# libselinux validate them: their syntax always, against a binary policy
# with -c (setfiles -c), else through the kernel when SELinux is enabled.
# One invalid line: every one is reported (file:line:col, which part is
# wrong, did you mean), exit 2, and no label is written. The running
# system is never consulted: SEKIT_SELINUXFS names a fake selinuxfs or none.
bats_require_minimum_version 1.5.0
load ../helpers
load labels
load ../sectl/fakefs

POLICY=${SEKIT_TEST_POLICY:-/etc/selinux/default/policy/policy.33}
DEBIAN_FC=${DEBIAN_FC:-/etc/selinux/default/contexts/files/file_contexts}

setup() {
	T=$BATS_TEST_TMPDIR
	export SEKIT_SELINUX_DIR=$T/no-selinux
	export SEKIT_SELINUXFS=$T/no-selinuxfs
	mkdir -p "$T/tree/a"
	touch "$T/tree/a/f" "$T/tree/g"
}

need_policy() {
	[ -r "$POLICY" ] || skip "no reference policy at $POLICY"
}

@test "serelabel: a context without a type is refused before the walk, even without SELinux" {
	printf '/tree(/.*)?\tsystem_u:object_r:etc_t:s0\n/tree/g\t--\tsystem_u:object_r\n' >"$T/notype.fc"
	run -2 --separate-stderr serelabel -n -v -s "$T/notype.fc" -r "$T" "$T/tree"
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "$T/notype.fc:2:12: error: invalid context 'system_u:object_r': it has no type (a context is USER:ROLE:TYPE[:RANGE])" ]
	[ "${stderr_lines[1]}" = "serelabel: 1 line of '$T/notype.fc' has an invalid context: nothing was labeled" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

@test "serelabel: every malformed line is reported in file order, .local included" {
	printf '/a\tu:r:t:s0\n/b\tu::t:s0\n/c\tu:r:t:s0\n/d\tu:r:t:s0-\n/e\t<<none>>\n/f\tu:r:t:s0:c1..c2\n' >"$T/m.fc"
	printf '/g\tjust-a-word\n' >"$T/m.fc.local"
	run -2 --separate-stderr serelabel -n -s "$T/m.fc" "$T/tree"
	lines_are --stderr 0 <<EOF
$T/m.fc:2:4: error: invalid context 'u::t:s0': its role is empty
$T/m.fc:4:4: error: invalid context 'u:r:t:s0-': its MLS range 's0-' is malformed
$T/m.fc:6:4: error: invalid context 'u:r:t:s0:c1..c2': its MLS range 's0:c1..c2' is malformed
$T/m.fc.local:1:4: error: invalid context 'just-a-word': it has no role and no type (a context is USER:ROLE:TYPE[:RANGE])
serelabel: 4 lines of '$T/m.fc' have an invalid context: nothing was labeled
EOF
}

@test "serelabel: -c checks every context against a binary policy, says what is wrong and suggests" {
	need_policy
	cat >"$T/c.fc" <<-'X'
		/tree(/.*)?	system_u:object_r:etc_t:s0
		/tree/a(/.*)?	system_u:object_r:etcc_t:s0
		/tree/b	--	system_u:object_r:etcc_t:s0
		/tree/c	--	staff_u:system_r:etc_t:s0
		/tree/d	--	nobody_u:object_r:etc_t:s0
		/tree/e	--	system_u:object_r:etc_t
	X
	run -2 --separate-stderr serelabel -n -c "$POLICY" -s "$T/c.fc" -r "$T" "$T/tree"
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "$T/c.fc:2:15: error: invalid context 'system_u:object_r:etcc_t:s0': type 'etcc_t' is not defined; did you mean 'etc_t'?" ]
	[ "${stderr_lines[1]}" = "$T/c.fc:3:12: error: invalid context 'system_u:object_r:etcc_t:s0': type 'etcc_t' is not defined; did you mean 'etc_t'?" ]
	[ "${stderr_lines[2]}" = "$T/c.fc:4:12: error: invalid context 'staff_u:system_r:etc_t:s0': role 'system_r' is not authorized for type 'etc_t'" ]
	[[ "${stderr_lines[3]}" == "$T/c.fc:5:12: error: invalid context 'nobody_u:object_r:etc_t:s0': user 'nobody_u' is not defined"* ]]
	[ "${stderr_lines[4]}" = "$T/c.fc:6:12: error: invalid context 'system_u:object_r:etc_t': context 'system_u:object_r:etc_t' has no MLS range, and the policy is MLS" ]
	[ "${stderr_lines[5]}" = "serelabel: 5 lines of '$T/c.fc' have an invalid context: nothing was labeled" ]
}

@test "serelabel: -c accepts Debian's own file_contexts and labels as usual" {
	need_policy
	[ -r "$DEBIAN_FC" ] || skip "no $DEBIAN_FC"
	run -0 --separate-stderr serelabel -n -c "$POLICY" -s "$DEBIAN_FC" "$T/tree"
	run -0 --separate-stderr serelabel -n -c "$POLICY" --engine selabel -s "$DEBIAN_FC" "$T/tree"
}

@test "serelabel: the selabel engine's contexts are validated too" {
	need_policy
	printf '/tree(/.*)?\tsystem_u:object_r:etcc_t:s0\n' >"$T/s.fc"
	run -2 --separate-stderr serelabel -n --engine selabel -c "$POLICY" -s "$T/s.fc" "$T/tree"
	[[ "${stderr_lines[0]}" == "$T/s.fc:1:13: error: invalid context 'system_u:object_r:etcc_t:s0': type 'etcc_t' is not defined"* ]]
}

@test "serelabel: an unreadable -c policy is an input error" {
	printf '/tree(/.*)?\tu:r:t:s0\n' >"$T/ok.fc"
	run -2 --separate-stderr serelabel -n -c "$T/nope.33" -s "$T/ok.fc" "$T/tree"
	[[ "$stderr" == *"$T/nope.33"* ]]
	printf 'not a policy' >"$T/junk.33"
	run -2 --separate-stderr serelabel -n -c "$T/junk.33" -s "$T/ok.fc" "$T/tree"
	[[ "$stderr" == *"$T/junk.33"* ]]
}

@test "serelabel: with SELinux enabled the kernel is asked, and no label is written when it cannot answer" {
	require_xattrs
	# a fake selinuxfs with a policy loaded: its "context" file is a plain
	# file, which answers nothing, so the check cannot be made
	make_fakefs "$T/fs"
	export SEKIT_SELINUXFS=$T/fs
	make_tree "$T/r"
	labels dump "$T/r" >"$T/before"
	run -3 --separate-stderr serelabel -s "$SPEC" -r "$T/r" "$T/r"
	[ -z "$output" ]
	[[ "$stderr" == *"$T/fs/context"*"gave no answer"* ]]
	labels dump "$T/r" >"$T/after"
	diff "$T/before" "$T/after"
	# without a policy loaded the kernel has nothing to say: syntax only
	rm -rf "$T/fs/class"
	run -0 --separate-stderr serelabel -n -s "$SPEC" -r "$T/r" "$T/r"
}

@test "serelabel: an invalid spec leaves every label as it was" {
	require_xattrs
	make_tree "$T/r"
	labels dump "$T/r" >"$T/before"
	cp "$SPEC" "$T/tree.fc"
	printf '/etc/new\tsystem_u:object_r\n' >>"$T/tree.fc"
	run -2 --separate-stderr serelabel -F -s "$T/tree.fc" -r "$T/r" "$T/r"
	[[ "$stderr" == *"nothing was labeled"* ]]
	labels dump "$T/r" >"$T/after"
	diff "$T/before" "$T/after"
	# and the same spec without the bad line labels
	run -0 --separate-stderr serelabel -F -s "$SPEC" -r "$T/r" "$T/r"
	labels dump "$T/r" >"$T/after"
	! diff -q "$T/before" "$T/after"
}

@test "serelabel: --lookup checks contexts only when -c asks" {
	printf '/a\tsystem_u:object_r\n' >"$T/l.fc"
	run -0 serelabel -s "$T/l.fc" --lookup /a
	need_policy
	run -2 --separate-stderr serelabel -c "$POLICY" -s "$T/l.fc" --lookup /a
	[[ "$stderr" == *"it has no type"* ]]
}
