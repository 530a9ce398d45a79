/* SPDX-License-Identifier: GPL-2.0-or-later */
/* seallow: from audit denials to explained, least-privilege rules. */
#ifndef SEALLOW_H
#define SEALLOW_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "audit/audit.h"
#include "pdb/pdb.h"
#include "util/regex.h"

enum seallow_mode { MODE_ALLOW, MODE_WHY, MODE_EXPLAIN };

struct seallow_opts {
	enum seallow_mode mode;
	const char *input, *policy, *type_re, *module, *package, *output;
	bool all, boot, dmesg, lastreload, requires, dontaudit, xperms, cil, verbose, explain_long,
	    json, verify, quiet, refpolicy;
	/* -R */
	const char *headers, *interface_info, *perm_map;
	int max_distance;
	bool broad_interfaces, verbose_notes;
};

struct seallow_run {
	const struct seallow_opts *o;
	struct pol_pdb *pdb;
	struct pol_audit_policy *pol;
	struct pol_audit_set *set;
	struct pol_regex *type_re;
	time_t since;	  /* -b: records before are ignored */
	FILE *why_out;	  /* -w: stdout, or a temporary file with -l */
	bool why_newline; /* -w: audit2why prints a file's line with its newline */
	size_t why_bad[POL_AUDIT_BAD_COUNT];
	size_t avcs, filtered;
	int status;
};

/* why.c: audit2why's text for one AVC. */
void why_print(struct seallow_run *run, const struct pol_audit_avc *a);
/* booldesc.c: sepolicy.boolean_desc() from the devel headers' policy.xml. */
const char *bool_desc(const char *name);
void bool_desc_free(void);
/* generate.c: audit2allow's output, -M, --verify. */
int generate_output(struct seallow_run *run);
/* refpolicy.c: -R's interface database and sepolgen's matching. */
struct ifdb;
int ifdb_open(const struct seallow_opts *o, struct ifdb **out);
void ifdb_free(struct ifdb *db);
/* The call for a group ("name(arg)", caller frees) or NULL: no interface
 * covers it, or the closest is refused as too broad (noted on stderr). */
char *ifdb_pick(struct ifdb *db, const struct pol_audit_group_info *g, const char **section);
size_t ifdb_interfaces(const struct ifdb *db);
/* explain.c: the explain subcommand and --json. */
int explain_output(struct seallow_run *run);

#endif
