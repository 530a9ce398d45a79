#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sestore user, node, interface, permissive and fcontext -e on a scratch copy
# of the store: what is refused before a transaction (with did-you-mean), and
# one apply of every kind read back by export and the listings, then purged.
# Two commits (one rebuilds the policy for the permissive module).
bats_require_minimum_version 1.5.0
load sestore

setup() {
	sestore_setup
}

@test "sestore user/node/interface/permissive/fcontext -e: refused before any transaction, located, with did-you-mean" {
	local before
	before=$(commit_num)
	cat >bad.apply <<-'END'
	user -a -R 'staff_rr' sekit_u
	user -a -L s0-s0 -R staff_r sekit_u
	node -a -M /24 -p ipv4 -t node_t 10.0.0.1
	node -a -M 255.255.255.0 -p ipv4 -t etc_t 10.0.0.0
	interface -a -t netif_tt eth9
	permissive -a httpd_tt
	fcontext -a -e /var/www/ /srv/www
	user -d staff_u
	END
	run -2 --separate-stderr sestore "${S[@]}" apply bad.apply
	[ "${stderr_lines[0]}" = "bad.apply:1:23: error: unknown role 'staff_rr'" ]
	[ "${stderr_lines[1]}" = "bad.apply:1:23: note: did you mean 'staff_r'?" ]
	[ "${stderr_lines[2]}" = "bad.apply:2:29: error: 's0-s0' is a range, not a level" ]
	[ "${stderr_lines[3]}" = "bad.apply:3:27: error: '10.0.0.1/24' has host bits set" ]
	[ "${stderr_lines[4]}" = "bad.apply:4:37: error: type 'etc_t' is not a node_type type" ]
	[ "${stderr_lines[5]}" = "bad.apply:5:17: error: unknown type 'netif_tt'" ]
	[ "${stderr_lines[6]}" = "bad.apply:5:17: note: did you mean 'netif_t'?" ]
	[ "${stderr_lines[7]}" = "bad.apply:6:15: error: unknown type 'httpd_tt'" ]
	[ "${stderr_lines[8]}" = "bad.apply:6:15: note: did you mean 'httpd_t'?" ]
	[ "${stderr_lines[9]}" = "bad.apply:7:26: error: equivalent '/var/www/' is not valid: it may not end with '/'" ]
	[ "${stderr_lines[10]}" = "bad.apply:8:9: error: SELinux user 'staff_u' is defined in the policy, not locally: it cannot be deleted" ]
	# the commands take the same checks
	run -2 --separate-stderr sestore "${S[@]}" user -a -R sysadm_rr sekit_u
	[ "${stderr_lines[1]}" = "sestore: note: did you mean 'sysadm_r'?" ]
	run -2 sestore "${S[@]}" user -a sekit_u
	run -2 sestore "${S[@]}" user -m sekit_u
	run -2 sestore "${S[@]}" node -a -M 255.255.255.0 -p ipv5 -t node_t 10.0.0.0
	run -2 sestore "${S[@]}" interface -d eth9
	run -2 sestore "${S[@]}" permissive -d httpd_t
	run -2 sestore "${S[@]}" fcontext -m -e /var/www /srv/www
	[ "$(commit_num)" = "$before" ]
	[ ! -e "$ROOT/etc/selinux/default/contexts/files/file_contexts.subs" ]
}

@test "sestore: users, nodes, interfaces, permissive domains and equivalences applied, exported as applied, then purged" {
	cat >kinds.apply <<-'END'
	interface -a -t netif_t -r 's0' eth9
	user -a -L s0 -r s0-s0:c0.c1023 -R 'staff_r sysadm_r' sekit_u
	node -a -M 255.255.255.0 -p ipv4 -t node_t -r 's0' 10.1.2.0
	node -a -M 255.255.0.0 -p ipv4 -t node_t -r 's0' 192.168.0.0
	fcontext -a -e /var/www /srv/www
	permissive -a httpd_t
	END
	run -0 sestore "${S[@]}" apply kinds.apply
	# export prints them in semanage's order and words: the file itself
	run -0 --separate-stderr sestore "${S[@]}" export
	diff <(grep -v -e ' -D$' -e '^module ' <<<"$output") kinds.apply
	[ "$(cat "$ROOT/etc/selinux/default/contexts/files/file_contexts.subs")" = "/srv/www /var/www" ]
	grep -q sekit_u "$LOCAL/users_extra.local"
	# the listings, local and with the policy's
	run -0 sestore "${S[@]}" user -C -n
	[ "$output" = "sekit_u         user       s0         s0-s0:c0.c1023                 staff_r sysadm_r" ]
	run -0 sestore "${S[@]}" --json node -C
	[ "$(jq -c '[.records[] | [.address, .mask, .proto, .type]]' <<<"$output")" = '[["10.1.2.0","255.255.255.0","ipv4","node_t"],["192.168.0.0","255.255.0.0","ipv4","node_t"]]' ]
	run -0 sestore "${S[@]}" permissive -l
	[[ $output == *$'Customized Permissive Types\n\nhttpd_t' ]]
	run -0 sestore "${S[@]}" --json fcontext -l
	[ "$(jq -c '[.records[] | select(.equal and .local) | [.path, .equal]]' <<<"$output")" = '[["/srv/www","/var/www"]]' ]
	# applying it again is no change: no transaction
	local before
	before=$(commit_num)
	run -0 sestore "${S[@]}" apply --check kinds.apply
	# -D of each kind in one transaction (fcontext's takes the equivalences)
	printf '%s -D\n' user node interface fcontext permissive | sestore "${S[@]}" apply -
	[ "$(commit_num)" != "$before" ]
	run -0 --separate-stderr sestore "${S[@]}" export
	[ -z "$(grep -v -e ' -D$' -e '^module ' <<<"$output")" ]
	[ ! -s "$ROOT/etc/selinux/default/contexts/files/file_contexts.subs" ]
}

@test "sestore user -m as semanage's: level and prefix back to s0 and user unless given; user -l and node -l sorted as semanage's" {
	sestore "${S[@]}" user -a -R user_r -L s0:c1 -r s0-s0:c0.c5 -P staff skb_u 2>/dev/null
	run -0 --separate-stderr sestore "${S[@]}" user -m -r s0-s0:c0.c9 skb_u
	grep -qxF 'user skb_u roles { user_r } level s0 range s0-s0:c0.c9;' "$LOCAL/users.local"
	[ "$(sestore "${S[@]}" --json user -C | jq -r '.records[] | select(.name == "skb_u") | .prefix')" = user ]
	run -0 --separate-stderr sestore "${S[@]}" user -l -n
	[ "$(awk '{ print $1 }' <<<"$output")" = "$(awk '{ print $1 }' <<<"$output" | LC_ALL=C sort)" ]
	printf '%s\n' 'node -a -M 255.255.255.0 -p ipv4 -t node_t 10.1.0.0' \
		'node -a -M 255.255.0.0 -p ipv4 -t node_t 10.0.0.0' >nodes.apply
	sestore "${S[@]}" apply nodes.apply 2>/dev/null
	run -0 --separate-stderr sestore "${S[@]}" node -l -n
	[ "$(awk '{ print $1 }' <<<"$output" | tr '\n' ' ')" = "10.0.0.0 10.1.0.0 " ]
}
