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
		if ((rc = pdb_parse_range(pdb, q->deflt, PDB_RANGE_QUERY, &range, err)))
			goto out;
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
