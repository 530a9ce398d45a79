/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Role allow and role_transition rules, matched as setools' RBACRuleQuery. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"

struct rbac_criteria {
	struct value_match source, deflt, classes;
	/* The target is a type for role_transition and a role for role allow:
	 * a name is looked up as a type or attribute first, then as a role. */
	struct value_match target_type, target_role;
	bool target_given;
};

static void criteria_release(struct rbac_criteria *c)
{
	query_value_match_release(&c->source);
	query_value_match_release(&c->deflt);
	query_value_match_release(&c->classes);
	query_value_match_release(&c->target_type);
	query_value_match_release(&c->target_role);
}

static int criteria_build(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			  struct rbac_criteria *c, struct pol_err *err)
{
	int rc;

	memset(c, 0, sizeof(*c));
	if ((rc = query_role_match_build(pdb, q->source, q->source_regex, &c->source, err)) ||
	    (rc = query_role_match_build(pdb, q->deflt, q->default_regex, &c->deflt, err)) ||
	    (rc = query_class_match_build(pdb, q->classes, q->class_regex, &c->classes, err)))
		goto fail;
	if (q->target && *q->target) {
		c->target_given = true;
		if (q->target_regex) {
			if ((rc = query_type_match_build(pdb, q->target, q->target_direct, true,
							 q->empty_attr_is_any, &c->target_type,
							 err)) ||
			    (rc = query_role_match_build(pdb, q->target, true, &c->target_role,
							 err)))
				goto fail;
		} else if (pdb_type_value(pdb, q->target)) {
			if ((rc = query_type_match_build(pdb, q->target, q->target_direct, false,
							 q->empty_attr_is_any, &c->target_type,
							 err)))
				goto fail;
		} else if (pol_pdb_has(pdb, POL_SYM_ROLE, q->target)) {
			if ((rc = query_role_match_build(pdb, q->target, false, &c->target_role,
							 err)))
				goto fail;
		} else {
			rc = pol_pdb_unknown(pdb, POL_SYM_TYPE_OR_ATTR, q->target, err);
			goto fail;
		}
	}
	return 0;
fail:
	criteria_release(c);
	return rc;
}

static bool target_matches(const struct value_match *m, bool given, uint32_t v)
{
	/* A criterion of the other kind (role vs type) never matches. */
	if (!given)
		return true;
	return m->ok && value_matches(m, v);
}

int query_rbacrule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			  struct pol_rule_list *list, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	struct rbac_criteria c;
	int rc = 0;

	if (!(q->kinds & POL_RULES_RBAC))
		return 0;
	if ((rc = criteria_build(pdb, q, &c, err)))
		return rc;
	if (q->kinds & POL_RULE_BIT(POL_RULE_ROLE_ALLOW) && !c.classes.ok) {
		for (role_allow_t *ra = p->role_allow; ra && !rc; ra = ra->next) {
			struct pol_rule *r;
			char *text;

			if (!value_matches(&c.source, ra->role) ||
			    !target_matches(&c.target_role, c.target_given, ra->new_role) ||
			    c.deflt.ok)
				continue;
			r = query_rule_list_add(list);
			if (!r) {
				rc = -ENOMEM;
				break;
			}
			r->kind = POL_RULE_ROLE_ALLOW;
			r->source = p->p_role_val_to_name[ra->role - 1];
			r->target = p->p_role_val_to_name[ra->new_role - 1];
			if (asprintf(&text, "allow %s %s;", r->source, r->target) < 0) {
				rc = -ENOMEM;
				break;
			}
			r->text = query_pool_strdup(&list->pool, text);
			free(text);
			rc = r->text ? 0 : -ENOMEM;
		}
	}
	if (q->kinds & POL_RULE_BIT(POL_RULE_ROLE_TRANSITION)) {
		for (role_trans_t *rt = p->role_tr; rt && !rc; rt = rt->next) {
			struct pol_rule *r;
			char *text;

			if (!value_matches(&c.source, rt->role) ||
			    !target_matches(&c.target_type, c.target_given, rt->type) ||
			    !value_matches(&c.classes, rt->tclass) ||
			    !value_matches(&c.deflt, rt->new_role))
				continue;
			r = query_rule_list_add(list);
			if (!r) {
				rc = -ENOMEM;
				break;
			}
			r->kind = POL_RULE_ROLE_TRANSITION;
			r->source = p->p_role_val_to_name[rt->role - 1];
			r->target = pdb_type_name(pdb, rt->type);
			r->tclass = p->p_class_val_to_name[rt->tclass - 1];
			r->deflt = p->p_role_val_to_name[rt->new_role - 1];
			if (asprintf(&text, "role_transition %s %s:%s %s;", r->source, r->target,
				     r->tclass, r->deflt) < 0) {
				rc = -ENOMEM;
				break;
			}
			r->text = query_pool_strdup(&list->pool, text);
			free(text);
			rc = r->text ? 0 : -ENOMEM;
		}
	}
	criteria_release(&c);
	if (rc)
		return pol_err_set(err, rc, "out of memory");
	return 0;
}
