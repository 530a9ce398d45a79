// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Role allow, role_transition and range_transition become the rule lists
 * of the current decl, put in front of each list as checkpolicy does.
 */
#include "source/internal.h"

#include <sepol/policydb/expand.h>

#include <stdlib.h>

#include "source/lower-rules.h"

int lower_role_allow(struct lower *lw, const struct src_stmt *s)
{
	role_allow_rule_t *ra = malloc(sizeof(*ra));
	int rc = 0;

	if (!ra)
		return lower_error(lw, &s->loc, "out of memory");
	role_allow_rule_init(ra);
	if (lower_role_set(lw, &s->u.role_allow.from, &ra->roles) < 0)
		rc = POL_EINVAL;
	if (lower_role_set(lw, &s->u.role_allow.to, &ra->new_roles) < 0)
		rc = POL_EINVAL;
	if (rc) {
		role_allow_rule_destroy(ra);
		free(ra);
		return rc;
	}
	ra->next = lw->decl->role_allow_rules;
	lw->decl->role_allow_rules = ra;
	return 0;
}

static const char *role_name(const policydb_t *p, uint32_t value)
{
	return p->p_role_val_to_name[value - 1];
}

/*
 * checkpolicy rejects a role_transition whose expanded (role, type, class)
 * triple an earlier one already has, keeping the triples in the policy's
 * role_tr list (which only a kernel policy writes). Do the same, so the
 * same sources fail alike.
 */
static int check_role_trans_dups(struct lower *lw, const struct src_stmt *s, role_set_t *roles,
				 type_set_t *types, const ebitmap_t *classes, uint32_t new_role)
{
	policydb_t *p = lw->p;
	ebitmap_t er, et;
	ebitmap_node_t *rn, *tn, *cn;
	unsigned int r, t, c;
	int rc = 0;

	ebitmap_init(&er);
	ebitmap_init(&et);
	if (role_set_expand(roles, &er, p, NULL, NULL) || type_set_expand(types, &et, p, 1)) {
		rc = lower_error(lw, &s->loc, "out of memory");
		goto out;
	}
	ebitmap_for_each_positive_bit(&er, rn, r)
	{
		ebitmap_for_each_positive_bit(&et, tn, t)
		{
			ebitmap_for_each_positive_bit(classes, cn, c)
			{
				role_trans_t *tr;

				for (tr = p->role_tr; tr; tr = tr->next)
					if (tr->role == r + 1 && tr->type == t + 1 &&
					    tr->tclass == c + 1)
						break;
				if (tr) {
					rc = lower_error(lw, &s->loc,
							 "duplicate role_transition for role '%s', "
							 "type '%s', class '%s'",
							 role_name(p, r + 1),
							 p->p_type_val_to_name[t],
							 p->p_class_val_to_name[c]);
					goto out;
				}
				tr = calloc(1, sizeof(*tr));
				if (!tr) {
					rc = lower_error(lw, &s->loc, "out of memory");
					goto out;
				}
				tr->role = r + 1;
				tr->type = t + 1;
				tr->tclass = c + 1;
				tr->new_role = new_role;
				tr->next = p->role_tr;
				p->role_tr = tr;
			}
		}
	}
out:
	ebitmap_destroy(&er);
	ebitmap_destroy(&et);
	return rc;
}

int lower_role_transition(struct lower *lw, const struct src_stmt *s)
{
	role_trans_rule_t *rule = malloc(sizeof(*rule));
	role_datum_t *role;
	int rc = 0;

	if (!rule)
		return lower_error(lw, &s->loc, "out of memory");
	role_trans_rule_init(rule);
	if (lower_role_set(lw, &s->u.role_transition.roles, &rule->roles) < 0)
		rc = POL_EINVAL;
	if (src_rules_no_star(lw, &s->u.role_transition.types, "role_transition") < 0 ||
	    lower_type_set(lw, &s->u.role_transition.types, &rule->types, false, NULL) < 0)
		rc = POL_EINVAL;
	if (src_rules_class_bitmap(lw, &s->u.role_transition.classes, true, &s->loc,
				   &rule->classes) < 0)
		rc = POL_EINVAL;
	role = lower_role(lw, &s->u.role_transition.new_role);
	if (!role)
		rc = POL_EINVAL;
	else if (role->flavor != ROLE_ROLE)
		rc = lower_error(
		    lw, &s->u.role_transition.new_role.loc,
		    "the new role of role_transition must be a role, and '%s' is a role attribute",
		    s->u.role_transition.new_role.name);
	if (rc)
		goto fail;
	rule->new_role = role->s.value;
	if (check_role_trans_dups(lw, s, &rule->roles, &rule->types, &rule->classes,
				  rule->new_role) < 0) {
		rc = POL_EINVAL;
		goto fail;
	}
	rule->next = lw->decl->role_tr_rules;
	lw->decl->role_tr_rules = rule;
	return 0;
fail:
	role_trans_rule_list_destroy(rule);
	return rc;
}

int lower_range_transition(struct lower *lw, const struct src_stmt *s)
{
	range_trans_rule_t *rule;
	int rc = 0;

	if (!lw->opts->mls)
		return lower_error(
		    lw, &s->loc, "range_transition in a policy that is not MLS (compile with -M)");
	rule = malloc(sizeof(*rule));
	if (!rule)
		return lower_error(lw, &s->loc, "out of memory");
	range_trans_rule_init(rule);
	if (src_rules_no_star(lw, &s->u.range_transition.src, "range_transition") < 0 ||
	    lower_type_set(lw, &s->u.range_transition.src, &rule->stypes, false, NULL) < 0)
		rc = POL_EINVAL;
	if (src_rules_no_star(lw, &s->u.range_transition.tgt, "range_transition") < 0 ||
	    lower_type_set(lw, &s->u.range_transition.tgt, &rule->ttypes, false, NULL) < 0)
		rc = POL_EINVAL;
	/* src_rules_class_bitmap initialises the bitmap range_trans_rule_init did */
	ebitmap_destroy(&rule->tclasses);
	if (src_rules_class_bitmap(lw, &s->u.range_transition.classes, true, &s->loc,
				   &rule->tclasses) < 0)
		rc = POL_EINVAL;
	if (lower_semantic_range(lw, &s->u.range_transition.range, &rule->trange) < 0)
		rc = POL_EINVAL;
	if (rc) {
		range_trans_rule_destroy(rule);
		free(rule);
		return rc;
	}
	rule->next = lw->decl->range_tr_rules;
	lw->decl->range_tr_rules = rule;
	return 0;
}
