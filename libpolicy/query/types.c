/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Types, attributes, permissive types and typebounds as seinfo lists them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/info-internal.h"
#include "util/array.h"

/* setools names an attribute the policy left unnamed "@ttr" + its value. */
static const char *type_name(const policydb_t *p, uint32_t v, char buf[32])
{
	const char *name = p->p_type_val_to_name[v - 1];

	if (name)
		return name;
	snprintf(buf, 32, "@ttr%010u", v);
	return buf;
}

/* "type t alias { a b }, attr1, attr2;": attributes in declaration order. */
static int type_item(const struct pol_pdb *pdb, uint32_t v, const struct info_aliases *aliases,
		     struct pol_info_list *list, struct pol_buf *b)
{
	const policydb_t *p = pdb_db(pdb);
	const char **al = aliases->by_value[v];
	const char *attrs[64], **av = attrs;
	size_t nattr = 0, cap = 64, nal = 0;
	struct pol_info_item *it;
	ebitmap_node_t *node;
	unsigned int bit;
	char buf[32];
	int rc = 0;

	pol_buf_reset(b);
	pol_buf_printf(b, "type %s", p->p_type_val_to_name[v - 1]);
	if (al) {
		while (al[nal])
			nal++;
		if (nal == 1)
			pol_buf_printf(b, " alias %s", al[0]);
		else
			pol_buf_puts(b, " alias {");
		for (size_t i = 0; nal > 1 && i < nal; i++)
			pol_buf_printf(b, " %s", al[i]);
		if (nal > 1)
			pol_buf_puts(b, " }");
	}
	/* type_attr_map[t] holds t itself and the attributes that contain it. */
	ebitmap_for_each_positive_bit(&p->type_attr_map[v - 1], node, bit) {
		if (bit + 1 == v || !pdb_is_attr(pdb, bit + 1))
			continue;
		if (nattr == cap) {
			const char **n = malloc(cap * 2 * sizeof(*n));

			if (!n) {
				rc = -ENOMEM;
				goto out;
			}
			memcpy(n, av, nattr * sizeof(*n));
			if (av != attrs)
				free(av);
			av = n;
			cap *= 2;
		}
		av[nattr] = query_info_str(list, type_name(p, bit + 1, buf));
		if (!av[nattr++]) {
			rc = -ENOMEM;
			goto out;
		}
		pol_buf_printf(b, ", %s", av[nattr - 1]);
	}
	pol_buf_putc(b, ';');
	it = query_info_add(list);
	if (!it || !(it->name = it->text = query_info_str(list, p->p_type_val_to_name[v - 1])) ||
	    !(it->statement = it->expanded = query_info_buf(list, b)) ||
	    !(it->members = query_info_strv(list, av, nattr, false)) ||
	    (al && !(it->aliases = query_info_strv(list, al, nal, false))))
		rc = -ENOMEM;
out:
	if (av != attrs)
		free(av);
	return rc;
}

static bool alias_named(const char **al, const char *filter)
{
	for (; al && *al; al++)
		if (strcmp(*al, filter) == 0)
			return true;
	return false;
}

static int list_types(const struct pol_pdb *pdb, bool permissive, const char *filter,
		      struct pol_info_list *list)
{
	const policydb_t *p = pdb_db(pdb);
	struct info_aliases aliases;
	struct pol_buf b = POL_BUF_INIT;
	int rc;

	if ((rc = query_info_aliases_build(pdb, POL_SYM_TYPE, &aliases)) < 0)
		return rc;
	for (uint32_t v = 1; v <= p->p_types.nprim && !rc; v++) {
		const type_datum_t *t = p->type_val_to_struct[v - 1];
		const char *name = p->p_type_val_to_name[v - 1];

		if (!t || !name || t->flavor != TYPE_TYPE || !t->primary)
			continue;
		if (permissive && !ebitmap_get_bit(&p->permissive_map, v))
			continue;
		/* seinfo -t matches aliases too; --permissive only names */
		if (filter && strcmp(filter, name) != 0 &&
		    (permissive || !alias_named(aliases.by_value[v], filter)))
			continue;
		rc = type_item(pdb, v, &aliases, list, &b);
	}
	pol_buf_release(&b);
	query_info_aliases_release(&aliases);
	return rc;
}

static int list_attributes(const struct pol_pdb *pdb, const char *filter,
			   struct pol_info_list *list)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_buf b = POL_BUF_INIT;
	const char **members = NULL;
	size_t cap = 0;
	int rc = 0;

	for (uint32_t v = 1; v <= p->p_types.nprim && !rc; v++) {
		const type_datum_t *t = p->type_val_to_struct[v - 1];
		struct pol_info_item *it;
		ebitmap_node_t *node;
		unsigned int bit;
		const char *name;
		char buf[32];
		size_t n = 0;

		if (!t || t->flavor != TYPE_ATTRIB)
			continue;
		name = type_name(p, v, buf);
		if (filter && strcmp(filter, name) != 0)
			continue;
		ebitmap_for_each_positive_bit(&p->attr_type_map[v - 1], node, bit) {
			if (POL_ARRAY_GROW(members, n + 1, cap) < 0) {
				rc = -ENOMEM;
				goto out;
			}
			if (p->p_type_val_to_name[bit])
				members[n++] = p->p_type_val_to_name[bit];
		}
		it = query_info_add(list);
		if (!it || !(it->name = it->text = query_info_str(list, name)) ||
		    !(it->members = query_info_strv(list, members, n, true))) {
			rc = -ENOMEM;
			break;
		}
		pol_buf_reset(&b);
		pol_buf_printf(&b, "attribute %s;", name);
		if (!(it->statement = query_info_buf(list, &b))) {
			rc = -ENOMEM;
			break;
		}
		if (!n)
			pol_buf_puts(&b, "\n\t<empty attribute>");
		for (size_t i = 0; i < n; i++)
			pol_buf_printf(&b, "\n\t%s", it->members[i]);
		if (!(it->expanded = query_info_buf(list, &b)))
			rc = -ENOMEM;
	}
out:
	free(members);
	pol_buf_release(&b);
	return rc;
}

struct bounds_ctx {
	const policydb_t *p;
	const char *filter;
	struct pol_info_list *list;
	struct pol_buf b;
	int rc;
};

/* setools walks the whole symbol table, so an alias entry that carries
 * bounds gives a statement of its own. */
static int bounds_entry(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct bounds_ctx *ctx = arg;
	const type_datum_t *t = datum;
	const char *child;

	(void)key;
	if (t->flavor != TYPE_TYPE || !t->bounds)
		return 0;
	child = ctx->p->p_type_val_to_name[t->s.value - 1];
	if (ctx->filter && strcmp(ctx->filter, child) != 0)
		return 0;
	pol_buf_reset(&ctx->b);
	pol_buf_printf(&ctx->b, "typebounds %s %s;", ctx->p->p_type_val_to_name[t->bounds - 1],
		       child);
	ctx->rc = query_info_add_statement(ctx->list, &ctx->b);
	return ctx->rc;
}

int query_info_list_types(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			  struct pol_info_list *list, struct pol_err *err)
{
	struct bounds_ctx ctx = { pdb_db(pdb), filter, list, POL_BUF_INIT, 0 };

	switch (kind) {
	case POL_INFO_TYPE:
		return list_types(pdb, false, filter, list);
	case POL_INFO_PERMISSIVE:
		return list_types(pdb, true, filter, list);
	case POL_INFO_ATTRIBUTE:
		return list_attributes(pdb, filter, list);
	case POL_INFO_TYPEBOUNDS:
		hashtab_map(ctx.p->p_types.table, bounds_entry, &ctx);
		pol_buf_release(&ctx.b);
		return ctx.rc;
	default:
		return pol_err_set(err, POL_EINTERNAL, "no type listing for kind %d", (int)kind);
	}
}
