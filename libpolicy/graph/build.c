/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Building the two graphs from the TE rules. Types are dense ids, relations
 * are bit matrices (transitions) or a byte matrix of weights (flows), and
 * the result is a pair of adjacency arrays: no string is touched until an
 * edge is explained. This file has what both share: the rules collected,
 * the adjacency built; flow.c and dta.c derive each graph's edges.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"
#include "util/array.h"

void pol_graph_free(struct pol_graph *g)
{
	if (!g)
		return;
	free(g->present);
	free(g->excluded);
	free(g->out_start);
	free(g->out);
	free(g->out_w);
	free(g->in_start);
	free(g->in);
	free(g->cond_on);
	free(g->mem_start);
	free(g->mem);
	free(g->pm_dir);
	free(g->pm_w);
	free(g->trans);
	free(g->dyn);
	free(g->exec);
	free(g->entry);
	free(g->ttany);
	free(g->setexec);
	free(g->setcurrent);
	free(g->exec_ok);
	free(g->dyn_ok);
	free(g->domains);
	free(g->tt);
	free(g->rules);
	free(g->rules_start);
	free(g->all);
	free(g->conds);
	free(g);
}

size_t pol_graph_node_count(const struct pol_graph *g)
{
	return g->nodes_all;
}

size_t pol_graph_edge_count(const struct pol_graph *g)
{
	return g->edges_all;
}

bool pol_graph_has_node(const struct pol_graph *g, uint32_t v)
{
	return v >= 1 && v <= g->n && bit_get(g->present, v - 1);
}

unsigned int pol_graph_weight(const struct pol_graph *g, uint32_t s, uint32_t t)
{
	if (!pol_graph_has_node(g, s) || !pol_graph_has_node(g, t))
		return 0;
	for (uint32_t i = g->out_start[s - 1]; i < g->out_start[s]; i++)
		if (g->out[i] == t - 1)
			return g->out_w ? g->out_w[i] : 1;
	return 0;
}

/* A postfix conditional expression under the given boolean states. */
static bool cond_eval(const cond_expr_t *e, const uint8_t *values)
{
	bool stack[COND_EXPR_MAXDEPTH + 1];
	int sp = 0;

	for (; e; e = e->next) {
		if (e->expr_type == COND_BOOL) {
			if (sp > COND_EXPR_MAXDEPTH)
				return false;
			stack[sp++] = values[pdb_cond_bool(e) - 1] != 0;
			continue;
		}
		if (e->expr_type == COND_NOT) {
			if (sp < 1)
				return false;
			stack[sp - 1] = !stack[sp - 1];
			continue;
		}
		if (sp < 2)
			return false;
		bool b = stack[--sp], a = stack[sp - 1];

		switch (e->expr_type) {
		case COND_OR:
			a = a || b;
			break;
		case COND_AND:
			a = a && b;
			break;
		case COND_XOR:
			a = a != b;
			break;
		case COND_EQ:
			a = a == b;
			break;
		case COND_NEQ:
			a = a != b;
			break;
		default:
			return false;
		}
		stack[sp - 1] = a;
	}
	return sp == 1 && stack[0];
}

bool graph_rule_enabled(const struct pol_graph *g, const struct graph_rule *r)
{
	if (g->bool_mode == POL_GRAPH_BOOLS_IGNORE || !r->cond)
		return true;
	return graph_rule_disabled_by_state(g, r) == false;
}

bool graph_rule_disabled_by_state(const struct pol_graph *g, const struct graph_rule *r)
{
	if (!r->cond || !g->cond_on)
		return false;
	bool on = g->cond_on[(r->cond & ~PDB_TE_FALSE_BRANCH) - 1];

	return (r->cond & PDB_TE_FALSE_BRANCH) ? on : !on;
}

static int build_members(struct pol_graph *g)
{
	const policydb_t *p = &g->pdb->p;
	size_t total = 0;

	g->mem_start = calloc((size_t)g->n + 1, sizeof(*g->mem_start));
	if (!g->mem_start)
		return -ENOMEM;
	for (uint32_t v = 1; v <= g->n; v++)
		total += pdb_is_attr(g->pdb, v) ? ebitmap_cardinality(&p->attr_type_map[v - 1]) : 1;
	g->mem = malloc((total ? total : 1) * sizeof(*g->mem));
	if (!g->mem)
		return -ENOMEM;
	total = 0;
	for (uint32_t v = 1; v <= g->n; v++) {
		g->mem_start[v - 1] = (uint32_t)total;
		if (pdb_is_attr(g->pdb, v)) {
			ebitmap_node_t *node;
			unsigned int bit;

			ebitmap_for_each_positive_bit(&p->attr_type_map[v - 1], node, bit)
			{
				if (bit < g->n && !pdb_is_attr(g->pdb, bit + 1))
					g->mem[total++] = bit;
			}
		} else if (p->type_val_to_struct[v - 1]) {
			g->mem[total++] = v - 1;
		}
	}
	g->mem_start[g->n] = (uint32_t)total;
	return 0;
}

static int add_rule(struct pol_graph *g, size_t *alloc, avtab_ptr_t node, uint32_t cond)
{
	if (pol_array_grow(&g->all, alloc, g->nall + 1, sizeof(*g->all)) < 0)
		return -ENOMEM;
	g->all[g->nall++] = (struct graph_rule){node, cond};
	return 0;
}

/* The rules in one array: walking the avtab once is cheaper than sorting
 * them by type, which only an explanation needs (pdb's TE index). */
static int collect_rules(struct pol_graph *g)
{
	const policydb_t *p = &g->pdb->p;
	size_t alloc = 0;
	uint32_t k = 0;
	int rc = 0;

	for (const cond_node_t *cn = p->cond_list; cn; cn = cn->next)
		g->nconds++;
	g->conds = malloc((g->nconds ? g->nconds : 1) * sizeof(*g->conds));
	if (!g->conds)
		return -ENOMEM;
	for (uint32_t i = 0; i < p->te_avtab.nslot && !rc; i++)
		for (avtab_ptr_t node = p->te_avtab.htable[i]; node && !rc; node = node->next)
			rc = add_rule(g, &alloc, node, 0);
	for (const cond_node_t *cn = p->cond_list; cn && !rc; cn = cn->next, k++) {
		g->conds[k] = cn;
		for (const cond_av_list_t *l = cn->true_list; l && !rc; l = l->next)
			rc = add_rule(g, &alloc, l->node, k + 1);
		for (const cond_av_list_t *l = cn->false_list; l && !rc; l = l->next)
			rc = add_rule(g, &alloc, l->node, (k + 1) | PDB_TE_FALSE_BRANCH);
	}
	return rc;
}

int graph_init(struct pol_graph *g, const struct pol_pdb *pdb, const struct pol_graph_opts *o,
	       enum graph_kind kind)
{
	const policydb_t *p = &pdb->p;

	g->pdb = pdb;
	g->kind = kind;
	g->n = p->p_types.nprim;
	g->words = (g->n + 63) / 64;
	g->bool_mode = o ? o->bool_mode : POL_GRAPH_BOOLS_IGNORE;
	g->exact = o && o->exact;
	g->present = calloc(g->words + 1, sizeof(uint64_t));
	g->excluded = calloc(g->words + 1, sizeof(uint64_t));
	if (!g->present || !g->excluded || collect_rules(g) < 0)
		return -ENOMEM;
	for (size_t i = 0; o && i < o->nexclude; i++)
		if (o->exclude[i] >= 1 && o->exclude[i] <= g->n) {
			size_t n;
			const uint32_t *m;

			if (!g->mem_start && build_members(g) < 0)
				return -ENOMEM;
			m = graph_members(g, o->exclude[i], &n);
			for (size_t k = 0; k < n; k++)
				bit_set(g->excluded, m[k]);
		}
	if (!g->mem_start && build_members(g) < 0)
		return -ENOMEM;
	/* the state of each conditional (used whenever asked, even when the
	 * graph ignores booleans, for rule texts) */
	uint32_t nb = p->p_bools.nprim;
	uint8_t *values = malloc(nb ? nb : 1);

	if (!values)
		return -ENOMEM;
	for (uint32_t b = 0; b < nb; b++)
		values[b] = o && o->bool_values ? o->bool_values[b]
						: (uint8_t)(p->bool_val_to_struct[b]->state != 0);
	g->cond_on = calloc(g->nconds ? g->nconds : 1, 1);
	if (!g->cond_on) {
		free(values);
		return -ENOMEM;
	}
	for (uint32_t c = 0; c < g->nconds; c++)
		g->cond_on[c] = cond_eval(g->conds[c]->expr, values);
	free(values);
	return 0;
}

/* Count the nodes, take the excluded ones out, and build the
 * in-adjacency from the out-adjacency. */
int graph_finish(struct pol_graph *g)
{
	size_t m = g->out_start[g->n];

	for (uint32_t v = 0; v < g->n; v++)
		if (bit_get(g->present, v))
			g->nodes_all++;
	for (uint32_t w = 0; w < g->words; w++)
		g->present[w] &= ~g->excluded[w];

	g->in_start = calloc((size_t)g->n + 2, sizeof(*g->in_start));
	g->in = malloc((m ? m : 1) * sizeof(*g->in));
	if (!g->in_start || !g->in)
		return -ENOMEM;
	for (size_t i = 0; i < m; i++)
		g->in_start[g->out[i] + 2]++;
	for (uint32_t v = 2; v <= g->n + 1; v++)
		g->in_start[v] += g->in_start[v - 1];
	for (uint32_t s = 0; s < g->n; s++)
		for (uint32_t i = g->out_start[s]; i < g->out_start[s + 1]; i++)
			g->in[g->in_start[g->out[i] + 1]++] = s;
	return 0;
}

const struct graph_rule *graph_all_rules(const struct pol_graph *g, size_t *n)
{
	*n = g->nall;
	return g->all;
}
