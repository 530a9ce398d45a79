/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the rule searches: compiled criteria and result storage. */
#ifndef POL_QUERY_INTERNAL_H
#define POL_QUERY_INTERNAL_H

#include "pdb/internal.h"

#include <stdint.h>

#include "query/query.h"
#include "util/buf.h"
#include "util/regex.h"

/* An arena for result strings: freed all at once with the list. */
struct pol_strpool;
char *query_pool_strdup(struct pol_strpool **pool, const char *s);
void *query_pool_alloc(struct pol_strpool **pool, size_t size);
void query_pool_free(struct pol_strpool *pool);

/* Which symbol values (1-based) a rule field may hold to match. NULL ok
 * means "no criterion": everything matches. */
struct value_match {
	uint8_t *ok;
	uint32_t n; /* values 1..n */
};

static inline bool value_matches(const struct value_match *m, uint32_t v)
{
	return !m->ok || (v <= m->n && m->ok[v]);
}

void query_value_match_release(struct value_match *m);

/* The rule kind of an access-vector entry's specified bits (AVTAB_ENABLED
 * aside); POL_RULE_KIND_COUNT for none. */
enum pol_rule_kind query_rule_kind(uint16_t specified);

/* A type or attribute criterion on a rule field. Indirect: the field's
 * member types share one with the criterion's; direct: the field is the
 * criterion itself. With regex, the pattern is tried on member type names
 * (indirect) or on the field's own name (direct). */
int query_type_match_build(const struct pol_pdb *pdb, const char *crit, bool direct, bool regex,
			   bool empty_attr_is_any, struct value_match *m, struct pol_err *err);
/* Roles have no attributes in a kernel policy: a role matches itself or,
 * with regex, by name. */
int query_role_match_build(const struct pol_pdb *pdb, const char *crit, bool regex,
			   struct value_match *m, struct pol_err *err);
/* Classes: a comma-separated list of names, or one regex. */
int query_class_match_build(const struct pol_pdb *pdb, const char *crit, bool regex,
			    struct value_match *m, struct pol_err *err);

/* Permission names, checked as setools checks them: each must exist in at
 * least one of the selected classes (all classes when none or a regex). */
struct perm_match {
	char **names;
	size_t count;
	uint32_t *mask;    /* per class: bits of the names that class has */
	uint8_t *has_all;  /* per class: every name exists in the class */
	bool equal, subset;
};

int query_perm_match_build(const struct pol_pdb *pdb, const char *crit,
			   const struct value_match *classes, bool equal, bool subset,
			   struct perm_match *m, struct pol_err *err);
bool query_perm_matches(const struct perm_match *m, uint32_t tclass, uint32_t perms);
void query_perm_match_release(struct perm_match *m);

/* The permission bits a class defines. */
uint32_t query_class_valid_perms(const struct pol_pdb *pdb, uint32_t tclass);

/* A set of ioctl numbers (0..0xffff). */
struct xperm_set {
	uint64_t bits[65536 / 64];
};

int query_xperm_set_parse(const char *text, struct xperm_set *set, struct pol_err *err);
void query_xperm_set_from_avtab(const avtab_extended_perms_t *x, struct xperm_set *set);
/* Add what x allows to set. */
void query_xperm_set_add_avtab(const avtab_extended_perms_t *x, struct xperm_set *set);
bool query_xperm_set_intersects(const struct xperm_set *a, const struct xperm_set *b);
bool query_xperm_set_equal(const struct xperm_set *a, const struct xperm_set *b);
/* "0x0001-0x0003 0x0010"; *ranges receives the number of groups. Heap string. */
char *query_xperm_set_format(const struct xperm_set *set, size_t *ranges);
/* The first run of consecutive ioctls of set at or after from, as *lo..*hi;
 * false when there is none. */
bool query_xperm_set_next_range(const struct xperm_set *set, unsigned int from, unsigned int *lo,
				unsigned int *hi);
/* "0x0001" or "0x0001-0x0003", as setools writes a run, appended to b. */
void query_xperm_range_format(struct pol_buf *b, unsigned int lo, unsigned int hi);

/* Boolean criterion on a conditional rule's expression. */
struct bool_match {
	uint8_t *wanted; /* per boolean value */
	uint32_t n, count;
	bool equal;
};

int query_bool_match_build(const struct pol_pdb *pdb, const char *crit, bool regex, bool equal,
			   struct bool_match *m, struct pol_err *err);
bool query_bool_matches(const struct bool_match *m, const cond_expr_t *expr);
void query_bool_match_release(struct bool_match *m);

/* "s0:c0.c3,c5" and "low - high" in setools' notation (heap strings). */
char *query_mls_level_format(const struct pol_pdb *pdb, const mls_level_t *level);
char *query_mls_range_format(const struct pol_pdb *pdb, const mls_range_t *range);

/* Result list growth. */
struct pol_rule *query_rule_list_add(struct pol_rule_list *list);

/* The searches behind pol_rule_search(), each appending to list. */
int query_terule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			struct pol_rule_list *list, struct pol_err *err);
int query_rbacrule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			  struct pol_rule_list *list, struct pol_err *err);
int query_mlsrule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
			 struct pol_rule_list *list, struct pol_err *err);

/* Split a comma-separated list into a NULL-terminated heap array of heap
 * strings (free with query_strv_free()); empty items are dropped. */
char **query_strv_split(const char *s, size_t *count);
void query_strv_free(char **v);

#endif
