/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A module's requires checked against a binary policy, the installed one
 * as a rule. A module requiring a name the base lacks compiles, and only
 * semodule -i fails later, pointing into generated CIL; this says it at
 * the require's name instead.
 *
 * What a kernel binary does not tell for sure is left alone:
 * - role attributes and tunables: the kernel policy drops them;
 * - booleans: refpolicy's tunable_policy() requires tunables as "bool";
 * - names required inside optional blocks: being absent is what optional
 *   is for (semodule just leaves the block out);
 * - attributes get a note, not a warning: the module store may have one
 *   the binary dropped (secilc removes attributes no rule uses);
 * - names the module declares itself: a module calling its own interface
 *   requires its own types (refpolicy's usual style), which the installed
 *   policy has only once the module is in.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include "source/internal.h"
#include "source/source.h"
#include "util/array.h"
#include "util/suggest.h"

struct base_check {
	const struct pol_pdb *base;
	const struct src_block *top; /* the module's statements */
	const struct pol_source_options *opts;
	struct pol_err *err;
	/* "kind name" of names already reported: an interface's gen_require
	 * repeats at every call, the message need not */
	char **reported;
	size_t nreported, reported_alloc;
	bool failed; /* a warning became an error (-E) */
	bool nomem;
};

/* Whether kind/name was reported already; remembers it when not. */
static bool seen_before(struct base_check *c, const char *kind, const char *name, const char *class)
{
	char *key;

	if (asprintf(&key, "%s %s %s", kind, class ? class : "", name) < 0) {
		c->nomem = true;
		return true;
	}
	for (size_t i = 0; i < c->nreported; i++) {
		if (strcmp(c->reported[i], key) == 0) {
			free(key);
			return true;
		}
	}
	if (POL_ARRAY_GROW(c->reported, c->nreported + 1, c->reported_alloc) < 0) {
		free(key);
		c->nomem = true;
		return true;
	}
	c->reported[c->nreported++] = key;
	return false;
}

static void suggest_note(struct base_check *c, const struct src_loc *at,
			 const struct pol_suggest *s)
{
	pol_suggest_note(s, c->err, POL_ENOTFOUND, at->file, at->line, at->col);
}

static void offer_base_name(const char *name, void *data)
{
	pol_suggest_offer(data, name);
}

/* A warning (an error with -E), or a note when the binary may just have
 * dropped the name. */
static enum pol_severity severity(struct base_check *c, bool sure)
{
	if (!sure)
		return POL_SEV_NOTE;
	if (c->opts && c->opts->werror) {
		c->failed = true;
		return POL_SEV_ERROR;
	}
	return POL_SEV_WARNING;
}

static bool ids_have(const struct src_id *ids, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ids[i].name, name) == 0)
			return true;
	return false;
}

/* Whether a statement of block (or of a block in it) declares name as kind.
 * Types and attributes share one name space, as in the kernel policy. */
static bool declared_in(const struct src_block *block, enum pol_sym kind, const char *name)
{
	bool type = kind == POL_SYM_TYPE || kind == POL_SYM_ATTRIBUTE;

	for (const struct src_stmt *s = block->first; s; s = s->next) {
		switch (s->kind) {
		case SRC_TYPE:
			if (type && (strcmp(s->u.decl.name.name, name) == 0 ||
				     ids_have(s->u.decl.aliases, s->u.decl.naliases, name)))
				return true;
			break;
		case SRC_TYPEALIAS:
			if (type && ids_have(s->u.decl.aliases, s->u.decl.naliases, name))
				return true;
			break;
		case SRC_ATTRIBUTE:
			if (type && strcmp(s->u.name.name, name) == 0)
				return true;
			break;
		case SRC_ROLE:
			if (kind == POL_SYM_ROLE && !s->u.role.has_types &&
			    strcmp(s->u.role.name.name, name) == 0)
				return true;
			break;
		case SRC_USER:
			if (kind == POL_SYM_USER && strcmp(s->u.user.name.name, name) == 0)
				return true;
			break;
		case SRC_IF:
			if (declared_in(&s->u.cond.then_block, kind, name) ||
			    declared_in(&s->u.cond.else_block, kind, name))
				return true;
			break;
		case SRC_OPTIONAL:
			if (declared_in(&s->u.optional.body, kind, name) ||
			    declared_in(&s->u.optional.else_block, kind, name))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

static void check_name(struct base_check *c, enum pol_sym kind, const struct src_id *id)
{
	const struct src_loc *at = &id->loc;
	struct pol_suggest s;
	bool sure = kind != POL_SYM_ATTRIBUTE;

	if (pol_pdb_has(c->base, kind, id->name) || declared_in(c->top, kind, id->name) ||
	    seen_before(c, pol_sym_name(kind), id->name, NULL))
		return;
	if (sure)
		pol_err_add(c->err, severity(c, sure), POL_ENOTFOUND, at->file, at->line, at->col,
			    "the installed policy (%s) has no %s '%s'; semodule -i will refuse "
			    "this module",
			    pol_pdb_path(c->base), pol_sym_name(kind), id->name);
	else
		pol_err_add(c->err, severity(c, sure), POL_ENOTFOUND, at->file, at->line, at->col,
			    "the installed policy (%s) has no %s '%s'; semodule -i will refuse "
			    "this module unless the module store has it (a kernel policy drops "
			    "attributes no rule uses)",
			    pol_pdb_path(c->base), pol_sym_name(kind), id->name);
	pol_suggest_init(&s, id->name);
	pol_pdb_each_name(c->base, kind, offer_base_name, &s);
	suggest_note(c, at, &s);
}

static void check_class(struct base_check *c, const struct src_require_item *item)
{
	const struct src_id *cls = &item->ids[0];
	uint32_t value;

	if (!pol_pdb_has(c->base, POL_SYM_CLASS, cls->name)) {
		check_name(c, POL_SYM_CLASS, cls);
		return;
	}
	value = pdb_class_value(c->base, cls->name);
	for (size_t i = 0; i < item->nperms; i++) {
		const struct src_id *perm = &item->perms[i];
		const struct src_loc *at = &perm->loc;
		struct pol_suggest s;

		if (pdb_perm_bit(c->base, value, perm->name) >= 0 ||
		    seen_before(c, "permission", perm->name, cls->name))
			continue;
		pol_err_add(c->err, severity(c, true), POL_ENOTFOUND, at->file, at->line, at->col,
			    "the installed policy (%s) has no permission '%s' in class '%s'; "
			    "semodule -i will refuse this module",
			    pol_pdb_path(c->base), perm->name, cls->name);
		pol_suggest_init(&s, perm->name);
		for (unsigned int b = 0; b < 32; b++) {
			const char *name = pdb_perm_name(c->base, value, b);

			if (name)
				pol_suggest_offer(&s, name);
		}
		suggest_note(c, at, &s);
	}
}

static void check_item(struct base_check *c, const struct src_require_item *item)
{
	enum pol_sym kind;

	switch (item->kind) {
	case SRC_REQ_TYPE:
		kind = POL_SYM_TYPE;
		break;
	case SRC_REQ_ATTRIBUTE:
		kind = POL_SYM_ATTRIBUTE;
		break;
	case SRC_REQ_ROLE:
		kind = POL_SYM_ROLE;
		break;
	case SRC_REQ_USER:
		kind = POL_SYM_USER;
		break;
	case SRC_REQ_SENSITIVITY:
		kind = POL_SYM_SENS;
		break;
	case SRC_REQ_CATEGORY:
		kind = POL_SYM_CAT;
		break;
	case SRC_REQ_CLASS:
		if (item->n)
			check_class(c, item);
		return;
	default: /* role attributes, booleans, tunables: see the top */
		return;
	}
	/* a non-MLS policy has no levels to compare with */
	if ((kind == POL_SYM_SENS || kind == POL_SYM_CAT) && !pol_pdb_mls(c->base))
		return;
	for (size_t i = 0; i < item->n; i++)
		check_name(c, kind, &item->ids[i]);
}

/* The statements outside optional blocks: the top level and if branches. */
static void walk(struct base_check *c, const struct src_block *block)
{
	for (const struct src_stmt *s = block->first; s && !c->nomem; s = s->next) {
		switch (s->kind) {
		case SRC_REQUIRE:
			for (const struct src_require_item *i = s->u.require.items; i; i = i->next)
				check_item(c, i);
			break;
		case SRC_IF:
			walk(c, &s->u.cond.then_block);
			walk(c, &s->u.cond.else_block);
			break;
		default: /* SRC_OPTIONAL among them */
			break;
		}
	}
}

/* ---- a module's file contexts ------------------------------------------ */

/* Calls fn for each name the module declares or requires as kind (a type's
 * aliases with it; POL_SYM_ATTRIBUTE: type attributes; any role statement
 * names a role), in if branches and optional blocks too: the .fc goes in
 * with the module whatever its optional blocks keep. Stops at the first
 * name fn returns true for, and returns whether there was one. */
static bool each_module_name(const struct src_block *block, enum pol_sym kind,
			     bool (*fn)(const char *name, void *data), void *data)
{
	for (const struct src_stmt *s = block->first; s; s = s->next) {
		switch (s->kind) {
		case SRC_TYPE:
		case SRC_TYPEALIAS:
			if (s->kind == SRC_TYPE && kind == POL_SYM_TYPE &&
			    fn(s->u.decl.name.name, data))
				return true;
			for (size_t i = 0; kind == POL_SYM_TYPE && i < s->u.decl.naliases; i++)
				if (fn(s->u.decl.aliases[i].name, data))
					return true;
			break;
		case SRC_ATTRIBUTE:
			if (kind == POL_SYM_ATTRIBUTE && fn(s->u.name.name, data))
				return true;
			break;
		case SRC_ROLE:
			if (kind == POL_SYM_ROLE && fn(s->u.role.name.name, data))
				return true;
			break;
		case SRC_USER:
			if (kind == POL_SYM_USER && fn(s->u.user.name.name, data))
				return true;
			break;
		case SRC_REQUIRE:
			for (const struct src_require_item *it = s->u.require.items; it;
			     it = it->next) {
				bool match =
				    (it->kind == SRC_REQ_TYPE && kind == POL_SYM_TYPE) ||
				    (it->kind == SRC_REQ_ATTRIBUTE && kind == POL_SYM_ATTRIBUTE) ||
				    (it->kind == SRC_REQ_ROLE && kind == POL_SYM_ROLE) ||
				    (it->kind == SRC_REQ_USER && kind == POL_SYM_USER);

				for (size_t i = 0; match && i < it->n; i++)
					if (fn(it->ids[i].name, data))
						return true;
			}
			break;
		case SRC_IF:
			if (each_module_name(&s->u.cond.then_block, kind, fn, data) ||
			    each_module_name(&s->u.cond.else_block, kind, fn, data))
				return true;
			break;
		case SRC_OPTIONAL:
			if (each_module_name(&s->u.optional.body, kind, fn, data) ||
			    each_module_name(&s->u.optional.else_block, kind, fn, data))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

static bool module_name_is(const char *name, void *data)
{
	return strcmp(name, data) == 0;
}

static bool offer_module_name(const char *name, void *data)
{
	pol_suggest_offer(data, name);
	return false;
}

/* One part of a file context: kind name at col. Returns -ENOMEM or 0. */
static int check_fc_name(struct base_check *c, enum pol_sym kind, const char *p, size_t len,
			 const char *file, unsigned int line, unsigned int col)
{
	char *name = strndup(p, len);
	struct pol_suggest s;
	bool attr = false;

	if (!name)
		return -ENOMEM;
	if (kind == POL_SYM_TYPE)
		attr = each_module_name(c->top, POL_SYM_ATTRIBUTE, module_name_is, name) ||
		       (c->base && !each_module_name(c->top, kind, module_name_is, name) &&
			!pol_pdb_has(c->base, kind, name) &&
			pol_pdb_has(c->base, POL_SYM_ATTRIBUTE, name));
	if (!c->base) {
		/* no policy to look in: a type the module lacks is said, as a
		 * note only, since the base policy's own (bin_t) are fine */
		if (kind == POL_SYM_TYPE && !attr &&
		    !each_module_name(c->top, kind, module_name_is, name)) {
			pol_err_add(c->err, POL_SEV_NOTE, POL_ENOTFOUND, file, line, col,
				    "type '%s' is not in the module, and no policy was checked for "
				    "it: semodule -i refuses this module unless the policy has it",
				    name);
			pol_suggest_init(&s, name);
			each_module_name(c->top, kind, offer_module_name, &s);
			pol_suggest_note(&s, c->err, POL_ENOTFOUND, file, line, col);
		}
		if (!attr) {
			free(name);
			return 0;
		}
	}
	if (attr) {
		pol_err_add(c->err, severity(c, true), POL_EINVAL, file, line, col,
			    "'%s' is an attribute, and a file context needs a type; semodule -i "
			    "will refuse this module",
			    name);
	} else if (!each_module_name(c->top, kind, module_name_is, name) &&
		   !pol_pdb_has(c->base, kind, name)) {
		/* a type is an error: the module's own, misspelt, or a
		 * require forgotten (users and roles warn, as requires do) */
		enum pol_severity sev = severity(c, true);

		if (kind == POL_SYM_TYPE) {
			sev = POL_SEV_ERROR;
			c->failed = true;
		}
		pol_err_add(c->err, sev, POL_ENOTFOUND, file, line, col,
			    "%s '%s' is neither in the module nor in the installed policy (%s); "
			    "semodule -i will refuse this module",
			    pol_sym_name(kind), name, pol_pdb_path(c->base));
		pol_suggest_init(&s, name);
		each_module_name(c->top, kind, offer_module_name, &s);
		pol_pdb_each_name(c->base, kind, offer_base_name, &s);
		pol_suggest_note(&s, c->err, POL_ENOTFOUND, file, line, col);
	}
	free(name);
	return 0;
}

/* The MLS range of a file context (range_len bytes at range, NULL for
 * none) against base, which alone defines sensitivities and categories:
 * libsepol's verdict as pol_pdb_check_context() gives it, at the range's
 * column. Returns -ENOMEM or 0. */
static int check_fc_range(struct base_check *c, const char *context, size_t len,
			  const char *const part[3], const size_t part_len[3], const char *range,
			  size_t range_len, const char *file, unsigned int line, unsigned int col)
{
	char *ctx = strndup(context, len), *user = strndup(part[0], part_len[0]),
	     *role = strndup(part[1], part_len[1]),
	     *text = range ? strndup(range, range_len) : NULL;
	unsigned int at = col + (unsigned int)((range ? range : context) - context);
	struct pol_err why;
	int rc = -ENOMEM;

	if (!ctx || !user || !role || (range && !text))
		goto out;
	pol_err_init(&why);
	rc = pol_pdb_check_range(c->base, ctx, user, role, text, file, line, &why);
	for (size_t i = 0; rc == POL_EINVAL && i < why.count; i++)
		pol_err_add(c->err, severity(c, true), why.diags[i].code, file, line, at,
			    "%s (semodule -i will refuse this module)", why.diags[i].message);
	pol_err_release(&why);
	rc = rc == -ENOMEM ? rc : 0;
out:
	free(ctx);
	free(user);
	free(role);
	free(text);
	return rc;
}

int pol_source_check_fc_context(const struct pol_source *src, const struct pol_pdb *base,
				const struct pol_source_options *opts, const char *context,
				size_t len, const char *file, unsigned int line, unsigned int col,
				struct pol_err *err)
{
	static const enum pol_sym kinds[] = {POL_SYM_USER, POL_SYM_ROLE, POL_SYM_TYPE};
	struct base_check c = {.base = base, .opts = opts, .err = err};
	const char *p = context, *end = context + len, *part[3];
	size_t part_len[3];

	if (src_unit_cleared(src->unit))
		return pol_err_set(err, POL_EINVAL,
				   "a lowered lean source has no declarations left to check");
	if (!src->is_module)
		return 0;
	c.top = src_unit_block(src->unit);
	/* USER:ROLE:TYPE[:RANGE]; anything else is the .fc reader's to say */
	for (size_t i = 0; i < 3; i++) {
		const char *colon = memchr(p, ':', (size_t)(end - p));

		if (!colon && i < 2)
			return 0;
		part[i] = p;
		part_len[i] = (size_t)((colon ? colon : end) - p);
		if (part_len[i] == 0)
			return 0;
		p = colon ? colon + 1 : end;
	}
	for (size_t i = 0; i < 3; i++) {
		int rc = check_fc_name(&c, kinds[i], part[i], part_len[i], file, line,
				       col + (unsigned int)(part[i] - context));

		if (rc < 0)
			return pol_err_set(err, rc, "out of memory");
	}
	if (base && check_fc_range(&c, context, len, part, part_len, p < end ? p : NULL,
				   (size_t)(end - p), file, line, col) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	return c.failed ? POL_EINVAL : 0;
}

int pol_source_check_base(const struct pol_source *src, const struct pol_pdb *base,
			  const struct pol_source_options *opts, struct pol_err *err)
{
	struct base_check c = {.base = base, .opts = opts, .err = err};

	if (src_unit_cleared(src->unit))
		return pol_err_set(err, POL_EINVAL,
				   "a lowered lean source has no requires left to check");
	if (!src->is_module)
		return 0;
	c.top = src_unit_block(src->unit);
	walk(&c, c.top);
	for (size_t i = 0; i < c.nreported; i++)
		free(c.reported[i]);
	free(c.reported);
	if (c.nomem)
		return pol_err_set(err, -ENOMEM, "out of memory");
	return c.failed ? POL_EINVAL : 0;
}
