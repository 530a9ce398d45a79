/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For the fuzz targets whose library entry point reads a named file (a
 * permission map, file_contexts, interface_info, a check file): the input
 * in a memfd, named /proc/self/fd/N. fuzz_memfile() returns the fd (close
 * it after the run) and fills path, or aborts: a target that cannot hand
 * its input over tests nothing.
 */
#ifndef SEKIT_FUZZ_MEMFILE_H
#define SEKIT_FUZZ_MEMFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util/err.h"

static inline int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	size_t done = 0;

	if (fd < 0)
		abort();
	while (done < size) {
		ssize_t n = write(fd, data + done, size - done);

		if (n <= 0)
			abort();
		done += (size_t)n;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/* Every diagnostic of a refusal is located in the input (line >= 1). */
static inline void fuzz_located(const struct pol_err *err)
{
	bool located = pol_err_errors(err) > 0;

	for (size_t i = 0; i < err->count; i++)
		if (err->diags[i].severity == POL_SEV_ERROR && err->diags[i].line < 1)
			located = false;
	if (!located) {
		fprintf(stderr, "fuzz: a refusal without a line:\n");
		pol_err_print(err, stderr, "fuzz");
		abort();
	}
}

#endif
