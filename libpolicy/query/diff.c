/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sediff's symbol sections (commons, classes, booleans, roles, types,
 * attributes, users, policy capabilities): symbols matched by name, a
 * matched symbol modified when one of the sets sediff compares changed.
 * Each section's items are kept, sorted, as sediff prints them; the
 * tool only adds the headers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/polcaps.h>

#include "query/diff-internal.h"
#include "util/array.h"
#include "util/buf.h"

// clang-format off
static const struct {
	const char *title, *items, *key;
	bool modified;
} sections[POL_DIFF_SECTION_COUNT] = {
	[POL_DIFF_PROPERTIES] = { "Policy Properties", "Policy Properties", "properties", true },
	[POL_DIFF_COMMONS] = { "Commons", "Commons", "commons", true },
	[POL_DIFF_CLASSES] = { "Classes", "Classes", "classes", true },
	[POL_DIFF_BOOLS] = { "Booleans", "Booleans", "booleans", true },
	[POL_DIFF_ROLES] = { "Roles", "Roles", "roles", true },
	[POL_DIFF_TYPES] = { "Types", "Types", "types", true },
	[POL_DIFF_ATTRIBUTES] = { "Type Attributes", "Type Attributes", "type_attributes", true },
	[POL_DIFF_USERS] = { "Users", "Users", "users", true },
	[POL_DIFF_CATEGORIES] = { "Categories", "Categories", "categories", true },
	[POL_DIFF_SENSITIVITIES] = { "Sensitivities", "Sensitivities", "sensitivities", true },
	[POL_DIFF_LEVELS] = { "Levels", "Levels", "levels", true },
	[POL_DIFF_ALLOW] = { "Allow Rules", "Allow Rules", "allows", true },
	[POL_DIFF_ALLOWXPERM] = { "Allowxperm Rules", "Allowxperm Rules", "allowxperms", true },
	[POL_DIFF_NEVERALLOW] = { "Neverallow Rules", "Neverallow Rules", "neverallows", true },
	[POL_DIFF_NEVERALLOWXPERM] = { "Neverallowxperm Rules", "Neverallowxperm Rules", "neverallowxperms", true },
	[POL_DIFF_AUDITALLOW] = { "Auditallow Rules", "Auditallow Rules", "auditallows", true },
	[POL_DIFF_AUDITALLOWXPERM] = { "Auditallowxperm Rules", "Auditallowxperm Rules", "auditallowxperms", true },
	[POL_DIFF_DONTAUDIT] = { "Dontaudit Rules", "Dontaudit Rules", "dontaudits", true },
	[POL_DIFF_DONTAUDITXPERM] = { "Dontauditxperm Rules", "Dontauditxperm Rules", "dontauditxperms", true },
	[POL_DIFF_TYPE_TRANS] = { "Type_transition Rules", "Type_transition Rules", "type_transitions", true },
	[POL_DIFF_TYPE_CHANGE] = { "Type_change Rules", "Type_change Rules", "type_changes", true },
	[POL_DIFF_TYPE_MEMBER] = { "Type_member Rules", "Type_member Rules", "type_members", true },
	[POL_DIFF_ROLE_ALLOW] = { "Role allow Rules", "Role Allow Rules", "role_allows", false },
	[POL_DIFF_ROLE_TRANS] = { "Role_transition Rules", "Role_transition Rules", "role_transitions", true },
	[POL_DIFF_RANGE_TRANS] = { "Range_transition Rules", "Range_transition Rules", "range_transitions", true },
	[POL_DIFF_CONSTRAINS] = { "Constraints", "Constraints", "constrains", false },
	[POL_DIFF_MLSCONSTRAINS] = { "MLS Constraints", "MLS Constraints", "mlsconstrains", false },
	[POL_DIFF_VALIDATETRANS] = { "Validatetrans", "Validatetrans", "validatetrans", false },
	[POL_DIFF_MLSVALIDATETRANS] = { "MLS Validatetrans", "MLS Validatetrans", "mlsvalidatetrans", false },
	[POL_DIFF_INITIALSIDS] = { "Initial SIDs", "Initial SIDs", "initialsids", true },
	[POL_DIFF_IBENDPORTCON] = { "Ibendportcons", "Ibendportcons", "ibendportcons", true },
	[POL_DIFF_IBPKEYCON] = { "Ibpkeycons", "Ibpkeycons", "ibpkeycons", true },
	[POL_DIFF_FS_USE] = { "Fs_use", "Fs_use", "fs_uses", true },
	[POL_DIFF_GENFSCON] = { "Genfscons", "Genfscons", "genfscons", true },
	[POL_DIFF_NETIFCON] = { "Netifcons", "Netifcons", "netifcons", true },
	[POL_DIFF_NODECON] = { "Nodecons", "Nodecons", "nodecons", true },
	[POL_DIFF_PORTCON] = { "Portcons", "Portcons", "portcons", true },
	[POL_DIFF_POLCAPS] = { "Policy Capabilities", "Policy Capabilities", "polcaps", false },
	[POL_DIFF_DEFAULTS] = { "Defaults", "Defaults", "defaults", true },
	[POL_DIFF_TYPEBOUNDS] = { "Typebounds", "Typebounds", "typebounds", true },
};
// clang-format on

const char *pol_diff_section_title(enum pol_diff_section s)
{
	return s < POL_DIFF_SECTION_COUNT ? sections[s].title : NULL;
}

const char *pol_diff_section_items(enum pol_diff_section s, char kind)
{
	if (s == POL_DIFF_SENSITIVITIES && kind == '+')
		return "Sensitivites";
	return s < POL_DIFF_SECTION_COUNT ? sections[s].items : NULL;
}

const char *pol_diff_section_key(enum pol_diff_section s)
{
	return s < POL_DIFF_SECTION_COUNT ? sections[s].key : NULL;
}

bool pol_diff_section_has_modified(enum pol_diff_section s)
{
	return s < POL_DIFF_SECTION_COUNT && sections[s].modified;
}

/* ---- item lists ---------------------------------------------------- */

struct pol_diff_item *query_diff_add(struct query_diff_build *b, char kind, const char *text)
{
	int g = kind == '+' ? 0 : kind == '-' ? 1 : 2;
	struct pol_diff_item *it;
	char *copy;

	if (b->failed)
		return NULL;
	copy = query_pool_strdup(&b->pool, text);
	if (!copy || POL_ARRAY_GROW(b->v[g], b->n[g] + 1, b->alloc[g]) < 0) {
		b->failed = true;
		return NULL;
	}
	it = &b->v[g][b->n[g]++];
	*it = (struct pol_diff_item){.kind = kind, .text = copy};
	return it;
}

const char *const *query_diff_strv(struct query_diff_build *b, const char *const *v, size_t n)
{
	const char **out;

	if (b->failed)
		return NULL;
	out = query_pool_alloc(&b->pool, (n + 1) * sizeof(*out));
	if (!out) {
		b->failed = true;
		return NULL;
	}
	for (size_t i = 0; i < n && out; i++)
		if (!(out[i] = query_pool_strdup(&b->pool, v[i])))
			b->failed = true;
	out[n] = NULL;
	return b->failed ? NULL : out;
}

static int item_cmp(const void *a, const void *b)
{
	return strcmp(((const struct pol_diff_item *)a)->text,
		      ((const struct pol_diff_item *)b)->text);
}

/* sediff sorts modified rules by the rule as in the first policy */
static int modified_cmp(const void *a, const void *b)
{
	const struct pol_diff_item *x = a, *y = b;

	return strcmp(x->rule ? x->rule : x->text, y->rule ? y->rule : y->text);
}

static void build_release(struct query_diff_build *b)
{
	for (int g = 0; g < 3; g++)
		free(b->v[g]);
	query_pool_free(b->pool);
	query_diff_av_free(b->av);
	memset(b, 0, sizeof(*b));
}

int query_diff_finish(struct query_diff_build *b, enum pol_diff_section section,
		      struct pol_diff_list **out, struct pol_err *err)
{
	size_t total, k = 0;
	struct pol_diff_list *l = b->failed ? NULL : calloc(1, sizeof(*l));

	if (b->av)
		query_diff_av_counts(b->av, b->n);
	total = b->n[0] + b->n[1] + b->n[2];
	if (l && b->av) {
		l->av = b->av;
		b->av = NULL;
		total = 0; /* its items are written when asked for */
	}
	if (l && total && !(l->items = malloc(total * sizeof(*l->items)))) {
		free(l);
		l = NULL;
	}
	if (!l) {
		build_release(b);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (int g = 0; g < 3; g++) {
		if (b->v[g] && !b->in_order)
			qsort(b->v[g], b->n[g], sizeof(*b->v[g]), g == 2 ? modified_cmp : item_cmp);
		for (size_t i = 0; i < total && i < b->n[g]; i++)
			l->items[k++] = b->v[g][i];
		free(b->v[g]);
		b->v[g] = NULL;
	}
	l->section = section;
	l->added = b->n[0];
	l->removed = b->n[1];
	l->modified = b->n[2];
	l->count = b->n[0] + b->n[1] + b->n[2];
	l->pool = b->pool;
	*out = l;
	return 0;
}

void pol_diff_list_free(struct pol_diff_list *list)
{
	if (!list)
		return;
	free(list->items);
	query_pool_free(list->pool);
	query_diff_av_free(list->av);
	free(list);
}

const struct pol_diff_item *pol_diff_list_item(struct pol_diff_list *list, size_t i)
{
	if (i >= list->count)
		return NULL;
	return list->av ? query_diff_av_item(list->av, i) : &list->items[i];
}

/* ---- names ------------------------------------------------------------ */

/* A growable list of borrowed strings. */
struct strs {
	const char **v;
	size_t n, alloc;
	bool failed;
};

static void strs_push(struct strs *s, const char *name)
{
	if (POL_ARRAY_GROW(s->v, s->n + 1, s->alloc) < 0)
		s->failed = true;
	else
		s->v[s->n++] = name;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void strs_sort(struct strs *s)
{
	if (s->n)
		qsort(s->v, s->n, sizeof(*s->v), str_cmp);
}

static void strs_release(struct strs *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* The names of an ebitmap's bits (value bit + 1) in names[], sorted;
 * skip is a value left out (0: none). */
static void strs_from_ebitmap(struct strs *s, const ebitmap_t *map, char **names, uint32_t skip)
{
	ebitmap_node_t *node;
	unsigned int bit;

	ebitmap_for_each_positive_bit(map, node, bit) if (bit + 1 != skip && names[bit])
	    strs_push(s, names[bit]);
	strs_sort(s);
}

/* What is in right and not left (added), in left and not right (removed),
 * both sorted. */
static void strs_diff(const struct strs *l, const struct strs *r, struct strs *added,
		      struct strs *removed)
{
	size_t i = 0, j = 0;

	while (i < l->n || j < r->n) {
		int c = i == l->n ? 1 : j == r->n ? -1 : strcmp(l->v[i], r->v[j]);

		if (c < 0)
			strs_push(removed, l->v[i++]);
		else if (c > 0)
			strs_push(added, r->v[j++]);
		else
			i++, j++;
	}
}

/* ---- one symbol kind ---------------------------------------------------- */

/* The sets a symbol is compared by, and its details, for one section. */
struct sym_diff {
	struct strs added, removed; /* of the compared set */
	struct pol_buf summary;	    /* "1 Added types, 1 Removed types" */
	struct strs details;	    /* lines under the item */
	struct pol_buf lines;	    /* storage of the details' texts */
};

static void summary_add(struct pol_buf *s, size_t n, const char *verb, const char *what)
{
	if (s->len)
		pol_buf_puts(s, ", ");
	pol_buf_printf(s, "%zu %s %s", n, verb, what);
}

/* Symbol values by name, one policy; other: the value of the symbol of
 * that name in the other policy (0: none). */
struct named {
	const char *name;
	uint32_t value, other;
};

static int named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

static bool type_is_attr(const policydb_t *p, uint32_t v)
{
	return p->type_val_to_struct[v - 1] && p->type_val_to_struct[v - 1]->flavor == TYPE_ATTRIB;
}

/* The names of the section's symbols in p, sorted. */
static int collect(const policydb_t *p, enum pol_diff_section s, struct named **out, size_t *n)
{
	char **names;
	uint32_t nprim;
	struct named *v;
	size_t k = 0;

	switch (s) {
	case POL_DIFF_COMMONS:
		names = p->p_common_val_to_name, nprim = p->p_commons.nprim;
		break;
	case POL_DIFF_CLASSES:
		names = p->p_class_val_to_name, nprim = p->p_classes.nprim;
		break;
	case POL_DIFF_BOOLS:
		names = p->p_bool_val_to_name, nprim = p->p_bools.nprim;
		break;
	case POL_DIFF_ROLES:
		names = p->p_role_val_to_name, nprim = p->p_roles.nprim;
		break;
	case POL_DIFF_TYPES:
	case POL_DIFF_ATTRIBUTES:
		names = p->p_type_val_to_name, nprim = p->p_types.nprim;
		break;
	case POL_DIFF_USERS:
		names = p->p_user_val_to_name, nprim = p->p_users.nprim;
		break;
	case POL_DIFF_CATEGORIES:
		names = p->p_cat_val_to_name, nprim = p->p_cats.nprim;
		break;
	case POL_DIFF_SENSITIVITIES:
	case POL_DIFF_LEVELS:
		names = p->p_sens_val_to_name, nprim = p->p_levels.nprim;
		break;
	default:
		return -EINVAL;
	}
	v = malloc((nprim + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (uint32_t i = 1; i <= nprim; i++) {
		if (!names[i - 1])
			continue;
		if ((s == POL_DIFF_TYPES && type_is_attr(p, i)) ||
		    (s == POL_DIFF_ATTRIBUTES && !type_is_attr(p, i)))
			continue;
		v[k++] = (struct named){names[i - 1], i, 0};
	}
	qsort(v, k, sizeof(*v), named_cmp);
	*out = v;
	*n = k;
	return 0;
}

static int perm_collect(hashtab_key_t key, hashtab_datum_t datum, void *data)
{
	(void)datum;
	strs_push(data, key);
	return 0;
}

/* The permissions of common or class v, the common's included. */
static void perms_of(const policydb_t *p, enum pol_diff_section s, uint32_t v, struct strs *out)
{
	if (s == POL_DIFF_COMMONS) {
		const common_datum_t *c =
		    hashtab_search(p->p_commons.table, p->p_common_val_to_name[v - 1]);

		if (c)
			hashtab_map(c->permissions.table, perm_collect, out);
	} else {
		const class_datum_t *c = p->class_val_to_struct[v - 1];

		hashtab_map(c->permissions.table, perm_collect, out);
		if (c->comdatum)
			hashtab_map(c->comdatum->permissions.table, perm_collect, out);
	}
	strs_sort(out);
}

/* The aliases of type v, sorted. */
struct alias_walk {
	uint32_t value;
	struct strs *out;
};

static int alias_collect(hashtab_key_t key, hashtab_datum_t datum, void *data)
{
	const type_datum_t *t = datum;
	struct alias_walk *w = data;

	if (!t->primary && t->s.value == w->value)
		strs_push(w->out, key);
	return 0;
}

static int cat_alias_collect(hashtab_key_t key, hashtab_datum_t datum, void *data)
{
	const cat_datum_t *c = datum;
	struct alias_walk *w = data;

	if (c->isalias && c->s.value == w->value)
		strs_push(w->out, key);
	return 0;
}

static int sens_alias_collect(hashtab_key_t key, hashtab_datum_t datum, void *data)
{
	const level_datum_t *l = datum;
	struct alias_walk *w = data;

	if (l->isalias && l->level->sens == w->value)
		strs_push(w->out, key);
	return 0;
}

/* The aliases of a type, category or sensitivity v. */
static void aliases_of(const policydb_t *p, enum pol_diff_section s, uint32_t v, struct strs *out)
{
	struct alias_walk w = {v, out};

	if (s == POL_DIFF_CATEGORIES)
		hashtab_map(p->p_cats.table, cat_alias_collect, &w);
	else if (s == POL_DIFF_SENSITIVITIES)
		hashtab_map(p->p_levels.table, sens_alias_collect, &w);
	else
		hashtab_map(p->p_types.table, alias_collect, &w);
	strs_sort(out);
}

/* The level of sensitivity v ("s0:c0.c3"), heap; NULL when out of memory. */
static char *level_of(const struct pol_pdb *pdb, uint32_t v)
{
	const policydb_t *p = pdb_db(pdb);
	const level_datum_t *l = hashtab_search(p->p_levels.table, p->p_sens_val_to_name[v - 1]);

	return l ? query_mls_level_format(pdb, l->level) : strdup(p->p_sens_val_to_name[v - 1]);
}

/* The set the section compares, for symbol v of p; which says which of a
 * type's two sets (0 attributes, 1 aliases). */
static void compared_set(const struct pol_pdb *pdb, enum pol_diff_section s, uint32_t v, int which,
			 struct strs *out)
{
	const policydb_t *p = pdb_db(pdb);

	switch (s) {
	case POL_DIFF_COMMONS:
	case POL_DIFF_CLASSES:
		perms_of(p, s, v, out);
		break;
	case POL_DIFF_ROLES:
		strs_from_ebitmap(out, &p->role_val_to_struct[v - 1]->types.types,
				  p->p_type_val_to_name, 0);
		break;
	case POL_DIFF_TYPES:
		if (which == 0)
			strs_from_ebitmap(out, &p->type_attr_map[v - 1], p->p_type_val_to_name, v);
		else
			aliases_of(p, s, v, out);
		break;
	case POL_DIFF_CATEGORIES:
	case POL_DIFF_SENSITIVITIES:
		aliases_of(p, s, v, out);
		break;
	case POL_DIFF_LEVELS: {
		const level_datum_t *lv =
		    hashtab_search(p->p_levels.table, p->p_sens_val_to_name[v - 1]);

		if (lv)
			strs_from_ebitmap(out, &lv->level->cat, p->p_cat_val_to_name, 0);
		break;
	}
	case POL_DIFF_ATTRIBUTES:
		strs_from_ebitmap(out, &p->attr_type_map[v - 1], p->p_type_val_to_name, v);
		break;
	case POL_DIFF_USERS:
		/* setools leaves out object_r, which every user has implicitly */
		strs_from_ebitmap(out, &p->user_val_to_struct[v - 1]->roles.roles,
				  p->p_role_val_to_name, OBJECT_R_VAL);
		break;
	default:
		break;
	}
}

static void detail(struct sym_diff *d, const char *prefix, const char *text)
{
	size_t at = d->lines.len;

	pol_buf_printf(&d->lines, "%s%s", prefix, text);
	pol_buf_putc(&d->lines, '\0');
	/* offsets now, pointers once the buffer stops moving */
	strs_push(&d->details, (const char *)(uintptr_t)at);
}

static void detail_sets(struct sym_diff *d, const char *title)
{
	if (title && (d->added.n || d->removed.n))
		detail(d, "", title);
	for (size_t i = 0; i < d->added.n; i++)
		detail(d, "+ ", d->added.v[i]);
	for (size_t i = 0; i < d->removed.n; i++)
		detail(d, "- ", d->removed.v[i]);
}

static int cat_value_cmp(const void *a, const void *b, void *p)
{
	hashtab_t cats = ((const policydb_t *)p)->p_cats.table;
	const cat_datum_t *x = hashtab_search(cats, *(char *const *)a);
	const cat_datum_t *y = hashtab_search(cats, *(char *const *)b);
	uint32_t xv = x ? x->s.value : 0, yv = y ? y->s.value : 0;

	return xv < yv ? -1 : xv > yv;
}

/* Category names of p, sorted by their values. */
static void cats_by_value(const policydb_t *p, struct strs *names)
{
	if (names->n)
		qsort_r(names->v, names->n, sizeof(*names->v), cat_value_cmp, (void *)p);
}

/* Compare one set of left's symbol lv with right's rv, adding its summary
 * parts ("N Added <what>") and detail lines. */
static void compare_set(const struct pol_pdb *l, uint32_t lv, const struct pol_pdb *r, uint32_t rv,
			enum pol_diff_section s, int which, const char *what, const char *title,
			struct sym_diff *d)
{
	struct strs ls = {0}, rs = {0};

	compared_set(l, s, lv, which, &ls);
	compared_set(r, s, rv, which, &rs);
	strs_release(&d->added);
	strs_release(&d->removed);
	strs_diff(&ls, &rs, &d->added, &d->removed);
	if (s == POL_DIFF_LEVELS) { /* categories, by value as setools sorts them */
		cats_by_value(pdb_db(r), &d->added);
		cats_by_value(pdb_db(l), &d->removed);
	}
	if (d->added.n)
		summary_add(&d->summary, d->added.n, "Added", what);
	if (d->removed.n)
		summary_add(&d->summary, d->removed.n, "Removed", what);
	detail_sets(d, title);
	if (ls.failed || rs.failed)
		d->added.failed = true;
	strs_release(&ls);
	strs_release(&rs);
}

static char *user_level(const struct pol_pdb *pdb, uint32_t v, bool range)
{
	const user_datum_t *u = pdb_db(pdb)->user_val_to_struct[v - 1];

	if (!pol_pdb_mls(pdb))
		return strdup("None (MLS Disabled)");
	return range ? query_mls_range_format(pdb, &u->exp_range)
		     : query_mls_level_format(pdb, &u->exp_dfltlevel);
}

/* A user's default level or range: "Modified ..." and its details. */
static void compare_user_mls(const struct pol_pdb *l, uint32_t lv, const struct pol_pdb *r,
			     uint32_t rv, bool range, struct sym_diff *d)
{
	char *a = user_level(l, lv, range), *b = user_level(r, rv, range);

	if (!a || !b) {
		d->added.failed = true;
	} else if (strcmp(a, b) != 0) {
		if (d->summary.len)
			pol_buf_puts(&d->summary, ", ");
		pol_buf_puts(&d->summary, range ? "Modified range" : "Modified default level");
		detail(d, "", range ? "Range:" : "Default level:");
		detail(d, "+ ", b);
		detail(d, "- ", a);
	}
	free(a);
	free(b);
}

/* Add a '*' item when left's symbol lv and right's rv differ. */
static void compare_symbol(const struct pol_pdb *l, uint32_t lv, const struct pol_pdb *r,
			   uint32_t rv, const char *name, enum pol_diff_section s,
			   struct query_diff_build *b)
{
	const policydb_t *lp = pdb_db(l), *rp = pdb_db(r);
	struct sym_diff d = {.summary = POL_BUF_INIT, .lines = POL_BUF_INIT};
	struct pol_diff_item *it;

	switch (s) {
	case POL_DIFF_COMMONS:
	case POL_DIFF_CLASSES:
		compare_set(l, lv, r, rv, s, 0, "permissions", NULL, &d);
		break;
	case POL_DIFF_BOOLS:
		if (!lp->bool_val_to_struct[lv - 1]->state !=
		    !rp->bool_val_to_struct[rv - 1]->state) {
			pol_buf_puts(&d.summary, "Modified default state");
			detail(&d, "+ ", rp->bool_val_to_struct[rv - 1]->state ? "True" : "False");
			detail(&d, "- ", lp->bool_val_to_struct[lv - 1]->state ? "True" : "False");
		}
		break;
	case POL_DIFF_ROLES:
	case POL_DIFF_ATTRIBUTES:
		compare_set(l, lv, r, rv, s, 0, "types", NULL, &d);
		break;
	case POL_DIFF_TYPES: {
		bool lperm = ebitmap_get_bit(&lp->permissive_map, lv);
		bool rperm = ebitmap_get_bit(&rp->permissive_map, rv);

		compare_set(l, lv, r, rv, s, 0, "attributes", "Attributes:", &d);
		compare_set(l, lv, r, rv, s, 1, "aliases", "Aliases:", &d);
		if (lperm != rperm) {
			if (d.summary.len)
				pol_buf_puts(&d.summary, ", ");
			pol_buf_puts(&d.summary, lperm ? "Removed permissive" : "Added permissive");
		}
		break;
	}
	case POL_DIFF_CATEGORIES:
	case POL_DIFF_SENSITIVITIES:
		compare_set(l, lv, r, rv, s, 0, "Aliases", "Aliases:", &d);
		break;
	case POL_DIFF_LEVELS:
		compare_set(l, lv, r, rv, s, 0, "Categories", NULL, &d);
		break;
	case POL_DIFF_USERS:
		compare_set(l, lv, r, rv, s, 0, "roles", "Roles:", &d);
		if (pol_pdb_mls(l) || pol_pdb_mls(r)) {
			compare_user_mls(l, lv, r, rv, false, &d);
			compare_user_mls(l, lv, r, rv, true, &d);
		}
		break;
	default:
		break;
	}
	if (d.added.failed || d.removed.failed || d.details.failed || d.summary.failed ||
	    d.lines.failed)
		b->failed = true;
	if (d.summary.len && !b->failed) {
		struct pol_buf text = POL_BUF_INIT;

		pol_buf_printf(&text, "%s (%s)", name, pol_buf_str(&d.summary));
		for (size_t i = 0; i < d.details.n; i++)
			d.details.v[i] = d.lines.data + (uintptr_t)d.details.v[i];
		if (text.failed)
			b->failed = true;
		else if ((it = query_diff_add(b, '*', pol_buf_str(&text))))
			it->details = query_diff_strv(b, d.details.v, d.details.n);
		pol_buf_release(&text);
	}
	strs_release(&d.added);
	strs_release(&d.removed);
	strs_release(&d.details);
	pol_buf_release(&d.summary);
	pol_buf_release(&d.lines);
}

/* An added or removed symbol: its name, a level as it is declared. */
static void sym_add(struct query_diff_build *b, char kind, const struct pol_pdb *pdb,
		    enum pol_diff_section s, const struct named *sym)
{
	char *level;

	if (s != POL_DIFF_LEVELS) {
		query_diff_add(b, kind, sym->name);
		return;
	}
	if (!(level = level_of(pdb, sym->value)))
		b->failed = true;
	else
		query_diff_add(b, kind, level);
	free(level);
}

static int named_value_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct named *)a)->value, y = ((const struct named *)b)->value;

	return x < y ? -1 : x > y;
}

static bool is_mls_section(enum pol_diff_section s)
{
	return s == POL_DIFF_CATEGORIES || s == POL_DIFF_SENSITIVITIES || s == POL_DIFF_LEVELS;
}

static void diff_symbols(const struct pol_pdb *l, const struct pol_pdb *r, enum pol_diff_section s,
			 struct query_diff_build *b)
{
	struct named *lv = NULL, *rv = NULL;
	size_t ln = 0, rn = 0, i = 0, j = 0;

	if (collect(pdb_db(l), s, &lv, &ln) < 0 || collect(pdb_db(r), s, &rv, &rn) < 0) {
		b->failed = true;
		goto out;
	}
	/* match by name */
	while (i < ln && j < rn) {
		int c = strcmp(lv[i].name, rv[j].name);

		if (c == 0) {
			lv[i].other = rv[j].value;
			rv[j].other = lv[i].value;
		}
		i += c <= 0;
		j += c >= 0;
	}
	/* setools sorts MLS symbols by value (a sensitivity's is its
	 * dominance rank), a modified one by its value in the first policy */
	if (is_mls_section(s)) {
		qsort(lv, ln, sizeof(*lv), named_value_cmp);
		qsort(rv, rn, sizeof(*rv), named_value_cmp);
		b->in_order = true;
	}
	for (i = 0; i < ln; i++)
		if (!lv[i].other)
			sym_add(b, '-', l, s, &lv[i]);
		else
			compare_symbol(l, lv[i].value, r, lv[i].other, lv[i].name, s, b);
	for (j = 0; j < rn; j++)
		if (!rv[j].other)
			sym_add(b, '+', r, s, &rv[j]);
out:
	free(lv);
	free(rv);
}

static void polcaps_of(const policydb_t *p, struct strs *out)
{
	ebitmap_node_t *node;
	unsigned int bit;

	ebitmap_for_each_positive_bit(&p->policycaps, node, bit)
	{
		const char *name = sepol_polcap_getname(bit);

		strs_push(out, name ? name : "unknown");
	}
	strs_sort(out);
}

static void diff_polcaps(const struct pol_pdb *l, const struct pol_pdb *r,
			 struct query_diff_build *b)
{
	struct strs ls = {0}, rs = {0}, added = {0}, removed = {0};

	polcaps_of(pdb_db(l), &ls);
	polcaps_of(pdb_db(r), &rs);
	strs_diff(&ls, &rs, &added, &removed);
	for (size_t i = 0; i < added.n; i++)
		query_diff_add(b, '+', added.v[i]);
	for (size_t i = 0; i < removed.n; i++)
		query_diff_add(b, '-', removed.v[i]);
	if (ls.failed || rs.failed || added.failed || removed.failed)
		b->failed = true;
	strs_release(&ls);
	strs_release(&rs);
	strs_release(&added);
	strs_release(&removed);
}

static const char *handle_unknown(unsigned int v)
{
	return v == DENY_UNKNOWN ? "deny" : v == REJECT_UNKNOWN ? "reject" : "allow";
}

/* "* handle_unknown +reject -deny", "* MLS +True -False", "* version +33 -31". */
static void diff_properties(const struct pol_pdb *l, const struct pol_pdb *r,
			    struct query_diff_build *b)
{
	const policydb_t *lp = pdb_db(l), *rp = pdb_db(r);
	char line[64];

	if (lp->handle_unknown != rp->handle_unknown) {
		snprintf(line, sizeof(line), "handle_unknown +%s -%s",
			 handle_unknown(rp->handle_unknown), handle_unknown(lp->handle_unknown));
		query_diff_add(b, '*', line);
	}
	if (!lp->mls != !rp->mls) {
		snprintf(line, sizeof(line), "MLS +%s -%s", rp->mls ? "True" : "False",
			 lp->mls ? "True" : "False");
		query_diff_add(b, '*', line);
	}
	if (lp->policyvers != rp->policyvers) {
		snprintf(line, sizeof(line), "version +%u -%u", rp->policyvers, lp->policyvers);
		query_diff_add(b, '*', line);
	}
}

int pol_diff_section(const struct pol_pdb *left, const struct pol_pdb *right,
		     enum pol_diff_section section, struct pol_diff_list **out, struct pol_err *err)
{
	struct query_diff_build b = {0};

	switch (section) {
	case POL_DIFF_ALLOW:
	case POL_DIFF_ALLOWXPERM:
	case POL_DIFF_NEVERALLOW:
	case POL_DIFF_NEVERALLOWXPERM:
	case POL_DIFF_AUDITALLOW:
	case POL_DIFF_AUDITALLOWXPERM:
	case POL_DIFF_DONTAUDIT:
	case POL_DIFF_DONTAUDITXPERM:
		if (query_diff_av(left, right, section, &b.av) < 0)
			b.failed = true;
		break;
	case POL_DIFF_POLCAPS:
		diff_polcaps(left, right, &b);
		break;
	case POL_DIFF_PROPERTIES:
		diff_properties(left, right, &b);
		break;
	case POL_DIFF_TYPE_TRANS:
	case POL_DIFF_TYPE_CHANGE:
	case POL_DIFF_TYPE_MEMBER:
	case POL_DIFF_ROLE_ALLOW:
	case POL_DIFF_ROLE_TRANS:
	case POL_DIFF_RANGE_TRANS:
	case POL_DIFF_INITIALSIDS:
	case POL_DIFF_FS_USE:
	case POL_DIFF_GENFSCON:
	case POL_DIFF_NETIFCON:
	case POL_DIFF_PORTCON:
	case POL_DIFF_CONSTRAINS:
	case POL_DIFF_MLSCONSTRAINS:
	case POL_DIFF_VALIDATETRANS:
	case POL_DIFF_MLSVALIDATETRANS:
	case POL_DIFF_IBENDPORTCON:
	case POL_DIFF_IBPKEYCON:
	case POL_DIFF_NODECON:
	case POL_DIFF_DEFAULTS:
	case POL_DIFF_TYPEBOUNDS:
		query_diff_keyed(left, right, section, &b);
		break;
	case POL_DIFF_SECTION_COUNT:
		return pol_err_set(err, -EINVAL, "no such difference section");
	default:
		diff_symbols(left, right, section, &b);
		break;
	}
	return query_diff_finish(&b, section, out, err);
}
