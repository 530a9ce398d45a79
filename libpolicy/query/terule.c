/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Type enforcement rules: the unconditional and conditional avtabs and the
 * name-based type transitions, matched as setools' TERuleQuery matches. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"
#include "util/buf.h"

struct te_criteria {
	unsigned int kinds;
	struct value_match source, target, deflt, classes;
	struct perm_match perms;
	bool perms_given;
	bool perms_name_ioctl; /* "ioctl" is among the names: xperm rules may match */
	bool perms_many;       /* more than one name: never equal to an xperm type */
	bool perms_equal;
	struct xperm_set *xperms;
	bool xperms_equal;
	struct bool_match bools;
};

enum pol_rule_kind query_rule_kind(uint16_t specified)
{
	switch (specified & ~AVTAB_ENABLED) {
	case AVTAB_ALLOWED:
		return POL_RULE_ALLOW;
	case AVTAB_AUDITALLOW:
		return POL_RULE_AUDITALLOW;
	case AVTAB_AUDITDENY:
		return POL_RULE_DONTAUDIT;
	case AVTAB_NEVERALLOW:
		return POL_RULE_NEVERALLOW;
	case AVTAB_XPERMS_ALLOWED:
		return POL_RULE_ALLOWXPERM;
	case AVTAB_XPERMS_AUDITALLOW:
		return POL_RULE_AUDITALLOWXPERM;
	case AVTAB_XPERMS_DONTAUDIT:
		return POL_RULE_DONTAUDITXPERM;
	case AVTAB_XPERMS_NEVERALLOW:
		return POL_RULE_NEVERALLOWXPERM;
	case AVTAB_TRANSITION:
		return POL_RULE_TYPE_TRANSITION;
	case AVTAB_CHANGE:
		return POL_RULE_TYPE_CHANGE;
	case AVTAB_MEMBER:
		return POL_RULE_TYPE_MEMBER;
	default:
		return POL_RULE_KIND_COUNT;
	}
}

static bool is_xperm(enum pol_rule_kind k)
{
	return k >= POL_RULE_ALLOWXPERM && k <= POL_RULE_NEVERALLOWXPERM;
}

static bool is_type_rule(enum pol_rule_kind k)
{
	return k >= POL_RULE_TYPE_TRANSITION && k <= POL_RULE_TYPE_MEMBER;
}

static void criteria_release(struct te_criteria *c)
{
	query_value_match_release(&c->source);
	query_value_match_release(&c->target);
	query_value_match_release(&c->deflt);
	query_value_match_release(&c->classes);
	query_perm_match_release(&c->perms);
	query_bool_match_release(&c->bools);
	free(c->xperms);
}

static int criteria_build(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			  struct te_criteria *c, struct pol_err *err)
{
	int rc;

	memset(c, 0, sizeof(*c));
	c->kinds = q->kinds & POL_RULES_TE;
	if ((rc = query_type_match_build(pdb, q->source, q->source_direct, q->source_regex,
					 q->empty_attr_is_any, &c->source, err)) ||
	    (rc = query_type_match_build(pdb, q->target, q->target_direct, q->target_regex,
					 q->empty_attr_is_any, &c->target, err)) ||
	    (rc = query_class_match_build(pdb, q->classes, q->class_regex, &c->classes, err)))
		goto fail;
	if (q->perms && *q->perms) {
		/* With a class regex, names are checked against every class. */
		struct value_match any = {NULL, 0};

		rc = query_perm_match_build(pdb, q->perms, q->class_regex ? &any : &c->classes,
					    q->perms_equal, q->perms_subset, &c->perms, err);
		if (rc)
			goto fail;
		c->perms_given = true;
		c->perms_equal = q->perms_equal;
		c->perms_many = c->perms.count > 1;
		for (size_t i = 0; i < c->perms.count; i++)
			c->perms_name_ioctl |= strcmp(c->perms.names[i], "ioctl") == 0;
	}
	if (q->xperms && *q->xperms) {
		c->xperms = malloc(sizeof(*c->xperms));
		if (!c->xperms) {
			rc = pol_err_set(err, -ENOMEM, "out of memory");
			goto fail;
		}
		if ((rc = query_xperm_set_parse(q->xperms, c->xperms, err)))
			goto fail;
		c->xperms_equal = q->xperms_equal;
	}
	/* The default is a single type, so an attribute criterion matches
	 * through its members (setools hard-codes indirect here). */
	if ((rc = query_type_match_build(pdb, q->deflt, false, q->default_regex,
					 q->empty_attr_is_any, &c->deflt, err)) ||
	    (rc = query_bool_match_build(pdb, q->bools, q->bools_regex, q->bools_equal, &c->bools,
					 err)))
		goto fail;
	if (q->deflt && *q->deflt && q->default_regex) {
		/* A regex on the default names the default type itself. */
		struct pol_regex *re;
		uint32_t n = pdb_db(pdb)->p_types.nprim;

		if ((rc = pol_regex_compile(q->deflt, &re, err)))
			goto fail;
		for (uint32_t v = 1; v <= n && rc >= 0; v++)
			c->deflt.ok[v] =
			    pdb->p.type_val_to_struct[v - 1] &&
			    (rc = pol_regex_search(re, pdb_type_name(pdb, v), err)) > 0;
		pol_regex_free(re);
		if (rc < 0)
			goto fail;
	}
	return 0;
fail:
	criteria_release(c);
	return rc;
}

static bool perm_name_less(const char *a, const char *b)
{
	return strcmp(a, b) < 0;
}

static void sort_names(const char **v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		const char *x = v[i];
		size_t j = i;

		while (j > 0 && perm_name_less(x, v[j - 1])) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

struct cond_ctx {
	const cond_node_t *node;
	bool branch;
	const char **text; /* formatted once per conditional, when a rule matches */
};

static const char *cond_text(const struct pol_pdb *pdb, struct pol_rule_list *list,
			     const struct cond_ctx *cond)
{
	if (!*cond->text) {
		char *text = pdb_cond_expr_text(pdb, cond->node->expr);

		*cond->text = query_pool_strdup(&list->pool, text ? text : "");
		free(text);
	}
	return *cond->text;
}

static int emit(const struct pol_pdb *pdb, struct pol_rule_list *list, enum pol_rule_kind kind,
		const avtab_key_t *key, const avtab_datum_t *datum, uint32_t perms,
		const struct xperm_set *xs, const struct cond_ctx *cond)
{
	struct pol_rule *r = query_rule_list_add(list);
	struct pol_buf b = POL_BUF_INIT;
	uint32_t c = key->target_class;

	if (!r)
		return -ENOMEM;
	r->kind = kind;
	r->source = pdb_type_name(pdb, key->source_type);
	r->target = pdb_type_name(pdb, key->target_type);
	r->tclass = pdb->p.p_class_val_to_name[c - 1];
	pol_buf_printf(&b, "%s %s %s:%s ", pol_rule_kind_name(kind), r->source, r->target,
		       r->tclass);
	if (is_type_rule(kind)) {
		r->deflt = pdb_type_name(pdb, datum->data);
		pol_buf_printf(&b, "%s;", r->deflt);
	} else if (is_xperm(kind)) {
		size_t ranges;
		char *s = query_xperm_set_format(xs, &ranges);

		r->xperm_type = "ioctl";
		r->xperms = query_pool_strdup(&list->pool, s ? s : "");
		pol_buf_printf(&b, ranges > 1 ? "ioctl { %s };" : "ioctl %s;", r->xperms);
		free(s);
	} else {
		const char *names[33];
		size_t n = 0;

		for (unsigned int bit = 0; bit < 32; bit++)
			if (perms & (1u << bit))
				names[n++] = pdb_perm_name(pdb, c, bit);
		sort_names(names, n);
		r->perms = query_pool_alloc(&list->pool, (n + 1) * sizeof(*r->perms));
		if (!r->perms) {
			pol_buf_release(&b);
			return -ENOMEM;
		}
		memcpy(r->perms, names, n * sizeof(*names));
		r->perms[n] = NULL;
		if (n > 1) {
			pol_buf_puts(&b, "{");
			for (size_t i = 0; i < n; i++)
				pol_buf_printf(&b, " %s", names[i]);
			pol_buf_puts(&b, " };");
		} else {
			pol_buf_printf(&b, "%s;", names[0]);
		}
	}
	if (cond) {
		r->cond = cond_text(pdb, list, cond);
		r->cond_branch = cond->branch;
		/* setools prints no conditional suffix on xperm rules */
		if (r->cond && !is_xperm(kind))
			pol_buf_printf(&b, " [ %s ]:%s", r->cond, cond->branch ? "True" : "False");
	}
	r->text = query_pool_strdup(&list->pool, pol_buf_str(&b));
	pol_buf_release(&b);
	return r->text ? 0 : -ENOMEM;
}

static int match_node(const struct pol_pdb *pdb, const struct te_criteria *c,
		      const avtab_key_t *key, const avtab_datum_t *datum,
		      const struct cond_ctx *cond, struct pol_rule_list *list)
{
	enum pol_rule_kind kind = query_rule_kind(key->specified);
	struct xperm_set xs;
	uint32_t perms = 0;

	if (kind == POL_RULE_KIND_COUNT || !(c->kinds & POL_RULE_BIT(kind)))
		return 0;
	if (!value_matches(&c->source, key->source_type) ||
	    !value_matches(&c->target, key->target_type) ||
	    !value_matches(&c->classes, key->target_class))
		return 0;
	if (c->bools.wanted && (!cond || !query_bool_matches(&c->bools, cond->node->expr)))
		return 0;
	if (is_type_rule(kind)) {
		/* type rules have neither permissions nor extended permissions */
		if (c->perms_given || c->xperms)
			return 0;
		if (!value_matches(&c->deflt, datum->data))
			return 0;
	} else {
		if (c->deflt.ok)
			return 0;
		if (is_xperm(kind)) {
			if (c->perms_given &&
			    ((c->perms_equal && c->perms_many) || !c->perms_name_ioctl))
				return 0;
			if (!datum->xperms)
				return 0;
			query_xperm_set_from_avtab(datum->xperms, &xs);
			if (c->xperms &&
			    !(c->xperms_equal ? query_xperm_set_equal(&xs, c->xperms)
					      : query_xperm_set_intersects(&xs, c->xperms)))
				return 0;
		} else {
			/* a dontaudit rule stores the permissions it does NOT silence */
			perms = kind == POL_RULE_DONTAUDIT ? ~datum->data : datum->data;
			perms &= query_class_valid_perms(pdb, key->target_class);
			if (!query_perm_matches(&c->perms, key->target_class, perms))
				return 0;
			/* Permission names never meet ioctl numbers. */
			if (c->xperms)
				return 0;
			if (!perms)
				return 0;
		}
	}
	return emit(pdb, list, kind, key, datum, perms, &xs, cond);
}

static int filename_trans_search(const struct pol_pdb *pdb, const struct te_criteria *c,
				 struct pol_rule_list *list);

/* The rules of the types a criterion allows, through the index: the side
 * (source or target) with fewer rules to visit. Returns 1 when the index
 * cannot help (no type criterion, or no memory for it). */
static int indexed_search(const struct pol_pdb *pdb, const struct te_criteria *c,
			  const char **cond_texts, struct pol_rule_list *list)
{
	const struct pdb_te_index *idx;
	const struct value_match *side;
	const struct pdb_te_ref *refs;
	const size_t *start;
	size_t nsource = 0, ntarget = 0;
	int rc = 0;

	if (!c->source.ok && !c->target.ok)
		return 1;
	idx = pdb_te_index(pdb);
	if (!idx)
		return 1;
	for (uint32_t v = 1; v <= idx->ntypes; v++) {
		if (c->source.ok && value_matches(&c->source, v))
			nsource += idx->by_source_start[v + 1] - idx->by_source_start[v];
		if (c->target.ok && value_matches(&c->target, v))
			ntarget += idx->by_target_start[v + 1] - idx->by_target_start[v];
	}
	if (c->source.ok && (!c->target.ok || nsource <= ntarget)) {
		side = &c->source;
		refs = idx->by_source;
		start = idx->by_source_start;
	} else {
		side = &c->target;
		refs = idx->by_target;
		start = idx->by_target_start;
	}
	for (uint32_t v = 1; v <= idx->ntypes && !rc; v++) {
		if (!value_matches(side, v))
			continue;
		for (size_t i = start[v]; i < start[v + 1] && !rc; i++) {
			const struct pdb_te_ref *ref = &refs[i];
			struct cond_ctx ctx;
			uint32_t k;

			if (!ref->cond) {
				rc = match_node(pdb, c, &ref->node->key, &ref->node->datum, NULL,
						list);
				continue;
			}
			k = (ref->cond & ~PDB_TE_FALSE_BRANCH) - 1;
			ctx.node = idx->conds[k];
			ctx.branch = !(ref->cond & PDB_TE_FALSE_BRANCH);
			ctx.text = &cond_texts[k];
			if (c->bools.wanted && !query_bool_matches(&c->bools, ctx.node->expr))
				continue;
			rc = match_node(pdb, c, &ref->node->key, &ref->node->datum, &ctx, list);
		}
	}
	return rc;
}

int query_terule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			struct pol_rule_list *list, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	const char **cond_texts;
	struct te_criteria c;
	uint32_t ncond = 0;
	int rc;

	if (!(q->kinds & POL_RULES_TE))
		return 0;
	if ((rc = criteria_build(pdb, q, &c, err)))
		return rc;
	for (cond_node_t *cn = p->cond_list; cn; cn = cn->next)
		ncond++;
	cond_texts = calloc(ncond ? ncond : 1, sizeof(*cond_texts));
	if (!cond_texts) {
		criteria_release(&c);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	rc = indexed_search(pdb, &c, cond_texts, list);
	if (rc == 1) {
		uint32_t k = 0;

		rc = 0;
		for (uint32_t i = 0; i < p->te_avtab.nslot && !rc; i++)
			for (avtab_ptr_t n = p->te_avtab.htable[i]; n && !rc; n = n->next)
				rc = match_node(pdb, &c, &n->key, &n->datum, NULL, list);
		for (cond_node_t *cn = p->cond_list; cn && !rc; cn = cn->next, k++) {
			struct cond_ctx ctx = {cn, true, &cond_texts[k]};

			if (c.bools.wanted && !query_bool_matches(&c.bools, cn->expr))
				continue;
			for (cond_av_list_t *l = cn->true_list; l && !rc; l = l->next)
				rc =
				    match_node(pdb, &c, &l->node->key, &l->node->datum, &ctx, list);
			ctx.branch = false;
			for (cond_av_list_t *l = cn->false_list; l && !rc; l = l->next)
				rc =
				    match_node(pdb, &c, &l->node->key, &l->node->datum, &ctx, list);
		}
	}
	if (!rc && (c.kinds & POL_RULE_BIT(POL_RULE_TYPE_TRANSITION)) && !c.bools.wanted &&
	    !c.perms_given && !c.xperms)
		rc = filename_trans_search(pdb, &c, list);
	free(cond_texts);
	criteria_release(&c);
	if (rc)
		return pol_err_set(err, rc, "out of memory");
	return 0;
}

struct ft_ctx {
	const struct pol_pdb *pdb;
	const struct te_criteria *c;
	struct pol_rule_list *list;
};

static int filename_trans_entry(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const filename_trans_key_t *key = (const filename_trans_key_t *)k;
	struct ft_ctx *ctx = arg;
	const struct pol_pdb *pdb = ctx->pdb;

	if (!value_matches(&ctx->c->target, key->ttype) ||
	    !value_matches(&ctx->c->classes, key->tclass))
		return 0;
	for (const filename_trans_datum_t *fd = d; fd; fd = fd->next) {
		ebitmap_node_t *node;
		unsigned int bit;

		if (!value_matches(&ctx->c->deflt, fd->otype))
			continue;
		ebitmap_for_each_positive_bit(&fd->stypes, node, bit)
		{
			struct pol_rule *r;
			char *text;

			if (!value_matches(&ctx->c->source, bit + 1))
				continue;
			r = query_rule_list_add(ctx->list);
			if (!r)
				return -ENOMEM;
			r->kind = POL_RULE_TYPE_TRANSITION;
			r->source = pdb_type_name(pdb, bit + 1);
			r->target = pdb_type_name(pdb, key->ttype);
			r->tclass = pdb->p.p_class_val_to_name[key->tclass - 1];
			r->deflt = pdb_type_name(pdb, fd->otype);
			r->filename = key->name;
			if (asprintf(&text, "type_transition %s %s:%s %s %s;", r->source, r->target,
				     r->tclass, r->deflt, r->filename) < 0)
				return -ENOMEM;
			r->text = query_pool_strdup(&ctx->list->pool, text);
			free(text);
			if (!r->text)
				return -ENOMEM;
		}
	}
	return 0;
}

static int filename_trans_search(const struct pol_pdb *pdb, const struct te_criteria *c,
				 struct pol_rule_list *list)
{
	struct ft_ctx ctx = {pdb, c, list};

	if (!pdb->p.filename_trans)
		return 0;
	return hashtab_map(pdb->p.filename_trans, filename_trans_entry, &ctx);
}
