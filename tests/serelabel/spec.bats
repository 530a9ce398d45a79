#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Spec files: which line decides a path's context (--lookup, which needs no
# root), and bad spec files refused with file:line:col and exit 2.
bats_require_minimum_version 1.5.0
load labels

setup() {
	T=$BATS_TEST_TMPDIR
}

# Paths below a --root that does not exist: looked up without a file type.
lookup() {
	local args=() p
	for p in "$@"; do
		args+=("$T/none$p")
	done
	run serelabel -s "$SPEC" -r "$T/none" --lookup "${args[@]}"
	output=${output//"$T/none"/}
	lines=("${lines[@]//"$T/none"/}")
}

@test "serelabel: --lookup gives the last matching line, an exact path first" {
	lookup /etc/x /etc/passwd /etc/shadow- /bin/sh /srv/www/a
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = $'/etc/x\tsystem_u:object_r:etc_t:s0' ]
	[ "${lines[1]}" = $'/etc/passwd\tsystem_u:object_r:passwd_file_t:s0' ]
	[ "${lines[2]}" = $'/etc/shadow-\tsystem_u:object_r:shadow_t:s0' ]
	[ "${lines[3]}" = $'/bin/sh\tsystem_u:object_r:shell_exec_t:s0' ]
	[ "${lines[4]}" = $'/srv/www/a\tsystem_u:object_r:local_www_t:s0' ]
}

@test "serelabel: --lookup uses .local after .homedirs, in their own order" {
	lookup /srv/www/x /etc/conf.d/a /home/bob/.ssh/k /home/bob/x
	[ "${lines[0]}" = $'/srv/www/x\tsystem_u:object_r:local_www_t:s0' ]
	[ "${lines[1]}" = $'/etc/conf.d/a\tsystem_u:object_r:local_conf_t:s0' ]
	[ "${lines[2]}" = $'/home/bob/.ssh/k\tunconfined_u:object_r:ssh_home_t:s0' ]
	[ "${lines[3]}" = $'/home/bob/x\tunconfined_u:object_r:user_home_t:s0' ]
}

@test "serelabel: an escaped dot is no metacharacter for libselinux, so the line counts as exact" {
	# .local's "/srv/www/index\.html" comes before "/srv/www(/.*)?" and
	# still wins: libselinux sorts lines without metacharacters last, and
	# its check skips the character after a backslash
	lookup /srv/www/index.html
	[ "$output" = $'/srv/www/index.html\tsystem_u:object_r:local_index_t:s0' ]
}

@test "serelabel: --lookup follows .subs, then .subs_dist on the result" {
	lookup /web/page.html /web2/x /lib64/libm.so.6
	[ "${lines[0]}" = $'/web/page.html\tsystem_u:object_r:local_www_t:s0' ]
	[ "${lines[1]}" = $'/web2/x\tsystem_u:object_r:default_t:s0' ]
	[ "${lines[2]}" = $'/lib64/libm.so.6\tsystem_u:object_r:shlib_t:s0' ]
}

@test "serelabel: --lookup says <<none>> and exits 1 when no context applies" {
	lookup /private/key /etc
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = $'/private/key\t<<none>>' ]
	[ "${lines[1]}" = $'/etc\tsystem_u:object_r:etc_t:s0' ]
}

@test "serelabel: --lookup -v names the deciding file, line and regex" {
	local line
	line=$(grep -n '^/var/log(' "$SPEC" | cut -d: -f1)
	run -0 serelabel -v -s "$SPEC" --lookup /var/log/syslog
	[[ "$output" == *$'\t'"$SPEC:$line: /var/log(/.*)?" ]]
}

@test "serelabel: --lookup uses the file type of an existing path" {
	mkdir -p "$T/root/var/run"
	mkfifo "$T/root/var/run/f"
	run -0 serelabel -s "$SPEC" -r "$T/root" --lookup "$T/root/var/run/f"
	[ "$output" = "$T/root/var/run/f"$'\tsystem_u:object_r:fifo_t:s0' ]
}

@test "serelabel: --lookup --json prints one document" {
	require_command jq jq
	run -0 serelabel -s "$SPEC" --json --lookup /web/page.html
	[ "$(jq -r '.format_version' <<<"$output")" = 1 ]
	[ "$(jq -r '.lookups[0].context' <<<"$output")" = system_u:object_r:local_www_t:s0 ]
	[ "$(jq -r '.lookups[0].key' <<<"$output")" = /srv/www/page.html ]
	[ "$(jq -r '.lookups[0].spec_file' <<<"$output")" = "$SPEC.local" ]
	[ "$(jq -r '.lookups[0].line' <<<"$output")" = 3 ]
}

@test "serelabel: the selabel engine gives the same answers as the native one" {
	local paths=(/ /etc /etc/passwd /etc/shadow /etc/a.link /bin/sh /lib/libc.so.6 /home
		/home/bob /home/bob/.ssh/x /srv/www/cgi-bin/run /srv/pub/x /var/run/x /private/x
		/tmp/x /deep/a/b/bottom /web/x /web2/y /lib64/z /nowhere)
	run -1 serelabel -s "$SPEC" --lookup "${paths[@]}"
	local native=$output
	run -1 serelabel --engine=selabel -s "$SPEC" --lookup "${paths[@]}"
	[ "$output" = "$native" ]
}

@test "serelabel: the selabel engine agrees on Debian's file_contexts" {
	local fc=/etc/selinux/default/contexts/files/file_contexts
	[ -r "$fc" ] || skip "no $fc (apt-get install selinux-policy-default)"
	find /etc /usr/bin /usr/lib/systemd /var /home /root -xdev -maxdepth 3 2>/dev/null |
		head -n 2000 >"$T/paths"
	printf '%s\n' /bin/sh /lib/x86_64-linux-gnu/libc.so.6 /var/run/utmp /usr/local/lib64/x >>"$T/paths"
	run serelabel -s "$fc" --lookup -f "$T/paths"
	local native=$output
	run serelabel --engine=selabel -s "$fc" --lookup -f "$T/paths"
	[ "$output" = "$native" ]
	# the same names, changed: no file type (a root that does not exist),
	# aliases from .subs_dist, doubled and trailing slashes, home dirs
	awk '{ n = split($0, c, "/"); b = c[n]
		print "/x" $0; print "/x" $0 "/"; print "/x/" $0; print "/x/bin/" b
		print "/x/lib64/" b; print "/x/var/run/" b; print "/x/home/bob/" b
		print "/x/root/." b; print "/x/etc/systemd/system/" b }' "$T/paths" >"$T/keys"
	run serelabel -s "$fc" -r /x --lookup -f "$T/keys"
	native=$output
	run serelabel --engine=selabel -s "$fc" -r /x --lookup -f "$T/keys"
	[ "$output" = "$native" ]
}

bad() {
	printf "$2" >"$T/$1"
	run -2 --separate-stderr serelabel -n -s "$T/$1" "$T"
	[ -z "$output" ]
}

@test "serelabel: an invalid regex is reported at its line and column" {
	bad regex.fc '/a\tu:r:t:s0\n/b(c\tu:r:t:s0\n'
	[ "$stderr" = "$T/regex.fc:2:5: error: invalid regex '/b(c': missing closing parenthesis" ]
}

@test "serelabel: an invalid file type is reported" {
	bad type.fc '/a -q u:r:t:s0\n'
	[ "$stderr" = "$T/type.fc:1:4: error: invalid file type '-q' (one of -- -d -l -p -s -c -b)" ]
}

@test "serelabel: a line without a context is reported" {
	bad short.fc '# only a path\n/a\n'
	[ "$stderr" = "$T/short.fc:2:1: error: spec '/a' has no context" ]
}

@test "serelabel: two different specs for one path are refused, as setfiles refuses them" {
	bad dup.fc '/a u:r:t:s0\n/b u:r:t:s0\n/a -- u:r:u:s0\n'
	[[ "$stderr" == *"$T/dup.fc:3:1: error: multiple different specifications for '/a' ('u:r:t:s0' and 'u:r:u:s0')"* ]]
	[[ "$stderr" == *"$T/dup.fc:1:1: note: '/a' is first specified here"* ]]
}

@test "serelabel: the same spec for two file types is fine" {
	printf '/a -d u:r:t:s0\n/a -- u:r:u:s0\n' >"$T/types.fc"
	run -0 serelabel -s "$T/types.fc" --lookup /a
}

@test "serelabel: a missing spec file is an input error" {
	run -2 --separate-stderr serelabel -n -s "$T/nope.fc" "$T"
	[ "$stderr" = "serelabel: cannot open spec file '$T/nope.fc': No such file or directory" ]
}

@test "serelabel: a directory is no spec file" {
	run -2 --separate-stderr serelabel -n -s "$T" "$T"
	[[ "$stderr" == *"is not a regular file"* ]]
}

@test "serelabel: a bad compiled .bin is skipped for the text, as libselinux does" {
	printf '/a u:r:t:s0\n' >"$T/bin.fc"
	printf 'not a compiled file' >"$T/bin.fc.bin"
	touch -d '+1 hour' "$T/bin.fc.bin"
	run -0 serelabel -s "$T/bin.fc" --lookup /a
	[ "$output" = $'/a\tu:r:t:s0' ]
}

@test "serelabel: without -s and without a configured policy, exit 3" {
	mkdir -p "$T/etc-selinux"
	SEKIT_SELINUX_DIR="$T/etc-selinux" run -3 --separate-stderr serelabel -n "$T"
	[[ "$stderr" == *"names no policy type"* ]]
}

@test "serelabel: without -s the system's file_contexts comes from SEKIT_SELINUX_DIR" {
	mkdir -p "$T/sel/lab/contexts/files"
	printf 'SELINUXTYPE=lab\n' >"$T/sel/config"
	printf '/x u:r:lab_t:s0\n' >"$T/sel/lab/contexts/files/file_contexts"
	SEKIT_SELINUX_DIR="$T/sel" run -0 serelabel --lookup /x
	[ "$output" = $'/x\tu:r:lab_t:s0' ]
}
