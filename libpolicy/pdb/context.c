/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Security contexts and MLS ranges given as text, read against a kernel
 * policy: the one place in libpolicy that parses them, with one set of
 * messages (which part is wrong, and what was meant for a misspelt name).
 * sequery's -D reads a range (query/mlsrule.c); sepolc's and serelabel's
 * file_contexts checks and sectl read a context (pol_pdb_check_context(),
 * through pol_kernel_check_context() when the kernel refuses one); seallow
 * reads the contexts of an audit log (pdb_context_from_string()).
 *
 * One parser, two grammars. A range in a query is read as setools reads it,
 * so that sequery -D and sesearch -D accept the same ranges: blanks around
 * the '-' and at the ends of each level ("s0 - s1:c0.c3", as sesearch prints
 * ranges), "c5.c2" meaning {c2, c5}, anything after a second '-' ignored. A
 * range in a context is the kernel's and libsepol's: no blanks, "c2.c5"
 * ascending, two levels at most. What this parser takes there libsepol
 * must take too (the kernel reads a context as libsepol does); this
 * parser's part is to say which piece of a refused range is wrong.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/context.h>
#include <sepol/policydb/ebitmap.h>
#include <sepol/policydb/hashtab.h>

#include "pdb/internal.h"
#include "util/suggest.h"

/* libsepol internals (libsepol/src/mls.h and context.h, not in its public
 * headers), in the static libsepol.a. */
extern int mls_from_string(sepol_handle_t *handle, const policydb_t *policydb, const char *str,
			   context_struct_t *mls);
extern int mls_context_isvalid(const policydb_t *p, const context_struct_t *c);
extern int context_from_string(sepol_handle_t *handle, const policydb_t *policydb,
			       context_struct_t **cptr, const char *con_str, size_t con_str_len);

/* Where a message goes: the input's file and line (NULL and 0 for none),
 * and the range as given, which every range message names. */
struct where {
	const char *file;
	unsigned int line;
	const char *range;
};

static int range_error(const struct where *w, struct pol_err *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int range_error(const struct where *w, struct pol_err *err, const char *fmt, ...)
{
	char why[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, w->file, w->line, 0,
			   "invalid MLS range '%s': %s", w->range, why);
}

static int offer_name(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	(void)datum;
	pol_suggest_offer(arg, key);
	return 0;
}

/* "KIND 'name' is not defined", with the closest name of symtab when one
 * is near: into buf, for a message. */
static const char *not_defined(char *buf, size_t size, const symtab_t *symtab, const char *kind,
			       const char *name)
{
	struct pol_suggest s;
	const char *near[3];
	char phrase[POL_SUGGEST_PHRASE_MAX];

	pol_suggest_init(&s, name);
	hashtab_map(symtab->table, offer_name, &s);
	if (pol_suggest_result(&s, near))
		snprintf(buf, size, "%s '%s' is not defined; %s", kind, name,
			 pol_suggest_phrase(phrase, sizeof(phrase), near, 1));
	else
		snprintf(buf, size, "%s '%s' is not defined", kind, name);
	return buf;
}

static int undefined(const struct where *w, const symtab_t *symtab, const char *kind,
		     const char *name, struct pol_err *err)
{
	char buf[POL_SUGGEST_PHRASE_MAX + 256];

	if (!*name)
		return range_error(w, err, "an empty %s name", kind);
	return range_error(w, err, "%s", not_defined(buf, sizeof(buf), symtab, kind, name));
}

static char *trim(char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* One level "SENS[:CAT,CAT.CAT]" of a range, in place (text is changed). */
static int parse_level(const policydb_t *p, char *text, unsigned int flags, const struct where *w,
		       mls_level_t *level, struct pol_err *err)
{
	char *colon = strchr(text, ':'), *next;
	level_datum_t *sens;

	if (flags & PDB_RANGE_QUERY) {
		/* setools: the sensitivity before the first ':', the categories
		 * before the second */
		if (colon && (next = strchr(colon + 1, ':')))
			*next = '\0';
	}
	if (colon)
		*colon = '\0';
	sens = hashtab_search(p->p_levels.table, text);
	if (!sens)
		return undefined(w, &p->p_levels, "sensitivity", text, err);
	level->sens = sens->level->sens;
	for (char *item = colon ? colon + 1 : NULL; item; item = next) {
		char *dot;
		cat_datum_t *lo, *hi;
		uint32_t from, to;

		next = strchr(item, ',');
		if (next)
			*next++ = '\0';
		dot = strchr(item, '.');
		if (dot)
			*dot++ = '\0';
		if (dot && strchr(dot, '.'))
			return range_error(w, err, "'%s.%s' is not a category or a category range",
					   item, dot);
		lo = hashtab_search(p->p_cats.table, item);
		if (!lo)
			return undefined(w, &p->p_cats, "category", item, err);
		hi = dot ? hashtab_search(p->p_cats.table, dot) : lo;
		if (!hi)
			return undefined(w, &p->p_cats, "category", dot, err);
		from = lo->s.value;
		to = hi->s.value;
		if (dot && from >= to && !(flags & PDB_RANGE_QUERY))
			return range_error(w, err,
					   "'%s.%s' is not a category range: '%s' does not come "
					   "before '%s'",
					   item, dot, item, dot);
		if (from > to) {
			/* setools: "c5.c2" is {c2, c5} */
			if (ebitmap_set_bit(&level->cat, to - 1, 1))
				return pol_err_set(err, -ENOMEM, "out of memory");
			to = from;
		}
		for (uint32_t v = from; v <= to; v++)
			if (ebitmap_set_bit(&level->cat, v - 1, 1))
				return pol_err_set(err, -ENOMEM, "out of memory");
	}
	/* each category must be one the sensitivity's level statement allows */
	for (uint32_t v = 1; v <= p->p_cats.nprim; v++)
		if (ebitmap_get_bit(&level->cat, v - 1) &&
		    !ebitmap_get_bit(&sens->level->cat, v - 1))
			return range_error(
			    w, err, "category '%s' is not associated with sensitivity '%s'",
			    p->p_cat_val_to_name[v - 1], p->p_sens_val_to_name[level->sens - 1]);
	return 0;
}

static int parse_range(const struct pol_pdb *pdb, const char *text, unsigned int flags,
		       const struct where *w, mls_range_t *range, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	char *copy = strdup(text), *low, *high = NULL, *dash;
	int rc;

	if (!copy)
		return pol_err_set(err, -ENOMEM, "out of memory");
	low = copy;
	if (!(flags & PDB_RANGE_QUERY) && strpbrk(text, " \t")) {
		rc = range_error(w, err, "a context's range has no blanks");
		goto out;
	}
	dash = strchr(copy, '-');
	if (dash) {
		*dash = '\0';
		high = dash + 1;
		dash = strchr(high, '-');
		if (dash && !(flags & PDB_RANGE_QUERY)) {
			rc = range_error(w, err, "more than two levels");
			goto out;
		}
		if (dash) /* setools reads two levels, whatever follows */
			*dash = '\0';
	}
	if (flags & PDB_RANGE_QUERY) {
		low = trim(low);
		high = high ? trim(high) : NULL;
	}
	rc = parse_level(p, low, flags, w, &range->level[0], err);
	if (rc == 0 && high)
		rc = parse_level(p, high, flags, w, &range->level[1], err);
	else if (rc == 0 && mls_level_cpy(&range->level[1], &range->level[0]))
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc == 0 && !mls_level_dom(&range->level[1], &range->level[0]))
		rc = range_error(w, err, "the high level does not dominate the low level");
out:
	free(copy);
	return rc;
}

int pdb_parse_range(const struct pol_pdb *pdb, const char *text, unsigned int flags,
		    mls_range_t *range, struct pol_err *err)
{
	const struct where w = {.range = text};
	int rc;

	mls_range_init(range);
	rc = parse_range(pdb, text, flags, &w, range, err);
	if (rc)
		mls_range_destroy(range);
	return rc;
}

/* libsepol says -1 for a context it refuses and for memory running out
 * alike; malloc() and strdup() leave errno ENOMEM for the second (issue
 * 22: out of memory was "context not valid in the policy"). */
static int sepol_failure(void)
{
	return errno == ENOMEM ? -ENOMEM : POL_EINVAL;
}

int pdb_context_from_string(const struct pol_pdb *pdb, const char *text, context_struct_t **out)
{
	*out = NULL;
	errno = 0;
	if (context_from_string(NULL, pdb_db(pdb), out, text, strlen(text) + 1) < 0)
		return sepol_failure();
	return 0;
}

/* Find name in symtab or report it as undefined, with the closest name. */
static void *context_name(const symtab_t *symtab, const char *kind, const char *name,
			  const char *file, unsigned int line, struct pol_err *err)
{
	void *datum = hashtab_search(symtab->table, (hashtab_key_t)name);
	char buf[POL_SUGGEST_PHRASE_MAX + 256];

	if (!datum)
		pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0, "%s",
			    not_defined(buf, sizeof(buf), symtab, kind, name));
	return datum;
}

/* The range of c (user, role and type set): this parser's, then libsepol's
 * verdict (mls_from_string() alone ignores what follows a valid range, as
 * in "s0 - s1"; its caller, context_from_string(), refuses it), then the
 * user's range. */
static int check_range(const policydb_t *p, const struct pol_pdb *pdb, context_struct_t *c,
		       const char *range, const char *user, const struct where *w,
		       struct pol_err *err)
{
	struct pdb_sepol *sh;
	mls_range_t parsed;
	uint32_t role;
	int rc;

	mls_range_init(&parsed);
	rc = parse_range(pdb, range, 0, w, &parsed, err);
	mls_range_destroy(&parsed);
	if (rc)
		return rc == -ENOMEM ? rc : POL_EINVAL;
	/* libsepol's reason would go to its stderr: dropped */
	sh = pdb_sepol_new(NULL, NULL);
	if (!sh)
		return pol_err_set(err, -ENOMEM, "out of memory");
	errno = 0;
	rc = mls_from_string(pdb_sepol_handle(sh), p, range, c);
	if (rc < 0)
		rc = sepol_failure();
	pdb_sepol_free(sh);
	if (rc == -ENOMEM)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (rc < 0)
		return range_error(w, err, "libsepol cannot read it");
	if (mls_context_isvalid(p, c))
		return 0;
	/* the same test for object_r, which no user range limits, tells a
	 * range outside the user's from one libsepol finds invalid */
	role = c->role;
	c->role = OBJECT_R_VAL;
	rc = mls_context_isvalid(p, c);
	c->role = role;
	if (rc)
		return pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, w->file, w->line, 0,
				   "MLS range '%s' is outside user '%s''s range", range, user);
	return range_error(w, err, "not a valid range of this policy");
}

/* The MLS part of context (user, role and type in c): a range exactly
 * when the policy is MLS, and a valid one. */
static int check_mls_part(const struct pol_pdb *pdb, context_struct_t *c, const char *context,
			  const char *range, const char *user, const char *file, unsigned int line,
			  struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);

	if (!p->mls && range)
		return pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
				   "context '%s' has an MLS range, and the policy is not MLS",
				   context);
	if (p->mls && !range)
		return pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, line, 0,
				   "context '%s' has no MLS range, and the policy is MLS", context);
	if (!range)
		return 0;
	return check_range(p, pdb, c, range, user, &(struct where){file, line, range}, err);
}

int pol_pdb_check_context(const struct pol_pdb *pdb, const char *context, const char *file,
			  unsigned int line, struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
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
	ud = context_name(&p->p_users, "user", user, file, line, err);
	rd = context_name(&p->p_roles, "role", role, file, line, err);
	td = context_name(&p->p_types, "type", type, file, line, err);
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
	context_init(&c);
	c.user = ud->s.value;
	c.role = rd->s.value;
	c.type = td->s.value;
	rc = check_mls_part(pdb, &c, context, range, user, file, line, err);
	context_destroy(&c);
out:
	free(copy);
	return rc;
}

int pol_pdb_check_range(const struct pol_pdb *pdb, const char *context, const char *user,
			const char *role, const char *range, const char *file, unsigned int line,
			struct pol_err *err)
{
	const policydb_t *p = pdb_db(pdb);
	user_datum_t *ud = hashtab_search(p->p_users.table, (hashtab_key_t)user);
	role_datum_t *rd = hashtab_search(p->p_roles.table, (hashtab_key_t)role);
	context_struct_t c;
	int rc;

	context_init(&c);
	/* libsepol holds a range to the user's only for a role other than
	 * object_r: with a user or role this policy does not have, the
	 * range alone */
	c.user = ud ? ud->s.value : 0;
	c.role = ud && rd ? rd->s.value : OBJECT_R_VAL;
	c.type = 1;
	rc = check_mls_part(pdb, &c, context, range, user, file, line, err);
	context_destroy(&c);
	return rc;
}
