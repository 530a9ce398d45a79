#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The command-line conventions every tool keeps (STYLE.md section 3), checked
# from each tool's own option table as util-linux's checkusage.sh,
# checkcompletion.sh and checkmanpage.sh do. The tools are the
# bin_PROGRAMS of cmd/*/Makemodule.am, so a new tool is checked from the
# day it is built; its subcommands are what "TOOL --list-commands" prints,
# and its options what "TOOL [COMMAND] --list-options" prints (the table in
# cmd/<tool>/, see cmd/common/options.h). Every option must then appear in
# --help, in man/TOOL.1.scd, and among the words the bash and zsh
# completions offer; the completions name no option the tool lacks. Every
# command of a tool's table (cmd/common/commands.h) must be in the
# "Commands:" block of --help, the man page's SYNOPSIS (which shows no
# other) and what both completions offer for the command word. The broken
# copy tests give each check a deliberately broken copy to show it fails.
bats_require_minimum_version 1.5.0
load ../helpers

tools() {
	sed -n 's/^bin_PROGRAMS += *//p' "$SEKIT_SRCDIR"/cmd/*/Makemodule.am | tr ' ' '\n' | sed '/^$/d'
}

# "TOOL" and "TOOL COMMAND" for every command, one a line.
invocations() {
	local tool cmd
	for tool in $(tools); do
		echo "$tool"
		"$tool" --list-commands 2>/dev/null | cut -f1 | while read -r cmd; do
			echo "$tool $cmd"
		done
	done
}

# The option words of TOOL [COMMAND]: "-x", "--name", "--name=".
options_of() {
	"$@" --list-options | cut -f1
}

# report_missing FORMAT TEST WORD...: FORMAT (printf's, %s the word) for
# each WORD the command TEST WORD fails on; returns 1 when there was one.
# The TESTs below read their caller's locals.
report_missing() {
	local format=$1 test=$2 word bad=0
	shift 2
	for word in "$@"; do
		"$test" "$word" || { printf -- "$format\n" "$word"; bad=1; }
	done
	return $bad
}

# check_help OPTION... < HELP: the --help text names every option of the
# table (the word itself, not a prefix of a longer one).
check_help() {
	local help
	help=$(cat)
	report_missing "--help lacks %s" in_help "${@%=}"
}
in_help() { grep -qE -- "(^|[[:space:],])$1([=,[:space:]]|\[|\$)" <<<"$help"; }

# check_man PAGE OPTION...: the man page names each option in bold:
# "*-q*, *--quiet*" or "*-q, --quiet*".
check_man() {
	local page=$1
	shift
	report_missing "$page lacks *%s*" in_man "${@%=}"
}
in_man() { grep -qE -- "\\*([^*]*[ ,])?$1([=, ][^*]*)?\\*" "$page"; }

# Completions run the tools many times over; their leaks are not what is
# tested here, and LeakSanitizer's stop-the-world at exit was seen to hang
# (tracer in waitpid, tool spinning) on a machine loaded 10 times its cores.
NO_LEAK_CHECK="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# The words bash offers for "TOOL [COMMAND] -", with the completion FILE.
bash_offers() {
	bash_completes - "$@"
}

# bash_completes CUR FILE WORD...: the words bash offers for "WORD... CUR".
bash_completes() {
	local cur=$1 file=$2
	shift 2
	ASAN_OPTIONS=$NO_LEAK_CHECK bash -c '
		[ -r /usr/share/bash-completion/bash_completion ] &&
			source /usr/share/bash-completion/bash_completion
		cur=$1 file=$2; shift 2
		source "$file"
		COMP_WORDS=("$@" "$cur")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="${COMP_WORDS[*]}"
		COMP_POINT=${#COMP_LINE}
		"_$1"
		printf "%s\n" "${COMPREPLY[@]}"
	' bash-completion "$cur" "$file" "$@" 2>/dev/null
}

# The words zsh offers for "TOOL [COMMAND] -", with the completion FILE:
# the file runs under zsh with compsys's functions replaced by ones that
# print the words they are given.
zsh_offers() {
	zsh_completes - "$@"
}

# zsh_completes CUR FILE WORD...: the same for "WORD... CUR"
# (helpers.bash's zsh_complete).
zsh_completes() {
	local cur=$1 file=$2
	shift 2
	ASAN_OPTIONS=$NO_LEAK_CHECK zsh_complete "$file" "$@" "$cur"
}

# check_offered LABEL OPTION... with the offered words on stdin.
check_offered() {
	local label=$1 offered
	shift
	offered=$(cat)
	report_missing "$label does not offer %s" is_offered "$@"
}
is_offered() { grep -qxF -- "$1" <<<"$offered" || grep -qxF -- "${1%=}" <<<"$offered"; }

# Every option word of TOOL and its commands, without "=", one a line.
known_options() {
	invocations | awk -v t="$1" '$1 == t' | while read -r inv; do
		options_of $inv
	done | sed 's/=$//' | sort -u
}

# check_named FILE < KNOWN: every "--name" FILE mentions is a known option.
check_named() {
	local file=$1 known
	known=$(cat)
	report_missing "$file names %s, which is no option" is_known $(grep -v '^[[:space:]]*#' "$file" |
		grep -oE -- '(^|[^[:alnum:]_-])--[a-z][a-z0-9_-]*' | sed 's/^[^-]*//' | sort -u)
}
is_known() {
	case $1 in --list-options | --list-commands) return 0 ;; esac
	grep -qxF -- "$1" <<<"$known"
}

# check_man_defines PAGE < KNOWN: every option the man page defines (an
# scdoc definition: a line starting "*-" above a tab-indented one) is a
# known option.
check_man_defines() {
	local page=$1 known
	known=$(cat)
	report_missing "$page defines %s, which is no option" is_known \
		$(awk '/^\t/ && prev ~ /^\*-/ { print prev } { prev = $0 }' "$page" |
			grep -oE -- '\*--?[A-Za-z0-9][A-Za-z0-9_-]*\*' | tr -d '*' | sort -u)
}

@test "conventions: every tool and command has an option table" {
	local inv n=0
	while read -r inv; do
		run -0 --separate-stderr $inv --list-options
		[ -n "$output" ] || { echo "$inv: empty --list-options"; false; }
		[ -z "$stderr" ]
		[[ "$output" != *"--list-options"* ]]
		n=$((n + 1))
	done < <(invocations)
	[ "$n" -ge 4 ]
}

@test "conventions: --help documents every option, on stdout, exit 0" {
	local inv
	while read -r inv; do
		run -0 --separate-stderr $inv --help
		[[ "$output" == Usage:* ]] || { echo "$inv --help: no Usage:"; false; }
		[ -z "$stderr" ] || { echo "$inv --help wrote to stderr"; false; }
		check_help $(options_of $inv) <<<"$output" || { echo "($inv)"; false; }
	done < <(invocations)
}

@test "conventions: --help and --version fail with exit 3 on a full disk" {
	local inv tool
	[ -w /dev/full ] || skip "no /dev/full"
	while read -r inv; do
		run -3 --separate-stderr bash -c "$inv --help >/dev/full"
		[[ "$stderr" == *"write error"* ]] || { echo "$inv --help: $stderr"; false; }
	done < <(invocations)
	for tool in $(tools); do
		run -0 --separate-stderr "$tool" --version
		[[ "$output" == "$tool (sekit) "* ]] || { echo "$tool --version: $output"; false; }
		[ -z "$stderr" ]
		run -3 --separate-stderr bash -c "$tool --version >/dev/full"
		[[ "$stderr" == *"write error"* ]] || { echo "$tool --version: $stderr"; false; }
	done
}

@test "conventions: an unknown option names the tool and the command's --help, exit 2" {
	local inv tool
	while read -r inv; do
		tool=${inv%% *}
		# by path, so a message taken from argv[0] would show it
		run -2 --separate-stderr "$(command -v "$tool")" ${inv#"$tool"} --no-such-option
		[ -z "$output" ]
		[[ "$stderr" == "$tool: unrecognized option '--no-such-option'"$'\n'"Try '$inv --help' for more information." ]] ||
			{ echo "$inv: $stderr"; false; }
	done < <(invocations)
}

@test "conventions: the man page names every option, and defines no other" {
	local inv tool
	while read -r inv; do
		check_man "$SEKIT_SRCDIR/man/${inv%% *}.1.scd" $(options_of $inv) || { echo "($inv)"; false; }
	done < <(invocations)
	for tool in $(tools); do
		known_options "$tool" | check_man_defines "$SEKIT_SRCDIR/man/$tool.1.scd"
	done
}

@test "conventions: bash completion offers every option, and names no other" {
	[ -r /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion not installed (apt-get install bash-completion)"
	local inv tool file
	while read -r inv; do
		tool=${inv%% *}
		file=$SEKIT_SRCDIR/completions/bash/$tool
		bash_offers "$file" $inv | check_offered "bash ($inv)" $(options_of $inv)
	done < <(invocations)
	for tool in $(tools); do
		known_options "$tool" | check_named "$SEKIT_SRCDIR/completions/bash/$tool"
	done
}

@test "conventions: zsh completion offers every option, and names no other" {
	local inv tool file
	for tool in $(tools); do
		known_options "$tool" | check_named "$SEKIT_SRCDIR/completions/zsh/_$tool"
	done
	require_command zsh zsh
	while read -r inv; do
		tool=${inv%% *}
		file=$SEKIT_SRCDIR/completions/zsh/_$tool
		zsh_offers "$file" $inv | check_offered "zsh ($inv)" $(options_of $inv)
	done < <(invocations)
}

# ---- commands: one table (cmd/common/commands.h) per tool --------------------

# The tools with commands, and "TOOL CMD" for each command of its table.
command_tools() {
	local tool
	for tool in $(tools); do
		[ -n "$("$tool" --list-commands 2>/dev/null)" ] && echo "$tool"
	done
	return 0
}

commands_of() {
	"$1" --list-commands | cut -f1
}

# check_help_commands CMD... with --help on stdin: each has its line in the
# "Commands:" block.
check_help_commands() {
	local help cmd bad=0
	help=$(sed -n '/^Commands:$/,/^$/p')
	for cmd in "$@"; do
		if ! grep -qE -- "^ +$cmd( |\$)" <<<"$help"; then
			echo "--help lacks command $cmd"
			bad=1
		fi
	done
	return $bad
}

# The commands PAGE's SYNOPSIS shows for TOOL: "*TOOL* [_options_] *cmd*",
# "*TOOL cmd*", "*a*|*b*".
man_synopsis_commands() {
	local page=$1 tool=$2
	awk '/^# SYNOPSIS/ { f = 1; next } /^# / { f = 0 } f' "$page" |
		sed -n "s/^\\*$tool\\*//p; s/^\\*$tool /*/p" |
		sed -E 's/^ *(\[_options_\] *)?//' |
		grep -oE '^(\*[a-z_][a-z0-9_-]*\*\|?)+' | tr '|' '\n' | tr -d '*' | sort -u
}

# check_man_commands PAGE TOOL CMD...: the SYNOPSIS shows each command, and
# no command the table lacks.
check_man_commands() {
	local page=$1 tool=$2 shown cmd bad=0
	shift 2
	shown=$(man_synopsis_commands "$page" "$tool")
	for cmd in "$@"; do
		if ! grep -qxF -- "$cmd" <<<"$shown"; then
			echo "$page: the SYNOPSIS lacks the command $cmd"
			bad=1
		fi
	done
	for cmd in $shown; do
		if ! printf '%s\n' "$@" | grep -qxF -- "$cmd"; then
			echo "$page: the SYNOPSIS shows $cmd, which is no command"
			bad=1
		fi
	done
	return $bad
}

@test "conventions: every command of a tool's table is in --help, the man page and both completions" {
	local tool cmds n=0
	while read -r tool; do
		cmds=$(commands_of "$tool")
		# shellcheck disable=SC2086
		{
			"$tool" --help | check_help_commands $cmds
			check_man_commands "$SEKIT_SRCDIR/man/$tool.1.scd" "$tool" $cmds
			if [ -r /usr/share/bash-completion/bash_completion ]; then
				bash_completes "" "$SEKIT_SRCDIR/completions/bash/$tool" "$tool" |
					check_offered "bash ($tool)" $cmds
			fi
			if command -v zsh >/dev/null; then
				zsh_completes "" "$SEKIT_SRCDIR/completions/zsh/_$tool" "$tool" |
					check_offered "zsh ($tool)" $cmds
			fi
		} || { echo "($tool)"; false; }
		n=$((n + 1))
	done < <(command_tools)
	[ "$n" -ge 4 ]
}

@test "conventions: an unknown command is a usage error with a did-you-mean, exit 2" {
	local tool cmd
	while read -r tool; do
		# the longest command, one letter doubled: near enough to suggest
		cmd=$(commands_of "$tool" | awk '{ print length, $0 }' | sort -rn | sed -n '1s/^[0-9]* //p')
		run -2 --separate-stderr "$tool" "${cmd}${cmd: -1}"
		[ -z "$output" ]
		[ "$stderr" = "$tool: unknown command '${cmd}${cmd: -1}'"$'\n'"$tool: note: did you mean '$cmd'?"$'\n'"Try '$tool --help' for more information." ] ||
			{ echo "$tool: $stderr"; false; }
		# nothing near: no note
		run -2 --separate-stderr "$tool" zzzzzzzzzz
		[ "$stderr" = "$tool: unknown command 'zzzzzzzzzz'"$'\n'"Try '$tool --help' for more information." ] ||
			{ echo "$tool: $stderr"; false; }
	done < <(command_tools)
}

# copy_fails COPY ORIGINAL MESSAGE CHECK: CHECK ORIGINAL passes, CHECK COPY
# fails saying MESSAGE (and COPY does differ from ORIGINAL); the copy's
# $status and $output are left for the caller's further checks.
copy_fails() {
	if cmp -s "$2" "$1"; then
		echo "$1 is the same as $2"
		return 1
	fi
	run "$4" "$2"
	[ "$status" -eq 0 ]
	run "$4" "$1"
	[ "$status" -eq 1 ]
	[[ "$output" == *"$3"* ]]
}
# The CHECKs: FILE against sectl bool's options ($OPTS) or sectl's commands
# ($CMDS).
man_check() { check_man "$1" $OPTS; }
bash_check() { check_offered "bash" $OPTS < <(bash_offers "$1" sectl bool); }
zsh_check() { check_offered "zsh" $OPTS < <(zsh_offers "$1" sectl bool); }
man_commands_check() { check_man_commands "$1" sectl $CMDS; }
bash_commands_check() { check_offered bash $CMDS < <(bash_completes "" "$1" sectl); }
zsh_commands_check() { check_offered zsh $CMDS < <(zsh_completes "" "$1" sectl); }

# sectl's table has "avc"; each check fails when a copy lacks it.
@test "conventions (broken copy): a command missing from --help, the man page or a completion fails the check" {
	CMDS=$(commands_of sectl)
	grep -qx avc <<<"$CMDS"
	# shellcheck disable=SC2086
	run check_help_commands $CMDS < <(sectl --help | grep -v '^  avc ')
	[ "$status" -eq 1 ]
	[ "$output" = "--help lacks command avc" ]
	# shellcheck disable=SC2086
	run check_help_commands $CMDS < <(sectl --help)
	[ "$status" -eq 0 ]

	sed 's/^\*sectl\* \[_options_\] \*avc\*$/*sectl* [_options_] *avcx*/' \
		"$SEKIT_SRCDIR/man/sectl.1.scd" >"$BATS_TEST_TMPDIR/sectl.1.scd"
	copy_fails "$BATS_TEST_TMPDIR/sectl.1.scd" "$SEKIT_SRCDIR/man/sectl.1.scd" \
		"SYNOPSIS lacks the command avc" man_commands_check
	[[ "$output" == *"SYNOPSIS shows avcx, which is no command"* ]]

	if [ -r /usr/share/bash-completion/bash_completion ]; then
		sed 's/--list-commands 2>\/dev\/null | cut -f1)/--list-commands 2>\/dev\/null | cut -f1 | grep -vx avc)/' \
			"$SEKIT_SRCDIR/completions/bash/sectl" >"$BATS_TEST_TMPDIR/sectl"
		copy_fails "$BATS_TEST_TMPDIR/sectl" "$SEKIT_SRCDIR/completions/bash/sectl" \
			"does not offer avc" bash_commands_check
		[[ "$output" != *"does not offer status"* ]]
	fi

	if command -v zsh >/dev/null; then
		sed 's/for line in ${(f)"$("$@" 2>\/dev\/null)"}; do/for line in ${(f)"$("$@" 2>\/dev\/null | grep -v "^avc\t")"}; do/' \
			"$SEKIT_SRCDIR/completions/zsh/_sectl" >"$BATS_TEST_TMPDIR/_sectl"
		copy_fails "$BATS_TEST_TMPDIR/_sectl" "$SEKIT_SRCDIR/completions/zsh/_sectl" \
			"does not offer avc" zsh_commands_check
		[[ "$output" != *"does not offer status"* ]]
	fi
}

# The statuses --help announces ("Exit status: 0 ..., 2 ...") are those the
# man page's EXIT STATUS lists, and those lie in cmd/common/cli.h's table.
@test "conventions: every exit status is documented in the man page" {
	local inv tool page documented code
	while read -r inv; do
		tool=${inv%% *}
		page=$SEKIT_SRCDIR/man/$tool.1.scd
		documented=$(awk '/^# EXIT STATUS/ { f = 1; next } /^# / { f = 0 }
			f && /^\*[0-9]+\*$/ { gsub(/\*/, ""); print }' "$page")
		[ -n "$documented" ] || { echo "$page: no EXIT STATUS entries"; false; }
		for code in $documented; do
			[[ $code == [0-4] ]] || { echo "$page: status $code is not in cli.h"; false; }
		done
		# the statuses this test sees: 0 (--help), 2 (a bad option), 3 (stdout)
		for code in 0 2 3; do
			grep -qx "$code" <<<"$documented" || { echo "$page lacks status $code"; false; }
		done
		for code in $($inv --help | tr '\n' ' ' | sed -n 's/.*Exit status: *//p' |
			grep -oE '(^|, |[^a-z] )[0-9]+ ' | grep -oE '[0-9]+'); do
			grep -qx "$code" <<<"$documented" ||
				{ echo "$inv --help announces status $code, $page does not list it"; false; }
		done
	done < <(invocations)
}

# The statuses a tool's code can return (the EXIT_* names of cli.h that
# cmd/TOOL uses, plus 2 and 3 that cli_exit_for() and the stdout check give
# every tool) are exactly those its man page lists: a status the code never
# returns is a promise scripts cannot rely on, one it returns unlisted a
# surprise. Literal numbers in exit()/return of main are not allowed.
exit_statuses_of_code() {
	local dir=$1
	{
		echo 2
		echo 3
		grep -ohE '\bEXIT_(OK|NOMATCH|USAGE|ENV|PARTIAL)\b' "$dir"/*.c | sed \
			-e 's/EXIT_OK/0/' -e 's/EXIT_NOMATCH/1/' -e 's/EXIT_USAGE/2/' \
			-e 's/EXIT_ENV/3/' -e 's/EXIT_PARTIAL/4/'
	} | sort -u
}

# check_statuses TOOL CODE_DIR MAN_PAGE
check_statuses() {
	local tool=$1 dir=$2 page=$3 documented code_statuses
	documented=$(awk '/^# EXIT STATUS/ { f = 1; next } /^# / { f = 0 }
		f && /^\*[0-9]+\*$/ { gsub(/\*/, ""); print }' "$page" | sort -u)
	code_statuses=$(exit_statuses_of_code "$dir")
	[ "$documented" = "$code_statuses" ] || {
		echo "$tool: the code returns $(echo $code_statuses), $page lists $(echo $documented)"
		return 1
	}
	! grep -nE '\b(exit|_exit)\([1-9]\)|^\s*return [1-9];' "$dir/main.c" ||
		{ echo "$tool: a literal exit status in main.c (use cli.h's names)"; return 1; }
}

@test "conventions: the statuses each tool's code returns are those its man page lists" {
	local tool
	grep -qE 'EXIT_OK = 0,.*EXIT_NOMATCH = 1,.*EXIT_USAGE = 2,.*EXIT_ENV = 3,.*EXIT_PARTIAL = 4,' \
		<(tr -d '\n' <"$SEKIT_SRCDIR/cmd/common/cli.h" | tr -s '\t ' ' ') ||
		{ echo "cli.h's exit table changed: update this test"; false; }
	for tool in $(tools); do
		check_statuses "$tool" "$SEKIT_SRCDIR/cmd/$tool" "$SEKIT_SRCDIR/man/$tool.1.scd"
	done
}

# One table (cmd/common/cli.c's exit_for()) maps a library status to an
# exit status: a tool that tests an errno or a POL_E* code to pick EXIT_*
# itself (issue 22: disk full was 2 in one tool, 3 in another) drifts.
@test "conventions: no tool maps a library status to an exit status of its own" {
	run grep -nE '(== *-?E[A-Z]+\b|== *POL_E[A-Z]+\b|> *-4096)[^;]*\? *EXIT_' \
		$(ls "$SEKIT_SRCDIR"/cmd/*/*.c | grep -v /cmd/common/)
	[ "$status" -eq 1 ] || { echo "$output (use cli_exit_for*() of cli.h)"; false; }
}

@test "conventions (broken copy): a status the code returns but the man page omits fails the check" {
	local dir=$BATS_TEST_TMPDIR/sepolc
	mkdir -p "$dir"
	cp "$SEKIT_SRCDIR"/cmd/sepolc/*.c "$dir"/
	run -0 check_statuses sepolc "$dir" "$SEKIT_SRCDIR/man/sepolc.1.scd"
	echo 'static int f(void) { return EXIT_PARTIAL; }' >>"$dir/main.c"
	run -1 check_statuses sepolc "$dir" "$SEKIT_SRCDIR/man/sepolc.1.scd"
	[[ "$output" == *"the code returns 0 1 2 3 4"*"lists 0 1 2 3"* ]]
}

# ---- each check fails when an option is dropped from one place -----------

# A tool whose table has an option the others lack: sectl's "bool" has
# --pending in its table, --help, man page and both completions.
broken_setup() {
	OPTS=$(options_of sectl bool)
	grep -qx -- --pending <<<"$OPTS"
}

@test "conventions (broken copy): an option dropped from the table is still in the man page" {
	broken_setup
	# sectl's tables without --pending: its man page still defines it
	run check_man_defines "$SEKIT_SRCDIR/man/sectl.1.scd" < <(known_options sectl | grep -vx -- --pending)
	[ "$status" -eq 1 ]
	[[ "$output" == *"defines --pending, which is no option"* ]]
	run check_man_defines "$SEKIT_SRCDIR/man/sectl.1.scd" < <(known_options sectl)
	[ "$status" -eq 0 ]
	# and a completion naming an option no table has is reported
	printf '%s\n' 'case $prev in --pendingx) ;; esac' >"$BATS_TEST_TMPDIR/_sectl"
	run check_named "$BATS_TEST_TMPDIR/_sectl" < <(known_options sectl)
	[ "$status" -eq 1 ]
	[[ "$output" == *"names --pendingx, which is no option"* ]]
}

@test "conventions (broken copy): --help without an option fails the help check" {
	broken_setup
	run check_help $OPTS < <(sectl bool --help | grep -v -- '--pending')
	[ "$status" -eq 1 ]
	[[ "$output" == *"--help lacks --pending"* ]]
}

@test "conventions (broken copy): a man page without an option fails the man check" {
	broken_setup
	sed 's/\*--pending\*/*--pendingx*/g' "$SEKIT_SRCDIR/man/sectl.1.scd" >"$BATS_TEST_TMPDIR/sectl.1.scd"
	copy_fails "$BATS_TEST_TMPDIR/sectl.1.scd" "$SEKIT_SRCDIR/man/sectl.1.scd" "lacks *--pending*" man_check
}

@test "conventions (broken copy): a bash completion without an option fails the bash check" {
	[ -r /usr/share/bash-completion/bash_completion ] ||
		skip "bash-completion not installed (apt-get install bash-completion)"
	broken_setup
	# the copy drops --pending from what it takes from sectl
	sed 's/--list-options 2>\/dev\/null | cut -f1)/--list-options 2>\/dev\/null | cut -f1 | grep -vx -- --pending)/' \
		"$SEKIT_SRCDIR/completions/bash/sectl" >"$BATS_TEST_TMPDIR/sectl"
	copy_fails "$BATS_TEST_TMPDIR/sectl" "$SEKIT_SRCDIR/completions/bash/sectl" \
		"does not offer --pending" bash_check
}

@test "conventions (broken copy): a zsh completion without an option fails the zsh check" {
	require_command zsh zsh
	broken_setup
	sed 's/for line in ${(f)"$("$@" 2>\/dev\/null)"}; do/for line in ${(f)"$("$@" 2>\/dev\/null | grep -v "^--pending\t")"}; do/' \
		"$SEKIT_SRCDIR/completions/zsh/_sectl" >"$BATS_TEST_TMPDIR/_sectl"
	copy_fails "$BATS_TEST_TMPDIR/_sectl" "$SEKIT_SRCDIR/completions/zsh/_sectl" \
		"does not offer --pending" zsh_check
}
