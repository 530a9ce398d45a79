/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which neverallow rules a kernel policy's allow entries violate, by
 * class first. libsepol 3.4 (assertion.c) takes an entry to violate rule
 * r when the entry allows, r's class matches and one of r's permissions
 * is granted; r's source types meet the entry's source (its types: itself,
 * or an attribute's members); r's target types meet the entry's target,
 * or r names self and one of r's source types is in both the entry's
 * source and target; and for neverallowxperm, the extended permissions
 * break it too (xperm.c).
 *
 * For each rule, the source test becomes one bit: the type and attribute
 * values whose types meet r's sources are marked once (each source type
 * and the attributes holding it, from type_attr_map), likewise for the
 * targets; each entry of r's classes then costs a mask test and two bit
 * lookups.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "neverallow/internal.h"
#include "util/array.h"

/* The allow entries of one class. */
struct class_entries {
	struct neverallow_entry *v;
	size_t count, alloc;
};

struct index {
	policydb_t *p;
	struct class_entries *classes; /* [class value - 1] */
	/* bit v - 1: whether value v's types meet the rule's sources
	 * (targets); valid for the rule being checked once marked */
	uint64_t *src_ok, *tgt_ok;
	size_t words;
};

static int index_add(avtab_key_t *k, avtab_datum_t *d, void *arg)
{
	void **args = arg;
	struct index *ix = args[0];
	struct class_entries *c;

	if (!(k->specified & AVTAB_ALLOWED) || k->target_class == 0 ||
	    k->target_class > ix->p->p_classes.nprim)
		return 0;
	c = &ix->classes[k->target_class - 1];
	if (POL_ARRAY_GROW(c->v, c->count + 1, c->alloc) < 0)
		return -ENOMEM;
	c->v[c->count++] = (struct neverallow_entry){
	    .src = k->source_type,
	    .tgt = k->target_type,
	    .perms = d->data,
	    .table = args[1],
	    .key = k,
	};
	return 0;
}

static void index_release(struct index *ix)
{
	if (ix->classes)
		for (uint32_t c = 0; c < ix->p->p_classes.nprim; c++)
			free(ix->classes[c].v);
	free(ix->classes);
	free(ix->src_ok);
	free(ix->tgt_ok);
}

static int index_build(struct index *ix, policydb_t *p)
{
	void *args[2] = {ix, NULL};

	memset(ix, 0, sizeof(*ix));
	ix->p = p;
	ix->words = (p->p_types.nprim + 63) / 64;
	ix->classes = calloc(p->p_classes.nprim ? p->p_classes.nprim : 1, sizeof(*ix->classes));
	ix->src_ok = calloc(ix->words ? ix->words : 1, sizeof(uint64_t));
	ix->tgt_ok = calloc(ix->words ? ix->words : 1, sizeof(uint64_t));
	if (!ix->classes || !ix->src_ok || !ix->tgt_ok || !p->type_attr_map || !p->attr_type_map)
		return -ENOMEM;
	args[1] = &p->te_avtab;
	if (avtab_map(&p->te_avtab, index_add, args) < 0)
		return -ENOMEM;
	args[1] = &p->te_cond_avtab;
	if (avtab_map(&p->te_cond_avtab, index_add, args) < 0)
		return -ENOMEM;
	return 0;
}

static bool bit(const uint64_t *set, uint32_t value)
{
	return value && (set[(value - 1) / 64] >> ((value - 1) % 64)) & 1;
}

/*
 * Mark in ok every value whose types meet types (kernel type values - 1):
 * each type, and the attributes holding it. false when types names an
 * attribute, which type_attr_map cannot answer for (expand gives rules
 * types only); the caller then asks libsepol.
 */
static bool mark_types(const struct index *ix, uint64_t *ok, const ebitmap_t *types)
{
	const policydb_t *p = ix->p;
	ebitmap_node_t *n, *an;
	unsigned int t, a;

	memset(ok, 0, ix->words * sizeof(uint64_t));
	ebitmap_for_each_positive_bit(types, n, t)
	{
		if (t >= p->p_types.nprim || !p->type_val_to_struct[t] ||
		    p->type_val_to_struct[t]->flavor == TYPE_ATTRIB)
			return false;
		ebitmap_for_each_positive_bit(&p->type_attr_map[t], an, a)
		{
			if (a < p->p_types.nprim)
				ok[a / 64] |= UINT64_C(1) << (a % 64);
		}
	}
	return true;
}

/* libsepol's self test: one of r's sources in both e's source and
 * target. 1, 0, or -ENOMEM. */
static int self_match(const policydb_t *p, const avrule_t *r, const struct neverallow_entry *e)
{
	ebitmap_t srcs;
	int rc;

	ebitmap_init(&srcs);
	if (ebitmap_and(&srcs, &r->stypes.types, &p->attr_type_map[e->src - 1]) < 0)
		return -ENOMEM;
	rc = ebitmap_match_any(&srcs, &p->attr_type_map[e->tgt - 1]);
	ebitmap_destroy(&srcs);
	return rc;
}

/* Whether an entry of ix violates rule r. 1, 0, or -ENOMEM. */
static int rule_violated(struct index *ix, avrule_t *r)
{
	bool marked = false, self = (r->flags & RULE_SELF) != 0;
	bool xperm = r->specified == AVRULE_XPERMS_NEVERALLOW;
	int rc;

	for (const class_perm_node_t *cp = r->perms; cp; cp = cp->next) {
		const struct class_entries *c;

		if (cp->tclass == 0 || cp->tclass > ix->p->p_classes.nprim)
			continue;
		c = &ix->classes[cp->tclass - 1];
		for (size_t i = 0; i < c->count; i++) {
			const struct neverallow_entry *e = &c->v[i];

			if (!(e->perms & cp->data))
				continue;
			if (!marked) {
				if (!mark_types(ix, ix->src_ok, &r->stypes.types) ||
				    !mark_types(ix, ix->tgt_ok, &r->ttypes.types))
					return check_assertion(ix->p, r);
				marked = true;
			}
			if (!bit(ix->src_ok, e->src))
				continue;
			if (!bit(ix->tgt_ok, e->tgt)) {
				if (!self)
					continue;
				rc = self_match(ix->p, r, e);
				if (rc <= 0) {
					if (rc < 0)
						return rc;
					continue;
				}
			}
			if (!xperm)
				return 1;
			rc = neverallow_xperm_violated(ix->p, r, e);
			if (rc != 0)
				return rc;
		}
	}
	return 0;
}

int pol_neverallow_find(const struct pol_pdb *kp, bool **violated, size_t *count,
			struct pol_err *err)
{
	const policydb_t *p = pdb_db(kp);
	avrule_t *rules = NULL;

	if (p->global && p->global->branch_list)
		rules = p->global->branch_list->avrules;
	return pol_neverallow_find_rules(kp, rules, violated, count, err);
}

int pol_neverallow_find_rules(const struct pol_pdb *kp, void *rules, bool **violated, size_t *count,
			      struct pol_err *err)
{
	policydb_t *p = pdb_db(kp);
	bool *v = NULL;
	size_t n = 0, alloc = 0;
	struct index ix;
	int rc;

	rc = index_build(&ix, p);
	for (avrule_t *r = (avrule_t *)rules; r && rc == 0; r = r->next) {
		if (!(r->specified & (AVRULE_NEVERALLOW | AVRULE_XPERMS_NEVERALLOW)))
			continue;
		if (POL_ARRAY_GROW(v, n + 1, alloc) < 0) {
			rc = -ENOMEM;
			break;
		}
		rc = rule_violated(&ix, r);
		if (rc >= 0)
			v[n++] = rc > 0;
		if (rc > 0)
			rc = 0;
	}
	index_release(&ix);
	if (rc < 0) {
		free(v);
		return pol_err_set(err, -ENOMEM, "out of memory while checking neverallow rules");
	}
	*violated = v;
	*count = n;
	return 0;
}
