/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Macro calls in policy text. Before m4: does a .te need it at all? After
 * m4: which calls did it leave alone because no interface or macro has that
 * name? The parser only sees "expected a statement" there; the note names
 * the interface and the closest one the headers define (sepolc prints it).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "refpolicy/internal.h"
#include "util/array.h"
#include "util/file.h"
#include "util/linemark.h"
#include "util/suggest.h"

/* The language's own words that a '(' may follow at the start of a statement. */
bool refpolicy_is_keyword(const char *word, size_t len)
{
	static const char *const words[] = {"if", "constrain", "mlsconstrain", "validatetrans",
					    "mlsvalidatetrans"};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == len && memcmp(words[i], word, len) == 0)
			return true;
	return false;
}

static bool is_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The length of a call's name at p ("name(" at a statement's start), or 0. */
static size_t call_at(const char *p, const char *eol)
{
	const char *w = p;

	while (p < eol && is_word_char(*p))
		p++;
	if (p == w || p == eol || *p != '(' || isdigit((unsigned char)*w) ||
	    refpolicy_is_keyword(w, p - w))
		return 0;
	return p - w;
}

bool pol_refpolicy_m4_needed(const char *text, size_t len)
{
	const char *end = text + len;

	for (const char *p = text; p < end;) {
		const char *nl = memchr(p, '\n', end - p), *eol = nl ? nl : end;

		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (p < eol && *p != '#') {
			/* m4's opening quote appears nowhere in the language */
			if (memchr(p, '`', eol - p) || call_at(p, eol))
				return true;
		}
		p = nl ? nl + 1 : end;
	}
	return false;
}

/* Whether the first statement is "module NAME VERSION;": a module in the
 * policy language itself (checkmodule's, audit2allow's), not refpolicy's
 * m4 source, which starts with policy_module(). Comments and blank lines
 * may come first. */
bool pol_refpolicy_plain_module(const char *text, size_t len)
{
	const char *end = text + len, *p = text;

	for (;;) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p == end || *p != '#')
			break;
		p = memchr(p, '\n', end - p);
		if (!p)
			return false;
	}
	if ((size_t)(end - p) < 7 || memcmp(p, "module", 6) != 0 || !isspace((unsigned char)p[6]))
		return false;
	for (p += 6; p < end && isspace((unsigned char)*p); p++)
		;
	if (p == end || !is_word_char(*p))
		return false;
	while (p < end && (is_word_char(*p) || *p == '.' || *p == '-'))
		p++;
	if (p == end || !isspace((unsigned char)*p))
		return false;
	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p == end || !isdigit((unsigned char)*p))
		return false;
	while (p < end && (isdigit((unsigned char)*p) || *p == '.'))
		p++;
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p < end && *p == ';';
}

static int add_call(struct pol_refpolicy_expansion *r, const char *name, size_t len,
		    const char *file, size_t file_len, unsigned int line, unsigned int col)
{
	struct pol_refpolicy_call *v;

	if (POL_ARRAY_GROW(r->calls, r->n_calls + 1, r->calls_alloc) < 0)
		return -ENOMEM;
	v = r->calls + r->n_calls;
	memset(v, 0, sizeof(*v));
	v->name = strndup(name, len);
	v->file = strndup(file, file_len);
	v->line = line;
	v->col = col;
	if (!v->name || !v->file) {
		free(v->name);
		free(v->file);
		return -ENOMEM;
	}
	r->n_calls++;
	return 0;
}

struct names {
	char **v;
	size_t n, alloc;
};

/* Every "define(`NAME'" of one m4 source. */
static int collect_definitions(const char *text, size_t len, struct names *out)
{
	static const char marker[] = "define(`";
	const char *end = text + len;

	for (const char *p = text; p < end;) {
		const char *hit = memmem(p, end - p, marker, sizeof(marker) - 1), *q;

		if (!hit)
			break;
		p = q = hit + sizeof(marker) - 1;
		while (q < end && is_word_char(*q))
			q++;
		if (q == p || q == end || *q != '\'')
			continue;
		if (POL_ARRAY_GROW(out->v, out->n + 1, out->alloc) < 0)
			return -ENOMEM;
		out->v[out->n] = strndup(p, q - p);
		if (!out->v[out->n])
			return -ENOMEM;
		out->n++;
		p = q;
	}
	return 0;
}

static void suggest(struct pol_refpolicy_expansion *r, char *const *defs, size_t n_defs)
{
	struct names names = {0};
	char *text;
	size_t len;

	for (size_t i = 0; i < n_defs; i++) {
		if (pol_read_path(defs[i], &text, &len) < 0)
			continue;
		int rc = collect_definitions(text, len, &names);

		free(text);
		if (rc < 0)
			goto out;
	}
	for (size_t i = 0; i < r->n_calls; i++) {
		struct pol_suggest s;
		const char *best[3];

		pol_suggest_init(&s, r->calls[i].name);
		for (size_t j = 0; j < names.n; j++)
			pol_suggest_offer(&s, names.v[j]);
		if (pol_suggest_result(&s, best) > 0)
			r->calls[i].hint = strdup(best[0]);
	}
out:
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	free(names.v);
}

int refpolicy_find_calls(struct pol_refpolicy_expansion *r, char *const *defs, size_t n_defs)
{
	const char *end = r->text + r->len, *file = "", *file_end = file;
	unsigned int line = 1;

	for (const char *p = r->text; p < end; line++) {
		const char *nl = memchr(p, '\n', end - p), *eol = nl ? nl : end, *s = p;
		struct pol_line_marker m;
		size_t n;

		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
		if (pol_line_marker_parse(s, eol, &m)) {
			/* the next line is line N (of FILE) */
			if (m.file) {
				file = m.file;
				file_end = m.file + m.file_len;
			}
			line = m.line - 1;
		} else if (s < eol && *s != '#' && (n = call_at(s, eol)) > 0) {
			if (add_call(r, s, n, file, file_end - file, line,
				     (unsigned int)(s - p) + 1) < 0)
				return -ENOMEM;
		}
		p = nl ? nl + 1 : end;
	}
	if (r->n_calls)
		suggest(r, defs, n_defs);
	return 0;
}

void refpolicy_calls_release(struct pol_refpolicy_expansion *r)
{
	for (size_t i = 0; i < r->n_calls; i++) {
		free(r->calls[i].name);
		free(r->calls[i].file);
		free(r->calls[i].hint);
	}
	free(r->calls);
	r->calls = NULL;
	r->n_calls = 0;
	r->calls_alloc = 0;
}
