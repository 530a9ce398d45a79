#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach --svg FILE: --dot's graph through Graphviz's dot, written atomically.
# A fake dot in PATH tests the plumbing whether or not graphviz is installed;
# one test renders with the real dot when there is one.
bats_require_minimum_version 1.5.0

load common

setup_file() {
	compile_fixtures d p
}

# fake_dot BODY: a "dot" in $BATS_TEST_TMPDIR/bin running the shell BODY,
# first in PATH
fake_dot() {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\n%s\n' "$1" >"$BATS_TEST_TMPDIR/bin/dot"
	chmod +x "$BATS_TEST_TMPDIR/bin/dot"
	PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

@test "sereach --svg: without graphviz's dot, says so before reading the policy and exits 3" {
	local sr
	sr=$(command -v sereach)
	mkdir "$BATS_TEST_TMPDIR/nodot"
	run -3 --separate-stderr /usr/bin/env PATH="$BATS_TEST_TMPDIR/nodot" "$sr" dta -p /nonexistent -s a_t --svg "$BATS_TEST_TMPDIR/g.svg"
	[[ $stderr == *"--svg: graphviz's dot is not installed"* ]] || { echo "$stderr"; false; }
	[ -z "$output" ]
	[ ! -e "$BATS_TEST_TMPDIR/g.svg" ]
	run -3 --separate-stderr /usr/bin/env PATH="$BATS_TEST_TMPDIR/nodot" "$sr" flow -p /nonexistent -s a_t --svg "$BATS_TEST_TMPDIR/g.svg"
	[[ $stderr == *"graphviz's dot is not installed"* ]]
}

@test "sereach dta --svg: the DOT text goes through dot -Tsvg into FILE, nothing on stdout" {
	need_fixture d
	fake_dot '[ "$*" = -Tsvg ] || exit 9; echo "<svg>"; cat; echo "</svg>"'
	mkdir "$BATS_TEST_TMPDIR/out"
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --svg "$BATS_TEST_TMPDIR/out/g.svg"
	[ -z "$output" ] && [ -z "$stderr" ]
	run -0 cat "$BATS_TEST_TMPDIR/out/g.svg"
	[ "${lines[0]}" = "<svg>" ] && [ "${lines[1]}" = "digraph sereach {" ]
	[[ $output == *$'\t"a_t" -> "c_t";\n'* && ${lines[-2]} == "}" && ${lines[-1]} == "</svg>" ]]
	# the directory holds the result only: the temporary file was renamed
	run -0 ls -A "$BATS_TEST_TMPDIR/out"
	[ "$output" = g.svg ]
}

@test "sereach flow --svg: weights label the edges; nothing found still renders, exit 1" {
	need_fixture p
	fake_dot 'cat'
	run -0 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s a_t -w 1 --svg "$BATS_TEST_TMPDIR/f.svg"
	run -0 cat "$BATS_TEST_TMPDIR/f.svg"
	[[ $output == *$'\t"a_t" -> "b_t" [label="10"];\n}' ]] || { echo "$output"; false; }
	run -1 --separate-stderr sereach flow -p "$BATS_FILE_TMPDIR/p.bin" -m "$FIX/p.map" -s b_t -w 1 --svg "$BATS_TEST_TMPDIR/f.svg"
	[ -z "$output" ]
	run -0 cat "$BATS_TEST_TMPDIR/f.svg"
	[[ $output == "digraph sereach {"* && $output != *"->"* ]]
}

@test "sereach --svg: a failing dot leaves FILE as it was, exit 3" {
	need_fixture d
	fake_dot 'echo "<svg partial"; echo "Error: syntax" >&2; exit 1'
	mkdir "$BATS_TEST_TMPDIR/out"
	echo old >"$BATS_TEST_TMPDIR/out/g.svg"
	run -3 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --svg "$BATS_TEST_TMPDIR/out/g.svg"
	[[ $stderr == *"Error: syntax"* && $stderr == *"dot failed with exit status 1; '$BATS_TEST_TMPDIR/out/g.svg' is unchanged"* ]] ||
		{ echo "$stderr"; false; }
	[ "$(cat "$BATS_TEST_TMPDIR/out/g.svg")" = old ]
	run -0 ls -A "$BATS_TEST_TMPDIR/out"
	[ "$output" = g.svg ] || { echo "$output"; false; }
}

@test "sereach --svg: usage errors with --json and --why-not" {
	need_fixture d
	fake_dot 'cat'
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --json --svg "$BATS_TEST_TMPDIR/g.svg"
	[[ $stderr == *"--json and --svg cannot be used together"* ]]
	run -2 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" --why-not a_t c_t --svg "$BATS_TEST_TMPDIR/g.svg"
	[[ $stderr == *"--why-not and --svg cannot be used together"* ]]
	[ ! -e "$BATS_TEST_TMPDIR/g.svg" ]
}

@test "sereach dta --svg: with graphviz installed, a real SVG" {
	need_fixture d
	require_command dot graphviz
	run -0 --separate-stderr sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --svg "$BATS_TEST_TMPDIR/g.svg"
	run -0 cat "$BATS_TEST_TMPDIR/g.svg"
	[[ $output == *"<svg"* && $output == *"a_t"* && $output == *"c_t"* ]]
}

@test "sereach --svg: FILE naming an input (the policy, the map, by any name) is refused" {
	need_fixture p
	fake_dot 'cat'
	cd "$BATS_TEST_TMPDIR"
	cp "$BATS_FILE_TMPDIR/p.bin" p.bin
	cp "$FIX/p.map" p.map
	cp p.bin p.bin.orig
	cp p.map p.map.orig
	ln p.bin hard
	ln -s p.map soft
	run -2 --separate-stderr sereach dta -p p.bin -s a_t --svg p.bin
	[[ $stderr == *"refusing to write the output over the input 'p.bin'"* ]] || { echo "$stderr"; false; }
	run -2 --separate-stderr sereach dta -p p.bin -s a_t --svg hard
	[[ $stderr == *"refusing to write the output 'hard' over the input 'p.bin' (the same file)"* ]]
	run -2 --separate-stderr sereach flow -p p.bin -m p.map -s a_t -w 1 --svg soft
	[[ $stderr == *"refusing to write the output 'soft' over the input 'p.map' (the same file)"* ]]
	run -2 --separate-stderr sereach flow -p p.bin -m p.map -s a_t -w 1 --svg p.map
	[[ $stderr == *"over the input 'p.map'"* ]]
	cmp p.bin p.bin.orig
	cmp p.map p.map.orig
	[ -L soft ]
	# standard output appending to an input is refused too
	run -2 --separate-stderr sh -c 'sereach flow -p p.bin -m p.map -s a_t -w 1 >>p.map'
	[[ $stderr == *"over the input 'p.map' (standard output is that file)"* ]]
	cmp p.map p.map.orig
}

@test "sereach check: standard output appending to the check file is refused" {
	need_fixture p
	cd "$BATS_TEST_TMPDIR"
	echo 'no flow from a_t to b_t' >c.check
	cp c.check c.orig
	run -2 --separate-stderr sh -c "sereach check -p '$BATS_FILE_TMPDIR/p.bin' -m '$FIX/p.map' c.check >>c.check"
	[[ $stderr == *"over the input 'c.check' (standard output is that file)"* ]] || { echo "$stderr"; false; }
	cmp c.check c.orig
}

@test "sereach --svg: SIGTERM while dot runs stops dot, commits nothing and ends sereach by the signal" {
	need_fixture d
	fake_dot "cat; : >'$BATS_TEST_TMPDIR/started'; exec sleep 30"
	mkdir "$BATS_TEST_TMPDIR/out"
	echo old >"$BATS_TEST_TMPDIR/out/g.svg"
	sereach dta -p "$BATS_FILE_TMPDIR/d.bin" -s a_t --svg "$BATS_TEST_TMPDIR/out/g.svg" 2>/dev/null &
	pid=$!
	for _ in $(seq 100); do [ -e "$BATS_TEST_TMPDIR/started" ] && break; sleep 0.05; done
	[ -e "$BATS_TEST_TMPDIR/started" ]
	kill -TERM "$pid"
	SECONDS=0
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 143 ] || { echo "exit $status"; false; }
	[ "$SECONDS" -lt 5 ]
	[ "$(cat "$BATS_TEST_TMPDIR/out/g.svg")" = old ]
	run -0 ls -A "$BATS_TEST_TMPDIR/out"
	[ "$output" = g.svg ] || { echo "$output"; false; }
}
