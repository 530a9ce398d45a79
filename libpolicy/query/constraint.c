/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * constrain, mlsconstrain, validatetrans and mlsvalidatetrans statements in
 * setools' infix notation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/info-internal.h"
#include "util/array.h"

static const char *sym_text(uint32_t attr)
{
	switch (attr) {
	case CEXPR_USER: return "u1";
	case CEXPR_ROLE: return "r1";
	case CEXPR_TYPE: return "t1";
	case CEXPR_USER | CEXPR_TARGET: return "u2";
	case CEXPR_ROLE | CEXPR_TARGET: return "r2";
	case CEXPR_TYPE | CEXPR_TARGET: return "t2";
	case CEXPR_USER | CEXPR_XTARGET: return "u3";
	case CEXPR_ROLE | CEXPR_XTARGET: return "r3";
	case CEXPR_TYPE | CEXPR_XTARGET: return "t3";
	case CEXPR_L1L2: return "l1";
	case CEXPR_L1H2: return "l1";
	case CEXPR_H1L2: return "h1";
	case CEXPR_H1H2: return "h1";
	case CEXPR_L1H1: return "l1";
	case CEXPR_L2H2: return "l2";
	case CEXPR_L1L2 | CEXPR_TARGET: return "l2";
	case CEXPR_L1H2 | CEXPR_TARGET: return "h2";
	case CEXPR_H1L2 | CEXPR_TARGET: return "l2";
	case CEXPR_H1H2 | CEXPR_TARGET: return "h2";
	case CEXPR_L1H1 | CEXPR_TARGET: return "h1";
	case CEXPR_L2H2 | CEXPR_TARGET: return "h2";
	default: return "?";
	}
}

static const char *op_text(uint32_t op)
{
	static const char *const ops[] = { "?", "==", "!=", "dom", "domby", "incomp" };

	return op <= CEXPR_INCOMP ? ops[op] : "?";
}

static int op_precedence(const char *op)
{
	if (strcmp(op, "not") == 0)
		return 4;
	if (strcmp(op, "and") == 0)
		return 2;
	if (strcmp(op, "or") == 0)
		return 1;
	return 3;
}

struct expr_stack {
	char **items;
	size_t depth, alloc;
	int prev; /* precedence of the operator handled last */
	bool failed;
};

static void expr_push(struct expr_stack *s, char *text)
{
	if (!text) {
		s->failed = true;
		return;
	}
	if (POL_ARRAY_GROW(s->items, s->depth + 1, s->alloc) < 0) {
		free(text);
		s->failed = true;
		return;
	}
	s->items[s->depth++] = text;
}

static char *pop(struct expr_stack *s)
{
	return s->depth ? s->items[--s->depth] : strdup("");
}

/*
 * setools' conversion to infix: parentheses depend on the precedence of
 * the operator handled just before, not on the operand's own operator, and
 * "not" always parenthesises. Kept as is to print the same text.
 */
static void expr_apply(struct expr_stack *s, const char *op)
{
	int prec = op_precedence(op);
	char *t = NULL, *a, *b = NULL;

	if (prec == 4) {
		a = pop(s);
		if (a && asprintf(&t, "%s ( %s )", op, a) < 0)
			t = NULL;
	} else {
		b = pop(s);
		a = pop(s);
		if (a && b &&
		    asprintf(&t, prec < s->prev ? "%s %s %s" : "( %s %s %s )", a, op, b) < 0)
			t = NULL;
	}
	if (!a || (prec != 4 && !b))
		t = NULL;
	free(a);
	free(b);
	expr_push(s, t);
	s->prev = prec;
}

static int constraint_name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The names of a CEXPR_NAMES node. Python keeps them in a set, whose order
 * follows string hashes randomised per process, so seinfo's own output
 * varies between runs when a set holds several names; sorted is the one
 * stable choice.
 */
static char *names_text(const struct pol_pdb *pdb, const constraint_expr_t *e)
{
	const policydb_t *p = pdb_db(pdb);
	uint32_t attr = e->attr & ~(CEXPR_TARGET | CEXPR_XTARGET);
	const ebitmap_t *map = &e->names;
	char **table = p->p_user_val_to_name;
	uint32_t nprim = p->p_users.nprim;
	const char **v;
	struct pol_buf b = POL_BUF_INIT;
	ebitmap_node_t *node;
	unsigned int bit;
	size_t n = 0;

	if (attr == CEXPR_ROLE) {
		table = p->p_role_val_to_name;
		nprim = p->p_roles.nprim;
	} else if (attr == CEXPR_TYPE) {
		table = p->p_type_val_to_name;
		nprim = p->p_types.nprim;
		/* From version 29 on the policy keeps the names as written. */
		if (p->policyvers >= POLICYDB_VERSION_CONSTRAINT_NAMES && e->type_names)
			map = &e->type_names->types;
	}
	v = calloc(ebitmap_cardinality((ebitmap_t *)map) + 1, sizeof(*v));
	if (!v)
		return NULL;
	ebitmap_for_each_positive_bit(map, node, bit)
		if (bit < nprim && table[bit])
			v[n++] = table[bit];
	if (n > 1)
		qsort(v, n, sizeof(*v), constraint_name_cmp);
	if (n > 1) {
		pol_buf_putc(&b, '{');
		for (size_t i = 0; i < n; i++)
			pol_buf_printf(&b, " %s", v[i]);
		pol_buf_puts(&b, " } ");
	} else {
		pol_buf_puts(&b, n ? v[0] : "");
	}
	free(v);
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

/* The infix text of an expression; *mls tells whether it uses levels. */
static char *expr_text(const struct pol_pdb *pdb, const constraint_expr_t *expr, bool *mls)
{
	struct expr_stack s = { NULL, 0, 0, 4, false };
	struct pol_buf b = POL_BUF_INIT;

	*mls = false;
	for (const constraint_expr_t *e = expr; e && !s.failed; e = e->next) {
		switch (e->expr_type) {
		case CEXPR_NOT:
			expr_apply(&s, "not");
			break;
		case CEXPR_AND:
			expr_apply(&s, "and");
			break;
		case CEXPR_OR:
			expr_apply(&s, "or");
			break;
		case CEXPR_ATTR:
			*mls |= e->attr >= CEXPR_L1L2;
			expr_push(&s, strdup(sym_text(e->attr)));
			expr_push(&s, strdup(sym_text(e->attr + CEXPR_TARGET)));
			expr_apply(&s, op_text(e->op));
			break;
		case CEXPR_NAMES:
			*mls |= e->attr >= CEXPR_L1L2;
			expr_push(&s, strdup(sym_text(e->attr)));
			expr_push(&s, names_text(pdb, e));
			expr_apply(&s, op_text(e->op));
			break;
		default:
			expr_push(&s, strdup("?"));
			break;
		}
	}
	for (size_t i = 0; i < s.depth; i++) {
		if (i)
			pol_buf_putc(&b, ' ');
		pol_buf_puts(&b, s.items[i]);
		free(s.items[i]);
	}
	free(s.items);
	if (s.failed || b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

/*
 * The expression in postfix, each name set sorted: what setools' diff
 * compares (ConstraintWrapper), where the infix text cannot tell
 * "u1 == u2 or (r1 == r2 and t1 == t2)" from "(u1 == u2 or r1 == r2) and
 * t1 == t2" (both "u1 == u2 or ( r1 == r2 ) and ( t1 == t2 )").
 */
static void expr_key(const struct pol_pdb *pdb, const constraint_expr_t *expr, struct pol_buf *b)
{
	static const char *const bool_ops[] = {"?", "not", "and", "or"};

	for (const constraint_expr_t *e = expr; e; e = e->next) {
		char *names = NULL;

		switch (e->expr_type) {
		case CEXPR_NOT:
		case CEXPR_AND:
		case CEXPR_OR:
			pol_buf_printf(b, " %s", bool_ops[e->expr_type]);
			break;
		case CEXPR_ATTR:
			pol_buf_printf(b, " %s %s %s", sym_text(e->attr),
				       sym_text(e->attr + CEXPR_TARGET), op_text(e->op));
			break;
		case CEXPR_NAMES:
			if (!(names = names_text(pdb, e)))
				b->failed = true;
			pol_buf_printf(b, " %s [%s] %s", sym_text(e->attr), names ? names : "",
				       op_text(e->op));
			free(names);
			break;
		default:
			pol_buf_puts(b, " ?");
			break;
		}
	}
}

/* "{ a b }" or "a": the class's permissions (own and common) in the mask. */
static void constraint_perms(const struct pol_pdb *pdb, uint32_t c, uint32_t mask,
			     struct pol_buf *b)
{
	const class_datum_t *cls = pdb_db(pdb)->class_val_to_struct[c - 1];
	const char *names[32];
	size_t n = 0;

	for (unsigned int bit = 0; bit < 32 && bit < cls->permissions.nprim; bit++)
		if (mask & (1u << bit) && pdb_perm_name(pdb, c, bit))
			names[n++] = pdb_perm_name(pdb, c, bit);
	if (n > 1)
		qsort(names, n, sizeof(*names), constraint_name_cmp);
	if (n == 1) {
		pol_buf_puts(b, names[0]);
		return;
	}
	pol_buf_putc(b, '{');
	for (size_t i = 0; i < n; i++)
		pol_buf_printf(b, " %s", names[i]);
	pol_buf_puts(b, " }");
}

int query_constraints_each(const struct pol_pdb *pdb, bool validatetrans, uint32_t only, bool keys,
			   int (*fn)(void *ctx, const struct pol_buf *text, const char *key),
			   void *ctx)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_buf b = POL_BUF_INIT, k = POL_BUF_INIT;
	int rc = 0;

	for (uint32_t c = 1; c <= p->p_classes.nprim && !rc; c++) {
		const class_datum_t *cls = p->class_val_to_struct[c - 1];
		const constraint_node_t *node;

		if (!cls || (only && only != c))
			continue;
		node = validatetrans ? cls->validatetrans : cls->constraints;
		for (; node && !rc; node = node->next) {
			bool mls;
			char *expr = expr_text(pdb, node->expr, &mls);

			if (!expr) {
				rc = -ENOMEM;
				break;
			}
			pol_buf_reset(&b);
			if (validatetrans) {
				pol_buf_printf(&b, "%svalidatetrans %s (%s);", mls ? "mls" : "",
					       p->p_class_val_to_name[c - 1], expr);
			} else {
				pol_buf_printf(&b, "%sconstrain %s ", mls ? "mls" : "",
					       p->p_class_val_to_name[c - 1]);
				constraint_perms(pdb, c, node->permissions, &b);
				pol_buf_printf(&b, " (%s); ", expr);
			}
			free(expr);
			pol_buf_reset(&k);
			if (keys) {
				pol_buf_printf(&k, "%s ", p->p_class_val_to_name[c - 1]);
				if (!validatetrans)
					constraint_perms(pdb, c, node->permissions, &k);
				expr_key(pdb, node->expr, &k);
			}
			rc = b.failed || k.failed ? -ENOMEM
						  : fn(ctx, &b, keys ? pol_buf_str(&k) : NULL);
		}
	}
	pol_buf_release(&b);
	pol_buf_release(&k);
	return rc;
}

static int add_statement(void *list, const struct pol_buf *text, const char *key)
{
	(void)key;
	return query_info_add_statement(list, text);
}

int query_info_list_constraints(const struct pol_pdb *pdb, enum pol_info_kind kind,
				const char *filter, struct pol_info_list *list, struct pol_err *err)
{
	uint32_t only = 0;

	/* setools looks the class up first: an unknown one is an error */
	if (filter && !(only = pdb_class_value(pdb, filter)))
		return pol_pdb_unknown(pdb, POL_SYM_CLASS, filter, err);
	return query_constraints_each(pdb, kind == POL_INFO_VALIDATETRANS, only, false,
				      add_statement, list);
}
