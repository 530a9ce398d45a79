/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Rules and blocks: access vector rules (and the role allow rule that
 * shares their keyword), extended permission rules, type and range
 * transitions, role transitions, constraints, if, require and optional.
 */
#include <string.h>

#include "source/parse-internal.h"

#define END(p, what) ps_expect((p), T_SEMI, "at the end of the " what)

/* "SRC TGT : CLASSES", common to TE rules */
static bool rule_head(struct parser *p, struct src_stmt *s, bool *role_allow)
{
	if (!src_parse_set(p, &s->u.rule.src, "a source type set") ||
	    !src_parse_set(p, &s->u.rule.tgt, "a target type set"))
		return false;
	if (role_allow && ps_at(p, T_SEMI)) {
		*role_allow = true;
		return true;
	}
	if (!ps_expect(p, T_COLON, "between the target types and the classes"))
		return false;
	return src_parse_set(p, &s->u.rule.classes, "a class set");
}

static bool parse_avrule(struct parser *p, struct src_stmt *s)
{
	static const enum src_avrule_kind kinds[] = {
	    [K_ALLOW - K_NEVERALLOW] = SRC_ALLOW,
	    [K_AUDITALLOW - K_NEVERALLOW] = SRC_AUDITALLOW,
	    [K_AUDITDENY - K_NEVERALLOW] = SRC_AUDITDENY,
	    [K_DONTAUDIT - K_NEVERALLOW] = SRC_DONTAUDIT,
	    [K_NEVERALLOW - K_NEVERALLOW] = SRC_NEVERALLOW,
	};
	enum tok kw = p->tok.kind;
	bool role_allow = false;

	s->kind = SRC_AVRULE;
	s->u.rule.kind.av = kinds[kw - K_NEVERALLOW];
	ps_next(p);
	if (!rule_head(p, s, kw == K_ALLOW ? &role_allow : NULL))
		return false;
	if (role_allow) {
		/* "allow ROLES ROLES;" */
		struct src_set from = s->u.rule.src, to = s->u.rule.tgt;

		memset(&s->u, 0, sizeof(s->u));
		s->kind = SRC_ROLE_ALLOW;
		s->u.role_allow.from = from;
		s->u.role_allow.to = to;
		ps_next(p);
		return true;
	}
	return src_parse_set(p, &s->u.rule.perms, "a permission set") && END(p, "rule");
}

/* "0x8910", "{ 0x8910-0x8920 35 { 1 } }": ranges go to the scratch area */
/* Policies write whole 32-bit ioctl command numbers (0xc0306201); the
 * kernel checks the low 16 bits, which are what checkpolicy keeps. */
static bool xperm_number(struct parser *p, uint64_t *out)
{
	struct src_loc loc = p->tok.loc;

	if (!src_parse_number(p, 0xffffffff, out, "extended permission"))
		return false;
	if (*out > 0xffff) {
		if (p->verbose)
			ps_note(p, &loc,
				"extended permission 0x%llx: the kernel checks its low 16 bits, "
				"0x%04llx (as checkpolicy keeps them)",
				(unsigned long long)*out, (unsigned long long)(*out & 0xffff));
		*out &= 0xffff;
	}
	return true;
}

/* A value, or inside braces (ranges) also a range "lo-hi". */
static bool xperm_item(struct parser *p, bool ranges)
{
	struct src_xperm_range r;
	uint64_t lo, hi;
	struct src_loc loc = p->tok.loc;

	if (!xperm_number(p, &lo))
		return false;
	hi = lo;
	if (ranges && ps_accept(p, T_MINUS) && !xperm_number(p, &hi))
		return false;
	if (hi < lo)
		return ps_error(p, &loc, "extended permission range 0x%llx-0x%llx is backwards",
				(unsigned long long)lo, (unsigned long long)hi);
	r.lo = (uint16_t)lo;
	r.hi = (uint16_t)hi;
	return src_scratch_push(p, &r, sizeof(r));
}

static bool xperm_braces(struct parser *p)
{
	bool ok = true;

	ps_next(p); /* '{' */
	if (!ps_enter(p))
		return false;
	if (ps_at(p, T_RBRACE))
		ok = ps_expected(p, "extended permission");
	while (ok && !ps_at(p, T_RBRACE)) {
		if (ps_at(p, T_LBRACE))
			ok = xperm_braces(p);
		else
			ok = xperm_item(p, true);
	}
	ps_leave(p);
	return ok && ps_expect(p, T_RBRACE, "to end the extended permissions");
}

static bool parse_xperms(struct parser *p, struct src_xperms *out)
{
	size_t mark = scratch_mark(p);
	bool ok;

	out->loc = p->tok.loc;
	out->tilde = ps_accept(p, T_TILDE);
	ok = ps_at(p, T_LBRACE) ? xperm_braces(p) : xperm_item(p, false);
	if (!ok) {
		p->scratch_used = mark;
		return false;
	}
	out->items = src_scratch_take(p, mark, sizeof(*out->items), &out->n);
	return !p->oom;
}

static bool parse_xpermrule(struct parser *p, struct src_stmt *s)
{
	static const enum src_avrule_kind kinds[] = {
	    [K_ALLOWXPERM - K_ALLOWXPERM] = SRC_ALLOW,
	    [K_AUDITALLOWXPERM - K_ALLOWXPERM] = SRC_AUDITALLOW,
	    [K_DONTAUDITXPERM - K_ALLOWXPERM] = SRC_DONTAUDIT,
	    [K_NEVERALLOWXPERM - K_ALLOWXPERM] = SRC_NEVERALLOW,
	};

	s->kind = SRC_XPERMRULE;
	s->u.rule.kind.av = kinds[p->tok.kind - K_ALLOWXPERM];
	ps_next(p);
	return rule_head(p, s, NULL) &&
	       src_parse_id(p, &s->u.rule.xperm_kind,
			    "an extended permission kind such as ioctl") &&
	       parse_xperms(p, &s->u.rule.xperms) && END(p, "rule");
}

static bool parse_typerule(struct parser *p, struct src_stmt *s)
{
	enum tok kw = p->tok.kind;

	s->kind = SRC_TYPERULE;
	s->u.rule.kind.type = kw == K_TYPE_TRANSITION ? SRC_TYPE_TRANSITION
			      : kw == K_TYPE_MEMBER   ? SRC_TYPE_MEMBER
						      : SRC_TYPE_CHANGE;
	ps_next(p);
	if (!rule_head(p, s, NULL) || !src_parse_id(p, &s->u.rule.deflt, "the new type"))
		return false;
	if (kw == K_TYPE_TRANSITION && (ps_at(p, T_STRING) || ps_at(p, T_QPATH))) {
		if (ps_at(p, T_QPATH) || memchr(p->tok.text, '/', p->tok.len))
			return ps_error(p, NULL,
					"a type transition's file name cannot contain '/'");
		if (memchr(p->tok.text, 0, p->tok.len))
			return ps_error(p, NULL, "unexpected NUL byte in a file name");
		if (p->tok.len == 0)
			return ps_error(p, NULL, "a type transition's file name cannot be empty");
		s->u.rule.filename = ps_strndup(p, p->tok.text, p->tok.len);
		if (!s->u.rule.filename)
			return false;
		ps_next(p);
	}
	return END(p, "rule");
}

static bool parse_range_transition(struct parser *p, struct src_stmt *s)
{
	s->kind = SRC_RANGE_TRANSITION;
	ps_next(p);
	if (!src_parse_set(p, &s->u.range_transition.src, "a source type set") ||
	    !src_parse_set(p, &s->u.range_transition.tgt, "a target type set"))
		return false;
	if (ps_accept(p, T_COLON) &&
	    !src_parse_set(p, &s->u.range_transition.classes, "a class set"))
		return false;
	return src_parse_range(p, &s->u.range_transition.range) && END(p, "range_transition rule");
}

static bool parse_role_transition(struct parser *p, struct src_stmt *s)
{
	s->kind = SRC_ROLE_TRANSITION;
	ps_next(p);
	if (!src_parse_set(p, &s->u.role_transition.roles, "a role set") ||
	    !src_parse_set(p, &s->u.role_transition.types, "a type set"))
		return false;
	if (ps_accept(p, T_COLON) &&
	    !src_parse_set(p, &s->u.role_transition.classes, "a class set"))
		return false;
	return src_parse_id(p, &s->u.role_transition.new_role, "the new role") &&
	       END(p, "role_transition rule");
}

static bool parse_constraint(struct parser *p, struct src_stmt *s)
{
	enum tok kw = p->tok.kind;

	s->kind = (kw == K_CONSTRAIN || kw == K_MLSCONSTRAIN) ? SRC_CONSTRAIN : SRC_VALIDATETRANS;
	s->u.constrain.mls = kw == K_MLSCONSTRAIN || kw == K_MLSVALIDATETRANS;
	ps_next(p);
	if (!src_parse_set(p, &s->u.constrain.classes, "a class set"))
		return false;
	if (s->kind == SRC_CONSTRAIN &&
	    !src_parse_set(p, &s->u.constrain.perms, "a permission set"))
		return false;
	return src_parse_cexpr(p, &s->u.constrain.expr) && END(p, "constraint");
}

static bool parse_if(struct parser *p, struct src_stmt *s)
{
	s->kind = SRC_IF;
	ps_next(p);
	if (!src_parse_cond_expr(p, &s->u.cond.cond))
		return false;
	if (!ps_at(p, T_LBRACE))
		return ps_expected(p, "'{' after the condition");
	if (!src_parse_block(p, &s->u.cond.then_block, BLOCK_COND))
		return false;
	if (ps_accept(p, K_ELSE)) {
		s->u.cond.has_else = true;
		return src_parse_block(p, &s->u.cond.else_block, BLOCK_COND);
	}
	return true;
}

static bool parse_optional(struct parser *p, struct src_stmt *s)
{
	s->kind = SRC_OPTIONAL;
	ps_next(p);
	if (!src_parse_block(p, &s->u.optional.body, BLOCK_OPTIONAL))
		return false;
	if (ps_accept(p, K_ELSE)) {
		s->u.optional.has_else = true;
		return src_parse_block(p, &s->u.optional.else_block, BLOCK_OPTIONAL);
	}
	return true;
}

static bool require_kind(enum tok t, enum src_require_kind *out)
{
	switch (t) {
	case K_TYPE:
		*out = SRC_REQ_TYPE;
		return true;
	case K_ATTRIBUTE:
		*out = SRC_REQ_ATTRIBUTE;
		return true;
	case K_ROLE:
		*out = SRC_REQ_ROLE;
		return true;
	case K_ATTRIBUTE_ROLE:
		*out = SRC_REQ_ATTRIBUTE_ROLE;
		return true;
	case K_USER:
		*out = SRC_REQ_USER;
		return true;
	case K_BOOL:
		*out = SRC_REQ_BOOL;
		return true;
	case K_TUNABLE:
		*out = SRC_REQ_TUNABLE;
		return true;
	case K_CLASS:
		*out = SRC_REQ_CLASS;
		return true;
	case K_SENSITIVITY:
		*out = SRC_REQ_SENSITIVITY;
		return true;
	case K_CATEGORY:
		*out = SRC_REQ_CATEGORY;
		return true;
	default:
		return false;
	}
}

static bool require_item(struct parser *p, struct src_require_item *it)
{
	if (!require_kind(p->tok.kind, &it->kind))
		return ps_expected(p,
				   "a required kind (type, attribute, role, attribute_role, user, "
				   "bool, tunable, class, sensitivity, category) or '}'");
	it->loc = p->tok.loc;
	ps_next(p);
	if (it->kind == SRC_REQ_CLASS) {
		it->ids = ps_alloc(p, sizeof(*it->ids));
		it->n = 1;
		if (!it->ids || !src_parse_id(p, it->ids, "a class name") ||
		    !src_parse_plain_names(p, &it->perms, &it->nperms, "a permission name"))
			return false;
	} else if (!src_parse_id_comma_list(p, &it->ids, &it->n, "a name")) {
		return false;
	}
	return END(p, "require item");
}

static bool parse_require(struct parser *p, struct src_stmt *s)
{
	struct src_require_item **tail = &s->u.require.items;
	struct src_loc open;

	s->kind = SRC_REQUIRE;
	ps_next(p);
	open = p->tok.loc;
	if (!ps_expect(p, T_LBRACE, "after 'require'"))
		return false;
	if (ps_at(p, T_RBRACE))
		return ps_error(p, &open, "empty require block");
	while (!ps_at(p, T_RBRACE) && !ps_at(p, T_EOF)) {
		struct src_require_item *it = ps_alloc(p, sizeof(*it));

		if (!it)
			return false;
		if (!require_item(p, it)) {
			/* skip to the next item, staying inside the block */
			while (!ps_at(p, T_EOF) && !ps_at(p, T_RBRACE) && !ps_accept(p, T_SEMI))
				ps_next(p);
			continue;
		}
		*tail = it;
		tail = &it->next;
	}
	return ps_expect(p, T_RBRACE, "to close the require block");
}

bool src_parse_rule(struct parser *p, struct src_stmt **out)
{
	struct src_stmt *s = ps_stmt(p, SRC_AVRULE, &p->tok.loc);

	if (!s)
		return false;
	*out = s;
	switch (p->tok.kind) {
	case K_ALLOW:
	case K_AUDITALLOW:
	case K_AUDITDENY:
	case K_DONTAUDIT:
	case K_NEVERALLOW:
		return parse_avrule(p, s);
	case K_ALLOWXPERM:
	case K_AUDITALLOWXPERM:
	case K_DONTAUDITXPERM:
	case K_NEVERALLOWXPERM:
		return parse_xpermrule(p, s);
	case K_TYPE_TRANSITION:
	case K_TYPE_MEMBER:
	case K_TYPE_CHANGE:
		return parse_typerule(p, s);
	case K_RANGE_TRANSITION:
		return parse_range_transition(p, s);
	case K_ROLE_TRANSITION:
		return parse_role_transition(p, s);
	case K_CONSTRAIN:
	case K_MLSCONSTRAIN:
	case K_VALIDATETRANS:
	case K_MLSVALIDATETRANS:
		return parse_constraint(p, s);
	case K_IF:
		return parse_if(p, s);
	case K_OPTIONAL:
		return parse_optional(p, s);
	case K_REQUIRE:
		return parse_require(p, s);
	default:
		return ps_expected(p, "a rule");
	}
}
