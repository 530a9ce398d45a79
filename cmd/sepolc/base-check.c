/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A module's requires, and the names of its .fc's contexts, checked against
 * the installed policy (or --base), so that a name semodule -i would not
 * resolve is said at the user's line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/fcline.h"
#include "pdb/pdb.h"
#include "util/file.h"

#include "cli.h"
#include "sepolc.h"

/* The column of l's context in the .fc as written (orig, NULL when it
 * cannot be read): m4 turned gen_context(u:r:t,s0) into u:r:t:s0, so the
 * column in its output is not the user's. "USER:ROLE:TYPE" is found on
 * the line as written; when it is not, m4's column stays. */
static unsigned int written_col(const struct pol_fc_line *l, const char *name, const char *orig,
				size_t orig_len)
{
	const char *p = orig, *end = orig + orig_len, *eol, *at, *colon;
	size_t n;

	if (!orig || strcmp(l->file, name) != 0)
		return l->context.col;
	for (unsigned int line = 1; line < l->line && p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		p = nl ? nl + 1 : end;
	}
	eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	/* the user, role and type: up to the third ':' */
	colon = memchr(l->context.p, ':', l->context.len);
	colon = colon ? memchr(colon + 1, ':', l->context.len - (size_t)(colon + 1 - l->context.p))
		      : NULL;
	colon = colon ? memchr(colon + 1, ':', l->context.len - (size_t)(colon + 1 - l->context.p))
		      : NULL;
	n = colon ? (size_t)(colon - l->context.p) : l->context.len;
	if (l->context.col - 1 + n <= (size_t)(eol - p) &&
	    memcmp(p + l->context.col - 1, l->context.p, n) == 0)
		return l->context.col;
	at = n <= (size_t)(eol - p) ? memmem(p, (size_t)(eol - p), l->context.p, n) : NULL;
	return at ? (unsigned int)(at - p) + 1 : l->context.col;
}

/* Each context's user, role and type; the lines' other problems are
 * fc_write_cil()'s to report. Returns 0, POL_EINVAL (-E) or -ENOMEM. */
static int check_fc(const struct pol_source_options *build, const struct pol_source *src,
		    const struct pol_pdb *base, const struct module_fc *fc, struct pol_err *err)
{
	struct pol_fc_reader r;
	struct pol_fc_line l;
	char *orig = NULL;
	size_t orig_len = 0;
	int rc, result = 0;

	if (pol_read_path(fc->name, &orig, &orig_len) == -ENOMEM)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pol_fc_reader_init(&r, fc->name, fc->text, fc->len, POL_FC_MARKERS);
	while ((rc = pol_fc_reader_next(&r, &l)) == 0) {
		if (l.problem != POL_FC_OK ||
		    (l.context.len == 8 && memcmp(l.context.p, "<<none>>", 8) == 0))
			continue;
		rc = pol_source_check_fc_context(src, base, build, l.context.p, l.context.len,
						 l.file, l.line,
						 written_col(&l, fc->name, orig, orig_len), err);
		if (rc == -ENOMEM)
			break; /* said in err */
		if (rc < 0)
			result = rc;
	}
	pol_fc_reader_release(&r);
	free(orig);
	if (rc == -ENOMEM && pol_err_errors(err) == 0)
		pol_err_set(err, rc, "out of memory");
	return rc < 0 ? rc : result;
}

int base_check(const struct sepolc_opts *opts, const struct pol_source_options *build,
	       const struct pol_source *src, const struct module_fc *fc, struct diag_sink *diags)
{
	const char *what = fc && fc->text ? "the requires and the file contexts" : "the requires";
	struct pol_pdb *base = NULL;
	struct pol_err err, quiet;
	char *path = NULL;
	int rc, status = EXIT_OK;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	if (opts->no_base_check) {
		/* the .fc's types against the module alone (notes) */
		rc = fc && fc->text ? check_fc(build, src, NULL, fc, &err) : 0;
		goto checked;
	}
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
				fprintf(stderr, "%s: no installed policy to check %s against\n",
					cli_name(), what);
			goto out;
		}
	}
	if (opts->verbose && !opts->json)
		fprintf(stderr, "%s: checking %s against '%s'\n", cli_name(), what,
			pol_pdb_path(base));
	rc = pol_source_check_base(src, base, build, &err);
	if (fc && fc->text) {
		int fc_rc = check_fc(build, src, base, fc, &err);

		if (fc_rc == -ENOMEM || rc == 0)
			rc = fc_rc;
	}
checked:
	if (rc < 0)
		status = cli_exit_for_failure(rc);
out:
	pol_pdb_free(base);
	free(path);
	pol_err_release(&err);
	return status;
}
