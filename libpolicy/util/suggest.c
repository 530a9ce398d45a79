/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/suggest.h"

#define MAX_NAME 256

unsigned int pol_edit_distance(const char *a, const char *b, unsigned int limit)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned int rows[3][MAX_NAME + 1];
	unsigned int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];

	if (la > MAX_NAME || lb > MAX_NAME)
		return limit + 1;
	if ((la > lb ? la - lb : lb - la) > limit)
		return limit + 1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = (unsigned int)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned int row_min;
		unsigned int *t;

		cur[0] = (unsigned int)i;
		row_min = cur[0];
		for (size_t j = 1; j <= lb; j++) {
			unsigned int cost = a[i - 1] != b[j - 1];
			unsigned int v = prev[j - 1] + cost;

			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    prev2[j - 2] + 1 < v)
				v = prev2[j - 2] + 1;
			cur[j] = v;
			if (v < row_min)
				row_min = v;
		}
		if (row_min > limit)
			return limit + 1;
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb] > limit ? limit + 1 : prev[lb];
}

void pol_suggest_init(struct pol_suggest *s, const char *want)
{
	memset(s, 0, sizeof(*s));
	s->want = want;
	s->want_len = strlen(want);
	for (int i = 0; i < 3; i++)
		s->best[i] = ~0u;
}

/* Typos scale with length: allow one edit per four characters, at least one,
 * at most four. A name that contains the wanted one (or the other way round)
 * counts as close too, which catches "httpd" -> "httpd_t". */
static unsigned int limit_for(size_t len)
{
	unsigned int l = (unsigned int)(len / 4);

	return l < 1 ? 1 : l > 4 ? 4 : l;
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && a[n] == b[n])
		n++;
	return n;
}

/* Is candidate ranked before slot i? Fewer edits first; a name that only
 * contains the wanted one after real typos; then the longer shared start
 * ("htpd_t" is nearer "httpd_t" than "ftpd_t"); then alphabetical order. */
static bool better(const struct pol_suggest *s, int i, unsigned int score, size_t prefix,
		   const char *candidate)
{
	if (!s->names[i] || score != s->best[i])
		return !s->names[i] || score < s->best[i];
	if (prefix != s->prefix[i])
		return prefix > s->prefix[i];
	return strcmp(candidate, s->names[i]) < 0;
}

void pol_suggest_offer(struct pol_suggest *s, const char *candidate)
{
	unsigned int limit = limit_for(s->want_len);
	unsigned int d = pol_edit_distance(s->want, candidate, limit);
	unsigned int score = 2 * d;
	size_t prefix;

	if (d > limit) {
		if (s->want_len < 3 || !strstr(candidate, s->want))
			return;
		score = 2 * limit + 1;
	}
	/* The same name can be offered many times (a permission of many
	 * classes): keep it once. */
	for (int i = 0; i < 3; i++)
		if (s->names[i] && strcmp(s->names[i], candidate) == 0)
			return;
	prefix = common_prefix(s->want, candidate);
	for (int i = 0; i < 3; i++) {
		if (!better(s, i, score, prefix, candidate))
			continue;
		for (int k = 2; k > i; k--) {
			s->best[k] = s->best[k - 1];
			s->prefix[k] = s->prefix[k - 1];
			s->names[k] = s->names[k - 1];
		}
		s->best[i] = score;
		s->prefix[i] = prefix;
		s->names[i] = candidate;
		return;
	}
}

size_t pol_suggest_result(const struct pol_suggest *s, const char *out[3])
{
	size_t n = 0;

	for (int i = 0; i < 3; i++)
		if (s->names[i])
			out[n++] = s->names[i];
	return n;
}
