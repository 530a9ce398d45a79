/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A kernel policy: read from a binary here, or compiled by
 * source/source.h (pol_source_module_expand(), pol_source_cil_compile()); find its
 * symbols, walk the attribute <-> type relation. The queries never change
 * it.
 */
#ifndef POL_PDB_H
#define POL_PDB_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

struct pol_pdb;

/* Symbol kinds, in the order of libsepol's symbol tables plus the derived ones. */
enum pol_sym {
	POL_SYM_COMMON,
	POL_SYM_CLASS,
	POL_SYM_ROLE,
	POL_SYM_TYPE, /* types and aliases (an alias resolves to its type) */
	POL_SYM_USER,
	POL_SYM_BOOL,
	POL_SYM_SENS,	   /* sensitivities and their aliases */
	POL_SYM_CAT,	   /* categories and their aliases */
	POL_SYM_ATTRIBUTE, /* type attributes only */
	POL_SYM_TYPE_OR_ATTR,
	POL_SYM_PERM, /* any permission of any class or common */
	POL_SYM_COUNT
};

/* The largest binary policy read: distributions' policies are a few MiB
 * (Debian's reference policy about 2), so 256 MiB leaves room, while /dev/zero or a stray disk
 * image is refused instead of filling memory. */
#define POL_PDB_SIZE_MAX (256u << 20)

/* Open the kernel binary policy at path (versions 15 through the newest
 * libsepol reads, MLS or not). path may be a regular file, a pipe or a
 * device, of at most POL_PDB_SIZE_MAX bytes; a stream that does not start
 * with the policy magic number is refused after its first bytes, and a
 * FIFO nobody writes to reads as empty. Symbol counts the file is too
 * short to hold are refused before libsepol reads them. Returns 0 and
 * sets *out (free with pol_pdb_free()), or < 0 with the reason in err:
 * -errno for an unreadable file, POL_EFORMAT for a file that is not a
 * valid policy, POL_EVERSION for a version libsepol cannot read. */
int pol_pdb_open(const char *path, struct pol_pdb **out, struct pol_err *err);

/* Flags of pol_pdb_open_flags(). */
enum pol_pdb_open_flag {
	/* The attributes a policy older than version 24 leaves unnamed stay
	 * unnamed (pol_pdb_open() names them "@ttr" + ten digits, as setools
	 * does), as libsepol's writers expect: for a policy that is written
	 * out again (sepolc -b). */
	POL_PDB_KEEP_UNNAMED = 1 << 0,
};

/* pol_pdb_open() with flags (an OR of enum pol_pdb_open_flag; 0 is
 * pol_pdb_open()). The one reader of a binary kernel policy. */
int pol_pdb_open_flags(const char *path, unsigned int flags, struct pol_pdb **out,
		       struct pol_err *err);

/* Where the system's policy is: the loaded one (selinuxfs "policy" node,
 * when SELinux is enabled) or else the newest installed policy.NN of the
 * policy type named in the SELinux config. Returns 0 and a heap path in
 * *path (free()), or POL_ENOPOLICY. SEKIT_SELINUXFS and SEKIT_SELINUX_DIR
 * (default /sys/fs/selinux and /etc/selinux) redirect both lookups. */
int pol_pdb_system_path(char **path, struct pol_err *err);

/* The newest installed policy of a policy type: the highest
 * selinux_dir/type/policy/policy.NN (a policy store's, under any root).
 * Returns 0 and a heap path in *path (free()), or POL_ENOPOLICY. */
int pol_pdb_installed_path(const char *selinux_dir, const char *type, char **path,
			   struct pol_err *err);

/* Is path the loaded policy's selinuxfs node, as pol_pdb_system_path() gives
 * it while SELinux is enabled (and not an installed policy.NN)? */
bool pol_pdb_path_is_loaded(const char *path);

/* pol_pdb_open() on path, or on pol_pdb_system_path() when path is NULL. */
int pol_pdb_open_default(const char *path, struct pol_pdb **out, struct pol_err *err);

void pol_pdb_free(struct pol_pdb *pdb);

/* The path the policy was read from, NULL for a compiled one; borrowed. */
const char *pol_pdb_path(const struct pol_pdb *pdb);
unsigned int pol_pdb_version(const struct pol_pdb *pdb);
bool pol_pdb_mls(const struct pol_pdb *pdb);

/* Does the policy define name as a symbol of this kind? For POL_SYM_TYPE an
 * alias counts. */
bool pol_pdb_has(const struct pol_pdb *pdb, enum pol_sym kind, const char *name);

/* Call fn for every name of this kind (aliases included for types,
 * sensitivities and categories), in no particular order. */
void pol_pdb_each_name(const struct pol_pdb *pdb, enum pol_sym kind,
		       void (*fn)(const char *name, void *data), void *data);

/* Add an error "unknown <kind> 'name'" to err, followed by a note naming the
 * closest valid names when there are any. Returns POL_ENOTFOUND. */
int pol_pdb_unknown(const struct pol_pdb *pdb, enum pol_sym kind, const char *name,
		    struct pol_err *err);
/* The same at file:line:col of an input (file NULL: none). */
int pol_pdb_unknown_at(const struct pol_pdb *pdb, enum pol_sym kind, const char *name,
		       const char *file, unsigned int line, unsigned int col, struct pol_err *err);

/* "type", "attribute", "boolean", ... */
const char *pol_sym_name(enum pol_sym kind);

/* Check a security context "USER:ROLE:TYPE[:RANGE]" against the policy as
 * setfiles -c does for file_contexts: names defined, role authorized for
 * the type, user for the role, MLS range valid and within the user's; a
 * range is accepted exactly when libsepol (and so the kernel) accepts it.
 * Returns 0, or POL_EINVAL with one error in err at file:line (file NULL
 * and line 0 when not tied to an input) saying which part is wrong, with
 * the closest name for a misspelt one. */
int pol_pdb_check_context(const struct pol_pdb *pdb, const char *context, const char *file,
			  unsigned int line, struct pol_err *err);

/* The MLS part of context ("USER:ROLE:TYPE[:RANGE]", its parts given; range
 * NULL when it has none) as pol_pdb_check_context() checks it, for a
 * context whose names need not all be the policy's, as a module's file
 * context against its base: a range exactly when the policy is MLS, valid
 * in it, and within user's range when user and role are the policy's and
 * role is not object_r. Returns 0, POL_EINVAL with one error in err, or
 * -ENOMEM. */
int pol_pdb_check_range(const struct pol_pdb *pdb, const char *context, const char *user,
			const char *role, const char *range, const char *file, unsigned int line,
			struct pol_err *err);

#endif
