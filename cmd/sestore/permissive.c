/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore permissive: semanage permissive's permissive domains. */
#include <stdio.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sestore permissive -a|-d TYPE\n"
    " sestore permissive -l|-C|-D\n"
    "\n"
    "Make a domain permissive (a module permissive_TYPE), or enforcing again,\n"
    "as semanage permissive does.\n"
    "\n";

/* semanage permissive -l: the policy's, then the local ones */
static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct pol_store_rec *r = &l->recs[i];

		if (!sc->noheading && (i == 0 || r->local != l->recs[i - 1].local))
			printf("\n%-25s\n\n", r->local ? "Customized Permissive Types"
						       : "Builtin Permissive Types");
		printf("%s\n", r->name);
	}
}

/* -m is -a: a domain is permissive or not */
static int finish(struct sestore_req *r, const char *arg)
{
	(void)arg;
	if (r->action == 'm')
		r->action = 'a';
	return EXIT_OK;
}

static const struct sestore_kind kind = {
    POL_STORE_PERMISSIVE, options, usage, "domain", finish, print};

int sestore_permissive(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &kind, argc, argv);
}
