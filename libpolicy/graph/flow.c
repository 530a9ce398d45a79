/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The information-flow graph: an edge where a rule lets information flow
 * from one type to another, weighted by the permission map (build.c has
 * what both graphs share).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"
#include "util/array.h"

static inline void raise_to(uint8_t *cell, unsigned int shift, unsigned int w)
{
	unsigned int cur = (*cell >> shift) & 15;

	if (w > cur)
		*cell = (uint8_t)((*cell & ~(15u << shift)) | (w << shift));
}

/* Weights into the matrix: the low nibble of a cell holds the weight over
 * every rule, the high nibble over the enabled ones. */
/* For each a of A and b of B (a != b), raise cell (a, b) to w. */
static void raise_rows(uint8_t *mx, size_t n, const uint32_t *A, size_t na, const uint32_t *B,
		       size_t nb, unsigned int shift, unsigned int w)
{
	for (size_t i = 0; i < na; i++) {
		uint8_t *row = mx + A[i] * n;

		for (size_t j = 0; j < nb; j++)
			if (A[i] != B[j])
				raise_to(&row[B[j]], shift, w);
	}
}

static void flow_pairs(struct pol_graph *g, uint8_t *mx, const uint32_t *S, size_t ns,
		       const uint32_t *T, size_t nt, unsigned int r, unsigned int w,
		       unsigned int shift)
{
	if (w)
		raise_rows(mx, g->n, S, ns, T, nt, shift, w);
	if (r)
		raise_rows(mx, g->n, T, nt, S, ns, shift, r);
}

static void mark_nodes(struct pol_graph *g, const uint32_t *S, size_t ns, const uint32_t *T,
		       size_t nt)
{
	if (ns == 1 && nt == 1 && S[0] == T[0])
		return;
	for (size_t i = 0; i < ns; i++)
		bit_set(g->present, S[i]);
	for (size_t j = 0; j < nt; j++)
		bit_set(g->present, T[j]);
}

void graph_rule_weight(const struct pol_graph *g, const avtab_key_t *key, uint32_t perms,
		       unsigned int *r, unsigned int *w)
{
	const uint8_t *dir = g->pm_dir[key->target_class - 1], *wt = g->pm_w[key->target_class - 1];

	*r = *w = 0;
	for (unsigned int b = 0; b < 32; b++) {
		if (!(perms & (1u << b)) || !dir[b])
			continue;
		if ((dir[b] & PM_READ) && wt[b] > *r)
			*r = wt[b];
		if ((dir[b] & PM_WRITE) && wt[b] > *w)
			*w = wt[b];
	}
}

/* One rule's flows into the matrix: its weight both ways over every rule
 * (low nibble) and, by the boolean mode, over the enabled ones (high). */
static void flow_add_rule(struct pol_graph *g, uint8_t *mx, const struct graph_rule *rule)
{
	const avtab_key_t *key = &rule->node->key;
	const policydb_t *p = &g->pdb->p;
	unsigned int r, w;
	const uint32_t *S, *T;
	size_t ns, nt;

	graph_rule_weight(g, key, rule->node->datum.data, &r, &w);
	if (!r && !w)
		return;
	S = graph_members(g, key->source_type, &ns);
	T = graph_members(g, key->target_type, &nt);
	mark_nodes(g, S, ns, T, nt);
	flow_pairs(g, mx, S, ns, T, nt, r, w, 0);
	if (g->bool_mode == POL_GRAPH_BOOLS_IGNORE)
		return; /* the low nibble is all it reads */
	if (graph_rule_enabled(g, rule)) {
		flow_pairs(g, mx, S, ns, T, nt, r, w, 4);
	} else if (g->bool_mode == POL_GRAPH_BOOLS_SETOOLS && r && w) {
		/* seinfoflow removes a disabled rule from an edge once, and a
		 * rule that flows both ways between two of its types sits on
		 * the edge twice: the edge stays */
		for (size_t a = 0; a < ns; a++)
			for (size_t b = 0; b < nt; b++)
				if (S[a] != T[b] &&
				    ebitmap_get_bit(&p->type_attr_map[S[a]],
						    key->target_type - 1) &&
				    ebitmap_get_bit(&p->type_attr_map[T[b]], key->source_type - 1))
					raise_to(&mx[(size_t)S[a] * g->n + T[b]], 4, 1);
	}
}

/* The weight of an edge whose matrix cell is cell, by the boolean mode. */
static unsigned int flow_cell_weight(const struct pol_graph *g, uint8_t cell)
{
	unsigned int all = cell & 15, on = cell >> 4;

	switch (g->bool_mode) {
	case POL_GRAPH_BOOLS_IGNORE:
		return all;
	case POL_GRAPH_BOOLS_SETOOLS:
		return on ? all : 0;
	default:
		return on;
	}
}

/* The out-adjacency and its weights from the matrix: each source's edges
 * of at least minw, in target order. */
static int flow_edges(struct pol_graph *g, const uint8_t *mx, unsigned int minw)
{
	size_t m = 0, alloc = 1u << 16, walloc = 1u << 16;

	g->out_start = calloc((size_t)g->n + 1, sizeof(*g->out_start));
	g->out = malloc(alloc * sizeof(*g->out));
	g->out_w = malloc(walloc);
	if (!g->out_start || !g->out || !g->out_w)
		return -ENOMEM;
	for (uint32_t s = 0; s < g->n; s++) {
		const uint8_t *row = mx + (size_t)s * g->n;
		bool s_ok = bit_get(g->present, s) && !bit_get(g->excluded, s);

		g->out_start[s] = (uint32_t)m;
		for (uint32_t t = 0; t < g->n; t++) {
			unsigned int w;

			if ((t & 7) == 0 && t + 8 <= g->n) {
				uint64_t word;

				memcpy(&word, row + t, 8);
				if (!word) {
					t += 7;
					continue;
				}
			}
			if (!row[t])
				continue;
			g->edges_all++;
			if (!s_ok || bit_get(g->excluded, t))
				continue;
			w = flow_cell_weight(g, row[t]);
			if (!w || w < minw)
				continue;
			/* two arrays side by side, each with its own room */
			if (POL_ARRAY_GROW(g->out, m + 1, alloc) < 0 ||
			    POL_ARRAY_GROW(g->out_w, m + 1, walloc) < 0)
				return -ENOMEM;
			g->out[m] = t;
			g->out_w[m++] = (uint8_t)w;
		}
	}
	g->out_start[g->n] = (uint32_t)m;
	return 0;
}

int pol_graph_flow(const struct pol_pdb *pdb, const struct pol_permmap *map,
		   const struct pol_graph_opts *opts, struct pol_graph **out, struct pol_err *err)
{
	struct pol_graph *g = calloc(1, sizeof(*g));
	unsigned int minw = opts && opts->min_weight ? opts->min_weight : 1;
	uint8_t *mx = NULL;
	const struct graph_rule *refs;
	size_t nrefs;

	if (!g)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (graph_init(g, pdb, opts, GRAPH_FLOW) < 0 ||
	    graph_permmap_apply(map, pdb, &g->pm_dir, &g->pm_w) < 0)
		goto fail;
	mx = calloc((size_t)g->n * g->n + 1, 1);
	if (!mx)
		goto fail;
	refs = graph_all_rules(g, &nrefs);
	for (size_t i = 0; i < nrefs; i++) {
		struct graph_rule rule = {refs[i].node, refs[i].cond};

		if (rule.node->key.specified & AVTAB_ALLOWED)
			flow_add_rule(g, mx, &rule);
	}
	if (flow_edges(g, mx, minw) < 0)
		goto fail;
	free(mx);
	mx = NULL;
	if (graph_finish(g) < 0)
		goto fail;
	*out = g;
	return 0;
fail:
	free(mx);
	pol_graph_free(g);
	return pol_err_set(err, -ENOMEM, "out of memory");
}
