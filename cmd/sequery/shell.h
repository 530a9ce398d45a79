/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the parts of "sequery shell" share: line splitting and completion. */
#ifndef SEQUERY_SHELL_H
#define SEQUERY_SHELL_H

#include <stdbool.h>
#include <stddef.h>

#include "sequery.h"

/* A line split into words; v is NULL-terminated. */
struct shell_words {
	char **v;
	int n;
	/* the input ended inside a word (no blank after it): v[n - 1] is the
	 * start of the word being completed */
	bool open;
	/* private */
	size_t alloc;
};

enum shell_split_status {
	SHELL_SPLIT_OK = 0,
	SHELL_SPLIT_NOMEM = -1,
	SHELL_SPLIT_QUOTE = -2,     /* a quote is not closed */
	SHELL_SPLIT_BACKSLASH = -3, /* the line ends with a backslash */
};

/*
 * Split the first len bytes of line as sh splits a simple command: blanks
 * separate words, '...' is literal, "..." keeps a backslash only before
 * $ ` " \ and newline, a backslash elsewhere quotes the next character, and
 * '#' at the start of a word comments out the rest. With partial (for
 * completion), an open quote or a final backslash is not an error. Release
 * w with shell_words_release() whatever the result.
 */
int shell_split(const char *line, size_t len, bool partial, struct shell_words *w);
void shell_words_release(struct shell_words *w);

/* Words the shell runs itself, besides the commands of sequery_commands. */
extern const char *const shell_builtins[];

/* Install readline's completion of commands, options and the names of the
 * policy sq has open. */
void shell_complete_init(struct sequery *sq);

#endif
