/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What sereach's subcommands share: the options both searches take, the
 * policy and graph they open, and the printers of setools' text output. */
#ifndef SEREACH_H
#define SEREACH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "graph/graph.h"
#include "pdb/pdb.h"

#include "commands.h"
#include "options.h"

struct json_object;

/* Long-only options (ids of cli_option). */
enum {
	OPT_FULL = 256,
	OPT_STATS,
	OPT_DEBUG,
	OPT_JSON,
	OPT_DOT,
	OPT_BOOLEANS,
	OPT_EXACT,
	OPT_VERSION_LONG,
	OPT_DIRECT,
	OPT_WHY_NOT,
	OPT_SVG,
	OPT_ROLE,
	OPT_USER,
};

/* setools' text for what a search finds. */
struct sr_query;
struct sr_text {
	const char *one;  /* "Transition": one out of/into the source */
	const char *path; /* "Domain transition path": a path's header */
	const char *step; /* a step's indent */
	/* --full: the rules of edge s -> t */
	void (*full)(struct sr_query *q, uint32_t s, uint32_t t);
};

// clang-format off
/* Rows both option tables hold. sedta's and seinfoflow's long names, with
 * their underscores, are theirs; -V is ours. */
#define SR_OPT_POLICY \
	CLI_VALUE('p', "policy", "FILE", "the policy to analyse (default: the loaded one,\nelse the installed one)")
#define SR_OPT_ENDS \
	CLI_VALUE('s', "source", "TYPE", "source type of the analysis (required)"), \
	CLI_VALUE('t', "target", "TYPE", "target type (with -S or -A)"), \
	CLI_FLAG('S', "shortest_path", "all shortest paths from source to target"), \
	CLI_VALUE('A', "all_paths", "N", "all paths of at most N steps (printed as found)")
#define SR_OPT_OUTPUT \
	CLI_FLAG(OPT_STATS, "stats", "print the graph's node and edge counts"), \
	CLI_FLAG(OPT_JSON, "json", "one JSON document (setools-mcp's key names)"), \
	CLI_FLAG(OPT_DOT, "dot", "the steps found as a Graphviz DOT graph"), \
	CLI_VALUE(OPT_SVG, "svg", "FILE", "the DOT graph rendered by Graphviz's dot into FILE"), \
	CLI_FLAG(OPT_DEBUG, "debug", NULL), \
	CLI_HELP_VERSION, \
	CLI_END
/* The last rows of can's and check's tables, whose exit status is the answer. */
#define SR_OPT_ANSWER \
	CLI_FLAG('q', "quiet", "print nothing: the exit status is the answer"), \
	CLI_FLAG(OPT_JSON, "json", "one JSON document"), \
	CLI_HELP_VERSION, \
	CLI_END
#define SR_OPT_ROLES \
	CLI_VALUE(OPT_ROLE, "role", "ROLE", "--exact, and only into types a role reachable from\nROLE (by allow ROLE R rules) is authorised for"), \
	CLI_VALUE(OPT_USER, "user", "USER", "--exact, and only into types a role of USER (that\nit can reach) is authorised for")
// clang-format on

struct sr_query {
	const struct sr_text *text;
	bool flow;
	const char *policy, *source, *target, *map, *bools_setools, *booleans;
	const char *svg; /* --svg FILE (--dot's text goes to dot_out) */
	bool shortest, reverse, full, stats, json, dot, exact, verbose, why_not;
	bool quiet, direct; /* can's, check's -q; can's --direct */
	long all_paths; /* 0: not asked */
	long limit;
	long min_weight;
	/* --role, --user (they imply --exact) */
	const char *role, *user;
	const char **exclude;
	size_t nexclude, exclude_shift;
	/* resolved */
	struct pol_pdb *pdb;
	uint32_t s, t;
	uint32_t *exclude_v;
	uint8_t *bool_values;
	enum pol_graph_bool_mode bool_mode;
	struct pol_graph *g;
	/* output state */
	FILE *dot_out; /* stdout, or with --svg a temporary file */
	long found;
	struct json_object *json_items;
};

/* The subcommands (commands.h's run; no state of sereach's own: ctx is
 * NULL). argv[0] is the command's name; they return an exit status. */
int sereach_dta(void *ctx, int argc, char **argv);
int sereach_flow(void *ctx, int argc, char **argv);
int sereach_can(void *ctx, int argc, char **argv);
int sereach_check(void *ctx, int argc, char **argv);
int sereach_complete(void *ctx, int argc, char **argv);

extern const struct cli_option sereach_dta_options[];
extern const struct cli_option sereach_flow_options[];
extern const struct cli_option sereach_can_options[];
extern const struct cli_option sereach_check_options[];
/* setools' wording of a found path (dta, flow) */
extern const struct sr_text sr_dta_text, sr_flow_text;

/* The options of argv against table into q (an option means the same in
 * every command, so one switch serves them all), up to the first operand
 * at optind; q->min_weight defaults to 3. Returns -1 to go on, else an
 * exit status (--help or --version printed, usage error reported). --help
 * prints "Usage:", usage (the synopsis lines and description), then table. */
/* sereach's global options (main.c's table), before the command word or,
 * where the command's table has none of its own, after it. */
struct sr_globals {
	const char *policy;
	bool json, quiet, verbose;
};
extern struct sr_globals sr_globals;

int sr_getopt(const struct cli_option *table, const char *usage, int argc, char **argv,
	      struct sr_query *q);
/* sr_getopt(), then dta's and flow's operands (EXCLUDE...) and checks. */
int sr_parse(const struct cli_option *table, const char *usage, int argc, char **argv,
	     struct sr_query *q);
/* Refuse an output (out, NULL: standard output) that is pdb's file, the
 * permission map or other (NULL: none). Returns 0 or an exit status. */
int sr_refuse_inputs(const struct pol_pdb *pdb, const char *map, const char *out,
		     const char *other);
/* Open the policy, resolve names and booleans. Returns 0 or an exit status. */
int sr_open(struct sr_query *q);
/* The boolean state of q->booleans or q->bools_setools (q->pdb open) into
 * q->bool_values and q->bool_mode. Returns 0 or an exit status. */
int sr_booleans(struct sr_query *q);
/* Print stats, JSON, close stdout; free everything. Returns the exit status. */
int sr_finish(struct sr_query *q, int status);
void sr_print_rules(char **rules, const char *indent);
const char *sr_type(const struct sr_query *q, uint32_t v);

/* Add one found path to the JSON document (steps with rules when --full). */
void sr_json_path(struct sr_query *q, const uint32_t *path, size_t n, bool reverse_steps);
/* The search callbacks: a transition or flow out of/into the source (a
 * two-node path), and a path from the source to the target. */
int sr_on_step(const uint32_t *path, size_t n, void *data);
int sr_on_path(const uint32_t *path, size_t n, void *data);
/* --svg: whether Graphviz's dot is in PATH; render the DOT text (a file
 * read from its start) into path through dot, atomically. Returns the
 * exit status, with the reason on stderr. */
bool sr_svg_available(void);
int sr_svg_render(FILE *dot_text, const char *path);
/* Add one edge of a DOT graph. */
void sr_dot_path(struct sr_query *q, const uint32_t *path, size_t n, bool reverse_steps);

#endif
