/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of sepolc's back end (libpolicy/source: module.c, kpolicy.c,
 * kpolicy-write.c, cil.c) against the reference tools: what it writes must
 * equal what checkpolicy, checkmodule, semodule_package and secilc write.
 * Inputs come from the shared corpus; without the tools or the corpus the
 * whole test is skipped.
 */
#include "source/internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "query/query.h"
#include "tap.h"
#include "util.h"

static char tmpdir[] = "/tmp/test-source-backend.XXXXXX";
static const char *corpus;

static char *path_in(const char *dir, const char *name)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, name) < 0)
		abort();
	return p;
}

static char *tmp(const char *name)
{
	return path_in(tmpdir, name);
}

/* Run a shell command quietly; its exit status. */
static int __attribute__((format(printf, 1, 2))) run(const char *fmt, ...)
{
	char *cmd, *full;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) < 0)
		abort();
	va_end(ap);
	if (asprintf(&full, "(%s) >/dev/null 2>&1", cmd) < 0)
		abort();
	rc = system(full);
	if (rc != 0)
		printf("#   failed: %s\n", cmd);
	free(cmd);
	free(full);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static bool have_tool(const char *name)
{
	char *cmd;
	int rc;

	if (asprintf(&cmd, "command -v %s >/dev/null 2>&1", name) < 0)
		abort();
	rc = system(cmd);
	free(cmd);
	return rc == 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t alloc = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n + 4096 + 1 > alloc) {
			alloc = (n + 4096 + 1) * 2;
			data = realloc(data, alloc);
		}
		size_t r = fread(data + n, 1, alloc - n - 1, f);

		if (r == 0)
			break;
		n += r;
	}
	fclose(f);
	data[n] = '\0';
	if (len)
		*len = n;
	return data;
}

static bool same_file(const char *a, const char *b)
{
	size_t la, lb;
	char *da = slurp(a, &la), *db = slurp(b, &lb);
	bool same = da && db && la == lb && memcmp(da, db, la) == 0;

	if (!same)
		printf("#   '%s' and '%s' differ\n", a, b);
	free(da);
	free(db);
	return same;
}

static void print_diags(const struct pol_err *err)
{
	for (size_t i = 0; i < err->count; i++)
		printf("#   diag: %s:%u: %s\n", err->diags[i].file ? err->diags[i].file : "-",
		       err->diags[i].line, err->diags[i].message);
}

typedef int (*kp_writer)(struct pol_pdb *kp, const struct pol_source_options *opts, FILE *out,
			 struct pol_err *err);

static int write_bin(struct pol_pdb *kp, const struct pol_source_options *opts, FILE *out,
		     struct pol_err *err)
{
	return pol_source_kpolicy_write_binary(kp, opts, out, err);
}

static int write_conf(struct pol_pdb *kp, const struct pol_source_options *opts, FILE *out,
		      struct pol_err *err)
{
	(void)opts;
	return pol_source_kpolicy_write_conf(kp, out, err);
}

static int write_cil(struct pol_pdb *kp, const struct pol_source_options *opts, FILE *out,
		     struct pol_err *err)
{
	(void)opts;
	return pol_source_kpolicy_write_cil(kp, out, err);
}

/* Write kp with writer into the temporary file name; true on success. */
static bool write_kp(struct pol_pdb *kp, kp_writer writer, const struct pol_source_options *opts,
		     const char *path)
{
	struct pol_err err;
	FILE *f = fopen(path, "wb");
	int rc;

	pol_err_init(&err);
	rc = f ? writer(kp, opts, f, &err) : -1;
	if (f && fclose(f) != 0)
		rc = -1;
	if (rc != 0)
		print_diags(&err);
	pol_err_release(&err);
	return rc == 0;
}

/* A module policydb from a .mod checkmodule wrote, standing in for the
 * lowering's output. */
static struct pol_source_module *read_mod(const char *path)
{
	struct pol_source_module *mod = calloc(1, sizeof(*mod));
	struct policy_file pf;
	size_t len;
	char *data = slurp(path, &len);

	if (!mod || !data || policydb_init(&mod->p) != 0) {
		free(mod);
		free(data);
		return NULL;
	}
	policy_file_init(&pf);
	pf.type = PF_USE_MEMORY;
	pf.data = data;
	pf.len = len;
	if (policydb_read(&mod->p, &pf, 0) != 0) {
		free(data);
		pol_source_module_free(mod);
		return NULL;
	}
	free(data);
	return mod;
}

/* Round trips of checkpolicy's binaries: binary, policy.conf and CIL. */
static void test_kpolicy_roundtrip(const char *conf, bool mls)
{
	struct pol_source_options opts = {.mls = mls};
	const char *m = mls ? "-M" : "";
	char *src = path_in(corpus, conf);
	char *ref = tmp("ref.bin"), *ref30 = tmp("ref30.bin"), *refconf = tmp("ref.conf"),
	     *refcil = tmp("ref.cil"), *refrt = tmp("refrt.bin"), *got = tmp("got");
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	if (run("checkpolicy %s -o %s %s", m, ref, src) != 0 ||
	    run("checkpolicy %s -b -F -o %s %s", m, refconf, ref) != 0 ||
	    run("checkpolicy %s -b -C -o %s %s", m, refcil, ref) != 0 ||
	    run("checkpolicy %s -b -c 30 -o %s %s", m, ref30, ref) != 0 ||
	    run("checkpolicy %s -b -o %s %s", m, refrt, ref) != 0) {
		ok(0, "%s: checkpolicy compiles it", conf);
		goto out;
	}
	rc = pol_pdb_open_flags(ref, POL_PDB_KEEP_UNNAMED, &kp, &err);
	ok(rc == 0 && kp, "%s: read checkpolicy's binary", conf);
	if (rc != 0) {
		print_diags(&err);
		goto out;
	}
	/* libsepol's read and write reorder a freshly compiled policy once,
	 * so checkpolicy's own round trip is the reference */
	ok(write_kp(kp, write_bin, &opts, got) && same_file(got, refrt),
	   "%s: binary written back equals checkpolicy -b's", conf);
	opts.version = 30;
	ok(write_kp(kp, write_bin, &opts, got) && same_file(got, ref30),
	   "%s: version 30 equals checkpolicy -c 30", conf);
	opts.version = 0;
	ok(write_kp(kp, write_bin, &opts, got) && same_file(got, refrt),
	   "%s: writing an older version changed nothing in the policy", conf);
	ok(write_kp(kp, write_conf, &opts, got) && same_file(got, refconf),
	   "%s: policy.conf equals checkpolicy -b -F", conf);
	ok(write_kp(kp, write_cil, &opts, got) && same_file(got, refcil),
	   "%s: CIL equals checkpolicy -b -C", conf);
out:
	pol_pdb_free(kp);
	pol_err_release(&err);
	free(src);
	free(ref);
	free(ref30);
	free(refconf);
	free(refcil);
	free(refrt);
	free(got);
}

/* Expand base and write it as a binary into got; true on success. */
static bool expand_to(const char *base, const struct pol_source_options *opts, kp_writer writer,
		      const char *got)
{
	struct pol_source_module *mod = read_mod(base);
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	bool done;

	pol_err_init(&err);
	done = mod && pol_source_module_expand(mod, opts, &kp, &err) == 0 &&
	       pol_source_kpolicy_finish(kp, opts, &err) == 0 && write_kp(kp, writer, opts, got);
	print_diags(&err);
	pol_err_release(&err);
	pol_pdb_free(kp);
	pol_source_module_free(mod);
	return done;
}

/* Every rule of pdb, as sesearch prints them, one a line; heap, or NULL. */
static char *all_rules(const struct pol_pdb *pdb)
{
	struct pol_rule_query q = {.kinds = ~0u};
	struct pol_rule_list *list = NULL;
	struct pol_err err;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	pol_err_init(&err);
	if (pol_rule_search(pdb, &q, &list, &err) != 0) {
		print_diags(&err);
		pol_err_release(&err);
		return NULL;
	}
	pol_err_release(&err);
	f = open_memstream(&text, &len);
	for (size_t i = 0; f && i < list->count; i++)
		fprintf(f, "%s\n", list->rules[i].text);
	if (f)
		fclose(f);
	pol_rule_list_free(list);
	return text;
}

/* A compiled policy is queried as it is, without being written out and
 * read back, and answers as checkpolicy's binary of the same source does. */
static void test_query_built(const char *base, const char *ref, const char *conf)
{
	struct pol_source_options opts = {0};
	struct pol_source_module *mod = read_mod(base);
	struct pol_pdb *kp = NULL, *bin = NULL;
	char *got = NULL, *want = NULL;
	struct pol_err err;

	pol_err_init(&err);
	if (mod && pol_source_module_expand(mod, &opts, &kp, &err) == 0 &&
	    pol_pdb_open(ref, &bin, &err) == 0) {
		got = all_rules(kp);
		want = all_rules(bin);
	}
	print_diags(&err);
	ok(got && want && strlen(want) > 0 && strcmp(got, want) == 0,
	   "%s: queried as compiled, its rules equal those of checkpolicy's binary", conf);
	ok(kp && pol_pdb_has(kp, POL_SYM_TYPE, "TYPE1") && !pol_pdb_path(kp),
	   "%s: the compiled policy knows its names and has no path", conf);
	free(got);
	free(want);
	pol_pdb_free(kp);
	pol_pdb_free(bin);
	pol_source_module_free(mod);
	pol_err_release(&err);
}

/* A base module expands into what checkpolicy makes of the same source;
 * its .mod equals checkmodule's. A .mod keeps no expandattribute, so the
 * source goes without. */
static void test_base_expand(const char *conf, bool mls)
{
	struct pol_source_options opts = {.mls = mls};
	const char *m = mls ? "-M" : "";
	char *src = path_in(corpus, conf);
	char *plain = tmp("base.conf"), *ref = tmp("ref.bin"), *refopt = tmp("refopt.bin"),
	     *refconf = tmp("ref.conf"), *base = tmp("base.mod"), *got = tmp("got");
	struct pol_source_module *mod = NULL;
	struct pol_err err;
	FILE *f;
	int rc;

	pol_err_init(&err);
	if (run("grep -v '^expandattribute' %s > %s", src, plain) != 0 ||
	    run("checkpolicy %s -o %s %s", m, ref, plain) != 0 ||
	    run("checkpolicy %s -S -O -o %s %s", m, refopt, plain) != 0 ||
	    run("checkpolicy %s -b -F -o %s %s", m, refconf, ref) != 0 ||
	    run("checkmodule %s -o %s %s", m, base, plain) != 0) {
		ok(0, "%s: checkpolicy and checkmodule compile it", conf);
		goto out;
	}
	mod = read_mod(base);
	ok(mod && pol_source_module_is_base(mod) && !pol_source_module_name(mod),
	   "%s: a base module", conf);
	if (!mod)
		goto out;
	f = fopen(got, "wb");
	rc = pol_source_module_write_mod(mod, &opts, f, &err);
	ok(fclose(f) == 0 && rc == 0 && same_file(got, base),
	   "%s: .mod written back equals checkmodule's", conf);
	print_diags(&err);
	ok(expand_to(base, &opts, write_bin, got) && same_file(got, ref),
	   "%s: expanded, equals checkpolicy's binary", conf);
	/* the expanded policy still has role attributes: -F must not show them */
	ok(expand_to(base, &opts, write_conf, got) && same_file(got, refconf),
	   "%s: expanded, policy.conf equals checkpolicy -b -F of checkpolicy's binary", conf);
	opts.sort_ocontexts = opts.optimize = true;
	ok(expand_to(base, &opts, write_bin, got) && same_file(got, refopt),
	   "%s: expanded, sorted and optimized, equals checkpolicy -S -O", conf);
	test_query_built(base, ref, conf);
out:
	pol_source_module_free(mod);
	pol_err_release(&err);
	free(src);
	free(plain);
	free(ref);
	free(refopt);
	free(refconf);
	free(base);
	free(got);
}

/* A base is written as CIL as checkpolicy -C writes it (linked). Only for
 * sources whose rules carry no origins, which a .mod does not keep. */
static void test_base_cil(const char *conf, bool mls)
{
	const char *m = mls ? "-M" : "";
	char *src = path_in(corpus, conf), *base = tmp("base.mod"), *ref = tmp("ref.cil"),
	     *got = tmp("got.cil");
	struct pol_source_module *mod = NULL;
	struct pol_err err;
	FILE *f;
	int rc;

	pol_err_init(&err);
	if (run("checkmodule %s -o %s %s", m, base, src) != 0 ||
	    run("checkpolicy %s -C -o %s %s", m, ref, src) != 0) {
		ok(0, "%s: checkmodule and checkpolicy compile it", conf);
		goto out;
	}
	mod = read_mod(base);
	f = fopen(got, "w");
	rc = mod ? pol_source_module_write_cil(mod, f, &err) : -1;
	ok(fclose(f) == 0 && rc == 0 && same_file(got, ref), "%s: base CIL equals checkpolicy -C",
	   conf);
	print_diags(&err);
out:
	pol_source_module_free(mod);
	pol_err_release(&err);
	free(src);
	free(base);
	free(ref);
	free(got);
}

/* A module and its file contexts as semodule_package packs them. */
static void test_module_package(void)
{
	static const char fc[] = "/srv/foo(/.*)?\tsystem_u:object_r:foo_t:s0\n";
	struct pol_source_options opts = {0};
	char *src = path_in(corpus, "checkpolicy/negative/good_module.te");
	char *mod_path = tmp("good_module.mod"), *fc_path = tmp("good_module.fc"),
	     *pp = tmp("good_module.pp"), *pp_nofc = tmp("nofc.pp"), *cil = tmp("good_module.cil"),
	     *got = tmp("got");
	struct pol_source_module *mod = NULL;
	struct pol_err err;
	FILE *f;
	int rc;

	pol_err_init(&err);
	f = fopen(fc_path, "w");
	fputs(fc, f);
	fclose(f);
	if (run("checkmodule -m -o %s %s", mod_path, src) != 0 ||
	    run("checkmodule -m -C -o %s %s", cil, src) != 0 ||
	    run("semodule_package -o %s -m %s -f %s", pp, mod_path, fc_path) != 0 ||
	    run("semodule_package -o %s -m %s", pp_nofc, mod_path) != 0) {
		ok(0, "good_module.te: checkmodule and semodule_package build it");
		goto out;
	}
	mod = read_mod(mod_path);
	ok(mod && !pol_source_module_is_base(mod) && pol_source_module_name(mod) &&
	       strcmp(pol_source_module_name(mod), "good_module") == 0,
	   "good_module.te: a module named good_module");
	if (!mod)
		goto out;
	f = fopen(got, "wb");
	rc = pol_source_module_write_pp(mod, &opts, fc, strlen(fc), f, &err);
	ok(fclose(f) == 0 && rc == 0 && same_file(got, pp),
	   "good_module.te: .pp with file contexts equals semodule_package's");
	f = fopen(got, "wb");
	rc = pol_source_module_write_pp(mod, &opts, NULL, 0, f, &err);
	ok(fclose(f) == 0 && rc == 0 && same_file(got, pp_nofc),
	   "good_module.te: .pp without file contexts equals semodule_package's");
	f = fopen(got, "wb");
	rc = pol_source_module_write_mod(mod, &opts, f, &err);
	ok(fclose(f) == 0 && rc == 0 && same_file(got, mod_path),
	   "good_module.te: .mod equals checkmodule -m");
	f = fopen(got, "w");
	rc = pol_source_module_write_cil(mod, f, &err);
	ok(fclose(f) == 0 && rc == 0 && same_file(got, cil),
	   "good_module.te: CIL equals checkmodule -m -C");
	opts.handle_unknown = POL_SOURCE_UNKNOWN_ALLOW;
	f = fopen(got, "wb");
	rc = pol_source_module_write_mod(mod, &opts, f, &err);
	fclose(f);
	ok(rc == POL_EINVAL && pol_err_errors(&err) == 1, "handle_unknown on a module is an error");
	{
		struct pol_pdb *kp = NULL;

		pol_err_clear(&err);
		opts.handle_unknown = POL_SOURCE_UNKNOWN_DEFAULT;
		rc = pol_source_module_expand(mod, &opts, &kp, &err);
		ok(rc == POL_EINVAL && !kp && err.count == 1 &&
		       strstr(err.diags[0].message, "not a base policy"),
		   "a module does not expand alone");
	}
	print_diags(&err);
out:
	pol_source_module_free(mod);
	pol_err_release(&err);
	free(src);
	free(mod_path);
	free(fc_path);
	free(pp);
	free(pp_nofc);
	free(cil);
	free(got);
}

/* The CIL compiler's policy equals secilc's, compared as policy.conf. */
static void test_cil(const char *name)
{
	struct pol_source_options opts = {.mls = true};
	char *src = path_in(corpus, name), *ref = tmp("secilc.bin"), *reffc = tmp("secilc.fc"),
	     *refconf = tmp("secilc.conf"), *got = tmp("got.bin"), *gotconf = tmp("got.conf");
	const char *paths[] = {src};
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	char *fc = NULL, *want_fc;
	size_t fc_len = 0;
	int rc;

	pol_err_init(&err);
	if (run("secilc -M true -o %s -f %s %s", ref, reffc, src) != 0 ||
	    run("checkpolicy -M -b -F -o %s %s", refconf, ref) != 0) {
		ok(0, "%s: secilc compiles it", name);
		goto out;
	}
	rc = pol_source_cil_compile(paths, 1, &opts, &kp, &fc, &fc_len, &err);
	ok(rc == 0 && kp, "%s: compiles", name);
	if (rc != 0) {
		print_diags(&err);
		goto out;
	}
	ok(write_kp(kp, write_bin, &opts, got) &&
	       run("checkpolicy -M -b -F -o %s %s", gotconf, got) == 0 &&
	       same_file(gotconf, refconf),
	   "%s: policy equals secilc's (as checkpolicy -b -F)", name);
	ok(same_file(got, ref), "%s: binary is byte-identical to secilc's", name);
	ok(write_kp(kp, write_conf, &opts, gotconf) && same_file(gotconf, refconf),
	   "%s: policy.conf written directly equals checkpolicy -b -F of secilc's binary", name);
	want_fc = slurp(reffc, NULL);
	ok(want_fc && fc && fc_len == strlen(want_fc) && memcmp(fc, want_fc, fc_len) == 0,
	   "%s: file contexts equal secilc's", name);
	free(want_fc);
out:
	pol_pdb_free(kp);
	free(fc);
	pol_err_release(&err);
	free(src);
	free(ref);
	free(reffc);
	free(refconf);
	free(got);
	free(gotconf);
}

static const char never_conf[] = "class CLASS1\n"
				 "sid kernel\n"
				 "class CLASS1 { PERM1 PERM2 }\n"
				 "type TYPE1;\n"
				 "allow TYPE1 self:CLASS1 PERM1;\n"
				 "neverallow TYPE1 self:CLASS1 PERM2;\n"
				 "role ROLE1;\n"
				 "role ROLE1 types { TYPE1 };\n"
				 "user USER1 roles ROLE1;\n"
				 "sid kernel USER1:ROLE1:TYPE1\n";

/* Read base, then make its neverallow also forbid PERM1 (which the policy
 * allows) and give it the location the lowering would record. */
static struct pol_source_module *violating_base(const char *base)
{
	struct pol_source_module *mod = read_mod(base);

	if (!mod)
		return NULL;
	for (avrule_t *r = mod->p.global->branch_list->avrules; r; r = r->next) {
		r->source_filename = strdup("policy/never.te");
		if (r->specified == AVRULE_ALLOWED)
			r->source_line = 5;
		if (r->specified != AVRULE_NEVERALLOW)
			continue;
		r->perms->data |= 1;
		r->source_line = 42;
	}
	return mod;
}

static void test_neverallow(void)
{
	struct pol_source_options opts = {0};
	char *conf = tmp("never.conf"), *base = tmp("never.mod");
	struct pol_source_module *mod = NULL;
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	const struct pol_diag *found = NULL, *allowed = NULL;
	FILE *f = fopen(conf, "w");
	int rc;

	pol_err_init(&err);
	fputs(never_conf, f);
	fclose(f);
	if (run("checkmodule -o %s %s", base, conf) != 0) {
		ok(0, "never.conf: checkmodule compiles it");
		goto out;
	}
	mod = violating_base(base);
	rc = mod ? pol_source_module_expand(mod, &opts, &kp, &err) : -1;
	for (size_t i = 0; i < err.count; i++) {
		if (err.diags[i].severity == POL_SEV_ERROR && err.diags[i].file)
			found = &err.diags[i];
		if (err.diags[i].severity == POL_SEV_NOTE && err.diags[i].file)
			allowed = &err.diags[i];
	}
	ok(rc == POL_EINVAL && !kp && found,
	   "a violated neverallow fails the expansion with a located error");
	if (found) {
		is_str(found->file, "policy/never.te", "the error names the neverallow's file");
		ok(found->line == 42, "the error names the neverallow's line");
		is_str(found->message, "neverallow violated by allow TYPE1 TYPE1:CLASS1 { PERM1 }",
		       "the error names the violating access");
	}
	ok(allowed && allowed > found && strcmp(allowed->file, "policy/never.te") == 0 &&
	       allowed->line == 5,
	   "a note after the error names the allow rule's file and line");
	print_diags(&err);
	pol_source_module_free(mod);
	pol_err_clear(&err);

	opts.no_neverallow = true;
	mod = violating_base(base);
	rc = mod ? pol_source_module_expand(mod, &opts, &kp, &err) : -1;
	ok(rc == 0 && kp && err.count == 0, "no_neverallow skips the check");
out:
	pol_pdb_free(kp);
	pol_source_module_free(mod);
	pol_err_release(&err);
	free(conf);
	free(base);
}

/* file_contexts' contexts are checked as setfiles -c checks them, and a
 * refused one says which part is wrong. */
static void test_check_context(void)
{
	static const struct {
		const char *context;
		bool valid;
		const char *why, *message;
	} cases[] = {
	    {"USER1:ROLE1:TYPE1:s0", true, "a valid context", NULL},
	    {"USER1:object_r:TYPE2:s0-s1:c0.c1", true, "object_r may have any type", NULL},
	    {"USER1:ROLE1:TYPEALIAS1:s1:c1", true, "an alias names its type", NULL},
	    {"USER1:ROLE1:TYPE1:s1:CATALIAS", true, "an alias names its category", NULL},
	    {"USER1:ROLE1:TYPE2:s0", false, "a role not authorized for the type",
	     "role 'ROLE1' is not authorized for type 'TYPE2'"},
	    {"USER1:ROLE2:TYPE1:s0", false, "a role with no types",
	     "role 'ROLE2' is not authorized for type 'TYPE1'"},
	    {"USER1:ROLE1:NOSUCH:s0", false, "an unknown type", "type 'NOSUCH' is not defined"},
	    {"USER1:ROLE1:ATTR1:s0", false, "an attribute is no type",
	     "'ATTR1' is an attribute, and a context needs a type"},
	    {"USER1:ROLE1:TYPE1:s2", false, "a level above the user's range",
	     "MLS range 's2' is outside user 'USER1''s range"},
	    {"USER1:ROLE1:TYPE1:s0:c1", false, "a category its sensitivity does not allow",
	     "invalid MLS range 's0:c1': category 'c1' is not associated with sensitivity 's0'"},
	    {"USER1:ROLE1:TYPE1:s9", false, "an unknown sensitivity",
	     "invalid MLS range 's9': sensitivity 's9' is not defined; did you mean '"},
	    {"USER1:ROLE1:TYPE1:s1:c0,c7", false, "an unknown category",
	     "invalid MLS range 's1:c0,c7': category 'c7' is not defined"},
	    {"USER1:ROLE1:TYPE1:s1-s0", false, "a high level below the low one",
	     "invalid MLS range 's1-s0': the high level does not dominate the low level"},
	    {"USER1:ROLE1:TYPE1:s0 - s1", false, "blanks, which only a query's range may have",
	     "invalid MLS range 's0 - s1': a context's range has no blanks"},
	    {"USER1:ROLE1:TYPE1:s1:c1.c0", false, "a descending category range",
	     "invalid MLS range 's1:c1.c0': 'c1.c0' is not a category range"},
	    {"USER1:ROLE1:TYPE1:s0-s1-s1", false, "three levels",
	     "invalid MLS range 's0-s1-s1': more than two levels"},
	    {"USER1:ROLE1:TYPE1:s0:", false, "no category after the ':'",
	     "invalid MLS range 's0:': an empty category name"},
	    {"USER1:ROLE1:TYPE1", false, "no range in an MLS policy", "has no MLS range"},
	    {"USER1:ROLE1", false, "no type", "expected USER:ROLE:TYPE:RANGE"},
	};
	char *conf = path_in(corpus, "checkpolicy/policy_allonce_mls.conf"), *bin = tmp("ctx.bin");
	struct pol_pdb *kp = NULL;
	struct pol_err err;

	pol_err_init(&err);
	if (run("checkpolicy -M -o %s %s", bin, conf) != 0 || pol_pdb_open(bin, &kp, &err) != 0) {
		ok(0, "policy_allonce_mls.conf: checkpolicy compiles it and we read it");
		goto out;
	}
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc;

		pol_err_clear(&err);
		rc = pol_pdb_check_context(kp, cases[i].context, "x.fc", 7, &err);
		if (cases[i].valid)
			ok(rc == 0 && err.count == 0, "check_context accepts %s (%s)",
			   cases[i].context, cases[i].why);
		else
			ok(rc == POL_EINVAL && pol_err_errors(&err) == 1 &&
			       err.diags[0].line == 7 && strcmp(err.diags[0].file, "x.fc") == 0 &&
			       strstr(err.diags[0].message, cases[i].message),
			   "check_context refuses %s at x.fc:7 (%s)", cases[i].context,
			   cases[i].why);
		if (cases[i].valid != (rc == 0) ||
		    (!cases[i].valid && err.count &&
		     !strstr(err.diags[0].message, cases[i].message)))
			print_diags(&err);
	}
out:
	pol_pdb_free(kp);
	pol_err_release(&err);
	free(conf);
	free(bin);
}

static bool has_diag(const struct pol_err *err, const char *file, const char *text);

/* The CIL compiler's neverallow report names the rule and the violator. */
static void test_cil_neverallow(void)
{
	struct pol_source_options opts = {.mls = true};
	char *src = path_in(corpus, "secilc/neverallow.cil");
	const char *paths[] = {src};
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	bool error = false, note = false;
	int rc;

	pol_err_init(&err);
	rc = pol_source_cil_compile(paths, 1, &opts, &kp, NULL, NULL, &err);
	for (size_t i = 0; i < err.count; i++) {
		const struct pol_diag *d = &err.diags[i];

		if (!d->file || strcmp(d->file, src) != 0)
			continue;
		if (d->severity == POL_SEV_ERROR && d->line == 72 &&
		    strcmp(d->message,
			   "neverallow check failed: (neverallow a5 a6 (CLASS (PERM)))") == 0)
			error = true;
		if (d->severity == POL_SEV_NOTE && d->line == 73 &&
		    strcmp(d->message, "(allow t5 t7 (CLASS (PERM)))") == 0)
			note = true;
	}
	ok(rc == POL_EINVAL && !kp, "neverallow.cil: a violated neverallow fails the compile");
	ok(error, "neverallow.cil: the error names the neverallow and its line");
	ok(note, "neverallow.cil: a note names a violating rule and its line");
	if (!error || !note)
		print_diags(&err);
	pol_err_clear(&err);
	opts.no_neverallow = true;
	rc = pol_source_cil_compile(paths, 1, &opts, &kp, NULL, NULL, &err);
	ok(rc == 0 && kp && pol_err_errors(&err) == 0, "neverallow.cil: no_neverallow compiles it");
	pol_pdb_free(kp);
	pol_err_release(&err);
	free(src);
}

static bool has_diag(const struct pol_err *err, const char *file, const char *text)
{
	for (size_t i = 0; i < err->count; i++)
		if (err->diags[i].severity == POL_SEV_ERROR &&
		    (!file || (err->diags[i].file && strcmp(err->diags[i].file, file) == 0 &&
			       err->diags[i].line > 0)) &&
		    strstr(err->diags[i].message, text))
			return true;
	print_diags(err);
	return false;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

/* Missing, empty, garbage and truncated inputs give a clear error. */
static void test_bad_input(void)
{
	struct pol_source_options opts = {0};
	char *garbage = tmp("garbage"), *empty = tmp("empty"), *trunc = tmp("trunc.bin"),
	     *ref = tmp("ref.bin"), *modp = tmp("good_module.mod"), *badcil = tmp("bad.cil"),
	     *undef = tmp("undef.cil"), *src = path_in(corpus, "checkpolicy/policy_minimal.conf"),
	     *te = path_in(corpus, "checkpolicy/negative/good_module.te");
	const char *missing = "/nonexistent/policy.33";
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_pdb_open_flags(missing, POL_PDB_KEEP_UNNAMED, &kp, &err);
	ok(rc == -ENOENT && !kp && has_diag(&err, NULL, "cannot open '/nonexistent/policy.33'"),
	   "a missing binary: cannot open");
	pol_err_clear(&err);
	write_text(garbage, "this is not a policy\n");
	rc = pol_pdb_open_flags(garbage, POL_PDB_KEEP_UNNAMED, &kp, &err);
	ok(rc == POL_EFORMAT && !kp && has_diag(&err, NULL, "is not a valid binary policy"),
	   "a text file: not a binary policy");
	pol_err_clear(&err);
	write_text(empty, "");
	rc = pol_pdb_open_flags(empty, POL_PDB_KEEP_UNNAMED, &kp, &err);
	ok(rc == POL_EFORMAT && !kp && has_diag(&err, NULL, "is empty"), "an empty file: empty");
	pol_err_clear(&err);
	if (run("checkpolicy -o %s %s", ref, src) == 0 &&
	    run("head -c 300 %s > %s", ref, trunc) == 0) {
		rc = pol_pdb_open_flags(trunc, POL_PDB_KEEP_UNNAMED, &kp, &err);
		ok(rc == POL_EFORMAT && !kp && has_diag(&err, NULL, "is not a valid binary policy"),
		   "a truncated binary: not valid");
	} else {
		ok(0, "checkpolicy compiles policy_minimal.conf");
	}
	pol_err_clear(&err);
	if (run("checkmodule -m -o %s %s", modp, te) == 0) {
		rc = pol_pdb_open_flags(modp, POL_PDB_KEEP_UNNAMED, &kp, &err);
		ok(rc == POL_EFORMAT && !kp && has_diag(&err, NULL, "is a policy module"),
		   "a module: not a kernel policy");
	} else {
		ok(0, "checkmodule compiles good_module.te");
	}
	pol_err_clear(&err);

	{
		const char *paths[] = {missing};

		rc = pol_source_cil_compile(paths, 1, &opts, &kp, NULL, NULL, &err);
		ok(rc == -ENOENT && !kp && has_diag(&err, NULL, "cannot open"),
		   "a missing CIL file: cannot open");
		pol_err_clear(&err);
	}
	{
		const char *paths[] = {badcil};

		write_text(badcil, "(type a)\n(allow a a (file (read))\n");
		rc = pol_source_cil_compile(paths, 1, &opts, &kp, NULL, NULL, &err);
		ok(rc == POL_EINVAL && !kp && has_diag(&err, badcil, ""),
		   "unbalanced CIL: an error located in the file");
		pol_err_clear(&err);
	}
	{
		const char *paths[] = {undef};

		write_text(undef, "(type a)\n\n(allow a b (file (read)))\n");
		rc = pol_source_cil_compile(paths, 1, &opts, &kp, NULL, NULL, &err);
		ok(rc == POL_EINVAL && !kp && has_diag(&err, undef, ""),
		   "an unknown name in CIL: an error located in the file");
		pol_err_clear(&err);
	}
	pol_err_release(&err);
	free(garbage);
	free(empty);
	free(trunc);
	free(ref);
	free(modp);
	free(badcil);
	free(undef);
	free(src);
	free(te);
}

int main(void)
{
	static const char *const tools[] = {"checkpolicy", "checkmodule", "secilc",
					    "semodule_package"};

	corpus = test_corpus_dir();
	if (access(corpus, R_OK) != 0) {
		skip(1, "corpus not found (set SEKIT_CORPUS to ../shared/corpus)");
		return tap_done();
	}
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		if (!have_tool(tools[i])) {
			printf("# %s is not installed (apt-get install checkpolicy secilc "
			       "semodule-utils)\n",
			       tools[i]);
			skip(1, "an oracle tool is not installed");
			return tap_done();
		}
	}
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 99;
	}

	test_kpolicy_roundtrip("checkpolicy/policy_allonce.conf", false);
	test_kpolicy_roundtrip("checkpolicy/policy_allonce_mls.conf", true);
	test_base_expand("checkpolicy/policy_allonce.conf", false);
	test_base_expand("checkpolicy/policy_allonce_mls.conf", true);
	test_base_cil("checkpolicy/policy_minimal.conf", false);
	test_base_cil("checkpolicy/policy_minimal_mls.conf", true);
	test_module_package();
	test_cil("secilc/policy.cil");
	test_cil("secilc/minimum.cil");
	test_neverallow();
	test_cil_neverallow();
	test_check_context();
	test_bad_input();

	run("rm -rf %s", tmpdir);
	return tap_done();
}
