/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore: customise the installed policy's store through libsemanage. */
#include <stdio.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
const struct cli_command sestore_commands[] = {
	{ "fcontext", sestore_fcontext, "file-context specifications and equivalences", NULL },
	{ "port", sestore_port, "port and port-range labels", NULL },
	{ "boolean", sestore_boolean, "persistent boolean values", NULL },
	{ "login", sestore_login, "Linux logins mapped to SELinux users", NULL },
	{ "user", sestore_user, "SELinux users: roles, MLS range and level, prefix", NULL },
	{ "node", sestore_node, "network node (address and mask) labels", NULL },
	{ "interface", sestore_interface, "network interface labels", NULL },
	{ "permissive", sestore_permissive, "permissive domains", NULL },
	{ "dontaudit", sestore_dontaudit, "turn the policy's dontaudit rules on or off", NULL },
	{ "apply", sestore_apply, "make the changes of a file (semanage export's lines) in one transaction", NULL },
	{ "export", sestore_export, "print the local customisations as semanage export does", NULL },
	{ "module", sestore_module, "install, remove, enable, disable and list modules (semodule)", NULL },
	{ "__complete", sestore_complete, NULL, NULL },
	CLI_COMMAND_END,
};

static const struct cli_option options[] = {
	CLI_GROUP(sestore_common_options),
	CLI_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};
// clang-format on

static int run_command(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	int status;

	sc->in_command = true;
	cli_collect_reports();
	status = cli_run_command(sestore_commands, sc, argc, argv);
	cli_flush_reports();
	return status;
}

static int parse_option(void *ctx, struct cli_getopt *g, int argc, char **argv)
{
	return sestore_getopt(ctx, g, argc, argv);
}

// clang-format off
static const struct cli_tool tool = {
	.about = "Customise the installed policy: file contexts, ports, booleans, logins, users,\n"
		 "nodes, interfaces, permissive domains, modules and dontaudit rules, changed in\n"
		 "one libsemanage transaction, as semanage does.\n",
	.synopsis = (const char *const[]){ "[options] <command> [arguments]", NULL },
	.man = "sestore", .options = options, .commands = sestore_commands,
	.getopt = parse_option, .run = run_command,
};
// clang-format on

int main(int argc, char **argv)
{
	struct sestore sc = {0};

	cli_init(argv[0]);
	return cli_main_commands(&tool, &sc, argc, argv);
}
