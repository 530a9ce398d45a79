/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Regular expressions with Python's syntax and search semantics (PCRE2),
 * because the tools we are compatible with take Python patterns.
 */
#ifndef POL_UTIL_REGEX_H
#define POL_UTIL_REGEX_H

#include <stdbool.h>

#include "util/err.h"

struct pol_regex;

/* Compile pattern; on error POL_EREGEX with the position and reason in err. */
int pol_regex_compile(const char *pattern, struct pol_regex **out, struct pol_err *err);
/* Does pattern match anywhere in s (unanchored, like Python's re.search)?
 * Returns 1 (match), 0 (no match), or POL_EREGEX with the pattern, the
 * subject and PCRE2's reason in err when the engine gave up (its match or
 * depth limit, no memory): such a failure is never taken for "no match". */
int pol_regex_search(const struct pol_regex *re, const char *s, struct pol_err *err);
void pol_regex_free(struct pol_regex *re);

#endif
