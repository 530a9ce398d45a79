#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
bats_require_minimum_version 1.5.0
load seallow

setup() {
	seallow_setup
	export SEKIT_FILE_CONTEXTS="$FIXTURES/fc"
}

@test "seallow explain: an access that needs two booleans names both (audit2why says TE rule)" {
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" == *"a_t b_t:file { read }: 1 denial"*"fix: setsebool -P b1=1 b2=1"* ]]
}

@test "seallow explain: a missing TE rule does not hide the constraint behind it" {
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/t.log"
	block=$(printf '%s\n' "$output" | sed -n '/^a_t d_t:file { getattr open write }/,/^$/p')
	[[ "$block" == *"cause: no allow rule"* ]]
	[[ "$block" == *"cause: constraint: constrain file { write }"*"user (usera) vs user (userb)"* ]]
}

@test "seallow explain: a constraint-only denial gets no rule; an allowed one says the policy changed" {
	run -4 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/t.log"
	[[ "$output" == *"a_t d_t:file { write }"*"fix: no rule can help: a constraint denies it"* ]]
	[[ "$output" == *"a_t d_t:file { read }"*"fix: none: the policy allows this now"* ]]
}

@test "seallow explain: PATH and CWD records of the event (interleaved) give the path and a relabel fix" {
	run -0 --separate-stderr seallow explain -p "$TBIN" -i "$FIXTURES/event.log"
	[[ "$output" == *'a_t b_t:file { read }: 1 denial, comm "cat", path "/srv/secret"'* ]]
	[[ "$output" == *"fix: serelabel '/srv/secret'"*"file_contexts says c_t, the file is b_t"* ]]
	# the other event of the same second has no PATH record: no path
	[[ "$output" == *'a_t c_t:file { read }: 1 denial, comm "cat"'$'\n'* ]]
}

@test "seallow explain --json: one object per denial group with the documented keys" {
	require_command jq
	run -4 --separate-stderr seallow explain --json -p "$TBIN" -i "$FIXTURES/t.log"
	[ "$(jq -r .format_version <<<"$output")" = 1 ]
	[ "$(jq '.denials | length' <<<"$output")" = 5 ]
	[ "$(jq -r '.denials[0] | [.source, .target, .class, .verdict, .fix.kind] | join(" ")' <<<"$output")" = "a_t b_t file te_rule boolean" ]
	[ "$(jq -r '.denials[0].causes[] | select(.kind == "boolean") | .booleans | map(.name) | join(",")' <<<"$output")" = "b1,b2" ]
	[ "$(jq -r '.skipped["target context not valid in the policy"]' <<<"$output")" = 1 ]
	for k in source target class perms count scontext tcontext comm path permissive permissive_domain verdict causes relabel_type fix rule; do
		jq -e ".denials[0] | has(\"$k\")" <<<"$output" >/dev/null
	done
}

@test "seallow: --json needs explain" {
	run -2 --separate-stderr seallow --json -p "$TBIN" -i "$FIXTURES/t.log"
}
