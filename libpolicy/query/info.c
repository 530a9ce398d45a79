/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pol_info_list(): the component tables, the result list and its order. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "query/info-internal.h"
#include "util/array.h"

/* Each kind's title and JSON keys, the symbols its filter names, and the
 * function that lists it. */
typedef int list_fn(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
		    struct pol_info_list *list, struct pol_err *err);

// clang-format off
static const struct {
	const char *title, *key, *members;
	enum pol_sym sym;
	list_fn *list;
} kinds[POL_INFO_KIND_COUNT] = {
	[POL_INFO_BOOL] = { "Booleans", "booleans", NULL, POL_SYM_BOOL, query_info_list_symbols },
	[POL_INFO_CATEGORY] = { "Categories", "categories", NULL, POL_SYM_CAT, query_info_list_symbols },
	[POL_INFO_CLASS] = { "Classes", "classes", "perms", POL_SYM_CLASS, query_info_list_symbols },
	[POL_INFO_COMMON] = { "Commons", "commons", "perms", POL_SYM_COMMON, query_info_list_symbols },
	[POL_INFO_CONSTRAIN] = { "Constraints", "constraints", NULL, POL_SYM_CLASS, query_info_list_constraints },
	[POL_INFO_DEFAULT] = { "Default rules", "defaults", NULL, POL_SYM_CLASS, query_info_list_symbols },
	[POL_INFO_FS_USE] = { "Fs_use", "fs_use", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_GENFSCON] = { "Genfscon", "genfscon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_IBENDPORTCON] = { "Ibendportcon", "ibendportcon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_IBPKEYCON] = { "Ibpkeycon", "ibpkeycon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_INITIALSID] = { "Initial SIDs", "initial_sids", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_NETIFCON] = { "Netifcon", "netifcon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_NODECON] = { "Nodecon", "nodecon", NULL, POL_SYM_COUNT, query_info_list_nodecons },
	[POL_INFO_PERMISSIVE] = { "Permissive Types", "permissive_types", NULL, POL_SYM_TYPE, query_info_list_types },
	[POL_INFO_POLCAP] = { "Polcap", "polcaps", NULL, POL_SYM_COUNT, query_info_list_symbols },
	[POL_INFO_PORTCON] = { "Portcon", "portcon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_ROLE] = { "Roles", "roles", "types", POL_SYM_ROLE, query_info_list_symbols },
	[POL_INFO_SENSITIVITY] = { "Sensitivities", "sensitivities", NULL, POL_SYM_SENS, query_info_list_symbols },
	[POL_INFO_TYPEBOUNDS] = { "Typebounds", "typebounds", NULL, POL_SYM_TYPE, query_info_list_types },
	[POL_INFO_TYPE] = { "Types", "types", "attributes", POL_SYM_TYPE, query_info_list_types },
	[POL_INFO_ATTRIBUTE] = { "Type Attributes", "type_attributes", "types", POL_SYM_ATTRIBUTE, query_info_list_types },
	[POL_INFO_USER] = { "Users", "users", "roles", POL_SYM_USER, query_info_list_symbols },
	[POL_INFO_VALIDATETRANS] = { "Validatetrans", "validatetrans", NULL, POL_SYM_CLASS, query_info_list_constraints },
	[POL_INFO_IOPORTCON] = { "Ioportcon", "ioportcon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_IOMEMCON] = { "Iomemcon", "iomemcon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_PCIDEVICECON] = { "Pcidevicecon", "pcidevicecon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_PIRQCON] = { "Pirqcon", "pirqcon", NULL, POL_SYM_COUNT, query_info_list_contexts },
	[POL_INFO_DEVICETREECON] = { "Devicetreecon", "devicetreecon", NULL, POL_SYM_COUNT, query_info_list_contexts },
};
// clang-format on

const char *pol_info_kind_title(enum pol_info_kind kind)
{
	return kind < POL_INFO_KIND_COUNT ? kinds[kind].title : "?";
}

const char *pol_info_kind_key(enum pol_info_kind kind)
{
	return kind < POL_INFO_KIND_COUNT ? kinds[kind].key : "unknown";
}

const char *pol_info_members_key(enum pol_info_kind kind)
{
	return kind < POL_INFO_KIND_COUNT ? kinds[kind].members : NULL;
}

enum pol_sym pol_info_kind_sym(enum pol_info_kind kind)
{
	return kind < POL_INFO_KIND_COUNT ? kinds[kind].sym : POL_SYM_COUNT;
}

bool pol_info_kind_xen(enum pol_info_kind kind)
{
	return kind >= POL_INFO_IOPORTCON && kind <= POL_INFO_DEVICETREECON;
}

bool pol_info_kind_selinux(enum pol_info_kind kind)
{
	switch (kind) {
	case POL_INFO_FS_USE:
	case POL_INFO_IBENDPORTCON:
	case POL_INFO_IBPKEYCON:
	case POL_INFO_NETIFCON:
	case POL_INFO_NODECON:
	case POL_INFO_PORTCON:
		return true;
	default:
		return false;
	}
}

struct pol_info_item *query_info_add(struct pol_info_list *list)
{
	struct pol_info_item *it;

	if (POL_ARRAY_GROW(list->items, list->count + 1, list->alloc) < 0)
		return NULL;
	it = &list->items[list->count];
	memset(it, 0, sizeof(*it));
	it->state = -1;
	it->order = list->count++;
	return it;
}

const char *query_info_str(struct pol_info_list *list, const char *s)
{
	return query_pool_strdup(&list->pool, s);
}

const char *query_info_buf(struct pol_info_list *list, const struct pol_buf *b)
{
	return b->failed ? NULL : query_pool_strdup(&list->pool, pol_buf_str(b));
}

static int strp_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **query_info_strv(struct pol_info_list *list, const char **v, size_t n, bool sort)
{
	const char **out = query_pool_alloc(&list->pool, (n + 1) * sizeof(*out));

	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++)
		out[i] = v[i];
	out[n] = NULL;
	if (sort && n > 1)
		qsort(out, n, sizeof(*out), strp_cmp);
	return out;
}

int query_info_add_statement(struct pol_info_list *list, const struct pol_buf *stmt)
{
	struct pol_info_item *it = query_info_add(list);

	if (!it || !(it->text = query_info_buf(list, stmt)))
		return -ENOMEM;
	it->expanded = it->statement = it->text;
	return 0;
}

void query_info_context(const struct pol_pdb *pdb, const context_struct_t *c, struct pol_buf *b)
{
	const policydb_t *p = pdb_db(pdb);

	pol_buf_printf(b, "%s:%s:%s", p->p_user_val_to_name[c->user - 1],
		       p->p_role_val_to_name[c->role - 1], p->p_type_val_to_name[c->type - 1]);
	if (p->mls) {
		char *range = query_mls_range_format(pdb, &c->range);

		pol_buf_putc(b, ':');
		if (range)
			pol_buf_puts(b, range);
		else
			b->failed = true;
		free(range);
	}
}

bool query_info_parse_int(const char *s, size_t len, int base, long long *out)
{
	const char *end = s + len;
	unsigned long long v = 0;
	bool neg = false, digit = false;

	while (s < end && isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	if (s < end && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if (base == 16 && end - s >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		/* "0x_1f" is valid Python: an underscore may follow the prefix */
		if (s < end && *s == '_')
			s++;
	}
	if (s == end)
		return false;
	for (; s < end; s++) {
		int d;

		if (*s == '_' && digit && s + 1 < end && s[1] != '_')
			continue;
		if (isdigit((unsigned char)*s))
			d = *s - '0';
		else if (base == 16 && isxdigit((unsigned char)*s))
			d = tolower((unsigned char)*s) - 'a' + 10;
		else
			return false;
		if (v > (ULLONG_MAX - (unsigned)d) / (unsigned)base || v * base + d > LLONG_MAX)
			return false;
		v = v * base + (unsigned)d;
		digit = true;
	}
	*out = neg ? -(long long)v : (long long)v;
	return true;
}

static int alias_count(hashtab_key_t key, hashtab_datum_t datum, void *arg);
static int alias_fill(hashtab_key_t key, hashtab_datum_t datum, void *arg);

struct alias_ctx {
	enum pol_sym kind;
	struct info_aliases *a;
	size_t *fill;
};

/* The primary value an alias entry stands for, or 0 for a primary symbol. */
static uint32_t alias_of(enum pol_sym kind, hashtab_datum_t datum)
{
	switch (kind) {
	case POL_SYM_TYPE: {
		const type_datum_t *t = datum;

		return (t->flavor == TYPE_TYPE && !t->primary) || t->flavor == TYPE_ALIAS ?
			       t->s.value : 0;
	}
	case POL_SYM_SENS: {
		const level_datum_t *l = datum;

		return l->isalias ? l->level->sens : 0;
	}
	case POL_SYM_CAT: {
		const cat_datum_t *c = datum;

		return c->isalias ? c->s.value : 0;
	}
	default:
		return 0;
	}
}

static int alias_count(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct alias_ctx *ctx = arg;
	uint32_t v = alias_of(ctx->kind, datum);

	(void)key;
	if (v && v <= ctx->a->n)
		ctx->fill[v]++;
	return 0;
}

static int alias_fill(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct alias_ctx *ctx = arg;
	uint32_t v = alias_of(ctx->kind, datum);

	if (v && v <= ctx->a->n)
		ctx->a->by_value[v][ctx->fill[v]++] = key;
	return 0;
}

int query_info_aliases_build(const struct pol_pdb *pdb, enum pol_sym kind, struct info_aliases *a)
{
	const policydb_t *p = pdb_db(pdb);
	hashtab_t table = kind == POL_SYM_TYPE ? p->p_types.table :
			  kind == POL_SYM_SENS ? p->p_levels.table : p->p_cats.table;
	uint32_t n = kind == POL_SYM_TYPE ? p->p_types.nprim :
		     kind == POL_SYM_SENS ? p->p_levels.nprim : p->p_cats.nprim;
	struct alias_ctx ctx = { kind, a, NULL };
	size_t total = 0;
	const char **slots;

	memset(a, 0, sizeof(*a));
	a->n = n;
	a->by_value = calloc((size_t)n + 1, sizeof(*a->by_value));
	ctx.fill = calloc((size_t)n + 1, sizeof(*ctx.fill));
	if (!a->by_value || !ctx.fill)
		goto nomem;
	hashtab_map(table, alias_count, &ctx);
	for (uint32_t v = 1; v <= n; v++)
		total += ctx.fill[v] ? ctx.fill[v] + 1 : 0;
	/* One block for every list; by_value[0] keeps it for the release. */
	slots = calloc(total + 1, sizeof(*slots));
	if (!slots)
		goto nomem;
	a->by_value[0] = slots;
	for (uint32_t v = 1; v <= n; v++) {
		if (!ctx.fill[v])
			continue;
		a->by_value[v] = slots;
		slots += ctx.fill[v] + 1;
		ctx.fill[v] = 0;
	}
	hashtab_map(table, alias_fill, &ctx);
	free(ctx.fill);
	return 0;
nomem:
	free(ctx.fill);
	query_info_aliases_release(a);
	return -ENOMEM;
}

void query_info_aliases_release(struct info_aliases *a)
{
	if (a->by_value)
		free(a->by_value[0]);
	free(a->by_value);
	memset(a, 0, sizeof(*a));
}

static int by_text(const void *a, const void *b)
{
	const struct pol_info_item *x = a, *y = b;
	int c = strcmp(x->text, y->text);

	/* Python's sort is stable: equal texts keep the policy's order. */
	return c ? c : (x->order > y->order) - (x->order < y->order);
}

static int by_order(const void *a, const void *b)
{
	const struct pol_info_item *x = a, *y = b;

	return (x->order > y->order) - (x->order < y->order);
}

int pol_info_list(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
		  struct pol_info_list **out, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	bool xen = p->target_platform == SEPOL_TARGET_XEN;
	struct pol_info_list *list;
	int rc = 0;

	if (kind >= POL_INFO_KIND_COUNT)
		return pol_err_set(err, POL_EINVAL, "unknown component kind %d", (int)kind);
	list = calloc(1, sizeof(*list));
	if (!list)
		return pol_err_set(err, -ENOMEM, "out of memory");
	list->kind = kind;
	/* Each platform numbers its labeling statements its own way: the other
	 * platform's kinds have nothing to list. */
	if ((pol_info_kind_xen(kind) && !xen) || (pol_info_kind_selinux(kind) && xen))
		goto done;
	rc = kinds[kind].list(pdb, kind, filter, list, err);
	if (rc < 0) {
		if (rc == -ENOMEM && (!err || pol_err_errors(err) == 0))
			pol_err_set(err, rc, "out of memory");
		pol_info_list_free(list);
		return rc;
	}
	/* setools sorts categories and sensitivities by declaration, the rest
	 * by what it prints (str()). */
	if (list->count > 1) {
		bool decl = kind == POL_INFO_CATEGORY || kind == POL_INFO_SENSITIVITY;

		if (list->count > 1)
			qsort(list->items, list->count, sizeof(*list->items),
			      decl ? by_order : by_text);
	}
done:
	*out = list;
	return 0;
}

void pol_info_list_free(struct pol_info_list *list)
{
	if (!list)
		return;
	free(list->items);
	query_pool_free(list->pool);
	free(list);
}
