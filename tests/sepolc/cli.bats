#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc's command line from the outside: help, usage errors, inputs,
# the m4 step, diagnostics, atomic outputs and default names, and the
# whole road from a refpolicy-style module to a scratch semodule store.
# Needs no root except the semodule test (skipped otherwise).
bats_require_minimum_version 1.5.0
load sepolc

setup() {
	CP=$SEKIT_CORPUS/checkpolicy
	in_workdir
}


# A policy.conf with a syntax error on line 3, column 17.
bad_conf() {
	printf 'class file\nsid kernel\ntype foo_t alias;\n' >"$1"
}

# ---- help, version, usage errors -----------------------------------------

@test "sepolc: --help lists every option and exits 0" {
	run -0 --separate-stderr sepolc --help
	[[ "$output" == Usage:* ]]
	for opt in --output --cil --conf --pp --mod --fc-output --check --binary --mls \
		--policyvers --handle-unknown --target --werror --disable-neverallow --sort \
		--optimize --preserve-tunables --disable-dontaudit --m4 --no-m4 --headers \
		--preprocess --define --json --verbose --quiet --help --version; do
		[[ "$output" == *"$opt"* ]] || { echo "missing $opt"; false; }
	done
	[[ "$output" == *"See sepolc(1)."* ]]
	[ -z "$stderr" ]
}

@test "sepolc: --version names the tool and sekit" {
	run -0 --separate-stderr sepolc --version
	[[ "$output" == "sepolc (sekit) "* ]]
	run -0 --separate-stderr sepolc -V
	[[ "$output" == "sepolc (sekit) "* ]]
}

@test "sepolc: --list-options lists what --help documents" {
	run -0 --separate-stderr sepolc --list-options
	[[ "$output" == *"--pp"* && "$output" == *"--headers="* && "$output" == *"-M"* ]]
	[[ "$output" != *"--list-options"* ]]
}

@test "sepolc: no input is a usage error" {
	run -2 --separate-stderr sepolc
	[ -z "$output" ]
	[[ "$stderr" == *"sepolc: no input file given"* ]]
	[[ "$stderr" == *"Try 'sepolc --help' for more information."* ]]
}

@test "sepolc: an unknown option is a usage error" {
	run -2 --separate-stderr sepolc --frobnicate x.conf
	[[ "$stderr" == *"Try 'sepolc --help'"* ]]
}

@test "sepolc: bad option values are usage errors" {
	run -2 --separate-stderr sepolc -U maybe x.conf
	[[ "$stderr" == *"invalid value 'maybe' for -U/--handle-unknown"* ]]
	run -2 --separate-stderr sepolc -t solaris x.conf
	[[ "$stderr" == *"invalid target 'solaris'"* ]]
	run -2 --separate-stderr sepolc -c abc x.conf
	[[ "$stderr" == *"invalid policy version 'abc'"* ]]
	run -2 --separate-stderr sepolc --mls=perhaps x.conf
	[[ "$stderr" == *"invalid value 'perhaps' for -M/--mls"* ]]
	run -2 --separate-stderr sepolc --define=1bad x.te
	[[ "$stderr" == *"invalid m4 macro name"* ]]
}

@test "sepolc: outputs of different kinds cannot be combined" {
	run -2 --separate-stderr sepolc -C --pp x.te
	[[ "$stderr" == *"choose one of"* ]]
	run -2 --separate-stderr sepolc -F -C x.conf
}

@test "sepolc: inputs that do not go together are usage errors" {
	run -2 --separate-stderr sepolc a.conf b.conf
	[[ "$stderr" == *"one policy source at a time"* ]]
	run -2 --separate-stderr sepolc a.cil b.conf
	[[ "$stderr" == *"CIL files cannot be compiled with 'b.conf'"* ]]
	run -2 --separate-stderr sepolc x.fc
	[[ "$stderr" == *"no policy source given"* ]]
	run -2 --separate-stderr sepolc x.te a.fc b.fc
	[[ "$stderr" == *"more than one .fc file"* ]]
	run -2 --separate-stderr sepolc --pp a.cil
	[[ "$stderr" == *"--pp and --mod write a module"* ]]
	run -2 --separate-stderr sepolc -b --mod policy.33
	run -2 --separate-stderr sepolc -f fc x.conf
	[[ "$stderr" == *"-f/--fc-output is for CIL input"* ]]
	run -2 --separate-stderr sepolc --m4 a.cil
	run -2 --separate-stderr sepolc --preprocess a.cil
	run -2 --separate-stderr sepolc -o out -f out a.cil
	[[ "$stderr" == *"-o and -f name the same file"* ]]
	# none of these created anything
	[ -z "$(ls -A)" ]
}

@test "sepolc: an unreadable input is an input error and creates nothing" {
	run -2 --separate-stderr sepolc "$T/missing.conf"
	[ -z "$output" ]
	[[ "$stderr" == *"sepolc: cannot read '$T/missing.conf': No such file or directory"* ]]
	mkdir dir.conf
	run -2 --separate-stderr sepolc dir.conf
	[[ "$stderr" == *"cannot read 'dir.conf'"* ]]
	run -2 --separate-stderr sepolc --json "$T/missing.te"
	jq -e '.format_version == 1 and .diagnostics[0].code == "ENOENT"' <<<"$stderr"
	[ "$(ls -A)" = dir.conf ]
}

# ---- m4 -------------------------------------------------------------------

@test "sepolc --preprocess: the module expands as the headers' Makefile expands it" {
	need_headers
	cp "$FIX"/sepolcdemo.* .
	run -0 --separate-stderr sepolc --preprocess -o sepolc.out sepolcdemo.te
	[ -z "$stderr" ] && [ -z "$output" ]
	grep -q '^[[:space:]]*module sepolcdemo 1.0.0;' sepolc.out
	grep -q '^#line 1 "sepolcdemo.te"' sepolc.out
	# the module's own interface, from sepolcdemo.if beside it
	grep -q 'allow sepolcdemo_t sepolcdemo_conf_t:file' sepolc.out
	! grep -q 'files_read_etc_files(' sepolc.out

	# the Makefile's recipe (tmp/all_interfaces.conf, then tmp/%.mod's m4)
	local defs
	defs="-D enable_mcs -D distro_debian -D init_systemd -D direct_sysadm_daemon"
	defs+=" -D enable_ubac -D mls_num_sens=16 -D mls_num_cats=1024 -D mcs_num_cats=1024"
	grep -q '^TYPE ?= mcs' "$HEADERS/build.conf" || skip "headers are not Debian's MCS build"
	mkdir tmp
	echo "ifdef(\`__if_error',\`m4exit(1)')" >tmp/iferror.m4
	{
		echo 'divert(-1)'
		m4 "$HEADERS"/support/*.spt $(find "$HEADERS" -mindepth 2 -name '*.if' | sort) \
			sepolcdemo.if tmp/iferror.m4 | sed -e 's/dollarsstar/$*/g'
		echo divert
	} >tmp/all_interfaces.conf
	# shellcheck disable=SC2086
	m4 $defs -s "$HEADERS"/support/*.spt tmp/all_interfaces.conf sepolcdemo.te >make.out
	diff <(grep -v '^#line .*all_interfaces.conf' make.out) \
		<(grep -v '^#line .*all_interfaces.conf' sepolc.out)
}

@test "sepolc --preprocess: --define reaches m4; -D is only --disable-dontaudit" {
	need_headers
	cat >d.te <<-'EOF'
		policy_module(d, 1.0)
		ifdef(`with_foo',`type foo_t;',`type nofoo_t;')
		ifdef(`with_bar',`type bar_t;')
	EOF
	run -0 --separate-stderr sepolc --preprocess d.te
	[[ "$output" == *nofoo_t* && "$output" != *bar_t* ]]
	run -0 --separate-stderr sepolc --define=with_foo --define with_bar --preprocess d.te
	[[ "$output" == *"type foo_t;"* && "$output" == *"type bar_t;"* ]]
	# m4's old spellings get a hint, not a file named with_foo or a letter soup
	run -2 --separate-stderr sepolc -D with_foo --preprocess d.te
	[[ "$stderr" == *"-D is --disable-dontaudit"*"--define=with_foo"* ]]
	run -2 --separate-stderr sepolc -Dwith_bar --preprocess d.te
	[[ "$stderr" == *"--define=with_bar"* ]]
	# -D before a file that exists, and in a cluster of flags, is --disable-dontaudit
	touch with_foo
	run -2 --separate-stderr sepolc -D with_foo --preprocess d.te
	[[ "$stderr" == *"one policy source at a time"* ]]
	run -0 --separate-stderr sepolc -DNO --preprocess d.te
}

@test "sepolc -D drops dontaudit rules, as secilc -D does" {
	cat >p.cil <<-'EOF'
		(class file (read))
		(classorder (file))
		(sid kernel)
		(sidorder (kernel))
		(user u)
		(role r)
		(type t)
		(userrole u r)
		(roletype r t)
		(sidcontext kernel (u r t ((s0) (s0))))
		(sensitivity s0)
		(sensitivityorder (s0))
		(userlevel u (s0))
		(userrange u ((s0) (s0)))
		(allow t t (file (read)))
		(dontaudit t t (file (read)))
	EOF
	run -0 --separate-stderr sepolc -C -o with.cil p.cil
	grep -q '^(dontaudit t ' with.cil
	run -0 --separate-stderr sepolc -D -C -o without.cil p.cil
	! grep -q dontaudit without.cil
	run -0 --separate-stderr sepolc --disable-dontaudit -C -o long.cil p.cil
	cmp without.cil long.cil
}

@test "sepolc: an m4 error points at the user's line, exit 2, nothing written" {
	need_headers
	printf 'policy_module(bad, 1.0)\ntype bad_t;\nfoo(`bad_t\n' >bad.te
	run -2 --separate-stderr sepolc bad.te
	[ -z "$output" ]
	[[ "$stderr" == *"bad.te:3: error: end of file in string"* ]]
	grep -qxF ' foo(`bad_t' <<<"$stderr"
	[[ "$stderr" == *"m4 failed on 'bad.te'"* ]]
	run -2 --separate-stderr sepolc --json bad.te
	jq -e '.diagnostics[0] | .severity == "error" and .file == "bad.te" and .line == 3' <<<"$stderr"
	[ "$(ls -A)" = bad.te ]
}

@test "sepolc: an interface the headers lack is named, with the closest one" {
	need_headers
	cp "$FIX/m4-typo.te" typo.te
	run -2 --separate-stderr sepolc typo.te
	[ -z "$output" ]
	grep -Eq '^typo\.te:5:1: error: ' <<<"$stderr"
	[[ "$stderr" == *"typo.te:5:1: note: 'files_read_etc_filez' is no interface or macro of the headers; did you mean 'files_read_etc_files'?"* ]]
	[ ! -e m4typo.cil ]
}

@test "sepolc: refpolicywarn becomes a warning at its line; -q hides it" {
	need_headers
	cp "$FIX/m4-warn.te" w.te
	run -0 --separate-stderr sepolc --preprocess w.te
	[[ "$stderr" == *"w.te:2: warning: old style"* ]]
	run -0 --separate-stderr sepolc -q --preprocess w.te
	[ -z "$stderr" ]
	# -E: m4's warnings are errors too
	run -2 --separate-stderr sepolc -E --preprocess w.te
	[[ "$stderr" == *"w.te:2: error: old style"* ]]
	[[ "$stderr" == *"warnings are errors (-E)"* ]]
}

@test "sepolc: a .te that calls interfaces gets m4 by itself (note with -v)" {
	need_headers
	cp "$FIX"/sepolcdemo.* .
	run --separate-stderr sepolc -v --check sepolcdemo.te
	[[ "$stderr" == *"note: 'sepolcdemo.te' calls interfaces or macros; running m4"* ]]
	printf 'module plain 1.0;\nrequire { type unconfined_t; }\n' >plain.te
	run --separate-stderr sepolc -v --check plain.te
	[[ "$stderr" != *"running m4"* ]]
	run --separate-stderr sepolc -v --no-m4 --check sepolcdemo.te
	[[ "$stderr" != *"running m4"* ]]
}

@test "sepolc: a module the headers ship builds with its own .if, beside or given" {
	need_headers
	local hif name
	hif=$(find "$HEADERS" -mindepth 2 -name '*.if' | sort | head -1)
	name=$(basename "$hif" .if)
	cp "$hif" .
	# the local .if replaces the headers' copy instead of defining it twice
	printf 'policy_module(%s, 1.0)\ntype %s_sekit_t;\n' "$name" "$name" >"$name.te"
	run -0 --separate-stderr sepolc "$name.te"
	[ -s "$name.cil" ]
	rm "$name.cil"
	run -0 --separate-stderr sepolc "$name.te" "$name.if"
	[ -s "$name.cil" ]
}

@test "sepolc: missing m4 or headers is an environment error (3)" {
	need_headers
	cp "$FIX"/sepolcdemo.* .
	M4=/nonexistent/m4 run -3 --separate-stderr sepolc sepolcdemo.te
	[[ "$stderr" == *"cannot run '/nonexistent/m4'"* ]]
	run -3 --separate-stderr sepolc --headers "$T/none" sepolcdemo.te
	[[ "$stderr" == *"no refpolicy headers in '$T/none'"* ]]
	[ ! -e sepolcdemo.cil ]
	# and m4's temporary directory is gone
	TMPDIR=$T/tmpd
	mkdir "$TMPDIR"
	TMPDIR=$TMPDIR run -0 --separate-stderr sepolc --preprocess sepolcdemo.te
	[ -z "$(ls -A "$TMPDIR")" ]
}

@test "sepolc: interrupted while m4 runs, it leaves no temporary files" {
	need_headers
	cp "$FIX"/sepolcdemo.* .
	mkdir tmpd
	local delay pid
	for delay in 0.05 0.15 0.3; do
		TMPDIR=$T/tmpd sepolc --check sepolcdemo.te &
		pid=$!
		sleep "$delay"
		kill -INT "$pid" 2>/dev/null || true
		wait "$pid" || true
		[ -z "$(ls -A tmpd)" ] || { ls -lR tmpd; false; }
	done
}

# ---- diagnostics and outputs ---------------------------------------------

@test "sepolc: a syntax error is file:line:col: error: with the line and a caret" {
	bad_conf bad.conf
	run -2 --separate-stderr sepolc bad.conf
	[ -z "$output" ]
	grep -Eq '^bad\.conf:3:[0-9]+: error: ' <<<"$stderr"
	grep -qxF ' type foo_t alias;' <<<"$stderr"
	local col caret
	col=$(grep -Eo '^bad\.conf:3:[0-9]+' <<<"$stderr" | head -1 | cut -d: -f3)
	caret=$(grep -E '^ *\^$' <<<"$stderr" | head -1)
	[ "${#caret}" -eq $((col + 1)) ]
}

@test "sepolc --json: diagnostics are one JSON document on stderr" {
	bad_conf bad.conf
	run -2 --separate-stderr sepolc --json bad.conf
	[ -z "$output" ]
	jq -e '.format_version == 1 and .tool == "sepolc"' <<<"$stderr"
	jq -e '.diagnostics | length >= 1' <<<"$stderr"
	jq -e '.diagnostics[0] | (.severity == "error") and (.file == "bad.conf") and
		(.line == 3) and (.column | type == "number") and (.message | type == "string") and
		has("code")' <<<"$stderr"
}

@test "sepolc: on error an existing output is left as it was, and nothing is added" {
	bad_conf bad.conf
	echo old >out.bin
	run -2 --separate-stderr sepolc -o out.bin bad.conf
	[ "$(cat out.bin)" = old ]
	[ "$(ls -A | sort | tr '\n' ' ')" = "bad.conf out.bin " ]
	# the same without -o: no policy.NN appears
	run -2 --separate-stderr sepolc bad.conf
	[ "$(ls -A | sort | tr '\n' ' ')" = "bad.conf out.bin " ]
}

@test "sepolc: an output in a directory that does not exist is an error" {
	require_corpus checkpolicy/policy_minimal.conf
	run -2 --separate-stderr sepolc -o "$T/no/such/dir/policy" "$CP/policy_minimal.conf"
	[[ "$stderr" == *"cannot create a file beside '$T/no/such/dir/policy'"* ]]
}

@test "sepolc: a policy.conf compiles to policy.VERSION here, -c picks the version" {
	require_corpus checkpolicy/policy_minimal.conf
	run -0 --separate-stderr sepolc "$CP/policy_minimal.conf"
	[ -z "$output" ]
	local v
	v=$(ls policy.* | head -1)
	[[ "$v" =~ ^policy\.[0-9]+$ ]]
	run -0 --separate-stderr sepolc -c 30 "$CP/policy_minimal.conf"
	[ -s policy.30 ]
	run -0 --separate-stderr sepolc -C "$CP/policy_minimal.conf"
	[ -s policy.cil ]
	run -0 --separate-stderr sepolc -F "$CP/policy_minimal.conf"
	[ -s policy.conf ]
	# a Xen policy's newest version is 30, and its name says so
	if [ -r "$CP/policy_allonce_xen.conf" ]; then
		run -0 --separate-stderr sepolc -t xen "$CP/policy_allonce_xen.conf"
		[ -s policy.30 ]
	fi
	# and the binary is one checkpolicy reads back
	require_command checkpolicy checkpolicy
	checkpolicy -b -F -o back.conf "$v" >/dev/null
	[ -s back.conf ]
}

@test "sepolc: -o - writes the policy to stdout, the same bytes as a file" {
	require_corpus checkpolicy/policy_minimal.conf
	sepolc -o file.bin "$CP/policy_minimal.conf"
	sepolc -o - "$CP/policy_minimal.conf" >stdout.bin
	cmp file.bin stdout.bin
}

@test "sepolc: --check writes nothing and answers with the exit status" {
	require_corpus checkpolicy/policy_minimal.conf
	run -0 --separate-stderr sepolc --check "$CP/policy_minimal.conf"
	[ -z "$output" ]
	run -0 --separate-stderr sepolc --check -o out "$CP/policy_minimal.conf"
	[ -z "$(ls -A)" ]
	bad_conf bad.conf
	run -2 --separate-stderr sepolc --check bad.conf
	[ "$(ls -A)" = bad.conf ]
}

@test "sepolc: refuses to write its output over its input" {
	require_corpus checkpolicy/policy_minimal.conf
	cp "$CP/policy_minimal.conf" policy.conf
	cp policy.conf before.conf
	run -2 --separate-stderr sepolc -F policy.conf
	[[ "$stderr" == *"refusing to write the output over the input 'policy.conf'"* ]]
	cmp policy.conf before.conf
}

@test "sepolc: the corpus policies compile (MLS ones with -M), binary in and out" {
	require_corpus checkpolicy/policy_minimal.conf
	local f
	for f in policy_minimal policy_allonce; do
		sepolc -o "$f.bin" "$CP/$f.conf"
		[ -s "$f.bin" ]
	done
	for f in policy_minimal_mls policy_allonce_mls; do
		[ -r "$CP/$f.conf" ] || continue
		sepolc -M -o "$f.bin" "$CP/$f.conf"
		[ -s "$f.bin" ]
	done
	sepolc -b -F -o again.conf policy_allonce.bin
	grep -q '^allow ' again.conf
	sepolc -b -C -o again.cil policy_allonce.bin
	grep -q '^(allow ' again.cil
}

@test "sepolc: CIL files compile as secilc's, with -f for the file contexts" {
	local cil=$SEKIT_CORPUS/secilc/policy.cil
	[ -r "$cil" ] || skip "no $cil"
	run -0 --separate-stderr sepolc -M true -f fc -o pol "$cil"
	[ -s pol ]
	[ -e fc ]
	[ ! -e file_contexts ]
	require_command secilc secilc
	secilc -M true -o ref.pol -f ref.fc "$cil"
	cmp fc ref.fc
}

# ---- modules --------------------------------------------------------------

@test "sepolc: a module compiles to NAME.cil, NAME.pp, NAME.mod by default" {
	local te=$SEKIT_CORPUS/checkpolicy/negative/good_module.te
	[ -r "$te" ] || skip "no $te"
	local name
	name=$(sed -n 's/^module \([A-Za-z0-9_]*\) .*/\1/p' "$te" | head -1)
	run -0 --separate-stderr sepolc "$te"
	[ -s "$name.cil" ]
	run -0 --separate-stderr sepolc --pp "$te"
	[ -s "$name.pp" ]
	run -0 --separate-stderr sepolc --mod "$te"
	[ -s "$name.mod" ]
	run -2 --separate-stderr sepolc -F "$te"
	[[ "$stderr" == *"is a module"* ]]
}

@test "sepolc: the example module's CIL carries its .fc as filecon" {
	need_headers
	cp "$FIX"/sepolcdemo.* .
	run -0 --separate-stderr sepolc sepolcdemo.te sepolcdemo.fc
	[ -s sepolcdemo.cil ]
	grep -qF '(filecon "/usr/bin/sepolcdemo" file (system_u object_r sepolcdemo_exec_t ((s0) (s0))))' sepolcdemo.cil
	grep -qF '(filecon "/etc/sepolcdemo(/.*)?" any (system_u object_r sepolcdemo_conf_t ((s0) (s0))))' sepolcdemo.cil
	run -0 --separate-stderr sepolc --pp sepolcdemo.te sepolcdemo.fc
	[ -s sepolcdemo.pp ]
}

@test "sepolc: a bad .fc line is an error at its line, for CIL and .pp alike" {
	need_headers
	cp "$FIX"/sepolcdemo.te "$FIX"/sepolcdemo.if .
	printf '/usr/bin/x\t--\tgen_context(system_u:object_r:sepolcdemo_exec_t,s0)\n\n/etc/x\t-x\tgen_context(system_u:object_r:etc_t,s0)\n' >bad.fc
	run -2 --separate-stderr sepolc sepolcdemo.te bad.fc
	[[ "$stderr" == *"bad.fc:3:8: error: invalid file type '-x'"* ]]
	run -2 --separate-stderr sepolc --pp sepolcdemo.te bad.fc
	[[ "$stderr" == *"bad.fc:3:8: error: invalid file type '-x'"* ]]
	[ ! -e sepolcdemo.cil ] && [ ! -e sepolcdemo.pp ]
}

@test "sepolc --pp: the same bytes as the development headers' Makefile builds" {
	need_devel_makefile
	cp "$FIX"/sepolcdemo.* .
	make -s -f "$DEVEL_MK" sepolcdemo.pp >/dev/null
	mv sepolcdemo.pp make.pp
	run -0 --separate-stderr sepolc --pp sepolcdemo.te sepolcdemo.fc
	cmp sepolcdemo.pp make.pp
	# and with --mod, checkmodule's .mod (no file contexts: a warning)
	run -0 --separate-stderr sepolc --mod sepolcdemo.te sepolcdemo.fc
	[[ "$stderr" == *"a .mod holds no file contexts"* ]]
	[ -s sepolcdemo.mod ]
}

@test "sepolc: the example module installs with semodule into a scratch store (CIL and .pp)" {
	need_headers
	scratch_store
	cp "$FIX"/sepolcdemo.* .
	sepolc sepolcdemo.te sepolcdemo.fc
	run semodule -p "$ROOT" -s default -n -i sepolcdemo.cil
	echo "$output"
	[ "$status" -eq 0 ]
	semodule -p "$ROOT" -s default -l | grep -qx 'sepolcdemo'
	grep -q 'sepolcdemo_exec_t' "$ROOT/etc/selinux/default/contexts/files/file_contexts"
	semodule -p "$ROOT" -s default -n -r sepolcdemo

	sepolc --pp sepolcdemo.te sepolcdemo.fc
	run semodule -p "$ROOT" -s default -n -i sepolcdemo.pp
	echo "$output"
	[ "$status" -eq 0 ]
	semodule -p "$ROOT" -s default -l | grep -qx 'sepolcdemo'
	grep -q 'sepolcdemo_conf_t' "$ROOT/etc/selinux/default/contexts/files/file_contexts"
}

# ---- completions ----------------------------------------------------------

@test "sepolc: bash completes options and their values" {
	[ -r /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion not installed (apt-get install bash-completion)"
	COMPLETION=$SEKIT_SRCDIR/completions/bash/sepolc
	run -0 complete_words --p
	[[ "$output" == *--pp* && "$output" == *--policyvers=* && "$output" == *--preprocess* ]]
	run -0 complete_words -U ""
	[ "$output" = "$(printf 'deny\nreject\nallow')" ]
	run -0 complete_words --target=x
	[ "$output" = "--target=xen" ]
}

# ---- a module's requires against the installed policy ----------------------

BASE_POLICY=/etc/selinux/default/policy/policy.33

# A module requiring etc_t (Debian's refpolicy has it) and etcc_t (line 5,
# column 7: it has not), and file's read and a bogus permission (line 6).
requires_module() {
	[ -r "$BASE_POLICY" ] || skip "no binary policy at $BASE_POLICY"
	printf 'module reqs 1.0;\n\nrequire {\n\ttype etc_t;\n\ttype etcc_t;\n\tclass file { read bogusperm };\n}\n\nallow etc_t etcc_t:file read;\n' >reqs.te
}

@test "sepolc: a require the base policy lacks warns at its name, with a did-you-mean" {
	requires_module
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" -o reqs.cil reqs.te
	[[ "$stderr" == *"reqs.te:5:7: warning: the installed policy ($BASE_POLICY) has no type 'etcc_t'; semodule -i will refuse this module"* ]]
	[[ "$stderr" == *"reqs.te:5:7: note: did you mean 'etc_t'?"* ]]
	[[ "$stderr" != *"'etc_t';"* ]]
	[ -s reqs.cil ]
}

@test "sepolc: a class's permission the base policy lacks warns" {
	requires_module
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" --check reqs.te
	[[ "$stderr" == *"reqs.te:6:20: warning: the installed policy ($BASE_POLICY) has no permission 'bogusperm' in class 'file'"* ]]
	[[ "$stderr" != *"permission 'read'"* ]]
}

@test "sepolc: -E makes a missing require an error and writes nothing" {
	requires_module
	run -2 --separate-stderr sepolc -E --base="$BASE_POLICY" -o reqs.cil reqs.te
	[[ "$stderr" == *"reqs.te:5:7: error: the installed policy"*"'etcc_t'"* ]]
	[ ! -e reqs.cil ]
}

@test "sepolc: --no-base-check and -q keep a missing require quiet" {
	requires_module
	run -0 --separate-stderr sepolc --no-base-check --base="$BASE_POLICY" -o reqs.cil reqs.te
	[ -z "$stderr" ]
	[ -s reqs.cil ]
	run -0 --separate-stderr sepolc -q --base="$BASE_POLICY" -o reqs2.cil reqs.te
	[ -z "$stderr" ]
}

@test "sepolc: requires inside optional blocks and booleans are not checked" {
	requires_module
	printf 'module opt 1.0;\n\nrequire { type etc_t; bool no_such_bool; }\noptional {\n\trequire { type etcc_t; class file read; }\n\tallow etc_t etcc_t:file read;\n}\n' >opt.te
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" --check opt.te
	[ -z "$stderr" ]
}

@test "sepolc: a module requiring the names it declares itself is not warned" {
	requires_module
	# what a call of the module's own interface expands to (refpolicy's style)
	printf 'module own 1.0;\n\nrequire { type etc_t; class file read; }\ntype own_t;\ntype own_conf_t alias own_old_t;\nattribute own_attr;\nrequire { type own_conf_t, own_old_t; attribute own_attr; }\nallow own_t own_conf_t:file read;\n' >own.te
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" --check own.te
	[ -z "$stderr" ]
	# a name neither the base nor the module has is still reported
	printf 'require { type own_nope_t; }\nallow own_t own_nope_t:file read;\n' >>own.te
	run -0 --separate-stderr sepolc --base="$BASE_POLICY" --check own.te
	[[ "$stderr" == *"has no type 'own_nope_t'"* ]]
	[[ "$stderr" != *"'own_conf_t'"* ]]
}

@test "sepolc: an unreadable --base is an error" {
	requires_module
	run -2 --separate-stderr sepolc --base=/nonexistent/policy.33 --check reqs.te
	[[ "$stderr" == *"/nonexistent/policy.33"* ]]
}

@test "sepolc: a binary policy or a .pp given as a source is named, not quoted" {
	cd "$BATS_TEST_TMPDIR"
	printf '\x8c\xff\x7c\xf9SE Linux\0\0\0\0' >policy.33
	run -2 --separate-stderr sepolc --check policy.33
	[ "$stderr" = "sepolc: 'policy.33' is a binary kernel policy: read it with -b" ]
	printf '\x8f\xff\x7c\xf9\x02\0\0\0' >x.pp
	run -2 --separate-stderr sepolc --check x.pp
	[ "$stderr" = "sepolc: 'x.pp' is a policy module package (.pp), not a source" ]
}

@test "cli: -o naming a module's CIL otherwise notes that semodule names it after the file" {
	printf 'module named 1.0;\nrequire { class file { read }; }\ntype named_t;\n' >named.te
	run -0 --separate-stderr sepolc --no-base-check -o other.cil named.te
	[[ "$stderr" == *"note: semodule -i names a CIL module after its file: 'other.cil' installs as module 'other', not 'named'"* ]]
	[ -s other.cil ]
	# the module's own name, in any directory: no note
	mkdir sub
	run -0 --separate-stderr sepolc --no-base-check -o sub/named.cil named.te
	[ -z "$stderr" ]
	# -q keeps it quiet
	run -0 --separate-stderr sepolc -q --no-base-check -o other.cil named.te
	[ -z "$stderr" ]
}
