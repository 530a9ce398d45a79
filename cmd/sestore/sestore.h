/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What sestore's commands share: global options, the store, reports. */
#ifndef SESTORE_H
#define SESTORE_H

#include <stdbool.h>

#include "store/store.h"

#include "commands.h"
#include "options.h"

struct sestore {
	bool json;
	bool quiet;
	bool noreload;	/* -N */
	bool noheading; /* -n */
	bool relabel;	/* --relabel */
	bool in_command;
	int verbose;
	const char *store; /* -S NAME, or NULL: the configured policy type */
	const char *root;  /* --root DIR, or NULL: / */
};

extern const struct cli_command sestore_commands[];

int sestore_fcontext(void *ctx, int argc, char **argv);
int sestore_port(void *ctx, int argc, char **argv);
int sestore_boolean(void *ctx, int argc, char **argv);
int sestore_login(void *ctx, int argc, char **argv);
int sestore_user(void *ctx, int argc, char **argv);
int sestore_node(void *ctx, int argc, char **argv);
int sestore_interface(void *ctx, int argc, char **argv);
int sestore_permissive(void *ctx, int argc, char **argv);
int sestore_dontaudit(void *ctx, int argc, char **argv);
int sestore_apply(void *ctx, int argc, char **argv);
int sestore_export(void *ctx, int argc, char **argv);
int sestore_module(void *ctx, int argc, char **argv);

/* One module -E: the module, its priority (0: the highest installed) and
 * whether as CIL (-c) or in its own language (-H, the default). */
struct sestore_extract {
	const char *name;
	unsigned int prio;
	bool cil;
};
/* Write each module of x[0..n) as NAME.EXT in the current directory, never
 * over an existing file. Returns the exit status (the worst of them). */
int sestore_module_extract(struct sestore *sc, const struct sestore_extract *x, size_t n);
int sestore_complete(void *ctx, int argc, char **argv);

/* The options every command takes (and the global ones before it). */
enum { SESTORE_OPT_JSON = 256, SESTORE_OPT_ROOT, SESTORE_OPT_RELABEL };
extern const struct cli_option sestore_common_options[];
/* The action options of the record commands: -a -d -m -l -C -D -n. */
extern const struct cli_option sestore_action_options[];

/* cli_getopt() with the common options stored in sc; the others, '?' and
 * -1 are returned. With -q, messages are off once the command line is read. */
int sestore_getopt(struct sestore *sc, struct cli_getopt *g, int argc, char **argv);

/* What a record command was asked: one action and one record. */
struct sestore_req {
	char action; /* 'a' 'd' 'm' 'l' 'D', 0: none given */
	bool locallist;
	int value; /* --on 1, --off 0, -1: neither */
	struct pol_store_rec rec;
	char roles[1024]; /* every -R, joined by spaces */
};

/* Record an action letter (-a -d -m -l -D); a second, different one is a
 * usage error. Returns 0 or EXIT_USAGE. -C sets locallist and implies -l. */
int sestore_action(struct sestore_req *r, int c);

/* Open the store sc names; 0 or an exit status after reporting why. flags:
 * enum pol_store_open_flag besides what sc says (-N). */
int sestore_open(struct sestore *sc, unsigned int flags, struct pol_store **st);

/* Run r on kind: the change and its commit, -D, or the listing (printed
 * with print for text, as JSON records under --json). Returns the exit
 * status. */
typedef void (*sestore_print_fn)(const struct sestore *sc, const struct pol_store_list *l);
int sestore_run(struct sestore *sc, enum pol_store_kind kind, const struct sestore_req *r,
		sestore_print_fn print);

struct json_object;

/*
 * After a commit with --relabel: relabel the files whose spec it changed
 * (pol_store_relabel()), each change said as restorecon -v says it on
 * stdout, or under --json as the array "relabeled" of doc (NULL: a
 * document of its own, command "relabel"). Returns the exit status: EXIT_PARTIAL when some file
 * could not be labeled.
 */
int sestore_relabel(const struct sestore *sc, struct pol_store *st, struct json_object *doc);

/* A new pol_err whose diagnostics print as they come (text mode): a store
 * waiting for its lock says so at once. */
void sestore_err_init(const struct sestore *sc, struct pol_err *err);
/* Report err/rc (nothing more when the diagnostics were printed as they
 * came); returns the exit status. */
int sestore_report(const struct sestore *sc, struct pol_err *err, int rc);

/*
 * One record command (fcontext, port, boolean, login, user, node,
 * interface, permissive): its options (a subset of the letters
 * sestore_record() knows: the actions, -t -s -r -R -L -P -M -p -e -f --on
 * --off), its usage text, the word for its positional argument, and
 * finish(), which takes the positional argument (NULL for -l and -D) and
 * checks what the kind needs (NULL: the argument is the record's name).
 */
struct sestore_kind {
	enum pol_store_kind kind;
	const struct cli_option *options;
	const char *usage;
	const char *what; /* "port or range": "no port or range given" */
	int (*finish)(struct sestore_req *r, const char *arg);
	sestore_print_fn print;
};

/* Parse the command line of a record command and run it (sestore_run()).
 * Returns the exit status. */
int sestore_record(struct sestore *sc, const struct sestore_kind *k, int argc, char **argv);

/* l's records in cmp's order (cmp compares two const struct
 * pol_store_rec *const *), as semanage -l sorts its keys; an array of
 * pointers (free()), or NULL when out of memory. */
const struct pol_store_rec **sestore_sorted(const struct pol_store_list *l,
					    int (*cmp)(const void *, const void *));

/* semanage's name of a file type letter ("all files", "directory"...). */
const char *sestore_ftype_name(char f);

#endif
