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

#include "label/fcline.h"
#include "util/array.h"
#include "util/file.h"
#include "cli.h"
#include "sepolc.h"

struct fc_entry {
	struct pol_fc_field path, context;
	const struct pol_fc_type *kind; /* NULL: any file type */
	size_t index;			/* input order, to keep the sort stable */
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
	const unsigned char *path = (const unsigned char *)e->path.p;

	for (const unsigned char *p = path; p < path + e->path.len; p++) {
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

/* refpolicy's "sed -e /HOME/d -e /ROLE/d -e /USER/d": the template's lines */
static bool is_template(const struct pol_fc_field *w)
{
	return w->p && (memmem(w->p, w->len, "HOME", 4) || memmem(w->p, w->len, "ROLE", 4) ||
			memmem(w->p, w->len, "USER", 4));
}

struct fc_parse {
	struct fc_entry *v;
	size_t n, alloc;
	size_t templates;
	bool failed;
};

static int push_entry(struct fc_parse *fp, const struct fc_entry *e)
{
	if (POL_ARRAY_GROW(fp->v, fp->n + 1, fp->alloc) < 0)
		return -ENOMEM;
	fp->v[fp->n++] = *e;
	return 0;
}

/* Read text's entries; they point into text. */
static int parse_lines(const char *text, size_t len, const char *first_file,
		       const struct pol_pdb *kp, struct fc_parse *fp, struct pol_err *err)
{
	struct pol_fc_reader r;
	struct pol_fc_line l;
	size_t index = 0;
	int rc;

	pol_fc_reader_init(&r, first_file, text, len, POL_FC_MARKERS);
	while ((rc = pol_fc_reader_next(&r, &l)) == 0) {
		struct fc_entry e = {0};

		if (l.problem != POL_FC_OK) {
			pol_fc_line_report(&l, err);
			fp->failed = true;
			continue;
		}
		/* setfiles would refuse the file_contexts on its first bad regex */
		rc = pol_fc_check_regex(&l, err);
		if (rc == -ENOMEM)
			break;
		if (rc < 0) {
			fp->failed = true;
			continue;
		}
		e.path = l.path;
		e.kind = l.ftype;
		e.context = l.context;
		e.index = index++;
		if (!(l.context.len == 8 && memcmp(l.context.p, "<<none>>", 8) == 0)) {
			char *ctx = strndup(l.context.p, l.context.len);

			rc = ctx ? pol_pdb_check_context(kp, ctx, l.file, l.line, err) : -ENOMEM;
			free(ctx);
			if (rc == -ENOMEM)
				break;
			if (rc < 0) {
				fp->failed = true;
				continue;
			}
		}
		/* a template's line is recognised by any of its words */
		if (is_template(&l.path) || is_template(&l.type) || is_template(&l.context)) {
			fp->templates++;
			continue;
		}
		compute_key(&e);
		if (push_entry(fp, &e) < 0) {
			rc = -ENOMEM;
			break;
		}
	}
	pol_fc_reader_release(&r);
	return rc < 0 ? rc : 0;
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
		status = sepolc_read_input(in->fcs[i], &texts[i], &lens[i], diags);
		if (status != EXIT_OK)
			break;
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
			fprintf(out, "%.*s\t\t%s\t%.*s\n", (int)e->path.len, e->path.p,
				e->kind->flag, (int)e->context.len, e->context.p);
		else
			fprintf(out, "%.*s\t\t%.*s\n", (int)e->path.len, e->path.p,
				(int)e->context.len, e->context.p);
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
			const struct pol_pdb *kp, struct diag_sink *diags, char **text, size_t *len)
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
	rc = parse_lines(all, all_len, in->fcs[0], kp, &fp, &err);
	if (rc == 0 && !fp.failed) {
		if (fp.n)
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
