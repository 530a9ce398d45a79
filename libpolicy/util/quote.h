/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Text from outside (a file name the kernel logged in hex, a command name,
 * a context) made safe to print: for a terminal, with its control bytes
 * and invalid UTF-8 escaped, and for a shell, quoted so that a command a
 * tool suggests is the command it means whatever the name holds.
 */
#ifndef POL_UTIL_QUOTE_H
#define POL_UTIL_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

struct pol_buf;

/* Whether s has a byte that pol_escape() escapes: a C0 control, DEL, a
 * C1 control (U+0080..U+009F, which some terminals obey) or a byte that is
 * not part of valid UTF-8. */
bool pol_needs_escape(const char *s);

/* Whether s is valid UTF-8 (controls allowed). */
bool pol_utf8_valid(const char *s);

/* The length of the valid UTF-8 sequence s starts with (1 to 4, controls
 * allowed), or 0 when s[0] starts none: a stray continuation byte, an
 * overlong form, a surrogate, beyond U+10FFFF, a sequence cut short, or
 * the end of s. */
size_t pol_utf8_seq(const char *s);

/* s with each such byte written as "\xHH" (lower-case hex), the rest as is:
 * a terminal never sees ESC, BEL, CR or LF from it, and the result is valid
 * UTF-8. A backslash is kept as it is (systemd's "\x2d" names stay
 * readable), so the escape is for the eye, not reversible. */
void pol_escape(struct pol_buf *b, const char *s);
/* pol_escape() into a new string (heap, NULL: no memory). */
char *pol_escape_dup(const char *s);

/*
 * s as one word for the POSIX shell: in single quotes, each ' written as
 * '\'' ("it's" -> 'it'\''s'); when s has a byte pol_needs_escape() finds,
 * as $'...' (POSIX.1-2024, bash, zsh, ksh, busybox) with those bytes, '
 * and \ escaped, so the command line pasted from a terminal names the
 * same bytes and prints no control byte. Always quoted, the empty word
 * included ('').
 */
void pol_shell_quote(struct pol_buf *b, const char *s);

#endif
