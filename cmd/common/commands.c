/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "util/err.h"
#include "util/suggest.h"

#include "cli.h"
#include "commands.h"

const struct cli_command *cli_find_command(const struct cli_command *table, const char *name)
{
	for (const struct cli_command *c = table; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

void cli_print_commands(const struct cli_command *table)
{
	int width = 0;

	for (const struct cli_command *c = table; c->name; c++)
		if (c->help && (int)strlen(c->name) > width)
			width = (int)strlen(c->name);
	fputs("Commands:\n", stdout);
	for (const struct cli_command *c = table; c->name; c++)
		if (c->help)
			printf("  %-*s  %s\n", width, c->name, c->help);
}

int cli_list_commands(const struct cli_command *table)
{
	for (const struct cli_command *c = table; c->name; c++)
		if (c->help)
			printf("%s\t%s\n", c->name, c->help);
	return EXIT_OK;
}

int cli_unknown_command(const struct cli_command *table, const char *name)
{
	struct pol_suggest s;
	struct pol_err err;
	int status;

	pol_err_init(&err);
	pol_err_set(&err, POL_EINVAL, "unknown command '%s'", name);
	pol_suggest_init(&s, name);
	for (const struct cli_command *c = table; c->name; c++)
		if (c->help)
			pol_suggest_offer(&s, c->name);
	pol_suggest_note(&s, &err, POL_EINVAL, NULL, 0, 0);
	status = cli_usage_report(&err);
	pol_err_release(&err);
	return status;
}

int cli_run_command(const struct cli_command *table, void *ctx, int argc, char **argv)
{
	const struct cli_command *c = cli_find_command(table, argv[0]);
	const char *outer;
	int status;

	if (!c || !c->run)
		return cli_unknown_command(table, argv[0]);
	outer = cli_set_command(c->help ? c->name : NULL);
	/* the command parses its own options from a fresh start */
	optind = 0;
	status = c->run(ctx, argc, argv);
	cli_set_command(outer);
	return status;
}

static int print_tool_usage(const struct cli_tool *tool)
{
	fputs("Usage:\n", stdout);
	for (const char *const *line = tool->synopsis; *line; line++)
		printf(" %s %s\n", cli_name(), *line);
	printf("\n%s\n", tool->about);
	cli_print_commands(tool->commands);
	printf("\n");
	cli_print_options(tool->options);
	printf("\nRun '%s <command> --help' for a command's options. See %s(1).\n", cli_name(),
	       tool->man);
	return EXIT_OK;
}

int cli_main_commands(const struct cli_tool *tool, void *ctx, int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(tool->options, "+");
	int c;

	/* before the command word and after it */
	cli_set_global_options(tool->options);

	while ((c = tool->getopt ? tool->getopt(ctx, &g, argc, argv)
				 : cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			return print_tool_usage(tool);
		case 'V':
			return cli_version();
		case CLI_LIST_COMMANDS:
			return cli_list_commands(tool->commands);
		default:
			return EXIT_USAGE; /* cli_getopt() said why */
		}
	}
	if (optind == argc)
		return cli_usage_error("no command given");
	argc -= optind;
	argv += optind;
	return tool->run ? tool->run(ctx, argc, argv)
			 : cli_run_command(tool->commands, ctx, argc, argv);
}
