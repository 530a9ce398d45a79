#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# make install puts every file under the prefix (completions included: they
# went to /usr/share whatever --prefix, and a home prefix needed root) and
# configure's directory options move the completions elsewhere.

load ../helpers

setup() {
	in_workdir
	[ -f "$SEKIT_SRCDIR/Makefile" ] || skip "not configured in $SEKIT_SRCDIR"
	TOOLS=$(sed -n 's/^bin_PROGRAMS += *//p' "$SEKIT_SRCDIR"/cmd/*/Makemodule.am)
	[ -n "$TOOLS" ]
}

# install PREFIX [MAKE-VAR=VALUE...]: a staged install of the built tree
install_to() {
	local prefix=$1
	shift
	make -s -C "$SEKIT_SRCDIR" install-exec install-data DESTDIR="$T/root" \
		prefix="$prefix" "$@" >install.log 2>&1 || { cat install.log; false; }
}

@test "install: every file goes under the prefix, completions and data included" {
	install_to /opt/sekit
	outside=$(cd "$T/root" && find . -type f ! -path './opt/sekit/*')
	[ -z "$outside" ] || { echo "outside the prefix: $outside"; false; }
	for tool in $TOOLS; do
		[ -x "$T/root/opt/sekit/bin/$tool" ]
		[ -f "$T/root/opt/sekit/share/man/man1/$tool.1" ]
		[ -f "$T/root/opt/sekit/share/bash-completion/completions/$tool" ]
		[ -f "$T/root/opt/sekit/share/zsh/site-functions/_$tool" ]
	done
	[ -f "$T/root/opt/sekit/share/sekit/perm_map" ]
}

@test "install: a home prefix needs no root-owned directory" {
	install_to "$HOME/.local"
	outside=$(cd "$T/root" && find . -type f ! -path "./${HOME#/}/.local/*")
	[ -z "$outside" ] || { echo "outside the prefix: $outside"; false; }
	[ -f "$T/root$HOME/.local/share/bash-completion/completions/sequery" ]
}

@test "install: configure's completion directories are the defaults make install uses" {
	run -0 grep -E '^(bash|zsh)completiondir = ' "$SEKIT_SRCDIR/Makefile"
	[[ "$output" == *'bashcompletiondir = ${datadir}/bash-completion/completions'* ]]
	[[ "$output" == *'zshcompletiondir = ${datadir}/zsh/site-functions'* ]]
	install_to /usr bashcompletiondir=/etc/bash_completion.d
	[ -f "$T/root/etc/bash_completion.d/sequery" ]
	[ -f "$T/root/usr/share/zsh/site-functions/_sequery" ]
}
