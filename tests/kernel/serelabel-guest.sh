#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# serelabel in a real SELinux kernel: run by tests/kernel/serelabel-run
# inside tests/kernel/vm (busybox sh, root in kernel_t, permissive). DATA (the
# first argument) holds Debian's policy and file_contexts. Loads the policy,
# labels a small tree in the guest's tmpfs with serelabel and reads the
# labels back with coreutils' ls -Z (getfilecon), then checks that a spec
# context the policy does not define is refused before the walk. Prints
# PASS/FAIL lines and
# "N passed, N failed"; exits 1 when anything failed.

D=${1:?usage: serelabel-guest.sh DATA-DIR}
FC=$D/contexts/files/file_contexts
# shellcheck source=tests/kernel/guest-lib.sh
. /vm/lib.sh

size=$(wc -c <"$D/policy.33")
if dd if="$D/policy.33" of=/sys/fs/selinux/load bs="$size" count=1 2>/dev/null; then
	ok "policy loaded"
else
	bad "policy load"
fi

R=/t/root
mkdir -p $R/etc $R/usr/bin $R/var/log $R/home/alice/.ssh $R/tmp
touch $R/etc/passwd $R/etc/shadow $R/usr/bin/ls $R/var/log/messages $R/home/alice/.ssh/id \
	$R/home/alice/notes
ln -s passwd $R/etc/passwd.link
mkfifo $R/var/log/fifo

if serelabel -F -v -s "$FC" -r "$R" "$R" >/t/out 2>/t/err; then
	ok "serelabel labeled $(grep -c '^Relabeled' /t/out) files"
else
	bad "serelabel exit $?: $(cat /t/err)"
fi

# Each label as the kernel reports it (ls -Z, through getfilecon) must be
# the context --lookup gives (with --force the whole context is written).
for rel in etc etc/passwd etc/shadow etc/passwd.link usr/bin/ls var/log var/log/messages \
	var/log/fifo home/alice home/alice/.ssh home/alice/.ssh/id home/alice/notes; do
	want=$(serelabel -s "$FC" -r "$R" --lookup "$R/$rel" | cut -f 2)
	got=$(/sekit/ls -Zd "$R/$rel" | cut -d ' ' -f 1)
	if [ "$got" = "$want" ]; then
		ok "ls -Z $rel: $got"
	else
		bad "ls -Z $rel: '$got', want '$want'"
	fi
done

# A second run finds nothing to do.
serelabel -F -v -s "$FC" -r "$R" "$R" >/t/out2 2>/t/err2
if [ ! -s /t/out2 ]; then
	ok "a second run changes nothing"
else
	bad "a second run: $(head -3 /t/out2)"
fi

# The kernel checks contexts: a spec whose context the policy does not
# define is refused before anything is labeled (as setfiles refuses it),
# with the reason read from the loaded policy, and the run exits 2.
printf '/t/bad(/.*)?\tsystem_u:object_r:no_such_type_t:s0\n' >/t/bad.fc
mkdir -p /t/bad && touch /t/bad/f
before=$(/sekit/ls -Zd /t/bad/f | cut -d ' ' -f 1)
serelabel -F -s /t/bad.fc /t/bad >/t/out3 2>/t/err3
rc=$?
after=$(/sekit/ls -Zd /t/bad/f | cut -d ' ' -f 1)
if [ $rc = 2 ] && grep -q "^/t/bad.fc:1:14: error: invalid context 'system_u:object_r:no_such_type_t:s0': type 'no_such_type_t' is not defined" /t/err3 &&
	grep -q "nothing was labeled" /t/err3 && [ "$before" = "$after" ]; then
	ok "an undefined type is refused by the kernel before the walk (exit 2)"
else
	bad "undefined type: exit $rc, label $before -> $after: $(cat /t/err3)"
fi

summary
