/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A handle on selinuxfs: where it is mounted, or the directory named instead. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <selinux/selinux.h>

#include "util/suggest.h"

#include "kernel/internal.h"
#include "util/sysconf.h"

#define SELINUX_MAGIC 0xf97cff8cU

enum mnt_state { MNT_NONE, MNT_OK, MNT_READONLY };

/* libselinux's verify_selinuxmnt(): a selinuxfs, and writable (a read-only
 * one is how containers are told SELinux is off). */
static enum mnt_state check_mount(const char *dir)
{
	struct statfs sfs;
	struct statvfs svfs;
	int rc;

	do {
		rc = statfs(dir, &sfs);
	} while (rc < 0 && errno == EINTR);
	if (rc < 0 || (uint32_t)sfs.f_type != SELINUX_MAGIC)
		return MNT_NONE;
	if (statvfs(dir, &svfs) < 0)
		return MNT_NONE;
	return (svfs.f_flag & ST_RDONLY) ? MNT_READONLY : MNT_OK;
}

/* The selinuxfs line of /proc/mounts, as libselinux's init_selinuxmnt(). */
static char *mount_from_proc(void)
{
	char *line = NULL, *found = NULL;
	size_t len = 0;
	FILE *f = fopen("/proc/mounts", "re");

	if (!f)
		return NULL;
	while (!found && getline(&line, &len, f) > 0) {
		char dev[256], dir[4096], type[64];

		if (sscanf(line, "%255s %4095s %63s", dev, dir, type) == 3 &&
		    strcmp(type, "selinuxfs") == 0)
			found = strdup(dir);
	}
	free(line);
	fclose(f);
	return found;
}

static int system_mount(char **out, struct pol_err *err)
{
	static const char *const usual[] = { "/sys/fs/selinux", "/selinux" };
	const char *readonly = NULL;
	char *dir;

	for (size_t i = 0; i < sizeof(usual) / sizeof(usual[0]); i++) {
		enum mnt_state s = check_mount(usual[i]);

		if (s == MNT_OK)
			return (*out = strdup(usual[i])) ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
		if (s == MNT_READONLY && !readonly)
			readonly = usual[i];
	}
	if (!selinuxfs_exists())
		return pol_err_set(err, -ENOENT, "SELinux is disabled: this kernel has no selinuxfs");
	dir = mount_from_proc();
	if (dir && check_mount(dir) == MNT_OK) {
		*out = dir;
		return 0;
	}
	free(dir);
	if (readonly)
		return pol_err_set(err, -ENOENT, "SELinux is disabled: selinuxfs is mounted read-only at '%s'",
				   readonly);
	return pol_err_set(err, -ENOENT, "SELinux is disabled: selinuxfs is not mounted");
}

/* A directory named by the user: any directory with an "enforce" node will
 * do, so tests can build one from plain files. */
static int named_mount(const char *dir, char **out, struct pol_err *err)
{
	struct stat st;
	char *enforce;
	int rc;

	if (stat(dir, &st) < 0)
		return pol_err_set(err, -errno, "no selinuxfs at '%s': %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return pol_err_set(err, -ENOENT, "no selinuxfs at '%s': not a directory", dir);
	if (asprintf(&enforce, "%s/enforce", dir) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = access(enforce, F_OK);
	free(enforce);
	if (rc < 0)
		return pol_err_set(err, -ENOENT, "no selinuxfs at '%s': it has no 'enforce' node", dir);
	return (*out = strdup(dir)) ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
}

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

	if (!dir)
		dir = getenv("SEKIT_SELINUXFS");
	if (dir && !*dir)
		dir = NULL;
	k = kernel_new_handle();
	if (!k)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = dir ? named_mount(dir, &k->fs, err) : system_mount(&k->fs, err);
	if (rc < 0) {
		pol_kernel_free(k);
		return rc;
	}
	/* "/sys/fs/selinux/" and "/sys/fs/selinux" name the same files */
	for (size_t n = strlen(k->fs); n > 1 && k->fs[n - 1] == '/'; n--)
		k->fs[n - 1] = '\0';
	*out = k;
	return 0;
}

void pol_kernel_free(struct pol_kernel *k)
{
	if (!k)
		return;
	kernel_offline_free(k->offline);
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
