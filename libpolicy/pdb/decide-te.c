// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The decider's fast TE part (pdb_decider_te()): the TE part of a question
 * (source type, target type, class), the rules of every source attribute x
 * target attribute pair found once and kept; and a rule granted in the
 * policy for a moment (pdb_decider_grant()), for the what-ifs of audit's
 * explanations and --verify.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

#include "util/array.h"
#include "util/hash.h"

/*
 * The TE part of a (source type, target type, class) triple costs an avtab
 * lookup in both tables per source attribute x target attribute pair; it is
 * found once and asked again by every question on the triple and by every
 * boolean state the boolean search tries: the sums of the unconditional
 * rules, and the nodes of the conditional ones, whose AVTAB_ENABLED bits
 * evaluate_conds() keeps current. The sums are walked again while a rule is
 * granted (pdb_decider_grant() changes the unconditional table).
 */
struct te_uncond {
	uint32_t allowed, auditallow, auditdeny; /* as pdb_decider_te() sums them */
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

struct pdb_te_attrs {
	uint32_t n;
	uint16_t *v;
};

static uint32_t triple_hash(uint32_t s, uint32_t t, uint32_t cls)
{
	const uint32_t k[] = {s, t, cls};

	return pol_hash_bytes(k, sizeof(k));
}

/* The attributes of type (itself among them) as type_attr_map has them, in
 * an array made on first use: walking an ebitmap visits every bit up to its
 * highest, once per source attribute for the target's. NULL when out of
 * memory or type is not a type's value. */
static const struct pdb_te_attrs *attrs_of(struct pdb_decider *d, uint32_t type)
{
	const policydb_t *p = d->p;
	struct pdb_te_attrs *a;
	ebitmap_node_t *node;
	unsigned int bit;
	size_t n = 0;

	if (!type || type > p->p_types.nprim)
		return NULL;
	if (!d->attrs) {
		d->attrs = calloc(p->p_types.nprim, sizeof(*d->attrs));
		if (!d->attrs)
			return NULL;
	}
	a = &d->attrs[type - 1];
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
 * Made on first use; pdb_decider_grant() adds its key.
 */
#define KEY_BITS (1u << 20)

static uint32_t filter_bit(uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t h = (s * 0x9e3779b1u) ^ (t * 0x85ebca77u) ^ (cls * 0xc2b2ae3du);

	return (h ^ (h >> 15)) & (KEY_BITS - 1);
}

static void filter_add(uint64_t *keys, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t b = filter_bit(s, t, cls);

	if (keys)
		keys[b / 64] |= UINT64_C(1) << (b % 64);
}

/* false when tab has no node with the key; true when it may */
static bool filter_maybe(const uint64_t *keys, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t b = filter_bit(s, t, cls);

	return !keys || (keys[b / 64] >> (b % 64)) & 1;
}

static uint64_t *filter_of_table(const avtab_t *tab)
{
	uint64_t *keys = calloc(KEY_BITS / 64, sizeof(*keys));

	for (uint32_t i = 0; keys && tab->htable && i < tab->nslot; i++)
		for (avtab_ptr_t n = tab->htable[i]; n; n = n->next)
			filter_add(keys, n->key.source_type, n->key.target_type,
				   n->key.target_class);
	return keys;
}

/* The rules of a pair of attributes in the unconditional table, summed as
 * libsepol 3.4's context_struct_compute_av() sums them. A binary policy's
 * table keeps the nodes of one key together in order, so the first allowed
 * node of the walk is the one avtab_search() finds. */
static void sum_uncond_pair(const policydb_t *p, avtab_key_t *key, struct te_uncond *u)
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
static int collect_cond_pair(const policydb_t *p, avtab_key_t *key, avtab_ptr_t **v, size_t *n,
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
static int walk_pairs(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls,
		      struct te_uncond *u, avtab_ptr_t **v, size_t *n)
{
	const struct pdb_te_attrs *sa = attrs_of(d, s), *ta = attrs_of(d, t);
	avtab_key_t key = {.target_class = (uint16_t)cls, .specified = AVTAB_AV};
	size_t alloc = 0;

	if (!sa || !ta)
		return -1;
	if (!d->te_keys) {
		d->te_keys = filter_of_table(&d->p->te_avtab);
		d->cond_keys = filter_of_table(&d->p->te_cond_avtab);
	}
	*u = (struct te_uncond){.auditdeny = 0xffffffff};
	for (uint32_t i = 0; i < sa->n; i++) {
		key.source_type = sa->v[i];
		for (uint32_t j = 0; j < ta->n; j++) {
			key.target_type = ta->v[j];
			if (filter_maybe(d->te_keys, sa->v[i], ta->v[j], cls))
				sum_uncond_pair(d->p, &key, u);
			if (v && filter_maybe(d->cond_keys, sa->v[i], ta->v[j], cls) &&
			    collect_cond_pair(d->p, &key, v, n, &alloc) < 0)
				return -1;
		}
	}
	return 0;
}

static struct te_entry *cache_make(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls)
{
	avtab_ptr_t *v = NULL;
	size_t n = 0;
	struct te_uncond u;
	struct te_entry *e = NULL;

	if (walk_pairs(d, s, t, cls, &u, &v, &n) == 0)
		e = malloc(sizeof(*e) + n * sizeof(e->cond[0]));
	if (e) {
		/* the sums hold a granted rule for now: not kept */
		*e = (struct te_entry){
		    .s = s, .t = t, .cls = cls, .have_uncond = !d->ngranted, .u = u, .ncond = n};
		if (n)
			memcpy(e->cond, v, n * sizeof(e->cond[0]));
	}
	free(v);
	return e;
}

/* The triple's entry, made on first use; NULL when out of memory. */
static struct te_entry *cache_find(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t h = triple_hash(s, t, cls);
	struct te_entry *e;

	for (struct pol_hash_entry *x = pol_hash_chain(&d->te, h); x; x = x->next) {
		e = pol_hash_item(x, struct te_entry, entry);
		if (e->s == s && e->t == t && e->cls == cls)
			return e;
	}
	e = cache_make(d, s, t, cls);
	if (!e)
		return NULL;
	pol_hash_add(&d->te, &e->entry, h);
	return e;
}

/* The entry's unconditional sums as the table is now; NULL when out of
 * memory. */
static const struct te_uncond *cache_uncond(struct pdb_decider *d, struct te_entry *e,
					    struct te_uncond *tmp)
{
	if (d->ngranted) {
		if (walk_pairs(d, e->s, e->t, e->cls, tmp, NULL, NULL) < 0)
			return NULL;
		return tmp;
	}
	if (!e->have_uncond) {
		if (walk_pairs(d, e->s, e->t, e->cls, &e->u, NULL, NULL) < 0)
			return NULL;
		e->have_uncond = true;
	}
	return &e->u;
}

/* Allowed by TE alone, with the conditionals in their current state, as
 * avtab_search() on the unconditional table and the enabled allow rules of
 * the conditional one give it. */
static uint32_t allowed_walk(const policydb_t *p, uint32_t s, uint32_t t, uint32_t cls)
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

uint32_t pdb_decider_te_allowed(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls)
{
	struct te_entry *e = cache_find(d, s, t, cls);
	const struct te_uncond *u;
	struct te_uncond tmp;
	uint32_t allowed;

	if (!e || !(u = cache_uncond(d, e, &tmp)))
		return allowed_walk(d->p, s, t, cls);
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
int pdb_decider_te(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls,
		   struct sepol_av_decision *avd)
{
	struct te_entry *e = cache_find(d, s, t, cls);
	const struct te_uncond *u;
	struct te_uncond tmp;

	if (!e || !(u = cache_uncond(d, e, &tmp)))
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
 * pdb_decider_ungrant(); the node, once made, stays (with no permissions). */
int pdb_decider_grant(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls, uint32_t perms,
		      uint32_t *saved)
{
	avtab_key_t key = {.source_type = (uint16_t)s,
			   .target_type = (uint16_t)t,
			   .target_class = (uint16_t)cls,
			   .specified = AVTAB_ALLOWED};
	avtab_ptr_t node = avtab_search_node(&d->p->te_avtab, &key);

	if (!node) {
		avtab_datum_t none = {.data = 0};

		if (avtab_insert(&d->p->te_avtab, &key, &none) < 0)
			return -ENOMEM;
		node = avtab_search_node(&d->p->te_avtab, &key);
		if (!node)
			return -ENOMEM;
	}
	filter_add(d->te_keys, s, t, cls);
	*saved = node->datum.data;
	node->datum.data |= perms;
	d->ngranted++;
	return 0;
}

void pdb_decider_ungrant(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls,
			 uint32_t saved)
{
	avtab_key_t key = {.source_type = (uint16_t)s,
			   .target_type = (uint16_t)t,
			   .target_class = (uint16_t)cls,
			   .specified = AVTAB_ALLOWED};
	avtab_ptr_t node = avtab_search_node(&d->p->te_avtab, &key);

	if (node)
		node->datum.data = saved;
	if (d->ngranted)
		d->ngranted--;
}

static void free_cache_entry(struct pol_hash_entry *e)
{
	free(pol_hash_item(e, struct te_entry, entry));
}

void pdb_decider_te_free(struct pdb_decider *d)
{
	pol_hash_release(&d->te, free_cache_entry);
	for (uint32_t i = 0; d->attrs && i < d->p->p_types.nprim; i++)
		free(d->attrs[i].v);
	free(d->attrs);
	free(d->te_keys);
	free(d->cond_keys);
}
