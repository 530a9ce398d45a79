/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach can SRC read|write TYPE: can SRC, or a domain it can become by
 * transitions, read (write) TYPE, directly by an allow rule or through an
 * information flow? The answer is the shortest chain (transitions, then
 * flow steps) that justifies it; exit 0 when it can, 1 when it cannot.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"

#include "cli.h"
#include "sereach.h"

// clang-format off
const struct cli_option sereach_can_options[] = {
	SR_OPT_POLICY,
	CLI_VALUE('m', "map", "FILE", "permission map (default: sekit's)"),
	CLI_VALUE('w', "min_weight", "N", "minimum permission weight of a flow step, 1-10\n(default 3)"),
	CLI_FLAG(OPT_DIRECT, "direct", "only allow rules of the domains reached: no flow\nthrough other types"),
	CLI_VALUE(OPT_BOOLEANS, "booleans", "STATE", "evaluate conditionals: default, current or\nNAME=on,NAME=off..."),
	CLI_FLAG(OPT_EXACT, "exact", "transitions with kernel semantics (as dta --exact)"),
	SR_OPT_ROLES,
	CLI_FLAG(OPT_FULL, "full", "print the rules of each step"),
	SR_OPT_ANSWER,
};
// clang-format on

static const char usage[] =
    " sereach can [options] SOURCE read|write TYPE\n"
    "\n"
    "Can SOURCE, or a domain it can become by transitions, read (write) TYPE by\n"
    "an allow rule or an information flow? Prints the shortest chain; exit 0 if\n"
    "it can, 1 if it cannot.\n";

struct reach {
	uint32_t **path; /* per type value - 1: a shortest path from the start */
	uint32_t *len;	 /* nodes in it, 0: not reached */
};

static int keep_path(const uint32_t *path, size_t n, void *data)
{
	struct reach *r = data;
	uint32_t v = path[n - 1] - 1;

	r->path[v] = malloc(n * sizeof(*path));
	if (!r->path[v])
		return 1;
	memcpy(r->path[v], path, n * sizeof(*path));
	r->len[v] = (uint32_t)n;
	return 0;
}

static int reach_new(struct reach *r, uint32_t n)
{
	r->path = calloc(n, sizeof(*r->path));
	r->len = calloc(n, sizeof(*r->len));
	return r->path && r->len ? 0 : -ENOMEM;
}

static void reach_free(struct reach *r, uint32_t n)
{
	for (uint32_t i = 0; r->path && i < n; i++)
		free(r->path[i]);
	free(r->path);
	free(r->len);
}

static void print_step_rules(struct sr_query *q, struct pol_graph *g, uint32_t s, uint32_t t)
{
	struct pol_graph_edge_rules r;

	if (pol_graph_explain(g, s, t, &r) < 0)
		return;
	sr_print_rules(r.rules, "    ");
	sr_print_rules(r.transition, "    ");
	sr_print_rules(r.setexec, "    ");
	for (size_t i = 0; i < r.nentrypoints; i++) {
		sr_print_rules(r.entrypoints[i].entrypoint, "    ");
		sr_print_rules(r.entrypoints[i].execute, "    ");
		sr_print_rules(r.entrypoints[i].type_transition, "    ");
	}
	sr_print_rules(r.dyntransition, "    ");
	sr_print_rules(r.setcurrent, "    ");
	pol_graph_edge_rules_release(&r);
	(void)q;
}

static struct json_object *json_step(struct sr_query *q, struct pol_graph *g, uint32_t s,
				     uint32_t t, bool flow)
{
	struct json_object *o = json_object_new_object();

	pol_json_add_str(o, "source", sr_type(q, s));
	pol_json_add_str(o, "target", sr_type(q, t));
	if (flow)
		json_object_object_add(o, "weight",
				       json_object_new_int((int)pol_graph_weight(g, s, t)));
	return o;
}

/* The two graphs: domain transitions and information flow. An exit status. */
static int can_graphs(struct sr_query *q, struct pol_graph **gd, struct pol_graph **gf)
{
	struct pol_graph_opts opts = {0};
	struct pol_permmap *map = NULL;
	struct pol_err err;
	int rc, status = EXIT_OK;

	opts.bool_mode = q->bool_mode;
	opts.bool_values = q->bool_values;
	opts.exact = q->exact;
	opts.role = q->role;
	opts.user = q->user;
	opts.min_weight = (unsigned int)q->min_weight;
	pol_err_init(&err);
	rc = pol_graph_dta(q->pdb, &opts, gd, &err);
	if (rc >= 0)
		rc = pol_permmap_load(q->map, &map, &err);
	if (rc >= 0)
		rc = pol_graph_flow(q->pdb, map, &opts, gf, &err);
	pol_permmap_free(map);
	if (rc < 0)
		status = cli_report(&err, rc);
	pol_err_release(&err);
	return status;
}

/* The domain SOURCE can become whose flow to (read) or from (write) TYPE
 * is the shortest, transitions and flows together (1-based, 0: none): the
 * domains SOURCE can become (and SOURCE itself, a path of one) in rd, the
 * types TYPE's information reaches (read) or that reach it (write) in rf.
 * -ENOMEM. */
static int can_best(struct sr_query *q, struct pol_graph *gd, struct pol_graph *gf, bool write,
		    struct reach *rd, struct reach *rf, uint32_t *best)
{
	uint32_t n = pol_graph_type_count(gd), best_cost = UINT32_MAX;

	if (pol_graph_reachable(gd, q->s, 0, 0, keep_path, rd) < 0 || keep_path(&q->s, 1, rd))
		return -ENOMEM;
	if (pol_graph_reachable(gf, q->t, q->direct ? 1 : 0, write ? POL_GRAPH_REVERSE : 0,
				keep_path, rf) < 0 ||
	    keep_path(&q->t, 1, rf))
		return -ENOMEM;
	*best = 0;
	for (uint32_t v = 0; v < n; v++) {
		uint32_t cost;

		if (!rd->len[v] || !rf->len[v])
			continue;
		cost = rd->len[v] + rf->len[v];
		if (cost < best_cost || (cost == best_cost && rd->len[v] < rd->len[*best - 1])) {
			best_cost = cost;
			*best = v + 1;
		}
	}
	return 0;
}

static void can_print_json(struct sr_query *q, struct pol_graph *gd, struct pol_graph *gf,
			   const char *access, bool write, const struct reach *rd,
			   const struct reach *rf, uint32_t best)
{
	struct json_object *doc = pol_json_document("sereach");
	struct json_object *tr = json_object_new_array(), *fl = json_object_new_array();

	pol_json_add_str(doc, "source", q->source);
	pol_json_add_str(doc, "access", access);
	pol_json_add_str(doc, "target", q->target);
	json_object_object_add(doc, "can", json_object_new_boolean(best != 0));
	if (best) {
		const uint32_t *p = rd->path[best - 1], *f = rf->path[best - 1];
		uint32_t lf = rf->len[best - 1];

		pol_json_add_str(doc, "domain", sr_type(q, best));
		for (uint32_t k = 0; k + 1 < rd->len[best - 1]; k++)
			json_object_array_add(tr, json_step(q, gd, p[k], p[k + 1], false));
		/* read: TYPE -> ... -> domain; write: domain -> ... -> TYPE */
		for (uint32_t k = 0; k + 1 < lf; k++)
			json_object_array_add(
			    fl, write ? json_step(q, gf, f[lf - 1 - k], f[lf - 2 - k], true)
				      : json_step(q, gf, f[k], f[k + 1], true));
	}
	json_object_object_add(doc, "transitions", tr);
	json_object_object_add(doc, "flows", fl);
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
}

static void can_print_text(struct sr_query *q, struct pol_graph *gd, struct pol_graph *gf,
			   const char *access, bool write, const struct reach *rd,
			   const struct reach *rf, uint32_t best)
{
	const uint32_t *p, *f;
	uint32_t lf, step = 0;

	if (!best) {
		printf("%s cannot %s %s\n", q->source, access, q->target);
		return;
	}
	p = rd->path[best - 1];
	f = rf->path[best - 1];
	lf = rf->len[best - 1];
	printf("%s can %s %s:\n", q->source, access, q->target);
	for (uint32_t k = 0; k + 1 < rd->len[best - 1]; k++) {
		printf("Step %u: %s -> %s (transition)\n", ++step, sr_type(q, p[k]),
		       sr_type(q, p[k + 1]));
		if (q->full)
			print_step_rules(q, gd, p[k], p[k + 1]);
	}
	for (uint32_t k = 0; k + 1 < lf; k++) {
		uint32_t s = write ? f[lf - 1 - k] : f[k], t = write ? f[lf - 2 - k] : f[k + 1];

		printf("Step %u: %s -> %s (flow, weight %u)\n", ++step, sr_type(q, s),
		       sr_type(q, t), pol_graph_weight(gf, s, t));
		if (q->full)
			print_step_rules(q, gf, s, t);
	}
	if (lf == 1)
		printf("(%s is %s itself)\n", sr_type(q, best), q->target);
}

int sereach_can(void *ctx, int argc, char **argv)
{
	static struct sr_query q;
	struct pol_graph *gd = NULL, *gf = NULL;
	struct reach rd = {0}, rf = {0};
	bool write = false, json;
	const char *access;
	uint32_t n = 0, best = 0;
	int status;

	(void)ctx;
	q.flow = true;
	if ((status = sr_getopt(sereach_can_options, usage, argc, argv, &q)) >= 0)
		return status;
	if (argc - optind != 3)
		return cli_usage_error("expected SOURCE read|write TYPE");
	access = argv[optind + 1];
	if (strcmp(access, "write") == 0)
		write = true;
	else if (strcmp(access, "read") != 0)
		return cli_usage_error("'%s': expected 'read' or 'write'", access);
	q.source = argv[optind];
	q.target = argv[optind + 2];
	q.exclude = calloc(1, sizeof(*q.exclude));
	if (!q.exclude)
		return EXIT_ENV;
	/* sr_open resolves both names and the booleans */
	json = q.json;
	q.json = false;
	status = sr_open(&q);
	q.json = json;
	if (status == 0)
		status = can_graphs(&q, &gd, &gf);
	if (status)
		goto out;
	n = pol_graph_type_count(gd);
	if (reach_new(&rd, n) < 0 || reach_new(&rf, n) < 0 ||
	    can_best(&q, gd, gf, write, &rd, &rf, &best) < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		status = EXIT_ENV;
		goto out;
	}
	status = best ? EXIT_OK : EXIT_NOMATCH;
	if (q.quiet)
		goto out;
	if (q.json)
		can_print_json(&q, gd, gf, access, write, &rd, &rf, best);
	else
		can_print_text(&q, gd, gf, access, write, &rd, &rf, best);
out:
	reach_free(&rd, n);
	reach_free(&rf, n);
	pol_graph_free(gd);
	pol_graph_free(gf);
	q.g = NULL;
	status = sr_finish(&q, status);
	return cli_finish_stdout(status);
}
