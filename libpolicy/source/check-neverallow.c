/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Neverallow rules checked against a built kernel policy (sepolc
 * --check-neverallow; what secilc or checkpolicy would say had the rules
 * been in the policy's source, as Android's sepolicy-analyze neverallow
 * asks). The rules are lowered against the kernel policy's own symbols by
 * the lowering's rule functions (a kernel policy has no scopes: every
 * name is in scope), expanded as expand_module() expands a neverallow
 * (copy_neverallow(): types only, attributes replaced by their types, '*',
 * '~' and '-' resolved among the policy's types), then checked by the
 * index and reported by libsepol as at compile time (neverallow.c).
 */
#include "source/lower-core.h"

#include <errno.h>
#include <stdlib.h>

#include "source/backend.h"

static bool is_type(const policydb_t *p, unsigned int v)
{
	return v < p->p_types.nprim && p->type_val_to_struct[v] &&
	       p->type_val_to_struct[v]->flavor != TYPE_ATTRIB;
}

/* The types of names (type and attribute values - 1): an attribute's
 * members from attr_type_map, as a base's attribute lists them. */
static int add_types(const policydb_t *p, const ebitmap_t *names, ebitmap_t *out)
{
	ebitmap_node_t *n, *m;
	unsigned int i, j;

	ebitmap_for_each_positive_bit(names, n, i)
	{
		if (is_type(p, i)) {
			if (ebitmap_set_bit(out, i, 1))
				return -ENOMEM;
			continue;
		}
		if (i >= p->p_types.nprim || !p->type_val_to_struct[i])
			continue;
		ebitmap_for_each_positive_bit(&p->attr_type_map[i], m, j)
		{
			if (is_type(p, j) && ebitmap_set_bit(out, j, 1))
				return -ENOMEM;
		}
	}
	return 0;
}

/* libsepol 3.4's type_set_expand(set, out, p, 1), with a kernel policy's
 * attribute map for a base's attribute type lists. */
static int expand_set(const policydb_t *p, const type_set_t *set, ebitmap_t *out)
{
	ebitmap_t types, neg;
	int rc;

	ebitmap_init(&types);
	ebitmap_init(&neg);
	ebitmap_init(out);
	rc = add_types(p, &set->types, &types);
	if (rc == 0)
		rc = add_types(p, &set->negset, &neg);
	for (unsigned int i = 0; rc == 0 && i < p->p_types.nprim; i++) {
		bool in = (set->flags & TYPE_STAR) ? true : ebitmap_get_bit(&types, i);

		if (!is_type(p, i))
			continue;
		if (ebitmap_get_bit(&neg, i))
			in = false;
		/* '~' complements what is left after '-', '*' does not */
		if ((set->flags & TYPE_COMP) && !(set->flags & TYPE_STAR))
			in = !in;
		if (in && ebitmap_set_bit(out, i, 1))
			rc = -ENOMEM;
	}
	ebitmap_destroy(&types);
	ebitmap_destroy(&neg);
	if (rc)
		ebitmap_destroy(out);
	return rc;
}

/* A lowered rule as expand leaves a neverallow: its type sets expanded. */
static int expand_rule(const policydb_t *p, avrule_t *r)
{
	ebitmap_t s, t;

	if (expand_set(p, &r->stypes, &s))
		return -ENOMEM;
	if (expand_set(p, &r->ttypes, &t)) {
		ebitmap_destroy(&s);
		return -ENOMEM;
	}
	type_set_destroy(&r->stypes);
	type_set_destroy(&r->ttypes);
	type_set_init(&r->stypes);
	type_set_init(&r->ttypes);
	r->stypes.types = s;
	r->ttypes.types = t;
	return 0;
}

static bool is_neverallow(const struct src_stmt *s)
{
	return (s->kind == SRC_AVRULE || s->kind == SRC_XPERMRULE) &&
	       s->u.rule.kind.av == SRC_NEVERALLOW;
}

/* Lower the neverallow rules of root into decl's avrules against p. A
 * rule's line in the one policy.conf libsepol assumes (avrule->line,
 * only ever reported) holds its column: see src_sepol_msgs.line_is_column. */
static int lower_rules(struct lower *lw, avrule_decl_t *decl, const struct src_block *root)
{
	for (const struct src_stmt *s = root->first; s && lw->errors < SRC_MAX_ERRORS;
	     s = s->next) {
		avrule_t *before = lw->avrule_tail;

		if (!is_neverallow(s))
			lower_error(lw, &s->loc,
				    "only neverallow and neverallowxperm rules can be checked "
				    "against a built policy");
		else if (s->kind == SRC_AVRULE)
			lower_avrule(lw, s, NULL);
		else
			lower_xpermrule(lw, s, NULL);
		for (avrule_t *r = before ? before->next : decl->avrules; r; r = r->next)
			r->line = s->loc.col;
	}
	return lw->errors ? POL_EINVAL : 0;
}

int pol_source_check_neverallows(const struct pol_source *src, struct pol_pdb *kp,
				 const struct pol_source_options *opts, size_t *nviolated,
				 struct pol_err *err)
{
	static const struct pol_source_options defaults;
	const struct src_block *root = src_unit_block(src->unit);
	policydb_t *p = pdb_db(kp);
	struct lower lw = {.p = p, .opts = opts ? opts : &defaults, .err = err, .pass = 2};
	struct lower_frame frame = {.root = root};
	struct src_sepol_msgs msgs = {.err = err, .kernel = p, .line_is_column = true};
	struct pdb_sepol *sh = NULL;
	avrule_decl_t *decl;
	int rc;

	*nviolated = 0;
	if (!p->type_attr_map || !p->attr_type_map)
		return pol_err_set(err, POL_EINVAL, "the policy is not a kernel policy");
	decl = avrule_decl_create(1);
	if (!decl)
		return pol_err_set(err, -ENOMEM, "out of memory");
	frame.decl = lw.decl = decl;
	lw.frame = &frame;
	rc = lower_rules(&lw, decl, root);
	for (avrule_t *r = decl->avrules; rc == 0 && r; r = r->next)
		if (expand_rule(p, r))
			rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc)
		goto out;
	if (opts) {
		msgs.on_violation = opts->on_violation;
		msgs.violation_data = opts->violation_data;
	}
	sh = src_backend_handle(&msgs);
	if (!sh) {
		rc = pol_err_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	src_backend_compat_begin(&msgs);
	rc = src_check_neverallows(sh, kp, decl->avrules, nviolated, err);
	src_backend_compat_end();
out:
	pdb_sepol_free(sh);
	src_backend_msgs_release(&msgs);
	avrule_decl_destroy(decl);
	return rc;
}
