/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Command lines in the style of Python's argparse, for subcommands that
 * accept exactly what setools' sesearch and seinfo accept: single-dash
 * multi-letter options (-ds, -Sp), "--opt=value", unique "--" prefixes,
 * attached short values (-shttpd_t) and grouped short flags (-AT).
 */
#ifndef SEKIT_ARGPARSE_H
#define SEKIT_ARGPARSE_H

#include <stdbool.h>
#include <stddef.h>

enum ap_value { AP_FLAG, AP_VALUE, AP_OPTIONAL_VALUE };

/* An entry with this id is no option: its help is a section title in
 * --help ("Criteria:"). */
#define AP_SECTION (-1)

/*
 * One table per subcommand, as options.h's cli_option: the parser, the
 * option block of --help (ap_print_options()) and --list-options
 * (ap_list_options()) all read it.
 */
struct ap_option {
	int id;
	const char *names[3]; /* e.g. { "-s", "--source", NULL } */
	enum ap_value value;
	const char *arg;  /* the value's name in --help ("NAME"); NULL for a flag */
	const char *help; /* --help text, '\n' between lines; NULL: hidden */
};

struct ap_item {
	int id;            /* 0 for a positional argument */
	const char *value; /* borrowed from argv; NULL for a flag or absent optional value */
};

/* Parse argv[0..argc) against opts (terminated by an entry with id 0).
 * On success returns the number of items written to *items (heap array,
 * free()). On a usage error returns -1 and keeps the message for the
 * caller's cli_usage_error(NULL) (cli_usage_problem()), so that it is JSON
 * under --json; out of memory is printed at once. */
int ap_parse(const struct ap_option *opts, int argc, char **argv, struct ap_item **items);

/* --help's option lines, aligned, with section titles; starts with
 * "Options:" unless the table starts with a section. */
void ap_print_options(const struct ap_option *opts);
/* "WORD<TAB>help" per option name, as cli_list_options(); returns 0. */
int ap_list_options(const struct ap_option *opts);

/* The option's names joined with '/', e.g. "-s/--source", for messages. */
const char *ap_display(const struct ap_option *opts, int id, char *buf, size_t size);

#endif
