/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Policy components listed and counted the way setools' seinfo lists and
 * counts them: the same selection, the same statement text, the same order.
 */
#ifndef POL_QUERY_INFO_H
#define POL_QUERY_INFO_H

#include <stdbool.h>
#include <stddef.h>

#include "pdb/pdb.h"
#include "util/err.h"

/* Component kinds, in the order seinfo prints them. */
enum pol_info_kind {
	POL_INFO_BOOL,
	POL_INFO_CATEGORY,
	POL_INFO_CLASS,
	POL_INFO_COMMON,
	POL_INFO_CONSTRAIN,     /* constrain and mlsconstrain */
	POL_INFO_DEFAULT,       /* default_user/role/type/range */
	POL_INFO_FS_USE,
	POL_INFO_GENFSCON,
	POL_INFO_IBENDPORTCON,
	POL_INFO_IBPKEYCON,
	POL_INFO_INITIALSID,
	POL_INFO_NETIFCON,
	POL_INFO_NODECON,
	POL_INFO_PERMISSIVE,
	POL_INFO_POLCAP,
	POL_INFO_PORTCON,
	POL_INFO_ROLE,
	POL_INFO_SENSITIVITY,
	POL_INFO_TYPEBOUNDS,
	POL_INFO_TYPE,
	POL_INFO_ATTRIBUTE,
	POL_INFO_USER,
	POL_INFO_VALIDATETRANS, /* validatetrans and mlsvalidatetrans */
	POL_INFO_IOPORTCON,     /* the Xen kinds: empty on an SELinux policy */
	POL_INFO_IOMEMCON,
	POL_INFO_PCIDEVICECON,
	POL_INFO_PIRQCON,
	POL_INFO_DEVICETREECON,
	POL_INFO_KIND_COUNT
};

/* seinfo's heading ("Booleans", "Type Attributes", ...). */
const char *pol_info_kind_title(enum pol_info_kind kind);
/* A snake_case key for machine-readable output ("booleans", "type_attributes"). */
const char *pol_info_kind_key(enum pol_info_kind kind);
/* The key under which pol_info_item.members are listed ("types", "perms",
 * "roles", ...), or NULL when the kind has no members. */
const char *pol_info_members_key(enum pol_info_kind kind);
/* Labeling statements that exist only in Xen policies, or only in SELinux ones. */
bool pol_info_kind_xen(enum pol_info_kind kind);
bool pol_info_kind_selinux(enum pol_info_kind kind);
/* The symbol kind a filter of this component names, for suggestions
 * of near names; POL_SYM_COUNT when the filter is not a symbol name. */
enum pol_sym pol_info_kind_sym(enum pol_info_kind kind);

/* One listed component. All strings belong to the list. */
struct pol_info_item {
	const char *name;      /* symbol name; NULL for statements */
	const char *text;      /* the line seinfo prints: the name, or the statement */
	const char *expanded;  /* what seinfo -x prints; may hold several lines */
	const char *statement; /* the policy statement alone */
	const char **aliases;  /* NULL-terminated, or NULL */
	const char **members;  /* NULL-terminated, or NULL; see pol_info_members_key() */
	int state;             /* Booleans: default state 0/1; -1 for other kinds */
	/* private */
	unsigned long order;
};

struct pol_info_list {
	enum pol_info_kind kind;
	struct pol_info_item *items;
	size_t count;
	/* private */
	size_t alloc;
	struct pol_strpool *pool;
};

/*
 * List the components of one kind, as seinfo lists them when given the
 * option for that kind with filter as its argument. filter NULL lists all;
 * otherwise it is: a name (Booleans, categories, classes, commons, initial
 * SIDs, netifcon interfaces, ibendportcon devices, policy capabilities,
 * roles, sensitivities, types and their aliases, permissive types,
 * attributes, users), a file system type (fs_use, genfscon), an object
 * class (constrain, default, validatetrans), the bounded (child) type
 * (typebounds), "PORT[-PORT]" (portcon: statements covering those ports; 0
 * lists all), "PKEY[-PKEY]" in hexadecimal (ibpkeycon), an address or
 * network "ADDR[/PREFIX|/NETMASK]" (nodecon). The Xen kinds take no filter.
 *
 * A name nothing answers to is no error: the list is empty. Returns 0 and
 * *out (free with pol_info_list_free()) sorted as seinfo sorts, or
 * POL_EINVAL for a malformed number or address, POL_ENOTFOUND for an
 * unknown class given to constrain/default/validatetrans, -ENOMEM.
 */
int pol_info_list(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
		  struct pol_info_list **out, struct pol_err *err);
void pol_info_list_free(struct pol_info_list *list);

/* The counts of seinfo's statistics summary, with its definitions: e.g.
 * "types" excludes aliases and attributes, rule counts are avtab entries
 * (plus one name-based type_transition per source type), "permissions"
 * counts each class's and each common's own permissions. */
struct pol_info_stats {
	unsigned int version;
	bool mls;
	bool xen;
	const char *target;         /* "selinux" or "xen" */
	const char *handle_unknown; /* "deny", "reject" or "allow" */
	size_t classes, permissions, sensitivities, categories, types, attributes, users, roles,
		booleans, conditionals, allow, neverallow, auditallow, dontaudit, type_transition,
		type_change, type_member, range_transition, role_allow, role_transition,
		constraints, validatetrans, mls_constraints, mls_validatetrans, permissives,
		polcaps, defaults, typebounds, allowxperm, neverallowxperm, auditallowxperm,
		dontauditxperm, ibendportcons, ibpkeycons, initial_sids, fs_uses, genfscons,
		portcons, netifcons, nodecons, devicetreecons, iomemcons, ioportcons,
		pcidevicecons, pirqcons;
};

void pol_info_stats(const struct pol_pdb *pdb, struct pol_info_stats *out);

#endif
