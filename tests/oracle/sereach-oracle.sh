#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach against sedta and seinfoflow 4.4.1 (Debian's setools, under
# /usr/bin/python3): the same set of transitions, flows or paths for the
# same query, on setools' own dta.conf, infoflow.conf and
# conditionalinfoflow.conf (every pair of their nodes) and on Debian's
# policy.33 (source/target pairs drawn at random with a printed seed).
#
#   sereach-oracle.sh [--full] [--seed N] [--pairs N] [--no-cache]
#
# Forms: transitions/flows out and in (sedta -r; seinfoflow 4.4.3's -r,
# which 4.4.1's library has as infoflows(out=False)), -S, -A N, -r with a
# target, excluded types, seinfoflow -w and -b, and -l (sereach's first L
# paths must be L of the oracle's, or all of them when it has fewer).
# Outputs are compared as sorted sets of "a -> b" lines and of paths
# ("a -> b | b -> c"); sereach must exit 0 when the set is non-empty, 1
# when it is empty, 2 when setools raised. Every flow query passes both
# tools setools' own permission map (sekit's default map knows classes
# setools' lacks).
#
# The oracle side is sereach-oracle.py: the classes sedta and seinfoflow
# drive, with the policy loaded and each graph built once for all queries
# (seinfoflow itself costs 26-40 s and 0.9 GB a query on policy.33). A few
# queries also run the real sedta and seinfoflow scripts, so that the
# driver is checked against them.
#
# Default (make check): 10 pairs of each kind on policy.33 with seed 13
# (SEKIT_SEREACH_SEED overrides), one seinfoflow run on the small policies.
# --full (make oracle-sereach): 120 pairs of each kind with a random seed,
# and seinfoflow/sedta script runs on policy.33 too.
# Oracle answers are cached in $SEKIT_ORACLE_CACHE/sereach (default
# ~/.cache/sekit-oracle; "off" disables), keyed by the setools version,
# the driver's and the policy's and map's sha256 and the query.
# Exit 0 all passed, 1 a difference, 77 skipped (no setools, no policy).
set -u
export LC_ALL=C
full=false
seed=${SEKIT_SEREACH_SEED:-13}
pairs=10
use_cache=true
while [ $# -gt 0 ]; do
	case $1 in
	--full) full=true pairs=120 seed=${SEKIT_SEREACH_SEED:-$(( $(date +%s) % 100000 ))} ;;
	--seed) seed=${2:?}; shift ;;
	--pairs) pairs=${2:?}; shift ;;
	--no-cache) use_cache=false ;;
	*) echo "usage: $0 [--full] [--seed N] [--pairs N] [--no-cache]" >&2; exit 2 ;;
	esac
	shift
done
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
top=${SEKIT_SRCDIR:-$(cd "$here/../.." && pwd)}
build=${SEKIT_BUILDDIR:-$top}
sereach=${SEREACH:-$(command -v sereach || echo "$build/sereach")}
sepolc=${SEPOLC:-$build/sepolc}
policy=${DEBIAN_POLICY:-/etc/selinux/default/policy/policy.33}
corpus=${SEKIT_CORPUS:-$top/../shared/corpus}
py=/usr/bin/python3
driver=$here/sereach-oracle.py

ts_need_setools
[ -r "$policy" ] || ts_skip "no $policy (apt-get install selinux-policy-default)"
ts_built "$sereach" "$sepolc"
setools_map=$($py -c 'import os, setools; print(os.path.join(os.path.dirname(setools.__file__), "perm_map"))')
version=$($py -c 'import setools; print(setools.__version__)')

ts_workdir sereach-oracle
work=$TS_WORKDIR
cache=
if $use_cache && [ "${SEKIT_ORACLE_CACHE-}" != off ]; then
	cache=$(ts_cache_dir)/sereach
	mkdir -p "$cache" || cache=
fi
echo "sereach oracle: setools $version, seed $seed, $pairs pairs of each kind${cache:+, cache $cache}"

# --- policies
for f in dta infoflow conditionalinfoflow; do
	[ -r "$corpus/setools/$f.conf" ] ||
		ts_skip "corpus not found: no $corpus/setools/$f.conf (set SEKIT_CORPUS to the folder holding setools/)"
	"$sepolc" -M -U reject -o "$work/$f.bin" "$corpus/setools/$f.conf" >/dev/null 2>&1 ||
		"$sepolc" -U reject -o "$work/$f.bin" "$corpus/setools/$f.conf" >"$work/sepolc.log" 2>&1 ||
		{ echo "sepolc cannot compile $f.conf:"; cat "$work/sepolc.log"; exit 2; }
done
corpus_map=$corpus/setools/perm_map
declare -A sha
for f in "$work/dta.bin" "$work/infoflow.bin" "$work/conditionalinfoflow.bin" "$policy" \
	"$setools_map" "$corpus_map" "$driver"; do
	sha[$f]=$(sha256sum <"$f" | cut -c1-64)
done

# --- queries: KIND POLICY MAP MODE SOURCE TARGET N MINWEIGHT BOOLS EXCLUDES LIMIT
queries=$work/queries
: >"$queries"
q() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$queries"; }

# candidate names of a policy (cached as an oracle answer)
pick() {
	local key
	key=$(printf 'pick %s %s %s' "$version" "${sha[$1]}" "${sha[$driver]}" | sha256sum | cut -c1-64)
	if [ -n "$cache" ] && [ -s "$cache/$key" ]; then
		cat "$cache/$key"
		return
	fi
	$py "$driver" pick "$1" | sort -u >"$work/pick" || exit 2
	[ -n "$cache" ] && cp "$work/pick" "$cache/$key"
	cat "$work/pick"
}
names() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }

# setools' dta.conf: every node pair, -S, -A 5, -r -S; out and in; excludes
pick "$work/dta.bin" >"$work/dta.names"
mapfile -t dnodes < <( (names dta-source "$work/dta.names"; names dta-target "$work/dta.names") | sort -u)
for s in "${dnodes[@]}"; do
	q dta "$work/dta.bin" - out "$s" - 0 0 - - 0
	q dta "$work/dta.bin" - in "$s" - 0 0 - - 0
	for t in "${dnodes[@]}"; do
		[ "$s" = "$t" ] && continue
		q dta "$work/dta.bin" - S "$s" "$t" 0 0 - - 0
		q dta "$work/dta.bin" - A "$s" "$t" 5 0 - - 0
		q dta "$work/dta.bin" - rS "$s" "$t" 0 0 - - 0
	done
done
q dta "$work/dta.bin" - S start trans5 0 0 - trans3_exec1 0
q dta "$work/dta.bin" - S start trans5 0 0 - trans3_exec1,trans3_exec2 0
q dta "$work/dta.bin" - out start - 0 0 - trans1 0
q dta "$work/dta.bin" - A start trans5 6 0 - trans2 1
q dta "$work/dta.bin" - out nosuch_t - 0 0 - - 0

# setools' infoflow.conf (with its map): every node pair, weights 1, 3, 10
# (make check: pairs at weight 3)
pick "$work/infoflow.bin" >"$work/if.names"
mapfile -t inodes < <(names type "$work/if.names" | grep -v '^system$')
for w in 1 3 10; do
	for s in "${inodes[@]}"; do
		q flow "$work/infoflow.bin" "$corpus_map" out "$s" - 0 "$w" - - 0
		q flow "$work/infoflow.bin" "$corpus_map" in "$s" - 0 "$w" - - 0
		for t in "${inodes[@]}"; do
			[ "$s" = "$t" ] && continue
			# make check: the pairs at the default weight only
			$full || [ "$w" = 3 ] || continue
			q flow "$work/infoflow.bin" "$corpus_map" S "$s" "$t" 0 "$w" - - 0
			[ "$w" = 3 ] && q flow "$work/infoflow.bin" "$corpus_map" A "$s" "$t" 4 "$w" - - 0
		done
	done
done
q flow "$work/infoflow.bin" "$corpus_map" S node1 node9 0 1 - node3 0
q flow "$work/infoflow.bin" "$corpus_map" A node1 node9 6 1 - node2,node4 0
q flow "$work/infoflow.bin" "$corpus_map" A node1 node9 6 1 - - 2
# conditionalinfoflow.conf: booleans (-b default, true, false)
for b in - default condition:true condition:false; do
	for s in src src_remain; do
		t=${s/src/tgt}
		q flow "$work/conditionalinfoflow.bin" "$corpus_map" S "$s" "$t" 0 1 "$b" - 0
		q flow "$work/conditionalinfoflow.bin" "$corpus_map" out "$s" - 0 1 "$b" - 0
		q flow "$work/conditionalinfoflow.bin" "$corpus_map" in "$t" - 0 1 "$b" - 0
	done
done

# policy.33: random pairs with the printed seed
RANDOM=$seed
pick "$policy" >"$work/p33.names"
mapfile -t dsrc < <(names dta-source "$work/p33.names")
mapfile -t dtgt < <(names dta-target "$work/p33.names")
mapfile -t ptypes < <(names type "$work/p33.names")
# pick ARRAY: a random element into $r, from the seeded generator (no
# subshell: bash seeds RANDOM anew in each)
pickr() {
	local -n _arr=$1
	r=${_arr[$(((RANDOM * 32768 + RANDOM) % ${#_arr[@]}))]}
}
for ((i = 0; i < pairs; i++)); do
	pickr dsrc; s=$r
	pickr dtgt; t=$r
	pickr dsrc; x=$r
	[ "$s" = "$t" ] && continue
	case $((i % 8)) in
	0) q dta "$policy" - S "$s" "$t" 0 0 - - 0 ;;
	1) q dta "$policy" - A "$s" "$t" 3 0 - - 0 ;;
	2) q dta "$policy" - rS "$s" "$t" 0 0 - - 0 ;;
	3) q dta "$policy" - A "$s" "$t" 5 0 - - 25 ;;
	4) q dta "$policy" - out "$s" - 0 0 - - 0 ;;
	5) q dta "$policy" - in "$t" - 0 0 - - 0 ;;
	6) q dta "$policy" - S "$s" "$t" 0 0 - "$x" 0 ;;
	7) q dta "$policy" - rA "$s" "$t" 3 0 - - 0 ;;
	esac
done
weights=(1 3 5 7 10)
for ((i = 0; i < pairs; i++)); do
	pickr ptypes; s=$r
	pickr ptypes; t=$r
	pickr ptypes; x=$r
	pickr weights; w=$r
	[ "$s" = "$t" ] && continue
	case $((i % 8)) in
	0) q flow "$policy" "$setools_map" S "$s" "$t" 0 "$w" - - 0 ;;
	1) q flow "$policy" "$setools_map" A "$s" "$t" 2 "$w" - - 0 ;;
	2) q flow "$policy" "$setools_map" out "$s" - 0 "$w" - - 0 ;;
	3) q flow "$policy" "$setools_map" in "$t" - 0 "$w" - - 0 ;;
	4) q flow "$policy" "$setools_map" S "$s" "$t" 0 "$w" default - 0 ;;
	5) q flow "$policy" "$setools_map" S "$s" "$t" 0 "$w" - "$x" 0 ;;
	6) q flow "$policy" "$setools_map" A "$s" "$t" 3 10 - - 50 ;;
	7) q flow "$policy" "$setools_map" out "$s" - 0 "$w" default - 0 ;;
	esac
done

# --- oracle answers: from the cache, else one driver run for the rest
# one key a query: sha256 of the setools version, the driver, the policy,
# the map and the query's fields (all hashed in one python run)
while IFS=$'\t' read -r kind pol map mode s t num w b x lim; do
	printf '%s %s %s %s %s %s %s %s %s %s %s %s\n' "$version" "${sha[$driver]}" "${sha[$pol]}" \
		"${sha[$map]:--}" "$kind" "$mode" "$s" "$t" "$num" "$w" "$b" "$x"
done <"$queries" | $py -c '
import hashlib, sys
for line in sys.stdin:
    print(hashlib.sha256(line.encode()).hexdigest())' >"$work/keys"
n=$(wc -l <"$queries")
mkdir -p "$work/oracle"
paste "$work/keys" "$queries" | sort -u -k1,1 | while IFS=$'\t' read -r key kind pol map mode s t num w b x lim; do
	if [ -z "$cache" ] || [ ! -f "$cache/$key" ]; then
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "$kind" "$pol" "$map" \
			"$mode" "$s" "$t" "$num" "$w" "$b" "$x"
	fi
done >"$work/jobs"
todo=$(wc -l <"$work/jobs")
echo "$n queries, $todo answered by setools now"
if [ "$todo" -gt 0 ]; then
	$py "$driver" run "$work/jobs" "$work/oracle" || { echo "sereach-oracle.py failed"; exit 2; }
	if [ -n "$cache" ]; then
		cut -f1 "$work/jobs" | while read -r key; do cp "$work/oracle/$key" "$cache/$key"; done
	fi
fi

# --- sereach, normalised as the driver's answers are
normalise() {
	awk '
	/^(Transition|Flow) [0-9]+: .* -> / { sub(/^[A-Za-z]+ [0-9]+: /, ""); print; next }
	/^(Domain transition path|Flow) [0-9]+:$/ { if (p != "") print p; p = ""; next }
	/^ *Step [0-9]+: / { sub(/^ *Step [0-9]+: /, ""); p = (p == "" ? $0 : p " | " $0); next }
	END { if (p != "") print p }' | sort
}
# the command line of a query, for sereach or (prefix "$py /usr/bin/sedta")
cmdline() { # kind pol map mode s t num w b x lim
	local -n _a=${12}
	_a=("$1" -p "$2" -s "$5")
	[ "$3" != - ] && _a+=(-m "$3")
	case $4 in
	in) _a+=(-r) ;;
	S) _a+=(-t "$6" -S) ;;
	A) _a+=(-t "$6" -A "$7") ;;
	rS) _a+=(-r -t "$6" -S) ;;
	rA) _a+=(-r -t "$6" -A "$7") ;;
	esac
	[ "$1" = flow ] && _a+=(-w "$8")
	[ "$9" != - ] && _a+=(-b "$9")
	[ "${11}" != 0 ] && _a+=(-l "${11}")
	[ "${10}" != - ] && { IFS=, read -r -a xs <<<"${10}"; _a+=("${xs[@]}"); }
	return 0
}
pass=0 fail=0
exec 3<"$work/keys"
while IFS=$'\t' read -r kind pol map mode s t num w b x lim; do
	read -r key <&3
	cmdline "$kind" "$pol" "$map" "$mode" "$s" "$t" "$num" "$w" "$b" "$x" "$lim" args
	"$sereach" "${args[@]}" >"$work/out" 2>"$work/err"
	rc=$?
	normalise <"$work/out" >"$work/ours"
	theirs=$work/oracle/$key
	[ -f "$theirs" ] || theirs=$cache/$key
	name="sereach ${args[*]}"
	name=${name//$work\//}
	ok=true why=
	first=
	[ -s "$theirs" ] && read -r first <"$theirs"
	if [[ $first == "ERROR: "* ]]; then
		[ "$rc" = 2 ] && [ -s "$work/err" ] || { ok=false why="setools: $(cat "$theirs"); sereach exit $rc"; }
	elif [ "$lim" != 0 ]; then
		total=$(wc -l <"$theirs")
		want=$((total < lim ? total : lim))
		got=$(wc -l <"$work/ours")
		extra=$(comm -23 "$work/ours" "$theirs" | head -3)
		[ "$got" = "$want" ] && [ -z "$extra" ] ||
			{ ok=false why="limit $lim: $got paths, want $want of setools' $total${extra:+; not in setools: $extra}"; }
	elif ! cmp -s "$theirs" "$work/ours"; then
		ok=false why=$(diff "$theirs" "$work/ours" | head -10)
	fi
	if $ok && [[ $first != "ERROR: "* ]]; then
		if [ -s "$theirs" ] && [ "$rc" != 0 ]; then ok=false why="exit $rc with results"; fi
		if [ ! -s "$theirs" ] && [ "$rc" != 1 ]; then ok=false why="exit $rc without results"; fi
	fi
	if $ok; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "DIFF: $name (< setools, > sereach)"
		printf '%s\n' "$why" | head -12
	fi
done <"$queries"
exec 3<&-

# --- the scripts themselves on a few queries (the driver is setools' code)
script_check() { # tool kind pol map mode s t num w b x
	local args out
	cmdline "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" "${10}" "${11}" 0 args
	args=("${args[@]:1}")
	[ "$1" = seinfoflow ] && [ "$4" = - ] && args+=(-m "$setools_map")
	$py "/usr/bin/$1" "${args[@]}" 2>/dev/null | normalise >"$work/theirs"
	"$sereach" "$2" "${args[@]}" 2>/dev/null | normalise >"$work/ours"
	if cmp -s "$work/theirs" "$work/ours" && [ -s "$work/theirs" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "DIFF: $1 ${args[*]} (< $1, > sereach)"
		diff "$work/theirs" "$work/ours" | head -10
	fi
}
script_check sedta dta "$work/dta.bin" - S start trans5 0 0 - - 
script_check sedta dta "$work/dta.bin" - A start trans5 5 0 - trans3_exec1 
script_check seinfoflow flow "$work/infoflow.bin" "$corpus_map" S node1 node9 0 1 - -
script_check seinfoflow flow "$work/conditionalinfoflow.bin" "$corpus_map" S src tgt 0 1 default -
script_check sedta dta "$policy" - S user_t sysadm_t 0 0 - -
if $full; then
	script_check sedta dta "$policy" - A user_t sysadm_t 4 0 - -
	script_check sedta dta "$policy" - in unconfined_t - 0 0 - -
	script_check seinfoflow flow "$policy" "$setools_map" S shadow_t user_t 0 3 - -
	script_check seinfoflow flow "$policy" "$setools_map" out shadow_t - 0 3 default -
fi
echo "seed $seed"
ts_pass=$pass ts_failed=$fail
ts_summary
