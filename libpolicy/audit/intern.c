// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a log names, interned once per distinct name: each context string
 * with its SID in the policy's SID table, its fields and its type's value;
 * each list of a class and permission names with libsepol's values.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "audit/explain-internal.h"
#include "util/context.h"
#include "util/hash.h"

/* A class and permission names of the log: the names are the key, each
 * with its NUL; libsepol's values for them. */
#define ACCESS_KEY_MAX 512
struct access_names {
	struct pol_hash_entry entry;
	uint32_t cls, av;
	enum pol_audit_bad bad;
	size_t len;
	char names[];
};

/* user:role:type[:level] split once per distinct context string */
static void split_context(struct pol_audit_ctx *c)
{
	struct pol_context_parts p;

	pol_context_split(c->str, &p);
	c->user_len = p.user_len;
	c->role = p.role;
	c->role_len = p.role_len;
	c->type = p.type;
	c->type_len = p.type_len;
	c->level = p.range;
}

const struct pol_audit_ctx *audit_context(struct pol_audit_policy *pol, const char *str)
{
	size_t len = strlen(str);
	uint32_t h = pol_hash_bytes(str, len);
	struct pol_audit_ctx *c;
	uint32_t sid;
	int rc;

	for (struct pol_hash_entry *e = pol_hash_chain(&pol->ctx, h); e; e = e->next) {
		c = pol_hash_item(e, struct pol_audit_ctx, entry);
		if (e->hash == h && c->len == len && memcmp(c->str, str, len) == 0)
			return c;
	}
	c = calloc(1, sizeof(*c) + len + 1);
	if (!c)
		return NULL;
	memcpy(c->str, str, len + 1);
	c->len = len;
	c->id = pol->ctx.n + 1;
	split_context(c);
	/* one SID per distinct string: libsepol's own context_to_sid() looks
	 * for an equal context linearly, quadratic on a log's thousands */
	rc = pdb_decider_new_sid(&pol->dec, str, &sid);
	if (rc == -ENOMEM) {
		free(c);
		return NULL;
	}
	if (rc == 0) {
		c->valid = true;
		c->sid = sid;
		c->c = pdb_decider_context(&pol->dec, sid);
		/* the type name is the context's; its value for the TE tables */
		{
			char tmp[256];
			size_t n = c->type_len < sizeof(tmp) - 1 ? c->type_len : sizeof(tmp) - 1;

			memcpy(tmp, c->type, n);
			tmp[n] = '\0';
			c->type_value = pdb_type_value(pol->pdb, tmp);
		}
	}
	pol_hash_add(&pol->ctx, &c->entry, h);
	return c;
}

/* libsepol's values of a class and permission names in pol's policy; *cls
 * and *av written as far as the names are found. */
static enum pol_audit_bad access_values(struct pol_audit_policy *pol, const char *tclass,
					const char *const *perms, size_t nperms, uint32_t *cls,
					uint32_t *av)
{
	sepol_security_class_t c;

	pdb_decider_enter(&pol->dec);
	if (sepol_string_to_security_class(tclass, &c) < 0)
		return POL_AUDIT_BAD_CLASS;
	*cls = c;
	*av = 0;
	for (size_t i = 0; i < nperms; i++) {
		sepol_access_vector_t v;

		if (sepol_string_to_av_perm(c, perms[i], &v) < 0)
			return POL_AUDIT_BAD_PERM;
		*av |= v;
	}
	return POL_AUDIT_OK;
}

/* The names joined in key, each with its NUL; their length, or 0 when they
 * do not fit. */
static size_t access_key(char *key, const char *tclass, const char *const *perms, size_t nperms)
{
	size_t n = 0;

	for (size_t i = 0; i <= nperms; i++) {
		const char *name = i ? perms[i - 1] : tclass;
		size_t len = strlen(name) + 1;

		if (len > ACCESS_KEY_MAX - n)
			return 0;
		memcpy(key + n, name, len);
		n += len;
	}
	return n;
}

/* access_values(), kept per list of names: a log names the same few
 * hundred (class, permissions) again and again, and libsepol's lookups hash
 * and compare each name. */
static enum pol_audit_bad class_perms(struct pol_audit_policy *pol, const char *tclass,
				      const char *const *perms, size_t nperms, uint32_t *cls,
				      uint32_t *av)
{
	char key[ACCESS_KEY_MAX];
	size_t n = access_key(key, tclass, perms, nperms);
	struct access_names *a = NULL;
	uint32_t h;

	if (!n)
		return access_values(pol, tclass, perms, nperms, cls, av);
	h = pol_hash_bytes(key, n);
	for (struct pol_hash_entry *e = pol_hash_chain(&pol->access, h); e; e = e->next) {
		struct access_names *x = pol_hash_item(e, struct access_names, entry);

		if (e->hash == h && x->len == n && memcmp(x->names, key, n) == 0) {
			a = x;
			break;
		}
	}
	if (!a) {
		a = malloc(sizeof(*a) + n);
		if (!a)
			return access_values(pol, tclass, perms, nperms, cls, av);
		*a = (struct access_names){.len = n};
		a->bad = access_values(pol, tclass, perms, nperms, &a->cls, &a->av);
		memcpy(a->names, key, n);
		pol_hash_add(&pol->access, &a->entry, h);
	}
	if (a->bad != POL_AUDIT_BAD_CLASS) {
		*cls = a->cls;
		*av = a->av;
	}
	return a->bad;
}

enum pol_audit_bad audit_question(struct pol_audit_policy *pol, const char *scontext,
				  const char *tcontext, const char *tclass,
				  const char *const *perms, size_t nperms,
				  const struct pol_audit_ctx **sc, const struct pol_audit_ctx **tc,
				  uint32_t *cls, uint32_t *av)
{
	/* audit_context() is NULL only when memory ran out */
	*sc = audit_context(pol, scontext);
	if (!*sc)
		return POL_AUDIT_BAD_NOMEM;
	if (!(*sc)->valid)
		return POL_AUDIT_BAD_SCONTEXT;
	*tc = audit_context(pol, tcontext);
	if (!*tc)
		return POL_AUDIT_BAD_NOMEM;
	if (!(*tc)->valid)
		return POL_AUDIT_BAD_TCONTEXT;
	/* a rule of no permission ("allow a b:file { };") is no rule */
	if (!nperms)
		return POL_AUDIT_BAD_NO_PERM;
	return class_perms(pol, tclass, perms, nperms, cls, av);
}

/* The type of a context the policy does not know, or the context itself
 * when its type is known (its user, role or level is not). */
static void context_name(struct pol_audit_policy *pol, const char *ctx,
			 void (*fn)(const char *name, void *data), void *data)
{
	struct pol_context_parts p;
	char type[256];

	if (!ctx)
		return;
	if (pol_context_split(ctx, &p) >= 3 && p.type_len && p.type_len < sizeof(type)) {
		memcpy(type, p.type, p.type_len);
		type[p.type_len] = '\0';
		if (!pdb_type_value(pol->pdb, type)) {
			fn(type, data);
			return;
		}
	}
	fn(ctx, data);
}

size_t pol_audit_bad_names(struct pol_audit_policy *pol, enum pol_audit_bad bad,
			   const struct pol_audit_avc *a, void (*fn)(const char *name, void *data),
			   void *data)
{
	sepol_security_class_t c;
	size_t n = 0;

	switch (bad) {
	case POL_AUDIT_BAD_SCONTEXT:
	case POL_AUDIT_BAD_TCONTEXT:
		pdb_decider_enter(&pol->dec);
		context_name(pol, bad == POL_AUDIT_BAD_SCONTEXT ? a->scontext : a->tcontext, fn,
			     data);
		return 1;
	case POL_AUDIT_BAD_CLASS:
		if (a->tclass)
			fn(a->tclass, data);
		return a->tclass != NULL;
	case POL_AUDIT_BAD_PERM:
		pdb_decider_enter(&pol->dec);
		if (!a->tclass || sepol_string_to_security_class(a->tclass, &c) < 0)
			return 0;
		for (size_t i = 0; i < a->nperms; i++) {
			sepol_access_vector_t v;
			char name[512];

			if (sepol_string_to_av_perm(c, a->perms[i], &v) == 0)
				continue;
			snprintf(name, sizeof(name), "%s:%s", a->tclass, a->perms[i]);
			fn(name, data);
			n++;
		}
		return n;
	default:
		return 0;
	}
}

static void free_ctx(struct pol_hash_entry *e)
{
	free(pol_hash_item(e, struct pol_audit_ctx, entry));
}

static void free_access(struct pol_hash_entry *e)
{
	free(pol_hash_item(e, struct access_names, entry));
}

void audit_intern_free(struct pol_audit_policy *pol)
{
	pol_hash_release(&pol->ctx, free_ctx);
	pol_hash_release(&pol->access, free_access);
}
