// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The decision on a question as libsepol 3.4's context_struct_compute_av()
 * makes it, the TE part from te.c and the constraints evaluated here
 * without their text; libsepol itself where it would take another way.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "audit/explain-internal.h"

int audit_sepol_compute(sepol_security_id_t ssid, sepol_security_id_t tsid, uint32_t cls,
			uint32_t av, struct sepol_av_decision *avd, unsigned int *reason,
			char **buf)
{
	if (buf) {
		*buf = NULL;
		return sepol_compute_av_reason_buffer(ssid, tsid, (sepol_security_class_t)cls, av,
						      avd, reason, buf, 0);
	}
	return sepol_compute_av_reason(ssid, tsid, (sepol_security_class_t)cls, av, avd, reason);
}

/*
 * One constraint expression, evaluated as libsepol 3.4's
 * constraint_expr_eval_reason() evaluates it but without writing its text
 * (which libsepol does even with no buffer, and which was most of the time
 * of a question): 1 (or another non-zero value) granted, 0 denied, -1
 * where libsepol would take a BUG() way; the caller then asks libsepol.
 */
static int cexpr_attr(const policydb_t *p, const context_struct_t *sc, const context_struct_t *tc,
		      const constraint_expr_t *e)
{
	const mls_level_t *l1, *l2;
	uint32_t v1, v2;

	switch (e->attr) {
	case CEXPR_USER:
		v1 = sc->user;
		v2 = tc->user;
		break;
	case CEXPR_TYPE:
		v1 = sc->type;
		v2 = tc->type;
		break;
	case CEXPR_ROLE: {
		const role_datum_t *r1, *r2;

		v1 = sc->role;
		v2 = tc->role;
		r1 = p->role_val_to_struct[v1 - 1];
		r2 = p->role_val_to_struct[v2 - 1];
		switch (e->op) {
		case CEXPR_DOM:
			return ebitmap_get_bit(&r1->dominates, v2 - 1);
		case CEXPR_DOMBY:
			return ebitmap_get_bit(&r2->dominates, v1 - 1);
		case CEXPR_INCOMP:
			return !ebitmap_get_bit(&r1->dominates, v2 - 1) &&
			       !ebitmap_get_bit(&r2->dominates, v1 - 1);
		default:
			break;
		}
		break;
	}
	case CEXPR_L1L2:
		l1 = &sc->range.level[0];
		l2 = &tc->range.level[0];
		goto mls;
	case CEXPR_L1H2:
		l1 = &sc->range.level[0];
		l2 = &tc->range.level[1];
		goto mls;
	case CEXPR_H1L2:
		l1 = &sc->range.level[1];
		l2 = &tc->range.level[0];
		goto mls;
	case CEXPR_H1H2:
		l1 = &sc->range.level[1];
		l2 = &tc->range.level[1];
		goto mls;
	case CEXPR_L1H1:
		l1 = &sc->range.level[0];
		l2 = &sc->range.level[1];
		goto mls;
	case CEXPR_L2H2:
		l1 = &tc->range.level[0];
		l2 = &tc->range.level[1];
	mls:
		switch (e->op) {
		case CEXPR_EQ:
			return mls_level_eq(l1, l2);
		case CEXPR_NEQ:
			return !mls_level_eq(l1, l2);
		case CEXPR_DOM:
			return mls_level_dom(l1, l2);
		case CEXPR_DOMBY:
			return mls_level_dom(l2, l1);
		case CEXPR_INCOMP:
			return mls_level_incomp(l2, l1);
		default:
			return -1;
		}
	default:
		return -1;
	}
	switch (e->op) {
	case CEXPR_EQ:
		return v1 == v2;
	case CEXPR_NEQ:
		return v1 != v2;
	default:
		return -1;
	}
}

static int cexpr_eval(const policydb_t *p, const context_struct_t *sc, const context_struct_t *tc,
		      const constraint_expr_t *e)
{
	int s[CEXPR_MAXDEPTH], sp = -1;

	for (; e; e = e->next) {
		switch (e->expr_type) {
		case CEXPR_NOT:
			if (sp < 0)
				return -1;
			s[sp] = !s[sp];
			break;
		case CEXPR_AND:
			if (sp < 1)
				return -1;
			sp--;
			s[sp] &= s[sp + 1];
			break;
		case CEXPR_OR:
			if (sp < 1)
				return -1;
			sp--;
			s[sp] |= s[sp + 1];
			break;
		case CEXPR_ATTR:
			if (sp == CEXPR_MAXDEPTH - 1)
				return -1;
			s[++sp] = cexpr_attr(p, sc, tc, e);
			if (s[sp] < 0)
				return -1;
			break;
		case CEXPR_NAMES: {
			const context_struct_t *c = sc;
			uint32_t v;

			if (sp == CEXPR_MAXDEPTH - 1)
				return -1;
			if (e->attr & CEXPR_TARGET)
				c = tc;
			else if (e->attr & CEXPR_XTARGET)
				return -1;
			if (e->attr & CEXPR_USER)
				v = c->user;
			else if (e->attr & CEXPR_ROLE)
				v = c->role;
			else if (e->attr & CEXPR_TYPE)
				v = c->type;
			else
				return -1;
			if (e->op == CEXPR_EQ)
				s[++sp] = ebitmap_get_bit(&e->names, v - 1);
			else if (e->op == CEXPR_NEQ)
				s[++sp] = !ebitmap_get_bit(&e->names, v - 1);
			else
				return -1;
			break;
		}
		default:
			return -1;
		}
	}
	/* libsepol's answer is s[0], whatever is left above it */
	return sp < 0 ? -1 : s[0] != 0;
}

/* Whether audit_compute() can answer (s, t, cls) itself: typebounds look
 * at the permissions not asked about, so a source type with bounds takes
 * libsepol's whole way. */
bool audit_own_way(const policydb_t *p, const struct pol_audit_ctx *sc,
		   const struct pol_audit_ctx *tc, uint32_t cls)
{
	const context_struct_t *s = sc->c, *t = tc->c;

	return s && t && cls && cls <= p->p_classes.nprim && s->type &&
	       s->type <= p->p_types.nprim && t->type && t->type <= p->p_types.nprim &&
	       !p->type_val_to_struct[s->type - 1]->bounds;
}

/*
 * The rest of it for av, given the TE part in avd: the TE reason bit, the
 * constraints naming a permission of av (evaluated here, without text;
 * the reason bits for av are the same as when all are: a constraint on
 * other permissions takes only those away), the role transition check.
 * avd->allowed then says nothing of the permissions outside av. -1 where a
 * constraint would take libsepol's BUG() way.
 */
int audit_rest_decision(const policydb_t *p, const context_struct_t *s, const context_struct_t *t,
			uint32_t cls, uint32_t av, struct sepol_av_decision *avd,
			unsigned int *reason)
{
	const class_datum_t *c = p->class_val_to_struct[cls - 1];
	uint32_t requested = av;

	*reason = 0;
	if (requested & ~avd->allowed) {
		*reason |= SEPOL_COMPUTEAV_TE;
		requested &= avd->allowed;
	}
	for (const constraint_node_t *cn = c->constraints; cn; cn = cn->next) {
		int ok;

		if (!(cn->permissions & av & avd->allowed))
			continue;
		ok = cexpr_eval(p, s, t, cn->expr);
		if (ok < 0)
			return -1;
		if (!ok)
			avd->allowed &= ~(cn->permissions & av);
	}
	if (requested & ~avd->allowed) {
		*reason |= SEPOL_COMPUTEAV_CONS;
		requested &= avd->allowed;
	}
	if (cls == p->process_class && (avd->allowed & p->process_trans_dyntrans) &&
	    s->role != t->role) {
		const struct role_allow *ra;

		for (ra = p->role_allow; ra; ra = ra->next)
			if (s->role == ra->role && t->role == ra->new_role)
				break;
		if (!ra)
			avd->allowed &= ~p->process_trans_dyntrans;
	}
	if (requested & ~avd->allowed)
		*reason |= SEPOL_COMPUTEAV_RBAC;
	return 0;
}

/* sepol_compute_av_reason() for av (libsepol 3.4's
 * context_struct_compute_av()), its constraints evaluated here. */
int audit_compute(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
		  const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av,
		  struct sepol_av_decision *avd, unsigned int *reason)
{
	if (audit_own_way(pol->p, sc, tc, cls) &&
	    audit_te_decision(pol, sc->c->type, tc->c->type, cls, avd) == 0 &&
	    audit_rest_decision(pol->p, sc->c, tc->c, cls, av, avd, reason) == 0)
		return 0;
	return audit_sepol_compute(sc->sid, tc->sid, cls, av, avd, reason, NULL);
}
