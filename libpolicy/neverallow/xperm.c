/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The neverallowxperm test of one allow entry, with libsepol 3.4's
 * verdicts (assertion.c): an entry granting ioctl breaks the rule unless
 * every expanded (source, target) pair has extended permissions and none
 * of them is one the rule forbids. Runs only for entries whose class,
 * permissions, source and target already match, so it may be slow.
 */
#include <errno.h>

#include "neverallow/internal.h"

static bool any_common(const uint32_t *a, const uint32_t *b)
{
	for (size_t i = 0; i < EXTENDED_PERMS_LEN; i++)
		if (a[i] & b[i])
			return true;
	return false;
}

/* Whether allowed extended permissions grant one the rule forbids. */
static bool xperms_clash(const av_extended_perms_t *never, const avtab_extended_perms_t *allow)
{
	if (never->specified == AVRULE_XPERMS_IOCTLFUNCTION) {
		if (allow->specified == AVTAB_XPERMS_IOCTLFUNCTION)
			return never->driver == allow->driver &&
			       any_common(never->perms, allow->perms);
		if (allow->specified == AVTAB_XPERMS_IOCTLDRIVER)
			return xperm_test(never->driver, allow->perms);
	} else if (never->specified == AVRULE_XPERMS_IOCTLDRIVER) {
		if (allow->specified == AVTAB_XPERMS_IOCTLFUNCTION)
			return xperm_test(allow->driver, never->perms);
		if (allow->specified == AVTAB_XPERMS_IOCTLDRIVER)
			return any_common(never->perms, allow->perms);
	}
	return false;
}

/*
 * Types s and t: whether the allowxperm entries of e's table between any
 * of their attributes (or themselves) break r. As libsepol decides it,
 * a pair with no ioctl extended permissions at all breaks it too.
 */
static bool pair_violates(policydb_t *p, const avrule_t *r, const struct neverallow_entry *e,
			  unsigned int s, unsigned int t)
{
	avtab_key_t key = *e->key;
	ebitmap_node_t *sn, *tn;
	unsigned int i, j;
	bool seen = false;

	key.specified = AVTAB_XPERMS_ALLOWED;
	ebitmap_for_each_positive_bit(&p->type_attr_map[s], sn, i)
	{
		key.source_type = (uint16_t)(i + 1);
		ebitmap_for_each_positive_bit(&p->type_attr_map[t], tn, j)
		{
			key.target_type = (uint16_t)(j + 1);
			for (avtab_ptr_t n = avtab_search_node(e->table, &key); n;
			     n = avtab_search_node_next(n, key.specified)) {
				const avtab_extended_perms_t *x = n->datum.xperms;

				if (x->specified != AVTAB_XPERMS_IOCTLFUNCTION &&
				    x->specified != AVTAB_XPERMS_IOCTLDRIVER)
					continue;
				seen = true;
				if (xperms_clash(r->xperms, x))
					return true;
			}
		}
	}
	return !seen;
}

int neverallow_xperm_violated(policydb_t *p, const avrule_t *r, const struct neverallow_entry *e)
{
	const ebitmap_t *src_types = &p->attr_type_map[e->src - 1];
	const ebitmap_t *tgt_types = &p->attr_type_map[e->tgt - 1];
	bool self = (r->flags & RULE_SELF) != 0;
	ebitmap_t srcs, tgts, selfs;
	ebitmap_node_t *sn, *tn;
	unsigned int s, t;
	int rc = -ENOMEM;

	ebitmap_init(&srcs);
	ebitmap_init(&tgts);
	ebitmap_init(&selfs);
	if (ebitmap_and(&srcs, &r->stypes.types, src_types) < 0 ||
	    ebitmap_and(&tgts, &r->ttypes.types, tgt_types) < 0)
		goto out;
	if (self && (ebitmap_and(&selfs, &srcs, tgt_types) < 0 || ebitmap_union(&tgts, &selfs) < 0))
		goto out;
	rc = 0;
	ebitmap_for_each_positive_bit(&srcs, sn, s)
	{
		ebitmap_for_each_positive_bit(&tgts, tn, t)
		{
			/* libsepol pairs a self rule's sources with themselves only */
			if (self && s != t)
				continue;
			if (pair_violates(p, r, e, s, t)) {
				rc = 1;
				goto out;
			}
		}
	}
out:
	ebitmap_destroy(&srcs);
	ebitmap_destroy(&tgts);
	ebitmap_destroy(&selfs);
	return rc;
}
