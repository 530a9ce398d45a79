/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Outputs: a temporary file beside the target, renamed over it only when
 * everything was written, so an error never leaves a partial policy or
 * replaces a good one. "-" is stdout.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "sepolc.h"
#include "util/atomic.h"

struct output {
	struct pol_atomic *atomic; /* NULL for stdout */
	const char *path;
};

/* Writing over a source (sepolc -F policy.conf in its own directory) would
 * destroy the input; refuse, whatever name leads to it. */
static bool is_an_input(const char *path, const char *const *inputs, size_t n)
{
	struct stat out, in;

	if (stat(path, &out) < 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == out.st_dev &&
		    in.st_ino == out.st_ino)
			return true;
	return false;
}

int output_open(const char *path, const char *const *inputs, size_t n_inputs,
		struct diag_sink *diags, struct output **out, FILE **fp)
{
	struct output *o = calloc(1, sizeof(*o));
	struct pol_err err;
	int rc;

	if (!o) {
		diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
		return EXIT_ENV;
	}
	o->path = path;
	if (strcmp(path, "-") == 0) {
		*out = o;
		*fp = stdout;
		return EXIT_OK;
	}
	if (is_an_input(path, inputs, n_inputs)) {
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "refusing to write the output over the input '%s'", path);
		free(o);
		return EXIT_USAGE;
	}
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	rc = pol_atomic_open(path, &o->atomic, fp, &err);
	pol_err_release(&err);
	if (rc < 0) {
		free(o);
		return status_for(rc);
	}
	*out = o;
	return EXIT_OK;
}

int output_close(struct output *o, bool ok, struct diag_sink *diags)
{
	struct pol_err err;
	int status = EXIT_OK;

	if (!o)
		return EXIT_OK;
	if (!o->atomic) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			diag_report(diags, POL_SEV_ERROR, -errno, NULL, 0, 0,
				    "cannot write to standard output: %s", strerror(errno));
			status = EXIT_ENV;
		}
		free(o);
		return status;
	}
	if (!ok) {
		pol_atomic_abort(o->atomic);
		free(o);
		return EXIT_OK;
	}
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	int rc = pol_atomic_commit(o->atomic, &err);

	pol_err_release(&err);
	free(o);
	return rc < 0 ? status_for(rc) : EXIT_OK;
}
