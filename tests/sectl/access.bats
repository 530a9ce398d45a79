#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sectl access, create, relabel, member and context: what is sent through a
# fake selinuxfs (its transaction files are plain files, which keep the
# request and give no answer), and the answers computed from a policy file
# with --policy, which tests/kernel/ compares with a real kernel's.
bats_require_minimum_version 1.5.0
load ../helpers
load fakefs

USER_T=user_u:user_r:user_t:s0
SHADOW=system_u:object_r:shadow_t:s0

setup() {
	sectl_setup
	export SEKIT_SELINUXFS=$FS
}

@test "sectl access: sends 'SCON TCON CLASS-NUMBER MASK' as libselinux does; no answer is exit 3" {
	run -3 --separate-stderr sectl access u:r:a_t:s0 u:r:b_t:s0 file read write
	[ -z "$output" ]
	[ "$stderr" = "sectl: '$FS/access' gave no answer: not a selinuxfs transaction file" ]
	# file is class 1; read is 2 and write 3, so bits 0x2 and 0x4
	[ "$(cat "$FS/access")" = "u:r:a_t:s0 u:r:b_t:s0 1 6" ]
}

@test "sectl create: sends the class number and the object name encoded as libselinux does" {
	run -3 sectl create u:r:a_t:s0 u:r:b_t:s0 dir 'my file/x'
	[ "$(cat "$FS/create")" = "u:r:a_t:s0 u:r:b_t:s0 2 my+file%2Fx" ]
}

@test "sectl context: sends the context with its NUL" {
	run -3 sectl context u:r:a_t:s0
	[ "$(od -An -c "$FS/context" | tr -s ' ' | sed 's/^ //; s/ $//')" = 'u : r : a _ t : s 0 \0' ]
}

@test "sectl access: unknown class and permission are input errors with suggestions (exit 2)" {
	run -2 --separate-stderr sectl access a b flie read
	[ "$stderr" = $'sectl: unknown class \'flie\'\nsectl: note: did you mean \'file\'?' ]
	run -2 --separate-stderr sectl access a b file raed
	[ "$stderr" = $'sectl: unknown file permission \'raed\'\nsectl: note: did you mean \'read\'?' ]
	run -2 --separate-stderr sectl access a b ../enforce
	[[ "$stderr" == "sectl: unknown class '../enforce'"* ]]
	[ ! -s "$FS/access" ]
}

@test "sectl access: a context with a space is refused before anything is sent (exit 2)" {
	run -2 --separate-stderr sectl access 'u:r:a_t:s0 u:r:b_t:s0' u:r:b_t:s0 file
	[ "$stderr" = "sectl: invalid context 'u:r:a_t:s0 u:r:b_t:s0'" ]
	[ ! -s "$FS/access" ]
}

@test "sectl access: no policy loaded (exit 3)" {
	rm -r "$FS"/class/*
	run -3 --separate-stderr sectl access a b file
	[ "$stderr" = "sectl: no SELinux policy is loaded" ]
	run -3 --separate-stderr sectl context a:b:c
	[ "$stderr" = "sectl: no SELinux policy is loaded" ]
}

@test "sectl access --policy: the decision from a policy file, exit 1 when a permission is denied" {
	require_debian_policy
	run -1 --separate-stderr sectl --policy "$DEBIAN_POLICY" access $USER_T $SHADOW file read getattr
	[ -z "$stderr" ]
	[ "$output" = $'allowed:\ndenied: getattr read\ndontaudit: getattr read' ]
	run -0 sectl access --policy "$DEBIAN_POLICY" system_u:system_r:kernel_t:s0 $SHADOW file read getattr
	[ "$output" = $'allowed: getattr read\ndenied:\ndontaudit: getattr' ]
}

@test "sectl -p is --policy (STYLE.md's common option), before or after the command" {
	require_debian_policy
	run -1 --separate-stderr sectl -p "$DEBIAN_POLICY" access $USER_T $SHADOW file read getattr
	[ -z "$stderr" ]
	[ "$output" = $'allowed:\ndenied: getattr read\ndontaudit: getattr read' ]
	run -0 sectl access -p "$DEBIAN_POLICY" system_u:system_r:kernel_t:s0 $SHADOW file read getattr
	[ "$output" = $'allowed: getattr read\ndenied:\ndontaudit: getattr' ]
	run -2 --separate-stderr sectl -p /dev/null mode
	[[ "$stderr" == *"works on the kernel; --policy applies to"* ]]
}

@test "sectl access --policy: without permissions, the whole class" {
	require_debian_policy
	run -0 sectl --policy "$DEBIAN_POLICY" access $USER_T system_u:object_r:etc_t:s0 file
	[[ "${lines[0]}" == "allowed: "*"getattr"*"open"*"read"* ]]
	[[ "${lines[1]}" == "denied: append "*"write" ]]
	run -0 --separate-stderr sectl --policy "$DEBIAN_POLICY" -v access $USER_T system_u:object_r:etc_t:s0 file
	[[ "$stderr" == "sectl: seqno 0, allowed="*" decided=ffffffff "* ]]
}

@test "sectl access --policy: an invalid context names itself and the part that is wrong (exit 2)" {
	require_debian_policy
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" access system_u:system_r:user_t:s0 $SHADOW file
	[ "$stderr" = "sectl: invalid context 'system_u:system_r:user_t:s0': role 'system_r' is not authorized for type 'user_t'" ]
	[ -z "$output" ]
}

# issue 11: invalid contexts get a did-you-mean, as classes and booleans do
@test "sectl access/create/relabel/member --policy: a misspelt name in a context gets a did-you-mean (exit 2)" {
	require_debian_policy
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" access system_u:system_r:sshd:s0 $SHADOW file read
	[ "$stderr" = "sectl: invalid context 'system_u:system_r:sshd:s0': type 'sshd' is not defined; did you mean 'sshd_t'?" ]
	[ -z "$output" ]
	# the target context too, and users and roles
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" access $USER_T system_u:object_r:shadow:s0 file
	[ "$stderr" = "sectl: invalid context 'system_u:object_r:shadow:s0': type 'shadow' is not defined; did you mean 'shadow_t'?" ]
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" create user:user_r:user_t:s0 system_u:object_r:tmp_t:s0 file
	[ "$stderr" = "sectl: invalid context 'user:user_r:user_t:s0': user 'user' is not defined; did you mean 'user_u'?" ]
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" relabel $USER_T system_u:object:etc_t:s0 file
	[ "$stderr" = "sectl: invalid context 'system_u:object:etc_t:s0': role 'object' is not defined; did you mean 'object_r'?" ]
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" member $USER_T system_u:object_r:tmp_t:s99 dir
	[[ "$stderr" == "sectl: invalid context 'system_u:object_r:tmp_t:s99': invalid MLS range 's99'"* ]]
	[ -z "$output" ]
}

# issue 11: a batch echoes each permission asked with its decision, a line
# each, so that a script pairs answers with questions
@test "sectl access --batch: a line per permission asked, the question echoed, errors kept in step" {
	require_debian_policy
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" access --batch <<-EOF
		# a comment, then a blank line

		$USER_T $SHADOW file read
		$USER_T $SHADOW nosuchclass
		too few
		system_u:system_r:kernel_t:s0 $SHADOW file read getattr
		$USER_T $SHADOW file raed write
		system_u:system_r:sshd:s0 $SHADOW file read
		$USER_T $SHADOW file write read write
	EOF
	# in the order asked, repeats included
	lines_are 0 <<-EOF
	$USER_T $SHADOW file read denied dontaudit
	$USER_T $SHADOW nosuchclass - error
	too few error
	system_u:system_r:kernel_t:s0 $SHADOW file read allowed
	system_u:system_r:kernel_t:s0 $SHADOW file getattr allowed dontaudit
	$USER_T $SHADOW file raed error
	$USER_T $SHADOW file write error
	system_u:system_r:sshd:s0 $SHADOW file read error
	$USER_T $SHADOW file write denied
	$USER_T $SHADOW file read denied dontaudit
	$USER_T $SHADOW file write denied
	EOF
	[ "${#lines[@]}" -eq 11 ]
	# each reason at its line
	[ "$stderr" = "<stdin>:4: error: unknown class 'nosuchclass'
<stdin>:5: error: expected 'SCON TCON CLASS [PERM...]'
<stdin>:7: error: unknown file permission 'raed'
<stdin>:7: note: did you mean 'read'?
<stdin>:8: error: invalid context 'system_u:system_r:sshd:s0': type 'sshd' is not defined; did you mean 'sshd_t'?" ]
}

@test "sectl access --batch: without PERM, a line for each permission of the class" {
	require_debian_policy
	local etc=system_u:object_r:etc_t:s0 n
	run -0 sectl --policy "$DEBIAN_POLICY" access $USER_T $etc file
	n=$(($(wc -w <<<"${lines[0]} ${lines[1]}") - 2))
	run -0 --separate-stderr sectl --policy "$DEBIAN_POLICY" access --batch <<<"$USER_T $etc file"
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq "$n" ]
	[[ "$output" == *"$USER_T $etc file read allowed"* ]]
	[[ "$output" == *"$USER_T $etc file write denied"* ]]
	# every line: the question, a permission and its decision
	! grep -Ev "^$USER_T $etc file [a-z_]+ (allowed|denied)( auditallow)?( dontaudit)?( permissive)?\$" <<<"$output"
}

@test "sectl access --batch: the exit status is the worst answer's" {
	require_debian_policy
	local kernel=system_u:system_r:kernel_t:s0
	run -0 sectl --policy "$DEBIAN_POLICY" access --batch <<<"$kernel $SHADOW file read"
	[ "$output" = "$kernel $SHADOW file read allowed" ]
	run -1 sectl --policy "$DEBIAN_POLICY" access --batch <<<"$kernel $SHADOW file read
$USER_T $SHADOW file read"
	run -2 sectl --policy "$DEBIAN_POLICY" access --batch <<<"$USER_T $SHADOW file read
$kernel $SHADOW file raed"
	# -q: the status only
	run -1 --separate-stderr sectl -q --policy "$DEBIAN_POLICY" access --batch <<<"$USER_T $SHADOW file read"
	[ -z "$output" ] && [ -z "$stderr" ]
}

@test "sectl access --batch: through selinuxfs, a failure is located at its line too" {
	run -3 --separate-stderr sectl access --batch <<<"u:r:a_t:s0 u:r:b_t:s0 file read write"
	[ "$output" = $'u:r:a_t:s0 u:r:b_t:s0 file read error\nu:r:a_t:s0 u:r:b_t:s0 file write error' ]
	[ "$stderr" = "<stdin>:1: error: '$FS/access' gave no answer: not a selinuxfs transaction file" ]
}

@test "sectl create --batch: the question echoed, NAME included" {
	require_debian_policy
	local tmp=system_u:object_r:tmp_t:s0
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" create --batch <<-EOF
		$USER_T $tmp file
		$USER_T $tmp file myname
		$USER_T $tmp
	EOF
	lines_are 0 <<-EOF
	$USER_T $tmp file: user_u:object_r:user_tmp_t:s0
	$USER_T $tmp file myname: error
	$USER_T $tmp: error
	EOF
	[ "$stderr" = "<stdin>:2: error: name-based transitions need the kernel, not a policy file
<stdin>:3: error: expected 'SCON TCON CLASS [NAME]'" ]
}

@test "sectl access --json: the decision as one document" {
	require_debian_policy
	require_command jq jq
	run -1 sectl --policy "$DEBIAN_POLICY" --json access $USER_T $SHADOW file read
	[ "$(jq -c '[.format_version, .command, .scontext, .tcontext, .class, .requested, .allowed, .denied, .decision, .permissive]' <<<"$output")" = \
		"[1,\"access\",\"$USER_T\",\"$SHADOW\",\"file\",[\"read\"],[],[\"read\"],\"denied\",false]" ]
	[ "$(jq -r .raw.decided <<<"$output")" = 0xffffffff ]
	run -1 sectl --policy "$DEBIAN_POLICY" --json access --batch <<<"$USER_T $SHADOW file read"
	[ "$(jq -c '.answers[0].denied' <<<"$output")" = '["read"]' ]
}

@test "sectl access --json: a map per permission asked; a batch's answers carry their line" {
	require_debian_policy
	require_command jq jq
	local kernel=system_u:system_r:kernel_t:s0
	run -1 sectl --policy "$DEBIAN_POLICY" --json access $USER_T $SHADOW file read
	[ "$(jq -c '.permissions' <<<"$output")" = \
		'[{"permission":"read","decision":"denied","auditallow":false,"dontaudit":true,"permissive":false}]' ]
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" --json access --batch <<-EOF
		$kernel $SHADOW file getattr read

		too few
		$USER_T $SHADOW nosuchclass
	EOF
	[ "$(jq -c '[.answers[] | [.line, .error]]' <<<"$output")" = \
		"[[1,null],[3,\"expected 'SCON TCON CLASS [PERM...]'\"],[4,\"unknown class 'nosuchclass'\"]]" ]
	[ "$(jq -c '[.answers[0].permissions[] | [.permission, .decision, .dontaudit]]' <<<"$output")" = \
		'[["getattr","allowed",true],["read","allowed",false]]' ]
	[ "$(jq -c '[.diagnostics[] | [.file, .line]]' <<<"$stderr")" = '[["<stdin>",3],["<stdin>",4]]' ]
}

@test "sectl create/relabel/member --policy: the label the policy gives" {
	require_debian_policy
	run -0 sectl --policy "$DEBIAN_POLICY" create $USER_T system_u:object_r:tmp_t:s0 file
	[ "$output" = "user_u:object_r:user_tmp_t:s0" ]
	run -0 sectl --policy "$DEBIAN_POLICY" member $USER_T system_u:object_r:tmp_t:s0 dir
	[ "$output" = "system_u:object_r:user_tmp_t:s0" ]
	run -0 sectl --policy "$DEBIAN_POLICY" relabel $USER_T system_u:object_r:etc_t:s0 file
	[ "$output" = "user_u:object_r:etc_t:s0" ]
	run -2 --separate-stderr sectl --policy "$DEBIAN_POLICY" create $USER_T system_u:object_r:tmp_t:s0 file name
	[ "$stderr" = "sectl: name-based transitions need the kernel, not a policy file" ]
	run -2 sectl --policy "$DEBIAN_POLICY" relabel a b file extra
}

@test "sectl context --policy: canonical form of valid contexts, exit 1 for an invalid one" {
	require_debian_policy
	run -0 sectl --policy "$DEBIAN_POLICY" context system_u:object_r:etc_t:s0-s0
	[ "$output" = "system_u:object_r:etc_t:s0" ]
	run -1 --separate-stderr sectl --policy "$DEBIAN_POLICY" context system_u:object_r:etc_t:s0 system_u:system_r:user_t:s0 '<<none>>'
	[ "$output" = "system_u:object_r:etc_t:s0" ]
	# the policy says which part is wrong
	[ "$stderr" = $'sectl: invalid context \'system_u:system_r:user_t:s0\': role \'system_r\' is not authorized for type \'user_t\'\nsectl: invalid context \'<<none>>\': expected USER:ROLE:TYPE:RANGE' ]
	run -1 --separate-stderr sectl --policy "$DEBIAN_POLICY" context system_u:object_r:etcc_t:s0
	[ "$stderr" = "sectl: invalid context 'system_u:object_r:etcc_t:s0': type 'etcc_t' is not defined; did you mean 'etc_t'?" ]
	# the range too, with the messages of every context and range check
	run -1 --separate-stderr sectl --policy "$DEBIAN_POLICY" context system_u:object_r:etc_t:s0:c0.c2000
	[ "$stderr" = "sectl: invalid context 'system_u:object_r:etc_t:s0:c0.c2000': invalid MLS range 's0:c0.c2000': category 'c2000' is not defined; did you mean 'c200'?" ]
	run -1 --separate-stderr sectl --policy "$DEBIAN_POLICY" context system_u:object_r:etc_t:s0:c5.c2
	[ "$stderr" = "sectl: invalid context 'system_u:object_r:etc_t:s0:c5.c2': invalid MLS range 's0:c5.c2': 'c5.c2' is not a category range: 'c5' does not come before 'c2'" ]
}

@test "sectl context --json" {
	require_debian_policy
	require_command jq jq
	run -1 --separate-stderr sectl --policy "$DEBIAN_POLICY" --json context system_u:object_r:etc_t:s0-s0 bad
	[ "$(jq -c '.contexts' <<<"$output")" = \
		'[{"context":"system_u:object_r:etc_t:s0-s0","valid":true,"canonical":"system_u:object_r:etc_t:s0"},{"context":"bad","valid":false,"canonical":null}]' ]
}

@test "sectl --policy: a file that is not a policy is an input error (exit 2)" {
	run -2 --separate-stderr sectl --policy /dev/null access a b file
	[ "$stderr" = "sectl: '/dev/null' is empty, not a binary policy" ]
}

# issue 22 item 5: libsepol's -1 for a context is also memory running out
# (errno ENOMEM), which was "invalid context", exit 2
@test "sectl --policy: running out of memory while reading a context is exit 3, 'out of memory'" {
	require_debian_policy
	fail_strdup $SHADOW
	local cmd
	for cmd in "context $SHADOW" "access $USER_T $SHADOW file read" "create $USER_T $SHADOW file"; do
		# shellcheck disable=SC2086
		run -3 --separate-stderr env "${FAIL_STRDUP_ENV[@]}" sectl --policy "$DEBIAN_POLICY" $cmd
		[ "$stderr" = "sectl: out of memory" ] || { echo "sectl $cmd: $stderr"; false; }
		[ -z "$output" ]
	done
}
