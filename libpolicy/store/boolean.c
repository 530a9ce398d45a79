/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage boolean, setsebool -P: persistent boolean values. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <selinux/selinux.h>

#include "pdb/pdb.h"

#include "store/internal.h"

STORE_DB(bool);

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
	int rc;

	if (!rec->name || !*rec->name)
		return store_rec_err(err, rec, POL_EINVAL, "no boolean name");
	if ((rc = store_check_sym(st, rec, POL_SYM_BOOL, rec->name, err)) < 0)
		return rc;
	if (semanage_bool_key_create(st->sh, rec->name, &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if ((rc = store_db_lookup(st, &bool_db, rec, key, (void **)&local, (void **)&policy, err)) <
	    0)
		goto out;
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
	rc = store_db_write(st, &bool_db, rec, key, op == POL_STORE_DELETE ? NULL : b, err);
	if (rc > 0 && b && !(st->flags & POL_STORE_CHECK) && sets_running(st) &&
	    semanage_bool_set_active(st->sh, key, b) < 0)
		rc = store_fail(st, rec, err, "cannot set the running value of boolean '%s'",
				rec->name);
out:
	semanage_bool_free(b);
	semanage_bool_free(local);
	semanage_bool_free(policy);
	semanage_bool_key_free(key);
	return rc;
}

static int bool_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		     const void *rec)
{
	(void)st;
	r->name = store_list_str(l, semanage_bool_get_name(rec));
	r->value = semanage_bool_get_value(rec) != 0;
	return r->name ? 0 : -ENOMEM;
}

const struct store_kind store_boolean_kind = {
    .name = "boolean", .change = bool_change, .db = &bool_db, .fill = bool_fill, .checked = true};
