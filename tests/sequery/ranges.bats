#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sequery rules -D with an MLS range: read as sesearch reads one (blanks
# around the '-' allowed, unlike in a context), and refused with the
# messages of every range and context check of libpolicy (pdb/context.c).
bats_require_minimum_version 1.5.0
load ../helpers

setup_file() {
	export MLS="$BATS_FILE_TMPDIR/allonce_mls.33" MLSRULES="$BATS_FILE_TMPDIR/mlsrulequery.33"
}

setup() {
	corpus_fixture "$MLS" checkpolicy/policy_allonce_mls.conf -M -c 33
}

@test "sequery rules -D: a range is found with or without blanks around its '-'" {
	local r
	for r in 's1:c0.c1' 's1:c0,c1' 's1:c0,CATALIAS' 's1:c0.c1-s1:c0.c1' \
		's1:c0.c1 - s1:c0.c1' 's1:c0.c1 -s1:c0.c1' ' s1:c0.c1 '; do
		run -0 --separate-stderr sequery rules --range_trans -D "$r" "$MLS"
		[ "$output" = "range_transition TYPE1 TYPE2:CLASS1 s1:c0.c1;" ]
		[ -z "$stderr" ]
	done
	run -1 --separate-stderr sequery rules --range_trans -D 's0 - s1:c0.c1' "$MLS"
	[ -z "$output" ] && [ -z "$stderr" ]
}

@test "sequery rules -D: a bad range says which part is wrong" {
	local -A want=(
		['s9']="sensitivity 's9' is not defined; did you mean 's0'?"
		['s1:c7']="category 'c7' is not defined; did you mean 'c0'?"
		['s0:c1']="category 'c1' is not associated with sensitivity 's0'"
		['s1:c0.c1-s0']="the high level does not dominate the low level"
		['s1:']="an empty category name"
		['s1:c0.c1.c1']="'c0.c1.c1' is not a category or a category range"
	)
	local r
	for r in "${!want[@]}"; do
		run -2 --separate-stderr sequery rules --range_trans -D "$r" "$MLS"
		[ -z "$output" ]
		[ "$stderr" = "sequery: invalid MLS range '$r': ${want[$r]}" ]
	done
}

@test "sequery rules -D: sesearch finds and refuses the same ranges" {
	require_setools
	# setools' own test policy: sesearch 4.4 refuses valid levels of a
	# policy with category aliases (policy_allonce_mls.conf's s1:c0.c1)
	corpus_fixture "$MLSRULES" setools/mlsrulequery.conf -M -c 33
	local r want got rc
	for r in 's40:c1 - s40:c0.c4' 's40:c1-s40:c0.c4' ' s41:c1 -s41:c1.c3 ' 's41:c1-s41:c3.c1' \
		's41:c1-s41:c1,c2,c3' 's41:c1-s41:c1.c3-s0' 's1' 's9' 's0:c9' 's2-s1' 's1:' \
		's1:c0.c1.c2'; do
		want=$(sesearch --range_trans -D "$r" "$MLSRULES" 2>/dev/null) && want="ok $want" ||
			want=refused
		got=$(sequery rules --range_trans -D "$r" "$MLSRULES" 2>/dev/null) && rc=0 || rc=$?
		case $rc in 0 | 1) got="ok $got" ;; *) got=refused ;; esac
		echo "-D '$r': sesearch: $want; sequery: $got"
		[ "$got" = "$want" ]
	done
}
