/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach __complete: what the bash and zsh completions ask.
 *
 *   sereach __complete names KIND [POLICY]     KIND: type, bool, class, role or user
 *
 * (commands and options come from --list-commands and COMMAND
 * --list-options, as for every sekit tool)
 *
 * A policy that cannot be read yields nothing and exit 1, silently.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sereach.h"

static void print_name(const char *name, void *data)
{
	(void)data;
	puts(name);
}

int sereach_complete(void *ctx, int argc, char **argv)
{
	(void)ctx;
	if (argc >= 3 && strcmp(argv[1], "names") == 0) {
		enum pol_sym kind = strcmp(argv[2], "bool") == 0    ? POL_SYM_BOOL
				    : strcmp(argv[2], "class") == 0 ? POL_SYM_CLASS
				    : strcmp(argv[2], "role") == 0  ? POL_SYM_ROLE
				    : strcmp(argv[2], "user") == 0  ? POL_SYM_USER
								    : POL_SYM_TYPE;
		struct pol_pdb *pdb;
		struct pol_err err;

		pol_err_init(&err);
		if (pol_pdb_open_default(argc >= 4 ? argv[3] : NULL, &pdb, &err) < 0) {
			pol_err_release(&err);
			return EXIT_NOMATCH;
		}
		pol_err_release(&err);
		/* unsorted: the shells sort what they offer */
		pol_pdb_each_name(pdb, kind, print_name, NULL);
		pol_pdb_free(pdb);
		return EXIT_OK;
	}
	return EXIT_USAGE;
}
