/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/quote.h"

/* The length of the valid UTF-8 sequence at s that is no control (C1
 * controls included, unless controls), or 0: s[0] is to be escaped. */
static size_t utf8_seq(const unsigned char *s, bool controls)
{
	unsigned char c = s[0];
	size_t n;
	unsigned int cp;

	if (!controls && (c < 0x20 || c == 0x7f))
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF, C1 controls */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff) || (!controls && cp >= 0x80 && cp <= 0x9f))
		return 0;
	return n;
}

size_t pol_utf8_seq(const char *s)
{
	return *s ? utf8_seq((const unsigned char *)s, true) : 0;
}

static size_t printable_seq(const unsigned char *s)
{
	return utf8_seq(s, false);
}

static bool all_seqs(const char *s, bool controls)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = utf8_seq(p, controls);

		if (!n)
			return false;
		p += n;
	}
	return true;
}

bool pol_needs_escape(const char *s)
{
	return !all_seqs(s, false);
}

bool pol_utf8_valid(const char *s)
{
	return all_seqs(s, true);
}

/* s escaped; extra: the bytes also written as \xHH (for $'...': ' and \) */
static void escape(struct pol_buf *b, const char *s, const char *extra)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		const unsigned char *run = p;
		size_t n;

		while ((n = printable_seq(p)) != 0 && !(n == 1 && strchr(extra, *p)))
			p += n;
		pol_buf_add(b, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		pol_buf_printf(b, "\\x%02x", *p);
		p++;
	}
}

void pol_escape(struct pol_buf *b, const char *s)
{
	escape(b, s, "");
}

char *pol_escape_dup(const char *s)
{
	struct pol_buf b = POL_BUF_INIT;

	pol_escape(&b, s);
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

void pol_shell_quote(struct pol_buf *b, const char *s)
{
	if (pol_needs_escape(s)) {
		pol_buf_puts(b, "$'");
		escape(b, s, "'\\");
		pol_buf_putc(b, '\'');
		return;
	}
	pol_buf_putc(b, '\'');
	for (const char *q; (q = strchr(s, '\'')) != NULL; s = q + 1) {
		pol_buf_add(b, s, (size_t)(q - s));
		pol_buf_puts(b, "'\\''");
	}
	pol_buf_puts(b, s);
	pol_buf_putc(b, '\'');
}
