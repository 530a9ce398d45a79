/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sepolc --check-neverallow BINARY FILE...: a built kernel policy checked
 * against neverallow and neverallowxperm rules given as policy.conf
 * statements or CIL (secilcheck, Android's sepolicy-analyze neverallow),
 * nothing else compiled. The verdict is the answer: 0 no rule violated,
 * 1 a rule violated (the exit table's "differences found"), 2 a rule or
 * the policy that cannot be read.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

#include "cli.h"
#include "sepolc.h"

static bool is_cil(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && strcmp(path + n - 4, ".cil") == 0;
}

/* Parse one rules file into src; CIL is read as the policy language's
 * statements first (the texts stay in texts until src is freed). */
static int parse_rules(const char *path, struct pol_source *src, char ***texts, size_t *ntexts,
		       size_t *texts_alloc, struct pol_err *err, struct diag_sink *diags)
{
	char *cil = NULL, *conf = NULL;
	size_t len = 0, conf_len = 0;
	int status, rc;

	if (!is_cil(path)) {
		rc = pol_source_parse_file(src, path, err);
		return rc < 0 ? cli_exit_for_failure(rc) : EXIT_OK;
	}
	status = sepolc_read_input(path, &cil, &len, diags);
	if (status != EXIT_OK)
		return status;
	rc = pol_source_cil_neverallows(path, cil, len, &conf, &conf_len, err);
	free(cil);
	if (rc < 0)
		return cli_exit_for_failure(rc);
	if (POL_ARRAY_GROW(*texts, *ntexts + 1, *texts_alloc) < 0) {
		free(conf);
		return cli_exit_for_failure(-ENOMEM);
	}
	(*texts)[(*ntexts)++] = conf;
	rc = pol_source_parse_data(src, path, conf, conf_len, err);
	return rc < 0 ? cli_exit_for_failure(rc) : EXIT_OK;
}

int sepolc_check_neverallow(const struct sepolc_opts *opts, int n, char **files,
			    struct diag_sink *diags)
{
	struct pol_source_options build = opts->build;
	struct pol_source *src = NULL;
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	char **texts = NULL;
	size_t ntexts = 0, texts_alloc = 0, nviolated = 0;
	int rc, status = EXIT_OK;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	diag_sink_violations(diags, &build, true);
	rc = pol_pdb_open(files[0], &kp, &err);
	if (rc < 0) {
		if (pol_err_errors(&err) == 0)
			diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0,
				    "cannot read the binary policy '%s': %s", files[0],
				    pol_strerror(rc));
		status = cli_exit_for_failure(rc);
		goto out;
	}
	rc = pol_source_new(&src, &err);
	if (rc < 0) {
		status = cli_exit_for_failure(rc);
		goto out;
	}
	/* every file's syntax errors before anything is checked */
	for (int i = 1; i < n; i++) {
		int s = parse_rules(files[i], src, &texts, &ntexts, &texts_alloc, &err, diags);

		if (s > status)
			status = s;
	}
	if (status != EXIT_OK)
		goto out;
	rc = pol_source_check_neverallows(src, kp, &build, &nviolated, &err);
	if (rc < 0)
		status = cli_exit_for_failure(rc);
	else if (nviolated)
		status = EXIT_NOMATCH;
	if (status == EXIT_OK && opts->verbose && !opts->json)
		fprintf(stderr, "%s: '%s' violates none of the rules\n", cli_name(), files[0]);
out:
	pol_err_release(&err);
	pol_source_free(src);
	pol_pdb_free(kp);
	for (size_t i = 0; i < ntexts; i++)
		free(texts[i]);
	free(texts);
	return status;
}
