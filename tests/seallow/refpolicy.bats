#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# -R: interface calls picked as audit2allow -R picks them, from an interface
# database seallow builds from refpolicy headers with m4 (libpolicy/refpolicy) and
# libpolicy/source's parser. fixtures/headers is a small header tree over
# the Appendix A policy (t.conf); fixtures/perm_map gives the weights.
bats_require_minimum_version 1.5.0
load ../helpers
load seallow

setup() {
	seallow_setup
	cd "$BATS_TEST_TMPDIR"
	export XDG_CACHE_HOME="$BATS_TEST_TMPDIR/cache"
	R=(-R -p "$TBIN" -i "$FIXTURES/t.log" --headers "$FIXTURES/headers"
		--perm-map "$FIXTURES/perm_map")
}

@test "seallow: -R replaces rules with the closest one-parameter interface" {
	run -4 --separate-stderr seallow "${R[@]}"
	[[ "$output" == *"#============= a_t =============="* ]]
	grep -qxF 't_read_b(a_t)' <<<"$output"
	grep -qx 't_read_c(a_t)' <<<"$output"
	grep -qx 't_read_d(a_t)' <<<"$output"
	# two parameters: never called, as audit2allow never calls them
	[[ "$output" != *t_two* ]]
	[[ "$output" != *"allow a_t b_t"* ]]
	# only the calls' arguments are required
	[[ "$output" == *$'require {\n\ttype a_t;\n}'* ]]
}

@test "seallow: -R says what each pick grants beyond the denial" {
	run -4 --separate-stderr seallow "${R[@]}"
	[[ "$stderr" == *"note: t_read_b(a_t) for a_t b_t:file (distance 8) also grants a_t b_t:file { getattr open }"* ]]
	[[ "$stderr" == *"note: t_read_c(a_t) for a_t c_t:file (distance 0) also grants nothing more"* ]]
}

@test "seallow: -R refuses a pick broader than --max-distance and keeps the rule" {
	run -4 --separate-stderr seallow "${R[@]}" --max-distance=100
	[[ "$stderr" == *"note: refused t_manage_all(a_t) for a_t d_t:file: distance 115 > 100; it would also grant a_t b_t:file { getattr ioctl open read write }"* ]]
	[[ "$stderr" == *"(--broad-interfaces takes it)"* ]]
	[[ "$output" == *"allow a_t d_t:file { getattr open write };"* ]]
	[[ "$output" != *t_manage_all* ]]
	[[ "$output" == *$'\tclass file { getattr open write };'* ]]
}

@test "seallow: --broad-interfaces takes the closest interface however far, as audit2allow" {
	run -4 --separate-stderr seallow "${R[@]}" --max-distance=0 --broad-interfaces
	grep -qx 't_manage_all(a_t)' <<<"$output"
	grep -qxF 't_read_b(a_t)' <<<"$output"
	[[ "$stderr" != *refused* ]]
}

@test "seallow: an interface calling one the headers lack still enters the database" {
	run -4 seallow "${R[@]}"
	grep -q '^\[InterfaceVector t_read_d \$1:source \]$' "$XDG_CACHE_HOME"/sekit/interface_info-*
	grep -qx '\$1,d_t,file,getattr,read' "$XDG_CACHE_HOME"/sekit/interface_info-*
	# no access of a dontaudit interface, as sepolgen
	! grep -q t_dontaudit_d "$XDG_CACHE_HOME"/sekit/interface_info-*
}

@test "seallow: -R builds the database once and reads it back while the headers are unchanged" {
	run -4 --separate-stderr seallow "${R[@]}"
	[[ "$stderr" == *"reading the interfaces of"* ]]
	run -4 --separate-stderr seallow "${R[@]}"
	[[ "$stderr" != *"reading the interfaces of"* ]]
	grep -qxF 't_read_b(a_t)' <<<"$output"
	cp -r "$FIXTURES/headers" h
	touch -d '+1 minute' h/apps/t.if
	run -4 --separate-stderr seallow "${R[@]}" --headers h
	[[ "$stderr" == *"reading the interfaces of 'h'"* ]]
}

@test "seallow: --interface-info reads sepolgen-ifgen's format" {
	printf '[InterfaceVector zz_read_b $1:source ]\n$1,b_t,file,read\n' > info
	run -4 --separate-stderr seallow -R -p "$TBIN" -i "$FIXTURES/t.log" --interface-info info \
		--perm-map "$FIXTURES/perm_map"
	grep -qx 'zz_read_b(a_t)' <<<"$output"
	[[ "$output" == *"allow a_t c_t:file read;"* ]]
	[ ! -d "$XDG_CACHE_HOME/sekit" ]
}

@test "seallow: -R -m writes policy_module()" {
	run -0 --separate-stderr seallow "${R[@]}" -m local -t b_t
	[[ "$output" == *$'policy_module(local, 1.0)\n\nrequire {\n\ttype a_t;\n}'* ]]
}

@test "seallow: -R picks what audit2allow -R picks from the same database" {
	[ -x /usr/bin/audit2allow ] || skip "no audit2allow"
	run -4 seallow "${R[@]}"
	/usr/bin/python3 /usr/bin/audit2allow -R --interface-info="$(echo "$XDG_CACHE_HOME"/sekit/interface_info-*)" \
		--perm-map "$FIXTURES/perm_map" -p "$TBIN" -i "$FIXTURES/t.log" 2>/dev/null | sort > theirs
	seallow "${R[@]}" --broad-interfaces 2>/dev/null | sort > ours || [ $? = 4 ]
	diff theirs ours
}

@test "seallow: -R -M writes the calls in NAME.te and compiles what they expand to into NAME.pp" {
	run -4 --separate-stderr seallow "${R[@]}" -M local
	[[ "$output" == *"semodule -i local.pp"* ]]
	grep -qx 'policy_module(local, 1.0)' local.te
	grep -qxF 't_read_b(a_t)' local.te
	! grep -q 'allow a_t b_t' local.te
	[ -s local.pp ]
	hll=/usr/libexec/selinux/hll/pp
	[ -x "$hll" ] || skip "no $hll to read the .pp back"
	"$hll" local.pp local.cil
	# t_read_b's rule, from the headers' interface, not the denial's rule
	grep -qF '(allow a_t b_t (file (read open getattr)))' local.cil
	grep -qF '(allow a_t c_t (file (read)))' local.cil
}

@test "seallow: -R --verify replays what the calls expand to" {
	run -4 --separate-stderr seallow "${R[@]}" --verify
	grep -qxF 't_read_b(a_t)' <<<"$output"
	[[ "$stderr" == *"verify: a_t b_t:file { read }: allowed"* ]]
	[[ "$stderr" == *"verify: a_t c_t:file { read }: allowed"* ]]
	# the constraint still denies d_t's write, whatever the module grants
	[[ "$stderr" == *"verify: a_t d_t:file { write }: still denied: a constraint"* ]]
	[[ "$stderr" == *"denial groups allowed with these rules"* ]]
}

@test "seallow: -R --verify grants only what the interface grants" {
	# an interface database whose pick covers b_t's read by its name only:
	# the headers expand t_read_c, which grants c_t, never b_t
	printf '[InterfaceVector t_read_c $1:source ]\n$1,b_t,file,read\n' > info
	run -0 --separate-stderr seallow -R -p "$TBIN" -i "$FIXTURES/t.log" --interface-info info \
		--headers "$FIXTURES/headers" --perm-map "$FIXTURES/perm_map" --verify -t b_t
	grep -qx 't_read_c(a_t)' <<<"$output"
	[[ "$stderr" == *"verify: a_t b_t:file { read }: still denied: no allow rule"* ]]
	[[ "$stderr" == *"0 of 1 denial groups allowed"* ]]
}

@test "seallow: a module that is compiled never calls an interface calling a missing one" {
	# t_read_d calls t_nonexistent: plain -R picks it, as audit2allow does
	run -4 --separate-stderr seallow "${R[@]}"
	grep -qx 't_read_d(a_t)' <<<"$output"
	grep -qx 't_read_d' "$XDG_CACHE_HOME"/sekit/.interface_info-*.broken
	# -M would not compile with it: the rule stays (from the cache too)
	run -4 --separate-stderr seallow "${R[@]}" -M local
	! grep -q t_read_d local.te
	grep -qx 'allow a_t d_t:file read;' local.te
}

@test "seallow: -R -C writes the CIL of the module the calls expand to" {
	run -4 --separate-stderr seallow "${R[@]}" -C
	[[ "$output" == *"(allow a_t b_t (file (read open getattr)))"* ]]
	[[ "$output" == *"(allow a_t c_t (file (read)))"* ]]
	[[ "$output" != *"t_read_b"* ]]
}

@test "seallow: -R -M with a call the headers do not define fails and writes nothing" {
	printf '[InterfaceVector zz_read_b $1:source ]\n$1,b_t,file,read\n' > info
	run -2 --separate-stderr seallow -R -p "$TBIN" -i "$FIXTURES/t.log" --interface-info info \
		--headers "$FIXTURES/headers" --perm-map "$FIXTURES/perm_map" -M local
	[[ "$stderr" == *"zz_read_b"* ]]
	[ ! -e local.te ]
	[ ! -e local.pp ]
}

@test "seallow explain -R: the interface a group would get and what it grants beyond it" {
	run -4 --separate-stderr seallow explain "${R[@]}" --max-distance=100
	block=$(printf '%s\n' "$output" | sed -n '/^a_t c_t:file { read }/,/^$/p')
	[[ "$block" == *"interface: t_read_c(a_t) (distance 0) also grants nothing more"* ]]
	block=$(printf '%s\n' "$output" | sed -n '/^a_t d_t:file { getattr open write }/,/^$/p')
	[[ "$block" == *"interface: t_manage_all(a_t) refused: distance 115 > 100; it would also grant a_t b_t:file { getattr ioctl open read write }"* ]]
	[[ "$block" != *"fix: t_manage_all"* ]]
}

@test "seallow explain -R --json: the interface object" {
	run -4 --separate-stderr seallow explain --json "${R[@]}" --max-distance=100
	b=$(jq -c '.denials[] | select(.target == "b_t" and .verdict != "allowed") | .interface' <<<"$output")
	[ "$(jq -r .call <<<"$b")" = 't_read_b(a_t)' ]
	[ "$(jq -r .name <<<"$b")" = t_read_b ]
	[ "$(jq -r .argument <<<"$b")" = a_t ]
	[ "$(jq -r .distance <<<"$b")" = 8 ]
	[ "$(jq -r .refused <<<"$b")" = false ]
	[ "$(jq -c .also_grants <<<"$b")" = '["a_t b_t:file { getattr open }"]' ]
	d=$(jq -c '[.denials[] | select(.target == "d_t" and (.perms | index("open")))][0]' <<<"$output")
	[ "$(jq -r .interface.refused <<<"$d")" = true ]
	[ "$(jq -r .fix.kind <<<"$d")" != interface ]
	# without -R there is no interface key
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i "$FIXTURES/t.log"
	[ "$(jq -r '.denials[0] | has("interface")' <<<"$output")" = false ]
}

@test "seallow: -R --max-distance=x is a usage error" {
	run -2 --separate-stderr seallow -R --max-distance=x -i "$FIXTURES/t.log"
}

@test "seallow: -R -M runs no other sekit program: m4 through libpolicy/refpolicy" {
	mkdir bin
	printf '#!/bin/sh\ntouch "%s/ran"\nexit 1\n' "$PWD" > bin/sepolc
	chmod +x bin/sepolc
	PATH="$PWD/bin:$PATH" SEALLOW_SEPOLC="$PWD/bin/sepolc" run -4 --separate-stderr \
		seallow "${R[@]}" -M local
	[ ! -e ran ]
	[ -s local.pp ]
	grep -qx 't_read_b(a_t)' local.te
}

@test "seallow: -R reads --perm-map as sereach does: a malformed line is an error with its line" {
	printf '1\nclass file 2\nread r 10\nwrite x 10\n' > bad_map
	run -2 --separate-stderr seallow -R -p "$TBIN" -i "$FIXTURES/t.log" \
		--headers "$FIXTURES/headers" --perm-map bad_map
	[[ "$stderr" == *"bad_map:4: error: invalid information flow direction 'x'"* ]]
	[ -z "$output" ]
}

@test "seallow: -R -M builds when no interface is picked (m4 expands policy_module)" {
	printf '[InterfaceVector zz_nothing $1:source ]\n$1,zz_t,file,read\n' > info
	run -4 --separate-stderr seallow -R -p "$TBIN" -i "$FIXTURES/t.log" --interface-info info \
		--headers "$FIXTURES/headers" --perm-map "$FIXTURES/perm_map" -M none
	grep -qx 'policy_module(none, 1.0)' none.te
	! grep -q zz_nothing none.te
	grep -qx 'allow a_t b_t:file read;' none.te
	[ -s none.pp ]
}

@test "seallow: -R -C and -R --verify compile a constraint's text of several lines as comments" {
	# two constraints fail for { getattr write }: libsepol's text has two lines
	sed -e 's/^constrain file { write } (u1 == u2);/&\nconstrain file { getattr } (u1 == u2);/' \
		-e 's/^allow a_t d_t:file { read write };/allow a_t d_t:file { read write getattr open };/' \
		"$FIXTURES/t.conf" > tc.conf
	sepolc -o tc.bin tc.conf
	printf '[InterfaceVector t_read_b $1:source ]\n$1,b_t,file,read\n' > info
	R2=(-R -p tc.bin -i "$FIXTURES/t.log" --interface-info info --headers "$FIXTURES/headers"
		--perm-map "$FIXTURES/perm_map")
	# audit2allow's text comments the first line only
	run -4 --separate-stderr seallow "${R2[@]}"
	grep -qx 'constrain file { write } ((u1 == u2 -Fail-) ); Constraint DENIED' <<<"$output"
	run -4 --separate-stderr seallow "${R2[@]}" -C
	[[ "$output" == *"(allow a_t b_t (file (read open getattr)))"* ]]
	[[ "$stderr" != *error* ]]
	run -4 --separate-stderr seallow "${R2[@]}" --verify
	grep -qx $'#\tconstrain file { write } ((u1 == u2 -Fail-) ); Constraint DENIED' <<<"$output"
	[[ "$stderr" == *"verify: 3 of 4 denial groups allowed with these rules"* ]]
}
