// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --follow's output: after each quiet moment of the input, the rules of
 * the denial groups that are new or grew (a permission more), each block
 * (its comments and its rule, as audit2allow writes them) once, under its
 * source type's header when the last one printed was another's. The
 * writer is pol_audit_set_write()'s, so a followed log prints the rules a
 * one-shot run prints, in the order they appear.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

#include "cli.h"
#include "seallow.h"

static struct {
	char **seen; /* the blocks printed */
	size_t n, alloc;
	char *header; /* the last header printed */
} follow;

static bool seen(const char *block, size_t len)
{
	for (size_t i = 0; i < follow.n; i++)
		if (strncmp(follow.seen[i], block, len) == 0 && !follow.seen[i][len])
			return true;
	return false;
}

static void out_of_memory(struct seallow_run *run)
{
	struct pol_err err;

	pol_err_init(&err);
	run->status = cli_report(&err, -ENOMEM);
	pol_err_release(&err);
}

static bool is_header(const char *line)
{
	return (line[0] == '#' || line[0] == ';') && strncmp(line + 1, "=============", 13) == 0;
}

void seallow_follow_print(struct seallow_run *run)
{
	unsigned int flags = seallow_generate_flags(run->o) & ~POL_AUDIT_GEN_REQUIRES;
	char *text = NULL, *header = NULL;
	size_t len = 0, hlen = 0;
	FILE *m = open_memstream(&text, &len);
	const char *block, *p;

	if (!m || pol_audit_set_write(run->set, NULL, flags, m) < 0) {
		if (m)
			fclose(m);
		free(text);
		out_of_memory(run);
		return;
	}
	fclose(m);
	for (p = block = text; p < text + len;) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		const char *next = nl ? nl + 1 : text + len;

		if (is_header(p)) {
			/* with the blank lines before it, as the writer puts them */
			header = (char *)block;
			hlen = (size_t)(next - block);
			block = next;
		} else if (*p != '#' && *p != ';' && *p != '\n') {
			/* a rule ends its block: the blank line and comments
			 * before it, then itself */
			size_t blen = (size_t)(next - block);

			if (!seen(block, blen)) {
				char *copy = strndup(block, blen);

				if (!copy ||
				    POL_ARRAY_GROW(follow.seen, follow.n + 1, follow.alloc) < 0) {
					free(copy);
					out_of_memory(run);
					break;
				}
				follow.seen[follow.n++] = copy;
				if (header &&
				    (!follow.header || strncmp(follow.header, header, hlen) ||
				     follow.header[hlen])) {
					free(follow.header);
					follow.header = strndup(header, hlen);
					if (!run->o->quiet)
						fwrite(header, 1, hlen, stdout);
				}
				if (!run->o->quiet)
					fwrite(block, 1, blen, stdout);
			}
			block = next;
		}
		p = next;
	}
	free(text);
}
