/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* range_transition rules, matched as setools' MLSRuleQuery. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"

struct mls_ctx {
	const struct pol_pdb *pdb;
	struct value_match source, target, classes;
	mls_range_t *range; /* -D: the rule's range must equal it */
	struct pol_rule_list *list;
};

/* "s0", "s0:c0,c3.c5": a sensitivity and its categories. */
static int parse_mls_level(const struct pol_pdb *pdb, const char *text, mls_level_t *level,
			   struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	char *copy = strdup(text), *colon, *save = NULL;
	level_datum_t *sens;
	int rc = 0;

	if (!copy)
		return pol_err_set(err, -ENOMEM, "out of memory");
	colon = strchr(copy, ':');
	if (colon)
		*colon = '\0';
	sens = hashtab_search(p->p_levels.table, copy);
	if (!sens) {
		rc = pol_pdb_unknown(pdb, POL_SYM_SENS, copy, err);
		goto out;
	}
	mls_level_init(level);
	level->sens = sens->level->sens;
	for (char *item = colon ? strtok_r(colon + 1, ",", &save) : NULL; item;
	     item = strtok_r(NULL, ",", &save)) {
		char *dot = strchr(item, '.');
		cat_datum_t *lo, *hi;

		if (dot)
			*dot = '\0';
		lo = hashtab_search(p->p_cats.table, item);
		hi = dot ? hashtab_search(p->p_cats.table, dot + 1) : lo;
		if (!lo || !hi) {
			rc = pol_pdb_unknown(pdb, POL_SYM_CAT, !lo ? item : dot + 1, err);
			goto out;
		}
		for (uint32_t v = lo->s.value; v <= hi->s.value; v++)
			if (ebitmap_set_bit(&level->cat, v - 1, 1)) {
				rc = pol_err_set(err, -ENOMEM, "out of memory");
				goto out;
			}
	}
out:
	free(copy);
	return rc;
}

static int parse_mls_range(const struct pol_pdb *pdb, const char *text, mls_range_t *range,
			   struct pol_err *err)
{
	const char *dash = strstr(text, " - ");
	char *low;
	int rc;

	mls_range_init(range);
	if (!dash)
		dash = strchr(text, '-');
	low = dash ? strndup(text, (size_t)(dash - text)) : strdup(text);
	if (!low)
		return pol_err_set(err, -ENOMEM, "out of memory");
	/* trim the spaces around a " - " separator */
	for (size_t n = strlen(low); n && low[n - 1] == ' '; n--)
		low[n - 1] = '\0';
	rc = parse_mls_level(pdb, low, &range->level[0], err);
	free(low);
	if (rc)
		return rc;
	if (!dash)
		return mls_level_cpy(&range->level[1], &range->level[0])
			   ? pol_err_set(err, -ENOMEM, "out of memory")
			   : 0;
	dash += dash[0] == ' ' ? 3 : 1;
	while (*dash == ' ')
		dash++;
	rc = parse_mls_level(pdb, dash, &range->level[1], err);
	if (!rc && !mls_level_dom(&range->level[1], &range->level[0]))
		rc = pol_err_set(
		    err, POL_EINVAL,
		    "'%s' is not a valid range: the high level does not dominate the low one",
		    text);
	return rc;
}

static int mls_entry(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const range_trans_t *key = (const range_trans_t *)k;
	const mls_range_t *range = d;
	struct mls_ctx *ctx = arg;
	const policydb_t *p = pdb_db(ctx->pdb);
	struct pol_rule *r;
	char *rtext, *text;

	if (!value_matches(&ctx->source, key->source_type) ||
	    !value_matches(&ctx->target, key->target_type) ||
	    !value_matches(&ctx->classes, key->target_class))
		return 0;
	if (ctx->range && !mls_range_eq(ctx->range, range))
		return 0;
	r = query_rule_list_add(ctx->list);
	rtext = query_mls_range_format(ctx->pdb, range);
	if (!r || !rtext) {
		free(rtext);
		return -ENOMEM;
	}
	r->kind = POL_RULE_RANGE_TRANSITION;
	r->source = pdb_type_name(ctx->pdb, key->source_type);
	r->target = pdb_type_name(ctx->pdb, key->target_type);
	r->tclass = p->p_class_val_to_name[key->target_class - 1];
	r->deflt = query_pool_strdup(&ctx->list->pool, rtext);
	if (asprintf(&text, "range_transition %s %s:%s %s;", r->source, r->target, r->tclass,
		     rtext) < 0) {
		free(rtext);
		return -ENOMEM;
	}
	free(rtext);
	r->text = query_pool_strdup(&ctx->list->pool, text);
	free(text);
	return r->text && r->deflt ? 0 : -ENOMEM;
}

int query_mlsrule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			 struct pol_rule_list *list, struct pol_err *err)
{
	struct mls_ctx ctx = {.pdb = pdb, .list = list};
	mls_range_t range;
	int rc;

	if (!(q->kinds & POL_RULES_MLS))
		return 0;
	if ((rc = query_type_match_build(pdb, q->source, q->source_direct, q->source_regex,
					 q->empty_attr_is_any, &ctx.source, err)) ||
	    (rc = query_type_match_build(pdb, q->target, q->target_direct, q->target_regex,
					 q->empty_attr_is_any, &ctx.target, err)) ||
	    (rc = query_class_match_build(pdb, q->classes, q->class_regex, &ctx.classes, err)))
		goto out;
	if (q->deflt && *q->deflt) {
		if (!pdb->p.mls) {
			rc = pol_err_set(err, POL_EINVAL,
					 "the policy is not MLS: a range cannot be given");
			goto out;
		}
		if ((rc = parse_mls_range(pdb, q->deflt, &range, err))) {
			mls_range_destroy(&range);
			goto out;
		}
		ctx.range = &range;
	}
	if (pdb->p.range_tr)
		rc = hashtab_map(pdb->p.range_tr, mls_entry, &ctx);
	if (ctx.range)
		mls_range_destroy(&range);
	if (rc)
		rc = pol_err_set(err, rc, "out of memory");
out:
	query_value_match_release(&ctx.source);
	query_value_match_release(&ctx.target);
	query_value_match_release(&ctx.classes);
	return rc;
}
