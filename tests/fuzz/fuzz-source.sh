#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# fuzz-source.sh DIR [TARGET]: build a libFuzzer target with clang,
# libFuzzer and ASan/UBSan in a build tree of its own under DIR, write its
# seeds, and run it for FUZZ_SECONDS (default 600) on one core. What 'make
# fuzz' runs for each of its FUZZ_TARGETS; see tests/fuzz/README.md.
#
# TARGET source (the default): fuzz-source.c, sepolc's parser and
# lowering. Seeds: checkpolicy's corpus (policy.conf files and negative
# modules), setools' test policies ($SEKIT_CORPUS), sepolc's own fixtures
# and the refpolicy-style module of the oracle.
# TARGET apply: fuzz-apply.c, sestore apply's reader and writer of apply
# files, lines and JSON. Seeds: the apply files of tests/sestore/fixtures.
# TARGET audit: fuzz-audit.c, seallow's audit reader and what seallow does
# with the denials, over tests/seallow/fixtures/t.conf. Seeds: seallow's
# fixture logs and the audit logs of $SEKIT_CORPUS (their first 16 KiB).
# TARGET package: fuzz-package.c, seallow -M's module written from the
# denials and compiled in process, over the same policy. Seeds: audit's.
# TARGET pdb-open: fuzz-pdb-open.c, reading a binary policy and searching
# it. Seeds: seed-corpus.sh's (a fixture compiled for many versions).
# TARGET permmap: fuzz-permmap.c, the permission-map reader. Seeds: sekit's
# map and sereach's fixture map. TARGET check: fuzz-check.c, sereach
# check's assertion files over tests/sereach/fixtures/can.conf. TARGET fc:
# fuzz-fc.c, file_contexts with both engines. Seeds: serelabel's fixtures
# and the system's file_contexts. TARGET ifinfo: fuzz-ifinfo.c, sepolgen's
# interface_info as seallow -R --interface-info reads it.
#
# Findings land in DIR/crashes/ (libFuzzer's crash-*, leak-*, timeout-*,
# oom-* files; fork mode, so the run goes on after a finding); the corpus
# the fuzzer grows stays in DIR/corpus for the next run. With another
# TARGET, DIR/TARGET/ holds its seeds, corpus and crashes instead.
#
# Environment: FUZZ_SECONDS, FUZZ_CC (default clang), FUZZ_JOBS (parallel
# fuzzing processes, default 1), FUZZ_EXPAND=1 (source: also link and
# expand), SEKIT_CORPUS. Exit status: 0 no finding, 1 findings, 2 build
# failure, 77 clang or libFuzzer missing.
set -u

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=${1:-fuzz-build}
target=${2:-source}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
case $target in
source | audit | package | pdb-open | apply | permmap | check | fc | ifinfo) ;;
*)
	echo "fuzz-source: unknown target '$target' (source, audit, package, pdb-open, apply, permmap, check, fc or ifinfo)"
	exit 2
	;;
esac
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
make -C "$build" -j2 --no-print-directory $built libpolicy/libpolicy.la cmd/common/libcommon.la \
	>"$dir/build.log" 2>&1 || {
	tail -30 "$dir/build.log"
	echo "fuzz-source: building libpolicy failed (log: $dir/build.log)"
	exit 2
}
sepol_static=$(sed -n 's/^SEPOL_STATIC = //p' "$build/Makefile")
# the target's own directory: seeds, corpus and findings of each apart
out=$dir
[ "$target" = source ] || out=$dir/$target
mkdir -p "$out"
# libauparse is no part of libpolicy: fuzz-audit.c links it for its oracle
# (tests/unit/audit-oracle.h)
# libselinux: file_contexts' selabel engine (fc) and selinuxfs (check's
# 'booleans current'); the linker takes only what a target uses
pkgs="json-c libpcre2-8 libselinux audit"
[ "$target" = audit ] && pkgs="$pkgs auparse"
# fuzz-check.c includes sereach's check.c: the rest of sereach and
# cmd/common come along (as FUZZ_SEREACH_SOURCES of tests/fuzz/Makemodule.am)
extra=
if [ "$target" = check ]; then
	extra="-I$src/cmd/common -I$src/cmd/sereach"
	for f in "$src"/cmd/sereach/*.c; do
		case ${f##*/} in main.c | check.c | complete.c) ;; *) extra="$extra $f" ;; esac
	done
	extra="$extra $build/cmd/common/.libs/libcommon.a"
fi
# shellcheck disable=SC2086,SC2046
"$cc" -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer $san \
	-include "$build/config.h" -I"$src/libpolicy" $(pkg-config --cflags json-c) \
	"$src/tests/fuzz/fuzz-$target.c" $extra "$build/libpolicy/.libs/libpolicy.a" $sepol_static \
	$(pkg-config --libs $pkgs) -o "$dir/fuzz-$target" || exit 2

# seeds, rewritten on every run (cheap)
rm -rf "$out/seeds"
mkdir -p "$out/seeds" "$out/corpus" "$out/crashes"
n=0
if [ "$target" = source ]; then
	max_len=65536
	dict=$src/tests/fuzz/policy.dict
	for f in "$corpus"/checkpolicy/*.conf "$corpus"/checkpolicy/negative/*.te \
		"$corpus"/setools/*.conf "$corpus"/setools/*/*.conf \
		"$src"/tests/sepolc/fixtures/*/* "$src"/tests/oracle/sepolc-module/*.te \
		"$src"/tests/sequery/fixtures/good/*.conf; do
		[ -f "$f" ] || continue
		[ "$(stat -c %s "$f")" -le 65536 ] || continue
		cp "$f" "$out/seeds/$n-$(basename "$f")"
		n=$((n + 1))
	done
elif [ "$target" = apply ]; then
	max_len=4096
	dict=$src/tests/fuzz/apply.dict
	for f in "$src"/tests/sestore/fixtures/*/*.apply "$src"/tests/sestore/fixtures/*/*.json; do
		[ -f "$f" ] || continue
		cp "$f" "$out/seeds/$n-$(basename "$f")"
		n=$((n + 1))
	done
elif [ "$target" = pdb-open ]; then
	max_len=65536
	dict=
	sh "$src/tests/fuzz/seed-corpus.sh" "$out/seeds" || exit 2
	n=$(find "$out/seeds" -type f | wc -l)
	# libsepol 3.4 allocates what a length field says (README.md): fail
	# such allocations at once rather than report them
	export ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:max_allocation_size_mb=256:detect_leaks=1}
elif [ "$target" = permmap ]; then
	max_len=16384
	dict=
	cp "$src/data/perm_map" "$out/seeds/perm_map"
	for f in "$src"/tests/sereach/fixtures/*.map "$corpus"/setools/*perm_map*; do
		[ -f "$f" ] && cp "$f" "$out/seeds/$n-$(basename "$f")" && n=$((n + 1))
	done
	head -c 4096 "$src/data/perm_map" >"$out/seeds/head"
elif [ "$target" = check ]; then
	max_len=4096
	dict=
	export FUZZ_CHECK_POLICY=$src/tests/sereach/fixtures/can.conf
	printf '%s\n' 'no transition path from a_t to b_t' \
		'no flow from secret_t to log_t with weight >= 3 within 4 excluding c_t' \
		'no transition path from c_t to b_t booleans cond=on,other=off' \
		'no transition path from a_t to b_t exact booleans current' \
		'# comment' '' >"$out/seeds/check"
	n=1
elif [ "$target" = fc ]; then
	max_len=16384
	dict=
	for f in "$src"/tests/serelabel/fixtures/*/* /etc/selinux/default/contexts/files/file_contexts; do
		[ -f "$f" ] && head -c "$max_len" "$f" >"$out/seeds/$n-$(basename "$f")" && n=$((n + 1))
	done
elif [ "$target" = ifinfo ]; then
	max_len=16384
	dict=
	printf '%s\n' '[InterfaceVector t_read_d $1:source ]' '$1,d_t,file,getattr,read' \
		'[InterfaceVector t_write $1:target ]' 'a_t,$1,dir,write,add_name' \
		'[InterfaceVector two $1:source $2:target ]' '$1,$2,file,read' >"$out/seeds/ifinfo"
	n=1
else
	max_len=16384
	dict=$src/tests/fuzz/audit.dict
	export FUZZ_AUDIT_POLICY=$src/tests/seallow/fixtures/t.conf
	# the fixtures: raw logs (hex fields among them) and, in shapes/, the
	# pasted ones (ausearch -i; journal, syslog, printk, grep -n, quotes)
	for f in "$src"/tests/seallow/fixtures/*.log "$src"/tests/seallow/fixtures/shapes/*.log \
		"$corpus"/audit/*.log "$corpus"/audit/*.txt; do
		[ -f "$f" ] || continue
		head -c "$max_len" "$f" >"$out/seeds/$n-$(basename "$f")"
		n=$((n + 1))
	done
	# and every shape seallow-shapes.py rewrites a raw log into, journalctl
	# -o json and -o export included, of the fixtures with events
	if command -v python3 >/dev/null; then
		for shape in raw-node grep-n grep-hn quote no-msg bare kernel printk syslog \
			syslog-raw iso-syslog journal-short json export; do
			for f in event.log hosts.log reload.log port.log; do
				python3 "$src/tests/oracle/seallow-shapes.py" "$shape" \
					"$src/tests/seallow/fixtures/$f" 2>/dev/null |
					head -c "$max_len" >"$out/seeds/$n-$shape-$f"
				n=$((n + 1))
			done
		done
	fi
fi
echo "fuzz-$target: $n seeds, $seconds s on $jobs process(es); findings in $out/crashes/"

ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
	"$dir/fuzz-$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	-max_len="$max_len" ${dict:+-dict="$dict"} -print_final_stats=1 \
	-artifact_prefix="$out/crashes/" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 \
	-ignore_ooms=1 "$out/corpus" "$out/seeds" 2>&1 | tee "$out/fuzz.log" |
	grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|INFO: fuzzed for|SUMMARY|stat::|Test unit written)'
found=$(find "$out/crashes" -type f | wc -l)
echo "fuzz-$target: $found finding(s) in $out/crashes/ (log: $out/fuzz.log)"
[ "$found" -eq 0 ]
