/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery: who can access what, over binary SELinux policies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "heap.h"
#include "sequery.h"

// clang-format off
const struct cli_command sequery_commands[] = {
	{ "rules", sequery_rules, "search rules (sesearch's options and output)",
	  sequery_rules_options },
	{ "info", sequery_info, "list and count policy components (seinfo's options and output)",
	  sequery_info_options },
	{ "who-can", sequery_who_can, "which domains may use permissions on a type",
	  sequery_who_can_options },
	{ "what-can", sequery_what_can, "what a domain may do, by class and target",
	  sequery_what_can_options },
	{ "diff", sequery_diff, "what changed between two policies (sediff's options and output)",
	  sequery_diff_options },
	{ "shell", sequery_shell, "load the policy once and run many commands",
	  sequery_shell_options },
	/* hidden: what the bash and zsh completions ask */
	{ "__complete", sequery_complete, NULL, NULL },
	CLI_COMMAND_END,
};
// clang-format on

const struct ap_option *sequery_command_options(const char *name)
{
	const struct cli_command *c = cli_find_command(sequery_commands, name);

	return c ? c->data : NULL;
}

enum { OPT_JSON = 256 };

/* Static, so the policy stays reachable at exit: freeing a reference
 * policy's tables costs a third of a query's time and the kernel
 * reclaims it anyway (leak checkers see reachable memory, no leak). */
static struct sequery state;

// clang-format off
static const struct cli_option options[] = {
	CLI_STRING('P', "policy", "FILE", &state.policy, "query this policy instead of the system's"),
	CLI_BOOL(OPT_JSON, "json", &state.json, "machine-readable output (see sequery(1))"),
	CLI_BOOL('q', "quiet", &state.quiet, "print nothing; the exit status is the answer"),
	CLI_COUNT('v', "verbose", &state.verbose, "more detail on stderr"),
	CLI_HELP_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};
// clang-format on

int sequery_dispatch(struct sequery *sq, int argc, char **argv)
{
	const struct cli_command *c = cli_find_command(sequery_commands, argv[0]);

	if (c && c->data && argc == 2 && strcmp(argv[1], "--list-options") == 0)
		return ap_list_options(c->data);
	return cli_run_command(sequery_commands, sq, argc, argv);
}

static int run_command(void *ctx, int argc, char **argv)
{
	return sequery_dispatch(ctx, argc, argv);
}

// clang-format off
static const struct cli_tool tool = {
	.about = "Answer who-can-access-what questions about a binary SELinux policy.\n"
		 "Without POLICY, the loaded policy is used, or else the installed one.\n",
	.synopsis = (const char *const[]){ "[options] <command> [arguments] [POLICY]", NULL },
	.man = "sequery", .options = options, .commands = sequery_commands, .run = run_command,
};
// clang-format on

int sequery_parse_args(const struct ap_option *opts, int argc, char **argv, struct sequery_args *a,
		       int (*print_usage)(void))
{
	struct ap_item *items;
	int n = ap_parse(opts, argc - 1, argv + 1, &items), status = -1;

	if (n < 0)
		return cli_usage_error(NULL);
	for (int i = 0; i < n && status < 0; i++) {
		switch (items[i].id) {
		case 0:
			if (a->npos == a->max) /* the value is argv's, not items' */
				status =
				    cli_usage_error("unrecognized argument: %s", items[i].value);
			else
				a->pos[a->npos++] = items[i].value;
			break;
		case SQ_ARG_JSON:
			a->json = true;
			break;
		case SQ_ARG_QUIET:
			a->quiet = true;
			break;
		case SQ_ARG_HELP:
			status = print_usage();
			break;
		case SQ_ARG_ALL:
			a->any = false;
			break;
		case SQ_ARG_ANY:
			a->any = true;
			break;
		}
	}
	free(items);
	return status;
}

int sequery_policy(struct sequery *sq, const char *path, struct pol_pdb **pdb)
{
	struct pol_err err;
	int rc;

	if (!path)
		path = sq->policy;
	if (sq->pdb && ((!path && !sq->pdb_arg) ||
			(path && sq->pdb_arg && strcmp(path, sq->pdb_arg) == 0))) {
		*pdb = sq->pdb;
		return 0;
	}
	pol_err_init(&err);
	struct pol_pdb *p;

	rc = pol_pdb_open_default(path, &p, &err);
	if (rc < 0) {
		int status = cli_report(&err, rc);

		pol_err_release(&err);
		return status;
	}
	pol_err_release(&err);
	pol_pdb_free(sq->pdb);
	free(sq->pdb_arg);
	sq->pdb = p;
	sq->pdb_arg = path ? strdup(path) : NULL;
	*pdb = p;
	return 0;
}

int main(int argc, char **argv)
{
	cli_init(argv[0]);
	/* a reference policy takes about 40 MB once loaded */
	cli_reserve_heap(48u << 20);
	return cli_main_commands(&tool, &state, argc, argv);
}
