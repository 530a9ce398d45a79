#!/bin/sh
# guest-demo.sh: try the base + demo policy in a real SELinux kernel (run inside
# the guest of tests/kernel/vm, as root, in the kernel's domain, before any
# policy is loaded). From the project root on the host:
#
#   make -C policy-modules
#   tests/kernel/vm --bin ./sectl:/sekit/sectl --bin ./serelabel:/sekit/serelabel \
#       --file policy-modules/build:/src/build --file policy-modules/demo:/src/demo \
#       policy-modules/guest-demo.sh /src/build /src/demo
#
# It installs the demo service and its files, loads the policy with sectl,
# labels the guest with serelabel, turns enforcing on and checks that the
# service ends up in demo_t, is denied its deliberate gap, its boolean works and
# the secret stays out of reach. Prints PASS/FAIL lines; exits 1 if any failed.
B=${1:-policy-modules/build}
D=${2:-policy-modules/demo}
fail=0
ok() { echo "PASS: $*"; }
ko() { echo "FAIL: $*"; fail=1; }
demod() { (cd / && exec /usr/sbin/demod "$@"); }	# from /: demo_t may not search the cwd
ndenied() { dmesg | grep -c 'avc:  denied'; }

# The service and its files, created (unlabeled) before the policy exists.
mkdir -p /etc/demo /var/lib/demo /var/log/demo /usr/sbin /root/secret
echo demo1 > /etc/demo/demo.conf
: > /var/lib/demo/state
: > /var/log/demo/demo.log
echo "top secret" > /root/secret/key
cp "$D/demod" /usr/sbin/demod && chmod 755 /usr/sbin/demod

sectl load "$B/policy.33" && ok "sectl load" || ko "sectl load"
dmesg | grep -q 'SELinux: the above unknown classes' &&
	ko "the kernel knows classes or permissions the policy lacks: $(dmesg | grep -E 'SELinux: +(Class|Permission)' | tr '\n' ' ')"
# / is the initramfs (rootfs), /dev a devtmpfs: two file systems
serelabel -s "$B/file_contexts" -c "$B/policy.33" / /dev && ok "serelabel" || ko "serelabel"
serelabel -q --check -s "$B/file_contexts" -c "$B/policy.33" / /dev && ok "serelabel --check: nothing to do" ||
	ko "serelabel --check"
sectl mode enforcing && [ "$(cat /sys/fs/selinux/enforce)" = 1 ] && ok "enforcing" || ko "enforcing"
echo "driver: $(cat /proc/self/attr/current)"

ctx=$(demod context)
case "$ctx" in system_u:system_r:demo_t:s0) ok "demod runs in $ctx";; *) ko "demod runs in '$ctx'";; esac
(cd / && exec /usr/sbin/demod serve 30) & pid=$!
sleep 1
ctx=$(cat /proc/$pid/attr/current)
case "$ctx" in *:demo_t:*) ok "/proc/$pid/attr/current: $ctx";; *) ko "/proc/$pid/attr/current: '$ctx'";; esac
kill $pid

n=$(ndenied)
demod run; rc=$?
[ $rc = 1 ] && ok "demod run fails (the deliberate gap)" || ko "demod run: exit $rc"
dmesg | grep 'avc:  denied' | tail -n +$((n + 1)) | grep -q 'denied  { write }.*scontext=system_u:system_r:demo_t:s0 tcontext=system_u:object_r:demo_data_t:s0 tclass=file' &&
	ok "denial logged: write on demo_data_t" || ko "no write denial on demo_data_t"
sectl -q access system_u:system_r:demo_t:s0 system_u:object_r:demo_data_t:s0 file write &&
	ko "sectl access: write allowed?" || ok "sectl access: write denied"

demod tail >/dev/null 2>&1 && ko "demod tail allowed with demo_read_log off" || ok "demod tail denied (boolean off)"
sectl bool demo_read_log=on && demod tail >/dev/null && ok "demod tail allowed with demo_read_log on" ||
	ko "demod tail with demo_read_log on"

demod cat /root/secret/key >/dev/null 2>&1 && ko "demod read the secret" || ok "demod cannot read the secret"

k=$(dmesg | grep 'avc:  denied' | grep -c 'scontext=system_u:system_r:kernel_t')
[ "$k" = 0 ] && ok "no denial for the driver (kernel_t)" || ko "$k denials for kernel_t"
echo "denials in all: $(ndenied)"
exit $fail
