#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow --since and --until with ausearch's time words and dates, on a log
# whose records are dated relative to now.
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
	now=$(date +%s)
	old=$((now - 3 * 86400))
	{
		echo "type=AVC msg=audit($old.000:1): avc:  denied  { read } for  pid=1 comm=\"x\" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0"
		echo "type=AVC msg=audit($now.000:2): avc:  denied  { read } for  pid=1 comm=\"x\" scontext=usera:r:a_t tcontext=usera:r:c_t tclass=file permissive=0"
	} > dated.log
}

@test "seallow --since: today, recent and week-ago; a date and a date with a time" {
	local w
	for w in today recent; do
		run -0 --separate-stderr seallow -p "$TBIN" --since "$w" -i dated.log
		[[ "$output" == *"allow a_t c_t:file read;"* ]]
		[[ "$output" != *"a_t b_t"* ]] || { echo "--since $w kept the old denial"; false; }
	done
	run -0 --separate-stderr seallow -p "$TBIN" --since week-ago -i dated.log
	[[ "$output" == *"allow a_t b_t:file read;"* && "$output" == *"allow a_t c_t:file read;"* ]]
	run -0 --separate-stderr seallow -p "$TBIN" --since "$(date -d @$((old - 86400)) +%m/%d/%Y)" -i dated.log
	[[ "$output" == *"allow a_t b_t:file read;"* && "$output" == *"allow a_t c_t:file read;"* ]]
	run -0 --separate-stderr seallow -p "$TBIN" --since "$(date -d @$((old - 60)) '+%Y-%m-%d %H:%M:%S')" -i dated.log
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
}

@test "seallow --until: yesterday and a date keep the old denial only" {
	run -0 --separate-stderr seallow -p "$TBIN" --until yesterday -i dated.log
	[[ "$output" == *"allow a_t b_t:file read;"* && "$output" != *"a_t c_t"* ]]
	run -0 --separate-stderr seallow -p "$TBIN" --until "$(date -d @"$old" +%m/%d/%Y)" -i dated.log
	[[ "$output" == *"allow a_t b_t:file read;"* && "$output" != *"a_t c_t"* ]]
	run -1 --separate-stderr seallow -p "$TBIN" --since today --until yesterday -i dated.log
}

@test "seallow --since: an unknown word is a usage error naming the words" {
	run -2 --separate-stderr seallow -p "$TBIN" --since tomorrowish -i dated.log
	[[ "$stderr" == *"'tomorrowish' is no time"* && "$stderr" == *"this-week"* ]]
	run -2 --separate-stderr seallow -p "$TBIN" --until 13/45/2024 -i dated.log
}
