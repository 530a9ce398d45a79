/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A growable, always NUL-terminated byte buffer. */
#ifndef POL_UTIL_BUF_H
#define POL_UTIL_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct pol_buf {
	char *data; /* NUL-terminated once anything was appended; NULL before */
	size_t len, alloc;
	bool failed; /* an allocation failed; the content is truncated */
};

#define POL_BUF_INIT { NULL, 0, 0, false }

void pol_buf_release(struct pol_buf *b);
void pol_buf_reset(struct pol_buf *b);
/* Appending never fails loudly: on ENOMEM the buffer is marked failed and
 * the caller checks b->failed once at the end. */
void pol_buf_add(struct pol_buf *b, const char *data, size_t len);
void pol_buf_puts(struct pol_buf *b, const char *s);
void pol_buf_putc(struct pol_buf *b, char c);
void pol_buf_printf(struct pol_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The content as a C string ("" when empty); borrowed. */
const char *pol_buf_str(const struct pol_buf *b);
/* Hand the heap string to the caller (free with free()); the buffer is reset. */
char *pol_buf_detach(struct pol_buf *b);

#endif
