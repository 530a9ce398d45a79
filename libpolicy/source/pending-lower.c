/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Placeholders for the lowering core (lower.c, lower-scope.c, lower-decl.c, lower-set.c,
 * lower-mls.c): each is deleted when the real one lands; the file goes when it is empty. */
#include "source/internal.h"

#define PENDING(err) pol_err_set((err), POL_EINTERNAL, "not implemented yet: %s", __func__)

int pol_source_lower(const struct pol_source *src, const struct pol_build_options *opts,
		     struct pol_module **out, struct pol_err *err)
{
	(void)src;
	(void)opts;
	(void)out;
	return PENDING(err);
}
