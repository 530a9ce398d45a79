/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach flow: seinfoflow's command line and output (setools 4.4.1): flows
 * out of (or, with -r, into) a type, all shortest paths or all paths up to
 * N steps between two types, over a permission map's weights.
 */
#include <stdio.h>

#include "cli.h"
#include "sereach.h"

// clang-format off
const struct cli_option sereach_flow_options[] = {
	SR_OPT_POLICY,
	CLI_VALUE('m', "map", "FILE", "permission map (default: sekit's)"),
	SR_OPT_ENDS,
	CLI_FLAG('r', "reverse", "flows into the source (no effect with a target)"),
	CLI_VALUE('w', "min_weight", "N", "minimum permission weight, 1-10 (default 3)"),
	CLI_VALUE('l', "limit_flows", "N", "stop after N flows or paths"),
	CLI_VALUE('b', NULL, "STATE", "seinfoflow's booleans: default or NAME:true,NAME:false..."),
	CLI_VALUE(OPT_BOOLEANS, "booleans", "STATE", "evaluate conditionals, weights from enabled rules:\ndefault, current or NAME=on,NAME=off..."),
	CLI_FLAG(OPT_FULL, "full", "print the rules of each flow"),
	CLI_FLAG('v', "verbose", "list the permissions the map does not mention"),
	SR_OPT_OUTPUT,
};
// clang-format on

static const char usage[] =
    " sereach flow [options] -s SOURCE [EXCLUDE...]\n"
    " sereach flow [options] -s SOURCE -t TARGET (-S | -A N) [EXCLUDE...]\n"
    "\n"
    "Information flow analysis, as setools' seinfoflow: the flows out of SOURCE\n"
    "(into it with -r), or the flow paths from SOURCE to TARGET, through edges\n"
    "whose permission weight is at least -w. EXCLUDE types are left out.\n";

static void print_rules(struct sr_query *q, uint32_t s, uint32_t t)
{
	struct pol_graph_edge_rules r;

	if (pol_graph_explain(q->g, s, t, &r) < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return;
	}
	sr_print_rules(r.rules, "    ");
	putchar('\n');
	pol_graph_edge_rules_release(&r);
}

const struct sr_text sr_flow_text = {"Flow", "Flow", "  ", print_rules};

static void unmapped(const char *tclass, const char *perm, void *data)
{
	(void)data;
	fprintf(stderr, "%s: warning: permission '%s' of class '%s' is not in the map: no flow\n",
		cli_name(), perm, tclass);
}

int sereach_flow(void *ctx, int argc, char **argv)
{
	static struct sr_query q;
	struct pol_graph_opts opts = {0};
	struct pol_permmap *map = NULL;
	struct pol_err err;
	long rc = 0;
	int status;

	(void)ctx;
	q.flow = true;
	q.text = &sr_flow_text;
	status = sr_parse(sereach_flow_options, usage, argc, argv, &q);
	if (status >= 0)
		return sr_finish(&q, status);
	if (q.target)
		q.reverse = false; /* -r has no effect on paths (seinfoflow 4.4.3+) */
	if ((status = sr_open(&q)))
		return sr_finish(&q, status);
	pol_err_init(&err);
	rc = pol_permmap_load(q.map, &map, &err);
	if (rc < 0) {
		status = cli_report(&err, (int)rc);
		pol_err_release(&err);
		return sr_finish(&q, status);
	}
	{
		size_t n = pol_permmap_unmapped(map, q.pdb, q.verbose ? unmapped : NULL, NULL);

		if (n && !q.verbose)
			fprintf(stderr,
				"%s: warning: %zu permissions of the policy are not in the map and "
				"make no flow (-v lists them)\n",
				cli_name(), n);
	}
	opts.exclude = q.exclude_v;
	opts.nexclude = q.nexclude;
	opts.min_weight = (unsigned int)q.min_weight;
	opts.bool_mode = q.bool_mode;
	opts.bool_values = q.bool_values;
	rc = pol_graph_flow(q.pdb, map, &opts, &q.g, &err);
	pol_permmap_free(map);
	if (rc < 0) {
		status = cli_report(&err, (int)rc);
		pol_err_release(&err);
		return sr_finish(&q, status);
	}
	pol_err_release(&err);
	if (q.shortest)
		rc = pol_graph_shortest_paths(q.g, q.s, q.t, 0, sr_on_path, &q);
	else if (q.all_paths)
		rc = pol_graph_all_paths(q.g, q.s, q.t, (unsigned int)q.all_paths, 0, sr_on_path,
					 &q);
	else
		pol_graph_neighbours(q.g, q.s, q.reverse ? POL_GRAPH_REVERSE : 0, sr_on_step, &q);
	if (rc < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return sr_finish(&q, EXIT_ENV);
	}
	if (!q.json && !q.dot)
		printf("\n%ld information flow(s) found.\n", q.found);
	return sr_finish(&q, EXIT_OK);
}
