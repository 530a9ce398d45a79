#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc's neverallow reports (issue 28): --check-neverallow (a built
# policy against rules in policy.conf or CIL), the exit statuses (1 for a
# check's violation, 2 for a compile refused), each violation at its
# line and column after #line marks with each allow rule behind it, and
# --json's neverallow_violations. The verdicts themselves are compared
# with checkpolicy's in tests/oracle/sepolc-neverallow.sh.
bats_require_minimum_version 1.5.0
load sepolc

setup() {
	in_workdir
	cat >policy.conf <<'EOF'
class process
class file
sid kernel
sid file
common file_perms { read write open getattr ioctl }
class process { transition }
class file inherits file_perms
attribute readers;
type kernel_t;
type user_t, readers;
type etc_t;
type shadow_t;
allow kernel_t self:process transition;
allow readers etc_t:file { read getattr ioctl };
allow user_t shadow_t:file { read write };
allowxperm user_t etc_t:file ioctl { 0x8910-0x8915 };
role system_r;
role system_r types { kernel_t user_t };
user system_u roles { system_r };
sid kernel system_u:system_r:kernel_t
sid file system_u:object_r:etc_t
EOF
	sepolc_fixture policy.bin policy.conf
}

@test "sepolc --check-neverallow: a violated rule is exit 1, an error at its line and column, a note per allow entry" {
	printf '%s\n' 'neverallow user_t etc_t:file write;' '  neverallow readers etc_t:file read;' >rules.conf
	run -1 --separate-stderr sepolc --check-neverallow policy.bin rules.conf
	[ -z "$output" ]
	echo "$stderr"
	[[ "$stderr" == *"rules.conf:2:3: error: neverallow violated by allow user_t etc_t:file { read }"* ]]
	[[ "$stderr" == *"note: allowed by the policy's 'allow readers etc_t:file { read getattr ioctl }'"* ]]
	! grep -q 'rules.conf:1:' <<<"$stderr"
}

@test "sepolc --check-neverallow: rules nothing violates are exit 0 (-v says so)" {
	printf '%s\n' 'neverallow user_t etc_t:file write;' 'neverallow ~user_t shadow_t:file *;' \
		'neverallow { readers -user_t } etc_t:file read;' 'neverallow user_t self:process *;' >rules.conf
	run -0 --separate-stderr sepolc --check-neverallow policy.bin rules.conf
	[ -z "$stderr" ]
	run -0 --separate-stderr sepolc -v --check-neverallow policy.bin rules.conf
	[ "$stderr" = "sepolc: 'policy.bin' violates none of the rules" ]
}

@test "sepolc --check-neverallow: CIL rules give the policy.conf rules' verdicts, at the CIL line and column" {
	cat >rules.cil <<'EOF'
; CIL's forms of the rules below
(neverallow user_t etc_t (file (write)))
    (neverallow readers etc_t (file (not (getattr ioctl))))
(neverallow kernel_t self (process (all)))
(neverallowx user_t etc_t (ioctl file (range 0x8900 0x8910)))
(neverallowx user_t etc_t (ioctl file (not (range 0x8910 0x8915))))
EOF
	cat >rules.conf <<'EOF'
neverallow user_t etc_t:file write;
neverallow readers etc_t:file ~{ getattr ioctl };
neverallow kernel_t self:process *;
neverallowxperm user_t etc_t:file ioctl { 0x8900-0x8910 };
neverallowxperm user_t etc_t:file ioctl ~{ 0x8910-0x8915 };
EOF
	run -1 --separate-stderr sepolc --check-neverallow policy.bin rules.cil
	echo "$stderr"
	[[ "$stderr" == *"rules.cil:3:5: error: neverallow violated by allow user_t etc_t:file { read }"* ]]
	[[ "$stderr" == *"rules.cil:4:1: error: neverallow violated by allow kernel_t kernel_t:process { transition }"* ]]
	[[ "$stderr" == *"rules.cil:5:1: error: neverallowxperm violated by allowxperm user_t etc_t:file ioctl { 0x8910 }"* ]]
	! grep -Eq 'rules.cil:(2|6):' <<<"$stderr"
	sed -nE 's/^[^:]*:([0-9]+):[0-9]+: error: (.*)$/\2/p' <<<"$stderr" >cil.v
	run -1 --separate-stderr sepolc --check-neverallow policy.bin rules.conf
	sed -nE 's/^[^:]*:([0-9]+):[0-9]+: error: (.*)$/\2/p' <<<"$stderr" >conf.v
	diff conf.v cil.v
	[ "$(wc -l <cil.v)" -eq 3 ]
}

@test "sepolc --check-neverallow: a rule naming what the policy lacks, or another statement, is exit 2 and nothing is checked" {
	printf '%s\n' 'neverallow user_t shadow_t:file write;' 'neverallow user_tt etc_t:file read;' \
		'allow user_t etc_t:file write;' >rules.conf
	run -2 --separate-stderr sepolc --check-neverallow policy.bin rules.conf
	[[ "$stderr" == *"rules.conf:2:12: error: unknown type 'user_tt'"* ]]
	[[ "$stderr" == *"rules.conf:3:1: error: only neverallow and neverallowxperm rules can be checked against a built policy"* ]]
	! grep -q 'violated' <<<"$stderr"
	echo '(typeattribute x)' >rules.cil
	run -2 --separate-stderr sepolc --check-neverallow policy.bin rules.cil
	[[ "$stderr" == *"rules.cil:1:1: error: only neverallow and neverallowx statements"* ]]
	run -2 --separate-stderr sepolc --check-neverallow rules.conf rules.conf
	[[ "$stderr" == *"rules.conf"* ]]
}

@test "sepolc --check-neverallow: a binary and at least one file of rules, nothing written" {
	run -2 --separate-stderr sepolc --check-neverallow policy.bin
	[[ "$stderr" == *"at least one file of neverallow rules"* ]]
	echo 'neverallow user_t etc_t:file write;' >rules.conf
	run -2 --separate-stderr sepolc --check-neverallow -o out policy.bin rules.conf
	[[ "$stderr" == *"--check-neverallow writes nothing"* ]]
	[ ! -e out ]
}

@test "sepolc: a neverallow violated while compiling is exit 2 (the input is refused), checking the built policy exit 1" {
	cp policy.conf bad.conf
	echo 'neverallow user_t shadow_t:file write;' >>bad.conf
	run -2 --separate-stderr sepolc -o out bad.conf
	[[ "$stderr" == *"bad.conf:22:1: error: neverallow violated by allow user_t shadow_t:file { write }"* ]]
	[ ! -e out ]
	run -2 --separate-stderr sepolc --check bad.conf
	echo 'neverallow user_t shadow_t:file write;' >rules.conf
	run -1 --separate-stderr sepolc --check-neverallow policy.bin rules.conf
}

@test "sepolc: after #line marks, a violation is named at the neverallow's line and each allow rule at its own" {
	mkdir -p mod
	printf '%s\n' '# the app' 'allow user_t shadow_t:file { read write };' >mod/app.te
	printf '%s\n' '# rules' '' '  neverallow user_t shadow_t:file write;' >mod/rules.te
	# policy.conf with the rules' lines marked as m4 -s marks them
	awk '/^allow user_t shadow_t/ { print "#line 2 \"mod/app.te\""; print; print "#line 99 \"policy.conf\""; next }
	     /^role system_r;/ { print "#line 3 \"mod/rules.te\""; print "  neverallow user_t shadow_t:file write;"; print "#line 99 \"policy.conf\"" }
	     { print }' policy.conf >marked.conf
	run -2 --separate-stderr sepolc --check marked.conf
	echo "$stderr"
	[[ "$stderr" == *"mod/rules.te:3:3: error: neverallow violated by allow user_t shadow_t:file { write }"* ]]
	[[ "$stderr" == *"mod/app.te:2:1: note: allowed by this rule"* ]]
	run -2 --separate-stderr sepolc --json --check marked.conf
	run jq -c '.neverallow_violations[] | [.rule.file, .rule.line, .rule.column, .allowed_by[0].file, .allowed_by[0].line]' <<<"$stderr"
	[ "$output" = '["mod/rules.te",3,3,"mod/app.te",2]' ]
}

@test "sepolc --json: each violation's rule, access and allow rules in neverallow_violations" {
	require_command jq jq
	cp policy.conf bad.conf
	echo 'neverallowxperm user_t etc_t:file ioctl 0x8911;' >>bad.conf
	run -2 --separate-stderr sepolc --json --check bad.conf
	[ -z "$output" ]
	run jq -c '.neverallow_violations' <<<"$stderr"
	[ "$output" = '[{"kind":"neverallowxperm","rule":{"file":"bad.conf","line":22,"column":1},"source":"user_t","target":"etc_t","class":"file","permissions":["ioctl"],"extended_permissions":"ioctl { 0x8911 }","allowed_by":[{"file":"bad.conf","line":16,"column":1}]}]' ]
	printf '%s\n' 'neverallow user_t etc_t:file { read write };' >rules.conf
	run -1 --separate-stderr sepolc --json --check-neverallow policy.bin rules.conf
	run jq -c '.neverallow_violations' <<<"$stderr"
	[ "$output" = '[{"kind":"neverallow","rule":{"file":"rules.conf","line":1,"column":1},"source":"user_t","target":"etc_t","class":"file","permissions":["read"],"allowed_by":[{"file":null,"line":null,"column":null,"rule":"allow readers etc_t:file { read getattr ioctl }"}]}]' ]
	echo 'neverallow user_t etc_t:file write;' >rules.conf
	run -0 --separate-stderr sepolc --json --check-neverallow policy.bin rules.conf
	run jq -c '[.neverallow_violations, .diagnostics]' <<<"$stderr"
	[ "$output" = '[[],[]]' ]
}

@test "sepolc --json: compiling CIL, each violated statement, as the CIL compiler names it, in neverallow_violations" {
	require_command jq jq
	run -0 sepolc -b -C -o policy.cil policy.bin
	cp policy.cil bad.cil
	printf '%s\n' '(neverallow user_t etc_t (file (read write)))' \
		'(neverallowx user_t etc_t (ioctl file (0x8911)))' '(neverallow user_t etc_t (file (write)))' >>bad.cil
	n=$(wc -l <policy.cil)
	run -2 --separate-stderr sepolc --json -o out bad.cil
	[ -z "$output" ]
	[ ! -e out ]
	run jq -c '.neverallow_violations | sort_by(.rule.line) | .[] | [.kind, .rule.file, .rule.line - '"$n"', .source, .target, .class, .permissions, .extended_permissions, [.allowed_by[] | .file, (.rule | test("^[(]allow"))]]' <<<"$stderr"
	lines_are <<'EOF'
["neverallow","bad.cil",1,"user_t","etc_t","file",["read","write"],null,["bad.cil",true]]
["neverallowxperm","bad.cil",2,"user_t","etc_t","file",["ioctl"],"ioctl (0x8911)",["bad.cil",true]]
EOF
	# the text diagnostics are unchanged: an error per statement, a note per allow rule
	run -2 --separate-stderr sepolc -o out bad.cil
	[ "$(grep -c 'error: neverallowx\? check failed' <<<"$stderr")" -eq 2 ]
	# a valid CIL policy has no key, as a policy.conf compiled without violations
	run -0 --separate-stderr sepolc --json -o out policy.cil
	run jq -c 'has("neverallow_violations")' <<<"$stderr"
	[ "$output" = false ]
}
