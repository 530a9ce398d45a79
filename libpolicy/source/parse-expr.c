/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Expressions: the boolean expressions of "if" and the constraint
 * expressions of constrain/validatetrans. Precedence as policy_parse.y
 * declares it: for "if", || < ^ < && < ! < == !=; for constraints,
 * or < and < not.
 */
#include "source/parse-internal.h"

/* ---- conditional (if) expressions ---- */

static struct src_cond *cond_node(struct parser *p, enum src_cond_op op, const struct src_loc *loc,
				  struct src_cond *l, struct src_cond *r)
{
	struct src_cond *c = ps_alloc(p, sizeof(*c));

	if (c) {
		c->op = op;
		c->loc = *loc;
		c->l = l;
		c->r = r;
	}
	return c;
}

static struct src_cond *cond_or(struct parser *p);
static struct src_cond *cond_not(struct parser *p);

static struct src_cond *cond_primary(struct parser *p)
{
	struct src_loc loc = p->tok.loc;
	struct src_cond *c;

	if (ps_accept(p, T_LPAREN)) {
		if (!ps_enter(p))
			return NULL;
		c = cond_or(p);
		ps_leave(p);
		if (c && !ps_expect(p, T_RPAREN, "to close the parenthesis"))
			return NULL;
		return c;
	}
	if (!ps_at(p, T_IDENT)) {
		ps_expected(p, "a boolean name, '(' or '!'");
		return NULL;
	}
	c = cond_node(p, SRC_COND_BOOL, &loc, NULL, NULL);
	if (c && !src_parse_id(p, &c->id, "a boolean name"))
		return NULL;
	return c;
}

/* a == b != c; the right side may start with '!', which binds looser */
static struct src_cond *cond_equality(struct parser *p)
{
	struct src_cond *l = cond_primary(p);

	while (l && (ps_at(p, T_EQEQ) || ps_at(p, K_EQ) || ps_at(p, T_NEQ))) {
		enum src_cond_op op = ps_at(p, T_NEQ) ? SRC_COND_NEQ : SRC_COND_EQ;
		struct src_loc loc = p->tok.loc;
		struct src_cond *r;

		ps_next(p);
		r = (ps_at(p, T_NOT) || ps_at(p, K_NOT)) ? cond_not(p) : cond_primary(p);
		if (!r)
			return NULL;
		l = cond_node(p, op, &loc, l, r);
	}
	return l;
}

static struct src_cond *cond_not(struct parser *p)
{
	struct src_loc loc = p->tok.loc;
	struct src_cond *c;

	if (!ps_at(p, T_NOT) && !ps_at(p, K_NOT))
		return cond_equality(p);
	ps_next(p);
	if (!ps_enter(p))
		return NULL;
	c = cond_not(p);
	ps_leave(p);
	return c ? cond_node(p, SRC_COND_NOT, &loc, c, NULL) : NULL;
}

static struct src_cond *cond_binary(struct parser *p, int level)
{
	/* level 0: ||, 1: ^, 2: && */
	static const enum tok sym[3] = {T_OROR, T_CARET, T_ANDAND};
	static const enum tok word[3] = {K_OR, K_XOR, K_AND};
	static const enum src_cond_op ops[3] = {SRC_COND_OR, SRC_COND_XOR, SRC_COND_AND};
	struct src_cond *l = level == 2 ? cond_not(p) : cond_binary(p, level + 1);

	while (l && (ps_at(p, sym[level]) || ps_at(p, word[level]))) {
		struct src_loc loc = p->tok.loc;
		struct src_cond *r;

		ps_next(p);
		r = level == 2 ? cond_not(p) : cond_binary(p, level + 1);
		if (!r)
			return NULL;
		l = cond_node(p, ops[level], &loc, l, r);
	}
	return l;
}

static struct src_cond *cond_or(struct parser *p)
{
	return cond_binary(p, 0);
}

bool src_parse_cond_expr(struct parser *p, struct src_cond **out)
{
	*out = cond_or(p);
	return *out != NULL;
}

/* ---- constraint expressions ---- */

static struct src_cexpr *cx_node(struct parser *p, enum src_cexpr_kind kind,
				 const struct src_loc *loc)
{
	struct src_cexpr *c = ps_alloc(p, sizeof(*c));

	if (c) {
		c->kind = kind;
		c->loc = *loc;
	}
	return c;
}

static bool operand(enum tok t, enum src_cexpr_operand *out)
{
	static const enum src_cexpr_operand map[] = {
	    [K_U1 - K_R1] = SRC_CX_U1, [K_U2 - K_R1] = SRC_CX_U2, [K_U3 - K_R1] = SRC_CX_U3,
	    [K_R1 - K_R1] = SRC_CX_R1, [K_R2 - K_R1] = SRC_CX_R2, [K_R3 - K_R1] = SRC_CX_R3,
	    [K_T1 - K_R1] = SRC_CX_T1, [K_T2 - K_R1] = SRC_CX_T2, [K_T3 - K_R1] = SRC_CX_T3,
	    [K_L1 - K_R1] = SRC_CX_L1, [K_L2 - K_R1] = SRC_CX_L2, [K_H1 - K_R1] = SRC_CX_H1,
	    [K_H2 - K_R1] = SRC_CX_H2,
	};

	if (t < K_R1 || t > K_H2)
		return false;
	*out = map[t - K_R1];
	return true;
}

static bool cx_op(struct parser *p, bool mls_ops, enum src_cexpr_op *out)
{
	enum tok t = p->tok.kind;

	if (t == T_EQEQ || t == K_EQ)
		*out = SRC_CX_EQ;
	else if (t == T_NEQ)
		*out = SRC_CX_NEQ;
	else if (mls_ops && t == K_DOM)
		*out = SRC_CX_DOM;
	else if (mls_ops && t == K_DOMBY)
		*out = SRC_CX_DOMBY;
	else if (mls_ops && t == K_INCOMP)
		*out = SRC_CX_INCOMP;
	else
		return ps_expected(p, mls_ops ? "'==', '!=', 'dom', 'domby' or 'incomp'"
					      : "'==' or '!='");
	ps_next(p);
	return true;
}

/* The right operands policy_parse.y pairs with each left one. */
static bool right_ok(enum src_cexpr_operand l, enum src_cexpr_operand r)
{
	switch (l) {
	case SRC_CX_U1:
		return r == SRC_CX_U2;
	case SRC_CX_R1:
		return r == SRC_CX_R2;
	case SRC_CX_T1:
		return r == SRC_CX_T2;
	case SRC_CX_L1:
		return r == SRC_CX_L2 || r == SRC_CX_H2 || r == SRC_CX_H1;
	case SRC_CX_L2:
		return r == SRC_CX_H2;
	case SRC_CX_H1:
		return r == SRC_CX_L2 || r == SRC_CX_H2;
	default:
		return false;
	}
}

static const char *operand_name(enum src_cexpr_operand o)
{
	static const char *const names[] = {"u1", "u2", "u3", "r1", "r2", "r3", "t1",
					    "t2", "t3", "l1", "l2", "h1", "h2"};
	return names[o];
}

static struct src_cexpr *cx_primary(struct parser *p)
{
	struct src_loc loc = p->tok.loc;
	enum src_cexpr_operand left, right;
	struct src_cexpr *c;

	if (ps_at(p, K_SAMEUSER)) {
		ps_next(p);
		c = cx_node(p, SRC_CEXPR_ATTR, &loc);
		if (c) {
			c->left = SRC_CX_U1;
			c->right = SRC_CX_U2;
			c->op = SRC_CX_EQ;
		}
		return c;
	}
	if (ps_at(p, K_SOURCE) || ps_at(p, K_TARGET)) {
		/* "source role X" is r1 == X; "target type X" is t2 == X */
		bool target = ps_at(p, K_TARGET);

		ps_next(p);
		if (ps_at(p, K_ROLE))
			left = target ? SRC_CX_R2 : SRC_CX_R1;
		else if (ps_at(p, K_TYPE))
			left = target ? SRC_CX_T2 : SRC_CX_T1;
		else {
			ps_expected(p, "'role' or 'type'");
			return NULL;
		}
		ps_next(p);
		c = cx_node(p, SRC_CEXPR_NAMES, &loc);
		if (c) {
			c->left = left;
			c->op = SRC_CX_EQ;
			if (!src_parse_plain_set(p, &c->names, "names"))
				return NULL;
		}
		return c;
	}
	if (ps_at(p, K_ROLE)) {
		/* "role dom" is r1 dom r2 */
		ps_next(p);
		c = cx_node(p, SRC_CEXPR_ATTR, &loc);
		if (c) {
			c->left = SRC_CX_R1;
			c->right = SRC_CX_R2;
			if (!cx_op(p, true, &c->op))
				return NULL;
		}
		return c;
	}
	if (!operand(p->tok.kind, &left)) {
		ps_expected(p, "a constraint operand (u1, r2, t3, l1, h2, ...), 'not' or '('");
		return NULL;
	}
	ps_next(p);
	c = cx_node(p, SRC_CEXPR_ATTR, &loc);
	if (!c)
		return NULL;
	c->left = left;
	bool mls = left == SRC_CX_R1 || left >= SRC_CX_L1;

	if (!cx_op(p, mls, &c->op))
		return NULL;
	if (operand(p->tok.kind, &right)) {
		if (!right_ok(left, right)) {
			ps_error(p, NULL, "'%s' cannot be compared with '%s'", operand_name(left),
				 operand_name(right));
			return NULL;
		}
		c->right = right;
		ps_next(p);
		return c;
	}
	if (left >= SRC_CX_L1) {
		ps_expected(p, "a level operand (l1, l2, h1, h2)");
		return NULL;
	}
	if (c->op != SRC_CX_EQ && c->op != SRC_CX_NEQ) {
		ps_expected(p, "'r2' after dom, domby or incomp");
		return NULL;
	}
	c->kind = SRC_CEXPR_NAMES;
	return src_parse_plain_set(p, &c->names, "names") ? c : NULL;
}

static struct src_cexpr *cx_or(struct parser *p);

static struct src_cexpr *cx_not(struct parser *p)
{
	struct src_loc loc = p->tok.loc;
	struct src_cexpr *c, *n;

	if (ps_accept(p, K_NOT) || ps_accept(p, T_NOT)) {
		if (!ps_enter(p))
			return NULL;
		c = cx_not(p);
		ps_leave(p);
		if (!c)
			return NULL;
		n = cx_node(p, SRC_CEXPR_NOT, &loc);
		if (n)
			n->l = c;
		return n;
	}
	if (ps_accept(p, T_LPAREN)) {
		if (!ps_enter(p))
			return NULL;
		c = cx_or(p);
		ps_leave(p);
		if (c && !ps_expect(p, T_RPAREN, "to close the parenthesis"))
			return NULL;
		return c;
	}
	return cx_primary(p);
}

static struct src_cexpr *cx_binary(struct parser *p, bool and_level)
{
	enum tok word = and_level ? K_AND : K_OR, sym = and_level ? T_ANDAND : T_OROR;
	struct src_cexpr *l = and_level ? cx_not(p) : cx_binary(p, true);

	while (l && (ps_at(p, word) || ps_at(p, sym))) {
		struct src_loc loc = p->tok.loc;
		struct src_cexpr *r, *n;

		ps_next(p);
		r = and_level ? cx_not(p) : cx_binary(p, true);
		if (!r)
			return NULL;
		n = cx_node(p, and_level ? SRC_CEXPR_AND : SRC_CEXPR_OR, &loc);
		if (!n)
			return NULL;
		n->l = l;
		n->r = r;
		l = n;
	}
	return l;
}

static struct src_cexpr *cx_or(struct parser *p)
{
	return cx_binary(p, false);
}

bool src_parse_cexpr(struct parser *p, struct src_cexpr **out)
{
	*out = cx_or(p);
	return *out != NULL;
}
