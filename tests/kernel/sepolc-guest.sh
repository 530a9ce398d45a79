#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc's policy in a real SELinux kernel: run by tests/kernel/sepolc-run
# inside tests/kernel/vm (busybox sh, root, no policy loaded, permissive). DATA
# holds sepolc.33 and checkpolicy.33 (the same policy.conf compiled by each)
# and random queries q.access and q.create. sepolc's policy is loaded
# first, into the fresh kernel; the kernel's answers under it must equal its
# answers under checkpolicy's. Prints PASS/FAIL lines and ends with
# "N passed, N failed"; exits 1 when anything failed.

D=${1:?usage: sepolc-guest.sh DATA-DIR}
FS=/sys/fs/selinux

# shellcheck source=tests/kernel/guest-lib.sh
. /vm/lib.sh
classes() { ls $FS/class | wc -l; }

# answer NAME: the kernel's answers to every query kind, into /tmp/NAME.KIND
answer() {
	for kind in access create; do
		sectl "$kind" --batch <"$D/q.$kind" >"/tmp/$1.$kind" 2>/dev/null
	done
}

echo "== kernel $(uname -r), policyvers $(cat $FS/policyvers)"
if sectl load "$D/sepolc.33" 2>/tmp/err; then
	ok "the kernel loads sepolc's policy ($(wc -c <"$D/sepolc.33") bytes)"
else
	bad "the kernel refuses sepolc's policy: $(head -3 /tmp/err)"
	dmesg | grep -i selinux | tail -5
	summary
	exit
fi
ours_classes=$(classes)
ours_mls=$(cat $FS/mls)
ours_bools=$(ls $FS/booleans | wc -l)
ours_caps=$(for f in $FS/policy_capabilities/*; do printf '%s=%s ' "${f##*/}" "$(cat "$f")"; done)
ours_deny=$(cat $FS/deny_unknown)
[ "$ours_classes" -gt 100 ] && ok "the kernel lists $ours_classes classes" || bad "only $ours_classes classes"
answer ours

if sectl load "$D/checkpolicy.33" 2>/tmp/err; then
	ok "then checkpolicy's policy loads"
else
	bad "checkpolicy's policy does not load: $(head -3 /tmp/err)"
fi
answer ref
[ "$(classes)" = "$ours_classes" ] && ok "same classes ($ours_classes)" ||
	bad "classes: sepolc $ours_classes, checkpolicy $(classes)"
[ "$(cat $FS/mls)" = "$ours_mls" ] && ok "same mls ($ours_mls)" || bad "mls: sepolc $ours_mls, checkpolicy $(cat $FS/mls)"
[ "$(ls $FS/booleans | wc -l)" = "$ours_bools" ] && ok "same number of booleans ($ours_bools)" ||
	bad "booleans: sepolc $ours_bools, checkpolicy $(ls $FS/booleans | wc -l)"
caps=$(for f in $FS/policy_capabilities/*; do printf '%s=%s ' "${f##*/}" "$(cat "$f")"; done)
[ "$caps" = "$ours_caps" ] && ok "same policy capabilities" || bad "capabilities: sepolc '$ours_caps', checkpolicy '$caps'"
[ "$(cat $FS/deny_unknown)" = "$ours_deny" ] && ok "same deny_unknown ($ours_deny)" ||
	bad "deny_unknown: sepolc $ours_deny, checkpolicy $(cat $FS/deny_unknown)"
for kind in access create; do
	agree "$kind: sepolc's policy and checkpolicy's" "$D/q.$kind" "/tmp/ref.$kind" "/tmp/ours.$kind"
done

summary
