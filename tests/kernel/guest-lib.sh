# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/kernel/guest-lib.sh - the shell library of the guest scripts
# (tests/kernel/*-guest.sh and guest.sh), the guest's side of tests/lib.sh:
# busybox sh, so POSIX only. tests/kernel/vm puts it at /vm/lib.sh; a guest
# script starts with
#
#   . /vm/lib.sh
#
# and ends with "summary", which prints "N passed, N failed" (the last line
# run_suite in tests/helpers.bash reads) and sets the exit status.

pass=0 fail=0

ok() {
	pass=$((pass + 1))
	echo "PASS: $*"
}
bad() {
	fail=$((fail + 1))
	echo "FAIL: $*"
}
# step TITLE: a heading in the log
step() { echo "== $*"; }

# run CMD...: sets $rc, $out (stdout) and $err (stderr)
run() {
	out=$("$@" 2>/tmp/guest-lib.stderr)
	rc=$?
	err=$(cat /tmp/guest-lib.stderr)
}

# show: what the last command said, indented under a failure
show() {
	echo "   rc $rc"
	[ -z "$out" ] || printf '%s\n' "$out" | head -n 20 | sed 's/^/   out: /'
	[ -z "$err" ] || printf '%s\n' "$err" | head -n 20 | sed 's/^/   err: /'
}

# expect DESC RC [STDOUT-PATTERN [STDERR-PATTERN]] -- CMD...: the command
# exits RC, and its stdout and stderr match the shell patterns (default *)
expect() {
	desc=$1 want=$2 opat='*' epat='*'
	shift 2
	[ "$1" != -- ] && {
		opat=$1
		shift
	}
	[ "$1" != -- ] && {
		epat=$1
		shift
	}
	[ "$1" = -- ] || {
		bad "$desc: expect wants -- before the command"
		return
	}
	shift
	run "$@"
	# shellcheck disable=SC2254
	case "$out" in $opat) o=1 ;; *) o=0 ;; esac
	# shellcheck disable=SC2254
	case "$err" in $epat) e=1 ;; *) e=0 ;; esac
	if [ "$rc" = "$want" ] && [ $o = 1 ] && [ $e = 1 ]; then
		ok "$desc"
	else
		w="exit $want"
		[ "$opat" = '*' ] || w="$w, stdout '$opat'"
		[ "$epat" = '*' ] || w="$w, stderr '$epat'"
		bad "$desc (want $w)"
		show
	fi
}

# has DESC PATTERN TEXT: TEXT has a line matching the grep -E PATTERN
has() {
	if printf '%s\n' "$3" | grep -qE -- "$2"; then ok "$1"; else
		bad "$1: no line matches /$2/ in:"
		printf '%s\n' "$3" | head -n 20 | sed 's/^/   /'
	fi
}
# hasnot DESC PATTERN TEXT: no line of TEXT matches
hasnot() {
	if printf '%s\n' "$3" | grep -qE -- "$2"; then
		bad "$1: a line matches /$2/:"
		printf '%s\n' "$3" | grep -E -- "$2" | head -n 10 | sed 's/^/   /'
	else ok "$1"; fi
}

# agree DESC QUERIES WANT GOT: GOT answers every line of the file QUERIES
# and says what the file WANT says (the answers computed elsewhere); returns
# 1 when not
agree() {
	n=$(wc -l <"$2")
	# an access batch answers each permission on a line of its own: as
	# many lines as WANT, and at least one per query
	want=$(wc -l <"$3")
	got=$(wc -l <"$4")
	diffs=$(diff "$3" "$4" | grep -c '^>')
	if [ "$got" -eq "$want" ] && [ "$got" -ge "$n" ] && [ "$diffs" -eq 0 ]; then
		ok "$1: $n random queries, 0 disagreements"
	else
		bad "$1: $n queries, $got answers, $diffs disagreements"
		diff "$3" "$4" | head -n 6 | sed 's/^/   /'
		return 1
	fi
}

# summary: the last line, and the exit status (1 when anything failed)
summary() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
