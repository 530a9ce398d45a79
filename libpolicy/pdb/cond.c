/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A conditional expression's text, as setools prints it: query's rule
 * listings and graph's edge rules show the same. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include "util/buf.h"

struct expr_item {
	char *text;
	bool compound; /* an operator applied: needs parentheses under "!" */
};

/*
 * setools converts the postfix expression to infix with a quirk we must
 * keep to print the same text: a binary operator prints its right operand
 * first, and parentheses depend on the precedence of the operator handled
 * just before, not on the operand's own operator.
 */
char *pdb_cond_expr_text(const struct pol_pdb *pdb, const cond_expr_t *expr)
{
	static const struct {
		const char *text;
		int precedence;
	} ops[] = {
	    [COND_NOT] = {"!", 5}, [COND_OR] = {"||", 1}, [COND_AND] = {"&&", 3},
	    [COND_XOR] = {"^", 2}, [COND_EQ] = {"==", 4}, [COND_NEQ] = {"!=", 4},
	};
	struct expr_item stack[COND_EXPR_MAXDEPTH * 2];
	int prev_precedence = 5;
	size_t depth = 0;
	struct pol_buf b = POL_BUF_INIT;

	for (const cond_expr_t *e = expr; e; e = e->next) {
		char *t = NULL;

		if (e->expr_type == COND_BOOL) {
			if (depth == sizeof(stack) / sizeof(stack[0]))
				goto bad;
			stack[depth].text = strdup(pdb->p.p_bool_val_to_name[pdb_cond_bool(e) - 1]);
			stack[depth++].compound = false;
			continue;
		}
		if (e->expr_type > COND_LAST || !ops[e->expr_type].text)
			goto bad;
		if (e->expr_type == COND_NOT) {
			if (depth < 1)
				goto bad;
			struct expr_item *a = &stack[depth - 1];

			if (asprintf(&t, a->compound ? "! ( %s )" : "! %s",
				     a->text ? a->text : "") < 0)
				t = NULL;
			free(a->text);
			a->text = t;
			a->compound = true;
		} else {
			if (depth < 2)
				goto bad;
			struct expr_item *right = &stack[depth - 1], *left = &stack[depth - 2];
			int prec = ops[e->expr_type].precedence;

			if (asprintf(&t, prev_precedence > prec ? "%s %s %s" : "( %s %s %s )",
				     right->text ? right->text : "", ops[e->expr_type].text,
				     left->text ? left->text : "") < 0)
				t = NULL;
			free(left->text);
			free(right->text);
			left->text = t;
			left->compound = true;
			depth--;
		}
		prev_precedence = ops[e->expr_type].precedence;
	}
	for (size_t i = 0; i < depth; i++) {
		if (i)
			pol_buf_putc(&b, ' ');
		pol_buf_puts(&b, stack[i].text ? stack[i].text : "");
		free(stack[i].text);
	}
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
bad:
	for (size_t i = 0; i < depth; i++)
		free(stack[i].text);
	return strdup("<invalid expression>");
}
