/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of libpolicy/query's building blocks. */
#include "query/internal.h"

#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

/* Build a postfix expression from tokens: names are booleans a..d (values
 * 1..4), anything else an operator. */
static cond_expr_t *expr(const char *const *tokens)
{
	cond_expr_t *head = NULL, **tail = &head;

	for (; *tokens; tokens++) {
		cond_expr_t *e = calloc(1, sizeof(*e));
		const char *t = *tokens;

		if (t[0] >= 'a' && t[0] <= 'd') {
			e->expr_type = COND_BOOL;
			pdb_cond_set_bool(e, (uint32_t)(t[0] - 'a' + 1));
		} else {
			e->expr_type = strcmp(t, "!") == 0	  ? COND_NOT :
				       strcmp(t, "||") == 0 ? COND_OR :
				       strcmp(t, "&&") == 0 ? COND_AND :
				       strcmp(t, "^") == 0  ? COND_XOR :
				       strcmp(t, "==") == 0 ? COND_EQ :
							      COND_NEQ;
		}
		*tail = e;
		tail = &e->next;
	}
	return head;
}

static void expr_free(cond_expr_t *e)
{
	while (e) {
		cond_expr_t *n = e->next;

		free(e);
		e = n;
	}
}

static void check_expr(struct pol_pdb *pdb, const char *const *tokens, const char *want,
		       const char *what)
{
	cond_expr_t *e = expr(tokens);
	char *s = pdb_cond_expr_text(pdb, e);

	is_str(s, want, "%s", what);
	free(s);
	expr_free(e);
}

static void test_cond_format(void)
{
	static char a[] = "a", b[] = "b", c[] = "c", d[] = "d";
	static char *names[] = { a, b, c, d };
	struct pol_pdb pdb;

	memset(&pdb, 0, sizeof(pdb));
	pdb.p.p_bool_val_to_name = names;
	check_expr(&pdb, (const char *const[]){ "a", NULL }, "a", "a lone boolean");
	check_expr(&pdb, (const char *const[]){ "a", "!", NULL }, "! a", "negation");
	/* setools prints the right operand first */
	check_expr(&pdb, (const char *const[]){ "a", "b", "||", NULL }, "b || a",
		   "a binary operator swaps its operands, as setools does");
	check_expr(&pdb, (const char *const[]){ "a", "b", "&&", "!", NULL }, "! ( b && a )",
		   "negating a compound adds parentheses");
	check_expr(&pdb, (const char *const[]){ "a", "b", "||", "c", "&&", NULL },
		   "( c && b || a )",
		   "the previous operator's precedence decides parentheses (setools' quirk)");
	check_expr(&pdb, (const char *const[]){ "a", "b", "&&", "c", "||", NULL },
		   "c || b && a", "a lower-precedence operator after a higher one needs none");
}

static void test_xperms(void)
{
	struct xperm_set *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	avtab_extended_perms_t x;
	struct pol_err err;
	size_t ranges;
	char *s;

	pol_err_init(&err);
	ok(query_xperm_set_parse("0x8910-0x8912,0x8927,0x10-0x0f", a, &err) == 0, "xperms parse");
	s = query_xperm_set_format(a, &ranges);
	is_str(s, "0x000f-0x0010 0x8910-0x8912 0x8927", "reversed ranges are swapped, runs merged");
	ok(ranges == 3, "three ranges are counted");
	free(s);
	ok(query_xperm_set_parse("0x10000", a, &err) == POL_EINVAL,
	   "values above 0xffff are refused");
	ok(query_xperm_set_parse("zz", a, &err) == POL_EINVAL, "garbage is refused");

	memset(&x, 0, sizeof(x));
	x.specified = AVTAB_XPERMS_IOCTLFUNCTION;
	x.driver = 0x89;
	x.perms[0] = 1u << 0x10;
	query_xperm_set_from_avtab(&x, b);
	s = query_xperm_set_format(b, &ranges);
	is_str(s, "0x8910", "an ioctl function rule expands to driver << 8 | function");
	free(s);
	x.specified = AVTAB_XPERMS_IOCTLDRIVER;
	x.perms[0] = 1u << 3;
	query_xperm_set_from_avtab(&x, b);
	s = query_xperm_set_format(b, &ranges);
	is_str(s, "0x0300-0x03ff", "an ioctl driver rule covers all 256 functions");
	free(s);
	query_xperm_set_parse("0x0305", a, &err);
	ok(query_xperm_set_intersects(a, b) && !query_xperm_set_equal(a, b),
	   "intersection and equality differ");
	free(a);
	free(b);
	pol_err_release(&err);
}

static void test_split(void)
{
	size_t n;
	char **v = query_strv_split("read,,write,", &n);

	ok(n == 2 && strcmp(v[0], "read") == 0 && strcmp(v[1], "write") == 0 && !v[2],
	   "comma lists split and drop empty items");
	query_strv_free(v);
}

static void test_policy(void)
{
	const char *path = getenv("SEKIT_TEST_POLICY");
	struct pol_rule_query q = { 0 };
	struct pol_rule_list *list;
	struct pol_pdb *pdb;
	struct pol_err err;

	if (!path)
		path = "/etc/selinux/default/policy/policy.33";
	pol_err_init(&err);
	ok(pol_pdb_open("/nonexistent/policy", &pdb, &err) == -ENOENT && err.count == 1,
	   "a missing policy file is -ENOENT");
	pol_err_clear(&err);
	if (access(path, R_OK) != 0) {
		skip(5, "no policy.33 (install selinux-policy-default)");
		pol_err_release(&err);
		return;
	}
	ok(pol_pdb_open(path, &pdb, &err) == 0, "Debian's policy opens");
	ok(pol_pdb_has(pdb, POL_SYM_TYPE, "httpd_t") && pol_pdb_has(pdb, POL_SYM_ATTRIBUTE, "domain") &&
		   !pol_pdb_has(pdb, POL_SYM_TYPE, "domain"),
	   "types and attributes are told apart");
	ok(pol_pdb_unknown(pdb, POL_SYM_TYPE, "htpd_t", &err) == POL_ENOTFOUND && err.count == 2 &&
		   strstr(err.diags[1].message, "'httpd_t'"),
	   "an unknown type gets a did-you-mean note");
	pol_err_clear(&err);
	q.kinds = POL_RULE_BIT(POL_RULE_ALLOW);
	q.source = "httpd_t";
	q.target = "httpd_t";
	q.classes = "process";
	q.perms = "fork";
	ok(pol_rule_search(pdb, &q, &list, &err) == 0 && list->count >= 1 &&
		   strstr(list->rules[0].text, "fork"),
	   "a rule search finds httpd_t's fork permission");
	pol_rule_list_free(list);
	q.perms = "no_such_perm";
	ok(pol_rule_search(pdb, &q, &list, &err) == POL_ENOTFOUND, "an unknown permission is an error");
	pol_pdb_free(pdb);
	pol_err_release(&err);
}

int main(void)
{
	test_cond_format();
	test_xperms();
	test_split();
	test_policy();
	return tap_done();
}
