// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading apply files in `semanage export` syntax. Each line is one semanage
 * command without its "semanage" word, its options as semanage's argparse
 * takes them (short and long forms, "--opt=value", "-tTYPE", flags joined as
 * "-aN"). Words are split as a POSIX shell splits them rather than as
 * `semanage import` does (it splits on blanks and strips quotes, so a quoted
 * regex containing two spaces comes back with one): what semanage export
 * prints reads back the same either way.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/apply.h"
#include "store/apply-internal.h"
#include "util/array.h"
#include "util/buf.h"
#include "util/err.h"
#include "util/suggest.h"

static const char *const kind_names[POL_STORE_APPLY_NKINDS] = {
    "boolean",	"login",  "interface", "user",	 "port",       "node",
    "fcontext", "module", "ibendport", "ibpkey", "permissive", "dontaudit",
};

static const char *const op_names[] = {
    "add", "modify", "delete", "deleteall", "enable", "disable", "set",
};

const char *pol_store_apply_kind_name(enum pol_store_apply_kind kind)
{
	return (unsigned)kind < POL_STORE_APPLY_NKINDS ? kind_names[kind] : "?";
}

const char *pol_store_apply_op_name(enum pol_store_apply_op op)
{
	return (unsigned)op < sizeof(op_names) / sizeof(op_names[0]) ? op_names[op] : "?";
}

/* ---- words ---- */

struct word {
	char *s;
	unsigned int line, col;
};

struct lexer {
	const char *file;
	const char *p, *end;
	unsigned int line, col;
	struct pol_err *err;
};

static void lx_advance(struct lexer *lx)
{
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->p++;
}

static void words_free(struct word *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(w[i].s);
	free(w);
}

/*
 * The words of the next command, up to an unquoted newline. Returns 0 with
 * *n words (0 for a blank or comment line), 1 at the end of the text,
 * POL_EFORMAT for an unterminated quote (reported; the rest of the text is
 * consumed), -ENOMEM.
 */
static int next_command(struct lexer *lx, struct word **out, size_t *n, unsigned int *line)
{
	struct word *w = NULL;
	size_t alloc = 0, count = 0;
	int rc = 0;

	*line = lx->line;
	if (lx->p >= lx->end)
		return 1;
	while (lx->p < lx->end) {
		struct pol_buf b = POL_BUF_INIT;
		unsigned int wline, wcol;
		char c = *lx->p;

		if (c == '\n') {
			lx_advance(lx);
			break;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
			lx_advance(lx);
			continue;
		}
		if (c == '\\' && lx->p + 1 < lx->end && lx->p[1] == '\n') {
			lx_advance(lx);
			lx_advance(lx);
			continue;
		}
		if (c == '#') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx_advance(lx);
			continue;
		}
		wline = lx->line;
		wcol = lx->col;
		pol_buf_add(&b, "", 0);
		while (lx->p < lx->end) {
			c = *lx->p;
			if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
			    c == '\f')
				break;
			if (c == '\'' || c == '"') {
				char q = c;
				unsigned int ql = lx->line, qc = lx->col;

				lx_advance(lx);
				while (lx->p < lx->end && *lx->p != q) {
					if (q == '"' && *lx->p == '\\' && lx->p + 1 < lx->end &&
					    strchr("\\\"$`\n", lx->p[1])) {
						lx_advance(lx);
						if (*lx->p == '\n') {
							lx_advance(lx);
							continue;
						}
					}
					pol_buf_putc(&b, *lx->p);
					lx_advance(lx);
				}
				if (lx->p >= lx->end) {
					pol_err_add(lx->err, POL_SEV_ERROR, POL_EFORMAT, lx->file,
						    ql, qc, "unterminated %s quote",
						    q == '"' ? "double" : "single");
					pol_buf_release(&b);
					rc = POL_EFORMAT;
					goto out;
				}
				lx_advance(lx);
				continue;
			}
			if (c == '\\' && lx->p + 1 < lx->end) {
				lx_advance(lx);
				if (*lx->p == '\n') {
					lx_advance(lx);
					continue;
				}
				c = *lx->p;
			} else if (c == '\0') {
				pol_err_add(lx->err, POL_SEV_ERROR, POL_EFORMAT, lx->file, lx->line,
					    lx->col, "a NUL byte in an apply file");
				pol_buf_release(&b);
				rc = POL_EFORMAT;
				while (lx->p < lx->end && *lx->p != '\n')
					lx_advance(lx);
				goto out;
			}
			pol_buf_putc(&b, c);
			lx_advance(lx);
		}
		if (b.failed || POL_ARRAY_GROW(w, count + 1, alloc) < 0) {
			pol_buf_release(&b);
			rc = -ENOMEM;
			goto out;
		}
		w[count].s = pol_buf_detach(&b);
		w[count].line = wline;
		w[count].col = wcol;
		count++;
	}
out:
	if (rc < 0 || rc == POL_EFORMAT) {
		words_free(w, count);
		return rc;
	}
	*out = w;
	*n = count;
	return 0;
}

/* ---- options ---- */

enum opt_what {
	O_ACTION,  /* sets op */
	O_FIELD,   /* stores its argument in a field */
	O_STATE,   /* boolean -1/-0 */
	O_IGNORE,  /* -N: reload is the command line's choice */
	O_LISTING, /* -l -E -C -n: not a change */
	O_STORE,   /* -S: the store is the command line's choice */
};

struct opt {
	char shrt;
	const char *lng;
	enum opt_what what;
	int arg; /* takes an argument */
	int val; /* the op, field or state */
};

#define KIND_BIT(k) (1u << (k))
#define ALL_KINDS ((1u << POL_STORE_APPLY_NKINDS) - 1)
#define NOT_MODULE (ALL_KINDS & ~KIND_BIT(POL_STORE_APPLY_MODULE))
#define TYPED                                                                                      \
	(KIND_BIT(POL_STORE_APPLY_PORT) | KIND_BIT(POL_STORE_APPLY_NODE) |                         \
	 KIND_BIT(POL_STORE_APPLY_INTERFACE) | KIND_BIT(POL_STORE_APPLY_FCONTEXT) |                \
	 KIND_BIT(POL_STORE_APPLY_IBPKEY) | KIND_BIT(POL_STORE_APPLY_IBENDPORT))
#define RANGED (TYPED | KIND_BIT(POL_STORE_APPLY_LOGIN) | KIND_BIT(POL_STORE_APPLY_USER))
#define RECORDS (RANGED | KIND_BIT(POL_STORE_APPLY_PERMISSIVE))

struct kopt {
	unsigned int kinds;
	struct opt o;
};

/* clang-format off */
static const struct kopt opts[] = {
	{ RECORDS,			{ 'a', "add", O_ACTION, 0, POL_STORE_APPLY_ADD } },
	{ RANGED | KIND_BIT(POL_STORE_APPLY_BOOLEAN),
					{ 'm', "modify", O_ACTION, 0, POL_STORE_APPLY_MODIFY } },
	{ RECORDS,			{ 'd', "delete", O_ACTION, 0, POL_STORE_APPLY_DELETE } },
	{ ALL_KINDS & ~KIND_BIT(POL_STORE_APPLY_DONTAUDIT),
					{ 'D', "deleteall", O_ACTION, 0, POL_STORE_APPLY_DELETEALL } },
	{ KIND_BIT(POL_STORE_APPLY_MODULE), { 'a', "add", O_ACTION, 1, POL_STORE_APPLY_ADD } },
	{ KIND_BIT(POL_STORE_APPLY_MODULE), { 'r', "remove", O_ACTION, 1, POL_STORE_APPLY_DELETE } },
	{ KIND_BIT(POL_STORE_APPLY_MODULE), { 'd', "disable", O_ACTION, 1, POL_STORE_APPLY_DISABLE } },
	{ KIND_BIT(POL_STORE_APPLY_MODULE), { 'e', "enable", O_ACTION, 1, POL_STORE_APPLY_ENABLE } },
	{ KIND_BIT(POL_STORE_APPLY_MODULE), { 'P', "priority", O_FIELD, 1, POL_STORE_APPLY_PRIORITY } },
	{ TYPED,			{ 't', "type", O_FIELD, 1, POL_STORE_APPLY_TYPE } },
	{ RANGED,			{ 'r', "range", O_FIELD, 1, POL_STORE_APPLY_RANGE } },
	{ KIND_BIT(POL_STORE_APPLY_LOGIN) | KIND_BIT(POL_STORE_APPLY_FCONTEXT),
					{ 's', "seuser", O_FIELD, 1, POL_STORE_APPLY_SEUSER } },
	{ KIND_BIT(POL_STORE_APPLY_USER), { 'L', "level", O_FIELD, 1, POL_STORE_APPLY_LEVEL } },
	{ KIND_BIT(POL_STORE_APPLY_USER), { 'R', "roles", O_FIELD, 1, POL_STORE_APPLY_ROLES } },
	{ KIND_BIT(POL_STORE_APPLY_USER), { 'P', "prefix", O_FIELD, 1, POL_STORE_APPLY_PREFIX } },
	{ KIND_BIT(POL_STORE_APPLY_PORT) | KIND_BIT(POL_STORE_APPLY_NODE),
					{ 'p', "proto", O_FIELD, 1, POL_STORE_APPLY_PROTO } },
	{ KIND_BIT(POL_STORE_APPLY_NODE), { 'M', "netmask", O_FIELD, 1, POL_STORE_APPLY_MASK } },
	{ KIND_BIT(POL_STORE_APPLY_FCONTEXT), { 'f', "ftype", O_FIELD, 1, POL_STORE_APPLY_FTYPE } },
	{ KIND_BIT(POL_STORE_APPLY_FCONTEXT), { 'e', "equal", O_FIELD, 1, POL_STORE_APPLY_EQUAL } },
	{ KIND_BIT(POL_STORE_APPLY_IBPKEY), { 'x', "subnet_prefix", O_FIELD, 1, POL_STORE_APPLY_SUBNET } },
	{ KIND_BIT(POL_STORE_APPLY_IBENDPORT), { 'z', "ibdev_name", O_FIELD, 1, POL_STORE_APPLY_IBDEV } },
	{ KIND_BIT(POL_STORE_APPLY_BOOLEAN), { '1', "on", O_STATE, 0, 1 } },
	{ KIND_BIT(POL_STORE_APPLY_BOOLEAN), { '0', "off", O_STATE, 0, 0 } },
	{ ALL_KINDS,			{ 'N', "noreload", O_IGNORE, 0, 0 } },
	{ ALL_KINDS,			{ 'S', "store", O_STORE, 1, 0 } },
	{ ALL_KINDS & ~KIND_BIT(POL_STORE_APPLY_DONTAUDIT),
					{ 'l', "list", O_LISTING, 0, 0 } },
	{ NOT_MODULE & ~KIND_BIT(POL_STORE_APPLY_DONTAUDIT) & ~KIND_BIT(POL_STORE_APPLY_PERMISSIVE),
					{ 'E', "extract", O_LISTING, 0, 0 } },
	{ ALL_KINDS & ~KIND_BIT(POL_STORE_APPLY_DONTAUDIT) & ~KIND_BIT(POL_STORE_APPLY_PERMISSIVE),
					{ 'C', "locallist", O_LISTING, 0, 0 } },
	{ ALL_KINDS & ~KIND_BIT(POL_STORE_APPLY_DONTAUDIT),
					{ 'n', "noheading", O_LISTING, 0, 0 } },
};
/* clang-format on */

static const struct opt *find_short(enum pol_store_apply_kind kind, char c)
{
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if ((opts[i].kinds & KIND_BIT(kind)) && opts[i].o.shrt == c)
			return &opts[i].o;
	return NULL;
}

static const struct opt *find_long(enum pol_store_apply_kind kind, const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if ((opts[i].kinds & KIND_BIT(kind)) && strlen(opts[i].o.lng) == len &&
		    !memcmp(opts[i].o.lng, name, len))
			return &opts[i].o;
	return NULL;
}

/* One command line being read into changes. */
struct cmd {
	const char *file;
	struct pol_err *err;
	struct pol_store_change ch;
	bool have_op;
	struct pol_store_apply_value *names; /* positional words */
	size_t nnames, anames;
	unsigned int op_col;
	int bad;
};

static int cmd_error(struct cmd *c, unsigned int line, unsigned int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int cmd_error(struct cmd *c, unsigned int line, unsigned int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pol_err_vadd(c->err, POL_SEV_ERROR, POL_EFORMAT, c->file, line, col, fmt, ap);
	va_end(ap);
	c->bad = POL_EFORMAT;
	return POL_EFORMAT;
}

static int set_field(struct cmd *c, int field, const struct word *w, const char *val,
		     const char *spelt)
{
	struct pol_store_apply_value *v = &c->ch.f[field];
	char *s;

	if (v->str && field == POL_STORE_APPLY_ROLES) {
		/* semanage takes -R several times and joins the roles */
		size_t a = strlen(v->str), b = strlen(val);

		s = malloc(a + b + 2);
		if (!s)
			return -ENOMEM;
		memcpy(s, v->str, a);
		s[a] = ' ';
		memcpy(s + a + 1, val, b + 1);
		free(v->str);
		v->str = s;
		return 0;
	}
	if (v->str)
		return cmd_error(c, w->line, w->col, "'%s' given twice", spelt);
	s = strdup(val);
	if (!s)
		return -ENOMEM;
	v->str = s;
	v->line = w->line;
	v->col = w->col + (unsigned int)(val - w->s);
	return 0;
}

static int add_name(struct cmd *c, const struct word *w, const char *val)
{
	char *s = strdup(val);

	if (!s || POL_ARRAY_GROW(c->names, c->nnames + 1, c->anames) < 0) {
		free(s);
		return -ENOMEM;
	}
	c->names[c->nnames].str = s;
	c->names[c->nnames].line = w->line;
	c->names[c->nnames].col = w->col + (unsigned int)(val - w->s);
	c->nnames++;
	return 0;
}

/* Apply option o, spelt as spelt, with its argument arg (from word aw). */
static int take_opt(struct cmd *c, const struct opt *o, const char *spelt, const struct word *w,
		    const struct word *aw, const char *arg)
{
	switch (o->what) {
	case O_ACTION:
		if (c->have_op && !(c->ch.op == (enum pol_store_apply_op)o->val))
			return cmd_error(c, w->line, w->col,
					 "'%s' conflicts with the action given before it", spelt);
		c->have_op = true;
		c->ch.op = o->val;
		c->op_col = w->col;
		return o->arg ? add_name(c, aw, arg) : 0;
	case O_FIELD:
		return set_field(c, o->val, aw, arg, spelt);
	case O_STATE:
		c->ch.value = o->val;
		return 0;
	case O_IGNORE:
		return 0;
	case O_LISTING:
		return cmd_error(c, w->line, w->col,
				 "'%s' lists the store; an apply file only holds changes", spelt);
	case O_STORE:
		return cmd_error(c, w->line, w->col,
				 "'%s' in an apply file: the store is chosen on the command line "
				 "(sestore -S)",
				 spelt);
	}
	return 0;
}

/* Read the options and positional words of one command (after its kind). */
static int read_args(struct cmd *c, struct word *w, size_t n)
{
	bool dashdash = false;
	int rc;

	for (size_t i = 1; i < n; i++) {
		const char *s = w[i].s;

		if (dashdash || s[0] != '-' || !s[1]) {
			if ((rc = add_name(c, &w[i], s)) < 0)
				return rc;
			continue;
		}
		if (!strcmp(s, "--")) {
			dashdash = true;
			continue;
		}
		if (s[1] == '-') {
			const char *eq = strchr(s + 2, '=');
			size_t len = eq ? (size_t)(eq - s - 2) : strlen(s + 2);
			const struct opt *o = find_long(c->ch.kind, s + 2, len);
			char spelt[64];

			snprintf(spelt, sizeof(spelt), "--%.*s", (int)(len < 40 ? len : 40), s + 2);
			if (!o) {
				cmd_error(c, w[i].line, w[i].col, "unknown option '%s' for '%s'",
					  spelt, kind_names[c->ch.kind]);
				continue;
			}
			if (o->arg && eq) {
				rc = take_opt(c, o, spelt, &w[i], &w[i], eq + 1);
			} else if (o->arg) {
				if (i + 1 >= n) {
					cmd_error(c, w[i].line, w[i].col, "'%s' needs a value",
						  spelt);
					continue;
				}
				i++;
				rc = take_opt(c, o, spelt, &w[i - 1], &w[i], w[i].s);
			} else if (eq) {
				rc =
				    cmd_error(c, w[i].line, w[i].col, "'%s' takes no value", spelt);
			} else {
				rc = take_opt(c, o, spelt, &w[i], &w[i], NULL);
			}
			if (rc < 0 && rc != POL_EFORMAT)
				return rc;
			continue;
		}
		for (const char *p = s + 1; *p; p++) {
			const struct opt *o = find_short(c->ch.kind, *p);
			char spelt[3] = {'-', *p, 0};
			struct word sub = w[i];

			if (p > s + 1)
				sub.col = w[i].col + (unsigned int)(p - s);
			if (!o) {
				cmd_error(c, w[i].line, sub.col, "unknown option '-%c' for '%s'",
					  *p, kind_names[c->ch.kind]);
				break;
			}
			if (!o->arg) {
				rc = take_opt(c, o, spelt, &sub, &sub, NULL);
			} else if (p[1]) {
				rc = take_opt(c, o, spelt, &sub, &w[i], p + 1);
				p += strlen(p) - 1;
			} else if (i + 1 < n) {
				i++;
				rc = take_opt(c, o, spelt, &sub, &w[i], w[i].s);
				if (rc < 0 && rc != POL_EFORMAT)
					return rc;
				break;
			} else {
				rc = cmd_error(c, w[i].line, sub.col, "'%s' needs a value", spelt);
			}
			if (rc < 0 && rc != POL_EFORMAT)
				return rc;
		}
	}
	return 0;
}

/* ---- checks ---- */

static int parse_number(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!*s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "80" or "8080-8090" into lo..hi (max for both ends). */
static int parse_range(struct cmd *c, const struct pol_store_apply_value *v, unsigned long max,
		       const char *what)
{
	const char *dash = strchr(v->str, '-');
	unsigned long lo, hi;
	char first[32];

	if (dash && (size_t)(dash - v->str) < sizeof(first)) {
		memcpy(first, v->str, (size_t)(dash - v->str));
		first[dash - v->str] = 0;
		if (parse_number(first, max, &lo) < 0 || parse_number(dash + 1, max, &hi) < 0)
			goto bad;
	} else if (dash || parse_number(v->str, max, &lo) < 0) {
		goto bad;
	} else {
		hi = lo;
	}
	if (lo > hi)
		return cmd_error(c, v->line, v->col, "%s range '%s' ends before it starts", what,
				 v->str);
	c->ch.lo = (unsigned int)lo;
	c->ch.hi = (unsigned int)hi;
	return 0;
bad:
	return cmd_error(c, v->line, v->col, "invalid %s '%s': a number or LOW-HIGH up to %lu",
			 what, v->str, max);
}

static int one_of(struct cmd *c, int field, const char *const *allowed, const char *what)
{
	const struct pol_store_apply_value *v = &c->ch.f[field];

	if (!v->str)
		return 0;
	for (size_t i = 0; allowed[i]; i++)
		if (!strcmp(v->str, allowed[i]))
			return 0;
	return cmd_error(c, v->line, v->col, "invalid %s '%s'", what, v->str);
}

static int need(struct cmd *c, int field, const char *spelt)
{
	if (c->ch.f[field].str)
		return 0;
	return cmd_error(c, c->ch.line, c->op_col ? c->op_col : c->ch.col, "'%s %s' needs %s",
			 kind_names[c->ch.kind], op_names[c->ch.op], spelt);
}

static int check_change(struct cmd *c)
{
	static const char *const ftypes[] = {"a", "f", "d", "c", "b", "s", "l", "p", NULL};
	static const char *const port_protos[] = {"tcp", "udp", "dccp", "sctp", NULL};
	static const char *const node_protos[] = {"ipv4", "ipv6", NULL};
	struct pol_store_change *ch = &c->ch;
	enum pol_store_apply_op op = ch->op;
	bool keyed = op == POL_STORE_APPLY_ADD || op == POL_STORE_APPLY_MODIFY ||
		     op == POL_STORE_APPLY_DELETE;

	if (op == POL_STORE_APPLY_DELETEALL) {
		if (ch->f[POL_STORE_APPLY_NAME].str)
			return cmd_error(c, ch->f[0].line, ch->f[0].col,
					 "'%s -D' takes no name: it removes every local %s",
					 kind_names[ch->kind], kind_names[ch->kind]);
		return 0;
	}
	if (keyed && ch->kind != POL_STORE_APPLY_MODULE && !ch->f[POL_STORE_APPLY_NAME].str)
		return need(c, POL_STORE_APPLY_NAME, "a name");
	switch (ch->kind) {
	case POL_STORE_APPLY_BOOLEAN:
		if (ch->value < 0)
			return cmd_error(c, ch->line, ch->col, "'boolean -m' needs --on or --off");
		break;
	case POL_STORE_APPLY_LOGIN:
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_SEUSER, "an SELinux user (-s)");
		break;
	case POL_STORE_APPLY_USER:
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_ROLES, "roles (-R)");
		break;
	case POL_STORE_APPLY_PORT:
		need(c, POL_STORE_APPLY_PROTO, "a protocol (-p)");
		one_of(c, POL_STORE_APPLY_PROTO, port_protos, "protocol");
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_TYPE, "a type (-t)");
		parse_range(c, &ch->f[POL_STORE_APPLY_NAME], 65535, "port");
		break;
	case POL_STORE_APPLY_IBPKEY:
		need(c, POL_STORE_APPLY_SUBNET, "a subnet prefix (-x)");
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_TYPE, "a type (-t)");
		parse_range(c, &ch->f[POL_STORE_APPLY_NAME], 65535, "pkey");
		break;
	case POL_STORE_APPLY_IBENDPORT:
		need(c, POL_STORE_APPLY_IBDEV, "a device name (-z)");
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_TYPE, "a type (-t)");
		parse_range(c, &ch->f[POL_STORE_APPLY_NAME], 255, "port");
		break;
	case POL_STORE_APPLY_NODE:
		need(c, POL_STORE_APPLY_MASK, "a netmask (-M)");
		need(c, POL_STORE_APPLY_PROTO, "a protocol (-p)");
		one_of(c, POL_STORE_APPLY_PROTO, node_protos, "protocol");
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_TYPE, "a type (-t)");
		break;
	case POL_STORE_APPLY_INTERFACE:
		if (op == POL_STORE_APPLY_ADD)
			need(c, POL_STORE_APPLY_TYPE, "a type (-t)");
		break;
	case POL_STORE_APPLY_FCONTEXT:
		one_of(c, POL_STORE_APPLY_FTYPE, ftypes, "file type (one of a f d c b s l p)");
		if (ch->f[POL_STORE_APPLY_EQUAL].str) {
			if (op == POL_STORE_APPLY_DELETE)
				break;
			if (ch->f[POL_STORE_APPLY_TYPE].str || ch->f[POL_STORE_APPLY_FTYPE].str)
				return cmd_error(c, ch->line, ch->col,
						 "an equivalence (-e) takes no type or file type");
		} else if (op == POL_STORE_APPLY_ADD) {
			need(c, POL_STORE_APPLY_TYPE, "a type (-t)");
		}
		break;
	case POL_STORE_APPLY_MODULE:
		if (ch->f[POL_STORE_APPLY_PRIORITY].str) {
			unsigned long prio;

			if (parse_number(ch->f[POL_STORE_APPLY_PRIORITY].str, 999, &prio) < 0 ||
			    !prio)
				return cmd_error(c, ch->f[POL_STORE_APPLY_PRIORITY].line,
						 ch->f[POL_STORE_APPLY_PRIORITY].col,
						 "invalid priority '%s': a number from 1 to 999",
						 ch->f[POL_STORE_APPLY_PRIORITY].str);
		}
		break;
	case POL_STORE_APPLY_PERMISSIVE:
	case POL_STORE_APPLY_DONTAUDIT:
	case POL_STORE_APPLY_NKINDS:
		break;
	}
	return c->bad;
}

int store_apply_check(const char *file, struct pol_store_change *ch, struct pol_err *err)
{
	struct cmd c = {.file = file, .err = err, .ch = *ch};
	int rc = check_change(&c);

	ch->lo = c.ch.lo;
	ch->hi = c.ch.hi;
	return rc;
}

void store_apply_change_release(struct pol_store_change *ch)
{
	for (int i = 0; i < POL_STORE_APPLY_NFIELDS; i++)
		free(ch->f[i].str);
}

static int push(struct pol_store_changes *list, const struct pol_store_change *ch)
{
	if (POL_ARRAY_GROW(list->v, list->n + 1, list->alloc) < 0)
		return -ENOMEM;
	list->v[list->n++] = *ch;
	return 0;
}

static int copy_change(struct pol_store_change *dst, const struct pol_store_change *src)
{
	*dst = *src;
	for (int i = 0; i < POL_STORE_APPLY_NFIELDS; i++) {
		if (!src->f[i].str)
			continue;
		if (!(dst->f[i].str = strdup(src->f[i].str))) {
			while (i-- > 0)
				free(dst->f[i].str);
			return -ENOMEM;
		}
	}
	return 0;
}

/* The kind word: one of the names, or an error with a suggestion. */
static int read_kind(struct cmd *c, const struct word *w)
{
	struct pol_suggest sg;

	for (int k = 0; k < POL_STORE_APPLY_NKINDS; k++) {
		if (!strcmp(w->s, kind_names[k])) {
			c->ch.kind = k;
			return 0;
		}
	}
	cmd_error(c, w->line, w->col, "unknown kind '%s'", w->s);
	pol_suggest_init(&sg, w->s);
	for (int k = 0; k < POL_STORE_APPLY_NKINDS; k++)
		pol_suggest_offer(&sg, kind_names[k]);
	if (!strcmp(w->s, "semanage"))
		pol_err_add(c->err, POL_SEV_NOTE, POL_EFORMAT, c->file, w->line, w->col,
			    "write each line without the 'semanage' word, as semanage export does");
	else
		pol_suggest_note(&sg, c->err, POL_EFORMAT, c->file, w->line, w->col);
	return POL_EFORMAT;
}

/* The changes of one command: one for most, one per module name for module -r/-d/-e. */
static int read_command(struct cmd *c, struct word *w, size_t n, struct pol_store_changes *list)
{
	int rc;

	c->ch.line = w[0].line;
	c->ch.col = w[0].col;
	c->ch.value = -1;
	if (read_kind(c, &w[0]))
		return POL_EFORMAT;
	if ((rc = read_args(c, w, n)) < 0)
		return rc;
	if (c->ch.kind == POL_STORE_APPLY_DONTAUDIT) {
		if (c->nnames != 1 ||
		    (strcmp(c->names[0].str, "on") && strcmp(c->names[0].str, "off")))
			return cmd_error(c, w[0].line, w[0].col, "'dontaudit' needs on or off");
		c->have_op = true;
		c->ch.op = POL_STORE_APPLY_SET;
		c->ch.value = !strcmp(c->names[0].str, "on");
		if (c->bad)
			return c->bad;
		if ((rc = push(list, &c->ch)) < 0)
			return rc;
		memset(&c->ch, 0, sizeof(c->ch));
		return 0;
	}
	if (!c->have_op) {
		if (c->ch.kind == POL_STORE_APPLY_BOOLEAN && c->ch.value >= 0) {
			c->ch.op =
			    POL_STORE_APPLY_MODIFY; /* setsebool's habit: "boolean --on NAME" */
		} else {
			return cmd_error(
			    c, w[0].line, w[0].col, "'%s' needs an action (%s)",
			    kind_names[c->ch.kind],
			    c->ch.kind == POL_STORE_APPLY_MODULE    ? "-a, -r, -d, -e or -D"
			    : c->ch.kind == POL_STORE_APPLY_BOOLEAN ? "-m or -D"
								    : "-a, -m, -d or -D");
		}
	}
	if (c->bad)
		return c->bad;
	if (c->ch.kind != POL_STORE_APPLY_MODULE || c->ch.op == POL_STORE_APPLY_DELETEALL) {
		if (c->nnames > 1)
			return cmd_error(c, c->names[1].line, c->names[1].col,
					 "unexpected word '%s'", c->names[1].str);
		if (c->nnames == 1) {
			c->ch.f[POL_STORE_APPLY_NAME] = c->names[0];
			c->nnames = 0;
		}
		if ((rc = check_change(c)))
			return rc;
		if ((rc = push(list, &c->ch)) < 0)
			return rc;
		memset(&c->ch, 0, sizeof(c->ch));
		return 0;
	}
	if (c->ch.op == POL_STORE_APPLY_ADD && c->nnames > 1)
		return cmd_error(c, c->names[1].line, c->names[1].col,
				 "'module -a' installs one file; give one line per module");
	if (!c->nnames)
		return need(c, POL_STORE_APPLY_NAME, "a module");
	if ((rc = check_change(c)))
		return rc;
	for (size_t i = 0; i < c->nnames; i++) {
		struct pol_store_change one;

		if ((rc = copy_change(&one, &c->ch)) < 0)
			return rc;
		one.f[POL_STORE_APPLY_NAME] = c->names[i];
		c->names[i].str = NULL;
		if ((rc = push(list, &one)) < 0) {
			store_apply_change_release(&one);
			return rc;
		}
	}
	return 0;
}

static void cmd_release(struct cmd *c)
{
	store_apply_change_release(&c->ch);
	for (size_t i = 0; i < c->nnames; i++)
		free(c->names[i].str);
	free(c->names);
}

void pol_store_changes_free(struct pol_store_changes *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		store_apply_change_release(&c->v[i]);
	free(c->v);
	free(c->file);
	free(c);
}

int store_apply_parse_text(struct pol_store_changes *list, const char *text, size_t len,
			   struct pol_err *err)
{
	struct lexer lx = {list->file, text, text + len, 1, 1, err};
	int status = 0, rc;

	for (;;) {
		struct word *w = NULL;
		size_t n = 0;
		unsigned int line;
		struct cmd c;

		rc = next_command(&lx, &w, &n, &line);
		if (rc == 1)
			break;
		if (rc == POL_EFORMAT) {
			status = POL_EFORMAT;
			continue;
		}
		if (rc < 0)
			return rc;
		if (!n) {
			free(w);
			continue;
		}
		memset(&c, 0, sizeof(c));
		c.file = list->file;
		c.err = err;
		rc = read_command(&c, w, n, list);
		cmd_release(&c);
		words_free(w, n);
		if (rc == -ENOMEM)
			return rc;
		if (rc)
			status = POL_EFORMAT;
	}
	return status;
}

int pol_store_apply_parse(const char *file, const char *text, size_t len,
			  struct pol_store_changes **out, struct pol_err *err)
{
	struct pol_store_changes *list = calloc(1, sizeof(*list));
	size_t i = 0;
	int status;

	if (!list || !(list->file = strdup(file ? file : "-"))) {
		free(list);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	while (i < len && strchr(" \t\r\n", text[i]) && text[i])
		i++;
	/* a JSON document, as sestore writes them, or lines */
	if (i < len && text[i] == '{')
		status = store_apply_parse_json(list, text, len, err);
	else
		status = store_apply_parse_text(list, text, len, err);
	if (status) {
		if (status == -ENOMEM)
			pol_err_set(err, -ENOMEM, "out of memory");
		pol_store_changes_free(list);
		return status < 0 ? status : POL_EFORMAT;
	}
	*out = list;
	return 0;
}
