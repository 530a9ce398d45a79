/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The domains a login can run in: for --role/--user, the types authorised
 * for a role the user can reach. A process's role changes on exec (by a
 * role_transition, or by an explicit context through setexec), but the
 * kernel refuses every process transition that changes the role unless an
 * "allow R1 R2" rule permits the pair (context_struct_compute_av()), and
 * the new context must be valid: the user authorised for the role, the
 * role for the type. So the roles reachable are those allow R1 R2 leads to
 * from the starting ones, among the user's; a role_transition can only
 * pick one of them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"

static uint32_t sym_value(const struct pol_pdb *pdb, enum pol_sym kind, const char *name)
{
	const policydb_t *p = &pdb->p;
	const symtab_datum_t *d =
	    hashtab_search(kind == POL_SYM_ROLE ? p->p_roles.table : p->p_users.table, name);

	return d ? d->value : 0;
}

int graph_role_domains(struct pol_graph *g, const char *user, const char *role, struct pol_err *err)
{
	const policydb_t *p = &g->pdb->p;
	uint32_t nroles = p->p_roles.nprim, u = 0, r = 0;
	const ebitmap_t *user_roles = NULL;
	uint8_t *reach;
	bool grew = true;

	if (user && !(u = sym_value(g->pdb, POL_SYM_USER, user)))
		return pol_pdb_unknown(g->pdb, POL_SYM_USER, user, err);
	if (role && !(r = sym_value(g->pdb, POL_SYM_ROLE, role)))
		return pol_pdb_unknown(g->pdb, POL_SYM_ROLE, role, err);
	if (u)
		user_roles = &p->user_val_to_struct[u - 1]->roles.roles;
	if (r && user_roles && !ebitmap_get_bit(user_roles, r - 1))
		return pol_err_set(err, POL_EINVAL, "role '%s' is not authorised for user '%s'",
				   role, user);
	reach = calloc(nroles ? nroles : 1, 1);
	g->domains = calloc(g->words + 1, sizeof(uint64_t));
	if (!reach || !g->domains) {
		free(reach);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (uint32_t i = 0; i < nroles; i++)
		reach[i] = r ? i + 1 == r : ebitmap_get_bit(user_roles, i);
	while (grew) {
		grew = false;
		for (const role_allow_t *ra = p->role_allow; ra; ra = ra->next) {
			uint32_t to = ra->new_role - 1;

			if (!reach[ra->role - 1] || reach[to] ||
			    (user_roles && !ebitmap_get_bit(user_roles, to)))
				continue;
			reach[to] = 1;
			grew = true;
		}
	}
	for (uint32_t i = 0; i < nroles; i++) {
		const role_datum_t *rd = p->role_val_to_struct[i];
		ebitmap_node_t *node;
		unsigned int bit;

		if (!reach[i] || !rd)
			continue;
		ebitmap_for_each_positive_bit(&rd->types.types, node, bit)
		{
			size_t n;
			const uint32_t *m;

			if (bit >= g->n)
				continue;
			m = graph_members(g, bit + 1, &n);
			for (size_t k = 0; k < n; k++)
				bit_set(g->domains, m[k]);
		}
	}
	free(reach);
	return 0;
}

bool pol_graph_role_allows(const struct pol_graph *g, uint32_t v)
{
	return !g->domains || (v >= 1 && v <= g->n && bit_get(g->domains, v - 1));
}
