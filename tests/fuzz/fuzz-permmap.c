/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: the permission-map reader (libpolicy/graph/permmap.c,
 * what sereach -m and seallow -R read). Each input is read as a map: it
 * is accepted, or refused with POL_EFORMAT and an error on a line of the
 * input (-ENOMEM only when memory ran out). Any sanitizer report aborts.
 * See tests/fuzz/README.md.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "graph/graph.h"
#include "memfile.h"
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_permmap *map = NULL;
	struct pol_err err;
	char path[64];
	int fd = fuzz_memfile(data, size, path, sizeof(path));
	int rc;

	pol_err_init(&err);
	rc = pol_permmap_load(path, &map, &err);
	if (rc == POL_EFORMAT)
		fuzz_located(&err);
	else if (rc != 0 && rc != -ENOMEM)
		abort();
	else if (rc == 0 && !map)
		abort();
	pol_permmap_free(map);
	pol_err_release(&err);
	close(fd);
	return 0;
}
