/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/array.h"
#include "util/err.h"
#include "util/file.h"

/* Read fd whole. For text (nul non-NULL), stop at the first chunk holding
 * a NUL byte (*nul: its offset; POL_EFORMAT) and after POL_TEXT_STREAM_MAX
 * bytes from anything but a regular file (-EFBIG). */
static int read_fd(int fd, char **data, size_t *len, size_t *nul)
{
	struct stat st;
	size_t alloc, n = 0;
	bool regular;
	char *buf;

	if (fstat(fd, &st) != 0)
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	regular = S_ISREG(st.st_mode);
	/* a regular file says its size; a pipe starts at 64 KiB and doubles */
	alloc = regular && st.st_size > 0 ? (size_t)st.st_size + 1 : 1 << 16;
	buf = malloc(alloc);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		const char *zero;
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
		if (nul && (zero = memchr(buf + n, '\0', (size_t)r))) {
			*nul = (size_t)(zero - buf);
			buf[*nul] = '\0';
			*data = buf;
			*len = *nul;
			return POL_EFORMAT;
		}
		n += (size_t)r;
		if (nul && !regular && n > POL_TEXT_STREAM_MAX) {
			free(buf);
			return -EFBIG;
		}
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
}

int pol_read_fd(int fd, char **data, size_t *len)
{
	return read_fd(fd, data, len, NULL);
}

int pol_read_text_fd(int fd, const char *path, char **data, size_t *len, struct pol_err *err)
{
	size_t nul = 0, line = 1, col = 1;
	int rc = read_fd(fd, data, len, &nul);

	if (rc == POL_EFORMAT) {
		for (size_t i = 0; i < nul; i++, col++)
			if ((*data)[i] == '\n') {
				line++;
				col = 0;
			}
		free(*data);
		*data = NULL;
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, path, (unsigned int)line,
				   (unsigned int)col, "a NUL byte: binary data, not text");
	}
	if (rc == -EFBIG)
		return pol_err_set(err, rc,
				   "cannot read '%s': more than %u MiB from a pipe or device "
				   "(an endless one?)",
				   path, (unsigned int)(POL_TEXT_STREAM_MAX >> 20));
	if (rc < 0)
		return pol_err_set(err, rc, "cannot read '%s': %s", path, strerror(-rc));
	return 0;
}

int pol_read_text_path(const char *path, char **data, size_t *len, struct pol_err *err)
{
	int fd = strcmp(path, "-") == 0 ? dup(0) : open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return pol_err_set(err, -errno, "cannot open '%s': %s", path, strerror(errno));
	rc = pol_read_text_fd(fd, path, data, len, err);
	close(fd);
	return rc;
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

enum pol_policy_magic pol_policy_magic(const char *path)
{
	unsigned char m[4];
	struct stat st;
	uint32_t magic;
	ssize_t n;
	int fd;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return POL_MAGIC_NONE;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return POL_MAGIC_NONE;
	n = read(fd, m, sizeof(m));
	close(fd);
	if (n != (ssize_t)sizeof(m))
		return POL_MAGIC_NONE;
	magic = (uint32_t)m[0] | (uint32_t)m[1] << 8 | (uint32_t)m[2] << 16 | (uint32_t)m[3] << 24;
	switch (magic) {
	case 0xf97cff8cU:
		return POL_MAGIC_KERNEL;
	case 0xf97cff8dU:
		return POL_MAGIC_MODULE;
	case 0xf97cff8fU:
		return POL_MAGIC_PACKAGE;
	default:
		return POL_MAGIC_NONE;
	}
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
