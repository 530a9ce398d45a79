/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * MLS: sensitivities, dominance, categories and levels (pass 1), users'
 * levels, the levels and ranges of rules (semantic: resolved when the
 * policy is expanded) and of contexts (concrete), and security contexts.
 */
#include "source/lower-core.h"

#include <stdlib.h>
#include <string.h>

static int not_mls(struct lower *lw, const struct src_loc *loc, const char *what)
{
	return lower_error(lw, loc, "%s in a non-MLS policy (compile it as MLS)", what);
}

/* ---- declarations ------------------------------------------------ */

/* A sensitivity alias shares the sensitivity's level until its level
 * statement; a category alias has the category's value. */
static void *new_sens_alias(void *level)
{
	level_datum_t *alias = malloc(sizeof(*alias));

	if (alias) {
		level_datum_init(alias);
		alias->isalias = 1;
		alias->level = level;
	}
	return alias;
}

static void *new_cat_alias(void *cat)
{
	cat_datum_t *alias = malloc(sizeof(*alias));

	if (alias) {
		cat_datum_init(alias);
		alias->isalias = 1;
		alias->s.value = ((cat_datum_t *)cat)->s.value;
	}
	return alias;
}

/* The aliases of a sensitivity or category s (what), in symbol table sym,
 * each a datum from make(target) declared with *value. */
static int declare_aliases(struct lower *lw, const struct src_stmt *s, uint32_t sym,
			   const char *what, void *(*make)(void *target), void *target,
			   uint32_t *value)
{
	for (size_t i = 0; i < s->u.decl.naliases; i++) {
		const struct src_id *aid = &s->u.decl.aliases[i];
		void *alias;
		char *key;
		int ret;

		if (strchr(aid->name, '.'))
			return lower_error(lw, &aid->loc, "%s alias '%s' may not contain a period",
					   what, aid->name);
		alias = make(target);
		key = strdup(aid->name);
		if (!alias || !key) {
			free(alias);
			free(key);
			return lower_nomem(lw);
		}
		ret = lower_declare_symbol(lw, sym, key, alias, NULL, value);
		if (ret != 0) {
			free(alias);
			free(key);
			if (ret < 0)
				return lower_symbol_error(lw, aid, sym, ret);
		}
	}
	return 0;
}

static int declare_sens(struct lower *lw, const struct src_stmt *s)
{
	const struct src_id *id = &s->u.decl.name;
	level_datum_t *d;
	mls_level_t *level;
	char *key;
	uint32_t value;
	int ret;

	if (strchr(id->name, '.'))
		return lower_error(lw, &id->loc, "sensitivity '%s' may not contain a period",
				   id->name);
	level = malloc(sizeof(*level));
	d = malloc(sizeof(*d));
	key = strdup(id->name);
	if (!level || !d || !key) {
		free(level);
		free(d);
		free(key);
		return lower_nomem(lw);
	}
	mls_level_init(level); /* sens comes from dominance, cats from level */
	level_datum_init(d);
	d->level = level;
	ret = lower_declare_symbol(lw, SYM_LEVELS, key, d, &value, &value);
	if (ret != 0) {
		free(level);
		free(d);
		free(key);
		return ret < 0 ? lower_symbol_error(lw, id, SYM_LEVELS, ret) : 0;
	}
	return declare_aliases(lw, s, SYM_LEVELS, "sensitivity", new_sens_alias, level, &value);
}

static int dominance(struct lower *lw, const struct src_stmt *s)
{
	uint32_t order = 0;

	for (size_t i = 0; i < s->u.dominance.n; i++) {
		const struct src_id *id = &s->u.dominance.ids[i];
		level_datum_t *d = hashtab_search(lw->p->p_levels.table, id->name);

		if (!d)
			return lower_unknown(lw, id, "sensitivity", SYM_LEVELS);
		if (d->level->sens)
			return lower_error(lw, &id->loc,
					   "sensitivity '%s' listed twice in dominance", id->name);
		d->level->sens = ++order;
	}
	if (order != lw->p->p_levels.nprim)
		return lower_error(lw, &s->loc,
				   "dominance lists %u of %u sensitivities; it must list every one",
				   order, lw->p->p_levels.nprim);
	return 0;
}

static int declare_cat(struct lower *lw, const struct src_stmt *s)
{
	const struct src_id *id = &s->u.decl.name;
	cat_datum_t *d;
	char *key;
	uint32_t value;
	int ret;

	if (strchr(id->name, '.'))
		return lower_error(lw, &id->loc, "category '%s' may not contain a period",
				   id->name);
	d = malloc(sizeof(*d));
	key = strdup(id->name);
	if (!d || !key) {
		free(d);
		free(key);
		return lower_nomem(lw);
	}
	cat_datum_init(d);
	ret = lower_declare_symbol(lw, SYM_CATS, key, d, &value, &value);
	if (ret != 0) {
		free(d);
		free(key);
		return ret < 0 ? lower_symbol_error(lw, id, SYM_CATS, ret) : 0;
	}
	d->s.value = value;
	return declare_aliases(lw, s, SYM_CATS, "category", new_cat_alias, d, &d->s.value);
}

/* The 0-based category range of c: "c0" or "c0.c5". */
static int cat_range(struct lower *lw, const struct src_cat *c, uint32_t *lo, uint32_t *hi)
{
	cat_datum_t *l = lower_cat(lw, &c->lo), *h = l;

	if (!l)
		return POL_EINVAL;
	if (c->hi.name && !(h = lower_cat(lw, &c->hi)))
		return POL_EINVAL;
	if (h->s.value < l->s.value)
		return lower_error(lw, &c->lo.loc, "category range '%s.%s' is reversed", c->lo.name,
				   c->hi.name);
	*lo = l->s.value - 1;
	*hi = h->s.value - 1;
	return 0;
}

struct clone_arg {
	mls_level_t *level;
	int status;
};

/* Mark every name of the sensitivity defined; give aliases their own copy. */
static int clone_level(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	level_datum_t *d = datum;
	struct clone_arg *a = arg;
	mls_level_t *copy;

	(void)key;
	if (d->level != a->level)
		return 0;
	d->defined = 1;
	if (!d->isalias)
		return 0;
	copy = malloc(sizeof(*copy));
	if (!copy || mls_level_cpy(copy, a->level)) {
		free(copy);
		a->status = -1;
		return -1;
	}
	d->level = copy;
	return 0;
}

static int define_level(struct lower *lw, const struct src_stmt *s)
{
	const struct src_level *lv = &s->u.level;
	level_datum_t *d = lower_sens(lw, &lv->sens);
	struct clone_arg arg = {0};

	if (!d)
		return POL_EINVAL;
	if (ebitmap_length(&d->level->cat))
		return lower_error(lw, &lv->sens.loc,
				   "sensitivity '%s' has a second level statement", lv->sens.name);
	d->defined = 1;
	for (size_t i = 0; i < lv->ncats; i++) {
		uint32_t lo, hi;

		if (cat_range(lw, &lv->cats[i], &lo, &hi))
			return POL_EINVAL;
		for (uint32_t c = lo; c <= hi; c++)
			if (ebitmap_set_bit(&d->level->cat, c, 1))
				return lower_nomem(lw);
	}
	arg.level = d->level;
	hashtab_map(lw->p->p_levels.table, clone_level, &arg);
	return arg.status ? lower_nomem(lw) : 0;
}

int lower_mls_declare(struct lower *lw, const struct src_stmt *s)
{
	if (!lw->p->mls)
		return not_mls(lw, &s->loc,
			       s->kind == SRC_SENSITIVITY ? "sensitivity declaration"
			       : s->kind == SRC_DOMINANCE ? "dominance statement"
			       : s->kind == SRC_CATEGORY  ? "category declaration"
							  : "level statement");
	switch (s->kind) {
	case SRC_SENSITIVITY:
		return declare_sens(lw, s);
	case SRC_CATEGORY:
		return declare_cat(lw, s);
	default:
		return 0;
	}
}

int lower_mls_define(struct lower *lw, const struct src_stmt *s)
{
	if (!lw->p->mls) /* reported by lower_mls_declare() */
		return POL_EINVAL;
	switch (s->kind) {
	case SRC_DOMINANCE:
		return dominance(lw, s);
	case SRC_LEVEL:
		return define_level(lw, s);
	default:
		return 0;
	}
}

/* ---- checks after pass 1 ----------------------------------------- */

struct sens_check {
	struct lower *lw;
	const struct src_loc *where;
	bool have_dominance;
};

static int check_sens(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	level_datum_t *d = datum;
	struct sens_check *c = arg;
	struct src_id id = {.name = key, .loc = *c->where};

	if (d->isalias)
		return 0;
	if (!d->defined)
		lower_error(c->lw, lower_decl_loc(c->lw, &id, SYM_LEVELS),
			    "sensitivity '%s' has no level statement", (const char *)key);
	else if (!d->level->sens && c->have_dominance)
		lower_error(c->lw, lower_decl_loc(c->lw, &id, SYM_LEVELS),
			    "sensitivity '%s' is not in the dominance statement",
			    (const char *)key);
	return 0;
}

int lower_mls_finish(struct lower *lw, const struct src_loc *where)
{
	struct sens_check c = {.lw = lw, .where = where};
	unsigned int before = lw->errors;

	if (!lw->p->mls || lw->p->policy_type == POLICY_MOD || !lw->p->p_levels.nprim)
		return 0;
	c.have_dominance = true;
	hashtab_map(lw->p->p_levels.table, check_sens, &c);
	return lw->errors == before ? 0 : POL_EINVAL;
}

struct unshare_arg {
	policydb_t *p;
	int status;
};

static int find_owner(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	level_datum_t *d = datum;
	level_datum_t *alias = arg;

	(void)key;
	return !d->isalias && d->level == alias->level;
}

static int unshare(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	level_datum_t *d = datum;
	struct unshare_arg *a = arg;
	mls_level_t *copy;

	(void)key;
	if (!d->isalias || !hashtab_map(a->p->p_levels.table, find_owner, d))
		return 0;
	copy = malloc(sizeof(*copy));
	if (!copy || mls_level_cpy(copy, d->level)) {
		free(copy);
		/* leave it unreachable rather than freed twice */
		d->level = NULL;
		a->status = -1;
		return 0;
	}
	d->level = copy;
	return 0;
}

void lower_mls_unshare(struct lower *lw)
{
	struct unshare_arg a = {.p = lw->p};

	hashtab_map(lw->p->p_levels.table, unshare, &a);
	if (a.status)
		lower_nomem(lw);
}

/* ---- levels and ranges ------------------------------------------- */

int lower_semantic_level(struct lower *lw, const struct src_level *lv, mls_semantic_level_t *out)
{
	level_datum_t *d = lower_sens(lw, &lv->sens);

	mls_semantic_level_init(out);
	if (!d)
		return POL_EINVAL;
	out->sens = d->level->sens;
	for (size_t i = 0; i < lv->ncats; i++) {
		uint32_t lo, hi;
		mls_semantic_cat_t *c;

		if (cat_range(lw, &lv->cats[i], &lo, &hi))
			goto fail;
		c = malloc(sizeof(*c));
		if (!c) {
			lower_nomem(lw);
			goto fail;
		}
		mls_semantic_cat_init(c);
		c->low = lo + 1;
		c->high = hi + 1;
		/* prepended, as checkpolicy's parse_semantic_categories() does */
		c->next = out->cat;
		out->cat = c;
	}
	return 0;
fail:
	mls_semantic_level_destroy(out);
	mls_semantic_level_init(out); /* destroy leaves the freed list linked */
	return POL_EINVAL;
}

int lower_semantic_range(struct lower *lw, const struct src_range *r, mls_semantic_range_t *out)
{
	mls_semantic_range_init(out);
	if (lower_semantic_level(lw, &r->low, &out->level[0]))
		return POL_EINVAL;
	if (r->has_high ? lower_semantic_level(lw, &r->high, &out->level[1])
			: mls_semantic_level_cpy(&out->level[1], &out->level[0])) {
		/* libsepol's destroy leaves the freed list linked: re-init so
		 * the caller's range destroy does not free it again */
		mls_semantic_level_destroy(&out->level[0]);
		mls_semantic_level_init(&out->level[0]);
		return lw->errors ? POL_EINVAL : lower_nomem(lw);
	}
	return 0;
}

int lower_level(struct lower *lw, const struct src_level *lv, mls_level_t *out)
{
	level_datum_t *d = lower_sens(lw, &lv->sens);

	mls_level_init(out);
	if (!d)
		return POL_EINVAL;
	out->sens = d->level->sens;
	for (size_t i = 0; i < lv->ncats; i++) {
		uint32_t lo, hi;

		if (cat_range(lw, &lv->cats[i], &lo, &hi))
			goto fail;
		for (uint32_t c = lo; c <= hi; c++) {
			if (!ebitmap_get_bit(&d->level->cat, c)) {
				lower_error(lw, &lv->cats[i].lo.loc,
					    "category '%s' is not in the level of sensitivity '%s'",
					    lw->p->p_cat_val_to_name[c], lv->sens.name);
				goto fail;
			}
			if (ebitmap_set_bit(&out->cat, c, 1)) {
				lower_nomem(lw);
				goto fail;
			}
		}
	}
	return 0;
fail:
	mls_level_destroy(out);
	return POL_EINVAL;
}

int lower_range(struct lower *lw, const struct src_range *r, mls_range_t *out)
{
	if (lower_level(lw, &r->low, &out->level[0]))
		return POL_EINVAL;
	if (r->has_high ? lower_level(lw, &r->high, &out->level[1])
			: mls_level_cpy(&out->level[1], &out->level[0])) {
		mls_level_destroy(&out->level[0]);
		return lw->errors ? POL_EINVAL : lower_nomem(lw);
	}
	if (!mls_level_dom(&out->level[1], &out->level[0])) {
		mls_range_destroy(out);
		return lower_error(lw, &r->loc,
				   "the high level of the range does not dominate its low level");
	}
	return 0;
}

/* Each category of lv must belong to its sensitivity's level; checked here
 * so that expanding users' levels (policydb_index_others) cannot fail and
 * print through libsepol. */
static int check_semantic_cats(struct lower *lw, const struct src_level *lv)
{
	level_datum_t *d = lower_sens(lw, &lv->sens);

	if (!d)
		return POL_EINVAL;
	for (size_t i = 0; i < lv->ncats; i++) {
		uint32_t lo, hi;

		if (cat_range(lw, &lv->cats[i], &lo, &hi))
			return POL_EINVAL;
		for (uint32_t c = lo; c <= hi; c++)
			if (lw->p->policy_type != POLICY_MOD && !ebitmap_get_bit(&d->level->cat, c))
				return lower_error(
				    lw, &lv->cats[i].lo.loc,
				    "category '%s' is not in the level of sensitivity '%s'",
				    lw->p->p_cat_val_to_name[c], lv->sens.name);
	}
	return 0;
}

int lower_user_mls(struct lower *lw, const struct src_stmt *s, user_datum_t *user)
{
	const struct src_level *level = s->u.user.level;
	const struct src_range *range = s->u.user.range;

	if (!lw->p->mls) {
		if (level || range)
			return not_mls(lw, level ? &level->loc : &range->loc,
				       "user level or range");
		return 0;
	}
	if (!level || !range)
		return lower_error(lw, &s->u.user.name.loc,
				   "user '%s' needs a default level and a range in an MLS policy",
				   s->u.user.name.name);
	if (check_semantic_cats(lw, level) || check_semantic_cats(lw, &range->low) ||
	    (range->has_high && check_semantic_cats(lw, &range->high)))
		return POL_EINVAL;
	mls_semantic_level_destroy(&user->dfltlevel);
	mls_semantic_range_destroy(&user->range);
	if (lower_semantic_level(lw, level, &user->dfltlevel))
		return POL_EINVAL;
	return lower_semantic_range(lw, range, &user->range);
}

/* ---- contexts ---------------------------------------------------- */

int lower_context(struct lower *lw, const struct src_context *c, context_struct_t *out)
{
	policydb_t *p = lw->p;
	user_datum_t *u;
	role_datum_t *r;
	type_datum_t *t;

	context_init(out);
	u = lower_user(lw, &c->user);
	r = lower_role(lw, &c->role);
	t = lower_type(lw, &c->type);
	if (!u || !r || !t)
		return POL_EINVAL;
	if (t->flavor == TYPE_ATTRIB)
		return lower_error(lw, &c->type.loc, "'%s' is an attribute, not a type",
				   c->type.name);
	out->user = u->s.value;
	out->role = r->s.value;
	out->type = t->s.value;
	if (p->mls && !c->range)
		return lower_error(lw, &c->loc, "context has no MLS range in an MLS policy");
	if (!p->mls && c->range)
		lower_warning(lw, &c->range->loc,
			      "ignoring the MLS range of a context in a non-MLS policy");
	if (p->mls && lower_range(lw, c->range, &out->range))
		return POL_EINVAL;

	/* the checks of policydb_context_isvalid(), one message each */
	if (out->role != OBJECT_R_VAL) {
		role_datum_t *rd = p->role_val_to_struct[out->role - 1];
		user_datum_t *ud = p->user_val_to_struct[out->user - 1];

		if (!rd || !ebitmap_get_bit(&rd->cache, out->type - 1))
			goto bad_type;
		if (!ud || !ebitmap_get_bit(&ud->cache, out->role - 1)) {
			lower_error(lw, &c->role.loc, "user '%s' may not have role '%s'",
				    c->user.name, c->role.name);
			goto fail;
		}
		if (p->mls && p->policy_type != POLICY_MOD &&
		    !mls_range_contains(ud->exp_range, out->range)) {
			lower_error(lw, &c->range->loc,
				    "the range is not within the range of user '%s'", c->user.name);
			goto fail;
		}
	}
	if (!policydb_context_isvalid(p, out)) {
		lower_error(lw, &c->loc, "invalid security context");
		goto fail;
	}
	return 0;
bad_type:
	lower_error(lw, &c->type.loc, "role '%s' may not have type '%s'", c->role.name,
		    c->type.name);
fail:
	context_destroy(out);
	return POL_EINVAL;
}
