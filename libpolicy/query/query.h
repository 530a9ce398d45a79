/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Rule searches over a loaded policy with setools' semantics: attributes
 * match through their member types unless asked for directly, regular
 * expressions search (unanchored), permission sets intersect unless asked
 * for equality or a subset.
 */
#ifndef POL_QUERY_H
#define POL_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "pdb/pdb.h"
#include "util/err.h"

enum pol_rule_kind {
	POL_RULE_ALLOW,
	POL_RULE_AUDITALLOW,
	POL_RULE_DONTAUDIT,
	POL_RULE_NEVERALLOW,
	POL_RULE_ALLOWXPERM,
	POL_RULE_AUDITALLOWXPERM,
	POL_RULE_DONTAUDITXPERM,
	POL_RULE_NEVERALLOWXPERM,
	POL_RULE_TYPE_TRANSITION,
	POL_RULE_TYPE_CHANGE,
	POL_RULE_TYPE_MEMBER,
	POL_RULE_ROLE_ALLOW,
	POL_RULE_ROLE_TRANSITION,
	POL_RULE_RANGE_TRANSITION,
	POL_RULE_KIND_COUNT
};

#define POL_RULE_BIT(k) (1u << (k))
#define POL_RULES_TE (POL_RULE_BIT(POL_RULE_ROLE_ALLOW) - 1)
#define POL_RULES_RBAC (POL_RULE_BIT(POL_RULE_ROLE_ALLOW) | POL_RULE_BIT(POL_RULE_ROLE_TRANSITION))
#define POL_RULES_MLS POL_RULE_BIT(POL_RULE_RANGE_TRANSITION)

/* The keyword of a rule kind as the policy language spells it. */
const char *pol_rule_kind_name(enum pol_rule_kind kind);

/* What to search for. Strings are borrowed; NULL or "" means "any". */
struct pol_rule_query {
	unsigned int kinds; /* POL_RULE_BIT() set */
	const char *source, *target, *deflt;
	bool source_direct, target_direct;
	bool source_regex, target_regex, default_regex;
	/* sesearch's quirk: a type attribute without members given as source,
	 * target or default counts as "any" (setools tests the criterion for
	 * truth). Off, such an attribute matches no rule. */
	bool empty_attr_is_any;
	const char *classes; /* comma-separated names, or one regex */
	bool class_regex;
	const char *perms; /* comma-separated */
	bool perms_equal, perms_subset;
	const char *xperms; /* comma-separated hex values and ranges, e.g. 0x8910-0x8920 */
	bool xperms_equal;
	const char *bools; /* comma-separated names, or one regex */
	bool bools_equal, bools_regex;
};

/* One matching rule. All strings belong to the result list. */
struct pol_rule {
	enum pol_rule_kind kind;
	const char *source, *target, *tclass; /* tclass NULL for role allow */
	const char **perms;  /* sorted; NULL-terminated; NULL for type rules */
	const char *xperm_type; /* "ioctl" for xperm rules */
	const char *xperms;     /* e.g. "0x8910-0x8920 0x8927" */
	const char *deflt;      /* type, role or range; NULL for access rules */
	const char *filename;   /* name of a name-based type_transition */
	const char *cond;       /* conditional expression, or NULL */
	bool cond_branch;       /* rule sits in the true (if) branch */
	const char *text;       /* the statement, as sesearch prints it */
};

struct pol_rule_list {
	struct pol_rule *rules;
	size_t count;
	/* private */
	size_t alloc;
	struct pol_strpool *pool;
};

/* Run q against pdb. On success *out is a list sorted as sesearch sorts
 * (TE rules, then RBAC, then MLS, each by statement text); free it with
 * pol_rule_list_free(). Unknown names or bad patterns give POL_ENOTFOUND,
 * POL_EREGEX or POL_EINVAL with the reason in err. */
int pol_rule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
		    struct pol_rule_list **out, struct pol_err *err);
void pol_rule_list_free(struct pol_rule_list *list);

/*
 * ---- Access questions: who can, what can ---------------------------------
 *
 * Answers built from allow rules only (not auditallow or dontaudit): the
 * rules that match, regrouped by who benefits. Conditional rules count and
 * keep their expression; an attribute in a rule stands for its member types.
 */

/* Why an entry holds: one allow rule, and the attributes it matched through. */
struct pol_access_reason {
	const struct pol_rule *rule;
	const char *source_attr; /* the rule's source, an attribute holding the entry's source */
	const char *target_attr; /* the rule's target, an attribute holding the asked target */
};

/* One answer: a source type that may act (who can), or a target and class
 * the source may act on (what can), with the rules granting it. */
struct pol_access {
	const char *source; /* who can: a type; what can: the asked source */
	const char *target; /* who can: the asked target; what can: the rule's target */
	const char *tclass;
	const char **perms; /* sorted, NULL-terminated: who can: the asked permissions
			     * granted; what can: all permissions granted */
	const struct pol_access_reason *reasons; /* in sesearch's order */
	size_t nreasons;
};

struct pol_access_list {
	struct pol_access *items;
	size_t count;
	/* private */
	struct pol_rule_list *rules;
	struct pol_access_reason *reasons;
	struct pol_strpool *pool;
};

enum pol_access_flags {
	/* who can: one of the permissions is enough (default: all of them) */
	POL_ACCESS_ANY = (1 << 0),
};

/*
 * Which source types may use perms (comma-separated) on tclass objects of
 * target (a type, alias or attribute)? A type is listed when the union of the
 * allow rules it gets (directly or through its attributes) holds every
 * permission, or one with POL_ACCESS_ANY. For an attribute target the
 * permissions must meet on one of its member types. Items are sorted by
 * source name. Returns 0 and *out (free with pol_access_list_free()), or
 * POL_ENOTFOUND/POL_EINVAL with the reason, and the nearest names, in err.
 */
int pol_access_who_can(const struct pol_pdb *pdb, const char *perms, const char *tclass,
		       const char *target, unsigned int flags, struct pol_access_list **out,
		       struct pol_err *err);

/*
 * What may source (a type, alias or attribute) do: its allow rules, matched
 * through attributes as pol_rule_search() matches them, one item per target
 * and class, sorted by class then target. tclass (comma-separated names)
 * restricts the classes; NULL or "" means all. Returns as pol_access_who_can().
 */
int pol_access_what_can(const struct pol_pdb *pdb, const char *source, const char *tclass,
			struct pol_access_list **out, struct pol_err *err);

void pol_access_list_free(struct pol_access_list *list);

/*
 * What a generated attribute stands for. checkmodule and CIL give the type
 * set they make for a rule's type expression ("{ file_type -shadow_t }") a
 * name of their own, NAME_typeattr_N (base_typeattr_23), which says
 * nothing. Returns a heap string (free()): "{ ATTR -t1 -t2 }", the named
 * attribute holding all its members with the fewest types left out, when
 * at most 8 are; else "{ t1 t2 }", its members, when at most 8; else
 * "{ ATTR -N types }" or "N types". NULL when attr is no generated
 * attribute, or out of memory.
 */
char *pol_access_attr_text(const struct pol_pdb *pdb, const char *attr);

#endif
