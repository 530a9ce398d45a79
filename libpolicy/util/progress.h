/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A one-line progress display on a terminal. It is silent unless the stream
 * is a terminal, so logs and pipes never see carriage returns.
 */
#ifndef POL_UTIL_PROGRESS_H
#define POL_UTIL_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct pol_progress {
	FILE *out;
	bool active;       /* out is a terminal and display is wanted */
	const char *label; /* e.g. "files" */
	uint64_t total;    /* 0 when unknown: no percentage or ETA */
	uint64_t done;
	double start, last; /* monotonic seconds */
	int width;          /* characters printed last time, to clear them */
};

/* Prepare a display on out (usually stderr); force_off disables it. */
void pol_progress_init(struct pol_progress *p, FILE *out, const char *label, uint64_t total,
		       bool force_off);
/* Record that done items are finished; redraws at most ten times a second. */
void pol_progress_update(struct pol_progress *p, uint64_t done);
/* Clear the line. */
void pol_progress_finish(struct pol_progress *p);
/* Format the line that would be shown (for tests); returns chars written. */
int pol_progress_format(const struct pol_progress *p, double now, char *buf, size_t size);

#endif
