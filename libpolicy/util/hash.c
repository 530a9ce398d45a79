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

void pol_hash_remove(struct pol_hash *h, struct pol_hash_entry *e)
{
	struct pol_hash_entry **at = &h->slots[e->hash % h->nslots];

	while (*at && *at != e)
		at = &(*at)->next;
	if (*at) {
		*at = e->next;
		h->n--;
	}
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
