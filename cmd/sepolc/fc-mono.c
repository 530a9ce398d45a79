/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A monolithic policy's file_contexts, as refpolicy's Rules.monolithic makes
 * it: every .fc through one m4 run (when they use macros), the lines sorted
 * by support/fc_sort.py, then the home directory template's lines (those
 * naming HOME, ROLE or USER, which genhomedircon expands) taken out. On top
 * of that every context is checked against the compiled policy, as setfiles
 * -c would check it later, at the .fc's own line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "cli.h"
#include "sepolc.h"

struct fc_entry {
	const char *path, *kind, *context; /* kind NULL: any file type */
	size_t index;			   /* input order, to keep the sort stable */
	/* fc_sort.py's key: a regular expression sorts before a plain path,
	 * then a shorter stem, a shorter path, no file type */
	bool meta;
	size_t stem_len, str_len;
};

/* fc_sort.py's compute_diffdata(), over code points as Python counts them. */
static void compute_key(struct fc_entry *e)
{
	bool skip_escaped = false;

	e->meta = false;
	e->stem_len = e->str_len = 0;
	for (const unsigned char *p = (const unsigned char *)e->path; *p; p++) {
		if ((*p & 0xc0) == 0x80)
			continue; /* a UTF-8 continuation byte: same code point */
		if (skip_escaped) {
			skip_escaped = false;
			continue;
		}
		if (strchr(".^$?*+|[({", *p))
			e->meta = true;
		if (*p == '\\')
			skip_escaped = true;
		if (!e->meta)
			e->stem_len++;
		e->str_len++;
	}
}

static int cmp_size(size_t a, size_t b)
{
	return a < b ? -1 : a > b;
}

static int compare_entries(const void *va, const void *vb)
{
	const struct fc_entry *a = va, *b = vb;
	int c;

	if (a->meta != b->meta)
		return a->meta ? -1 : 1;
	if ((c = cmp_size(a->stem_len, b->stem_len)) || (c = cmp_size(a->str_len, b->str_len)))
		return c;
	if (!a->kind != !b->kind)
		return a->kind ? 1 : -1;
	return cmp_size(a->index, b->index);
}

static bool is_file_kind(const char *w)
{
	return strlen(w) == 2 && w[0] == '-' && strchr("-dcbspl", w[1]);
}

/* refpolicy's "sed -e /HOME/d -e /ROLE/d -e /USER/d": the template's lines */
static bool is_template(const char *line)
{
	return strstr(line, "HOME") || strstr(line, "ROLE") || strstr(line, "USER");
}

struct fc_parse {
	struct fc_entry *v;
	size_t n, alloc;
	size_t templates;
	bool failed;
};

static int push_entry(struct fc_parse *fp, const struct fc_entry *e)
{
	if (fp->n == fp->alloc) {
		size_t n = fp->alloc ? fp->alloc * 2 : 1024;
		struct fc_entry *v = realloc(fp->v, n * sizeof(*v));

		if (!v)
			return -ENOMEM;
		fp->v = v;
		fp->alloc = n;
	}
	fp->v[fp->n++] = *e;
	return 0;
}

/* "#line N" or "#line N \"FILE\"" from m4 -s (or our own concatenation). */
static bool line_marker(char *line, unsigned int *lineno, char **file)
{
	char *p = line, *end;
	unsigned long n;

	if (strncmp(p, "#line", 5) != 0 || !isspace((unsigned char)p[5]))
		return false;
	n = strtoul(p + 5, &end, 10);
	if (end == p + 5)
		return false;
	*lineno = (unsigned int)n - 1;
	while (isspace((unsigned char)*end))
		end++;
	if (*end == '"') {
		char *close = strrchr(end + 1, '"');

		if (close) {
			*close = '\0';
			*file = end + 1;
		}
	}
	return true;
}

/* Split text into entries, in place; file names point into text too. */
static int parse_lines(char *text, const char *first_file, const struct pol_kpolicy *kp,
		       struct fc_parse *fp, struct pol_err *err)
{
	const char *file = first_file;
	unsigned int lineno = 0;
	size_t index = 0;

	for (char *line = text, *next; line; line = next) {
		char *words[4], *w, *wsave = NULL;
		size_t count = 0;
		struct fc_entry e = {0};

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (line_marker(line, &lineno, (char **)&file))
			continue;
		for (w = strtok_r(line, " \t\r\f\v", &wsave); w && count < 4;
		     w = strtok_r(NULL, " \t\r\f\v", &wsave))
			words[count++] = w;
		if (count == 0 || words[0][0] == '#')
			continue;
		if (count < 2 || count > 3) {
			pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, file, lineno, 0,
				    "expected 'PATH [FILE_TYPE] CONTEXT'");
			fp->failed = true;
			continue;
		}
		if (count == 3 && !is_file_kind(words[1])) {
			pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, file, lineno, 0,
				    "unknown file type '%s' (--, -d, -c, -b, -s, -p or -l)",
				    words[1]);
			fp->failed = true;
			continue;
		}
		e.path = words[0];
		e.kind = count == 3 ? words[1] : NULL;
		e.context = words[count - 1];
		e.index = index++;
		if (strcmp(e.context, "<<none>>") != 0) {
			int rc = pol_kpolicy_check_context(kp, e.context, file, lineno, err);

			if (rc == -ENOMEM)
				return rc;
			if (rc < 0) {
				fp->failed = true;
				continue;
			}
		}
		/* the words are separate strings now; a template's line is
		 * recognised by any of them */
		bool template = false;

		for (size_t i = 0; i < count; i++)
			template = template || is_template(words[i]);
		if (template) {
			fp->templates++;
			continue;
		}
		compute_key(&e);
		if (push_entry(fp, &e) < 0)
			return -ENOMEM;
	}
	return 0;
}

/* Whether an .fc needs m4: a quote, or a macro call such as gen_context(
 * anywhere on a line (m4_needed() looks only at a statement's start). A
 * path starts with '/' and a context has no '(', so a word that does
 * start a call is a macro's. */
static bool fc_needs_m4(const char *text, size_t len)
{
	const char *end = text + len;

	if (memchr(text, '`', len))
		return true;
	for (const char *p = text; p < end; p++) {
		const char *w = p;

		if (p > text && !isspace((unsigned char)p[-1]))
			continue;
		if (!isalpha((unsigned char)*p) && *p != '_')
			continue;
		while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
			p++;
		if (p < end && *p == '(' && p - w > 1)
			return true;
	}
	return false;
}

/* The .fc files as one text: m4's output, or the files joined with #line
 * markers that name each one. */
static int gather(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags,
		  char **text, size_t *len)
{
	char **texts = calloc(in->n_fcs, sizeof(*texts));
	size_t *lens = calloc(in->n_fcs, sizeof(*lens)), total = 0;
	bool use_m4 = opts->m4 == M4_ALWAYS;
	int status = texts && lens ? EXIT_OK : EXIT_ENV;

	for (size_t i = 0; status == EXIT_OK && i < in->n_fcs; i++) {
		int rc = pol_read_path(in->fcs[i], &texts[i], &lens[i]);

		if (rc < 0) {
			diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0, "cannot read '%s': %s",
				    in->fcs[i], strerror(-rc));
			status = rc == -ENOMEM ? EXIT_ENV : EXIT_USAGE;
			break;
		}
		total += lens[i] + strlen(in->fcs[i]) + 32;
		if (opts->m4 == M4_AUTO && fc_needs_m4(texts[i], lens[i]))
			use_m4 = true;
	}
	if (status == EXIT_OK && use_m4) {
		if (opts->verbose && !opts->json)
			fprintf(stderr,
				"%s: note: running m4 with refpolicy's support macros on the .fc "
				"files\n",
				cli_name());
		status = m4_expand_fcs(opts, in->fcs, in->n_fcs, diags, text, len);
	} else if (status == EXIT_OK) {
		char *buf = malloc(total + 1), *p = buf;

		for (size_t i = 0; buf && i < in->n_fcs; i++) {
			p += sprintf(p, "#line 1 \"%s\"\n", in->fcs[i]);
			memcpy(p, texts[i], lens[i]);
			p += lens[i];
			if (lens[i] && p[-1] != '\n')
				*p++ = '\n';
		}
		if (buf) {
			*p = '\0';
			*text = buf;
			*len = (size_t)(p - buf);
		} else {
			status = EXIT_ENV;
		}
	}
	for (size_t i = 0; texts && i < in->n_fcs; i++)
		free(texts[i]);
	free(texts);
	free(lens);
	return status;
}

static int write_entries(struct fc_parse *fp, char **text, size_t *len)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	if (!out)
		return -ENOMEM;
	for (size_t i = 0; i < fp->n; i++) {
		const struct fc_entry *e = &fp->v[i];

		/* fc_sort.py's layout */
		if (e->kind)
			fprintf(out, "%s\t\t%s\t%s\n", e->path, e->kind, e->context);
		else
			fprintf(out, "%s\t\t%s\n", e->path, e->context);
	}
	if (fclose(out) != 0 || !buf) {
		free(buf);
		return -ENOMEM;
	}
	*text = buf;
	*len = size;
	return 0;
}

int fc_build_monolithic(const struct sepolc_opts *opts, const struct inputs *in,
			const struct pol_kpolicy *kp, struct diag_sink *diags, char **text,
			size_t *len)
{
	struct fc_parse fp = {0};
	struct pol_err err;
	char *all = NULL;
	size_t all_len = 0;
	int status, rc;

	status = gather(opts, in, diags, &all, &all_len);
	if (status != EXIT_OK)
		return status;
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	rc = parse_lines(all, in->fcs[0], kp, &fp, &err);
	if (rc == 0 && !fp.failed) {
		qsort(fp.v, fp.n, sizeof(*fp.v), compare_entries);
		rc = write_entries(&fp, text, len);
	}
	if (rc < 0) {
		diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0, "out of memory");
		status = EXIT_ENV;
	} else if (fp.failed) {
		status = EXIT_USAGE;
	} else if (opts->verbose && !opts->json) {
		fprintf(stderr,
			"%s: %zu file contexts; left out of them, for the home directory "
			"template: %zu (lines with HOME, ROLE or USER)\n",
			cli_name(), fp.n, fp.templates);
	}
	pol_err_release(&err);
	free(fp.v);
	free(all);
	return status;
}
