/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "label/fcline.h"
#include "util/linemark.h"

/* isspace() in the C locale, which is what libselinux gets in setfiles */
static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

bool pol_fc_parse_line(const char *s, size_t len, unsigned int flags, struct pol_fc_line *out)
{
	const char *p = s, *end = memchr(s, '\0', len);
	struct pol_fc_field words[4];
	size_t max = flags & POL_FC_EXTRA_OK ? 3 : 4, n = 0;

	if (!end)
		end = s + len;
	while (p < end && is_space(*p))
		p++;
	if (p == end || *p == '#')
		return false;
	memset(words, 0, sizeof(words));
	out->problem = POL_FC_OK;
	out->problem_col = 0;
	while (n < max && p < end) {
		const char *start = p;

		while (p < end && !is_space(*p)) {
			if ((flags & POL_FC_ASCII) && (unsigned char)*p > 0x7f &&
			    out->problem == POL_FC_OK) {
				out->problem = POL_FC_NON_ASCII;
				out->problem_col = (unsigned int)(p - s) + 1;
			}
			p++;
		}
		words[n].p = start;
		words[n].len = (size_t)(p - start);
		words[n].col = (unsigned int)(start - s) + 1;
		n++;
		while (p < end && is_space(*p))
			p++;
	}
	out->path = words[0];
	out->type = n == 3 || n == 4 ? words[1] : (struct pol_fc_field){0};
	out->context = n >= 3 ? words[2] : words[1];
	out->extra = words[3];
	out->ftype = NULL;
	if (out->problem != POL_FC_OK)
		return true;
	if (n < 2) {
		out->problem = POL_FC_NO_CONTEXT;
		out->problem_col = out->path.col;
	} else if (n == 3 || n == 4) {
		out->ftype = pol_fc_type_by_flag(out->type.p, out->type.len);
		if (!out->ftype) {
			out->problem = POL_FC_BAD_TYPE;
			out->problem_col = out->type.col;
		}
	}
	if (out->problem == POL_FC_OK && n == 4) {
		out->problem = POL_FC_EXTRA;
		out->problem_col = out->extra.col;
	}
	return true;
}

void pol_fc_reader_init(struct pol_fc_reader *r, const char *file, const char *text, size_t len,
			unsigned int flags)
{
	memset(r, 0, sizeof(*r));
	r->p = text;
	r->end = text + len;
	r->file = file;
	r->flags = flags;
}

int pol_fc_reader_next(struct pol_fc_reader *r, struct pol_fc_line *out)
{
	while (r->p < r->end) {
		const char *s = r->p, *nl = memchr(s, '\n', (size_t)(r->end - s));
		const char *eol = nl ? nl : r->end;
		struct pol_line_marker m;

		r->p = nl ? nl + 1 : r->end;
		r->line++;
		if ((r->flags & POL_FC_MARKERS) && pol_line_marker_parse(s, eol, &m)) {
			r->line = m.line - 1;
			if (m.file) {
				char *name = strndup(m.file, m.file_len);

				if (!name)
					return -ENOMEM;
				free(r->marker_file);
				r->marker_file = name;
				r->file = name;
			}
			continue;
		}
		if (!pol_fc_parse_line(s, (size_t)(eol - s), r->flags, out))
			continue;
		out->file = r->file;
		out->line = r->line;
		return 0;
	}
	return 1;
}

void pol_fc_reader_release(struct pol_fc_reader *r)
{
	free(r->marker_file);
	r->marker_file = NULL;
}

int pol_fc_line_report(const struct pol_fc_line *l, struct pol_err *err)
{
	const char *f = l->file;
	unsigned int ln = l->line, col = l->problem_col;

	switch (l->problem) {
	case POL_FC_NO_CONTEXT:
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, f, ln, col,
				   "spec '%.*s' has no context", (int)l->path.len, l->path.p);
	case POL_FC_EXTRA:
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, f, ln, col,
				   "unexpected '%.*s' after the context", (int)l->extra.len,
				   l->extra.p);
	case POL_FC_BAD_TYPE:
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, f, ln, col,
				   "invalid file type '%.*s' (one of " POL_FC_TYPE_FLAGS ")",
				   (int)l->type.len, l->type.p);
	case POL_FC_NON_ASCII:
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, f, ln, col,
				   "non-ASCII character in a spec");
	default:
		return 0;
	}
}

int pol_fc_check_regex(const struct pol_fc_line *l, struct pol_err *err)
{
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE off;
	pcre2_code *c;
	char *pat;
	int code;

	if (asprintf(&pat, "^%.*s$", (int)l->path.len, l->path.p) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	c = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, PCRE2_DOTALL, &code, &off, NULL);
	free(pat);
	if (c) {
		pcre2_code_free(c);
		return 0;
	}
	if (code == PCRE2_ERROR_NOMEMORY)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pcre2_get_error_message(code, msg, sizeof(msg));
	if (off > 0)
		off--; /* the '^' added */
	if (off > l->path.len)
		off = l->path.len;
	return pol_err_add(err, POL_SEV_ERROR, POL_EREGEX, l->file, l->line,
			   l->path.col + (unsigned int)off, "invalid regex '%.*s': %s",
			   (int)l->path.len, l->path.p, (const char *)msg);
}
