/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of lean sources (pol_source_set_lean()): the first parse keeps
 * only what declares symbols and the lowering parses the text again,
 * streaming the rules. A lean source must give what a whole one gives: the
 * same diagnostics (message, file, line, column, in order), the same module
 * as CIL and .mod, the same kernel binary.
 */
#include "source/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util.h"

struct result {
	int rc;
	struct pol_err err;
	char *cil, *mod, *bin; /* outputs, heap; NULL when not made */
	size_t cil_len, mod_len, bin_len;
};

static char *written(int (*write)(struct pol_source_module *, FILE *, struct pol_err *),
		     struct pol_source_module *mod, size_t *len, struct pol_err *err)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f)
		return NULL;
	if (write(mod, f, err) != 0) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

static const struct pol_source_options *write_opts;

static int write_mod(struct pol_source_module *mod, FILE *f, struct pol_err *err)
{
	return pol_source_module_write_mod(mod, write_opts, f, err);
}

static void outputs(struct result *r, struct pol_source_module *mod,
		    const struct pol_source_options *opts)
{
	struct pol_pdb *kp = NULL;
	FILE *f;

	r->cil = written(pol_source_module_write_cil, mod, &r->cil_len, &r->err);
	if (!pol_source_module_is_base(mod)) {
		write_opts = opts;
		r->mod = written(write_mod, mod, &r->mod_len, &r->err);
		return;
	}
	if (pol_source_module_expand(mod, opts, &kp, &r->err) != 0)
		return;
	f = open_memstream(&r->bin, &r->bin_len);
	if (f) {
		pol_source_kpolicy_write_binary(kp, opts, f, &r->err);
		fclose(f);
	}
	pol_pdb_free(kp);
}

/* Compile the texts (a file when path is set) as one source. */
static void compile(struct result *r, bool lean, const char *path, const char *const *texts,
		    size_t n, const struct pol_source_options *opts)
{
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL;

	memset(r, 0, sizeof(*r));
	pol_err_init(&r->err);
	r->rc = pol_source_new(&src, &r->err);
	if (r->rc)
		return;
	pol_source_set_lean(src, lean);
	if (path)
		r->rc = pol_source_parse_file(src, path, &r->err);
	for (size_t i = 0; i < n && r->rc == 0; i++) {
		char name[32];

		snprintf(name, sizeof(name), "part%zu.te", i);
		r->rc = pol_source_parse_data(src, name, texts[i], strlen(texts[i]), &r->err);
	}
	if (r->rc == 0)
		r->rc = pol_source_lower(src, opts, &mod, &r->err);
	if (r->rc == 0)
		outputs(r, mod, opts);
	pol_source_module_free(mod);
	pol_source_free(src);
}

static void release(struct result *r)
{
	pol_err_release(&r->err);
	free(r->cil);
	free(r->mod);
	free(r->bin);
}

static bool same_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
	return (!a && !b) || (a && b && alen == blen && memcmp(a, b, alen) == 0);
}

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool same_diags(const struct pol_err *a, const struct pol_err *b)
{
	if (a->count != b->count)
		return false;
	for (size_t i = 0; i < a->count; i++) {
		const struct pol_diag *x = &a->diags[i], *y = &b->diags[i];

		if (x->severity != y->severity || x->code != y->code || x->line != y->line ||
		    x->col != y->col || !same_str(x->file, y->file) ||
		    !same_str(x->message, y->message))
			return false;
	}
	return true;
}

static void show(const char *what, const struct pol_err *err)
{
	for (size_t i = 0; i < err->count; i++)
		printf("#   %s: %s:%u:%u: %s\n", what, err->diags[i].file ? err->diags[i].file : "",
		       err->diags[i].line, err->diags[i].col, err->diags[i].message);
}

/* One case: lean and whole compile the same. Returns the whole rc. */
static int compare(const char *name, const char *path, const char *const *texts, size_t n,
		   const struct pol_source_options *opts)
{
	struct result whole, lean;
	int rc;

	compile(&whole, false, path, texts, n, opts);
	compile(&lean, true, path, texts, n, opts);
	ok(whole.rc == lean.rc && same_diags(&whole.err, &lean.err),
	   "%s: the same status and diagnostics", name);
	if (whole.rc != lean.rc || !same_diags(&whole.err, &lean.err)) {
		printf("#   rc %d lean %d\n", whole.rc, lean.rc);
		show("whole", &whole.err);
		show("lean", &lean.err);
	}
	ok(same_bytes(whole.cil, whole.cil_len, lean.cil, lean.cil_len) &&
	       same_bytes(whole.mod, whole.mod_len, lean.mod, lean.mod_len) &&
	       same_bytes(whole.bin, whole.bin_len, lean.bin, lean.bin_len),
	   "%s: the same CIL, .mod and kernel binary", name);
	if (whole.rc == 0)
		ok(lean.cil && (lean.mod || lean.bin), "%s: compiled, written", name);
	rc = whole.rc;
	release(&whole);
	release(&lean);
	return rc;
}

static void corpus(void)
{
	static const char *const confs[] = {
	    "policy_minimal.conf",     "policy_minimal_mls.conf", "policy_allonce.conf",
	    "policy_allonce_mls.conf", "policy_allonce_xen.conf",
	};
	static const char *const tes[] = {
	    "bad_module_line.te",   "bad_require.te",
	    "bad_role.te",	    "bad_syntax.te",
	    "bad_user.te",	    "dup_attribute.te",
	    "dup_module.te",	    "dup_type.te",
	    "good_module.te",	    "invalid_module_version.te",
	    "invalid_type_name.te", "type_attr_conflict.te",
	    "unknown_class.te",	    "unknown_perm.te",
	    "unknown_type.te",
	};
	char path[4200];

	snprintf(path, sizeof(path), "%s/checkpolicy/policy_minimal.conf", test_corpus_dir());
	if (access(path, R_OK) != 0) {
		skip(1, "corpus absent");
		return;
	}
	for (size_t i = 0; i < sizeof(confs) / sizeof(*confs); i++) {
		struct pol_source_options opts = {.mls = strstr(confs[i], "_mls") != NULL,
						  .target = strstr(confs[i], "_xen")
								? POL_SOURCE_TARGET_XEN
								: POL_SOURCE_TARGET_SELINUX};

		snprintf(path, sizeof(path), "%s/checkpolicy/%s", test_corpus_dir(), confs[i]);
		compare(confs[i], path, NULL, 0, &opts);
	}
	for (size_t i = 0; i < sizeof(tes) / sizeof(*tes); i++) {
		struct pol_source_options opts = {0};

		snprintf(path, sizeof(path), "%s/checkpolicy/negative/%s", test_corpus_dir(),
			 tes[i]);
		compare(tes[i], path, NULL, 0, &opts);
	}
}

#define HEAD                                                                                       \
	"class process\nclass file\nsid kernel\n"                                                  \
	"common file { read write }\n"                                                             \
	"class process { fork }\nclass file inherits file { execute }\n"
#define TAIL "user u roles { r };\nsid kernel u:r:t\n"

static void snippets(void)
{
	static const struct {
		const char *name, *text;
	} cases[] = {
	    {"a base policy with rules, an if and optional blocks", HEAD
	     "type t;\ntype u_t;\nrole r;\nrole r types { t u_t };\nbool b true;\n"
	     "allow t u_t:file read;\nallow t self:process fork;\n"
	     "if (b) { allow t u_t:file write; } else { dontaudit t u_t:file execute; }\n"
	     "optional { require { type x_t; } allow t x_t:file read; allow x_t t:file read; }\n"
	     "optional { allow t u_t:file { read write }; type_transition t u_t:file t; }\n"
	     "else { allow u_t t:file read; }\n"
	     "optional { require { class file { read }; } allow t u_t:file read;\n"
	     "  optional { allow u_t t:file read; allow u_t u_t:file read; } }\n" TAIL},
	    {"a rule first, and a block of rules only",
	     "allow t u_t:file read;\n" HEAD "type t;\ntype u_t;\nrole r;\nrole r types t;\n"
	     "optional { allow t u_t:file read; allow t u_t:file write; }\n" TAIL},
	    {"unknown names in rules, several errors",
	     HEAD "type t;\nrole r;\nrole r types t;\nallow t nosuch:file read;\n"
		  "optional { allow t t:file read; allow t other:file read; }\n"
		  "allow t t:file nosuchperm;\nallow t t:nosuchclass read;\n" TAIL},
	    {"a declaration error stops before the rules",
	     HEAD "type t;\ntype t;\nrole r;\nrole r types t;\nallow t nosuch:file read;\n" TAIL},
	    {"the module statement after a rule",
	     "allow a b:c d;\nmodule m 1.0;\nrequire { type a; }\n"},
	    {"syntax errors among rules", HEAD
	     "type t;\nrole r;\nrole r types t;\nallow t t:file read\nallow t t:file { read ;\n"
	     "allow t t:file write;\n" TAIL},
	    {"an empty optional block and one with only a rule",
	     "module m 1.0;\nrequire { type t; class file read; }\noptional { }\n"
	     "optional { allow t t:file read; }\n"},
	    {"a module with requires in if and optional blocks",
	     "module m 1.0;\nrequire { type t; bool b; class file { read write }; }\n"
	     "type m_t;\nallow m_t t:file read;\n"
	     "if (b) { require { type u_t; } allow m_t u_t:file write; }\n"
	     "optional { require { type v_t; } allow m_t v_t:file read;\n"
	     "  type_transition m_t v_t:file m_t \"name\"; }\n"
	     "else { allow m_t t:file write; }\n"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct pol_source_options opts = {0};
		const char *text = cases[i].text;

		compare(cases[i].name, NULL, &text, 1, &opts);
	}
}

/* Several texts make one source; each is parsed again in turn. */
static void several_texts(void)
{
	static const char *const parts[] = {
	    HEAD "type t;\ntype u_t;\nrole r;\nrole r types { t u_t };\n",
	    "allow t u_t:file read;\noptional { allow u_t t:file read; }\n",
	    ("allow t t:file write;\n" TAIL), /* one element: clang -Wstring-concatenation */
	};
	static const char *const bad[] = {
	    HEAD "type t;\nrole r;\nrole r types t;\n",
	    "allow t nosuch:file read;\n" TAIL,
	};
	struct pol_source_options opts = {0};

	ok(compare("three texts", NULL, parts, 3, &opts) == 0, "three texts: compiled");
	ok(compare("an error in the second text", NULL, bad, 2, &opts) != 0,
	   "an error in the second text: reported");
}

static void lowered_once(void)
{
	const char *text = HEAD "type t;\nrole r;\nrole r types t;\nallow t t:file read;\n" TAIL;
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL, *again = NULL;
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_source_new(&src, &err);
	if (rc == 0) {
		pol_source_set_lean(src, true);
		rc = pol_source_parse_data(src, "t.conf", text, strlen(text), &err);
	}
	if (rc == 0)
		rc = pol_source_lower(src, NULL, &mod, &err);
	ok(rc == 0 && mod, "a lean source lowers");
	rc = pol_source_lower(src, NULL, &again, &err);
	ok(rc == POL_EINVAL && !again && pol_err_errors(&err) == 1,
	   "lowering a lean source twice is an error");
	pol_source_module_free(mod);
	pol_source_free(src);
	pol_err_release(&err);
}

int main(void)
{
	corpus();
	snippets();
	several_texts();
	lowered_once();
	return tap_done();
}
