/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A module's .fc as CIL filecon statements, so the CIL module sepolc writes
 * carries its file contexts as the .pp would (libsepol's pp-to-CIL writes
 * the same statements when semodule installs a package).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sepolc.h"

static const char *cil_file_kind(const char *flag)
{
	static const struct {
		const char *flag, *kind;
	} kinds[] = {
	    {"--", "file"},   {"-d", "dir"},  {"-c", "char"},	 {"-b", "block"},
	    {"-s", "socket"}, {"-p", "pipe"}, {"-l", "symlink"},
	};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(flag, kinds[i].flag) == 0)
			return kinds[i].kind;
	return NULL;
}

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
	const char *end = fc + len;
	unsigned int lineno = 0;
	int status = EXIT_OK;

	for (const char *p = fc; p < end;) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = strndup(p, n), *words[4], *save = NULL, *w;
		size_t count = 0;

		p = nl ? nl + 1 : end;
		lineno++;
		if (!line) {
			diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
			return EXIT_ENV;
		}
		for (w = strtok_r(line, " \t\r", &save); w && count < 4;
		     w = strtok_r(NULL, " \t\r", &save))
			words[count++] = w;
		if (count >= 2 && strcmp(words[0], "#line") == 0) {
			/* m4 -s: the next line is line N of the user's .fc */
			lineno = (unsigned int)strtoul(words[1], NULL, 10) - 1;
			free(line);
			continue;
		}
		if (count == 0 || words[0][0] == '#') {
			free(line);
			continue;
		}
		const char *kind = count == 3 ? cil_file_kind(words[1]) : "any";

		if (count < 2 || count > 3 || !kind) {
			diag_report(diags, POL_SEV_ERROR, POL_EFORMAT, name, lineno, 0,
				    count == 3 ? "unknown file type '%s'"
					       : "expected 'PATH [TYPE] CONTEXT'%s",
				    count == 3 ? words[1] : "");
			status = EXIT_USAGE;
			free(line);
			continue;
		}
		if (strchr(words[0], '"')) {
			diag_report(diags, POL_SEV_ERROR, POL_EFORMAT, name, lineno, 0,
				    "a path with '\"' cannot be written as CIL");
			status = EXIT_USAGE;
			free(line);
			continue;
		}
		char *ctx = strdup(words[count - 1]);

		fprintf(out, "(filecon \"%s\" %s ", words[0], kind);
		if (!ctx || write_context(out, ctx) < 0) {
			diag_report(diags, POL_SEV_ERROR, POL_EFORMAT, name, lineno, 0,
				    "invalid context '%s'", words[count - 1]);
			status = EXIT_USAGE;
		}
		free(ctx);
		fputs(")\n", out);
		free(line);
	}
	return status;
}
