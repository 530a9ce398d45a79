#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
}

@test "seallow: rules and #!!!! annotations are audit2allow 3.4's, byte for byte" {
	run -4 seallow -p "$TBIN" -i "$FIXTURES/t.log" -o out
	diff -u "$FIXTURES/t.audit2allow" out
}

@test "seallow: a denial whose context the policy lacks is counted, not dropped silently" {
	run -4 --separate-stderr seallow -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$stderr" == *"skipped 1 denial: target context not valid in the policy"* ]]
	[[ "$output" != *zz_t* ]]
}

@test "seallow: -w is audit2why 3.4's text" {
	seallow -w -p "$TBIN" -i "$FIXTURES/t.log" > out 2>/dev/null || [ $? = 4 ]
	diff -u "$FIXTURES/t.audit2why" out
}

@test "seallow: invoked as audit2why it explains by default" {
	ln -s "$(command -v seallow)" audit2why
	./audit2why -p "$TBIN" -i "$FIXTURES/t.log" > out 2>/dev/null || [ $? = 4 ]
	diff -u "$FIXTURES/t.audit2why" out
}

@test "seallow: -x keeps ioctl 0x0 and merges ranges; a warning names the triple" {
	run -0 --separate-stderr seallow -x -p "$TBIN" -i "$FIXTURES/x.log"
	[[ "$output" == *"allowxperm a_t d_t:file ioctl { 0x0 0x5401-0x5402 };"* ]]
	[[ "$stderr" == *"allowxperm a_t d_t:file ioctl: once a triple has an allowxperm rule"* ]]
}

@test "seallow: the allowxperm warning says which ioctl numbers the policy allows now" {
	run -0 --separate-stderr seallow -x -p "$TBIN" -i "$FIXTURES/x.log"
	[[ "$stderr" == *"the policy has no allowxperm rule for it now, so every number the ioctl permission allows today would be denied"* ]]
	{ cat "$FIXTURES/t.conf"; echo 'allow a_t d_t:file ioctl;'; echo 'allowxperm a_t d_t:file ioctl { 0x8910 0x5403-0x5404 0x1200-0x12ff };'; } > xp.conf
	sepolc -o xp.bin xp.conf >/dev/null 2>&1
	run -0 --separate-stderr seallow -x -p xp.bin -i "$FIXTURES/x.log"
	[[ "$output" == *"allowxperm a_t d_t:file ioctl { 0x0 0x5401-0x5402 };"* ]]
	[[ "$stderr" == *"allowxperm a_t d_t:file ioctl: once a triple has an allowxperm rule, every ioctl number it does not list is denied; the policy's allowxperm rules allow { 0x1200-0x12ff 0x5403-0x5404 0x8910 } now"* ]]
}

@test "seallow: -D writes dontaudit and dontauditxperm rules" {
	run -0 --separate-stderr seallow -D -x -p "$TBIN" -i "$FIXTURES/x.log"
	[[ "$output" == *"dontaudit a_t d_t:file ioctl;"* ]]
	[[ "$output" == *"dontauditxperm a_t d_t:file ioctl { 0x0 0x5401-0x5402 };"* ]]
}

@test "seallow: -m writes the module line and a sorted require block" {
	run -4 --separate-stderr seallow -m foo -p "$TBIN" -i "$FIXTURES/t.log"
	lines_are 0 <<'EOF'
module foo 1.0;
require {
	type a_t;
	type b_t;
	type c_t;
	type d_t;
	class file { getattr open read write };
EOF
}

@test "seallow: -M writes NAME.te and NAME.pp and prints audit2allow's instructions" {
	run -4 --separate-stderr seallow -M local_t -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" == *"To make this policy package active, execute:"* ]]
	[[ "$output" == *"semodule -i local_t.pp"* ]]
	[ -s local_t.te ] && [ -s local_t.pp ]
	head -1 local_t.te | grep -qx ''
	grep -qx 'module local_t 1.0;' local_t.te
	# a .pp starts with the package magic 0xf97cff8f
	[ "$(od -An -tx4 -N4 local_t.pp | tr -d ' ')" = f97cff8f ]
}

@test "seallow: -M writes both files or neither, and never over an input" {
	cp "$FIXTURES/t.log" mod.te
	run -2 --separate-stderr seallow -M mod -p "$TBIN" -i mod.te
	[[ "$stderr" == *"refusing to write the output over the input 'mod.te'"* ]]
	cmp mod.te "$FIXTURES/t.log"
	[ ! -e mod.pp ]
	cp "$FIXTURES/t.log" mod.pp
	run -2 --separate-stderr seallow -M mod -p "$TBIN" -i mod.pp
	cmp mod.pp "$FIXTURES/t.log"
	rm mod.te mod.pp
	# the .pp cannot be written (a directory in the way): the old .te stays
	echo '# the old module' >old.te
	mkdir old.pp
	run --separate-stderr seallow -M old -p "$TBIN" -i "$FIXTURES/t.log"
	[ "$status" -ne 0 ] && [ "$status" -ne 4 ]
	[[ "$stderr" == *"cannot build 'old.pp'"* ]]
	[ "$(cat old.te)" = '# the old module' ] && [ -d old.pp ]
	# no temporary file left behind
	[ "$(ls -A | grep -v "^separate-stderr-" | sort | tr "\n" " ")" = "old.pp old.te " ]
}

# issue 22 item 4: a signal during -M (reading, generating, compiling or
# committing the pair) leaves the old pair or the new one, never one of each
# and never a temporary file. The kills land at spread-out moments of one
# measured run, so some find the temporary files in place.
@test "seallow: SIGTERM, SIGINT and SIGHUP during -M leave one whole pair and no temporary file" {
	env --default-signal=INT,HUP true 2>/dev/null || skip "env has no --default-signal"
	local i sig pid st t0 t1 span delay left
	for i in $(seq 1 200); do cat "$FIXTURES/t.log"; done >big.log
	t0=$(date +%s%N)
	mkdir ref
	(cd ref && seallow -M old -p "$TBIN" -i ../big.log 2>/dev/null) || [ $? = 4 ]
	t1=$(date +%s%N)
	span=$(((t1 - t0) / 1000000))
	[ -s ref/old.te ] && [ -s ref/old.pp ]
	for i in $(seq 0 11); do
		sig=$(echo TERM INT HUP | cut -d' ' -f$((i % 3 + 1)))
		echo '# the old module' >old.te
		echo 'old package' >old.pp
		# bash starts background jobs with SIGINT ignored: put it back
		env --default-signal=INT,HUP seallow -M old -p "$TBIN" -i big.log 2>/dev/null &
		pid=$!
		delay=$((span * i / 10))
		sleep "$((delay / 1000)).$(printf '%03d' $((delay % 1000)))"
		kill -s "$sig" "$pid" 2>/dev/null || true
		st=0
		wait "$pid" || st=$?
		if [ "$(cat old.te)" = '# the old module' ]; then
			[ "$(cat old.pp)" = 'old package' ] || { echo "kill $i ($sig, status $st): new .pp beside the old .te"; false; }
		else
			cmp old.te ref/old.te && cmp old.pp ref/old.pp || { echo "kill $i ($sig, status $st): a mixed pair"; false; }
			[ "$st" = 0 ] || [ "$st" = 4 ] || [ "$st" -gt 128 ]
		fi
		left=$(ls -A | grep -vxE 'big\.log|ref|old\.(te|pp)' || true)
		[ -z "$left" ] || { echo "kill $i ($sig, status $st) left: $left"; false; }
	done
}

@test "seallow: an AVC of no permission is skipped with its reason; -M with nothing left builds nothing" {
	echo 'type=AVC msg=audit(1.000:1): avc:  denied  { } for  pid=1 comm="cat" scontext=usera:r:a_t tcontext=usera:r:b_t tclass=file permissive=0' >empty.log
	run -4 --separate-stderr seallow -p "$TBIN" -i empty.log
	[[ "$output" != *"{ }"* ]]
	[[ "$stderr" == *"skipped 1 denial: no permission in the denial ({ })"* ]]
	run -4 --separate-stderr seallow -M none -p "$TBIN" -i empty.log
	[[ "$stderr" == *"nothing to build"* ]]
	[[ "$stderr" != *"error"* ]]
	[ ! -e none.te ] && [ ! -e none.pp ]
}

# issue 22 item 9 (fuzz-package): an ioctlcmd logged on a denial of another
# permission makes an allowxperm rule, as audit2allow's; -M -x then wrote no
# ioctl in the require block and failed compiling its own module (exit 2).
# A class without ioctl gets no allowxperm rule, which could not compile.
@test "seallow: -M -x builds its module when an ioctlcmd comes with another permission or class" {
	sed -n 6p "$FIXTURES/t.log" >x.log
	printf '%s\n' 'type=AVC msg=audit(2.000:1): avc:  denied  { transition } for  pid=1 comm="x" ioctlcmd=0x5401 scontext=usera:r:a_t tcontext=usera:r:b_t tclass=process permissive=0' >>x.log
	local o
	for o in -x "-x -D" "-x -r -v -e"; do
		# shellcheck disable=SC2086
		run -0 --separate-stderr seallow -M m $o -p "$TBIN" -i x.log
		[ -s m.pp ] || { echo "-M $o: $stderr"; false; }
		grep -qx $'\tclass file { ioctl open };' m.te
		grep -qE '^(allow|dontaudit)xperm a_t d_t:file ioctl 0x0;$' m.te
		! grep -q 'xperm a_t b_t:process' m.te
		rm m.te m.pp
	done
}

@test "seallow: -M conflicts with -o and -m; a bad module name is refused" {
	run -2 --separate-stderr seallow -M a -o x -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$stderr" == *"conflicts with --output"* ]]
	run -2 --separate-stderr seallow -M a -m b -p "$TBIN" -i "$FIXTURES/t.log"
	run -2 --separate-stderr seallow -m 9bad -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$stderr" == *"module names must begin with a letter"* ]]
	[ ! -e a.te ]
}

@test "seallow: -o appends" {
	echo "# before" > out.te
	run -4 --separate-stderr seallow -o out.te -p "$TBIN" -i "$FIXTURES/t.log"
	[ -z "$output" ]
	[ "$(head -1 out.te)" = "# before" ]
	grep -q 'allow a_t b_t:file read;' out.te
}

@test "seallow: -t keeps denials whose source or target type matches at its start" {
	run -0 --separate-stderr seallow -t 'c_' -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" == *"allow a_t c_t:file read;"* ]]
	[[ "$output" != *"b_t"* ]]
	run --separate-stderr seallow -t '_t' -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" != *"allow "* ]]
}

@test "seallow: -l keeps only the denials after the last policy load" {
	run -0 --separate-stderr seallow -l -p "$TBIN" -i "$FIXTURES/reload.log"
	[[ "$output" == *"a_t c_t"* ]]
	[[ "$output" != *"a_t b_t"* ]]
	run -0 --separate-stderr seallow -l -w -p "$TBIN" -i "$FIXTURES/reload.log"
	[[ "$output" != *"audit(1.000:1)"* ]]
	[[ "$output" == *"audit(3.000:3)"* ]]
}

@test "seallow: kernel log lines from dmesg are read, 0x0 kept, other lines ignored" {
	SEKIT_DMESG="cat $FIXTURES/kernel.log" run -0 --separate-stderr seallow -d -x -p "$TBIN"
	[[ "$output" == *"allow a_t b_t:file read;"* ]]
	[[ "$output" == *"allowxperm a_t d_t:file ioctl 0x0;"* ]]
	[[ "$stderr" != *skipped* ]]
	SEKIT_DMESG="cat $FIXTURES/kernel.log" run -0 --separate-stderr seallow -d -w -p "$TBIN"
	[[ "${lines[0]}" == "[   12.345678] audit: type=1400 audit(1700000000.123:45): avc:"* ]]
}

@test "seallow: -C writes CIL" {
	run -0 --separate-stderr seallow -C -x -p "$TBIN" -i "$FIXTURES/x.log"
	[[ "$output" == *"(allow a_t d_t (file (ioctl)))"* ]]
	[[ "$output" == *"(allowx a_t d_t (ioctl file (0x0 (range 0x5401 0x5402))))"* ]]
}

@test "seallow: no SELinux record is nothing to do, exit 1" {
	printf 'hello\nworld\n' > plain.log
	run -1 --separate-stderr seallow -p "$TBIN" -i plain.log
	[ -z "$output" ]
	[[ "$stderr" == *"nothing to do"* ]]
}

@test "seallow: a missing input file is an input error" {
	run -2 --separate-stderr seallow -p "$TBIN" -i nonexistent.log
	[[ "$stderr" == *"cannot open 'nonexistent.log'"* ]]
}

@test "seallow: a missing policy is an environment error, not a traceback" {
	run -3 --separate-stderr env SEKIT_SELINUX_DIR="$BATS_TEST_TMPDIR/none" SEKIT_SELINUXFS="$BATS_TEST_TMPDIR/none" seallow -i "$FIXTURES/t.log"
	[ -z "$output" ]
}

@test "seallow: without -p and without SELinux, one note names the installed policy used" {
	mkdir -p etc/t/policy fs
	printf 'SELINUX=disabled\nSELINUXTYPE=t\n' >etc/config
	cp "$TBIN" etc/t/policy/policy.33
	run -4 --separate-stderr env SEKIT_SELINUX_DIR="$PWD/etc" SEKIT_SELINUXFS="$PWD/fs" seallow -i "$FIXTURES/t.log"
	[ "${stderr_lines[0]}" = "seallow: note: SELinux is not enabled here: explaining against $PWD/etc/t/policy/policy.33 (the installed policy; -p names another)" ]
	# the rules are -p's
	seallow -p "$TBIN" -i "$FIXTURES/t.log" >want 2>/dev/null || [ $? = 4 ]
	[ "$output" = "$(cat want)" ]
	# -p given, or -q: no note
	run -4 --separate-stderr env SEKIT_SELINUX_DIR="$PWD/etc" SEKIT_SELINUXFS="$PWD/fs" seallow -q -i "$FIXTURES/t.log"
	[ -z "$stderr" ]
}

@test "seallow: --verify reports which denial groups the rules would allow" {
	run -4 --separate-stderr seallow --verify -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$stderr" == *"verify: a_t b_t:file { read }: allowed"* ]]
	[[ "$stderr" == *"verify: a_t d_t:file { write }: still denied: a constraint"* ]]
	[[ "$stderr" == *"verify: 3 of 5 denial groups allowed with these rules"* ]]
}

@test "seallow: --help, --version, --list-options, a bad option" {
	run -0 seallow --help
	[[ "$output" == *"Usage:"* ]]
	run -0 seallow --version
	[[ "$output" == "seallow (sekit) "* ]]
	run -0 seallow --list-options
	[[ "$output" == *"--module-package="* ]]
	run -2 --separate-stderr seallow --bogus
	[[ "$stderr" == *"Try 'seallow --help'"* ]]
}

@test "seallow: completions read the tool's own option and command lists" {
	run -0 seallow --list-commands
	[ "$(cut -f1 <<<"$output")" = $'explain\nreview' ]
	run -0 bash -c "source '$SEKIT_SRCDIR/completions/bash/seallow'; COMP_WORDS=(seallow --mod); COMP_CWORD=1; _seallow; printf '%s\n' \"\${COMPREPLY[@]}\""
	[[ "$output" == *"--module="* ]]
	[[ "$output" == *"--module-package="* ]]
}
