/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Declarations (pass 1): classes, commons, initial SIDs, types, attributes,
 * aliases, booleans, roles, users and require blocks, each symbol entered
 * with its scope as checkpolicy's module_compiler.c does.
 */
#include "source/lower-core.h"

#include <stdlib.h>
#include <string.h>

static bool has_dot(const char *name)
{
	return strchr(name, '.') != NULL;
}

/* ---- classes ----------------------------------------------------- */

static int declare_class(struct lower *lw, const struct src_id *id)
{
	class_datum_t *cls = calloc(1, sizeof(*cls));
	char *key = strdup(id->name);
	uint32_t value;
	int ret;

	if (!cls || !key || symtab_init(&cls->permissions, PERM_SYMTAB_SIZE)) {
		free(cls);
		free(key);
		return lower_nomem(lw);
	}
	ret = lower_declare_symbol(lw, SYM_CLASSES, key, cls, &value, &value);
	if (ret != 0) {
		hashtab_destroy(cls->permissions.table);
		free(cls);
		free(key);
		return ret < 0 ? lower_symbol_error(lw, id, SYM_CLASSES, ret) : 0;
	}
	cls->s.value = value;
	return 0;
}

/* Add the permissions ids to table, numbered after *nprim. */
static int add_perms(struct lower *lw, symtab_t *table, const struct src_id *ids, size_t n,
		     const symtab_t *inherited, uint32_t cls, const char *owner)
{
	for (size_t i = 0; i < n; i++) {
		perm_datum_t *perm;
		char *key;

		if (table->nprim >= sizeof(sepol_access_vector_t) * 8)
			return lower_error(
			    lw, &ids[i].loc,
			    "too many permissions in '%s': at most 32 fit in an access vector",
			    owner);
		if (hashtab_search(table->table, ids[i].name))
			return lower_error(lw, &ids[i].loc, "duplicate permission '%s' in '%s'",
					   ids[i].name, owner);
		if (inherited && hashtab_search(inherited->table, ids[i].name))
			return lower_error(
			    lw, &ids[i].loc,
			    "permission '%s' of class '%s' is already inherited from its common",
			    ids[i].name, owner);
		perm = calloc(1, sizeof(*perm));
		key = strdup(ids[i].name);
		if (!perm || !key || hashtab_insert(table->table, key, perm)) {
			free(perm);
			free(key);
			return lower_nomem(lw);
		}
		perm->s.value = ++table->nprim;
		/* a class's permissions are required by the global decl, as
		 * checkpolicy's define_av_perms() records them */
		if (cls && lower_add_perm_to_class(lw, perm->s.value, cls))
			return lower_nomem(lw);
	}
	return 0;
}

static int declare_common(struct lower *lw, const struct src_stmt *s)
{
	const struct src_id *id = &s->u.perms.name;
	common_datum_t *com;
	char *key;

	if (hashtab_search(lw->p->p_commons.table, id->name))
		return lower_symbol_error(lw, id, SYM_COMMONS, LOWER_SYM_DUPLICATE);
	com = calloc(1, sizeof(*com));
	key = strdup(id->name);
	if (!com || !key || symtab_init(&com->permissions, PERM_SYMTAB_SIZE)) {
		free(com);
		free(key);
		return lower_nomem(lw);
	}
	if (hashtab_insert(lw->p->p_commons.table, key, com)) {
		hashtab_destroy(com->permissions.table);
		free(com);
		free(key);
		return lower_nomem(lw);
	}
	com->s.value = ++lw->p->p_commons.nprim;
	return add_perms(lw, &com->permissions, s->u.perms.perms, s->u.perms.nperms, NULL, 0,
			 id->name);
}

static int define_class_perms(struct lower *lw, const struct src_stmt *s)
{
	const struct src_id *id = &s->u.perms.name;
	class_datum_t *cls = hashtab_search(lw->p->p_classes.table, id->name);
	common_datum_t *com = NULL;

	if (!cls)
		return lower_unknown(lw, id, "class", SYM_CLASSES);
	if (cls->comdatum || cls->permissions.nprim)
		return lower_error(lw, &id->loc, "permissions of class '%s' already defined",
				   id->name);
	if (s->u.perms.inherits.name) {
		com = hashtab_search(lw->p->p_commons.table, s->u.perms.inherits.name);
		if (!com)
			return lower_unknown(lw, &s->u.perms.inherits, "common", SYM_COMMONS);
		cls->comkey = strdup(s->u.perms.inherits.name);
		if (!cls->comkey)
			return lower_nomem(lw);
		cls->comdatum = com;
		/* the class's own permissions are numbered after the common's */
		cls->permissions.nprim += com->permissions.nprim;
	}
	return add_perms(lw, &cls->permissions, s->u.perms.perms, s->u.perms.nperms,
			 com ? &com->permissions : NULL, cls->s.value, id->name);
}

static int declare_initial_sid(struct lower *lw, const struct src_id *id)
{
	ocontext_t *head = lw->p->ocontexts[OCON_ISID], *c;

	for (c = head; c; c = c->next)
		if (strcmp(c->u.name, id->name) == 0)
			return lower_error(lw, &id->loc, "initial SID '%s' already declared",
					   id->name);
	c = calloc(1, sizeof(*c));
	if (!c || !(c->u.name = strdup(id->name))) {
		free(c);
		return lower_nomem(lw);
	}
	context_init(&c->context[0]);
	/* prepended, numbered in declaration order, as checkpolicy does */
	c->sid[0] = head ? head->sid[0] + 1 : 1;
	c->next = head;
	lw->p->ocontexts[OCON_ISID] = c;
	return 0;
}

/* ---- types ------------------------------------------------------- */

/* checkpolicy's create_type(): *out is the new or existing datum. */
static int create_type(struct lower *lw, const struct src_id *id, bool attr, uint32_t scope,
		       type_datum_t **out)
{
	type_datum_t *t;
	char *key;
	uint32_t value = 0;
	int ret;

	if (strcmp(id->name, "self") == 0)
		return lower_error(lw, &id->loc, "'self' is a reserved name and cannot be a type");
	t = malloc(sizeof(*t));
	key = strdup(id->name);
	if (!t || !key) {
		free(t);
		free(key);
		return lower_nomem(lw);
	}
	type_datum_init(t);
	t->primary = 1;
	t->flavor = attr ? TYPE_ATTRIB : TYPE_TYPE;
	if (scope == SCOPE_DECL)
		ret = lower_declare_symbol(lw, SYM_TYPES, key, t, &value, &value);
	else
		ret = lower_require_symbol(lw, SYM_TYPES, key, t, &value, &value);
	if (ret == 0) {
		t->s.value = value;
		*out = t;
		return 0;
	}
	type_datum_destroy(t);
	free(t);
	free(key);
	if (ret < 0)
		return lower_symbol_error(lw, id, SYM_TYPES, ret);
	*out = hashtab_search(lw->p->p_types.table, id->name);
	if ((*out)->flavor != (attr ? TYPE_ATTRIB : TYPE_TYPE))
		return lower_error(lw, &id->loc, "'%s' is used both as an attribute and as a type",
				   id->name);
	return 0;
}

static int add_type_aliases(struct lower *lw, type_datum_t *type, const struct src_id *ids,
			    size_t n)
{
	for (size_t i = 0; i < n; i++) {
		type_datum_t *alias;
		char *key;
		int ret;

		if (has_dot(ids[i].name))
			return lower_error(lw, &ids[i].loc,
					   "type alias '%s' may not contain a period", ids[i].name);
		alias = calloc(1, sizeof(*alias));
		key = strdup(ids[i].name);
		if (!alias || !key) {
			free(alias);
			free(key);
			return lower_nomem(lw);
		}
		/* zeroed: flavor TYPE_TYPE, primary 0, as checkpolicy makes aliases */
		alias->s.value = type->s.value;
		ret = lower_declare_symbol(lw, SYM_TYPES, key, alias, NULL, &alias->s.value);
		if (ret == 0)
			continue;
		type_datum_destroy(alias);
		free(alias);
		free(key);
		if (ret < 0)
			return lower_symbol_error(lw, &ids[i], SYM_TYPES, ret);
		/* required earlier: it becomes an alias of this type */
		alias = hashtab_search(lw->p->p_types.table, ids[i].name);
		alias->primary = type->s.value;
		alias->flavor = TYPE_ALIAS;
	}
	return 0;
}

static int declare_type(struct lower *lw, const struct src_stmt *s)
{
	type_datum_t *t = NULL;
	int ret = create_type(lw, &s->u.decl.name, false, SCOPE_DECL, &t);

	if (ret)
		return ret;
	return add_type_aliases(lw, t, s->u.decl.aliases, s->u.decl.naliases);
}

/* ---- booleans ---------------------------------------------------- */

static int create_bool(struct lower *lw, const struct src_id *id, bool tunable, bool state,
		       uint32_t scope)
{
	cond_bool_datum_t *b;
	char *key;
	uint32_t value;
	int ret;

	if (scope == SCOPE_DECL && has_dot(id->name))
		return lower_error(lw, &id->loc, "boolean '%s' may not contain a period", id->name);
	b = calloc(1, sizeof(*b));
	key = strdup(id->name);
	if (!b || !key) {
		free(b);
		free(key);
		return lower_nomem(lw);
	}
	if (tunable)
		b->flags |= COND_BOOL_FLAGS_TUNABLE;
	if (scope == SCOPE_DECL)
		ret = lower_declare_symbol(lw, SYM_BOOLS, key, b, &value, &value);
	else
		ret = lower_require_symbol(lw, SYM_BOOLS, key, b, &b->s.value, &b->s.value);
	if (ret != 0) {
		free(b);
		free(key);
		/* declared after being required: checkpolicy keeps the
		 * required datum, default state and flags included */
		return ret < 0 ? lower_symbol_error(lw, id, SYM_BOOLS, ret) : 0;
	}
	if (scope == SCOPE_DECL) {
		b->s.value = value;
		b->state = state;
	}
	return 0;
}

/* ---- roles and users --------------------------------------------- */

/* Roles and users named "a.b" are bounded by "a" (name-based hierarchy). */
static int implicit_bounds(struct lower *lw, const struct src_id *id, hashtab_t tab,
			   uint32_t *bounds, const char *kind)
{
	const char *dot = strrchr(id->name, '.');
	symtab_datum_t *parent;
	char *name;

	if (!dot)
		return 0;
	name = strndup(id->name, (size_t)(dot - id->name));
	if (!name)
		return lower_nomem(lw);
	parent = hashtab_search(tab, name);
	if (!parent) {
		lower_error(lw, &id->loc,
			    "%s '%s' is bounded by its prefix '%s', which is not declared", kind,
			    id->name, name);
		free(name);
		return POL_EINVAL;
	}
	free(name);
	if (!*bounds)
		*bounds = parent->value;
	else if (*bounds != parent->value)
		return lower_error(lw, &id->loc, "%s '%s' has inconsistent bounds", kind, id->name);
	return 0;
}

/*
 * checkpolicy's create_role() + declare_role()/require_role(): the global
 * datum, and for a declaration in an optional block the decl's own copy
 * (returned in *local), where the block's role-types statements land.
 */
static int create_role(struct lower *lw, const struct src_id *id, bool attr, uint32_t scope)
{
	role_datum_t *r = malloc(sizeof(*r)), *local, *old;
	char *key = strdup(id->name);
	uint8_t flavor = attr ? ROLE_ATTRIB : ROLE_ROLE;
	hashtab_t tab;
	uint32_t value;
	int ret;

	if (!r || !key) {
		free(r);
		free(key);
		return lower_nomem(lw);
	}
	role_datum_init(r);
	r->flavor = flavor;
	if (scope == SCOPE_DECL)
		ret = lower_declare_symbol(lw, SYM_ROLES, key, r, &value, &value);
	else
		ret = lower_require_symbol(lw, SYM_ROLES, key, r, &value, &value);
	if (ret < 0) {
		role_datum_destroy(r);
		free(r);
		free(key);
		return lower_symbol_error(lw, id, SYM_ROLES, ret);
	}
	r->s.value = value;
	if (ret == 1) {
		/* the table kept its datum: r and key are ours */
		old = hashtab_search(lw->p->p_roles.table, id->name);
		if (old->flavor != flavor) {
			role_datum_destroy(r);
			free(r);
			free(key);
			return lower_error(lw, &id->loc,
					   "'%s' is used both as a role attribute and as a role",
					   id->name);
		}
	} else {
		key = strdup(id->name);
		if (!key)
			return lower_nomem(lw);
	}
	if (scope == SCOPE_REQ) {
		free(key);
		if (ret == 1) {
			role_datum_destroy(r);
			free(r);
		} else if (ebitmap_set_bit(&r->dominates, r->s.value - 1, 1)) {
			return lower_nomem(lw);
		}
		return 0;
	}

	tab = lw->frame->parent ? lw->decl->p_roles.table : lw->p->p_roles.table;
	local = hashtab_search(tab, key);
	if (local) {
		free(key);
		if (ret == 1) {
			role_datum_destroy(r);
			free(r);
		}
	} else {
		if (ret == 0) {
			local = malloc(sizeof(*local));
			if (!local) {
				free(key);
				return lower_nomem(lw);
			}
			role_datum_init(local);
			local->s.value = r->s.value;
			local->flavor = r->flavor;
		} else {
			local = r;
		}
		if (implicit_bounds(lw, id, tab, &local->bounds, "role") ||
		    hashtab_insert(tab, key, local)) {
			free(key);
			role_datum_destroy(local);
			free(local);
			return lw->errors ? POL_EINVAL : lower_nomem(lw);
		}
	}
	if (ret == 0 && ebitmap_set_bit(&local->dominates, local->s.value - 1, 1))
		return lower_nomem(lw);
	return 0;
}

/* checkpolicy's create_user() + declare_user()/require_user(). */
static int create_user(struct lower *lw, const struct src_id *id, uint32_t scope)
{
	user_datum_t *u = malloc(sizeof(*u)), *local;
	char *key = strdup(id->name);
	hashtab_t tab;
	uint32_t value;
	int ret;

	if (!u || !key) {
		free(u);
		free(key);
		return lower_nomem(lw);
	}
	user_datum_init(u);
	if (scope == SCOPE_DECL)
		ret = lower_declare_symbol(lw, SYM_USERS, key, u, &value, &value);
	else
		ret = lower_require_symbol(lw, SYM_USERS, key, u, &value, &value);
	if (ret < 0) {
		user_datum_destroy(u);
		free(u);
		free(key);
		return lower_symbol_error(lw, id, SYM_USERS, ret);
	}
	u->s.value = value;
	if (ret == 0 && !(key = strdup(id->name)))
		return lower_nomem(lw);
	if (scope == SCOPE_REQ) {
		free(key);
		if (ret == 1) {
			user_datum_destroy(u);
			free(u);
		}
		return 0;
	}

	tab = lw->frame->parent ? lw->decl->p_users.table : lw->p->p_users.table;
	local = hashtab_search(tab, key);
	if (local) {
		free(key);
		if (ret == 1) {
			user_datum_destroy(u);
			free(u);
		}
		return 0;
	}
	if (ret == 0) {
		local = malloc(sizeof(*local));
		if (!local) {
			free(key);
			return lower_nomem(lw);
		}
		user_datum_init(local);
		local->s.value = u->s.value;
	} else {
		local = u;
	}
	if (implicit_bounds(lw, id, tab, &local->bounds, "user") ||
	    hashtab_insert(tab, key, local)) {
		free(key);
		user_datum_destroy(local);
		free(local);
		return lw->errors ? POL_EINVAL : lower_nomem(lw);
	}
	return 0;
}

/* ---- require ----------------------------------------------------- */

static int require_level(struct lower *lw, const struct src_id *id)
{
	level_datum_t *l = malloc(sizeof(*l));
	char *key = strdup(id->name);
	int ret;

	if (!l || !key) {
		free(l);
		free(key);
		return lower_nomem(lw);
	}
	level_datum_init(l);
	l->level = malloc(sizeof(*l->level));
	if (!l->level) {
		free(l);
		free(key);
		return lower_nomem(lw);
	}
	mls_level_init(l->level);
	ret = lower_require_symbol(lw, SYM_LEVELS, key, l, &l->level->sens, &l->level->sens);
	if (ret != 0) {
		mls_level_destroy(l->level);
		free(l->level);
		level_datum_destroy(l);
		free(l);
		free(key);
	}
	return ret < 0 ? lower_symbol_error(lw, id, SYM_LEVELS, ret) : 0;
}

static int require_cat(struct lower *lw, const struct src_id *id)
{
	cat_datum_t *c = malloc(sizeof(*c));
	char *key = strdup(id->name);
	int ret;

	if (!c || !key) {
		free(c);
		free(key);
		return lower_nomem(lw);
	}
	cat_datum_init(c);
	ret = lower_require_symbol(lw, SYM_CATS, key, c, &c->s.value, &c->s.value);
	if (ret != 0) {
		cat_datum_destroy(c);
		free(c);
		free(key);
	}
	return ret < 0 ? lower_symbol_error(lw, id, SYM_CATS, ret) : 0;
}

static int require_class(struct lower *lw, const struct src_require_item *it)
{
	const struct src_id *id = &it->ids[0];
	class_datum_t *cls = calloc(1, sizeof(*cls));
	char *key = strdup(id->name);
	int ret;

	if (!cls || !key || symtab_init(&cls->permissions, PERM_SYMTAB_SIZE)) {
		free(cls);
		free(key);
		return lower_nomem(lw);
	}
	ret = lower_require_symbol(lw, SYM_CLASSES, key, cls, &cls->s.value, &cls->s.value);
	if (ret != 0) {
		hashtab_destroy(cls->permissions.table);
		free(cls);
		free(key);
		if (ret < 0)
			return lower_symbol_error(lw, id, SYM_CLASSES, ret);
	}
	return 0;
}

/* After the classes' own permissions are defined (pass 2 of ours, pass 1
 * of checkpolicy, whose grammar puts them first). */
static int require_class_perms(struct lower *lw, const struct src_require_item *it)
{
	const struct src_id *id = &it->ids[0];
	class_datum_t *cls = hashtab_search(lw->p->p_classes.table, id->name);
	char *key;

	if (!cls) /* its requirement failed and was reported */
		return POL_EINVAL;
	for (size_t i = 0; i < it->nperms; i++) {
		const struct src_id *pid = &it->perms[i];
		perm_datum_t *perm = hashtab_search(cls->permissions.table, pid->name);

		if (!perm && cls->comdatum)
			perm = hashtab_search(cls->comdatum->permissions.table, pid->name);
		if (!perm) {
			if (lw->p->policy_type == POLICY_BASE) {
				lower_error(lw, &pid->loc, "unknown permission '%s' in class '%s'",
					    pid->name, id->name);
				continue;
			}
			/* a module names the permissions it needs; the base
			 * supplies their values at link time */
			perm = calloc(1, sizeof(*perm));
			key = strdup(pid->name);
			if (!perm || !key || hashtab_insert(cls->permissions.table, key, perm)) {
				free(perm);
				free(key);
				return lower_nomem(lw);
			}
			perm->s.value = ++cls->permissions.nprim;
		}
		if (lower_add_perm_to_class(lw, perm->s.value, cls->s.value))
			return lower_nomem(lw);
	}
	return 0;
}

static int require_one(struct lower *lw, const struct src_require_item *it, const struct src_id *id)
{
	type_datum_t *t;

	switch (it->kind) {
	case SRC_REQ_TYPE:
	case SRC_REQ_ATTRIBUTE:
		return create_type(lw, id, it->kind == SRC_REQ_ATTRIBUTE, SCOPE_REQ, &t);
	case SRC_REQ_ROLE:
	case SRC_REQ_ATTRIBUTE_ROLE:
		return create_role(lw, id, it->kind == SRC_REQ_ATTRIBUTE_ROLE, SCOPE_REQ);
	case SRC_REQ_USER:
		return create_user(lw, id, SCOPE_REQ);
	case SRC_REQ_BOOL:
	case SRC_REQ_TUNABLE:
		return create_bool(lw, id, it->kind == SRC_REQ_TUNABLE, false, SCOPE_REQ);
	case SRC_REQ_SENSITIVITY:
		return require_level(lw, id);
	case SRC_REQ_CATEGORY:
		return require_cat(lw, id);
	case SRC_REQ_CLASS:
		break;
	}
	return 0;
}

int lower_require(struct lower *lw, const struct src_stmt *s)
{
	int status = 0;

	for (const struct src_require_item *it = s->u.require.items; it; it = it->next) {
		if (it->kind == SRC_REQ_CLASS) {
			if (it->n && require_class(lw, it))
				status = POL_EINVAL;
			continue;
		}
		for (size_t i = 0; i < it->n; i++)
			if (require_one(lw, it, &it->ids[i]))
				status = POL_EINVAL;
	}
	return status;
}

int lower_require_perms(struct lower *lw, const struct src_stmt *s)
{
	int status = 0;

	for (const struct src_require_item *it = s->u.require.items; it; it = it->next)
		if (it->kind == SRC_REQ_CLASS && it->n && require_class_perms(lw, it))
			status = POL_EINVAL;
	return status;
}

/* ---- pass 1 dispatch --------------------------------------------- */

int lower_declare(struct lower *lw, const struct src_stmt *s)
{
	type_datum_t *t;

	switch (s->kind) {
	case SRC_CLASS_DECL:
		return declare_class(lw, &s->u.name);
	case SRC_COMMON:
		return declare_common(lw, s);
	case SRC_SID_DECL:
		return declare_initial_sid(lw, &s->u.name);
	case SRC_TYPE:
		return declare_type(lw, s);
	case SRC_ATTRIBUTE:
		return create_type(lw, &s->u.name, true, SCOPE_DECL, &t);
	case SRC_BOOL:
		return create_bool(lw, &s->u.boolean.name, s->u.boolean.tunable, s->u.boolean.value,
				   SCOPE_DECL);
	case SRC_ROLE:
		/* "role r types ..." only adds types to a declared role */
		return s->u.role.has_types ? 0
					   : create_role(lw, &s->u.role.name, false, SCOPE_DECL);
	case SRC_ATTRIBUTE_ROLE:
		return create_role(lw, &s->u.name, true, SCOPE_DECL);
	case SRC_USER:
		return create_user(lw, &s->u.user.name, SCOPE_DECL);
	case SRC_REQUIRE:
		return lower_require(lw, s);
	case SRC_SENSITIVITY:
	case SRC_DOMINANCE:
	case SRC_CATEGORY:
	case SRC_LEVEL:
		return lower_mls_declare(lw, s);
	default:
		return 0;
	}
}

int lower_define(struct lower *lw, const struct src_stmt *s)
{
	switch (s->kind) {
	case SRC_CLASS_PERMS:
		return define_class_perms(lw, s);
	case SRC_REQUIRE:
		return lower_require_perms(lw, s);
	case SRC_DOMINANCE:
	case SRC_LEVEL:
		return lower_mls_define(lw, s);
	default:
		return 0;
	}
}
