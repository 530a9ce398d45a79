#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# setools-corpus.sh - differential test of sequery against sesearch/seinfo on
# the small test policies of setools 4.4.4 (corpus/setools/**/*.conf).
#
# Usage: setools-corpus.sh [-j N] [-g ERE] [-v] [--no-cache] [--list] [NAME...]
#
#   NAME   only these policies (path under corpus/setools without .conf,
#          e.g. terulequery policyrep/mls); default: all of them
#   -j, -g, -v, --no-cache   passed to run-oracle.sh
#   --list   print the queries ("[label] ARGS") instead of running them
#
# Every .conf is compiled into a temporary directory the way setools' own
# tests do it (tests/policyrep/util.py compile_policy): checkpolicy -M
# -U reject first, without -M when that fails (a policy without MLS
# statements, e.g. conditionalinfoflow.conf), and with -t xen -c 30 for the
# Xen ocontext policies.  Policies under invalid_policies/ must fail to
# compile and are skipped.  For each compiled policy the queries are derived
# from the policy itself (seinfo --all):
#   - -A, and every other rule kind that has rules, alone, without
#     criteria; the kinds without rules together in one query (TE/MLS and
#     RBAC separately)
#   - -s TYPE over all TE/MLS kinds for up to 20 types, -t TYPE and
#     -D TYPE for one of them
#   - -ds -s ATTR and -s ATTR for up to 2 attributes
#   - --role_allow --role_trans -s ROLE for up to 2 roles, -D ROLE for 1
#   - -c CLASS and -c CLASS -p PERM for one class
#   - -b BOOL for one Boolean
# (names spread evenly over the sorted lists; about 1150 queries in all,
# each costing sesearch or seinfo ~0.45 s of CPU on a cold cache)
#   - seinfo statistics, --all, --all -x (on Xen policies the components
#     seinfo 4.4 can show instead of --all)
# and compared by run-oracle.sh (same rules, same output, same cache).
#
# Environment: SEKIT_CORPUS (default ../shared/corpus next to the source
# tree), CHECKPOLICY (default checkpolicy), and
# everything run-oracle.sh reads (SEQUERY, SEKIT_ORACLE_CACHE...).
# Exit status: as run-oracle.sh; 77 (skip) when the corpus or a tool is
# missing.

set -u -o pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib.sh"
corpus=${SEKIT_CORPUS:-$here/../../../shared/corpus}
src=$corpus/setools

pass_opts=()
names=()
list_only=0
while [ $# -gt 0 ]; do
	case $1 in
	-j | -g) pass_opts+=("$1" "${2:?}"); shift 2 ;;
	-v | --no-cache) pass_opts+=("$1"); shift ;;
	--list) list_only=1; shift ;;
	-h | --help) sed -n '/^# Usage:/,/^#   -j/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "setools-corpus.sh: unknown option '$1'" >&2; exit 2 ;;
	*) names+=("$1"); shift ;;
	esac
done

[ -d "$src" ] || ts_skip "corpus not found: no $src (set SEKIT_CORPUS to the folder holding setools/)"
CHECKPOLICY=${CHECKPOLICY:-checkpolicy}
for tool in "$CHECKPOLICY" "${SESEARCH:-sesearch}" "${SEINFO:-seinfo}"; do
	ts_need "$tool" "checkpolicy setools"
done
SEINFO=${SEINFO:-seinfo}

ts_workdir sekit-corpus
tmp=$TS_WORKDIR
trap 'exit 130' INT TERM
mkdir -p "$tmp/bin" "$tmp/gen"

# seinfo output used to derive the queries, cached like the oracle results
if [ "${SEKIT_ORACLE_CACHE-}" != off ]; then
	gencache=$(ts_cache_dir)/corpus-gen
	mkdir -p "$gencache" 2>/dev/null || gencache=
else
	gencache=
fi
seinfo_id=$("$SEINFO" --version 2>&1 | head -n 1)
cached_seinfo() {	# cached_seinfo POLICY ARGS... > output
	local p=$1 key
	shift
	if [ -z "$gencache" ]; then
		"$SEINFO" "$p" "$@"
		return
	fi
	key=$({ echo "$seinfo_id"; sha256sum <"$p"; echo "$*"; } | sha256sum | cut -c1-64)
	if [ ! -f "$gencache/$key" ]; then
		"$SEINFO" "$p" "$@" >"$gencache/$key.$$" || { rm -f "$gencache/$key.$$"; return 1; }
		mv -f "$gencache/$key.$$" "$gencache/$key"
	fi
	cat "$gencache/$key"
}

# --- compile ---------------------------------------------------------------
confs=()
if [ ${#names[@]} -gt 0 ]; then
	for n in "${names[@]}"; do confs+=("$src/${n%.conf}.conf"); done
else
	while IFS= read -r f; do confs+=("$f"); done < <(find "$src" -name '*.conf' | sort)
fi

policies=()
for conf in "${confs[@]}"; do
	name=${conf#"$src"/}
	name=${name%.conf}
	out=$tmp/bin/$(echo "$name" | tr / _).bin
	if [ ! -r "$conf" ]; then
		echo "setools-corpus.sh: no such corpus policy: $conf" >&2
		exit 2
	fi
	xen=()
	case $(basename "$conf") in
	iomemcon* | ioportcon* | pcidevicecon* | pirqcon* | devicetreecon*) xen=(-t xen -c 30) ;;
	esac
	if "$CHECKPOLICY" -M "${xen[@]}" -o "$out" -U reject "$conf" >"$tmp/log" 2>&1 ||
		"$CHECKPOLICY" "${xen[@]}" -o "$out" -U reject "$conf" >"$tmp/log" 2>&1; then
		case $name in
		*invalid_policies/*) echo "NOTE: $name compiled, although it is meant to be invalid" ;;
		esac
		policies+=("$name")
	else
		case $name in
		*invalid_policies/*) ;;	# expected
		*) echo "note: $name does not compile: $(grep -v '^$' "$tmp/log" | tail -n 1)" ;;
		esac
	fi
done
if [ ${#policies[@]} -eq 0 ]; then
	ts_skip "no corpus policy compiled"
fi

# --- derive the queries ----------------------------------------------------
TE_KINDS="-A --auditallow --dontaudit --auditallowxperm --dontauditxperm -T --type_change --type_member --range_trans"


gen_queries() {	# gen_queries NAME POLICY > job lines
	local name=$1 p=$2 g=$tmp/gen
	{
		if ! cached_seinfo "$p" >"$g/stats" 2>/dev/null; then
			# setools cannot load it (e.g. libsepol rejects a policy
			# without any TE rule: "avtab_read: table is empty"):
			# sequery must report an error too
			echo "rules -A"
			echo "info @none"
		else
			gen_loaded "$p"
		fi
	} | awk -v p="$p" -v name="$name" '{
		mode = $1; q = $0; sub(/^[a-z]+ /, "", q)
		print mode "\t" p "\t" name ":" mode "\t" q }'
}

gen_loaded() {	# gen_loaded POLICY: "MODE ARGS" lines; $g/stats is ready
	local p=$1 g=$tmp/gen
	cached_seinfo "$p" -b -c -r -t -a >"$g/names" || return 1
	cached_seinfo "$p" -c -x >"$g/cx" || return 1
	section() {	# the names listed under "Header: N"
		awk -v h="$1" '
			/^[A-Za-z][A-Za-z_. ]*: [0-9]+$/ { on = (substr($0, 1, length(h) + 1) == h ":"); next }
			on && /^   [^ ]/ { print $1 }' "$g/names"
	}
	count() {	# count STATNAME: a number from the statistics block
		awk -v k="$1" '
			{ line = $0
			  while (match(line, /[A-Za-z][A-Za-z_. ]*: +[0-9]+/)) {
				item = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
				split(item, kv, /: +/); sub(/^ +/, "", kv[1])
				if (kv[1] == k) { print kv[2]; exit }
			  } }' "$g/stats"
	}

	# rule kinds
	local kind stat n empty_te="" empty_rbac=""
	local na nax
	na=$(count Allow)
	nax=$(count Allowxperm)
	if [ "${na:-0}" -gt 0 ] || [ "${nax:-0}" -gt 0 ]; then
		echo "rules -A"
	fi
	# --allow and --allowxperm alone only when -A does not equal either
	for kind in --allow:Allow --allowxperm:Allowxperm --auditallow:Auditallow \
		--auditallowxperm:Auditallowxperm --dontaudit:Dontaudit \
		--dontauditxperm:Dontauditxperm --neverallow:Neverallow \
		--neverallowxperm:Neverallowxperm -T:Type_trans \
		--type_change:Type_change --type_member:Type_member \
		--range_trans:Range_trans "--role_allow:Role allow" --role_trans:Role_trans; do
		stat=${kind#*:}
		kind=${kind%%:*}
		n=$(count "$stat")
		if [ "${n:-0}" -gt 0 ]; then
			case $kind in
			--allow | --allowxperm)
				[ "${na:-0}" -gt 0 ] && [ "${nax:-0}" -gt 0 ] && echo "rules $kind" ;;
			*) echo "rules $kind" ;;
			esac
		else
			case $kind in
			--role_*) empty_rbac+=" $kind" ;;
			*) empty_te+=" $kind" ;;
			esac
		fi
	done
	[ -n "$empty_te" ] && echo "rules${empty_te}"
	[ -n "$empty_rbac" ] && echo "rules${empty_rbac}"

	# types, attributes, roles, classes, Booleans
	section Types | ts_spread 20 >"$g/types"
	awk -v k="$TE_KINDS" '{ print "rules " k " -s " $1 }' "$g/types"
	ts_spread 1 <"$g/types" | awk -v k="$TE_KINDS" '{ print "rules " k " -t " $1 }'
	ts_spread 1 <"$g/types" | awk '{ print "rules -T --type_change --type_member -D " $1 }'
	section "Type Attributes" | ts_spread 2 | awk -v k="$TE_KINDS" '{
		print "rules " k (NR == 1 ? " -ds" : "") " -s " $1 }'
	section Roles | ts_spread 2 >"$g/roles"
	awk '{ print "rules --role_allow --role_trans -s " $1 }' "$g/roles"
	ts_spread 1 <"$g/roles" | awk '{ print "rules --role_trans -D " $1 }'
	section Classes | ts_spread 1 >"$g/classes"
	awk -v k="$TE_KINDS" '{ print "rules " k " -c " $1 }' "$g/classes"
	local c perm common
	ts_spread 1 <"$g/classes" | while read -r c; do
		# first permission of the class, its own or from its common
		perm=$(awk -v c="$c" '
			$1 == "class" { on = ($2 == c); next }
			on && /^\t/ { print $1; exit }' "$g/cx")
		if [ -z "$perm" ]; then
			common=$(awk -v c="$c" '
				$1 == "class" { on = ($2 == c); next }
				on && $1 == "inherits" { print $2; exit }' "$g/cx")
			[ -n "$common" ] && perm=$(cached_seinfo "$p" --common "$common" -x | awk '/^\t/ { print $1; exit }')
		fi
		[ -n "$perm" ] && echo "rules -A --auditallow --dontaudit -c $c -p $perm"
	done
	section Booleans | ts_spread 1 | awk -v k="$TE_KINDS" '{ print "rules " k " -b " $1 }'

	# seinfo
	echo "info @none"
	if grep -q '^Target Policy: *xen' "$g/stats"; then
		# seinfo 4.4 reads a Xen policy's ocontexts as if they were
		# SELinux ones: --all, --portcon, --fs_use... fail or crash
		# ("1 is not a valid PortconProtocol", SIGSEGV), and --iomemcon
		# & co. print the statistics instead (the target check compares
		# an enum with a string).  Ask for the other components only.
		echo "info $XEN_SAFE"
		echo "info $XEN_SAFE -x"
	else
		echo "info --all"
		echo "info --all -x"
	fi
}

XEN_SAFE="-b -c -r -t -a -u --common --category --sensitivity --initialsid --constrain --validatetrans --default --permissive --polcap --typebounds"

jobs=$tmp/jobs
: >"$jobs"
for name in "${policies[@]}"; do
	p=$tmp/bin/$(echo "$name" | tr / _).bin
	gen_queries "$name" "$p" >>"$jobs" || {
		echo "setools-corpus.sh: seinfo failed on $name" >&2
		exit 2
	}
done

if [ "$list_only" = 1 ]; then
	cut -f 3,4 "$jobs" | sed 's/^/[/; s/\t/] /'
	exit 0
fi
echo "${#policies[@]} corpus policies compiled, $(wc -l <"$jobs") queries"
"$here/run-oracle.sh" --jobs-file "$jobs" "${pass_opts[@]}"
