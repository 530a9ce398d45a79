#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow against audit2allow 3.4 over the corpus's real audit logs
# rewritten into every shape a denial is pasted in (seallow-shapes.py:
# node=, grep -n and -Hn, quotes, no header, bare avc:, kernel, printk,
# syslog, audisp syslog, RFC 3339 syslog, journalctl's text, -o json, -o
# export; ausearch -i output made by the real ausearch): for each, seallow's
# sorted rules (plain and -x) equal audit2allow's on the raw log, and
# seallow's counts of what it skipped equal those of the raw log (nothing
# more is left unread; the lines named differ by file and number). ausearch -i drops a record whose line does not start with
# node= or type= (audit2allow-test.log has one, "host=dhcppc2 type=AVC"),
# so its output is compared with audit2allow's on that same output.
#
#   seallow-shapes.sh [--full]
#
# The default (make check) takes the two small corpus logs; --full adds the
# large ones. Exit 0 all passed, 1 a difference, 77 skipped.
set -u
full=false
[ "${1:-}" = --full ] && full=true
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
ts_need_audit2allow # sets a2a, policy, corpus, top, build, seallow
[ -r "$corpus/audit/sepolgen-short.log" ] || ts_skip "no corpus at $corpus"
command -v ausearch >/dev/null || ts_skip "no ausearch (apt-get install auditd)"

ts_workdir seallow-shapes
work=$TS_WORKDIR
export TZ=UTC LC_TIME=C
logs=(audit2allow-test.log sepolgen-short.log)
$full && logs+=(sepolgen-audit.log sepolgen-httpd.log)
shapes=(raw-node grep-n grep-hn quote no-msg bare kernel printk syslog syslog-raw iso-syslog
	journal-short json export interp)

for name in "${logs[@]}"; do
	log=$corpus/audit/$name
	for form in "" -x; do
		# shellcheck disable=SC2086
		"$seallow" $form -p "$policy" -i "$log" 2>&1 >/dev/null | grep -v ': warning: .*:[0-9]*: ' >"$work/raw.err$form"
		# shellcheck disable=SC2086
		/usr/bin/python3 "$a2a" $form -p "$policy" -i "$log" 2>/dev/null | sort >"$work/theirs.raw$form"
	done
	for shape in "${shapes[@]}"; do
		if [ "$shape" = interp ]; then
			ausearch -if "$log" -i >"$work/$shape.log" 2>/dev/null
		else
			/usr/bin/python3 "$here/seallow-shapes.py" "$shape" "$log" >"$work/$shape.log"
		fi
		for form in "" -x; do
			# bare keeps the AVCs alone (no SELINUX_ERR, no policy load)
			# and ausearch -i drops a record: audit2allow reads the
			# same shaped log, unless it fails on it (ausearch passes
			# a byte that is not UTF-8 through, which audit2allow 3.4
			# cannot decode)
			# shellcheck disable=SC2086
			if { [ "$shape" = interp ] || [ "$shape" = bare ]; } &&
				/usr/bin/python3 "$a2a" $form -p "$policy" -i "$work/$shape.log" \
					>"$work/theirs.shape" 2>/dev/null; then
				sort "$work/theirs.shape" >"$work/theirs"
			else
				cp "$work/theirs.raw$form" "$work/theirs"
			fi
			# shellcheck disable=SC2086
			"$seallow" $form -p "$policy" -i "$work/$shape.log" 2>"$work/err.all" | sort >"$work/ours"
			grep -v ': warning: .*:[0-9]*: ' "$work/err.all" >"$work/err"
			if ! cmp -s "$work/theirs" "$work/ours"; then
				ts_fail "$name as $shape [${form:-plain}]: other rules (< audit2allow, > seallow)"
				diff "$work/theirs" "$work/ours" >"$work/diff"
				SEKIT_ORACLE_DIFF_LINES=20 ts_show "$work/diff"
			elif [ "$shape" != interp ] && ! cmp -s "$work/raw.err$form" "$work/err"; then
				ts_fail "$name as $shape [${form:-plain}]: other warnings than the raw log's"
				diff "$work/raw.err$form" "$work/err" >"$work/diff"
				SEKIT_ORACLE_DIFF_LINES=20 ts_show "$work/diff"
			else
				ts_ok "$name as $shape [${form:-plain}]"
			fi
		done
	done
done
ts_summary
