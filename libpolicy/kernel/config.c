/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SELinux config file (SELINUX=, SELINUXTYPE=), read as libselinux does. */
#include "kernel/internal.h"
#include "util/sysconf.h"

char *kernel_config_get(const struct pol_kernel *k, const char *key)
{
	return pol_selinux_config_get(k->config_dir, key);
}
