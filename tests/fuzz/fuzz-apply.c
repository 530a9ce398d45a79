/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: sestore apply's reader of apply files
 * (libpolicy/store/apply-parse.c) and its writer (apply-format.c). Each
 * input is read as an apply file. A refusal must come with an error located
 * in the input (line >= 1); an accepted file must give well-formed changes,
 * and written back as lines it must read back to the same lines (what
 * sestore export writes, sestore apply reads). Any sanitizer report and any
 * disagreement aborts. See tests/fuzz/README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/apply.h"
#include "util/buf.h"
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void format_all(const struct pol_store_changes *c, struct pol_buf *b)
{
	for (size_t i = 0; i < c->n; i++)
		pol_store_change_format(&c->v[i], b);
	if (b->failed)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_store_changes *c = NULL, *again = NULL;
	struct pol_buf first = POL_BUF_INIT, second = POL_BUF_INIT;
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_store_apply_parse("fuzz", (const char *)data, size, &c, &err);
	if (rc) {
		if (rc != POL_EFORMAT || !pol_err_errors(&err))
			abort();
		for (size_t i = 0; i < err.count; i++)
			if (err.diags[i].line < 1 || err.diags[i].col < 1)
				abort();
		pol_err_release(&err);
		return 0;
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct pol_store_change *ch = &c->v[i];

		if ((unsigned)ch->kind >= POL_STORE_APPLY_NKINDS || ch->line < 1 || ch->col < 1)
			abort();
		for (int f = 0; f < POL_STORE_APPLY_NFIELDS; f++)
			if (ch->f[f].str && (ch->f[f].line < ch->line || ch->f[f].col < 1))
				abort();
	}
	format_all(c, &first);
	if (pol_store_apply_parse("again", pol_buf_str(&first), first.len, &again, &err)) {
		pol_err_print(&err, stderr, "fuzz-apply");
		fprintf(stderr, "written:\n%s", pol_buf_str(&first));
		abort();
	}
	format_all(again, &second);
	if (again->n != c->n || strcmp(pol_buf_str(&first), pol_buf_str(&second))) {
		fprintf(stderr, "first:\n%s\nsecond:\n%s", pol_buf_str(&first),
			pol_buf_str(&second));
		abort();
	}
	pol_buf_release(&first);
	pol_buf_release(&second);
	pol_store_changes_free(again);
	pol_store_changes_free(c);
	pol_err_release(&err);
	return 0;
}
