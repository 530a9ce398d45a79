/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Pieces many statements share: names, name lists and sets, numbers,
 * paths, MLS levels and ranges, security contexts. */
#include <stdio.h>
#include <string.h>

#include "source/parse-internal.h"

static bool take_id(struct parser *p, struct src_id *out)
{
	out->name = ps_strndup(p, p->tok.text, p->tok.len);
	out->loc = p->tok.loc;
	ps_next(p);
	return out->name != NULL;
}

bool src_parse_id(struct parser *p, struct src_id *out, const char *what)
{
	if (!ps_at(p, T_IDENT))
		return ps_expected(p, what);
	return take_id(p, out);
}

static bool push_id(struct parser *p, const char *what)
{
	struct src_id id;

	return src_parse_id(p, &id, what) && src_scratch_push(p, &id, sizeof(id));
}

bool src_parse_id_list(struct parser *p, struct src_id **ids, size_t *n, const char *what)
{
	size_t mark = scratch_mark(p);

	do {
		if (!push_id(p, what)) {
			p->scratch_used = mark;
			return false;
		}
	} while (ps_at(p, T_IDENT));
	*ids = src_scratch_take(p, mark, sizeof(**ids), n);
	return !p->oom;
}

bool src_parse_id_comma_list(struct parser *p, struct src_id **ids, size_t *n, const char *what)
{
	size_t mark = scratch_mark(p);

	do {
		if (!push_id(p, what)) {
			p->scratch_used = mark;
			return false;
		}
	} while (ps_accept(p, T_COMMA));
	*ids = src_scratch_take(p, mark, sizeof(**ids), n);
	return !p->oom;
}

bool src_parse_braced_ids(struct parser *p, struct src_id **ids, size_t *n, const char *what)
{
	if (!ps_expect(p, T_LBRACE, "to start the list"))
		return false;
	if (ps_at(p, T_RBRACE))
		return ps_error(p, NULL, "expected %s, found an empty list", what);
	if (!src_parse_id_list(p, ids, n, what))
		return false;
	return ps_expect(p, T_RBRACE, "to end the list");
}

bool src_parse_plain_names(struct parser *p, struct src_id **ids, size_t *n, const char *what)
{
	if (ps_at(p, T_LBRACE))
		return src_parse_braced_ids(p, ids, n, what);
	*ids = ps_alloc(p, sizeof(**ids));
	if (!*ids)
		return false;
	*n = 1;
	return src_parse_id(p, *ids, what);
}

/* "{ a -b { c } }": the items go to the scratch area. A plain set (the
 * names of constraints) takes neither nested braces nor "-name". */
static bool nested_set(struct parser *p, const char *what, bool plain)
{
	struct src_loc open = p->tok.loc;
	size_t mark = scratch_mark(p);

	ps_next(p); /* '{' */
	if (!ps_enter(p))
		return false;
	while (!ps_at(p, T_RBRACE)) {
		struct src_set_item item = {.neg = false};

		if (!plain && ps_at(p, T_LBRACE)) {
			if (!nested_set(p, what, plain))
				goto fail;
			continue;
		}
		if (!plain && ps_accept(p, T_MINUS))
			item.neg = true;
		if (!ps_at(p, T_IDENT)) {
			char want[160];

			snprintf(want, sizeof(want), "a name or '}' in %s", what);
			ps_expected(p, want);
			goto fail;
		}
		if (!take_id(p, &item.id) || !src_scratch_push(p, &item, sizeof(item)))
			goto fail;
	}
	ps_leave(p);
	if (scratch_mark(p) == mark)
		return ps_error(p, &open, "empty set: expected %s inside the braces", what);
	ps_next(p); /* '}' */
	return true;
fail:
	ps_leave(p);
	return false;
}

static bool set(struct parser *p, struct src_set *out, const char *what, bool plain)
{
	size_t mark = scratch_mark(p);
	struct src_set_item item = {.neg = false};

	memset(out, 0, sizeof(*out));
	out->loc = p->tok.loc;
	if (ps_accept(p, T_STAR)) {
		out->star = true;
		return true;
	}
	if (ps_accept(p, T_TILDE))
		out->tilde = true;
	if (ps_at(p, T_LBRACE)) {
		if (!nested_set(p, what, plain))
			goto fail;
	} else if (ps_at(p, T_IDENT)) {
		if (!take_id(p, &item.id) || !src_scratch_push(p, &item, sizeof(item)))
			goto fail;
		/* checkpolicy's "a - b", the same as "{ a -b }" */
		if (!plain && !out->tilde && ps_accept(p, T_MINUS)) {
			item.neg = true;
			if (!ps_at(p, T_IDENT)) {
				ps_expected(p, "a name after '-'");
				goto fail;
			}
			if (!take_id(p, &item.id) || !src_scratch_push(p, &item, sizeof(item)))
				goto fail;
		}
	} else {
		char want[160];

		snprintf(want, sizeof(want), "%s (a name, '{', '*' or '~')", what);
		ps_expected(p, want);
		goto fail;
	}
	out->items = src_scratch_take(p, mark, sizeof(*out->items), &out->n);
	return !p->oom;
fail:
	p->scratch_used = mark;
	return false;
}

bool src_parse_set(struct parser *p, struct src_set *out, const char *what)
{
	return set(p, out, what, false);
}

bool src_parse_plain_set(struct parser *p, struct src_set *out, const char *what)
{
	return set(p, out, what, true);
}

bool src_parse_number(struct parser *p, uint64_t max, uint64_t *out, const char *what)
{
	const char *s = p->tok.text, *end = s + p->tok.len;
	uint64_t v = 0;
	bool overflow = false;

	if (!ps_at(p, T_NUMBER)) {
		char want[96];

		snprintf(want, sizeof(want), "a number (%s)", what);
		return ps_expected(p, want);
	}
	if (p->tok.len > 2 && s[0] == '0' && s[1] == 'x') {
		for (s += 2; s < end; s++) {
			unsigned int d = *s <= '9' ? (unsigned int)(*s - '0')
						   : (unsigned int)((*s | 0x20) - 'a' + 10);

			if (v > (UINT64_MAX >> 4))
				overflow = true;
			v = (v << 4) | d;
		}
	} else {
		/* checkpolicy reads numbers with strtoul(..., 0): a leading 0
		 * means octal */
		unsigned int base = p->tok.len > 1 && s[0] == '0' ? 8 : 10;

		for (; s < end; s++) {
			unsigned int d = (unsigned int)(*s - '0');

			if (d >= base)
				return ps_error(
				    p, NULL,
				    "%.*s is not an octal number (a leading 0 means octal)",
				    (int)(p->tok.len > 40 ? 40 : p->tok.len), p->tok.text);
			if (v > (UINT64_MAX - d) / base)
				overflow = true;
			v = v * base + d;
		}
	}
	if (overflow || v > max)
		return ps_error(p, NULL, "%s %.*s is out of range (the largest is %llu)", what,
				(int)(p->tok.len > 40 ? 40 : p->tok.len), p->tok.text,
				(unsigned long long)max);
	*out = v;
	ps_next(p);
	return true;
}

bool src_parse_bool_value(struct parser *p, bool *out)
{
	if (ps_accept(p, K_TRUE))
		*out = true;
	else if (ps_accept(p, K_FALSE))
		*out = false;
	else
		return ps_expected(p, "'true' or 'false'");
	return true;
}

bool src_parse_path(struct parser *p, const char **out)
{
	if (!ps_at(p, T_PATH) && !ps_at(p, T_QPATH))
		return ps_expected(p, "a path starting with '/'");
	if (memchr(p->tok.text, 0, p->tok.len))
		return ps_error(p, NULL, "unexpected NUL byte in a path");
	*out = ps_strndup(p, p->tok.text, p->tok.len);
	ps_next(p);
	return *out != NULL;
}

/* "c0" or "c0.c255": checkpolicy's scanner reads the range as one
 * identifier and its parser splits it at the dot. */
static bool parse_cat(struct parser *p, struct src_cat *out)
{
	const char *s = p->tok.text, *dot;
	struct src_loc loc = p->tok.loc;
	uint32_t len = p->tok.len;

	if (!ps_at(p, T_IDENT))
		return ps_expected(p, "a category or category range");
	memset(out, 0, sizeof(*out));
	dot = memchr(s, '.', len);
	out->lo.loc = loc;
	if (!dot) {
		out->lo.name = ps_strndup(p, s, len);
	} else {
		out->lo.name = ps_strndup(p, s, (size_t)(dot - s));
		out->hi.name = ps_strndup(p, dot + 1, (size_t)(s + len - dot - 1));
		out->hi.loc = loc;
		out->hi.loc.col += (uint32_t)(dot + 1 - s);
	}
	ps_next(p);
	return !p->oom;
}

bool src_parse_level(struct parser *p, struct src_level *out)
{
	memset(out, 0, sizeof(*out));
	out->loc = p->tok.loc;
	if (!src_parse_id(p, &out->sens, "a sensitivity"))
		return false;
	if (!ps_accept(p, T_COLON))
		return true;

	size_t mark = scratch_mark(p);

	do {
		struct src_cat cat;

		if (!parse_cat(p, &cat) || !src_scratch_push(p, &cat, sizeof(cat))) {
			p->scratch_used = mark;
			return false;
		}
	} while (ps_accept(p, T_COMMA));
	out->cats = src_scratch_take(p, mark, sizeof(*out->cats), &out->ncats);
	return !p->oom;
}

bool src_parse_range(struct parser *p, struct src_range *out)
{
	memset(out, 0, sizeof(*out));
	out->loc = p->tok.loc;
	if (!src_parse_level(p, &out->low))
		return false;
	if (ps_accept(p, T_MINUS)) {
		out->has_high = true;
		return src_parse_level(p, &out->high);
	}
	return true;
}

bool src_parse_context(struct parser *p, struct src_context *out)
{
	memset(out, 0, sizeof(*out));
	out->loc = p->tok.loc;
	if (!src_parse_id(p, &out->user, "a security context (user:role:type[:range])") ||
	    !ps_expect(p, T_COLON, "after the user of the context") ||
	    !src_parse_id(p, &out->role, "the role of the context") ||
	    !ps_expect(p, T_COLON, "after the role of the context") ||
	    !src_parse_id(p, &out->type, "the type of the context"))
		return false;
	if (!ps_accept(p, T_COLON))
		return true;
	out->range = ps_alloc(p, sizeof(*out->range));
	return out->range && src_parse_range(p, out->range);
}
