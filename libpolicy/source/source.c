/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The public face of the parser: parsed sources built from files or memory. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source/parse-internal.h"
#include "util/array.h"
#include "util/file.h"

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

static void release_input(struct src_input *in)
{
	if (in->how == SRC_INPUT_MAPPED)
		munmap((void *)(uintptr_t)in->data, in->len);
	else if (in->how == SRC_INPUT_OWNED)
		free((void *)(uintptr_t)in->data);
	free(in->name);
}

void pol_source_free(struct pol_source *src)
{
	if (!src)
		return;
	src_unit_free(src->unit);
	for (size_t i = 0; i < src->ninputs; i++)
		release_input(&src->inputs[i]);
	free(src->inputs);
	free(src);
}

void pol_source_set_lean(struct pol_source *src, bool lean)
{
	src->lean = lean;
}

void pol_source_set_verbose(struct pol_source *src, bool verbose)
{
	src->verbose = verbose;
}

bool pol_source_is_module(const struct pol_source *src)
{
	return src->is_module;
}

/* A lean source remembers each text, to parse it again when lowering. */
static int remember_input(struct pol_source *src, const char *name, const char *data, size_t len,
			  int how)
{
	struct src_input *in;
	char *copy = strdup(name ? name : "<input>");

	if (!copy || POL_ARRAY_GROW(src->inputs, src->ninputs + 1, src->inputs_alloc) < 0) {
		free(copy);
		return -ENOMEM;
	}
	in = &src->inputs[src->ninputs++];
	in->name = copy;
	in->data = data;
	in->len = len;
	in->how = how;
	return 0;
}

static int parse_input(struct pol_source *src, const char *name, const char *data, size_t len,
		       bool mapped, struct pol_err *err)
{
	struct src_parse_mode mode = {
	    .lean = src->lean, .text_mapped = mapped, .verbose = src->verbose};
	struct src_block *top = src_unit_top(src->unit);
	struct src_stmt *last = top->last;
	int r;

	r = src_parse_with(src->unit, name, data, len, err, &mode);
	for (struct src_stmt *s = last ? last->next : top->first; s; s = s->next) {
		if (s->kind == SRC_MODULE)
			src->is_module = true;
	}
	return r;
}

int pol_source_parse_data(struct pol_source *src, const char *name, const char *data, size_t len,
			  struct pol_err *err)
{
	if (src->lean && remember_input(src, name, data, len, SRC_INPUT_BORROWED))
		return pol_err_set(err, -ENOMEM, "out of memory");
	return parse_input(src, name, data, len, false, err);
}

int src_source_stream(const struct pol_source *src, src_stmt_fn each, void *data)
{
	struct src_parse_mode mode = {.each = each, .each_data = data};
	struct src_unit *unit = src_unit_new();
	int r = 0;

	if (!unit)
		return -ENOMEM;
	for (size_t i = 0; i < src->ninputs && r == 0; i++) {
		const struct src_input *in = &src->inputs[i];

		mode.text_mapped = in->how == SRC_INPUT_MAPPED;
		r = src_parse_with(unit, in->name, in->data, in->len, NULL, &mode);
	}
	src_unit_free(unit);
	return r;
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
		r = pol_read_text_fd(fd, path, &data, &len, err);
		if (r < 0) {
			close(fd);
			return r;
		}
	}
	close(fd);
	if (src->lean) {
		/* kept until the source is freed: the lowering reads it again */
		if (remember_input(src, path, data, len,
				   mapped ? SRC_INPUT_MAPPED : SRC_INPUT_OWNED)) {
			if (mapped)
				munmap(data, len);
			else
				free(data);
			return pol_err_set(err, -ENOMEM, "out of memory");
		}
		return parse_input(src, path, data, len, mapped, err);
	}
	r = parse_input(src, path, data, len, mapped, err);
	if (mapped)
		munmap(data, len);
	else
		free(data);
	return r;
}
