/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sereach: domain-transition and information-flow reachability. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "heap.h"
#include "sereach.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_HELP_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};
// clang-format on

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} commands[] = {
    {"dta", sereach_dta, "domain transitions out of or into a type, and paths between two"},
    {"flow", sereach_flow, "information flows out of or into a type, and paths between two"},
    {"can", sereach_can, "can a domain, or one it can become, read or write a type?"},
    {"check", sereach_check, "reachability assertions from a file, for CI"},
    {NULL, NULL, NULL},
};

static int usage(void)
{
	printf("Usage:\n"
	       " %1$s dta  -s SOURCE [-t TARGET -S | -A N] [options] [EXCLUDE...]\n"
	       " %1$s flow -s SOURCE [-t TARGET -S | -A N] [options] [EXCLUDE...]\n"
	       " %1$s can [options] SOURCE read|write TYPE\n"
	       " %1$s check [options] FILE\n"
	       "\n"
	       "Which domains a domain can become (dta, as sedta) and where information\n"
	       "can flow (flow, as seinfoflow), over a binary SELinux policy.\n"
	       "\n"
	       "Commands:\n",
	       cli_name());
	for (size_t i = 0; commands[i].name; i++)
		printf("  %-6s %s\n", commands[i].name, commands[i].summary);
	printf("\n");
	cli_print_options(options);
	printf("\nRun '%s <command> --help' for a command's options. See sereach(1).\n",
	       cli_name());
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(options, "+");
	int c;

	cli_init(argv[0]);
	/* a reference policy takes about 40 MB once loaded */
	cli_reserve_heap(48u << 20);
	while ((c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			return usage();
		case 'V':
			return cli_version();
		case CLI_LIST_COMMANDS:
			for (size_t i = 0; commands[i].name; i++)
				puts(commands[i].name);
			return EXIT_OK;
		default:
			return EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_usage_error("no command given");
	if (strcmp(argv[optind], "__complete") == 0)
		return sereach_complete(argc - optind, argv + optind);
	for (size_t i = 0; commands[i].name; i++) {
		if (strcmp(argv[optind], commands[i].name) != 0)
			continue;
		/* the command parses its own options from a fresh start */
		argc -= optind;
		argv += optind;
		optind = 0;
		cli_set_command(commands[i].name);
		return commands[i].run(argc, argv);
	}
	return cli_usage_error("unknown command '%s'", argv[optind]);
}
