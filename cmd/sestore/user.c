/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore user: semanage user's SELinux users (roles, MLS range and level, prefix). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_VALUE('R', "roles", "ROLES", "the user's roles (space-separated, or -R again)"),
	CLI_VALUE('r', "range", "RANGE", "the MLS range (default s0)"),
	CLI_VALUE('L', "level", "LEVEL", "the default MLS level (default s0)"),
	CLI_VALUE('P', "prefix", "PREFIX", "the home-directory labelling prefix (default user)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sestore user -a -R ROLES [-r RANGE] [-L LEVEL] [-P PREFIX] USER\n"
    " sestore user -m [-R ROLES] [-r RANGE] [-L LEVEL] [-P PREFIX] USER\n"
    " sestore user -d USER\n"
    " sestore user -l|-C|-D\n"
    "\n"
    "Define an SELinux user, its roles and MLS range, as semanage user does.\n"
    "\n";

static int by_name(const void *a, const void *b)
{
	return strcmp((*(const struct pol_store_rec *const *)a)->name,
		      (*(const struct pol_store_rec *const *)b)->name);
}

/* semanage user -l's columns, sorted by name as semanage sorts them; an
 * MLS policy's (the records have ranges) */
static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	const struct pol_store_rec **v = sestore_sorted(l, by_name);
	bool mls = l->n && l->recs[0].range;

	if (!sc->noheading && mls)
		printf("\n%-15s %-10s %-10s %-30s\n%-15s %-10s %-10s %-30s %s\n\n", "", "Labeling",
		       "MLS/", "MLS/", "SELinux User", "Prefix", "MCS Level", "MCS Range",
		       "SELinux Roles");
	else if (!sc->noheading)
		printf("%-15s %s\n\n", "SELinux User", "SELinux Roles");
	for (size_t i = 0; v && i < l->n; i++) {
		const struct pol_store_rec *r = v[i];

		if (mls)
			printf("%-15s %-10s %-10s %-30s %s\n", r->name, r->prefix ? r->prefix : "",
			       r->level ? r->level : "", r->range ? r->range : "", r->roles);
		else
			printf("%-15s %s\n", r->name, r->roles);
	}
	free(v);
}

static const struct sestore_kind kind = {POL_STORE_USER, options, usage,
					 "SELinux user", NULL,	  print};

int sestore_user(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &kind, argc, argv);
}
