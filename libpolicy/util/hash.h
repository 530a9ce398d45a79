/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A chained hash table of intrusive entries (git's hashmap.h, kmod's
 * shared/hash.h): the caller's struct holds a struct pol_hash_entry, the
 * table only links them, and the caller compares its own keys. It starts
 * small (a fuzzing run makes one per input) and grows four times once it
 * holds twice as many entries as slots. One hash function for every key:
 * pol_hash_bytes(). */
#ifndef POL_UTIL_HASH_H
#define POL_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct pol_hash_entry {
	struct pol_hash_entry *next;
	uint32_t hash;
};

struct pol_hash {
	struct pol_hash_entry **slots;
	size_t nslots, n;
};

/* The struct of type holding the entry e as its member. */
#define pol_hash_item(e, type, member) ((type *)((char *)(e)-offsetof(type, member)))

/* An empty table of nslots slots (a power of two). Returns 0, or -ENOMEM
 * with h empty (pol_hash_release() is then a no-op). */
int pol_hash_init(struct pol_hash *h, size_t nslots);

/* The chain where entries of hash are: walk it with ->next, comparing
 * ->hash before the key. */
static inline struct pol_hash_entry *pol_hash_chain(const struct pol_hash *h, uint32_t hash)
{
	return h->slots[hash % h->nslots];
}

/* Link e (not in the table) under hash. The table grows when it may; when
 * that fails it stays as it was, only slower. */
void pol_hash_add(struct pol_hash *h, struct pol_hash_entry *e, uint32_t hash);

/* Unlink e, which is in the table. */
void pol_hash_remove(struct pol_hash *h, struct pol_hash_entry *e);

/* Call free_entry (may be NULL) on each entry and empty the table, which
 * keeps its slots. */
void pol_hash_clear(struct pol_hash *h, void (*free_entry)(struct pol_hash_entry *e));

/* pol_hash_clear(), then free the slots: h is then as zeroed. */
void pol_hash_release(struct pol_hash *h, void (*free_entry)(struct pol_hash_entry *e));

/* A hash of the n bytes at p, eight at a time; its low bits are as good
 * as its high ones. Inline: for a key of a fixed size (the reader's
 * events, the TE triples) the compiler unrolls it, and the reader hashes
 * every record's key. */
static inline uint32_t pol_hash_bytes(const void *p, size_t n)
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

#endif
