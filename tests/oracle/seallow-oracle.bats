#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow against audit2allow/audit2why 3.4. seallow-oracle.sh compares the
# outputs (sorted) on the corpus and generated logs; the other tests name a
# case where audit2allow is provably wrong and check seallow against a
# truth computed another way. 'make oracle-seallow-full' runs the long
# comparison.
bats_require_minimum_version 1.5.0
load ../helpers

A2A=/usr/bin/audit2allow
FIX="$SEKIT_SRCDIR/tests/seallow/fixtures"

setup() {
	require_debian_policy
	[ -x "$A2A" ] || skip "no $A2A (apt-get install policycoreutils-python-utils)"
	cd "$BATS_TEST_TMPDIR"
}

a2a() { /usr/bin/python3 "$A2A" "$@"; }

@test "seallow: audit2allow's and audit2why's sorted output on corpus and generated logs (plain, -D, -r, -m, -x, -w)" {
	run_suite "$BATS_TEST_DIRNAME/seallow-oracle.sh"
}

@test "seallow: audit2allow drops AVCs whose contexts the policy lacks; seallow accounts for every denial (truth: setools' types)" {
	log="$SEKIT_CORPUS/audit/sepolgen-httpd.log"
	require_corpus audit/sepolgen-httpd.log
	require_command jq jq
	require_setools
	/usr/bin/python3 -c '
import sys, setools
p = setools.SELinuxPolicy(sys.argv[1])
for t in p.types():
    print(t)
    for a in t.aliases():
        print(a)' "$DEBIAN_POLICY" | sort -u > types
	[ -s types ]
	total=$(grep -o 'avc: *denied' "$log" | wc -l)
	# denials naming a type the policy does not have: a lower bound of the
	# invalid contexts (libsepol also refuses roles not allowed a type)
	unknown=$(grep -o 'avc: *denied.*' "$log" | grep -o '[st]context=[^ ]*' | cut -d: -f3 |
		paste - - | awk 'BEGIN { while ((getline t < "types") > 0) ok[t] = 1 }
			!ok[$1] || !ok[$2] { n++ } END { print n + 0 }')
	[ "$unknown" -gt 1000 ]
	run -4 --separate-stderr seallow explain --json -p "$DEBIAN_POLICY" -i "$log"
	[ "$(jq '[.denials[].count] | add' <<<"$output")" -eq $((total - $(jq '[.skipped[]] | add' <<<"$output"))) ]
	[ "$(jq '[.skipped[]] | add' <<<"$output")" -ge "$unknown" ]
	[[ "$stderr" == *"skipped 891 denials: source context not valid in the policy"* ]]
	# audit2allow: nothing about them on stdout, exit 0
	run -0 --separate-stderr a2a -p "$DEBIAN_POLICY" -i "$log"
	[[ "$output" != *"staff_mozilla_t"* ]]
}

@test "seallow: audit2allow -x loses ioctlcmd=0x0; seallow keeps every number of the log (truth: the log)" {
	sepolc -o t.bin "$FIX/t.conf" >/dev/null 2>&1
	run -0 --separate-stderr a2a -x -p t.bin -i "$FIX/x.log"
	[[ "$output" == *"allowxperm a_t d_t:file ioctl { 0x5401-0x5402 };"* ]]
	truth=$(grep -o 'ioctlcmd=0x[0-9a-f]*' "$FIX/x.log" | cut -d= -f2 | sort -u | paste -sd' ')
	[ "$truth" = "0x0 0x5401 0x5402" ]
	run -0 --separate-stderr seallow -x -p t.bin -i "$FIX/x.log"
	[[ "$output" == *"allowxperm a_t d_t:file ioctl { 0x0 0x5401-0x5402 };"* ]]
}

@test "seallow: audit2allow's require block order is random; seallow's output is the same on every run" {
	log="$SEKIT_CORPUS/audit/sepolgen-short.log"
	require_corpus audit/sepolgen-short.log
	for i in 1 2 3; do seallow -m same -p "$DEBIAN_POLICY" -i "$log" > "run$i" 2>/dev/null || true; done
	cmp run1 run2
	cmp run1 run3
	grep -q '^require {' run1
}

@test "seallow: a missing TE rule hides a constraint; with the rule added, audit2why itself names it" {
	require_command checkpolicy
	checkpolicy -o t.bin "$FIX/t.conf" >/dev/null
	grep -v zz_t "$FIX/t.log" | sed -n 4p > one.log
	run -0 --separate-stderr a2a -w -p t.bin -i one.log
	[[ "$output" == *"Missing type enforcement (TE) allow rule."* ]]
	[[ "$output" != *"Constraint"* ]]
	run -0 --separate-stderr seallow explain -p t.bin -i one.log
	[[ "$output" == *"cause: no allow rule"* ]]
	[[ "$output" == *"cause: constraint: constrain file { write }"* ]]
	# truth: the policy with the TE rule, asked again
	{ cat "$FIX/t.conf"; echo 'allow a_t d_t:file getattr;'; } | sed '/^role r;/i allow a_t d_t:file getattr;' | awk '!seen[$0]++' > t2.conf
	checkpolicy -o t2.bin t2.conf >/dev/null
	run -0 --separate-stderr a2a -w -p t2.bin -i one.log
	[[ "$output" == *"constrain file { write } ((u1 == u2 -Fail-) ); Constraint DENIED"* ]]
}

@test "seallow: an access needing two booleans is 'a missing rule' to audit2allow; with both set it is allowed" {
	require_command checkpolicy
	checkpolicy -o t.bin "$FIX/t.conf" >/dev/null
	head -1 "$FIX/t.log" > one.log
	run -0 --separate-stderr a2a -p t.bin -i one.log
	[[ "$output" != *boolean* ]]
	run -0 --separate-stderr seallow explain -p t.bin -i one.log
	[[ "$output" == *"fix: setsebool -P b1=1 b2=1"* ]]
	# truth: the policy with both booleans true
	sed 's/^bool b1 false;/bool b1 true;/; s/^bool b2 false;/bool b2 true;/' "$FIX/t.conf" > t3.conf
	checkpolicy -o t3.bin t3.conf >/dev/null
	run -0 --separate-stderr a2a -w -p t3.bin -i one.log
	[[ "$output" == *"Unknown - would be allowed by active policy"* ]]
}

@test "seallow: -M's module compiles with checkmodule, installs into a scratch store, and --verify agrees with the rebuilt policy" {
	require_command checkmodule
	require_command semodule
	require_command semodule_package
	store=${SEKIT_SELINUX_STORE:-/var/lib/selinux/default}
	[ -d "$store/active" ] || skip "no policy store at $store (apt-get install selinux-policy-default)"
	gen="${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/tests/oracle/seallow-gen"
	[ -x "$gen" ] || { echo "$gen is not built (make check builds it)"; false; }
	"$gen" "$DEBIAN_POLICY" 300 5 > gen.log
	seallow -M oraclefix --verify -p "$DEBIAN_POLICY" -i gen.log > out 2> err || [ $? = 4 ]
	grep -q 'semodule -i oraclefix.pp' out
	mkdir check && cp oraclefix.te check/
	(cd check && checkmodule -M -m -o oraclefix.mod oraclefix.te >/dev/null &&
		semodule_package -o oraclefix.pp -m oraclefix.mod)
	root="$BATS_TEST_TMPDIR/root"
	mkdir -p "$root/store" "$root/etc/selinux/default"
	cp -a "$store" "$root/store/default"
	# semodule refusing the module seallow wrote is our failure, never a skip
	semodule -S /store -p "$root" -s default -n -i oraclefix.pp > semodule.log 2>&1 ||
		{ echo "semodule -i refuses seallow's module:"; cat semodule.log; false; }
	rebuilt=$(ls "$root"/etc/selinux/default/policy/policy.* 2>/dev/null | head -1)
	[ -n "$rebuilt" ] || rebuilt=$(find "$root" -name 'policy.[0-9]*' | head -1)
	[ -r "$rebuilt" ] || { echo "semodule -n wrote no policy under $root"; false; }
	# the groups --verify says stay denied are those the rebuilt policy still denies
	grep 'still denied' err | sed 's/^seallow: verify: //; s/ {.*//' | sort -u > still-verify
	seallow explain --json -p "$rebuilt" -i gen.log > rebuilt.json 2>/dev/null || true
	jq -r '.denials[] | select(.verdict != "allowed") | "\(.source) \(.target):\(.class)"' rebuilt.json | sort -u > still-rebuilt
	diff still-verify still-rebuilt
	grep -q 'allowed with these rules' err
}
