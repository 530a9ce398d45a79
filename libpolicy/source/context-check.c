/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A security context checked against a kernel policy, as setfiles -c and
 * sefcontext_compile check file_contexts: every name defined, the role
 * authorized for the type and the user for the role, the MLS range valid and
 * within the user's. libsepol's context_from_string() answers only "invalid
 * context"; this says which part is wrong, with a did-you-mean for names.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/debug.h>
#include <sepol/handle.h>
#include <sepol/policydb/context.h>
#include <sepol/policydb/ebitmap.h>
#include <sepol/policydb/hashtab.h>
#include <sepol/policydb/policydb.h>

#include "internal.h"
#include "source.h"
#include "util/suggest.h"

/* libsepol internals (libsepol/src/mls.h), in the static libsepol.a. */
extern int mls_from_string(sepol_handle_t *handle, const policydb_t *policydb, const char *str,
			   context_struct_t *mls);
extern int mls_context_isvalid(const policydb_t *p, const context_struct_t *c);

struct lookup {
	struct pol_suggest suggest;
	const symtab_t *symtab;
};

static int offer_context_name(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct lookup *l = arg;

	(void)datum;
	pol_suggest_offer(&l->suggest, key);
	return 0;
}

/* Find name in symtab or report it as undefined, with the closest names. */
static void *lookup(const policydb_t *p, const symtab_t *symtab, const char *kind, const char *name,
		    const char *file, unsigned int line, struct pol_err *err)
{
	void *datum = hashtab_search(symtab->table, (hashtab_key_t)name);
	struct lookup l = {.symtab = symtab};
	const char *near[3];
	char phrase[POL_SUGGEST_PHRASE_MAX];
	size_t n;

	(void)p;
	if (datum)
		return datum;
	pol_suggest_init(&l.suggest, name);
	hashtab_map(symtab->table, offer_context_name, &l);
	n = pol_suggest_result(&l.suggest, near);
	if (n)
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "%s '%s' is not defined; %s", kind, name,
			    pol_suggest_phrase(phrase, sizeof(phrase), near, 1));
	else
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0, "%s '%s' is not defined",
			    kind, name);
	return NULL;
}

static int check_range(const policydb_t *p, context_struct_t *c, const char *range,
		       const char *user, const char *file, unsigned int line, struct pol_err *err)
{
	/* the reason goes into err below, not to libsepol's stderr */
	struct pdb_sepol *sh = pdb_sepol_new(NULL, NULL);
	int rc;

	if (!sh)
		return -ENOMEM;
	rc = mls_from_string(pdb_sepol_handle(sh), p, range, c);
	pdb_sepol_free(sh);
	if (rc < 0) {
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "invalid MLS range '%s': an undefined sensitivity or category, or "
			    "malformed",
			    range);
		return POL_EINVAL;
	}
	if (mls_context_isvalid(p, c))
		return 0;
	/* the same test for object_r, which no user range limits, tells
	 * a bad range from one outside the user's */
	uint32_t role = c->role;

	c->role = OBJECT_R_VAL;
	rc = mls_context_isvalid(p, c);
	c->role = role;
	if (rc)
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "MLS range '%s' is outside user '%s''s range", range, user);
	else
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "invalid MLS range '%s': the high level must dominate the low and "
			    "each category belong to its sensitivity",
			    range);
	return POL_EINVAL;
}

int pol_kpolicy_check_context(const struct pol_pdb *kp, const char *context, const char *file,
			      unsigned int line, struct pol_err *err)
{
	const policydb_t *p = &kp->p;
	char *copy = strdup(context), *user, *role, *type, *range;
	user_datum_t *ud;
	role_datum_t *rd;
	type_datum_t *td;
	context_struct_t c;
	int rc = POL_EINVAL;

	if (!copy)
		return -ENOMEM;
	user = copy;
	role = strchr(user, ':');
	type = role ? strchr(role + 1, ':') : NULL;
	range = type ? strchr(type + 1, ':') : NULL;
	if (!type) {
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "invalid context '%s': expected USER:ROLE:TYPE%s", context,
			    p->mls ? ":RANGE" : "");
		goto out;
	}
	*role++ = '\0';
	*type++ = '\0';
	if (range)
		*range++ = '\0';
	ud = lookup(p, &p->p_users, "user", user, file, line, err);
	rd = lookup(p, &p->p_roles, "role", role, file, line, err);
	td = lookup(p, &p->p_types, "type", type, file, line, err);
	if (!ud || !rd || !td)
		goto out;
	if (td->flavor == TYPE_ATTRIB) {
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "'%s' is an attribute, and a context needs a type", type);
		goto out;
	}
	if (rd->s.value != OBJECT_R_VAL) {
		/* a kernel policy's sets are expanded: types.types and
		 * roles.roles hold every member */
		if (!ebitmap_get_bit(&rd->types.types, td->s.value - 1)) {
			pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
				    "role '%s' is not authorized for type '%s'", role, type);
			goto out;
		}
		if (!ebitmap_get_bit(&ud->roles.roles, rd->s.value - 1)) {
			pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
				    "user '%s' is not authorized for role '%s'", user, role);
			goto out;
		}
	}
	if (!p->mls && range) {
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "context '%s' has an MLS range, and the policy is not MLS", context);
		goto out;
	}
	if (p->mls && !range) {
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
			    "context '%s' has no MLS range, and the policy is MLS", context);
		goto out;
	}
	if (!range) {
		rc = 0;
		goto out;
	}
	context_init(&c);
	c.user = ud->s.value;
	c.role = rd->s.value;
	c.type = td->s.value;
	rc = check_range(p, &c, range, user, file, line, err);
	context_destroy(&c);
out:
	free(copy);
	return rc;
}
