/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpolicy/pdb's public functions (pdb/pdb.h): a binary policy opened from
 * a file and what is refused (a missing file, text, a truncated policy, a
 * device that never ends), the symbols and their "did you mean", a
 * context and an MLS range checked as setfiles -c checks them, and where
 * the system's policy is (the loaded one, else the newest installed
 * policy.NN), all on policies compiled here and a scratch /etc/selinux and
 * selinuxfs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile-policy.h"
#include "pdb/pdb.h"
#include "tap.h"
#include "util.h"

/* A small non-MLS policy: a type with an alias, attributes, a Boolean. */
static const char plain_conf[] = "class file\n"
				 "class process\n"
				 "sid kernel\n"
				 "common file { read write open getattr }\n"
				 "class file inherits file { execute }\n"
				 "class process { transition signal }\n"
				 "attribute domain;\n"
				 "attribute file_type;\n"
				 "type init_t, domain;\n"
				 "type httpd_t, domain;\n"
				 "type etc_t, file_type;\n"
				 "typealias etc_t alias etc_alias_t;\n"
				 "bool httpd_read_etc false;\n"
				 "allow domain etc_t:file { read open };\n"
				 "if (httpd_read_etc) { allow httpd_t etc_t:file getattr; }\n"
				 "role object_r;\n"
				 "role system_r;\n"
				 "role system_r types { init_t httpd_t };\n"
				 "user system_u roles { system_r };\n"
				 "sid kernel system_u:system_r:init_t\n";

/* An MLS one: two sensitivities, a user cleared for s0 only. */
static const char mls_conf[] = "class file\n"
			       "class process\n"
			       "sid kernel\n"
			       "class file { read }\n"
			       "class process { transition }\n"
			       "sensitivity s0;\n"
			       "sensitivity s1;\n"
			       "dominance { s0 s1 }\n"
			       "category c0;\n"
			       "category c1;\n"
			       "level s0:c0.c1;\n"
			       "level s1:c0.c1;\n"
			       "mlsconstrain file read (l1 eq l2);\n"
			       "type init_t;\n"
			       "type etc_t;\n"
			       /* libsepol reads no policy without a rule */
			       "allow init_t etc_t:file read;\n"
			       "role object_r;\n"
			       "role system_r;\n"
			       "role system_r types init_t;\n"
			       "user system_u roles { system_r } level s0 range s0 - s0:c0.c1;\n"
			       "user admin_u roles { system_r } level s0 range s0 - s1:c0.c1;\n"
			       "sid kernel system_u:system_r:init_t:s0\n";

static char dir[] = "/tmp/sekit-test-pdb-XXXXXX";

/* dir/name, in a static buffer of its own per slot. */
static const char *at(int slot, const char *name)
{
	static char paths[4][4096];

	snprintf(paths[slot], sizeof(paths[slot]), "%s/%.200s", dir, name);
	return paths[slot];
}

static bool write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "w");
	bool ok = f && fwrite(data, 1, len, f) == len;

	return f && fclose(f) == 0 && ok;
}

/* Compile conf text into the binary policy at out; a failure is ours. */
static bool compile(const char *text, bool mls, const char *out)
{
	const char *conf = at(3, "policy.conf");
	struct pol_err err;
	int rc;

	if (!write_file(conf, text, strlen(text)))
		return false;
	pol_err_init(&err);
	rc = test_compile_policy_file(conf, mls, out, &err);
	if (rc < 0)
		test_show_diags(&err);
	pol_err_release(&err);
	return rc == 0;
}

/* Whether err has a diagnostic of severity sev containing text, on any
 * line; when it has none, says so and prints what it has. */
static bool has_diag(const struct pol_err *err, enum pol_severity sev, const char *text)
{
	for (size_t i = 0; i < err->count; i++)
		if (err->diags[i].severity == sev && strstr(err->diags[i].message, text))
			return true;
	printf("#   no diagnostic containing '%s'; got:\n", text);
	test_show_diags(err);
	return false;
}

static bool has_error(const struct pol_err *err, const char *text)
{
	return has_diag(err, POL_SEV_ERROR, text);
}

static bool has_note(const struct pol_err *err, const char *text)
{
	return has_diag(err, POL_SEV_NOTE, text);
}

static void count_name(const char *name, void *data)
{
	(void)name;
	(*(int *)data)++;
}

static void symbols(const char *path)
{
	struct pol_pdb *pdb = NULL;
	struct pol_err err;
	int n = 0;

	pol_err_init(&err);
	ok(pol_pdb_open(path, &pdb, &err) == 0, "a compiled policy opens");
	if (!pdb) {
		test_show_diags(&err);
		not_run(17, "the compiled policy does not open");
		pol_err_release(&err);
		return;
	}
	is_str(pol_pdb_path(pdb), path, "its path is the file's");
	ok(pol_pdb_version(pdb) >= 24, "its version is the writer's (%u)", pol_pdb_version(pdb));
	ok(!pol_pdb_mls(pdb), "and it is not MLS");

	ok(pol_pdb_has(pdb, POL_SYM_TYPE, "init_t") &&
	       pol_pdb_has(pdb, POL_SYM_TYPE, "etc_alias_t"),
	   "a type and an alias are types");
	ok(!pol_pdb_has(pdb, POL_SYM_TYPE, "domain") &&
	       pol_pdb_has(pdb, POL_SYM_ATTRIBUTE, "domain"),
	   "an attribute is not a type, it is an attribute");
	ok(pol_pdb_has(pdb, POL_SYM_TYPE_OR_ATTR, "domain") &&
	       pol_pdb_has(pdb, POL_SYM_TYPE_OR_ATTR, "httpd_t"),
	   "type-or-attribute has both");
	ok(pol_pdb_has(pdb, POL_SYM_BOOL, "httpd_read_etc") &&
	       pol_pdb_has(pdb, POL_SYM_CLASS, "process") &&
	       pol_pdb_has(pdb, POL_SYM_COMMON, "file") &&
	       pol_pdb_has(pdb, POL_SYM_ROLE, "system_r") &&
	       pol_pdb_has(pdb, POL_SYM_USER, "system_u"),
	   "a Boolean, a class, a common, a role and a user are found");
	ok(pol_pdb_has(pdb, POL_SYM_PERM, "execute") && pol_pdb_has(pdb, POL_SYM_PERM, "getattr") &&
	       !pol_pdb_has(pdb, POL_SYM_PERM, "search"),
	   "permissions of classes and commons are permissions, others not");
	ok(!pol_pdb_has(pdb, POL_SYM_TYPE, "nosuch_t") && !pol_pdb_has(pdb, POL_SYM_SENS, "s0"),
	   "unknown names and the MLS symbols of a non-MLS policy are not found");

	pol_pdb_each_name(pdb, POL_SYM_ATTRIBUTE, count_name, &n);
	ok(n == 2, "each_name lists the 2 attributes (%d)", n);
	n = 0;
	pol_pdb_each_name(pdb, POL_SYM_TYPE, count_name, &n);
	ok(n == 4, "each_name lists the 3 types and the alias (%d)", n);

	ok(pol_pdb_unknown(pdb, POL_SYM_TYPE, "htpd_t", &err) == POL_ENOTFOUND,
	   "an unknown type is POL_ENOTFOUND");
	ok(has_error(&err, "unknown type 'htpd_t'") && has_note(&err, "httpd_t"),
	   "it is named, and the closest type suggested");
	pol_err_clear(&err);
	pol_pdb_unknown(pdb, POL_SYM_TYPE, "zzzzzzzzzzzzz", &err);
	ok(err.count == 1, "a name close to none gets no note (%zu diagnostics)", err.count);
	pol_err_clear(&err);
	pol_pdb_unknown_at(pdb, POL_SYM_BOOL, "httpd_read_et", "x.fc", 3, 7, &err);
	ok(err.count >= 1 && err.diags[0].file && strcmp(err.diags[0].file, "x.fc") == 0 &&
	       err.diags[0].line == 3 && err.diags[0].col == 7 &&
	       has_error(&err, "unknown boolean 'httpd_read_et'") &&
	       has_note(&err, "httpd_read_etc"),
	   "unknown_at places the error at file:line:col");
	pol_err_clear(&err);
	is_str(pol_sym_name(POL_SYM_ATTRIBUTE), "attribute", "pol_sym_name names the kind");

	/* contexts, as setfiles -c checks file_contexts */
	ok(pol_pdb_check_context(pdb, "system_u:system_r:init_t", NULL, 0, &err) == 0 &&
	       err.count == 0,
	   "a valid context passes");
	ok(pol_pdb_check_context(pdb, "system_u:object_r:etc_t", NULL, 0, &err) == 0,
	   "object_r is authorized for every type");
	struct {
		const char *context, *why;
	} bad[] = {
	    {"system_u:system_r:etc_t", "'system_r' is not authorized for type 'etc_t'"},
	    {"system_u:system_r:nosuch_t", "type 'nosuch_t' is not defined"},
	    {"nobody_u:system_r:init_t", "user 'nobody_u' is not defined"},
	    {"system_u:sysadm_r:init_t", "did you mean 'system_r'?"},
	    {"system_u:system_r:init_t:s0", "has an MLS range, and the policy is not MLS"},
	    {"system_u:system_r", "expected USER:ROLE:TYPE"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pol_err_clear(&err);
		ok(pol_pdb_check_context(pdb, bad[i].context, "fc", 9, &err) == POL_EINVAL &&
		       err.count >= 1 && err.diags[0].line == 9 && has_error(&err, bad[i].why),
		   "'%s' is refused at fc:9, saying '%s'", bad[i].context, bad[i].why);
	}
	pol_err_release(&err);
	pol_pdb_free(pdb);
}

static void mls(const char *path)
{
	struct pol_pdb *pdb = NULL;
	struct pol_err err;

	pol_err_init(&err);
	ok(pol_pdb_open(path, &pdb, &err) == 0 && pdb && pol_pdb_mls(pdb), "an MLS policy is MLS");
	if (!pdb) {
		test_show_diags(&err);
		not_run(9, "the MLS policy does not open");
		pol_err_release(&err);
		return;
	}
	ok(pol_pdb_has(pdb, POL_SYM_SENS, "s1") && pol_pdb_has(pdb, POL_SYM_CAT, "c1"),
	   "its sensitivities and categories are symbols");
	ok(pol_pdb_check_context(pdb, "system_u:object_r:etc_t:s0", NULL, 0, &err) == 0 &&
	       pol_pdb_check_context(pdb, "system_u:system_r:init_t:s0-s0:c0.c1", NULL, 0, &err) ==
		   0,
	   "a level and a range within the user's pass");
	struct {
		const char *context, *why;
	} bad[] = {
	    {"system_u:system_r:init_t", "range"},
	    {"system_u:system_r:init_t:s1", "system_u"},
	    {"system_u:system_r:init_t:s2", "s2"},
	    {"system_u:system_r:init_t:s0:c7", "c7"},
	    {"system_u:system_r:init_t:s1-s0", "s1-s0"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pol_err_clear(&err);
		ok(pol_pdb_check_context(pdb, bad[i].context, NULL, 0, &err) == POL_EINVAL &&
		       has_error(&err, bad[i].why),
		   "'%s' is refused, naming '%s'", bad[i].context, bad[i].why);
	}
	pol_err_clear(&err);
	ok(pol_pdb_check_context(pdb, "admin_u:system_r:init_t:s1", NULL, 0, &err) == 0,
	   "a user cleared for s1 may have it");

	/* a module's context: names that need not be the policy's */
	pol_err_clear(&err);
	ok(pol_pdb_check_range(pdb, "mod_u:object_r:mod_t:s0", "mod_u", "object_r", "s0", NULL, 0,
			       &err) == 0,
	   "check_range takes a valid range with names the policy lacks");
	ok(pol_pdb_check_range(pdb, "system_u:system_r:init_t:s1", "system_u", "system_r", "s1",
			       "m.fc", 4, &err) == POL_EINVAL &&
	       has_error(&err, "system_u"),
	   "and refuses one beyond the user's range");
	pol_err_clear(&err);
	ok(pol_pdb_check_range(pdb, "mod_u:object_r:mod_t", "mod_u", "object_r", NULL, NULL, 0,
			       &err) == POL_EINVAL,
	   "and a context without a range in an MLS policy");
	pol_err_release(&err);
	pol_pdb_free(pdb);
}

/* What pol_pdb_open() refuses, and why. */
static void refused(const char *good)
{
	struct {
		const char *name;
		int rc;
		const char *why;
	} cases[] = {
	    {"nonexistent", -ENOENT, "nonexistent"}, {"text", POL_EFORMAT, "text"},
	    {"empty", POL_EFORMAT, "empty"},	     {"truncated", POL_EFORMAT, "truncated"},
	    {"/dev/zero", POL_EFORMAT, "/dev/zero"}, {".", -EISDIR, "Is a directory"},
	};
	static const char text[] = "class file\nclass process\n";
	char buf[512];
	size_t len;
	FILE *f = fopen(good, "r");

	len = f ? fread(buf, 1, sizeof(buf), f) : 0;
	if (f)
		fclose(f);
	ok(len == sizeof(buf), "the compiled policy has more than %zu bytes", sizeof(buf));
	write_file(at(0, "text"), text, strlen(text));
	write_file(at(0, "empty"), "", 0);
	write_file(at(0, "truncated"), buf, len / 2);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *path = cases[i].name[0] == '/' ? cases[i].name : at(1, cases[i].name);
		struct pol_pdb *pdb = NULL;
		struct pol_err err;
		int rc;

		if (strcmp(cases[i].name, ".") == 0)
			path = dir;
		pol_err_init(&err);
		rc = pol_pdb_open(path, &pdb, &err);
		ok(rc == cases[i].rc && !pdb && err.count >= 1 && has_error(&err, cases[i].why),
		   "%s is refused (%d, want %d) with an error naming it", cases[i].name, rc,
		   cases[i].rc);
		pol_pdb_free(pdb);
		pol_err_release(&err);
	}
}

/* Where the system's policy is: SEKIT_SELINUXFS's "policy" node while a
 * policy is loaded, else SEKIT_SELINUX_DIR's newest policy.NN. */
static void system_path(const char *good)
{
	const char *fs = at(0, "selinuxfs"), *etc = at(1, "etc");
	char *path = NULL, want[4096], link[4096];
	struct pol_pdb *pdb = NULL;
	struct pol_err err;

	pol_err_init(&err);
	mkdir(fs, 0700);
	mkdir(etc, 0700);
	setenv("SEKIT_SELINUXFS", fs, 1);
	setenv("SEKIT_SELINUX_DIR", etc, 1);
	write_file(at(2, "selinuxfs/enforce"), "0", 1);

	ok(pol_pdb_system_path(&path, &err) == POL_ENOPOLICY && has_error(&err, "config"),
	   "no loaded policy and no config: POL_ENOPOLICY, naming the config");
	free(path);
	path = NULL;
	pol_err_clear(&err);
	write_file(at(2, "etc/config"), "SELINUX=enforcing\nSELINUXTYPE=tst\n", 34);
	ok(pol_pdb_system_path(&path, &err) == POL_ENOPOLICY && has_error(&err, "tst/policy"),
	   "a policy type with nothing installed: POL_ENOPOLICY, naming where it looked");
	free(path);
	path = NULL;
	pol_err_clear(&err);

	mkdir(at(2, "etc/tst"), 0700);
	mkdir(at(2, "etc/tst/policy"), 0700);
	static const char *const installed[] = {"policy.9", "policy.31", "policy.33.bak",
						"policy.x", "policy.30"};
	for (size_t i = 0; i < sizeof(installed) / sizeof(installed[0]); i++) {
		snprintf(link, sizeof(link), "etc/tst/policy/%s", installed[i]);
		ok(symlink(good, at(2, link)) == 0, "%s installed", installed[i]);
	}
	snprintf(want, sizeof(want), "%.200s/tst/policy/policy.31", etc);
	ok(pol_pdb_system_path(&path, &err) == 0, "without a loaded policy, an installed one");
	is_str(path, want, "is the highest policy.NN of SELINUXTYPE");
	ok(!pol_pdb_path_is_loaded(path), "which is not the loaded policy");
	free(path);
	path = NULL;
	ok(pol_pdb_installed_path(etc, "tst", &path, &err) == 0, "installed_path finds it too");
	is_str(path, want, "the same policy.NN");
	free(path);
	path = NULL;
	ok(pol_pdb_installed_path(etc, "other", &path, &err) == POL_ENOPOLICY &&
	       has_error(&err, "other/policy"),
	   "installed_path of a type with none: POL_ENOPOLICY");
	pol_err_clear(&err);
	ok(pol_pdb_open_default(NULL, &pdb, &err) == 0 && pdb &&
	       strcmp(pol_pdb_path(pdb), want) == 0,
	   "open_default(NULL) opens the installed policy");
	pol_pdb_free(pdb);
	pdb = NULL;

	snprintf(want, sizeof(want), "%.200s/policy", fs);
	ok(symlink(good, want) == 0, "a policy is loaded");
	ok(pol_pdb_system_path(&path, &err) == 0, "with a loaded policy");
	is_str(path, want, "it is selinuxfs' policy node");
	ok(pol_pdb_path_is_loaded(path) && !pol_pdb_path_is_loaded(good) &&
	       !pol_pdb_path_is_loaded(NULL),
	   "which is the loaded policy; another file and NULL are not");
	free(path);
	ok(pol_pdb_open_default(good, &pdb, &err) == 0 && pdb &&
	       strcmp(pol_pdb_path(pdb), good) == 0,
	   "open_default(path) opens path, not the system's");
	pol_pdb_free(pdb);
	unsetenv("SEKIT_SELINUXFS");
	unsetenv("SEKIT_SELINUX_DIR");
	pol_err_release(&err);
}

int main(void)
{
	char good[4096], mlspol[4096];

	if (!mkdtemp(dir)) {
		not_run(1, "cannot create a temporary directory");
		return tap_done();
	}
	snprintf(good, sizeof(good), "%s/plain.bin", dir);
	snprintf(mlspol, sizeof(mlspol), "%s/mls.bin", dir);
	ok(compile(plain_conf, false, good), "the non-MLS policy compiles");
	ok(compile(mls_conf, true, mlspol), "the MLS policy compiles");
	symbols(good);
	mls(mlspol);
	refused(good);
	system_path(good);
	test_remove_tree(dir);
	return tap_done();
}
