/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sereach: domain-transition and information-flow reachability. */
#include <stdio.h>

#include "cli.h"
#include "heap.h"
#include "sereach.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_HELP_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};

static const struct cli_command commands[] = {
	{ "dta", sereach_dta, "domain transitions out of or into a type, and paths between two", NULL },
	{ "flow", sereach_flow, "information flows out of or into a type, and paths between two", NULL },
	{ "can", sereach_can, "can a domain, or one it can become, read or write a type?", NULL },
	{ "check", sereach_check, "reachability assertions from a file, for CI", NULL },
	/* hidden: what the bash and zsh completions ask */
	{ "__complete", sereach_complete, NULL, NULL },
	CLI_COMMAND_END,
};
// clang-format on

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
	       "\n",
	       cli_name());
	cli_print_commands(commands);
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
			return cli_list_commands(commands);
		default:
			return EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_usage_error("no command given");
	return cli_run_command(commands, NULL, argc - optind, argv + optind);
}
