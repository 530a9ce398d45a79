/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reachability graphs over a loaded policy: domain transitions as setools'
 * sedta 4.4 defines them and information flows from a permission map as
 * seinfoflow defines them, with the searches both tools offer. Nodes are
 * types, named by their policy value (1-based, as pdb gives them); edges
 * live in adjacency arrays and keep no rule: the rules that justify an
 * edge are found again when asked for (pol_graph_explain()).
 */
#ifndef POL_GRAPH_H
#define POL_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pdb/pdb.h"
#include "util/err.h"

struct pol_graph;
struct pol_permmap;

/* ---- Permission maps (setools' format) ---------------------------------- */

/*
 * Read a permission map in setools' format: a class count, then per class
 * "class NAME COUNT" and COUNT lines "PERM DIR [WEIGHT]" with DIR one of
 * r w b n u and WEIGHT 1-10 (10 when absent, as the format's header says).
 * A NULL path is the default map (pol_permmap_default_path()), or, when
 * that file does not exist and $SEKIT_PERM_MAP is unset, the copy of
 * sekit's map built into the library.
 * Returns 0 and *out (free with pol_permmap_free()), -errno when the file
 * cannot be read, or POL_EFORMAT with a "file:line: message" diagnostic.
 */
int pol_permmap_load(const char *path, struct pol_permmap **out, struct pol_err *err);
void pol_permmap_free(struct pol_permmap *map);

/* The map sekit ships: $SEKIT_PERM_MAP when set, else the source tree's
 * when this program runs from the build tree, else the installed one.
 * Borrowed string. */
const char *pol_permmap_default_path(void);

/* Call fn for every permission of pdb's classes that the map does not
 * mention (such a permission makes no flow). Returns how many. */
size_t pol_permmap_unmapped(const struct pol_permmap *map, const struct pol_pdb *pdb,
			    void (*fn)(const char *tclass, const char *perm, void *data),
			    void *data);

/* Directions in pol_permmap_lookup(): bits, 0 for 'n' (none) and 'u'. */
enum { POL_PERMMAP_READ = 1, POL_PERMMAP_WRITE = 2 };

/* How the map says tclass's perm moves information: *dir (bits of
 * POL_PERMMAP_READ and _WRITE) and *weight (1-10). false when the map does
 * not mention the permission (both left alone). */
bool pol_permmap_lookup(const struct pol_permmap *map, const char *tclass, const char *perm,
			unsigned int *dir, unsigned int *weight);

/* ---- Building ------------------------------------------------------------ */

enum pol_graph_bool_mode {
	/* every conditional rule counts, from both branches (sedta, seinfoflow) */
	POL_GRAPH_BOOLS_IGNORE,
	/* seinfoflow -b: edge weights stay those of all rules; an edge goes
	 * when every rule behind it is disabled */
	POL_GRAPH_BOOLS_SETOOLS,
	/* disabled rules do not exist: weights come from enabled rules only */
	POL_GRAPH_BOOLS_EXACT,
};

struct pol_graph_opts {
	/* types removed from the graph (for transitions, as entrypoints too) */
	const uint32_t *exclude;
	size_t nexclude;
	/* flows: edges whose weight is below this (1-10) are dropped */
	unsigned int min_weight;
	enum pol_graph_bool_mode bool_mode;
	/* boolean states by value - 1 (pdb's order); NULL: the policy's */
	const uint8_t *bool_values;
	/* transitions: setexec/setcurrent must be allowed on the domain itself
	 * and a type_transition must name the target (kernel semantics) */
	bool exact;
	/* transitions: only into types authorised for a role reachable from
	 * role (or, without it, from user's roles) by "allow R1 R2" rules,
	 * among user's roles when user is set; NULL for no restriction. An
	 * unknown name is POL_ENOTFOUND (did-you-mean note), a role the user
	 * lacks POL_EINVAL. */
	const char *user, *role;
};

/* The domain-transition graph of sedta 4.4 (transition + execute +
 * entrypoint + type_transition or setexec; dyntransition + setcurrent;
 * attributes expanded; no self edge). Returns 0 and *out (free with
 * pol_graph_free()), or -ENOMEM. */
int pol_graph_dta(const struct pol_pdb *pdb, const struct pol_graph_opts *opts,
		  struct pol_graph **out, struct pol_err *err);

/* The information-flow graph: for each allow rule and expanded source s and
 * target t (s != t), an edge s->t when it has a write weight and t->s when
 * it has a read weight; an edge weighs the maximum over its rules. */
int pol_graph_flow(const struct pol_pdb *pdb, const struct pol_permmap *map,
		   const struct pol_graph_opts *opts, struct pol_graph **out, struct pol_err *err);

void pol_graph_free(struct pol_graph *g);

/* Counts of the whole graph before exclusions and filters, as setools'
 * --stats prints them. */
size_t pol_graph_node_count(const struct pol_graph *g);
size_t pol_graph_edge_count(const struct pol_graph *g);
/* Type values of the graph's policy run 1..pol_graph_type_count(). */
uint32_t pol_graph_type_count(const struct pol_graph *g);
/* Is type v a node of the graph after exclusions? */
bool pol_graph_has_node(const struct pol_graph *g, uint32_t v);
/* Can a login run in type v under the graph's --role/--user restriction
 * (always true without one)? */
bool pol_graph_role_allows(const struct pol_graph *g, uint32_t v);
/* Weight of edge s->t (flows; 1 for transitions), 0 when there is none. */
unsigned int pol_graph_weight(const struct pol_graph *g, uint32_t s, uint32_t t);

/* ---- Searches ------------------------------------------------------------- */

enum pol_graph_search_flags {
	/* follow edges backwards (flows into / transitions into) */
	POL_GRAPH_REVERSE = (1 << 0),
};

/* Called with each path found: n node values, path[0] the start. Return
 * non-zero to stop the search. */
typedef int (*pol_graph_path_fn)(const uint32_t *path, size_t n, void *data);

/* The direct neighbours of s, each as a two-node path {s, t}. Returns the
 * number reported. */
size_t pol_graph_neighbours(const struct pol_graph *g, uint32_t s, unsigned int flags,
			    pol_graph_path_fn fn, void *data);

/* Every shortest path (by hop count) from s to t; s == t gives the one-node
 * path when s is a node. Returns the number reported or -ENOMEM. */
long pol_graph_shortest_paths(const struct pol_graph *g, uint32_t s, uint32_t t, unsigned int flags,
			      pol_graph_path_fn fn, void *data);

/* Every simple path from s to t (s != t) of at most max_steps edges, each
 * reported as soon as found. Returns the number reported or -ENOMEM. */
long pol_graph_all_paths(const struct pol_graph *g, uint32_t s, uint32_t t, unsigned int max_steps,
			 unsigned int flags, pol_graph_path_fn fn, void *data);

/* Every node reachable from s in 1..max_steps edges, reported as a
 * shortest path to it (breadth-first order). Returns the number reported
 * or -ENOMEM. */
long pol_graph_reachable(const struct pol_graph *g, uint32_t s, unsigned int max_steps,
			 unsigned int flags, pol_graph_path_fn fn, void *data);

/* ---- Explanations --------------------------------------------------------- */

/* The rules behind an edge, as setools prints them ("allow a b:c p;", with
 * " [ expr ]:True" for a conditional rule). For transitions the lists are
 * those of sedta --full; for flows only rules is used. */
struct pol_graph_entrypoint {
	uint32_t type;
	char **entrypoint, **execute, **type_transition; /* NULL-terminated */
};

struct pol_graph_edge_rules {
	char **rules; /* flows; sorted, a rule twice when it flows both ways */
	char **transition, **setexec, **dyntransition, **setcurrent;
	struct pol_graph_entrypoint *entrypoints; /* sorted by type name */
	size_t nentrypoints;
};

/* Fill *out with the rules that make edge s->t. Returns 0, or -ENOMEM.
 * Release with pol_graph_edge_rules_release(). */
int pol_graph_explain(const struct pol_graph *g, uint32_t s, uint32_t t,
		      struct pol_graph_edge_rules *out);
void pol_graph_edge_rules_release(struct pol_graph_edge_rules *r);

/*
 * Why s -> t is, or is not, a domain transition: every rule the graph's
 * definition (sedta's, or --exact's) reads for that pair, in force or
 * turned off by the boolean state, and the candidate entrypoints (the
 * types t may be entered from, and those of a type_transition from s to t).
 * Rule texts as pol_graph_explain() prints them; every list sorted and
 * NULL-terminated, possibly empty.
 */
struct pol_graph_why_entrypoint {
	uint32_t type;
	bool excluded;		      /* named on the command line: cannot count */
	char **execute;		      /* allow S E:file execute */
	char **entrypoint;	      /* allow T E:file entrypoint */
	char **type_transition;	      /* type_transition S E:process T */
	char **type_transition_other; /* type_transition S E:process X, X != T */
	char **disabled;	      /* rules of the above kinds whose branch is off */
};

struct pol_graph_why {
	bool edge;		     /* s -> t is an edge (exclusions applied) */
	bool exec_ok, dyn_ok;	     /* either kind holds (before exclusions) */
	bool excluded_s, excluded_t; /* an end was excluded */
	char **transition, **setexec, **dyntransition, **setcurrent; /* counted */
	/* exact graphs: setexec/setcurrent granted on another type only */
	char **setexec_other, **setcurrent_other;
	char **disabled; /* process rules of the above kinds whose branch is off */
	struct pol_graph_why_entrypoint *entrypoints; /* sorted by type name */
	size_t nentrypoints;
};

/* Fill *out for the pair s, t of a transition graph. Returns 0, -ENOMEM, or
 * POL_EINVAL (not a transition graph, or a value out of range). Release
 * with pol_graph_why_release(). */
int pol_graph_why(const struct pol_graph *g, uint32_t s, uint32_t t, struct pol_graph_why *out);
void pol_graph_why_release(struct pol_graph_why *w);

/* ---- Names --------------------------------------------------------------- */

/* The value of a type, alias or attribute name (0: unknown), whether a value
 * is an attribute, and the name of a value (borrowed). */
uint32_t pol_graph_type_value(const struct pol_pdb *pdb, const char *name);
bool pol_graph_is_attribute(const struct pol_pdb *pdb, uint32_t v);
const char *pol_graph_type_name(const struct pol_pdb *pdb, uint32_t v);

/*
 * Boolean states for pol_graph_opts.bool_values: the policy's defaults, then
 * the changes spec lists. With setools set, spec is seinfoflow's -b:
 * "default" or "a:true,b:false" (true/false in any case), and names the
 * policy lacks are ignored as seinfoflow ignores them (a warning in err).
 * Otherwise spec is "default" or "a=on,b=off" (on/off, true/false, 1/0)
 * and an unknown name is an error with a did-you-mean note. Returns 0 and
 * *values (one byte per boolean, free()), or POL_EINVAL/POL_ENOTFOUND.
 */
int pol_graph_bools(const struct pol_pdb *pdb, const char *spec, bool setools, uint8_t **values,
		    struct pol_err *err);
/* Set boolean name in values; POL_ENOTFOUND (no message) when unknown. */
int pol_graph_bool_set(const struct pol_pdb *pdb, uint8_t *values, const char *name, bool on);

#endif
