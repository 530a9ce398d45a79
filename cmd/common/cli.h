/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Conventions every sekit tool keeps: exit statuses, usage errors, version,
 * error printing and a checked stdout. */
#ifndef SEKIT_CLI_H
#define SEKIT_CLI_H

#include <stdbool.h>

#include "util/err.h"

enum cli_exit {
	EXIT_OK = 0,      /* success, or "found / matches" */
	EXIT_NOMATCH = 1, /* no match, or differences found */
	EXIT_USAGE = 2,   /* bad option, unknown name, unreadable or invalid input */
	EXIT_ENV = 3,     /* no SELinux, no permission, kernel refused, no memory */
	EXIT_PARTIAL = 4, /* some items could not be processed */
};

/* Set once by main(): the name used in messages. */
void cli_init(const char *name);
const char *cli_name(void);

/* "<tool> (sekit) <version>" on stdout; returns EXIT_OK. */
int cli_version(void);
/* Print "tool: message" (when fmt is not NULL) and the "Try ... --help" line
 * on stderr; returns EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print err's diagnostics on stderr and map its first error to an exit
 * status (see cli_exit_for()). */
int cli_report(const struct pol_err *err, int rc);
/* The exit status for a library status code. */
int cli_exit_for(int rc);
/* Flush stdout and report a write error (a closed pipe is not one). Returns
 * status unchanged when all went well, EXIT_ENV otherwise. */
int cli_finish_stdout(int status);

#endif
