// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a log names, interned once per distinct name: each context string
 * with its SID in the policy's SID table, its fields and its type's value;
 * each list of a class and permission names with libsepol's values.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>
#include <sepol/policydb/sidtab.h>

#include "audit/explain-internal.h"

/* A class and permission names of the log: the names are the key, each
 * with its NUL; libsepol's values for them. */
#define ACCESS_KEY_MAX 512
struct access_names {
	uint32_t hash, cls, av;
	enum pol_audit_bad bad;
	struct access_names *next;
	size_t len;
	char names[];
};

/* A hash of the n bytes at s, eight at a time (a context string is hashed
 * twice per denial). */
static uint32_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = n * 0x9e3779b97f4a7c15u, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 32;
	}
	w = 0;
	if (i < n)
		memcpy(&w, s + i, n - i);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53u;
	return (uint32_t)(h ^ (h >> 29) ^ (h >> 47));
}

static void grow_ctx(struct pol_audit_policy *pol)
{
	size_t n = pol->nctx_slots * 4;
	struct pol_audit_ctx **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < pol->nctx_slots; i++) {
		for (struct pol_audit_ctx *c = pol->ctx[i], *next; c; c = next) {
			next = c->next;
			c->next = slots[c->hash % n];
			slots[c->hash % n] = c;
		}
	}
	free(pol->ctx);
	pol->ctx = slots;
	pol->nctx_slots = n;
}

/* sepol_context_to_sid() without its linear search of the SID table for an
 * equal context (quadratic on logs with thousands of contexts): each
 * distinct string gets a SID of its own. */
static int context_sid(struct pol_audit_policy *pol, const char *str, sepol_security_id_t *sid)
{
	context_struct_t *ctx = NULL;
	int rc;

	if (pdb_context_from_string(pol->pdb, str, &ctx) < 0)
		return -1;
	*sid = (sepol_security_id_t)++pol->next_sid;
	rc = sepol_sidtab_insert(&pol->sidtab, *sid, ctx);
	context_destroy(ctx);
	free(ctx);
	return rc < 0 ? -1 : 0;
}

/* user:role:type[:level] split once per distinct context string */
static void split_context(struct pol_audit_ctx *c)
{
	char *s = c->str;
	char *a = strchr(s, ':'), *b = a ? strchr(a + 1, ':') : NULL,
	     *d = b ? strchr(b + 1, ':') : NULL;
	size_t n = strlen(s);

	c->user_len = a ? (size_t)(a - s) : n;
	c->role = a ? a + 1 : s + n;
	c->role_len = b ? (size_t)(b - c->role) : (a ? strlen(c->role) : 0);
	c->type = b ? b + 1 : s + n;
	c->type_len = d ? (size_t)(d - c->type) : (b ? strlen(c->type) : 0);
	c->level = d ? d + 1 : NULL;
}

const struct pol_audit_ctx *audit_context(struct pol_audit_policy *pol, const char *str)
{
	size_t len = strlen(str);
	uint32_t h = hash_bytes(str, len);
	struct pol_audit_ctx **slot = &pol->ctx[h % pol->nctx_slots], *c;
	sepol_security_id_t sid;

	for (c = *slot; c; c = c->next)
		if (c->hash == h && c->len == len && memcmp(c->str, str, len) == 0)
			return c;
	c = calloc(1, sizeof(*c) + len + 1);
	if (!c)
		return NULL;
	memcpy(c->str, str, len + 1);
	c->len = len;
	c->hash = h;
	c->id = ++pol->nctx;
	split_context(c);
	if (context_sid(pol, str, &sid) == 0) {
		c->valid = true;
		c->sid = sid;
		c->c = sepol_sidtab_search(&pol->sidtab, sid);
		/* the type name is the context's; its value for the TE tables */
		{
			char tmp[256];
			size_t n = c->type_len < sizeof(tmp) - 1 ? c->type_len : sizeof(tmp) - 1;

			memcpy(tmp, c->type, n);
			tmp[n] = '\0';
			c->type_value = pdb_type_value(pol->pdb, tmp);
		}
	}
	c->next = *slot;
	*slot = c;
	if (pol->nctx > pol->nctx_slots * 2)
		grow_ctx(pol);
	return c;
}

/* libsepol's values of a class and permission names; *cls and *av written
 * as far as the names are found. */
static enum pol_audit_bad access_values(const char *tclass, const char *const *perms, size_t nperms,
					uint32_t *cls, uint32_t *av)
{
	sepol_security_class_t c;

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

static void grow_access(struct pol_audit_policy *pol)
{
	size_t n = pol->naccess_slots * 4;
	struct access_names **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < pol->naccess_slots; i++) {
		for (struct access_names *a = pol->access[i], *next; a; a = next) {
			next = a->next;
			a->next = slots[a->hash % n];
			slots[a->hash % n] = a;
		}
	}
	free(pol->access);
	pol->access = slots;
	pol->naccess_slots = n;
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
	struct access_names **slot, *a;
	uint32_t h;

	if (!n)
		return access_values(tclass, perms, nperms, cls, av);
	h = hash_bytes(key, n);
	slot = &pol->access[h % pol->naccess_slots];
	for (a = *slot; a; a = a->next)
		if (a->hash == h && a->len == n && memcmp(a->names, key, n) == 0)
			break;
	if (!a) {
		a = malloc(sizeof(*a) + n);
		if (!a)
			return access_values(tclass, perms, nperms, cls, av);
		*a = (struct access_names){.hash = h, .len = n, .next = *slot};
		a->bad = access_values(tclass, perms, nperms, &a->cls, &a->av);
		memcpy(a->names, key, n);
		*slot = a;
		if (++pol->naccess > pol->naccess_slots * 2)
			grow_access(pol);
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
	*sc = audit_context(pol, scontext);
	if (!*sc || !(*sc)->valid)
		return POL_AUDIT_BAD_SCONTEXT;
	*tc = audit_context(pol, tcontext);
	if (!*tc || !(*tc)->valid)
		return POL_AUDIT_BAD_TCONTEXT;
	/* a rule of no permission ("allow a b:file { };") is no rule */
	if (!nperms)
		return POL_AUDIT_BAD_NO_PERM;
	return class_perms(pol, tclass, perms, nperms, cls, av);
}

void audit_intern_free(struct pol_audit_policy *pol)
{
	for (size_t i = 0; pol->ctx && i < pol->nctx_slots; i++) {
		for (struct pol_audit_ctx *c = pol->ctx[i], *next; c; c = next) {
			next = c->next;
			free(c);
		}
	}
	for (size_t i = 0; pol->access && i < pol->naccess_slots; i++) {
		for (struct access_names *a = pol->access[i], *next; a; a = next) {
			next = a->next;
			free(a);
		}
	}
	free(pol->access);
	free(pol->ctx);
}
