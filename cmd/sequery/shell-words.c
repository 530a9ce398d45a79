/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Splitting a shell line into words, with sh's quotes and backslashes. */
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

#include "shell.h"

void shell_words_release(struct shell_words *w)
{
	for (int i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof(*w));
}

static int push_word(struct shell_words *w, const char *text)
{
	char *word = strdup(text);

	if (!word)
		return SHELL_SPLIT_NOMEM;
	/* room for a NULL after the last */
	if (POL_ARRAY_GROW(w->v, (size_t)w->n + 2, w->alloc) < 0) {
		free(word);
		return SHELL_SPLIT_NOMEM;
	}
	w->v[w->n++] = word;
	w->v[w->n] = NULL;
	return SHELL_SPLIT_OK;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int shell_split(const char *line, size_t len, bool partial, struct shell_words *w)
{
	/* no word is longer than the line */
	char *word = malloc(len + 1);
	const char *p = line, *end = line + len;
	size_t wlen = 0;
	bool in_word = false;
	int rc = SHELL_SPLIT_OK;

	memset(w, 0, sizeof(*w));
	if (!word)
		return SHELL_SPLIT_NOMEM;
	while (p < end) {
		char c = *p++;

		if (is_blank(c)) {
			if (in_word) {
				word[wlen] = '\0';
				if ((rc = push_word(w, word)) < 0)
					break;
				wlen = 0;
				in_word = false;
			}
			continue;
		}
		if (c == '#' && !in_word)
			break;
		in_word = true;
		if (c == '\\') {
			if (p == end) {
				if (!partial)
					rc = SHELL_SPLIT_BACKSLASH;
				break;
			}
			word[wlen++] = *p++;
		} else if (c == '\'') {
			const char *close = memchr(p, '\'', (size_t)(end - p));

			if (!close && !partial) {
				rc = SHELL_SPLIT_QUOTE;
				break;
			}
			if (!close)
				close = end;
			memcpy(word + wlen, p, (size_t)(close - p));
			wlen += (size_t)(close - p);
			p = close < end ? close + 1 : end;
		} else if (c == '"') {
			while (p < end && *p != '"') {
				if (*p == '\\' && p + 1 < end && strchr("$`\"\\\n", p[1]))
					p++;
				word[wlen++] = *p++;
			}
			if (p == end && !partial) {
				rc = SHELL_SPLIT_QUOTE;
				break;
			}
			if (p < end)
				p++;
		} else {
			word[wlen++] = c;
		}
	}
	if (rc == SHELL_SPLIT_OK && in_word) {
		word[wlen] = '\0';
		rc = push_word(w, word);
		w->open = rc == SHELL_SPLIT_OK;
	}
	free(word);
	return rc;
}
