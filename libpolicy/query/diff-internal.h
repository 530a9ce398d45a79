/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What diff.c (symbols) and diff-av.c (AV rules) share: the item lists. */
#ifndef POL_QUERY_DIFF_INTERNAL_H
#define POL_QUERY_DIFF_INTERNAL_H

#include "query/diff.h"
#include "query/internal.h"

/* The items of one section while they are found: added, removed and
 * modified apart, sorted and joined by query_diff_finish(). */
struct query_diff_build {
	struct pol_diff_item *v[3];
	size_t n[3], alloc[3];
	struct pol_strpool *pool;
	bool failed; /* out of memory once: every later call is a no-op */
	/* the items were added in sediff's order (not their text's) */
	bool in_order;
	/* an AV section's items, kept compact instead (diff-av.c) */
	struct query_diff_av_list *av;
};

/* Add an item of kind '+', '-' or '*' with a copy of text; NULL (and
 * b->failed) when out of memory. */
struct pol_diff_item *query_diff_add(struct query_diff_build *b, char kind, const char *text);
/* A pool copy of the n strings of v, NULL-terminated (NULL on failure). */
const char *const *query_diff_strv(struct query_diff_build *b, const char *const *v, size_t n);
/* Sort each group (unless b->in_order), join them into *out (the pool
 * moves there). 0 or -ENOMEM
 * with the reason in err; b is released either way. */
int query_diff_finish(struct query_diff_build *b, enum pol_diff_section section,
		      struct pol_diff_list **out, struct pol_err *err);

/* The key of a conditional's branch (heap string): the names of the
 * booleans expr depends on, sorted, and its truth table over them
 * (negated for the false branch), so that equivalent expressions share
 * it. More than 6 booleans: text (the expression as setools prints it)
 * and the branch. */
char *query_diff_cond_key(const policydb_t *p, const cond_expr_t *expr, const char *text,
			  bool branch);

/* The AV sections: allow, auditallow, dontaudit. Their differences are
 * kept as indexes and permission masks, an item's lines written when it is
 * asked for, since a large difference (a million rules) would take
 * hundreds of megabytes as text. 0 and *out (free with
 * query_diff_av_free(); it borrows both policies' names), or -ENOMEM. */
struct query_diff_av_list;
int query_diff_av(const struct pol_pdb *left, const struct pol_pdb *right,
		  enum pol_diff_section section, struct query_diff_av_list **out);
/* The number of added, removed and modified rules. */
void query_diff_av_counts(const struct query_diff_av_list *list, size_t n[3]);
/* Item i (added, then removed, then modified, each in sediff's order),
 * written into the list's storage, valid until the next call; NULL when
 * out of memory. */
const struct pol_diff_item *query_diff_av_item(struct query_diff_av_list *list, size_t i);
void query_diff_av_free(struct query_diff_av_list *list);

/* The sections of keyed items: type_*, role allow, role_transition,
 * range_transition rules and the labeling statements. */
void query_diff_keyed(const struct pol_pdb *left, const struct pol_pdb *right,
		      enum pol_diff_section section, struct query_diff_build *b);

#endif
