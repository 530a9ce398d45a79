/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Audit denials: read them (audit/reader.h), explain each against a policy
 * with every cause at once (this header), turn them into rules and modules
 * (audit/set.h) and advise the fixes besides a rule (audit/fix.h).
 */
#ifndef POL_AUDIT_H
#define POL_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit/reader.h"

struct pol_pdb;

/* audit2why's verdicts, same numbers. */
enum pol_audit_verdict {
	POL_AUDIT_ALLOW = 0,	  /* allowed by the policy now (stale denial) */
	POL_AUDIT_DONTAUDIT = 1,  /* denied, and a dontaudit rule covers it */
	POL_AUDIT_TERULE = 2,	  /* no allow rule */
	POL_AUDIT_BOOLEAN = 3,	  /* an allow rule under a boolean with the wrong value */
	POL_AUDIT_CONSTRAINT = 4, /* a constraint fails */
	POL_AUDIT_RBAC = 5,	  /* no role allow rule */
	POL_AUDIT_BOUNDS = 6,	  /* typebounds */
};

/* Why a denial could not be explained (counted, never dropped silently). */
enum pol_audit_bad {
	POL_AUDIT_OK = 0,
	POL_AUDIT_BAD_SCONTEXT,
	POL_AUDIT_BAD_TCONTEXT,
	POL_AUDIT_BAD_CLASS,
	POL_AUDIT_BAD_PERM,
	POL_AUDIT_BAD_COMPUTE,
	POL_AUDIT_BAD_NO_PERM, /* "{ }": a denial of nothing, unreadable */
	POL_AUDIT_BAD_NOMEM,   /* out of memory: the tool's run failed, not the denial */
	POL_AUDIT_BAD_COUNT
};

const char *pol_audit_bad_name(enum pol_audit_bad bad);
/* What the policy lacks of a denial explaining gave bad for: fn is
 * called with the source's or target's type the policy does not know (the
 * whole context when its type is known: its user, role or level is not),
 * the class, or "class:perm" for each permission the class lacks (the
 * name borrowed for the call). Returns how many names fn was given (none
 * for the other reasons). */
struct pol_audit_policy;
size_t pol_audit_bad_names(struct pol_audit_policy *pol, enum pol_audit_bad bad,
			   const struct pol_audit_avc *a, void (*fn)(const char *name, void *data),
			   void *data);
const char *pol_audit_verdict_name(enum pol_audit_verdict v);

/* One boolean and the value that allows the access. */
struct pol_audit_bool {
	const char *name;
	bool value;
};

/* Everything known about one (scontext, tcontext, class, perms) question. */
struct pol_audit_why {
	enum pol_audit_verdict verdict; /* audit2why's single verdict */
	unsigned int causes;		/* every cause: bit (1 << verdict) */
	/* audit2why's BOOLEAN list: each boolean whose flip alone allows it,
	 * in policy order */
	const struct pol_audit_bool *bools;
	size_t nbools;
	/* the smallest set of booleans (one or more) that together allow the TE
	 * part, among the conditionals naming the triple; 0 when none */
	const struct pol_audit_bool *bool_set;
	size_t nbool_set;
	/* libsepol's text of the failing constraints (CONSTRAINT) */
	const char *constraint;
	/* perms lacking TE allow rules; perms a dontaudit rule covers */
	uint32_t te_missing, dontaudited;
	bool permissive_domain; /* the source type is a permissive type */
};

/* A part of two contexts that differs: "user (a_u)", "user (b_u)". */
struct pol_audit_diff {
	char source[300], target[300];
};

/* audit2allow's "Possible cause" list for a constraint: user, role (unless
 * the target's is object_r), level. Returns how many (at most 3). */
size_t pol_audit_context_diffs(const char *scontext, const char *tcontext,
			       struct pol_audit_diff out[3]);

/* Explain against pdb (borrowed, must outlive the result). libsepol's
 * services keep a process-wide current policy, which each question points
 * at its own: several pol_audit_policy may be open (a fleet's hosts, each
 * with its policy), but they are not for concurrent threads. */
int pol_audit_policy_new(struct pol_pdb *pdb, struct pol_audit_policy **out, struct pol_err *err);
void pol_audit_policy_free(struct pol_audit_policy *pol);

/* Explain one question; *why is borrowed from pol (memoised). Returns
 * POL_AUDIT_OK or why it cannot be explained. */
enum pol_audit_bad pol_audit_explain(struct pol_audit_policy *pol, const char *scontext,
				     const char *tcontext, const char *tclass,
				     const char *const *perms, size_t nperms,
				     const struct pol_audit_why **why);

#endif
