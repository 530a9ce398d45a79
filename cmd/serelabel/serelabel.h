/* SPDX-License-Identifier: GPL-2.0-or-later */
/* serelabel: what main.c, output.c and lookup.c share. */
#ifndef SERELABEL_H
#define SERELABEL_H

#include <stdbool.h>
#include <stdio.h>

#include "label/label.h"
#include "util/progress.h"

struct relabel_opts {
	const char *spec;         /* -s; NULL for the system's */
	const char *root;         /* -r */
	const char *from;         /* -f */
	const char *customizable; /* --customizable */
	const char *policy;	  /* -c: check spec contexts against this policy */
	enum pol_label_engine engine;
	const char **excludes;
	size_t n_excludes, excludes_alloc;
	unsigned int threads;
	unsigned int flags;       /* enum pol_label_relabel_flags */
	bool null;                /* -0 */
	bool check;               /* --check */
	bool lookup;              /* --lookup */
	bool json;
	bool progress;            /* -p */
	bool quiet;
	int verbose;
};

/* The state of the output while the walk runs (output.c). */
struct relabel_out {
	const struct relabel_opts *opts;
	bool json_open;     /* the "changes" array is open */
	size_t json_count;  /* objects written into it */
	bool perm_errors;   /* every error so far was a permission refusal */
	struct pol_progress progress;
	bool progress_on;
	double start;
};

void out_init(struct relabel_out *o, const struct relabel_opts *opts, const char *spec,
	      unsigned long long total);
void out_event(const struct pol_label_event *ev, void *data);
void out_progress(const struct pol_label_stats *st, void *data);
/* Close the JSON document, print the summary line; returns the exit status. */
int out_finish(struct relabel_out *o, const struct pol_label_stats *st, int signal_seen);

/* A JSON string for s (which may not be UTF-8): invalid bytes become
 * U+FFFD; *exact is false when that happened. */
struct json_object *out_json_path(const char *s, bool *exact);
double out_now(void);

/* Check every spec context before the walk (check.c): against opts->policy,
 * else the kernel's policy when one is loaded, and the syntax always. Prints
 * each invalid line; returns EXIT_OK, EXIT_USAGE (invalid contexts) or the
 * status of what prevented the check. */
int relabel_validate(const struct relabel_opts *opts, const struct pol_label_specs *specs,
		     const char *spec_path);

/* --lookup (lookup.c) */
int relabel_lookup(const struct relabel_opts *opts, const struct pol_label_specs *specs,
		   char **paths, size_t npaths);

#endif
