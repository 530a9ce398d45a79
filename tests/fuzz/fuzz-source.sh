#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# fuzz-source.sh DIR: build the libFuzzer target fuzz-source (sepolc's
# parser and lowering) with clang, libFuzzer and ASan/UBSan in a build tree
# of its own under DIR, write its seeds, and run it for FUZZ_SECONDS
# (default 600) on one core. What 'make fuzz' runs; see tests/fuzz/README.md.
#
# Seeds: checkpolicy's corpus (policy.conf files and negative modules),
# setools' test policies ($SEKIT_CORPUS), sepolc's own fixtures and the
# refpolicy-style module of the oracle. Findings land in DIR/crashes/
# (libFuzzer's crash-*, leak-*, timeout-*, oom-* files; fork mode, so the
# run goes on after a finding); the corpus the fuzzer grows stays in
# DIR/corpus for the next run.
#
# Environment: FUZZ_SECONDS, FUZZ_CC (default clang), FUZZ_JOBS (parallel
# fuzzing processes, default 1), FUZZ_EXPAND=1 (also link and expand),
# SEKIT_CORPUS. Exit status: 0 no finding, 1 findings, 2 build failure,
# 77 clang or libFuzzer missing.
set -u

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=${1:-fuzz-build}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
seconds=${FUZZ_SECONDS:-600}
cc=${FUZZ_CC:-clang}
jobs=${FUZZ_JOBS:-1}
corpus=${SEKIT_CORPUS:-$src/../shared/corpus}
san='-fsanitize=address,undefined -fno-sanitize-recover=undefined'

command -v "$cc" >/dev/null || { echo "fuzz-source: $cc not installed (apt-get install clang)"; exit 77; }
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' >"$dir/probe.c"
"$cc" -fsanitize=fuzzer "$dir/probe.c" -o "$dir/probe" 2>/dev/null || {
	echo "fuzz-source: $cc cannot link libFuzzer (apt-get install libclang-rt-14-dev)"
	exit 77
}

# libpolicy instrumented for coverage, in its own build tree
build=$dir/build
cflags="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $san"
# configure refuses a second build tree for a source tree configured in
# place (scripts/setup's): build from a copy of the distributed files then.
# make distdir keeps their times, so an unchanged copy rebuilds nothing.
tree=$src
if [ -f "$src/config.status" ]; then
	tree=$dir/src
	make -C "$src" --no-print-directory distdir distdir="$tree" >"$dir/distdir.log" 2>&1 || {
		tail -30 "$dir/distdir.log"
		echo "fuzz-source: copying the sources failed (log: $dir/distdir.log)"
		exit 2
	}
fi
if [ ! -f "$build/Makefile" ] || [ "$(cat "$build/.fuzz-cflags" 2>/dev/null)" != "$cflags" ]; then
	mkdir -p "$build"
	(cd "$build" && CC=$cc CFLAGS=$cflags "$tree/configure" --quiet) || exit 2
	printf '%s' "$cflags" >"$build/.fuzz-cflags"
fi
# BUILT_SOURCES first: make builds them by itself only for all and check
built=$(sed -n 's/^BUILT_SOURCES = //p' "$build/Makefile")
# shellcheck disable=SC2086
make -C "$build" -j2 --no-print-directory $built libpolicy/libpolicy.la >"$dir/build.log" 2>&1 || {
	tail -30 "$dir/build.log"
	echo "fuzz-source: building libpolicy failed (log: $dir/build.log)"
	exit 2
}
sepol_static=$(sed -n 's/^SEPOL_STATIC = //p' "$build/Makefile")
# shellcheck disable=SC2086
"$cc" -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer $san \
	-include "$build/config.h" -I"$src/libpolicy" \
	"$src/tests/fuzz/fuzz-source.c" "$build/libpolicy/.libs/libpolicy.a" $sepol_static \
	$(pkg-config --libs json-c libpcre2-8) -o "$dir/fuzz-source" || exit 2

# seeds, rewritten on every run (cheap)
rm -rf "$dir/seeds"
mkdir -p "$dir/seeds" "$dir/corpus" "$dir/crashes"
n=0
for f in "$corpus"/checkpolicy/*.conf "$corpus"/checkpolicy/negative/*.te \
	"$corpus"/setools/*.conf "$corpus"/setools/*/*.conf \
	"$src"/tests/sepolc/fixtures/*/* "$src"/tests/oracle/sepolc-module/*.te \
	"$src"/tests/sequery/fixtures/good/*.conf; do
	[ -f "$f" ] || continue
	[ "$(stat -c %s "$f")" -le 65536 ] || continue
	cp "$f" "$dir/seeds/$n-$(basename "$f")"
	n=$((n + 1))
done
echo "fuzz-source: $n seeds, $seconds s on $jobs process(es); findings in $dir/crashes/"

ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
	"$dir/fuzz-source" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	-max_len=65536 -dict="$src/tests/fuzz/policy.dict" -print_final_stats=1 \
	-artifact_prefix="$dir/crashes/" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 \
	-ignore_ooms=1 "$dir/corpus" "$dir/seeds" 2>&1 | tee "$dir/fuzz.log" |
	grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|INFO: fuzzed for|SUMMARY|stat::|Test unit written)' 
found=$(find "$dir/crashes" -type f | wc -l)
echo "fuzz-source: $found finding(s) in $dir/crashes/ (log: $dir/fuzz.log)"
[ "$found" -eq 0 ]
