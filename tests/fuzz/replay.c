/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main() for the libFuzzer targets without libFuzzer: run the target once
 * on each file named on the command line. make check builds every target
 * with it (check_PROGRAMS: the build's compiler, warnings and sanitizers),
 * so that a target cannot rot between 'make fuzz' runs, which need clang.
 * It also replays a finding: tests/fuzz/fuzz-pdb-open crashes/FILE.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* defined by the targets that need one (fuzz-audit.c) */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int replay(const char *path)
{
	FILE *f = fopen(path, "rbe");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (size == cap) {
			uint8_t *p = realloc(data, cap = cap ? 2 * cap : 65536);

			if (!p) {
				fprintf(stderr, "%s: out of memory\n", path);
				free(data);
				fclose(f);
				return -1;
			}
			data = p;
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n > 0);
	if (ferror(f)) {
		fprintf(stderr, "%s: read error\n", path);
		free(data);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 0;
}

int main(int argc, char **argv)
{
	int status = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		if (replay(argv[i]) < 0)
			status = 1;
		else
			printf("%s: ran\n", argv[i]);
	}
	return status;
}
