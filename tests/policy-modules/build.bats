#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# policy-modules/ (issue 14): the base and demo policy build with sepolc, and
# the result is the very policy that checkpolicy, checkmodule, semodule_package,
# libsepol's pp-to-CIL and secilc make from the same sources.

load ../helpers

PM=$SEKIT_SRCDIR/policy-modules

setup() {
	T=$BATS_TEST_TMPDIR
	cd "$T" || return 1
}

build() {
	run make -s -C "$PM" SEPOLC="$SEKIT_BUILDDIR/sepolc" O="$T/build" "$@"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "policy-modules: make builds the base + demo kernel policy and its file_contexts" {
	build
	[ -s build/policy.33 ]
	[ -s build/base.cil ] && [ -s build/demo.cil ]
	# the kernel policy is MLS (MCS) and holds the demo's domain, boolean and labels
	sequery info build/policy.33 | grep -q '(MLS enabled)'
	sequery rules -A -s demo_t -t demo_data_t -c file build/policy.33 >rules.txt
	grep -q 'allow demo_t demo_data_t:file' rules.txt
	sequery info -b demo_read_log build/policy.33 | grep -q 'demo_read_log'
	grep -q '^/usr/sbin/demod[[:space:]].*demo_exec_t' build/file_contexts
	grep -q '^/root/secret(/\.\*)?[[:space:]].*secret_t' build/file_contexts
	# every file context is valid in the policy
	serelabel -n -c build/policy.33 -s build/file_contexts -r "$T" "$T" >/dev/null
}

@test "policy-modules: the demo's deliberate gap and its boolean are as documented" {
	build
	# read, but not write, on its state (README: the deliberate gap)
	run sectl --policy=build/policy.33 access system_u:system_r:demo_t:s0 system_u:object_r:demo_data_t:s0 file read
	[ "$status" -eq 0 ]
	run sectl --policy=build/policy.33 access system_u:system_r:demo_t:s0 system_u:object_r:demo_data_t:s0 file write
	[ "$status" -ne 0 ]
	# the secret stays out of reach, and a transition from the admin domains exists
	run sectl --policy=build/policy.33 access system_u:system_r:demo_t:s0 system_u:object_r:secret_t:s0 file read
	[ "$status" -ne 0 ]
	sequery rules -T -s kernel_t -t demo_exec_t build/policy.33 | grep -q 'type_transition .*demo_t'
	sequery rules -T -s admin_t -t demo_exec_t build/policy.33 | grep -q 'type_transition .*demo_t'
}

@test "policy-modules: the base policy is checkpolicy's, binary and CIL" {
	require_command checkpolicy
	build
	checkpolicy -M -c 33 -o cp.33 build/base.conf >/dev/null 2>&1
	cmp build/base-only.33 cp.33
	checkpolicy -M -C -o cp.cil build/base.conf >/dev/null 2>&1
	cmp build/base.cil cp.cil
}

@test "policy-modules: base + demo linked by sepolc is what checkmodule, semodule_package and secilc make" {
	require_command checkpolicy
	require_command checkmodule
	require_command semodule_package semodule-utils
	require_command secilc
	[ -x /usr/libexec/selinux/hll/pp ] || skip "no /usr/libexec/selinux/hll/pp (apt-get install semodule-utils)"
	build
	# the reference chain: checkpolicy -C for the base; checkmodule, semodule_package
	# and libsepol's pp-to-CIL (what semodule -i x.pp runs) for the demo; secilc links.
	checkpolicy -M -C -o base.cil build/base.conf >/dev/null 2>&1
	checkmodule -M -m -o demo.mod "$PM/demo/demo.te"
	semodule_package -o demo.pp -m demo.mod -f "$PM/demo/demo.fc"
	/usr/libexec/selinux/hll/pp demo.pp demo.cil
	secilc -M true -c 33 -o ref.33 -f ref.fc base.cil build/base-fc.cil demo.cil
	cmp build/policy.33 ref.33
	cmp build/file_contexts ref.fc
	# and secilc on sepolc's own CIL agrees too
	secilc -M true -c 33 -o cil.33 -f cil.fc build/base.cil build/base-fc.cil build/demo.cil
	cmp build/policy.33 cil.33
}

@test "policy-modules: a broken source fails the build with the file and line" {
	cp -r "$PM" pm
	rm -rf pm/build
	printf 'allow demo_t no_such_t:file read;\n' >> pm/demo/demo.te
	run make -s -C pm SEPOLC="$SEKIT_BUILDDIR/sepolc" O="$T/build"
	echo "$output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"demo.te:"*"no_such_t"* ]]
	[ ! -e build/policy.33 ]
}

# ---- the refpolicy-style examples --------------------------------------------

@test "policy-modules: the examples build to CIL and .pp, the .pp as the headers' Makefile builds them" {
	need_devel_makefile
	# plain "make" builds them too when the headers are there
	build
	for m in webnote notereader; do
		[ -s build/examples/$m.cil ] && [ -s build/examples/$m.pp ]
	done
	grep -q '(typeattributeset cil_gen_require webnote_port_t)' build/examples/notereader.cil
	grep -q 'filecon "/var/lib/webnote(/.\*)?"' build/examples/webnote.cil
	# Debian's way (make -f /usr/share/selinux/devel/Makefile) gives the same bytes
	mkdir ref && cp "$PM"/examples/*.te "$PM"/examples/*.if "$PM"/examples/*.fc ref/
	(cd ref && make -s -f "$DEVEL_MK" webnote.pp notereader.pp >/dev/null 2>&1)
	cmp build/examples/webnote.pp ref/webnote.pp
	cmp build/examples/notereader.pp ref/notereader.pp
}

@test "policy-modules: the examples install into a scratch store with semodule -p ROOT -i" {
	need_headers
	scratch_store
	build examples
	run semodule -p "$ROOT" -s default -n -i build/examples/webnote.cil build/examples/notereader.cil
	echo "$output"
	[ "$status" -eq 0 ]
	semodule -p "$ROOT" -s default -l | grep -qx webnote
	semodule -p "$ROOT" -s default -l | grep -qx notereader
	local pol=$ROOT/etc/selinux/default/policy/policy.33
	grep -q '^/var/lib/webnote(/\.\*)?[[:space:]].*webnote_var_lib_t' "$ROOT/etc/selinux/default/contexts/files/file_contexts"
	# the daemon is entered from init, the interface gave notereader its access,
	# the tunable guards the SMTP connection, the port type is a port
	sequery rules -T -s init_t -t webnote_exec_t -c process "$pol" | grep -q 'webnote_t'
	sequery rules -A -s notereader_t -t webnote_var_lib_t -c file "$pol" | grep -q read
	sequery rules -A -s notereader_t -t webnote_port_t -c tcp_socket "$pol" | grep -q name_connect
	sequery info -b webnote_send_mail "$pol" | grep -q webnote_send_mail
	sequery rules -A -s webnote_t -t smtp_port_t -c tcp_socket -b webnote_send_mail "$pol" | grep -q name_connect
	sequery info -a port_type -x "$pol" | grep -qw webnote_port_t
	# and the .pp packages install the same way
	semodule -p "$ROOT" -s default -n -r notereader webnote
	run semodule -p "$ROOT" -s default -n -i build/examples/webnote.pp build/examples/notereader.pp
	echo "$output"
	[ "$status" -eq 0 ]
	semodule -p "$ROOT" -s default -l | grep -qx notereader
}
