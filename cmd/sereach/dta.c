/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach dta: sedta's command line and output (setools 4.4.1): transitions
 * out of (or, with -r, into) a type, all shortest paths or all paths up to
 * N steps between two types; --full prints the rules of each transition.
 */
#include <stdio.h>

#include "cli.h"
#include "sereach.h"

// clang-format off
const struct cli_option sereach_dta_options[] = {
	SR_OPT_POLICY,
	SR_OPT_ENDS,
	CLI_FLAG('r', "reverse", "reverse analysis: transitions into the source"),
	CLI_VALUE('l', "limit_trans", "N", "stop after N transitions or paths"),
	CLI_FLAG(OPT_FULL, "full", "print the rules of each transition"),
	CLI_FLAG(OPT_EXACT, "exact", "kernel semantics: setexec/setcurrent on the domain itself,\ntype_transition to the target"),
	CLI_VALUE(OPT_BOOLEANS, "booleans", "STATE", "evaluate conditionals: default, current or\nNAME=on,NAME=off..."),
	CLI_FLAG('v', "verbose", NULL),
	SR_OPT_OUTPUT,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sereach dta [options] -s SOURCE [EXCLUDE...]\n"
    " sereach dta [options] -s SOURCE -t TARGET (-S | -A N) [EXCLUDE...]\n"
    "\n"
    "Domain transition analysis, as setools' sedta: the transitions out of SOURCE\n"
    "(into it with -r), or the transition paths from SOURCE to TARGET. EXCLUDE\n"
    "types are removed as domains and as entrypoints.\n";

static const struct sr_text text;

static void print_transition(struct sr_query *q, uint32_t s, uint32_t t)
{
	struct pol_graph_edge_rules r;

	putchar('\n');
	if (pol_graph_explain(q->g, s, t, &r) < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return;
	}
	if (r.transition[0]) {
		printf("Domain transition rule(s):\n");
		sr_print_rules(r.transition, "");
		if (r.setexec[0]) {
			printf("\nSet execution context rule(s):\n");
			sr_print_rules(r.setexec, "");
		}
		for (size_t i = 0; i < r.nentrypoints; i++) {
			const struct pol_graph_entrypoint *e = &r.entrypoints[i];

			printf("\nEntrypoint %s:\n\tDomain entrypoint rule(s):\n",
			       sr_type(q, e->type));
			sr_print_rules(e->entrypoint, "\t");
			printf("\n\tFile execute rule(s):\n");
			sr_print_rules(e->execute, "\t");
			if (e->type_transition[0]) {
				printf("\n\tType transition rule(s):\n");
				sr_print_rules(e->type_transition, "\t");
			}
			putchar('\n');
		}
	}
	if (r.dyntransition[0]) {
		printf("Dynamic transition rule(s):\n");
		sr_print_rules(r.dyntransition, "");
		printf("\nSet current process context rule(s):\n");
		sr_print_rules(r.setcurrent, "");
		putchar('\n');
	}
	putchar('\n');
	pol_graph_edge_rules_release(&r);
}

static const struct sr_text text = {"Transition", "Domain transition path", "", print_transition};

int sereach_dta(int argc, char **argv)
{
	static struct sr_query q;
	struct pol_graph_opts opts = {0};
	struct pol_err err;
	unsigned int flags;
	long rc = 0;
	int status;

	q.text = &text;
	status = sr_parse(sereach_dta_options, usage, argc, argv, &q);
	if (status >= 0)
		return sr_finish(&q, status);
	if ((status = sr_open(&q)))
		return sr_finish(&q, status);
	opts.exclude = q.exclude_v;
	opts.nexclude = q.nexclude;
	opts.bool_mode = q.bool_mode;
	opts.bool_values = q.bool_values;
	opts.exact = q.exact;
	pol_err_init(&err);
	if ((rc = pol_graph_dta(q.pdb, &opts, &q.g, &err)) < 0) {
		status = cli_report(&err, (int)rc);
		pol_err_release(&err);
		return sr_finish(&q, status);
	}
	pol_err_release(&err);
	flags = q.reverse ? POL_GRAPH_REVERSE : 0;
	if (q.shortest)
		rc = pol_graph_shortest_paths(q.g, q.s, q.t, flags, sr_on_path, &q);
	else if (q.all_paths)
		rc = pol_graph_all_paths(q.g, q.s, q.t, (unsigned int)q.all_paths, flags,
					 sr_on_path, &q);
	else
		pol_graph_neighbours(q.g, q.s, flags, sr_on_step, &q);
	if (rc < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return sr_finish(&q, EXIT_ENV);
	}
	if (!q.json && !q.dot)
		printf(q.target ? "\n%ld domain transition path(s) found.\n"
				: "\n%ld domain transition(s) found.\n",
		       q.found);
	return sr_finish(&q, EXIT_OK);
}
