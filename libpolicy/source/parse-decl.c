/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Declarations: classes and commons, initial SIDs, default_* rules, MLS
 * sensitivities/categories/levels, types and attributes, booleans, roles,
 * users, policy capabilities and the module header. As in checkpolicy,
 * "class", "common", "sid" and "dominance" end without ';'.
 */
#include "source/parse-internal.h"

#define END(p, what) ps_expect((p), T_SEMI, "at the end of the " what)

static bool parse_class(struct parser *p, struct src_stmt *s)
{
	ps_next(p);
	if (!src_parse_id(p, &s->u.perms.name, "a class name"))
		return false;
	if (!ps_at(p, T_LBRACE) && !ps_at(p, K_INHERITS)) {
		/* "class NAME", the list of classes: u.name, which is the same
		 * memory as u.perms.name */
		s->kind = SRC_CLASS_DECL;
		return true;
	}
	s->kind = SRC_CLASS_PERMS;
	if (ps_accept(p, K_INHERITS)) {
		if (!src_parse_id(p, &s->u.perms.inherits, "the name of a common after 'inherits'"))
			return false;
		if (!ps_at(p, T_LBRACE))
			return true;
	}
	return src_parse_braced_ids(p, &s->u.perms.perms, &s->u.perms.nperms, "a permission name");
}

static bool parse_default(struct parser *p, struct src_stmt *s)
{
	enum tok kw = p->tok.kind;

	s->u.deflt.kind = kw == K_DEFAULT_USER	 ? SRC_DEFAULT_USER
			  : kw == K_DEFAULT_ROLE ? SRC_DEFAULT_ROLE
			  : kw == K_DEFAULT_TYPE ? SRC_DEFAULT_TYPE
						 : SRC_DEFAULT_RANGE;
	ps_next(p);
	if (!src_parse_set(p, &s->u.deflt.classes, "a class set"))
		return false;
	if (kw == K_DEFAULT_RANGE && ps_accept(p, K_GLBLUB)) {
		s->u.deflt.which = SRC_DEFAULT_GLBLUB;
		return END(p, "default_range rule");
	}
	if (ps_accept(p, K_SOURCE))
		s->u.deflt.which = SRC_DEFAULT_SOURCE;
	else if (ps_accept(p, K_TARGET))
		s->u.deflt.which = SRC_DEFAULT_TARGET;
	else
		return ps_expected(p, kw == K_DEFAULT_RANGE ? "'source', 'target' or 'glblub'"
							    : "'source' or 'target'");
	if (kw == K_DEFAULT_RANGE) {
		if (ps_accept(p, K_LOW))
			s->u.deflt.part = SRC_DEFAULT_LOW;
		else if (ps_accept(p, K_HIGH))
			s->u.deflt.part = SRC_DEFAULT_HIGH;
		else if (ps_accept(p, K_LOW_HIGH))
			s->u.deflt.part = SRC_DEFAULT_LOW_HIGH;
		else
			return ps_expected(p, "'low', 'high' or 'low-high'");
	}
	return END(p, "default rule");
}

/* "sensitivity s0 [alias a];", "category c0 [alias a];",
 * "typealias t alias a;", "type t [alias a] [, attr...];" */
static bool parse_named_decl(struct parser *p, struct src_stmt *s)
{
	enum tok kw = p->tok.kind;

	ps_next(p);
	if (!src_parse_id(p, &s->u.decl.name,
			  kw == K_SENSITIVITY ? "a sensitivity name"
			  : kw == K_CATEGORY  ? "a category name"
					      : "a type name"))
		return false;
	if (kw == K_TYPEALIAS && !ps_at(p, K_ALIAS))
		return ps_expected(p, "'alias'");
	if (ps_accept(p, K_ALIAS) &&
	    !src_parse_plain_names(p, &s->u.decl.aliases, &s->u.decl.naliases, "an alias name"))
		return false;
	if (kw == K_TYPE && ps_accept(p, T_COMMA) &&
	    !src_parse_id_comma_list(p, &s->u.decl.attrs, &s->u.decl.nattrs, "an attribute name"))
		return false;
	return kw == K_TYPE ? END(p, "type declaration") : END(p, "declaration");
}

/* Old role dominance: "dominance { role r { role s; } role t; }", kept as
 * pairs (dominant, dominated). */
static bool role_tree(struct parser *p, const struct src_id *parent)
{
	while (ps_at(p, K_ROLE)) {
		struct src_id id;

		ps_next(p);
		if (!src_parse_id(p, &id, "a role name"))
			return false;
		if (parent) {
			struct src_id pair[2] = {*parent, id};

			if (!src_scratch_push(p, pair, sizeof(pair)))
				return false;
		}
		if (ps_accept(p, T_SEMI))
			continue;
		if (!ps_at(p, T_LBRACE))
			return ps_expected(p, "';' or '{' after the role");
		ps_next(p);
		if (!ps_enter(p))
			return false;
		bool ok = role_tree(p, &id);

		ps_leave(p);
		if (!ok || !ps_expect(p, T_RBRACE, "to close the role's dominance block"))
			return false;
	}
	return true;
}

static bool parse_dominance(struct parser *p, struct src_stmt *s)
{
	ps_next(p);
	if (ps_at(p, T_IDENT)) {
		s->u.dominance.ids = ps_alloc(p, sizeof(struct src_id));
		s->u.dominance.n = 1;
		return s->u.dominance.ids && src_parse_id(p, s->u.dominance.ids, "a sensitivity");
	}
	if (!ps_expect(p, T_LBRACE, "after 'dominance'"))
		return false;
	if (!ps_at(p, K_ROLE)) {
		if (!src_parse_id_list(p, &s->u.dominance.ids, &s->u.dominance.n, "a sensitivity"))
			return false;
		return ps_expect(p, T_RBRACE, "to end the dominance list");
	}

	size_t mark = scratch_mark(p), n;
	struct src_id *pairs;

	s->kind = SRC_ROLE_DOMINANCE;
	if (!role_tree(p, NULL)) {
		p->scratch_used = mark;
		return false;
	}
	pairs = src_scratch_take(p, mark, 2 * sizeof(struct src_id), &n);
	s->u.role_dominance.n = n;
	s->u.role_dominance.dominant = ps_alloc(p, (n ? n : 1) * sizeof(struct src_id));
	s->u.role_dominance.dominated = ps_alloc(p, (n ? n : 1) * sizeof(struct src_id));
	if (!s->u.role_dominance.dominant || !s->u.role_dominance.dominated)
		return false;
	for (size_t i = 0; i < n; i++) {
		s->u.role_dominance.dominant[i] = pairs[2 * i];
		s->u.role_dominance.dominated[i] = pairs[2 * i + 1];
	}
	return ps_expect(p, T_RBRACE, "to end the role dominance");
}

/* "role r;", "role r types SET;", "role r, attr...;" (the last becomes a
 * role and a roleattribute statement, which is what it means). */
static bool parse_role(struct parser *p, struct src_stmt *s)
{
	ps_next(p);
	if (!src_parse_id(p, &s->u.role.name, "a role name"))
		return false;
	if (ps_accept(p, K_TYPES)) {
		s->u.role.has_types = true;
		if (!src_parse_set(p, &s->u.role.types, "a type set"))
			return false;
	} else if (ps_accept(p, T_COMMA)) {
		struct src_stmt *a = ps_stmt(p, SRC_ROLEATTRIBUTE, &s->loc);

		if (!a)
			return false;
		a->u.assoc.name = s->u.role.name;
		if (!src_parse_id_comma_list(p, &a->u.assoc.ids, &a->u.assoc.n, "a role attribute"))
			return false;
		s->next = a;
	}
	return END(p, "role declaration");
}

static bool parse_user(struct parser *p, struct src_stmt *s)
{
	ps_next(p);
	if (!src_parse_id(p, &s->u.user.name, "a user name"))
		return false;
	if (!ps_expect(p, K_ROLES, "after the user name"))
		return false;
	if (!src_parse_set(p, &s->u.user.roles, "a role set"))
		return false;
	if (ps_accept(p, K_LEVEL)) {
		s->u.user.level = ps_alloc(p, sizeof(*s->u.user.level));
		s->u.user.range = ps_alloc(p, sizeof(*s->u.user.range));
		if (!s->u.user.level || !s->u.user.range || !src_parse_level(p, s->u.user.level) ||
		    !ps_expect(p, K_RANGE, "after the user's default level") ||
		    !src_parse_range(p, s->u.user.range))
			return false;
	}
	return END(p, "user declaration");
}

static bool parse_module(struct parser *p, struct src_stmt *s)
{
	ps_next(p);
	if (!src_parse_id(p, &s->u.module.name, "a module name"))
		return false;
	if (!ps_at(p, T_NUMBER) && !ps_at(p, T_WORD))
		return ps_expected(p, "a module version such as 1.0");
	s->u.module.version = ps_strndup(p, p->tok.text, p->tok.len);
	ps_next(p);
	return s->u.module.version && END(p, "module statement");
}

/* "keyword NAME;" statements. */
static bool parse_simple(struct parser *p, struct src_stmt *s, const char *what)
{
	ps_next(p);
	return src_parse_id(p, &s->u.name, what) && END(p, "statement");
}

/* "typeattribute t a, b;", "typebounds p c, d;", "roleattribute r a, b;" */
static bool parse_assoc(struct parser *p, struct src_stmt *s, const char *first, const char *rest)
{
	ps_next(p);
	return src_parse_id(p, &s->u.assoc.name, first) &&
	       src_parse_id_comma_list(p, &s->u.assoc.ids, &s->u.assoc.n, rest) &&
	       END(p, "statement");
}

bool src_parse_decl(struct parser *p, struct src_stmt **out)
{
	enum tok kw = p->tok.kind;
	struct src_stmt *s = ps_stmt(p, SRC_POLICYCAP, &p->tok.loc);

	if (!s)
		return false;
	*out = s;
	switch (kw) {
	case K_CLASS:
		return parse_class(p, s);
	case K_COMMON:
		s->kind = SRC_COMMON;
		ps_next(p);
		return src_parse_id(p, &s->u.perms.name, "a common name") &&
		       src_parse_braced_ids(p, &s->u.perms.perms, &s->u.perms.nperms,
					    "a permission name");
	case K_SID:
		s->kind = SRC_SID_DECL;
		ps_next(p);
		if (!src_parse_id(p, &s->u.name, "an initial SID name"))
			return false;
		if (!ps_at(p, T_IDENT))
			return true;
		s->kind = SRC_SID_CONTEXT;
		{
			struct src_id name = s->u.name;

			s->u.sid.name = name;
		}
		return src_parse_context(p, &s->u.sid.ctx);
	case K_DEFAULT_USER:
	case K_DEFAULT_ROLE:
	case K_DEFAULT_TYPE:
	case K_DEFAULT_RANGE:
		s->kind = SRC_DEFAULT;
		return parse_default(p, s);
	case K_SENSITIVITY:
		s->kind = SRC_SENSITIVITY;
		return parse_named_decl(p, s);
	case K_CATEGORY:
		s->kind = SRC_CATEGORY;
		return parse_named_decl(p, s);
	case K_TYPE:
		s->kind = SRC_TYPE;
		return parse_named_decl(p, s);
	case K_TYPEALIAS:
		s->kind = SRC_TYPEALIAS;
		return parse_named_decl(p, s);
	case K_DOMINANCE:
		s->kind = SRC_DOMINANCE;
		return parse_dominance(p, s);
	case K_LEVEL:
		s->kind = SRC_LEVEL;
		ps_next(p);
		return src_parse_level(p, &s->u.level) && END(p, "level statement");
	case K_POLICYCAP:
		return parse_simple(p, s, "a policy capability name");
	case K_ATTRIBUTE:
		s->kind = SRC_ATTRIBUTE;
		return parse_simple(p, s, "an attribute name");
	case K_ATTRIBUTE_ROLE:
		s->kind = SRC_ATTRIBUTE_ROLE;
		return parse_simple(p, s, "a role attribute name");
	case K_PERMISSIVE:
		s->kind = SRC_PERMISSIVE;
		return parse_simple(p, s, "a type name");
	case K_EXPANDATTRIBUTE:
		s->kind = SRC_EXPANDATTRIBUTE;
		ps_next(p);
		return src_parse_plain_names(p, &s->u.expand.ids, &s->u.expand.n,
					     "an attribute name") &&
		       src_parse_bool_value(p, &s->u.expand.expand) &&
		       END(p, "expandattribute statement");
	case K_TYPEATTRIBUTE:
		s->kind = SRC_TYPEATTRIBUTE;
		return parse_assoc(p, s, "a type name", "an attribute name");
	case K_TYPEBOUNDS:
		s->kind = SRC_TYPEBOUNDS;
		return parse_assoc(p, s, "the bounding type", "a bounded type");
	case K_ROLEATTRIBUTE:
		s->kind = SRC_ROLEATTRIBUTE;
		return parse_assoc(p, s, "a role name", "a role attribute name");
	case K_BOOL:
	case K_TUNABLE:
		s->kind = SRC_BOOL;
		s->u.boolean.tunable = kw == K_TUNABLE;
		ps_next(p);
		return src_parse_id(p, &s->u.boolean.name, "a boolean name") &&
		       src_parse_bool_value(p, &s->u.boolean.value) &&
		       END(p, "boolean declaration");
	case K_ROLE:
		s->kind = SRC_ROLE;
		return parse_role(p, s);
	case K_USER:
		s->kind = SRC_USER;
		return parse_user(p, s);
	case K_MODULE:
		s->kind = SRC_MODULE;
		return parse_module(p, s);
	default:
		return ps_expected(p, "a declaration");
	}
}
