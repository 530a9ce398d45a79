#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sequery diff: what changed between two policies, in sediff's lines.
bats_require_minimum_version 1.5.0
load ../helpers
load policies

FIX="$BATS_TEST_DIRNAME/fixtures/good"

setup_file() {
	compile_small_policy
	if command -v checkpolicy >/dev/null 2>&1; then
		for side in left right; do
			checkpolicy -o "$BATS_FILE_TMPDIR/cond-$side.pol" \
				"$BATS_TEST_DIRNAME/fixtures/good/diff-cond-$side.conf" >/dev/null 2>&1 ||
				rm -f "$BATS_FILE_TMPDIR/cond-$side.pol"
		done
	fi
}

setup() {
	need_small_policy
	L="$BATS_FILE_TMPDIR/cond-left.pol" R="$BATS_FILE_TMPDIR/cond-right.pol"
	[ -f "$L" ] && [ -f "$R" ]
}

@test "sequery diff: identical policies exit 0 and print nothing on stdout" {
	run -0 --separate-stderr sequery diff "$SMALL" "$SMALL"
	[ -z "$output" ]
}

@test "sequery diff: different policies exit 1 (sediff exits 0)" {
	run -1 --separate-stderr sequery diff -t "$SMALL" "$L"
	[[ "$output" == "Types ("*" Added, "*" Removed, "*" Modified)"* ]]
	run -1 --separate-stderr sequery -q diff "$SMALL" "$L"
	[ -z "$output" ]
}

@test "sequery diff: conditionals compare by truth table: b1 && b2 is b2 && b1, if (b) else is if (!b)" {
	# sediff prints the first rule once removed and once added
	run -0 --separate-stderr sequery diff "$L" "$R"
	[ -z "$output" ]
	run -0 --separate-stderr sequery diff --allow "$L" "$R"
	[ "$output" = "Allow Rules (0 Added, 0 Removed, 0 Modified)" ]
}

@test "sequery diff: a conditional permission an unconditional rule grants is not a difference" {
	# left: allow domattr b_t:file read, and read open under b2; the read is dropped
	run -1 --separate-stderr sequery diff --allow "$L" "$SMALL"
	[[ "$output" == *"- allow a_t b_t:file open; [ b2 ]:True"* ]]
	[[ "$output" != *"- allow a_t b_t:file { open read }; [ b2 ]:True"* ]]
}

@test "sequery diff: --stats prints the headers only" {
	run -1 --separate-stderr sequery diff --stats -t -b "$SMALL" "$L"
	lines_are 0 <<-EOF
	Booleans (2 Added, 1 Removed, 0 Modified)
	Types (3 Added, 7 Removed, 0 Modified)
	EOF
	[ "${#lines[@]}" -eq 2 ]
}

@test "sequery diff: a selected section is printed even without differences" {
	run -0 --separate-stderr sequery diff -u --polcap "$L" "$R"
	[ "$output" = "Users (0 Added, 0 Removed, 0 Modified)

Policy Capabilities (0 Added, 0 Removed)" ]
}

@test "sequery diff: --json names the groups as setools' MCP server does" {
	require_command jq jq
	run -1 --separate-stderr sequery --json diff --allow -t "$L" "$SMALL"
	jq -e '.command == "diff" and .different == true' <<<"$output"
	jq -e '.differences.te_rules.removed_allows.truncated == false' <<<"$output"
	jq -e '.differences.te_rules.removed_allows.rules | index("allow a_t b_t:file open; [ b2 ]:True")' <<<"$output"
	jq -e '.differences.te_rules | has("added_allows") and has("modified_allows")' <<<"$output"
	jq -e '.differences.types.removed | index("a_t")' <<<"$output"
}

@test "sequery diff: a modified rule lists kept, added and removed permissions" {
	require_command jq jq
	sed 's/allow a_t b_t:file { read open };/allow a_t b_t:file { read write };/' "$FIX/diff-cond-left.conf" \
		>"$BATS_TEST_TMPDIR/m.conf"
	checkpolicy -o "$BATS_TEST_TMPDIR/m.pol" "$BATS_TEST_TMPDIR/m.conf" >/dev/null
	run -1 --separate-stderr sequery diff --allow "$L" "$BATS_TEST_TMPDIR/m.pol"
	[[ "$output" == *"      * allow a_t b_t:file { +write -open }; [ b2 ]"* ]]
	run -1 --separate-stderr sequery --json diff --allow "$L" "$BATS_TEST_TMPDIR/m.pol"
	jq -e '.differences.te_rules.modified_allows.rules[0] == {"rule": "allow a_t b_t:file open; [ b2 ]:True", "added_perms": ["write"], "removed_perms": ["open"], "matched_perms": []}' <<<"$output"
}

@test "sequery diff: every sediff selector is accepted, and no section is left out" {
	run -0 --separate-stderr sequery diff -c --common -r -u -b -a -t -A --auditallow --dontaudit --polcap -v --debug "$L" "$R"
	run -0 --separate-stderr sequery diff -T --type_change --type_member --role_allow --role_trans \
		--range_trans --initialsid --fs_use --genfscon --netifcon --portcon "$L" "$R"
	run -0 --separate-stderr sequery diff --property --category --sensitivity --level --constrain \
		--mlsconstrain --validatetrans --mlsvalidatetrans --ibendportcon --ibpkeycon --nodecon \
		--default --typebounds "$L" "$R"
	run -0 --separate-stderr sequery diff --allowxperm --neverallow --neverallowxperm --auditallowxperm \
		--dontauditxperm "$L" "$R"
	run -0 --separate-stderr sequery diff "$L" "$R"
	[ -z "$stderr" ]
	[ -z "$output" ]
}

@test "sequery diff: a truncated policy, a missing one, one policy: exit 2 with the reason" {
	head -c "$(($(wc -c <"$L") / 2))" "$L" >"$BATS_TEST_TMPDIR/trunc.pol"
	run -2 --separate-stderr sequery diff "$L" "$BATS_TEST_TMPDIR/trunc.pol"
	[[ "$stderr" == *"trunc.pol"* ]]
	[ -z "$output" ]
	run -2 --separate-stderr sequery diff "$L" "$BATS_TEST_TMPDIR/none.pol"
	[[ "$stderr" == *"none.pol"* ]]
	run -2 --separate-stderr sequery diff
	[[ "$stderr" == *"no policies given"* ]]
}

@test "sequery diff: an MLS policy against a non-MLS one shows the users' levels as sediff does" {
	need_refpolicy
	run -1 --separate-stderr sequery diff -u "$L" "$REFPOLICY"
	[[ "$output" == *"      * system_u ("*"Modified default level, Modified range)"* ]]
	[[ "$output" == *"          - None (MLS Disabled)"* ]]
}

# refpolicy seed 69403: minissdpd_t's conditional connectto to nscd_t, on
# both branches, was reported removed. Once a conditional entry an
# unconditional rule covers was dropped, the next kept entry overwrote the
# unconditional entry's slot, and a conditional entry of one branch then
# "covered" the other branch's. The left policy has such a covered entry
# (x_t), the right not: no difference.
@test "sequery diff: a covered conditional entry dropped does not drop the other branch of a later rule (seed 69403)" {
	command -v checkpolicy >/dev/null || skip "no checkpolicy"
	cat >"$BATS_TEST_TMPDIR/l.conf" <<-'EOF'
		class file
		class sock
		sid kernel
		class file { read write }
		class sock { connectto }
		type sys_t;
		type a_t;
		type x_t;
		type y_t;
		type z_t;
		bool b true;
		allow a_t x_t:file read;
		allow a_t y_t:file read;
		if (b) {
			allow a_t x_t:file read; # covered
			allow a_t z_t:sock connectto;
		} else {
			allow a_t z_t:sock connectto;
		}
		role object_r;
		role system_r;
		role system_r types { sys_t a_t x_t y_t z_t };
		user system_u roles system_r;
		sid kernel system_u:system_r:sys_t
	EOF
	grep -v '# covered' "$BATS_TEST_TMPDIR/l.conf" >"$BATS_TEST_TMPDIR/r.conf"
	for s in l r; do
		checkpolicy -o "$BATS_TEST_TMPDIR/$s.pol" "$BATS_TEST_TMPDIR/$s.conf" >/dev/null
	done
	run -0 --separate-stderr sequery diff --allow "$BATS_TEST_TMPDIR/l.pol" "$BATS_TEST_TMPDIR/r.pol"
	run -0 --separate-stderr sequery diff --allow "$BATS_TEST_TMPDIR/r.pol" "$BATS_TEST_TMPDIR/l.pol"
	if command -v sediff >/dev/null; then
		run -0 sediff --allow "$BATS_TEST_TMPDIR/l.pol" "$BATS_TEST_TMPDIR/r.pol"
		[[ "$output" == *"Allow Rules (0 Added, 0 Removed, 0 Modified)"* ]]
	fi
}

@test "sequery diff: type_* rules, role rules and labeling statements: added, removed, modified as sediff prints them" {
	command -v checkpolicy >/dev/null || skip "no checkpolicy"
	cat >"$BATS_TEST_TMPDIR/l.conf" <<-'EOF'
		class file
		class process
		sid kernel
		sid port
		class file { read }
		class process { transition }
		type sys_t;
		type a_t;
		type b_t;
		type c_t;
		bool b true;
		type_transition a_t b_t:process c_t;
		type_transition a_t b_t:file c_t "name";
		type_change a_t b_t:file c_t;
		if (b) {
			type_member a_t b_t:file c_t;
		}
		role object_r;
		role system_r;
		role other_r;
		role system_r types { sys_t a_t b_t c_t };
		role other_r types { sys_t a_t b_t c_t };
		allow system_r other_r;
		role_transition system_r b_t:process other_r;
		user system_u roles { system_r other_r };
		sid kernel system_u:system_r:sys_t
		sid port system_u:object_r:sys_t
		fs_use_xattr ext4 system_u:object_r:sys_t;
		genfscon proc / system_u:object_r:sys_t
		portcon tcp 80 system_u:object_r:a_t
		portcon tcp 8000-8010 system_u:object_r:a_t
		netifcon lo system_u:object_r:sys_t system_u:object_r:sys_t
	EOF
	sed -e 's/^\(type_transition a_t b_t:process\) c_t;/\1 sys_t;/' -e '/"name"/d' -e '/^allow system_r/d' \
		-e 's/^if (b) {/if (!b) {\n} else {/' -e 's/^\(portcon tcp 80\) system_u:object_r:a_t/\1 system_u:object_r:b_t/' \
		-e 's/^\(netifcon lo\) \(.*\) system_u:object_r:sys_t$/\1 \2 system_u:object_r:c_t/' \
		-e 's/^fs_use_xattr ext4/fs_use_xattr xfs/' "$BATS_TEST_TMPDIR/l.conf" >"$BATS_TEST_TMPDIR/r.conf"
	for s in l r; do
		checkpolicy -o "$BATS_TEST_TMPDIR/$s.pol" "$BATS_TEST_TMPDIR/$s.conf" >/dev/null
	done
	L="$BATS_TEST_TMPDIR/l.pol" R="$BATS_TEST_TMPDIR/r.pol"
	# type_member moved from "if (b)" to the else branch of "if (!b)": no
	# change (sediff prints one removed and one added: left out below)
	run -1 --separate-stderr sequery diff -T --type_change --type_member --role_allow --role_trans \
		--fs_use --genfscon --netifcon --portcon "$L" "$R"
	[[ "$output" == *"Type_member Rules (0 Added, 0 Removed, 0 Modified)"* ]]
	run -1 --separate-stderr sequery diff -T --type_change --role_allow --role_trans \
		--fs_use --genfscon --netifcon --portcon "$L" "$R"
	[[ "$output" == *"Type_transition Rules (0 Added, 1 Removed, 1 Modified)"* ]]
	[[ "$output" == *"      - type_transition a_t b_t:file c_t name;"* ]]
	[[ "$output" == *"      * type_transition a_t b_t:process +sys_t -c_t;"* ]]
	[[ "$output" == *"Type_change Rules (0 Added, 0 Removed, 0 Modified)"* ]]
	[[ "$output" == *"Role allow Rules (0 Added, 1 Removed)"*"      - allow system_r other_r;"* ]]
	[[ "$output" == *"Fs_use (1 Added, 1 Removed, 0 Modified)"* ]]
	[[ "$output" == *"      + fs_use_xattr xfs system_u:object_r:sys_t;"* ]]
	[[ "$output" == *"      * portcon tcp 80 +[system_u:object_r:b_t] -[system_u:object_r:a_t];"* ]]
	[[ "$output" == *"      * lo (Modified Packet Context)"$'\n'"          Packet Context:"$'\n'"             + system_u:object_r:c_t"* ]]
	[[ "$output" != *"8000-8010"* ]]
	if command -v sediff >/dev/null; then
		local want
		want=$(sediff -T --type_change --role_allow --role_trans --fs_use --genfscon \
			--netifcon --portcon "$L" "$R")
		[ "$output" = "$want" ]
	fi
	run -1 --separate-stderr sequery --json diff -T --portcon "$L" "$R"
	jq -e '.differences.te_rules.modified_type_transitions.rules[0] == {"rule": "type_transition a_t b_t:process c_t;", "added_default": "sys_t", "removed_default": "c_t"}' <<<"$output"
	jq -e '.differences.portcons.modified[0].added_context == "system_u:object_r:b_t"' <<<"$output"
}

# make check compares one fixed change of refpolicy (seed 62968), so that it
# passes or fails the same way each run; random seeds run behind
# 'make oracle-sequery-diff'.
@test "sequery diff: sediff's lines on setools' diff test policies, and on refpolicy against one fixed change" {
	run_suite "$BATS_TEST_DIRNAME/../oracle/sequery-diff-oracle.sh" --mutations "${SEKIT_DIFF_MUTATIONS:-1}" \
		--seed "${SEKIT_DIFF_SEED:-62968}"
}

@test "sequery diff: sensitivity and category aliases (values of their own) are no gap in their tables" {
	require_corpus setools/diff_left.conf
	checkpolicy -M -o "$BATS_TEST_TMPDIR/l.pol" "$SEKIT_CORPUS/setools/diff_left.conf" >/dev/null
	run -0 --separate-stderr sequery diff "$BATS_TEST_TMPDIR/l.pol" "$BATS_TEST_TMPDIR/l.pol"
	[ -z "$stderr" ]
}

@test "sequery diff: MLS symbols, constraints, InfiniBand and node contexts, defaults, typebounds, properties: sediff's lines in its order" {
	require_corpus setools/diff_left.conf
	for side in left right; do
		checkpolicy -M -o "$BATS_TEST_TMPDIR/$side.pol" "$SEKIT_CORPUS/setools/diff_$side.conf" >/dev/null 2>&1
	done
	run -1 --separate-stderr sequery diff --category --sensitivity --level --constrain --validatetrans \
		--ibendportcon --ibpkeycon --nodecon --default --typebounds \
		"$BATS_TEST_TMPDIR/left.pol" "$BATS_TEST_TMPDIR/right.pol"
	lines_are <<-'EOF'
		Categories (1 Added, 1 Removed, 2 Modified)
		   Added Categories: 1
		      + c6
		   Removed Categories: 1
		      - c5
		   Modified Categories: 2
		      * c0 (1 Removed Aliases)
		          Aliases:
		          - eggs
		      * c1 (1 Added Aliases)
		          Aliases:
		          + foo
		Sensitivities (1 Added, 1 Removed, 2 Modified)
		   Added Sensitivites: 1
		      + s46
		   Removed Sensitivities: 1
		      - s47
		   Modified Sensitivities: 2
		      * s0 (1 Removed Aliases)
		          Aliases:
		          - al2
		      * s1 (1 Added Aliases)
		          Aliases:
		          + al4
		Levels (1 Added, 1 Removed, 2 Modified)
		   Added Levels: 1
		      + s46:c0.c4
		   Removed Levels: 1
		      - s47:c0.c4
		   Modified Levels: 2
		      * s40 (1 Added Categories)
		          + c3
		      * s41 (1 Removed Categories)
		          - c4
		Constraints (2 Added, 2 Removed)
		   Added Constraints: 2
		      + constrain infoflow3 null (u1 != u2); 
		      + constrain infoflow5 hi_r (u1 == u2 and ( r1 == r2 ) or ( t1 != system )); 
		   Removed Constraints: 2
		      - constrain infoflow4 hi_w (u1 != u2); 
		      - constrain infoflow5 hi_r (u1 == u2 and ( r1 == r2 ) or ( t1 == system )); 
		Validatetrans (2 Added, 2 Removed)
		   Added Validatetrans: 2
		      + validatetrans infoflow3 (t1 == t2 or ( t3 == system ));
		      + validatetrans infoflow5 (u1 != u2 and ( r1 == r2 ) or ( t3 == system ));
		   Removed Validatetrans: 2
		      - validatetrans infoflow4 (u1 == u2 or ( t3 == system ));
		      - validatetrans infoflow5 (u1 == u2 and ( r1 != r2 ) or ( t3 == system ));
		Ibendportcons (1 Added, 1 Removed, 1 Modified)
		   Added Ibendportcons: 1
		      + ibendportcon add 23 system:system:system:s0
		   Removed Ibendportcons: 1
		      - ibendportcon removed 7 system:system:system:s0
		   Modified Ibendportcons: 1
		      * ibendportcon modified 13 +[modified_change_level:object_r:system:s2] -[modified_change_level:object_r:system:s2:c0.c1]
		Ibpkeycons (2 Added, 2 Removed, 2 Modified)
		   Added Ibpkeycons: 2
		      + ibpkeycon beef:: 0xe system:system:system:s0
		      + ibpkeycon dead:: 0xbeef-0xdead system:system:system:s0
		   Removed Ibpkeycons: 2
		      - ibpkeycon dccc:: 0xc system:system:system:s0
		      - ibpkeycon feee:: 0xaaaa-0xbbbb system:system:system:s0
		   Modified Ibpkeycons: 2
		      * ibpkeycon aaaa:: 0xcccc-0xdddd +[modified_change_level:object_r:system:s2:c0] -[modified_change_level:object_r:system:s2:c1]
		      * ibpkeycon bbbb:: 0xf +[modified_change_level:object_r:system:s2:c1] -[modified_change_level:object_r:system:s2:c0.c1]
		Nodecons (4 Added, 4 Removed, 2 Modified)
		   Added Nodecons: 4
		      + nodecon 124.0.0.0 255.0.0.0 added_user:object_r:system:s0
		      + nodecon 125.0.0.0 255.255.0.0 system:object_r:system:s0
		      + nodecon ff04:: ffff:ffff:ffff:fffc:: added_user:object_r:system:s0
		      + nodecon ff05:: ffff:ffff:ffff:fff0:: system:object_r:system:s0
		   Removed Nodecons: 4
		      - nodecon 122.0.0.0 255.0.0.0 removed_user:object_r:system:s0
		      - nodecon 125.0.0.0 255.0.0.0 system:object_r:system:s0
		      - nodecon ff02:: ffff:ffff:ffff:fffc:: removed_user:object_r:system:s0
		      - nodecon ff05:: ffff:ffff:ffff:fffc:: system:object_r:system:s0
		   Modified Nodecons: 2
		      * nodecon 123.0.0.0 255.0.0.0 +[modified_change_level:object_r:system:s2:c0] -[modified_change_level:object_r:system:s2:c1];
		      * nodecon ff03:: ffff:ffff:ffff:fffc:: +[modified_change_level:object_r:system:s2:c1] -[modified_change_level:object_r:system:s2:c0.c1];
		Defaults (2 Added, 2 Removed, 4 Modified)
		   Added Defaults: 2
		      + default_range infoflow2 source low;
		      + default_user infoflow2 target;
		   Removed Defaults: 2
		      - default_range infoflow3 target high;
		      - default_role infoflow3 source;
		   Modified Defaults: 4
		      * default_range infoflow4 +target -source low;
		      * default_range infoflow5 target +high -low;
		      * default_range infoflow6 +target -source +low -high;
		      * default_type infoflow4 +target -source;
		Typebounds (1 Added, 1 Removed, 1 Modified)
		   Added Typebounds: 1
		      + typebounds added_parent added_child;
		   Removed Typebounds: 1
		      - typebounds removed_parent removed_child;
		   Modified Typebounds: 1
		      * typebounds +mod_parent_added -mod_parent_removed mod_child;
	EOF
	checkpolicy -o "$BATS_TEST_TMPDIR/std.pol" "$SEKIT_CORPUS/setools/diff_left_standard.conf" >/dev/null 2>&1
	run -1 --separate-stderr sequery diff --property "$BATS_TEST_TMPDIR/left.pol" "$BATS_TEST_TMPDIR/std.pol"
	lines_are <<-'EOF'
		Policy Properties (1 Modified)
		      * MLS +False -True
	EOF
}

# Extended permission rules. Right: a_t's rule gains ioctls of two more
# drivers, one granted through an attribute (domattr: a_t, c_t); c_t gains
# rules whose ioctls span several avtab entries (one per driver); the
# dontauditxperm rule goes.
xperm_policies() {
	cat >"$BATS_TEST_TMPDIR/x.conf" <<-'EOF'
		class file
		class chr_file
		sid kernel
		class file { read ioctl }
		class chr_file { read ioctl }
		type sys_t;
		type a_t;
		type b_t;
		type c_t;
		attribute domattr;
		typeattribute a_t domattr;
		typeattribute c_t domattr;
		allow domattr b_t:chr_file ioctl;
		RULES
		role object_r;
		role system_r;
		role system_r types { sys_t a_t b_t c_t };
		user system_u roles system_r;
		sid kernel system_u:system_r:sys_t
	EOF
	sed 's/^RULES$/allowxperm a_t b_t:chr_file ioctl 0x5401;\ndontauditxperm a_t b_t:chr_file ioctl { 0x10-0x11 };/' \
		"$BATS_TEST_TMPDIR/x.conf" >"$BATS_TEST_TMPDIR/xl.conf"
	sed 's/^RULES$/allowxperm a_t b_t:chr_file ioctl { 0x5401 0x8901 0x8902 };\nallowxperm domattr b_t:chr_file ioctl { 0x1200-0x12ff 0x5402 };\nallowxperm c_t b_t:file ioctl { 0x10 0x9000-0x90ff 0x7700 };/' \
		"$BATS_TEST_TMPDIR/x.conf" >"$BATS_TEST_TMPDIR/xr.conf"
	XL=$BATS_TEST_TMPDIR/xl.pol XR=$BATS_TEST_TMPDIR/xr.pol
	sepolc_fixture "$XL" "$BATS_TEST_TMPDIR/xl.conf"
	sepolc_fixture "$XR" "$BATS_TEST_TMPDIR/xr.conf"
}

@test "sequery diff: xperm rules expanded and their ioctls unioned per key, runs written as sediff writes them" {
	xperm_policies
	run -1 --separate-stderr sequery diff --allowxperm --auditallowxperm --dontauditxperm "$XL" "$XR"
	lines_are 0 <<-'EOF'
		Allowxperm Rules (2 Added, 0 Removed, 1 Modified)
		   Added Allowxperm Rules: 2
		      + allowxperm c_t b_t:chr_file ioctl { 0x1200-0x12ff 0x5402 };
		      + allowxperm c_t b_t:file ioctl { 0x0010 0x7700 0x9000-0x90ff };
		   Modified Allowxperm Rules: 1
		      * allowxperm a_t b_t:chr_file ioctl { 0x5401 +[0x1200-0x12ff] +0x5402 +[0x8901-0x8902] };
		Auditallowxperm Rules (0 Added, 0 Removed, 0 Modified)
		Dontauditxperm Rules (0 Added, 1 Removed, 0 Modified)
		   Removed Dontauditxperm Rules: 1
		      - dontauditxperm a_t b_t:chr_file ioctl 0x0010-0x0011;
	EOF
	[ "${#lines[@]}" -eq 10 ]
	run -1 --separate-stderr sequery diff --allowxperm "$XR" "$XL"
	[[ "$output" == *"      - allowxperm c_t b_t:file ioctl { 0x0010 0x7700 0x9000-0x90ff };"* ]]
	[[ "$output" == *"      * allowxperm a_t b_t:chr_file ioctl { 0x5401 -[0x1200-0x12ff] -0x5402 -[0x8901-0x8902] };"* ]]
	# sediff prints an added rule with one avtab entry's ioctls (one
	# driver's: 0x9000-0x90ff of c_t's file rule); the rest is its line
	if command -v sediff >/dev/null; then
		local want
		want=$(sediff --allowxperm --auditallowxperm --dontauditxperm "$XL" "$XR" | grep -v '^      + allowxperm c_t ')
		run -1 sequery diff --allowxperm --auditallowxperm --dontauditxperm "$XL" "$XR"
		[ "$(grep -v '^      + allowxperm c_t ' <<<"$output")" = "$want" ]
	fi
}

@test "sequery diff: -A is allow and allowxperm; neverallow sections are empty, as a kernel policy holds none" {
	xperm_policies
	run -1 --separate-stderr sequery diff -A "$XL" "$XR"
	[ "${lines[0]}" = "Allow Rules (0 Added, 0 Removed, 0 Modified)" ]
	[ "${lines[1]}" = "Allowxperm Rules (2 Added, 0 Removed, 1 Modified)" ]
	run -0 --separate-stderr sequery diff --neverallow --neverallowxperm "$XL" "$XR"
	[ "$output" = "Neverallow Rules (0 Added, 0 Removed, 0 Modified)

Neverallowxperm Rules (0 Added, 0 Removed, 0 Modified)" ]
	run -1 --separate-stderr sequery diff "$XL" "$XR"
	[[ "$output" != *Neverallow* ]]
}

@test "sequery diff: --json keys the xperm sections as setools names them, runs as strings" {
	require_command jq
	xperm_policies
	run -1 --separate-stderr sequery --json diff --allowxperm --dontauditxperm "$XL" "$XR"
	jq -e '.differences.te_rules.modified_allowxperms.rules[0] == {"rule": "allowxperm a_t b_t:chr_file ioctl 0x5401;", "added_perms": ["0x1200-0x12ff", "0x5402", "0x8901-0x8902"], "removed_perms": [], "matched_perms": ["0x5401"]}' <<<"$output"
	jq -e '.differences.te_rules.added_allowxperms.rules == ["allowxperm c_t b_t:chr_file ioctl { 0x1200-0x12ff 0x5402 };", "allowxperm c_t b_t:file ioctl { 0x0010 0x7700 0x9000-0x90ff };"]' <<<"$output"
	jq -e '.differences.te_rules.removed_dontauditxperms.rules == ["dontauditxperm a_t b_t:chr_file ioctl 0x0010-0x0011;"]' <<<"$output"
	run -1 --separate-stderr sequery --json diff "$XL" "$XR"
	jq -e '.differences.te_rules | has("added_neverallows") and has("added_neverallowxperms") and has("modified_auditallowxperms")' <<<"$output"
}

# setools sorts sensitivities (by dominance), categories and levels by
# value, not name: declared s0 s5 s3 ..., c0 c1 c5 c3 ...
@test "sequery diff: sensitivities, categories and levels in their values' order, as sediff prints them" {
	cat >"$BATS_TEST_TMPDIR/m.conf" <<-'EOF'
		class file
		sid kernel
		class file { read }
		SENS
		category c0;
		category c1;
		CATS
		LEVELS
		mlsconstrain file read (l1 eq l2);
		type sys_t;
		allow sys_t sys_t:file read;
		role object_r;
		role system_r;
		role system_r types { sys_t };
		user system_u roles system_r level s0 range s0 - s0;
		sid kernel system_u:system_r:sys_t:s0
	EOF
	sed -e 's/^SENS$/sensitivity s0;\nsensitivity s5;\nsensitivity s3;\nsensitivity s9;\nsensitivity s8;\ndominance { s0 s5 s3 s9 s8 }/' \
		-e 's/^CATS$/category c5;\ncategory c3;\ncategory c9;\ncategory c8;/' \
		-e 's/^LEVELS$/level s0:c0,c1;\nlevel s5:c0,c1,c9,c8;\nlevel s3:c0;\nlevel s9:c0;\nlevel s8:c0;/' \
		"$BATS_TEST_TMPDIR/m.conf" >"$BATS_TEST_TMPDIR/ml.conf"
	sed -e 's/^SENS$/sensitivity s0;\nsensitivity s5 alias s5a;\nsensitivity s3 alias s3a;\nsensitivity s2;\nsensitivity s10;\ndominance { s0 s5 s3 s2 s10 }/' \
		-e 's/^CATS$/category c5 alias c5a;\ncategory c3 alias c3a;\ncategory c2;\ncategory c10;/' \
		-e 's/^LEVELS$/level s0:c0,c1,c2,c10;\nlevel s5:c0;\nlevel s3:c0;\nlevel s2:c0;\nlevel s10:c0;/' \
		"$BATS_TEST_TMPDIR/m.conf" >"$BATS_TEST_TMPDIR/mr.conf"
	sepolc_fixture "$BATS_TEST_TMPDIR/ml.pol" "$BATS_TEST_TMPDIR/ml.conf" -M true
	sepolc_fixture "$BATS_TEST_TMPDIR/mr.pol" "$BATS_TEST_TMPDIR/mr.conf" -M true
	run -1 --separate-stderr sequery diff --category --sensitivity --level "$BATS_TEST_TMPDIR/ml.pol" "$BATS_TEST_TMPDIR/mr.pol"
	lines_are 0 <<-'EOF'
		Categories (2 Added, 2 Removed, 2 Modified)
		   Added Categories: 2
		      + c2
		      + c10
		   Removed Categories: 2
		      - c9
		      - c8
		   Modified Categories: 2
		      * c5 (1 Added Aliases)
		          Aliases:
		          + c5a
		      * c3 (1 Added Aliases)
		          Aliases:
		          + c3a
		Sensitivities (2 Added, 2 Removed, 2 Modified)
		   Added Sensitivites: 2
		      + s2
		      + s10
		   Removed Sensitivities: 2
		      - s9
		      - s8
		   Modified Sensitivities: 2
		      * s5 (1 Added Aliases)
		          Aliases:
		          + s5a
		      * s3 (1 Added Aliases)
		          Aliases:
		          + s3a
		Levels (2 Added, 2 Removed, 2 Modified)
		   Added Levels: 2
		      + s2:c0
		      + s10:c0
		   Removed Levels: 2
		      - s9:c0
		      - s8:c0
		   Modified Levels: 2
		      * s0 (2 Added Categories)
		          + c2
		          + c10
		      * s5 (3 Removed Categories)
		          - c1
		          - c9
		          - c8
	EOF
	if command -v sediff >/dev/null; then
		local got=$output
		run -0 sediff --category --sensitivity --level "$BATS_TEST_TMPDIR/ml.pol" "$BATS_TEST_TMPDIR/mr.pol"
		[ "$output" = "$got" ]
	fi
}

# setools' diff matches constraints by class, permission set and
# expression (in postfix, name sets as sets), not by their text: the two
# expressions of the second pair print alike in setools' infix form.
@test "sequery diff: constraints match as sediff matches them: reordered statements and sets are none, equal texts may differ" {
	cat >"$BATS_TEST_TMPDIR/c.conf" <<-'EOF'
		class file
		class dir
		sid kernel
		class file { read write }
		class dir { read search }
		type sys_t;
		type a_t;
		type b_t;
		allow sys_t sys_t:file read;
		role object_r;
		role system_r;
		role other_r;
		role system_r types { sys_t a_t b_t };
		role other_r types { sys_t a_t b_t };
		user system_u roles { system_r other_r };
		user other_u roles { system_r };
		STATEMENTS
		sid kernel system_u:system_r:sys_t
	EOF
	sed 's/^STATEMENTS$/constrain file { read write } (u1 == u2 or t1 == { a_t b_t });\nconstrain dir search (r1 == r2 and u1 == { system_u other_u });\nconstrain file read (u1 == u2 or (r1 == r2 and t1 == t2));\nvalidatetrans file (u1 == u2 or t3 == { a_t sys_t });\nvalidatetrans dir (r1 == r2);/' \
		"$BATS_TEST_TMPDIR/c.conf" >"$BATS_TEST_TMPDIR/cl.conf"
	# the same statements in another order, their sets and permissions
	# too, one twice
	sed 's/^STATEMENTS$/validatetrans dir (r1 == r2);\nconstrain file read (u1 == u2 or (r1 == r2 and t1 == t2));\nconstrain dir search (r1 == r2 and u1 == { other_u system_u });\nconstrain file { write read } (u1 == u2 or t1 == { b_t a_t });\nconstrain file read (u1 == u2 or (r1 == r2 and t1 == t2));\nvalidatetrans file (u1 == u2 or t3 == { sys_t a_t });/' \
		"$BATS_TEST_TMPDIR/c.conf" >"$BATS_TEST_TMPDIR/cr.conf"
	# another expression with the same text
	sed 's/^constrain file read (u1 == u2 or (r1 == r2 and t1 == t2));$/constrain file read ((u1 == u2 or r1 == r2) and t1 == t2);/' \
		"$BATS_TEST_TMPDIR/cl.conf" >"$BATS_TEST_TMPDIR/cx.conf"
	for s in cl cr cx; do
		sepolc_fixture "$BATS_TEST_TMPDIR/$s.pol" "$BATS_TEST_TMPDIR/$s.conf"
	done
	run -0 --separate-stderr sequery diff --constrain --validatetrans "$BATS_TEST_TMPDIR/cl.pol" "$BATS_TEST_TMPDIR/cr.pol"
	[ "$output" = "Constraints (0 Added, 0 Removed)

Validatetrans (0 Added, 0 Removed)" ]
	run -1 --separate-stderr sequery diff --constrain "$BATS_TEST_TMPDIR/cl.pol" "$BATS_TEST_TMPDIR/cx.pol"
	lines_are 0 <<-'EOF'
		Constraints (1 Added, 1 Removed)
		   Added Constraints: 1
		      + constrain file read (u1 == u2 or ( r1 == r2 ) and ( t1 == t2 )); 
		   Removed Constraints: 1
		      - constrain file read (u1 == u2 or ( r1 == r2 ) and ( t1 == t2 )); 
	EOF
	if command -v sediff >/dev/null; then
		local got=$output
		run -0 sediff --constrain "$BATS_TEST_TMPDIR/cl.pol" "$BATS_TEST_TMPDIR/cx.pol"
		[ "$output" = "$got" ]
		run -0 sediff --constrain --validatetrans "$BATS_TEST_TMPDIR/cl.pol" "$BATS_TEST_TMPDIR/cr.pol"
		[ "$output" = "Constraints (0 Added, 0 Removed)

Validatetrans (0 Added, 0 Removed)" ]
	fi
}
