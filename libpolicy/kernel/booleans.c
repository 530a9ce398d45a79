/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Booleans: booleans/NAME reads "active pending"; writing it sets the pending
 * value; writing commit_pending_bools makes every pending value active at
 * once (getsebool, setsebool).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/file.h"

#include "kernel/internal.h"

/* A name that stays inside booleans/ (no "../enforce"). */
static bool plain_name(const char *name)
{
	return *name && *name != '.' && !strchr(name, '/');
}

static int read_bool(const struct pol_kernel *k, const char *name, struct pol_kernel_bool *b,
		     struct pol_err *err)
{
	char rel[4096], buf[32];
	int active, pending;
	ssize_t n;

	snprintf(rel, sizeof(rel), "booleans/%s", name);
	n = kfs_read(k, rel, buf, sizeof(buf), err);
	if (n < 0)
		return (int)n;
	if (sscanf(buf, "%d %d", &active, &pending) != 2)
		return pol_err_set(err, POL_EFORMAT, "'%s/%s' holds '%s', not \"active pending\"", k->fs,
				   rel, buf);
	b->active = active != 0;
	b->pending = pending != 0;
	return 0;
}

void pol_kernel_bools_free(struct pol_kernel_bool *bools, size_t n)
{
	if (!bools)
		return;
	for (size_t i = 0; i < n; i++)
		free(bools[i].name);
	free(bools);
}

int pol_kernel_bools(struct pol_kernel *k, struct pol_kernel_bool **out, size_t *n,
		     struct pol_err *err)
{
	struct pol_kernel_bool *v;
	size_t count, kept = 0;
	char **names;
	int rc;

	rc = kfs_need_kernel(k, "booleans", err);
	if (rc == 0)
		rc = kfs_list(k, "booleans", &names, &count, err);
	if (rc < 0)
		return rc;
	v = calloc(count ? count : 1, sizeof(*v));
	if (!v)
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; rc == 0 && i < count; i++) {
		rc = read_bool(k, names[i], &v[kept], NULL);
		/* getsebool -a leaves out what the caller may not read */
		if (rc == -EACCES) {
			rc = 0;
			continue;
		}
		if (rc < 0) {
			read_bool(k, names[i], &v[kept], err);
			break;
		}
		v[kept++].name = names[i];
		names[i] = NULL;
	}
	pol_kernel_names_free(names, count);
	if (rc < 0) {
		pol_kernel_bools_free(v, kept);
		return rc;
	}
	*out = v;
	*n = kept;
	return 0;
}

/* The new name of an old one, from <config>/<type>/booleans.subs_dist
 * ("old new" lines), as libselinux's selinux_boolean_sub(): 0 and *out
 * (heap, or NULL for none), or < 0 when the file is there but cannot be read
 * or is not a regular file (a FIFO would block for ever). */
static int substitute(const struct pol_kernel *k, const char *name, char **out, struct pol_err *err)
{
	char *type = kernel_config_get(k, "SELINUXTYPE"), *path, *line = NULL, *found = NULL;
	size_t len = 0;
	FILE *f;
	int rc;

	*out = NULL;
	if (!type)
		return 0;
	if (asprintf(&path, "%s/%s/booleans.subs_dist", k->config_dir, type) < 0) {
		free(type);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	free(type);
	if (access(path, F_OK) < 0 && errno == ENOENT) {
		free(path);
		return 0;
	}
	rc = pol_fopen_regular(path, &f, err);
	free(path);
	if (rc < 0)
		return rc;
	while (!found && getline(&line, &len, f) > 0) {
		char old[256], new[256];

		if (sscanf(line, "%255s %255s", old, new) == 2 && old[0] != '#' &&
		    strcmp(old, name) == 0)
			found = strdup(new);
	}
	free(line);
	fclose(f);
	*out = found;
	return 0;
}

static bool exists(const struct pol_kernel *k, const char *name)
{
	char rel[4096], *path;
	bool ok;

	snprintf(rel, sizeof(rel), "booleans/%s", name);
	path = kfs_path(k, rel);
	ok = path && access(path, F_OK) == 0;
	free(path);
	return ok;
}

/* The kernel's name for name (heap), or POL_ENOTFOUND with suggestions. */
static int resolve_bool_name(const struct pol_kernel *k, const char *name, char **out,
			     struct pol_err *err)
{
	char **names, *sub;
	size_t n;
	int rc;

	if (plain_name(name) && exists(k, name))
		return (*out = strdup(name)) ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
	sub = NULL;
	if (plain_name(name) && (rc = substitute(k, name, &sub, err)) < 0)
		return rc;
	if (sub && plain_name(sub) && exists(k, sub)) {
		*out = sub;
		return 0;
	}
	free(sub);
	if (!pol_kernel_policy_loaded(k))
		return kfs_need_policy(k, err);
	if (kfs_list(k, "booleans", &names, &n, NULL) < 0)
		n = 0, names = NULL;
	rc = kernel_unknown("boolean", name, names, n, err);
	pol_kernel_names_free(names, n);
	return rc;
}

int pol_kernel_bool_get(struct pol_kernel *k, const char *name, struct pol_kernel_bool *out,
			struct pol_err *err)
{
	struct pol_kernel_bool b;
	int rc;

	rc = kfs_need_kernel(k, "booleans", err);
	if (rc == 0)
		rc = resolve_bool_name(k, name, &b.name, err);
	if (rc < 0)
		return rc;
	rc = read_bool(k, b.name, &b, err);
	if (rc < 0) {
		free(b.name);
		return rc;
	}
	*out = b;
	return 0;
}

/* security_set_boolean() writes "0" or "1" with its NUL. */
static int write_pending(const struct pol_kernel *k, const char *name, bool value,
			 struct pol_err *err)
{
	char rel[4096];

	snprintf(rel, sizeof(rel), "booleans/%s", name);
	return kfs_write(k, rel, value ? "1" : "0", 2, err);
}

int pol_kernel_bools_commit(struct pol_kernel *k, struct pol_err *err)
{
	int rc = kfs_need_kernel(k, "booleans", err);

	return rc < 0 ? rc : kfs_write(k, "commit_pending_bools", "1", 2, err);
}

int pol_kernel_bools_set(struct pol_kernel *k, const struct pol_kernel_bool_change *changes,
			 size_t n, unsigned int flags, struct pol_err *err)
{
	struct pol_kernel_bool *old;
	size_t resolved = 0, written = 0;
	int rc;

	rc = kfs_need_kernel(k, "booleans", err);
	if (rc < 0)
		return rc;
	old = calloc(n ? n : 1, sizeof(*old));
	if (!old)
		return pol_err_set(err, -ENOMEM, "out of memory");
	/* Every name first: a typo must not leave half the changes pending. */
	for (size_t i = 0; i < n; i++) {
		int r = resolve_bool_name(k, changes[i].name, &old[i].name, err);

		if (r == 0)
			r = read_bool(k, old[i].name, &old[i], err);
		if (r < 0 && rc == 0)
			rc = r;
		resolved = i + 1;
	}
	for (size_t i = 0; rc == 0 && i < n; i++) {
		rc = write_pending(k, old[i].name, changes[i].value, err);
		if (rc == 0)
			written = i + 1;
	}
	if (rc == 0 && !(flags & POL_KERNEL_BOOLS_NO_COMMIT))
		rc = kfs_write(k, "commit_pending_bools", "1", 2, err);
	if (rc < 0) {
		/* Put back the pending values written, newest first, so a
		 * failed change leaves nothing for someone else's commit. */
		while (written > 0) {
			written--;
			write_pending(k, old[written].name, old[written].pending, NULL);
		}
	}
	pol_kernel_bools_free(old, resolved);
	return rc;
}
