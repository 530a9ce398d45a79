/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Neverallow checking at index speed (issue 28). libsepol's checker
 * (assertion.c) scans the whole access-vector table once per neverallow.
 * Here the table's allow entries are indexed by class once; each entry of
 * a neverallow's classes is then tested with two bit lookups: whether its
 * source (a type or an attribute) holds one of the neverallow's source
 * types, and likewise its target. The verdicts are libsepol 3.4's, self
 * and neverallowxperm included; reporting a violation stays libsepol's.
 */
#ifndef POL_NEVERALLOW_H
#define POL_NEVERALLOW_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

struct pol_pdb;

/*
 * For each neverallow and neverallowxperm rule expand left in kernel
 * policy kp (its global branch's avrules, in list order), whether an
 * allow entry of kp violates it: (*violated)[i] for the i-th such rule,
 * *count rules. *violated is heap memory (free()); NULL when *count is 0.
 * Returns 0, or -ENOMEM with the reason in err.
 */
int pol_neverallow_find(const struct pol_pdb *kp, bool **violated, size_t *count,
			struct pol_err *err);
/* The same for the neverallow and neverallowxperm rules of the list rules
 * (libsepol's avrule_t *, which the areas built on pdb see; expanded as
 * expand leaves them: types only, in kp's values), which kp need not
 * hold: rules checked against a built policy (sepolc --check-neverallow). */
int pol_neverallow_find_rules(const struct pol_pdb *kp, void *rules, bool **violated, size_t *count,
			      struct pol_err *err);

#endif
