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

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore login -a|-m [-s USER] [-r RANGE] LOGIN|%GROUP\n"
	      " sestore login -d LOGIN|%GROUP\n"
	      " sestore login -l|-C|-D\n"
	      "\n"
	      "Map a Linux login (or %group) to an SELinux user, as semanage login does.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	if (!sc->noheading)
		printf("%-20s %-20s %-20s\n\n", "Login Name", "SELinux User", "MLS/MCS Range");
	for (size_t i = 0; i < l->n; i++)
		printf("%-20s %-20s %-20s\n", l->recs[i].name, l->recs[i].seuser,
		       l->recs[i].range ? l->recs[i].range : "");
}

int sestore_login(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct sestore_req r = {.rec = {.kind = POL_STORE_LOGIN}};
	int c, st;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		switch (c) {
		case 'a':
		case 'd':
		case 'm':
		case 'l':
		case 'C':
		case 'D':
			if ((st = sestore_action(&r, c)))
				return st;
			break;
		case 's':
			r.rec.seuser = optarg;
			break;
		case 'r':
			r.rec.range = optarg;
			break;
		case 'h':
			return usage();
		default:
			return EXIT_USAGE;
		}
	}
	if (r.action == 'l' || r.action == 'D') {
		if (optind < argc)
			return cli_usage_error("unexpected argument '%s'", argv[optind]);
	} else if (optind + 1 != argc) {
		return cli_usage_error(optind < argc ? "one login expected" : "no login given");
	}
	if (optind < argc)
		r.rec.name = argv[optind];
	return sestore_run(sc, POL_STORE_LOGIN, &r, print);
}
