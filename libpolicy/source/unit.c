/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A compilation unit: the top-level block and the arena every node and
 * string of the AST lives in. A 3-million-line policy makes millions of
 * nodes, so nodes are carved from large chunks and freed all at once.
 */
#include <stdlib.h>
#include <string.h>

#include "source/parse-internal.h"

#define ALIGN 16

struct src_chunk {
	struct src_chunk *next;
	size_t used, size;
	_Alignas(ALIGN) unsigned char data[];
};

#define CHUNK_SIZE (256 * 1024)

static struct src_chunk *chunk_new(size_t size)
{
	struct src_chunk *c = malloc(sizeof(*c) + size);

	if (c)
		c->size = size;
	return c;
}

struct src_unit {
	struct src_block top;
	struct src_chunk *chunks;	   /* every chunk, for freeing */
	struct src_chunk *nodes, *strings; /* the chunks being filled */
	/* full-size chunks given back by src_unit_release(), for reuse: a
	 * streaming parse takes and gives back the same few chunks */
	struct src_chunk *spare;
	/* interned file names (heap, not arena, so that releasing arena
	 * space never frees one): open addressing, power-of-two slots */
	char **files;
	size_t nfiles, file_slots;
	bool cleared; /* src_unit_clear() has run */
};

struct src_unit *src_unit_new(void)
{
	return calloc(1, sizeof(struct src_unit));
}

void src_unit_free(struct src_unit *unit)
{
	if (!unit)
		return;
	src_unit_clear(unit);
	for (size_t i = 0; i < unit->file_slots; i++)
		free(unit->files[i]);
	free(unit->files);
	free(unit);
}

void src_unit_clear(struct src_unit *unit)
{
	for (struct src_chunk *c = unit->chunks, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	for (struct src_chunk *c = unit->spare, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	unit->chunks = unit->nodes = unit->strings = unit->spare = NULL;
	unit->top.first = unit->top.last = NULL;
	unit->cleared = true;
}

bool src_unit_cleared(const struct src_unit *unit)
{
	return unit->cleared;
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
static void *bump(struct src_unit *unit, struct src_chunk **cur, size_t size)
{
	struct src_chunk *c = *cur;
	void *p;

	if (!c || c->size - c->used < size) {
		size_t want = size > CHUNK_SIZE / 4 ? size : CHUNK_SIZE;

		if (want == CHUNK_SIZE && unit->spare) {
			c = unit->spare;
			unit->spare = c->next;
		} else {
			c = chunk_new(want);
			if (!c)
				return NULL;
		}
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

void src_unit_mark(const struct src_unit *unit, struct src_mark *m)
{
	m->chunks = unit->chunks;
	m->nodes = unit->nodes;
	m->strings = unit->strings;
	m->nodes_used = unit->nodes ? unit->nodes->used : 0;
	m->strings_used = unit->strings ? unit->strings->used : 0;
}

void src_unit_release(struct src_unit *unit, const struct src_mark *m)
{
	/* chunks are pushed on the list's head: those above the mark's head
	 * came after it */
	while (unit->chunks != m->chunks) {
		struct src_chunk *c = unit->chunks;

		unit->chunks = c->next;
		if (c->size == CHUNK_SIZE) {
			c->next = unit->spare;
			unit->spare = c;
		} else {
			free(c);
		}
	}
	unit->nodes = m->nodes;
	unit->strings = m->strings;
	if (m->nodes)
		m->nodes->used = m->nodes_used;
	if (m->strings)
		m->strings->used = m->strings_used;
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
	char **t = calloc(slots, sizeof(*t));

	if (!t)
		return false;
	for (size_t i = 0; i < unit->file_slots; i++) {
		char *f = unit->files[i];

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
	char *copy = strdup(file);

	if (!copy)
		return "<input>";
	unit->files[h] = copy;
	unit->nfiles++;
	return copy;
}
