/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl: drive the kernel's SELinux enforcer through selinuxfs. */
#include <stdio.h>

#include "cli.h"
#include "sectl.h"

// clang-format off
const struct cli_command sectl_commands[] = {
	{ "status", sectl_status, "SELinux status, like sestatus (-b: booleans)", NULL },
	{ "mode", sectl_mode, "show or set enforcing/permissive", NULL },
	{ "load", sectl_load, "validate and load a binary policy", NULL },
	{ "bool", sectl_bool, "show, set and commit booleans", NULL },
	{ "access", sectl_access, "the kernel's access decision for SCON TCON CLASS", NULL },
	{ "create", sectl_compute, "the label of a new object (type_transition)", NULL },
	{ "relabel", sectl_compute, "the label after a relabel (type_change)", NULL },
	{ "member", sectl_compute, "the label of a polyinstantiated member (type_member)", NULL },
	{ "context", sectl_context, "check and canonicalise contexts; initial SIDs", NULL },
	{ "avc", sectl_avc, "access vector cache statistics", NULL },
	CLI_COMMAND_END,
};

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
	       "\n",
	       cli_name());
	cli_print_commands(sectl_commands);
	printf("\n");
	cli_print_options(options);
	printf("\n"
	       "Run '%1$s <command> --help' for a command's options. See sectl(1).\n",
	       cli_name());
	return EXIT_OK;
}

/* The command argv[0] names; under --json, one document of diagnostics for
 * the run. */
static int run_command(struct sectl *sc, int argc, char **argv)
{
	int status;

	sc->in_command = true;
	cli_collect_reports();
	status = cli_run_command(sectl_commands, sc, argc, argv);
	cli_flush_reports();
	return status;
}

int main(int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(options, "+");
	struct sectl sc = { 0 };
	int c;

	cli_init(argv[0]);
	while ((c = sectl_getopt(&sc, &g, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			return usage();
		case 'V':
			return cli_version();
		case CLI_LIST_COMMANDS:
			return cli_list_commands(sectl_commands);
		default:
			return EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_usage_error("no command given");
	return run_command(&sc, argc - optind, argv + optind);
}
