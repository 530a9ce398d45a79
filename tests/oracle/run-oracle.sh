#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# run-oracle.sh - differential test: `sequery rules` against sesearch and
# `sequery info` against seinfo (setools 4.4), on the same policy and the
# same arguments.
#
# Usage: run-oracle.sh [options] [QUERY-FILE...]
#
#   QUERY-FILE   one argument line per query ('#' comments and blank lines
#                ignored; arguments split on blanks, no quoting; the single
#                word @none stands for "no arguments").  A file whose name
#                ends in -info.txt holds seinfo lines, any other sesearch
#                lines.  Default: queries-refpolicy.txt and
#                queries-refpolicy-info.txt next to this script.
#
#   -p, --policy FILE   binary policy (default $SEKIT_ORACLE_POLICY or
#                       /etc/selinux/default/policy/policy.33)
#   -j, --jobs N        parallel queries (default $SEKIT_ORACLE_JOBS or 2)
#   -m, --mode MODE     rules or info: override the mode guessed from the name
#   -l, --label NAME    label printed with each failure (default: the mode)
#   -g, --grep ERE      run only the queries matching ERE
#   -k, --known FILE    known differences (default known-differences.txt)
#       --jobs-file F   run the jobs in F, one per line:
#                       MODE<TAB>POLICY<TAB>LABEL<TAB>QUERY (setools-corpus.sh)
#       --no-cache      do not read or write the oracle cache
#   -v, --verbose       also print a line for every passing query
#
# How each query runs (POLICY is appended for rules, put first for info,
# because several seinfo options take an optional argument that would
# swallow a trailing policy path):
#
#   rules:  sesearch ARGS POLICY        vs   $SEQUERY rules ARGS POLICY
#   info:   seinfo POLICY ARGS          vs   $SEQUERY info POLICY ARGS
#
# A query passes when
#   - oracle exit 0: both stdouts are byte-identical after `LC_ALL=C sort`
#     (duplicate lines count; for info, the words inside { } on constraint
#     lines are sorted first, because seinfo prints those name sets in an
#     order that changes from run to run), sequery's stdout ends in a
#     newline, and sequery exits 0 if something matched, 1 if nothing did.
#     For rules "nothing" means sesearch printed nothing; for info it means
#     seinfo listed no item (every line is blank or a "Header: 0" line).
#   - oracle exit non-zero (1: error, 2: usage): sequery exits 2 and prints
#     something on stderr.  Its stdout is not compared (the oracles print
#     their error messages on stdout).
# Queries listed in the known-differences file are reported as KNOWN and
# counted in neither total.
#
# Oracle results are cached in $SEKIT_ORACLE_CACHE (default
# ~/.cache/sekit-oracle; "off" disables), keyed by the sha256 of the policy
# file, the oracle version, the mode and the arguments.  Occurrences of the
# policy path in cached output are stored as a placeholder, so a policy
# compiled again into another temporary directory hits the cache.
#
# Environment: SEQUERY (default: sequery from PATH; may hold a command with
# arguments, e.g. "valgrind -q sequery"), SESEARCH, SEINFO (oracles),
# SEKIT_ORACLE_TIMEOUT (seconds per oracle run, default 600),
# SEKIT_SEQUERY_TIMEOUT (seconds per sequery run, default 120),
# SEKIT_ORACLE_DIFF_LINES (diff lines shown per failure, default 40; the
# full diffs are kept in the work directory named at the end).
#
# Output: one "FAIL [label] ARGS: reason" line per failure followed by its
# diff indented by four spaces, then "N passed, N failed".
# Exit status: 0 all passed, 1 some failed, 2 usage error or sequery
# missing, 77 oracle or policy missing (skip).

set -u -o pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self=$here/$(basename "${BASH_SOURCE[0]}")
. "$here/../lib.sh"
PLACEHOLDER='@@SEKIT_ORACLE_POLICY@@'
CACHE_VERSION=sekit-oracle-cache-1

# ---------------------------------------------------------------------------
# helpers shared by the main process and the workers
# ---------------------------------------------------------------------------

# literal (not regex) replacement of $1 by $2 on stdin
subst() {
	awk -v from="$1" -v to="$2" '{
		out = ""; s = $0
		if (from != "")
			while ((i = index(s, from)) > 0) {
				out = out substr(s, 1, i - 1) to
				s = substr(s, i + length(from))
			}
		print out s
	}'
}

# does seinfo output on stdin list at least one item?
info_listed() {
	awk 'NF == 0 { next } /^[A-Za-z][A-Za-z_. ]*: 0$/ { next } { found = 1; exit } END { exit !found }'
}

# seinfo prints the name sets of constraint expressions, e.g.
# "(t1 == { b a c })", in Python set order, which changes from run to run
# (hash randomisation): sort the words of every { } set on constraint and
# validatetrans lines (applied to both outputs, info mode only)
normalize_sets() {
	awk '
	function sortwords(s,    n, w, i, j, t, out) {
		n = split(s, w, " ")
		for (i = 2; i <= n; i++) {
			t = w[i]
			for (j = i - 1; j >= 1 && w[j] > t; j--) w[j + 1] = w[j]
			w[j + 1] = t
		}
		out = w[1]
		for (i = 2; i <= n; i++) out = out " " w[i]
		return out
	}
	/^ *(mls)?(constrain|validatetrans) / {
		line = $0; res = ""
		while (match(line, /\{ [^{}]* \}/)) {
			res = res substr(line, 1, RSTART - 1) "{ " sortwords(substr(line, RSTART + 2, RLENGTH - 4)) " }"
			line = substr(line, RSTART + RLENGTH)
		}
		print res line
		next
	}
	{ print }'
}

split_query() {	# split_query QUERY -> global array ARGS
	ARGS=()
	[ "$1" = "@none" ] && return
	read -r -a ARGS <<<"$1"
}

# ---------------------------------------------------------------------------
# worker: run the jobs whose numbers are given, write $WORK/res/N
# ---------------------------------------------------------------------------
run_one() {
	local idx=$1 job mode policy polsha label query
	job=$(sed -n "${idx}p" "$WORK/jobs")
	IFS=$'\t' read -r mode policy polsha label query <<<"$job"
	split_query "$query"
	local norm="${ARGS[*]}"
	local d=$WORK/t/$idx res=$WORK/res/$idx
	mkdir -p "$d"

	local -a ocmd scmd
	local oname
	if [ "$mode" = rules ]; then
		ocmd=("$SESEARCH" "${ARGS[@]}" "$policy")
		scmd=("${SEQ[@]}" rules "${ARGS[@]}" "$policy")
		oname=sesearch
	else
		ocmd=("$SEINFO" "$policy" "${ARGS[@]}")
		scmd=("${SEQ[@]}" info "$policy" "${ARGS[@]}")
		oname=seinfo
	fi

	# --- oracle, from the cache if possible
	local key cdir orc
	key=$(printf '%s\n' "$CACHE_VERSION" "$ORACLE_ID" "$mode" "$polsha" "$norm" | sha256sum | cut -c1-64)
	cdir=$CACHE/${key:0:2}
	if [ -n "$CACHE" ] && [ -f "$cdir/$key.rc" ] && [ -f "$cdir/$key.out" ]; then
		orc=$(cat "$cdir/$key.rc")
		subst "$PLACEHOLDER" "$policy" <"$cdir/$key.out" >"$d/oracle.out"
	else
		timeout "$OTIMEOUT" "${ocmd[@]}" >"$d/oracle.out" 2>"$d/oracle.err" </dev/null
		orc=$?
		if [ "$orc" -gt 2 ]; then
			{
				echo ERROR
				echo "$oname itself failed (exit $orc$([ "$orc" = 124 ] && echo ", timeout ${OTIMEOUT}s"))"
				sed 's/^/    /' "$d/oracle.err" | tail -n 20
			} >"$res"
			return
		fi
		if [ -n "$CACHE" ]; then
			mkdir -p "$cdir"
			subst "$policy" "$PLACEHOLDER" <"$d/oracle.out" >"$cdir/$key.out.$$" &&
				mv -f "$cdir/$key.out.$$" "$cdir/$key.out" &&
				echo "$orc" >"$cdir/$key.rc.$$" && mv -f "$cdir/$key.rc.$$" "$cdir/$key.rc"
		fi
	fi

	# --- sequery
	# in a subshell, so that bash reports a crash ("Segmentation fault")
	# to /dev/null instead of the terminal or sequery.err
	(
		timeout "$STIMEOUT" "${scmd[@]}" >"$d/sequery.out" 2>"$d/sequery.err" </dev/null
		exit $?
	) 2>/dev/null
	local src=$?

	# --- verdict
	local expect problems=()
	if [ "$orc" -ne 0 ]; then
		expect=2
		[ "$src" -eq 2 ] || problems+=("exit $src, expected 2")
		[ -s "$d/sequery.err" ] || problems+=("nothing on stderr")
		if [ ${#problems[@]} -gt 0 ]; then
			problems+=("($oname exit $orc: $(cat "$d/oracle.out" "$d/oracle.err" 2>/dev/null | grep -v '^$' | head -n 1 | cut -c1-100))")
		fi
	else
		if [ "$mode" = rules ]; then
			if [ -s "$d/oracle.out" ]; then expect=0; else expect=1; fi
		else
			if info_listed <"$d/oracle.out"; then expect=0; else expect=1; fi
		fi
		if [ "$mode" = info ]; then
			normalize_sets <"$d/oracle.out" | sort >"$d/oracle.sorted"
			normalize_sets <"$d/sequery.out" | sort >"$d/sequery.sorted"
		else
			sort "$d/oracle.out" >"$d/oracle.sorted"
			sort "$d/sequery.out" >"$d/sequery.sorted"
		fi
		if ! cmp -s "$d/oracle.sorted" "$d/sequery.sorted"; then
			diff -u --label "$oname (sorted)" --label "sequery $mode (sorted)" \
				"$d/oracle.sorted" "$d/sequery.sorted" >"$d/diff"
			local plus minus
			plus=$(grep -c '^+[^+]' "$d/diff")
			minus=$(grep -c '^-[^-]' "$d/diff")
			problems+=("stdout differs (-$minus +$plus lines)")
		fi
		if [ -s "$d/sequery.out" ] && [ "$(tail -c 1 "$d/sequery.out" | wc -l)" -eq 0 ]; then
			problems+=("stdout does not end in a newline")
		fi
		if [ "$src" -ne "$expect" ]; then
			if [ "$src" -gt 128 ] && [ "$src" -lt 160 ]; then
				problems+=("killed by signal $((src - 128)), expected exit $expect")
			elif [ "$src" -eq 124 ]; then
				problems+=("timed out after ${STIMEOUT}s")
			else
				problems+=("exit $src, expected $expect")
			fi
		fi
	fi

	local known=0
	if [ -s "$WORK/known" ] && grep -Fxq -- "[$label] $norm" "$WORK/known"; then
		known=1
	fi
	{
		if [ ${#problems[@]} -eq 0 ]; then
			if [ "$known" = 1 ]; then echo XPASS; else echo PASS; fi
			echo ""
		else
			if [ "$known" = 1 ]; then echo KNOWN; else echo FAIL; fi
			local joined=${problems[0]} p
			for p in "${problems[@]:1}"; do joined+="; $p"; done
			echo "$joined"
			if [ -s "$d/diff" ]; then
				sed 's/^/    /' "$d/diff"
			fi
			if [ "$src" -ne 0 ] && [ -s "$d/sequery.err" ]; then
				echo "    sequery stderr:"
				head -n 5 "$d/sequery.err" | sed 's/^/      /'
			fi
		fi
	} >"$res"
	# keep the details of failures only
	if [ ${#problems[@]} -eq 0 ]; then rm -rf "$d"; fi
}

if [ "${1-}" = --worker ]; then
	shift
	read -r -a SEQ <<<"$SEQUERY"
	for idx in "$@"; do
		run_one "$idx"
	done
	exit 0
fi

# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------
usage() {
	sed -n '/^# Usage:/,/^#   -v/p' "$self" | sed 's/^# \{0,1\}//'
}

policy=${SEKIT_ORACLE_POLICY:-/etc/selinux/default/policy/policy.33}
jobs=${SEKIT_ORACLE_JOBS:-2}
mode_override=
label_override=
grep_ere=
known_file=$here/known-differences.txt
jobs_file=
use_cache=1
verbose=0
files=()

while [ $# -gt 0 ]; do
	case $1 in
	-p | --policy) policy=${2:?}; shift 2 ;;
	-j | --jobs) jobs=${2:?}; shift 2 ;;
	-m | --mode) mode_override=${2:?}; shift 2 ;;
	-l | --label) label_override=${2:?}; shift 2 ;;
	-g | --grep) grep_ere=${2:?}; shift 2 ;;
	-k | --known) known_file=${2:?}; shift 2 ;;
	--jobs-file) jobs_file=${2:?}; shift 2 ;;
	--no-cache) use_cache=0; shift ;;
	-v | --verbose) verbose=1; shift ;;
	-h | --help) usage; exit 0 ;;
	--) shift; files+=("$@"); break ;;
	-*) echo "run-oracle.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	*) files+=("$1"); shift ;;
	esac
done
case $mode_override in '' | rules | info) ;; *) echo "run-oracle.sh: --mode must be rules or info" >&2; exit 2 ;; esac
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "run-oracle.sh: bad --jobs '$jobs'" >&2; exit 2; }

SESEARCH=${SESEARCH:-sesearch}
SEINFO=${SEINFO:-seinfo}
SEQUERY=${SEQUERY:-sequery}
read -r -a seq_words <<<"$SEQUERY"
for tool in "$SESEARCH" "$SEINFO"; do
	ts_need "$tool" setools
done
if [ ${#seq_words[@]} -eq 0 ] || ! command -v "${seq_words[0]}" >/dev/null; then
	echo "run-oracle.sh: sequery not found: '$SEQUERY' (set SEQUERY or PATH)" >&2
	exit 2
fi
for tool in timeout sha256sum awk sort diff cmp xargs; do
	command -v "$tool" >/dev/null || { echo "run-oracle.sh: $tool not found" >&2; exit 2; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sekit-oracle.XXXXXX")
keep_work=0
cleanup() { [ "$keep_work" = 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$WORK/res" "$WORK/t"

# --- collect the jobs: MODE<TAB>POLICY<TAB>LABEL<TAB>QUERY
raw=$WORK/jobs.raw
: >"$raw"
if [ -n "$jobs_file" ]; then
	[ -r "$jobs_file" ] || { echo "run-oracle.sh: cannot read $jobs_file" >&2; exit 2; }
	cat "$jobs_file" >>"$raw"
else
	if [ ${#files[@]} -eq 0 ]; then
		files=("$here/queries-refpolicy.txt" "$here/queries-refpolicy-info.txt")
	fi
	[ -r "$policy" ] ||
		ts_skip "policy $policy not found (install Debian package selinux-policy-default, or use --policy)"
	for f in "${files[@]}"; do
		[ -r "$f" ] || { echo "run-oracle.sh: cannot read $f" >&2; exit 2; }
		mode=$mode_override
		if [ -z "$mode" ]; then
			case $f in *-info.txt) mode=info ;; *) mode=rules ;; esac
		fi
		label=${label_override:-$mode}
		# strip CR, comments, blank lines, surrounding blanks
		tr -d '\r' <"$f" | awk -v m="$mode" -v p="$policy" -v l="$label" '
			/^[ \t]*(#|$)/ { next }
			{ sub(/^[ \t]+/, ""); sub(/[ \t]+$/, ""); gsub(/[ \t]+/, " ")
			  print m "\t" p "\t" l "\t" $0 }' >>"$raw"
	done
fi
if [ -n "$grep_ere" ]; then
	awk -F '\t' -v re="$grep_ere" '$4 ~ re' "$raw" >"$raw.g" && mv "$raw.g" "$raw"
fi

# add the sha256 of each policy: MODE POLICY POLSHA LABEL QUERY
declare -A polsha=()
while IFS=$'\t' read -r m p rest; do
	if [ -z "${polsha[$p]+x}" ]; then
		[ -r "$p" ] || ts_skip "policy $p not found"
		polsha[$p]=$(sha256sum "$p" | cut -c1-64)
	fi
	printf '%s\t%s\t%s\t%s\n' "$m" "$p" "${polsha[$p]}" "$rest"
done <"$raw" >"$WORK/jobs"
total=$(wc -l <"$WORK/jobs")
if [ "$total" -eq 0 ]; then
	echo "0 passed, 0 failed"
	exit 0
fi

# known differences: lines "[label] ARGS" (indented lines explain them)
: >"$WORK/known"
if [ -r "$known_file" ]; then
	grep '^\[[^]]*\] ' "$known_file" | while IFS= read -r line; do
		lbl=${line%%] *}]
		q=${line#*] }
		split_query "$q"
		printf '%s %s\n' "$lbl" "${ARGS[*]}"
	done >"$WORK/known"
fi

# --- oracle identity for the cache key
ORACLE_ID="$("$SESEARCH" --version 2>&1 | head -n 1) $("$SEINFO" --version 2>&1 | head -n 1) $(command -v "$SESEARCH") $(command -v "$SEINFO")"
if [ "$use_cache" = 1 ] && [ "${SEKIT_ORACLE_CACHE-}" != off ]; then
	CACHE=$(ts_cache_dir)
	mkdir -p "$CACHE" || { echo "run-oracle.sh: cannot create cache $CACHE" >&2; exit 2; }
else
	CACHE=
fi
OTIMEOUT=${SEKIT_ORACLE_TIMEOUT:-600}
STIMEOUT=${SEKIT_SEQUERY_TIMEOUT:-120}
export WORK CACHE CACHE_VERSION ORACLE_ID SESEARCH SEINFO SEQUERY OTIMEOUT STIMEOUT PLACEHOLDER

[ -t 2 ] && echo "run-oracle.sh: $total queries, $jobs jobs, cache ${CACHE:-off}" >&2

seq 1 "$total" | xargs -P "$jobs" -n 4 "$BASH" "$self" --worker
xrc=$?
if [ "$xrc" -ne 0 ]; then
	echo "run-oracle.sh: workers failed (xargs exit $xrc)" >&2
fi

# --- report, in query order
difflines=${SEKIT_ORACLE_DIFF_LINES:-40}
pass=0 fail=0 knowncount=0
i=0
while IFS=$'\t' read -r _ _ _ lbl q; do
	i=$((i + 1))
	r=$WORK/res/$i
	if [ ! -s "$r" ]; then
		echo "FAIL [$lbl] $q: no result (worker died)"
		fail=$((fail + 1))
		continue
	fi
	status=$(head -n 1 "$r")
	reason=$(sed -n 2p "$r")
	case $status in
	PASS)
		pass=$((pass + 1))
		[ "$verbose" = 1 ] && echo "ok   [$lbl] $q"
		;;
	XPASS)
		pass=$((pass + 1))
		echo "NOTE [$lbl] $q: passes but is listed in $(basename "$known_file")"
		;;
	KNOWN)
		knowncount=$((knowncount + 1))
		[ "$verbose" = 1 ] && echo "KNOWN [$lbl] $q: $reason"
		;;
	*)
		fail=$((fail + 1))
		echo "FAIL [$lbl] $q: $reason"
		if [ "$difflines" -gt 0 ]; then
			tail -n +3 "$r" | head -n "$difflines"
			n=$(tail -n +3 "$r" | wc -l)
			[ "$n" -gt "$difflines" ] && echo "    ... ($((n - difflines)) more lines)"
		fi
		;;
	esac
done <"$WORK/jobs"

if [ "$fail" -gt 0 ]; then
	keep_work=1
	for f in "$WORK"/res/*; do
		case $(head -n 1 "$f") in PASS | XPASS) rm -f "$f" ;; esac
	done
	echo "details of the failures: $WORK/res/N and $WORK/t/N (N = line in $WORK/jobs)"
fi
[ "$knowncount" -gt 0 ] && echo "$knowncount known differences (listed in $(basename "$known_file"))"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
