/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A module's outputs: CIL for semodule -i (with the .fc as filecon
 * statements), a .pp package (with the .fc), or checkmodule's .mod.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/linemark.h"

#include "cli.h"
#include "sepolc.h"

/* The .fc as the package stores it: what m4 without -s writes, as the
 * headers' Makefile runs it, so the .pp is the one that Makefile builds.
 * m4 -s differs from that only by its "#line" lines. */
static char *fc_for_package(const char *fc, size_t len, size_t *out_len)
{
	char *clean = malloc(len + 1), *q = clean;
	const char *end = fc + len;

	if (!clean)
		return NULL;
	for (const char *p = fc; p < end;) {
		const char *nl = memchr(p, '\n', end - p), *next = nl ? nl + 1 : end;

		struct pol_line_marker m;

		if (!pol_line_marker_parse(p, nl ? nl : end, &m)) {
			memcpy(q, p, next - p);
			q += next - p;
		}
		p = next;
	}
	*q = '\0';
	*out_len = q - clean;
	return clean;
}

/* semodule would refuse the package later, further from the cause. */
static bool fc_valid(const char *name, const char *fc, size_t len, struct diag_sink *diags)
{
	FILE *null = fopen("/dev/null", "we");
	bool ok;

	if (!null)
		return true;
	ok = fc_write_cil(name, fc, len, null, diags) == EXIT_OK;
	fclose(null);
	return ok;
}

static const char *suffix_for(enum output_kind kind)
{
	switch (kind) {
	case OUT_PP:
		return "pp";
	case OUT_MOD:
		return "mod";
	default:
		return "cil";
	}
}

int module_write(const struct sepolc_opts *opts, const struct inputs *in,
		 struct pol_source_module *mod, const char *fc, size_t fc_len,
		 struct diag_sink *diags)
{
	const char *name = pol_source_module_name(mod);
	struct output *o;
	struct pol_err err;
	char *path = NULL;
	FILE *fp;
	int rc, status;

	if (opts->check_only)
		return fc && !fc_valid(in->fc, fc, fc_len, diags) ? EXIT_USAGE : EXIT_OK;
	if (opts->out_path) {
		path = strdup(opts->out_path);
	} else if (pol_source_module_is_base(mod)) {
		path = strdup("policy.cil");
	} else {
		if (!name || !*name) {
			diag_report(diags, POL_SEV_ERROR, POL_EINVAL, in->source, 0, 0,
				    "the module has no name to name its output; give -o");
			return EXIT_USAGE;
		}
		if (asprintf(&path, "%s.%s", name, suffix_for(opts->output)) < 0)
			path = NULL;
	}
	if (!path) {
		diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
		return EXIT_ENV;
	}
	status = output_open(path, opts, in, diags, &o, &fp);
	if (status != EXIT_OK) {
		free(path);
		return status;
	}
	if (opts->out_path && strcmp(path, "-") != 0 && name && *name &&
	    (opts->output == OUT_DEFAULT || opts->output == OUT_CIL) &&
	    !pol_source_module_is_base(mod)) {
		/* semodule -i takes a CIL module's name from its file name */
		const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		size_t n = strlen(base);

		if (n > 4 && strcmp(base + n - 4, ".cil") == 0)
			n -= 4;
		if (strlen(name) != n || strncmp(base, name, n) != 0)
			diag_report(diags, POL_SEV_NOTE, POL_EINVAL, NULL, 0, 0,
				    "semodule -i names a CIL module after its file: '%s' installs "
				    "as module '%.*s', not '%s'",
				    path, (int)n, base, name);
	}
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	switch (opts->output) {
	case OUT_PP: {
		size_t clean_len = 0;
		char *clean = fc ? fc_for_package(fc, fc_len, &clean_len) : NULL;

		if (fc && !clean)
			rc = pol_err_set(&err, -ENOMEM, "out of memory");
		else if (fc && !fc_valid(in->fc, fc, fc_len, diags))
			rc = POL_EFORMAT;
		else
			rc = pol_source_module_write_pp(mod, &opts->build, clean, clean_len, fp,
							&err);
		free(clean);
		break;
	}
	case OUT_MOD:
		if (in->fc)
			diag_report(
			    diags, POL_SEV_WARNING, POL_EINVAL, NULL, 0, 0,
			    "a .mod holds no file contexts: '%s' is left out (--pp keeps it)",
			    in->fc);
		rc = pol_source_module_write_mod(mod, &opts->build, fp, &err);
		break;
	default:
		rc = pol_source_module_write_cil(mod, fp, &err);
		if (rc == 0 && fc) {
			status = fc_write_cil(in->fc, fc, fc_len, fp, diags);
			if (status != EXIT_OK)
				rc = POL_EFORMAT;
		}
		break;
	}
	pol_err_release(&err);
	if (rc == 0 && (ferror(fp) || (fp != stdout && fflush(fp) != 0))) {
		diag_report(diags, POL_SEV_ERROR, -errno, NULL, 0, 0, "cannot write '%s': %s", path,
			    strerror(errno));
		rc = -EIO;
	}
	status = output_close(o, rc == 0, diags);
	if (rc == 0 && status == EXIT_OK && opts->verbose && !opts->json)
		fprintf(stderr, "%s: wrote '%s'\n", cli_name(), path);
	free(path);
	if (rc < 0)
		return cli_exit_for_failure(rc);
	return status;
}
