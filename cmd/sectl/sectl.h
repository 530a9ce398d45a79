/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What sectl's subcommands share: global options, the handle, exit statuses. */
#ifndef SECTL_H
#define SECTL_H

#include <getopt.h>
#include <stdbool.h>

#include "kernel/kernel.h"

struct json_object;

struct sectl {
	bool json;
	bool quiet;
	int verbose;
	const char *selinuxfs; /* --selinuxfs, or NULL: $SEKIT_SELINUXFS or the system's */
	const char *policy;    /* --policy: answer from this file instead of the kernel */
};

/* A subcommand: argv[0] is its name. Returns an exit status. */
typedef int (*sectl_fn)(struct sectl *sc, int argc, char **argv);

struct sectl_command {
	const char *name;
	sectl_fn run;
	const char *summary;
};

extern const struct sectl_command sectl_commands[];

int sectl_status(struct sectl *sc, int argc, char **argv);
int sectl_mode(struct sectl *sc, int argc, char **argv);
int sectl_load(struct sectl *sc, int argc, char **argv);
int sectl_bool(struct sectl *sc, int argc, char **argv);
int sectl_access(struct sectl *sc, int argc, char **argv);
int sectl_compute(struct sectl *sc, int argc, char **argv);
int sectl_context(struct sectl *sc, int argc, char **argv);
int sectl_avc(struct sectl *sc, int argc, char **argv);

/* The options every subcommand takes besides its own, for getopt_long()
 * tables; sectl_common_option() handles them. */
enum { SECTL_OPT_JSON = 256, SECTL_OPT_SELINUXFS, SECTL_OPT_POLICY };
#define SECTL_COMMON_OPTIONS                                               \
	{ "json", no_argument, NULL, SECTL_OPT_JSON },                     \
	{ "quiet", no_argument, NULL, 'q' },                               \
	{ "verbose", no_argument, NULL, 'v' },                             \
	{ "selinuxfs", required_argument, NULL, SECTL_OPT_SELINUXFS },     \
	{ "policy", required_argument, NULL, SECTL_OPT_POLICY },           \
	{ "help", no_argument, NULL, 'h' }
#define SECTL_COMMON_SHORT "qvh"

/*
 * Handle option c if it is a common one (-q, -v, --json, --selinuxfs,
 * --policy). Returns true when it was; -h and unknown options are the
 * caller's.
 */
bool sectl_common_option(struct sectl *sc, int c);

/*
 * The handle command cmd works on: the kernel at --selinuxfs (or the
 * system's), or the --policy file when policy_ok (else --policy is a usage
 * error). Returns 0, or an exit
 * status after printing why (no SELinux: 3).
 */
int sectl_open(struct sectl *sc, const char *cmd, bool policy_ok, struct pol_kernel **k);

/* Refuse --policy for a subcommand that needs the kernel; returns 0 or 2. */
int sectl_kernel_only(const struct sectl *sc, const char *cmd);

/* Print err and return the exit status for rc: 2 for an input error (an
 * unknown name, an invalid context), 3 for everything else: the kernel's
 * refusal, no SELinux or policy, an unreadable selinuxfs (see sectl(1)). */
int sectl_fail(const struct pol_err *err, int rc);
int sectl_exit_for(int rc);

/* A new JSON document {"format_version": 1, "tool": "sectl", "command": cmd}. */
struct json_object *sectl_json_doc(const char *cmd);
/* Print doc on stdout and drop it. */
void sectl_json_print(struct json_object *doc);
/* The names of the permissions in mask, as a JSON array / a space-separated
 * line on stdout. */
struct json_object *sectl_perms_json(const struct pol_kernel_class *c, uint32_t mask);
void sectl_print_perms(const struct pol_kernel_class *c, uint32_t mask);

#endif
