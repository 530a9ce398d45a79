/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SELinux config file (SELINUX=, SELINUXTYPE=), read as libselinux does. */
#include "kernel/internal.h"
#include "util/sysconf.h"

char *kernel_config_get(const struct pol_kernel *k, const char *key)
{
	return pol_selinux_config_get(k->config_dir, key);
}

int kernel_config_read(const struct pol_kernel *k, const char *key, char **out, struct pol_err *err)
{
	return pol_selinux_config_read(k->config_dir, key, out, err);
}
