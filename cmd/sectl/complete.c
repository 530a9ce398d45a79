/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sectl __complete: what the bash and zsh completions ask when a directory
 * listing of selinuxfs cannot answer.
 *
 *   sectl [--policy FILE] __complete booleans
 *
 * The booleans of --policy, else of the system's policy (the loaded one,
 * else the installed one): on a machine without selinuxfs (a container, a
 * build host, SELinux disabled) "sectl bool <TAB>" still offers names. A
 * policy that cannot be read yields nothing and exit 1, silently.
 */
#include <stdio.h>
#include <string.h>

#include "pdb/pdb.h"

#include "cli.h"
#include "sectl.h"

static void print_name(const char *name, void *data)
{
	(void)data;
	puts(name);
}

int sectl_complete(void *ctx, int argc, char **argv)
{
	const struct sectl *sc = ctx;
	struct pol_pdb *pdb;
	struct pol_err err;
	int rc;

	if (argc != 2 || strcmp(argv[1], "booleans") != 0)
		return EXIT_USAGE;
	pol_err_init(&err);
	rc = pol_pdb_open_default(sc->policy, &pdb, &err);
	pol_err_release(&err);
	if (rc < 0)
		return EXIT_NOMATCH;
	/* unsorted: the shells sort what they offer */
	pol_pdb_each_name(pdb, POL_SYM_BOOL, print_name, NULL);
	pol_pdb_free(pdb);
	return EXIT_OK;
}
