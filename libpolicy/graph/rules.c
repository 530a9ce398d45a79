/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The rules behind an edge, found again from the TE index when asked for
 * (the graphs keep none), and printed as setools prints them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"
#include "util/array.h"
#include "util/buf.h"

static int rule_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *graph_rule_text(const struct pol_graph *g, const struct graph_rule *r)
{
	const struct pol_pdb *pdb = g->pdb;
	const avtab_key_t *key = &r->node->key;
	uint32_t c = key->target_class;
	struct pol_buf b = POL_BUF_INIT;

	if (key->specified & AVTAB_TRANSITION) {
		pol_buf_printf(
		    &b, "type_transition %s %s:%s %s;", pdb_type_name(pdb, key->source_type),
		    pdb_type_name(pdb, key->target_type), pdb->p.p_class_val_to_name[c - 1],
		    pdb_type_name(pdb, r->node->datum.data));
	} else {
		const char *names[32];
		size_t n = 0;

		for (unsigned int bit = 0; bit < 32; bit++)
			if ((r->node->datum.data & (1u << bit)) && pdb_perm_name(pdb, c, bit))
				names[n++] = pdb_perm_name(pdb, c, bit);
		if (n > 1)
			qsort(names, n, sizeof(*names), rule_cmp_str);
		pol_buf_printf(&b, "allow %s %s:%s ", pdb_type_name(pdb, key->source_type),
			       pdb_type_name(pdb, key->target_type),
			       pdb->p.p_class_val_to_name[c - 1]);
		if (n == 1) {
			pol_buf_printf(&b, "%s;", names[0]);
		} else {
			pol_buf_puts(&b, "{");
			for (size_t i = 0; i < n; i++)
				pol_buf_printf(&b, " %s", names[i]);
			pol_buf_puts(&b, " };");
		}
	}
	if (r->cond) {
		const cond_node_t *cn = g->conds[(r->cond & ~PDB_TE_FALSE_BRANCH) - 1];
		char *expr = pdb_cond_expr_text(pdb, cn->expr);

		pol_buf_printf(&b, " [ %s ]:%s", expr ? expr : "",
			       (r->cond & PDB_TE_FALSE_BRANCH) ? "False" : "True");
		free(expr);
	}
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

void graph_strv_add(struct graph_strv *sv, char *s)
{
	if (!s) {
		sv->failed = true;
		return;
	}
	/* room for a NULL after the last */
	if (POL_ARRAY_GROW(sv->v, sv->n + 2, sv->alloc) < 0) {
		free(s);
		sv->failed = true;
		return;
	}
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

char **graph_strv_done(struct graph_strv *sv, bool sort, bool *failed)
{
	if (sv->failed)
		*failed = true;
	if (!sv->v) {
		sv->v = calloc(1, sizeof(*sv->v));
		if (!sv->v)
			*failed = true;
	}
	if (sort && sv->n)
		qsort(sv->v, sv->n, sizeof(*sv->v), rule_cmp_str);
	return sv->v;
}

void graph_strv_free(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

void pol_graph_edge_rules_release(struct pol_graph_edge_rules *r)
{
	graph_strv_free(r->rules);
	graph_strv_free(r->transition);
	graph_strv_free(r->setexec);
	graph_strv_free(r->dyntransition);
	graph_strv_free(r->setcurrent);
	for (size_t i = 0; i < r->nentrypoints; i++) {
		graph_strv_free(r->entrypoints[i].entrypoint);
		graph_strv_free(r->entrypoints[i].execute);
		graph_strv_free(r->entrypoints[i].type_transition);
	}
	free(r->entrypoints);
	memset(r, 0, sizeof(*r));
}

struct counted {
	struct graph_rule rule;
	unsigned int count;
};

/* Rules on the flow edge s -> t (0-based): writes from s to t and reads of
 * s by t, each rule as many times as setools lists it. */
static int explain_flow(const struct pol_graph *g, uint32_t s, uint32_t t,
			struct pol_graph_edge_rules *out)
{
	const policydb_t *p = &g->pdb->p;
	struct counted *c = NULL;
	size_t nc = 0, alloc = 0;
	struct graph_strv sv = {0};
	bool failed = false;
	const struct pdb_te_index *idx = pdb_te_index(g->pdb);

	if (!idx)
		return -ENOMEM;

	for (int pass = 0; pass < 2; pass++) {
		uint32_t from = pass ? t : s, to = pass ? s : t;
		ebitmap_node_t *node;
		unsigned int bit;

		ebitmap_for_each_positive_bit(&p->type_attr_map[from], node, bit)
		{
			uint32_t v = bit + 1;

			if (v > g->n)
				continue;
			for (size_t i = idx->by_source_start[v]; i < idx->by_source_start[v + 1];
			     i++) {
				const struct pdb_te_ref *ref = &idx->by_source[i];
				unsigned int r, w;
				size_t k;

				if (!(ref->node->key.specified & AVTAB_ALLOWED) ||
				    !graph_in(g, to, ref->node->key.target_type))
					continue;
				graph_rule_weight(g, &ref->node->key, ref->node->datum.data, &r,
						  &w);
				if (!(pass ? r : w))
					continue;
				for (k = 0; k < nc && c[k].rule.node != ref->node; k++)
					;
				if (k == nc) {
					if (POL_ARRAY_GROW(c, nc + 1, alloc) < 0) {
						free(c);
						return -ENOMEM;
					}
					c[nc++] = (struct counted){{ref->node, ref->cond}, 0};
				}
				c[k].count++;
			}
		}
	}
	for (size_t k = 0; k < nc; k++) {
		unsigned int n = c[k].count;

		if (!graph_rule_enabled(g, &c[k].rule))
			n = g->bool_mode == POL_GRAPH_BOOLS_SETOOLS ? n - 1 : 0;
		for (unsigned int i = 0; i < n; i++)
			graph_strv_add(&sv, graph_rule_text(g, &c[k].rule));
	}
	free(c);
	out->rules = graph_strv_done(&sv, true, &failed);
	return failed ? -ENOMEM : 0;
}

static const char *type_name0(const struct pol_graph *g, uint32_t id)
{
	return pdb_type_name(g->pdb, id + 1);
}

static int cmp_ep(const void *a, const void *b, void *g)
{
	const struct pol_graph_entrypoint *x = a, *y = b;

	return strcmp(type_name0(g, x->type - 1), type_name0(g, y->type - 1));
}

char *graph_named_tt_text(const struct pol_graph *g, const struct graph_tt *n)
{
	struct pol_buf b = POL_BUF_INIT;

	pol_buf_printf(&b, "type_transition %s %s:process %s %s;", type_name0(g, n->s),
		       type_name0(g, n->e), type_name0(g, n->d), n->name);
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

static int explain_dta(const struct pol_graph *g, uint32_t s, uint32_t t,
		       struct pol_graph_edge_rules *out)
{
	struct dta_perms dp;
	bool exec_ok = bit_get(bits_row(g->exec_ok, g->words, s), t);
	bool dyn_ok = bit_get(bits_row(g->dyn_ok, g->words, s), t);
	struct graph_strv tr = {0}, se = {0}, dy = {0}, sc = {0};
	uint64_t *ep = calloc(g->words + 1, 8);
	bool failed = false;
	size_t nep = 0;
	ebitmap_t srcs;
	ebitmap_node_t *node;
	unsigned int bit;

	if (!ep)
		return -ENOMEM;
	graph_dta_perms(g, &dp);
	if (exec_ok) {
		graph_dta_entrypoints(g, s, t, ep);
		for (uint32_t w = 0; w < g->words; w++) {
			ep[w] &= ~g->excluded[w];
			nep += (size_t)__builtin_popcountll(ep[w]);
		}
	}
	out->entrypoints = calloc(nep + 1, sizeof(*out->entrypoints));
	if (!out->entrypoints) {
		free(ep);
		return -ENOMEM;
	}
	struct graph_strv(*eps)[3] = calloc(nep + 1, sizeof(*eps));

	if (!eps) {
		free(ep);
		return -ENOMEM;
	}
	for (uint32_t w = 0, k = 0; w < g->words; w++)
		for (uint64_t b = ep[w]; b; b &= b - 1)
			out->entrypoints[k++].type = w * 64 + (uint32_t)__builtin_ctzll(b) + 1;
	out->nentrypoints = nep;
	/* only a rule whose source is s or t, or an attribute of either,
	 * can be one of this edge's */
	ebitmap_init(&srcs);
	if (ebitmap_or(&srcs, &g->pdb->p.type_attr_map[s], &g->pdb->p.type_attr_map[t]) < 0)
		failed = true;
	ebitmap_for_each_positive_bit(&srcs, node, bit)
	{
		for (size_t i = g->rules_start[bit]; i < g->rules_start[bit + 1]; i++) {
			const struct graph_rule *r = &g->rules[i];
			const avtab_key_t *key = &r->node->key;
			uint32_t perms = r->node->datum.data;
			bool s_src = graph_in(g, s, key->source_type);

			if (key->specified & AVTAB_TRANSITION) {
				if (!s_src || perms != t + 1)
					continue;
				for (size_t k = 0; k < nep; k++)
					if (graph_in(g, out->entrypoints[k].type - 1,
						     key->target_type))
						graph_strv_add(&eps[k][2], graph_rule_text(g, r));
				continue;
			}
			if (key->target_class == dp.process) {
				if (!s_src)
					continue;
				bool t_tgt = graph_in(g, t, key->target_type);
				bool self = !g->exact || graph_in(g, s, key->target_type);

				if (exec_ok && t_tgt && has_perm(perms, dp.transition))
					graph_strv_add(&tr, graph_rule_text(g, r));
				if (exec_ok && self && has_perm(perms, dp.setexec))
					graph_strv_add(&se, graph_rule_text(g, r));
				if (dyn_ok && t_tgt && has_perm(perms, dp.dyntransition))
					graph_strv_add(&dy, graph_rule_text(g, r));
				if (dyn_ok && self && has_perm(perms, dp.setcurrent))
					graph_strv_add(&sc, graph_rule_text(g, r));
				continue;
			}
			for (size_t k = 0; k < nep; k++) {
				uint32_t e = out->entrypoints[k].type - 1;

				if (!graph_in(g, e, key->target_type))
					continue;
				if (has_perm(perms, dp.entrypoint) &&
				    graph_in(g, t, key->source_type))
					graph_strv_add(&eps[k][0], graph_rule_text(g, r));
				if (has_perm(perms, dp.execute) && s_src)
					graph_strv_add(&eps[k][1], graph_rule_text(g, r));
			}
		}
	}
	ebitmap_destroy(&srcs);
	/* filename type_transitions (not among the rules read), one per
	 * source type as setools lists them */
	for (size_t i = 0; i < g->ntt; i++) {
		const struct graph_tt *n = &g->tt[i];

		if (!n->name || n->s != s || n->d != t)
			continue;
		for (size_t k = 0; k < nep; k++)
			if (out->entrypoints[k].type - 1 == n->e)
				graph_strv_add(&eps[k][2], graph_named_tt_text(g, n));
	}
	out->transition = graph_strv_done(&tr, true, &failed);
	out->setexec = graph_strv_done(&se, true, &failed);
	out->dyntransition = graph_strv_done(&dy, true, &failed);
	out->setcurrent = graph_strv_done(&sc, true, &failed);
	for (size_t k = 0; k < nep; k++) {
		out->entrypoints[k].entrypoint = graph_strv_done(&eps[k][0], true, &failed);
		out->entrypoints[k].execute = graph_strv_done(&eps[k][1], true, &failed);
		out->entrypoints[k].type_transition = graph_strv_done(&eps[k][2], true, &failed);
	}
	qsort_r(out->entrypoints, nep, sizeof(*out->entrypoints), cmp_ep, (void *)g);
	free(eps);
	free(ep);
	return failed ? -ENOMEM : 0;
}

int pol_graph_explain(const struct pol_graph *g, uint32_t s, uint32_t t,
		      struct pol_graph_edge_rules *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	if (s < 1 || s > g->n || t < 1 || t > g->n)
		return POL_EINVAL;
	rc = g->kind == GRAPH_FLOW ? explain_flow(g, s - 1, t - 1, out)
				   : explain_dta(g, s - 1, t - 1, out);
	if (rc < 0)
		pol_graph_edge_rules_release(out);
	return rc;
}
