/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What sectl's subcommands share: global options, the handle, exit statuses. */
#ifndef SECTL_H
#define SECTL_H

#include <stdbool.h>

#include "kernel/kernel.h"

#include "commands.h"
#include "options.h"

struct json_object;

struct sectl {
	bool json;
	bool quiet;
	bool in_command; /* main() has handed over to a subcommand */
	int verbose;
	const char *selinuxfs; /* --selinuxfs, or NULL: $SEKIT_SELINUXFS or the system's */
	const char *policy;    /* --policy: answer from this file instead of the kernel */
};

/* The subcommands (commands.h): ctx is the struct sectl, argv[0] the
 * command's name. Return an exit status. */
extern const struct cli_command sectl_commands[];

int sectl_status(void *ctx, int argc, char **argv);
int sectl_mode(void *ctx, int argc, char **argv);
int sectl_load(void *ctx, int argc, char **argv);
int sectl_bool(void *ctx, int argc, char **argv);
int sectl_access(void *ctx, int argc, char **argv);
int sectl_compute(void *ctx, int argc, char **argv);
int sectl_context(void *ctx, int argc, char **argv);
int sectl_avc(void *ctx, int argc, char **argv);
/* hidden: the completions' fallback for names selinuxfs cannot list */
int sectl_complete(void *ctx, int argc, char **argv);

/* The options every subcommand takes besides its own (and the global ones
 * before the command): a table to CLI_GROUP() into a subcommand's. */
enum { SECTL_OPT_JSON = 256, SECTL_OPT_SELINUXFS };
extern const struct cli_option sectl_common_options[];

/*
 * cli_getopt() for a table that includes sectl_common_options: the common
 * options (-q, -v, --json, --selinuxfs, --policy) go into sc; -h, the
 * command's own options, '?' (already reported) and -1 are returned.
 * When a subcommand's options are all read (-1) and -q was given, sectl's
 * messages are off from then on (cli_set_quiet(), and no -v): with -q, as
 * with selinuxenabled, the exit status is the only answer (--help and option
 * errors still print). The descriptors stay as they are.
 */
int sectl_getopt(struct sectl *sc, struct cli_getopt *g, int argc, char **argv);

/*
 * The handle command cmd works on: the kernel at --selinuxfs (or the
 * system's), or the --policy file when policy_ok (else --policy is a usage
 * error). Returns 0, or an exit
 * status after printing why (no SELinux: 3).
 */
int sectl_open(struct sectl *sc, const char *cmd, bool policy_ok, struct pol_kernel **k);

/* Report an error of sectl's own (code POL_E* or -errno) as cli_report()
 * does: text, JSON under --json, nothing under -q. Returns status. */
int sectl_error(int status, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Refuse --policy for a subcommand that needs the kernel; returns 0 or 2. */
int sectl_kernel_only(const struct sectl *sc, const char *cmd);

/* A new JSON document {"format_version": 1, "tool": "sectl", "command": cmd}. */
struct json_object *sectl_json_doc(const char *cmd);
/* Print doc on stdout and drop it. */
void sectl_json_print(struct json_object *doc);
/* The names of the permissions in mask, as a JSON array / a space-separated
 * line on stdout. */
struct json_object *sectl_perms_json(const struct pol_kernel_class *c, uint32_t mask);
void sectl_print_perms(const struct pol_kernel_class *c, uint32_t mask);

#endif
