/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery: who can access what, over binary SELinux policies. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "heap.h"
#include "sequery.h"

const struct sequery_command sequery_commands[] = {
	{ "rules", sequery_rules, "search rules (sesearch's options and output)",
	  sequery_rules_options },
	{ "info", sequery_info, "list and count policy components (seinfo's options and output)",
	  sequery_info_options },
	{ "who-can", sequery_who_can, "which domains may use permissions on a type",
	  sequery_who_can_options },
	{ "what-can", sequery_what_can, "what a domain may do, by class and target",
	  sequery_what_can_options },
	{ "shell", sequery_shell, "load the policy once and run many commands", NULL },
	/* hidden: what the bash and zsh completions ask */
	{ "__complete", sequery_complete, NULL, NULL },
	{ NULL, NULL, NULL, NULL },
};

const struct ap_option *sequery_command_options(const char *name)
{
	for (const struct sequery_command *c = sequery_commands; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c->options;
	return NULL;
}

static int usage(void)
{
	printf("Usage:\n"
	       " %1$s [options] <command> [arguments] [POLICY]\n"
	       "\n"
	       "Answer who-can-access-what questions about a binary SELinux policy.\n"
	       "Without POLICY, the loaded policy is used, or else the installed one.\n"
	       "\n"
	       "Commands:\n",
	       cli_name());
	for (const struct sequery_command *c = sequery_commands; c->name; c++)
		if (c->summary)
			printf("  %-9s %s\n", c->name, c->summary);
	printf("\n"
	       "Options:\n"
	       "  -P, --policy=FILE  query this policy instead of the system's\n"
	       "      --json         machine-readable output (see sequery(1))\n"
	       "  -q, --quiet        print nothing; the exit status is the answer\n"
	       "  -v, --verbose      more detail on stderr\n"
	       "  -h, --help         display this help and exit\n"
	       "  -V, --version      display version and exit\n"
	       "\n"
	       "Run '%1$s <command> --help' for a command's options. See sequery(1).\n",
	       cli_name());
	return EXIT_OK;
}

int sequery_dispatch(struct sequery *sq, int argc, char **argv)
{
	for (const struct sequery_command *c = sequery_commands; c->name; c++)
		if (strcmp(argv[0], c->name) == 0)
			return c->run(sq, argc, argv);
	return cli_usage_error("unknown command '%s'", argv[0]);
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
	static const struct option longopts[] = {
		{ "policy", required_argument, NULL, 'P' },
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	/* Static, so the policy stays reachable at exit: freeing a reference
	 * policy's tables costs a third of a query's time and the kernel
	 * reclaims it anyway (leak checkers see reachable memory, no leak). */
	static struct sequery sq;
	int c, status;

	cli_init(argv[0]);
	/* a reference policy takes about 40 MB once loaded */
	cli_reserve_heap(48u << 20);
	while ((c = getopt_long(argc, argv, "+P:qvhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'P':
			sq.policy = optarg;
			break;
		case 'j':
			sq.json = true;
			break;
		case 'q':
			sq.quiet = true;
			break;
		case 'v':
			sq.verbose++;
			break;
		case 'h':
			return usage();
		case 'V':
			return cli_version();
		default:
			return cli_usage_error(NULL);
		}
	}
	if (optind == argc)
		return cli_usage_error("no command given");
	status = sequery_dispatch(&sq, argc - optind, argv + optind);
	return cli_finish_stdout(status);
}
