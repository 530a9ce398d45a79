/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sequery __complete: what the bash and zsh completions ask, so they never
 * copy option lists or parse help text (the commands are --list-commands).
 *
 *   sequery __complete options COMMAND
 *   sequery __complete names KIND [POLICY]
 *
 * KIND is type, attribute, typeattr (both), role, class, perm, bool, user,
 * sensitivity, category or common. Names come from POLICY or the system's
 * policy; a policy that cannot be read yields nothing and exit 1, silently,
 * because a completion must never print errors into the user's command line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

#include "cli.h"
#include "sequery.h"

static const struct {
	const char *kind;
	enum pol_sym sym;
} kinds[] = {
	{ "type", POL_SYM_TYPE },     { "attribute", POL_SYM_ATTRIBUTE },
	{ "typeattr", POL_SYM_TYPE_OR_ATTR }, { "role", POL_SYM_ROLE },
	{ "class", POL_SYM_CLASS },   { "perm", POL_SYM_PERM },
	{ "bool", POL_SYM_BOOL },     { "user", POL_SYM_USER },
	{ "sensitivity", POL_SYM_SENS }, { "category", POL_SYM_CAT },
	{ "common", POL_SYM_COMMON },
};

struct names {
	const char **v;
	size_t count, alloc;
};

static void collect_name(const char *name, void *data)
{
	struct names *n = data;

	if (POL_ARRAY_GROW(n->v, n->count + 1, n->alloc) < 0)
		return;
	n->v[n->count++] = name;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted and once each: permissions repeat across classes. */
static void print_names(struct names *n)
{
	if (n->count > 1)
		qsort(n->v, n->count, sizeof(*n->v), cmp_names);
	for (size_t i = 0; i < n->count; i++)
		if (i == 0 || strcmp(n->v[i], n->v[i - 1]) != 0)
			puts(n->v[i]);
	free(n->v);
}

static int list_options(const char *command)
{
	const struct ap_option *options = sequery_command_options(command);

	if (!options)
		return EXIT_NOMATCH;
	for (const struct ap_option *o = options; o->id; o++)
		for (int k = 0; k < 3 && o->names[k]; k++)
			puts(o->names[k]);
	return EXIT_OK;
}

static int list_names(struct sequery *sq, const char *kind, const char *policy)
{
	struct pol_pdb *pdb;
	struct pol_err err;
	int rc;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (strcmp(kind, kinds[i].kind) != 0)
			continue;
		if (!policy)
			policy = sq->policy;
		pol_err_init(&err);
		rc = pol_pdb_open_default(policy, &pdb, &err);
		pol_err_release(&err);
		if (rc < 0)
			return EXIT_NOMATCH;
		struct names names = { NULL, 0, 0 };

		if (kinds[i].sym == POL_SYM_TYPE_OR_ATTR) {
			pol_pdb_each_name(pdb, POL_SYM_TYPE, collect_name, &names);
			pol_pdb_each_name(pdb, POL_SYM_ATTRIBUTE, collect_name, &names);
		} else {
			pol_pdb_each_name(pdb, kinds[i].sym, collect_name, &names);
		}
		print_names(&names);
		pol_pdb_free(pdb);
		return EXIT_OK;
	}
	return EXIT_NOMATCH;
}

int sequery_complete(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;

	if (argc == 3 && strcmp(argv[1], "options") == 0)
		return list_options(argv[2]);
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "names") == 0)
		return list_names(sq, argv[2], argc == 4 ? argv[3] : NULL);
	return EXIT_USAGE;
}
