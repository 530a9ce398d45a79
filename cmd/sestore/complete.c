/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sestore __complete: what the bash and zsh completions ask.
 *
 *   sestore [-S NAME] [--root DIR] __complete names KIND
 *   sestore [-S NAME] [--root DIR] __complete ports local|all [PROTO]
 *
 * KIND: type, bool, role or user, from the store's installed policy (the
 * one -S and --root name). ports: the ports and ranges (PORT, LOW-HIGH)
 * the store's local records label (port -d takes only those), or all of
 * them, the policy's too (port -m), of PROTO (tcp, udp...) or of any.
 * Commands and options come from --list-commands and COMMAND
 * --list-options, as for every sekit tool. A store or policy that cannot
 * be read yields nothing and exit 1, silently.
 */
#include <stdio.h>
#include <string.h>

#include "pdb/pdb.h"

#include "cli.h"
#include "sestore.h"

static void print_name(const char *name, void *data)
{
	(void)data;
	puts(name);
}

/* __complete ports: one port or range a line. */
static int ports(struct pol_store *st, bool local, const char *proto, struct pol_err *err)
{
	struct pol_store_list l;
	int rc;

	rc = pol_store_list(st, POL_STORE_PORT, local ? POL_STORE_LOCAL_ONLY : 0, &l, err);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < l.n; i++) {
		const struct pol_store_rec *r = &l.recs[i];

		if (proto && strcmp(r->proto, proto) != 0)
			continue;
		if (r->low == r->high)
			printf("%u\n", r->low);
		else
			printf("%u-%u\n", r->low, r->high);
	}
	pol_store_list_release(&l);
	return 0;
}

int sestore_complete(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	const struct pol_pdb *pdb;
	struct pol_store *st;
	struct pol_err err;
	enum pol_sym kind;
	int rc;

	if (argc >= 3 && argc <= 4 && strcmp(argv[1], "ports") == 0) {
		pol_err_init(&err);
		rc = pol_store_open(sc->store, sc->root, POL_STORE_NO_RELOAD, &st, &err);
		if (rc == 0) {
			rc = ports(st, strcmp(argv[2], "local") == 0, argc == 4 ? argv[3] : NULL,
				   &err);
			pol_store_free(st);
		}
		pol_err_release(&err);
		return rc < 0 ? EXIT_NOMATCH : EXIT_OK;
	}
	if (argc != 3 || strcmp(argv[1], "names") != 0)
		return EXIT_USAGE;
	kind = strcmp(argv[2], "bool") == 0   ? POL_SYM_BOOL
	       : strcmp(argv[2], "role") == 0 ? POL_SYM_ROLE
	       : strcmp(argv[2], "user") == 0 ? POL_SYM_USER
					      : POL_SYM_TYPE;
	pol_err_init(&err);
	rc = pol_store_open(sc->store, sc->root, POL_STORE_NO_RELOAD, &st, &err);
	if (rc == 0) {
		rc = pol_store_policy(st, &pdb, &err);
		/* unsorted: the shells sort what they offer */
		if (rc == 0)
			pol_pdb_each_name(pdb, kind, print_name, NULL);
		pol_store_free(st);
	}
	pol_err_release(&err);
	return rc < 0 ? EXIT_NOMATCH : EXIT_OK;
}
