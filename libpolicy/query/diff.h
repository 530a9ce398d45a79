/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What changed between two kernel policies, section by section, with
 * setools' sediff semantics: symbols matched by name, AV rules expanded to
 * (source type, target type, class) per conditional branch with their
 * permissions unioned, conditional entries an unconditional rule already
 * covers dropped. Conditionals are compared by truth table, not by text.
 */
#ifndef POL_QUERY_DIFF_H
#define POL_QUERY_DIFF_H

#include <stddef.h>

#include "pdb/pdb.h"
#include "util/err.h"

/* The sections, in the order sediff 4.4 prints them. */
enum pol_diff_section {
	POL_DIFF_PROPERTIES, /* modified only: handle_unknown, MLS, version */
	POL_DIFF_COMMONS,
	POL_DIFF_CLASSES,
	POL_DIFF_BOOLS,
	POL_DIFF_ROLES,
	POL_DIFF_TYPES,
	POL_DIFF_ATTRIBUTES,
	POL_DIFF_USERS,
	POL_DIFF_CATEGORIES,
	POL_DIFF_SENSITIVITIES,
	POL_DIFF_LEVELS,
	POL_DIFF_ALLOW,
	POL_DIFF_ALLOWXPERM,
	POL_DIFF_NEVERALLOW, /* a kernel policy holds none: always empty */
	POL_DIFF_NEVERALLOWXPERM,
	POL_DIFF_AUDITALLOW,
	POL_DIFF_AUDITALLOWXPERM,
	POL_DIFF_DONTAUDIT,
	POL_DIFF_DONTAUDITXPERM,
	POL_DIFF_TYPE_TRANS,
	POL_DIFF_TYPE_CHANGE,
	POL_DIFF_TYPE_MEMBER,
	POL_DIFF_ROLE_ALLOW,
	POL_DIFF_ROLE_TRANS,
	POL_DIFF_RANGE_TRANS,
	POL_DIFF_CONSTRAINS,
	POL_DIFF_MLSCONSTRAINS,
	POL_DIFF_VALIDATETRANS,
	POL_DIFF_MLSVALIDATETRANS,
	POL_DIFF_INITIALSIDS,
	POL_DIFF_IBENDPORTCON,
	POL_DIFF_IBPKEYCON,
	POL_DIFF_FS_USE,
	POL_DIFF_GENFSCON,
	POL_DIFF_NETIFCON,
	POL_DIFF_NODECON,
	POL_DIFF_PORTCON,
	POL_DIFF_POLCAPS,
	POL_DIFF_DEFAULTS,
	POL_DIFF_TYPEBOUNDS,
	POL_DIFF_SECTION_COUNT
};

/* One added ('+'), removed ('-') or modified ('*') item. */
struct pol_diff_item {
	char kind;
	const char *text; /* the line after the sign, as sediff prints it */
	/* lines printed under a modified item ("Attributes:", "+ an_attr"),
	 * NULL-terminated; NULL when none */
	const char *const *details;
	/* a modified rule: the rule as in the first policy, and its
	 * permissions by fate (NULL-terminated, sorted; an xperm rule's as
	 * runs of ioctls, "0x8901-0x8902"); NULL otherwise */
	const char *rule;
	const char *const *added, *const *removed, *const *matched;
	/* a modified type_*, role_transition or range_transition rule or
	 * labeling statement: what changed ("default", "range", "context")
	 * and its value in each policy; NULL otherwise */
	const char *value_name, *added_value, *removed_value;
};

/* A section's differences: the added items, then the removed, then the
 * modified, each group sorted as sediff sorts it. Read them with
 * pol_diff_list_item(). */
struct pol_diff_list {
	enum pol_diff_section section;
	size_t added, removed, modified;
	size_t count;
	/* private: the items, their strings, or an AV section's compact rules */
	struct pol_diff_item *items;
	void *pool;
	void *av;
};

/* Compute one section's differences from left to right. Returns 0 and
 * *out (free with pol_diff_list_free()), or -ENOMEM with the reason in
 * err. The AV sections build the expanded rules of one source type at a
 * time, so memory stays bounded by one type's rules and the output. */
int pol_diff_section(const struct pol_pdb *left, const struct pol_pdb *right,
		     enum pol_diff_section section, struct pol_diff_list **out,
		     struct pol_err *err);
void pol_diff_list_free(struct pol_diff_list *list);
/* Item i of the list (i < count). The AV sections keep their rules as
 * numbers and write an item's strings when it is asked for, into the
 * list's storage, valid until the next call (so that a million changed
 * rules do not take their text's memory at once); other items are kept.
 * NULL when out of memory. A list borrows the policies' names: free it
 * before them. */
const struct pol_diff_item *pol_diff_list_item(struct pol_diff_list *list, size_t i);

/* sediff's header name ("Allow Rules", "Type Attributes"), the name in the
 * "Added ...:" lines of items of kind '+', '-' or '*' ("Allow Rules",
 * "Type Attributes"; sediff writes "Added Sensitivites"), and the --json
 * key stem ("allows", "type_attributes"). */
const char *pol_diff_section_title(enum pol_diff_section section);
const char *pol_diff_section_items(enum pol_diff_section section, char kind);
const char *pol_diff_section_key(enum pol_diff_section section);
/* Whether the section's header shows a Modified count (Policy Properties
 * shows only that one). */
bool pol_diff_section_has_modified(enum pol_diff_section section);

#endif
