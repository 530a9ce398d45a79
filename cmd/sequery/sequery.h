/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What sequery's subcommands share: global options and the open policy. */
#ifndef SEQUERY_H
#define SEQUERY_H

#include <stdbool.h>

#include "pdb/pdb.h"

#include "argparse.h"
#include "commands.h"

struct json_object;
struct pol_access_reason;
struct pol_rule;

struct sequery {
	bool json;
	bool quiet;
	int verbose;
	const char *policy; /* --policy, or NULL for the system's */
	bool in_shell;      /* commands run inside "sequery shell" */
	struct pol_pdb *pdb; /* opened once, reused by later commands */
	char *pdb_arg;       /* the path pdb was opened from (NULL: system's) */
};

/*
 * The policy a command works on: path when given (a positional argument),
 * else --policy, else the system's. An already open policy from the same
 * argument is reused, which is what makes the shell fast. Returns 0 and a
 * borrowed pdb, or an exit status after printing why.
 */
int sequery_policy(struct sequery *sq, const char *path, struct pol_pdb **pdb);

/* The subcommands (commands.h): ctx is the struct sequery, argv[0] the
 * command's name; data is the command's argparse table (NULL when none),
 * for --list-options and completion; __complete is hidden. */
extern const struct cli_command sequery_commands[];

int sequery_rules(void *ctx, int argc, char **argv);
int sequery_info(void *ctx, int argc, char **argv);
int sequery_who_can(void *ctx, int argc, char **argv);
int sequery_what_can(void *ctx, int argc, char **argv);
int sequery_shell(void *ctx, int argc, char **argv);
int sequery_diff(void *ctx, int argc, char **argv);
int sequery_complete(void *ctx, int argc, char **argv);

/* The option tables the subcommands parse with ap_parse(); the shell
 * completes from the same tables. */
extern const struct ap_option sequery_rules_options[];    /* sesearch's */
extern const struct ap_option sequery_who_can_options[];
extern const struct ap_option sequery_what_can_options[];
extern const struct ap_option sequery_info_options[];     /* seinfo's */
extern const struct ap_option sequery_shell_options[];
extern const struct ap_option sequery_diff_options[]; /* sediff's */

/* The option table of a command, or NULL. */
const struct ap_option *sequery_command_options(const char *name);

/* A rule in the JSON shape "sequery rules --json" prints; caller owns it. */
struct json_object *sequery_rule_json(const struct pol_rule *r);
/* who-can and what-can: a rule that grants access, with the attributes it
 * was matched through, as JSON (caller owns it) and as a line on stdout. */
struct json_object *sequery_reason_json(const struct pol_pdb *pdb,
					const struct pol_access_reason *why);
void sequery_print_reason(const struct pol_pdb *pdb, const struct pol_access_reason *why);

/*
 * what-can and who-can: their positional arguments (at most max, into
 * pos[]) and options. json and quiet start as the global options' values.
 */
struct sequery_args {
	const char **pos;
	int max, npos;
	bool json, quiet;
	bool any; /* who-can --any (the last of --all and --any wins) */
};
/* The ids of their option tables, which end with SEQUERY_ARGS_OPTIONS. */
enum { SQ_ARG_JSON = 1, SQ_ARG_QUIET, SQ_ARG_HELP, SQ_ARG_ALL, SQ_ARG_ANY };
// clang-format off
#define SEQUERY_ARGS_OPTIONS \
	{ SQ_ARG_JSON, { "--json" }, AP_FLAG, NULL, "one JSON document (see sequery(1))" }, \
	{ SQ_ARG_QUIET, { "-q", "--quiet" }, AP_FLAG, NULL, "print nothing; the exit status is the answer" }, \
	{ SQ_ARG_HELP, { "-h", "--help" }, AP_FLAG, NULL, "display this help and exit" }, \
	{ 0, { NULL }, AP_FLAG, NULL, NULL }
// clang-format on
/* Parse argv (argv[0] the command) with opts into a. Returns -1 to go on,
 * or the exit status to return: print_usage()'s for -h, a usage error's for a
 * bad option or one positional argument too many. */
int sequery_parse_args(const struct ap_option *opts, int argc, char **argv, struct sequery_args *a,
		       int (*print_usage)(void));

/* Run the command argv[0] names (cli_run_command()); "COMMAND
 * --list-options" lists its argparse table. */
int sequery_dispatch(struct sequery *sq, int argc, char **argv);

#endif
