/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A temporary work directory that a signal does not leave behind: the
 * library (libpolicy/refpolicy's m4) creates files in it and starts
 * children, and tells us of each through hooks; SIGINT, SIGTERM and SIGHUP
 * kill the child, remove the files and the directory, then end the run as
 * the signal would have. The library installs no signal handler, so the
 * tool does it here.
 */
#ifndef SEKIT_WORKDIR_H
#define SEKIT_WORKDIR_H

#include <signal.h>
#include <sys/types.h>

#include "util/err.h"

/* The signals that end a run and must remove temporary files first
 * (SIGINT, SIGTERM, SIGHUP): handle them (NULL: the default again; an
 * ignored one stays ignored), or block them (*saved: the mask to restore). */
void cli_signals_handle(void (*handler)(int));
void cli_signals_block(sigset_t *saved);

struct cli_workdir;

/* Create PREFIX.XXXXXX in $TMPDIR (or /tmp) and watch it. One at a time
 * per process. Returns 0 and *out, or -errno with the reason in err. */
int cli_workdir_open(const char *prefix, struct cli_workdir **out, struct pol_err *err);
/* Borrowed. */
const char *cli_workdir_path(const struct cli_workdir *w);
/* The hooks, with w as their data: a file about to be created in w; a
 * child about to start (-1: the signals wait until its pid is known), its
 * pid, or 0 once it is reaped (or failed to start). */
void cli_workdir_file(const char *path, void *w);
void cli_workdir_child(pid_t pid, void *w);
/* Remove the files, the directory and the handlers. NULL is a no-op. */
void cli_workdir_close(struct cli_workdir *w);

#endif
