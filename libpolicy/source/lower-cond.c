// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * if/else blocks become cond_node_t of the current decl: the expression in
 * libsepol's postfix form, the rules of each branch in avtrue_list and
 * avfalse_list. Blocks whose expressions have the same truth table share
 * one node, as checkpolicy's append_cond_list merges them: libsepol's
 * writers print one block per node, so two nodes would repeat a block.
 */
#include "source/internal.h"

#include <stdlib.h>

#include "source/lower-rules.h"

struct cond_build {
	cond_expr_t *head, *tail;
	int depth, max_depth;
	unsigned int booleans, tunables;
	const struct src_loc *first_boolean, *first_tunable;
};

static int push_node(struct lower *lw, struct cond_build *b, const struct src_loc *loc,
		     uint32_t type, uint32_t value)
{
	cond_expr_t *e = calloc(1, sizeof(*e));

	if (!e)
		return lower_error(lw, loc, "out of memory");
	e->expr_type = type;
	pdb_cond_set_bool(e, value);
	if (b->tail)
		b->tail->next = e;
	else
		b->head = e;
	b->tail = e;
	if (type == COND_BOOL) {
		b->depth++;
		if (b->depth > b->max_depth)
			b->max_depth = b->depth;
	} else if (type != COND_NOT) {
		b->depth--;
	}
	return 0;
}

/* Post-order walk: operands first, then the operator. */
static int build_expr(struct lower *lw, struct cond_build *b, const struct src_cond *c)
{
	static const uint32_t ops[] = {
	    [SRC_COND_NOT] = COND_NOT, [SRC_COND_AND] = COND_AND, [SRC_COND_OR] = COND_OR,
	    [SRC_COND_XOR] = COND_XOR, [SRC_COND_EQ] = COND_EQ,	  [SRC_COND_NEQ] = COND_NEQ,
	};
	cond_bool_datum_t *datum;
	int rc = 0;

	if (c->op == SRC_COND_BOOL) {
		datum = lower_bool(lw, &c->id);
		if (!datum)
			return POL_EINVAL;
		if (datum->flags & COND_BOOL_FLAGS_TUNABLE) {
			if (!b->tunables++)
				b->first_tunable = &c->id.loc;
		} else if (!b->booleans++) {
			b->first_boolean = &c->id.loc;
		}
		return push_node(lw, b, &c->loc, COND_BOOL, datum->s.value);
	}
	if (build_expr(lw, b, c->l) < 0)
		rc = POL_EINVAL;
	if (c->op != SRC_COND_NOT && build_expr(lw, b, c->r) < 0)
		rc = POL_EINVAL;
	if (rc)
		return rc;
	return push_node(lw, b, &c->loc, ops[c->op], 0);
}

/* The rules of one branch, in the reverse order of the text as checkpolicy's
 * grammar builds the list (libsepol reverses it again when expanding). */
static int lower_branch(struct lower *lw, const struct src_block *block, avrule_t **list)
{
	const struct src_stmt *st;
	int rc = 0;

	for (st = block->first; st; st = st->next) {
		int r = 0;

		switch (st->kind) {
		case SRC_AVRULE:
			r = lower_avrule(lw, st, list);
			break;
		case SRC_XPERMRULE:
			r = lower_xpermrule(lw, st, list);
			break;
		case SRC_TYPERULE:
			r = lower_typerule(lw, st, list);
			break;
		case SRC_REQUIRE:
			break; /* handled by the driver in pass 1 */
		default:
			r = lower_error(
			    lw, &st->loc,
			    "only access vector and type rules are allowed inside a conditional");
			break;
		}
		if (r < 0)
			rc = POL_EINVAL;
	}
	return rc;
}

static void append_list(avrule_t **to, avrule_t *list)
{
	while (*to)
		to = &(*to)->next;
	*to = list;
}

static void free_rules(avrule_t *list)
{
	while (list) {
		avrule_t *next = list->next;

		src_rules_free_avrule(list);
		list = next;
	}
}

int lower_if(struct lower *lw, const struct src_stmt *s)
{
	struct cond_build b = {0};
	avrule_t *t = NULL, *f = NULL;
	cond_node_t cn, *node;
	int rc = 0;

	if (build_expr(lw, &b, s->u.cond.cond) < 0)
		rc = POL_EINVAL;
	if (!rc && b.max_depth > COND_EXPR_MAXDEPTH)
		rc = lower_error(lw, &s->u.cond.cond->loc,
				 "conditional expression is too deep (at most %d booleans pending)",
				 COND_EXPR_MAXDEPTH);
	if (!rc && b.booleans && b.tunables)
		rc = lower_error(lw, b.first_tunable,
				 "conditional expression mixes tunables and booleans");
	if (lower_branch(lw, &s->u.cond.then_block, &t) < 0)
		rc = POL_EINVAL;
	if (s->u.cond.has_else && lower_branch(lw, &s->u.cond.else_block, &f) < 0)
		rc = POL_EINVAL;
	if (rc)
		goto fail;
	if (!t && !f) {
		cond_expr_destroy(b.head);
		return 0;
	}
	if (!t) {
		/* as checkpolicy: "if (e) {} else {R}" is "if (!e) {R}" */
		if (push_node(lw, &b, &s->loc, COND_NOT, 0) < 0) {
			rc = POL_EINVAL;
			goto fail;
		}
		t = f;
		f = NULL;
	}

	memset(&cn, 0, sizeof(cn));
	cn.expr = b.head;
	cn.avtrue_list = t;
	cn.avfalse_list = f;
	if (b.tunables)
		cn.flags = COND_NODE_FLAGS_TUNABLE;
	/* drops a final "not" by swapping the branches; precomputes the truth
	 * table that equal expressions are recognised by */
	if (cond_normalize_expr(lw->p, &cn) < 0) {
		t = cn.avtrue_list;
		f = cn.avfalse_list;
		b.head = cn.expr;
		rc = lower_error(lw, &s->loc, "cannot normalise the conditional expression");
		goto fail;
	}
	node = get_decl_cond_list(lw->p, lw->decl, &cn);
	if (!node) {
		t = cn.avtrue_list;
		f = cn.avfalse_list;
		b.head = cn.expr;
		rc = lower_error(lw, &s->loc, "out of memory");
		goto fail;
	}
	append_list(&node->avtrue_list, cn.avtrue_list);
	append_list(&node->avfalse_list, cn.avfalse_list);
	node->flags |= cn.flags;
	cond_expr_destroy(cn.expr);
	return 0;
fail:
	cond_expr_destroy(b.head);
	free_rules(t);
	free_rules(f);
	return rc;
}
