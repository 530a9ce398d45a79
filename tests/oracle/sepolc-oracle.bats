#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Differential tests: sepolc against checkpolicy, checkmodule and semodule
# on Debian's reference policy. The scripts do the work and say what "the
# same" means: sepolc-refpolicy.sh (the monolithic policy.conf refpolicy's
# Makefile writes from selinux-policy-src; about a minute, the policy.conf
# and checkpolicy's outputs cached in ~/.cache/sekit-oracle) and
# sepolc-module.sh (a refpolicy-style module against refpolicy's devel
# Makefile, installed into scratch stores; under a minute). sepolc is taken
# from PATH (or $SEPOLC).
bats_require_minimum_version 1.5.0
load ../helpers

@test "sepolc: refpolicy's monolithic policy.conf compiles to checkpolicy's policy (sediff, -b -F, -F, -C)" {
	run_suite "$BATS_TEST_DIRNAME/sepolc-refpolicy.sh"
}

@test "sepolc: a refpolicy-style module gives the CIL and the installed rules of checkmodule + semodule_package" {
	run_suite "$BATS_TEST_DIRNAME/sepolc-module.sh"
}

@test "sepolc: the cli tests' module (fixtures/sepolcdemo.te) gives the CIL of checkmodule + semodule_package" {
	local te=$BATS_TEST_DIRNAME/../sepolc/fixtures/sepolcdemo.te
	[ -r "$te" ] || skip "no $te"
	run_suite "$BATS_TEST_DIRNAME/sepolc-module.sh" --no-install "$te"
}

@test "sepolc --check-neverallow: random neverallows on refpolicy's policy give checkpolicy's verdicts and violations (a sample; make check-neverallow runs all)" {
	# a fixed seed: its 40 rules give 90,659 violations, a bounded cost
	# under the sanitizers (a random one has given 356,341)
	SEED=${SEED:-8} COMPILE=0 COUNT=40 ROUNDS=1 run_suite "$BATS_TEST_DIRNAME/sepolc-neverallow.sh"
}

@test "sepolc: a violated neverallow after m4's line marks is named at checkpolicy's file and line (3.4's misreading of '#line N \"FILE\"' aside)" {
	require_command checkpolicy checkpolicy
	in_workdir
	# checkpolicy's "FILE:LINE KIND" of each violation (a neverallowxperm's
	# report goes on over a second line)
	cp_places() {
		tr '\n' ' ' | sed 's/libsepol\./\n&/g' |
			sed -nE 's/^libsepol\.[a-z_]+: (neverallow[a-z]*) on line ([0-9]+) of ([^ ]*) .*$/\3:\2 \1/p' | sort -u
	}
	# m4 -s's marks: a file's first line, a return into a file at line 7
	# (checkpolicy 3.4 takes it for a comment), a line alone
	awk '/^common / { sub(/getattr/, "getattr ioctl") }
	     /^neverallow/ { next }
	     /^allow user_t shadow_t/ { print "#line 1 \"mod/app.te\""; print "allow user_t shadow_t:file { read write ioctl };"
	                                print "allowxperm user_t shadow_t:file ioctl { 0x8910-0x8915 };"
	                                print "#line 40 \"policy.conf\""; next }
	     /^role system_r;/ { print "#line 7 \"mod/rules.te\""; print "neverallow user_t shadow_t:file write;"
	                          print "#line 1 \"mod/other.te\""; print ""; print "  neverallow user_t shadow_t:file { read write };"
	                          print "#line 30"; print "neverallowxperm user_t shadow_t:file ioctl 0x8911;" }
	     { print }' "$BATS_TEST_DIRNAME/../sepolc/fixtures/bad/neverallow-violated.conf" >marked.conf
	run -2 --separate-stderr sepolc --check marked.conf
	sed -nE 's/^([^:]*):([0-9]+):[0-9:]* *error: (neverallow[a-z]*) violated by .*$/\1:\2 \3/p' <<<"$stderr" | sort -u >se.v
	run cat se.v
	lines_are <<'EOF'
mod/other.te:2 neverallow
mod/other.te:30 neverallowxperm
mod/rules.te:7 neverallow
EOF
	[ "${#lines[@]}" -eq 3 ]
	# checkpolicy 3.4, given each mark as '#line 1 "FILE"' then '#line N'
	sed -E 's/^#line ([0-9]+) (".*")$/#line 1 \2\n#line \1/' marked.conf >cp.conf
	run -1 checkpolicy -o cp.bin cp.conf
	cp_places <<<"$output" >cp.v
	diff cp.v se.v
	# on m4's marks themselves, 3.4's reading (fixed in 3.10, 4ec779f6):
	# one line on after '#line 1 "FILE"', '#line 40 "policy.conf"' and
	# '#line 7 "mod/rules.te"' unread (the line count goes on in app.te)
	run -1 checkpolicy -o cp.bin marked.conf
	run cp_places <<<"$output"
	lines_are <<'EOF'
mod/app.te:7 neverallow
mod/other.te:3 neverallow
mod/other.te:30 neverallowxperm
EOF
}
