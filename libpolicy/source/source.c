/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The public face of the parser: parsed sources built from files or memory. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source/parse-internal.h"

int pol_source_new(struct pol_source **out, struct pol_err *err)
{
	struct pol_source *src = calloc(1, sizeof(*src));

	if (!src || !(src->unit = src_unit_new())) {
		free(src);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out = src;
	return 0;
}

void pol_source_free(struct pol_source *src)
{
	if (!src)
		return;
	src_unit_free(src->unit);
	free(src);
}

bool pol_source_is_module(const struct pol_source *src)
{
	return src->is_module;
}

int pol_source_parse_data(struct pol_source *src, const char *name, const char *data, size_t len,
			  struct pol_err *err)
{
	struct src_block *top = src_unit_top(src->unit);
	struct src_stmt *last = top->last;
	int r;

	r = src_parse(src->unit, name, data, len, err);
	for (struct src_stmt *s = last ? last->next : top->first; s; s = s->next) {
		if (s->kind == SRC_MODULE)
			src->is_module = true;
	}
	return r;
}

/* Pipes and other unmappable files are read into memory. */
static int read_all(int fd, char **out, size_t *len)
{
	size_t alloc = 1 << 16, used = 0;
	char *buf = malloc(alloc);

	if (!buf)
		return -ENOMEM;
	for (;;) {
		ssize_t n;

		if (used == alloc) {
			char *m = realloc(buf, alloc * 2);

			if (!m) {
				free(buf);
				return -ENOMEM;
			}
			buf = m;
			alloc *= 2;
		}
		n = read(fd, buf + used, alloc - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = -errno;

			free(buf);
			return e;
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	*out = buf;
	*len = used;
	return 0;
}

int pol_source_parse_file(struct pol_source *src, const char *path, struct pol_err *err)
{
	struct stat st;
	char *data = NULL;
	size_t len = 0;
	bool mapped = false;
	int fd, r;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		return pol_err_set(err, r, "cannot open '%s': %s", path, strerror(-r));
	}
	if (fstat(fd, &st) < 0) {
		r = -errno;
		close(fd);
		return pol_err_set(err, r, "cannot read '%s': %s", path, strerror(-r));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return pol_err_set(err, -EISDIR, "cannot read '%s': %s", path, strerror(EISDIR));
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (m != MAP_FAILED) {
			data = m;
			len = (size_t)st.st_size;
			mapped = true;
			madvise(m, len, MADV_SEQUENTIAL);
		}
	}
	if (!mapped) {
		r = read_all(fd, &data, &len);
		if (r < 0) {
			close(fd);
			return pol_err_set(err, r, "cannot read '%s': %s", path, strerror(-r));
		}
	}
	close(fd);
	r = pol_source_parse_data(src, path, data, len, err);
	if (mapped)
		munmap(data, len);
	else
		free(data);
	return r;
}
