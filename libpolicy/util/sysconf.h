/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Where the system's SELinux configuration lives, and what it says. */
#ifndef POL_UTIL_SYSCONF_H
#define POL_UTIL_SYSCONF_H

/* The SELinux configuration directory: $SEKIT_SELINUX_DIR when set (tests,
 * chroots), else /etc/selinux. Borrowed. */
const char *pol_selinux_dir(void);

/* The value of KEY= (e.g. "SELINUXTYPE") in dir/config, read as libselinux
 * reads it; a heap string (free()), or NULL when the file or key is absent. */
char *pol_selinux_config_get(const char *dir, const char *key);

#endif
