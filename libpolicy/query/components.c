/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Declared symbols other than types (Booleans, categories, classes,
 * commons, policy capabilities, roles, sensitivities, users) and the
 * default_* statements, rendered as setools' statement() renders them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/polcaps.h>

#include "query/info-internal.h"

static bool wanted(const char *filter, const char *name)
{
	return !filter || strcmp(filter, name) == 0;
}

static bool wanted_or_alias(const char *filter, const char *name, const char **aliases)
{
	if (wanted(filter, name))
		return true;
	for (const char **a = aliases; a && *a; a++)
		if (strcmp(*a, filter) == 0)
			return true;
	return false;
}

/* " alias X" or " alias { X Y }", aliases in symbol-table order. */
static void put_aliases(struct pol_buf *b, const char **aliases)
{
	size_t n = 0;

	while (aliases && aliases[n])
		n++;
	if (n == 1) {
		pol_buf_printf(b, " alias %s", aliases[0]);
	} else if (n > 1) {
		pol_buf_puts(b, " alias {");
		for (size_t i = 0; i < n; i++)
			pol_buf_printf(b, " %s", aliases[i]);
		pol_buf_puts(b, " }");
	}
}

/* Add a symbol item: text is its name, the statement is b's content. */
static struct pol_info_item *add_symbol(struct pol_info_list *list, const char *name,
					const struct pol_buf *b)
{
	struct pol_info_item *it = query_info_add(list);

	if (!it || !(it->name = it->text = query_info_str(list, name)) ||
	    !(it->statement = it->expanded = query_info_buf(list, b)))
		return NULL;
	return it;
}

/* Categories and sensitivities: "category c1 alias c_one;". */
static int list_mls_symbols(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			    struct pol_info_list *list)
{
	const policydb_t *p = pdb_db(pdb);
	bool cat = kind == POL_INFO_CATEGORY;
	uint32_t n = cat ? p->p_cats.nprim : p->p_levels.nprim;
	struct info_aliases aliases;
	struct pol_buf b = POL_BUF_INIT;
	int rc;

	if (!p->mls)
		return 0;
	if ((rc = query_info_aliases_build(pdb, cat ? POL_SYM_CAT : POL_SYM_SENS, &aliases)) < 0)
		return rc;
	for (uint32_t v = 1; v <= n && !rc; v++) {
		const char *name = cat ? p->p_cat_val_to_name[v - 1] : p->p_sens_val_to_name[v - 1];
		const char **al = aliases.by_value[v];
		struct pol_info_item *it;

		if (!name || !wanted_or_alias(filter, name, al))
			continue;
		pol_buf_reset(&b);
		pol_buf_printf(&b, "%s %s", cat ? "category" : "sensitivity", name);
		put_aliases(&b, al);
		pol_buf_putc(&b, ';');
		if (!(it = add_symbol(list, name, &b))) {
			rc = -ENOMEM;
			break;
		}
		it->order = v;
		if (al) {
			size_t k = 0;

			while (al[k])
				k++;
			if (!(it->aliases = query_info_strv(list, al, k, false)))
				rc = -ENOMEM;
		}
	}
	pol_buf_release(&b);
	query_info_aliases_release(&aliases);
	return rc;
}

struct perm_names {
	const char **v;
	size_t n;
};

static int collect_perm(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct perm_names *pn = arg;

	(void)datum;
	pn->v[pn->n++] = key;
	return 0;
}

/* The permissions a class or common declares itself, sorted. */
static const char **own_perms(struct pol_info_list *list, symtab_t *perms, size_t *count)
{
	struct perm_names pn = { calloc(perms->table->nel + 1, sizeof(char *)), 0 };
	const char **out;

	if (!pn.v)
		return NULL;
	hashtab_map(perms->table, collect_perm, &pn);
	out = query_info_strv(list, pn.v, pn.n, true);
	free(pn.v);
	*count = pn.n;
	return out;
}

static void put_perm_block(struct pol_buf *b, const char **perms)
{
	pol_buf_puts(b, "{\n\t");
	for (const char **q = perms; *q; q++)
		pol_buf_printf(b, "%s%s", q == perms ? "" : "\n\t", *q);
	pol_buf_puts(b, "\n}");
}

static int list_polcaps(const policydb_t *p, const char *filter, struct pol_info_list *list)
{
	struct pol_buf b = POL_BUF_INIT;
	ebitmap_node_t *node;
	unsigned int bit;
	int rc = 0;

	ebitmap_for_each_positive_bit(&p->policycaps, node, bit) {
		const char *name = sepol_polcap_getname(bit);
		char num[16];

		if (!name) {
			snprintf(num, sizeof(num), "%u", bit);
			name = num;
		}
		if (!wanted(filter, name))
			continue;
		pol_buf_reset(&b);
		pol_buf_printf(&b, "policycap %s;", name);
		if (!add_symbol(list, name, &b)) {
			rc = -ENOMEM;
			break;
		}
	}
	pol_buf_release(&b);
	return rc;
}

/* Names of the set bits of map in the symbol table names (value = bit + 1),
 * sorted; skip is left out. */
static const char **bit_names(struct pol_info_list *list, const ebitmap_t *map, char **names,
			      uint32_t nprim, const char *skip, size_t *count)
{
	const char **v = calloc(ebitmap_cardinality((ebitmap_t *)map) + 1, sizeof(*v));
	const char **out;
	ebitmap_node_t *node;
	unsigned int bit;
	size_t n = 0;

	if (!v)
		return NULL;
	ebitmap_for_each_positive_bit(map, node, bit) {
		if (bit >= nprim || !names[bit] || (skip && strcmp(names[bit], skip) == 0))
			continue;
		v[n++] = names[bit];
	}
	out = query_info_strv(list, v, n, true);
	free(v);
	*count = n;
	return out;
}

/* " X" or " { X Y }" (setools writes "{  }" for none). */
static void put_set(struct pol_buf *b, const char **names, size_t n)
{
	if (n == 1) {
		pol_buf_printf(b, " %s", names[0]);
		return;
	}
	pol_buf_puts(b, " {");
	for (size_t i = 0; i < n; i++)
		pol_buf_printf(b, " %s", names[i]);
	pol_buf_puts(b, n ? " }" : "  }");
}

/*
 * The symbol kinds listed by walking their symbol table in value order:
 * each item is the symbol's name, its statement and members as setools'
 * statement() writes them. statement() writes the statement of datum
 * into b and sets *members (sorted, in list's pool) or *state when the
 * kind has them; it returns 0 or -ENOMEM.
 */
struct symbol_kind {
	enum pol_info_kind kind;
	int sym; /* SYM_BOOLS, ... */
	int (*statement)(const struct pol_pdb *pdb, const void *datum, const char *name,
			 struct pol_info_list *list, struct pol_buf *b, const char ***members,
			 int *state);
};

static int bool_statement(const struct pol_pdb *pdb, const void *datum, const char *name,
			  struct pol_info_list *list, struct pol_buf *b, const char ***members,
			  int *state)
{
	const cond_bool_datum_t *d = datum;

	(void)pdb;
	(void)list;
	(void)members;
	*state = d->state ? 1 : 0;
	pol_buf_printf(b, "bool %s %s;", name, *state ? "true" : "false");
	return 0;
}

static int class_statement(const struct pol_pdb *pdb, const void *datum, const char *name,
			   struct pol_info_list *list, struct pol_buf *b, const char ***members,
			   int *state)
{
	const policydb_t *p = pdb_db(pdb);
	const class_datum_t *cls = datum;
	size_t n;

	(void)state;
	if (!(*members = own_perms(list, (symtab_t *)&cls->permissions, &n)))
		return -ENOMEM;
	pol_buf_printf(b, "class %s\n", name);
	if (cls->comdatum)
		pol_buf_printf(b, "inherits %s\n",
			       p->p_common_val_to_name[cls->comdatum->s.value - 1]);
	/* a class that inherits may declare no permission of its own */
	if (n)
		put_perm_block(b, *members);
	return 0;
}

static int common_statement(const struct pol_pdb *pdb, const void *datum, const char *name,
			    struct pol_info_list *list, struct pol_buf *b, const char ***members,
			    int *state)
{
	const common_datum_t *com = datum;
	size_t n;

	(void)pdb;
	(void)state;
	if (!(*members = own_perms(list, (symtab_t *)&com->permissions, &n)))
		return -ENOMEM;
	pol_buf_printf(b, "common %s\n", name);
	put_perm_block(b, *members);
	return 0;
}

static int role_statement(const struct pol_pdb *pdb, const void *datum, const char *name,
			  struct pol_info_list *list, struct pol_buf *b, const char ***members,
			  int *state)
{
	const policydb_t *p = pdb_db(pdb);
	const role_datum_t *role = datum;
	size_t n;

	(void)state;
	*members =
	    bit_names(list, &role->types.types, p->p_type_val_to_name, p->p_types.nprim, NULL, &n);
	if (!*members)
		return -ENOMEM;
	pol_buf_printf(b, "role %s types", name);
	put_set(b, *members, n);
	pol_buf_putc(b, ';');
	return 0;
}

static int user_statement(const struct pol_pdb *pdb, const void *datum, const char *name,
			  struct pol_info_list *list, struct pol_buf *b, const char ***members,
			  int *state)
{
	const policydb_t *p = pdb_db(pdb);
	const user_datum_t *user = datum;
	char *level, *range;
	size_t n;
	int rc = 0;

	(void)state;
	/* setools hides object_r, which the compiler gives every user */
	*members = bit_names(list, &user->roles.roles, p->p_role_val_to_name, p->p_roles.nprim,
			     "object_r", &n);
	if (!*members)
		return -ENOMEM;
	pol_buf_printf(b, "user %s roles", name);
	put_set(b, *members, n);
	if (!p->mls) {
		pol_buf_putc(b, ';');
		return 0;
	}
	level = query_mls_level_format(pdb, &user->exp_dfltlevel);
	range = query_mls_range_format(pdb, &user->exp_range);
	if (level && range)
		pol_buf_printf(b, " level %s range %s;", level, range);
	else
		rc = -ENOMEM;
	free(level);
	free(range);
	return rc;
}

// clang-format off
static const struct symbol_kind symbol_kinds[] = {
	{ POL_INFO_BOOL, SYM_BOOLS, bool_statement },
	{ POL_INFO_CLASS, SYM_CLASSES, class_statement },
	{ POL_INFO_COMMON, SYM_COMMONS, common_statement },
	{ POL_INFO_ROLE, SYM_ROLES, role_statement },
	{ POL_INFO_USER, SYM_USERS, user_statement },
};
// clang-format on

static int list_symtab(const struct pol_pdb *pdb, const struct symbol_kind *k, const char *filter,
		       struct pol_info_list *list)
{
	const policydb_t *p = pdb_db(pdb);
	const symtab_t *tab = &p->symtab[k->sym];
	struct pol_buf b = POL_BUF_INIT;
	int rc = 0;

	for (uint32_t i = 0; i < tab->nprim && !rc; i++) {
		const char *name = p->sym_val_to_name[k->sym][i];
		const void *datum;
		const char **members = NULL;
		struct pol_info_item *it;
		int state = -1;

		if (!name || !wanted(filter, name))
			continue;
		if (!(datum = hashtab_search(tab->table, (hashtab_key_t)name)))
			continue;
		pol_buf_reset(&b);
		if ((rc = k->statement(pdb, datum, name, list, &b, &members, &state)) < 0)
			break;
		if (!(it = add_symbol(list, name, &b))) {
			rc = -ENOMEM;
			break;
		}
		it->members = members;
		it->state = state;
	}
	pol_buf_release(&b);
	return rc;
}

static const char *default_value(int v)
{
	switch (v) {
	case DEFAULT_SOURCE:
		return "source";
	case DEFAULT_TARGET:
		return "target";
	case DEFAULT_GLBLUB:
		return "glblub";
	default:
		return "unknown";
	}
}

static const char *default_range(int v)
{
	static const char *const names[] = {
		[DEFAULT_SOURCE_LOW] = "source low",
		[DEFAULT_SOURCE_HIGH] = "source high",
		[DEFAULT_SOURCE_LOW_HIGH] = "source low_high",
		[DEFAULT_TARGET_LOW] = "target low",
		[DEFAULT_TARGET_HIGH] = "target high",
		[DEFAULT_TARGET_LOW_HIGH] = "target low_high",
		[DEFAULT_GLBLUB] = "glblub",
	};

	return v > 0 && v <= DEFAULT_GLBLUB ? names[v] : "unknown";
}

static int list_defaults(const struct pol_pdb *pdb, const char *filter,
			 struct pol_info_list *list, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_buf b = POL_BUF_INIT;
	uint32_t only = 0;
	int rc = 0;

	/* setools looks the class up first: an unknown one is an error */
	if (filter && !(only = pdb_class_value(pdb, filter)))
		return pol_pdb_unknown(pdb, POL_SYM_CLASS, filter, err);
	for (uint32_t i = 0; i < p->p_classes.nprim && !rc; i++) {
		const class_datum_t *cls = p->class_val_to_struct[i];
		const char *name = p->p_class_val_to_name[i];
		const struct {
			const char *rule;
			int value;
		} rules[] = {
			{ "default_user", cls ? cls->default_user : 0 },
			{ "default_role", cls ? cls->default_role : 0 },
			{ "default_type", cls ? cls->default_type : 0 },
			{ "default_range", cls ? cls->default_range : 0 },
		};

		if (!cls || (only && only != i + 1))
			continue;
		for (size_t r = 0; r < 4 && !rc; r++) {
			if (!rules[r].value)
				continue;
			pol_buf_reset(&b);
			pol_buf_printf(&b, "%s %s %s;", rules[r].rule, name,
				       r == 3 ? default_range(rules[r].value) :
						default_value(rules[r].value));
			rc = query_info_add_statement(list, &b);
		}
	}
	pol_buf_release(&b);
	return rc;
}

int query_info_list_symbols(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			    struct pol_info_list *list, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);

	for (size_t i = 0; i < sizeof(symbol_kinds) / sizeof(symbol_kinds[0]); i++)
		if (symbol_kinds[i].kind == kind)
			return list_symtab(pdb, &symbol_kinds[i], filter, list);
	switch (kind) {
	case POL_INFO_CATEGORY:
	case POL_INFO_SENSITIVITY:
		return list_mls_symbols(pdb, kind, filter, list);
	case POL_INFO_POLCAP:
		return list_polcaps(p, filter, list);
	case POL_INFO_DEFAULT:
		return list_defaults(pdb, filter, list, err);
	default:
		return pol_err_set(err, POL_EINTERNAL, "no symbol listing for kind %d", (int)kind);
	}
}
