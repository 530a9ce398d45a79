// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The offline access decider: the kernel's access decisions computed from
 * a loaded policy, for sectl --policy (kernel/offline.c) and for the
 * questions of an audit log (libpolicy/audit). libsepol's security server
 * (services.c) decides; this file owns the SID table it needs and points
 * its process-wide services at the decider asked, and evaluates the
 * constraints of a question itself for audit's fast way, as libsepol 3.4's
 * context_struct_compute_av() and constraint_expr_eval_reason() do but
 * without writing each constraint's text (which libsepol does even with no
 * buffer, and which was most of the time of a question).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

/* The decider libsepol's services point at; NULL when none or it is gone. */
static const struct pdb_decider *current;

int pdb_decider_init(struct pdb_decider *d, struct pol_pdb *pdb)
{
	memset(d, 0, sizeof(*d));
	d->pdb = pdb;
	d->p = pdb_db(pdb);
	/* small, as a fuzzing run makes one per input (pol_hash_add() grows it) */
	if (sepol_sidtab_init(&d->sidtab) < 0 || pol_hash_init(&d->te, 256) < 0)
		return -ENOMEM;
	pdb_decider_enter(d);
	return 0;
}

void pdb_decider_release(struct pdb_decider *d)
{
	if (!d->pdb)
		return;
	if (current == d)
		current = NULL;
	if (d->sidtab.htable)
		sepol_sidtab_destroy(&d->sidtab);
	pdb_decider_te_free(d);
	d->pdb = NULL;
}

void pdb_decider_enter(struct pdb_decider *d)
{
	if (current == d)
		return;
	pdb_sepol_services(pdb_db(d->pdb), &d->sidtab);
	current = d;
}

int pdb_decider_sid(struct pdb_decider *d, const char *ctx, uint32_t *sid)
{
	sepol_security_id_t s;

	pdb_decider_enter(d);
	/* "<<none>>" is libsepol's word for no context, which it cannot use */
	if (strcmp(ctx, "<<none>>") == 0)
		return POL_EINVAL;
	/* libsepol's -1 is also memory running out, which leaves errno ENOMEM */
	errno = 0;
	if (sepol_context_to_sid(ctx, strlen(ctx), &s) < 0)
		return errno == ENOMEM ? -ENOMEM : POL_EINVAL;
	*sid = s;
	return 0;
}

int pdb_decider_new_sid(struct pdb_decider *d, const char *ctx, uint32_t *sid)
{
	context_struct_t *c = NULL;
	int rc;

	rc = pdb_context_from_string(d->pdb, ctx, &c);
	if (rc < 0)
		return rc;
	*sid = ++d->next_sid;
	/* the SID is new: the insertion fails only when memory runs out */
	rc = sepol_sidtab_insert(&d->sidtab, *sid, c);
	context_destroy(c);
	free(c);
	return rc < 0 ? -ENOMEM : 0;
}

const context_struct_t *pdb_decider_context(struct pdb_decider *d, uint32_t sid)
{
	return sepol_sidtab_search(&d->sidtab, sid);
}

int pdb_decider_av(struct pdb_decider *d, uint32_t ssid, uint32_t tsid, uint32_t cls, uint32_t av,
		   struct sepol_av_decision *avd, unsigned int *reason, char **buf)
{
	pdb_decider_enter(d);
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

bool pdb_decide_own_way(const policydb_t *p, const context_struct_t *s, const context_struct_t *t,
			uint32_t cls)
{
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
int pdb_decide_rest(const policydb_t *p, const context_struct_t *s, const context_struct_t *t,
		    uint32_t cls, uint32_t av, struct sepol_av_decision *avd, unsigned int *reason)
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
