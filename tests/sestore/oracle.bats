#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# sestore against semanage: the same changes on two scratch copies of the
# store leave byte-identical local files and the same installed policy.
# semanage has no root option, so the copies are stores of their own names
# beside the system's (-S NAME, as semanage's users do), removed after the
# test; never the store 'default'. semanage takes 5 to 8 s a call: a small
# sample.
bats_require_minimum_version 1.5.0
load sestore

setup() {
	in_workdir
	[ "$(id -u)" -eq 0 ] || skip "semanage needs root, even on a scratch store"
	require_command semanage policycoreutils-python-utils
	[ -d /var/lib/selinux/default/active ] || skip "no module store in /var/lib/selinux/default"
	A=sekit-oracle-$$-a
	B=sekit-oracle-$$-b
	# libsemanage makes /var/lib/selinux/final for its builds and leaves it
	FINAL_WAS_THERE=
	[ -e /var/lib/selinux/final ] && FINAL_WAS_THERE=1
	local n
	for n in $A $B; do
		cp -a /var/lib/selinux/default "/var/lib/selinux/$n"
		cp -a /etc/selinux/default "/etc/selinux/$n"
	done
}

teardown() {
	local n
	for n in ${A:-} ${B:-}; do
		rm -rf "/var/lib/selinux/$n" "/etc/selinux/$n"
	done
	[ -n "${FINAL_WAS_THERE-x}" ] || rmdir /var/lib/selinux/final 2>/dev/null || true
}

# the changes, as semanage words after the kind; each run by both tools
CHANGES=(
	"fcontext -a -t httpd_sys_content_t /srv/www(/.*)?"
	"fcontext -a -f d -t public_content_t -s user_u /srv/pub"
	"port -a -t http_port_t -p tcp 8081-8083"
	"boolean -m --on httpd_can_network_connect"
	"login -a -s staff_u daemon"
)

@test "sestore oracle: semanage and sestore leave the same local files and policy" {
	local c f
	set -f # the specs are words, not globs
	for c in "${CHANGES[@]}"; do
		# shellcheck disable=SC2086
		run -0 semanage ${c%% *} -S "$A" -N ${c#* }
		# shellcheck disable=SC2086
		run -0 sestore -S "$B" -N ${c%% *} ${c#* }
	done
	for f in file_contexts.local ports.local booleans.local seusers.local seusers \
		users_extra policy.kern file_contexts.homedirs; do
		cmp "/var/lib/selinux/$A/active/$f" "/var/lib/selinux/$B/active/$f"
	done
	cmp "/etc/selinux/$A/contexts/files/file_contexts.local" \
		"/etc/selinux/$B/contexts/files/file_contexts.local"
	cmp "/etc/selinux/$A/policy/policy.33" "/etc/selinux/$B/policy/policy.33"
	# and semanage reads both stores alike
	diff <(semanage export -S "$A") <(semanage export -S "$B")
}

# semanage writes fcontext -e equivalences to the running configuration's
# file_contexts.subs whatever -S names, so semanage runs in a mount
# namespace of its own where store A's copies are bind-mounted over the
# store 'default' (they vanish with the namespace; the system's are never
# written).
in_store_a() {
	unshare -m --propagation private sh -c '
		mount --bind "/var/lib/selinux/$1" /var/lib/selinux/default &&
		mount --bind "/etc/selinux/$1" /etc/selinux/default && shift && "$@"' sh "$A" "$@"
}

@test "sestore oracle: users, nodes, interfaces, permissive domains and equivalences as semanage import leaves them" {
	require_mount_namespace
	cat >kinds.apply <<-'END'
	interface -a -t netif_t -r 's0' eth9
	user -a -L s0 -r s0-s0:c0.c1023 -R 'staff_r sysadm_r' sekit_u
	node -a -M 255.255.255.0 -p ipv4 -t node_t -r 's0' 10.1.2.0
	fcontext -a -e /var/www /srv/www
	permissive -a httpd_t
	END
	run -0 in_store_a semanage import -N -f kinds.apply
	run -0 sestore -S "$B" -N apply kinds.apply
	local f
	for f in users_extra.local users.local nodes.local interfaces.local seusers policy.kern \
		file_contexts.homedirs; do
		cmp "/var/lib/selinux/$A/active/$f" "/var/lib/selinux/$B/active/$f"
	done
	diff -r "/var/lib/selinux/$A/active/modules/400/permissive_httpd_t" \
		"/var/lib/selinux/$B/active/modules/400/permissive_httpd_t"
	cmp "/etc/selinux/$A/contexts/files/file_contexts.subs" \
		"/etc/selinux/$B/contexts/files/file_contexts.subs"
	cmp "/etc/selinux/$A/policy/policy.33" "/etc/selinux/$B/policy/policy.33"
	# sestore export prints what semanage export prints, byte for byte
	diff <(in_store_a semanage export) <(sestore -S "$B" export)
}
