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

struct ap_option {
	int id;
	const char *names[3]; /* e.g. { "-s", "--source", NULL } */
	enum ap_value value;
};

struct ap_item {
	int id;            /* 0 for a positional argument */
	const char *value; /* borrowed from argv; NULL for a flag or absent optional value */
};

/* Parse argv[0..argc) against opts (terminated by an entry with id 0).
 * On success returns the number of items written to *items (heap array,
 * free()). On error prints "tool: message" and returns -1. */
int ap_parse(const struct ap_option *opts, int argc, char **argv, struct ap_item **items);

/* The option's names joined with '/', e.g. "-s/--source", for messages. */
const char *ap_display(const struct ap_option *opts, int id, char *buf, size_t size);

#endif
