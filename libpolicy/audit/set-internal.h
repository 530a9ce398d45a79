/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What set.c (grouping), set-write.c (output) and set-verify.c (replay)
 * share: a group of denials and the set holding them. Needs pdb/internal.h
 * (libsepol's policydb) included first, as explain-internal.h does. */
#ifndef POL_AUDIT_SET_INTERNAL_H
#define POL_AUDIT_SET_INTERNAL_H

#include <string.h>

#include "audit/set.h"
#include "util/buf.h"
#include "util/hash.h"

struct range {
	unsigned long lo, hi;
};

struct msg {
	char *header, *scontext, *tcontext, *perms, *comm, *exe, *path, *message;
	struct msg *next;
};

/* The first POL_AUDIT_MAX_DISTINCT distinct commands or paths of a group,
 * each with its hash: a denial's string is compared with strcmp() only
 * where the hash matches. more counts the denials whose string was left out. */
struct distinct {
	char *str[POL_AUDIT_MAX_DISTINCT];
	uint32_t hash[POL_AUDIT_MAX_DISTINCT];
	size_t n, more;
};

/* The strings of the groups live as long as the set: they are cut from
 * big chunks, freed together at reset, not malloc()ed one by one. */
struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

struct grant {
	uint32_t s, t, cls, perms;
};

struct audit_group {
	struct pol_hash_entry entry;
	char *src, *tgt, *cls;
	size_t src_len, tgt_len;
	uint32_t cls_value, stype, ttype;
	enum pol_audit_verdict verdict;
	uint32_t perms;
	size_t seq, count;
	time_t first, last; /* the earliest and latest record time (0: none) */
	const struct pol_audit_why *why;
	const struct pol_audit_ctx *sctx, *tctx;
	char *comm, *exe, *path, *file, *port;
	char *executable; /* exe= of the AVC, else of its SYSCALL record */
	char *dev;	  /* dev= of the first denial that has one */
	struct distinct cmds, files;
	/* distinct ports (POL_AUDIT_MAX_DISTINCT at most) */
	struct pol_audit_port_use *ports;
	size_t nports, ports_more;
	size_t order; /* place in output order, set by sorted_groups() */
	char *node;   /* pol_audit_set_by_node(): the node= of its denials */
	bool permissive;
	enum pol_audit_choice choice;
	struct range *xp;
	size_t nxp;
	struct msg *msgs, **msgs_tail;
};

struct pol_audit_set {
	struct pol_audit_policy *pol;
	struct pol_hash groups; /* struct audit_group */
	size_t seq;
	size_t skipped[POL_AUDIT_BAD_COUNT];
	char **roles; /* "role\ttype", sorted at output */
	size_t nroles;
	bool keep_msgs, by_node;
	struct grant *grants; /* pol_audit_set_add_grant() */
	size_t ngrants;
	struct chunk *chunks;	/* the groups' strings */
	struct pol_buf scratch; /* a denial's command or path, put together */
};

/* "self" when a group's target is its source */
static inline const char *audit_group_target(const struct audit_group *g)
{
	return strcmp(g->src, g->tgt) == 0 ? "self" : g->tgt;
}

/* qsort() order of C strings */
static inline int audit_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* set.c: the groups in output order (each one's order set), to free(); NULL
 * when out of memory. */
struct audit_group **audit_set_sorted(const struct pol_audit_set *set);
/* The permission names of mask in class cls, sorted, into out (32 at most). */
size_t audit_set_perm_names(const struct pol_audit_set *set, uint32_t cls, uint32_t mask,
			    const char **out);
/* What a tool is shown of a group; names holds its permission names. */
void audit_group_info(const struct pol_audit_set *set, const struct audit_group *g,
		      struct pol_audit_group_info *info, const char **names);

/* set-write.c: a group's ioctl numbers as audit2allow writes them (CIL:
 * as secilc reads them). */
void audit_put_xperms(struct pol_buf *b, const struct audit_group *g, bool cil);

#endif
