#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sestore module: semodule's listing byte for byte, and -d/-e in one
# transaction, on a scratch copy of the store (semodule -p reads it too).
bats_require_minimum_version 1.5.0
load ../helpers
load apply

setup() {
	apply_test_setup
}

@test "sestore module -l and -lfull: semodule -p's output byte for byte" {
	semodule -p "$ROOT" -lfull >want.full
	semodule -p "$ROOT" -l >want
	run -0 --separate-stderr sestore "${S[@]}" module -lfull
	diff want.full <(printf '%s\n' "$output")
	run -0 --separate-stderr sestore "${S[@]}" module -l
	diff want <(printf '%s\n' "$output")
	run -0 --separate-stderr sestore "${S[@]}" module -l --json
	[ "$(jq '.modules | length' <<<"$output")" = "$(wc -l <want.full)" ]
}

@test "sestore module -d, then apply's module lines: one rebuild, and already so is no change" {
	run -0 --separate-stderr sestore "${S[@]}" -N module -d tftp -d ftp
	semodule -p "$ROOT" -lfull | grep -E '^[0-9]+ (tftp|ftp) ' >state
	[ "$(grep -c disabled state)" = 2 ]
	before=$(stat -c %i "$ACTIVE")
	printf 'module -d tftp ftp\n' >m.apply
	run -0 --separate-stderr sestore "${S[@]}" -N apply --check m.apply
	[ -z "$output" ]
	run -0 sestore "${S[@]}" -N module -d tftp
	[ "$(stat -c %i "$ACTIVE")" = "$before" ]
	printf 'module -e nosuchmodule\n' >bad.apply
	run -2 --separate-stderr sestore "${S[@]}" apply bad.apply
	[[ "$stderr" == *"bad.apply:1:11: error: no module 'nosuchmodule'"* ]]
}

@test "sestore module -i NAME.te: built in process with its .if and .fc, installed; --relabel labels its files" {
	need_headers
	local fix=$BATS_TEST_DIRNAME/fixtures
	mkdir -p "$ROOT/srv/skdemo"
	touch "$ROOT/srv/skdemo/f"
	run -0 --separate-stderr sestore "${S[@]}" -N --relabel module -i "$fix/good/skdemo.te"
	[[ "$output" == *"Relabeled $ROOT/srv/skdemo/f from (null) to system_u:object_r:skdemo_data_t:s0"* ]]
	semodule -p "$ROOT" -lfull | grep -E '^400 skdemo +pp'
	grep -qxF "/srv/skdemo(/.*)?	system_u:object_r:skdemo_data_t:s0" \
		"$ROOT/etc/selinux/default/contexts/files/file_contexts"
}

@test "sestore module -i NAME.te that semodule would refuse: the error at its line, exit 2, nothing committed" {
	need_headers
	local before
	before=$(stat -c %i "$ACTIVE")
	run -2 --separate-stderr sestore "${S[@]}" -N module -i "$BATS_TEST_DIRNAME/fixtures/bad/skbad.te"
	[[ "$stderr" == *"skbad.fc:1:36: error: type 'skbad_nope_t' is neither in the module nor in the installed policy"* ]]
	[ "$(stat -c %i "$ACTIVE")" = "$before" ]
}

@test "sestore module -E: semodule -E's files byte for byte, at the highest priority or -X's, CIL after -c" {
	require_mount_namespace
	mkdir want got want2 got2
	(cd want && semanage_on "$ROOT" semodule -E tftp --cil -E ftp)
	(cd got && sestore "${S[@]}" module -E tftp -c -E ftp)
	ls want >names
	[ "$(cat names)" = "$(printf 'ftp.cil\ntftp.pp')" ]
	diff -r want got
	# tftp at 400 too, its CIL: the priority extracted shows in the language
	run -0 --separate-stderr sestore "${S[@]}" module -c -E tftp
	run -0 --separate-stderr sestore "${S[@]}" -N module -X 400 -i "$PWD/tftp.cil"
	(cd want2 && semanage_on "$ROOT" semodule -E tftp -X 100 -E tftp)
	(cd got2 && sestore "${S[@]}" module -E tftp -X 100 -E tftp)
	[ "$(ls want2 | tr '\n' ' ')" = "tftp.cil tftp.pp " ]
	diff -r want2 got2
	cmp got2/tftp.cil tftp.cil
}

@test "sestore module -E never writes over a file or through a symlink; each module is tried, the worst status is the run's" {
	require_mount_namespace
	semanage_on "$ROOT" semodule -E tftp
	run -1 semanage_on "$ROOT" semodule -E tftp
	[[ "$output" == *"tftp is already extracted with extension pp"* ]]
	echo mine >tftp.pp
	ln -s "$T/elsewhere" ftp.pp
	run -2 --separate-stderr sestore "${S[@]}" module -E tftp -E ftp -E tftpp -E zebra
	[ "$output" = "" ]
	[[ "$stderr" == *"'tftp.pp' exists already: not overwritten"* ]]
	[[ "$stderr" == *"'ftp.pp' exists already: not overwritten"* ]]
	[[ "$stderr" == *"no module 'tftpp' in store 'default'"*"did you mean 'tftp'?"* ]]
	[ "$(cat tftp.pp)" = mine ] && [ ! -e "$T/elsewhere" ]
	mkdir "$T/z"
	(cd "$T/z" && semanage_on "$ROOT" semodule -E zebra)
	cmp zebra.pp "$T/z/zebra.pp"
	[ "$(ls | grep -c 'pp\.')" = 0 ] # no temporary file left
	run -2 --separate-stderr sestore "${S[@]}" module -X 7 -E tftp
	[[ "$stderr" == *"no module 'tftp' at priority 7 in store 'default'"* ]]
	run -2 --separate-stderr sestore "${S[@]}" module -X 1000 -E tftp
	[[ "$stderr" == *"invalid priority '1000'"* ]]
	run -2 --separate-stderr sestore "${S[@]}" module -E tftp -d ftp
	[[ "$stderr" == *"-E takes no -i, -r, -d, -e or -l beside it"* ]]
	rm -f tftp.pp
	run -0 --separate-stderr sestore "${S[@]}" module --json -E tftp
	[ "$(jq -c '.extracted[0] | [.name, .priority, .lang, .file, .bytes]' <<<"$output")" = \
		"[\"tftp\",100,\"pp\",\"tftp.pp\",$(stat -c %s tftp.pp)]" ]
}
