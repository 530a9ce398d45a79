// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The TE part of a question (source type, target type, class): the rules
 * of every source attribute x target attribute pair, found once and kept;
 * and a rule granted in the policy for a moment (audit_grant()).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

#include "audit/explain-internal.h"
#include "util/array.h"
#include "util/hash.h"

/*
 * The TE part of a (source type, target type, class) triple costs an avtab
 * lookup in both tables per source attribute x target attribute pair; it is
 * found once and asked again by every question on the triple and by every
 * boolean state the boolean search tries: the sums of the unconditional
 * rules, and the nodes of the conditional ones, whose AVTAB_ENABLED bits
 * evaluate_conds() keeps current. The sums are walked again while a rule is
 * granted (audit_grant() changes the unconditional table).
 */
struct te_uncond {
	uint32_t allowed, auditallow, auditdeny; /* as audit_te_decision() sums them */
	uint32_t first_allowed;			 /* avtab_search()'s, per pair */
};

struct te_entry {
	struct pol_hash_entry entry;
	uint32_t s, t, cls;
	bool have_uncond; /* false when made while a rule was granted */
	struct te_uncond u;
	size_t ncond;
	avtab_ptr_t cond[]; /* the conditional rules of the pairs, enabled or not */
};

struct type_attrs {
	uint32_t n;
	uint16_t *v;
};

static uint32_t te_hash(uint32_t s, uint32_t t, uint32_t cls)
{
	const uint32_t k[] = {s, t, cls};

	return pol_hash_bytes(k, sizeof(k));
}

/* The attributes of type (itself among them) as type_attr_map has them, in
 * an array made on first use: walking an ebitmap visits every bit up to its
 * highest, once per source attribute for the target's. NULL when out of
 * memory or type is not a type's value. */
static const struct type_attrs *type_attrs(struct pol_audit_policy *pol, uint32_t type)
{
	const policydb_t *p = pol->p;
	struct type_attrs *a;
	ebitmap_node_t *node;
	unsigned int bit;
	size_t n = 0;

	if (!type || type > p->p_types.nprim)
		return NULL;
	if (!pol->attrs) {
		pol->attrs = calloc(p->p_types.nprim, sizeof(*pol->attrs));
		if (!pol->attrs)
			return NULL;
	}
	a = &pol->attrs[type - 1];
	if (a->v)
		return a;
	ebitmap_for_each_positive_bit(&p->type_attr_map[type - 1], node, bit)
	{
		n++;
	}
	a->v = malloc((n ? n : 1) * sizeof(*a->v));
	if (!a->v)
		return NULL;
	ebitmap_for_each_positive_bit(&p->type_attr_map[type - 1], node, bit)
	{
		a->v[a->n++] = (uint16_t)(bit + 1);
	}
	return a;
}

/*
 * Which (source, target, class) keys a table may hold, one bit per key hash
 * in a bitmap that stays in cache: most attribute pairs of a question have
 * no rule, and an avtab lookup in a large table is a cache miss or two.
 * Made on first use; audit_grant() adds its key.
 */
#define KEY_BITS (1u << 20)

static uint32_t key_bit(uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t h = (s * 0x9e3779b1u) ^ (t * 0x85ebca77u) ^ (cls * 0xc2b2ae3du);

	return (h ^ (h >> 15)) & (KEY_BITS - 1);
}

static void key_add(uint64_t *keys, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t b = key_bit(s, t, cls);

	if (keys)
		keys[b / 64] |= UINT64_C(1) << (b % 64);
}

/* false when tab has no node with the key; true when it may */
static bool key_maybe(const uint64_t *keys, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t b = key_bit(s, t, cls);

	return !keys || (keys[b / 64] >> (b % 64)) & 1;
}

static uint64_t *key_filter(const avtab_t *tab)
{
	uint64_t *keys = calloc(KEY_BITS / 64, sizeof(*keys));

	for (uint32_t i = 0; keys && tab->htable && i < tab->nslot; i++)
		for (avtab_ptr_t n = tab->htable[i]; n; n = n->next)
			key_add(keys, n->key.source_type, n->key.target_type, n->key.target_class);
	return keys;
}

/* The rules of a pair of attributes in the unconditional table, summed as
 * libsepol 3.4's context_struct_compute_av() sums them. A binary policy's
 * table keeps the nodes of one key together in order, so the first allowed
 * node of the walk is the one avtab_search() finds. */
static void uncond_pair(const policydb_t *p, avtab_key_t *key, struct te_uncond *u)
{
	bool first = true;

	for (avtab_ptr_t node = avtab_search_node((avtab_t *)&p->te_avtab, key); node;
	     node = avtab_search_node_next(node, key->specified)) {
		if (first && (node->key.specified & AVTAB_ALLOWED)) {
			u->first_allowed |= node->datum.data;
			first = false;
		}
		if (node->key.specified == AVTAB_ALLOWED)
			u->allowed |= node->datum.data;
		else if (node->key.specified == AVTAB_AUDITALLOW)
			u->auditallow |= node->datum.data;
		else if (node->key.specified == AVTAB_AUDITDENY)
			u->auditdeny &= node->datum.data;
	}
}

/* The nodes cond_compute_av() visits for a pair of attributes, appended to
 * *v. */
static int cond_pair(const policydb_t *p, avtab_key_t *key, avtab_ptr_t **v, size_t *n,
		     size_t *alloc)
{
	for (avtab_ptr_t node = avtab_search_node((avtab_t *)&p->te_cond_avtab, key); node;
	     node = avtab_search_node_next(node, key->specified)) {
		if (POL_ARRAY_GROW(*v, *n + 1, *alloc) < 0)
			return -ENOMEM;
		(*v)[(*n)++] = node;
	}
	return 0;
}

/* Every source attribute x target attribute pair of (s, t, cls): the
 * unconditional sums in *u, and the conditional nodes in *v unless v is
 * NULL. -1 when out of memory. */
static int te_walk(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls,
		   struct te_uncond *u, avtab_ptr_t **v, size_t *n)
{
	const struct type_attrs *sa = type_attrs(pol, s), *ta = type_attrs(pol, t);
	avtab_key_t key = {.target_class = (uint16_t)cls, .specified = AVTAB_AV};
	size_t alloc = 0;

	if (!sa || !ta)
		return -1;
	if (!pol->te_keys) {
		pol->te_keys = key_filter(&pol->p->te_avtab);
		pol->cond_keys = key_filter(&pol->p->te_cond_avtab);
	}
	*u = (struct te_uncond){.auditdeny = 0xffffffff};
	for (uint32_t i = 0; i < sa->n; i++) {
		key.source_type = sa->v[i];
		for (uint32_t j = 0; j < ta->n; j++) {
			key.target_type = ta->v[j];
			if (key_maybe(pol->te_keys, sa->v[i], ta->v[j], cls))
				uncond_pair(pol->p, &key, u);
			if (v && key_maybe(pol->cond_keys, sa->v[i], ta->v[j], cls) &&
			    cond_pair(pol->p, &key, v, n, &alloc) < 0)
				return -1;
		}
	}
	return 0;
}

static struct te_entry *te_make(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls)
{
	avtab_ptr_t *v = NULL;
	size_t n = 0;
	struct te_uncond u;
	struct te_entry *e = NULL;

	if (te_walk(pol, s, t, cls, &u, &v, &n) == 0)
		e = malloc(sizeof(*e) + n * sizeof(e->cond[0]));
	if (e) {
		/* the sums hold a granted rule for now: not kept */
		*e = (struct te_entry){
		    .s = s, .t = t, .cls = cls, .have_uncond = !pol->ngranted, .u = u, .ncond = n};
		if (n)
			memcpy(e->cond, v, n * sizeof(e->cond[0]));
	}
	free(v);
	return e;
}

/* The triple's entry, made on first use; NULL when out of memory. */
static struct te_entry *te_entry(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t h = te_hash(s, t, cls);
	struct te_entry *e;

	for (struct pol_hash_entry *x = pol_hash_chain(&pol->te, h); x; x = x->next) {
		e = pol_hash_item(x, struct te_entry, entry);
		if (e->s == s && e->t == t && e->cls == cls)
			return e;
	}
	e = te_make(pol, s, t, cls);
	if (!e)
		return NULL;
	pol_hash_add(&pol->te, &e->entry, h);
	return e;
}

/* The entry's unconditional sums as the table is now; NULL when out of
 * memory. */
static const struct te_uncond *te_uncond(struct pol_audit_policy *pol, struct te_entry *e,
					 struct te_uncond *tmp)
{
	if (pol->ngranted) {
		if (te_walk(pol, e->s, e->t, e->cls, tmp, NULL, NULL) < 0)
			return NULL;
		return tmp;
	}
	if (!e->have_uncond) {
		if (te_walk(pol, e->s, e->t, e->cls, &e->u, NULL, NULL) < 0)
			return NULL;
		e->have_uncond = true;
	}
	return &e->u;
}

/* Allowed by TE alone, with the conditionals in their current state, as
 * avtab_search() on the unconditional table and the enabled allow rules of
 * the conditional one give it. */
static uint32_t te_allowed_walk(const policydb_t *p, uint32_t s, uint32_t t, uint32_t cls)
{
	ebitmap_t *sa = &p->type_attr_map[s - 1], *ta = &p->type_attr_map[t - 1];
	ebitmap_node_t *sn, *tn;
	unsigned int i, j;
	uint32_t allowed = 0;

	ebitmap_for_each_positive_bit(sa, sn, i)
	{
		ebitmap_for_each_positive_bit(ta, tn, j)
		{
			avtab_key_t key = {.source_type = (uint16_t)(i + 1),
					   .target_type = (uint16_t)(j + 1),
					   .target_class = (uint16_t)cls,
					   .specified = AVTAB_ALLOWED};
			avtab_datum_t *d = avtab_search((avtab_t *)&p->te_avtab, &key);
			avtab_ptr_t node;

			if (d)
				allowed |= d->data;
			for (node = avtab_search_node((avtab_t *)&p->te_cond_avtab, &key); node;
			     node = avtab_search_node_next(node, key.specified))
				if (node->key.specified & AVTAB_ENABLED)
					allowed |= node->datum.data;
		}
	}
	return allowed;
}

uint32_t audit_te_allowed(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls)
{
	struct te_entry *e = te_entry(pol, s, t, cls);
	const struct te_uncond *u;
	struct te_uncond tmp;
	uint32_t allowed;

	if (!e || !(u = te_uncond(pol, e, &tmp)))
		return te_allowed_walk(pol->p, s, t, cls);
	allowed = u->first_allowed;
	for (size_t k = 0; k < e->ncond; k++) {
		uint32_t spec = e->cond[k]->key.specified;

		if ((spec & AVTAB_ALLOWED) && (spec & AVTAB_ENABLED))
			allowed |= e->cond[k]->datum.data;
	}
	return allowed;
}

/* The TE part of libsepol 3.4's context_struct_compute_av() for the types
 * s and t, its conditional part as cond_compute_av() sums it. -1 when out
 * of memory. */
int audit_te_decision(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls,
		      struct sepol_av_decision *avd)
{
	struct te_entry *e = te_entry(pol, s, t, cls);
	const struct te_uncond *u;
	struct te_uncond tmp;

	if (!e || !(u = te_uncond(pol, e, &tmp)))
		return -1;
	*avd = (struct sepol_av_decision){.decided = 0xffffffff,
					  .allowed = u->allowed,
					  .auditallow = u->auditallow,
					  .auditdeny = u->auditdeny};
	for (size_t k = 0; k < e->ncond; k++) {
		uint32_t spec = e->cond[k]->key.specified, data = e->cond[k]->datum.data;

		if ((spec & (AVTAB_ALLOWED | AVTAB_ENABLED)) == (AVTAB_ALLOWED | AVTAB_ENABLED))
			avd->allowed |= data;
		if ((spec & (AVTAB_AUDITDENY | AVTAB_ENABLED)) == (AVTAB_AUDITDENY | AVTAB_ENABLED))
			avd->auditdeny &= data;
		if ((spec & (AVTAB_AUDITALLOW | AVTAB_ENABLED)) ==
		    (AVTAB_AUDITALLOW | AVTAB_ENABLED))
			avd->auditallow |= data;
	}
	return 0;
}

/* Grant perms to (s, t, cls) in the unconditional TE table until
 * audit_ungrant(); the node, once made, stays (with no permissions). */
int audit_grant(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls, uint32_t perms,
		uint32_t *saved)
{
	avtab_key_t key = {.source_type = (uint16_t)s,
			   .target_type = (uint16_t)t,
			   .target_class = (uint16_t)cls,
			   .specified = AVTAB_ALLOWED};
	avtab_ptr_t node = avtab_search_node(&pol->p->te_avtab, &key);

	if (!node) {
		avtab_datum_t d = {.data = 0};

		if (avtab_insert(&pol->p->te_avtab, &key, &d) < 0)
			return -ENOMEM;
		node = avtab_search_node(&pol->p->te_avtab, &key);
		if (!node)
			return -ENOMEM;
	}
	key_add(pol->te_keys, s, t, cls);
	*saved = node->datum.data;
	node->datum.data |= perms;
	pol->ngranted++;
	return 0;
}

void audit_ungrant(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls,
		   uint32_t saved)
{
	avtab_key_t key = {.source_type = (uint16_t)s,
			   .target_type = (uint16_t)t,
			   .target_class = (uint16_t)cls,
			   .specified = AVTAB_ALLOWED};
	avtab_ptr_t node = avtab_search_node(&pol->p->te_avtab, &key);

	if (node)
		node->datum.data = saved;
	if (pol->ngranted)
		pol->ngranted--;
}

static void free_te(struct pol_hash_entry *e)
{
	free(pol_hash_item(e, struct te_entry, entry));
}

void audit_te_free(struct pol_audit_policy *pol)
{
	pol_hash_release(&pol->te, free_te);
	for (uint32_t i = 0; pol->attrs && i < pol->p->p_types.nprim; i++)
		free(pol->attrs[i].v);
	free(pol->attrs);
	free(pol->te_keys);
	free(pol->cond_keys);
}
