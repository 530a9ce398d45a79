/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* "Did you mean": the closest names to a misspelt one. */
#ifndef POL_UTIL_SUGGEST_H
#define POL_UTIL_SUGGEST_H

#include <stddef.h>

struct pol_err;

/* Collects the best candidates offered with pol_suggest_offer(). */
struct pol_suggest {
	const char *want;
	size_t want_len;
	unsigned int best[3];  /* 2 * edits; 1 for the name plus a suffix ("_t");
				  2 * limit + 1 when only a substring match */
	size_t prefix[3];      /* characters shared with the wanted name's start */
	size_t extra[3];       /* characters a containing name adds (0 for edits) */
	const char *names[3];  /* borrowed from the caller's candidates */
};

void pol_suggest_init(struct pol_suggest *s, const char *want);
void pol_suggest_offer(struct pol_suggest *s, const char *candidate);
/* The closest candidates (at most 3, NULL-terminated short list) that are
 * near enough to be a plausible typo; returns how many. */
size_t pol_suggest_result(const struct pol_suggest *s, const char *out[3]);
/* Room for any phrase pol_suggest_phrase() writes; longer names are cut. */
#define POL_SUGGEST_PHRASE_MAX 1024

/* The one wording of a suggestion: "did you mean 'a'?", "did you mean 'a' or
 * 'b'?", "did you mean 'a', 'b' or 'c'?" for the first n (at most 3) names,
 * written into buf (size bytes, cut to fit); "" when n is 0. Returns buf. */
const char *pol_suggest_phrase(char *buf, size_t size, const char *const names[], size_t n);
/* Adds the phrase for names[0..n) to err as a note with code at file:line:col
 * (file NULL and line 0 when not tied to an input); nothing when n is 0. */
void pol_suggest_note_names(struct pol_err *err, int code, const char *file, unsigned int line,
			    unsigned int col, const char *const names[], size_t n);
/* The same for the candidates s collected; returns how many it named. */
size_t pol_suggest_note(const struct pol_suggest *s, struct pol_err *err, int code,
			const char *file, unsigned int line, unsigned int col);
/* Edit distance (Damerau-Levenshtein, optimal string alignment) capped at limit+1. */
unsigned int pol_edit_distance(const char *a, const char *b, unsigned int limit);

#endif
