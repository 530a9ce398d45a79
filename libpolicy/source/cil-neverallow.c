/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CIL's neverallow and neverallowx statements as the policy language's
 * neverallow and neverallowxperm, for checking a built policy
 * (pol_source_check_neverallows()): each statement becomes one line after
 * a "#line" marker and as many blanks as its column, so that diagnostics
 * name the CIL file's line and column. What secilc would do with a
 * neverallow is what checkpolicy does with the same rule: libsepol checks
 * both alike. Read: a type, attribute or self as source and target; a
 * class with a list of permissions, (all) or (not (...)); an ioctl
 * command, a list, (range A B), (not X), (or X Y...) and (all). Named
 * classpermission sets, classmaps and any other statement are errors.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/internal.h"
#include "util/buf.h"

/* One node of an s-expression: an atom, or a list of children. */
struct sx {
	const char *atom; /* NULL for a list */
	size_t len;
	unsigned int line, col;
	struct sx *child, *next;
};

struct reader {
	const char *name, *p, *end;
	unsigned int line, col;
	struct pol_err *err;
	int rc;
};

static void sx_free(struct sx *x)
{
	while (x) {
		struct sx *next = x->next;

		sx_free(x->child);
		free(x);
		x = next;
	}
}

static int fail(struct reader *r, unsigned int line, unsigned int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail(struct reader *r, unsigned int line, unsigned int col, const char *fmt, ...)
{
	va_list ap;

	if (r->rc == 0)
		r->rc = POL_EFORMAT;
	va_start(ap, fmt);
	pol_err_vadd(r->err, POL_SEV_ERROR, POL_EFORMAT, r->name, line, col, fmt, ap);
	va_end(ap);
	return POL_EFORMAT;
}

static void advance(struct reader *r)
{
	if (*r->p == '\n') {
		r->line++;
		r->col = 1;
	} else {
		r->col++;
	}
	r->p++;
}

static void skip_blank(struct reader *r)
{
	while (r->p < r->end) {
		if (*r->p == ';')
			while (r->p < r->end && *r->p != '\n')
				advance(r);
		else if (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
			advance(r);
		else
			break;
	}
}

/* The next node, or NULL at a ')' or the end (or after an error). */
static struct sx *read_sx(struct reader *r, unsigned int depth)
{
	struct sx *x, **tail;

	skip_blank(r);
	if (r->p >= r->end || *r->p == ')' || r->rc)
		return NULL;
	x = calloc(1, sizeof(*x));
	if (!x) {
		r->rc = pol_err_set(r->err, -ENOMEM, "out of memory");
		return NULL;
	}
	x->line = r->line;
	x->col = r->col;
	if (*r->p != '(') {
		x->atom = r->p;
		while (r->p < r->end && !strchr(" \t\r\n();\"", *r->p))
			advance(r);
		x->len = (size_t)(r->p - x->atom);
		if (x->len == 0) {
			fail(r, r->line, r->col, "unexpected '%c'", *r->p);
			free(x);
			return NULL;
		}
		return x;
	}
	if (depth > 64) {
		fail(r, x->line, x->col, "lists nested too deeply");
		free(x);
		return NULL;
	}
	advance(r);
	tail = &x->child;
	while ((*tail = read_sx(r, depth + 1)))
		tail = &(*tail)->next;
	if (r->rc) {
		sx_free(x);
		return NULL;
	}
	if (r->p >= r->end) {
		fail(r, x->line, x->col, "this '(' is never closed");
		sx_free(x);
		return NULL;
	}
	advance(r);
	return x;
}

static bool is(const struct sx *x, const char *word)
{
	return x && x->atom && x->len == strlen(word) && memcmp(x->atom, word, x->len) == 0;
}

static size_t count(const struct sx *x)
{
	size_t n = 0;

	for (; x; x = x->next)
		n++;
	return n;
}

static int unsupported(struct reader *r, const struct sx *x, const char *what)
{
	return fail(r, x->line, x->col, "%s", what);
}

/* A type or attribute name, or self. */
static void put_type(struct reader *r, struct pol_buf *b, const struct sx *x)
{
	if (!x->atom) {
		unsupported(r, x,
			    "a neverallow's source and target are names (a type, a typeattribute "
			    "or self), not expressions");
		return;
	}
	pol_buf_printf(b, " %.*s", (int)x->len, x->atom);
}

/* Names as "{ a b }"; "all" as "*". */
static void put_perm_names(struct reader *r, struct pol_buf *b, const struct sx *list)
{
	if (count(list) == 1 && is(list, "all")) {
		pol_buf_printf(b, "*");
		return;
	}
	pol_buf_printf(b, "{");
	for (const struct sx *x = list; x; x = x->next) {
		if (!x->atom || is(x, "all")) {
			unsupported(
			    r, x, "only a list of permissions, (all) or (not (...)) is read here");
			return;
		}
		pol_buf_printf(b, " %.*s", (int)x->len, x->atom);
	}
	pol_buf_printf(b, " }");
}

/* (CLASS (PERMS)) as "CLASS PERMS". */
static void put_classperms(struct reader *r, struct pol_buf *b, const struct sx *x)
{
	const struct sx *perms = x->child ? x->child->next : NULL;

	if (x->atom || !x->child || !x->child->atom || !perms || perms->atom || perms->next) {
		unsupported(
		    r, x,
		    "expected (CLASS (PERMISSIONS)); named classpermission sets are not read here");
		return;
	}
	pol_buf_printf(b, ":%.*s ", (int)x->child->len, x->child->atom);
	if (is(perms->child, "not") && count(perms->child) == 2 && !perms->child->next->atom) {
		pol_buf_printf(b, "~");
		put_perm_names(r, b, perms->child->next->child);
		return;
	}
	put_perm_names(r, b, perms->child);
}

/* An ioctl number or (range A B) as "A" or "A-B"; false when x is not one. */
static bool put_xrange(struct pol_buf *b, const struct sx *x)
{
	if (x->atom) {
		pol_buf_printf(b, " %.*s", (int)x->len, x->atom);
		return true;
	}
	if (!is(x->child, "range") || count(x->child) != 3 || !x->child->next->atom ||
	    !x->child->next->next->atom)
		return false;
	pol_buf_printf(b, " %.*s-%.*s", (int)x->child->next->len, x->child->next->atom,
		       (int)x->child->next->next->len, x->child->next->next->atom);
	return true;
}

/* The ioctl commands of x, inside braces: numbers, ranges, (or ...). */
static bool put_xunion(struct pol_buf *b, const struct sx *x)
{
	if (x->atom || is(x->child, "range"))
		return put_xrange(b, x);
	if (is(x->child, "or"))
		x = x->child->next;
	else if (x->child && (is(x->child, "not") || is(x->child, "and") || is(x->child, "xor") ||
			      is(x->child, "all")))
		return false;
	else
		x = x->child;
	for (; x; x = x->next)
		if (!put_xunion(b, x))
			return false;
	return true;
}

/* (ioctl CLASS XPERMS) as "CLASS ioctl XPERMS". */
static void put_xperms(struct reader *r, struct pol_buf *b, const struct sx *x)
{
	const struct sx *kind = x->child, *cls = kind ? kind->next : NULL;
	const struct sx *set = cls ? cls->next : NULL;
	bool tilde = false;

	if (x->atom || !kind || !kind->atom || !cls || !cls->atom || !set || set->next) {
		unsupported(r, x, "expected (ioctl CLASS (COMMANDS))");
		return;
	}
	pol_buf_printf(b, ":%.*s %.*s ", (int)cls->len, cls->atom, (int)kind->len, kind->atom);
	if (!set->atom && is(set->child, "all") && !set->child->next) {
		pol_buf_printf(b, "~{ }");
		return;
	}
	if (!set->atom && is(set->child, "not") && count(set->child) == 2) {
		tilde = true;
		set = set->child->next;
	}
	pol_buf_printf(b, "%s{", tilde ? "~" : "");
	if (!put_xunion(b, set))
		unsupported(r, set,
			    "only numbers, (range A B), (or ...), (not ...) and (all) are read in "
			    "a neverallowx's commands");
	pol_buf_printf(b, " }");
}

/* One top-level statement as a line of the policy language. */
static void put_statement(struct reader *r, struct pol_buf *b, const struct sx *x)
{
	const struct sx *kw = x->child;
	bool xperm = is(kw, "neverallowx");

	if (x->atom || !(is(kw, "neverallow") || xperm)) {
		unsupported(r, x,
			    "only neverallow and neverallowx statements can be checked against a "
			    "built policy");
		return;
	}
	if (count(kw) != 4) {
		unsupported(r, x, "expected (neverallow SOURCE TARGET (CLASS (PERMISSIONS)))");
		return;
	}
	pol_buf_printf(b, "#line %u \"%s\"\n%*s%s", x->line, r->name, (int)x->col - 1, "",
		       xperm ? "neverallowxperm" : "neverallow");
	put_type(r, b, kw->next);
	put_type(r, b, kw->next->next);
	if (xperm)
		put_xperms(r, b, kw->next->next->next);
	else
		put_classperms(r, b, kw->next->next->next);
	pol_buf_printf(b, ";\n");
}

int pol_source_cil_neverallows(const char *name, const char *text, size_t len, char **out,
			       size_t *out_len, struct pol_err *err)
{
	struct reader r = {
	    .name = name, .p = text, .end = text + len, .line = 1, .col = 1, .err = err};
	struct pol_buf b = POL_BUF_INIT;
	struct sx *x;

	if (strpbrk(name, "\"\\\n"))
		return pol_err_set(err, POL_EINVAL, "cannot name the CIL file '%s' in line marks",
				   name);
	while ((x = read_sx(&r, 0))) {
		put_statement(&r, &b, x);
		sx_free(x);
	}
	if (!r.rc && r.p < r.end)
		fail(&r, r.line, r.col, "unexpected '%c'", *r.p);
	if (r.rc || b.failed) {
		pol_buf_release(&b);
		return r.rc ? r.rc : pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out_len = b.len;
	*out = b.len ? pol_buf_detach(&b) : strdup("");
	return *out ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
}
