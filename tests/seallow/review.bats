#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# seallow review, driven through a pseudo-terminal (tests/seallow/pty-drive.py):
# the prompts, the module, the replay and the commands, which run only when
# confirmed (fake semodule, setsebool and restorecon record their arguments).
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
	export SEKIT_FILE_CONTEXTS="$FIXTURES/fc"
	[ -x /usr/bin/python3 ] || skip "no python3 for the pty driver"
	mkdir -p bin
	for c in semodule setsebool restorecon; do
		printf '#!/bin/sh\necho "%s $*" >>"%s/ran"\n' "$c" "$PWD" >"bin/$c"
		chmod +x "bin/$c"
	done
	export PATH="$PWD/bin:$PATH"
	DRIVE="/usr/bin/python3 $SEKIT_SRCDIR/tests/seallow/pty-drive.py"
}

@test "seallow review: per group the access, count, command, path, verdict and causes; the answers make the module" {
	run -0 $DRIVE '[R]: ' a '[O]: ' o 'Module name [seallow_local]: ' mymod \
		"Run 'semodule -i mymod.pp' now? [y/N]: " y "Run 'setsebool -P b1=1' now? [y/N]: " n \
		-- seallow review -p "$TBIN" -i "$FIXTURES/event.log"
	[[ "$output" == *"2 denial groups to review."* ]]
	[[ "$output" == *"[1/2] a_t b_t:file { read }"$'\n'"  denials:  1"$'\n'"  command:  cat"$'\n'"  path:     /srv/secret"* ]]
	[[ "$output" == *"verdict:  te_rule"*"cause:    no allow rule"*"cause:    allowed under booleans: setsebool -P b1=1 b2=1"*"cause:    mislabeled: file_contexts gives '/srv/secret' the type c_t, the file is b_t"* ]]
	[[ "$output" == *"(A)llow (D)ontaudit b(O)olean (R)elabel (S)kip (F)inish a(B)ort [R]: "* ]]
	[[ "$output" == *"[2/2] a_t c_t:file { read }"*"verdict:  boolean"*"(A)llow (D)ontaudit b(O)olean (S)kip (F)inish a(B)ort [O]: "* ]]
	# the module has the allowed group only, and compiles (-M's files)
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
	[[ "$output" != *"allow a_t c_t"* ]]
	grep -qx 'allow a_t b_t:file read;' mymod.te
	[ -s mymod.pp ]
	[[ "$output" == *"Wrote mymod.te and mymod.pp."* ]]
	[[ "$output" == *"a_t b_t:file { read }: allowed"*"a_t c_t:file { read }: still denied: no allow rule"*"1 of 2 denial groups allowed with these rules"* ]]
	[[ "$output" == *"nothing has been changed on this system"*$'\n'"  semodule -i mymod.pp"$'\n'"  setsebool -P b1=1"$'\n'* ]]
	# only the confirmed command ran
	[ "$(cat ran)" = "semodule -i mymod.pp" ]
}

@test "seallow review: dontaudit, relabel, the default answer and a refused letter" {
	run -0 $DRIVE '[R]: ' r '[O]: ' x 'answer one of the letters' d 'Module name' quiet \
		"Run 'semodule -i quiet.pp'" y "Run 'restorecon -v /srv/secret'" y \
		-- seallow review -p "$TBIN" -i "$FIXTURES/event.log"
	grep -qx 'dontaudit a_t c_t:file read;' quiet.te
	! grep -q 'a_t b_t' quiet.te
	[ "$(cat ran)" = $'semodule -i quiet.pp\nrestorecon -v /srv/secret' ]
	# a dontaudit rule allows nothing
	[[ "$output" == *"0 of 2 denial groups allowed with these rules"* ]]
}

@test "seallow review: abort writes and runs nothing, exit 1" {
	run -1 $DRIVE '[R]: ' b -- seallow review -p "$TBIN" -i "$FIXTURES/event.log"
	[[ "$output" == *"Aborted: nothing written, nothing changed."* ]]
	[ ! -e ran ]
	[ -z "$(ls ./*.te ./*.pp 2>/dev/null)" ]
}

@test "seallow review: only boolean and skip answers write no module, the command is still offered" {
	run -0 $DRIVE '[R]: ' s '[O]: ' '' "Run 'setsebool -P b1=1' now? [y/N]: " y \
		-- seallow review -p "$TBIN" -i "$FIXTURES/event.log"
	[[ "$output" != *"Module name"* ]]
	[ "$(cat ran)" = "setsebool -P b1=1" ]
}

@test "seallow review: standard input not a terminal is refused, exit 2" {
	run -2 --separate-stderr seallow review -p "$TBIN" -i "$FIXTURES/event.log" </dev/null
	[[ "$stderr" == *"review asks on a terminal and standard input is not one"* ]]
	[ -z "$output" ]
	[ ! -e ran ]
}

@test "seallow review: the log must be named; -o, -m, -C, --json and -q are not its options" {
	run -2 --separate-stderr seallow review -p "$TBIN"
	[[ "$stderr" == *"name the log with -i FILE"* ]]
	for o in "-o x" "-m x" -C --json -q; do
		run -2 --separate-stderr seallow review $o -p "$TBIN" -i "$FIXTURES/event.log"
		[[ "$stderr" == *"option"*"Try 'seallow review --help'"* ]]
	done
	run -0 seallow review --list-options
	for o in -o -m -C --json -q -w; do
		! grep -qx -- "$o" <<<"$(cut -f1 <<<"$output")"
	done
}

@test "seallow review: every distinct command and path of a group, not only the first denial's" {
	cat > many.log <<'LOG'
type=AVC msg=audit(1.000:1): avc:  denied  { read } for  pid=1 comm="cat" path="/srv/a" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
type=AVC msg=audit(1.000:2): avc:  denied  { read } for  pid=2 comm="less" exe="/usr/bin/less" path="/srv/b" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
type=AVC msg=audit(1.000:3): avc:  denied  { read } for  pid=3 comm="cat" path="/srv/a" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0
LOG
	run -1 $DRIVE '[O]: ' b -- seallow review -p "$TBIN" -i many.log
	[[ "$output" == *"  denials:  3"$'\n'"  command:  cat"$'\n'"            less (/usr/bin/less)"$'\n'"  path:     /srv/a"$'\n'"            /srv/b"$'\n'"  contexts:"* ]]
}

@test "seallow review -R: allow via interface writes the call, compiles its expansion and replays it" {
	export XDG_CACHE_HOME="$BATS_TEST_TMPDIR/cache"
	head -2 "$FIXTURES/t.log" > two.log
	run -0 $DRIVE '[O]: ' i '[O]: ' i 'Module name [seallow_local]: ' ifmod \
		"Run 'semodule -i ifmod.pp' now? [y/N]: " n \
		-- seallow review -R -p "$TBIN" -i two.log --headers "$FIXTURES/headers" \
		--perm-map "$FIXTURES/perm_map"
	[[ "$output" == *"interface: t_read_b(a_t) (distance 8) also grants a_t b_t:file { getattr open }"* ]]
	[[ "$output" == *"(A)llow (I)nterface (D)ontaudit b(O)olean (S)kip (F)inish a(B)ort [O]: "* ]]
	grep -qx 'policy_module(ifmod, 1.0)' ifmod.te
	grep -qxF 't_read_b(a_t)' ifmod.te
	grep -qxF 't_read_c(a_t)' ifmod.te
	! grep -q '^allow' ifmod.te
	[ -s ifmod.pp ]
	[[ "$output" == *"a_t b_t:file { read }: allowed"*"a_t c_t:file { read }: allowed"*"2 of 2 denial groups allowed with these rules"* ]]
	[ ! -e ran ]
}

@test "seallow review: without -R no interface is offered" {
	head -1 "$FIXTURES/t.log" > one.log
	run -1 $DRIVE '[O]: ' i 'interfaces are offered with -R' b -- seallow review -p "$TBIN" -i one.log
	[[ "$output" != *"(I)nterface"* ]]
}
