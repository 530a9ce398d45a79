#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Paths swapped for symbolic links, renamed and removed while serelabel
# runs: nothing outside the tree is ever labeled. A helper keeps replacing
# directories and files of the tree by symbolic links to a directory
# outside it (and putting them back), while serelabel relabels the tree
# with --force several times; the files outside must keep their label.
# (Hard links into the tree are another matter: a file linked into a tree
# is in it, for serelabel as for setfiles.)
bats_require_minimum_version 1.5.0
load labels

OUTSIDE=outside_u:object_r:outside_t:s0

setup() {
	require_xattrs
	T=$BATS_TEST_TMPDIR
	SLOWSPEC_LINES=200 labels slowspec "$T/spec.fc"
	labels wide "$T/tree" 3000
	mkdir -p "$T/outside/sub"
	touch "$T/outside/sub/f"{0..99} "$T/outside/f"{0..99}
	labels set "$T/outside" "$OUTSIDE"
}

teardown() {
	[ -z "${ATTACKER:-}" ] || kill "$ATTACKER" 2>/dev/null || true
}

attacker() {
	python3 - "$T/tree" "$T/outside" <<-'PY' &
		import os, random, sys, time
		tree, outside = sys.argv[1], sys.argv[2]
		dirs = sorted(d for d in os.listdir(tree) if d.startswith("d"))
		while True:
		    d = os.path.join(tree, random.choice(dirs))
		    try:
		        if random.random() < 0.5:
		            # a directory becomes a link to the outside, then comes back
		            os.rename(d, d + ".away")
		            os.symlink(outside, d)
		            time.sleep(random.random() / 1000)
		            os.unlink(d)
		            os.rename(d + ".away", d)
		        else:
		            # a file becomes a link to an outside file, or disappears
		            names = [n for n in os.listdir(d) if n.startswith("f")]
		            if not names:
		                continue
		            f = os.path.join(d, random.choice(names))
		            os.rename(f, f + ".away")
		            if random.random() < 0.7:
		                os.symlink(os.path.join(outside, "f1"), f)
		                time.sleep(random.random() / 1000)
		                os.unlink(f)
		            os.rename(f + ".away", f)
		    except OSError:
		        pass
	PY
	ATTACKER=$!
}

@test "serelabel: links swapped in during the walk never lead a label outside the tree" {
	attacker
	local i
	for i in 1 2 3 4 5 6; do
		serelabel -q -F -T 2 -s "$T/spec.fc" "$T/tree" || true
	done
	kill "$ATTACKER"
	wait "$ATTACKER" 2>/dev/null || true
	ATTACKER=
	run -0 bash -c "python3 '$LABELS_PY' dump '$T/outside' | cut -f 2 | sort -u"
	[ "$output" = "$OUTSIDE" ]
	# and the tree itself did get labeled
	run -0 serelabel -F -s "$T/spec.fc" "$T/tree"
	labels dump "$T/tree" | grep -qv "$WRONG"
}

@test "serelabel: entries removed during the walk are no errors" {
	(
		for d in "$T"/tree/d*; do
			rm -rf "$d"
		done
	) &
	local rmpid=$!
	run serelabel -F -T 2 -s "$T/spec.fc" "$T/tree"
	wait "$rmpid"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *", 0 errors"* ]]
}
