#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sestore against semanage 3.4 on scratch copies of Debian's store (never
# the system's: sestore --root, semanage in a mount namespace with the copy
# bound over /var/lib/selinux and /etc/selinux). CPU time (user + system of
# the process and its children), since wall time here is disk-bound. Prints:
#   one fcontext -a: sestore vs semanage (goal <= 0.5)
#   100 file contexts in one apply vs one change (goal <= 1.3) and vs 100
#   semanage calls (goal <= 1/50; semanage is timed on 3 calls and
#   extrapolated, each call costing the same)
#   a no-op apply (goal <= 0.2 s CPU, no transaction)
# Ratios from one run; never fails on a time. Exit 77 without the store,
# semanage, unshare or root.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
sestore=${SESTORE:?SESTORE=path/to/sestore}

[ "$(id -u)" -eq 0 ] || ts_skip "semanage and libsemanage need root, even on a scratch store"
[ -d /var/lib/selinux/default/active ] || ts_skip "no store in /var/lib/selinux/default"
command -v semanage >/dev/null || ts_skip "no semanage (policycoreutils-python-utils)"
command -v unshare >/dev/null || ts_skip "no unshare"
ts_workdir sestore-bench
work=$TS_WORKDIR

# fresh NAME: a scratch root holding a copy of the store and its /etc/selinux
fresh() {
	rm -rf "${work:?}/$1"
	mkdir -p "$work/$1/var/lib/selinux" "$work/$1/etc/selinux"
	cp -a /var/lib/selinux/default "$work/$1/var/lib/selinux/"
	cp -a /etc/selinux/default /etc/selinux/config /etc/selinux/semanage.conf "$work/$1/etc/selinux/"
}

# cpu CMD...: the CPU seconds (user + system, children included) of CMD
cpu() {
	/usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>"$work/err" || {
		cat "$work/err" >&2
		echo "sestore-bench: '$*' failed" >&2
		exit 2
	}
	awk 'END { printf "%.2f\n", $1 + $2 }' "$work/time"
}

# semanage on the scratch root $1 (the rest: its arguments), in a mount namespace
mount_on='mount --bind "$1/var/lib/selinux" /var/lib/selinux &&
	mount --bind "$1/etc/selinux" /etc/selinux && shift && exec semanage "$@"'

fc_lines() {
	for ((i = 0; i < $1; i++)); do
		printf "fcontext -a -t httpd_sys_content_t '/srv/bench%d(/.*)?'\n" "$i"
	done
}

fresh one
fc_lines 1 >"$work/one.apply"
ours_one=$(cpu "$sestore" --root "$work/one" -S default -N apply "$work/one.apply")
noop=$(cpu "$sestore" --root "$work/one" -S default -N apply "$work/one.apply")

fresh hundred
fc_lines 100 >"$work/hundred.apply"
ours_100=$(cpu "$sestore" --root "$work/hundred" -S default -N apply "$work/hundred.apply")

fresh theirs
sem=()
for ((i = 0; i < 3; i++)); do
	sem+=("$(cpu unshare -m sh -c "$mount_on" sh "$work/theirs" fcontext -a -N -S default \
		-t httpd_sys_content_t "/srv/sem$i(/.*)?")")
done
sem_one=$(printf '%s\n' "${sem[@]}" | sort -n | head -1)
sem_mean=$(printf '%s\n' "${sem[@]}" | awk '{ s += $1 } END { printf "%.2f", s / NR }')
sem_100=$(awk -v m="$sem_mean" 'BEGIN { printf "%.1f", 100 * m }')

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }'; }
printf '%-44s %8s %8s %8s %6s\n' case "ours s" "theirs s" ratio goal
printf '%-44s %8s %8s %8s %6s\n' "one fcontext -a" "$ours_one" "$sem_one" \
	"$(ratio "$ours_one" "$sem_one")" "<=0.5"
printf '%-44s %8s %8s %8s %6s\n' "100 fcontexts, one apply vs one change" "$ours_100" "$ours_one" \
	"$(ratio "$ours_100" "$ours_one")" "<=1.3"
printf '%-44s %8s %8s %8s %6s\n' "100 fcontexts, one apply vs 100 semanage" "$ours_100" "$sem_100" \
	"$(ratio "$ours_100" "$sem_100")" "<=0.02"
printf '%-44s %8s %8s %8s %6s\n' "no-op apply (seconds)" "$noop" - - "<=0.2"
echo "semanage: 3 calls (${sem[*]} s), 100 extrapolated from their mean"
