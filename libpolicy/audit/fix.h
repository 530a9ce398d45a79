/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The fixes of a denial besides a rule: relabel, port, boolean (fix.c). */
#ifndef POL_AUDIT_FIX_H
#define POL_AUDIT_FIX_H

#include "audit/set.h"

/* The words of these commands are policy names, numbers, or paths quoted
 * with pol_shell_quote(): a path from the log names the same bytes when
 * pasted, never another command. */
struct pol_buf;
struct pol_label_specs;
/* file_contexts for the relabel advice: SEKIT_FILE_CONTEXTS or the
 * system's (pol_label_specs_free()); NULL when it cannot be read. */
struct pol_label_specs *pol_audit_fix_specs_open(void);
/* The type file_contexts gives g's path when it differs from the file's
 * and pol has it (heap), or NULL; NULL too when a relabel cannot help
 * (pol_audit_fix_no_relabel()). */
char *pol_audit_fix_relabel_type(struct pol_audit_policy *pol, const struct pol_label_specs *specs,
				 const struct pol_audit_group_info *g);
/* Why relabeling a group's object cannot help: its filesystem is labelled
 * by the policy (genfscon, fs_use_task, fs_use_trans: the target's type is
 * one of theirs or the denial's dev= names such a filesystem: proc, sysfs,
 * vfat, fuse, tmpfs...), or the object is most likely in a container's
 * mount namespace (a container domain or file type). */
enum pol_audit_no_relabel {
	POL_AUDIT_RELABEL_OK,
	POL_AUDIT_NO_RELABEL_FS,
	POL_AUDIT_NO_RELABEL_CONTAINER,
};
enum pol_audit_no_relabel pol_audit_fix_no_relabel(struct pol_audit_policy *pol,
						   const struct pol_audit_group_info *g);
/* "serelabel PATH   (or: restorecon PATH)" */
void pol_audit_fix_relabel_command(struct pol_buf *b, const char *file);
/* "setsebool -P NAME=1...": the smallest set of booleans that allows it */
void pol_audit_fix_bool_command(struct pol_buf *b, const struct pol_audit_why *w);

/* One port's fix: the port types the domain may use for perm, the
 * likeliest first (the one named most like the domain: httpd_t,
 * http_port_t). */
struct pol_audit_port_fix {
	const char *perm; /* borrowed from the group */
	unsigned int port;
	char **types;
	size_t ntypes;
};
/* name_bind/name_connect of ports the policy gives no type of their own (a
 * range's type, unreserved_port_t): a fix per port of g (*n of them), or
 * NULL when a port is named by the policy (another service's: relabeling
 * it is no fix), has no type the domain may use, or a permission of the
 * group has no port. Free with pol_audit_fix_ports_free(). */
struct pol_audit_port_fix *pol_audit_fix_ports(struct pol_audit_policy *pol,
					       const struct pol_audit_group_info *g, size_t *n);
void pol_audit_fix_ports_free(struct pol_audit_port_fix *v, size_t n);
/* name_bind/name_connect of a port the policy labels with a type of its
 * own (a portcon for that very port, another service's): "port 5432 is
 * db_port_t in the policy (a portcon of its own); a_t may name_bind
 * web_port_t" (or "no port type") appended to b, for the first such port
 * of g. Returns 1 when it wrote, 0 when no port of g is so labelled,
 * -ENOMEM. */
int pol_audit_fix_port_labelled(struct pol_audit_policy *pol, const struct pol_audit_group_info *g,
				struct pol_buf *b);
/* "semanage port -a -t TYPE -p tcp PORT   (DOMAIN may PERM TYPES...; port
 * PORT is TARGET)" */
void pol_audit_fix_port_command(struct pol_buf *b, const struct pol_audit_group_info *g,
				const struct pol_audit_port_fix *f);

#endif
