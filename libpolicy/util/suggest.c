/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/suggest.h"

#define MAX_NAME 256

unsigned int pol_edit_distance(const char *a, const char *b, unsigned int limit)
{
	/* bounded: a name of megabytes costs no more than one of MAX_NAME */
	size_t la = strnlen(a, MAX_NAME + 1), lb = strnlen(b, MAX_NAME + 1);
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

/* Is rest (what a candidate adds after the wanted name) one of the suffixes
 * policies put on a name: "_t", "_r", "_u", or one more word and "_t"
 * ("_exec_t", "_file_t")? "sshd" then suggests "sshd_t" first. */
static bool naming_suffix(const char *rest)
{
	size_t word;

	if (rest[0] != '_' || !rest[1])
		return false;
	if (!rest[2])
		return strchr("tru", rest[1]) != NULL;
	word = strcspn(rest + 1, "_");
	return word > 0 && strcmp(rest + 1 + word, "_t") == 0;
}

/* Is candidate ranked before slot i? Fewer edits first, then the name with
 * a naming suffix, then a name that only contains the wanted one; among
 * equals, the longer shared start ("htpd_t" is nearer "httpd_t" than
 * "ftpd_t"), then the fewer added characters ("init_t" before
 * "init_exec_t"), then alphabetical order. */
static bool better(const struct pol_suggest *s, int i, unsigned int score, size_t prefix,
		   size_t extra, const char *candidate)
{
	if (!s->names[i] || score != s->best[i])
		return !s->names[i] || score < s->best[i];
	if (prefix != s->prefix[i])
		return prefix > s->prefix[i];
	if (extra != s->extra[i])
		return extra < s->extra[i];
	return strcmp(candidate, s->names[i]) < 0;
}

void pol_suggest_offer(struct pol_suggest *s, const char *candidate)
{
	unsigned int limit = limit_for(s->want_len);
	unsigned int d = pol_edit_distance(s->want, candidate, limit);
	unsigned int score = 2 * d;
	size_t prefix, extra = 0, len = strlen(candidate);

	/* every test below costs the candidate's length at most, never the
	 * wanted name's (a 10 MB name in a file must not cost 10 MB a name) */
	if (s->want_len >= 2 && len > s->want_len &&
	    strncmp(candidate, s->want, s->want_len) == 0 &&
	    naming_suffix(candidate + s->want_len)) {
		score = 1;
		extra = len - s->want_len;
	} else if (d > limit) {
		if (s->want_len < 3 || len < s->want_len || !strstr(candidate, s->want))
			return;
		score = 2 * limit + 1;
		extra = len - s->want_len;
	}
	/* The same name can be offered many times (a permission of many
	 * classes): keep it once. */
	for (int i = 0; i < 3; i++)
		if (s->names[i] && strcmp(s->names[i], candidate) == 0)
			return;
	prefix = common_prefix(s->want, candidate);
	for (int i = 0; i < 3; i++) {
		if (!better(s, i, score, prefix, extra, candidate))
			continue;
		for (int k = 2; k > i; k--) {
			s->best[k] = s->best[k - 1];
			s->prefix[k] = s->prefix[k - 1];
			s->extra[k] = s->extra[k - 1];
			s->names[k] = s->names[k - 1];
		}
		s->best[i] = score;
		s->prefix[i] = prefix;
		s->extra[i] = extra;
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

const char *pol_suggest_phrase(char *buf, size_t size, const char *const names[], size_t n)
{
	size_t used = 0;

	if (!size)
		return buf;
	buf[0] = 0;
	if (n > 3)
		n = 3;
	for (size_t i = 0; i < n && used < size; i++) {
		const char *sep = i == 0 ? "did you mean " : i + 1 == n ? " or " : ", ";
		int w = snprintf(buf + used, size - used, "%s'%s'%s", sep, names[i],
				 i + 1 == n ? "?" : "");

		if (w < 0)
			break;
		used += (size_t)w;
	}
	return buf;
}

void pol_suggest_note_names(struct pol_err *err, int code, const char *file, unsigned int line,
			    unsigned int col, const char *const names[], size_t n)
{
	char phrase[POL_SUGGEST_PHRASE_MAX];

	if (n)
		pol_err_add(err, POL_SEV_NOTE, code, file, line, col, "%s",
			    pol_suggest_phrase(phrase, sizeof(phrase), names, n));
}

size_t pol_suggest_note(const struct pol_suggest *s, struct pol_err *err, int code,
			const char *file, unsigned int line, unsigned int col)
{
	const char *best[3];
	size_t n = pol_suggest_result(s, best);

	pol_suggest_note_names(err, code, file, line, col, best, n);
	return n;
}
