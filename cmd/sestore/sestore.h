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
int sestore_dontaudit(void *ctx, int argc, char **argv);
int sestore_apply(void *ctx, int argc, char **argv);
int sestore_export(void *ctx, int argc, char **argv);
int sestore_module(void *ctx, int argc, char **argv);

/* The options every command takes (and the global ones before it). */
enum { SESTORE_OPT_JSON = 256, SESTORE_OPT_ROOT };
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
	struct pol_store_rec rec;
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

/* A new pol_err whose diagnostics print as they come (text mode): a store
 * waiting for its lock says so at once. */
void sestore_err_init(const struct sestore *sc, struct pol_err *err);
/* Report err/rc (nothing more when the diagnostics were printed as they
 * came); returns the exit status. */
int sestore_report(const struct sestore *sc, struct pol_err *err, int rc);

/* semanage's name of a file type letter ("all files", "directory"...). */
const char *sestore_ftype_name(char f);

#endif
