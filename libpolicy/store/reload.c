/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * After a commit, the new policy goes into the kernel when the store is the
 * running policy's: the system's store, named by the SELinux config, with
 * selinuxfs mounted and a policy loaded (semanage's reload).
 *
 * libsemanage's own reload is never used. It installs the new policy under
 * /etc/selinux, swaps the store, runs load_policy, and when load_policy
 * fails it swaps the store back but leaves the new policy installed: store
 * and installed policy then disagree, and the next boot loads changes the
 * store says never happened. Here the commit is whole first (store and
 * installed policy agree), then the installed policy is loaded in-process;
 * a failed load is reported as that, with the commit kept.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "pdb/pdb.h"
#include "util/sysconf.h"

#include "store/internal.h"

/* The system's store: root "/", or the root $SEKIT_SYSROOT stands for "/"
 * (tests; util/sysconf looks for selinuxfs under it too). */
static bool system_root(const char *root)
{
	const char *sys = getenv("SEKIT_SYSROOT");

	if (sys && *sys && strcmp(sys, "/") != 0)
		return strcmp(root, sys) == 0;
	return strcmp(root, "/") == 0;
}

/* Does the SELinux config in dir (the root's /etc/selinux, where
 * libsemanage installs) name this store? */
static bool configured_store(const struct pol_store *st, const char *dir)
{
	char *type = pol_selinux_config_get(dir, "SELINUXTYPE");
	bool same = type && strcmp(type, st->name) == 0;

	free(type);
	return same;
}

int store_reload(struct pol_store *st, struct pol_err *err)
{
	struct pol_kernel_image *img = NULL;
	struct pol_kernel *k = NULL;
	struct pol_err quiet;
	char *dir = NULL, *path = NULL;
	int rc;

	if ((st->flags & POL_STORE_NO_RELOAD) || !system_root(st->root))
		return 0;
	if (asprintf(&dir, "%s/etc/selinux", strcmp(st->root, "/") == 0 ? "" : st->root) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = 0;
	if (!configured_store(st, dir))
		goto out;
	/* no selinuxfs, or no policy in it: SELinux is not running */
	pol_err_init(&quiet);
	rc = pol_kernel_open(NULL, &k, &quiet);
	pol_err_release(&quiet);
	if (rc < 0 || !pol_kernel_policy_loaded(k)) {
		rc = 0;
		goto out;
	}
	rc = pol_pdb_installed_path(dir, st->name, &path, err);
	if (rc == 0)
		rc = pol_kernel_load_prepare(k, path, &img, err);
	if (rc == 0)
		rc = pol_kernel_load(k, img, err);
	if (rc < 0) {
		/* whatever the kernel or the file said, the policy was the one
		 * libsemanage had just installed: the environment's failure */
		if (rc != -EACCES && rc != -EPERM && rc != -ENOMEM)
			rc = -EIO;
		pol_err_set(
		    err, rc,
		    "committed to store '%s', but the kernel still runs the previous policy",
		    st->name);
	}
out:
	pol_kernel_image_free(img);
	pol_kernel_free(k);
	free(path);
	free(dir);
	return rc;
}
