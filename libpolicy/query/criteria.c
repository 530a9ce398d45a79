/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"
#include "util/suggest.h"

char **query_strv_split(const char *s, size_t *count)
{
	size_t n = 1, k = 0;
	const char *p;
	char **v;

	for (p = s; *p; p++)
		n += *p == ',';
	v = calloc(n + 1, sizeof(*v));
	if (!v)
		return NULL;
	for (p = s;;) {
		size_t len = strcspn(p, ",");

		if (len) {
			v[k] = strndup(p, len);
			if (!v[k]) {
				query_strv_free(v);
				return NULL;
			}
			k++;
		}
		if (!p[len])
			break;
		p += len + 1;
	}
	if (count)
		*count = k;
	return v;
}

void query_strv_free(char **v)
{
	if (!v)
		return;
	for (char **p = v; *p; p++)
		free(*p);
	free(v);
}

void query_value_match_release(struct value_match *m)
{
	free(m->ok);
	m->ok = NULL;
}

static int value_match_alloc(struct value_match *m, uint32_t n, struct pol_err *err)
{
	m->n = n;
	m->ok = calloc((size_t)n + 1, 1);
	return m->ok ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
}

/* Mark every type or attribute that has member t: type_attr_map[t] lists
 * the attributes of t and t itself. */
static void mark_holders(const policydb_t *p, uint32_t t, uint8_t *ok)
{
	ebitmap_node_t *node;
	unsigned int bit;

	ebitmap_for_each_positive_bit(&p->type_attr_map[t - 1], node, bit) ok[bit + 1] = 1;
}

int query_type_match_build(const struct pol_pdb *pdb, const char *crit, bool direct, bool regex,
			   bool empty_attr_is_any, struct value_match *m, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	uint32_t n = p->p_types.nprim;
	struct pol_regex *re = NULL;
	int rc;

	if (!crit || !*crit)
		return 0;
	if (regex && (rc = pol_regex_compile(crit, &re, err)) < 0)
		return rc;
	if ((rc = value_match_alloc(m, n, err)) < 0) {
		pol_regex_free(re);
		return rc;
	}
	if (regex) {
		for (uint32_t v = 1; v <= n && rc >= 0; v++) {
			if (!p->type_val_to_struct[v - 1] ||
			    (rc = pol_regex_search(re, pdb_type_name(pdb, v), err)) <= 0)
				continue;
			if (direct)
				m->ok[v] = 1;
			else if (!pdb_is_attr(pdb, v))
				mark_holders(p, v, m->ok);
		}
		pol_regex_free(re);
		if (rc < 0) {
			query_value_match_release(m);
			return rc;
		}
		return 0;
	}

	uint32_t want = pdb_type_value(pdb, crit);

	if (!want) {
		query_value_match_release(m);
		return pol_pdb_unknown(pdb, POL_SYM_TYPE_OR_ATTR, crit, err);
	}
	/* setools tests the criterion for truth, and an attribute without
	 * members is false there: such a criterion matches everything. */
	if (empty_attr_is_any && pdb_is_attr(pdb, want) &&
	    ebitmap_cardinality(&p->attr_type_map[want - 1]) == 0) {
		query_value_match_release(m);
		return 0;
	}
	if (direct) {
		m->ok[want] = 1;
		return 0;
	}
	ebitmap_node_t *node;
	unsigned int bit;

	ebitmap_for_each_positive_bit(&p->attr_type_map[want - 1], node, bit)
	    mark_holders(p, bit + 1, m->ok);
	return 0;
}

int query_role_match_build(const struct pol_pdb *pdb, const char *crit, bool regex,
			   struct value_match *m, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_regex *re = NULL;
	role_datum_t *role;
	int rc;

	if (!crit || !*crit)
		return 0;
	if (regex && (rc = pol_regex_compile(crit, &re, err)) < 0)
		return rc;
	if ((rc = value_match_alloc(m, p->p_roles.nprim, err)) < 0) {
		pol_regex_free(re);
		return rc;
	}
	if (regex) {
		for (uint32_t v = 1; v <= p->p_roles.nprim && rc >= 0; v++)
			m->ok[v] =
			    (rc = pol_regex_search(re, p->p_role_val_to_name[v - 1], err)) > 0;
		pol_regex_free(re);
		if (rc < 0) {
			query_value_match_release(m);
			return rc;
		}
		return 0;
	}
	role = hashtab_search(p->p_roles.table, (hashtab_key_t)crit);
	if (!role) {
		query_value_match_release(m);
		return pol_pdb_unknown(pdb, POL_SYM_ROLE, crit, err);
	}
	m->ok[role->s.value] = 1;
	return 0;
}

int query_class_match_build(const struct pol_pdb *pdb, const char *crit, bool regex,
			    struct value_match *m, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_regex *re;
	char **names;
	int rc;

	if (!crit || !*crit)
		return 0;
	if (regex) {
		if ((rc = pol_regex_compile(crit, &re, err)) < 0)
			return rc;
		if ((rc = value_match_alloc(m, p->p_classes.nprim, err)) == 0)
			for (uint32_t v = 1; v <= p->p_classes.nprim && rc >= 0; v++)
				m->ok[v] = (rc = pol_regex_search(re, p->p_class_val_to_name[v - 1],
								  err)) > 0;
		pol_regex_free(re);
		if (rc < 0) {
			query_value_match_release(m);
			return rc;
		}
		return 0;
	}
	names = query_strv_split(crit, NULL);
	if (!names)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if ((rc = value_match_alloc(m, p->p_classes.nprim, err)) < 0) {
		query_strv_free(names);
		return rc;
	}
	for (char **n = names; *n; n++) {
		uint32_t c = pdb_class_value(pdb, *n);

		if (!c) {
			rc = pol_pdb_unknown(pdb, POL_SYM_CLASS, *n, err);
			break;
		}
		m->ok[c] = 1;
	}
	query_strv_free(names);
	if (rc < 0)
		query_value_match_release(m);
	return rc;
}

uint32_t query_class_valid_perms(const struct pol_pdb *pdb, uint32_t tclass)
{
	uint32_t mask = 0;

	for (unsigned int b = 0; b < 32; b++)
		if (pdb->perm_names[tclass - 1][b])
			mask |= 1u << b;
	return mask;
}

/* A permission none of the selected classes has, with the nearest of theirs. */
static int unknown_in_classes(const struct pol_pdb *pdb, const struct value_match *classes,
			      const char *name, struct pol_err *err)
{
	uint32_t nclass = pdb_db(pdb)->p_classes.nprim;
	struct pol_suggest s;

	pol_err_set(err, POL_ENOTFOUND, "permission '%s' does not exist in the selected classes",
		    name);
	pol_suggest_init(&s, name);
	for (uint32_t c = 1; c <= nclass; c++)
		for (unsigned int b = 0; b < 32 && value_matches(classes, c); b++)
			if (pdb_perm_name(pdb, c, b))
				pol_suggest_offer(&s, pdb_perm_name(pdb, c, b));
	pol_suggest_note(&s, err, POL_ENOTFOUND, NULL, 0, 0);
	return POL_ENOTFOUND;
}

int query_perm_match_build(const struct pol_pdb *pdb, const char *crit,
			   const struct value_match *classes, bool equal, bool subset,
			   struct perm_match *m, struct pol_err *err)
{
	uint32_t nclass = pdb_db(pdb)->p_classes.nprim;

	memset(m, 0, sizeof(*m));
	if (!crit || !*crit)
		return 0;
	m->equal = equal;
	m->subset = subset;
	m->names = query_strv_split(crit, &m->count);
	m->mask = calloc((size_t)nclass + 1, sizeof(*m->mask));
	m->has_all = calloc((size_t)nclass + 1, 1);
	if (!m->names || !m->mask || !m->has_all) {
		query_perm_match_release(m);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (uint32_t c = 1; c <= nclass; c++) {
		size_t found = 0;

		for (size_t i = 0; i < m->count; i++) {
			int b = pdb_perm_bit(pdb, c, m->names[i]);

			if (b >= 0) {
				m->mask[c] |= 1u << b;
				found++;
			}
		}
		m->has_all[c] = found == m->count;
	}
	/* Each name must exist in at least one selected class. */
	for (size_t i = 0; i < m->count; i++) {
		bool exists = false;

		for (uint32_t c = 1; c <= nclass && !exists; c++)
			if (value_matches(classes, c) && pdb_perm_bit(pdb, c, m->names[i]) >= 0)
				exists = true;
		if (!exists) {
			int rc = classes->ok ? unknown_in_classes(pdb, classes, m->names[i], err)
					     : pol_pdb_unknown(pdb, POL_SYM_PERM, m->names[i], err);

			query_perm_match_release(m);
			return rc;
		}
	}
	return 0;
}

bool query_perm_matches(const struct perm_match *m, uint32_t tclass, uint32_t perms)
{
	uint32_t want;

	if (!m->names)
		return true;
	want = m->mask[tclass];
	if (m->subset)
		return m->has_all[tclass] && (perms & want) == want;
	if (m->equal)
		return m->has_all[tclass] && perms == want;
	return (perms & want) != 0;
}

void query_perm_match_release(struct perm_match *m)
{
	query_strv_free(m->names);
	free(m->mask);
	free(m->has_all);
	memset(m, 0, sizeof(*m));
}

int query_bool_match_build(const struct pol_pdb *pdb, const char *crit, bool regex, bool equal,
			   struct bool_match *m, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	char **names;
	int rc = 0;

	memset(m, 0, sizeof(*m));
	if (!crit || !*crit)
		return 0;
	m->n = p->p_bools.nprim;
	m->wanted = calloc((size_t)m->n + 1, 1);
	if (!m->wanted)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (regex) {
		struct pol_regex *re;

		/* A pattern only ever asks "does any boolean match". */
		if ((rc = pol_regex_compile(crit, &re, err)) < 0) {
			query_bool_match_release(m);
			return rc;
		}
		for (uint32_t v = 1; v <= m->n && rc >= 0; v++)
			m->wanted[v] =
			    (rc = pol_regex_search(re, p->p_bool_val_to_name[v - 1], err)) > 0;
		pol_regex_free(re);
		if (rc < 0) {
			query_bool_match_release(m);
			return rc;
		}
		return 0;
	}
	m->equal = equal;
	names = query_strv_split(crit, NULL);
	if (!names) {
		query_bool_match_release(m);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (char **n = names; *n; n++) {
		cond_bool_datum_t *b = hashtab_search(p->p_bools.table, (hashtab_key_t)*n);

		if (!b) {
			rc = pol_pdb_unknown(pdb, POL_SYM_BOOL, *n, err);
			break;
		}
		if (!m->wanted[b->s.value])
			m->count++;
		m->wanted[b->s.value] = 1;
	}
	query_strv_free(names);
	if (rc < 0)
		query_bool_match_release(m);
	return rc;
}

bool query_bool_matches(const struct bool_match *m, const cond_expr_t *expr)
{
	uint32_t seen_wanted = 0, seen_other = 0;
	uint32_t seen[64];
	size_t nseen = 0;

	if (!m->wanted)
		return true;
	for (const cond_expr_t *e = expr; e; e = e->next) {
		uint32_t v;
		bool dup = false;

		if (e->expr_type != COND_BOOL)
			continue;
		v = pdb_cond_bool(e);
		for (size_t i = 0; i < nseen; i++)
			dup |= seen[i] == v;
		if (dup)
			continue;
		if (nseen < 64)
			seen[nseen++] = v;
		if (v <= m->n && m->wanted[v])
			seen_wanted++;
		else
			seen_other++;
	}
	if (m->equal)
		return seen_other == 0 && seen_wanted == m->count;
	return seen_wanted > 0;
}

void query_bool_match_release(struct bool_match *m)
{
	free(m->wanted);
	memset(m, 0, sizeof(*m));
}
