/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of libpolicy/graph: both graphs built from tiny policies
 * compiled in memory, their bitmaps and adjacency arrays, and the searches
 * (neighbours, all shortest paths, simple paths with a length bound and a
 * caller's limit, reachability), forwards and backwards.
 */
#include "graph/internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compile-policy.h"
#include "tap.h"
#include "util.h"

/*
 * a_t -> b_t and a_t -> c_t by exec (a type_transition for b_t, setexec
 * for c_t); b_t -> c_t by dyntransition; the domains of attribute
 * doms (b_t, c_t) -> d_t by exec, d_t itself in doms too but never its own
 * transition. e_t is entered by nobody (its entrypoint is not executable).
 */
static const char dta_conf[] = "class process\n"
			       "class file\n"
			       "sid kernel\n"
			       "class process { transition setexec dyntransition setcurrent }\n"
			       "class file { execute entrypoint read write }\n"
			       "type system;\n"
			       "role system;\n"
			       "role system types system;\n"
			       "attribute doms;\n"
			       "type a_t;\n"
			       "type b_t, doms;\n"
			       "type c_t, doms;\n"
			       "type d_t, doms;\n"
			       "type e_t;\n"
			       "type b_exec_t;\n"
			       "type c_exec_t;\n"
			       "type d_exec_t;\n"
			       "type e_exec_t;\n"
			       "allow a_t { b_t c_t }:process transition;\n"
			       "allow a_t { b_exec_t c_exec_t }:file execute;\n"
			       "allow b_t b_exec_t:file entrypoint;\n"
			       "allow c_t c_exec_t:file entrypoint;\n"
			       "type_transition a_t b_exec_t:process b_t;\n"
			       "allow a_t self:process setexec;\n"
			       "allow b_t c_t:process dyntransition;\n"
			       "allow b_t self:process setcurrent;\n"
			       "allow doms d_t:process transition;\n"
			       "allow doms d_exec_t:file execute;\n"
			       "allow d_t d_exec_t:file entrypoint;\n"
			       "type_transition doms d_exec_t:process d_t;\n"
			       "allow a_t e_t:process transition;\n"
			       "allow e_t e_exec_t:file entrypoint;\n"
			       "type_transition a_t e_exec_t:process e_t;\n"
			       "user system roles { system };\n"
			       "sid kernel system:system:system\n";

/* Flows: a_t writes b_t (weight 5) and reads it (2), reads c_t (9); c_t
 * reads d_t (2). */
static const char flow_conf[] = "class infoflow\n"
				"sid kernel\n"
				"class infoflow { lo_w hi_w lo_r hi_r }\n"
				"type system;\n"
				"role system;\n"
				"role system types system;\n"
				"type a_t;\n"
				"type b_t;\n"
				"type c_t;\n"
				"type d_t;\n"
				"allow a_t b_t:infoflow { hi_w lo_r };\n"
				"allow a_t c_t:infoflow hi_r;\n"
				"allow c_t d_t:infoflow lo_r;\n"
				"user system roles system;\n"
				"sid kernel system:system:system\n";

static const char flow_map[] = "1\n"
			       "class infoflow 4\n"
			       "lo_w w 1\n"
			       "hi_w w 5\n"
			       "lo_r r 2\n"
			       "hi_r r 9\n";

/* The paths a search reports, "a_t b_t d_t" each, joined by "|" in the
 * order found; stops after limit paths when limit > 0. */
struct paths {
	const struct pol_pdb *pdb;
	char text[1024];
	int limit, n;
};

static int collect(const uint32_t *path, size_t n, void *data)
{
	struct paths *p = data;
	size_t len = strlen(p->text);

	if (p->n++)
		len += (size_t)snprintf(p->text + len, sizeof(p->text) - len, "|");
	for (size_t i = 0; i < n && len < sizeof(p->text); i++)
		len += (size_t)snprintf(p->text + len, sizeof(p->text) - len, "%s%s", i ? " " : "",
					pol_graph_type_name(p->pdb, path[i]));
	return p->limit && p->n >= p->limit;
}

/* The paths found, sorted: searches promise no order (setools' differs). */
static char *sorted(struct paths *p)
{
	char *v[32], *save = NULL;
	size_t n = 0, len = 0;
	char copy[sizeof(p->text)];

	memcpy(copy, p->text, sizeof(copy));
	for (char *tok = strtok_r(copy, "|", &save); tok && n < 32;
	     tok = strtok_r(NULL, "|", &save))
		v[n++] = tok;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			char *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	p->text[0] = '\0';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(p->text + len, sizeof(p->text) - len, "%s%s", i ? "|" : "",
					v[i]);
	return p->text;
}

static bool has_member(const uint32_t *mem, size_t n, uint32_t x)
{
	for (size_t i = 0; i < n; i++)
		if (mem[i] == x)
			return true;
	return false;
}

static uint32_t V(const struct pol_pdb *pdb, const char *name)
{
	return pol_graph_type_value(pdb, name);
}

/* The out-neighbours of s by name, sorted, space-separated. */
static const char *out_names(const struct pol_graph *g, const char *s, unsigned int flags)
{
	static char buf[256];
	struct paths p = {.pdb = g->pdb};
	size_t len = 0, first = strlen(s) + 1;
	char *save = NULL;

	pol_graph_neighbours(g, V(g->pdb, s), flags, collect, &p);
	buf[0] = '\0';
	/* "s x|s y" -> "x y" */
	for (char *tok = strtok_r(sorted(&p), "|", &save); tok; tok = strtok_r(NULL, "|", &save))
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", len ? " " : "",
					tok + first);
	return buf;
}

static void test_bitmaps(void)
{
	uint64_t m[3 * 2] = {0};

	bit_set(bits_row(m, 2, 1), 0);
	bit_set(bits_row(m, 2, 1), 63);
	bit_set(bits_row(m, 2, 1), 64);
	bit_set(bits_row(m, 2, 2), 127);
	ok(m[2] == (1ull | 1ull << 63) && m[3] == 1 && m[5] == 1ull << 63 && !m[0] && !m[1] &&
	       !m[4],
	   "bit_set sets one bit of its row, across word boundaries");
	ok(bit_get(bits_row(m, 2, 1), 63) && bit_get(bits_row(m, 2, 1), 64) &&
	       !bit_get(bits_row(m, 2, 1), 62) && !bit_get(bits_row(m, 2, 0), 0),
	   "bit_get reads them back, and nothing else");
	ok(has_perm(1u << 3, 3) && !has_perm(1u << 3, 2) && !has_perm(~0u, -1),
	   "has_perm: a permission the policy lacks (-1) is never granted");
}

/* Both adjacency arrays hold the same edges, each in range and once. */
static bool adjacency_consistent(const struct pol_graph *g, size_t *edges)
{
	size_t m = g->out_start[g->n];

	*edges = m;
	if (g->in_start[g->n] != m || g->out_start[0] != 0 || g->in_start[0] != 0)
		return false;
	for (uint32_t v = 0; v < g->n; v++) {
		if (g->out_start[v] > g->out_start[v + 1])
			return false;
		for (uint32_t i = g->out_start[v]; i < g->out_start[v + 1]; i++) {
			uint32_t w = g->out[i];
			size_t back = 0, again = 0;

			if (w >= g->n || w == v)
				return false;
			for (uint32_t k = g->in_start[w]; k < g->in_start[w + 1]; k++)
				back += g->in[k] == v;
			for (uint32_t k = g->out_start[v]; k < g->out_start[v + 1]; k++)
				again += g->out[k] == w;
			if (back != 1 || again != 1)
				return false;
		}
	}
	return true;
}

static void test_dta(void)
{
	struct pol_pdb *pdb = test_expand_policy("dta.conf", dta_conf, NULL);
	struct pol_graph_opts opts = {0};
	struct pol_graph *g = NULL;
	struct pol_err err;
	struct paths p;
	size_t n, edges;
	const uint32_t *mem;
	uint32_t a, b, c, d, e;
	const char *last;
	long rc;

	ok(pdb != NULL, "the transition policy compiles");
	if (!pdb) {
		not_run(20, "the policy did not compile");
		return;
	}
	a = V(pdb, "a_t");
	b = V(pdb, "b_t");
	c = V(pdb, "c_t");
	d = V(pdb, "d_t");
	e = V(pdb, "e_t");
	pol_err_init(&err);
	ok(pol_graph_dta(pdb, &opts, &g, &err) == 0 && g, "the transition graph builds");
	pol_err_release(&err);
	if (!g) {
		not_run(19, "the graph did not build");
		pol_pdb_free(pdb);
		return;
	}
	mem = graph_members(g, V(pdb, "doms"), &n);
	ok(n == 3 && mem[0] < mem[1] && mem[1] < mem[2] && has_member(mem, n, b - 1) &&
	       has_member(mem, n, c - 1) && has_member(mem, n, d - 1),
	   "an attribute's members are its types' 0-based ids, ascending");
	mem = graph_members(g, a, &n);
	ok(n == 1 && mem[0] == a - 1, "a type is its own only member");
	ok(bit_get(bits_row(g->trans, g->words, a - 1), b - 1) &&
	       bit_get(bits_row(g->exec, g->words, c - 1), V(pdb, "d_exec_t") - 1) &&
	       bit_get(bits_row(g->entry, g->words, d - 1), V(pdb, "d_exec_t") - 1) &&
	       !bit_get(bits_row(g->trans, g->words, b - 1), a - 1),
	   "the transition, execute and entrypoint matrices hold the rules' pairs");
	ok(bit_get(g->setexec, a - 1) && !bit_get(g->setexec, b - 1) &&
	       bit_get(g->setcurrent, b - 1),
	   "setexec and setcurrent are one bit per domain");
	ok(!bit_get(bits_row(g->trans, g->words, d - 1), d - 1),
	   "an attribute's rule on its own member gives no self transition");
	ok(adjacency_consistent(g, &edges) && edges == 5,
	   "out and in adjacency hold the same 5 edges, no self edge (got %zu)", edges);
	is_str(out_names(g, "a_t", 0), "b_t c_t",
	       "a_t -> b_t (type_transition) and c_t (setexec), not e_t (no execute)");
	is_str(out_names(g, "b_t", 0), "c_t d_t", "b_t -> c_t (dyntransition) and d_t (attribute)");
	is_str(out_names(g, "d_t", POL_GRAPH_REVERSE), "b_t c_t", "transitions into d_t");
	ok(pol_graph_has_node(g, e) && pol_graph_weight(g, a, b) == 1 && !pol_graph_weight(g, a, e),
	   "a transition weighs 1, a missing one 0");

	p = (struct paths){.pdb = pdb};
	rc = pol_graph_shortest_paths(g, a, d, 0, collect, &p);
	is_str(sorted(&p), "a_t b_t d_t|a_t c_t d_t", "both shortest paths a_t to d_t");
	ok(rc == 2, "shortest paths: the count returned (%ld)", rc);
	p = (struct paths){.pdb = pdb};
	rc = pol_graph_shortest_paths(g, d, a, POL_GRAPH_REVERSE, collect, &p);
	is_str(sorted(&p), "d_t b_t a_t|d_t c_t a_t",
	       "backwards: from d_t to a_t against the edges");
	p = (struct paths){.pdb = pdb};
	rc = pol_graph_shortest_paths(g, d, a, 0, collect, &p);
	ok(rc == 0 && p.n == 0, "no path d_t to a_t");

	p = (struct paths){.pdb = pdb};
	rc = pol_graph_all_paths(g, a, d, 3, 0, collect, &p);
	is_str(sorted(&p), "a_t b_t c_t d_t|a_t b_t d_t|a_t c_t d_t",
	       "simple paths of up to 3 steps");
	p = (struct paths){.pdb = pdb};
	rc = pol_graph_all_paths(g, a, d, 2, 0, collect, &p);
	ok(rc == 2 && p.n == 2, "up to 2 steps: the 3-step path is left out (%ld)", rc);
	p = (struct paths){.pdb = pdb, .limit = 1};
	rc = pol_graph_all_paths(g, a, d, 3, 0, collect, &p);
	ok(rc == 1 && p.n == 1, "the callback's stop ends the search after one path (%ld)", rc);

	p = (struct paths){.pdb = pdb};
	rc = pol_graph_reachable(g, a, 1, 0, collect, &p);
	is_str(sorted(&p), "a_t b_t|a_t c_t", "reachable in one step");
	p = (struct paths){.pdb = pdb};
	rc = pol_graph_reachable(g, a, 0, 0, collect, &p);
	/* breadth first: d_t, two steps away, comes last, by either way */
	last = strrchr(p.text, '|');
	ok(rc == 3 && p.n == 3 && last &&
	       (strcmp(last, "|a_t b_t d_t") == 0 || strcmp(last, "|a_t c_t d_t") == 0),
	   "reachable in any number of steps, nearest first: %s", p.text);
	pol_graph_free(g);
	pol_pdb_free(pdb);
}

static void test_dta_exclude_exact(void)
{
	struct pol_pdb *pdb = test_expand_policy("dta.conf", dta_conf, NULL);
	struct pol_graph *g = NULL;
	struct pol_err err;
	struct paths p;
	uint32_t ex[1];

	if (!pdb) {
		not_run(4, "the policy did not compile");
		return;
	}
	ex[0] = V(pdb, "b_t");
	pol_err_init(&err);
	if (pol_graph_dta(pdb, &(struct pol_graph_opts){.exclude = ex, .nexclude = 1}, &g, &err) ==
	    0) {
		p = (struct paths){.pdb = pdb};
		pol_graph_shortest_paths(g, V(pdb, "a_t"), V(pdb, "d_t"), 0, collect, &p);
		is_str(p.text, "a_t c_t d_t", "an excluded type is no step of a path");
		ok(!pol_graph_has_node(g, ex[0]), "an excluded type is no node");
		pol_graph_free(g);
	} else {
		not_run(2, "the graph did not build");
	}
	g = NULL;
	if (pol_graph_dta(pdb, &(struct pol_graph_opts){.exact = true}, &g, &err) == 0) {
		is_str(out_names(g, "a_t", 0), "b_t c_t",
		       "--exact: setexec on itself and a type_transition to the target both count");
		ok(pol_graph_weight(g, V(pdb, "c_t"), V(pdb, "d_t")) == 1,
		   "--exact: the attribute's type_transition names d_t: c_t -> d_t stays");
		pol_graph_free(g);
	} else {
		not_run(2, "the graph did not build");
	}
	pol_err_release(&err);
	pol_pdb_free(pdb);
}

static void test_flow(void)
{
	struct pol_pdb *pdb = test_expand_policy("flow.conf", flow_conf, NULL);
	char map_path[] = "/tmp/test-graph-map-XXXXXX";
	struct pol_permmap *map = NULL;
	struct pol_graph *g = NULL;
	struct pol_err err;
	struct paths p;
	size_t edges;
	uint32_t a, b, c, d;
	int fd = mkstemp(map_path);

	ok(pdb != NULL && fd >= 0, "the flow policy compiles");
	if (!pdb || fd < 0 || write(fd, flow_map, strlen(flow_map)) != (ssize_t)strlen(flow_map)) {
		not_run(8, "the policy did not compile");
		goto out;
	}
	a = V(pdb, "a_t");
	b = V(pdb, "b_t");
	c = V(pdb, "c_t");
	d = V(pdb, "d_t");
	pol_err_init(&err);
	ok(pol_permmap_load(map_path, &map, &err) == 0 &&
	       pol_graph_flow(pdb, map, &(struct pol_graph_opts){.min_weight = 1}, &g, &err) == 0,
	   "the map loads and the flow graph builds");
	if (!g) {
		test_show_diags(&err);
		pol_err_release(&err);
		not_run(7, "the graph did not build");
		goto out;
	}
	ok(pol_graph_weight(g, a, b) == 5 && pol_graph_weight(g, b, a) == 2,
	   "a rule flows both ways with the weight of each direction");
	ok(pol_graph_weight(g, c, a) == 9 && pol_graph_weight(g, a, c) == 0,
	   "a read is a flow from the target to the source");
	ok(adjacency_consistent(g, &edges) && edges == 4,
	   "the flow graph's two adjacency arrays agree: 4 edges (got %zu)", edges);
	p = (struct paths){.pdb = pdb};
	pol_graph_shortest_paths(g, d, b, 0, collect, &p);
	is_str(p.text, "d_t c_t a_t b_t", "information flows d_t to b_t through c_t and a_t");
	p = (struct paths){.pdb = pdb};
	pol_graph_all_paths(g, d, b, 2, 0, collect, &p);
	ok(p.n == 0, "no flow d_t to b_t in 2 steps");
	pol_graph_free(g);
	g = NULL;
	ok(pol_graph_flow(pdb, map, &(struct pol_graph_opts){.min_weight = 3}, &g, &err) == 0,
	   "the graph builds with a minimum weight");
	ok(g && pol_graph_weight(g, a, b) == 5 && !pol_graph_weight(g, b, a) &&
	       !pol_graph_weight(g, d, c),
	   "-w 3 drops the edges lighter than 3");
	pol_graph_free(g);
	pol_err_release(&err);
out:
	pol_permmap_free(map);
	if (fd >= 0) {
		close(fd);
		unlink(map_path);
	}
	pol_pdb_free(pdb);
}

int main(void)
{
	test_bitmaps();
	test_dta();
	test_dta_exclude_exact();
	test_flow();
	return tap_done();
}
