/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/array.h"
#include "util/err.h"
#include "util/file.h"

int pol_read_fd(int fd, char **data, size_t *len)
{
	struct stat st;
	size_t alloc, n = 0;
	char *buf;

	if (fstat(fd, &st) != 0)
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	/* a regular file says its size; a pipe starts at 64 KiB and doubles */
	alloc = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size + 1 : 1 << 16;
	buf = malloc(alloc);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		ssize_t r;

		/* room for one byte more and the NUL */
		if (POL_ARRAY_GROW(buf, n + 2, alloc) < 0) {
			free(buf);
			return -ENOMEM;
		}
		r = read(fd, buf + n, alloc - n - 1);
		if (r == 0)
			break;
		if (r < 0) {
			int rc = -errno;

			if (rc == -EINTR)
				continue;
			free(buf);
			return rc;
		}
		n += (size_t)r;
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
}

int pol_read_path(const char *path, char **data, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -errno;
	rc = pol_read_fd(fd, data, len);
	close(fd);
	return rc;
}

const char *pol_file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	return "not a regular file";
}

int pol_fopen_regular(const char *path, FILE **out, struct pol_err *err)
{
	struct stat st;
	FILE *f;
	int fd, rc;

	/* O_NONBLOCK: opening a FIFO without a writer must not wait */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return pol_err_set(err, -errno, "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		rc = pol_err_set(err, -errno, "cannot read '%s': %s", path, strerror(errno));
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = S_ISDIR(st.st_mode)
			 ? pol_err_set(err, -EISDIR, "cannot read '%s': %s", path, strerror(EISDIR))
			 : pol_err_set(err, POL_EFORMAT, "'%s' is %s, not a regular file", path,
				       pol_file_kind(st.st_mode));
		goto fail;
	}
	if (fcntl(fd, F_SETFL, 0) < 0 || !(f = fdopen(fd, "r"))) {
		rc = pol_err_set(err, -errno, "cannot read '%s': %s", path, strerror(errno));
		goto fail;
	}
	*out = f;
	return 0;
fail:
	close(fd);
	return rc;
}
