/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Options, policy, names and output shared by sereach's commands. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "util/atomic.h"
#include "util/json.h"

#include "cli.h"
#include "sereach.h"

static struct pol_pdb *kept_pdb;

struct sr_globals sr_globals;

static int parse_long(const char *opt, const char *v, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(v, &end, 10);
	if (!*v || *end || errno)
		return cli_usage_error("%s: invalid integer '%s'", opt, v);
	return -1;
}

/* --help (usage and the option table) or --version, for every subcommand */
static int help_or_version(int c, const struct cli_option *table, const char *usage)
{
	if (c == 'V')
		return cli_version();
	printf("Usage:\n%s\n", usage);
	cli_print_options(table);
	printf("\nSee sereach(1).\n");
	return EXIT_OK;
}

/* --why-not SOURCE TARGET [EXCLUDE...], or with -s and -t */
static int why_not_args(struct sr_query *q)
{
	if (!q->source && !q->target && q->nexclude >= 2) {
		q->source = q->exclude[0];
		q->target = q->exclude[1];
		q->exclude += 2;
		q->nexclude -= 2;
		q->exclude_shift = 2;
	}
	if (!q->source || !q->target)
		return cli_usage_error("--why-not needs a source and a target type");
	if (q->shortest || q->all_paths || q->reverse)
		return cli_usage_error("--why-not cannot be used with -S, -A or -r");
	if (q->dot || q->svg)
		return cli_usage_error("--why-not and --%s cannot be used together",
				       q->dot ? "dot" : "svg");
	return -1;
}

/* --svg FILE is --dot's graph through Graphviz, which must be there */
static int svg_arg(struct sr_query *q)
{
	if (q->json)
		return cli_usage_error("--json and --svg cannot be used together");
	if (!sr_svg_available()) {
		fprintf(stderr,
			"%s: --svg: graphviz's dot is not installed (apt-get install graphviz); "
			"--dot prints the graph as text\n",
			cli_name());
		return EXIT_ENV;
	}
	q->dot = true;
	return -1;
}

int sr_getopt(const struct cli_option *table, const char *usage, int argc, char **argv,
	      struct sr_query *q)
{
	struct cli_getopt g = CLI_GETOPT_INIT(table, "");
	int c, status = -1;

	q->min_weight = 3;
	while (status < 0 && (c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'p':
			q->policy = optarg;
			break;
		case 's':
			q->source = optarg;
			break;
		case 't':
			q->target = optarg;
			break;
		case 'S':
			q->shortest = true;
			break;
		case 'A':
			status = parse_long("-A/--all_paths", optarg, &q->all_paths);
			if (status < 0 && q->all_paths < 1)
				status = cli_usage_error("-A/--all_paths: the maximum number of "
							 "steps must be positive");
			break;
		case 'r':
			q->reverse = true;
			break;
		case 'l':
			status = parse_long("-l", optarg, &q->limit);
			if (status < 0 && q->limit < 0)
				status = cli_usage_error("-l: the limit cannot be negative");
			break;
		case OPT_FULL:
			q->full = true;
			break;
		case OPT_STATS:
			q->stats = true;
			break;
		case 'v':
			q->verbose = true;
			break;
		case OPT_DEBUG:
			break;
		case 'h':
		case 'V':
			status = help_or_version(c, table, usage);
			break;
		case OPT_JSON:
			q->json = true;
			break;
		case OPT_DOT:
			q->dot = true;
			break;
		case OPT_SVG:
			q->svg = optarg;
			break;
		case 'm':
			q->map = optarg;
			break;
		case 'w':
			status = parse_long("-w/--min_weight", optarg, &q->min_weight);
			if (status < 0 && (q->min_weight < 1 || q->min_weight > 10))
				status = cli_usage_error("-w/--min_weight: the minimum weight must "
							 "be an integer 1-10");
			break;
		case 'b':
			q->bools_setools = optarg;
			break;
		case OPT_BOOLEANS:
			q->booleans = optarg;
			break;
		case OPT_EXACT:
			q->exact = true;
			break;
		case OPT_WHY_NOT:
			q->why_not = true;
			break;
		case OPT_DIRECT:
			q->direct = true;
			break;
		case 'q':
			q->quiet = true;
			break;
		case OPT_ROLE:
			q->role = optarg;
			q->exact = true;
			break;
		case OPT_USER:
			q->user = optarg;
			q->exact = true;
			break;
		default:
			status = EXIT_USAGE; /* cli_getopt() said why */
			break;
		}
	}
	/* the global options, given before the command word or inherited */
	if (!q->policy)
		q->policy = sr_globals.policy;
	q->json |= sr_globals.json;
	q->quiet |= sr_globals.quiet;
	q->verbose |= sr_globals.verbose;
	if (q->quiet)
		cli_set_quiet(true);
	return status;
}

int sr_parse(const struct cli_option *table, const char *usage, int argc, char **argv,
	     struct sr_query *q)
{
	int status;

	q->exclude = calloc((size_t)argc + 1, sizeof(*q->exclude));
	if (!q->exclude)
		return EXIT_ENV;
	if ((status = sr_getopt(table, usage, argc, argv, q)) >= 0)
		return status;
	/* -q: the exit status is the answer (dta and flow print their
	 * results from many places; none of it is wanted) */
	if (q->quiet && !freopen("/dev/null", "w", stdout))
		return EXIT_ENV;
	for (int i = optind; i < argc; i++)
		q->exclude[q->nexclude++] = argv[i];
	if (q->why_not)
		return why_not_args(q);
	if (!q->source)
		return cli_usage_error("the source type (-s) is required");
	if (!q->target && (q->shortest || q->all_paths))
		return cli_usage_error("the target type must be specified to determine a path");
	if (q->target && !(q->shortest || q->all_paths))
		return cli_usage_error(q->flow
					   ? "a target type is not used for flows in/out of a type"
					   : "an algorithm (-S or -A) must be specified to "
					     "determine a path");
	if (q->shortest && q->all_paths)
		return cli_usage_error("-S and -A cannot be used together");
	if (q->bools_setools && q->booleans)
		return cli_usage_error("-b and --booleans cannot be used together");
	if (q->json && q->dot)
		return cli_usage_error("--json and --dot cannot be used together");
	if (q->svg)
		return svg_arg(q);
	return -1;
}

static int report(struct pol_err *err, int rc)
{
	int status = cli_report(err, rc);

	pol_err_release(err);
	return status;
}

static int type_arg(struct sr_query *q, const char *name, uint32_t *v, bool attr_ok)
{
	struct pol_err err;

	pol_err_init(&err);
	*v = pol_graph_type_value(q->pdb, name);
	if (!*v)
		return report(&err, pol_pdb_unknown(q->pdb, POL_SYM_TYPE, name, &err));
	if (!attr_ok && pol_graph_is_attribute(q->pdb, *v)) {
		pol_err_set(&err, POL_EINVAL, "'%s' is an attribute, not a type", name);
		return report(&err, POL_EINVAL);
	}
	pol_err_release(&err);
	return 0;
}

static int current_bools(struct sr_query *q)
{
	struct pol_kernel *k;
	struct pol_kernel_bool *bools;
	size_t n;
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_graph_bools(q->pdb, "default", false, &q->bool_values, &err);
	if (rc >= 0)
		rc = pol_kernel_open(NULL, &k, &err);
	if (rc >= 0) {
		rc = pol_kernel_bools(k, &bools, &n, &err);
		if (rc < 0)
			pol_kernel_free(k);
	}
	if (rc < 0) {
		/* the values read so far are the caller's no longer */
		free(q->bool_values);
		q->bool_values = NULL;
		rc = cli_report_kernel(&err, rc);
		pol_err_release(&err);
		return rc;
	}
	for (size_t i = 0; i < n; i++)
		pol_graph_bool_set(q->pdb, q->bool_values, bools[i].name, bools[i].active);
	pol_kernel_bools_free(bools, n);
	pol_kernel_free(k);
	pol_err_release(&err);
	return 0;
}

int sr_booleans(struct sr_query *q)
{
	struct pol_err err;
	int rc, status;

	q->bool_mode = POL_GRAPH_BOOLS_IGNORE;
	if (q->bools_setools) {
		pol_err_init(&err);
		rc = pol_graph_bools(q->pdb, q->bools_setools, true, &q->bool_values, &err);
		if (rc < 0)
			return report(&err, rc);
		cli_report(&err, 0); /* the warnings about ignored booleans */
		pol_err_release(&err);
		q->bool_mode = POL_GRAPH_BOOLS_SETOOLS;
	} else if (q->booleans) {
		if (strcmp(q->booleans, "current") == 0) {
			if ((status = current_bools(q)))
				return status;
		} else {
			pol_err_init(&err);
			rc = pol_graph_bools(q->pdb, q->booleans, false, &q->bool_values, &err);
			if (rc < 0)
				return report(&err, rc);
			pol_err_release(&err);
		}
		q->bool_mode = POL_GRAPH_BOOLS_EXACT;
	}
	return 0;
}

int sr_refuse_inputs(const struct pol_pdb *pdb, const char *map, const char *out, const char *other)
{
	const char *inputs[] = {pol_pdb_path(pdb), map, other};
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_atomic_refuse_inputs(out ? out : "-", inputs, 3, &err);
	if (rc < 0)
		return report(&err, rc);
	pol_err_release(&err);
	return 0;
}

int sr_open(struct sr_query *q)
{
	struct pol_err err;
	int rc, status;

	pol_err_init(&err);
	rc = pol_pdb_open_default(q->policy, &q->pdb, &err);
	if (rc < 0)
		return report(&err, rc);
	pol_err_release(&err);
	if ((status = sr_refuse_inputs(q->pdb, q->map, q->svg, NULL)))
		return status;
	if ((status = type_arg(q, q->source, &q->s, false)))
		return status;
	if (q->target && (status = type_arg(q, q->target, &q->t, false)))
		return status;
	q->exclude_v = calloc(q->nexclude + 1, sizeof(*q->exclude_v));
	if (!q->exclude_v)
		return EXIT_ENV;
	for (size_t i = 0; i < q->nexclude; i++)
		if ((status = type_arg(q, q->exclude[i], &q->exclude_v[i], true)))
			return status;
	if ((status = sr_booleans(q)))
		return status;
	if (q->json) {
		q->json_items = json_object_new_array();
		if (!q->json_items)
			return EXIT_ENV;
	}
	if (q->dot) {
		q->dot_out = q->svg ? tmpfile() : stdout;
		if (!q->dot_out) {
			fprintf(stderr, "%s: cannot create a temporary file for --svg: %s\n",
				cli_name(), strerror(errno));
			return EXIT_ENV;
		}
		fprintf(q->dot_out, "digraph sereach {\n\trankdir=LR;\n\tnode [shape=box];\n");
	}
	return 0;
}

const char *sr_type(const struct sr_query *q, uint32_t v)
{
	return pol_graph_type_name(q->pdb, v);
}

void sr_print_rules(char **rules, const char *indent)
{
	for (size_t i = 0; rules && rules[i]; i++)
		printf("%s%s\n", indent, rules[i]);
}

static struct json_object *str_array(char **v)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; a && v && v[i]; i++)
		json_object_array_add(a, json_object_new_string(v[i]));
	return a;
}

/* One step in setools-mcp's shapes: a flow step {source, target, weight,
 * rules}, a transition {source, target, transition_rules, entrypoints,
 * setexec_rules, dyntransition_rules, setcurrent_rules}. */
static struct json_object *json_step(struct sr_query *q, uint32_t s, uint32_t t)
{
	struct json_object *o = json_object_new_object();
	struct pol_graph_edge_rules r;

	if (!o)
		return NULL;
	pol_json_add_str(o, "source", sr_type(q, s));
	pol_json_add_str(o, "target", sr_type(q, t));
	if (q->flow)
		json_object_object_add(o, "weight",
				       json_object_new_int((int)pol_graph_weight(q->g, s, t)));
	if (!q->full || pol_graph_explain(q->g, s, t, &r) < 0)
		return o;
	if (q->flow) {
		json_object_object_add(o, "rules", str_array(r.rules));
	} else {
		struct json_object *eps = json_object_new_array();

		json_object_object_add(o, "transition_rules", str_array(r.transition));
		for (size_t i = 0; eps && i < r.nentrypoints; i++) {
			struct json_object *e = json_object_new_object();

			pol_json_add_str(e, "name", sr_type(q, r.entrypoints[i].type));
			json_object_object_add(e, "entrypoint_rules",
					       str_array(r.entrypoints[i].entrypoint));
			json_object_object_add(e, "execute_rules",
					       str_array(r.entrypoints[i].execute));
			json_object_object_add(e, "type_transition_rules",
					       str_array(r.entrypoints[i].type_transition));
			json_object_array_add(eps, e);
		}
		json_object_object_add(o, "entrypoints", eps);
		json_object_object_add(o, "setexec_rules", str_array(r.setexec));
		json_object_object_add(o, "dyntransition_rules", str_array(r.dyntransition));
		json_object_object_add(o, "setcurrent_rules", str_array(r.setcurrent));
	}
	pol_graph_edge_rules_release(&r);
	return o;
}

/* The real direction of step k of a path found backwards. */
static void step_ends(const uint32_t *path, size_t k, bool reverse_steps, uint32_t *s, uint32_t *t)
{
	*s = reverse_steps ? path[k + 1] : path[k];
	*t = reverse_steps ? path[k] : path[k + 1];
}

void sr_json_path(struct sr_query *q, const uint32_t *path, size_t n, bool reverse_steps)
{
	struct json_object *steps = json_object_new_array();

	for (size_t k = 0; steps && k + 1 < n; k++) {
		uint32_t s, t;

		step_ends(path, k, reverse_steps, &s, &t);
		json_object_array_add(steps, json_step(q, s, t));
	}
	if (q->target) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "path", steps);
		json_object_array_add(q->json_items, o);
	} else if (steps) {
		/* flows or transitions out of/into a type: the steps themselves */
		json_object_array_add(q->json_items,
				      json_object_get(json_object_array_get_idx(steps, 0)));
		json_object_put(steps);
	}
}

static bool sr_take(struct sr_query *q, const uint32_t *path, size_t n, bool reverse_steps)
{
	q->found++;
	if (q->json)
		sr_json_path(q, path, n, reverse_steps);
	else if (q->dot)
		sr_dot_path(q, path, n, reverse_steps);
	return !q->json && !q->dot;
}

static bool sr_at_limit(const struct sr_query *q)
{
	return q->limit && q->found >= q->limit;
}

int sr_on_step(const uint32_t *path, size_t n, void *data)
{
	struct sr_query *q = data;
	uint32_t s = q->reverse ? path[1] : path[0], t = q->reverse ? path[0] : path[1];

	if (sr_take(q, path, n, q->reverse)) {
		printf("%s %ld: %s -> %s\n", q->text->one, q->found, sr_type(q, s), sr_type(q, t));
		if (q->full)
			q->text->full(q, s, t);
	}
	return sr_at_limit(q);
}

/* With -r, a path was searched from the target backwards: its steps are
 * printed in their real direction, as sedta prints them. */
int sr_on_path(const uint32_t *path, size_t n, void *data)
{
	struct sr_query *q = data;

	if (!sr_take(q, path, n, q->reverse))
		return sr_at_limit(q);
	printf("%s %ld:\n", q->text->path, q->found);
	for (size_t k = 0; k + 1 < n; k++) {
		uint32_t s, t;

		step_ends(path, k, q->reverse, &s, &t);
		printf("%sStep %zu: %s -> %s\n", q->text->step, k + 1, sr_type(q, s),
		       sr_type(q, t));
		if (q->full)
			q->text->full(q, s, t);
	}
	/* setools prints no blank line after the path that reaches the limit */
	if (!sr_at_limit(q))
		putchar('\n');
	return sr_at_limit(q);
}

void sr_dot_path(struct sr_query *q, const uint32_t *path, size_t n, bool reverse_steps)
{
	for (size_t k = 0; k + 1 < n; k++) {
		uint32_t s, t;

		step_ends(path, k, reverse_steps, &s, &t);
		if (q->flow)
			fprintf(q->dot_out, "\t\"%s\" -> \"%s\" [label=\"%u\"];\n", sr_type(q, s),
				sr_type(q, t), pol_graph_weight(q->g, s, t));
		else
			fprintf(q->dot_out, "\t\"%s\" -> \"%s\";\n", sr_type(q, s), sr_type(q, t));
	}
}

int sr_finish(struct sr_query *q, int status)
{
	if (status == EXIT_OK && q->g) {
		if (q->json) {
			struct json_object *doc = pol_json_document("sereach");

			json_object_object_add(
			    doc, q->target ? "paths" : (q->flow ? "flows" : "transitions"),
			    json_object_get(q->json_items));
			json_object_object_add(doc, "count", json_object_new_int64(q->found));
			if (q->stats) {
				json_object_object_add(
				    doc, "graph_nodes",
				    json_object_new_int64((int64_t)pol_graph_node_count(q->g)));
				json_object_object_add(
				    doc, "graph_edges",
				    json_object_new_int64((int64_t)pol_graph_edge_count(q->g)));
			}
			pol_json_print(stdout, doc, 1);
			json_object_put(doc);
		} else if (q->dot) {
			fprintf(q->dot_out, "}\n");
		} else if (q->stats) {
			printf("\nGraph statistics:\nGraph nodes: %zu\nGraph edges: %zu\n",
			       pol_graph_node_count(q->g), pol_graph_edge_count(q->g));
		}
		status = q->found ? EXIT_OK : EXIT_NOMATCH;
		/* an empty graph is rendered too, as --dot prints it */
		if (q->svg) {
			int rendered = sr_svg_render(q->dot_out, q->svg);

			if (rendered != EXIT_OK)
				status = rendered;
		}
	}
	if (q->dot_out && q->dot_out != stdout)
		fclose(q->dot_out);
	json_object_put(q->json_items);
	pol_graph_free(q->g);
	/* the policy stays reachable (kept) for the kernel to reclaim, as
	 * sequery does: freeing a reference policy's tables costs more than
	 * the query */
	kept_pdb = q->pdb;
	free(q->exclude - q->exclude_shift);
	free(q->exclude_v);
	free(q->bool_values);
	return status;
}
