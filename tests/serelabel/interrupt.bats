#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Stopping serelabel half way: SIGINT and SIGTERM end the walk between two
# files with a summary, and SIGKILL at any moment leaves every file with its
# old or its new label, so that running again gives exactly the labels of
# a run that was never interrupted. The tree is 4,000 files; the spec file
# (labels.py slowspec) makes every lookup try hundreds of regexes so that a
# run lasts long enough to be interrupted.
bats_require_minimum_version 1.5.0
load labels

setup_file() {
	require_xattrs
	local D=$BATS_FILE_TMPDIR t0
	SLOWSPEC_LINES=1500 labels slowspec "$D/slow.fc"
	labels wide "$D/orig" 4000
	labels set "$D/orig" "$WRONG"
	# some files without a label, some with another user and range
	rm -f "$D/orig/d3/f3"?? && touch "$D/orig/d3/f3"{00..99}
	labels set "$D/orig/d4" other_u:other_r:other_t:s0:c1
	cp -a "$D/orig" "$D/ref"
	# the reference: one run, never interrupted
	t0=$EPOCHREALTIME
	serelabel -q -s "$D/slow.fc" "$D/ref"
	awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }' >"$D/ref.secs"
	labels dump "$D/ref" >"$D/ref.dump"
}

setup() {
	require_xattrs
	T=$BATS_TEST_TMPDIR
	D=$BATS_FILE_TMPDIR
	cp "$D/slow.fc" "$T/slow.fc"
	cp "$D/ref.dump" "$T/ref.dump"
	cp -a "$D/orig" "$T/tree"
	REF_SECS=$(cat "$D/ref.secs")
}

# sleep a random part of a reference run
nap() {
	sleep "$(awk -v s="$REF_SECS" -v r="$RANDOM" 'BEGIN { printf "%.3f", s * (0.1 + 0.7 * r / 32768) }')"
}

interrupt_with() {
	local sig=$1 pid
	serelabel -s "$T/slow.fc" -T 2 "$T/tree" >"$T/out" 2>"$T/err" &
	pid=$!
	nap
	kill -"$sig" "$pid"
	wait "$pid" || STATUS=$?
}

@test "serelabel: SIGINT stops between two files, says so and dies of the signal" {
	STATUS=0
	interrupt_with INT
	# either it finished first, or it stopped and died of SIGINT
	if [ "$STATUS" -eq 0 ]; then
		skip "the run ended before the signal came"
	fi
	[ "$STATUS" -eq 130 ]
	grep -q 'interrupted by Interrupt, run again to finish' "$T/err"
	# each file has its old label or its new one
	labels dump "$T/tree" >"$T/now"
	LC_ALL=C join -t $'\t' "$T/now" "$T/ref.dump" | awk -F '\t' -v wrong="$WRONG" '
		$2 != $3 && $2 != wrong && $2 != "other_u:other_r:other_t:s0:c1" && $2 != "-" { bad++; print }
		END { exit bad > 0 }'
	run -0 serelabel -q -s "$T/slow.fc" "$T/tree"
	labels dump "$T/tree" | diff - "$T/ref.dump"
}

@test "serelabel: SIGTERM stops cleanly too" {
	STATUS=0
	interrupt_with TERM
	[ "$STATUS" -eq 0 ] || [ "$STATUS" -eq 143 ]
	[ "$STATUS" -eq 0 ] || grep -q 'interrupted by Terminated' "$T/err"
	run -0 serelabel -q -s "$T/slow.fc" "$T/tree"
	labels dump "$T/tree" | diff - "$T/ref.dump"
}

@test "serelabel: killed at random moments, a last run gives the labels of an uninterrupted one" {
	local i
	for i in 1 2 3 4 5; do
		interrupt_with KILL || true
	done
	run -0 serelabel -q -s "$T/slow.fc" "$T/tree"
	labels dump "$T/tree" | diff - "$T/ref.dump"
}
