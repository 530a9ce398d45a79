/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

void pol_buf_release(struct pol_buf *b)
{
	free(b->data);
	*b = (struct pol_buf)POL_BUF_INIT;
}

void pol_buf_reset(struct pol_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

static bool reserve(struct pol_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	size_t n;
	char *p;

	if (b->failed)
		return false;
	if (need <= b->alloc)
		return true;
	n = b->alloc ? b->alloc : 64;
	while (n < need)
		n *= 2;
	p = realloc(b->data, n);
	if (!p) {
		b->failed = true;
		return false;
	}
	b->data = p;
	b->alloc = n;
	return true;
}

void pol_buf_add(struct pol_buf *b, const char *data, size_t len)
{
	if (!reserve(b, len))
		return;
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
}

void pol_buf_puts(struct pol_buf *b, const char *s)
{
	pol_buf_add(b, s, strlen(s));
}

void pol_buf_putc(struct pol_buf *b, char c)
{
	pol_buf_add(b, &c, 1);
}

void pol_buf_printf(struct pol_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

const char *pol_buf_str(const struct pol_buf *b)
{
	return b->data ? b->data : "";
}

char *pol_buf_detach(struct pol_buf *b)
{
	char *s = b->data ? b->data : strdup("");

	*b = (struct pol_buf)POL_BUF_INIT;
	return s;
}
