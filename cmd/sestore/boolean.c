/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore boolean: semanage boolean's persistent values (setsebool -P). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sestore.h"

enum { O_ON = 512, O_OFF };

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_FLAG('1', "on", "set the boolean on"),
	CLI_FLAG('0', "off", "set the boolean off"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sestore boolean -m --on|--off NAME\n"
    " sestore boolean -d NAME\n"
    " sestore boolean -l|-C|-D\n"
    "\n"
    "Set a boolean's persistent value, as semanage boolean -m and setsebool -P do\n"
    "(the running value too when the store is the running policy's).\n"
    "\n";

static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	if (!sc->noheading)
		printf("%-40s %-7s %s\n\n", "SELinux boolean", "Value", "Where");
	for (size_t i = 0; i < l->n; i++)
		printf("%-40s %-7s %s\n", l->recs[i].name, l->recs[i].value ? "on" : "off",
		       l->recs[i].local ? "local" : "policy");
}

/* -a is -m, as semanage boolean's; -m needs a value */
static int finish(struct sestore_req *r, const char *arg)
{
	if (r->action == 'a')
		r->action = 'm';
	if (arg && r->action == 'm' && r->value < 0)
		return cli_usage_error("no value: give --on or --off");
	r->rec.value = r->value == 1;
	return EXIT_OK;
}

static const struct sestore_kind kind = {POL_STORE_BOOLEAN, options, usage,
					 "boolean",	    finish,  print};

int sestore_boolean(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &kind, argc, argv);
}
