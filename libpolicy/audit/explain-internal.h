/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The explaining side of libpolicy/audit: the policy (policy.c), what the
 * log names interned (intern.c), the decision (decide.c, on pdb's
 * decider) and the explanation (explain.c); set*.c, fix.c and port.c ask
 * through it. Needs pdb/internal.h (libsepol's policydb) included first. */
#ifndef POL_AUDIT_EXPLAIN_INTERNAL_H
#define POL_AUDIT_EXPLAIN_INTERNAL_H

#include "audit/audit.h"
#include "util/hash.h"

/* A context string of the log, interned. */
struct pol_audit_ctx {
	struct pol_hash_entry entry; /* what a lookup reads, then len and str */
	uint32_t id;
	size_t len;
	bool valid; /* libsepol turned it into a SID */
	uint32_t sid;
	const context_struct_t *c;	 /* the SID's context in the SID table */
	uint32_t type_value;		 /* the type's value in the policy */
	const char *role, *type, *level; /* into str; level NULL when absent */
	size_t user_len, role_len, type_len;
	char str[]; /* here: one allocation, one cache miss less */
};

struct pol_audit_grant {
	uint32_t s, t, cls, saved;
	struct pol_audit_grant *next;
};

struct cond_ref;

struct pol_audit_policy {
	struct pol_pdb *pdb;
	policydb_t *p;
	struct pdb_decider dec; /* SIDs, libsepol's decisions, the TE part's cache */
	struct pol_hash ctx;	/* struct pol_audit_ctx (intern.c) */
	struct pol_hash memo;	/* each question's explanation (explain.c) */
	struct pol_hash access; /* each (class, permissions) of the log (intern.c) */
	struct cond_ref *crefs;
	size_t ncrefs;
	struct pol_audit_grant *grants;
};

const struct pol_audit_ctx *audit_context(struct pol_audit_policy *pol, const char *str);
enum pol_audit_bad audit_question(struct pol_audit_policy *pol, const char *scontext,
				  const char *tcontext, const char *tclass,
				  const char *const *perms, size_t nperms,
				  const struct pol_audit_ctx **sc, const struct pol_audit_ctx **tc,
				  uint32_t *cls, uint32_t *av);
enum pol_audit_bad audit_explain_ctx(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
				     const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av,
				     const struct pol_audit_why **why);
/* The reason bits of sepol_compute_av_reason() for av, and its avd for
 * the permissions of av (the others' allowed bits are not computed). */
int audit_compute(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
		  const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av,
		  struct sepol_av_decision *avd, unsigned int *reason);
/* explain.c: the conditional allow rules sorted by source type, into
 * pol->crefs; -ENOMEM. */
int audit_index_conds(struct pol_audit_policy *pol);

/* Each file frees the tables it fills (pol_audit_policy_free()). */
void audit_intern_free(struct pol_audit_policy *pol);
void audit_memo_free(struct pol_audit_policy *pol);

/* port.c */
/* The port types a source type may use for perm (name_bind or name_connect)
 * on class (tcp_socket, udp_socket, ...): every type of a portcon statement
 * or of the attribute port_type whose TE rules grant it, sorted, as a
 * heap string vector (free each and the vector). *current is the type of the
 * portcon entry naming exactly this port, if any (semanage port -m rather
 * than -a), borrowed from the policy. Returns the number of types, or < 0. */
int audit_port_types(struct pol_audit_policy *pol, const char *source, const char *tclass,
		     const char *perm, unsigned int port, char ***types, const char **current);

#endif
