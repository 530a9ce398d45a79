/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <selinux/selinux.h>

#include "util/err.h"
#include "util/file.h"
#include "util/sysconf.h"

const char *pol_selinux_dir(void)
{
	const char *v = getenv("SEKIT_SELINUX_DIR");

	return v && *v ? v : "/etc/selinux";
}

int pol_selinux_config_read(const char *dir, const char *key, char **out, struct pol_err *err)
{
	size_t keylen = strlen(key), n = 0;
	char *path, *line = NULL, *value = NULL;
	struct pol_err why;
	FILE *f;
	int rc;

	if (asprintf(&path, "%s/config", dir) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pol_err_init(&why);
	rc = pol_fopen_regular(path, &f, &why);
	free(path);
	/* no config file: no value, as libselinux has it */
	if (rc < 0 && rc != -ENOENT && why.count)
		pol_err_set(err, rc, "%s", why.diags[0].message);
	pol_err_release(&why);
	if (rc < 0) {
		*out = NULL;
		return rc == -ENOENT ? 0 : rc;
	}
	while (!value && getline(&line, &n, f) > 0) {
		char *p = line, *end;

		while (isspace((unsigned char)*p))
			p++;
		if (strncmp(p, key, keylen) != 0 || p[keylen] != '=')
			continue;
		p += keylen + 1;
		while (isspace((unsigned char)*p))
			p++;
		end = p + strcspn(p, " \t\r\n#");
		if (end > p)
			value = strndup(p, (size_t)(end - p));
	}
	free(line);
	fclose(f);
	*out = value;
	return 0;
}

char *pol_selinux_config_get(const char *dir, const char *key)
{
	char *value;

	return pol_selinux_config_read(dir, key, &value, NULL) == 0 ? value : NULL;
}

#define SELINUX_MAGIC 0xf97cff8cU

enum mnt_state { MNT_NONE, MNT_OK, MNT_READONLY };

/* A directory named instead of a mount: any directory with an "enforce" node
 * will do, so tests can build one from plain files. */
static bool has_enforce(const char *dir)
{
	struct stat st;
	char *enforce;
	int rc;

	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode) || asprintf(&enforce, "%s/enforce", dir) < 0)
		return false;
	rc = access(enforce, F_OK);
	free(enforce);
	return rc == 0;
}

/* libselinux's verify_selinuxmnt(): a selinuxfs, and writable (a read-only
 * one is how containers are told SELinux is off). Below $SEKIT_SYSROOT, a
 * directory with an "enforce" node stands for the mount. */
static enum mnt_state check_mount(const char *dir, bool sysroot)
{
	struct statfs sfs;
	struct statvfs svfs;
	int rc;

	if (sysroot)
		return has_enforce(dir) ? MNT_OK : MNT_NONE;
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
static char *mount_from_proc(const char *root)
{
	char *path, *line = NULL, *found = NULL;
	size_t len = 0;
	FILE *f;

	if (asprintf(&path, "%s/proc/mounts", root) < 0)
		return NULL;
	f = fopen(path, "re");
	free(path);
	if (!f)
		return NULL;
	while (!found && getline(&line, &len, f) > 0) {
		char dev[256], dir[4096], type[64];

		if (sscanf(line, "%255s %4095s %63s", dev, dir, type) == 3 &&
		    strcmp(type, "selinuxfs") == 0 && asprintf(&found, "%s%s", root, dir) < 0)
			found = NULL;
	}
	free(line);
	fclose(f);
	return found;
}

static int system_mount(char **out, struct pol_err *err)
{
	static const char *const usual[] = {"/sys/fs/selinux", "/selinux"};
	const char *root = getenv("SEKIT_SYSROOT");
	bool sysroot = root && *root;
	char *readonly = NULL, *dir;

	if (!sysroot)
		root = "";
	for (size_t i = 0; i < sizeof(usual) / sizeof(usual[0]); i++) {
		enum mnt_state s;

		if (asprintf(&dir, "%s%s", root, usual[i]) < 0)
			break;
		s = check_mount(dir, sysroot);
		if (s == MNT_OK) {
			free(readonly);
			*out = dir;
			return 0;
		}
		if (s == MNT_READONLY && !readonly)
			readonly = dir;
		else
			free(dir);
	}
	if (!sysroot && !selinuxfs_exists()) {
		free(readonly);
		return pol_err_set(err, -ENOENT,
				   "SELinux is disabled: this kernel has no selinuxfs");
	}
	dir = mount_from_proc(root);
	if (dir && check_mount(dir, sysroot) == MNT_OK) {
		free(readonly);
		*out = dir;
		return 0;
	}
	free(dir);
	if (readonly) {
		pol_err_set(err, -ENOENT,
			    "SELinux is disabled: selinuxfs is mounted read-only at '%s'",
			    readonly);
		free(readonly);
		return -ENOENT;
	}
	return pol_err_set(err, -ENOENT, "SELinux is disabled: selinuxfs is not mounted");
}

static int named_mount(const char *dir, char **out, struct pol_err *err)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return pol_err_set(err, -errno, "no selinuxfs at '%s': %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return pol_err_set(err, -ENOENT, "no selinuxfs at '%s': not a directory", dir);
	if (!has_enforce(dir))
		return pol_err_set(err, -ENOENT, "no selinuxfs at '%s': it has no 'enforce' node",
				   dir);
	return (*out = strdup(dir)) ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
}

int pol_selinuxfs_dir(const char *named, char **out, struct pol_err *err)
{
	int rc;

	if (!named)
		named = getenv("SEKIT_SELINUXFS");
	rc = named && *named ? named_mount(named, out, err) : system_mount(out, err);
	/* "/sys/fs/selinux/" and "/sys/fs/selinux" name the same files */
	for (size_t n = rc < 0 ? 0 : strlen(*out); n > 1 && (*out)[n - 1] == '/'; n--)
		(*out)[n - 1] = '\0';
	return rc;
}
