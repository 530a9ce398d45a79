/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage login: Linux logins (and %groups) mapped to SELinux users. */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/pdb.h"

#include "store/internal.h"

/* The SELinux user's MLS range, semanage's default for a login's. */
static char *user_range(struct pol_store *st, const char *sename)
{
	semanage_user_key_t *k;
	semanage_user_t *u = NULL;
	char *r = NULL;

	if (semanage_user_key_create(st->sh, sename, &k) < 0)
		return NULL;
	if (semanage_user_query(st->sh, k, &u) >= 0 && u && semanage_user_get_mlsrange(u))
		r = strdup(semanage_user_get_mlsrange(u));
	semanage_user_free(u);
	semanage_user_key_free(k);
	return r;
}

static int login_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
			struct pol_err *err)
{
	semanage_seuser_key_t *key = NULL;
	semanage_seuser_t *local = NULL, *policy = NULL, *u = NULL;
	const char *sename = rec->seuser && *rec->seuser ? rec->seuser : NULL;
	char *range = NULL;
	int in_local = 0, in_policy = 0, rc;

	if (!rec->name || !*rec->name)
		return store_rec_err(err, rec, POL_EINVAL, "no login name");
	if (op == POL_STORE_ADD && !sename)
		sename = "user_u";
	if (op == POL_STORE_MODIFY && !sename && !(rec->range && *rec->range))
		return store_rec_err(err, rec, POL_EINVAL, "nothing to modify: give -s or -r");
	if (op != POL_STORE_DELETE) {
		rc = 0;
		if (sename && store_check_sym(st, rec, POL_SYM_USER, sename, err) < 0)
			rc = POL_ENOTFOUND;
		if (rec->range && *rec->range && store_check_range(st, rec, rec->range, err) < 0)
			rc = POL_EINVAL;
		if (rc < 0)
			return rc;
	}
	if (op == POL_STORE_ADD &&
	    (rec->name[0] == '%' ? !getgrnam(rec->name + 1) : !getpwnam(rec->name)))
		return store_rec_err(err, rec, POL_ENOTFOUND, "no Linux %s '%s'",
				     rec->name[0] == '%' ? "group" : "user",
				     rec->name + (rec->name[0] == '%'));
	if (semanage_seuser_key_create(st->sh, rec->name, &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if (semanage_seuser_exists_local(st->sh, key, &in_local) < 0 ||
	    (in_local && semanage_seuser_query_local(st->sh, key, &local) < 0) ||
	    semanage_seuser_exists(st->sh, key, &in_policy) < 0 ||
	    (in_policy && semanage_seuser_query(st->sh, key, &policy) < 0)) {
		rc = store_fail(st, rec, err, "cannot read the logins of store '%s'", st->name);
		goto out;
	}
	if (op == POL_STORE_DELETE) {
		if (!local) {
			rc = store_rec_err(err, rec, POL_EINVAL,
					   policy ? "login mapping for '%s' is defined in the "
						    "policy, not locally: it cannot be deleted"
						  : "login mapping for '%s' is not defined",
					   rec->name);
			goto out;
		}
	} else {
		const semanage_seuser_t *base =
		    op == POL_STORE_MODIFY ? (local ? local : policy) : NULL;

		if (op == POL_STORE_MODIFY && !base) {
			rc = store_rec_err(err, rec, POL_EINVAL,
					   "login mapping for '%s' is not defined", rec->name);
			goto out;
		}
		if (!sename)
			sename = semanage_seuser_get_sename(base);
		/* a new SELinux user without -r: that user's range, which the
		 * old one may exceed (semanage keeps it, and the commit fails) */
		if (rec->range && *rec->range)
			range = strdup(rec->range);
		else if (rec->seuser && *rec->seuser && store_mls(st))
			range = user_range(st, sename);
		else if (base && semanage_seuser_get_mlsrange(base))
			range = strdup(semanage_seuser_get_mlsrange(base));
		else if (store_mls(st))
			range = user_range(st, sename);
		if (store_mls(st) && !range) {
			rc = store_fail(st, rec, err, "no MLS range for login '%s'", rec->name);
			goto out;
		}
		{
			const semanage_seuser_t *cur = local ? local : policy;

			if (cur && strcmp(semanage_seuser_get_sename(cur), sename) == 0 &&
			    (!range || (semanage_seuser_get_mlsrange(cur) &&
					strcmp(semanage_seuser_get_mlsrange(cur), range) == 0)) &&
			    (local || op == POL_STORE_ADD)) {
				rc = 0;
				goto out;
			}
		}
		if (semanage_seuser_create(st->sh, &u) < 0 ||
		    semanage_seuser_set_name(st->sh, u, rec->name) < 0 ||
		    (range && semanage_seuser_set_mlsrange(st->sh, u, range) < 0) ||
		    semanage_seuser_set_sename(st->sh, u, sename) < 0) {
			rc = store_fail(st, rec, err, "out of memory");
			goto out;
		}
	}
	rc = 1;
	if (st->flags & POL_STORE_CHECK)
		goto out;
	if ((rc = store_tx(st, err)) < 0)
		goto out;
	if (op == POL_STORE_DELETE ? semanage_seuser_del_local(st->sh, key) < 0
				   : semanage_seuser_modify_local(st->sh, key, u) < 0) {
		rc =
		    store_fail(st, rec, err, "cannot change the login mapping for '%s'", rec->name);
		goto out;
	}
	rc = 1;
out:
	free(range);
	semanage_seuser_free(u);
	semanage_seuser_free(local);
	semanage_seuser_free(policy);
	semanage_seuser_key_free(key);
	return rc;
}

static int login_delete_all(struct pol_store *st, struct pol_err *err)
{
	semanage_seuser_t **recs = NULL;
	unsigned int n = 0;
	int rc = 0;

	if (semanage_seuser_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local logins");
	if (n && !(st->flags & POL_STORE_CHECK) && (rc = store_tx(st, err)) < 0)
		goto out;
	for (unsigned int i = 0; i < n && !(st->flags & POL_STORE_CHECK); i++) {
		semanage_seuser_key_t *key;

		if (semanage_seuser_key_extract(st->sh, recs[i], &key) < 0 ||
		    semanage_seuser_del_local(st->sh, key) < 0) {
			rc = store_fail(st, NULL, err, "cannot delete login '%s'",
					semanage_seuser_get_name(recs[i]));
			goto out;
		}
		semanage_seuser_key_free(key);
	}
	rc = (int)n;
out:
	for (unsigned int i = 0; i < n; i++)
		semanage_seuser_free(recs[i]);
	free(recs);
	return rc;
}

static int add_all(struct pol_store_list *l, semanage_seuser_t **recs, unsigned int n, bool local)
{
	int rc = 0;

	for (unsigned int i = 0; i < n; i++) {
		struct pol_store_rec *r = rc ? NULL : store_list_add(l, POL_STORE_LOGIN);

		if (!r) {
			rc = -ENOMEM;
		} else {
			r->name = store_list_str(l, semanage_seuser_get_name(recs[i]));
			r->seuser = store_list_str(l, semanage_seuser_get_sename(recs[i]));
			r->range = store_list_str(l, semanage_seuser_get_mlsrange(recs[i]));
			r->local = local;
		}
		semanage_seuser_free(recs[i]);
	}
	free(recs);
	return rc;
}

static int login_list(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
		      struct pol_err *err)
{
	semanage_seuser_t **recs;
	unsigned int n;
	int rc;

	if (!(flags & POL_STORE_LOCAL_ONLY)) {
		if (semanage_seuser_list(st->sh, &recs, &n) < 0)
			return store_fail(st, NULL, err, "cannot list the logins");
		if ((rc = add_all(out, recs, n, false)) < 0)
			return pol_err_set(err, rc, "out of memory");
	}
	if (semanage_seuser_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local logins");
	if ((rc = add_all(out, recs, n, true)) < 0)
		return pol_err_set(err, rc, "out of memory");
	return 0;
}

const struct store_kind store_login_kind = {"login", login_change, login_list, login_delete_all};
