/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of libpolicy/query's building blocks. */
#include "query/internal.h"

#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "compile-policy.h"
#include "query/diff.h"
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

static const char cond_conf[] =
    "class file\nclass chr_file\nsid kernel\n"
    "class file { read ioctl }\nclass chr_file { read ioctl }\n"
    "type sys_t;\ntype a_t;\ntype b_t;\nbool b true;\nbool c false;\n"
    "allow a_t b_t:chr_file ioctl;\n"
    "allowxperm a_t b_t:chr_file ioctl 0x5401;\n"
    "%s\n"
    "role object_r;\nrole system_r;\nrole system_r types { sys_t a_t b_t };\n"
    "user system_u roles system_r;\nsid kernel system_u:system_r:sys_t\n";

/* cond_conf with the conditional cond, compiled. With xperm, its
 * conditional chr_file entry becomes "allowxperm a_t b_t:chr_file ioctl
 * 0x5401" on the same branch, as a kernel policy of version 34 may hold:
 * libsepol 3.4's compilers refuse xperm rules in a conditional. */
static struct pol_pdb *cond_policy(const char *cond, bool xperm)
{
	char path[] = "/tmp/sekit-test-conf-XXXXXX";
	int fd = mkstemp(path);
	FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	struct pol_pdb *pdb = NULL;
	struct pol_err err;
	cond_av_list_t *l = NULL;
	avtab_extended_perms_t *x;

	if (!fp)
		return NULL;
	fprintf(fp, cond_conf, cond);
	fclose(fp);
	pol_err_init(&err);
	pdb = test_compile_policy(path, false, &err);
	unlink(path);
	pol_err_release(&err);
	if (!pdb || !xperm)
		return pdb;
	for (const cond_node_t *cn = pdb_db(pdb)->cond_list; cn && !l; cn = cn->next)
		for (int br = 0; br < 2 && !l; br++)
			for (l = br ? cn->false_list : cn->true_list; l; l = l->next)
				if (l->node->key.target_class == pdb_class_value(pdb, "chr_file"))
					break;
	x = calloc(1, sizeof(*x));
	if (!l || !x) {
		free(x);
		pol_pdb_free(pdb);
		return NULL;
	}
	x->specified = AVTAB_XPERMS_IOCTLFUNCTION;
	x->driver = 0x54;
	x->perms[0] = 1u << 0x01;
	l->node->key.specified = AVTAB_XPERMS_ALLOWED | (l->node->key.specified & AVTAB_ENABLED);
	l->node->datum.xperms = x;
	return pdb;
}

/* The allowxperm section from l to r: its lines, "+ text" a line. */
static char *xperm_diff(struct pol_pdb *l, struct pol_pdb *r)
{
	struct pol_diff_list *list = NULL;
	struct pol_buf b = POL_BUF_INIT;
	struct pol_err err;

	pol_err_init(&err);
	if (pol_diff_section(l, r, POL_DIFF_ALLOWXPERM, &list, &err) == 0)
		for (size_t i = 0; i < list->count; i++) {
			const struct pol_diff_item *it = pol_diff_list_item(list, i);

			pol_buf_printf(&b, "%s%c %s", i ? "\n" : "", it->kind, it->text);
		}
	pol_diff_list_free(list);
	pol_err_release(&err);
	return pol_buf_detach(&b);
}

/* sediff keys an xperm rule by its conditional too (its hash holds it):
 * a conditional one is kept apart from the unconditional one of the same
 * key, not merged with it nor dropped as covered; its conditional is
 * matched by truth table. */
static void test_diff_cond_xperm(void)
{
	struct pol_pdb *plain = cond_policy("if (b && c) { allow a_t b_t:chr_file read; }", false);
	struct pol_pdb *x = cond_policy("if (b && c) { allow a_t b_t:chr_file read; }", true);
	/* compiled as the false branch of "! c || ! b" */
	struct pol_pdb *y = cond_policy("if (!(!b || !c)) { allow a_t b_t:chr_file read; }", true);
	char *s;

	if (!plain || !x || !y) {
		ok(false, "the conditional xperm policies compile");
		not_run(3, "no policies");
		goto out;
	}
	s = xperm_diff(plain, x);
	is_str(s, "+ allowxperm a_t b_t:chr_file ioctl 0x5401; [ c && b ]:True",
	       "a conditional xperm rule is added beside the unconditional one of its key");
	free(s);
	s = xperm_diff(x, plain);
	is_str(s, "- allowxperm a_t b_t:chr_file ioctl 0x5401; [ c && b ]:True", "and removed");
	free(s);
	s = xperm_diff(x, y);
	is_str(s, "",
	       "the true branch of c && b and the false branch of ! c || ! b are one (sediff: "
	       "one removed, one added)");
	free(s);
out:
	pol_pdb_free(plain);
	pol_pdb_free(x);
	pol_pdb_free(y);
}

int main(void)
{
	test_cond_format();
	test_xperms();
	test_split();
	test_policy();
	test_diff_cond_xperm();
	return tap_done();
}
