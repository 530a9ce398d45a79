/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * semanage permissive: a permissive domain is a CIL module of its own,
 * permissive_TYPE holding (typepermissive TYPE), installed at the default
 * priority (400) as semanage installs it; the policy's own permissive types
 * are listed as the policy's records.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include "store/apply.h"

#include "store/internal.h"

#define PREFIX "permissive_"

/* The domain an enabled module permissive_TYPE makes permissive, or NULL. */
static const char *domain_of(const struct pol_store_module *m)
{
	return m->enabled && !strncmp(m->name, PREFIX, strlen(PREFIX)) ? m->name + strlen(PREFIX)
								       : NULL;
}

static bool builtin(struct pol_store *st, const char *name)
{
	const struct pol_pdb *pdb;
	uint32_t v;

	if (pol_store_policy(st, &pdb, NULL) < 0)
		return false;
	v = pdb_type_value(pdb, name);
	return v && ebitmap_get_bit(&pdb_db(pdb)->permissive_map, v);
}

/* The local permissive domains (sorted, once each). */
static int locals(struct pol_store *st, struct pol_store_list *out, struct pol_err *err)
{
	struct pol_store_module *m;
	size_t n;
	int rc = 0;

	if (pol_store_module_list(st, &m, &n, err) < 0)
		return -EIO;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct pol_store_rec *r;

		if (!domain_of(&m[i]) || (i && !strcmp(m[i].name, m[i - 1].name)))
			continue;
		r = store_list_add(out, POL_STORE_PERMISSIVE);
		if (!r || !(r->name = store_list_str(out, domain_of(&m[i]))))
			rc = pol_err_set(err, -ENOMEM, "out of memory");
		else
			r->local = true;
	}
	pol_store_modules_free(m, n);
	return rc;
}

/* Whether the domain name is made permissive by a local module: 1, 0, or < 0. */
static int installed(struct pol_store *st, const char *name, struct pol_err *err)
{
	struct pol_store_list loc = {0};
	int rc = locals(st, &loc, err);

	for (size_t i = 0; i < loc.n && rc == 0; i++)
		rc = !strcmp(loc.recs[i].name, name);
	pol_store_list_release(&loc);
	return rc;
}

static int perm_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		       struct pol_err *err)
{
	char *mod = NULL, *cil = NULL;
	int rc, have;

	if (!rec->name || !*rec->name || strpbrk(rec->name, " ()\t\n/"))
		return store_rec_err(err, rec, POL_EINVAL, "invalid domain name '%s'",
				     rec->name ? rec->name : "");
	if (op != POL_STORE_DELETE &&
	    (rc = store_check_type(st, rec, rec->name, NULL, NULL, err)) < 0)
		return rc;
	if ((have = installed(st, rec->name, err)) < 0)
		return store_fail(st, rec, err, "cannot list the modules of store '%s'", st->name);
	if (op != POL_STORE_DELETE && have)
		return 0;
	if (op == POL_STORE_DELETE && !have) {
		char desc[300];

		snprintf(desc, sizeof(desc), "permissive domain '%s'", rec->name);
		return store_not_local(rec, builtin(st, rec->name), desc, err);
	}
	if (st->flags & POL_STORE_CHECK)
		return 1;
	if ((rc = store_tx(st, err)) < 0)
		return rc;
	if (asprintf(&mod, PREFIX "%s", rec->name) < 0 ||
	    asprintf(&cil, "(typepermissive %s)", rec->name) < 0) {
		free(mod);
		return store_fail(st, rec, err, "out of memory");
	}
	rc = op == POL_STORE_DELETE ? semanage_module_remove(st->sh, mod)
				    : semanage_module_install(st->sh, cil, strlen(cil), mod, "cil");
	free(mod);
	free(cil);
	if (rc < 0)
		return store_fail(st, rec, err, "cannot %s permissive domain '%s'",
				  op == POL_STORE_DELETE ? "remove" : "install", rec->name);
	return 1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct pol_store_rec *)a)->name,
		      ((const struct pol_store_rec *)b)->name);
}

static int perm_listing(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
			struct pol_err *err)
{
	struct pol_store_list loc = {0};
	const struct pol_pdb *pdb;
	int rc = locals(st, &loc, err);

	if (rc == 0 && !(flags & POL_STORE_LOCAL_ONLY) &&
	    (rc = pol_store_policy(st, &pdb, err)) == 0) {
		const policydb_t *db = pdb_db(pdb);

		for (uint32_t v = 1; v <= db->p_types.nprim && rc == 0; v++) {
			const char *name = db->p_type_val_to_name[v - 1];
			bool local = false;
			struct pol_store_rec *r;

			if (!name || pdb_is_attr(pdb, v) ||
			    !ebitmap_get_bit(&db->permissive_map, v))
				continue;
			for (size_t i = 0; i < loc.n && !local; i++)
				local = !strcmp(loc.recs[i].name, name);
			if (local)
				continue;
			r = store_list_add(out, POL_STORE_PERMISSIVE);
			if (!r || !(r->name = store_list_str(out, name)))
				rc = pol_err_set(err, -ENOMEM, "out of memory");
		}
		if (out->n)
			qsort(out->recs, out->n, sizeof(out->recs[0]), by_name);
	}
	for (size_t i = 0; i < loc.n && rc == 0; i++) {
		struct pol_store_rec *r = store_list_add(out, POL_STORE_PERMISSIVE);

		if (!r || !(r->name = store_list_str(out, loc.recs[i].name)))
			rc = pol_err_set(err, -ENOMEM, "out of memory");
		else
			r->local = true;
	}
	pol_store_list_release(&loc);
	return rc;
}

static int perm_delete_all(struct pol_store *st, struct pol_err *err)
{
	struct pol_store_list loc = {0};
	int rc = locals(st, &loc, err);

	for (size_t i = 0; i < loc.n && rc >= 0; i++)
		rc = perm_change(st, POL_STORE_DELETE, &loc.recs[i], err);
	rc = rc < 0 ? rc : (int)loc.n;
	pol_store_list_release(&loc);
	return rc;
}

const struct store_kind store_permissive_kind = {.name = "permissive",
						 .change = perm_change,
						 .list = perm_listing,
						 .delete_all = perm_delete_all};
