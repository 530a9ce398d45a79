#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sestore --relabel on a scratch store and a scratch tree below its root:
# after the commit, the files whose file-context spec changed get their
# new label in process (the label area's walk), and no other file.
bats_require_minimum_version 1.5.0
load sestore

VAR=system_u:object_r:var_t:s0
WEB=system_u:object_r:httpd_sys_content_t:s0
ETC=system_u:object_r:etc_t:s0
PUB=system_u:object_r:public_content_t:s0

# setlabel CONTEXT PATH...: security.selinux of each PATH below $ROOT
setlabel() {
	python3 -c 'import os, sys
for p in sys.argv[3:]:
    os.setxattr(sys.argv[1] + "/" + p, "security.selinux", sys.argv[2].encode() + b"\0", follow_symlinks=False)' \
		"$ROOT" "$@"
}

# labeled CONTEXT PATH...: each PATH below $ROOT carries CONTEXT
labeled() {
	local want=$1 p got
	shift
	for p; do
		got=$(python3 -c 'import os, sys
print(os.getxattr(sys.argv[1], "security.selinux", follow_symlinks=False).rstrip(b"\0").decode())' "$ROOT/$p")
		[ "$got" = "$want" ] || { echo "$p is labeled '$got', not '$want'"; return 1; }
	done
}

setup() {
	sestore_setup
	require_command python3 python3
	require_command jq jq
	# srv/data is what the tests' specs match; srv/datax starts as it
	# does; srv/other is mislabeled and no change touches it
	mkdir -p "$ROOT"/srv/data/sub "$ROOT"/srv/datax "$ROOT"/srv/other "$ROOT"/web/sub
	touch "$ROOT"/srv/data/a "$ROOT"/srv/data/sub/b "$ROOT"/srv/data/pub \
		"$ROOT"/srv/datax/c "$ROOT"/srv/other/d "$ROOT"/web/sub/e
	setlabel "$VAR" srv srv/data srv/data/a srv/data/sub srv/data/sub/b srv/datax \
		srv/other web web/sub web/sub/e
	setlabel "$ETC" srv/datax/c srv/other/d
	# a customizable type is kept, as restorecon keeps it
	setlabel "$PUB" srv/data/pub
}

@test "sestore --relabel: fcontext -a labels exactly the files its spec matches" {
	run -0 --separate-stderr sestore "${S[@]}" --relabel fcontext -a -t httpd_sys_content_t '/srv/data(/.*)?'
	# in walk order, which is the directories' order: sorted here
	mapfile -t lines < <(LC_ALL=C sort <<<"$output")
	[ "${#lines[@]}" -eq 4 ]
	lines_are 0 <<-END
		Relabeled $ROOT/srv/data from $VAR to $WEB
		Relabeled $ROOT/srv/data/a from $VAR to $WEB
		Relabeled $ROOT/srv/data/sub from $VAR to $WEB
		Relabeled $ROOT/srv/data/sub/b from $VAR to $WEB
	END
	labeled "$WEB" srv/data srv/data/a srv/data/sub srv/data/sub/b
	labeled "$PUB" srv/data/pub
	# mislabeled, but their spec did not change: left alone
	labeled "$ETC" srv/datax/c srv/other/d
	labeled "$VAR" srv srv/datax srv/other
}

@test "sestore --relabel: fcontext -d gives the policy's label back" {
	sestore "${S[@]}" --relabel fcontext -a -t httpd_sys_content_t '/srv/data(/.*)?' >/dev/null 2>&1
	labeled "$WEB" srv/data/a
	run -0 --separate-stderr sestore "${S[@]}" --relabel -v fcontext -d '/srv/data(/.*)?'
	[ "${#lines[@]}" -eq 4 ]
	[[ "$output" == *"Relabeled $ROOT/srv/data/a from $WEB to $VAR"* ]]
	labeled "$VAR" srv/data srv/data/a srv/data/sub srv/data/sub/b
	[[ "$stderr" == *"sestore: 4 file(s) relabeled, 0 error(s)"* ]]
}

@test "sestore --relabel: without it, no label changes" {
	run -0 --separate-stderr sestore "${S[@]}" fcontext -a -t httpd_sys_content_t '/srv/data(/.*)?'
	[ "$output" = "" ]
	labeled "$VAR" srv/data srv/data/a
}

@test "sestore --relabel: apply --json lists the relabeled files; a no-op apply relabels nothing" {
	cat >web.apply <<-'END'
		fcontext -a -f a -t httpd_sys_content_t '/srv/data(/.*)?'
		fcontext -a -e /srv/data /web
	END
	run -0 --separate-stderr sestore "${S[@]}" --relabel --json apply web.apply
	[ "$(jq -r .changed <<<"$output")" = true ]
	[ "$(jq -r '.relabeled | length' <<<"$output")" = 7 ]
	[ "$(jq -r .relabel_errors <<<"$output")" = 0 ]
	[ "$(jq -r '.relabeled[] | select(.path | endswith("/web/sub/e")) | .old_context + " " + .new_context' <<<"$output")" = "$VAR $WEB" ]
	labeled "$WEB" web web/sub web/sub/e srv/data/a
	labeled "$ETC" srv/other/d
	local before
	before=$(commit_num)
	run -0 --separate-stderr sestore "${S[@]}" --relabel --json apply web.apply
	[ "$(jq -r .changed <<<"$output")" = false ]
	[ "$(jq -r '.relabeled | length' <<<"$output")" = 0 ]
	[ "$(commit_num)" = "$before" ]
}

@test "sestore --relabel: apply --check relabels nothing" {
	printf '%s\n' "fcontext -a -f a -t httpd_sys_content_t '/srv/data(/.*)?'" >web.apply
	run -1 --separate-stderr sestore "${S[@]}" --relabel apply --check web.apply
	labeled "$VAR" srv/data srv/data/a
}
