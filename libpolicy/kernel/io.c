/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The selinuxfs file protocol, as libselinux speaks it: small files read
 * whole, each request in one write(), transactions answered on the same
 * descriptor.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/file.h"

#include "kernel/internal.h"

char *kfs_path(const struct pol_kernel *k, const char *rel)
{
	char *path;

	if (asprintf(&path, "%s/%s", k->fs, rel) < 0)
		return NULL;
	return path;
}

static int fail(struct pol_err *err, int rc, const char *verb, const char *path)
{
	return pol_err_set(err, rc, "cannot %s '%s': %s", verb, path, strerror(-rc));
}

/*
 * open() a selinuxfs node, which the kernel makes a regular file. A FIFO,
 * a device or a socket (planted in a fake tree or a bind mount)
 * is refused: it could block open() or read() for ever. O_NONBLOCK keeps the
 * open() itself from waiting; it is cleared once the node is known regular.
 * Returns the descriptor, or a negative status with err set.
 */
static int kfs_open(const char *path, int flags, const char *verb, struct pol_err *err)
{
	struct stat st;
	int fd, rc;

	fd = open(path, flags | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		rc = -errno;
		/* a FIFO without a reader refuses O_WRONLY|O_NONBLOCK: ENXIO */
		if (rc == -ENXIO && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
			return pol_err_set(err, POL_EFORMAT, "'%s' is %s, not a selinuxfs file",
					   path, pol_file_kind(st.st_mode));
		return fail(err, rc, verb, path);
	}
	if (fstat(fd, &st) < 0) {
		rc = fail(err, -errno, verb, path);
		close(fd);
		return rc;
	}
	/* a directory fails read() with EISDIR, which says it well enough */
	if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		close(fd);
		return pol_err_set(err, POL_EFORMAT, "'%s' is %s, not a selinuxfs file", path,
				   pol_file_kind(st.st_mode));
	}
	if (fcntl(fd, F_SETFL, flags & ~O_ACCMODE) < 0) {
		rc = fail(err, -errno, verb, path);
		close(fd);
		return rc;
	}
	return fd;
}

int kfs_open_read(const struct pol_kernel *k, const char *rel, struct pol_err *err)
{
	char *path = kfs_path(k, rel);
	int fd;

	if (!path)
		return pol_err_set(err, -ENOMEM, "out of memory");
	fd = kfs_open(path, O_RDONLY, "read", err);
	free(path);
	return fd;
}

/* The kernel ends some answers with NUL (contexts) and tests write files
 * with echo (newline): neither is part of the value. */
static size_t trim(char *buf, size_t len)
{
	while (len > 0 && (buf[len - 1] == '\0' || buf[len - 1] == '\n'))
		len--;
	buf[len] = '\0';
	return len;
}

static ssize_t read_all(int fd, char *buf, size_t size)
{
	size_t n = 0;

	while (n < size - 1) {
		ssize_t r = read(fd, buf + n, size - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	return (ssize_t)trim(buf, n);
}

ssize_t kfs_read(const struct pol_kernel *k, const char *rel, char *buf, size_t size,
		 struct pol_err *err)
{
	char *path = kfs_path(k, rel);
	ssize_t n;
	int fd;

	if (!path)
		return pol_err_set(err, -ENOMEM, "out of memory");
	fd = kfs_open(path, O_RDONLY, "read", err);
	if (fd < 0) {
		free(path);
		return fd;
	}
	n = read_all(fd, buf, size);
	close(fd);
	if (n < 0)
		fail(err, (int)n, "read", path);
	free(path);
	return n;
}

int kfs_read_long(const struct pol_kernel *k, const char *rel, long *out, struct pol_err *err)
{
	char buf[64], *end;
	ssize_t n = kfs_read(k, rel, buf, sizeof(buf), err);
	long v;

	if (n < 0)
		return (int)n;
	errno = 0;
	v = strtol(buf, &end, 10);
	while (*end == ' ' || *end == '\n')
		end++;
	if (n == 0 || *end || errno) {
		char *path = kfs_path(k, rel);
		int rc = pol_err_set(err, POL_EFORMAT, "'%s' holds '%s', not a number",
				     path ? path : rel, buf);

		free(path);
		return rc;
	}
	*out = v;
	return 0;
}

int kfs_write(const struct pol_kernel *k, const char *rel, const void *data, size_t len,
	      struct pol_err *err)
{
	char *path = kfs_path(k, rel);
	ssize_t w;
	int fd, rc = 0;

	if (!path)
		return pol_err_set(err, -ENOMEM, "out of memory");
	fd = kfs_open(path, O_WRONLY, "write", err);
	if (fd < 0) {
		free(path);
		return fd;
	}
	/* No retry on EINTR or a short count: the kernel takes a request in
	 * one piece (a policy load split in two fails with EINVAL). */
	w = write(fd, data, len);
	if (w < 0)
		rc = fail(err, -errno, "write", path);
	else if ((size_t)w != len)
		rc = pol_err_set(err, -EIO, "cannot write '%s': only %zd of %zu bytes written", path,
				 w, len);
	if (close(fd) < 0 && rc == 0)
		rc = fail(err, -errno, "write", path);
	free(path);
	return rc;
}

int kfs_transact(const struct pol_kernel *k, const char *rel, const char *req, size_t len,
		 char **answer, bool *refused, struct pol_err *err)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t size = page > 0 ? (size_t)page : 4096;
	char *path = kfs_path(k, rel), *buf = NULL;
	ssize_t n;
	int fd, rc;

	*refused = false;
	if (!path)
		return pol_err_set(err, -ENOMEM, "out of memory");
	fd = kfs_open(path, O_RDWR, "open", err);
	if (fd < 0) {
		rc = fd;
		goto out;
	}
	n = write(fd, req, len);
	if (n < 0) {
		rc = -errno; /* the caller explains the kernel's refusal */
		*refused = true;
		goto out;
	}
	if ((size_t)n != len) {
		rc = pol_err_set(err, -EIO, "cannot write '%s': only %zd of %zu bytes written", path, n,
				 len);
		goto out;
	}
	buf = malloc(size);
	if (!buf) {
		rc = pol_err_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	n = read_all(fd, buf, size);
	if (n < 0) {
		rc = fail(err, (int)n, "read", path);
		goto out;
	}
	if (n == 0) {
		/* A plain file (a test's fake selinuxfs) reads back nothing. */
		rc = pol_err_set(err, -EIO, "'%s' gave no answer: not a selinuxfs transaction file",
				 path);
		goto out;
	}
	*answer = buf;
	buf = NULL;
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(path);
	return rc;
}

static int not_dot(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

int kfs_list(const struct pol_kernel *k, const char *rel, char ***names, size_t *n,
	     struct pol_err *err)
{
	char *path = kfs_path(k, rel), **v;
	struct dirent **list;
	int count;

	if (!path)
		return pol_err_set(err, -ENOMEM, "out of memory");
	count = scandir(path, &list, not_dot, alphasort);
	if (count < 0) {
		int rc = fail(err, -errno, "read", path);

		free(path);
		return rc;
	}
	free(path);
	v = calloc((size_t)count + 1, sizeof(*v));
	for (int i = 0; i < count; i++) {
		if (v && !(v[i] = strdup(list[i]->d_name))) {
			pol_kernel_names_free(v, (size_t)i);
			v = NULL;
		}
		free(list[i]);
	}
	free(list);
	if (!v)
		return pol_err_set(err, -ENOMEM, "out of memory");
	*names = v;
	*n = (size_t)count;
	return 0;
}

void pol_kernel_names_free(char **names, size_t n)
{
	if (!names)
		return;
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int kfs_need_policy(const struct pol_kernel *k, struct pol_err *err)
{
	if (pol_kernel_policy_loaded(k))
		return 0;
	return pol_err_set(err, POL_ENOPOLICY, "no SELinux policy is loaded");
}

int kfs_need_kernel(const struct pol_kernel *k, const char *what, struct pol_err *err)
{
	if (k->fs)
		return 0;
	return pol_err_set(err, POL_EINVAL, "%s needs the kernel, not a policy file", what);
}
