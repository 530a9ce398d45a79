#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sectl against a real SELinux kernel: run by tests/kernel/run inside
# tests/kernel/vm (busybox sh, as root in kernel_t, selinuxfs at /sys/fs/selinux,
# no policy loaded, permissive). DATA (the first argument) holds the policy,
# broken copies of it, and the queries with the answers libpolicy computed
# from the same policy file on the host. Prints PASS/FAIL lines and ends with
# "N passed, N failed"; exits 1 when anything failed.

D=${1:?usage: guest.sh DATA-DIR}
FS=/sys/fs/selinux
# Debian's refpolicy names
BOOL=allow_execmem      # gates: allow user_t self:process execmem
BOOL2=allow_execstack
USER_T=user_u:user_r:user_t:s0
# shellcheck source=tests/kernel/guest-lib.sh
. /vm/lib.sh

classes() { ls $FS/class | wc -l; }
selinux_log() { dmesg | grep -c 'SELinux'; }

# compare KIND MODE: the kernel's answers to $D/q.KIND against libpolicy's
compare() {
	sectl "$1" --batch <"$D/q.$1" >"/tmp/a.$1" 2>/tmp/stderr
	agree "$1 ($2)" "$D/q.$1" "$D/e.$1" "/tmp/a.$1" ||
		head -n 3 /tmp/stderr | sed 's/^/   stderr: /'
}

echo "== kernel $(uname -r), policyvers $(cat $FS/policyvers), $(sectl --version)"

echo "== before any policy"
expect "status without a policy" 0 "*Loaded policy name:*none*" -- sectl status
expect "mode" 0 "Permissive" -- sectl mode
expect "context check needs a policy (exit 3)" 3 "" "*no SELinux policy is loaded*" -- \
	sectl context system_u:object_r:etc_t:s0

echo "== broken policies are refused before the kernel sees them"
log=$(selinux_log)
for f in "$D"/broken-*; do
	expect "refused: ${f##*/}" 2 "" "*not a valid binary policy*" -- sectl load "$f"
done
expect "refused: a missing file" 2 "" "*cannot open*" -- sectl load "$D/no-such-policy"
expect "dry run loads nothing" 0 "would load*policy version 33*" -- sectl load -n "$D/policy.33"
if [ "$(classes)" -eq 0 ] && [ "$(selinux_log)" -eq "$log" ]; then
	ok "the kernel saw none of them (no classes, no new SELinux log lines)"
else
	bad "the kernel saw something: $(classes) classes, SELinux log lines $log -> $(selinux_log)"
	dmesg | grep SELinux | tail -3
fi

echo "== load, as load_policy chooses (/etc/selinux/config)"
expect "sectl load (policy.N from the config)" 0 "" -- sectl -v load
case "$err" in *"loaded '/etc/selinux/default/policy/policy.33'"*) ok "chose policy.33" ;;
*) bad "chose: $err" ;; esac
[ "$(classes)" -gt 100 ] && ok "kernel lists $(classes) classes" || bad "no classes after load"
expect "status after load" 0 "*Loaded policy name:*default*Loaded policy version:*33*" -- sectl status
case "$out" in *"Policy MLS status:              enabled"*) ok "status: MLS enabled" ;;
*) bad "status: MLS: $out" ;; esac
expect "status --json" 0 '*"policy_loaded": true*"policy_version": 33*' -- sectl status --json
expect "status -b lists booleans" 0 "*Policy booleans:*$BOOL*off*" -- sectl status -b

echo "== access decisions: the kernel against libpolicy on the same policy file"
compare access permissive
expect "access: kernel_t may read shadow_t files (exit 0)" 0 "allowed: read*" -- \
	sectl access system_u:system_r:kernel_t:s0 system_u:object_r:shadow_t:s0 file read
expect "access: user_t may not read shadow_t files (exit 1)" 1 "*denied: read*" -- \
	sectl access $USER_T system_u:object_r:shadow_t:s0 file read
expect "access: invalid source context (exit 2)" 2 "" "*invalid context 'system_u:system_r:user_t:s0'*" -- \
	sectl access system_u:system_r:user_t:s0 system_u:object_r:shadow_t:s0 file read
# issue 11: the kernel says only EINVAL; sectl says which part, and what was meant
expect "access: an unknown type gets a did-you-mean (exit 2)" 2 "" \
	"*invalid context 'system_u:system_r:sshd:s0': type 'sshd' is not defined; did you mean 'sshd_t'?*" -- \
	sectl access system_u:system_r:sshd:s0 system_u:object_r:shadow_t:s0 file read
expect "create: the target context explained too (exit 2)" 2 "" \
	"*invalid context 'system_u:object_r:tmp:s0': type 'tmp' is not defined; did you mean 'tmp_t'?*" -- \
	sectl create $USER_T system_u:object_r:tmp:s0 file
expect "access: unknown permission (exit 2)" 2 "" "*unknown file permission 'reed'*did you mean 'read'*" -- \
	sectl access $USER_T system_u:object_r:shadow_t:s0 file reed
expect "access --json" 1 '*"decision": "denied"*' -- \
	sectl access --json $USER_T system_u:object_r:shadow_t:s0 file read

echo "== mode"
expect "mode enforcing" 0 "" -- sectl mode enforcing
[ "$(cat $FS/enforce)" = 1 ] && ok "enforce node = 1" || bad "enforce node = $(cat $FS/enforce)"
expect "mode reads Enforcing" 0 "Enforcing" -- sectl mode
expect "status: enforcing" 0 "*Current mode:*enforcing*" -- sectl status
echo "== labels (enforcing, as libsepol computes them)"
compare create enforcing
compare relabel enforcing
compare member enforcing
expect "create: user_t in tmp_t gets user_tmp_t" 0 "user_u:object_r:user_tmp_t:s0" -- \
	sectl create $USER_T system_u:object_r:tmp_t:s0 file
expect "mode 0" 0 "" -- sectl mode 0
expect "mode reads Permissive" 0 "Permissive" -- sectl mode

echo "== booleans"
expect "bool $BOOL" 0 "$BOOL --> off" -- sectl bool $BOOL
expect "access: execmem denied while $BOOL is off (exit 1)" 1 -- sectl access $USER_T $USER_T process execmem
expect "set pending only" 0 "" -- sectl bool --pending $BOOL=on
expect "pending value shown" 0 "$BOOL --> off pending: on" -- sectl bool $BOOL
expect "--pending lists it" 0 "$BOOL --> off pending: on" -- sectl bool --pending
expect "commit" 0 "" -- sectl bool --commit
expect "committed" 0 "$BOOL --> on" -- sectl bool $BOOL
expect "access: execmem allowed once $BOOL is on (exit 0)" 0 "allowed: execmem*" -- \
	sectl access $USER_T $USER_T process execmem
expect "two at once, setsebool's NAME VALUE form too" 0 "" -- sectl bool $BOOL=off $BOOL2 on
expect "both changed" 0 "$BOOL --> off*$BOOL2 --> on" -- sectl bool $BOOL $BOOL2
expect "an unknown name changes nothing (exit 2)" 2 "" "*unknown boolean 'no_such_bool'*" -- \
	sectl bool $BOOL=on no_such_bool=on
expect "... $BOOL still off, nothing pending" 0 "$BOOL --> off" -- sectl bool $BOOL
# -P goes to the policy store through libsemanage; the guest has none
expect "--persistent without a policy store (exit 3)" 3 "" "*no*store*" -- sectl bool -P $BOOL=on
expect "bool --json" 0 '*"name": "allow_execstack"*"active": true*' -- sectl bool --json $BOOL2
n=$(sectl bool | wc -l)
[ "$n" -eq "$(ls $FS/booleans | wc -l)" ] && ok "bool lists all $n booleans" || bad "bool lists $n"
expect "restore $BOOL2" 0 "" -- sectl bool $BOOL2=off

echo "== contexts"
expect "valid context: canonical form" 0 "system_u:object_r:etc_t:s0" -- sectl context system_u:object_r:etc_t:s0
expect "canonical form of a range" 0 "system_u:object_r:etc_t:s0" -- sectl context system_u:object_r:etc_t:s0-s0
expect "role not allowed the type (exit 1)" 1 "" "*invalid context 'system_u:system_r:user_t:s0'*" -- \
	sectl context system_u:system_r:user_t:s0
expect "unknown type (exit 1)" 1 "" "*invalid context*" -- sectl context system_u:object_r:no_such_type_t:s0
expect "good and bad together (exit 1, the good one printed)" 1 "system_u:object_r:etc_t:s0" -- \
	sectl context system_u:object_r:etc_t:s0 garbage
expect "initial SID kernel" 0 "kernel system_u:system_r:kernel_t:s0" -- sectl context --initial kernel
expect "avc statistics" 0 "*lookups*" -- sectl avc

echo "== not permitted: the kernel's answer, exit 3"
# busybox's start-stop-daemon runs it as nobody (no capabilities), in the
# foreground, and exits with its status; the guest has no such user yet
grep -q '^nobody:' /etc/passwd 2>/dev/null || echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >>/etc/passwd
grep -q '^nogroup:' /etc/group 2>/dev/null || echo 'nogroup:x:65534:' >>/etc/group
nobody="start-stop-daemon -S -c nobody:nogroup -x $(command -v sectl) --"
expect "mode as an unprivileged user" 3 "" "*enforce*Permission denied*" -- $nobody mode 1
expect "bool as an unprivileged user" 3 "" "*Permission denied*" -- $nobody bool $BOOL=on
expect "load as an unprivileged user" 3 "" "*load*Permission denied*" -- $nobody load "$D/policy.33"
[ "$(cat $FS/enforce)" = 0 ] && ok "... still permissive" || bad "enforce changed to $(cat $FS/enforce)"

echo "== a policy downgraded by sectl (version 30) loads, and decides the same"
expect "load the downgraded image" 0 "" -- sectl load "$D/policy.30"
expect "status: loaded policy version 30" 0 "*Loaded policy version:*30*" -- sectl status
compare access "after reload at version 30"

summary
