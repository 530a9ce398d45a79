/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Placeholders for the rule lowering (lower-avrule.c, lower-cond.c, lower-role.c,
 * lower-constraint.c, lower-ocontext.c): each is deleted when the real one lands; the file goes
 * when it is empty. */
#include "source/internal.h"

#define PENDING(err) pol_err_set((err), POL_EINTERNAL, "not implemented yet: %s", __func__)

int lower_avrule(struct lower *lw, const struct src_stmt *s, avrule_t **dest)
{
	(void)s;
	(void)dest;
	return PENDING(lw->err);
}

int lower_xpermrule(struct lower *lw, const struct src_stmt *s, avrule_t **dest)
{
	(void)s;
	(void)dest;
	return PENDING(lw->err);
}

int lower_typerule(struct lower *lw, const struct src_stmt *s, avrule_t **dest)
{
	(void)s;
	(void)dest;
	return PENDING(lw->err);
}

int lower_if(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_range_transition(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_role_allow(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_role_transition(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_constraint(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_default(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_ocontext(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}

int lower_policycap(struct lower *lw, const struct src_stmt *s)
{
	(void)s;
	return PENDING(lw->err);
}
