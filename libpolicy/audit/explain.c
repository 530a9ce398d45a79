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
 *
 * libsepol's services keep their policy and SID table in process-wide
 * variables; one pol_audit_policy at a time.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/debug.h>
#include <sepol/handle.h>
#include <sepol/policydb/services.h>
#include <sepol/policydb/sidtab.h>

#include "audit/internal.h"
#include "audit/policy.h"
#include "util/array.h"

#define MAX_CAND_BOOLS 64
#define MAX_COMB_BOOLS 16
#define MAX_SET_SIZE 3

struct cond_ref {
	const avtab_key_t *key;
	const avtab_datum_t *datum;
	const cond_node_t *cond;
};

struct memo {
	uint32_t sctx, tctx, cls, av;
	struct pol_audit_why why;
	struct pol_audit_bool *bools, *bool_set;
	char *constraint;
	struct memo *next;
};

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
	uint32_t allowed, auditallow, auditdeny; /* as te_decision() sums them */
	uint32_t first_allowed;			 /* avtab_search()'s, per pair */
};

struct te_entry {
	uint32_t s, t, cls;
	bool have_uncond; /* false when made while a rule was granted */
	struct te_uncond u;
	struct te_entry *next;
	size_t ncond;
	avtab_ptr_t cond[]; /* the conditional rules of the pairs, enabled or not */
};

struct type_attrs {
	uint32_t n;
	uint16_t *v;
};

/* A class and permission names of the log: the names are the key, each
 * with its NUL; libsepol's values for them. */
#define ACCESS_KEY_MAX 512
struct access_names {
	uint32_t hash, cls, av;
	enum pol_audit_bad bad;
	struct access_names *next;
	size_t len;
	char names[];
};

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
	};
	return bad < POL_AUDIT_BAD_COUNT ? names[bad] : "?";
}

const char *pol_audit_verdict_name(enum pol_audit_verdict v)
{
	static const char *const names[] = {"allowed",	  "dontaudit", "te_rule", "boolean",
					    "constraint", "rbac",      "bounds"};
	return (unsigned)v < 7 ? names[v] : "?";
}

/* A hash of the n bytes at s, eight at a time (a context string is hashed
 * twice per denial). */
static uint32_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = n * 0x9e3779b97f4a7c15u, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	w = 0;
	if (i < n)
		memcpy(&w, s + i, n - i);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53u;
	return (uint32_t)(h ^ (h >> 29) ^ (h >> 47));
}

/* The conditional allow rules, sorted by source type (counted, then
 * placed: stable, as the merge sort it replaces). */
static int index_conds(struct pol_audit_policy *pol)
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

/* Hash tables start small (a fuzzing run makes one per input) and grow
 * four times once they hold twice as many entries as slots. */
#define CTX_SLOTS 64
#define MEMO_SLOTS 256
#define TE_SLOTS 256
#define ACCESS_SLOTS 64

static uint32_t memo_hash(uint32_t sctx, uint32_t tctx, uint32_t cls, uint32_t av)
{
	return (sctx * 2654435761u) ^ (tctx * 40503u) ^ (cls << 20) ^ av;
}

static void grow_ctx(struct pol_audit_policy *pol)
{
	size_t n = pol->nctx_slots * 4;
	struct pol_audit_ctx **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < pol->nctx_slots; i++) {
		for (struct pol_audit_ctx *c = pol->ctx[i], *next; c; c = next) {
			next = c->next;
			c->next = slots[c->hash % n];
			slots[c->hash % n] = c;
		}
	}
	free(pol->ctx);
	pol->ctx = slots;
	pol->nctx_slots = n;
}

static void grow_memo(struct pol_audit_policy *pol)
{
	size_t n = pol->nmemo_slots * 4;
	struct memo **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < pol->nmemo_slots; i++) {
		for (struct memo *m = pol->memo[i], *next; m; m = next) {
			uint32_t h = memo_hash(m->sctx, m->tctx, m->cls, m->av);

			next = m->next;
			m->next = slots[h % n];
			slots[h % n] = m;
		}
	}
	free(pol->memo);
	pol->memo = slots;
	pol->nmemo_slots = n;
}

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
	if (sepol_sidtab_init(&pol->sidtab) < 0 || index_conds(pol) < 0) {
		pol_audit_policy_free(pol);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	pdb_sepol_services(pol->p, &pol->sidtab);
	pol->nctx_slots = CTX_SLOTS;
	pol->ctx = calloc(pol->nctx_slots, sizeof(*pol->ctx));
	pol->nmemo_slots = MEMO_SLOTS;
	pol->memo = calloc(pol->nmemo_slots, sizeof(*pol->memo));
	pol->nte_slots = TE_SLOTS;
	pol->te = calloc(pol->nte_slots, sizeof(*pol->te));
	pol->naccess_slots = ACCESS_SLOTS;
	pol->access = calloc(pol->naccess_slots, sizeof(*pol->access));
	if (!pol->ctx || !pol->memo || !pol->te || !pol->access) {
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
	for (size_t i = 0; pol->ctx && i < pol->nctx_slots; i++) {
		for (struct pol_audit_ctx *c = pol->ctx[i], *next; c; c = next) {
			next = c->next;
			free(c);
		}
	}
	for (size_t i = 0; pol->memo && i < pol->nmemo_slots; i++) {
		for (struct memo *m = pol->memo[i], *next; m; m = next) {
			next = m->next;
			free(m->bools);
			free(m->bool_set);
			free(m->constraint);
			free(m);
		}
	}
	for (size_t i = 0; pol->te && i < pol->nte_slots; i++) {
		for (struct te_entry *e = pol->te[i], *next; e; e = next) {
			next = e->next;
			free(e);
		}
	}
	for (size_t i = 0; pol->access && i < pol->naccess_slots; i++) {
		for (struct access_names *a = pol->access[i], *next; a; a = next) {
			next = a->next;
			free(a);
		}
	}
	free(pol->access);
	free(pol->ctx);
	free(pol->memo);
	free(pol->te);
	for (uint32_t i = 0; pol->attrs && i < pol->p->p_types.nprim; i++)
		free(pol->attrs[i].v);
	free(pol->attrs);
	free(pol->te_keys);
	free(pol->cond_keys);
	free(pol->crefs);
	for (struct pol_audit_grant *g = pol->grants, *next; g; g = next) {
		next = g->next;
		free(g);
	}
	sepol_sidtab_destroy(&pol->sidtab);
	free(pol);
}

struct pol_pdb *pol_audit_policy_pdb(const struct pol_audit_policy *pol)
{
	return pol->pdb;
}

/* sepol_context_to_sid() without its linear search of the SID table for an
 * equal context (quadratic on logs with thousands of contexts): each
 * distinct string gets a SID of its own. */
static int context_sid(struct pol_audit_policy *pol, const char *str, sepol_security_id_t *sid)
{
	context_struct_t *ctx = NULL;
	int rc;

	if (pdb_context_from_string(pol->pdb, str, &ctx) < 0)
		return -1;
	*sid = (sepol_security_id_t)++pol->next_sid;
	rc = sepol_sidtab_insert(&pol->sidtab, *sid, ctx);
	context_destroy(ctx);
	free(ctx);
	return rc < 0 ? -1 : 0;
}

/* user:role:type[:level] split once per distinct context string */
static void split_context(struct pol_audit_ctx *c)
{
	char *s = c->str;
	char *a = strchr(s, ':'), *b = a ? strchr(a + 1, ':') : NULL,
	     *d = b ? strchr(b + 1, ':') : NULL;
	size_t n = strlen(s);

	c->user_len = a ? (size_t)(a - s) : n;
	c->role = a ? a + 1 : s + n;
	c->role_len = b ? (size_t)(b - c->role) : (a ? strlen(c->role) : 0);
	c->type = b ? b + 1 : s + n;
	c->type_len = d ? (size_t)(d - c->type) : (b ? strlen(c->type) : 0);
	c->level = d ? d + 1 : NULL;
}

const struct pol_audit_ctx *audit_context(struct pol_audit_policy *pol, const char *str)
{
	size_t len = strlen(str);
	uint32_t h = hash_bytes(str, len);
	struct pol_audit_ctx **slot = &pol->ctx[h % pol->nctx_slots], *c;
	sepol_security_id_t sid;

	for (c = *slot; c; c = c->next)
		if (c->hash == h && c->len == len && memcmp(c->str, str, len) == 0)
			return c;
	c = calloc(1, sizeof(*c) + len + 1);
	if (!c)
		return NULL;
	memcpy(c->str, str, len + 1);
	c->len = len;
	c->hash = h;
	c->id = ++pol->nctx;
	split_context(c);
	if (context_sid(pol, str, &sid) == 0) {
		c->valid = true;
		c->sid = sid;
		c->c = sepol_sidtab_search(&pol->sidtab, sid);
		/* the type name is the context's; its value for the TE tables */
		{
			char tmp[256];
			size_t n = c->type_len < sizeof(tmp) - 1 ? c->type_len : sizeof(tmp) - 1;

			memcpy(tmp, c->type, n);
			tmp[n] = '\0';
			c->type_value = pdb_type_value(pol->pdb, tmp);
		}
	}
	c->next = *slot;
	*slot = c;
	if (pol->nctx > pol->nctx_slots * 2)
		grow_ctx(pol);
	return c;
}

static uint32_t te_hash(uint32_t s, uint32_t t, uint32_t cls)
{
	return (s * 2654435761u) ^ (t * 40503u) ^ (cls << 20);
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

static void grow_te(struct pol_audit_policy *pol)
{
	size_t n = pol->nte_slots * 4;
	struct te_entry **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < pol->nte_slots; i++) {
		for (struct te_entry *e = pol->te[i], *next; e; e = next) {
			uint32_t h = te_hash(e->s, e->t, e->cls);

			next = e->next;
			e->next = slots[h % n];
			slots[h % n] = e;
		}
	}
	free(pol->te);
	pol->te = slots;
	pol->nte_slots = n;
}

/* The triple's entry, made on first use; NULL when out of memory. */
static struct te_entry *te_entry(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls)
{
	uint32_t h = te_hash(s, t, cls);
	struct te_entry **slot = &pol->te[h % pol->nte_slots], *e;

	for (e = *slot; e; e = e->next)
		if (e->s == s && e->t == t && e->cls == cls)
			return e;
	e = te_make(pol, s, t, cls);
	if (!e)
		return NULL;
	e->next = *slot;
	*slot = e;
	if (++pol->nte > pol->nte_slots * 2)
		grow_te(pol);
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

static int compute(sepol_security_id_t ssid, sepol_security_id_t tsid, uint32_t cls, uint32_t av,
		   struct sepol_av_decision *avd, unsigned int *reason, char **buf)
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
static bool own_way(const policydb_t *p, const struct pol_audit_ctx *sc,
		    const struct pol_audit_ctx *tc, uint32_t cls)
{
	const context_struct_t *s = sc->c, *t = tc->c;

	return s && t && cls && cls <= p->p_classes.nprim && s->type &&
	       s->type <= p->p_types.nprim && t->type && t->type <= p->p_types.nprim &&
	       !p->type_val_to_struct[s->type - 1]->bounds;
}

/* The TE part of libsepol 3.4's context_struct_compute_av() for the types
 * s and t, its conditional part as cond_compute_av() sums it. -1 when out
 * of memory. */
static int te_decision(struct pol_audit_policy *pol, uint32_t s, uint32_t t, uint32_t cls,
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

/*
 * The rest of it for av, given the TE part in avd: the TE reason bit, the
 * constraints naming a permission of av (evaluated here, without text;
 * the reason bits for av are the same as when all are: a constraint on
 * other permissions takes only those away), the role transition check.
 * avd->allowed then says nothing of the permissions outside av. -1 where a
 * constraint would take libsepol's BUG() way.
 */
static int rest_decision(const policydb_t *p, const context_struct_t *s, const context_struct_t *t,
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
	if (own_way(pol->p, sc, tc, cls) &&
	    te_decision(pol, sc->c->type, tc->c->type, cls, avd) == 0 &&
	    rest_decision(pol->p, sc->c, tc->c, cls, av, avd, reason) == 0)
		return 0;
	return compute(sc->sid, tc->sid, cls, av, avd, reason, NULL);
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
			allowed = audit_te_allowed(pol, sc->type_value, tc->type_value, cls);
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
 * adds exactly perms to te_decision()'s allowed: the types are their
 * contexts' and each is in its own attribute map. */
static bool grant_adds(const policydb_t *p, const struct pol_audit_ctx *sc,
		       const struct pol_audit_ctx *tc)
{
	return sc->type_value == sc->c->type && tc->type_value == tc->c->type &&
	       ebitmap_get_bit(&p->type_attr_map[sc->c->type - 1], sc->c->type - 1) &&
	       ebitmap_get_bit(&p->type_attr_map[tc->c->type - 1], tc->c->type - 1);
}

static int analyse(struct pol_audit_policy *pol, struct memo *m, const struct pol_audit_ctx *sc,
		   const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av)
{
	struct pol_audit_why *w = &m->why;
	struct sepol_av_decision avd, te;
	unsigned int reason = 0;
	char *buf = NULL;
	bool own = own_way(pol->p, sc, tc, cls);

	/* the TE part is kept for the question with the missing rule granted */
	if (own)
		own = te_decision(pol, sc->c->type, tc->c->type, cls, &te) == 0;
	if (own) {
		avd = te;
		own = rest_decision(pol->p, sc->c, tc->c, cls, av, &avd, &reason) == 0;
	}
	if (!own && compute(sc->sid, tc->sid, cls, av, &avd, &reason, NULL) < 0)
		return -1;
	/* the text of the failing constraints only when one fails */
	if ((reason & SEPOL_COMPUTEAV_CONS) &&
	    compute(sc->sid, tc->sid, cls, av, &avd, &reason, &buf) < 0) {
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
		uint32_t saved;
		unsigned int r2 = 0;
		char *buf2 = NULL;

		bool exact = own && grant_adds(pol->p, sc, tc);

		w->te_missing =
		    av & ~(exact ? te.allowed
				 : audit_te_allowed(pol, sc->type_value, tc->type_value, cls));
		w->causes |= 1u << POL_AUDIT_TERULE;
		/* what the missing TE rule hides: asked with it granted, here
		 * from the TE part already known when that is exact, else
		 * (and for a failing constraint's text) with the rule in the
		 * policy for a moment */
		if (w->te_missing) {
			bool asked = false, granted = false;

			if (exact) {
				struct sepol_av_decision a2 = te;

				a2.allowed |= w->te_missing;
				asked = rest_decision(pol->p, sc->c, tc->c, cls, av, &a2, &r2) == 0;
			}
			if ((!asked || (r2 & SEPOL_COMPUTEAV_CONS)) &&
			    audit_grant(pol, sc->type_value, tc->type_value, cls, w->te_missing,
					&saved) == 0)
				granted = true;
			if (!asked && granted)
				asked = audit_compute(pol, sc, tc, cls, av, &avd, &r2) >= 0;
			if (asked && (granted || !(r2 & SEPOL_COMPUTEAV_CONS))) {
				reason |= r2 & ~SEPOL_COMPUTEAV_TE;
				if ((r2 & SEPOL_COMPUTEAV_CONS) &&
				    compute(sc->sid, tc->sid, cls, av, &avd, &r2, &buf2) < 0) {
					free(buf2);
					buf2 = NULL;
				}
			}
			if (granted)
				audit_ungrant(pol, sc->type_value, tc->type_value, cls, saved);
			/* the text is the first question's when it has one (the
			 * constraints failing on any allowed permission), else
			 * this one's */
			if (buf2 && !buf &&
			    compute(sc->sid, tc->sid, cls, av, &avd, &r2, &buf) < 0) {
				free(buf);
				buf = NULL;
			}
			if (buf2 && !(buf && *buf)) {
				free(buf);
				buf = buf2;
				buf2 = NULL;
			}
			free(buf2);
		}
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
	struct memo **slot = &pol->memo[h % pol->nmemo_slots], *m;

	for (m = *slot; m; m = m->next)
		if (m->sctx == sc->id && m->tctx == tc->id && m->cls == cls && m->av == av) {
			*why = &m->why;
			return POL_AUDIT_OK;
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
	m->next = *slot;
	*slot = m;
	*why = &m->why;
	if (++pol->nmemo > pol->nmemo_slots * 2)
		grow_memo(pol);
	return POL_AUDIT_OK;
}

/* libsepol's values of a class and permission names; *cls and *av written
 * as far as the names are found. */
static enum pol_audit_bad access_values(const char *tclass, const char *const *perms, size_t nperms,
					uint32_t *cls, uint32_t *av)
{
	sepol_security_class_t c;

	if (sepol_string_to_security_class(tclass, &c) < 0)
		return POL_AUDIT_BAD_CLASS;
	*cls = c;
	*av = 0;
	for (size_t i = 0; i < nperms; i++) {
		sepol_access_vector_t v;

		if (sepol_string_to_av_perm(c, perms[i], &v) < 0)
			return POL_AUDIT_BAD_PERM;
		*av |= v;
	}
	return POL_AUDIT_OK;
}

/* The names joined in key, each with its NUL; their length, or 0 when they
 * do not fit. */
static size_t access_key(char *key, const char *tclass, const char *const *perms, size_t nperms)
{
	size_t n = 0;

	for (size_t i = 0; i <= nperms; i++) {
		const char *name = i ? perms[i - 1] : tclass;
		size_t len = strlen(name) + 1;

		if (len > ACCESS_KEY_MAX - n)
			return 0;
		memcpy(key + n, name, len);
		n += len;
	}
	return n;
}

static void grow_access(struct pol_audit_policy *pol)
{
	size_t n = pol->naccess_slots * 4;
	struct access_names **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < pol->naccess_slots; i++) {
		for (struct access_names *a = pol->access[i], *next; a; a = next) {
			next = a->next;
			a->next = slots[a->hash % n];
			slots[a->hash % n] = a;
		}
	}
	free(pol->access);
	pol->access = slots;
	pol->naccess_slots = n;
}

/* access_values(), kept per list of names: a log names the same few
 * hundred (class, permissions) again and again, and libsepol's lookups hash
 * and compare each name. */
static enum pol_audit_bad class_perms(struct pol_audit_policy *pol, const char *tclass,
				      const char *const *perms, size_t nperms, uint32_t *cls,
				      uint32_t *av)
{
	char key[ACCESS_KEY_MAX];
	size_t n = access_key(key, tclass, perms, nperms);
	struct access_names **slot, *a;
	uint32_t h;

	if (!n)
		return access_values(tclass, perms, nperms, cls, av);
	h = hash_bytes(key, n);
	slot = &pol->access[h % pol->naccess_slots];
	for (a = *slot; a; a = a->next)
		if (a->hash == h && a->len == n && memcmp(a->names, key, n) == 0)
			break;
	if (!a) {
		a = malloc(sizeof(*a) + n);
		if (!a)
			return access_values(tclass, perms, nperms, cls, av);
		*a = (struct access_names){.hash = h, .len = n, .next = *slot};
		a->bad = access_values(tclass, perms, nperms, &a->cls, &a->av);
		memcpy(a->names, key, n);
		*slot = a;
		if (++pol->naccess > pol->naccess_slots * 2)
			grow_access(pol);
	}
	if (a->bad != POL_AUDIT_BAD_CLASS) {
		*cls = a->cls;
		*av = a->av;
	}
	return a->bad;
}

enum pol_audit_bad audit_question(struct pol_audit_policy *pol, const char *scontext,
				  const char *tcontext, const char *tclass,
				  const char *const *perms, size_t nperms,
				  const struct pol_audit_ctx **sc, const struct pol_audit_ctx **tc,
				  uint32_t *cls, uint32_t *av)
{
	*sc = audit_context(pol, scontext);
	if (!*sc || !(*sc)->valid)
		return POL_AUDIT_BAD_SCONTEXT;
	*tc = audit_context(pol, tcontext);
	if (!*tc || !(*tc)->valid)
		return POL_AUDIT_BAD_TCONTEXT;
	/* a rule of no permission ("allow a b:file { };") is no rule */
	if (!nperms)
		return POL_AUDIT_BAD_NO_PERM;
	return class_perms(pol, tclass, perms, nperms, cls, av);
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
