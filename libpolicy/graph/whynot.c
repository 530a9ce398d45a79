/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Why a domain transition is or is not there: every rule the transition
 * graph's definition reads for one pair of types, found again from all the
 * policy's rules (those of conditional branches that are off too), sorted
 * by the part of the definition each one plays.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"

/* What one candidate entrypoint collects while the rules are read. */
struct why_ep {
	struct graph_strv lists[5]; /* as pol_graph_why_entrypoint, in order */
};

enum { EP_EXECUTE, EP_ENTRYPOINT, EP_TT, EP_TT_OTHER, EP_DISABLED };

/* The 0-based candidate entrypoints of s -> t: the types t may be entered
 * from and those of a type_transition from s to t, whatever the booleans. */
static void why_candidates(const struct pol_graph *g, const struct dta_perms *dp, uint32_t s,
			   uint32_t t, uint64_t *cand)
{
	for (size_t i = 0; i < g->nall; i++) {
		const avtab_key_t *key = &g->all[i].node->key;
		bool yes;

		if (key->specified & AVTAB_TRANSITION)
			yes = key->target_class == dp->process &&
			      g->all[i].node->datum.data == t + 1 &&
			      graph_in(g, s, key->source_type);
		else
			yes = (key->specified & AVTAB_ALLOWED) && key->target_class == dp->file &&
			      has_perm(g->all[i].node->datum.data, dp->entrypoint) &&
			      graph_in(g, t, key->source_type);
		if (yes) {
			size_t n;
			const uint32_t *m = graph_members(g, key->target_type, &n);

			for (size_t k = 0; k < n; k++)
				bit_set(cand, m[k]);
		}
	}
	/* filename type_transitions are in g->tt only where they count (not
	 * under --exact) */
	for (size_t i = 0; i < g->ntt; i++)
		if (g->tt[i].name && g->tt[i].s == s && g->tt[i].d == t)
			bit_set(cand, g->tt[i].e);
}

/* Add rule r to list which of every candidate entrypoint of its target. */
static void why_ep_add(const struct pol_graph *g, const struct graph_rule *r, const uint32_t *ids,
		       struct why_ep *eps, size_t nep, int which)
{
	bool on = graph_rule_enabled(g, r);

	for (size_t k = 0; k < nep; k++)
		if (graph_in(g, ids[k], r->node->key.target_type))
			graph_strv_add(&eps[k].lists[on ? which : EP_DISABLED],
				       graph_rule_text(g, r));
}

/* A process rule: which of the domain-level lists it belongs to. */
static void why_process(const struct pol_graph *g, const struct dta_perms *dp,
			const struct graph_rule *r, uint32_t s, uint32_t t,
			struct graph_strv *lists)
{
	uint32_t perms = r->node->datum.data;
	const avtab_key_t *key = &r->node->key;
	bool on = graph_rule_enabled(g, r), to_t = graph_in(g, t, key->target_type);
	bool self = graph_in(g, s, key->target_type), used = false;

	if (to_t && s != t && has_perm(perms, dp->transition)) {
		used = true;
		if (on)
			graph_strv_add(&lists[0], graph_rule_text(g, r));
	}
	if (to_t && s != t && has_perm(perms, dp->dyntransition)) {
		used = true;
		if (on)
			graph_strv_add(&lists[2], graph_rule_text(g, r));
	}
	if (has_perm(perms, dp->setexec)) {
		used = true;
		if (on)
			graph_strv_add(&lists[g->exact && !self ? 4 : 1], graph_rule_text(g, r));
	}
	if (has_perm(perms, dp->setcurrent)) {
		used = true;
		if (on)
			graph_strv_add(&lists[g->exact && !self ? 5 : 3], graph_rule_text(g, r));
	}
	if (used && !on)
		graph_strv_add(&lists[6], graph_rule_text(g, r));
}

static bool why_has_edge(const struct pol_graph *g, uint32_t s, uint32_t t)
{
	for (uint32_t i = g->out_start[s]; i < g->out_start[s + 1]; i++)
		if (g->out[i] == t)
			return true;
	return false;
}

static int cmp_why_ep(const void *a, const void *b, void *g)
{
	const struct pol_graph_why_entrypoint *x = a, *y = b;

	return strcmp(pdb_type_name(((const struct pol_graph *)g)->pdb, x->type),
		      pdb_type_name(((const struct pol_graph *)g)->pdb, y->type));
}

static int why_fill(const struct pol_graph *g, uint32_t s, uint32_t t, struct pol_graph_why *out,
		    uint64_t *cand)
{
	struct dta_perms dp;
	struct graph_strv lists[7] = {{0}};
	struct why_ep *eps;
	uint32_t *ids;
	size_t nep = 0;
	bool failed = false;

	graph_dta_perms(g, &dp);
	why_candidates(g, &dp, s, t, cand);
	for (uint32_t w = 0; w < g->words; w++)
		nep += (size_t)__builtin_popcountll(cand[w]);
	eps = calloc(nep + 1, sizeof(*eps));
	ids = calloc(nep + 1, sizeof(*ids));
	out->entrypoints = calloc(nep + 1, sizeof(*out->entrypoints));
	if (!eps || !ids || !out->entrypoints) {
		free(eps);
		free(ids);
		return -ENOMEM;
	}
	for (uint32_t w = 0, k = 0; w < g->words; w++)
		for (uint64_t b = cand[w]; b; b &= b - 1)
			ids[k++] = w * 64 + (uint32_t)__builtin_ctzll(b);
	for (size_t i = 0; i < g->nall; i++) {
		const struct graph_rule *r = &g->all[i];
		const avtab_key_t *key = &r->node->key;
		uint32_t perms = r->node->datum.data;
		bool from_s = graph_in(g, s, key->source_type);

		if (key->specified & AVTAB_TRANSITION) {
			if (from_s && key->target_class == dp.process)
				why_ep_add(g, r, ids, eps, nep,
					   perms == t + 1 ? EP_TT : EP_TT_OTHER);
		} else if (!(key->specified & AVTAB_ALLOWED)) {
			continue;
		} else if (key->target_class == dp.process) {
			if (from_s)
				why_process(g, &dp, r, s, t, lists);
		} else if (key->target_class == dp.file) {
			if (from_s && has_perm(perms, dp.execute))
				why_ep_add(g, r, ids, eps, nep, EP_EXECUTE);
			if (graph_in(g, t, key->source_type) && has_perm(perms, dp.entrypoint))
				why_ep_add(g, r, ids, eps, nep, EP_ENTRYPOINT);
		}
	}
	for (size_t i = 0; i < g->ntt; i++) {
		const struct graph_tt *n = &g->tt[i];

		if (!n->name || n->s != s)
			continue;
		for (size_t k = 0; k < nep; k++)
			if (ids[k] == n->e)
				graph_strv_add(&eps[k].lists[n->d == t ? EP_TT : EP_TT_OTHER],
					       graph_named_tt_text(g, n));
	}
	out->transition = graph_strv_done(&lists[0], true, &failed);
	out->setexec = graph_strv_done(&lists[1], true, &failed);
	out->dyntransition = graph_strv_done(&lists[2], true, &failed);
	out->setcurrent = graph_strv_done(&lists[3], true, &failed);
	out->setexec_other = graph_strv_done(&lists[4], true, &failed);
	out->setcurrent_other = graph_strv_done(&lists[5], true, &failed);
	out->disabled = graph_strv_done(&lists[6], true, &failed);
	for (size_t k = 0; k < nep; k++) {
		struct pol_graph_why_entrypoint *e = &out->entrypoints[k];

		e->type = ids[k] + 1;
		e->excluded = bit_get(g->excluded, ids[k]);
		e->execute = graph_strv_done(&eps[k].lists[EP_EXECUTE], true, &failed);
		e->entrypoint = graph_strv_done(&eps[k].lists[EP_ENTRYPOINT], true, &failed);
		e->type_transition = graph_strv_done(&eps[k].lists[EP_TT], true, &failed);
		e->type_transition_other =
		    graph_strv_done(&eps[k].lists[EP_TT_OTHER], true, &failed);
		e->disabled = graph_strv_done(&eps[k].lists[EP_DISABLED], true, &failed);
	}
	out->nentrypoints = nep;
	if (nep > 1)
		qsort_r(out->entrypoints, nep, sizeof(*out->entrypoints), cmp_why_ep, (void *)g);
	free(eps);
	free(ids);
	return failed ? -ENOMEM : 0;
}

int pol_graph_why(const struct pol_graph *g, uint32_t s, uint32_t t, struct pol_graph_why *out)
{
	uint64_t *cand;
	int rc;

	memset(out, 0, sizeof(*out));
	if (g->kind != GRAPH_DTA || s < 1 || s > g->n || t < 1 || t > g->n)
		return POL_EINVAL;
	s--;
	t--;
	out->edge = why_has_edge(g, s, t);
	out->exec_ok = bit_get(bits_row(g->exec_ok, g->words, s), t);
	out->dyn_ok = bit_get(bits_row(g->dyn_ok, g->words, s), t);
	out->excluded_s = bit_get(g->excluded, s);
	out->excluded_t = bit_get(g->excluded, t);
	cand = calloc(g->words + 1, sizeof(*cand));
	if (!cand)
		return -ENOMEM;
	rc = why_fill(g, s, t, out, cand);
	free(cand);
	if (rc < 0)
		pol_graph_why_release(out);
	return rc;
}

void pol_graph_why_release(struct pol_graph_why *w)
{
	graph_strv_free(w->transition);
	graph_strv_free(w->setexec);
	graph_strv_free(w->dyntransition);
	graph_strv_free(w->setcurrent);
	graph_strv_free(w->setexec_other);
	graph_strv_free(w->setcurrent_other);
	graph_strv_free(w->disabled);
	for (size_t i = 0; i < w->nentrypoints; i++) {
		struct pol_graph_why_entrypoint *e = &w->entrypoints[i];

		graph_strv_free(e->execute);
		graph_strv_free(e->entrypoint);
		graph_strv_free(e->type_transition);
		graph_strv_free(e->type_transition_other);
		graph_strv_free(e->disabled);
	}
	free(w->entrypoints);
	memset(w, 0, sizeof(*w));
}
