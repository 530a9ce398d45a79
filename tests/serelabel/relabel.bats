#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# serelabel on real trees: what it changes and what it leaves alone. The
# tree (tests/serelabel/labels.py) has every kind of file, odd names and a
# path longer than PATH_MAX; it lives in the test's temporary directory and
# is looked up with --root against fixtures/good/tree.fc. Needs permission
# to write security.selinux (root, or the files' owner on a kernel without
# SELinux); skipped otherwise.
bats_require_minimum_version 1.5.0
load labels

setup() {
	require_xattrs
	T=$BATS_TEST_TMPDIR
	# no system policy: nothing is customizable unless --customizable says
	export SEKIT_SELINUX_DIR=$T/no-selinux
	R=$T/root
	make_tree "$R"
}

teardown() {
	if [ -n "${R:-}" ] && mountpoint -q "$R/srv/mnt" 2>/dev/null; then
		umount "$R/srv/mnt"
	fi
}

# label REL: the label of $R/REL as dumped
teardown() {
	if [ -n "${R:-}" ] && mountpoint -q "$R/srv/mnt" 2>/dev/null; then
		umount "$R/srv/mnt"
	fi
}

# (etc/passwd has a hard link, etc/passwd.hard, whose spec differs: its label
# is the first link's in the walk, i.e. in the directory's order, so the
# general tests look at etc/shadow, and the hard-link tests at both links.)
# label REL: the label of $R/REL (REL as labels.py dump writes it), from
# one dump kept until something may have changed labels
label() {
	[ -f "$T/dump" ] || python3 "$LABELS_PY" dump "$R" >"$T/dump"
	P=$1 awk -F '\t' '$1 == ENVIRON["P"] { print $2 }' "$T/dump"
}

labels() {
	rm -f "$T/dump"
	python3 "$LABELS_PY" "$@"
}

# labeled CONTEXT PATH...: each PATH (below $R) carries CONTEXT
labeled() {
	local want=$1 p got
	shift
	for p; do
		got=$(label "$p")
		[ "$got" = "$want" ] || { echo "$p is labeled '$got', not '$want'"; return 1; }
	done
}

relabel() {
	rm -f "$T/dump"
	run --separate-stderr serelabel -s "$SPEC" -r "$R" "$@"
}

@test "serelabel: --dry-run changes nothing and says what it would do" {
	labels dump "$R" >"$T/before"
	relabel -n -v "$R"
	[ "$status" -eq 0 ]
	labels dump "$R" >"$T/after"
	diff "$T/before" "$T/after"
	[[ "$output" == *"Would relabel $R/etc/shadow from $WRONG to wrong_u:wrong_r:shadow_t:s0"* ]]
	[[ "$stderr" == *"serelabel: "*" files, "*" to relabel, 0 errors"*" in "* ]]
}

@test "serelabel: without -v a dry run prints nothing on stdout" {
	relabel -n "$R"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "serelabel: without --force only the type changes" {
	relabel -v "$R"
	[ "$status" -eq 0 ]
	[ "$(label etc/shadow)" = wrong_u:wrong_r:shadow_t:s0 ]
	[ "$(label .)" = wrong_u:wrong_r:root_t:s0 ]
	[[ "$output" == *"Relabeled $R/bin/sh from $WRONG to wrong_u:wrong_r:shell_exec_t:s0"* ]]
	[[ "$stderr" == *" relabeled, 0 errors"*" in "* ]]
}

@test "serelabel: --force sets the whole context" {
	relabel -F "$R"
	[ "$status" -eq 0 ]
	[ "$(label etc/shadow)" = system_u:object_r:shadow_t:s0 ]
	[ "$(label home/alice/.ssh/id_ed25519)" = unconfined_u:object_r:ssh_home_t:s0 ]
}

@test "serelabel: a second run has nothing to do" {
	# -H: without it, as with restorecon, a file whose links have
	# different specs is relabeled back and forth on every run
	relabel -H "$R"
	relabel -H -v "$R"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$stderr" == *" 0 relabeled, 0 errors"* ]]
}

@test "serelabel: every kind of file gets its typed spec" {
	relabel -F "$R"
	[ "$(label var/run/fifo)" = system_u:object_r:fifo_t:s0 ]
	[ "$(label var/run/sock)" = system_u:object_r:sock_t:s0 ]
	[ "$(label etc/passwd.link)" = system_u:object_r:etc_link_t:s0 ]
	[ "$(label bin/sh)" = system_u:object_r:shell_exec_t:s0 ]
	[ "$(label bin)" = system_u:object_r:bin_t:s0 ]
	if [ -e "$R/var/run/null" ]; then
		[ "$(label var/run/null)" = system_u:object_r:null_device_t:s0 ]
		[ "$(label var/run/loop)" = system_u:object_r:fixed_disk_device_t:s0 ]
	fi
}

@test "serelabel: <<none>> and no spec leave files alone" {
	relabel -F "$R"
	labeled "$WRONG" private/key tmp/scratch private
}

@test "serelabel: symbolic links are labeled themselves, never followed" {
	echo outside >"$T/outside"
	labels set "$T/outside" outside_u:object_r:outside_t:s0
	ln -s "$T/outside" "$R/etc/to-outside.link"
	relabel -F "$R"
	[ "$(label etc/to-outside.link)" = system_u:object_r:etc_link_t:s0 ]
	[ "$(labels dump "$T/outside")" = $'.\toutside_u:object_r:outside_t:s0' ]
	# srv/www/up points at the tree's parent: not walked again
	[ "$(label srv/www/up)" = system_u:object_r:local_www_t:s0 ]
}

@test "serelabel: names with newlines, spaces and bytes that are not UTF-8 are labeled" {
	relabel -F "$R"
	labeled system_u:object_r:odd_name_t:s0 'srv/www/new\x0aline' \
		'srv/www/dir\x0awith newline' 'srv/www/dir\x0awith newline/inner'
	labeled system_u:object_r:local_www_t:s0 'srv/www/latin1-\xe9t\xe9' \
		'srv/www/\xff\xfe' 'srv/www/-dash' 'srv/www/star*[?]'
}

@test "serelabel: paths longer than PATH_MAX are labeled" {
	relabel -F "$R"
	[ "$status" -eq 0 ]
	run -0 bash -c "python3 '$LABELS_PY' dump '$R' | grep '/bottom'"
	[[ "$output" == *$'\t'system_u:object_r:deep_bottom_t:s0 ]]
	[ "$(labels dump "$R" | grep -c $'^deep/.*\tsystem_u:object_r:deep_t:s0$')" -eq 70 ]
}

@test "serelabel: files without a label get the whole spec context" {
	touch "$R/etc/fresh"
	relabel -v "$R/etc/fresh"
	[ "$status" -eq 0 ]
	[ "$output" = "Relabeled $R/etc/fresh from (null) to system_u:object_r:etc_t:s0" ]
	[ "$(label etc/fresh)" = system_u:object_r:etc_t:s0 ]
}

@test "serelabel: customizable types are kept without --force" {
	local cust="$FIXTURES/good/customizable_types"
	labels set "$R/srv/pub/readme" system_u:object_r:user_home_t:s0
	relabel -v --customizable "$cust" "$R/srv/pub"
	[ "$status" -eq 0 ]
	[[ "$output" == *"$R/srv/pub/readme not reset as customized by admin to system_u:object_r:user_home_t:s0"* ]]
	[ "$(label srv/pub/readme)" = system_u:object_r:user_home_t:s0 ]
	[ "$(label srv/pub)" = wrong_u:wrong_r:public_content_t:s0 ]
	relabel -F --customizable "$cust" "$R/srv/pub"
	[ "$(label srv/pub/readme)" = system_u:object_r:public_content_t:s0 ]
}

@test "serelabel: a label that is no context is an error without --force" {
	labels set "$R/etc/passwd" garbage
	relabel "$R/etc/passwd"
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"serelabel: cannot change only the type of '$R/etc/passwd': its label 'garbage' is not a context; --force replaces it"* ]]
	relabel -F "$R/etc/passwd"
	[ "$status" -eq 0 ]
	[ "$(label etc/passwd)" = system_u:object_r:passwd_file_t:s0 ]
}

@test "serelabel: --check lists differences and exits 1, then 0 once labels are right" {
	labels dump "$R" >"$T/before"
	relabel -H --check "$R/etc"
	[ "$status" -eq 1 ]
	[[ "$output" == *"Would relabel $R/etc/shadow from $WRONG to wrong_u:wrong_r:shadow_t:s0"* ]]
	labels dump "$R" >"$T/after"
	diff "$T/before" "$T/after"
	relabel -H -q --check "$R/etc"
	[ "$status" -eq 1 ]
	[ -z "$output$stderr" ]
	relabel -H "$R/etc"
	relabel -H --check "$R/etc"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "serelabel: --exclude skips a directory and its contents" {
	relabel -F -e "$R/srv/www" -e "$R/etc/" "$R"
	[ "$status" -eq 0 ]
	labeled "$WRONG" srv/www srv/www/cgi-bin/run etc/shadow
	# but a file also linked from outside the excluded directory is
	# labeled through that link
	labeled system_u:object_r:public_content_t:s0 srv/www/index.html srv/pub
	[ "$(label bin/sh)" = system_u:object_r:shell_exec_t:s0 ]
}

@test "serelabel: a missing PATH is an error unless --ignore-missing" {
	relabel -F "$R/nope" "$R/bin"
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"serelabel: cannot access '$R/nope': No such file or directory"* ]]
	[ "$(label bin/sh)" = system_u:object_r:shell_exec_t:s0 ]
	relabel -i "$R/nope" "$R/bin"
	[ "$status" -eq 0 ]
}

@test "serelabel: -f reads PATHs from a file, -0 with NUL separators" {
	printf '%s\n' "$R/etc/passwd" "$R/bin" >"$T/list"
	relabel -F -f "$T/list"
	[ "$status" -eq 0 ]
	[ "$(label etc/passwd)" = system_u:object_r:passwd_file_t:s0 ]
	[ "$(label bin/sh)" = system_u:object_r:shell_exec_t:s0 ]
	[ "$(label etc/shadow)" = "$WRONG" ]
	printf '%s\0' "$R/srv/www/new"$'\n'"line" "$R/etc/shadow" | serelabel -F -s "$SPEC" -r "$R" -0 -f -
	rm -f "$T/dump"
	[ "$(label 'srv/www/new\x0aline')" = system_u:object_r:odd_name_t:s0 ]
	[ "$(label etc/shadow)" = system_u:object_r:shadow_t:s0 ]
}

@test "serelabel: a PATH outside --root is refused" {
	mkdir "$T/elsewhere"
	relabel -F "$T/elsewhere"
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"serelabel: cannot label '$T/elsewhere': not below the --root directory '$R'"* ]]
}

@test "serelabel: relative PATHs are made absolute" {
	cd "$R/etc"
	run --separate-stderr serelabel -v -F -s "$SPEC" -r "$R" passwd ../bin
	[ "$status" -eq 0 ]
	[[ "$output" == *"Relabeled $R/etc/passwd from"* ]]
	[[ "$output" == *"Relabeled $R/bin/sh from"* ]]
}

@test "serelabel: --json streams one document of changes and a summary" {
	relabel -F --json "$R/etc"
	[ "$status" -eq 0 ]
	python3 - "$output" "$R" <<-'PY'
		import json, sys
		doc = json.loads(sys.argv[1])
		assert doc["format_version"] == 1 and doc["tool"] == "serelabel", doc
		assert doc["dry_run"] is False and doc["force"] is True
		paths = {c["path"]: c for c in doc["changes"]}
		c = paths[sys.argv[2] + "/etc/shadow"]
		assert c["old"] == "wrong_u:wrong_r:wrong_t:s0" and c["applied"] is True, c
		assert c["new"] == "system_u:object_r:shadow_t:s0", c
		s = doc["summary"]
		assert s["changed"] == len(doc["changes"]) and s["errors"] == 0, s
		assert s["seen"] >= s["changed"] and s["interrupted"] is False, s
	PY
}

@test "serelabel: --json keeps names that are not UTF-8 exactly in path_hex" {
	relabel -n --json "$R/srv/www"
	[ "$status" -eq 0 ]
	python3 - "$output" <<-'PY'
		import json, sys
		doc = json.loads(sys.argv[1])
		odd = [c for c in doc["changes"] if "path_hex" in c]
		assert odd, doc
		names = {bytes.fromhex(c["path_hex"]).rsplit(b"/", 1)[1] for c in odd}
		assert b"latin1-\xe9t\xe9" in names and b"\xff\xfe" in names, names
		assert all(c["applied"] is False for c in doc["changes"])
	PY
}

@test "serelabel: --hardlinks gives a file the spec of its first link and reports the conflict" {
	relabel -H -F "$R/etc"
	[ "$status" -eq 0 ]
	[ "$(label etc/passwd)" = "$(label etc/passwd.hard)" ]
	[[ "$stderr" == *"warning: conflicting specifications for '$R/etc/"*"and '$R/etc/"* ]]
	[[ "$stderr" == *", 1 hard-link conflict in "* ]]
}

@test "serelabel: without --hardlinks a file whose links disagree gets one label, warned once, and a second run finds nothing" {
	relabel -T 4 "$R"
	[ "$status" -eq 0 ]
	[ "$(grep -c "conflicting specifications for '$R/etc/passwd" <<<"$stderr")" -eq 1 ]
	[[ "$stderr" == *"2 hard-link conflicts"* ]]
	local first
	first=$(labels dump "$R")
	for t in 1 16; do
		relabel --check -T "$t" "$R"
		[ "$status" -eq 0 ]
		[ -z "$output" ]
		[[ "$stderr" == *" 0 to relabel, 0 errors, 2 hard-link conflicts in "* ]]
	done
	relabel -T 16 "$R"
	diff <(echo "$first") <(labels dump "$R")
}

@test "serelabel: -v, --check and --json print the same bytes whatever the thread count" {
	local mode t
	for mode in "-n -v" "--check" "-n --json"; do
		for t in 1 3 16; do
			# shellcheck disable=SC2086
			run --separate-stderr serelabel $mode -s "$SPEC" -r "$R" -T "$t" "$R"
			printf '%s\n' "$output" >"$T/out.$t"
			grep -v ' in [0-9.]* s$' <<<"$stderr" >"$T/err.$t" || true
		done
		[ "$(wc -l <"$T/out.1")" -gt 50 ] || [ "$mode" = "-n --json" ]
		cmp "$T/out.1" "$T/out.3"
		cmp "$T/out.1" "$T/out.16"
		cmp "$T/err.1" "$T/err.16"
	done
	# walk order: a directory before what it holds
	run serelabel -n -v -s "$SPEC" -r "$R" "$R"
	local etc sub
	etc=$(grep -n "^Would relabel $R/etc from" <<<"$output" | cut -d: -f1)
	sub=$(grep -n "^Would relabel $R/etc/outside.link from" <<<"$output" | cut -d: -f1)
	[ "$etc" -lt "$sub" ]
}

@test "serelabel: one thread and many give the same labels" {
	make_tree "$T/copy"
	relabel -H -T 1 "$R"
	run -0 serelabel -H -s "$SPEC" -r "$T/copy" -T 16 "$T/copy"
	rm -f "$T/dump"
	diff <(labels dump "$R") <(labels dump "$T/copy")
}

@test "serelabel: mount points are not crossed unless --cross-mounts" {
	mkdir "$R/srv/mnt"
	mount -t tmpfs sekit-test "$R/srv/mnt" 2>/dev/null || skip "cannot mount a tmpfs here"
	touch "$R/srv/mnt/inner"
	relabel -F "$R/srv"
	local st=$status mnt inner
	mnt=$(label srv/mnt)
	inner=$(label srv/mnt/inner)
	relabel -F -x "$R/srv"
	local inner2
	inner2=$(label srv/mnt/inner)
	umount "$R/srv/mnt"
	[ "$st" -eq 0 ]
	[ "$mnt" != system_u:object_r:var_t:s0 ]
	[ "$inner" = - ]
	[ "$inner2" = system_u:object_r:var_t:s0 ]
}

@test "serelabel: a file the user may not label makes the exit status 4, or 3 when nothing could be" {
	command -v setpriv >/dev/null || skip "setpriv not installed"
	[ "$(id -u)" -eq 0 ] || skip "needs root to switch users"
	local d
	d=$(mktemp -d /tmp/sekit-serelabel-XXXXXX)
	chmod 755 "$d"
	touch "$d/mine" "$d/roots"
	chown 65534:65534 "$d" "$d/mine"
	printf '.* u:r:t:s0\n' >"$d/fc"
	chmod 644 "$d/fc"
	rm -f "$T/dump"
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups serelabel -F -s "$d/fc" "$d"
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"cannot set the label of '$d/roots': Operation not permitted"* ]]
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups serelabel -F -s "$d/fc" "$d/roots"
	[ "$status" -eq 3 ]
	[[ "$stderr" == *" 1 file, 0 relabeled, 1 error in "* ]]
	# root refused some files (as in /proc) is a partial failure, not "no permission"
	mkdir "$d/shut"
	touch "$d/shut/f"
	chmod 000 "$d/shut"
	run --separate-stderr setpriv --inh-caps=-all --bounding-set=-all serelabel -n -s "$d/fc" "$d/shut"
	rm -rf "$d"
	[[ "$stderr" == *"Permission denied"* ]]
	[ "$status" -eq 4 ]
}
