/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* "Did you mean": the closest names to a misspelt one. */
#ifndef POL_UTIL_SUGGEST_H
#define POL_UTIL_SUGGEST_H

#include <stddef.h>

/* Collects the best candidates offered with pol_suggest_offer(). */
struct pol_suggest {
	const char *want;
	size_t want_len;
	unsigned int best[3];  /* 2 * edits, + 1 when only a substring match */
	size_t prefix[3];      /* characters shared with the wanted name's start */
	const char *names[3]; /* borrowed from the caller's candidates */
};

void pol_suggest_init(struct pol_suggest *s, const char *want);
void pol_suggest_offer(struct pol_suggest *s, const char *candidate);
/* The closest candidates (at most 3, NULL-terminated short list) that are
 * near enough to be a plausible typo; returns how many. */
size_t pol_suggest_result(const struct pol_suggest *s, const char *out[3]);
/* Edit distance (Damerau-Levenshtein, optimal string alignment) capped at limit+1. */
unsigned int pol_edit_distance(const char *a, const char *b, unsigned int limit);

#endif
