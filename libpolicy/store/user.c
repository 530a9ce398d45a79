/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage user: SELinux users, their roles, MLS range and level, prefix. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

#include "store/internal.h"

STORE_DB(user);

/* Every role of the space-separated list rec->roles is the policy's. */
static int check_roles(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err)
{
	char *roles = strdup(rec->roles), *save = NULL;
	int rc = 0;

	if (!roles)
		return pol_err_set(err, -ENOMEM, "out of memory");
	for (char *r = strtok_r(roles, " ,", &save); r; r = strtok_r(NULL, " ,", &save))
		if (store_check_sym(st, rec, POL_SYM_ROLE, r, err) < 0)
			rc = POL_ENOTFOUND;
	free(roles);
	return rc;
}

static int check_user(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err)
{
	int rc = 0;

	if (rec->roles && *rec->roles && check_roles(st, rec, err) < 0)
		rc = POL_ENOTFOUND;
	if (rec->range && *rec->range && store_check_range(st, rec, rec->range, err) < 0)
		rc = POL_EINVAL;
	if (rec->level && *rec->level && store_check_range(st, rec, rec->level, err) < 0)
		rc = POL_EINVAL;
	if (rc == 0 && rec->level && *rec->level && strchr(rec->level, '-'))
		rc =
		    store_rec_err(err, rec, POL_EINVAL, "'%s' is a range, not a level", rec->level);
	return rc;
}

/* Whether the space-separated (or comma-separated) list has role r. */
static bool list_has(const char *list, const char *r)
{
	size_t n = strlen(r);

	for (const char *p = list; (p = strstr(p, r)); p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == ',') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == ','))
			return true;
	return false;
}

/* u's roles replaced by the space-separated list roles as semanage user -m
 * replaces them: the roles no longer listed deleted, the new ones added
 * after those kept, so that users.local is written as semanage writes it. */
static int set_roles(struct pol_store *st, semanage_user_t *u, const char *roles)
{
	const char **old = NULL;
	unsigned int n = 0;
	char *copy, *save = NULL;
	int rc = 0;

	if (semanage_user_get_roles(st->sh, u, &old, &n) < 0)
		return -ENOMEM;
	copy = strdup(roles);
	if (!copy) {
		free(old);
		return -ENOMEM;
	}
	for (unsigned int i = 0; i < n; i++)
		if (!list_has(roles, old[i]))
			semanage_user_del_role(u, old[i]);
	for (char *r = strtok_r(copy, " ,", &save); r && rc == 0; r = strtok_r(NULL, " ,", &save))
		if (!semanage_user_has_role(u, r))
			rc = semanage_user_add_role(st->sh, u, r) < 0 ? -ENOMEM : 0;
	free(copy);
	free(old);
	return rc;
}

static bool str_same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* Whether a and b are the same user (roles in any order). */
static bool same_user(struct pol_store *st, const semanage_user_t *a, const semanage_user_t *b)
{
	const char **ra = NULL;
	unsigned int na = 0;
	bool same = str_same(semanage_user_get_prefix(a), semanage_user_get_prefix(b)) &&
		    str_same(semanage_user_get_mlslevel(a), semanage_user_get_mlslevel(b)) &&
		    str_same(semanage_user_get_mlsrange(a), semanage_user_get_mlsrange(b)) &&
		    semanage_user_get_num_roles(a) == semanage_user_get_num_roles(b);

	if (same && semanage_user_get_roles(st->sh, a, &ra, &na) >= 0) {
		for (unsigned int i = 0; i < na && same; i++)
			same = semanage_user_has_role(b, ra[i]);
		free(ra);
	}
	return same;
}

/* The user rec asks for: a new one (-a), or base changed (-m). As semanage
 * (its options' defaults): an MLS policy's level is s0 and the prefix
 * "user" unless given, with -m too (semanage user -m resets them); the
 * range is s0 for -a, and -m keeps it unless given. */
static int user_build(struct pol_store *st, const struct pol_store_rec *rec,
		      const semanage_user_t *base, semanage_user_t **out)
{
	semanage_user_t *u;
	bool mls = store_mls(st);
	const char *range = rec->range && *rec->range ? rec->range : base ? NULL : "s0";
	const char *level = rec->level && *rec->level ? rec->level : "s0";
	const char *prefix = rec->prefix && *rec->prefix ? rec->prefix : "user";

	if (base ? semanage_user_clone(st->sh, base, &u) < 0 : semanage_user_create(st->sh, &u) < 0)
		return -ENOMEM;
	if ((!base && semanage_user_set_name(st->sh, u, rec->name) < 0) ||
	    (rec->roles && *rec->roles && set_roles(st, u, rec->roles) < 0) ||
	    (mls && range && semanage_user_set_mlsrange(st->sh, u, range) < 0) ||
	    (mls && level && semanage_user_set_mlslevel(st->sh, u, level) < 0) ||
	    (prefix && semanage_user_set_prefix(st->sh, u, prefix) < 0)) {
		semanage_user_free(u);
		return -ENOMEM;
	}
	*out = u;
	return 0;
}

static int user_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		       struct pol_err *err)
{
	semanage_user_key_t *key = NULL;
	semanage_user_t *local = NULL, *policy = NULL, *u = NULL;
	const semanage_user_t *cur;
	char desc[300];
	int rc;

	if (!rec->name || !*rec->name)
		return store_rec_err(err, rec, POL_EINVAL, "no SELinux user name");
	snprintf(desc, sizeof(desc), "SELinux user '%s'", rec->name);
	if (op == POL_STORE_ADD && !(rec->roles && *rec->roles))
		return store_rec_err(err, rec, POL_EINVAL,
				     "no role for SELinux user '%s': -R ROLES is required",
				     rec->name);
	if (op == POL_STORE_MODIFY && !(rec->roles && *rec->roles) &&
	    !(rec->range && *rec->range) && !(rec->level && *rec->level) &&
	    !(rec->prefix && *rec->prefix))
		return store_rec_err(err, rec, POL_EINVAL,
				     "nothing to modify for '%s': give -R, -r, -L or -P",
				     rec->name);
	if (op != POL_STORE_DELETE && (rc = check_user(st, rec, err)) < 0)
		return rc;
	if (semanage_user_key_create(st->sh, rec->name, &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if ((rc = store_db_lookup(st, &user_db, rec, key, (void **)&local, (void **)&policy, err)) <
	    0)
		goto out;
	cur = local ? local : policy;
	if (op == POL_STORE_DELETE) {
		if (!local) {
			rc = store_not_local(rec, policy, desc, err);
			goto out;
		}
	} else {
		if (op == POL_STORE_MODIFY && !cur) {
			rc = store_rec_err(err, rec, POL_EINVAL, "%s is not defined", desc);
			goto out;
		}
		if (user_build(st, rec, op == POL_STORE_MODIFY ? cur : NULL, &u) < 0) {
			rc = store_fail(st, rec, err, "out of memory");
			goto out;
		}
		/* an identical user: no change (-a also when it is the policy's) */
		if (cur && (local || op == POL_STORE_ADD) && same_user(st, cur, u)) {
			rc = 0;
			goto out;
		}
	}
	rc = store_db_write(st, &user_db, rec, key, op == POL_STORE_DELETE ? NULL : u, err);
out:
	semanage_user_free(u);
	semanage_user_free(local);
	semanage_user_free(policy);
	semanage_user_key_free(key);
	return rc;
}

static int user_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		     const void *rec)
{
	const char **roles = NULL;
	unsigned int n = 0;
	struct pol_buf b = POL_BUF_INIT;

	if (semanage_user_get_roles(st->sh, rec, &roles, &n) < 0)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		if (i)
			pol_buf_putc(&b, ' ');
		pol_buf_puts(&b, roles[i]);
	}
	free(roles);
	r->roles = store_list_str(l, pol_buf_str(&b));
	pol_buf_release(&b);
	r->name = store_list_str(l, semanage_user_get_name(rec));
	r->prefix = store_list_str(l, semanage_user_get_prefix(rec));
	r->level = store_list_str(l, semanage_user_get_mlslevel(rec));
	r->range = store_list_str(l, semanage_user_get_mlsrange(rec));
	return r->name && r->roles ? 0 : -ENOMEM;
}

const struct store_kind store_user_kind = {
    .name = "user", .change = user_change, .db = &user_db, .fill = user_fill, .merged = true};
