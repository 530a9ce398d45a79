// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Why a denial happened, against a binary policy. audit2why's verdict is
 * reproduced exactly (libsepol's sepol_compute_av_reason_buffer, then the
 * booleans whose single flip allows the access), but only the booleans of
 * the conditionals that name the (source, target, class) triple are
 * flipped, not all of them. On top of it: every cause at once (the
 * constraint a missing TE rule hides is found by granting the TE part for a
 * moment and asking again), and the smallest set of booleans, one or more,
 * that allows the TE part.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "audit/explain-internal.h"
#include "util/hash.h"

#define MAX_CAND_BOOLS 64
#define MAX_COMB_BOOLS 16
#define MAX_SET_SIZE 3

struct cond_ref {
	const avtab_key_t *key;
	const avtab_datum_t *datum;
	const cond_node_t *cond;
};

struct memo {
	struct pol_hash_entry entry;
	uint32_t sctx, tctx, cls, av;
	struct pol_audit_why why;
	struct pol_audit_bool *bools, *bool_set;
	char *constraint;
};

/* The conditional allow rules, sorted by source type (counted, then
 * placed: stable, as the merge sort it replaces). */
int audit_index_conds(struct pol_audit_policy *pol)
{
	policydb_t *p = pol->p;
	size_t nbuckets = (size_t)p->p_types.nprim + 2, n = 0;
	size_t *next = calloc(nbuckets, sizeof(*next));

	if (!next)
		return -ENOMEM;
	for (int pass = 0; pass < 2; pass++) {
		for (cond_node_t *cn = p->cond_list; cn; cn = cn->next) {
			for (int side = 0; side < 2; side++)
				for (cond_av_list_t *l = side ? cn->false_list : cn->true_list; l;
				     l = l->next) {
					size_t b = l->node->key.source_type;

					if (!(l->node->key.specified & AVTAB_ALLOWED))
						continue;
					if (b >= nbuckets)
						b = nbuckets - 1;
					if (pass == 0)
						next[b]++;
					else
						pol->crefs[next[b]++] = (struct cond_ref){
						    &l->node->key, &l->node->datum, cn};
				}
		}
		if (pass == 0) {
			/* counts to each bucket's first place */
			for (size_t b = 0; b < nbuckets; b++) {
				size_t c = next[b];

				next[b] = n;
				n += c;
			}
			pol->crefs = malloc((n ? n : 1) * sizeof(*pol->crefs));
			if (!pol->crefs) {
				free(next);
				return -ENOMEM;
			}
		}
	}
	pol->ncrefs = n;
	free(next);
	return 0;
}

static uint32_t memo_hash(uint32_t sctx, uint32_t tctx, uint32_t cls, uint32_t av)
{
	const uint32_t k[] = {sctx, tctx, cls, av};

	return pol_hash_bytes(k, sizeof(k));
}

/* The booleans of the conditionals holding an allow rule for any of perms
 * on the triple, in policy (value) order. Returns how many. */
static size_t candidate_bools(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls,
			      uint32_t perms, uint32_t *out, size_t max)
{
	policydb_t *p = pol->p;
	ebitmap_t *sa = &p->type_attr_map[s - 1], *ta = &p->type_attr_map[t - 1];
	ebitmap_node_t *sn;
	unsigned int i;
	size_t n = 0;
	uint8_t *seen = calloc(p->p_bools.nprim + 1, 1);

	if (!seen)
		return 0;
	ebitmap_for_each_positive_bit(sa, sn, i)
	{
		size_t lo = 0, hi = pol->ncrefs;

		/* first ref with source_type == i + 1 */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (pol->crefs[mid].key->source_type < i + 1)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t k = lo; k < pol->ncrefs && pol->crefs[k].key->source_type == i + 1;
		     k++) {
			const struct cond_ref *r = &pol->crefs[k];

			if (r->key->target_class != cls || !(r->datum->data & perms) ||
			    !ebitmap_get_bit(ta, r->key->target_type - 1))
				continue;
			for (cond_expr_t *e = r->cond->expr; e; e = e->next)
				if (e->expr_type == COND_BOOL &&
				    pdb_cond_bool(e) <= p->p_bools.nprim)
					seen[pdb_cond_bool(e)] = 1;
		}
	}
	for (uint32_t b = 1; b <= p->p_bools.nprim; b++)
		if (seen[b] && n < max)
			out[n++] = b;
	free(seen);
	return n;
}

static void set_bools(policydb_t *p, const uint32_t *b, size_t n, bool flip)
{
	for (size_t i = 0; i < n; i++) {
		cond_bool_datum_t *d = p->bool_val_to_struct[b[i] - 1];

		d->state = !d->state;
	}
	(void)flip;
	evaluate_conds(p);
}

static int add_bool(struct pol_audit_bool **list, size_t *n, const char *name, bool value)
{
	struct pol_audit_bool *p = realloc(*list, (*n + 1) * sizeof(**list));

	if (!p)
		return -ENOMEM;
	p[*n] = (struct pol_audit_bool){name, value};
	*list = p;
	(*n)++;
	return 0;
}

/* Next combination of k indices out of n in idx; false when done. */
static bool next_comb(size_t *idx, size_t k, size_t n)
{
	size_t i = k;

	while (i > 0) {
		i--;
		if (idx[i] < n - k + i) {
			idx[i]++;
			for (size_t j = i + 1; j < k; j++)
				idx[j] = idx[j - 1] + 1;
			return true;
		}
	}
	return false;
}

static void booleans(struct pol_audit_policy *pol, struct memo *m, const struct pol_audit_ctx *sc,
		     const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av)
{
	policydb_t *p = pol->p;
	uint32_t cand[MAX_CAND_BOOLS];
	size_t ncand = candidate_bools(pol, sc->type_value, tc->type_value, cls, m->why.te_missing,
				       cand, MAX_CAND_BOOLS);
	struct sepol_av_decision avd;
	unsigned int reason;

	/* audit2why: each boolean flipped alone; the whole access must pass */
	for (size_t i = 0; i < ncand; i++) {
		cond_bool_datum_t *d = p->bool_val_to_struct[cand[i] - 1];
		bool want = !d->state;
		int rc;

		set_bools(p, &cand[i], 1, true);
		rc = audit_compute(pol, sc, tc, cls, av, &avd, &reason);
		set_bools(p, &cand[i], 1, false);
		if (rc < 0)
			continue;
		if (reason == 0)
			add_bool(&m->bools, &m->why.nbools, p->p_bool_val_to_name[cand[i] - 1],
				 want);
		if (!(reason & SEPOL_COMPUTEAV_TE) && !m->why.nbool_set)
			add_bool(&m->bool_set, &m->why.nbool_set,
				 p->p_bool_val_to_name[cand[i] - 1], want);
	}
	/* more than one: the smallest set that lets the TE part through */
	if (ncand > MAX_COMB_BOOLS)
		ncand = MAX_COMB_BOOLS;
	for (size_t k = 2; k <= MAX_SET_SIZE && k <= ncand && !m->why.nbool_set; k++) {
		size_t idx[MAX_SET_SIZE];
		uint32_t b[MAX_SET_SIZE];

		for (size_t i = 0; i < k; i++)
			idx[i] = i;
		do {
			uint32_t allowed;

			for (size_t i = 0; i < k; i++)
				b[i] = cand[idx[i]];
			set_bools(p, b, k, true);
			allowed =
			    pdb_decider_te_allowed(&pol->dec, sc->type_value, tc->type_value, cls);
			set_bools(p, b, k, false);
			if ((allowed & av) == av) {
				for (size_t i = 0; i < k; i++)
					add_bool(&m->bool_set, &m->why.nbool_set,
						 p->p_bool_val_to_name[b[i] - 1],
						 !p->bool_val_to_struct[b[i] - 1]->state);
				break;
			}
		} while (next_comb(idx, k, ncand));
	}
	m->why.bools = m->bools;
	m->why.bool_set = m->bool_set;
}

/* Whether granting perms to (sc's type, tc's type, cls) in the TE table
 * adds exactly perms to pdb_decider_te()'s allowed: the types are their
 * contexts' and each is in its own attribute map. */
static bool grant_adds(const policydb_t *p, const struct pol_audit_ctx *sc,
		       const struct pol_audit_ctx *tc)
{
	return sc->type_value == sc->c->type && tc->type_value == tc->c->type &&
	       ebitmap_get_bit(&p->type_attr_map[sc->c->type - 1], sc->c->type - 1) &&
	       ebitmap_get_bit(&p->type_attr_map[tc->c->type - 1], tc->c->type - 1);
}

/*
 * What the missing TE rule (missing, of av) hides: the question asked with
 * it granted, from the TE part te already known when that is exact (te
 * not NULL), else (and for a failing constraint's text) with the rule in
 * the policy for a moment. Adds the hidden causes to *reason and a failing
 * constraint's text to *buf: the first question's when it has one (the
 * constraints failing on any allowed permission), else this one's.
 */
static void behind_te(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
		      const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av, uint32_t missing,
		      const struct sepol_av_decision *te, unsigned int *reason, char **buf)
{
	struct sepol_av_decision avd;
	bool asked = false, granted = false;
	unsigned int r2 = 0;
	char *buf2 = NULL;
	uint32_t saved;

	if (te) {
		struct sepol_av_decision a2 = *te;

		a2.allowed |= missing;
		asked = pdb_decide_rest(pol->p, sc->c, tc->c, cls, av, &a2, &r2) == 0;
	}
	if ((!asked || (r2 & SEPOL_COMPUTEAV_CONS)) &&
	    pdb_decider_grant(&pol->dec, sc->type_value, tc->type_value, cls, missing, &saved) == 0)
		granted = true;
	if (!asked && granted)
		asked = audit_compute(pol, sc, tc, cls, av, &avd, &r2) >= 0;
	if (asked && (granted || !(r2 & SEPOL_COMPUTEAV_CONS))) {
		*reason |= r2 & ~SEPOL_COMPUTEAV_TE;
		if ((r2 & SEPOL_COMPUTEAV_CONS) &&
		    pdb_decider_av(&pol->dec, sc->sid, tc->sid, cls, av, &avd, &r2, &buf2) < 0) {
			free(buf2);
			buf2 = NULL;
		}
	}
	if (granted)
		pdb_decider_ungrant(&pol->dec, sc->type_value, tc->type_value, cls, saved);
	if (buf2 && !*buf &&
	    pdb_decider_av(&pol->dec, sc->sid, tc->sid, cls, av, &avd, &r2, buf) < 0) {
		free(*buf);
		*buf = NULL;
	}
	if (buf2 && !(*buf && **buf)) {
		free(*buf);
		*buf = buf2;
		buf2 = NULL;
	}
	free(buf2);
}

static int analyse(struct pol_audit_policy *pol, struct memo *m, const struct pol_audit_ctx *sc,
		   const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av)
{
	struct pol_audit_why *w = &m->why;
	struct sepol_av_decision avd, te;
	unsigned int reason = 0;
	char *buf = NULL;
	bool own = pdb_decide_own_way(pol->p, sc->c, tc->c, cls);

	/* the TE part is kept for the question with the missing rule granted */
	if (own)
		own = pdb_decider_te(&pol->dec, sc->c->type, tc->c->type, cls, &te) == 0;
	if (own) {
		avd = te;
		own = pdb_decide_rest(pol->p, sc->c, tc->c, cls, av, &avd, &reason) == 0;
	}
	if (!own && pdb_decider_av(&pol->dec, sc->sid, tc->sid, cls, av, &avd, &reason, NULL) < 0)
		return -1;
	/* the text of the failing constraints only when one fails */
	if ((reason & SEPOL_COMPUTEAV_CONS) &&
	    pdb_decider_av(&pol->dec, sc->sid, tc->sid, cls, av, &avd, &reason, &buf) < 0) {
		free(buf);
		return -1;
	}
	w->dontaudited = av & ~avd.auditdeny;
	w->permissive_domain = ebitmap_get_bit(&pol->p->permissive_map, sc->type_value);
	if (reason == 0) {
		free(buf);
		w->verdict = POL_AUDIT_ALLOW;
		w->causes = 1u << POL_AUDIT_ALLOW;
		return 0;
	}
	if (reason & SEPOL_COMPUTEAV_TE) {
		bool exact = own && grant_adds(pol->p, sc, tc);

		w->te_missing = av & ~(exact ? te.allowed
					     : pdb_decider_te_allowed(&pol->dec, sc->type_value,
								      tc->type_value, cls));
		w->causes |= 1u << POL_AUDIT_TERULE;
		if (w->te_missing)
			behind_te(pol, sc, tc, cls, av, w->te_missing, exact ? &te : NULL, &reason,
				  &buf);
		booleans(pol, m, sc, tc, cls, av);
		if (w->nbool_set)
			w->causes |= 1u << POL_AUDIT_BOOLEAN;
		if (w->dontaudited)
			w->causes |= 1u << POL_AUDIT_DONTAUDIT;
		if (w->nbools)
			w->verdict = POL_AUDIT_BOOLEAN;
		else if (w->dontaudited)
			w->verdict = POL_AUDIT_DONTAUDIT;
		else
			w->verdict = POL_AUDIT_TERULE;
	}
	if (reason & SEPOL_COMPUTEAV_CONS) {
		w->causes |= 1u << POL_AUDIT_CONSTRAINT;
		m->constraint = buf;
		buf = NULL;
		w->constraint = m->constraint;
	}
	if (reason & SEPOL_COMPUTEAV_RBAC)
		w->causes |= 1u << POL_AUDIT_RBAC;
	if (reason & SEPOL_COMPUTEAV_BOUNDS)
		w->causes |= 1u << POL_AUDIT_BOUNDS;
	free(buf);
	if (!(w->causes & (1u << POL_AUDIT_TERULE))) {
		if (reason & SEPOL_COMPUTEAV_CONS)
			w->verdict = POL_AUDIT_CONSTRAINT;
		else if (reason & SEPOL_COMPUTEAV_RBAC)
			w->verdict = POL_AUDIT_RBAC;
		else
			w->verdict = POL_AUDIT_BOUNDS;
	}
	return 0;
}

enum pol_audit_bad audit_explain_ctx(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
				     const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av,
				     const struct pol_audit_why **why)
{
	uint32_t h = memo_hash(sc->id, tc->id, cls, av);
	struct memo *m;

	for (struct pol_hash_entry *e = pol_hash_chain(&pol->memo, h); e; e = e->next) {
		m = pol_hash_item(e, struct memo, entry);
		if (m->sctx == sc->id && m->tctx == tc->id && m->cls == cls && m->av == av) {
			*why = &m->why;
			return POL_AUDIT_OK;
		}
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		return POL_AUDIT_BAD_COMPUTE;
	m->sctx = sc->id;
	m->tctx = tc->id;
	m->cls = cls;
	m->av = av;
	if (analyse(pol, m, sc, tc, cls, av) < 0) {
		free(m->bools);
		free(m->bool_set);
		free(m);
		return POL_AUDIT_BAD_COMPUTE;
	}
	pol_hash_add(&pol->memo, &m->entry, h);
	*why = &m->why;
	return POL_AUDIT_OK;
}

enum pol_audit_bad pol_audit_explain(struct pol_audit_policy *pol, const char *scontext,
				     const char *tcontext, const char *tclass,
				     const char *const *perms, size_t nperms,
				     const struct pol_audit_why **why)
{
	const struct pol_audit_ctx *sc, *tc;
	uint32_t cls, av;
	enum pol_audit_bad bad =
	    audit_question(pol, scontext, tcontext, tclass, perms, nperms, &sc, &tc, &cls, &av);

	if (bad != POL_AUDIT_OK)
		return bad;
	return audit_explain_ctx(pol, sc, tc, cls, av, why);
}

static void free_memo(struct pol_hash_entry *e)
{
	struct memo *m = pol_hash_item(e, struct memo, entry);

	free(m->bools);
	free(m->bool_set);
	free(m->constraint);
	free(m);
}

void audit_memo_free(struct pol_audit_policy *pol)
{
	pol_hash_release(&pol->memo, free_memo);
}
