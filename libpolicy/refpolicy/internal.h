/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What libpolicy/refpolicy's files share. */
#ifndef POL_REFPOLICY_INTERNAL_H
#define POL_REFPOLICY_INTERNAL_H

#include "refpolicy/refpolicy.h"

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
