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
