/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage fcontext: local file-context specifications. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/regex.h"

#include "store/internal.h"

STORE_DB(fcontext);

/* semanage -f's letters, in libsemanage's SEMANAGE_FCONTEXT_* order */
static const char ftype_letters[] = "afdcbslp";

static int ftype_of(const struct pol_store_rec *rec)
{
	const char *p = strchr(ftype_letters, rec->ftype ? rec->ftype : 'a');

	return p && *p ? (int)(p - ftype_letters) : -1;
}

/* The checks semanage makes (seobject validate()), and the regex compiled
 * as libselinux will compile it. */
static int check_spec(const struct pol_store_rec *rec, struct pol_err *err)
{
	struct pol_regex *re;
	int rc;

	if (!rec->name || !*rec->name || strchr(rec->name, '\n'))
		return store_rec_err(err, rec, POL_EINVAL, "invalid file specification");
	if (strchr(rec->name, ' ') || strchr(rec->name, '\t'))
		return store_rec_err(err, rec, POL_EINVAL,
				     "file specification '%s' contains a space", rec->name);
	if (ftype_of(rec) < 0)
		return store_rec_err(err, rec, POL_EINVAL,
				     "invalid file type '%c': use one of a f d c b s l p",
				     rec->ftype);
	rc = pol_regex_compile(rec->name, &re, err);
	if (rc < 0) {
		if (rec->file && err && err->count) {
			struct pol_diag *d = &err->diags[err->count - 1];

			d->line = rec->line;
			d->col = rec->col;
		}
		return rc;
	}
	pol_regex_free(re);
	return 0;
}

/* The whole context as setfiles -c checks it (user authorized for
 * object_r's types, the range within the user's), the commit skipping
 * setfiles -c: pol_store_commit(). */
static int check_whole(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err)
{
	const struct pol_pdb *pdb;
	char *con;
	int rc = pol_store_policy(st, &pdb, err);

	if (rc < 0)
		return rc;
	if (asprintf(&con, "%s:object_r:%s%s%s",
		     rec->seuser && *rec->seuser ? rec->seuser : "system_u", rec->type,
		     store_mls(st) ? ":" : "",
		     store_mls(st) ? (rec->range && *rec->range ? rec->range : "s0") : "") < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = pol_pdb_check_context(pdb, con, rec->file, rec->line, err);
	free(con);
	return rc;
}

static int check_context(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err)
{
	int rc = 0;

	if (rec->type && strcmp(rec->type, "<<none>>") != 0 &&
	    store_check_type(st, rec, rec->type, "file_type", "device_node", err) < 0)
		rc = POL_ENOTFOUND;
	if (rec->seuser && *rec->seuser &&
	    store_check_sym(st, rec, POL_SYM_USER, rec->seuser, err) < 0)
		rc = POL_ENOTFOUND;
	if (rec->range && *rec->range && store_check_range(st, rec, rec->range, err) < 0)
		rc = POL_EINVAL;
	if (rc == 0 && rec->type && *rec->type && strcmp(rec->type, "<<none>>") != 0)
		rc = check_whole(st, rec, err);
	return rc;
}

/* Whether fc already says what rec asks. */
static bool holds(struct pol_store *st, const semanage_fcontext_t *fc,
		  const struct pol_store_rec *rec)
{
	const semanage_context_t *c = semanage_fcontext_get_con(fc);

	if (strcmp(rec->type, "<<none>>") == 0)
		return !c;
	return store_context_is(
	    st->sh, c, rec->seuser && *rec->seuser ? rec->seuser : "system_u", "object_r",
	    rec->type, store_mls(st) ? (rec->range && *rec->range ? rec->range : "s0") : NULL);
}

/* The record rec asks for, its context as semanage builds it; from base's
 * context for -m. */
static int fcontext_build(struct pol_store *st, const struct pol_store_rec *rec,
			  const semanage_fcontext_t *base, semanage_fcontext_t **out)
{
	semanage_fcontext_t *fc;
	semanage_context_t *c = NULL;
	int rc = -ENOMEM;

	if (base) {
		if (semanage_fcontext_clone(st->sh, base, &fc) < 0)
			return -ENOMEM;
	} else {
		if (semanage_fcontext_create(st->sh, &fc) < 0)
			return -ENOMEM;
		if (semanage_fcontext_set_expr(st->sh, fc, rec->name) < 0)
			goto out;
		semanage_fcontext_set_type(fc, ftype_of(rec));
	}
	if (rec->type && strcmp(rec->type, "<<none>>") == 0) {
		if (semanage_fcontext_set_con(st->sh, fc, NULL) < 0)
			goto out;
	} else if (!base) {
		if (store_context(st, rec->seuser, "object_r", rec->type, rec->range, &c) < 0 ||
		    semanage_fcontext_set_con(st->sh, fc, c) < 0)
			goto out;
	} else {
		const semanage_context_t *old = semanage_fcontext_get_con(fc);

		if (old) {
			if (semanage_context_clone(st->sh, old, &c) < 0)
				goto out;
		} else if (store_context(st, NULL, "object_r", rec->type, NULL, &c) < 0) {
			goto out;
		}
		if ((rec->range && *rec->range && store_mls(st) &&
		     semanage_context_set_mls(st->sh, c, rec->range) < 0) ||
		    (rec->seuser && *rec->seuser &&
		     semanage_context_set_user(st->sh, c, rec->seuser) < 0) ||
		    (rec->type && *rec->type &&
		     semanage_context_set_type(st->sh, c, rec->type) < 0) ||
		    semanage_fcontext_set_con(st->sh, fc, c) < 0)
			goto out;
	}
	rc = 0;
	*out = fc;
	fc = NULL;
out:
	semanage_context_free(c);
	semanage_fcontext_free(fc);
	return rc;
}

static bool same_record(const semanage_fcontext_t *a, const semanage_fcontext_t *b)
{
	const semanage_context_t *ca = semanage_fcontext_get_con(a);
	const semanage_context_t *cb = semanage_fcontext_get_con(b);

	if (!ca || !cb)
		return !ca && !cb;
	return store_context_is(NULL, ca, semanage_context_get_user(cb),
				semanage_context_get_role(cb), semanage_context_get_type(cb),
				semanage_context_get_mls(cb));
}

static int fc_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		     struct pol_err *err)
{
	semanage_fcontext_key_t *key = NULL;
	semanage_fcontext_t *local = NULL, *policy = NULL, *fc = NULL;
	int rc;

	rc = check_spec(rec, err);
	if (rc < 0)
		return rc;
	if (op == POL_STORE_ADD && (!rec->type || !*rec->type))
		return store_rec_err(err, rec, POL_EINVAL,
				     "no type for '%s': -t TYPE (or -t '<<none>>') is required",
				     rec->name);
	if (op == POL_STORE_MODIFY && !(rec->type && *rec->type) &&
	    !(rec->seuser && *rec->seuser) && !(rec->range && *rec->range))
		return store_rec_err(err, rec, POL_EINVAL,
				     "nothing to modify for '%s': give -t, -s or -r", rec->name);
	if (op != POL_STORE_DELETE && (rc = check_context(st, rec, err)) < 0)
		return rc;
	if (semanage_fcontext_key_create(st->sh, rec->name, ftype_of(rec), &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if ((rc = store_db_lookup(st, &fcontext_db, rec, key, (void **)&local, (void **)&policy,
				  err)) < 0)
		goto out;
	switch (op) {
	case POL_STORE_ADD:
		/* an identical record is no change; another one is replaced,
		 * as semanage 3.7 does */
		if ((local && holds(st, local, rec)) ||
		    (!local && policy && holds(st, policy, rec))) {
			rc = 0;
			goto out;
		}
		rc = fcontext_build(st, rec, NULL, &fc);
		break;
	case POL_STORE_MODIFY:
		if (!local && !policy) {
			rc = store_rec_err(err, rec, POL_EINVAL,
					   "file context for '%s' is not defined", rec->name);
			goto out;
		}
		rc = fcontext_build(st, rec, local ? local : policy, &fc);
		if (rc == 0 && local && same_record(local, fc)) {
			rc = 0;
			goto out;
		}
		break;
	case POL_STORE_DELETE:
		if (!local) {
			char *desc = NULL;

			rc = asprintf(&desc, "file context for '%s'", rec->name) < 0
				 ? store_fail(st, rec, err, "out of memory")
				 : store_not_local(rec, policy, desc, err);
			free(desc);
			goto out;
		}
		break;
	}
	if (rc < 0) {
		rc = store_fail(st, rec, err, "out of memory");
		goto out;
	}
	rc = store_db_write(st, &fcontext_db, rec, key, op == POL_STORE_DELETE ? NULL : fc, err);
out:
	semanage_fcontext_free(fc);
	semanage_fcontext_free(local);
	semanage_fcontext_free(policy);
	semanage_fcontext_key_free(key);
	return rc;
}

static int fc_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		   const void *rec)
{
	int t = semanage_fcontext_get_type(rec);

	(void)st;
	r->name = store_list_str(l, semanage_fcontext_get_expr(rec));
	r->ftype = t >= 0 && t < 8 ? ftype_letters[t] : 'a';
	store_list_context(l, r, semanage_fcontext_get_con(rec));
	return r->name ? 0 : -ENOMEM;
}

/* the policy's home-directory specs (file_contexts.homedirs) after its own */
static int fc_homedirs(struct pol_store *st, struct pol_store_list *out, struct pol_err *err)
{
	semanage_fcontext_t **recs;
	unsigned int n;
	int rc = 0;

	if (semanage_fcontext_list_homedirs(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the home-directory file contexts");
	for (unsigned int i = 0; i < n; i++) {
		struct pol_store_rec *r = rc ? NULL : store_list_add(out, POL_STORE_FCONTEXT);

		if (!r || fc_fill(st, out, r, recs[i]) < 0)
			rc = pol_err_set(err, -ENOMEM, "out of memory");
		semanage_fcontext_free(recs[i]);
	}
	free(recs);
	return rc;
}

const struct store_kind store_fcontext_kind = {.name = "fcontext",
					       .change = fc_change,
					       .db = &fcontext_db,
					       .fill = fc_fill,
					       .checked = true,
					       .list_more = fc_homedirs};
