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

/* Start writing path. On success *out is the handle and *fp the stream to
 * write to; finish with pol_atomic_commit() or pol_atomic_abort(). */
int pol_atomic_open(const char *path, struct pol_atomic **out, FILE **fp, struct pol_err *err);
/* Flush, fsync, rename into place and fsync the directory. Always frees
 * the handle; on failure the temporary file is removed and the target is
 * untouched. */
int pol_atomic_commit(struct pol_atomic *a, struct pol_err *err);
/* Discard what was written; the target is untouched. NULL is a no-op. */
void pol_atomic_abort(struct pol_atomic *a);

#endif
