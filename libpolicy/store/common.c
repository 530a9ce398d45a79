/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the kinds share: checks against the policy, contexts, lists. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include "util/array.h"
#include "util/suggest.h"

#include "store/internal.h"

/* A list's private part: the records' capacity and the strings it owns. */
struct store_pool {
	size_t recs_alloc;
	char **strs;
	size_t nstrs, strs_alloc;
};

static struct store_pool *pool(struct pol_store_list *l)
{
	if (!l->strings)
		l->strings = calloc(1, sizeof(struct store_pool));
	return l->strings;
}

const char *store_list_str(struct pol_store_list *l, const char *s)
{
	struct store_pool *p = pool(l);
	char *c;

	if (!s || !p)
		return NULL;
	if (POL_ARRAY_GROW(p->strs, p->nstrs + 1, p->strs_alloc) < 0)
		return NULL;
	c = strdup(s);
	if (c)
		p->strs[p->nstrs++] = c;
	return c;
}

struct pol_store_rec *store_list_add(struct pol_store_list *l, enum pol_store_kind kind)
{
	struct store_pool *p = pool(l);
	struct pol_store_rec *r;

	if (!p || POL_ARRAY_GROW(l->recs, l->n + 1, p->recs_alloc) < 0)
		return NULL;
	r = &l->recs[l->n++];
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	return r;
}

void store_list_context(struct pol_store_list *l, struct pol_store_rec *r,
			const semanage_context_t *c)
{
	if (!c) {
		r->type = "<<none>>";
		return;
	}
	r->seuser = store_list_str(l, semanage_context_get_user(c));
	r->type = store_list_str(l, semanage_context_get_type(c));
	r->range = store_list_str(l, semanage_context_get_mls(c));
}

void pol_store_list_release(struct pol_store_list *l)
{
	struct store_pool *p = l->strings;

	if (p) {
		for (size_t i = 0; i < p->nstrs; i++)
			free(p->strs[i]);
		free(p->strs);
		free(p);
	}
	free(l->recs);
	memset(l, 0, sizeof(*l));
}

bool store_mls(struct pol_store *st)
{
	int rc;

	if (!st->mls) {
		rc = semanage_mls_enabled(st->sh);
		if (rc < 0)
			return false; /* not connected yet: ask again later */
		st->mls = rc ? 2 : 1;
	}
	return st->mls == 2;
}

/* The closest name among the types that have attr (or attr2). */
struct typed_suggest {
	struct pol_suggest s;
	const struct pol_pdb *pdb;
	uint32_t a1, a2;
};

static bool has_attr(const struct pol_pdb *pdb, uint32_t t, uint32_t a1, uint32_t a2)
{
	const ebitmap_t *m = &pdb_db(pdb)->type_attr_map[t - 1];

	if (!a1 && !a2)
		return true;
	return (a1 && ebitmap_get_bit(m, a1 - 1)) || (a2 && ebitmap_get_bit(m, a2 - 1));
}

static void offer_typed(const char *name, void *data)
{
	struct typed_suggest *ts = data;
	uint32_t v = pdb_type_value(ts->pdb, name);

	if (v && !pdb_is_attr(ts->pdb, v) && has_attr(ts->pdb, v, ts->a1, ts->a2))
		pol_suggest_offer(&ts->s, name);
}

int store_check_type(struct pol_store *st, const struct pol_store_rec *rec, const char *type,
		     const char *attr, const char *attr2, struct pol_err *err)
{
	const struct pol_pdb *pdb;
	struct typed_suggest ts = {0};
	uint32_t v;
	int rc = pol_store_policy(st, &pdb, err);

	if (rc < 0)
		return rc;
	ts.pdb = pdb;
	ts.a1 = attr ? pdb_type_value(pdb, attr) : 0;
	ts.a2 = attr2 ? pdb_type_value(pdb, attr2) : 0;
	v = pdb_type_value(pdb, type);
	if (v && !pdb_is_attr(pdb, v) && has_attr(pdb, v, ts.a1, ts.a2))
		return 0;
	if (v && !pdb_is_attr(pdb, v))
		store_rec_err(err, rec, POL_ENOTFOUND, "type '%s' is not a %s%s%s%s", type,
			      attr ? attr : "type", attr2 ? " or " : "", attr2 ? attr2 : "",
			      attr ? " type" : "");
	else
		store_rec_err(err, rec, POL_ENOTFOUND, "unknown type '%s'", type);
	pol_suggest_init(&ts.s, type);
	pol_pdb_each_name(pdb, POL_SYM_TYPE, offer_typed, &ts);
	pol_suggest_note(&ts.s, err, POL_ENOTFOUND, rec ? rec->file : NULL, rec ? rec->line : 0,
			 rec ? rec->col : 0);
	return POL_ENOTFOUND;
}

int store_check_sym(struct pol_store *st, const struct pol_store_rec *rec, enum pol_sym sym,
		    const char *name, struct pol_err *err)
{
	const struct pol_pdb *pdb;
	int rc = pol_store_policy(st, &pdb, err);

	if (rc < 0)
		return rc;
	if (pol_pdb_has(pdb, sym, name))
		return 0;
	return pol_pdb_unknown_at(pdb, sym, name, rec ? rec->file : NULL, rec ? rec->line : 0,
				  rec ? rec->col : 0, err);
}

int store_check_range(struct pol_store *st, const struct pol_store_rec *rec, const char *range,
		      struct pol_err *err)
{
	const struct pol_pdb *pdb;
	int rc;

	if (!range || !*range)
		return 0;
	if (!store_mls(st))
		return store_rec_err(err, rec, POL_EINVAL,
				     "range '%s' given but the policy of store '%s' is not MLS",
				     range, st->name);
	rc = pol_store_policy(st, &pdb, err);
	if (rc < 0)
		return rc;
	return pol_pdb_check_range(pdb, range, "", "object_r", range, rec ? rec->file : NULL,
				   rec ? rec->line : 0, err);
}

int store_context(struct pol_store *st, const char *user, const char *role, const char *type,
		  const char *range, semanage_context_t **out)
{
	semanage_context_t *c;

	if (semanage_context_create(st->sh, &c) < 0)
		return -ENOMEM;
	if (semanage_context_set_user(st->sh, c, user && *user ? user : "system_u") < 0 ||
	    semanage_context_set_role(st->sh, c, role) < 0 ||
	    semanage_context_set_type(st->sh, c, type) < 0 ||
	    (store_mls(st) &&
	     semanage_context_set_mls(st->sh, c, range && *range ? range : "s0") < 0)) {
		semanage_context_free(c);
		return -ENOMEM;
	}
	*out = c;
	return 0;
}

static bool same(const char *a, const char *b)
{
	return !b || (a && strcmp(a, b) == 0);
}

bool store_context_is(semanage_handle_t *sh, const semanage_context_t *c, const char *user,
		      const char *role, const char *type, const char *range)
{
	(void)sh;
	if (!c)
		return false;
	return same(semanage_context_get_user(c), user) &&
	       same(semanage_context_get_role(c), role) &&
	       same(semanage_context_get_type(c), type) && same(semanage_context_get_mls(c), range);
}

int store_not_local(const struct pol_store_rec *rec, bool in_policy, const char *desc,
		    struct pol_err *err)
{
	if (in_policy)
		return store_rec_err(
		    err, rec, POL_EINVAL,
		    "%s is defined in the policy, not locally: it cannot be deleted", desc);
	return store_rec_err(err, rec, POL_EINVAL, "%s is not defined", desc);
}

int store_db_lookup(struct pol_store *st, const struct store_db *db,
		    const struct pol_store_rec *rec, const void *key, void **local, void **policy,
		    struct pol_err *err)
{
	int in_local = 0, in_policy = 0;

	*local = *policy = NULL;
	if (db->exists_local(st->sh, key, &in_local) < 0 ||
	    (in_local && db->query_local(st->sh, key, local) < 0) ||
	    db->exists(st->sh, key, &in_policy) < 0 ||
	    (in_policy && db->query(st->sh, key, policy) < 0))
		return store_fail(st, rec, err, "cannot read the %s records of store '%s'",
				  pol_store_kind_name(rec->kind), st->name);
	return 0;
}

int store_db_write(struct pol_store *st, const struct store_db *db, const struct pol_store_rec *rec,
		   const void *key, const void *obj, struct pol_err *err)
{
	int rc;

	if (st->flags & POL_STORE_CHECK)
		return 1;
	if ((rc = store_tx(st, err)) < 0)
		return rc;
	if (obj ? db->modify_local(st->sh, key, obj) < 0 : db->del_local(st->sh, key) < 0)
		return store_fail(st, rec, err, "cannot change the %s record '%s'",
				  pol_store_kind_name(rec->kind), rec->name ? rec->name : "");
	return 1;
}

int store_db_delete_all(struct pol_store *st, const struct store_kind *k, struct pol_err *err)
{
	const struct store_db *db = k->db;
	void **recs = NULL;
	unsigned int n = 0;
	int rc = 0;

	if (db->list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local %s records", k->name);
	if (n && !(st->flags & POL_STORE_CHECK) && (rc = store_tx(st, err)) < 0)
		goto out;
	for (unsigned int i = 0; i < n && !(st->flags & POL_STORE_CHECK); i++) {
		void *key;

		if (db->key_extract(st->sh, recs[i], &key) < 0) {
			rc = store_fail(st, NULL, err, "out of memory");
			goto out;
		}
		rc = db->del_local(st->sh, key);
		db->key_free(key);
		if (rc < 0) {
			rc = store_fail(st, NULL, err, "cannot delete a local %s record", k->name);
			goto out;
		}
	}
	rc = (int)n;
out:
	for (unsigned int i = 0; i < n; i++)
		db->free(recs[i]);
	free(recs);
	return rc;
}

/* recs[0..n) into out through fill (NULL entries skipped), all freed. */
static int fill_all(struct pol_store *st, const struct store_kind *k, enum pol_store_kind kind,
		    struct pol_store_list *out, void **recs, unsigned int n, bool local)
{
	int rc = 0;

	for (unsigned int i = 0; i < n; i++) {
		struct pol_store_rec *r;

		if (!recs[i])
			continue;
		r = rc ? NULL : store_list_add(out, kind);
		if (!r)
			rc = -ENOMEM;
		else if ((rc = k->fill(st, out, r, recs[i])) == 0)
			r->local = local;
		k->db->free(recs[i]);
	}
	free(recs);
	return rc;
}

int store_db_list(struct pol_store *st, const struct store_kind *k, enum pol_store_kind kind,
		  unsigned int flags, struct pol_store_list *out, struct pol_err *err)
{
	const struct store_db *db = k->db;
	void **recs = NULL, **loc = NULL;
	unsigned int n = 0, nloc = 0;
	int rc;

	if (db->list_local(st->sh, &loc, &nloc) < 0)
		return store_fail(st, NULL, err, "cannot list the local %s records", k->name);
	if (!(flags & POL_STORE_LOCAL_ONLY)) {
		if (db->list(st->sh, &recs, &n) < 0) {
			rc = store_fail(st, NULL, err, "cannot list the %s records", k->name);
			goto out;
		}
		/* a local record appears once, local */
		for (unsigned int i = 0; i < n && k->merged; i++)
			for (unsigned int j = 0; j < nloc && recs[i]; j++)
				if (db->compare2(recs[i], loc[j]) == 0) {
					db->free(recs[i]);
					recs[i] = NULL;
				}
		rc = fill_all(st, k, kind, out, recs, n, false);
		if (rc == 0 && k->list_more && (rc = k->list_more(st, out, err)) < 0)
			goto out;
		if (rc < 0) {
			pol_err_set(err, rc, "out of memory");
			goto out;
		}
	}
	rc = fill_all(st, k, kind, out, loc, nloc, true);
	loc = NULL;
	if (rc < 0)
		return pol_err_set(err, rc, "out of memory");
	return 0;
out:
	for (unsigned int j = 0; loc && j < nloc; j++)
		db->free(loc[j]);
	free(loc);
	return rc;
}

int store_check_con(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		    const char *attr, struct pol_err *err)
{
	int rc = 0;

	if (op == POL_STORE_MODIFY && !(rec->type && *rec->type) && !(rec->range && *rec->range))
		return store_rec_err(err, rec, POL_EINVAL, "nothing to modify: give -t or -r");
	if (op == POL_STORE_DELETE)
		return 0;
	if (rec->type && *rec->type && store_check_type(st, rec, rec->type, attr, NULL, err) < 0)
		rc = POL_ENOTFOUND;
	if (rec->range && *rec->range && store_check_range(st, rec, rec->range, err) < 0)
		rc = POL_EINVAL;
	return rc;
}

int store_con_change(struct pol_store *st, const struct store_db *db, const struct store_con *con,
		     enum pol_store_op op, const struct pol_store_rec *rec, const void *key,
		     void *fresh, const char *desc, struct pol_err *err)
{
	void *local = NULL, *policy = NULL, *obj = NULL;
	semanage_context_t *c = NULL;
	const char *range = store_mls(st) ? (rec->range && *rec->range ? rec->range : "s0") : NULL;
	int rc;

	if ((rc = store_db_lookup(st, db, rec, key, &local, &policy, err)) < 0)
		goto out;
	rc = -ENOMEM;
	switch (op) {
	case POL_STORE_ADD: {
		const void *cur = local ? local : policy;

		if (cur && store_context_is(st->sh, con->get(cur), "system_u", "object_r",
					    rec->type, range)) {
			rc = 0;
			goto out;
		}
		obj = fresh;
		fresh = NULL;
		if (store_context(st, "system_u", "object_r", rec->type, rec->range, &c) < 0 ||
		    con->set(st->sh, obj, c) < 0)
			break;
		rc = 1;
		break;
	}
	case POL_STORE_MODIFY: {
		const void *base = local ? local : policy;

		if (!base) {
			rc = store_rec_err(err, rec, POL_EINVAL, "%s is not defined", desc);
			goto out;
		}
		if (con->clone(st->sh, base, &obj) < 0 ||
		    semanage_context_clone(st->sh, con->get(base), &c) < 0)
			break;
		if ((rec->range && *rec->range && store_mls(st) &&
		     semanage_context_set_mls(st->sh, c, rec->range) < 0) ||
		    (rec->type && *rec->type &&
		     semanage_context_set_type(st->sh, c, rec->type) < 0) ||
		    con->set(st->sh, obj, c) < 0)
			break;
		if (local &&
		    store_context_is(st->sh, con->get(local), semanage_context_get_user(c),
				     semanage_context_get_role(c), semanage_context_get_type(c),
				     semanage_context_get_mls(c))) {
			rc = 0;
			goto out;
		}
		rc = 1;
		break;
	}
	case POL_STORE_DELETE:
		if (!local) {
			rc = store_not_local(rec, policy, desc, err);
			goto out;
		}
		rc = 1;
		break;
	}
	if (rc < 0) {
		rc = store_fail(st, rec, err, "out of memory");
		goto out;
	}
	rc = store_db_write(st, db, rec, key, op == POL_STORE_DELETE ? NULL : obj, err);
out:
	semanage_context_free(c);
	if (fresh)
		db->free(fresh);
	if (obj)
		db->free(obj);
	if (local)
		db->free(local);
	if (policy)
		db->free(policy);
	return rc;
}
