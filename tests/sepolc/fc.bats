#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc's file_contexts for a monolithic policy: a policy.conf with its .fc
# files and -f. Small fixtures (fixtures/mono: an MCS policy.conf, a .fc
# with gen_context, one without macros, and what refpolicy's fc_sort.py
# makes of them) for the checks, the sort, <<none>> and atomic outputs;
# then the oracle: refpolicy's own "make file_contexts" on Debian's
# selinux-policy-src against sepolc on the same .fc files.
bats_require_minimum_version 1.5.0
load sepolc

setup() {
	in_workdir
	cp "$MONO"/policy.conf "$MONO"/base.fc "$MONO"/extra.fc .
}

@test "sepolc fc: .fc files become file_contexts sorted as refpolicy's fc_sort.py" {
	need_headers
	run -0 --separate-stderr sepolc -M --headers="$HEADERS" -o policy.33 -f fc policy.conf \
		base.fc extra.fc
	[ -z "$stderr" ]
	# gen_context expanded, <<none>> kept, HOME_DIR's line left out
	cmp fc "$MONO/expected"
	# the binary is checkpolicy's
	require_command checkpolicy checkpolicy
	checkpolicy -M -o ref.33 policy.conf >/dev/null
	cmp policy.33 ref.33
}

@test "sepolc fc: a file_contexts without macros needs no m4 and no headers" {
	printf '/b(/.*)?\t\tsystem_u:object_r:bin_t:s0\n/a\t\t<<none>>\n' >file_contexts.in
	run -0 --separate-stderr sepolc -M --headers=/nonexistent -o pol -f fc policy.conf \
		extra.fc file_contexts.in
	[ -z "$stderr" ]
	printf '%s\n' '/b(/.*)?		system_u:object_r:bin_t:s0' '/a		<<none>>' \
		'/etc		-d	system_u:object_r:etc_t:s0' \
		'/etc/shadow		--	system_u:object_r:etc_t:s0:c0.c1' >want
	cmp fc want
}

@test "sepolc fc: .fc files with no line at all make an empty file_contexts" {
	# nothing to sort: UBSan once caught qsort() handed a null array here
	printf '# nothing here\n\n' >empty.fc
	run -0 --separate-stderr sepolc -M -o pol -f fc policy.conf empty.fc
	[ -z "$stderr" ]
	[ -f fc ] && [ ! -s fc ]
}

@test "sepolc fc: a bad context is an error at its .fc line, and nothing is written" {
	echo old >fc
	echo old >pol
	printf '%s\n' '# comment' '' \
		'/etc/x	--	system_u:object_r:etcc_t:s0' \
		'/etc/y		system_u:system_r:etc_t:s0' \
		'/etc/z		system_u:object_r:etc_t:s0:c9' \
		'/etc/w	-x	system_u:object_r:etc_t:s0' \
		'/etc/v		nobody_u:object_r:etc_t:s0' \
		'/etc/u		system_u:object_r:file_type:s0' >bad.fc
	run -2 --separate-stderr sepolc -M -o pol -f fc policy.conf extra.fc bad.fc
	[[ "$stderr" == *"bad.fc:3: error: type 'etcc_t' is not defined; did you mean 'etc_t'?"* ]]
	[[ "$stderr" == *"bad.fc:4: error: role 'system_r' is not authorized for type 'etc_t'"* ]]
	[[ "$stderr" == *"bad.fc:5: error: invalid MLS range 's0:c9': category 'c9' is not defined"* ]]
	[[ "$stderr" == *"bad.fc:6:8: error: invalid file type '-x'"* ]]
	[[ "$stderr" == *"bad.fc:7: error: user 'nobody_u' is not defined"* ]]
	[[ "$stderr" == *"bad.fc:8: error: 'file_type' is an attribute"* ]]
	# neither output replaced, no temporary file left behind
	[ "$(cat fc)" = old ] && [ "$(cat pol)" = old ]
	[ "$(ls -A | sort | tr '\n' ' ')" = "bad.fc base.fc extra.fc fc pol policy.conf " ]
}

@test "sepolc fc: through m4 the error is at the user's .fc line" {
	need_headers
	printf '%s\n' '' '/etc/q	--	gen_context(system_u:object_r:no_such_t,s0)' >m4bad.fc
	run -2 --separate-stderr sepolc -M --headers="$HEADERS" -f fc policy.conf base.fc m4bad.fc
	[[ "$stderr" == *"m4bad.fc:2: error: type 'no_such_t' is not defined"* ]]
	[ ! -e fc ] && [ ! -e policy.33 ]
}

@test "sepolc fc: a user outside its MLS range is refused, a range within it accepted" {
	printf '/a\t\tsystem_u:system_r:kernel_t:s1\n/b\t\tsystem_u:system_r:kernel_t:s0-s0:c0\n' >r.fc
	run -2 --separate-stderr sepolc -M -o pol -f fc policy.conf r.fc
	[[ "$stderr" == *"r.fc:1: error: MLS range 's1' is outside user 'system_u''s range"* ]]
	[[ "$stderr" != *"r.fc:2:"* ]]
	[ ! -e fc ] && [ ! -e pol ]
}

@test "sepolc fc: an error in the policy writes no file_contexts either" {
	sed -e 's/^type bin_t;$/type bin_t alias;/' policy.conf >broken.conf
	run --separate-stderr sepolc -M -o pol -f fc broken.conf extra.fc
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"broken.conf:"* ]]
	[ ! -e fc ] && [ ! -e pol ]
}

@test "sepolc fc: --check checks the .fc files and writes nothing" {
	printf '/x\t\tsystem_u:object_r:nope_t:s0\n' >bad.fc
	run -2 --separate-stderr sepolc -M --check -f fc policy.conf extra.fc bad.fc
	[[ "$stderr" == *"bad.fc:1: error: type 'nope_t' is not defined"* ]]
	run -0 --separate-stderr sepolc -M --check -f fc policy.conf extra.fc
	[ ! -e fc ] && [ ! -e policy.33 ]
}

@test "sepolc fc: usage: .fc beside a policy.conf needs -f; a module takes one .fc" {
	run -2 --separate-stderr sepolc -M -o pol policy.conf extra.fc
	[[ "$stderr" == *"name it with -f/--fc-output"* ]]
	[ ! -e pol ]
	run -2 --separate-stderr sepolc -f fc x.te a.fc b.fc
	[[ "$stderr" == *"more than one .fc file"* ]]
	run -2 --separate-stderr sepolc -C -f fc policy.conf extra.fc
	[[ "$stderr" == *"goes with the kernel binary"* ]]
}

# ---- the oracle: refpolicy's own monolithic file_contexts ----------------

@test "sepolc fc: refpolicy's monolithic file_contexts, byte for byte" {
	require_command make make
	require_command m4 m4
	require_command python3 python3
	local conf mls src top fcs=() f
	. "$SEKIT_SRCDIR/tests/lib.sh"
	ts_refpolicy_conf skip || { echo "$TS_CONF_OUT" && false; }
	[ "${SEKIT_ORACLE_CACHE:-}" = off ] && trap 'rm -rf "$(dirname "$conf")"' RETURN
	# the same tarball the policy.conf was built from, as that script finds it
	src=${SEKIT_REFPOLICY_SRC:-}
	for f in /usr/src/selinux-policy-src.tar.zst /usr/src/selinux-policy-src.tar.gz \
		/usr/src/selinux-policy-src.tar.xz; do
		[ -z "$src" ] && [ -r "$f" ] && src=$f
	done
	mkdir src && tar -C src -xf "$src"
	top=$(find src -maxdepth 2 -name build.conf -printf '%h\n' | head -1)
	sed -i -e 's/^MONOLITHIC *=.*/MONOLITHIC = y/' "$top/build.conf"
	if [ -n "${SEKIT_REFPOLICY_TYPE:-}" ]; then
		sed -i -e "s/^TYPE *=.*/TYPE = $SEKIT_REFPOLICY_TYPE/" "$top/build.conf"
	fi
	make -C "$top" conf >make.log 2>&1
	make -C "$top" file_contexts >>make.log 2>&1 || { tail make.log && false; }
	# the enabled modules' .fc, in the order of the Makefile's m4 run
	printf 'sekit-print-fc:\n\t@echo $(all_fc_files)\n' >print-fc.mk
	# (without the MAKEFLAGS of the make check running us: its -w would
	# add "Entering directory" words to the list)
	for f in $(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
		-C "$top" -f Makefile -f "$T/print-fc.mk" sekit-print-fc); do
		fcs+=("$(find "$top/policy/modules" -name "$f" | head -1)")
	done
	[ "${#fcs[@]}" -gt 100 ]
	# the tree as the headers (its build.conf, policy/support's macros),
	# and the two defines the Makefile adds for a monolithic Debian build
	run -0 --separate-stderr sepolc "${mls[@]}" --headers="$top" --define=use_alsa \
		--define=self_contained_policy -o pol -f fc "$conf" "${fcs[@]}"
	diff -u "$top/file_contexts" fc
	[ -s pol ]
}

# A module's .fc (issue 11 item 5), with a module in the policy language so
# that no m4 and no headers are needed.
plain_module() {
	printf '%s\n' 'module myapp 1.0;' 'require { type etc_t; }' 'type myapp_t;' >myapp.te
}

@test "sepolc fc: a module's .fc beside its .te is used, and -v says so" {
	plain_module
	printf '/usr/bin/myapp\t--\tsystem_u:object_r:myapp_t:s0\n' >myapp.fc
	run -0 --separate-stderr sepolc -v --no-base-check myapp.te
	[[ "$stderr" == *"sepolc: note: using the file contexts 'myapp.fc' beside 'myapp.te'"* ]]
	grep -qF '(filecon "/usr/bin/myapp" file (system_u object_r myapp_t ((s0) (s0))))' myapp.cil
}

@test "sepolc fc: a module's .fc is checked: regexes as libselinux compiles them, at line:col" {
	plain_module
	printf '%s\n' '# files' '/usr/bin/myapp(	--	system_u:object_r:myapp_t:s0' \
		'/etc/myapp	-x	system_u:object_r:etc_t:s0' >myapp.fc
	run -2 --separate-stderr sepolc --no-base-check myapp.te
	[[ "$stderr" == *"myapp.fc:2:16: error: invalid regex '/usr/bin/myapp(': missing closing parenthesis"* ]]
	[[ "$stderr" == *"myapp.fc:3:12: error: invalid file type '-x' (one of -- -d -l -p -s -c -b)"* ]]
	[ ! -e myapp.cil ]
	run -2 --separate-stderr sepolc --pp --no-base-check myapp.te myapp.fc
	[[ "$stderr" == *"myapp.fc:2:16: error: invalid regex"* ]]
	[ ! -e myapp.pp ]
}

@test "sepolc fc: --check checks a module's .fc too" {
	plain_module
	printf '/a[\t\tsystem_u:object_r:myapp_t:s0\n' >myapp.fc
	run -2 --separate-stderr sepolc --check --no-base-check myapp.te
	[[ "$stderr" == *"myapp.fc:1:4: error: invalid regex '/a['"* ]]
	run -2 --separate-stderr sepolc --check --no-base-check myapp.te myapp.fc
	[[ "$stderr" == *"myapp.fc:1:4: error: invalid regex '/a['"* ]]
	[ "$(ls -A | sort | tr '\n' ' ')" = "base.fc extra.fc myapp.fc myapp.te policy.conf " ]
}

@test "sepolc fc: a monolithic policy's .fc regexes are checked as setfiles would" {
	printf '/etc/(x\t--\tsystem_u:object_r:etc_t:s0\n' >re.fc
	run -2 --separate-stderr sepolc -M -o pol -f fc policy.conf extra.fc re.fc
	[[ "$stderr" == *"re.fc:1:8: error: invalid regex '/etc/(x': missing closing parenthesis"* ]]
	[ ! -e fc ] && [ ! -e pol ]
}

# ---- a module's .fc names against the module and the installed policy -------

BASE_POLICY=/etc/selinux/default/policy/policy.33

# myapp declares myapp_t and myapp_attr and requires etc_t and myapp_old_t
# (a require the base lacks: said at the require, not again in the .fc).
names_module() {
	[ -r "$BASE_POLICY" ] || skip "no binary policy at $BASE_POLICY"
	printf '%s\n' 'module myapp 1.0;' 'require { type etc_t, myapp_old_t; }' 'type myapp_t;' \
		'attribute myapp_attr;' >myapp.te
}

@test "sepolc fc: a module's .fc type that neither it nor the base has is an error at its column, a user or role warns" {
	names_module
	printf '%s\n' '/usr/bin/myapp	--	system_u:object_r:myap_t:s0' \
		'/etc/myapp(/.*)?	system_uu:object_r:etc_t:s0' \
		'/var/myapp	-d	system_u:objct_r:etcc_t:s0' >myapp.fc
	run -2 --separate-stderr sepolc --base="$BASE_POLICY" myapp.te
	echo "$stderr"
	[[ "$stderr" == *"myapp.fc:1:37: error: type 'myap_t' is neither in the module nor in the installed policy ($BASE_POLICY); semodule -i will refuse this module"* ]]
	[[ "$stderr" == *"myapp.fc:1:37: note: did you mean 'myapp_t'?"* ]]
	[[ "$stderr" == *"myapp.fc:2:18: warning: user 'system_uu' is neither in the module nor in the installed policy"* ]]
	[[ "$stderr" == *"myapp.fc:2:18: note: did you mean 'system_u'?"* ]]
	[[ "$stderr" == *"myapp.fc:3:24: warning: role 'objct_r' is neither"* ]]
	[[ "$stderr" == *"myapp.fc:3:24: note: did you mean 'object_r'?"* ]]
	[[ "$stderr" == *"myapp.fc:3:32: error: type 'etcc_t' is neither"* ]]
	[[ "$stderr" == *"myapp.fc:3:32: note: did you mean 'etc_t'?"* ]]
	[ "$(grep -c '^myapp.fc:.*: warning:' <<<"$stderr")" = 2 ]
	[ "$(grep -c '^myapp.fc:.*: error:' <<<"$stderr")" = 2 ]
	[ ! -e myapp.cil ]
	# --check says the same
	run -2 --separate-stderr sepolc --check --base="$BASE_POLICY" myapp.te myapp.fc
	[ "$(grep -c '^myapp.fc:.*: warning:' <<<"$stderr")" = 2 ]
	[ "$(grep -c '^myapp.fc:.*: error:' <<<"$stderr")" = 2 ]
	# the user and role alone warn, and the module is written
	sed -i '1d; 3d' myapp.fc
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" myapp.te
	[ "$(grep -c '^myapp.fc:.*: warning:' <<<"$stderr")" = 1 ]
	[ -s myapp.cil ]
}

@test "sepolc fc: -E makes an unknown .fc user an error; --no-base-check notes a type the module lacks" {
	names_module
	printf '/usr/bin/myapp\t--\tsystem_uu:object_r:myapp_t:s0\n' >myapp.fc
	run -2 --separate-stderr sepolc -E --base="$BASE_POLICY" myapp.te
	[[ "$stderr" == *"myapp.fc:1:19: error: user 'system_uu' is neither in the module nor in the installed policy"* ]]
	[ ! -e myapp.cil ]
	run -2 --separate-stderr sepolc -E --pp --base="$BASE_POLICY" myapp.te
	[ ! -e myapp.pp ]
	run -0 --separate-stderr sepolc --no-base-check --base="$BASE_POLICY" myapp.te
	[ -z "$stderr" ]
	[ -s myapp.cil ]
	# no policy to check against: a type the module lacks is said at its
	# column, as a note (the base's own types, bin_t, are fine there)
	rm myapp.cil
	printf '/usr/bin/myapp\t--\tsystem_u:object_r:myap_t:s0\n' >myapp.fc
	run -0 --separate-stderr sepolc -E --no-base-check myapp.te
	[[ "$stderr" == "myapp.fc:1:37: note: type 'myap_t' is not in the module, and no policy was checked for it: semodule -i refuses this module unless the policy has it"* ]]
	[[ "$stderr" == *"myapp.fc:1:37: note: did you mean 'myapp_t'?"* ]]
	[ -s myapp.cil ]
	run -0 --separate-stderr sepolc -q --no-base-check myapp.te
	[ -z "$stderr" ]
}

@test "sepolc fc: .fc names the module declares or requires, or the base has, pass" {
	names_module
	# myapp_t is the module's, etc_t required, bin_t and object_r the
	# base's only, myapp_old_t required (the require is what is warned)
	printf '%s\n' '/usr/bin/myapp	--	system_u:object_r:myapp_t:s0' \
		'/etc/myapp	system_u:object_r:etc_t:s0' '/usr/libexec/myapp	system_u:object_r:bin_t:s0' \
		'/var/lib/myapp	system_u:object_r:myapp_old_t:s0' '/run/myapp	<<none>>' >myapp.fc
	run -0 --separate-stderr sepolc -E --base="$BASE_POLICY" --no-base-check myapp.te
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" myapp.te
	echo "$stderr"
	[[ "$stderr" == "myapp.te:2:23: warning: the installed policy ($BASE_POLICY) has no type 'myapp_old_t'"* ]]
	[ "$(grep -c 'warning:' <<<"$stderr")" = 1 ]
	[[ "$stderr" != *myapp.fc* ]]
}

@test "sepolc fc: a module's .fc MLS range is checked against the base, at the range's column" {
	names_module
	printf '%s\n' '/usr/bin/myapp	--	system_u:object_r:myapp_t:s9' \
		'/etc/myapp	system_u:object_r:myapp_t:s0:c2000' \
		'/var/myapp	-d	system_u:object_r:myapp_t:s0:c5-s0:c1' \
		'/srv/myapp	system_u:object_r:myapp_t:s0-s0:c0.c1023' \
		'/opt/myapp	system_u:object_r:myapp_t' \
		'/home/myapp	user_u:user_r:myapp_t:s0-s0:c0.c1023' \
		'/x/myapp	staff_u:object_r:etc_t:s0-s0:c0.c1023' >myapp.fc
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" myapp.te
	echo "$stderr"
	[[ "$stderr" == *"myapp.fc:1:45: warning: invalid MLS range 's9': sensitivity 's9' is not defined; did you mean 's0'? (semodule -i will refuse this module)"* ]]
	[[ "$stderr" == *"myapp.fc:2:38: warning: invalid MLS range 's0:c2000': category 'c2000' is not defined"* ]]
	[[ "$stderr" == *"myapp.fc:3:41: warning: invalid MLS range 's0:c5-s0:c1': the high level does not dominate the low level"* ]]
	[[ "$stderr" == *"myapp.fc:5:12: warning: context 'system_u:object_r:myapp_t' has no MLS range, and the policy is MLS"* ]]
	# a role other than object_r holds the range to the user's
	[[ "$stderr" == *"myapp.fc:6:35: warning: MLS range 's0-s0:c0.c1023' is outside user 'user_u''s range"* ]]
	[ "$(grep -c '^myapp.fc:.*: warning:' <<<"$stderr")" = 5 ]
	rm myapp.cil
	run -2 --separate-stderr sepolc -E --base="$BASE_POLICY" myapp.te
	[[ "$stderr" == *"myapp.fc:1:45: error: invalid MLS range 's9'"* ]]
	[ ! -e myapp.cil ]
}

@test "sepolc fc: an attribute where a .fc context's type goes warns" {
	names_module
	printf '%s\n' '/usr/bin/myapp	--	system_u:object_r:myapp_attr:s0' \
		'/etc/myapp	system_u:object_r:file_type:s0' >myapp.fc
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" myapp.te
	echo "$stderr"
	[[ "$stderr" == *"myapp.fc:1:37: warning: 'myapp_attr' is an attribute, and a file context needs a type; semodule -i will refuse this module"* ]]
	[[ "$stderr" == *"myapp.fc:2:30: warning: 'file_type' is an attribute"* ]]
}

@test "sepolc fc: a gen_context() .fc's names are said at their column in the .fc as written" {
	need_headers
	[ -r "$BASE_POLICY" ] || skip "no binary policy at $BASE_POLICY"
	cp "$FIX"/sepolcdemo.te "$FIX"/sepolcdemo.if "$FIX"/sepolcdemo.fc .
	sed -i 's/sepolcdemo_conf_t/sepolcdemo_cnf_t/' sepolcdemo.fc
	run -2 --separate-stderr sepolc --headers="$HEADERS" --base="$BASE_POLICY" --check \
		sepolcdemo.te sepolcdemo.if
	echo "$stderr"
	[[ "$stderr" == *"sepolcdemo.fc:2:55: error: type 'sepolcdemo_cnf_t' is neither in the module nor in the installed policy"* ]]
	[[ "$stderr" == *"sepolcdemo.fc:2:55: note: did you mean 'sepolcdemo_conf_t'"* ]]
	[ "$(grep -c 'error:' <<<"$stderr")" = 1 ]
	[ "$(grep -c 'warning:' <<<"$stderr")" = 0 ]
}

# issue 22 item 5: libsepol's -1 reading a range is also memory running out
# (errno ENOMEM), which was "invalid MLS range ...: libsepol cannot read it",
# exit 2. The range's first copy is sepolc's own, the second libsepol's.
@test "sepolc fc: running out of memory while libsepol reads a range is exit 3, 'out of memory'" {
	printf '/b\t\tsystem_u:system_r:kernel_t:s0-s0:c0\n' >r.fc
	local n
	for n in 0 1; do
		fail_strdup s0-s0:c0 $n
		run -3 --separate-stderr env "${FAIL_STRDUP_ENV[@]}" sepolc -M -o pol -f fc policy.conf r.fc
		[[ "$stderr" == *"out of memory"* ]] || { echo "after $n copies: $stderr"; false; }
		[[ "$stderr" != *"libsepol cannot read it"* ]]
		[ ! -e fc ] && [ ! -e pol ]
	done
}
