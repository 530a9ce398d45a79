/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A module's .fc as CIL filecon statements, so the CIL module sepolc writes
 * carries its file contexts as the .pp would (libsepol's pp-to-CIL writes
 * the same statements when semodule installs a package).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "label/fcline.h"

#include "cli.h"
#include "sepolc.h"

/* "s0" -> (s0); "s0:c0.c3,c5" -> (s0 ((range c0 c3) c5)) */
static void write_level(FILE *out, const char *level, size_t len)
{
	const char *colon = memchr(level, ':', len);

	if (!colon) {
		fprintf(out, "(%.*s)", (int)len, level);
		return;
	}
	fprintf(out, "(%.*s (", (int)(colon - level), level);
	for (const char *p = colon + 1, *end = level + len; p < end;) {
		const char *comma = memchr(p, ',', end - p);
		const char *stop = comma ? comma : end;
		const char *dot = memchr(p, '.', stop - p);

		if (p != colon + 1)
			fputc(' ', out);
		if (dot)
			fprintf(out, "(range %.*s %.*s)", (int)(dot - p), p, (int)(stop - dot - 1),
				dot + 1);
		else
			fprintf(out, "%.*s", (int)(stop - p), p);
		p = comma ? comma + 1 : end;
	}
	fputs("))", out);
}

/* "u:r:t[:range]" -> (u r t (LOW HIGH)); no range means systemlow, as
 * libsepol writes it. Returns -1 when the context is malformed. */
static int write_context(FILE *out, char *ctx)
{
	char *user = ctx, *role, *type, *range;

	if (strcmp(ctx, "<<none>>") == 0) {
		fputs("()", out);
		return 0;
	}
	role = strchr(user, ':');
	if (!role)
		return -1;
	*role++ = '\0';
	type = strchr(role, ':');
	if (!type)
		return -1;
	*type++ = '\0';
	range = strchr(type, ':');
	if (range)
		*range++ = '\0';
	if (!*user || !*role || !*type)
		return -1;
	fprintf(out, "(%s %s %s (", user, role, type);
	if (!range) {
		fputs("systemlow systemlow", out);
	} else {
		char *dash = strchr(range, '-');
		size_t low = dash ? (size_t)(dash - range) : strlen(range);

		write_level(out, range, low);
		fputc(' ', out);
		if (dash)
			write_level(out, dash + 1, strlen(dash + 1));
		else
			write_level(out, range, low);
	}
	fputs("))", out);
	return 0;
}

int fc_write_cil(const char *name, const char *fc, size_t len, FILE *out, struct diag_sink *diags)
{
	struct pol_fc_reader r;
	struct pol_fc_line l;
	struct pol_err err;
	int status = EXIT_OK, rc;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	pol_fc_reader_init(&r, name, fc, len, POL_FC_MARKERS);
	while ((rc = pol_fc_reader_next(&r, &l)) == 0) {
		if (l.problem != POL_FC_OK) {
			pol_fc_line_report(&l, &err);
			status = EXIT_USAGE;
			continue;
		}
		/* semodule -i would compile it later, far from the cause */
		rc = pol_fc_check_regex(&l, &err);
		if (rc == -ENOMEM)
			break;
		if (rc < 0) {
			status = EXIT_USAGE;
			continue;
		}
		if (memchr(l.path.p, '"', l.path.len)) {
			pol_err_add(&err, POL_SEV_ERROR, POL_EFORMAT, l.file, l.line, l.path.col,
				    "a path with '\"' cannot be written as CIL");
			status = EXIT_USAGE;
			continue;
		}
		char *ctx = strndup(l.context.p, l.context.len);

		fprintf(out, "(filecon \"%.*s\" %s ", (int)l.path.len, l.path.p,
			l.ftype ? l.ftype->cil : "any");
		if (!ctx || write_context(out, ctx) < 0) {
			pol_err_add(&err, POL_SEV_ERROR, POL_EFORMAT, l.file, l.line, l.context.col,
				    "invalid context '%.*s'", (int)l.context.len, l.context.p);
			status = EXIT_USAGE;
		}
		free(ctx);
		fputs(")\n", out);
	}
	pol_fc_reader_release(&r);
	pol_err_release(&err);
	if (rc < 0) {
		diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0, "out of memory");
		return EXIT_ENV;
	}
	return status;
}
