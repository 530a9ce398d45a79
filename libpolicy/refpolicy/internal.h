/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What libpolicy/refpolicy's files share. */
#ifndef POL_REFPOLICY_INTERNAL_H
#define POL_REFPOLICY_INTERNAL_H

#include "refpolicy/refpolicy.h"

/* m4.c: the work directory, opts->workdir or one of our own (in $TMPDIR,
 * removed by refpolicy_workdir_close()); each file is announced through
 * opts->on_file and removed at the close. */
struct refpolicy_workdir {
	char path[4096];
	char *files[8];
	size_t n;
	bool own; /* made here, removed here */
	const struct pol_refpolicy_opts *opts;
};
int refpolicy_workdir_open(const struct pol_refpolicy_opts *opts, struct refpolicy_workdir *w,
			   struct pol_err *err);
/* PATH/name (borrowed until the close), or NULL: no memory or room. */
const char *refpolicy_workdir_file(struct refpolicy_workdir *w, const char *name);
void refpolicy_workdir_close(struct refpolicy_workdir *w);

/* m4.c: pol_refpolicy_expand() with m4 run in cwd (NULL: ours), where a
 * relative in->te is. */
int refpolicy_expand_in(const struct pol_refpolicy_opts *opts,
			const struct pol_refpolicy_module_files *in, const char *cwd,
			struct pol_refpolicy_expansion *out, struct pol_err *err);

/* m4-calls.c: the calls m4 left unexpanded in r->text, with the closest
 * names defined in defs (m4 sources: "define(`NAME'"). */
int refpolicy_find_calls(struct pol_refpolicy_expansion *r, char *const *defs, size_t n_defs);
void refpolicy_calls_release(struct pol_refpolicy_expansion *r);
/* Whether a '(' after w (n bytes) starts a statement of the language
 * itself rather than a call. */
bool refpolicy_is_keyword(const char *w, size_t n);

#endif
