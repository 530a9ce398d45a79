#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc-module.sh - differential test of sepolc on a refpolicy-style module
# (a .te using refpolicy interfaces and its own .if, an optional block, a
# tunable, and a .fc) against what refpolicy's development Makefile
# (selinux-policy-dev: m4, checkmodule -M -m, semodule_package) builds.
#
# Checks, each a PASS or FAIL line:
#   - sepolc compiles MODULE.te MODULE.fc in one command into MODULE.cil and,
#     with --pp, into MODULE.pp;
#   - sepolc's CIL has the same lines (sorted) as the CIL semodule makes of
#     the reference .pp (/usr/libexec/selinux/hll/pp, what "semodule -i"
#     runs on a .pp); filecon lines only when sepolc's CIL has any;
#   - the CIL of sepolc's .pp (through hll/pp) has the same lines, filecon
#     included;
#   - "semodule -i" accepts sepolc's CIL in a scratch store (a copy of
#     /var/lib/selinux/default under a temporary root, never the system's)
#     and the reference .pp in another, and the two kernel policies have the
#     same rules for every type of the module (sesearch -s and -t over every
#     TE rule kind) and the same seinfo statistics.
# Then "N passed, N failed".
#
# Usage: sepolc-module.sh [--no-install] [DIR | NAME.te]
#   DIR holds NAME.te, NAME.if, NAME.fc (default: sepolc-module/ next to
#   this script); NAME.te names the module when its directory holds others
#   (NAME.if and NAME.fc beside it are used when present).
#   --no-install: the CIL comparisons only, no scratch stores (seconds
#   instead of most of a minute).
# Environment: SEPOLC (default sepolc from PATH), SEKIT_DEVEL_MAKEFILE
# (default /usr/share/selinux/devel/Makefile), SEKIT_SELINUX_STORE (default
# /var/lib/selinux/default), SEKIT_ORACLE_KEEP=1 keeps the work directory.
# Exit status: 0 all passed, 1 some failed, 2 sepolc missing, 77 skip
# (selinux-policy-dev, m4, semodule or the store missing).
set -u -o pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib.sh"
SEPOLC=${SEPOLC:-sepolc}
devel_mk=${SEKIT_DEVEL_MAKEFILE:-/usr/share/selinux/devel/Makefile}
store=${SEKIT_SELINUX_STORE:-/var/lib/selinux/default}
hll_pp=${SEKIT_HLL_PP:-/usr/libexec/selinux/hll/pp}
install=1
if [ "${1:-}" = --no-install ]; then
	install=0
	shift
fi
dir=${1:-$here/sepolc-module}
te=
case $dir in
*.te) te=$dir dir=$(dirname "$dir") ;;
esac

[ -r "$devel_mk" ] || ts_skip "no $devel_mk (apt-get install selinux-policy-dev)"
ts_need m4 m4
ts_need checkmodule checkpolicy
ts_need semodule_package semodule-utils
ts_need semodule policycoreutils
ts_need sesearch setools
[ -x "$hll_pp" ] || ts_skip "no $hll_pp (apt-get install policycoreutils)"
[ -d "$store/active" ] || ts_skip "no policy store at $store (apt-get install selinux-policy-default)"
command -v "$SEPOLC" >/dev/null || {
	echo "sepolc-module: '$SEPOLC' not found (set SEPOLC)"
	exit 2
}
[ -n "$te" ] || te=$(ls "$dir"/*.te 2>/dev/null | head -1)
[ -n "$te" ] && [ -r "$te" ] || {
	echo "sepolc-module: no .te in $dir"
	exit 2
}
name=$(basename "$te" .te)

ts_workdir sepolc-module
work=$TS_WORKDIR

# The reference: refpolicy's development Makefile in a copy of DIR.
mkdir -p "$work/ref" "$work/ours" && cp "$dir/$name".* "$work/ref/" && cp "$dir/$name".* "$work/ours/" || exit 2
if ! make -C "$work/ref" -f "$devel_mk" "$name.pp" >"$work/ref.log" 2>&1; then
	echo "sepolc-module: refpolicy's Makefile cannot build $name.pp:"
	ts_show "$work/ref.log"
	ts_fail "the reference build of $name failed (fixture broken?)"
	ts_summary
fi
"$hll_pp" "$work/ref/$name.pp" "$work/ref.cil" 2>>"$work/ref.log" || exit 2

# sepolc, one command each, in the module's directory (where its .if is)
fcarg=()
[ -f "$work/ours/$name.fc" ] && fcarg=("$name.fc")
# build LOG OUT [OPTION]: sepolc [OPTION] -o OUT writes OUT; 0 when it does
build() {
	local log=$1 out=$2
	shift 2
	if (cd "$work/ours" && "$SEPOLC" "$@" -o "$out" "$name.te" "${fcarg[@]}") \
		>"$work/$log.out" 2>"$work/$log.err" && [ -s "$work/ours/$out" ]; then
		ts_ok "sepolc ${*:+$* }$name.te ${fcarg[*]} writes $out"
	else
		ts_fail "sepolc ${*:+$* }-o $out $name.te ${fcarg[*]} fails; stderr:"
		ts_show "$work/$log.err"
		return 1
	fi
}
have_cil=0 have_pp=0
build sepolc "$name.cil" && have_cil=1
build sepolc-pp "$name.pp" --pp && have_pp=1

# sorted_cil IN OUT [nofc]: the CIL's lines sorted, blank and comment lines
# dropped, indentation removed; without filecon lines when asked.
sorted_cil() {
	sed -e 's/^[[:space:]]*//' -e '/^$/d' -e '/^;/d' "$1" |
		if [ "${3:-}" = nofc ]; then grep -v '^(filecon '; else cat; fi | sort >"$2"
}

if [ "$have_cil" = 1 ]; then
	fc=
	grep -q '^[[:space:]]*(filecon ' "$work/ours/$name.cil" || fc=nofc
	sorted_cil "$work/ref.cil" "$work/ref.sorted" $fc
	sorted_cil "$work/ours/$name.cil" "$work/ours.sorted" $fc
	if diff -u "$work/ref.sorted" "$work/ours.sorted" >"$work/cil.diff"; then
		note=
		[ -n "$fc" ] && note=" (filecon aside: sepolc's CIL has none)"
		ts_ok "sepolc's $name.cil has the lines of the reference's CIL$note"
	else
		ts_fail "sepolc's $name.cil differs from hll/pp of the reference .pp (sorted lines; - reference, + sepolc):"
		ts_show "$work/cil.diff"
	fi
fi
if [ "$have_pp" = 1 ]; then
	if "$hll_pp" "$work/ours/$name.pp" "$work/ours-pp.cil" 2>"$work/pp.err"; then
		sorted_cil "$work/ref.cil" "$work/ref.sorted"
		sorted_cil "$work/ours-pp.cil" "$work/ours-pp.sorted"
		ts_same "$work/ref.sorted" "$work/ours-pp.sorted" \
			"sepolc's $name.pp converts to the reference's CIL, file contexts included" \
			"sepolc's $name.pp, through hll/pp, differs from the reference (- reference, + sepolc):"
	else
		ts_fail "semodule's hll/pp cannot read sepolc's $name.pp:"
		ts_show "$work/pp.err"
	fi
fi

# install PKG ROOT: semodule -i into a scratch copy of the store under ROOT
install_scratch() {
	local pkg=$1 root=$2
	mkdir -p "$root/store" "$root/etc/selinux/default" &&
		cp -a "$store" "$root/store/default" || return 1
	semodule -S /store -p "$root" -s default -n -i "$pkg" >"$root.log" 2>&1
}

[ "$have_cil" = 1 ] && [ "$install" = 1 ] || ts_summary
if ! install_scratch "$work/ref/$name.pp" "$work/root-ref"; then
	# the check cannot be made: a failure (the store, the oracle), not a skip
	ts_fail "semodule -i of the reference .pp into a scratch store fails:"
	ts_show "$work/root-ref.log"
	ts_summary
fi
if install_scratch "$work/ours/$name.cil" "$work/root-ours"; then
	ts_ok "semodule -i accepts sepolc's $name.cil (scratch store)"
else
	ts_fail "semodule -i refuses sepolc's $name.cil (scratch store):"
	grep -v 'not in password file' "$work/root-ours.log" >"$work/root-ours.short"
	ts_show "$work/root-ours.short"
	ts_summary
fi

ref_pol=$work/root-ref/etc/selinux/default/policy/policy.33
our_pol=$work/root-ours/etc/selinux/default/policy/policy.33
# every type the module declares, as the reference CIL names them
types=$(sed -n 's/^[[:space:]]*(type \([^ )]*\))$/\1/p' "$work/ref.cil" | sort -u)
: >"$work/q.ref"
: >"$work/q.ours"
for t in $types; do
	for side in -s -t; do
		for pol in ref ours; do
			p=$ref_pol
			[ $pol = ours ] && p=$our_pol
			{
				echo "== $side $t"
				sesearch -A --auditallow --dontaudit -T --type_change --type_member \
					"$side" "$t" "$p" 2>&1 | sort
			} >>"$work/q.$pol"
		done
	done
done
seinfo "$ref_pol" 2>&1 | sed 1d >>"$work/q.ref"
seinfo "$our_pol" 2>&1 | sed 1d >>"$work/q.ours"
ts_same "$work/q.ref" "$work/q.ours" \
	"installed, sepolc's module gives the same rules as the reference for $(wc -w <<<"$types") types, and the same statistics" \
	"installed, the rules of the module's types differ (sesearch; - reference, + sepolc):"
ts_summary
