/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: sereach check's assertion files (cmd/sereach/check.c,
 * included here for its static reader) over the policy of
 * $FUZZ_CHECK_POLICY (a policy.conf, compiled once; fuzz-source.sh gives
 * tests/sereach/fixtures/can.conf). A file is refused with POL_EFORMAT and
 * errors on its lines, or its assertions are checked (graphs built,
 * booleans evaluated, 'booleans current' meeting no selinuxfs) with the
 * report going to /dev/null. Any sanitizer report (a leak included)
 * aborts. See tests/fuzz/README.md.
 */
#include "../../cmd/sereach/check.c"

#include <fcntl.h>
#include <unistd.h>

#include "../unit/compile-policy.h"
#include "memfile.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct pol_pdb *pdb;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int null;

	(void)argc;
	(void)argv;
	pdb = test_compile_policy_env("FUZZ_CHECK_POLICY", "fuzz-check");
	cli_init("fuzz-check");
	cli_set_quiet(true);
	/* 'booleans current' must meet no selinuxfs, the running one least */
	setenv("SEKIT_SELINUXFS", "/nonexistent", 1);
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
		exit(1);
	close(null);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct check c = {.pdb = pdb, .file = "fuzz"};
	struct pol_err err;
	char path[64];
	int fd;
	int rc;

	fd = fuzz_memfile(data, size, path, sizeof(path));
	pol_err_init(&err);
	rc = read_file(&c, path, &err);
	if (rc == POL_EFORMAT)
		fuzz_located(&err);
	else if (rc < 0 && rc != -ENOMEM && !pol_err_errors(&err))
		abort();
	else if (rc == 0)
		check_all(&c);
	pol_err_release(&err);
	check_free(&c);
	close(fd);
	return 0;
}
