/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic.h"

struct pol_atomic {
	char *path;
	char *tmp; /* NULL when writing straight into a device or pipe */
	FILE *fp;
};

/* A device or FIFO (e.g. -o /dev/null, -o /dev/stdout) is written in place:
 * renaming a temporary file over it would replace the device node. */
static int open_special(struct pol_atomic *a, const struct stat *st, struct pol_err *err)
{
	int fd;

	if (S_ISDIR(st->st_mode))
		return pol_err_set(err, -EISDIR, "cannot write '%s': it is a directory", a->path);
	fd = open(a->path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || !(a->fp = fdopen(fd, "w"))) {
		int e = -errno;

		if (fd >= 0)
			close(fd);
		return pol_err_set(err, e, "cannot write '%s': %s", a->path, strerror(-e));
	}
	return 0;
}

static mode_t current_umask(void)
{
	mode_t m = umask(022);

	umask(m);
	return m;
}

int pol_atomic_open(const char *path, struct pol_atomic **out, FILE **fp, struct pol_err *err)
{
	struct pol_atomic *a = calloc(1, sizeof(*a));
	struct stat st;
	int fd;

	if (!a)
		return pol_err_set(err, -ENOMEM, "out of memory");
	a->path = strdup(path);
	if (a->path && stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		int rc = open_special(a, &st, err);

		if (rc < 0) {
			pol_atomic_abort(a);
			return rc;
		}
		*out = a;
		*fp = a->fp;
		return 0;
	}
	if (!a->path || asprintf(&a->tmp, "%s.XXXXXX", path) < 0) {
		a->tmp = NULL;
		pol_atomic_abort(a);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	fd = mkostemp(a->tmp, O_CLOEXEC);
	if (fd < 0) {
		int e = -errno;

		free(a->tmp);
		a->tmp = NULL;
		pol_atomic_abort(a);
		return pol_err_set(err, e, "cannot create a file beside '%s': %s", path,
				   strerror(-e));
	}
	/* Keep the permissions of the file being replaced; mkostemp gives 0600. */
	if (stat(path, &st) == 0)
		(void)fchmod(fd, st.st_mode & 07777);
	else
		(void)fchmod(fd, 0644 & ~current_umask());
	a->fp = fdopen(fd, "w");
	if (!a->fp) {
		int e = -errno;

		close(fd);
		pol_atomic_abort(a);
		return pol_err_set(err, e, "cannot write '%s': %s", path, strerror(-e));
	}
	*out = a;
	*fp = a->fp;
	return 0;
}

void pol_atomic_abort(struct pol_atomic *a)
{
	if (!a)
		return;
	if (a->fp)
		fclose(a->fp);
	if (a->tmp)
		unlink(a->tmp);
	free(a->tmp);
	free(a->path);
	free(a);
}

static void sync_parent(const char *path)
{
	char *copy = strdup(path);
	int fd;

	if (!copy)
		return;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(copy);
}

int pol_atomic_commit(struct pol_atomic *a, struct pol_err *err)
{
	int e = 0;

	errno = 0;
	if (fflush(a->fp) != 0 || ferror(a->fp) || (a->tmp && fsync(fileno(a->fp)) != 0))
		e = -(errno ? errno : EIO);
	if (fclose(a->fp) != 0 && !e)
		e = -errno;
	a->fp = NULL;
	if (!e && a->tmp && rename(a->tmp, a->path) != 0)
		e = -errno;
	if (e) {
		pol_err_set(err, e, "cannot write '%s': %s", a->path, strerror(-e));
		pol_atomic_abort(a);
		return e;
	}
	if (a->tmp)
		sync_parent(a->path);
	free(a->tmp);
	a->tmp = NULL;
	pol_atomic_abort(a);
	return 0;
}
