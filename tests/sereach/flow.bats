#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach flow: seinfoflow's flows, paths and weights on setools'
# infoflow.conf, Appendix A's p.conf (the -b weight quirk and --booleans),
# and the default map shipped with sekit.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures p
}

@test "sereach flow: flows out of a type with setools' test map" {
	need_corpus infoflow
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/infoflow.bin" -m "$SEKIT_CORPUS/setools/perm_map" -s node1
	[[ $output == *"node1 -> node2"* && $output == *"node1 -> node3"* ]]
	[[ $output == *"2 information flow(s) found." ]]
}

@test "sereach flow: -w 1 admits low-weight edges, --full prints each rule" {
	need_corpus infoflow
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/infoflow.bin" -m "$SEKIT_CORPUS/setools/perm_map" -s node1 -t node3 -S -w 1 --full
	[[ $output == *$'Flow 1:\n  Step 1: node1 -> node3\n    allow node3 node1:infoflow '* ]]
}

@test "sereach flow -b: seinfoflow keeps the weight of a disabled rule" {
	need_fixture p
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t -w 5 -b default --full
	[ "$output" = $'Flow 1: a_t -> b_t\n    allow a_t b_t:infoflow low_w;\n\n\n1 information flow(s) found.' ]
}

@test "sereach flow --booleans: weights from enabled rules only" {
	need_fixture p
	run -1 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t -w 5 --booleans default
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t -w 5 --booleans cond=on --full
	[[ $output == *"allow a_t b_t:infoflow hi_w; [ cond ]:True"* ]]
}

@test "sereach flow --booleans: an unknown boolean is an error with a suggestion" {
	need_fixture p
	run -2 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t --booleans condd=on
	[ -z "$output" ]
	[[ $stderr == *"unknown boolean 'condd'"* && $stderr == *"did you mean 'cond'"* ]]
}

@test "sereach flow -b: an unknown boolean is ignored as seinfoflow does, with a warning" {
	need_fixture p
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t -b condd:true
	[[ $stderr == *"unknown boolean 'condd' ignored"* ]]
}

@test "sereach flow -r: flows into the source" {
	need_fixture p
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s b_t -r -w 1
	[ "$output" = $'Flow 1: a_t -> b_t\n\n1 information flow(s) found.' ]
}

@test "sereach flow: the default map covers every permission of Debian's policy" {
	require_debian_policy
	# -v names each permission data/perm_map lacks, so that a failure says
	# which lines to add
	run -0 --separate-stderr sereach flow -p "$DEBIAN_POLICY" -s shadow_t --stats -v
	[ -z "$stderr" ] || {
		echo "data/perm_map lacks permissions of $DEBIAN_POLICY:"
		echo "$stderr"
		false
	}
	[[ $output == *$'Graph nodes: 3936\nGraph edges: 1133226' ]]
}

@test "sereach flow: a permission the map lacks is reported, not silently dropped" {
	need_fixture p
	printf '1\nclass infoflow 1\nlow_w w 1\n' >"$BATS_TEST_TMPDIR/small.map"
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/small.map" -s a_t -w 1
	[[ $stderr == *"3 permissions of the policy are not in the map"* ]]
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/small.map" -s a_t -w 1 -v
	[[ $stderr == *"permission 'hi_w' of class 'infoflow' is not in the map"* ]]
}

@test "sereach flow: a map line without a weight weighs 10" {
	need_fixture p
	printf '1\nclass infoflow 4\nlow_w w\nhi_w w 1\nlow_r r 1\nhi_r r 1\n' >"$BATS_TEST_TMPDIR/noweight.map"
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/noweight.map" -s a_t -w 10
	[[ $output == *"a_t -> b_t"* ]]
}

@test "sereach flow -A: all paths are streamed and the count is exact" {
	require_debian_policy
	run -0 --separate-stderr sereach flow -p "$DEBIAN_POLICY" -s shadow_t -t user_t -A 3
	[[ ${lines[-1]} == "51241 information flow(s) found." ]]
}

@test "sereach flow: a class declared again replaces the earlier one; a permission listed twice keeps its last line" {
	need_fixture p
	printf '3\nclass infoflow 1\nlow_w w 10\nclass infoflow 2\nlow_w w 3\nlow_w w 7\nclass other 1\nx r\n' >"$BATS_TEST_TMPDIR/re.map"
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/re.map" -s a_t -w 1 --dot
	[[ $output == *$'\t"a_t" -> "b_t" [label="7"];'* ]] || { echo "$output"; false; }
	# a declaration cut short still replaces the earlier one: no flow left
	printf '2\nclass infoflow 1\nlow_w w 10\nclass infoflow 1\n' >"$BATS_TEST_TMPDIR/cut.map"
	run -1 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/cut.map" -s a_t -w 1
}

@test "sereach flow: a map of 100,000 classes, or of 200,000 permissions in one class, reads in linear time" {
	need_fixture p
	/usr/bin/python3 -c '
import sys
n = 100000
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % n)
    for i in range(n):
        f.write("class c%d 1\n  read r 10\n" % i)
with open(sys.argv[2], "w") as f:
    f.write("1\nclass infoflow %d\n" % (2 * n))
    for i in range(2 * n):
        f.write("  p%d w 5\n" % i)
' "$BATS_TEST_TMPDIR/classes.map" "$BATS_TEST_TMPDIR/perms.map"
	local m
	for m in classes perms; do
		SECONDS=0
		run -1 --separate-stderr timeout 60 sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$BATS_TEST_TMPDIR/$m.map" -s a_t
		# 36 s and 108 s before; seinfoflow takes 1.4 s
		[ "$SECONDS" -le 5 ] || { echo "$m: ${SECONDS}s"; false; }
	done
}
