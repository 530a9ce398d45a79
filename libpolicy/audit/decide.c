// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The decision on a question as libsepol 3.4's context_struct_compute_av()
 * makes it, all by pdb's decider: the TE part from its cache
 * (pdb/decide-te.c), the rest evaluated without text (pdb/decide.c);
 * libsepol itself where it would take another way.
 */
#include <stdint.h>

#include "pdb/internal.h"

#include "audit/explain-internal.h"

/* sepol_compute_av_reason() for av (libsepol 3.4's
 * context_struct_compute_av()), its constraints evaluated by pdb. */
int audit_compute(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
		  const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av,
		  struct sepol_av_decision *avd, unsigned int *reason)
{
	if (pdb_decide_own_way(pol->p, sc->c, tc->c, cls) &&
	    pdb_decider_te(&pol->dec, sc->c->type, tc->c->type, cls, avd) == 0 &&
	    pdb_decide_rest(pol->p, sc->c, tc->c, cls, av, avd, reason) == 0)
		return 0;
	return pdb_decider_av(&pol->dec, sc->sid, tc->sid, cls, av, avd, reason, NULL);
}
