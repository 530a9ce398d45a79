/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A handle on selinuxfs: where it is mounted, or the directory named instead. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <selinux/selinux.h>

#include "pdb/pdb.h"
#include "util/suggest.h"

#include "kernel/internal.h"
#include "util/sysconf.h"

struct pol_kernel *kernel_new_handle(void)
{
	struct pol_kernel *k = calloc(1, sizeof(*k));

	if (k && !(k->config_dir = strdup(pol_selinux_dir()))) {
		free(k);
		k = NULL;
	}
	return k;
}

int pol_kernel_open(const char *dir, struct pol_kernel **out, struct pol_err *err)
{
	struct pol_kernel *k;
	int rc;

	k = kernel_new_handle();
	if (!k)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = pol_selinuxfs_dir(dir, &k->fs, err);
	if (rc < 0) {
		pol_kernel_free(k);
		return rc;
	}
	*out = k;
	return 0;
}

void pol_kernel_free(struct pol_kernel *k)
{
	if (!k)
		return;
	kernel_offline_free(k->offline);
	pol_pdb_free(k->explain);
	free(k->fs);
	free(k->config_dir);
	free(k);
}

const char *pol_kernel_mount(const struct pol_kernel *k)
{
	return k->fs;
}

bool pol_kernel_policy_loaded(const struct pol_kernel *k)
{
	char *path;
	struct dirent *de;
	bool loaded = false;
	DIR *d;

	if (!k->fs)
		return true;
	/* Before the first load the kernel lists no classes. */
	path = kfs_path(k, "class");
	d = path ? opendir(path) : NULL;
	free(path);
	if (!d)
		return false;
	while (!loaded && (de = readdir(d)))
		loaded = de->d_name[0] != '.';
	closedir(d);
	return loaded;
}

int kernel_unknown(const char *what, const char *name, char *const *names, size_t n,
		   struct pol_err *err)
{
	struct pol_suggest s;

	pol_err_set(err, POL_ENOTFOUND, "unknown %s '%s'", what, name);
	pol_suggest_init(&s, name);
	for (size_t i = 0; i < n; i++)
		pol_suggest_offer(&s, names[i]);
	pol_suggest_note(&s, err, POL_ENOTFOUND, NULL, 0, 0);
	return POL_ENOTFOUND;
}
