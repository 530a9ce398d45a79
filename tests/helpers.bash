# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the bats suites: where things are, and skips that say why.

SEKIT_SRCDIR=${SEKIT_SRCDIR:-$(cd "$(dirname "${BATS_TEST_FILENAME}")/../.." && pwd)}
SEKIT_CORPUS=${SEKIT_CORPUS:-$SEKIT_SRCDIR/../shared/corpus}
DEBIAN_POLICY=${DEBIAN_POLICY:-/etc/selinux/default/policy/policy.33}

# SEKIT_NOSKIP=1 (CI sets it, after util-linux's TS_NOSKIP_COMMANDS): every
# skip is a failure, whatever calls it (the require_*/need_* helpers below,
# a tool's own helpers, an inline skip): CI installs everything the tests
# need (scripts/setup), so a skip there is a test that silently did not
# run. Outside CI a skip stays a skip and says exactly what is missing.
# Never skip on sekit's own failure: that is a failure everywhere.
if [ "${SEKIT_NOSKIP:-0}" = 1 ]; then
	skip() {
		echo "SEKIT_NOSKIP=1: a skip fails: ${1:-no reason given}" >&2
		exit 1
	}
fi

# require_built TOOL...: fail (never skip) unless PATH finds each TOOL where
# the build made it: $SEKIT_BUILDDIR under make check; run directly, the
# source tree when it was built in place, else anywhere. Loading a file
# fails with it, so every test of that file is reported failed with the
# reason, rather than skipped or failing for a reason that does not say
# so (seallow's tests skipped on "sepolc cannot compile t.conf").
require_built() {
	local tool found want dir
	for tool; do
		want=${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/$tool
		[ -n "${SEKIT_BUILDDIR:-}" ] || [ -x "$want" ] || want=
		found=$(command -v "$tool") || found=
		[ -n "$found" ] && { [ -z "$want" ] || [ "$found" -ef "$want" ]; } && continue
		if [ -z "$found" ]; then
			echo "helpers: '$tool' is not on PATH, and the tests run the tools the build made:" >&2
		else
			echo "helpers: PATH finds '$found', not the '$tool' built in '${want%/*}':" >&2
		fi
		[ -n "$want" ] && dir=${want%/*} || dir=BUILDDIR
		echo "helpers: run 'make check TESTS=FILE', or 'PATH=$dir:\$PATH bats FILE'" >&2
		return 1
	done
}

# The tool a file tests, from its name: tests/TOOL/*.bats,
# tests/oracle/TOOL-*.bats, tests/kernel/TOOL.bats.
sekit_tool_under_test() {
	local dir name tool
	dir=$(basename "$(dirname "$BATS_TEST_FILENAME")")
	name=$(basename "$BATS_TEST_FILENAME" .bats)
	for tool in "$dir" "${name%%-*}"; do
		[ -f "$SEKIT_SRCDIR/cmd/$tool/Makemodule.am" ] && [ "$tool" != common ] &&
			echo "$tool" && return
	done
}

SEKIT_TEST_TOOL=$(sekit_tool_under_test)
if [ -n "$SEKIT_TEST_TOOL" ]; then
	require_built "$SEKIT_TEST_TOOL" || return 1
fi

# refpolicy's development headers (selinux-policy-dev)
HEADERS=${SEPOLC_HEADERS:-/usr/share/selinux/devel/include}

# Skip unless refpolicy's development headers and m4 are installed.
need_headers() {
	[ -d "$HEADERS/support" ] ||
		skip "no refpolicy headers in $HEADERS (apt-get install selinux-policy-dev)"
	require_command m4 m4
}

# Skip unless the headers' Makefile can build a .pp (checkmodule and
# semodule_package); sets DEVEL_MK to it.
need_devel_makefile() {
	need_headers
	DEVEL_MK=${SEKIT_DEVEL_MAKEFILE:-/usr/share/selinux/devel/Makefile}
	[ -r "$DEVEL_MK" ] || skip "no $DEVEL_MK (apt-get install selinux-policy-dev)"
	require_command checkmodule checkpolicy
	require_command semodule_package semodule-utils
}

# Skip unless Debian's reference policy is installed.
require_debian_policy() {
	[ -r "$DEBIAN_POLICY" ] || skip "no $DEBIAN_POLICY (apt-get install selinux-policy-default)"
}

# require_command COMMAND [DEBIAN-PACKAGE]: skip unless COMMAND is on PATH.
# The one jq requirement is "require_command jq jq".
require_command() {
	command -v "$1" >/dev/null 2>&1 || skip "'$1' not installed${2:+ (apt-get install $2)}"
}

# require_mount_namespace: skip unless this process may make a private mount
# namespace (unshare -m), which the store tests use to hide a scratch store's
# binds from the rest of the machine. A chroot whose root is not a mount point
# cannot: unshare makes / private and the kernel refuses (EINVAL).
require_mount_namespace() {
	require_command unshare util-linux
	local err
	err=$(unshare -m true 2>&1) ||
		skip "no private mount namespace here (${err:-unshare -m failed}); in a chroot, make its root a mount point first (mount --bind ROOT ROOT)"
}

# require_setools: skip unless setools is installed: sesearch, seinfo and
# sediff, and its Python module for /usr/bin/python3 (what the oracle
# scripts import). The one setools requirement: lib.sh's ts_need_setools,
# its reason made bats' skip.
require_setools() {
	local out
	out=$(. "$SEKIT_SRCDIR/tests/lib.sh" && ts_need_setools) ||
		skip "$(sed -n '1{s/^SKIP: //; s/^FAIL: SEKIT_NOSKIP=1: a skip fails: //; p}' <<<"$out")"
}

# require_corpus PATH: skip unless the corpus (../shared/corpus, or
# SEKIT_CORPUS) has PATH (a file or a folder). The one corpus requirement.
require_corpus() {
	[ -e "$SEKIT_CORPUS/$1" ] ||
		skip "corpus not found: no $SEKIT_CORPUS/$1 (set SEKIT_CORPUS to the folder holding ${1%%/*}/)"
}

# sepolc_fixture OUT SOURCE [SEPOLC-ARG...]: SOURCE (a policy.conf, a CIL
# file) compiled into OUT by the sepolc the build made, unless OUT is there
# already (under $BATS_FILE_TMPDIR: once per file). Behaviour fixtures are
# built so, not with checkpolicy: sepolc is always built, so they never
# skip, and sepolc refusing one fails the test with its messages.
sepolc_fixture() {
	local out=$1 src=$2
	shift 2
	[ -s "$out" ] && return 0
	require_built sepolc || return 1
	if ! sepolc "$@" -o "$out" "$src" >"$out.log" 2>&1; then
		echo "sepolc $* -o $out $src failed:" >&2
		cat "$out.log" >&2
		rm -f "$out"
		return 1
	fi
}

# corpus_fixture OUT PATH [SEPOLC-ARG...]: sepolc_fixture of the corpus'
# PATH (require_corpus: a skip when the corpus is not there).
corpus_fixture() {
	local out=$1 path=$2
	shift 2
	require_corpus "$path"
	sepolc_fixture "$out" "$SEKIT_CORPUS/$path" "$@"
}

# fail_strdup STRING [N]: FAIL_STRDUP_ENV, the environment (for env(1)) in
# which a tool's strdup() of STRING fails as when memory runs out, from its
# (N+1)th copy of STRING on (tests/fail-strdup.c, built with cc); skips
# without a C compiler. ASan would refuse a library preloaded before its
# own: told not to check.
fail_strdup() {
	local so=$BATS_TEST_TMPDIR/fail-strdup.so
	require_command cc build-essential
	[ -f "$so" ] || cc -shared -fPIC -o "$so" "$SEKIT_SRCDIR/tests/fail-strdup.c" -ldl ||
		skip "cannot build tests/fail-strdup.c"
	FAIL_STRDUP_ENV=(LD_PRELOAD="$so" SEKIT_FAIL_STRDUP="$1" SEKIT_FAIL_STRDUP_AFTER="${2:-0}"
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0")
}

# Make a work directory of the test's own ($T) and go there: bats keeps its
# own files in BATS_TEST_TMPDIR.
in_workdir() {
	T=$BATS_TEST_TMPDIR/work
	mkdir -p "$T" && cd "$T"
}

# run_suite SCRIPT [ARG...]: run a shell suite of tests/oracle, tests/bench,
# tests/kernel (tests/lib.sh): exit 77 is a skip whose reason is the "SKIP: " line; else
# the suite passes when it exits 0 and its last line says no check failed.
# Its output is shown when the test fails, its summary lines always.
run_suite() {
	run_suite_unchecked "$@"
	[ "$status" -eq 0 ]
	[[ "${lines[${#lines[@]} - 1]}" =~ ^[0-9]+\ passed,\ 0\ failed$ ]]
}

# run_suite_unchecked SCRIPT [ARG...]: run_suite without its verdict, for a
# suite expected to fail (a test of the test): skips, shows the output and
# the summary, and leaves $status and $lines to the caller.
run_suite_unchecked() {
	run "$@"
	# shown by bats only when the test fails
	printf '%s\n' "$output"
	if [ "$status" -eq 77 ]; then
		skip "$(printf '%s\n' "$output" | grep -m 1 '^SKIP: ' | sed 's/^SKIP: //')"
	fi
	# the summary in the test log even when all is well
	printf '%s\n' "$output" | grep -E '^(time|note):|passed, |disagreements' | sed 's/^/# /' >&3
}

# lines_are [--stderr] FIRST <<EOF: the output's lines (stderr's with
# --stderr) from index FIRST on are the lines of stdin, as many as it has;
# a diff (- expected, + output) when they are not.
lines_are() {
	local name=lines want
	[ "$1" = --stderr ] && { name=stderr_lines; shift; }
	local -n got=$name
	mapfile -t want
	diff -u <(printf '%s\n' "${want[@]}") <(printf '%s\n' "${got[@]:$1:${#want[@]}}")
}

# bash_complete FILE WORD...: the words bash offers, one a line, for the
# command line WORD... (the command first, the last word the one being
# completed, possibly empty) with the completion FILE, sourced after
# bash-completion's own functions where they are installed.
bash_complete() {
	bash -c '
		[ -r /usr/share/bash-completion/bash_completion ] &&
			source /usr/share/bash-completion/bash_completion
		source "$1"; shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="${COMP_WORDS[*]}"
		COMP_POINT=${#COMP_LINE}
		"_$1"
		printf "%s\n" "${COMPREPLY[@]}"
	' bash-completion "$@"
}

# zsh_complete FILE WORD...: the words zsh's completion FILE offers, one a
# line, for the command line WORD... (the command first, the last word the
# one being completed): FILE runs under zsh with compsys's functions
# replaced by ones that print the words they are given, unfiltered by the
# word being completed (compadd's arrays, -a, expanded).
zsh_complete() {
	local file=$1
	shift
	zsh -f -c '
		file=$1; shift
		words=("$@"); CURRENT=$#words; PREFIX=${words[CURRENT]}
		# _describe [-t TAG] DESCRIPTION ARRAY... [-- ARRAY... -S =]
		_describe() {
			local a
			[[ $1 == -t ]] && shift 2
			shift
			for a in "$@"; do
				[[ $a == [[:alpha:]_]* ]] || continue
				print -rl -- ${${(P)a}%%:*}
			done
		}
		compadd() {
			local arrays=0
			local -a out
			while (( $# )); do
				case $1 in
				-a) arrays=1 ;;
				-[SPpqJVXxrRMFWd]) shift ;;
				-*) ;;
				*) if (( arrays )); then out+=("${(@P)1}"); else out+=("$1"); fi ;;
				esac
				shift
			done
			print -rl -- $out
		}
		# _wanted TAG expl DESCRIPTION COMMAND...
		_wanted() { shift 3; "$@" }
		_arguments() {
			local spec
			for spec in "$@"; do
				# "1::command:(a b)": the words of a positional argument
				if [[ $spec == [0-9]*:*:\(*\) ]]; then
					print -rl -- ${=${${spec##*:\(}%\)}}
					continue
				fi
				spec=${spec#\(*\)}
				spec=${spec#\*}
				[[ $spec == -* ]] || continue
				spec=${spec%%[\[:]*}
				print -r -- ${spec%%[=+-]}
			done
		}
		_files() { : } ; _directories() { : } ; _message() { : } ; compset() { return 1 }
		source $file
	' zsh-completion "$file" "$@" 2>/dev/null
}

# complete_words WORD...: what bash offers after "TOOL WORD...", TOOL's
# completion being $COMPLETION (completions/bash/TOOL).
complete_words() {
	bash_complete "$COMPLETION" "$(basename "$COMPLETION")" "$@"
}

# A scratch copy of the system's module store: semodule -p ROOT -s STORE
# works there and never touches /var/lib/selinux or the loaded policy.
scratch_store() {
	[ "$(id -u)" -eq 0 ] || skip "semodule needs root, even on a scratch store"
	require_command semodule policycoreutils
	[ -d /var/lib/selinux/default/active ] || skip "no module store in /var/lib/selinux/default"
	ROOT=$T/root # $T: the test's work directory
	mkdir -p "$ROOT/var/lib/selinux" "$ROOT/etc/selinux"
	cp -a /var/lib/selinux/default "$ROOT/var/lib/selinux/"
	[ -d /etc/selinux/default ] && cp -a /etc/selinux/default "$ROOT/etc/selinux/"
	return 0
}
