#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow against audit2allow/audit2why 3.4 (policycoreutils-python-utils,
# run under /usr/bin/python3) on the same logs and Debian's policy.33:
# identical sorted stdout for the plain, -D, -r, -m, -x, -w and -R forms.
# Logs: the corpus's audit logs and logs written by seallow-gen from the
# policy's own types (TE, boolean, dontaudit, constraint and already
# allowed denials; AVC + SYSCALL + CWD + PATH events; noise; permissive=1).
# The generated logs keep ioctlcmd=0x0 out: audit2allow drops it (a bug
# seallow-oracle.bats checks apart).
#
#   seallow-oracle.sh [--full]
#
# The default (CI) uses the small corpus logs and one 1,500-denial log,
# about two minutes on two cores (audit2allow costs seconds per thousand
# AVCs); --full adds the corpus's large logs and a 20,000-denial log.
# Exit 0 all passed, 1 a difference, 77 skipped (no audit2allow, policy).
set -u
full=false
[ "${1:-}" = --full ] && full=true
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
ts_need_audit2allow # sets a2a, policy, corpus, top, build, seallow
gen=${SEALLOW_GEN:-$build/tests/oracle/seallow-gen}
ts_built "$gen"

ts_workdir seallow-oracle
work=$TS_WORKDIR
logs=()
for f in audit2allow-test.log sepolgen-short.log; do
	[ -r "$corpus/audit/$f" ] && logs+=("$corpus/audit/$f")
done
"$gen" "$policy" 1500 1 --no-zero-ioctl >"$work/gen-1500.log" || exit 2
logs+=("$work/gen-1500.log")
if $full; then
	for f in sepolgen-audit.log sepolgen-httpd.log; do
		[ -r "$corpus/audit/$f" ] && logs+=("$corpus/audit/$f")
	done
	"$gen" "$policy" 20000 2 --no-zero-ioctl >"$work/gen-20000.log" || exit 2
	logs+=("$work/gen-20000.log")
fi

# same NAME: $work/theirs (audit2allow's) and $work/ours (seallow's) agree
same() {
	if cmp -s "$work/theirs" "$work/ours"; then
		ts_ok "$1"
	else
		ts_fail "$1 (< audit2allow, > seallow)"
		diff "$work/theirs" "$work/ours" >"$work/diff"
		SEKIT_ORACLE_DIFF_LINES=20 ts_show "$work/diff"
	fi
}

for log in "${logs[@]}"; do
	for form in "" -D -r "-m oracletest" -x -w; do
		# word splitting of $form is wanted: "-m oracletest" is two words
		# shellcheck disable=SC2086
		(cd "$work" && /usr/bin/python3 "$a2a" $form -p "$policy" -i "$log" 2>/dev/null) | sort >"$work/theirs"
		# shellcheck disable=SC2086
		(cd "$work" && "$seallow" $form -p "$policy" -i "$log" 2>"$work/err") | sort >"$work/ours"
		same "$(basename "$log") [${form:-plain}]"
	done
done
# -R: both from the interface database sepolgen-ifgen writes (seallow reads
# its format with --interface-info) and the same perm_map, seallow taking
# broad picks as audit2allow does. sepolgen-ifgen 3.4 fails on kernel.if,
# init.if and ssh.if (syntax errors; no kernel_* or init_* interface at
# all), so this compares the matching, not the database: seallow's own,
# built from the headers by m4, has those interfaces and picks them
# (tests/seallow/refpolicy.bats).
if command -v sepolgen-ifgen >/dev/null && [ -d /usr/share/selinux/devel/include ]; then
	sepolgen-ifgen -o "$work/interface_info" >/dev/null 2>"$work/ifgen.err"
	for log in "${logs[@]}"; do
		(cd "$work" && /usr/bin/python3 "$a2a" -R --interface-info="$work/interface_info" \
			-p "$policy" -i "$log" 2>/dev/null) | sort >"$work/theirs"
		(cd "$work" && "$seallow" -R --broad-interfaces --interface-info="$work/interface_info" \
			-p "$policy" -i "$log" 2>"$work/err") | sort >"$work/ours"
		same "$(basename "$log") [-R]"
	done
else
	echo "SKIP: -R (no sepolgen-ifgen or no /usr/share/selinux/devel)"
fi
ts_summary
