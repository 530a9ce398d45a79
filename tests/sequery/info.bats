#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sequery info from the outside: exit statuses, diagnostics, -x, --flat,
# --json and -q, on policies compiled from the shared corpus at test time.
# The output itself is compared with seinfo's in tests/oracle/.
bats_require_minimum_version 1.5.0
load ../helpers

setup_file() {
	export MLS="$BATS_FILE_TMPDIR/allonce_mls.33" STD="$BATS_FILE_TMPDIR/allonce.33"
	export XEN="$BATS_FILE_TMPDIR/ioportcon.xen"
}

# need POLICY...: each of $MLS, $STD and $XEN named, compiled by sepolc from
# the corpus (a skip without the corpus, a failure when sepolc fails)
need() {
	local p
	for p in "$@"; do
		case $p in
		"$MLS") corpus_fixture "$p" checkpolicy/policy_allonce_mls.conf -M -c 33 ;;
		"$STD") corpus_fixture "$p" checkpolicy/policy_allonce.conf -c 33 ;;
		"$XEN") corpus_fixture "$p" setools/ioportconquery.conf -M -t xen -c 30 ;;
		*) false ;;
		esac || return 1
	done
}

no_sanitizer_report() {
	[[ "$stderr" != *Sanitizer* && "$stderr" != *"runtime error"* ]]
}

@test "sequery info: no component option prints the statistics and exits 0" {
	need "$MLS"
	run -0 --separate-stderr sequery info "$MLS"
	[ "${lines[0]}" = "Statistics for policy file: $MLS" ]
	[ "${lines[1]}" = "Policy Version:             33 (MLS enabled)" ]
	[[ "$output" == *"  Types:                 4    Attributes:            2"* ]]
	[[ "$output" == *"  Netifcon:              1    Nodecon:               2"* ]]
	[ -z "$stderr" ]
}

@test "sequery info: a non-MLS policy says so and has no categories" {
	need "$STD"
	run -0 --separate-stderr sequery info "$STD"
	[ "${lines[1]}" = "Policy Version:             33 (MLS disabled)" ]
	run -1 --separate-stderr sequery info "$STD" --category
	[ "$output" = $'\nCategories: 0' ]
}

@test "sequery info: -t lists types sorted under a count" {
	need "$MLS"
	run -0 --separate-stderr sequery info "$MLS" -t
	[ "$output" = $'\nTypes: 4\n   TYPE1\n   TYPE2\n   TYPE3\n   TYPE4' ]
	[ -z "$stderr" ]
}

@test "sequery info: -x prints statements, attributes with their member types" {
	need "$MLS"
	run -0 sequery info "$MLS" -t TYPE4 -x
	[ "$output" = $'\nTypes: 1\n   type TYPE4 alias TYPEALIAS4, ATTR2;' ]
	run -0 sequery info "$MLS" -a -x
	[ "$output" = $'\nType Attributes: 2\n   attribute ATTR1;\n\t<empty attribute>\n   attribute ATTR2;\n\tTYPE4' ]
}

@test "sequery info: a type is found by its alias" {
	need "$MLS"
	run -0 sequery info "$MLS" -t TYPEALIAS3B -x
	[ "$output" = $'\nTypes: 1\n   type TYPE3 alias { TYPEALIAS3A TYPEALIAS3B };' ]
}

@test "sequery info: an unknown name prints seinfo's empty list, exits 1 and suggests" {
	need "$MLS"
	run -1 --separate-stderr sequery info "$MLS" -t TYPE5
	[ "$output" = $'\nTypes: 0' ]
	[[ "${stderr_lines[0]}" == *"unknown type 'TYPE5'"* ]]
	[[ "$stderr" == *"note: did you mean "*"'TYPE1'"* ]]
	no_sanitizer_report
}

@test "sequery info: one listed component among several is enough for exit 0" {
	need "$MLS"
	run -0 --separate-stderr sequery info "$MLS" -t TYPE1 -r NO_SUCH_ROLE
	[[ "$output" == *$'\nRoles: 0\n'* ]]
	[[ "$output" == *$'\nTypes: 1\n   TYPE1'* ]]
	[[ "$stderr" == *"unknown role 'NO_SUCH_ROLE'"* ]]
}

@test "sequery info: an empty list exits 1; a named miss also says why" {
	need "$XEN" "$MLS"
	run -1 --separate-stderr sequery info "$XEN" --permissive
	[ "$output" = $'\nPermissive Types: 0' ]
	[ -z "$stderr" ]
	run -1 --separate-stderr sequery info "$MLS" --typebounds TYPE1
	[ "$output" = $'\nTypebounds: 0' ]
	[[ "$stderr" == *"'TYPE1'"* ]]
}

@test "sequery info: --flat drops counts, indentation and statistics" {
	need "$MLS"
	run -0 sequery info "$MLS" --flat -c
	[ "$output" = $'CLASS1\nCLASS2\nCLASS3\ndir\nfile\nprocess' ]
	run -0 sequery info "$MLS" --flat
	[ -z "$output" ]
}

@test "sequery info: an optional value may be attached or given with '='" {
	need "$MLS"
	run -0 sequery info "$MLS" -uUSER1 -x
	[ "$output" = $'\nUsers: 1\n   user USER1 roles ROLE1 level s0 range s0 - s1:c0.c1;' ]
	run -0 sequery info "$MLS" --sensitivity=SENSALIAS -x
	[ "$output" = $'\nSensitivities: 1\n   sensitivity s2 alias SENSALIAS;' ]
}

@test "sequery info: labeling statements print with their contexts" {
	need "$MLS"
	run -0 sequery info "$MLS" --portcon 150
	[ "$output" = $'\nPortcon: 1\n   portcon udp 100-200 USER1:ROLE1:TYPE1:s0' ]
	run -0 sequery info "$MLS" --nodecon 127.0.0.1
	[ "$output" = $'\nNodecon: 1\n   nodecon 127.0.0.1 255.255.255.255 USER1:ROLE1:TYPE1:s0' ]
	run -0 sequery info "$MLS" --genfscon proc
	[ "${lines[1]}" = "   genfscon proc / -d USER1:ROLE1:TYPE1:s0" ]
}

@test "sequery info: an unknown class for --constrain is an input error (exit 2)" {
	need "$MLS"
	run -2 --separate-stderr sequery info "$MLS" --constrain CLAS1
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == *"unknown class 'CLAS1'"* ]]
	[[ "$stderr" == *"did you mean 'CLASS1'"* ]]
	no_sanitizer_report
}

@test "sequery info: malformed ports, pkeys and addresses exit 2 with stdout empty" {
	need "$MLS"
	local arg
	for arg in "--portcon abc" "--portcon 1-2-3" "--portcon 9-5" "--ibpkeycon zz" \
		"--ibpkeycon 0" "--nodecon not_an_address" "--nodecon 10.0.0.1/8"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr sequery info "$MLS" $arg
		[ -z "$output" ] || { echo "stdout for $arg: $output"; return 1; }
		[ -n "$stderr" ]
		no_sanitizer_report
	done
}

@test "sequery info: bad options and a second policy are usage errors" {
	need "$MLS"
	run -2 --separate-stderr sequery info "$MLS" --bogus-option
	[ -z "$output" ]
	[[ "$stderr" == *"--bogus-option"* ]]
	run -2 --separate-stderr sequery info "$MLS" "$MLS"
	[ -z "$output" ]
}

@test "sequery info: a missing or invalid policy exits 2" {
	run -2 --separate-stderr sequery info "$BATS_TEST_TMPDIR/none.33"
	[ -z "$output" ]
	[[ "$stderr" == *"none.33"* ]]
	printf 'not a policy\n' >"$BATS_TEST_TMPDIR/bad.33"
	run -2 --separate-stderr sequery info "$BATS_TEST_TMPDIR/bad.33" -t
	[ -z "$output" ]
	[[ "$stderr" == *"not a valid binary policy"* ]]
}

@test "sequery info: -q prints nothing and answers with the exit status" {
	need "$MLS"
	run -0 --separate-stderr sequery info "$MLS" -q -t TYPE1
	[ -z "$output" ]
	[ -z "$stderr" ]
	run -1 --separate-stderr sequery info "$MLS" -q -t TYPE5
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "sequery info: --json is one valid document with statistics and components" {
	need "$MLS"
	require_command python3
	run -0 --separate-stderr sequery info "$MLS" --json -t -b
	python3 - "$output" <<'EOF'
import json, sys
d = json.loads(sys.argv[1])
assert d["format_version"] == 1 and d["tool"] == "sequery" and d["command"] == "info"
assert "statistics" not in d
assert [t["name"] for t in d["types"]] == ["TYPE1", "TYPE2", "TYPE3", "TYPE4"]
assert d["types"][3]["attributes"] == ["ATTR2"] and d["types"][3]["aliases"] == ["TYPEALIAS4"]
assert d["booleans"] == [{"name": "BOOL1", "statement": "bool BOOL1 true;", "state": True}]
EOF
	run -0 --separate-stderr sequery --json info "$MLS"
	python3 -c 'import json, sys; d = json.loads(sys.argv[1]); assert d["statistics"]["types"] == 4 and d["statistics"]["mls"] is True' "$output"
	run -0 sequery info "$MLS" --all --json
	python3 -m json.tool <<<"$output" >/dev/null
}

@test "sequery info: Xen options list Xen statements on a Xen policy only" {
	need "$XEN" "$MLS"
	run -0 --separate-stderr sequery info "$XEN" --ioportcon
	[ "${lines[0]}" = "Ioportcon: 35" ]
	[ "${lines[1]}" = "   ioportcon 1 system:system:system:s0:c0.c1" ]
	run -0 sequery info "$XEN"
	[ "${lines[2]}" = "Target Policy:              xen" ]
	[[ "$output" == *"  Iomemcon:              0    Ioportcon:            35"* ]]
	# on an SELinux policy the Xen options select nothing: statistics
	run -0 sequery info "$MLS" --ioportcon
	[ "${lines[0]}" = "Statistics for policy file: $MLS" ]
}

@test "sequery info: -h prints usage on stdout and exits 0" {
	run -0 --separate-stderr sequery info -h
	[[ "${lines[0]}" == Usage:* ]]
	[[ "$output" == *"--validatetrans"* ]]
	[ -z "$stderr" ]
}

@test "sequery info: the reference policy's statistics match seinfo's" {
	require_debian_policy
	require_command seinfo setools
	diff <(sequery info "$DEBIAN_POLICY") <(seinfo "$DEBIAN_POLICY")
}
