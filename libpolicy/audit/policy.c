// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A binary policy made ready for the questions of an audit log: pdb's
 * decider (a SID table of its own, libsepol's services, the TE part of each
 * triple), and the tables the other files fill (intern.c: contexts and
 * names; explain.c: each question's explanation).
 *
 * libsepol's services keep their policy and SID table in process-wide
 * variables: every call of them enters its pol_audit_policy's decider first
 * (pdb_decider_enter()), so that several may be open at once (seallow
 * --policy-map), one question at a time.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

#include "audit/explain-internal.h"

const char *pol_audit_bad_name(enum pol_audit_bad bad)
{
	static const char *const names[] = {
	    [POL_AUDIT_OK] = "ok",
	    [POL_AUDIT_BAD_SCONTEXT] = "source context not valid in the policy",
	    [POL_AUDIT_BAD_TCONTEXT] = "target context not valid in the policy",
	    [POL_AUDIT_BAD_CLASS] = "class not in the policy",
	    [POL_AUDIT_BAD_PERM] = "permission not in the class",
	    [POL_AUDIT_BAD_COMPUTE] = "access computation failed",
	    [POL_AUDIT_BAD_NO_PERM] = "no permission in the denial ({ })",
	    [POL_AUDIT_BAD_NOMEM] = "out of memory",
	};
	return bad < POL_AUDIT_BAD_COUNT ? names[bad] : "?";
}

const char *pol_audit_verdict_name(enum pol_audit_verdict v)
{
	static const char *const names[] = {"allowed",	  "dontaudit", "te_rule", "boolean",
					    "constraint", "rbac",      "bounds"};
	return (unsigned)v < 7 ? names[v] : "?";
}

/* The tables' first sizes: small, as a fuzzing run makes one per input
 * (pol_hash_add() grows them). */
#define CTX_SLOTS 64
#define MEMO_SLOTS 256
#define ACCESS_SLOTS 64

int pol_audit_policy_new(struct pol_pdb *pdb, struct pol_audit_policy **out, struct pol_err *err)
{
	struct pol_audit_policy *pol = calloc(1, sizeof(*pol));

	if (!pol)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pol->pdb = pdb;
	pol->p = pdb_db(pdb);
	/* libsepol reports unknown names of audit contexts on stderr; they are
	 * counted and reported by the caller instead */
	pdb_sepol_compat_begin(NULL, NULL);
	if (pdb_decider_init(&pol->dec, pdb) < 0 || audit_index_conds(pol) < 0) {
		pol_audit_policy_free(pol);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	if (pol_hash_init(&pol->ctx, CTX_SLOTS) < 0 || pol_hash_init(&pol->memo, MEMO_SLOTS) < 0 ||
	    pol_hash_init(&pol->access, ACCESS_SLOTS) < 0) {
		pol_audit_policy_free(pol);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out = pol;
	return 0;
}

void pol_audit_policy_free(struct pol_audit_policy *pol)
{
	if (!pol)
		return;
	audit_intern_free(pol);
	audit_memo_free(pol);
	free(pol->crefs);
	for (struct pol_audit_grant *g = pol->grants, *next; g; g = next) {
		next = g->next;
		free(g);
	}
	pdb_decider_release(&pol->dec);
	free(pol);
}
