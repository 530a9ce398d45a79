/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: sepolgen's interface_info format as seallow -R
 * --interface-info reads it (libpolicy/refpolicy/ifdb.c), then the
 * matching of a few requests against what was read. A file is accepted or
 * refused with a diagnostic; m4 never runs (the file stands for the
 * headers). Any sanitizer report aborts. See tests/fuzz/README.md.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "memfile.h"
#include "refpolicy/refpolicy.h"
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void choose(struct pol_refpolicy_ifdb *db)
{
	static const char *const read[] = {"getattr", "open", "read"};
	static const char *const write[] = {"write"};
	static const struct pol_refpolicy_request reqs[] = {
	    {"a_t", "b_t", "file", read, 3},
	    {"a_t", "a_t", "dir", write, 1},
	    {"x_t", "etc_t", "file", read, 1},
	};

	for (size_t i = 0; i < sizeof(reqs) / sizeof(*reqs); i++) {
		struct pol_refpolicy_choice c = {0};
		int rc = pol_refpolicy_ifdb_choose(db, &reqs[i], &c);

		if (rc == 1) {
			if (!c.call || !c.name)
				abort();
			free(pol_refpolicy_choice_extra_text(&c));
			pol_refpolicy_choice_release(&c);
		} else if (rc != 0 && rc != -ENOMEM) {
			abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_refpolicy_opts opts = {.headers = "/nonexistent", .cache_dir = "/nonexistent"};
	struct pol_refpolicy_ifdb *db = NULL;
	struct pol_err err;
	char path[64];
	int fd = fuzz_memfile(data, size, path, sizeof(path));
	int rc;

	opts.interface_info = path;
	pol_err_init(&err);
	rc = pol_refpolicy_ifdb_open(&opts, &db, &err);
	if (rc == 0) {
		pol_refpolicy_ifdb_count(db);
		choose(db);
		pol_refpolicy_ifdb_free(db);
	} else if (!pol_err_errors(&err)) {
		abort();
	}
	pol_err_release(&err);
	close(fd);
	return 0;
}
