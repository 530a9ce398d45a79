/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: the file_contexts reader (libpolicy/label, what
 * serelabel -f reads) with both engines, the contexts' syntax check and a
 * few lookups. Each input is read as a spec file: it is accepted, or
 * refused with POL_EFORMAT or POL_EREGEX and an error on a line of the
 * input. Any sanitizer report aborts. See tests/fuzz/README.md.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "label/label.h"
#include "memfile.h"
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void lookups(const struct pol_label_specs *specs)
{
	static const char *const paths[] = {
	    "/", "/etc/passwd", "/usr/bin/ls", "/home/u/.ssh", "/var/lib/x/y/z", "/tmp/a b"};
	static const mode_t modes[] = {S_IFDIR, S_IFREG, S_IFREG, S_IFDIR, S_IFLNK, S_IFSOCK};

	for (size_t i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
		struct pol_label_match m;

		pol_label_lookup(specs, paths[i], modes[i], &m);
		pol_label_match_release(&m);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum pol_label_engine engines[] = {POL_LABEL_ENGINE_NATIVE,
							POL_LABEL_ENGINE_SELABEL};
	char path[64];
	int fd = fuzz_memfile(data, size, path, sizeof(path));
	/* file_contexts.bin's magic, 0xf97cff8a: a compiled file has no lines */
	static const uint8_t magic[] = {0x8a, 0xff, 0x7c, 0xf9};
	bool compiled = size >= sizeof(magic) && !memcmp(data, magic, sizeof(magic));
	bool ascii = true;

	for (size_t i = 0; i < size && ascii; i++)
		ascii = data[i] < 0x80;
	for (size_t e = 0; e < sizeof(engines) / sizeof(*engines); e++) {
		struct pol_label_specs *specs = NULL;
		struct pol_err err;
		int rc;

		/* libselinux 3.4 refuses a spec line with a byte past ASCII and
		 * leaks the fields it had copied (README.md): its leak, not ours */
		if (engines[e] == POL_LABEL_ENGINE_SELABEL && !ascii && !compiled)
			continue;
		pol_err_init(&err);
		rc = pol_label_specs_open(path, engines[e], POL_LABEL_SPECS_BASEONLY, &specs, &err);
		if (rc == POL_EFORMAT || rc == POL_EREGEX) {
			/* libselinux says no more than that the file is bad; a
			 * compiled file's refusal names no line, only the file */
			if (engines[e] == POL_LABEL_ENGINE_NATIVE && !compiled)
				fuzz_located(&err);
			else if (engines[e] == POL_LABEL_ENGINE_NATIVE && !pol_err_errors(&err))
				abort();
		} else if (rc == 0) {
			pol_label_specs_validate(specs, NULL, NULL, &err);
			lookups(specs);
			pol_label_specs_free(specs);
		} else if (rc != -ENOMEM && engines[e] == POL_LABEL_ENGINE_NATIVE) {
			abort();
		}
		pol_err_release(&err);
	}
	close(fd);
	return 0;
}
