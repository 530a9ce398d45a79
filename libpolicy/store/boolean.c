/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage boolean, setsebool -P: persistent boolean values. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <selinux/selinux.h>

#include "pdb/pdb.h"

#include "store/internal.h"

/* setsebool -P sets the running value too; only for the running policy's
 * own store, never for one under another root or of another name. */
static bool sets_running(struct pol_store *st)
{
	char *type = NULL;
	bool yes = false;

	if (strcmp(st->root, "/") != 0 || is_selinux_enabled() <= 0 ||
	    selinux_getpolicytype(&type) < 0)
		return false;
	yes = strcmp(type, st->name) == 0;
	free(type);
	return yes;
}

static int bool_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		       struct pol_err *err)
{
	semanage_bool_key_t *key = NULL;
	semanage_bool_t *local = NULL, *policy = NULL, *b = NULL;
	int in_local = 0, in_policy = 0, rc;

	if (!rec->name || !*rec->name)
		return store_rec_err(err, rec, POL_EINVAL, "no boolean name");
	if ((rc = store_check_sym(st, rec, POL_SYM_BOOL, rec->name, err)) < 0)
		return rc;
	if (semanage_bool_key_create(st->sh, rec->name, &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if (semanage_bool_exists_local(st->sh, key, &in_local) < 0 ||
	    (in_local && semanage_bool_query_local(st->sh, key, &local) < 0) ||
	    semanage_bool_exists(st->sh, key, &in_policy) < 0 ||
	    (in_policy && semanage_bool_query(st->sh, key, &policy) < 0)) {
		rc = store_fail(st, rec, err, "cannot read the booleans of store '%s'", st->name);
		goto out;
	}
	if (!policy) {
		rc = store_rec_err(err, rec, POL_ENOTFOUND, "boolean '%s' is not defined",
				   rec->name);
		goto out;
	}
	if (op == POL_STORE_DELETE) {
		if (!local) {
			rc = store_rec_err(err, rec, POL_EINVAL,
					   "boolean '%s' has no local value to delete", rec->name);
			goto out;
		}
	} else {
		/* -m (and apply's -a): a local value already there is no change */
		if (local && !semanage_bool_get_value(local) == !rec->value) {
			rc = 0;
			goto out;
		}
		if (semanage_bool_clone(st->sh, policy, &b) < 0) {
			rc = store_fail(st, rec, err, "out of memory");
			goto out;
		}
		semanage_bool_set_value(b, rec->value);
	}
	rc = 1;
	if (st->flags & POL_STORE_CHECK)
		goto out;
	if ((rc = store_tx(st, err)) < 0)
		goto out;
	if (op == POL_STORE_DELETE
		? semanage_bool_del_local(st->sh, key) < 0
		: semanage_bool_modify_local(st->sh, key, b) < 0 ||
		      (sets_running(st) && semanage_bool_set_active(st->sh, key, b) < 0)) {
		rc = store_fail(st, rec, err, "cannot change boolean '%s'", rec->name);
		goto out;
	}
	rc = 1;
out:
	semanage_bool_free(b);
	semanage_bool_free(local);
	semanage_bool_free(policy);
	semanage_bool_key_free(key);
	return rc;
}

static int bool_delete_all(struct pol_store *st, struct pol_err *err)
{
	semanage_bool_t **recs = NULL;
	unsigned int n = 0;
	int rc = 0;

	if (semanage_bool_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local booleans");
	if (n && !(st->flags & POL_STORE_CHECK) && (rc = store_tx(st, err)) < 0)
		goto out;
	for (unsigned int i = 0; i < n && !(st->flags & POL_STORE_CHECK); i++) {
		semanage_bool_key_t *key;

		if (semanage_bool_key_extract(st->sh, recs[i], &key) < 0 ||
		    semanage_bool_del_local(st->sh, key) < 0) {
			rc = store_fail(st, NULL, err, "cannot delete boolean '%s'",
					semanage_bool_get_name(recs[i]));
			goto out;
		}
		semanage_bool_key_free(key);
	}
	rc = (int)n;
out:
	for (unsigned int i = 0; i < n; i++)
		semanage_bool_free(recs[i]);
	free(recs);
	return rc;
}

static int add_all(struct pol_store_list *l, semanage_bool_t **recs, unsigned int n, bool local)
{
	int rc = 0;

	for (unsigned int i = 0; i < n; i++) {
		struct pol_store_rec *r = rc ? NULL : store_list_add(l, POL_STORE_BOOLEAN);

		if (!r) {
			rc = -ENOMEM;
		} else {
			r->name = store_list_str(l, semanage_bool_get_name(recs[i]));
			r->value = semanage_bool_get_value(recs[i]) != 0;
			r->local = local;
		}
		semanage_bool_free(recs[i]);
	}
	free(recs);
	return rc;
}

static int bool_list(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
		     struct pol_err *err)
{
	semanage_bool_t **recs;
	unsigned int n;
	int rc;

	if (!(flags & POL_STORE_LOCAL_ONLY)) {
		if (semanage_bool_list(st->sh, &recs, &n) < 0)
			return store_fail(st, NULL, err, "cannot list the booleans");
		if ((rc = add_all(out, recs, n, false)) < 0)
			return pol_err_set(err, rc, "out of memory");
	}
	if (semanage_bool_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local booleans");
	if ((rc = add_all(out, recs, n, true)) < 0)
		return pol_err_set(err, rc, "out of memory");
	return 0;
}

const struct store_kind store_boolean_kind = {"boolean", bool_change, bool_list, bool_delete_all};
