/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore dontaudit on|off: semanage dontaudit. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore dontaudit on|off\n"
	      "\n"
	      "Enable or disable the policy's dontaudit rules, as semanage dontaudit does\n"
	      "(a rebuild of the whole policy). Already so: no change.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

int sestore_dontaudit(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_store *st;
	struct pol_err err;
	int c, status, rc;
	bool on;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		if (c == 'h')
			return usage();
		return EXIT_USAGE;
	}
	if (optind + 1 != argc)
		return cli_usage_error(optind < argc ? "one word expected" : "give on or off");
	if (strcmp(argv[optind], "on") != 0 && strcmp(argv[optind], "off") != 0)
		return cli_usage_error("invalid value '%s': give on or off", argv[optind]);
	on = strcmp(argv[optind], "on") == 0;
	status = sestore_open(sc, 0, &st);
	if (status)
		return status;
	sestore_err_init(sc, &err);
	rc = pol_store_set_dontaudit(st, on, &err);
	if (rc >= 0)
		rc = pol_store_commit(st, &err);
	pol_store_free(st);
	return sestore_report(sc, &err, rc);
}
