// SPDX-License-Identifier: LGPL-2.1-or-later
/* A module's text compiled in one call, as checkmodule -m +
 * semodule_package would (audit2allow -M runs both; seallow -M does this). */
#include <errno.h>

#include "source/source.h"

int pol_source_compile_module_text(const char *te_name, const char *te, size_t len, bool mls,
				   bool cil, FILE *out, struct pol_err *err)
{
	struct pol_source_options opts = {.mls = mls};
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL;
	int rc;

	rc = pol_source_new(&src, err);
	if (rc == 0)
		rc = pol_source_parse_data(src, te_name, te, len, err);
	if (rc == 0)
		rc = pol_source_lower(src, &opts, &mod, err);
	if (rc == 0)
		rc = cil ? pol_source_module_write_cil(mod, out, err)
			 : pol_source_module_write_pp(mod, &opts, NULL, 0, out, err);
	pol_source_module_free(mod);
	pol_source_free(src);
	return rc;
}
