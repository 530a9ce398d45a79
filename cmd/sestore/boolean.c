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

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore boolean -m --on|--off NAME\n"
	      " sestore boolean -d NAME\n"
	      " sestore boolean -l|-C|-D\n"
	      "\n"
	      "Set a boolean's persistent value, as semanage boolean -m and setsebool -P do\n"
	      "(the running value too when the store is the running policy's).\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	if (!sc->noheading)
		printf("%-40s %-7s %s\n\n", "SELinux boolean", "Value", "Where");
	for (size_t i = 0; i < l->n; i++)
		printf("%-40s %-7s %s\n", l->recs[i].name, l->recs[i].value ? "on" : "off",
		       l->recs[i].local ? "local" : "policy");
}

int sestore_boolean(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct sestore_req r = {.rec = {.kind = POL_STORE_BOOLEAN}};
	int c, st, value = -1;

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
		case '1':
		case '0':
			if (value >= 0 && value != (c == '1'))
				return cli_usage_error("--on and --off cannot be combined");
			value = c == '1';
			break;
		case 'h':
			return usage();
		default:
			return EXIT_USAGE;
		}
	}
	if (r.action == 'a')
		r.action = 'm';
	if (r.action == 'l' || r.action == 'D') {
		if (optind < argc)
			return cli_usage_error("unexpected argument '%s'", argv[optind]);
		return sestore_run(sc, POL_STORE_BOOLEAN, &r, print);
	}
	if (optind + 1 != argc)
		return cli_usage_error(optind < argc ? "one boolean expected" : "no boolean given");
	if (r.action == 'm' && value < 0)
		return cli_usage_error("no value: give --on or --off");
	r.rec.name = argv[optind];
	r.rec.value = value == 1;
	return sestore_run(sc, POL_STORE_BOOLEAN, &r, print);
}
