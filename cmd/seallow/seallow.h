/* SPDX-License-Identifier: GPL-2.0-or-later */
/* seallow: from audit denials to explained, least-privilege rules. */
#ifndef SEALLOW_H
#define SEALLOW_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "audit/fix.h"
#include "pdb/pdb.h"
#include "util/regex.h"

enum seallow_mode { MODE_ALLOW, MODE_WHY, MODE_EXPLAIN, MODE_REVIEW };

struct seallow_opts {
	enum seallow_mode mode;
	const char *input, *policy, *type_re, *module, *package, *output;
	const char *since, *until; /* --since, --until: ausearch's time words */
	bool all, boot, dmesg, lastreload, requires, dontaudit, xperms, cil, verbose, explain_long,
	    json, verify, quiet, refpolicy, journal, follow;
	/* -R */
	const char *headers, *interface_info, *perm_map;
	int max_distance;
	bool broad_interfaces, verbose_notes, per_node;
	/* --policy-map NODE=FILE: "NODE=FILE" words, as given */
	const char **policy_map;
	size_t npolicy_map, apolicy_map;
};

/* --policy-map: one host's policy and the groups of its denials. */
struct seallow_node {
	const char *node, *file; /* into the option's word */
	struct pol_pdb *pdb;
	struct pol_audit_policy *pol;
	struct pol_audit_set *set;
};

struct seallow_run {
	const struct seallow_opts *o;
	struct pol_pdb *pdb;
	struct pol_audit_policy *pol;
	struct pol_audit_set *set;
	struct pol_regex *type_re;
	time_t since;	  /* -b, --since: records before are ignored */
	time_t until;	  /* --until: records after are ignored (0: none) */
	FILE *why_out;	  /* -w: stdout, or a temporary file with -l */
	bool why_newline; /* -w: audit2why prints a file's line with its newline */
	size_t why_bad[POL_AUDIT_BAD_COUNT];
	size_t avcs, filtered;
	int status;
	struct pol_audit_reader *reader;
	struct seallow_node *nodes; /* --policy-map */
	size_t nnodes;
};

/* input.c: an error through cli_report() (JSON under --json); its exit
 * status. */
int seallow_report(int rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A failure with no words of its own (out of memory): pol_strerror(rc)
 * through cli_report(); cli_exit_for(rc). */
int seallow_fail(int rc);
/* A warning or a note through cli_report() (JSON under --json; nothing
 * with -q). */
void seallow_say(const struct seallow_opts *o, enum pol_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* lost.c: a denial the policy could not explain (bad), its names kept
 * (the distinct unknown types, classes and permissions, by cause). */
void seallow_lost_denial(struct pol_audit_policy *pol, enum pol_audit_bad bad,
			 const struct pol_audit_avc *a);
/* Denials skipped for bad, in every policy's set (-w: counted by why.c). */
size_t seallow_skipped(const struct seallow_run *run, enum pol_audit_bad bad);
/* Every line and denial not used, by cause, on stderr (one JSON document
 * under --json); returns how many. */
size_t seallow_lost_report(struct seallow_run *run, struct pol_audit_reader *r);
/* explain --json's tail: skipped (cause -> denials), skipped_names (cause
 * -> names), unread (the lines not read) into tail; false when memory ran
 * out. */
struct json_object;
bool seallow_lost_json(struct seallow_run *run, struct json_object *tail);

/* main.c: the policy and set a denial of node (NULL: none) goes to: its
 * host's with --policy-map, else the run's. */
struct pol_audit_set *seallow_set_for(struct seallow_run *run, const char *node,
				      struct pol_audit_policy **pol);
/* The denial groups of every set. */
size_t seallow_groups(const struct seallow_run *run);

/* input.c: read the input the options name into r (--follow: until a
 * signal or the end of standard input); an exit status. */
int seallow_read_input(struct seallow_run *run, struct pol_audit_reader *r);
/* --since and --until into run->since and run->until; an exit status. */
int seallow_time_window(struct seallow_run *run);
/* The boot's time from /proc/uptime (SEKIT_PROC_UPTIME), 0 unknown. */
time_t seallow_boot_time(void);
/* generate.c: --follow's rules of the groups that are new or grew since
 * the last call, each once. */
void seallow_follow_print(struct seallow_run *run);

/* why.c: audit2why's text for one AVC. */
void seallow_why_print(struct seallow_run *run, const struct pol_audit_avc *a);
/* booldesc.c: sepolicy.boolean_desc() from the devel headers' policy.xml. */
const char *seallow_bool_desc(const char *name);
void seallow_bool_desc_free(void);
/* generate.c: audit2allow's output, -M, --verify. */
int seallow_generate_output(struct seallow_run *run);
/* refpolicy.c: -R's interface database and sepolgen's matching. */
struct ifdb;
int seallow_ifdb_open(const struct seallow_opts *o, struct ifdb **out);
void seallow_ifdb_free(struct ifdb *db);
/* The call for a group ("name(arg)", caller frees) or NULL: no interface
 * covers it, or the closest is refused as too broad (noted on stderr). */
char *seallow_ifdb_pick(struct ifdb *db, const struct pol_audit_group_info *g,
			const char **section);
/* The closest interface for a group, refused or not. */
struct ifdb_choice {
	char *call, *name, *arg; /* "name(arg)", name, arg */
	char **extra;		 /* what it grants beyond the denial: "src tgt:class { perms }" */
	size_t nextra, aextra;
	int distance;
	bool refused; /* beyond --max-distance (and no --broad-interfaces) */
};
/* 1 and *c filled (seallow_ifdb_choice_release()), 0: no interface covers the
 * group, -ENOMEM. */
int seallow_ifdb_choose(struct ifdb *db, const struct pol_audit_group_info *g,
			struct ifdb_choice *c);
void seallow_ifdb_choice_release(struct ifdb_choice *c);
/* c's extra items joined with ", ", or "nothing more" (heap; NULL: no memory). */
char *seallow_ifdb_choice_extra_text(const struct ifdb_choice *c);
size_t seallow_ifdb_interfaces(const struct ifdb *db);
/* A module's text with interface calls as m4 expands it with the headers
 * (sepolc --preprocess), in *out (heap, caller frees); an exit status. */
int seallow_refpolicy_expand(const struct seallow_opts *o, const char *name, const char *te,
			     size_t len, char **out, size_t *outlen);
/* Every unconditional allow rule of an expansion, for the replay. */
int seallow_refpolicy_grant(struct pol_audit_set *set, const char *name, const char *text,
			    size_t len);
/* explain.c: the explanation of every permission of g together (the
 * group's own is its first denial's: a boolean that allows one permission
 * is no fix for a denial of two), for explain's and review's causes and fix. */
const struct pol_audit_why *seallow_group_why(struct pol_audit_policy *pol,
					      const struct pol_audit_group_info *g);
/* explain.c: the explain subcommand and --json. */
int seallow_explain_output(struct seallow_run *run);
/* --follow: the groups new or grown since the last call (--json: a JSON
 * object a line, with ECS names). */
void seallow_explain_follow(struct seallow_run *run);
/* generate.c: NAME.te and NAME.pp from a module's text, both or neither. */
int seallow_generate_package(struct seallow_run *run, const char *name, const char *te, size_t len,
			     const char *expanded, size_t explen, bool announce);
/* A module text with interface calls expanded (seallow_refpolicy_expand()), its
 * allow rules granted to the replay; an exit status. */
int seallow_generate_expand(struct seallow_run *run, const char *name, const char *te, size_t len,
			    char **expanded, size_t *explen);
unsigned int seallow_generate_flags(const struct seallow_opts *o);
/* review.c: seallow review. */
int seallow_review_output(struct seallow_run *run);

#endif
