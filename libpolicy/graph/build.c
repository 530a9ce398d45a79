/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Building the two graphs from the TE rules. Types are dense ids, relations
 * are bit matrices (transitions) or a byte matrix of weights (flows), and
 * the result is a pair of adjacency arrays: no string is touched until an
 * edge is explained.
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
static int graph_finish(struct pol_graph *g)
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

static const struct graph_rule *all_rules(const struct pol_graph *g, size_t *n)
{
	*n = g->nall;
	return g->all;
}

/* ---- information flow ----------------------------------------------------- */

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

int pol_graph_flow(const struct pol_pdb *pdb, const struct pol_permmap *map,
		   const struct pol_graph_opts *opts, struct pol_graph **out, struct pol_err *err)
{
	struct pol_graph *g = calloc(1, sizeof(*g));
	unsigned int minw = opts && opts->min_weight ? opts->min_weight : 1;
	uint8_t *mx = NULL;
	const struct graph_rule *refs;
	size_t nrefs, m = 0, alloc, walloc;
	int rc = -ENOMEM;

	if (!g)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (graph_init(g, pdb, opts, GRAPH_FLOW) < 0 ||
	    graph_permmap_apply(map, pdb, &g->pm_dir, &g->pm_w) < 0)
		goto fail;
	mx = calloc((size_t)g->n * g->n + 1, 1);
	if (!mx)
		goto fail;
	refs = all_rules(g, &nrefs);
	for (size_t i = 0; i < nrefs; i++) {
		const avtab_key_t *key = &refs[i].node->key;
		struct graph_rule rule = {refs[i].node, refs[i].cond};
		unsigned int r, w;
		const uint32_t *S, *T;
		size_t ns, nt;

		if (!(key->specified & AVTAB_ALLOWED))
			continue;
		graph_rule_weight(g, key, refs[i].node->datum.data, &r, &w);
		if (!r && !w)
			continue;
		S = graph_members(g, key->source_type, &ns);
		T = graph_members(g, key->target_type, &nt);
		mark_nodes(g, S, ns, T, nt);
		flow_pairs(g, mx, S, ns, T, nt, r, w, 0);
		if (g->bool_mode == POL_GRAPH_BOOLS_IGNORE) {
			continue; /* the low nibble is all it reads */
		} else if (graph_rule_enabled(g, &rule)) {
			flow_pairs(g, mx, S, ns, T, nt, r, w, 4);
		} else if (g->bool_mode == POL_GRAPH_BOOLS_SETOOLS && r && w) {
			/* seinfoflow removes a disabled rule from an edge once,
			 * and a rule that flows both ways between two of its
			 * types sits on the edge twice: the edge stays */
			for (size_t a = 0; a < ns; a++)
				for (size_t b = 0; b < nt; b++)
					if (S[a] != T[b] &&
					    ebitmap_get_bit(&pdb->p.type_attr_map[S[a]],
							    key->target_type - 1) &&
					    ebitmap_get_bit(&pdb->p.type_attr_map[T[b]],
							    key->source_type - 1))
						raise_to(&mx[(size_t)S[a] * g->n + T[b]], 4, 1);
		}
	}
	g->out_start = calloc((size_t)g->n + 1, sizeof(*g->out_start));
	alloc = walloc = 1u << 16;
	g->out = malloc(alloc * sizeof(*g->out));
	g->out_w = malloc(walloc);
	if (!g->out_start || !g->out || !g->out_w)
		goto fail;
	for (uint32_t s = 0; s < g->n; s++) {
		const uint8_t *row = mx + (size_t)s * g->n;
		bool s_ok = bit_get(g->present, s) && !bit_get(g->excluded, s);

		g->out_start[s] = (uint32_t)m;
		for (uint32_t t = 0; t < g->n; t++) {
			unsigned int all, on, w;

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
			all = row[t] & 15;
			on = row[t] >> 4;
			g->edges_all++;
			if (!s_ok || bit_get(g->excluded, t))
				continue;
			switch (g->bool_mode) {
			case POL_GRAPH_BOOLS_IGNORE:
				w = all;
				break;
			case POL_GRAPH_BOOLS_SETOOLS:
				w = on ? all : 0;
				break;
			default:
				w = on;
				break;
			}
			if (!w || w < minw)
				continue;
			/* two arrays side by side, each with its own room */
			if (POL_ARRAY_GROW(g->out, m + 1, alloc) < 0 ||
			    POL_ARRAY_GROW(g->out_w, m + 1, walloc) < 0)
				goto fail;
			g->out[m] = t;
			g->out_w[m++] = (uint8_t)w;
		}
	}
	g->out_start[g->n] = (uint32_t)m;
	free(mx);
	mx = NULL;
	if (graph_finish(g) < 0)
		goto fail;
	*out = g;
	return 0;
fail:
	free(mx);
	pol_graph_free(g);
	return pol_err_set(err, rc, "out of memory");
}

/* ---- domain transitions ---------------------------------------------------- */

static int cmp_tt(const void *a, const void *b)
{
	const struct graph_tt *x = a, *y = b;

	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	if (x->e != y->e)
		return x->e < y->e ? -1 : 1;
	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return 0;
}

bool graph_tt_has(const struct pol_graph *g, uint32_t s, uint32_t e, uint32_t d)
{
	struct graph_tt key = {.s = s, .e = e, .d = d};

	return g->ntt && bsearch(&key, g->tt, g->ntt, sizeof(*g->tt), cmp_tt) != NULL;
}

static int bit_of(const struct pol_pdb *pdb, uint32_t c, const char *perm)
{
	return c ? pdb_perm_bit(pdb, c, perm) : -1;
}

static void pairs_set(struct pol_graph *g, uint64_t *mx, const uint32_t *S, size_t ns,
		      const uint32_t *T, size_t nt, bool no_self)
{
	for (size_t i = 0; i < ns; i++) {
		uint64_t *row = bits_row(mx, g->words, S[i]);

		for (size_t j = 0; j < nt; j++)
			if (!no_self || S[i] != T[j])
				bit_set(row, T[j]);
	}
}

/* Is the rule about process/file and one of the permissions we read? */
static bool dta_relevant(const struct dta_perms *dp, const avtab_key_t *key, uint32_t perms)
{
	if (key->specified & AVTAB_ALLOWED) {
		if (key->target_class == dp->process)
			return has_perm(perms, dp->transition) ||
			       has_perm(perms, dp->dyntransition) || has_perm(perms, dp->setexec) ||
			       has_perm(perms, dp->setcurrent);
		if (key->target_class == dp->file)
			return has_perm(perms, dp->execute) || has_perm(perms, dp->entrypoint);
		return false;
	}
	return (key->specified & AVTAB_TRANSITION) && key->target_class == dp->process;
}

void graph_dta_perms(const struct pol_graph *g, struct dta_perms *dp)
{
	dp->process = pdb_class_value(g->pdb, "process");
	dp->file = pdb_class_value(g->pdb, "file");
	dp->transition = bit_of(g->pdb, dp->process, "transition");
	dp->dyntransition = bit_of(g->pdb, dp->process, "dyntransition");
	dp->setexec = bit_of(g->pdb, dp->process, "setexec");
	dp->setcurrent = bit_of(g->pdb, dp->process, "setcurrent");
	dp->execute = bit_of(g->pdb, dp->file, "execute");
	dp->entrypoint = bit_of(g->pdb, dp->file, "entrypoint");
}

bool graph_dta_entrypoints(const struct pol_graph *g, uint32_t s, uint32_t t, uint64_t *ep)
{
	const uint64_t *ex = bits_row(g->exec, g->words, s), *en = bits_row(g->entry, g->words, t);
	const uint64_t *any = bits_row(g->ttany, g->words, s);
	bool setexec = bit_get(g->setexec, s), named = false, some = false;

	memset(ep, 0, g->words * sizeof(*ep));
	if (!bit_get(bits_row(g->trans, g->words, s), t))
		return false;
	for (uint32_t w = 0; w < g->words; w++) {
		uint64_t match = ex[w] & en[w];

		while (match) {
			uint32_t m = w * 64 + (uint32_t)__builtin_ctzll(match);
			bool to_t = graph_tt_has(g, s, m, t);

			match &= match - 1;
			if (g->exact ? (setexec || to_t) : (setexec || bit_get(any, m))) {
				bit_set(ep, m);
				some = true;
			}
			named |= to_t;
		}
	}
	return some && (setexec || named);
}

static int tt_add(struct pol_graph *g, size_t *alloc, struct graph_tt tt)
{
	if (pol_array_grow(&g->tt, alloc, g->ntt + 1, sizeof(*g->tt)) < 0)
		return -ENOMEM;
	g->tt[g->ntt++] = tt;
	bit_set(bits_row(g->ttany, g->words, tt.s), tt.e);
	return 0;
}

struct named_tt_ctx {
	struct pol_graph *g;
	size_t *alloc;
	uint32_t process;
	int rc;
};

/* The process filename type_transitions of one (target, class, name). */
static int named_tt(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const filename_trans_key_t *key = (const filename_trans_key_t *)k;
	struct named_tt_ctx *ctx = arg;
	struct pol_graph *g = ctx->g;

	if (key->tclass != ctx->process || key->ttype < 1 || key->ttype > g->n)
		return 0;
	for (const filename_trans_datum_t *fd = d; fd; fd = fd->next) {
		const uint32_t *E;
		size_t ne;
		ebitmap_node_t *node;
		unsigned int bit;

		if (fd->otype < 1 || fd->otype > g->n)
			continue;
		E = graph_members(g, key->ttype, &ne);
		ebitmap_for_each_positive_bit(&fd->stypes, node, bit)
		{
			const uint32_t *S;
			size_t ns;

			if (bit >= g->n)
				continue;
			S = graph_members(g, bit + 1, &ns);
			for (size_t a = 0; a < ns; a++)
				for (size_t b = 0; b < ne; b++)
					if (tt_add(g, ctx->alloc,
						   (struct graph_tt){S[a],
								     E[b],
								     fd->otype - 1,
								     {NULL, 0},
								     key->name}) < 0) {
						ctx->rc = -ENOMEM;
						return -ENOMEM;
					}
		}
	}
	return 0;
}

/* Order g->rules by source (a counting sort, stable) and fill
 * g->rules_start, so that explaining an edge reads only the rules whose
 * source is one of its two ends' types or attributes. 0 or -ENOMEM. */
static int index_rules_by_source(struct pol_graph *g)
{
	uint32_t nv = g->pdb->p.p_types.nprim;
	size_t *start = calloc((size_t)nv + 1, sizeof(*start));
	struct graph_rule *sorted = malloc((g->nrules + 1) * sizeof(*sorted));

	if (!start || !sorted) {
		free(start);
		free(sorted);
		return -ENOMEM;
	}
	for (size_t i = 0; i < g->nrules; i++)
		start[g->rules[i].node->key.source_type]++;
	for (uint32_t v = 1; v <= nv; v++)
		start[v] += start[v - 1];
	/* start[v] is now the end of v's rules: fill backwards */
	for (size_t i = g->nrules; i-- > 0;)
		sorted[--start[g->rules[i].node->key.source_type]] = g->rules[i];
	/* and start[v] the beginning of v's, which is the end of v - 1's */
	memmove(start, start + 1, (size_t)nv * sizeof(*start));
	start[nv] = g->nrules;
	free(g->rules);
	g->rules = sorted;
	g->rules_start = start;
	return 0;
}

int pol_graph_dta(const struct pol_pdb *pdb, const struct pol_graph_opts *opts,
		  struct pol_graph **out, struct pol_err *err)
{
	struct pol_graph *g = calloc(1, sizeof(*g));
	struct dta_perms dp;
	const struct graph_rule *refs;
	size_t nrefs, nmx, m = 0, alloc = 0, ttalloc = 0;
	uint64_t *ep = NULL;

	if (!g)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (graph_init(g, pdb, opts, GRAPH_DTA) < 0)
		goto fail;
	if (opts && (opts->user || opts->role)) {
		int rc = graph_role_domains(g, opts->user, opts->role, err);

		if (rc < 0) {
			pol_graph_free(g);
			return rc;
		}
	}
	graph_dta_perms(g, &dp);
	nmx = (size_t)g->n * g->words;
	g->trans = calloc(nmx + 1, 8);
	g->dyn = calloc(nmx + 1, 8);
	g->exec = calloc(nmx + 1, 8);
	g->entry = calloc(nmx + 1, 8);
	g->ttany = calloc(nmx + 1, 8);
	g->exec_ok = calloc(nmx + 1, 8);
	g->dyn_ok = calloc(nmx + 1, 8);
	g->setexec = calloc(g->words + 1, 8);
	g->setcurrent = calloc(g->words + 1, 8);
	ep = calloc(g->words + 1, 8);
	if (!g->trans || !g->dyn || !g->exec || !g->entry || !g->ttany || !g->exec_ok ||
	    !g->dyn_ok || !g->setexec || !g->setcurrent || !ep)
		goto fail;
	refs = all_rules(g, &nrefs);
	for (size_t i = 0; i < nrefs; i++) {
		const avtab_key_t *key = &refs[i].node->key;
		uint32_t perms = refs[i].node->datum.data;
		struct graph_rule rule = {refs[i].node, refs[i].cond};
		const uint32_t *S, *T;
		size_t ns, nt;

		if (!dta_relevant(&dp, key, perms) || !graph_rule_enabled(g, &rule))
			continue;
		if (POL_ARRAY_GROW(g->rules, g->nrules + 1, alloc) < 0)
			goto fail;
		g->rules[g->nrules++] = rule;
		S = graph_members(g, key->source_type, &ns);
		T = graph_members(g, key->target_type, &nt);
		if (key->specified & AVTAB_TRANSITION) {
			for (size_t a = 0; a < ns; a++)
				for (size_t b = 0; b < nt; b++)
					if (tt_add(g, &ttalloc,
						   (struct graph_tt){S[a], T[b],
								     refs[i].node->datum.data - 1,
								     rule, NULL}) < 0)
						goto fail;
			continue;
		}
		if (key->target_class == dp.process) {
			if (has_perm(perms, dp.transition))
				pairs_set(g, g->trans, S, ns, T, nt, true);
			if (has_perm(perms, dp.dyntransition))
				pairs_set(g, g->dyn, S, ns, T, nt, true);
			for (size_t a = 0; a < ns; a++) {
				if (g->exact && !graph_in(g, S[a], key->target_type))
					continue;
				if (has_perm(perms, dp.setexec))
					bit_set(g->setexec, S[a]);
				if (has_perm(perms, dp.setcurrent))
					bit_set(g->setcurrent, S[a]);
			}
		} else {
			if (has_perm(perms, dp.execute))
				pairs_set(g, g->exec, S, ns, T, nt, false);
			if (has_perm(perms, dp.entrypoint))
				pairs_set(g, g->entry, S, ns, T, nt, false);
		}
	}
	if (index_rules_by_source(g) < 0)
		goto fail;
	/* sedta reads filename type_transitions as any other (setools'
	 * terules() includes them); the kernel computes an exec's SID without
	 * a name, so the exact graph leaves them out */
	if (!g->exact && dp.process && pdb->p.filename_trans) {
		struct named_tt_ctx ctx = {g, &ttalloc, dp.process, 0};

		hashtab_map(pdb->p.filename_trans, named_tt, &ctx);
		if (ctx.rc < 0)
			goto fail;
	}
	if (g->ntt > 1)
		qsort(g->tt, g->ntt, sizeof(*g->tt), cmp_tt);
	g->out_start = calloc((size_t)g->n + 1, sizeof(*g->out_start));
	if (!g->out_start)
		goto fail;
	alloc = 0;
	for (uint32_t s = 0; s < g->n; s++) {
		const uint64_t *tr = bits_row(g->trans, g->words, s),
			       *dy = bits_row(g->dyn, g->words, s);

		g->out_start[s] = (uint32_t)m;
		for (uint32_t w = 0; w < g->words; w++) {
			uint64_t cand = tr[w] | dy[w];

			while (cand) {
				uint32_t t = w * 64 + (uint32_t)__builtin_ctzll(cand);
				bool exec_ok, dyn_ok, ep_left = false;

				cand &= cand - 1;
				bit_set(g->present, s);
				bit_set(g->present, t);
				exec_ok = graph_dta_entrypoints(g, s, t, ep);
				dyn_ok = bit_get(dy, t) && bit_get(g->setcurrent, s);
				if (!exec_ok && !dyn_ok)
					continue;
				g->edges_all++;
				if (exec_ok)
					bit_set(bits_row(g->exec_ok, g->words, s), t);
				if (dyn_ok)
					bit_set(bits_row(g->dyn_ok, g->words, s), t);
				if (bit_get(g->excluded, s) || bit_get(g->excluded, t) ||
				    !pol_graph_role_allows(g, t + 1))
					continue;
				for (uint32_t k = 0; exec_ok && k < g->words; k++)
					ep_left |= (ep[k] & ~g->excluded[k]) != 0;
				if (!ep_left && !dyn_ok)
					continue;
				if (POL_ARRAY_GROW(g->out, m + 1, alloc) < 0)
					goto fail;
				g->out[m++] = t;
			}
		}
	}
	g->out_start[g->n] = (uint32_t)m;
	if (!g->out) {
		g->out = malloc(sizeof(*g->out));
		if (!g->out)
			goto fail;
	}
	if (graph_finish(g) < 0)
		goto fail;
	free(ep);
	*out = g;
	return 0;
fail:
	free(ep);
	pol_graph_free(g);
	return pol_err_set(err, -ENOMEM, "out of memory");
}
