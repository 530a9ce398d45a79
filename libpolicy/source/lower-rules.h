/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the rule lowering files (lower-avrule.c, lower-cond.c, lower-role.c,
 * lower-constraint.c, lower-ocontext.c) share.
 */
#ifndef POL_SOURCE_LOWER_RULES_H
#define POL_SOURCE_LOWER_RULES_H

#include "source/internal.h"

/* Add a finished rule: to the end of lw->decl's avrules, or, inside a
 * conditional branch (dest != NULL), to the front of *dest as checkpolicy's
 * grammar builds branch lists. Takes ownership of rule. */
void src_rules_add_avrule(struct lower *lw, avrule_t *rule, avrule_t **dest);

/* Free a rule that was never added. */
void src_rules_free_avrule(avrule_t *rule);

/* The classes of set as a bitmap of class values - 1 (checkpolicy's
 * read_classes), or, when the set is absent (n == 0 and no "*"), the class
 * "process" for the legacy role_transition and range_transition forms. */
int src_rules_class_bitmap(struct lower *lw, const struct src_set *set, bool process_default,
			   const struct src_loc *loc, ebitmap_t *out);

/* Report "*" and "~" in a type set where checkpolicy allows neither. */
int src_rules_no_star(struct lower *lw, const struct src_set *set, const char *where);

/* Whether the policy being lowered is a module (not a base). */
static inline bool rules_in_module(const struct lower *lw)
{
	return lw->p->policy_type == POLICY_MOD;
}

#endif
