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
	/* hidden: what the bash and zsh completions ask */
	{ "__complete", sectl_complete, NULL, NULL },
	CLI_COMMAND_END,
};

static const struct cli_option options[] = {
	CLI_GROUP(sectl_common_options),
	CLI_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};
// clang-format on

/* The command argv[0] names; under --json, one document of diagnostics for
 * the run. */
static int run_command(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	int status;

	sc->in_command = true;
	cli_collect_reports();
	status = cli_run_command(sectl_commands, sc, argc, argv);
	cli_flush_reports();
	return status;
}

/* sectl's common options, before the command too */
static int parse_option(void *ctx, struct cli_getopt *g, int argc, char **argv)
{
	return sectl_getopt(ctx, g, argc, argv);
}

// clang-format off
static const struct cli_tool tool = {
	.about = "Drive the kernel's SELinux enforcer: status, mode, policy load, booleans,\n"
		 "access decisions and context checks, through selinuxfs.\n",
	.synopsis = (const char *const[]){ "[options] <command> [arguments]", NULL },
	.man = "sectl", .options = options, .commands = sectl_commands,
	.getopt = parse_option, .run = run_command,
};
// clang-format on

int main(int argc, char **argv)
{
	struct sectl sc = {0};

	cli_init(argv[0]);
	return cli_main_commands(&tool, &sc, argc, argv);
}
