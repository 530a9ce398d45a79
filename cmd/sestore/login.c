/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore login: semanage login's login-to-SELinux-user mappings. */
#include <stdio.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_VALUE('s', "seuser", "USER", "the SELinux user (default user_u)"),
	CLI_VALUE('r', "range", "RANGE", "the MLS range (default: the SELinux user's)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sestore login -a|-m [-s USER] [-r RANGE] LOGIN|%GROUP\n"
    " sestore login -d LOGIN|%GROUP\n"
    " sestore login -l|-C|-D\n"
    "\n"
    "Map a Linux login (or %group) to an SELinux user, as semanage login does.\n"
    "\n";

static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	if (!sc->noheading)
		printf("%-20s %-20s %-20s\n\n", "Login Name", "SELinux User", "MLS/MCS Range");
	for (size_t i = 0; i < l->n; i++)
		printf("%-20s %-20s %-20s\n", l->recs[i].name, l->recs[i].seuser,
		       l->recs[i].range ? l->recs[i].range : "");
}

static const struct sestore_kind kind = {POL_STORE_LOGIN, options, usage, "login", NULL, print};

int sestore_login(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &kind, argc, argv);
}
