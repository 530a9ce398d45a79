/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpolicy/kernel's public functions (kernel/kernel.h) on a selinuxfs
 * made of plain files with the kernel's formats (Linux 6.1, as
 * tests/sectl/fakefs.bash: numbers without a newline, "active pending"
 * booleans, contexts ending in NUL), and on a policy handle, where libsepol
 * answers from a policy compiled here. The transaction files (access,
 * create, context) cannot be faked with plain files: their answers are
 * asked of the policy handle here and of a real kernel in tests/kernel/.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile-policy.h"
#include "kernel/kernel.h"
#include "tap.h"
#include "util.h"

static const char conf[] = "class file\n"
			   "class process\n"
			   "sid kernel\n"
			   "sid file\n"
			   "common file { read write open getattr }\n"
			   "class file inherits file { execute }\n"
			   "class process { transition signal }\n"
			   "type init_t;\n"
			   "type etc_t;\n"
			   "type tmp_t;\n"
			   "type secret_t;\n"
			   "bool secret_read false;\n"
			   "allow init_t etc_t:file { read open };\n"
			   "if (secret_read) { allow init_t secret_t:file read; }\n"
			   "auditallow init_t etc_t:file open;\n"
			   "dontaudit init_t secret_t:file write;\n"
			   "type_transition init_t etc_t:file tmp_t;\n"
			   "type_transition init_t etc_t:file secret_t \"shadow\";\n"
			   "role object_r;\n"
			   "role system_r;\n"
			   "role system_r types init_t;\n"
			   "user system_u roles { system_r };\n"
			   "sid kernel system_u:system_r:init_t\n"
			   "sid file system_u:object_r:etc_t\n";

static char dir[] = "/tmp/sekit-test-kernel-XXXXXX";
static char fs[4096], etc[4096];

static bool put(const char *rel, const void *data, size_t len)
{
	char path[8192];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	ok = f && fwrite(data, 1, len, f) == len;
	return f && fclose(f) == 0 && ok;
}

#define put_str(rel, s) put(rel, s, strlen(s))

/* The bytes of dir/rel, NUL-terminated, in a static buffer. */
static const char *get(const char *rel, size_t *len)
{
	static char buf[1 << 16];
	char path[8192];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "r");
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static void mk(const char *rel)
{
	char path[8192];

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	mkdir(path, 0700);
}

/* tests/sectl/fakefs.bash's make_fakefs and make_config, in C. */
static void make_fakefs(void)
{
	static const char *const dirs[] = {"fs",
					   "fs/booleans",
					   "fs/class",
					   "fs/class/file",
					   "fs/class/file/perms",
					   "fs/class/process",
					   "fs/class/process/perms",
					   "fs/class/dir",
					   "fs/class/dir/perms",
					   "fs/policy_capabilities",
					   "fs/avc",
					   "fs/initial_contexts",
					   "etc",
					   "etc/default"};
	static const char header[] = "\x8c\xff\x7c\xf9\x08\x00\x00\x00SE Linux\x21\x00\x00\x00"
				     "\x00\x00\x00\x00";
	static const char *const perms[] = {"ioctl", "read", "write", "create", "getattr"};
	char rel[256], n[16];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		mk(dirs[i]);
	put_str("fs/enforce", "0");
	put_str("fs/policyvers", "33");
	put_str("fs/mls", "1");
	put_str("fs/deny_unknown", "0");
	put_str("fs/reject_unknown", "1");
	put_str("fs/checkreqprot", "0");
	put_str("fs/load", "");
	put_str("fs/commit_pending_bools", "");
	put("fs/policy", header, sizeof(header) - 1);
	put_str("fs/booleans/allow_execmem", "0 0");
	put_str("fs/booleans/httpd_can_network_connect", "1 1");
	put_str("fs/booleans/ssh_sysadm_login", "0 1");
	put_str("fs/class/file/index", "1");
	put_str("fs/class/dir/index", "2");
	put_str("fs/class/process/index", "3");
	for (size_t i = 0; i < sizeof(perms) / sizeof(perms[0]); i++) {
		snprintf(rel, sizeof(rel), "fs/class/file/perms/%s", perms[i]);
		snprintf(n, sizeof(n), "%zu", i + 1);
		put_str(rel, n);
	}
	put_str("fs/class/process/perms/fork", "1");
	put_str("fs/class/process/perms/transition", "2");
	put_str("fs/policy_capabilities/open_perms", "1");
	put_str("fs/policy_capabilities/network_peer_controls", "1");
	put_str("fs/policy_capabilities/cgroup_seclabel", "0");
	put_str("fs/avc/cache_stats",
		"lookups hits misses allocations reclaims frees\n10 8 2 2 0 0\n5 4 1 1 1 1\n");
	put_str("fs/avc/hash_stats", "entries: 3\nbuckets used: 3/512\nlongest chain: 1\n");
	put_str("fs/avc/cache_threshold", "512");
	put("fs/initial_contexts/kernel", "system_u:system_r:kernel_t:s0", 30);
	put("fs/initial_contexts/file", "system_u:object_r:unlabeled_t:s0", 33);
	put_str("etc/config", "SELINUX=enforcing\nSELINUXTYPE=default\n");
	put_str("etc/default/booleans.subs_dist",
		"# old new\nallow_httpd_connect httpd_can_network_connect\n");
}

static void open_fs(void)
{
	struct pol_kernel *k = NULL;
	struct pol_err err;
	char none[8192];

	pol_err_init(&err);
	snprintf(none, sizeof(none), "%s/etc", dir);
	ok(pol_kernel_open(none, &k, &err) == -ENOENT && !k &&
	       test_has_diag(&err, POL_SEV_ERROR, 0, 0, "'enforce'"),
	   "a directory without 'enforce' is not a selinuxfs (-ENOENT, saying so)");
	pol_err_clear(&err);
	snprintf(none, sizeof(none), "%s/nonexistent", dir);
	ok(pol_kernel_open(none, &k, &err) == -ENOENT && !k, "a missing directory is -ENOENT");
	pol_err_clear(&err);
	setenv("SEKIT_SELINUXFS", fs, 1);
	ok(pol_kernel_open(NULL, &k, &err) == 0 && k, "NULL opens $SEKIT_SELINUXFS");
	if (k)
		is_str(pol_kernel_mount(k), fs, "the handle's mount is it");
	else
		not_run(1, "no handle");
	pol_kernel_free(k);
	unsetenv("SEKIT_SELINUXFS");
	pol_err_release(&err);
}

static void status_mode(struct pol_kernel *k)
{
	struct pol_kernel_status *st = NULL;
	struct pol_err err;
	bool enforcing = true;

	pol_err_init(&err);
	ok(pol_kernel_policy_loaded(k), "a selinuxfs that lists classes has a policy loaded");
	ok(pol_kernel_status(k, &st, &err) == 0 && st, "status reads");
	if (!st) {
		not_run(7, "no status");
		return;
	}
	ok(st->policy_loaded && st->enforcing == 0 && st->policy_version == 33 &&
	       st->max_version == 33,
	   "permissive, policy version 33 from the policy's header, policyvers 33");
	ok(st->mls == 1 && st->deny_unknown == 0 && st->reject_unknown == 1 &&
	       st->checkreqprot == 0,
	   "mls, deny_unknown, reject_unknown and checkreqprot as the files say");
	ok(st->config_mode == POL_KERNEL_CONFIG_ENFORCING && st->policy_type &&
	       strcmp(st->policy_type, "default") == 0 &&
	       strcmp(pol_kernel_config_mode_name(st->config_mode), "enforcing") == 0,
	   "the config's SELINUX= and SELINUXTYPE=");
	ok(st->ncaps == 3 && strcmp(st->caps[0].name, "cgroup_seclabel") == 0 &&
	       !st->caps[0].enabled && strcmp(st->caps[2].name, "open_perms") == 0 &&
	       st->caps[2].enabled,
	   "the capabilities, sorted by name, with their values");
	ok(st->nbools == 3 && st->npending == 1, "3 booleans, 1 with a pending change (%zu, %zu)",
	   st->nbools, st->npending);
	pol_kernel_status_free(st);

	ok(pol_kernel_get_enforce(k, &enforcing, &err) == 0 && !enforcing,
	   "get_enforce: permissive");
	ok(pol_kernel_set_enforce(k, true, &err) == 0 && strcmp(get("fs/enforce", NULL), "1") == 0,
	   "set_enforce(true) writes 1 to enforce");
	ok(pol_kernel_get_enforce(k, &enforcing, &err) == 0 && enforcing, "get_enforce: enforcing");
	pol_kernel_set_enforce(k, false, &err);
	pol_err_release(&err);
}

static void booleans(struct pol_kernel *k)
{
	struct pol_kernel_bool *bools = NULL, one = {0};
	struct pol_kernel_bool_change set[] = {{"allow_execmem", true},
					       {"allow_httpd_connect", false}};
	struct pol_kernel_bool_change bad[] = {{"allow_execmem", false}, {"nosuch_bool", true}};
	struct pol_err err;
	size_t n = 0, len;
	const char *v;

	pol_err_init(&err);
	ok(pol_kernel_bools(k, &bools, &n, &err) == 0 && n == 3, "3 booleans");
	ok(n == 3 && strcmp(bools[0].name, "allow_execmem") == 0 &&
	       strcmp(bools[2].name, "ssh_sysadm_login") == 0 && !bools[2].active &&
	       bools[2].pending && bools[1].active && bools[1].pending,
	   "sorted by name, with their active and pending values");
	pol_kernel_bools_free(bools, n);

	ok(pol_kernel_bool_get(k, "allow_httpd_connect", &one, &err) == 0 && one.name &&
	       strcmp(one.name, "httpd_can_network_connect") == 0 && one.active,
	   "an old name is read under the new one of booleans.subs_dist");
	free(one.name);
	one.name = NULL;
	ok(pol_kernel_bool_get(k, "allow_execmen", &one, &err) == POL_ENOTFOUND &&
	       test_has_diag(&err, POL_SEV_NOTE, 0, 0, "allow_execmem"),
	   "an unknown boolean is POL_ENOTFOUND with the closest name");
	free(one.name);
	pol_err_clear(&err);

	ok(pol_kernel_bools_set(k, bad, 2, 0, &err) == POL_ENOTFOUND &&
	       strcmp(get("fs/booleans/allow_execmem", NULL), "0 0") == 0 &&
	       get("fs/commit_pending_bools", &len) && len == 0,
	   "one unknown name: nothing is written");
	pol_err_clear(&err);
	ok(pol_kernel_bools_set(k, set, 2, POL_KERNEL_BOOLS_NO_COMMIT, &err) == 0 &&
	       get("fs/commit_pending_bools", &len) && len == 0,
	   "NO_COMMIT writes the pending values and does not commit");
	v = get("fs/booleans/allow_execmem", &len);
	ok(len >= 1 && v[0] == '1', "allow_execmem's pending value written as 1");
	v = get("fs/booleans/httpd_can_network_connect", &len);
	ok(len >= 1 && v[0] == '0', "the old name's change went to the new name, as 0");
	/* the kernel reads back "active pending"; a plain file keeps what was written */
	put_str("fs/booleans/allow_execmem", "0 1");
	put_str("fs/booleans/httpd_can_network_connect", "1 0");
	ok(pol_kernel_bools_set(k, set, 2, 0, &err) == 0 &&
	       (v = get("fs/commit_pending_bools", &len)) && len >= 1 && v[0] == '1',
	   "without NO_COMMIT, 1 is written to commit_pending_bools");
	put_str("fs/commit_pending_bools", "");
	ok(pol_kernel_bools_commit(k, &err) == 0 && (v = get("fs/commit_pending_bools", &len)) &&
	       len >= 1 && v[0] == '1',
	   "bools_commit writes 1 to commit_pending_bools");
	pol_err_release(&err);
}

static void classes_avc(struct pol_kernel *k)
{
	struct pol_kernel_class *c = NULL;
	struct pol_kernel_initial *init = NULL;
	struct pol_kernel_avc avc;
	struct pol_err err;
	char **names = NULL;
	size_t n = 0;

	pol_err_init(&err);
	ok(pol_kernel_class_get(k, "file", &c, &err) == 0 && c && c->value == 1 && c->nperms == 5,
	   "class file: index 1, 5 permissions");
	if (c) {
		ok(strcmp(c->perms[0].name, "create") == 0 &&
		       strcmp(c->perms[4].name, "write") == 0,
		   "its permissions sorted by name");
		ok(pol_kernel_class_perm(c, "read") == 1u << 1 &&
		       pol_kernel_class_perm(c, "ioctl") == 1 &&
		       pol_kernel_class_perm(c, "execute") == 0,
		   "a permission's mask is 1 << (value - 1); 0 for none");
		ok(pol_kernel_class_unknown_perm(c, "wrte", &err) == POL_ENOTFOUND &&
		       test_has_diag(&err, POL_SEV_NOTE, 0, 0, "write"),
		   "an unknown permission is POL_ENOTFOUND with the closest");
		pol_err_clear(&err);
	} else {
		not_run(3, "no class");
	}
	pol_kernel_class_free(c);
	c = NULL;
	ok(pol_kernel_class_get(k, "procss", &c, &err) == POL_ENOTFOUND && !c &&
	       test_has_diag(&err, POL_SEV_NOTE, 0, 0, "process"),
	   "an unknown class is POL_ENOTFOUND with the closest");
	pol_err_clear(&err);
	ok(pol_kernel_class_names(k, &names, &n, &err) == 0 && n == 3 &&
	       strcmp(names[0], "dir") == 0 && strcmp(names[2], "process") == 0,
	   "the class names, sorted");
	pol_kernel_names_free(names, n);

	ok(pol_kernel_avc_stats(k, &avc, &err) == 0 && avc.cpus == 2 && avc.lookups == 15 &&
	       avc.hits == 12 && avc.misses == 3 && avc.reclaims == 1 && avc.frees == 1,
	   "AVC statistics summed over the CPUs");
	ok(avc.threshold == 512 && avc.entries == 3 && avc.buckets_used == 3 &&
	       avc.buckets == 512 && avc.longest_chain == 1,
	   "and the hash statistics");
	ok(pol_kernel_initial_contexts(k, &init, &n, &err) == 0 && n == 2 &&
	       strcmp(init[0].name, "file") == 0 &&
	       strcmp(init[0].context, "system_u:object_r:unlabeled_t:s0") == 0 &&
	       strcmp(init[1].name, "kernel") == 0,
	   "the initial contexts, sorted by name, without their NUL");
	pol_kernel_initial_free(init, n);
	pol_err_release(&err);
}

static void load(struct pol_kernel *k, const char *policy)
{
	struct pol_kernel_image *img = NULL;
	struct pol_err err;
	struct stat st;
	size_t len;
	char bad[8192];

	pol_err_init(&err);
	ok(pol_kernel_image_check(policy, &img, &err) == 0 && img && img->kernel_max == 0 &&
	       !img->downgraded && img->version == img->file_version,
	   "image_check validates a policy without a kernel");
	ok(img && stat(policy, &st) == 0 && img->size == (size_t)st.st_size,
	   "the image is the whole file");
	pol_kernel_image_free(img);
	img = NULL;
	snprintf(bad, sizeof(bad), "%s/etc/config", dir);
	ok(pol_kernel_image_check(bad, &img, &err) == POL_EFORMAT && !img,
	   "a file that is no policy is POL_EFORMAT");
	pol_err_clear(&err);

	ok(pol_kernel_load_prepare(k, policy, &img, &err) == 0 && img && img->kernel_max == 33,
	   "load_prepare reads the kernel's policyvers");
	if (!img) {
		test_show_diags(&err);
		not_run(1, "no image");
		pol_err_release(&err);
		return;
	}
	ok(pol_kernel_load(k, img, &err) == 0 && get("fs/load", &len) && len == img->size &&
	       memcmp(get("fs/load", NULL), img->data, len) == 0,
	   "load writes the image to 'load' whole");
	pol_kernel_image_free(img);
	pol_err_release(&err);
}

/* A policy handle: libsepol answers from the file. */
static void policy_handle(const char *policy)
{
	struct pol_kernel *k = NULL;
	struct pol_kernel_class *file = NULL;
	struct pol_kernel_av av;
	struct pol_err err;
	char *con = NULL;
	uint32_t read, open, write;

	pol_err_init(&err);
	ok(pol_kernel_open_policy(policy, &k, &err) == 0 && k, "a policy handle opens");
	if (!k) {
		test_show_diags(&err);
		not_run(10, "no policy handle");
		pol_err_release(&err);
		return;
	}
	ok(!pol_kernel_mount(k) && pol_kernel_policy_loaded(k), "it has no mount and a policy");
	ok(pol_kernel_class_get(k, "file", &file, &err) == 0 && file && file->nperms == 5,
	   "class file with its 5 permissions, common ones included");
	if (!file) {
		not_run(8, "no class");
		pol_kernel_free(k);
		pol_err_release(&err);
		return;
	}
	read = pol_kernel_class_perm(file, "read");
	open = pol_kernel_class_perm(file, "open");
	write = pol_kernel_class_perm(file, "write");
	ok(pol_kernel_compute_av(k, "system_u:system_r:init_t", "system_u:object_r:etc_t", file,
				 read | open | write, &av, &err) == 0,
	   "compute_av answers");
	ok((av.allowed & (read | open)) == (read | open) && !(av.allowed & write) &&
	       (av.auditallow & open) && !(av.auditallow & read),
	   "allowed and auditallow as the rules say");
	ok(pol_kernel_compute_av(k, "system_u:system_r:init_t", "system_u:object_r:secret_t", file,
				 read, &av, &err) == 0 &&
	       !(av.allowed & read) && !(av.auditdeny & write),
	   "a rule under a false Boolean grants nothing; dontaudit clears auditdeny");
	ok(pol_kernel_compute_av(k, "system_u:system_r:init_t", "system_u:object_r:nosuch_t", file,
				 read, &av, &err) == POL_EINVAL &&
	       test_has_diag(&err, POL_SEV_ERROR, 0, 0, "system_u:object_r:nosuch_t"),
	   "an invalid context is POL_EINVAL naming it");
	pol_err_clear(&err);

	ok(pol_kernel_compute(k, POL_KERNEL_CREATE, "system_u:system_r:init_t",
			      "system_u:object_r:etc_t", file, NULL, &con, &err) == 0 &&
	       con && strcmp(con, "system_u:object_r:tmp_t") == 0,
	   "a new file's label from type_transition");
	free(con);
	con = NULL;
	/* libsepol's security_compute_create() takes no name: only the kernel does */
	ok(pol_kernel_compute(k, POL_KERNEL_CREATE, "system_u:system_r:init_t",
			      "system_u:object_r:etc_t", file, "shadow", &con,
			      &err) == POL_EINVAL &&
	       !con && test_has_diag(&err, POL_SEV_ERROR, 0, 0, "need the kernel"),
	   "a name-based transition is refused on a policy handle, saying why");
	pol_err_clear(&err);
	ok(pol_kernel_compute(k, POL_KERNEL_RELABEL, "system_u:system_r:init_t",
			      "system_u:object_r:etc_t", file, "shadow", &con,
			      &err) == POL_EINVAL &&
	       !con && test_has_diag(&err, POL_SEV_ERROR, 0, 0, "create only"),
	   "an object name with relabel is refused");
	pol_err_clear(&err);
	is_str(pol_kernel_compute_name(POL_KERNEL_MEMBER), "member", "compute_name");

	ok(pol_kernel_check_context(k, "system_u:object_r:etc_t", &con, &err) == 0 && con &&
	       strcmp(con, "system_u:object_r:etc_t") == 0,
	   "a valid context, in its canonical form");
	free(con);
	ok(pol_kernel_check_context(k, "system_u:system_r:etc_t", NULL, &err) == POL_EINVAL,
	   "a role not authorized for the type is POL_EINVAL");
	pol_kernel_class_free(file);
	pol_kernel_free(k);
	pol_err_release(&err);
}

int main(void)
{
	struct pol_kernel *k = NULL;
	struct pol_err err;
	char conf_path[8192], policy[8192];

	if (!mkdtemp(dir)) {
		not_run(1, "cannot create a temporary directory");
		return tap_done();
	}
	snprintf(fs, sizeof(fs), "%s/fs", dir);
	snprintf(etc, sizeof(etc), "%s/etc", dir);
	snprintf(conf_path, sizeof(conf_path), "%s/policy.conf", dir);
	snprintf(policy, sizeof(policy), "%s/policy.bin", dir);
	make_fakefs();
	setenv("SEKIT_SELINUX_DIR", etc, 1);

	pol_err_init(&err);
	ok(put_str("policy.conf", conf) &&
	       test_compile_policy_file(conf_path, false, policy, &err) == 0,
	   "the policy compiles");
	test_show_diags(&err);
	pol_err_clear(&err);
	open_fs();
	ok(pol_kernel_open(fs, &k, &err) == 0 && k, "the fake selinuxfs opens");
	if (k) {
		status_mode(k);
		booleans(k);
		classes_avc(k);
		load(k, policy);
		pol_kernel_free(k);
	} else {
		test_show_diags(&err);
		not_run(1, "the fake selinuxfs does not open");
	}
	policy_handle(policy);
	pol_err_release(&err);
	test_remove_tree(dir);
	return tap_done();
}
