// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Writing changes back as apply-file lines, in the order and quoting
 * `semanage export` uses (seobject.py's customized()), so that sestore
 * export reads like semanage's and a diff between the two is empty.
 */
#include <stdbool.h>
#include <string.h>

#include "store/apply.h"
#include "util/buf.h"

/* A word as a POSIX shell reads it back: bare when it holds nothing special,
 * else in single quotes ('\'' for a quote inside). always: quote anyway, as
 * semanage quotes ranges, roles and file specs. */
static void put_word(struct pol_buf *out, const char *s, bool always)
{
	bool plain = *s && !always;

	for (const char *p = s; *p && plain; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "_-./:,%@+=",
			    *p))
			plain = false;
	if (*s == '#')
		plain = false;
	pol_buf_putc(out, ' ');
	if (plain) {
		pol_buf_puts(out, s);
		return;
	}
	pol_buf_putc(out, '\'');
	for (const char *p = s; *p; p++) {
		if (*p == '\'')
			pol_buf_puts(out, "'\\''");
		else
			pol_buf_putc(out, *p);
	}
	pol_buf_putc(out, '\'');
}

/* The positional name; "--" first when it looks like an option. */
static void put_name(struct pol_buf *out, const char *name, bool quote)
{
	if (!name)
		return;
	if (*name == '-')
		pol_buf_puts(out, " --");
	put_word(out, name, quote);
}

static void put_opt(struct pol_buf *out, const struct pol_store_change *ch, const char *opt,
		    enum pol_store_apply_field f, bool quote)
{
	if (!ch->f[f].str)
		return;
	pol_buf_putc(out, ' ');
	pol_buf_puts(out, opt);
	put_word(out, ch->f[f].str, quote);
}

static const char *op_flag(const struct pol_store_change *ch)
{
	switch (ch->op) {
	case POL_STORE_APPLY_ADD:
		return "-a";
	case POL_STORE_APPLY_MODIFY:
		return "-m";
	case POL_STORE_APPLY_DELETE:
		return ch->kind == POL_STORE_APPLY_MODULE ? "-r" : "-d";
	case POL_STORE_APPLY_DELETEALL:
		return "-D";
	case POL_STORE_APPLY_ENABLE:
		return "-e";
	case POL_STORE_APPLY_DISABLE:
		return "-d";
	case POL_STORE_APPLY_SET:
		break;
	}
	return "";
}

void pol_store_change_format(const struct pol_store_change *ch, struct pol_buf *out)
{
	const char *name = ch->f[POL_STORE_APPLY_NAME].str;

	pol_buf_puts(out, pol_store_apply_kind_name(ch->kind));
	if (ch->kind == POL_STORE_APPLY_DONTAUDIT) {
		pol_buf_puts(out, ch->value ? " on\n" : " off\n");
		return;
	}
	if (ch->kind == POL_STORE_APPLY_MODULE && ch->op != POL_STORE_APPLY_DELETEALL) {
		/* the name is the action's own value (-r NAME), never after "--";
		 * -P first, so that it is not read as the value */
		put_opt(out, ch, "-P", POL_STORE_APPLY_PRIORITY, false);
		pol_buf_putc(out, ' ');
		pol_buf_puts(out, op_flag(ch));
		put_word(out, name ? name : "", false);
		pol_buf_putc(out, '\n');
		return;
	}
	pol_buf_putc(out, ' ');
	pol_buf_puts(out, op_flag(ch));
	if (ch->op == POL_STORE_APPLY_DELETEALL) {
		pol_buf_putc(out, '\n');
		return;
	}
	switch (ch->kind) {
	case POL_STORE_APPLY_BOOLEAN:
		if (ch->value >= 0)
			pol_buf_puts(out, ch->value ? " -1" : " -0");
		break;
	case POL_STORE_APPLY_LOGIN:
		put_opt(out, ch, "-s", POL_STORE_APPLY_SEUSER, false);
		put_opt(out, ch, "-r", POL_STORE_APPLY_RANGE, true);
		break;
	case POL_STORE_APPLY_USER:
		put_opt(out, ch, "-L", POL_STORE_APPLY_LEVEL, false);
		put_opt(out, ch, "-r", POL_STORE_APPLY_RANGE, false);
		put_opt(out, ch, "-R", POL_STORE_APPLY_ROLES, true);
		put_opt(out, ch, "-P", POL_STORE_APPLY_PREFIX, false);
		break;
	case POL_STORE_APPLY_NODE:
		put_opt(out, ch, "-M", POL_STORE_APPLY_MASK, false);
		put_opt(out, ch, "-p", POL_STORE_APPLY_PROTO, false);
		put_opt(out, ch, "-t", POL_STORE_APPLY_TYPE, false);
		put_opt(out, ch, "-r", POL_STORE_APPLY_RANGE, true);
		break;
	case POL_STORE_APPLY_FCONTEXT:
		if (ch->f[POL_STORE_APPLY_EQUAL].str) {
			put_opt(out, ch, "-e", POL_STORE_APPLY_EQUAL, false);
			break;
		}
		put_opt(out, ch, "-f", POL_STORE_APPLY_FTYPE, false);
		put_opt(out, ch, "-s", POL_STORE_APPLY_SEUSER, false);
		put_opt(out, ch, "-t", POL_STORE_APPLY_TYPE, false);
		put_opt(out, ch, "-r", POL_STORE_APPLY_RANGE, true);
		put_name(out, name, true);
		pol_buf_putc(out, '\n');
		return;
	case POL_STORE_APPLY_MODULE:
	case POL_STORE_APPLY_PORT:
	case POL_STORE_APPLY_IBPKEY:
	case POL_STORE_APPLY_IBENDPORT:
	case POL_STORE_APPLY_INTERFACE:
		put_opt(out, ch, "-t", POL_STORE_APPLY_TYPE, false);
		put_opt(out, ch, "-r", POL_STORE_APPLY_RANGE, true);
		put_opt(out, ch, "-p", POL_STORE_APPLY_PROTO, false);
		put_opt(out, ch, "-x", POL_STORE_APPLY_SUBNET, false);
		put_opt(out, ch, "-z", POL_STORE_APPLY_IBDEV, false);
		break;
	case POL_STORE_APPLY_PERMISSIVE:
	case POL_STORE_APPLY_DONTAUDIT:
	case POL_STORE_APPLY_NKINDS:
		break;
	}
	put_name(out, name, false);
	pol_buf_putc(out, '\n');
}
