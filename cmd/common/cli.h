/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Conventions every sekit tool keeps, in one place: exit statuses and the
 * one table that maps a library status to them, usage errors naming the
 * tool (and the subcommand in the Try line), version, error reports, and a
 * stdout checked at exit on every path. A tool calls cli_init() first and
 * uses only these (options.h for its option table).
 */
#ifndef SEKIT_CLI_H
#define SEKIT_CLI_H

#include <stdbool.h>

#include "util/err.h"

#include "options.h"

/* Part of the interface: each man page's EXIT STATUS lists them, and
 * scripts test them. Never renumber. */
enum cli_exit {
	EXIT_OK = 0,	  /* success, or "found / matches" */
	EXIT_NOMATCH = 1, /* no match, or differences found */
	EXIT_USAGE = 2,	  /* bad option, unknown name, unreadable or invalid input */
	EXIT_ENV = 3,	  /* no SELinux, no permission, disk full, kernel refused, no memory */
	EXIT_PARTIAL = 4, /* some items could not be processed */
};

/*
 * Set once, first thing in main(): the name used in messages (argv[0]'s
 * last component). Also sets opterr = 0 (cli_getopt() words the errors)
 * and registers the atexit check of stdout: a write error (not a closed
 * pipe) prints "tool: write error: ..." and makes the exit status 3, on
 * every path out of main(), --help and --version included (util-linux's
 * close_stdout_atexit()).
 */
void cli_init(const char *name);
const char *cli_name(void);
/* The subcommand being parsed (NULL: none), for "Try 'tool cmd --help'".
 * Returns the one set before (for a shell running commands). */
const char *cli_set_command(const char *command);

/* "<tool> (sekit) <version>" on stdout; returns EXIT_OK. */
int cli_version(void);
/*
 * A usage error: print "tool: message" (when fmt is not NULL) and the
 * "Try 'tool [command] --help' for more information." line on stderr;
 * returns EXIT_USAGE. Under --json (anywhere on the command line, see
 * cli_set_json()) the same message is one JSON document on stderr, as
 * cli_report() prints: an error with code POL_EINVAL, then a note with the
 * Try line.
 */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same for err's diagnostics (errors and their notes, such as a "did
 * you mean"), printed before the Try line; err may be NULL. */
int cli_usage_report(const struct pol_err *err);
/* Keep a problem for the next cli_usage_error() or cli_usage_report(), which
 * prints it first: for a parser that finds the problem (argparse) when its
 * caller prints the usage error. */
void cli_usage_problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Add "did you mean 'name'?" to the kept problem, as its note. */
void cli_usage_suggest(const char *name);

/*
 * The exit status for a library status code: the one table.
 *
 *   rc                                              input   system  kernel
 *   0                                               0       0       0
 *   POL_EINVAL, POL_ENOTFOUND                       2       2       2
 *   POL_EFORMAT                                     2       2       3
 *   POL_EVERSION, POL_EREGEX                        2       3       3
 *   -ENOENT -ENOTDIR -EISDIR -ELOOP -ENAMETOOLONG
 *   -EFBIG -EINVAL -EEXIST (a named file is wrong)  2       3       3
 *   POL_ENOPOLICY, POL_EINTERNAL                    3       3       3
 *   -EACCES -EPERM -ENOSPC -EDQUOT -EIO -EROFS
 *   -ENOMEM and every other -errno                  3       3       3
 *
 * "input" is cli_exit_for(): the status came from reading or writing files
 * the user named (an output included: a directory in the way is 2 whether
 * it was named as input or output). "system" is cli_exit_for_system(): it
 * came from files the system provides and the user did not name (the
 * reference policy's headers, m4, the audit logs), where a missing file is
 * the system's doing but a malformed source the user handed over (m4 or
 * the compiler refusing it) is still the user's. "kernel" is
 * cli_exit_for_kernel(): it came from selinuxfs, where a missing or
 * malformed file is the kernel's or the system's doing and only an unknown
 * name or an invalid context is the user's. Permission denied, a full disk
 * and out of memory are the environment's (3), as an administrator
 * expects, whichever tool meets them. Tools map no status themselves.
 */
int cli_exit_for(int rc);
int cli_exit_for_system(int rc);
int cli_exit_for_kernel(int rc);
/* cli_exit_for() for a step known to have failed: never EXIT_OK (a failure
 * reported with rc 0, as diagnostics alone, is EXIT_USAGE). */
int cli_exit_for_failure(int rc);

/* Print err's diagnostics on stderr ("tool: ..."), or pol_strerror(rc) when
 * err holds none, and return cli_exit_for(rc) (cli_report_kernel():
 * cli_exit_for_kernel(rc)). rc == 0 prints err (warnings) and returns 0.
 * Under --json (cli_set_json()) the same diagnostics are one JSON document
 * on stderr, {"format_version", "tool", "diagnostics": [...]} with the
 * objects of pol_diag_to_json(); nothing when there is nothing to say. */
int cli_report(const struct pol_err *err, int rc);
int cli_report_kernel(const struct pol_err *err, int rc);
/* Whether cli_report() speaks JSON. cli_getopt() and ap_parse() turn it on
 * before they parse when a word up to "--" is their table's option named
 * "json" (an option's value not counted), so a tool with --json in its
 * table has JSON errors without a line of its own, a usage error met
 * before --json included. Returns the previous setting (sequery's shell
 * restores it after each line). */
bool cli_set_json(bool on);

/* -q: cli_report(), cli_report_kernel() and cli_usage_error() print
 * nothing (their statuses are unchanged). The tool's messages are silenced,
 * not its descriptors: a sanitizer's report on fd 2 still shows. Returns the
 * previous setting. */
bool cli_set_quiet(bool on);
/* Under --json, keep the diagnostics of every cli_report() until
 * cli_flush_reports() prints them as one document (a run that reports
 * several failures, such as a batch, still prints one). */
void cli_collect_reports(void);
void cli_flush_reports(void);

/* Flush stdout and report a write error (a closed pipe is not one). Returns
 * status unchanged when all went well, EXIT_ENV otherwise. The atexit check
 * does this for every tool; call it only to know the status before exit. */
int cli_finish_stdout(int status);

#endif
