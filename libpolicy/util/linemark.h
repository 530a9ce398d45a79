/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* m4 -s's (and cpp's) line markers, read in one place for every reader of
 * m4 output: the policy lexer, sepolc's macro-call finder and the .fc
 * reader. */
#ifndef POL_UTIL_LINEMARK_H
#define POL_UTIL_LINEMARK_H

#include <stdbool.h>
#include <stddef.h>

/* "#line N" or "#line N \"FILE\"": the line after the marker is line N (of
 * FILE). */
struct pol_line_marker {
	unsigned int line; /* N: at least 1, at most UINT_MAX - 1 */
	const char *file;  /* FILE inside the marker, not NUL-terminated; NULL if none */
	size_t file_len;
};

/* Whether the line [s, eol) (no newline; blanks before '#' allowed) is a
 * marker: "#line", a blank, a decimal N, then optionally a quoted FILE
 * (up to the line's last '"'). A "#line" comment without a number is not
 * one. Fills *m only when it is. */
bool pol_line_marker_parse(const char *s, const char *eol, struct pol_line_marker *m);

#endif
