/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
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
	if (b->failed)
		return false;
	/* b->len + extra + 1 bytes, that sum checked for overflow too */
	if (extra > SIZE_MAX - b->len - 1 ||
	    POL_ARRAY_GROW(b->data, b->len + extra + 1, b->alloc) < 0) {
		b->failed = true;
		return false;
	}
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
