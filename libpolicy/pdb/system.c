/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pdb/internal.h"
#include "util/sysconf.h"

/* The loaded policy is only there when selinuxfs is mounted and enforcing
 * or permissive, which the "enforce" node tells. */
static char *loaded_policy(void)
{
	char *fs, *policy;
	int rc = pol_selinuxfs_dir(NULL, &fs, NULL);

	if (rc < 0)
		return NULL;
	rc = asprintf(&policy, "%s/policy", fs);
	free(fs);
	if (rc < 0)
		return NULL;
	if (access(policy, R_OK) != 0) {
		free(policy);
		return NULL;
	}
	return policy;
}

/* The highest policy.NN in dir/TYPE/policy. */
static char *newest_installed(const char *dir, const char *type)
{
	char *pdir, *best = NULL;
	long best_vers = -1;
	struct dirent *de;
	DIR *d;

	if (asprintf(&pdir, "%s/%s/policy", dir, type) < 0)
		return NULL;
	d = opendir(pdir);
	if (!d) {
		free(pdir);
		return NULL;
	}
	while ((de = readdir(d))) {
		char *end;
		long v;

		if (strncmp(de->d_name, "policy.", 7) != 0 || !isdigit((unsigned char)de->d_name[7]))
			continue;
		v = strtol(de->d_name + 7, &end, 10);
		if (*end || v <= best_vers)
			continue;
		free(best);
		if (asprintf(&best, "%s/%s", pdir, de->d_name) < 0) {
			best = NULL;
			break;
		}
		best_vers = v;
	}
	closedir(d);
	free(pdir);
	return best;
}

int pol_pdb_system_path(char **path, struct pol_err *err)
{
	const char *dir = pol_selinux_dir();
	char *p = loaded_policy();
	char *type;

	if (p) {
		*path = p;
		return 0;
	}
	type = pol_selinux_config_get(dir, "SELINUXTYPE");
	if (!type)
		return pol_err_set(err, POL_ENOPOLICY,
				   "no policy given, SELinux is not enabled and %s/config names no policy type; give a policy file",
				   dir);
	p = newest_installed(dir, type);
	if (!p) {
		pol_err_set(err, POL_ENOPOLICY,
			    "no policy given, SELinux is not enabled and no %s/%s/policy/policy.NN is installed; give a policy file",
			    dir, type);
		free(type);
		return POL_ENOPOLICY;
	}
	free(type);
	*path = p;
	return 0;
}

bool pol_pdb_path_is_loaded(const char *path)
{
	char *loaded = loaded_policy();
	bool same = loaded && path && strcmp(loaded, path) == 0;

	free(loaded);
	return same;
}

int pol_pdb_installed_path(const char *selinux_dir, const char *type, char **path,
			   struct pol_err *err)
{
	char *p = newest_installed(selinux_dir, type);

	if (!p)
		return pol_err_set(err, POL_ENOPOLICY, "no %s/%s/policy/policy.NN is installed",
				   selinux_dir, type);
	*path = p;
	return 0;
}

int pol_pdb_open_default(const char *path, struct pol_pdb **out, struct pol_err *err)
{
	char *sys;
	int rc;

	if (path)
		return pol_pdb_open(path, out, err);
	rc = pol_pdb_system_path(&sys, err);
	if (rc < 0)
		return rc;
	rc = pol_pdb_open(sys, out, err);
	free(sys);
	return rc;
}
