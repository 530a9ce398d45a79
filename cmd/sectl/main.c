/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl: drive the kernel's SELinux enforcer through selinuxfs. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sectl.h"

const struct sectl_command sectl_commands[] = {
	{ "status", sectl_status, "SELinux status, like sestatus (-b: booleans)" },
	{ "mode", sectl_mode, "show or set enforcing/permissive" },
	{ "load", sectl_load, "validate and load a binary policy" },
	{ "bool", sectl_bool, "show, set and commit booleans" },
	{ "access", sectl_access, "the kernel's access decision for SCON TCON CLASS" },
	{ "create", sectl_compute, "the label of a new object (type_transition)" },
	{ "relabel", sectl_compute, "the label after a relabel (type_change)" },
	{ "member", sectl_compute, "the label of a polyinstantiated member (type_member)" },
	{ "context", sectl_context, "check and canonicalise contexts; initial SIDs" },
	{ "avc", sectl_avc, "access vector cache statistics" },
	{ NULL, NULL, NULL },
};

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sectl_common_options),
	CLI_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};
// clang-format on

static int usage(void)
{
	printf("Usage:\n"
	       " %1$s [options] <command> [arguments]\n"
	       "\n"
	       "Drive the kernel's SELinux enforcer: status, mode, policy load, booleans,\n"
	       "access decisions and context checks, through selinuxfs.\n"
	       "\n"
	       "Commands:\n",
	       cli_name());
	for (const struct sectl_command *c = sectl_commands; c->name; c++)
		printf("  %-8s %s\n", c->name, c->summary);
	printf("\n");
	cli_print_options(options);
	printf("\n"
	       "Run '%1$s <command> --help' for a command's options. See sectl(1).\n",
	       cli_name());
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(options, "+");
	struct sectl sc = { 0 };
	int c, status;

	cli_init(argv[0]);
	while ((c = sectl_getopt(&sc, &g, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			return usage();
		case 'V':
			return cli_version();
		case CLI_LIST_COMMANDS:
			for (const struct sectl_command *cmd = sectl_commands; cmd->name; cmd++)
				printf("%s\t%s\n", cmd->name, cmd->summary);
			return EXIT_OK;
		default:
			return EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_usage_error("no command given");
	for (const struct sectl_command *cmd = sectl_commands; cmd->name; cmd++) {
		if (strcmp(argv[optind], cmd->name) != 0)
			continue;
		/* the command parses its own options from a fresh start */
		argc -= optind;
		argv += optind;
		optind = 0;
		cli_set_command(cmd->name);
		sc.in_command = true;
		/* under --json, one document of diagnostics for the run */
		cli_collect_reports();
		status = cmd->run(&sc, argc, argv);
		cli_flush_reports();
		return status;
	}
	return cli_usage_error("unknown command '%s'", argv[optind]);
}
