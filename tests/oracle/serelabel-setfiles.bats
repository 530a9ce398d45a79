#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential tests: setfiles (Debian's policycoreutils 3.4) and serelabel
# label two identical trees that start from the same labels, and every
# entry must end with the same security.selinux, byte for byte. Trees hold
# every kind of file, hard links, odd names (newline, non-UTF-8) and a path
# longer than PATH_MAX (tests/serelabel/labels.py). Specs: the handmade
# tests/serelabel/fixtures/good/tree.fc with .homedirs, .local, .subs and
# .subs_dist (precedence, <<none>>, file types), and Debian's file_contexts
# on a tree named like this system's files. Both tools look paths up with
# -r (the trees are in a temporary directory). Directory digests
# (security.sehash, -D and -I) are compared on one tree labeled by each
# tool in turn, since a digest covers the spec lines, which name the tree.
#
# Known, explained differences, left out of the comparison:
# - setfiles cannot reach entries whose path is PATH_MAX or longer (fts
#   fails with ENAMETOOLONG and setfiles still exits 0); serelabel labels
#   them, which is checked separately.
# - setfiles keeps its inode table per PATH argument; serelabel does with
#   -H, which these tests pass (without it, one table spans every PATH).
#
# Needs setfiles and permission to write security.selinux (root, or the
# files' owner on a kernel without SELinux); skipped otherwise.
bats_require_minimum_version 1.5.0
load ../serelabel/labels

DEBIAN_FC=${DEBIAN_FC:-/etc/selinux/default/contexts/files/file_contexts}

setup() {
	require_xattrs
	command -v setfiles >/dev/null 2>&1 || skip "setfiles not installed (apt-get install policycoreutils)"
	T=$BATS_TEST_TMPDIR
	A=$T/a # setfiles'
	B=$T/b # serelabel's
}

# trees KIND: make A and B alike: "tree" (labels.py make) or "mimic"
trees() {
	local d
	for d in "$A" "$B"; do
		if [ "$1" = mimic ]; then
			labels mimic "$d" 4000
			labels make "$d/srv/tree"
		else
			labels make "$d"
		fi
		labels set "$d" "$WRONG"
	done
}

# both SPEC [OPTIONS...]: relabel A with setfiles and B with serelabel; a
# leading @ in an option stands for the tree
both() {
	local spec=$1
	shift
	run setfiles "${@/#@/$A}" -r "$A" "$spec" "$A"
	SETFILES_OUT=$output
	run serelabel -H "${@/#@/$B}" -s "$spec" -r "$B" "$B"
	SERELABEL_OUT=$output
	SERELABEL_STATUS=$status
}

# same: A and B carry the same labels, but for paths setfiles cannot reach
same() {
	dump_short "$A" >"$T/a.dump"
	dump_short "$B" >"$T/b.dump"
	[ "$(wc -l <"$T/a.dump")" -gt 100 ]
	diff "$T/a.dump" "$T/b.dump"
}

# the -v lines of both, tree prefixes removed, sorted; lines of entries
# setfiles cannot reach left out
same_verbose() {
	local a b
	a=$(printf '%s\n' "$SETFILES_OUT" | grep -v '^setfiles: ' | sed "s|$A|TREE|g" | LC_ALL=C sort)
	b=$(printf '%s\n' "$SERELABEL_OUT" | grep -v '^serelabel: ' | sed "s|$B|TREE|g" |
		awk 'length($0) < 4200' | grep -v '/level[3-6][0-9]-' | LC_ALL=C sort)
	a=$(printf '%s\n' "$a" | grep -v '/level[3-6][0-9]-')
	diff <(printf '%s\n' "$a") <(printf '%s\n' "$b")
}

# the entries too deep for setfiles got labeled by serelabel
deep_labeled() {
	local n
	n=$(labels dump "$B" | awk -F '\t' '$1 ~ /^(srv\/tree\/)?deep\// && $2 != "'"$WRONG"'"' | wc -l)
	[ "$n" -ge 70 ]
}

@test "oracle: handmade spec, only types change: same labels as setfiles" {
	trees tree
	both "$SPEC" -v
	[ "$SERELABEL_STATUS" -eq 0 ]
	same
	same_verbose
	deep_labeled
}

@test "oracle: handmade spec, --force: same labels as setfiles" {
	trees tree
	both "$SPEC" -F
	same
	deep_labeled
}

@test "oracle: mixed starting labels (none, customizable, other users, garbage)" {
	trees tree
	local d
	for d in "$A" "$B"; do
		labels set "$d/srv/pub" system_u:object_r:public_content_t:s0
		labels set "$d/home" other_u:other_r:user_home_t:s0:c0.c3
		labels set "$d/bin/sh" garbage
		rm "$d/etc/shadow" && touch "$d/etc/shadow"
	done
	both "$SPEC" -v
	same
	same_verbose
	both "$SPEC" -F
	same
}

@test "oracle: a dry run changes nothing and announces the same changes" {
	trees tree
	labels dump "$B" >"$T/before"
	both "$SPEC" -n -v
	labels dump "$B" | diff "$T/before" -
	same
	same_verbose
}

@test "oracle: excluded directories are left alone by both" {
	trees tree
	both "$SPEC" -F -e @/srv/www -e @/etc
	same
	[ "$(labels get "$B" etc/passwd)" = "$WRONG" ]
}

@test "oracle: a second run of both changes nothing more" {
	trees tree
	both "$SPEC"
	both "$SPEC" -v
	same
	same_verbose
}

@test "oracle: Debian's file_contexts on this system's names, only types change" {
	[ -r "$DEBIAN_FC" ] || skip "no $DEBIAN_FC (apt-get install selinux-policy-default)"
	trees mimic
	both "$DEBIAN_FC" -v
	same
	same_verbose
}

@test "oracle: Debian's file_contexts on this system's names, --force" {
	[ -r "$DEBIAN_FC" ] || skip "no $DEBIAN_FC (apt-get install selinux-policy-default)"
	trees mimic
	both "$DEBIAN_FC" -F
	same
}

# a spec for a wide tree at $1, with lines that give the directories
# different digests
digest_spec() {
	cat <<-FC
		$1(/.*)?	system_u:object_r:tree_t:s0
		$1/d1(/.*)?	system_u:object_r:d1_t:s0
		$1/d2/.*	--	system_u:object_r:d2_file_t:s0
		$1/d2/sub(/.*)?	-d	system_u:object_r:d2_sub_t:s0
		$1/d3(/.*)?	<<none>>
		$1/d4/f4[0-9]+	system_u:object_r:f4_t:s0
	FC
}

no_tmpfs() {
	[ "$(stat -f -c %T "$T")" != tmpfs ] || skip "$T is a tmpfs, where digests are never written"
}

@test "oracle: directory digests (-D) are those setfiles writes, and each tool trusts the other's" {
	no_tmpfs
	local W=$T/wide
	labels wide "$W" 600
	labels set "$W" "$WRONG"
	digest_spec "$W" >"$T/digest.fc"
	run setfiles -D "$T/digest.fc" "$W"
	labels digests "$W" >"$T/setfiles.sehash"
	labels dump "$W" >"$T/setfiles.labels"
	# some directories have digests, and not all the same
	[ "$(cut -f 2 "$T/setfiles.sehash" | grep -v '^-$' | sort -u | wc -l)" -gt 2 ]
	labels nodigests "$W"
	labels set "$W" "$WRONG"
	run -0 serelabel -D -s "$T/digest.fc" "$W"
	labels digests "$W" | diff "$T/setfiles.sehash" -
	labels dump "$W" | diff "$T/setfiles.labels" -
	# serelabel's digests make setfiles skip the tree, and setfiles' serelabel
	labels set "$W/d1/f100" "$WRONG"
	run setfiles -v -D "$T/digest.fc" "$W"
	[ "$output" = "Skipping restorecon on directory($W)" ]
	run -0 --separate-stderr serelabel -v -D -s "$T/digest.fc" "$W"
	[ "$output" = "Skipping restorecon on directory($W)" ]
	[[ "$stderr" == *"0 files, 0 relabeled, 0 errors, 1 directory up to date (digests)"* ]]
	[ "$(labels get "$W" d1/f100)" = "$WRONG" ]
	# -I looks anyway
	run -0 serelabel -I -s "$T/digest.fc" "$W"
	[ "$(labels get "$W" d1/f100)" = wrong_u:wrong_r:d1_t:s0 ]
}

@test "oracle: a changed spec makes the digests of the directories it concerns stale" {
	no_tmpfs
	local W=$T/wide
	labels wide "$W" 600
	digest_spec "$W" >"$T/digest.fc"
	run -0 serelabel -F -D -s "$T/digest.fc" "$W"
	printf '%s\t%s\n' "$W/d2/f2[0-9]*" system_u:object_r:new_t:s0 >>"$T/digest.fc"
	labels digests "$W" >"$T/before"
	run setfiles -v -D "$T/digest.fc" "$W"
	# setfiles relabels d2's files and rewrites the digests of / and d2
	[[ "$output" == *"Skipping restorecon on directory($W/d1)"* ]]
	[[ "$output" == *"Relabeled $W/d2/f250 from system_u:object_r:d2_file_t:s0 to system_u:object_r:new_t:s0"* ]]
	labels digests "$W" >"$T/setfiles.sehash"
	labels dump "$W" >"$T/setfiles.labels"
	# the same from serelabel, starting from the same digests and labels
	labels nodigests "$W"
	run -0 serelabel -F -D -s "$T/digest.fc" "$W"
	sed -i '$d' "$T/digest.fc"
	labels nodigests "$W"
	run -0 serelabel -F -I -s "$T/digest.fc" "$W"
	labels digests "$W" | diff "$T/before" -
	printf '%s\t%s\n' "$W/d2/f2[0-9]*" system_u:object_r:new_t:s0 >>"$T/digest.fc"
	run -0 --separate-stderr serelabel -v -D -s "$T/digest.fc" "$W"
	[[ "$output" == *"Skipping restorecon on directory($W/d1)"* ]]
	labels digests "$W" | diff "$T/setfiles.sehash" -
	labels dump "$W" | diff "$T/setfiles.labels" -
}

@test "oracle: -c POLICY: a spec context the policy does not define is refused by both, nothing labeled" {
	local policy=${SEKIT_TEST_POLICY:-/etc/selinux/default/policy/policy.33}
	[ -r "$policy" ] || skip "no reference policy at $policy"
	trees tree
	labels dump "$A" >"$T/a.before"
	labels dump "$B" >"$T/b.before"
	# Debian's policy defines etc_t but not the handmade spec's other types
	printf '/.*\tsystem_u:object_r:etc_t:s0\n/etc(/.*)?\tsystem_u:object_r:etcc_t:s0\n' >"$T/bad.fc"
	both "$T/bad.fc" -F -c "$policy"
	[[ "$SETFILES_OUT" == *"invalid context system_u:object_r:etcc_t:s0"* ]]
	[ "$SERELABEL_STATUS" -eq 2 ]
	[[ "$SERELABEL_OUT" == *"bad.fc:2:12: error: invalid context 'system_u:object_r:etcc_t:s0': type 'etcc_t' is not defined"* ]]
	labels dump "$A" | diff "$T/a.before" -
	labels dump "$B" | diff "$T/b.before" -
	# and both accept, and apply, the same spec without the bad line
	printf '/.*\tsystem_u:object_r:etc_t:s0\n' >"$T/good.fc"
	both "$T/good.fc" -F -c "$policy"
	[ "$SERELABEL_STATUS" -eq 0 ]
	same
}
