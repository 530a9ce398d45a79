/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage login: Linux logins (and %groups) mapped to SELinux users. */
#include <errno.h>
#include <stdio.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/pdb.h"

#include "store/internal.h"

STORE_DB(seuser);

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
	int rc;

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
	if ((rc = store_db_lookup(st, &seuser_db, rec, key, (void **)&local, (void **)&policy,
				  err)) < 0)
		goto out;
	if (op == POL_STORE_DELETE) {
		if (!local) {
			char *desc = NULL;

			rc = asprintf(&desc, "login mapping for '%s'", rec->name) < 0
				 ? store_fail(st, rec, err, "out of memory")
				 : store_not_local(rec, policy, desc, err);
			free(desc);
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
	rc = store_db_write(st, &seuser_db, rec, key, op == POL_STORE_DELETE ? NULL : u, err);
out:
	free(range);
	semanage_seuser_free(u);
	semanage_seuser_free(local);
	semanage_seuser_free(policy);
	semanage_seuser_key_free(key);
	return rc;
}

static int login_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		      const void *rec)
{
	(void)st;
	r->name = store_list_str(l, semanage_seuser_get_name(rec));
	r->seuser = store_list_str(l, semanage_seuser_get_sename(rec));
	r->range = store_list_str(l, semanage_seuser_get_mlsrange(rec));
	return r->name ? 0 : -ENOMEM;
}

const struct store_kind store_login_kind = {
    .name = "login", .change = login_change, .db = &seuser_db, .fill = login_fill, .checked = true};
