/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <string.h>

#include "pdb/internal.h"
#include "util/suggest.h"

uint32_t pdb_type_value(const struct pol_pdb *pdb, const char *name)
{
	type_datum_t *t = hashtab_search(pdb->p.p_types.table, (hashtab_key_t)name);

	/* An alias datum carries its primary type's value. */
	return t ? t->s.value : 0;
}

uint32_t pdb_class_value(const struct pol_pdb *pdb, const char *name)
{
	class_datum_t *c = hashtab_search(pdb->p.p_classes.table, (hashtab_key_t)name);

	return c ? c->s.value : 0;
}

int pdb_perm_bit(const struct pol_pdb *pdb, uint32_t c, const char *name)
{
	for (unsigned int b = 0; b < 32; b++) {
		const char *n = pdb->perm_names[c - 1][b];

		if (n && strcmp(n, name) == 0)
			return (int)b;
	}
	return -1;
}

static hashtab_t table_of(const struct pol_pdb *pdb, enum pol_sym kind)
{
	switch (kind) {
	case POL_SYM_COMMON:
		return pdb->p.p_commons.table;
	case POL_SYM_CLASS:
		return pdb->p.p_classes.table;
	case POL_SYM_ROLE:
		return pdb->p.p_roles.table;
	case POL_SYM_TYPE:
	case POL_SYM_ATTRIBUTE:
	case POL_SYM_TYPE_OR_ATTR:
		return pdb->p.p_types.table;
	case POL_SYM_USER:
		return pdb->p.p_users.table;
	case POL_SYM_BOOL:
		return pdb->p.p_bools.table;
	case POL_SYM_SENS:
		return pdb->p.p_levels.table;
	case POL_SYM_CAT:
		return pdb->p.p_cats.table;
	default:
		return NULL;
	}
}

static bool kind_accepts(enum pol_sym kind, hashtab_datum_t datum)
{
	const type_datum_t *t = datum;

	switch (kind) {
	case POL_SYM_TYPE:
		return t->flavor != TYPE_ATTRIB;
	case POL_SYM_ATTRIBUTE:
		return t->flavor == TYPE_ATTRIB;
	default:
		return true;
	}
}

bool pol_pdb_has(const struct pol_pdb *pdb, enum pol_sym kind, const char *name)
{
	hashtab_t table;
	hashtab_datum_t d;

	if (kind == POL_SYM_PERM) {
		for (uint32_t c = 1; c <= pdb->p.p_classes.nprim; c++)
			if (pdb_perm_bit(pdb, c, name) >= 0)
				return true;
		return false;
	}
	table = table_of(pdb, kind);
	if (!table)
		return false;
	d = hashtab_search(table, (hashtab_key_t)name);
	return d && kind_accepts(kind, d);
}

struct each_ctx {
	enum pol_sym kind;
	void (*fn)(const char *name, void *data);
	void *data;
};

static int each_entry(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct each_ctx *ctx = arg;

	if (kind_accepts(ctx->kind, datum))
		ctx->fn(key, ctx->data);
	return 0;
}

static int each_perm(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct each_ctx *ctx = arg;

	ctx->fn(key, ctx->data);
	return 0;
}

static int each_common(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	common_datum_t *common = datum;

	return hashtab_map(common->permissions.table, each_perm, arg);
}

void pol_pdb_each_name(const struct pol_pdb *pdb, enum pol_sym kind,
		       void (*fn)(const char *name, void *data), void *data)
{
	struct each_ctx ctx = { kind, fn, data };
	hashtab_t table;

	if (kind == POL_SYM_PERM) {
		for (uint32_t c = 0; c < pdb->p.p_classes.nprim; c++)
			hashtab_map(pdb->p.class_val_to_struct[c]->permissions.table, each_perm, &ctx);
		hashtab_map(pdb->p.p_commons.table, each_common, &ctx);
		return;
	}
	table = table_of(pdb, kind);
	if (table)
		hashtab_map(table, each_entry, &ctx);
}

const char *pol_sym_name(enum pol_sym kind)
{
	static const char *const names[POL_SYM_COUNT] = {
		[POL_SYM_COMMON] = "common",
		[POL_SYM_CLASS] = "class",
		[POL_SYM_ROLE] = "role",
		[POL_SYM_TYPE] = "type",
		[POL_SYM_USER] = "user",
		[POL_SYM_BOOL] = "boolean",
		[POL_SYM_SENS] = "sensitivity",
		[POL_SYM_CAT] = "category",
		[POL_SYM_ATTRIBUTE] = "attribute",
		[POL_SYM_TYPE_OR_ATTR] = "type or attribute",
		[POL_SYM_PERM] = "permission",
	};

	return kind < POL_SYM_COUNT ? names[kind] : "symbol";
}

static void offer_symbol(const char *name, void *data)
{
	pol_suggest_offer(data, name);
}

int pol_pdb_unknown_at(const struct pol_pdb *pdb, enum pol_sym kind, const char *name,
		       const char *file, unsigned int line, unsigned int col, struct pol_err *err)
{
	struct pol_suggest s;

	pol_err_add(err, POL_SEV_ERROR, POL_ENOTFOUND, file, line, col, "unknown %s '%s'",
		    pol_sym_name(kind), name);
	pol_suggest_init(&s, name);
	pol_pdb_each_name(pdb, kind, offer_symbol, &s);
	pol_suggest_note(&s, err, POL_ENOTFOUND, file, line, col);
	return POL_ENOTFOUND;
}

int pol_pdb_unknown(const struct pol_pdb *pdb, enum pol_sym kind, const char *name,
		    struct pol_err *err)
{
	return pol_pdb_unknown_at(pdb, kind, name, NULL, 0, 0, err);
}
