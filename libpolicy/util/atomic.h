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
/* Start writing path, a new file: when a file (or a symlink, even a
 * dangling one) of that name exists already, -EEXIST with "'PATH' exists
 * already: not overwritten" in err; the commit publishes the file only if
 * the name is still free then (no rename over a file that appeared in
 * between), else fails with -EEXIST and writes nothing. semodule -E's
 * output. */
int pol_atomic_open_new(const char *path, struct pol_atomic **out, FILE **fp, struct pol_err *err);
/* Flush, fsync, rename into place and fsync the directory. Always frees
 * the handle; on failure the temporary file is removed and the target is
 * untouched. */
int pol_atomic_commit(struct pol_atomic *a, struct pol_err *err);
/* The temporary file's name while one exists (NULL when writing through),
 * for a signal handler to unlink: valid until commit or abort. */
const char *pol_atomic_temp(const struct pol_atomic *a);
/* Discard what was written; the target is untouched. NULL is a no-op. */
void pol_atomic_abort(struct pol_atomic *a);

/* Whether writing path would destroy one of the run's inputs: the file the
 * write would replace or write through (symlinks followed, /dev/stdout and
 * /proc/self/fd/N included) is, by device and inode, one of inputs[0..n).
 * path "-" is standard output (fd 1); an input "-" is standard input
 * (fd 0); NULL inputs are skipped. Only a regular file counts (a terminal
 * or pipe that is both is no harm). Every tool calls it for every output
 * before writing (pol_atomic_open() or stdout). Returns 0, or POL_EINVAL
 * with "refusing to write the output '...' over the input '...'" in err. */
int pol_atomic_refuse_inputs(const char *path, const char *const *inputs, size_t n,
			     struct pol_err *err);

#endif
