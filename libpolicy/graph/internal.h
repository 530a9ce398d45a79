/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the graph area's files share. */
#ifndef POL_GRAPH_INTERNAL_H
#define POL_GRAPH_INTERNAL_H

#include "pdb/internal.h"

#include <stdint.h>

#include "graph/graph.h"

enum graph_kind { GRAPH_DTA, GRAPH_FLOW };

/* Flow directions of a permission, as bits. */
enum { PM_READ = 1, PM_WRITE = 2 };

/* A rule of the TE index, reduced to what the graphs read. */
struct graph_rule {
	avtab_ptr_t node;
	uint32_t cond; /* as pdb_te_ref.cond */
};

static inline uint64_t *bits_row(uint64_t *m, uint32_t words, uint32_t row)
{
	return m + (size_t)row * words;
}

static inline bool bit_get(const uint64_t *b, uint32_t i)
{
	return (b[i / 64] >> (i % 64)) & 1;
}

static inline void bit_set(uint64_t *b, uint32_t i)
{
	b[i / 64] |= (uint64_t)1 << (i % 64);
}

struct pol_graph {
	const struct pol_pdb *pdb;
	/* every TE rule: the avtab, then each conditional's lists */
	struct graph_rule *all;
	size_t nall;
	const cond_node_t **conds; /* in cond_list order, as pdb's TE index */
	uint32_t nconds;
	enum graph_kind kind;
	uint32_t n;	   /* types: nodes 0..n-1 are values 1..n */
	uint32_t words;	   /* 64-bit words of a row of n bits */
	uint64_t *present; /* nodes of the graph, exclusions removed */
	uint64_t *excluded;
	size_t nodes_all, edges_all;
	/* adjacency: out[out_start[v]..out_start[v + 1]) (0-based node ids) */
	uint32_t *out_start, *out, *in_start, *in;
	uint8_t *out_w;
	/* rule evaluation */
	enum pol_graph_bool_mode bool_mode;
	bool exact;
	uint8_t *cond_on; /* per conditional of idx: its expression is true */
	/* member types of each type or attribute value (0-based ids) */
	uint32_t *mem_start, *mem;
	/* flows: per class value - 1, per permission bit: directions, weight */
	uint8_t (*pm_dir)[32], (*pm_w)[32];
	/* transitions */
	uint64_t *trans, *dyn, *exec, *entry, *ttany; /* n x words */
	uint64_t *setexec, *setcurrent;		      /* words */
	uint64_t *exec_ok, *dyn_ok;		      /* n x words: valid edges */
	/* process type_transitions by (s, e, d), 0-based; name is the object
	 * name of a filename type_transition (no rule then), else NULL */
	struct graph_tt {
		uint32_t s, e, d;
		struct graph_rule rule;
		const char *name;
	} * tt;
	size_t ntt;
	/* dta with a role/user: the types a reachable role is authorised for
	 * (n bits); NULL: no restriction */
	uint64_t *domains;
	/* dta: the rules read, by source type or attribute: those of value v
	 * are rules[rules_start[v - 1]] up to rules[rules_start[v]] */
	struct graph_rule *rules;
	size_t nrules, *rules_start;
};

/* Is rule r in force under the graph's boolean state (always true when
 * conditionals are ignored)? */
bool graph_rule_enabled(const struct pol_graph *g, const struct graph_rule *r);
/* Is the rule conditional and its branch off under the policy's state? */
bool graph_rule_disabled_by_state(const struct pol_graph *g, const struct graph_rule *r);

/* Member types (0-based) of type or attribute value v. */
static inline const uint32_t *graph_members(const struct pol_graph *g, uint32_t v, size_t *n)
{
	*n = g->mem_start[v] - g->mem_start[v - 1];
	return g->mem + g->mem_start[v - 1];
}

/* Does type id x (0-based) belong to type or attribute value v? */
static inline bool graph_in(const struct pol_graph *g, uint32_t x, uint32_t v)
{
	return ebitmap_get_bit(&g->pdb->p.type_attr_map[x], v - 1);
}

/* Common set-up of both graphs; graph_finish() builds the adjacency from
 * the edges the builder found. */
int graph_init(struct pol_graph *g, const struct pol_pdb *pdb, const struct pol_graph_opts *o,
	       enum graph_kind kind);
/* Count the nodes, take the excluded ones out, and build the in-adjacency
 * from the out-adjacency. */
int graph_finish(struct pol_graph *g);
/* Every rule collected (graph_init()), *n of them. */
const struct graph_rule *graph_all_rules(const struct pol_graph *g, size_t *n);

/* The permission table of map over pdb's classes. */
int graph_permmap_apply(const struct pol_permmap *map, const struct pol_pdb *pdb,
			uint8_t (**dir)[32], uint8_t (**w)[32]);

/* The permissions the transition graph reads (-1: the policy lacks one). */
struct dta_perms {
	uint32_t process, file;
	int transition, dyntransition, setexec, setcurrent, execute, entrypoint;
};

void graph_dta_perms(const struct pol_graph *g, struct dta_perms *dp);

static inline bool has_perm(uint32_t perms, int bit)
{
	return bit >= 0 && (perms & (1u << bit));
}

/* The entrypoints of s -> t (0-based ids) before exclusions, into ep (a
 * row of bits). Returns whether the exec transition holds. */
bool graph_dta_entrypoints(const struct pol_graph *g, uint32_t s, uint32_t t, uint64_t *ep);
/* Is there "type_transition s e:process d" (0-based ids, d a value - 1)? */
bool graph_tt_has(const struct pol_graph *g, uint32_t s, uint32_t e, uint32_t d);
/* Read and write weights of an allow rule's permissions. */
void graph_rule_weight(const struct pol_graph *g, const avtab_key_t *key, uint32_t perms,
		       unsigned int *r, unsigned int *w);

/* A growing NULL-terminated list of heap strings; a NULL string added (a
 * failed allocation) marks the list failed. */
struct graph_strv {
	char **v;
	size_t n, alloc;
	bool failed;
};

void graph_strv_add(struct graph_strv *sv, char *s);
/* The list (never NULL unless *failed is set), sorted when asked. */
char **graph_strv_done(struct graph_strv *sv, bool sort, bool *failed);
void graph_strv_free(char **v);

/* Fill g->domains for pol_graph_opts' user and role. Returns 0 or a
 * negative status recorded in err. */
int graph_role_domains(struct pol_graph *g, const char *user, const char *role,
		       struct pol_err *err);

/* "allow a b:c { p q };" [ " [ expr ]:True" ], heap string. */
char *graph_rule_text(const struct pol_graph *g, const struct graph_rule *r);
/* A filename type_transition as setools prints it (the name unquoted); heap,
 * or NULL when out of memory. */
char *graph_named_tt_text(const struct pol_graph *g, const struct graph_tt *n);

#endif
