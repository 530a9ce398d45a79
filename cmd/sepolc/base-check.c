/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A module's requires checked against the installed policy (or --base), so
 * that a name semodule -i would not resolve is said at the user's line. */
#include <stdio.h>
#include <stdlib.h>

#include "pdb/pdb.h"

#include "cli.h"
#include "sepolc.h"

int base_check(const struct sepolc_opts *opts, const struct pol_build_options *build,
	       const struct pol_source *src, struct diag_sink *diags)
{
	struct pol_pdb *base = NULL;
	struct pol_err err, quiet;
	char *path = NULL;
	int rc, status = EXIT_OK;

	if (opts->no_base_check)
		return EXIT_OK;
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	if (opts->base) {
		rc = pol_pdb_open(opts->base, &base, &err);
		if (rc < 0) {
			if (pol_err_errors(&err) == 0)
				diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0, "%s: %s",
					    opts->base, pol_strerror(rc));
			status = cli_exit_for_failure(rc);
			goto out;
		}
	} else {
		/* no installed policy, or an unreadable one: nothing to check
		 * against, and nothing wrong with the module */
		pol_err_init(&quiet);
		rc = pol_pdb_system_path(&path, &quiet);
		if (rc == 0)
			rc = pol_pdb_open(path, &base, &quiet);
		pol_err_release(&quiet);
		if (rc < 0) {
			if (opts->verbose && !opts->json)
				fprintf(stderr,
					"%s: no installed policy to check the requires "
					"against\n",
					cli_name());
			goto out;
		}
	}
	if (opts->verbose && !opts->json)
		fprintf(stderr, "%s: checking the requires against '%s'\n", cli_name(),
			pol_pdb_path(base));
	rc = pol_source_check_base(src, base, build, &err);
	if (rc < 0)
		status = cli_exit_for_failure(rc);
out:
	pol_pdb_free(base);
	free(path);
	pol_err_release(&err);
	return status;
}
