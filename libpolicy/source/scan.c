/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The rules of a policy text, flattened for a reader that wants their names
 * and where they were written, not a policydb: seallow's interface database
 * reads the m4 expansion of refpolicy's interfaces this way. The parse
 * streams: each top-level statement dies once its rules are handed out.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

#include "util/array.h"

#include "source.h"

struct scan {
	int (*fn)(const struct pol_source_rule *rule, void *data);
	void *data;
	int rc;
	const char **names;
	size_t alloc;
	unsigned int cond; /* depth of if blocks and optional else blocks */
};

/* The plain names of a set; *complex when it has "*", "~" or "-name". */
static int scan_set_names(struct scan *s, const struct src_set *set, size_t *n, size_t base,
			  bool *complex)
{
	if (POL_ARRAY_GROW(s->names, base + set->n + 1, s->alloc) < 0)
		return -ENOMEM;
	*n = 0;
	for (size_t i = 0; i < set->n; i++) {
		if (set->items[i].neg) {
			*complex = true;
			continue;
		}
		s->names[base + (*n)++] = set->items[i].id.name;
	}
	if (set->star || set->tilde)
		*complex = true;
	return 0;
}

static int scan_emit(struct scan *s, const struct src_stmt *st, enum pol_source_rule_kind kind,
		     const struct src_set *a, const struct src_set *b, const struct src_set *c,
		     const struct src_set *d, const char *deflt)
{
	const struct src_set *sets[4] = {a, b, c, d};
	size_t counts[4] = {0}, base = 0;
	struct pol_source_rule r = {.kind = kind,
				    .file = st->loc.file,
				    .line = st->loc.line,
				    .deflt = deflt,
				    .conditional = s->cond > 0};
	int rc;

	for (int i = 0; i < 4; i++) {
		if (!sets[i])
			continue;
		rc = scan_set_names(s, sets[i], &counts[i], base, &r.complex);
		if (rc < 0)
			return rc;
		base += counts[i];
	}
	base = 0;
	r.src = s->names;
	r.nsrc = counts[0];
	base += counts[0];
	r.tgt = s->names + base;
	r.ntgt = counts[1];
	base += counts[1];
	r.classes = s->names + base;
	r.nclasses = counts[2];
	base += counts[2];
	r.perms = s->names + base;
	r.nperms = counts[3];
	return s->fn(&r, s->data);
}

static int scan_walk(struct scan *s, const struct src_stmt *st)
{
	int rc = 0;

	for (; st && rc == 0; st = st->next) {
		switch (st->kind) {
		case SRC_AVRULE:
			rc = scan_emit(s, st,
				       st->u.rule.kind.av == SRC_ALLOW ? POL_SOURCE_RULE_ALLOW
								       : POL_SOURCE_RULE_OTHER_AV,
				       &st->u.rule.src, &st->u.rule.tgt, &st->u.rule.classes,
				       &st->u.rule.perms, NULL);
			break;
		case SRC_TYPERULE:
			rc =
			    scan_emit(s, st, POL_SOURCE_RULE_TYPE, &st->u.rule.src, &st->u.rule.tgt,
				      &st->u.rule.classes, NULL, st->u.rule.deflt.name);
			break;
		case SRC_ROLE: {
			struct src_set_item item = {.id = st->u.role.name};
			struct src_set name = {.items = &item, .n = 1};

			rc = scan_emit(s, st, POL_SOURCE_RULE_ROLE, &name, &st->u.role.types, NULL,
				       NULL, NULL);
			break;
		}
		case SRC_IF:
			s->cond++;
			rc = scan_walk(s, st->u.cond.then_block.first);
			if (rc == 0)
				rc = scan_walk(s, st->u.cond.else_block.first);
			s->cond--;
			break;
		case SRC_OPTIONAL:
			rc = scan_walk(s, st->u.optional.body.first);
			s->cond++;
			if (rc == 0)
				rc = scan_walk(s, st->u.optional.else_block.first);
			s->cond--;
			break;
		default:
			break;
		}
	}
	return rc;
}

static bool scan_each_stmt(void *data, const struct src_stmt *chain)
{
	struct scan *s = data;

	s->rc = scan_walk(s, chain);
	return s->rc == 0;
}

int pol_source_scan_rules(const char *name, const char *text, size_t len,
			  int (*fn)(const struct pol_source_rule *rule, void *data), void *data,
			  struct pol_err *err)
{
	struct scan s = {.fn = fn, .data = data};
	struct src_parse_mode mode = {.each = scan_each_stmt, .each_data = &s};
	struct src_unit *unit = src_unit_new();
	int rc;

	if (!unit)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = src_parse_with(unit, name, text, len, err, &mode);
	src_unit_free(unit);
	free(s.names);
	if (s.rc)
		return s.rc;
	return rc;
}
