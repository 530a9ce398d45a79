/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gen-queries POLICY SEED COUNT access|create|relabel|member
 *
 * COUNT random "SCON TCON CLASS" lines for the kernel test: every context is
 * valid in POLICY (libsepol says so), half of the pairs come from the
 * policy's own rules (so decisions are not all "nothing allowed", and
 * constraints and MLS get a say), half are any types at all. Users, roles
 * and MLS levels vary, so role and MLS constraints matter too. The same
 * SEED gives the same lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "pdb/internal.h"

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	/* xorshift64*: deterministic across libcs, unlike rand() */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ULL) >> 33) % n;
}

struct rules {
	avtab_key_t *keys;
	size_t n, alloc;
};

static void collect(avtab_t *t, uint16_t want, struct rules *r)
{
	for (uint32_t i = 0; i < t->nslot; i++) {
		for (avtab_ptr_t node = t->htable[i]; node; node = node->next) {
			if (!(node->key.specified & want))
				continue;
			if (r->n == r->alloc) {
				r->alloc = r->alloc ? r->alloc * 2 : 4096;
				r->keys = realloc(r->keys, r->alloc * sizeof(*r->keys));
				if (!r->keys)
					exit(3);
			}
			r->keys[r->n++] = node->key;
		}
	}
}

/* A type (not an attribute) from value v: v itself, or one of its members. */
static uint32_t member(policydb_t *p, uint32_t v)
{
	ebitmap_t *m = &p->attr_type_map[v - 1];
	uint32_t count = 0, pick, bit;
	ebitmap_node_t *node;

	if (p->type_val_to_struct[v - 1]->flavor != TYPE_ATTRIB)
		return v;
	ebitmap_for_each_positive_bit(m, node, bit) count++;
	if (!count)
		return 0;
	pick = rnd(count);
	ebitmap_for_each_positive_bit(m, node, bit) if (pick-- == 0) return bit + 1;
	return 0;
}

static uint32_t any_type(policydb_t *p)
{
	for (;;) {
		uint32_t v = rnd(p->p_types.nprim) + 1;
		type_datum_t *t = p->type_val_to_struct[v - 1];

		if (t && t->flavor == TYPE_TYPE && t->primary)
			return v;
	}
}

static const char *const levels[] = {
    "s0",	    "s0",	"s0", "s0-s0:c0.c1023",	  "s0-s15:c0.c1023",
    "s15:c0.c1023", "s0:c0,c5", "s1", "s2:c3-s9:c0.c100",
};

static bool has_type(const policydb_t *p, uint32_t r, uint32_t t)
{
	const role_datum_t *role = p->role_val_to_struct[r - 1];

	return role && ebitmap_get_bit(&role->types.types, t - 1);
}

/* A context for type t that POLICY accepts; NULL after many tries. */
static char *context(struct pol_kernel *k, policydb_t *p, uint32_t t)
{
	for (int tries = 0; tries < 50; tries++) {
		uint32_t role = 1; /* object_r */
		uint32_t user;
		char *ctx;

		if (rnd(10) >= 4) {
			/* one of the roles that may have this type, if any (role
			 * attributes leave values without a role in the binary) */
			uint32_t n = 0, pick;

			for (uint32_t r = 2; r <= p->p_roles.nprim; r++)
				n += has_type(p, r, t);
			pick = n ? rnd(n) : 0;
			for (uint32_t r = 2; n && r <= p->p_roles.nprim; r++)
				if (has_type(p, r, t) && pick-- == 0) {
					role = r;
					break;
				}
		}
		user = rnd(p->p_users.nprim) + 1;
		/* a user that may have the role: the next one round from a random start */
		for (uint32_t u = 0; role != 1 && u < p->p_users.nprim; u++) {
			uint32_t v = (user + u - 1) % p->p_users.nprim + 1;

			if (p->user_val_to_struct[v - 1] &&
			    ebitmap_get_bit(&p->user_val_to_struct[v - 1]->roles.roles, role - 1)) {
				user = v;
				break;
			}
		}
		if (asprintf(&ctx, "%s:%s:%s%s%s", p->p_user_val_to_name[user - 1],
			     p->p_role_val_to_name[role - 1], p->p_type_val_to_name[t - 1],
			     p->mls ? ":" : "",
			     p->mls ? levels[rnd(sizeof(levels) / sizeof(levels[0]))] : "") < 0)
			exit(3);
		if (pol_kernel_check_context(k, ctx, NULL, NULL) == 0)
			return ctx;
		free(ctx);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct pol_kernel *k;
	struct pol_pdb *pdb;
	struct pol_err err;
	struct rules rules = {0};
	policydb_t *p;
	uint16_t want;
	long count;

	if (argc != 5) {
		fprintf(stderr,
			"usage: gen-queries POLICY SEED COUNT access|create|relabel|member\n");
		return 2;
	}
	pol_err_init(&err);
	if (pol_kernel_open_policy(argv[1], &k, &err) < 0 ||
	    pol_pdb_open(argv[1], &pdb, &err) < 0) {
		pol_err_print(&err, stderr, "gen-queries");
		return 2;
	}
	rng_state = strtoull(argv[2], NULL, 0) * 0x9E3779B97F4A7C15ULL + 1;
	count = strtol(argv[3], NULL, 10);
	want = strcmp(argv[4], "access") == 0	? AVTAB_ALLOWED | AVTAB_AUDITDENY | AVTAB_AUDITALLOW
	       : strcmp(argv[4], "create") == 0 ? AVTAB_TRANSITION
	       : strcmp(argv[4], "relabel") == 0 ? AVTAB_CHANGE
						 : AVTAB_MEMBER;
	p = pdb_db(pdb);
	collect(&p->te_avtab, want, &rules);
	collect(&p->te_cond_avtab, want, &rules);
	for (long i = 0; i < count;) {
		uint32_t s, t, c;
		char *scon, *tcon;

		if (rules.n && rnd(2)) {
			const avtab_key_t *key = &rules.keys[rnd((uint32_t)rules.n)];

			s = member(p, key->source_type);
			t = member(p, key->target_type);
			c = key->target_class;
		} else {
			s = any_type(p);
			t = any_type(p);
			c = rnd(p->p_classes.nprim) + 1;
		}
		if (!s || !t || !p->p_class_val_to_name[c - 1])
			continue;
		scon = context(k, p, s);
		tcon = scon ? context(k, p, t) : NULL;
		if (scon && tcon) {
			printf("%s %s %s\n", scon, tcon, p->p_class_val_to_name[c - 1]);
			i++;
		}
		free(scon);
		free(tcon);
	}
	free(rules.keys);
	pol_pdb_free(pdb);
	pol_kernel_free(k);
	pol_err_release(&err);
	return 0;
}
