/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The domain-transition graph: an edge where a domain may enter another
 * (process transition, an entrypoint, execute, and a type transition or
 * setexec; build.c has what both graphs share).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"
#include "util/array.h"

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

/* The bit matrices of the rules' facts, one row per source type. */
static int dta_alloc(struct pol_graph *g)
{
	size_t nmx = (size_t)g->n * g->words;

	g->trans = calloc(nmx + 1, 8);
	g->dyn = calloc(nmx + 1, 8);
	g->exec = calloc(nmx + 1, 8);
	g->entry = calloc(nmx + 1, 8);
	g->ttany = calloc(nmx + 1, 8);
	g->exec_ok = calloc(nmx + 1, 8);
	g->dyn_ok = calloc(nmx + 1, 8);
	g->setexec = calloc(g->words + 1, 8);
	g->setcurrent = calloc(g->words + 1, 8);
	if (!g->trans || !g->dyn || !g->exec || !g->entry || !g->ttany || !g->exec_ok ||
	    !g->dyn_ok || !g->setexec || !g->setcurrent)
		return -ENOMEM;
	return 0;
}

/* One enabled rule a transition may need: kept, and its facts set in the
 * matrices (a type_transition in g->tt). */
static int dta_add_rule(struct pol_graph *g, const struct dta_perms *dp,
			const struct graph_rule *rule, size_t *alloc, size_t *ttalloc)
{
	const avtab_key_t *key = &rule->node->key;
	uint32_t perms = rule->node->datum.data;
	const uint32_t *S, *T;
	size_t ns, nt;

	if (POL_ARRAY_GROW(g->rules, g->nrules + 1, *alloc) < 0)
		return -ENOMEM;
	g->rules[g->nrules++] = *rule;
	S = graph_members(g, key->source_type, &ns);
	T = graph_members(g, key->target_type, &nt);
	if (key->specified & AVTAB_TRANSITION) {
		for (size_t a = 0; a < ns; a++)
			for (size_t b = 0; b < nt; b++)
				if (tt_add(g, ttalloc,
					   (struct graph_tt){S[a], T[b], perms - 1, *rule, NULL}) <
				    0)
					return -ENOMEM;
		return 0;
	}
	if (key->target_class == dp->process) {
		if (has_perm(perms, dp->transition))
			pairs_set(g, g->trans, S, ns, T, nt, true);
		if (has_perm(perms, dp->dyntransition))
			pairs_set(g, g->dyn, S, ns, T, nt, true);
		for (size_t a = 0; a < ns; a++) {
			if (g->exact && !graph_in(g, S[a], key->target_type))
				continue;
			if (has_perm(perms, dp->setexec))
				bit_set(g->setexec, S[a]);
			if (has_perm(perms, dp->setcurrent))
				bit_set(g->setcurrent, S[a]);
		}
	} else {
		if (has_perm(perms, dp->execute))
			pairs_set(g, g->exec, S, ns, T, nt, false);
		if (has_perm(perms, dp->entrypoint))
			pairs_set(g, g->entry, S, ns, T, nt, false);
	}
	return 0;
}

/* The rules a transition may need, indexed by source, and the
 * type_transitions sorted. */
static int dta_collect(struct pol_graph *g, const struct dta_perms *dp)
{
	const struct graph_rule *refs;
	size_t nrefs, alloc = 0, ttalloc = 0;

	refs = graph_all_rules(g, &nrefs);
	for (size_t i = 0; i < nrefs; i++) {
		struct graph_rule rule = {refs[i].node, refs[i].cond};

		if (!dta_relevant(dp, &rule.node->key, rule.node->datum.data) ||
		    !graph_rule_enabled(g, &rule))
			continue;
		if (dta_add_rule(g, dp, &rule, &alloc, &ttalloc) < 0)
			return -ENOMEM;
	}
	if (index_rules_by_source(g) < 0)
		return -ENOMEM;
	/* sedta reads filename type_transitions as any other (setools'
	 * terules() includes them); the kernel computes an exec's SID without
	 * a name, so the exact graph leaves them out */
	if (!g->exact && dp->process && g->pdb->p.filename_trans) {
		struct named_tt_ctx ctx = {g, &ttalloc, dp->process, 0};

		hashtab_map(g->pdb->p.filename_trans, named_tt, &ctx);
		if (ctx.rc < 0)
			return -ENOMEM;
	}
	if (g->ntt > 1)
		qsort(g->tt, g->ntt, sizeof(*g->tt), cmp_tt);
	return 0;
}

/* Whether the transition s -> t (a transition or dyntransition allowed)
 * is an edge: an entrypoint it may execute, or a dyntransition with
 * setcurrent; its facts kept for why-not either way. */
static bool dta_edge(struct pol_graph *g, uint32_t s, uint32_t t, const uint64_t *dy, uint64_t *ep)
{
	bool exec_ok, dyn_ok, ep_left = false;

	bit_set(g->present, s);
	bit_set(g->present, t);
	exec_ok = graph_dta_entrypoints(g, s, t, ep);
	dyn_ok = bit_get(dy, t) && bit_get(g->setcurrent, s);
	if (!exec_ok && !dyn_ok)
		return false;
	g->edges_all++;
	if (exec_ok)
		bit_set(bits_row(g->exec_ok, g->words, s), t);
	if (dyn_ok)
		bit_set(bits_row(g->dyn_ok, g->words, s), t);
	if (bit_get(g->excluded, s) || bit_get(g->excluded, t) || !pol_graph_role_allows(g, t + 1))
		return false;
	for (uint32_t k = 0; exec_ok && k < g->words; k++)
		ep_left |= (ep[k] & ~g->excluded[k]) != 0;
	return ep_left || dyn_ok;
}

/* The out-adjacency: each source's edges in target order. */
static int dta_edges(struct pol_graph *g)
{
	uint64_t *ep = calloc(g->words + 1, 8);
	size_t m = 0, alloc = 0;

	g->out_start = calloc((size_t)g->n + 1, sizeof(*g->out_start));
	if (!ep || !g->out_start)
		goto fail;
	for (uint32_t s = 0; s < g->n; s++) {
		const uint64_t *tr = bits_row(g->trans, g->words, s),
			       *dy = bits_row(g->dyn, g->words, s);

		g->out_start[s] = (uint32_t)m;
		for (uint32_t w = 0; w < g->words; w++) {
			for (uint64_t cand = tr[w] | dy[w]; cand; cand &= cand - 1) {
				uint32_t t = w * 64 + (uint32_t)__builtin_ctzll(cand);

				if (!dta_edge(g, s, t, dy, ep))
					continue;
				if (POL_ARRAY_GROW(g->out, m + 1, alloc) < 0)
					goto fail;
				g->out[m++] = t;
			}
		}
	}
	g->out_start[g->n] = (uint32_t)m;
	if (!g->out && !(g->out = malloc(sizeof(*g->out))))
		goto fail;
	free(ep);
	return 0;
fail:
	free(ep);
	return -ENOMEM;
}

int pol_graph_dta(const struct pol_pdb *pdb, const struct pol_graph_opts *opts,
		  struct pol_graph **out, struct pol_err *err)
{
	struct pol_graph *g = calloc(1, sizeof(*g));
	struct dta_perms dp;

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
	if (dta_alloc(g) < 0 || dta_collect(g, &dp) < 0 || dta_edges(g) < 0 || graph_finish(g) < 0)
		goto fail;
	*out = g;
	return 0;
fail:
	pol_graph_free(g);
	return pol_err_set(err, -ENOMEM, "out of memory");
}
