/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: seallow -M's path, denials to module text to a
 * compiled .pp, in process (cmd/seallow/generate.c without the files).
 * Each input is read as an audit log, its denials added to a
 * pol_audit_set over the policy of FUZZ_AUDIT_POLICY (as fuzz-audit.c),
 * and when a denial is left the module seallow -M would write is written
 * with pol_audit_set_write_calls() (as -M, as -M -D -x -r -v -e) and
 * compiled with pol_source_compile_module_text(). A module seallow wrote
 * from a log must compile: a refusal (other than out of memory) prints
 * the diagnostics and the module and aborts, as does any sanitizer
 * report. See tests/fuzz/README.md.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "audit/set.h"
#include "pdb/pdb.h"
#include "source/source.h"

#include "../unit/compile-policy.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct pol_pdb *pdb;

static int on_avc(const struct pol_audit_avc *a, void *data)
{
	pol_audit_set_add(data, a);
	return 0;
}

/* seallow's handling of the marks without -l (cmd/seallow/main.c) */
static int on_mark(const struct pol_audit_mark *m, void *data)
{
	if (m->kind == POL_AUDIT_MARK_COMPUTE_SID)
		pol_audit_set_add_role_type(data, m->invalid_context);
	return 0;
}

/* The module of set in form flags, compiled as -M compiles it. */
static void build(const struct pol_audit_set *set, unsigned int flags)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len), *out;
	struct pol_err err;
	int rc;

	if (!mem)
		return;
	rc = pol_audit_set_write_calls(set, "fuzz", flags | POL_AUDIT_GEN_COMMENT_ALL, NULL, NULL,
				       mem);
	if (fclose(mem) != 0 || rc < 0) {
		free(text);
		return; /* out of memory: nothing to compile */
	}
	out = fopen("/dev/null", "w");
	if (!out)
		abort();
	pol_err_init(&err);
	rc = pol_source_compile_module_text("fuzz.te", text, len, pol_pdb_mls(pdb), false, out,
					    &err);
	fclose(out);
	if (rc < 0 && rc != -ENOMEM) {
		fprintf(stderr, "fuzz-package: seallow's module does not compile:\n");
		pol_err_print(&err, stderr, "fuzz-package");
		fprintf(stderr, "----\n%.*s----\n", (int)len, text);
		abort();
	}
	pol_err_release(&err);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_audit_policy *pol = NULL;
	struct pol_audit_set *set = NULL;
	struct pol_audit_reader *r = NULL;
	struct pol_audit_handlers h = {on_avc, on_mark, NULL};
	struct pol_err err;

	pol_err_init(&err);
	if (pol_audit_policy_new(pdb, &pol, &err) < 0 || pol_audit_set_new(pol, &set, &err) < 0)
		abort();
	h.data = set;
	if (pol_audit_reader_new(&h, &r, &err) < 0)
		abort();
	pol_err_release(&err);
	if (pol_audit_reader_feed(r, (const char *)data, size) < 0 ||
	    pol_audit_reader_finish(r) < 0)
		abort(); /* the handlers never stop it */
	pol_audit_reader_free(r);
	/* seallow -M builds nothing when no denial is left */
	if (pol_audit_set_groups(set)) {
		build(set, 0);
		build(set, POL_AUDIT_GEN_DONTAUDIT | POL_AUDIT_GEN_XPERMS | POL_AUDIT_GEN_REQUIRES |
			       POL_AUDIT_GEN_VERBOSE | POL_AUDIT_GEN_EXPLAIN);
	}
	pol_audit_set_free(set);
	pol_audit_policy_free(pol);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	pdb = test_compile_policy_env("FUZZ_AUDIT_POLICY", "fuzz-package");
	return 0;
}
