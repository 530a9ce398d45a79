// SPDX-License-Identifier: LGPL-2.1-or-later
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash.h"

int pol_hash_init(struct pol_hash *h, size_t nslots)
{
	*h = (struct pol_hash){0};
	h->slots = calloc(nslots, sizeof(*h->slots));
	if (!h->slots)
		return -ENOMEM;
	h->nslots = nslots;
	return 0;
}

static void grow(struct pol_hash *h)
{
	size_t n = h->nslots * 4;
	struct pol_hash_entry **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < h->nslots; i++) {
		for (struct pol_hash_entry *e = h->slots[i], *next; e; e = next) {
			next = e->next;
			e->next = slots[e->hash % n];
			slots[e->hash % n] = e;
		}
	}
	free(h->slots);
	h->slots = slots;
	h->nslots = n;
}

void pol_hash_add(struct pol_hash *h, struct pol_hash_entry *e, uint32_t hash)
{
	struct pol_hash_entry **slot = &h->slots[hash % h->nslots];

	e->hash = hash;
	e->next = *slot;
	*slot = e;
	if (++h->n > h->nslots * 2)
		grow(h);
}

void pol_hash_clear(struct pol_hash *h, void (*free_entry)(struct pol_hash_entry *e))
{
	for (size_t i = 0; i < h->nslots; i++) {
		for (struct pol_hash_entry *e = h->slots[i], *next; free_entry && e; e = next) {
			next = e->next;
			free_entry(e);
		}
		h->slots[i] = NULL;
	}
	h->n = 0;
}

void pol_hash_release(struct pol_hash *h, void (*free_entry)(struct pol_hash_entry *e))
{
	pol_hash_clear(h, free_entry);
	free(h->slots);
	*h = (struct pol_hash){0};
}

uint32_t pol_hash_bytes(const void *p, size_t n)
{
	const char *s = p;
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
