/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Events in walk order (POL_LABEL_ORDERED_EVENTS).
 *
 * The walk's threads reach files in an order that changes from run to run,
 * and a script comparing two runs' -v or --json output, or a user reading
 * it, wants the same lines in the same order whatever the thread count.
 * Each event is copied with the walk-order key of the file it is about (the
 * PATH argument's index, then the position of each component in its
 * directory's stream, which is readdir's order, as setfiles' fts walk goes)
 * and delivered sorted when the walk is over. Memory grows with the number
 * of events (changes, errors), not with the size of the tree. Events with
 * no key (digests written at the end) go last, by path.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "label/internal.h"
#include "util/array.h"

struct held {
	struct pol_label_event ev;
	uint32_t *key; /* NULL: none */
	unsigned int depth;
	size_t seq;
	char *strings; /* every string of ev, in one block */
};

struct label_events {
	struct held *v;
	size_t n, alloc;
	bool lost; /* out of memory: the rest goes out unordered */
};

static __thread struct {
	const uint32_t *key;
	unsigned int depth;
	bool has_last;
	uint32_t last;
} current;

void label_set_current(const uint32_t *key, unsigned int depth, bool has_last, uint32_t last)
{
	current.key = key;
	current.depth = depth;
	current.has_last = has_last;
	current.last = last;
}

static size_t slen(const char *s)
{
	return s ? strlen(s) + 1 : 0;
}

static const char *scopy(char **at, const char *s)
{
	char *r = *at;
	size_t n = slen(s);

	if (!s)
		return NULL;
	memcpy(r, s, n);
	*at += n;
	return r;
}

static int hold(struct label_events *e, const struct pol_label_event *ev)
{
	struct held h = {.ev = *ev, .seq = e->n};
	size_t size = slen(ev->path) + slen(ev->old_context) + slen(ev->new_context) +
		      slen(ev->message) + slen(ev->other_path) + slen(ev->other_context);
	char *at;

	if (POL_ARRAY_GROW(e->v, e->n + 1, e->alloc) < 0)
		return -ENOMEM;
	h.strings = malloc(size ? size : 1);
	if (!h.strings)
		return -ENOMEM;
	if (current.key) {
		h.depth = current.depth + current.has_last;
		h.key = malloc(h.depth * sizeof(*h.key) + 1);
		if (!h.key) {
			free(h.strings);
			return -ENOMEM;
		}
		if (current.depth)
			memcpy(h.key, current.key, current.depth * sizeof(*h.key));
		if (current.has_last)
			h.key[current.depth] = current.last;
	}
	at = h.strings;
	h.ev.path = scopy(&at, ev->path);
	h.ev.old_context = scopy(&at, ev->old_context);
	h.ev.new_context = scopy(&at, ev->new_context);
	h.ev.message = scopy(&at, ev->message);
	h.ev.other_path = scopy(&at, ev->other_path);
	h.ev.other_context = scopy(&at, ev->other_context);
	e->v[e->n++] = h;
	return 0;
}

void label_emit(struct label_run *run, const struct pol_label_event *ev)
{
	if (!run->opts->event)
		return;
	pthread_mutex_lock(&run->event_lock);
	if (run->flags & POL_LABEL_ORDERED_EVENTS) {
		if (!run->events && !(run->events = calloc(1, sizeof(*run->events))))
			goto now;
		if (!run->events->lost && hold(run->events, ev) == 0)
			goto out;
		/* no memory to hold it: better out of order than lost */
		run->events->lost = true;
	}
now:
	run->opts->event(ev, run->opts->event_data);
out:
	pthread_mutex_unlock(&run->event_lock);
}

static int cmp_held(const void *x, const void *y)
{
	const struct held *a = x, *b = y;
	int c;

	if (!a->key != !b->key)
		return a->key ? -1 : 1;
	if (a->key) {
		for (unsigned int i = 0; i < a->depth && i < b->depth; i++)
			if (a->key[i] != b->key[i])
				return a->key[i] < b->key[i] ? -1 : 1;
		if (a->depth != b->depth)
			return a->depth < b->depth ? -1 : 1;
	} else if (a->ev.path && b->ev.path && (c = strcmp(a->ev.path, b->ev.path)) != 0) {
		return c;
	}
	/* the same file: one thread emitted both, in this order */
	return (a->seq > b->seq) - (a->seq < b->seq);
}

void label_events_flush(struct label_run *run)
{
	struct label_events *e = run->events;

	if (!e)
		return;
	run->events = NULL;
	if (e->n)
		qsort(e->v, e->n, sizeof(*e->v), cmp_held);
	for (size_t i = 0; i < e->n; i++) {
		run->opts->event(&e->v[i].ev, run->opts->event_data);
		free(e->v[i].key);
		free(e->v[i].strings);
	}
	free(e->v);
	free(e);
}
