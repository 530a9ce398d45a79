/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Who can and what can: allow rules regrouped into answers. Both start from
 * pol_rule_search(), so a rule matches exactly as in "sequery rules" (and
 * sesearch); this file only regroups: by the source types an attribute
 * stands for (who can), or by target and class (what can).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"
#include "util/array.h"
#include "util/buf.h"
#include "util/suggest.h"

static int nomem(struct pol_err *err)
{
	return pol_err_set(err, -ENOMEM, "out of memory");
}

void pol_access_list_free(struct pol_access_list *list)
{
	if (!list)
		return;
	free(list->items);
	free(list->reasons);
	query_pool_free(list->pool);
	pol_rule_list_free(list->rules);
	free(list);
}

/* checkmodule's and CIL's name for a type set: NAME_typeattr_N */
static bool is_generated_attr(const char *name)
{
	const char *p = strstr(name, "_typeattr_");

	if (!p || !p[10])
		return false;
	for (p += 10; *p; p++)
		if (!isdigit((unsigned char)*p))
			return false;
	return true;
}

/* " PREFIXt1 PREFIXt2" for each type of e (attributes skipped) */
static void put_types(struct pol_buf *b, const struct pol_pdb *pdb, const ebitmap_t *e,
		      const char *prefix)
{
	ebitmap_node_t *node;
	unsigned int bit;

	ebitmap_for_each_positive_bit(e, node, bit)
	{
		if (!pdb_is_attr(pdb, bit + 1))
			pol_buf_printf(b, " %s%s", prefix, pdb_type_name(pdb, bit + 1));
	}
}

char *pol_access_attr_text(const struct pol_pdb *pdb, const char *attr)
{
	enum { MAX_LISTED = 8 };
	const policydb_t *p = pdb_db(pdb);
	uint32_t g = attr ? pdb_type_value(pdb, attr) : 0, best = 0;
	unsigned int members, best_extra = UINT_MAX;
	struct pol_buf b = POL_BUF_INIT;
	const ebitmap_t *m;

	if (!g || !pdb_is_attr(pdb, g) || !is_generated_attr(attr))
		return NULL;
	m = &p->attr_type_map[g - 1];
	members = ebitmap_cardinality(m);
	/* the named attribute that holds every member and the fewest others */
	for (uint32_t a = 1; a <= p->p_types.nprim; a++) {
		const ebitmap_t *e = &p->attr_type_map[a - 1];
		unsigned int extra;

		if (a == g || !pdb_is_attr(pdb, a) || !pdb_type_name(pdb, a) ||
		    is_generated_attr(pdb_type_name(pdb, a)) || !ebitmap_contains(e, m))
			continue;
		extra = ebitmap_cardinality(e) - members;
		if (extra < best_extra) {
			best = a;
			best_extra = extra;
		}
	}
	if (best && best_extra <= MAX_LISTED) {
		ebitmap_t left;

		ebitmap_init(&left);
		if (ebitmap_andnot(&left, &p->attr_type_map[best - 1], m, p->p_types.nprim) < 0) {
			ebitmap_destroy(&left);
			return NULL;
		}
		pol_buf_printf(&b, "{ %s", pdb_type_name(pdb, best));
		put_types(&b, pdb, &left, "-");
		pol_buf_puts(&b, " }");
		ebitmap_destroy(&left);
	} else if (members <= MAX_LISTED) {
		pol_buf_puts(&b, "{");
		put_types(&b, pdb, m, "");
		pol_buf_puts(&b, " }");
	} else if (best) {
		pol_buf_printf(&b, "{ %s -%u types }", pdb_type_name(pdb, best), best_extra);
	} else {
		pol_buf_printf(&b, "%u types", members);
	}
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

/* The rules hold the policy's own name strings, so a pointer comparison
 * finds most bits; strcmp() keeps it correct if they ever do not. */
static int perm_bit(const struct pol_pdb *pdb, uint32_t c, const char *name)
{
	for (unsigned int b = 0; b < 32; b++)
		if (pdb_perm_name(pdb, c, b) == name)
			return (int)b;
	return pdb_perm_bit(pdb, c, name);
}

static uint32_t rule_perm_bits(const struct pol_pdb *pdb, uint32_t c, const struct pol_rule *r)
{
	uint32_t bits = 0;

	for (const char **n = r->perms; n && *n; n++) {
		int b = perm_bit(pdb, c, *n);

		if (b >= 0)
			bits |= 1u << b;
	}
	return bits;
}

static int access_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The names of the bits of class c, sorted, NULL-terminated, in the pool. */
static const char **access_perm_names(const struct pol_pdb *pdb, uint32_t c, uint32_t bits,
				      struct pol_strpool **pool)
{
	const char **v = query_pool_alloc(pool, 33 * sizeof(*v));
	size_t n = 0;

	if (!v)
		return NULL;
	for (unsigned int b = 0; b < 32; b++)
		if ((bits & (1u << b)) && pdb_perm_name(pdb, c, b))
			v[n++] = pdb_perm_name(pdb, c, b);
	if (n > 1)
		qsort(v, n, sizeof(*v), access_name_cmp);
	v[n] = NULL;
	return v;
}

static int unknown_perm(const struct pol_pdb *pdb, uint32_t c, const char *name,
			struct pol_err *err)
{
	struct pol_suggest s;

	pol_err_set(err, POL_ENOTFOUND, "class '%s' has no permission '%s'",
		    pdb->p.p_class_val_to_name[c - 1], name);
	pol_suggest_init(&s, name);
	for (unsigned int b = 0; b < 32; b++)
		if (pdb_perm_name(pdb, c, b))
			pol_suggest_offer(&s, pdb_perm_name(pdb, c, b));
	pol_suggest_note(&s, err, POL_ENOTFOUND, NULL, 0, 0);
	return POL_ENOTFOUND;
}

/* The permission bits named by a comma-separated list, all of class c. */
static int parse_perms(const struct pol_pdb *pdb, uint32_t c, const char *perms, uint32_t *bits,
		       struct pol_err *err)
{
	char **names;
	int rc = 0;

	*bits = 0;
	if (!perms || !*perms)
		return pol_err_set(err, POL_EINVAL, "no permission given");
	names = query_strv_split(perms, NULL);
	if (!names)
		return nomem(err);
	for (char **n = names; *n && !rc; n++) {
		int b = pdb_perm_bit(pdb, c, *n);

		if (b < 0)
			rc = unknown_perm(pdb, c, *n, err);
		else
			*bits |= 1u << b;
	}
	query_strv_free(names);
	if (!rc && !*bits)
		rc = pol_err_set(err, POL_EINVAL, "no permission given");
	return rc;
}

/* Per matching rule: the values behind its names and the asked bits it grants. */
struct rule_info {
	uint32_t source, target, bits;
};

/* Does the union of these rules give every wanted bit on one member type of
 * the attribute target? Only asked when no single rule gives them all. */
static bool meets_on_one_member(const policydb_t *p, uint32_t target, uint32_t want,
				const struct rule_info *info,
				const struct pol_access_reason *reasons, size_t n,
				const struct pol_rule *first)
{
	ebitmap_node_t *node;
	unsigned int bit;

	ebitmap_for_each_positive_bit(&p->attr_type_map[target - 1], node, bit) {
		const ebitmap_t *holders = &p->type_attr_map[bit];
		uint32_t got = 0;

		for (size_t i = 0; i < n && (got & want) != want; i++) {
			const struct rule_info *ri = &info[reasons[i].rule - first];

			if (ebitmap_get_bit(holders, ri->target - 1))
				got |= ri->bits;
		}
		if ((got & want) == want)
			return true;
	}
	return false;
}

struct by_name {
	const char *name;
	uint32_t value;
};

static int by_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct by_name *)a)->name, ((const struct by_name *)b)->name);
}

/* Regroup the matching rules by the source types they reach. */
static int group_by_source(const struct pol_pdb *pdb, struct pol_access_list *list, uint32_t c,
			   uint32_t target, uint32_t want, unsigned int flags)
{
	const policydb_t *p = pdb_db(pdb);
	const struct pol_rule_list *rules = list->rules;
	uint32_t ntypes = p->p_types.nprim;
	struct rule_info *info = calloc(rules->count ? rules->count : 1, sizeof(*info));
	size_t *count = calloc((size_t)ntypes + 1, sizeof(*count));
	uint32_t *granted = calloc((size_t)ntypes + 1, sizeof(*granted));
	struct by_name *found = NULL;
	size_t total = 0, nfound = 0, start = 0;
	int rc = -ENOMEM;

	if (!info || !count || !granted)
		goto out;
	for (size_t i = 0; i < rules->count; i++) {
		const struct pol_rule *r = &rules->rules[i];
		ebitmap_node_t *node;
		unsigned int bit;

		info[i].source = pdb_type_value(pdb, r->source);
		info[i].target = pdb_type_value(pdb, r->target);
		info[i].bits = rule_perm_bits(pdb, c, r) & want;
		ebitmap_for_each_positive_bit(&p->attr_type_map[info[i].source - 1], node, bit) {
			if (pdb_is_attr(pdb, bit + 1))
				continue;
			count[bit + 1]++;
			granted[bit + 1] |= info[i].bits;
			total++;
		}
	}
	/* count[] becomes each type's start in reasons[], filled in rule order */
	list->reasons = malloc((total ? total : 1) * sizeof(*list->reasons));
	if (!list->reasons)
		goto out;
	for (uint32_t v = 1; v <= ntypes; v++) {
		size_t n = count[v];

		count[v] = start;
		start += n;
	}
	for (size_t i = 0; i < rules->count; i++) {
		const struct pol_rule *r = &rules->rules[i];
		ebitmap_node_t *node;
		unsigned int bit;

		ebitmap_for_each_positive_bit(&p->attr_type_map[info[i].source - 1], node, bit) {
			struct pol_access_reason *why;

			if (pdb_is_attr(pdb, bit + 1))
				continue;
			why = &list->reasons[count[bit + 1]++];
			why->rule = r;
			why->source_attr = pdb_is_attr(pdb, info[i].source) ? r->source : NULL;
			why->target_attr = NULL;
			if (info[i].target != target && pdb_is_attr(pdb, info[i].target))
				why->target_attr = r->target;
		}
	}
	/* Now count[v] is the end of v's reasons and count[v - 1] their start. */
	found = malloc((ntypes ? ntypes : 1) * sizeof(*found));
	if (!found)
		goto out;
	for (uint32_t v = 1; v <= ntypes; v++) {
		const struct pol_access_reason *first = &list->reasons[count[v - 1]];
		size_t n = count[v] - count[v - 1];
		bool ok;

		if (!n)
			continue;
		if (flags & POL_ACCESS_ANY) {
			ok = granted[v] != 0;
		} else {
			ok = granted[v] == want;
			if (ok && pdb_is_attr(pdb, target) && (want & (want - 1))) {
				bool single = false;

				for (size_t i = 0; i < n && !single; i++)
					single = info[first[i].rule - rules->rules].bits == want;
				ok = single || meets_on_one_member(p, target, want, info, first, n,
								   rules->rules);
			}
		}
		if (ok) {
			found[nfound].name = pdb_type_name(pdb, v);
			found[nfound++].value = v;
		}
	}
	if (nfound > 1)
		qsort(found, nfound, sizeof(*found), by_name_cmp);
	list->items = calloc(nfound ? nfound : 1, sizeof(*list->items));
	if (!list->items)
		goto out;
	for (size_t i = 0; i < nfound; i++) {
		struct pol_access *a = &list->items[i];
		uint32_t v = found[i].value;

		a->source = found[i].name;
		a->target = pdb_type_name(pdb, target);
		a->tclass = p->p_class_val_to_name[c - 1];
		a->perms = access_perm_names(pdb, c, granted[v], &list->pool);
		a->reasons = &list->reasons[count[v - 1]];
		a->nreasons = count[v] - count[v - 1];
		if (!a->perms)
			goto out;
	}
	list->count = nfound;
	rc = 0;
out:
	free(found);
	free(info);
	free(count);
	free(granted);
	return rc;
}

int pol_access_who_can(const struct pol_pdb *pdb, const char *perms, const char *tclass,
		       const char *target, unsigned int flags, struct pol_access_list **out,
		       struct pol_err *err)
{
	struct pol_rule_query q = { 0 };
	struct pol_access_list *list;
	uint32_t c, t, want;
	int rc;

	if (!tclass || !(c = pdb_class_value(pdb, tclass)))
		return pol_pdb_unknown(pdb, POL_SYM_CLASS, tclass ? tclass : "", err);
	if (!target || !(t = pdb_type_value(pdb, target)))
		return pol_pdb_unknown(pdb, POL_SYM_TYPE_OR_ATTR, target ? target : "", err);
	if ((rc = parse_perms(pdb, c, perms, &want, err)))
		return rc;
	list = calloc(1, sizeof(*list));
	if (!list)
		return nomem(err);
	q.kinds = POL_RULE_BIT(POL_RULE_ALLOW);
	q.target = pdb_type_name(pdb, t);
	q.classes = tclass;
	q.perms = perms;
	if ((rc = pol_rule_search(pdb, &q, &list->rules, err)) ||
	    (rc = group_by_source(pdb, list, c, t, want, flags))) {
		pol_access_list_free(list);
		return rc == -ENOMEM ? nomem(err) : rc;
	}
	*out = list;
	return 0;
}

/* One (rule, target type) pair of what-can: an attribute target stands for
 * each of its member types. */
struct reach {
	uint32_t class_rank, target_rank; /* by name */
	uint32_t rule;			  /* index in the rule list: sesearch's order */
	uint32_t target;		  /* type value */
};

static int reach_cmp(const void *a, const void *b)
{
	const struct reach *x = a, *y = b;

	if (x->class_rank != y->class_rank)
		return x->class_rank < y->class_rank ? -1 : 1;
	if (x->target_rank != y->target_rank)
		return x->target_rank < y->target_rank ? -1 : 1;
	return (x->rule > y->rule) - (x->rule < y->rule);
}

static const struct pol_pdb *rank_pdb;

static int rank_type_cmp(const void *a, const void *b)
{
	return strcmp(pdb_type_name(rank_pdb, *(const uint32_t *)a),
		      pdb_type_name(rank_pdb, *(const uint32_t *)b));
}

static int rank_class_cmp(const void *a, const void *b)
{
	const policydb_t *p = pdb_db(rank_pdb);

	return strcmp(p->p_class_val_to_name[*(const uint32_t *)a - 1],
		      p->p_class_val_to_name[*(const uint32_t *)b - 1]);
}

/* rank[v] = position of value v (1..n) in name order; valid(v) says which
 * values exist. */
static uint32_t *name_ranks(const struct pol_pdb *pdb, uint32_t n, bool types)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	const policydb_t *p = pdb_db(pdb);
	uint32_t *order = malloc((n ? n : 1) * sizeof(*order));
	uint32_t *rank = calloc((size_t)n + 1, sizeof(*rank));
	uint32_t k = 0;

	if (!order || !rank) {
		free(order);
		free(rank);
		return NULL;
	}
	for (uint32_t v = 1; v <= n; v++)
		if (types ? p->type_val_to_struct[v - 1] != NULL
			  : p->p_class_val_to_name[v - 1] != NULL)
			order[k++] = v;
	/* qsort() has no context argument */
	pthread_mutex_lock(&lock);
	rank_pdb = pdb;
	if (k > 1)
		qsort(order, k, sizeof(*order), types ? rank_type_cmp : rank_class_cmp);
	pthread_mutex_unlock(&lock);
	for (uint32_t i = 0; i < k; i++)
		rank[order[i]] = i;
	free(order);
	return rank;
}

/* Regroup the matching rules by class and target type: a rule whose target
 * is an attribute counts for each member type, with the attribute named in
 * the reason, as who-can expands its target. */
static int group_by_target(const struct pol_pdb *pdb, struct pol_access_list *list,
			   uint32_t source)
{
	const policydb_t *p = pdb_db(pdb);
	const struct pol_rule_list *rules = list->rules;
	const char *source_name = pdb_type_name(pdb, source);
	uint32_t *trank = name_ranks(pdb, p->p_types.nprim, true);
	uint32_t *crank = name_ranks(pdb, p->p_classes.nprim, false);
	struct reach *v = NULL;
	size_t n = 0, alloc = 0, groups = 0;
	int rc = -ENOMEM;

	if (!trank || !crank)
		goto out;
	for (size_t i = 0; i < rules->count; i++) {
		const struct pol_rule *r = &rules->rules[i];
		uint32_t t = pdb_type_value(pdb, r->target);
		uint32_t c = pdb_class_value(pdb, r->tclass);
		ebitmap_node_t *node;
		unsigned int bit;

		if (!t || !c)
			continue;
		/* a type's attr_type_map holds itself; an attribute's, its members */
		ebitmap_for_each_positive_bit(&p->attr_type_map[t - 1], node, bit)
		{
			if (pdb_is_attr(pdb, bit + 1))
				continue;
			if (POL_ARRAY_GROW(v, n + 1, alloc) < 0)
				goto out;
			v[n++] = (struct reach){crank[c], trank[bit + 1], (uint32_t)i, bit + 1};
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), reach_cmp);
	list->reasons = malloc((n ? n : 1) * sizeof(*list->reasons));
	list->items = calloc(n ? n : 1, sizeof(*list->items));
	if (!list->reasons || !list->items)
		goto out;
	for (size_t i = 0; i < n;) {
		struct pol_access *a = &list->items[groups++];
		const struct pol_rule *first = &rules->rules[v[i].rule];
		uint32_t c = pdb_class_value(pdb, first->tclass), bits = 0;
		size_t j;

		a->source = source_name;
		a->target = pdb_type_name(pdb, v[i].target);
		a->tclass = first->tclass;
		a->reasons = &list->reasons[i];
		for (j = i; j < n && v[j].class_rank == v[i].class_rank &&
			    v[j].target_rank == v[i].target_rank;
		     j++) {
			const struct pol_rule *r = &rules->rules[v[j].rule];
			struct pol_access_reason *why = &list->reasons[j];
			uint32_t s = pdb_type_value(pdb, r->source);

			why->rule = r;
			why->source_attr = NULL;
			if (s != source && pdb_is_attr(pdb, s))
				why->source_attr = r->source;
			why->target_attr = NULL;
			if (pdb_is_attr(pdb, pdb_type_value(pdb, r->target)))
				why->target_attr = r->target;
			bits |= rule_perm_bits(pdb, c, r);
		}
		a->nreasons = j - i;
		a->perms = access_perm_names(pdb, c, bits, &list->pool);
		if (!a->perms)
			goto out;
		i = j;
	}
	list->count = groups;
	rc = 0;
out:
	free(v);
	free(trank);
	free(crank);
	return rc;
}

int pol_access_what_can(const struct pol_pdb *pdb, const char *source, const char *tclass,
			struct pol_access_list **out, struct pol_err *err)
{
	struct pol_rule_query q = { 0 };
	struct pol_access_list *list;
	uint32_t s;
	int rc;

	if (!source || !(s = pdb_type_value(pdb, source)))
		return pol_pdb_unknown(pdb, POL_SYM_TYPE_OR_ATTR, source ? source : "", err);
	list = calloc(1, sizeof(*list));
	if (!list)
		return nomem(err);
	q.kinds = POL_RULE_BIT(POL_RULE_ALLOW);
	q.source = pdb_type_name(pdb, s);
	q.classes = tclass;
	if ((rc = pol_rule_search(pdb, &q, &list->rules, err)) ||
	    (rc = group_by_target(pdb, list, s))) {
		pol_access_list_free(list);
		return rc == -ENOMEM ? nomem(err) : rc;
	}
	*out = list;
	return 0;
}
