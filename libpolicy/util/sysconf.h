/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Where the system's SELinux configuration lives, and what it says. */
#ifndef POL_UTIL_SYSCONF_H
#define POL_UTIL_SYSCONF_H

struct pol_err;

/* The SELinux configuration directory: $SEKIT_SELINUX_DIR when set (tests,
 * chroots), else /etc/selinux. Borrowed. */
const char *pol_selinux_dir(void);

/* The value of KEY= (e.g. "SELINUXTYPE") in dir/config, read as libselinux
 * reads it: 0 and *out, a heap string (free()) or NULL when the file or key
 * is absent; or < 0 with why in err when the file cannot be read or is not
 * a regular file (a FIFO there would block for ever: pol_fopen_regular()). */
int pol_selinux_config_read(const char *dir, const char *key, char **out, struct pol_err *err);
/* The same, NULL for every failure too. */
char *pol_selinux_config_get(const char *dir, const char *key);

/* Where selinuxfs is, by libselinux's rules: the directory named (NULL for
 * none), else $SEKIT_SELINUXFS, either of which needs only an "enforce" node
 * (tests build one from plain files); else the first of /sys/fs/selinux and
 * /selinux that is a writable selinuxfs, else the selinuxfs line of
 * /proc/mounts. $SEKIT_SYSROOT, when set, goes before those three paths and a
 * directory with an "enforce" node stands for the mount (tests). Returns 0
 * and *out (free()), or < 0 with the reason in err (-ENOENT: SELinux is
 * disabled or nothing is at the named directory). */
int pol_selinuxfs_dir(const char *named, char **out, struct pol_err *err);

#endif
