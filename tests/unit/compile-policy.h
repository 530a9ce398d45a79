/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A policy.conf compiled in process into a loaded binary policy (or text
 * expanded into a kernel policy), for the
 * unit tests and fuzz targets that need a policy of their own
 * (tests/unit/test-audit.c, tests/fuzz/fuzz-audit.c) without relying on
 * checkpolicy being installed.
 */
#ifndef SEKIT_TEST_COMPILE_POLICY_H
#define SEKIT_TEST_COMPILE_POLICY_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pdb/pdb.h"
#include "source/source.h"
#include "util/err.h"

#include "util.h"

/* Parse text (name: its file name in diagnostics), lower and expand it
 * with opts (NULL: the defaults) into the kernel policy
 * pol_source_module_expand() makes, not finished: a test reads its rules
 * (its neverallows too) as libsepol holds them. Returns the policy (free
 * with pol_pdb_free()), or NULL with each diagnostic printed as a TAP
 * comment. */
static inline struct pol_pdb *test_expand_policy(const char *name, const char *text,
						 const struct pol_source_options *opts)
{
	static const struct pol_source_options defaults;
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL;
	struct pol_pdb *kp = NULL;
	struct pol_err err;

	if (!opts)
		opts = &defaults;
	pol_err_init(&err);
	if (pol_source_new(&src, &err) < 0 ||
	    pol_source_parse_data(src, name, text, strlen(text), &err) < 0 ||
	    pol_source_lower(src, opts, &mod, &err) < 0 ||
	    pol_source_module_expand(mod, opts, &kp, &err) < 0) {
		test_show_diags(&err);
		kp = NULL;
	}
	pol_source_module_free(mod);
	pol_source_free(src);
	pol_err_release(&err);
	return kp;
}

/* Compile conf (an MLS policy when mls) and write the kernel binary to
 * path. Returns 0, or < 0 with the reason in err. */
static inline int test_compile_policy_file(const char *conf, bool mls, const char *path,
					   struct pol_err *err)
{
	struct pol_source_options opts = {.mls = mls};
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL;
	struct pol_pdb *kp = NULL;
	FILE *fp;
	int rc;

	rc = pol_source_new(&src, err);
	if (rc == 0)
		rc = pol_source_parse_file(src, conf, err);
	if (rc == 0)
		rc = pol_source_lower(src, &opts, &mod, err);
	if (rc == 0)
		rc = pol_source_module_expand(mod, &opts, &kp, err);
	if (rc == 0)
		rc = pol_source_kpolicy_finish(kp, &opts, err);
	if (rc < 0)
		goto out;
	fp = fopen(path, "w");
	if (!fp) {
		rc = pol_err_set(err, -errno, "cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	rc = pol_source_kpolicy_write_binary(kp, &opts, fp, err);
	if (fclose(fp) != 0 && rc == 0)
		rc = pol_err_set(err, -errno, "cannot write '%s': %s", path, strerror(errno));
out:
	pol_pdb_free(kp);
	pol_source_module_free(mod);
	pol_source_free(src);
	return rc < 0 ? rc : 0;
}

/* Compile conf (an MLS policy when mls), write the kernel binary to a
 * temporary file and open it with pol_pdb_open(), as seallow -p and
 * sequery open one: the policy then comes through the one binary reader.
 * Returns the policy (free with pol_pdb_free()), or NULL with the reason
 * in err. */
static inline struct pol_pdb *test_compile_policy(const char *conf, bool mls, struct pol_err *err)
{
	char path[] = "/tmp/sekit-test-policy-XXXXXX";
	struct pol_pdb *out = NULL;
	int fd = mkstemp(path);

	if (fd < 0) {
		pol_err_set(err, -errno, "cannot create '%s': %s", path, strerror(errno));
		return NULL;
	}
	close(fd);
	if (test_compile_policy_file(conf, mls, path, err) == 0 &&
	    pol_pdb_open(path, &out, err) < 0)
		out = NULL;
	unlink(path);
	return out;
}

/* For the fuzz targets' LLVMFuzzerInitialize(): the policy.conf named by
 * the environment variable var, compiled; without one, or when it does not
 * compile, a message (target: the target's name) and exit(1). */
static inline struct pol_pdb *test_compile_policy_env(const char *var, const char *target)
{
	const char *conf = getenv(var);
	struct pol_pdb *pdb;
	struct pol_err err;

	if (!conf || !*conf) {
		fprintf(stderr, "%s: set %s to a policy.conf\n", target, var);
		exit(1);
	}
	pol_err_init(&err);
	pdb = test_compile_policy(conf, false, &err);
	if (!pdb) {
		fprintf(stderr, "%s: cannot compile '%s'\n", target, conf);
		pol_err_print(&err, stderr, target);
		exit(1);
	}
	pol_err_release(&err);
	return pdb;
}

#endif
