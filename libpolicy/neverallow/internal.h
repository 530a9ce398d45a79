/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the neverallow checker's files share: the class index (index.c)
 * and the neverallowxperm test (xperm.c). */
#ifndef POL_NEVERALLOW_INTERNAL_H
#define POL_NEVERALLOW_INTERNAL_H

#include "neverallow/neverallow.h"
#include "pdb/internal.h"

/* One allow entry of the kernel policy, under its class. */
struct neverallow_entry {
	uint32_t src, tgt; /* type or attribute values */
	uint32_t perms;
	avtab_t *table; /* te_avtab or te_cond_avtab: where its xperms are */
	const avtab_key_t *key;
};

/*
 * Whether entry e violates neverallowxperm rule r, as libsepol 3.4's
 * check_assertion_extended_permissions() decides once e's class,
 * permissions, source and target have matched: the extended permissions
 * of each expanded (source, target) pair, or none at all, break it.
 * 1, 0, or -ENOMEM.
 */
int neverallow_xperm_violated(policydb_t *p, const avrule_t *r, const struct neverallow_entry *e);

#endif
