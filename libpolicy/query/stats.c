/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* seinfo's statistics summary: what it counts and how. */
#include <string.h>

#include "query/info-internal.h"

static size_t ocon_count(const ocontext_t *c)
{
	size_t n = 0;

	for (; c; c = c->next)
		n++;
	return n;
}

static void count_rule(struct pol_info_stats *st, uint16_t specified)
{
	switch (specified & ~AVTAB_ENABLED) {
	case AVTAB_ALLOWED: st->allow++; break;
	case AVTAB_AUDITALLOW: st->auditallow++; break;
	case AVTAB_AUDITDENY: st->dontaudit++; break;
	case AVTAB_NEVERALLOW: st->neverallow++; break;
	case AVTAB_XPERMS_ALLOWED: st->allowxperm++; break;
	case AVTAB_XPERMS_AUDITALLOW: st->auditallowxperm++; break;
	case AVTAB_XPERMS_DONTAUDIT: st->dontauditxperm++; break;
	case AVTAB_XPERMS_NEVERALLOW: st->neverallowxperm++; break;
	case AVTAB_TRANSITION: st->type_transition++; break;
	case AVTAB_CHANGE: st->type_change++; break;
	case AVTAB_MEMBER: st->type_member++; break;
	default: break;
	}
}

/* One name-based type_transition per source type of each entry. */
static int count_filename_trans(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct pol_info_stats *st = arg;

	(void)key;
	for (filename_trans_datum_t *d = datum; d; d = d->next)
		st->type_transition += ebitmap_cardinality(&d->stypes);
	return 0;
}

static int count_type(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct pol_info_stats *st = arg;
	const type_datum_t *t = datum;

	(void)key;
	if (t->flavor == TYPE_ATTRIB)
		st->attributes++;
	else if (t->flavor == TYPE_TYPE && t->primary)
		st->types++;
	/* setools counts every symbol-table entry with bounds, aliases too */
	if (t->flavor == TYPE_TYPE && t->bounds)
		st->typebounds++;
	return 0;
}

static int count_sens(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	(void)key;
	if (!((const level_datum_t *)datum)->isalias)
		(*(size_t *)arg)++;
	return 0;
}

static int count_cat(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	(void)key;
	if (!((const cat_datum_t *)datum)->isalias)
		(*(size_t *)arg)++;
	return 0;
}

static int count_common_perms(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	(void)key;
	*(size_t *)arg += ((const common_datum_t *)datum)->permissions.table->nel;
	return 0;
}

/* An expression that compares levels makes an mlsconstrain / mlsvalidatetrans. */
static void count_constraint(struct pol_info_stats *st, const constraint_node_t *n,
			     bool validatetrans)
{
	bool mls = false;

	for (const constraint_expr_t *e = n->expr; e; e = e->next)
		if ((e->expr_type == CEXPR_ATTR || e->expr_type == CEXPR_NAMES) &&
		    e->attr >= CEXPR_L1L2)
			mls = true;
	if (validatetrans)
		*(mls ? &st->mls_validatetrans : &st->validatetrans) += 1;
	else
		*(mls ? &st->mls_constraints : &st->constraints) += 1;
}

static void count_constraints(const policydb_t *p, struct pol_info_stats *st)
{
	for (uint32_t c = 0; c < p->p_classes.nprim; c++) {
		const class_datum_t *cls = p->class_val_to_struct[c];

		if (!cls)
			continue;
		st->permissions += cls->permissions.table->nel;
		st->defaults += !!cls->default_user + !!cls->default_role + !!cls->default_type +
				!!cls->default_range;
		for (int v = 0; v < 2; v++)
			for (const constraint_node_t *n = v ? cls->validatetrans : cls->constraints;
			     n; n = n->next)
				count_constraint(st, n, v);
	}
}

void pol_info_stats(const struct pol_pdb *pdb, struct pol_info_stats *st)
{
	const policydb_t *p = pdb_db(pdb);
	const avtab_t *te = &p->te_avtab;

	memset(st, 0, sizeof(*st));
	st->version = p->policyvers;
	st->mls = p->mls;
	st->xen = p->target_platform == SEPOL_TARGET_XEN;
	st->target = st->xen ? "xen" : "selinux";
	st->handle_unknown = p->handle_unknown == SEPOL_ALLOW_UNKNOWN ? "allow" :
			     p->handle_unknown == SEPOL_REJECT_UNKNOWN ? "reject" : "deny";

	st->classes = p->p_classes.table->nel;
	hashtab_map(p->p_commons.table, count_common_perms, &st->permissions);
	count_constraints(p, st);
	hashtab_map(p->p_levels.table, count_sens, &st->sensitivities);
	hashtab_map(p->p_cats.table, count_cat, &st->categories);
	hashtab_map(p->p_types.table, count_type, st);
	st->users = p->p_users.table->nel;
	st->roles = p->p_roles.table->nel;
	st->booleans = p->p_bools.table->nel;

	for (uint32_t i = 0; te->htable && i < te->nslot; i++)
		for (const struct avtab_node *n = te->htable[i]; n; n = n->next)
			count_rule(st, n->key.specified);
	if (p->filename_trans)
		hashtab_map(p->filename_trans, count_filename_trans, st);
	for (const cond_node_t *c = p->cond_list; c; c = c->next) {
		st->conditionals++;
		for (const cond_av_list_t *l = c->true_list; l; l = l->next)
			count_rule(st, l->node->key.specified);
		for (const cond_av_list_t *l = c->false_list; l; l = l->next)
			count_rule(st, l->node->key.specified);
	}
	st->range_transition = p->range_tr ? p->range_tr->nel : 0;
	for (const role_allow_t *r = p->role_allow; r; r = r->next)
		st->role_allow++;
	for (const role_trans_t *r = p->role_tr; r; r = r->next)
		st->role_transition++;

	for (uint32_t v = 1; v <= p->p_types.nprim; v++) {
		const type_datum_t *t = p->type_val_to_struct[v - 1];

		if (t && t->flavor == TYPE_TYPE && ebitmap_get_bit(&p->permissive_map, v))
			st->permissives++;
	}
	st->polcaps = ebitmap_cardinality((ebitmap_t *)&p->policycaps);

	st->initial_sids = ocon_count(p->ocontexts[OCON_ISID]);
	if (st->xen) {
		st->pirqcons = ocon_count(p->ocontexts[OCON_XEN_PIRQ]);
		st->ioportcons = ocon_count(p->ocontexts[OCON_XEN_IOPORT]);
		st->iomemcons = ocon_count(p->ocontexts[OCON_XEN_IOMEM]);
		st->pcidevicecons = ocon_count(p->ocontexts[OCON_XEN_PCIDEVICE]);
		st->devicetreecons = ocon_count(p->ocontexts[OCON_XEN_DEVICETREE]);
	} else {
		st->fs_uses = ocon_count(p->ocontexts[OCON_FSUSE]);
		st->portcons = ocon_count(p->ocontexts[OCON_PORT]);
		st->netifcons = ocon_count(p->ocontexts[OCON_NETIF]);
		st->nodecons = ocon_count(p->ocontexts[OCON_NODE]) +
			       ocon_count(p->ocontexts[OCON_NODE6]);
		st->ibpkeycons = ocon_count(p->ocontexts[OCON_IBPKEY]);
		st->ibendportcons = ocon_count(p->ocontexts[OCON_IBENDPORT]);
	}
	for (const genfs_t *g = p->genfs; g; g = g->next)
		st->genfscons += ocon_count(g->head);
}
