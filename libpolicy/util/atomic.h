/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Atomic file output: write to a temporary file beside the target, then
 * fsync and rename over it, so readers see the old file or the complete new
 * one and an error never leaves a half-written output behind.
 */
#ifndef POL_UTIL_ATOMIC_H
#define POL_UTIL_ATOMIC_H

#include <stdio.h>

#include "util/err.h"

struct pol_atomic;

/* Start writing path. A symlink is followed and its target replaced (the
 * link stays a link); a device, FIFO or name through /proc (/dev/stdout)
 * is written through, never replaced, and only at the commit, so a
 * failure writes nothing there either. On success *out is the handle and
 * *fp the stream to write to; finish with pol_atomic_commit() or
 * pol_atomic_abort(). */
int pol_atomic_open(const char *path, struct pol_atomic **out, FILE **fp, struct pol_err *err);
/* Flush, fsync, rename into place and fsync the directory. Always frees
 * the handle; on failure the temporary file is removed and the target is
 * untouched. */
int pol_atomic_commit(struct pol_atomic *a, struct pol_err *err);
/* The temporary file's name while one exists (NULL when writing through),
 * for a signal handler to unlink: valid until commit or abort. */
const char *pol_atomic_temp(const struct pol_atomic *a);
/* Discard what was written; the target is untouched. NULL is a no-op. */
void pol_atomic_abort(struct pol_atomic *a);

#endif
