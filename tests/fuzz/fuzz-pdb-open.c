/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: pol_pdb_open() on arbitrary bytes, then, when the
 * policy is accepted, one rule search over every rule kind (what
 * "sequery rules" does with a policy libsepol let through). pol_pdb_open()
 * takes a path, so each input is written to one memfd, reopened through
 * /proc/self/fd: the library needs no memory-buffer entry point for this.
 * See tests/fuzz/README.md for building and running.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pdb/pdb.h"
#include "query/query.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static int input_file(void)
{
	static int fd = -1;

	if (fd >= 0)
		return fd;
	fd = memfd_create("fuzz-policy", MFD_CLOEXEC);
	if (fd < 0) {
		perror("memfd_create");
		abort();
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return fd;
}

static int write_input(const uint8_t *data, size_t size)
{
	int fd = input_file();
	size_t done = 0;

	if (ftruncate(fd, 0) < 0)
		return -errno;
	while (done < size) {
		ssize_t n = pwrite(fd, data + done, size - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -errno;
		done += (size_t)n;
	}
	return 0;
}

static void search_all(const struct pol_pdb *pdb)
{
	struct pol_rule_query q = { .kinds = POL_RULE_BIT(POL_RULE_KIND_COUNT) - 1 };
	struct pol_rule_list *list;
	struct pol_err err;

	pol_err_init(&err);
	if (pol_rule_search(pdb, &q, &list, &err) == 0)
		pol_rule_list_free(list);
	pol_err_release(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_pdb *pdb;
	struct pol_err err;

	if (write_input(data, size) < 0)
		abort();
	pol_err_init(&err);
	if (pol_pdb_open(path, &pdb, &err) == 0) {
		search_all(pdb);
		pol_pdb_free(pdb);
	} else if (pol_err_errors(&err) == 0) {
		/* Every refusal must say why. */
		abort();
	}
	pol_err_release(&err);
	return 0;
}
