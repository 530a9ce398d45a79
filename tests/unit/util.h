/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers that libpolicy's unit tests share, beside tap.h: where the corpus
 * is, and looking for a diagnostic in a struct pol_err.
 */
#ifndef SEKIT_TEST_UTIL_H
#define SEKIT_TEST_UTIL_H

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/err.h"

/* The corpus: $SEKIT_CORPUS, else ../shared/corpus beside $SEKIT_SRCDIR
 * (or the current directory). Not checked for existence. */
static inline const char *test_corpus_dir(void)
{
	static char path[4096];
	const char *c = getenv("SEKIT_CORPUS"), *src = getenv("SEKIT_SRCDIR");

	if (c)
		return c;
	snprintf(path, sizeof(path), "%s/../shared/corpus", src ? src : ".");
	return path;
}

/* Print every diagnostic of err as a TAP comment, "#   line:col: message". */
static inline void test_show_diags(const struct pol_err *err)
{
	for (size_t i = 0; i < err->count; i++)
		printf("#   %u:%u: %s\n", err->diags[i].line, err->diags[i].col,
		       err->diags[i].message);
}

/* Whether err has a diagnostic of severity sev at line:col (col 0: any
 * column) whose message contains text; when it has none, says so and
 * prints what it has. */
static inline bool test_has_diag(const struct pol_err *err, enum pol_severity sev,
				 unsigned int line, unsigned int col, const char *text)
{
	for (size_t i = 0; i < err->count; i++) {
		const struct pol_diag *d = &err->diags[i];

		if (d->severity == sev && d->line == line && (!col || d->col == col) &&
		    strstr(d->message, text))
			return true;
	}
	printf("#   no diagnostic at %u:%u containing '%s'; got:\n", line, col, text);
	test_show_diags(err);
	return false;
}

static inline int test_remove_one(const char *path, const struct stat *st, int flag,
				  struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path) < 0 ? -1 : 0;
}

/* rm -rf dir: a test's scratch directory, at its end. */
static inline void test_remove_tree(const char *dir)
{
	nftw(dir, test_remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

#endif
