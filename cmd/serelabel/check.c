/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Spec contexts validated before the walk, as setfiles does: against the
 * binary policy of -c (setfiles -c), else through the kernel when SELinux
 * is enabled with a policy loaded, and for their syntax always. One invalid
 * line and nothing is labeled: a context the policy does not know would
 * make every file it names unlabeled_t.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "kernel/kernel.h"
#include "serelabel.h"

static int check_context(const char *context, struct pol_err *err, void *data)
{
	return pol_kernel_check_context(data, context, NULL, err);
}

int relabel_validate(const struct relabel_opts *opts, const struct pol_label_specs *specs,
		     const char *spec_path)
{
	struct pol_kernel *k = NULL;
	struct pol_err err;
	const char *against;
	int rc, status = EXIT_OK;

	pol_err_init(&err);
	if (opts->policy) {
		rc = pol_kernel_open_policy(opts->policy, &k, &err);
		if (rc < 0) {
			status = cli_report(&err, rc);
			goto out;
		}
		against = "the policy";
	} else if (pol_kernel_open(NULL, &k, &err) == 0 && pol_kernel_policy_loaded(k)) {
		against = "the kernel's policy";
	} else {
		/* SELinux disabled, or no policy loaded yet: as setfiles, which
		 * then has nothing to ask */
		pol_kernel_free(k);
		k = NULL;
		pol_err_clear(&err);
		against = NULL;
	}
	if (opts->verbose > 1)
		fprintf(stderr, "%s: checking the contexts of '%s' %s%s\n", cli_name(), spec_path,
			against ? "against "
				: "for their syntax only (SELinux is disabled; -c POLICY "
				  "checks them against a policy)",
			against ? against : "");
	rc = pol_label_specs_validate(specs, k ? check_context : NULL, k, &err);
	if (rc == 0)
		goto out;
	if (rc == POL_EINVAL) {
		const struct pol_diag *last = NULL;
		size_t n = 0;

		/* lines, not messages: a line may have several things wrong */
		for (size_t i = 0; i < err.count; i++) {
			const struct pol_diag *d = &err.diags[i];

			if (d->severity != POL_SEV_ERROR)
				continue;
			if (!last || d->line != last->line || !d->file || !last->file ||
			    strcmp(d->file, last->file) != 0)
				n++;
			last = d;
		}
		/* the summary is the last diagnostic (one JSON document under --json) */
		pol_err_set(&err, rc,
			    "%zu line%s of '%s' %s an invalid context: nothing was labeled", n,
			    n == 1 ? "" : "s", spec_path, n == 1 ? "has" : "have");
		cli_report(&err, rc);
		status = EXIT_USAGE;
	} else {
		/* the kernel would not answer: no label is written unchecked */
		status = cli_report_kernel(&err, rc);
	}
out:
	pol_err_release(&err);
	pol_kernel_free(k);
	return status;
}
