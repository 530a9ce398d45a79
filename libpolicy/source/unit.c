/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A compilation unit: the top-level block and the arena every node and
 * string of the AST lives in. A 3-million-line policy makes millions of
 * nodes, so nodes are carved from large chunks and freed all at once.
 */
#include <stdlib.h>
#include <string.h>

#include "source/parse-internal.h"

#define CHUNK_SIZE (256 * 1024)
#define ALIGN 16

struct chunk {
	struct chunk *next;
	size_t used, size;
	_Alignas(ALIGN) unsigned char data[];
};

struct src_unit {
	struct src_block top;
	struct chunk *chunks;	       /* every chunk, for freeing */
	struct chunk *nodes, *strings; /* the chunks being filled */
	/* interned file names: open addressing, power-of-two slots */
	const char **files;
	size_t nfiles, file_slots;
};

struct src_unit *src_unit_new(void)
{
	return calloc(1, sizeof(struct src_unit));
}

void src_unit_free(struct src_unit *unit)
{
	if (!unit)
		return;
	for (struct chunk *c = unit->chunks, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(unit->files);
	free(unit);
}

const struct src_block *src_unit_block(const struct src_unit *unit)
{
	return &unit->top;
}

struct src_block *src_unit_top(struct src_unit *unit)
{
	return &unit->top;
}

/* Carve size bytes from *cur, starting a new chunk when it is full. A
 * request bigger than a quarter chunk gets a chunk of its own, so the
 * current one keeps being filled. */
static void *bump(struct src_unit *unit, struct chunk **cur, size_t size)
{
	struct chunk *c = *cur;
	void *p;

	if (!c || c->size - c->used < size) {
		size_t want = size > CHUNK_SIZE / 4 ? size : CHUNK_SIZE;

		c = malloc(sizeof(*c) + want);
		if (!c)
			return NULL;
		c->size = want;
		c->used = 0;
		c->next = unit->chunks;
		unit->chunks = c;
		if (want == CHUNK_SIZE)
			*cur = c;
	}
	p = c->data + c->used;
	c->used += size;
	return p;
}

void *src_alloc(struct src_unit *unit, size_t size)
{
	void *p;

	size = size ? (size + ALIGN - 1) & ~(size_t)(ALIGN - 1) : ALIGN;
	p = bump(unit, &unit->nodes, size);
	if (p)
		memset(p, 0, size);
	return p;
}

/* Strings come from chunks of their own, packed without alignment: a big
 * policy holds millions of names. */
char *src_strndup(struct src_unit *unit, const char *s, size_t len)
{
	char *p = bump(unit, &unit->strings, len + 1);

	if (!p)
		return NULL;
	memcpy(p, s, len);
	p[len] = 0;
	return p;
}

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static bool grow_files(struct src_unit *unit)
{
	size_t slots = unit->file_slots ? unit->file_slots * 2 : 16;
	const char **t = calloc(slots, sizeof(*t));

	if (!t)
		return false;
	for (size_t i = 0; i < unit->file_slots; i++) {
		const char *f = unit->files[i];

		if (!f)
			continue;
		size_t h = hash_str(f) & (slots - 1);

		while (t[h])
			h = (h + 1) & (slots - 1);
		t[h] = f;
	}
	free(unit->files);
	unit->files = t;
	unit->file_slots = slots;
	return true;
}

const char *src_intern_file(struct src_unit *unit, const char *file)
{
	size_t h;

	if (!file)
		file = "<input>";
	if ((unit->nfiles + 1) * 2 > unit->file_slots && !grow_files(unit))
		return "<input>"; /* out of memory: a shared static name still reads right */
	for (h = hash_str(file) & (unit->file_slots - 1); unit->files[h];
	     h = (h + 1) & (unit->file_slots - 1)) {
		if (strcmp(unit->files[h], file) == 0)
			return unit->files[h];
	}
	char *copy = src_strndup(unit, file, strlen(file));

	if (!copy)
		return "<input>";
	unit->files[h] = copy;
	unit->nfiles++;
	return copy;
}
