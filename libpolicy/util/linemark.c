/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <limits.h>
#include <string.h>

#include "util/linemark.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

bool pol_line_marker_parse(const char *s, const char *eol, struct pol_line_marker *m)
{
	unsigned long long n = 0;
	const char *q;

	while (s < eol && is_blank(*s))
		s++;
	if (eol - s < 6 || memcmp(s, "#line", 5) != 0 || !is_blank(s[5]))
		return false;
	for (s += 6; s < eol && is_blank(*s);)
		s++;
	if (s == eol || *s < '0' || *s > '9')
		return false;
	for (; s < eol && *s >= '0' && *s <= '9'; s++)
		if (n < UINT_MAX)
			n = n * 10 + (unsigned long long)(*s - '0');
	m->line = n == 0 ? 1 : n >= UINT_MAX ? UINT_MAX - 1 : (unsigned int)n;
	m->file = NULL;
	m->file_len = 0;
	while (s < eol && is_blank(*s))
		s++;
	if (s < eol && *s == '"') {
		q = eol;
		while (q > s + 1 && q[-1] != '"')
			q--;
		m->file = s + 1;
		/* no closing quote: the name runs to the end of the line */
		m->file_len = (size_t)((q > s + 1 ? q - 1 : eol) - m->file);
		if (!m->file_len)
			m->file = NULL;
	}
	return true;
}
