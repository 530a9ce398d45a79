// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Statements that attach to class datums: constrain, validatetrans and
 * their mls forms (constraint_node_t lists with postfix constraint_expr_t),
 * and default_user/role/type/range. checkpolicy's grammar decides which
 * operands go together; our AST is more general, so those checks are here,
 * each with the operand's location.
 */
#include "source/internal.h"

#include <stdlib.h>

#include "source/lower-rules.h"

static const char *const operand_names[] = {
    [SRC_CX_U1] = "u1", [SRC_CX_U2] = "u2", [SRC_CX_U3] = "u3", [SRC_CX_R1] = "r1",
    [SRC_CX_R2] = "r2", [SRC_CX_R3] = "r3", [SRC_CX_T1] = "t1", [SRC_CX_T2] = "t2",
    [SRC_CX_T3] = "t3", [SRC_CX_L1] = "l1", [SRC_CX_L2] = "l2", [SRC_CX_H1] = "h1",
    [SRC_CX_H2] = "h2",
};

static const char *const op_names[] = {
    [SRC_CX_EQ] = "==",	      [SRC_CX_NEQ] = "!=",	  [SRC_CX_DOM] = "dom",
    [SRC_CX_DOMBY] = "domby", [SRC_CX_INCOMP] = "incomp",
};

struct cexpr_build {
	bool validatetrans, mls;
	const char *keyword;
	constraint_expr_t *head, *tail;
	int depth, max_depth;
};

static int cexpr_push(struct lower *lw, struct cexpr_build *b, const struct src_loc *loc,
		      constraint_expr_t **out)
{
	constraint_expr_t *e = malloc(sizeof(*e));

	if (!e || constraint_expr_init(e) < 0) {
		free(e);
		return lower_error(lw, loc, "out of memory");
	}
	if (b->tail)
		b->tail->next = e;
	else
		b->head = e;
	b->tail = e;
	*out = e;
	return 0;
}

/* The attribute bits of "left op right" (checkpolicy's cexpr_prim forms). */
static uint32_t attr_pair(enum src_cexpr_operand l, enum src_cexpr_operand r, bool *level)
{
	static const struct {
		enum src_cexpr_operand l, r;
		uint32_t attr;
		bool level;
	} pairs[] = {
	    {SRC_CX_U1, SRC_CX_U2, CEXPR_USER, false}, {SRC_CX_R1, SRC_CX_R2, CEXPR_ROLE, false},
	    {SRC_CX_T1, SRC_CX_T2, CEXPR_TYPE, false}, {SRC_CX_L1, SRC_CX_L2, CEXPR_L1L2, true},
	    {SRC_CX_L1, SRC_CX_H2, CEXPR_L1H2, true},  {SRC_CX_H1, SRC_CX_L2, CEXPR_H1L2, true},
	    {SRC_CX_H1, SRC_CX_H2, CEXPR_H1H2, true},  {SRC_CX_L1, SRC_CX_H1, CEXPR_L1H1, true},
	    {SRC_CX_L2, SRC_CX_H2, CEXPR_L2H2, true},
	};
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (pairs[i].l == l && pairs[i].r == r) {
			*level = pairs[i].level;
			return pairs[i].attr;
		}
	return 0;
}

static int lower_attr(struct lower *lw, struct cexpr_build *b, const struct src_cexpr *x,
		      constraint_expr_t *e)
{
	const char *l = operand_names[x->left], *r = operand_names[x->right];
	bool level = false;
	uint32_t attr = attr_pair(x->left, x->right, &level);

	if (!attr)
		return lower_error(lw, &x->loc, "%s cannot compare '%s' with '%s'", b->keyword, l,
				   r);
	if (level && !b->mls)
		return lower_error(
		    lw, &x->loc,
		    "levels ('%s', '%s') are only compared in mlsconstrain and mlsvalidatetrans", l,
		    r);
	if (x->op != SRC_CX_EQ && x->op != SRC_CX_NEQ && !level && attr != CEXPR_ROLE)
		return lower_error(lw, &x->loc,
				   "'%s' only compares roles and levels, not '%s' and '%s'",
				   op_names[x->op], l, r);
	e->expr_type = CEXPR_ATTR;
	e->attr = attr;
	e->op = x->op + 1; /* SRC_CX_EQ.. follow CEXPR_EQ.. */
	return 0;
}

static int lower_names(struct lower *lw, struct cexpr_build *b, const struct src_cexpr *x,
		       constraint_expr_t *e)
{
	const char *name = operand_names[x->left];
	uint32_t attr;
	size_t i;
	int rc = 0;

	switch (x->left) {
	case SRC_CX_U1:
	case SRC_CX_U2:
	case SRC_CX_U3:
		attr = CEXPR_USER;
		break;
	case SRC_CX_R1:
	case SRC_CX_R2:
	case SRC_CX_R3:
		attr = CEXPR_ROLE;
		break;
	case SRC_CX_T1:
	case SRC_CX_T2:
	case SRC_CX_T3:
		attr = CEXPR_TYPE;
		break;
	default:
		return lower_error(lw, &x->loc, "'%s' is a level and cannot be compared with names",
				   name);
	}
	switch (x->left) {
	case SRC_CX_U2:
	case SRC_CX_R2:
	case SRC_CX_T2:
		attr |= CEXPR_TARGET;
		break;
	case SRC_CX_U3:
	case SRC_CX_R3:
	case SRC_CX_T3:
		if (!b->validatetrans)
			return lower_error(lw, &x->loc, "'%s' is only defined in validatetrans",
					   name);
		attr |= CEXPR_XTARGET;
		break;
	default:
		break;
	}
	if (x->op != SRC_CX_EQ && x->op != SRC_CX_NEQ)
		return lower_error(lw, &x->loc, "'%s' compares '%s' with names; only == and != can",
				   op_names[x->op], name);
	if (x->names.star || x->names.tilde)
		return lower_error(lw, &x->names.loc, "'%s' is not allowed in %s",
				   x->names.star ? "*" : "~", b->keyword);
	e->expr_type = CEXPR_NAMES;
	e->attr = attr;
	e->op = x->op + 1;
	if (attr & CEXPR_TYPE)
		return lower_type_set(lw, &x->names, e->type_names, false, NULL);

	for (i = 0; i < x->names.n; i++) {
		const struct src_id *id = &x->names.items[i].id;
		uint32_t value = 0;

		if (x->names.items[i].neg) {
			rc = lower_error(lw, &id->loc, "'-%s': only type names can be excluded",
					 id->name);
			continue;
		}
		if (attr & CEXPR_USER) {
			user_datum_t *u = lower_user(lw, id);

			if (u)
				value = u->s.value;
		} else {
			role_datum_t *r = lower_role(lw, id);

			if (r)
				value = r->s.value;
		}
		if (!value)
			rc = POL_EINVAL;
		else if (ebitmap_set_bit(&e->names, value - 1, 1))
			rc = lower_error(lw, &id->loc, "out of memory");
	}
	return rc;
}

static int build(struct lower *lw, struct cexpr_build *b, const struct src_cexpr *x)
{
	constraint_expr_t *e;
	int rc = 0;

	switch (x->kind) {
	case SRC_CEXPR_NOT:
		if (build(lw, b, x->l) < 0)
			return POL_EINVAL;
		if (cexpr_push(lw, b, &x->loc, &e) < 0)
			return POL_EINVAL;
		e->expr_type = CEXPR_NOT;
		return 0;
	case SRC_CEXPR_AND:
	case SRC_CEXPR_OR:
		if (build(lw, b, x->l) < 0)
			rc = POL_EINVAL;
		if (build(lw, b, x->r) < 0)
			rc = POL_EINVAL;
		if (rc || cexpr_push(lw, b, &x->loc, &e) < 0)
			return POL_EINVAL;
		e->expr_type = x->kind == SRC_CEXPR_AND ? CEXPR_AND : CEXPR_OR;
		b->depth--;
		return 0;
	case SRC_CEXPR_ATTR:
	case SRC_CEXPR_NAMES:
		if (cexpr_push(lw, b, &x->loc, &e) < 0)
			return POL_EINVAL;
		if (++b->depth > b->max_depth)
			b->max_depth = b->depth;
		if (x->kind == SRC_CEXPR_ATTR)
			return lower_attr(lw, b, x, e);
		return lower_names(lw, b, x, e);
	}
	return lower_error(lw, &x->loc, "invalid constraint expression");
}

static constraint_expr_t *clone_expr(const constraint_expr_t *expr)
{
	constraint_expr_t *head = NULL, **tail = &head;
	const constraint_expr_t *e;

	for (e = expr; e; e = e->next) {
		constraint_expr_t *n = malloc(sizeof(*n));

		if (!n || constraint_expr_init(n) < 0) {
			free(n);
			goto oom;
		}
		*tail = n;
		tail = &n->next;
		n->expr_type = e->expr_type;
		n->attr = e->attr;
		n->op = e->op;
		if (n->expr_type == CEXPR_NAMES &&
		    ((n->attr & CEXPR_TYPE) ? type_set_cpy(n->type_names, e->type_names)
					    : ebitmap_cpy(&n->names, &e->names)))
			goto oom;
	}
	return head;
oom:
	constraint_expr_destroy(head);
	return NULL;
}

/* A class's permission mask covers exactly its permissions (own and
 * common), as checkpolicy's PERMISSION_MASK. */
static uint32_t class_perm_mask(const class_datum_t *cls)
{
	uint32_t n = cls->permissions.nprim;

	return n >= 32 ? ~UINT32_C(0) : (UINT32_C(1) << n) - 1;
}

static void free_class_list(class_perm_node_t *list)
{
	while (list) {
		class_perm_node_t *next = list->next;

		free(list);
		list = next;
	}
}

int lower_constraint(struct lower *lw, const struct src_stmt *s)
{
	bool validatetrans = s->kind == SRC_VALIDATETRANS;
	struct cexpr_build b = {.validatetrans = validatetrans};
	class_perm_node_t *classes = NULL, *c;
	bool used = false;
	int rc = 0;

	b.mls = s->u.constrain.mls;
	b.keyword = validatetrans ? (b.mls ? "mlsvalidatetrans" : "validatetrans")
				  : (b.mls ? "mlsconstrain" : "constrain");
	if (b.mls && !lw->opts->mls)
		return lower_error(lw, &s->loc, "%s in a policy that is not MLS (compile with -M)",
				   b.keyword);
	if (build(lw, &b, s->u.constrain.expr) < 0)
		rc = POL_EINVAL;
	else if (b.max_depth > CEXPR_MAXDEPTH)
		rc = lower_error(lw, &s->u.constrain.expr->loc,
				 "%s expression is too deep (at most %d comparisons pending)",
				 b.keyword, CEXPR_MAXDEPTH);
	if (lower_class_list(lw, &s->u.constrain.classes, &classes) < 0)
		rc = POL_EINVAL;
	else if (!validatetrans && lower_perm_masks(lw, &s->u.constrain.perms, classes) < 0)
		rc = POL_EINVAL;
	if (rc)
		goto out;

	for (c = classes; c; c = c->next) {
		class_datum_t *cls = lw->p->class_val_to_struct[c->tclass - 1];
		constraint_node_t *node;
		uint32_t perms = 0;

		if (!validatetrans) {
			perms = c->data & class_perm_mask(cls);
			if (!perms) {
				lower_warning(lw, &s->u.constrain.perms.loc,
					      "%s names no permission of class '%s'; omitted",
					      b.keyword, lw->p->p_class_val_to_name[c->tclass - 1]);
				continue;
			}
		}
		node = calloc(1, sizeof(*node));
		if (!node) {
			rc = lower_error(lw, &s->loc, "out of memory");
			goto out;
		}
		node->expr = used ? clone_expr(b.head) : b.head;
		if (!node->expr) {
			free(node);
			rc = lower_error(lw, &s->loc, "out of memory");
			goto out;
		}
		used = true;
		node->permissions = perms;
		if (validatetrans) {
			node->next = cls->validatetrans;
			cls->validatetrans = node;
		} else {
			node->next = cls->constraints;
			cls->constraints = node;
		}
	}
out:
	if (!used)
		constraint_expr_destroy(b.head);
	free_class_list(classes);
	return rc;
}

/* ---- default_user, default_role, default_type, default_range -------- */

static const char *const default_keywords[] = {
    [SRC_DEFAULT_USER] = "default_user",
    [SRC_DEFAULT_ROLE] = "default_role",
    [SRC_DEFAULT_TYPE] = "default_type",
    [SRC_DEFAULT_RANGE] = "default_range",
};

static int default_value(struct lower *lw, const struct src_stmt *s, char *value)
{
	enum src_default_which which = s->u.deflt.which;
	enum src_default_part part = s->u.deflt.part;
	bool range = s->u.deflt.kind == SRC_DEFAULT_RANGE;
	const char *kw = default_keywords[s->u.deflt.kind];

	if (which == SRC_DEFAULT_GLBLUB) {
		if (!range || part != SRC_DEFAULT_NONE)
			return lower_error(lw, &s->loc, "%s cannot be glblub", kw);
		*value = DEFAULT_GLBLUB;
		return 0;
	}
	if (!range) {
		if (part != SRC_DEFAULT_NONE)
			return lower_error(lw, &s->loc,
					   "%s takes source or target, without a level", kw);
		*value = which == SRC_DEFAULT_SOURCE ? DEFAULT_SOURCE : DEFAULT_TARGET;
		return 0;
	}
	/* checkpolicy keeps default_range in a policy that is not MLS too; the
	 * kernel then ignores it */
	switch (part) {
	case SRC_DEFAULT_LOW:
		*value = which == SRC_DEFAULT_SOURCE ? DEFAULT_SOURCE_LOW : DEFAULT_TARGET_LOW;
		return 0;
	case SRC_DEFAULT_HIGH:
		*value = which == SRC_DEFAULT_SOURCE ? DEFAULT_SOURCE_HIGH : DEFAULT_TARGET_HIGH;
		return 0;
	case SRC_DEFAULT_LOW_HIGH:
		*value =
		    which == SRC_DEFAULT_SOURCE ? DEFAULT_SOURCE_LOW_HIGH : DEFAULT_TARGET_LOW_HIGH;
		return 0;
	case SRC_DEFAULT_NONE:
		break;
	}
	return lower_error(lw, &s->loc, "default_range needs low, high or low-high");
}

int lower_default(struct lower *lw, const struct src_stmt *s)
{
	const char *kw = default_keywords[s->u.deflt.kind];
	class_perm_node_t *classes = NULL, *c;
	char value = 0;
	int rc;

	if (default_value(lw, s, &value) < 0)
		return POL_EINVAL;
	if (lower_class_list(lw, &s->u.deflt.classes, &classes) < 0)
		return POL_EINVAL;
	rc = 0;
	for (c = classes; c; c = c->next) {
		class_datum_t *cls = lw->p->class_val_to_struct[c->tclass - 1];
		char *field;

		switch (s->u.deflt.kind) {
		case SRC_DEFAULT_USER:
			field = &cls->default_user;
			break;
		case SRC_DEFAULT_ROLE:
			field = &cls->default_role;
			break;
		case SRC_DEFAULT_TYPE:
			field = &cls->default_type;
			break;
		default:
			field = &cls->default_range;
			break;
		}
		if (*field && *field != value) {
			rc = lower_error(lw, &s->loc, "conflicting %s for class '%s'", kw,
					 lw->p->p_class_val_to_name[c->tclass - 1]);
			continue;
		}
		*field = value;
	}
	free_class_list(classes);
	return rc;
}
