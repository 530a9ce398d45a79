/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The TE rules of a policy by source type and by target type. libsepol's
 * avtab is a hash table of scattered nodes: a search that walks it whole
 * spends its time on cache misses (about 4 ms on the reference policy), a
 * cost the shell pays on every query. With the rules listed per type, a
 * search with a type criterion visits only the rules that can match.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include "util/array.h"

struct flat {
	avtab_ptr_t node;
	uint32_t cond;
	uint32_t source, target;
};

void pdb_te_index_free(struct pdb_te_index *idx)
{
	if (!idx)
		return;
	free(idx->conds);
	free(idx->by_source);
	free(idx->by_source_start);
	free(idx->by_target);
	free(idx->by_target_start);
	free(idx);
}

/* Counting sort of the flat list into per-type runs. */
static int sort_by(const struct flat *all, size_t n, uint32_t ntypes, bool by_source,
		   struct pdb_te_ref **refs, size_t **start)
{
	size_t *pos;

	*refs = malloc((n ? n : 1) * sizeof(**refs));
	*start = calloc((size_t)ntypes + 2, sizeof(**start));
	if (!*refs || !*start)
		return -ENOMEM;
	pos = *start;
	for (size_t i = 0; i < n; i++)
		pos[(by_source ? all[i].source : all[i].target) + 1]++;
	for (uint32_t v = 1; v <= ntypes + 1; v++)
		pos[v] += pos[v - 1];
	/* pos[v] is now where type v's run starts; fill, then shift back */
	for (size_t i = 0; i < n; i++) {
		size_t *p = &pos[by_source ? all[i].source : all[i].target];

		(*refs)[(*p)++] = (struct pdb_te_ref){ all[i].node, all[i].cond };
	}
	for (uint32_t v = ntypes + 1; v > 0; v--)
		pos[v] = pos[v - 1];
	pos[0] = 0;
	return 0;
}

static int te_add(struct flat **all, size_t *n, size_t *alloc, avtab_ptr_t node, uint32_t cond)
{
	if (pol_array_grow(all, alloc, *n + 1, sizeof(**all)) < 0)
		return -ENOMEM;
	(*all)[(*n)++] = (struct flat){ node, cond, node->key.source_type, node->key.target_type };
	return 0;
}

static struct pdb_te_index *build(const struct pol_pdb *pdb)
{
	const policydb_t *p = pdb_db(pdb);
	uint32_t ntypes = p->p_types.nprim;
	struct pdb_te_index *idx = calloc(1, sizeof(*idx));
	struct flat *all = NULL;
	size_t n = 0, alloc = 0;
	uint32_t k = 0;
	int rc = 0;

	if (!idx)
		return NULL;
	idx->ntypes = ntypes;
	for (const cond_node_t *cn = p->cond_list; cn; cn = cn->next)
		idx->nconds++;
	idx->conds = malloc((idx->nconds ? idx->nconds : 1) * sizeof(*idx->conds));
	if (!idx->conds)
		goto fail;
	for (uint32_t i = 0; i < p->te_avtab.nslot && !rc; i++)
		for (avtab_ptr_t node = p->te_avtab.htable[i]; node && !rc; node = node->next)
			rc = te_add(&all, &n, &alloc, node, 0);
	for (const cond_node_t *cn = p->cond_list; cn && !rc; cn = cn->next, k++) {
		idx->conds[k] = cn;
		for (const cond_av_list_t *l = cn->true_list; l && !rc; l = l->next)
			rc = te_add(&all, &n, &alloc, l->node, k + 1);
		for (const cond_av_list_t *l = cn->false_list; l && !rc; l = l->next)
			rc = te_add(&all, &n, &alloc, l->node, (k + 1) | PDB_TE_FALSE_BRANCH);
	}
	if (rc || sort_by(all, n, ntypes, true, &idx->by_source, &idx->by_source_start) ||
	    sort_by(all, n, ntypes, false, &idx->by_target, &idx->by_target_start))
		goto fail;
	free(all);
	return idx;
fail:
	free(all);
	pdb_te_index_free(idx);
	return NULL;
}

const struct pdb_te_index *pdb_te_index(const struct pol_pdb *pdb)
{
	/* A cache: building it changes nothing a caller can see. */
	struct pol_pdb *mut = (struct pol_pdb *)pdb;

	if (!mut->te_index)
		mut->te_index = build(pdb);
	return mut->te_index;
}
