#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc-refpolicy-conf.sh - print the path of the monolithic policy.conf of
# Debian's reference policy source, building it the first time.
#
# The source is the Debian package selinux-policy-src
# (/usr/src/selinux-policy-src.tar.zst, or .tar.gz in older releases). Its own
# Makefile writes the policy.conf with m4: build.conf is Debian's (TYPE = mcs,
# DISTRO = debian, UBAC = y, modules.conf as shipped) with MONOLITHIC = y, then
# "make conf" and "make policy.conf". That takes some ten seconds; the result
# is kept in $SEKIT_ORACLE_CACHE (default ~/.cache/sekit-oracle) under a name
# made of the package version and the policy type, so later runs (the oracle,
# the benchmark, the kernel test) only read it.
#
# Usage: sepolc-refpolicy-conf.sh
# Prints: the policy.conf path on stdout; on the line after it, the options
# checkpolicy needs for it (-M for mcs/mls).
# Environment: SEKIT_REFPOLICY_TYPE (mcs, mls or standard; default: the
# package's own build.conf), SEKIT_REFPOLICY_SRC (the tarball),
# SEKIT_ORACLE_CACHE ("off" builds into a temporary directory that the caller
# must remove: its path is the policy.conf's directory).
# Exit status: 0; 77 when the package, m4 or make is missing (skip); 1 when
# the build fails.
set -u -o pipefail
export LC_ALL=C

. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

src=${SEKIT_REFPOLICY_SRC:-}
if [ -z "$src" ]; then
	for f in /usr/src/selinux-policy-src.tar.zst /usr/src/selinux-policy-src.tar.gz \
		/usr/src/selinux-policy-src.tar.xz; do
		[ -r "$f" ] && src=$f && break
	done
fi
[ -n "$src" ] && [ -r "$src" ] ||
	ts_skip "no reference policy source (apt-get install selinux-policy-src)"
ts_need m4 m4
ts_need make make
ts_need python3 python3
case $src in
*.zst) ts_need zstd zstd ;;
esac

version=$(dpkg-query -W -f='${Version}' selinux-policy-src 2>/dev/null ||
	sha256sum "$src" | cut -c1-16)
version=${version//[^A-Za-z0-9.+~-]/_}
type=${SEKIT_REFPOLICY_TYPE:-}
cache=${SEKIT_ORACLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sekit-oracle}

build() { # build DIR: unpack and make DIR/policy.conf
	local dir=$1 top
	mkdir -p "$dir/src" || return 1
	tar -C "$dir/src" -xf "$src" || return 1
	top=$(find "$dir/src" -maxdepth 2 -name build.conf -printf '%h\n' | head -1)
	[ -n "$top" ] || { echo "sepolc-refpolicy-conf: no build.conf in $src" >&2; return 1; }
	sed -i -e 's/^MONOLITHIC *=.*/MONOLITHIC = y/' "$top/build.conf"
	if [ -n "$type" ]; then
		sed -i -e "s/^TYPE *=.*/TYPE = $type/" "$top/build.conf"
	fi
	if ! make -C "$top" conf >"$dir/build.log" 2>&1 ||
		! make -C "$top" policy.conf >>"$dir/build.log" 2>&1; then
		echo "sepolc-refpolicy-conf: refpolicy's make failed:" >&2
		tail -20 "$dir/build.log" >&2
		return 1
	fi
	mv "$top/policy.conf" "$dir/policy.conf" &&
		sed -n 's/^TYPE *= *//p' "$top/build.conf" >"$dir/type" &&
		rm -rf "$dir/src"
}

opts_of() { # the checkpolicy options for a TYPE
	case $1 in
	mls | mcs) echo "-M" ;;
	*) echo "" ;;
	esac
}

if [ "$cache" = off ]; then
	dir=$(mktemp -d "${TMPDIR:-/tmp}/sekit-refpolicy.XXXXXX") || exit 1
	build "$dir" || exit 1
	echo "$dir/policy.conf"
	opts_of "$(cat "$dir/type")"
	exit 0
fi

dir=$cache/refpolicy-$version-${type:-default}
mkdir -p "$cache" || exit 1
# One builder at a time: the oracle, the benchmark and the kernel test may
# start together under make -j.
exec 9>"$cache/.refpolicy.lock"
flock 9 2>/dev/null || true
if [ ! -s "$dir/policy.conf" ]; then
	tmp=$(mktemp -d "$cache/.refpolicy-build.XXXXXX") || exit 1
	if ! build "$tmp"; then
		rm -rf "$tmp"
		exit 1
	fi
	rm -rf "$dir"
	mv "$tmp" "$dir" || exit 1
fi
echo "$dir/policy.conf"
opts_of "$(cat "$dir/type")"
