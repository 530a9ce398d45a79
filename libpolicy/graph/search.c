/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Searches over a graph's adjacency arrays: direct neighbours, all shortest
 * paths by hop count, all simple paths up to a length (depth-first, pruned
 * by the distance left to the target, each path reported when found) and
 * everything reachable within some steps.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "graph/internal.h"

struct adj {
	const uint32_t *start, *v;
};

static struct adj fwd(const struct pol_graph *g, unsigned int flags)
{
	return (flags & POL_GRAPH_REVERSE) ? (struct adj){g->in_start, g->in}
					   : (struct adj){g->out_start, g->out};
}

static struct adj back(const struct pol_graph *g, unsigned int flags)
{
	return fwd(g, flags ^ POL_GRAPH_REVERSE);
}

uint32_t pol_graph_type_count(const struct pol_graph *g)
{
	return g->n;
}

size_t pol_graph_neighbours(const struct pol_graph *g, uint32_t s, unsigned int flags,
			    pol_graph_path_fn fn, void *data)
{
	struct adj a = fwd(g, flags);
	size_t count = 0;

	if (!pol_graph_has_node(g, s))
		return 0;
	for (uint32_t i = a.start[s - 1]; i < a.start[s]; i++) {
		uint32_t path[2] = {s, a.v[i] + 1};

		count++;
		if (fn(path, 2, data))
			break;
	}
	return count;
}

/* Breadth-first distances from s (0-based) along a, up to max_steps (0: no
 * bound), stopping after the level where stop (if any) is reached. */
static int32_t *bfs(const struct pol_graph *g, struct adj a, uint32_t s, unsigned int max_steps,
		    int64_t stop, uint32_t **order, size_t *norder)
{
	int32_t *dist = malloc((size_t)g->n * sizeof(*dist));
	uint32_t *queue = malloc((size_t)g->n * sizeof(*queue));
	size_t head = 0, tail = 0;

	if (!dist || !queue) {
		free(dist);
		free(queue);
		return NULL;
	}
	memset(dist, 0xff, (size_t)g->n * sizeof(*dist));
	dist[s] = 0;
	queue[tail++] = s;
	while (head < tail) {
		uint32_t v = queue[head++];

		if (stop >= 0 && dist[stop] >= 0 && dist[v] >= dist[stop])
			break;
		if (max_steps && (unsigned int)dist[v] >= max_steps)
			continue;
		for (uint32_t i = a.start[v]; i < a.start[v + 1]; i++) {
			uint32_t w = a.v[i];

			if (dist[w] < 0) {
				dist[w] = dist[v] + 1;
				queue[tail++] = w;
			}
		}
	}
	if (order) {
		*order = queue;
		*norder = tail;
	} else {
		free(queue);
	}
	return dist;
}

struct enum_ctx {
	const struct pol_graph *g;
	struct adj back;
	const int32_t *dist;
	uint32_t *path;
	pol_graph_path_fn fn;
	void *data;
	long count;
	bool stop;
};

/* Walk back from v (at distance d) to the start along shortest edges. */
static void shortest_back(struct enum_ctx *c, uint32_t v, int32_t d, size_t len)
{
	c->path[d] = v + 1;
	if (d == 0) {
		c->count++;
		if (c->fn(c->path, len, c->data))
			c->stop = true;
		return;
	}
	for (uint32_t i = c->back.start[v]; i < c->back.start[v + 1] && !c->stop; i++) {
		uint32_t u = c->back.v[i];

		if (c->dist[u] == d - 1)
			shortest_back(c, u, d - 1, len);
	}
}

long pol_graph_shortest_paths(const struct pol_graph *g, uint32_t s, uint32_t t, unsigned int flags,
			      pol_graph_path_fn fn, void *data)
{
	struct enum_ctx c = {.g = g, .back = back(g, flags), .fn = fn, .data = data};
	int32_t *dist;

	if (!pol_graph_has_node(g, s) || !pol_graph_has_node(g, t))
		return 0;
	if (s == t) {
		uint32_t path[1] = {s};

		fn(path, 1, data);
		return 1;
	}
	dist = bfs(g, fwd(g, flags), s - 1, 0, t - 1, NULL, NULL);
	if (!dist)
		return -ENOMEM;
	if (dist[t - 1] > 0) {
		c.dist = dist;
		c.path = malloc(((size_t)dist[t - 1] + 1) * sizeof(*c.path));
		if (!c.path) {
			free(dist);
			return -ENOMEM;
		}
		shortest_back(&c, t - 1, dist[t - 1], (size_t)dist[t - 1] + 1);
		free(c.path);
	}
	free(dist);
	return c.count;
}

struct simple_ctx {
	struct adj a;
	const int32_t *to_t; /* distance to the target, -1: cannot reach it */
	uint8_t *on_path;
	uint32_t *path;
	uint32_t t, max;
	pol_graph_path_fn fn;
	void *data;
	long count;
	bool stop;
};

static void simple_dfs(struct simple_ctx *c, uint32_t v, uint32_t depth)
{
	for (uint32_t i = c->a.start[v]; i < c->a.start[v + 1] && !c->stop; i++) {
		uint32_t w = c->a.v[i];

		if (w == c->t) {
			c->path[depth + 1] = w + 1;
			c->count++;
			if (c->fn(c->path, depth + 2, c->data))
				c->stop = true;
			continue;
		}
		if (c->on_path[w] || c->to_t[w] < 0 || depth + 1 + (uint32_t)c->to_t[w] > c->max)
			continue;
		c->on_path[w] = 1;
		c->path[depth + 1] = w + 1;
		simple_dfs(c, w, depth + 1);
		c->on_path[w] = 0;
	}
}

long pol_graph_all_paths(const struct pol_graph *g, uint32_t s, uint32_t t, unsigned int max_steps,
			 unsigned int flags, pol_graph_path_fn fn, void *data)
{
	struct simple_ctx c = {
	    .a = fwd(g, flags), .t = t - 1, .max = max_steps, .fn = fn, .data = data};
	int32_t *to_t;

	if (!pol_graph_has_node(g, s) || !pol_graph_has_node(g, t) || s == t || max_steps < 1)
		return 0;
	to_t = bfs(g, back(g, flags), t - 1, max_steps, -1, NULL, NULL);
	if (!to_t)
		return -ENOMEM;
	c.to_t = to_t;
	c.on_path = calloc(g->n, 1);
	c.path = malloc(((size_t)(max_steps < g->n ? max_steps : g->n) + 2) * sizeof(*c.path));
	if (!c.on_path || !c.path) {
		free(to_t);
		free(c.on_path);
		free(c.path);
		return -ENOMEM;
	}
	if (to_t[s - 1] >= 0 && (unsigned int)to_t[s - 1] <= max_steps) {
		c.on_path[s - 1] = 1;
		c.path[0] = s;
		simple_dfs(&c, s - 1, 0);
	}
	free(to_t);
	free(c.on_path);
	free(c.path);
	return c.count;
}

long pol_graph_reachable(const struct pol_graph *g, uint32_t s, unsigned int max_steps,
			 unsigned int flags, pol_graph_path_fn fn, void *data)
{
	struct adj a = fwd(g, flags), b = back(g, flags);
	uint32_t *order, *path;
	size_t norder;
	int32_t *dist;
	long count = 0;

	if (!pol_graph_has_node(g, s))
		return 0;
	dist = bfs(g, a, s - 1, max_steps, -1, &order, &norder);
	if (!dist)
		return -ENOMEM;
	path = malloc(((size_t)g->n + 1) * sizeof(*path));
	if (!path) {
		free(dist);
		free(order);
		return -ENOMEM;
	}
	for (size_t k = 1; k < norder; k++) {
		uint32_t v = order[k];
		int32_t d = dist[v];

		/* one shortest path to v: follow any predecessor one level up */
		path[d] = v + 1;
		for (int32_t level = d; level > 0; level--) {
			uint32_t cur = path[level] - 1;

			for (uint32_t i = b.start[cur]; i < b.start[cur + 1]; i++)
				if (dist[b.v[i]] == level - 1) {
					path[level - 1] = b.v[i] + 1;
					break;
				}
		}
		count++;
		if (fn(path, (size_t)d + 1, data))
			break;
	}
	free(path);
	free(dist);
	free(order);
	return count;
}
