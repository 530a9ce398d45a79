/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Enforcing or permissive: the "enforce" node (getenforce, setenforce). */
#include "kernel/internal.h"

int pol_kernel_get_enforce(struct pol_kernel *k, bool *enforcing, struct pol_err *err)
{
	long v;
	int rc = kfs_need_kernel(k, "the mode", err);

	if (rc == 0)
		rc = kfs_read_long(k, "enforce", &v, err);
	if (rc < 0)
		return rc;
	*enforcing = v != 0;
	return 0;
}

int pol_kernel_set_enforce(struct pol_kernel *k, bool enforcing, struct pol_err *err)
{
	int rc = kfs_need_kernel(k, "the mode", err);

	/* security_setenforce() writes "%d" without a terminator */
	return rc < 0 ? rc : kfs_write(k, "enforce", enforcing ? "1" : "0", 1, err);
}
