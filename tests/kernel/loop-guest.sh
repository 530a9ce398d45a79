#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The administrator's loop in a real SELinux kernel: run by
# tests/kernel/loop-run inside tests/kernel/vm (busybox sh, root in kernel_t,
# no policy loaded, permissive, audit=1). SRC (the first argument) holds
# policy-modules' base/, demo/ and tools/; sekit's tools are in
# /sekit, with semodule (which creates the policy store; sestore changes
# one), setfiles, sefcontext_compile and the pp compiler libsemanage runs. Every step checks its outcome against the kernel's; prints
# PASS/FAIL lines and ends with "N passed, N failed"; exits 1 when anything
# failed.
#
# SEKIT_LOOP_BREAK names a step to skip on purpose (the test of the test):
# "module-load" does not load the policy with seallow's module.

S=${1:?usage: loop-guest.sh SRC}
B=/tmp/build # the policy build
W=/tmp/admin # the administrator's working directory
DEMO=system_u:system_r:demo_t:s0
# the policy store "demo" and what libsemanage installs from it
P=/etc/selinux/demo/policy/policy.33
FC=/etc/selinux/demo/contexts/files/file_contexts
# shellcheck source=tests/kernel/guest-lib.sh
. /vm/lib.sh

# svc ARGS...: run the demo service as init would, from /, and capture
# what it says through a pipe (a file of the harness's would be an access
# of its own); sets $rc and $out
svc() {
	out=$(cd / && /usr/sbin/demod "$@" 2>&1)
	rc=$?
	err=""
}
# svc_expect DESC RC ARGS...
svc_expect() {
	desc=$1 want=$2
	shift 2
	svc "$@"
	if [ "$rc" = "$want" ]; then ok "$desc"; else
		bad "$desc (want exit $want)"
		show
	fi
}
# only DESC PATTERN: the kernel logged one denial, and it matches
only() {
	d=$(denials)
	if [ "$(printf '%s\n' "$d" | grep -c 'avc:  denied')" = 1 ] &&
		printf '%s\n' "$d" | grep -qE -- "$2"; then ok "$1"; else
		bad "$1: want one denial matching /$2/, the kernel logged:"
		printf '%s\n' "$d" | head -n 10 | sed 's/^/   /'
	fi
}
# quote TEXT: a tool's answer in the log, for the reader
quote() { printf '%s\n' "$1" | sed 's/^/  | /'; }
# denials: the AVC denials the kernel logged since the last "fresh"
denials() { dmesg | grep 'avc:  denied'; }
fresh() { dmesg -c >/dev/null; }

# as an auditd with rules would: denied opens log their paths
audit-rule || echo "note: no audit rule, seallow will not see paths"
echo "== kernel $(uname -r), policyvers $(cat /sys/fs/selinux/policyvers), $(sectl --version | head -n 1)"

# The guest's files, made before any policy: the demo service's and the
# administrator's secret (and a copy of it that will be moved away later).
mkdir -p /etc/demo /var/lib/demo /var/log/demo /root/secret "$W" "$B"
echo demo >/etc/demo/demo.conf
: >/var/log/demo/demo.log
echo none >/var/lib/demo/state
echo 'the admin key' >/root/secret/key
echo 'the admin key' >/root/secret/key.copy
cp "$S/demo/demod" /usr/sbin/demod && chmod 755 /usr/sbin/demod
# step 8's directory, which no file context names yet (var_t)
mkdir -p /var/lib/demo2 && echo extra >/var/lib/demo2/data
# the store's configuration, as Debian ships it; the running policy is the
# store "demo", so sestore loads what it commits
mkdir -p /etc/selinux /var/lib/selinux
printf 'module-store = direct\nexpand-check=0\n' >/etc/selinux/semanage.conf
printf 'SELINUX=permissive\nSELINUXTYPE=demo\n' >/etc/selinux/config

step "1. sepolc builds base + demo into a policy store; sectl load; serelabel labels the files"
# as policy-modules/README.md builds it: the base to CIL, its file
# contexts to CIL, the demo module to CIL against the base; the three are
# the modules of the store "demo", which libsemanage links
cat "$S"/base/[0-9]*.conf >"$B/base.conf"
expect "sepolc: the base policy to CIL" 0 -- sepolc -M -C -o "$B/base.cil" "$B/base.conf"
"$S/tools/fc2cil" "$S/base/base.fc" >"$B/base_fc.cil" || bad "fc2cil base.fc"
expect "sepolc: the base alone, for the modules' requires" 0 -- \
	sepolc -M -o "$B/base-only.33" "$B/base.conf"
expect "sepolc: the demo module to CIL" 0 -- \
	sepolc -M --no-m4 --base="$B/base-only.33" -o "$B/demo.cil" "$S/demo/demo.te" "$S/demo/demo.fc"
# sestore changes a store, it does not create one: semodule does, once
expect "semodule creates the store demo: base, base_fc, demo" 0 -- \
	semodule -s demo -n -i "$B/base.cil" "$B/base_fc.cil" "$B/demo.cil"
run sestore module -l
has "sestore module -l: the store's modules" '^demo$' "$out"
expect "sectl load $P" 0 -- sectl load "$P"
expect "the kernel knows demo_t now" 0 -- sectl context "$DEMO"
expect "still permissive" 0 -- sectl -q mode permissive
# / and /dev (a mount of its own); /proc, /sys, /run are <<none>>
expect "serelabel / /dev" 0 -- serelabel -s "$FC" / /dev
run serelabel -s "$FC" --check / /dev
if [ "$rc" = 0 ] && [ -z "$out" ]; then ok "serelabel --check: nothing to do"; else
	bad "serelabel --check after labeling"
	show
fi
run serelabel -s "$FC" --lookup /usr/sbin/demod
has "demod is labeled demo_exec_t" ':demo_exec_t:' "$out"

step "2. enforcing; the service starts in its domain, as sereach dta predicted"
expect "sectl mode enforcing" 0 -- sectl mode enforcing
has "the kernel enforces" '^1$' "$(cat /sys/fs/selinux/enforce)"
run sereach dta -s kernel_t -t demo_t -S
has "sereach dta: kernel_t -> demo_t" 'Step 1: kernel_t -> demo_t' "$out"
run sereach dta -s kernel_t -t demo_t -S --full
has "sereach dta: through demo_exec_t" '^Entrypoint demo_exec_t' "$out"
fresh
# the service reads its own /proc/PID/attr/current
svc context
has "the service says it runs in demo_t" "^$DEMO\$" "$out"
# and the kernel says so in /proc/PID/attr/current while it runs
(cd / && exec /usr/sbin/demod serve 600) &
pid=$!
n=0
while [ $n -lt 100 ]; do
	ctx=$(tr -d '\0' <"/proc/$pid/attr/current")
	[ "$ctx" = "$DEMO" ] && break
	n=$((n + 1))
	sleep 0.1
done
has "/proc/$pid/attr/current of the running service is demo_t" "^$DEMO\$" "$ctx"
kill "$pid" && wait "$pid"

# 7 (before): the admin's secret, moved into the service's directory, keeps
# its type: the kernel denies it to the service
mv /root/secret/key.copy /var/lib/demo/key
fresh
svc_expect "7. the service cannot read the admin's secret (before)" 1 cat /var/lib/demo/key
only "7. the kernel denied read on secret_t" \
	"denied  \{ read \} for .*scontext=$DEMO tcontext=system_u:object_r:secret_t:s0 tclass=file"

step "3. the service is denied what it lacks; sectl access agrees"
fresh
svc_expect "demod run fails" 1 run
has "demod says why" 'cannot write /var/lib/demo/state' "$out"
only "the kernel logged that denial, and only that one" \
	"denied  \{ write \} for .*scontext=$DEMO tcontext=system_u:object_r:demo_data_t:s0 tclass=file"
expect "sectl access: write denied, as the kernel did" 1 -- \
	sectl access "$DEMO" system_u:object_r:demo_data_t:s0 file write
expect "sectl access: read allowed" 0 -- \
	sectl access "$DEMO" system_u:object_r:demo_data_t:s0 file read
# seallow explain -l: only the denials since the last policy load (the log
# of that load was cleared since, so every denial counts): one to explain,
# exit 0 (the contrast of step 4's exit 1)
expect "seallow explain -d -l: a denial to explain (exit 0)" 0 -- seallow explain -d -l

step "4. seallow turns the denial into a module; sestore installs it and loads the policy"
dmesg >"$W/kernel.log"
cd "$W" || exit 1
expect "seallow -d -M local_demo" 0 -- seallow -d -M local_demo
te=$(cat local_demo.te 2>/dev/null)
quote "$te"
has "local_demo.te allows the write" '^allow demo_t demo_data_t:file write;' "$te"
hasnot "and nothing else" '^allow demo_t [a-z_]+:[a-z_]+ ' \
	"$(printf '%s\n' "$te" | grep -v '^allow demo_t demo_data_t:file write;')"
[ -s local_demo.pp ] && ok "local_demo.pp written" || bad "no local_demo.pp"
run seallow -d --verify
quote "$err"
has "seallow --verify: the denial would pass" 'demo_t demo_data_t:file \{ write \}: allowed$' "$err"
has "seallow --verify: every denial" ' 1 of 1 denial groups allowed' "$err"
expect "sepolc compiles local_demo.te against the loaded policy (step 7 links it)" 0 -- \
	sepolc -M --base="$P" -o local_demo.cil local_demo.te
if [ "${SEKIT_LOOP_BREAK:-}" = module-load ]; then
	echo "(SEKIT_LOOP_BREAK: seallow's module is not installed)"
else
	# as the README's loop does: into the store, the policy rebuilt,
	# installed and loaded (the running policy is the store's)
	expect "sestore module -i local_demo.pp" 0 -- sestore module -i local_demo.pp
	run sestore module -lfull
	has "sestore module -lfull: local_demo at 400" '^400 local_demo +pp' "$out"
	# issue 24: seallow explain -l reads only the denials after the last
	# policy load, which is sestore's; none came after it: exit 1, "nothing
	# to do" (seallow(1), EXIT STATUS), though the log still holds the
	# denial of step 3
	expect "seallow explain -d -l: nothing since sestore's load (exit 1)" 1 -- seallow explain -d -l
fi
fresh
svc_expect "demod run succeeds now" 0 run
has "the state was written" '^ran demo$' "$(cat /var/lib/demo/state)"
expect "sectl access: write allowed now, as the kernel did" 0 -- \
	sectl access "$DEMO" system_u:object_r:demo_data_t:s0 file write
hasnot "no new denial" 'avc:  denied' "$(denials)"
has "still enforcing" '^1$' "$(cat /sys/fs/selinux/enforce)"

step "5. a boolean: seallow explain names it, sestore sets it for good"
fresh
svc_expect "demod tail is denied" 1 tail
only "the kernel denied read on demo_log_t" \
	"denied  \{ read \} for .*scontext=$DEMO tcontext=system_u:object_r:demo_log_t:s0 tclass=file"
run seallow explain -d
quote "$out"
has "seallow explain names demo_read_log" '^  fix: setsebool -P demo_read_log=1$' "$out"
LOG=system_u:object_r:demo_log_t:s0
expect "sectl access: read denied, as the kernel did" 1 -- sectl access "$DEMO" "$LOG" file read
# The kernel carries every boolean's value across a policy load
# (security_preserve_bools()), so a reload keeps even sectl's value; what a
# boot loads is the installed policy's default, which only a persistent
# change (setsebool -P, sestore boolean) sets
expect "sectl bool demo_read_log=on" 0 -- sectl bool demo_read_log=on
run sequery info -b demo_read_log -x "$P"
has "sectl's value is the kernel's only: the installed policy says false" 'bool demo_read_log false;' "$out"
expect "sectl bool demo_read_log=off again" 0 -- sectl bool demo_read_log=off
expect "sestore boolean -m --on demo_read_log" 0 -- sestore boolean -m --on demo_read_log
run sectl bool demo_read_log
has "the boolean is on" 'demo_read_log --> on' "$out"
run sequery info -b demo_read_log -x "$P"
has "the installed policy says true (what a boot loads)" 'bool demo_read_log true;' "$out"
run sestore boolean -l -C
has "sestore boolean -C lists it, local" '^demo_read_log +on +local$' "$out"
expect "sectl load $P: the policy reloaded" 0 -- sectl load "$P"
run sectl bool demo_read_log
has "the boolean is still on after the reload" 'demo_read_log --> on' "$out"
expect "sectl access: read allowed now" 0 -- sectl access "$DEMO" "$LOG" file read
fresh
svc_expect "demod tail succeeds" 0 tail
has "it read its log" 'demod: demo started' "$out"
hasnot "no new denial" 'avc:  denied' "$(denials)"

step "6. a file with the wrong label: seallow explain says relabel, serelabel fixes it"
echo demo >/tmp/demo.conf
mv /tmp/demo.conf /etc/demo/demo.conf
fresh
svc_expect "demod run cannot read its configuration" 1 run
only "the kernel denied read on tmp_t" \
	"denied  \{ read \} for .*scontext=$DEMO tcontext=system_u:object_r:tmp_t:s0 tclass=file"
export SEKIT_FILE_CONTEXTS="$FC"
run seallow explain -d
quote "$out"
has "seallow explain says relabel" "^  fix: serelabel '/etc/demo/demo.conf' .*file_contexts says demo_conf_t, the file is tmp_t" "$out"
expect "sectl access: tmp_t denied, as the kernel did" 1 -- \
	sectl access "$DEMO" system_u:object_r:tmp_t:s0 file read
run serelabel -s "$FC" --check /etc/demo
has "serelabel --check sees it" 'demo.conf' "$out"
expect "serelabel /etc/demo/demo.conf, as seallow said" 0 -- serelabel -s "$FC" /etc/demo/demo.conf
run serelabel -s "$FC" --check /etc/demo
if [ "$rc" = 0 ] && [ -z "$out" ]; then ok "serelabel --check: nothing left"; else
	bad "serelabel --check after the relabel"
	show
fi
fresh
svc_expect "demod run succeeds" 0 run
hasnot "no new denial" 'avc:  denied' "$(denials)"

step "7. what is never allowed: the service reading the admin's secret"
fresh
svc_expect "the service cannot read the admin's secret (after)" 1 cat /var/lib/demo/key
only "the kernel denied read on secret_t" \
	"denied  \{ read \} for .*scontext=$DEMO tcontext=system_u:object_r:secret_t:s0 tclass=file"
expect "sectl access: denied" 1 -- sectl access "$DEMO" system_u:object_r:secret_t:s0 file read
# sereach can --direct: no rule of demo_t, or of a domain it can become,
# lets it read secret_t (without --direct the answer is "yes": information
# can flow through the unconfined kernel_t, which is true and not the question)
expect "sereach can --direct: demo_t cannot read secret_t" 1 -- sereach can --direct demo_t read secret_t
has "sereach can says why not" '^demo_t cannot read secret_t$' "$out"
run sequery who-can read file secret_t
hasnot "sequery who-can read file secret_t: not demo_t" '^demo_t$' "$out"
# a module that allows it anyway does not link: demo.te's neverallow
dmesg >"$W/secret.log"
expect "seallow writes the module the denial asks for" 0 -- seallow -i "$W/secret.log" -M local_secret
expect "sepolc compiles it" 0 -- sepolc -M --base="$P" -o local_secret.cil local_secret.te
expect "sepolc refuses to link it (neverallow)" 2 -- \
	sepolc -M -c 33 -o /tmp/never.33 "$B/base.cil" "$B/base_fc.cil" "$B/demo.cil" local_demo.cil local_secret.cil
has "sepolc names the neverallow" 'neverallow' "$err"
has "still enforcing" '^1$' "$(cat /sys/fs/selinux/enforce)"

step "8. a new file context: sestore --relabel labels the files it names"
LIB2=system_u:object_r:demo_data_t:s0
fresh
svc_expect "the service cannot read /var/lib/demo2/data (var_t)" 1 cat /var/lib/demo2/data
run sestore --relabel fcontext -a -t demo_data_t '/var/lib/demo2(/.*)?'
quote "$out"
if [ "$rc" = 0 ]; then ok "sestore --relabel fcontext -a -t demo_data_t '/var/lib/demo2(/.*)?'"; else
	bad "sestore --relabel fcontext -a"
	show
fi
has "sestore says what it relabeled" "^Relabeled /var/lib/demo2/data from system_u:object_r:var_t:s0 to $LIB2\$" "$out"
has "the kernel gives the file the new label (ls -Z)" "^$LIB2 /var/lib/demo2/data\$" "$(/sekit/ls -Zd /var/lib/demo2/data)"
has "and its directory" "^$LIB2 /var/lib/demo2\$" "$(/sekit/ls -Zd /var/lib/demo2)"
has "file_contexts.local has the spec" '^/var/lib/demo2\(/\.\*\)\?[[:space:]]' "$(cat "$FC.local" 2>/dev/null)"
fresh
svc_expect "the service reads it now" 0 cat /var/lib/demo2/data
hasnot "no new denial" 'avc:  denied' "$(denials)"
run sectl bool demo_read_log
has "step 5's boolean is still on after sestore's rebuild and load" 'demo_read_log --> on' "$out"

summary
