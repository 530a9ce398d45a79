# SPDX-License-Identifier: GPL-2.0-or-later
# A fake selinuxfs made of plain files, with the files and formats the kernel
# has (Linux 6.1): numbers without a newline, "active pending" booleans,
# contexts ending in NUL. Transaction files (access, create, context, ...)
# cannot be faked with plain files; tests/kernel/ covers them.

# make_fakefs DIR: a selinuxfs with a policy loaded, permissive.
make_fakefs() {
	local fs=$1 c p i
	mkdir -p "$fs"/{booleans,class,policy_capabilities,avc,initial_contexts}
	printf 0 >"$fs/enforce"
	printf 33 >"$fs/policyvers"
	printf 1 >"$fs/mls"
	printf 0 >"$fs/deny_unknown"
	printf 0 >"$fs/reject_unknown"
	printf 0 >"$fs/checkreqprot"
	: >"$fs/load"
	: >"$fs/commit_pending_bools"
	: >"$fs/access"
	: >"$fs/context"
	: >"$fs/create"
	# the header of the loaded policy: magic, "SE Linux", version 33
	printf '\x8c\xff\x7c\xf9\x08\x00\x00\x00SE Linux\x21\x00\x00\x00\x00\x00\x00\x00' >"$fs/policy"
	printf '0 0' >"$fs/booleans/allow_execmem"
	printf '1 1' >"$fs/booleans/httpd_can_network_connect"
	printf '0 1' >"$fs/booleans/ssh_sysadm_login"
	i=1
	for c in file dir process; do
		mkdir -p "$fs/class/$c/perms"
		printf '%s' "$i" >"$fs/class/$c/index"
		i=$((i + 1))
	done
	i=1
	for p in ioctl read write create getattr; do
		printf '%s' "$i" >"$fs/class/file/perms/$p"
		i=$((i + 1))
	done
	printf 1 >"$fs/class/process/perms/fork"
	printf 2 >"$fs/class/process/perms/transition"
	printf 1 >"$fs/policy_capabilities/network_peer_controls"
	printf 1 >"$fs/policy_capabilities/open_perms"
	printf 0 >"$fs/policy_capabilities/cgroup_seclabel"
	printf 'lookups hits misses allocations reclaims frees\n10 8 2 2 0 0\n5 4 1 1 1 1\n' >"$fs/avc/cache_stats"
	printf 'entries: 3\nbuckets used: 3/512\nlongest chain: 1\n' >"$fs/avc/hash_stats"
	printf 512 >"$fs/avc/cache_threshold"
	printf 'system_u:system_r:kernel_t:s0\0' >"$fs/initial_contexts/kernel"
	printf 'system_u:object_r:unlabeled_t:s0\0' >"$fs/initial_contexts/file"
}

# make_config DIR [MODE]: an /etc/selinux with SELINUX=MODE, SELINUXTYPE=default.
make_config() {
	mkdir -p "$1"
	printf 'SELINUX=%s\nSELINUXTYPE=default\n' "${2:-enforcing}" >"$1/config"
}

# setup() of the suites: a fresh fake selinuxfs in $FS and config in $ETC;
# nothing of the running system is read.
sectl_setup() {
	FS=$BATS_TEST_TMPDIR/fs
	ETC=$BATS_TEST_TMPDIR/etc
	make_fakefs "$FS"
	make_config "$ETC" enforcing
	export SEKIT_SELINUX_DIR=$ETC
	unset SEKIT_SELINUXFS
}
