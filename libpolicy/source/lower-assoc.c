/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Associations (pass 2, before any rule): type aliases and attributes,
 * bounds, permissive and expandattribute, the types of roles, role
 * attributes, users' roles and MLS levels. In an optional block the
 * additive ones go to the decl's own copies of the symbols, as checkpolicy's
 * get_local_type()/get_local_role() arrange, so that they count only when
 * the block is enabled at link time.
 */
#include "source/lower-core.h"

#include <stdlib.h>
#include <string.h>

/* A type (or alias), not an attribute. */
static type_datum_t *lookup_type(struct lower *lw, const struct src_id *id)
{
	type_datum_t *t = lower_type(lw, id);

	if (t && t->flavor == TYPE_ATTRIB) {
		lower_error(lw, &id->loc, "'%s' is an attribute, not a type", id->name);
		return NULL;
	}
	return t;
}

static type_datum_t *lookup_attr(struct lower *lw, const struct src_id *id)
{
	type_datum_t *t = lower_type(lw, id);

	if (t && t->flavor != TYPE_ATTRIB) {
		lower_error(lw, &id->loc, "'%s' is a type, not an attribute", id->name);
		return NULL;
	}
	return t;
}

/* Put type value into each attribute of ids (typeattribute, type t, a;). */
static int add_to_attrs(struct lower *lw, uint32_t value, const struct src_id *ids, size_t n)
{
	int status = 0;

	for (size_t i = 0; i < n; i++) {
		type_datum_t *attr = lookup_attr(lw, &ids[i]);

		if (!attr) {
			status = POL_EINVAL;
			continue;
		}
		attr = lower_local_type(lw, ids[i].name, attr->s.value, true);
		if (!attr || ebitmap_set_bit(&attr->types, value - 1, 1))
			return lower_nomem(lw);
	}
	return status;
}

/* checkpolicy's define_typebounds_helper(). */
static int bound_type(struct lower *lw, const struct src_id *parent_id,
		      const struct src_id *child_id)
{
	type_datum_t *parent = lookup_type(lw, parent_id), *child;
	policydb_t *p = lw->p;

	if (!parent)
		return POL_EINVAL;
	child = lookup_type(lw, child_id);
	if (!child)
		return POL_EINVAL;
	if (child->flavor == TYPE_TYPE && !child->primary)
		child = p->type_val_to_struct[child->s.value - 1];
	else if (child->flavor == TYPE_ALIAS)
		child = p->type_val_to_struct[child->primary - 1];
	if (!child->bounds)
		child->bounds = parent->s.value;
	else if (child->bounds != parent->s.value)
		return lower_error(lw, &child_id->loc,
				   "type '%s' is already bounded by '%s', not '%s'", child_id->name,
				   p->p_type_val_to_name[child->bounds - 1], parent_id->name);
	return 0;
}

/* A type named "a.b" is bounded by "a" (the old name-based hierarchy). */
static int implicit_type_bounds(struct lower *lw, const struct src_id *id)
{
	const char *dot = strrchr(id->name, '.');
	struct src_id parent = {.loc = id->loc};
	int ret;

	if (!dot)
		return 0;
	parent.name = strndup(id->name, (size_t)(dot - id->name));
	if (!parent.name)
		return lower_nomem(lw);
	if (!hashtab_search(lw->p->p_types.table, parent.name))
		ret = lower_error(lw, &id->loc,
				  "type '%s' is bounded by its prefix '%s', which is not declared",
				  id->name, parent.name);
	else
		ret = bound_type(lw, &parent, id);
	free((char *)parent.name);
	return ret;
}

static int assoc_type(struct lower *lw, const struct src_stmt *s)
{
	type_datum_t *t = hashtab_search(lw->p->p_types.table, s->u.decl.name.name);
	int ret = 0;

	if (!t) /* its declaration failed and was reported */
		return POL_EINVAL;
	if (s->u.decl.nattrs)
		ret = add_to_attrs(lw, t->s.value, s->u.decl.attrs, s->u.decl.nattrs);
	return implicit_type_bounds(lw, &s->u.decl.name) ? POL_EINVAL : ret;
}

static int add_aliases(struct lower *lw, const struct src_stmt *s)
{
	type_datum_t *t = lookup_type(lw, &s->u.decl.name);

	if (!t)
		return POL_EINVAL;
	for (size_t i = 0; i < s->u.decl.naliases; i++) {
		const struct src_id *id = &s->u.decl.aliases[i];
		type_datum_t *alias;
		char *key;
		int ret;

		if (strchr(id->name, '.'))
			return lower_error(lw, &id->loc, "type alias '%s' may not contain a period",
					   id->name);
		alias = calloc(1, sizeof(*alias));
		key = strdup(id->name);
		if (!alias || !key) {
			free(alias);
			free(key);
			return lower_nomem(lw);
		}
		alias->s.value = t->s.value;
		ret = lower_declare_symbol(lw, SYM_TYPES, key, alias, NULL, &alias->s.value);
		if (ret == 0)
			continue;
		free(alias);
		free(key);
		if (ret < 0)
			return lower_symbol_error(lw, id, SYM_TYPES, ret);
		alias = hashtab_search(lw->p->p_types.table, id->name);
		alias->primary = t->s.value;
		alias->flavor = TYPE_ALIAS;
	}
	return 0;
}

static int typeattribute(struct lower *lw, const struct src_stmt *s)
{
	type_datum_t *t = lookup_type(lw, &s->u.assoc.name);

	if (!t)
		return POL_EINVAL;
	return add_to_attrs(lw, t->s.value, s->u.assoc.ids, s->u.assoc.n);
}

static int typebounds(struct lower *lw, const struct src_stmt *s)
{
	int status = 0;

	for (size_t i = 0; i < s->u.assoc.n; i++)
		if (bound_type(lw, &s->u.assoc.name, &s->u.assoc.ids[i]))
			status = POL_EINVAL;
	return status;
}

static int permissive(struct lower *lw, const struct src_stmt *s)
{
	type_datum_t *t = lookup_type(lw, &s->u.name);

	if (!t)
		return POL_EINVAL;
	t->flags |= TYPE_FLAGS_PERMISSIVE;
	return 0;
}

static int expandattribute(struct lower *lw, const struct src_stmt *s)
{
	uint32_t flag =
	    s->u.expand.expand ? TYPE_FLAGS_EXPAND_ATTR_TRUE : TYPE_FLAGS_EXPAND_ATTR_FALSE;
	int status = 0;

	for (size_t i = 0; i < s->u.expand.n; i++) {
		type_datum_t *attr = lookup_attr(lw, &s->u.expand.ids[i]);

		if (!attr) {
			status = POL_EINVAL;
			continue;
		}
		attr->flags |= flag;
		if ((attr->flags & TYPE_FLAGS_EXPAND_ATTR_TRUE) &&
		    (attr->flags & TYPE_FLAGS_EXPAND_ATTR_FALSE)) {
			lower_warning(
			    lw, &s->u.expand.ids[i].loc,
			    "expandattribute of '%s' set both true and false; using false",
			    s->u.expand.ids[i].name);
			attr->flags &= ~TYPE_FLAGS_EXPAND_ATTR_TRUE;
		}
	}
	return status;
}

static int role_types(struct lower *lw, const struct src_stmt *s)
{
	const struct src_set *set = &s->u.role.types;
	role_datum_t *r = lower_role(lw, &s->u.role.name);
	int status = 0;

	if (!r)
		return POL_EINVAL;
	if (set->star || set->tilde)
		return lower_error(lw, &set->loc, "'%s' is not allowed in the types of a role",
				   set->star ? "*" : "~");
	r = lower_local_role(lw, s->u.role.name.name, r->s.value, r->flavor == ROLE_ATTRIB);
	if (!r)
		return lower_nomem(lw);
	for (size_t i = 0; i < set->n; i++) {
		type_datum_t *t = lower_type(lw, &set->items[i].id);

		if (!t) {
			status = POL_EINVAL;
			continue;
		}
		if (ebitmap_set_bit(set->items[i].neg ? &r->types.negset : &r->types.types,
				    t->s.value - 1, 1))
			return lower_nomem(lw);
	}
	return status;
}

static role_datum_t *lookup_role_attr(struct lower *lw, const struct src_id *id)
{
	role_datum_t *r = lower_role(lw, id);

	if (r && r->flavor != ROLE_ATTRIB) {
		lower_error(lw, &id->loc, "'%s' is a role, not a role attribute", id->name);
		return NULL;
	}
	return r;
}

static int roleattribute(struct lower *lw, const struct src_stmt *s)
{
	role_datum_t *r = lower_role(lw, &s->u.assoc.name);
	int status = 0;

	if (!r)
		return POL_EINVAL;
	for (size_t i = 0; i < s->u.assoc.n; i++) {
		role_datum_t *attr = lookup_role_attr(lw, &s->u.assoc.ids[i]);

		if (!attr) {
			status = POL_EINVAL;
			continue;
		}
		attr = lower_local_role(lw, s->u.assoc.ids[i].name, attr->s.value, true);
		if (!attr || ebitmap_set_bit(&attr->roles, r->s.value - 1, 1))
			return lower_nomem(lw);
	}
	return status;
}

static int user(struct lower *lw, const struct src_stmt *s)
{
	const struct src_set *set = &s->u.user.roles;
	user_datum_t *u = lower_local_user(lw, s->u.user.name.name);
	int status = 0;

	if (!u) /* its declaration failed and was reported */
		return POL_EINVAL;
	if (set->star || set->tilde)
		return lower_error(lw, &set->loc, "'%s' is not allowed in the roles of a user",
				   set->star ? "*" : "~");
	for (size_t i = 0; i < set->n; i++) {
		role_datum_t *r;

		if (set->items[i].neg) {
			status = lower_error(lw, &set->items[i].id.loc,
					     "'-' is not allowed in the roles of a user");
			continue;
		}
		r = lower_role(lw, &set->items[i].id);
		if (!r) {
			status = POL_EINVAL;
			continue;
		}
		if (ebitmap_set_bit(&u->roles.roles, r->s.value - 1, 1))
			return lower_nomem(lw);
	}
	if (lower_user_mls(lw, s, u))
		status = POL_EINVAL;
	return status;
}

int lower_associate(struct lower *lw, const struct src_stmt *s)
{
	switch (s->kind) {
	case SRC_TYPE:
		return assoc_type(lw, s);
	case SRC_TYPEALIAS:
		return add_aliases(lw, s);
	case SRC_TYPEATTRIBUTE:
		return typeattribute(lw, s);
	case SRC_TYPEBOUNDS:
		return typebounds(lw, s);
	case SRC_PERMISSIVE:
		return permissive(lw, s);
	case SRC_EXPANDATTRIBUTE:
		return expandattribute(lw, s);
	case SRC_ROLE:
		return s->u.role.has_types ? role_types(lw, s) : 0;
	case SRC_ROLEATTRIBUTE:
		return roleattribute(lw, s);
	case SRC_USER:
		return user(lw, s);
	case SRC_ROLE_DOMINANCE:
		return lower_error(
		    lw, &s->loc,
		    "role dominance is not supported (deprecated since 2008); use role attributes");
	default:
		return 0;
	}
}
