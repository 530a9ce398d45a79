/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* CIL sources, compiled by libsepol's CIL compiler as secilc does. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/cil/cil.h>

#include "source/backend.h"

static void set_options(cil_db_t *db, const struct pol_source_options *opts, unsigned int vers)
{
	cil_set_disable_dontaudit(db, opts->disable_dontaudit);
	cil_set_disable_neverallow(db, opts->no_neverallow);
	cil_set_preserve_tunables(db, opts->preserve_tunables);
	/* Left unset, the policy's own handleunknown and mls statements
	 * decide, as with secilc run without -U or -M. */
	if (opts->handle_unknown != POL_SOURCE_UNKNOWN_DEFAULT)
		cil_set_handle_unknown(
		    db, opts->handle_unknown == POL_SOURCE_UNKNOWN_ALLOW    ? SEPOL_ALLOW_UNKNOWN
			: opts->handle_unknown == POL_SOURCE_UNKNOWN_REJECT ? SEPOL_REJECT_UNKNOWN
									    : SEPOL_DENY_UNKNOWN);
	if (opts->mls)
		cil_set_mls(db, 1);
	cil_set_target_platform(db, opts->target == POL_SOURCE_TARGET_XEN ? SEPOL_TARGET_XEN
									  : SEPOL_TARGET_SELINUX);
	cil_set_policy_version(db, (int)vers);
}

/* Parse every file into db; stops at the first that cannot be read. */
static int add_files(cil_db_t *db, const char *const *paths, size_t n, struct src_cil_log *log)
{
	for (size_t i = 0; i < n; i++) {
		char *data;
		size_t len;
		int rc = src_backend_read_file(paths[i], &data, &len, log->msgs.err);

		if (rc < 0)
			return rc;
		/* secilc skips empty files */
		rc = len ? cil_add_file(db, paths[i], data, len) : SEPOL_OK;
		free(data);
		src_cil_log_flush(log, true);
		if (rc != SEPOL_OK) {
			if (!log->msgs.errors)
				pol_err_set(log->msgs.err, POL_EINVAL, "cannot parse '%s'",
					    paths[i]);
			return POL_EINVAL;
		}
	}
	return 0;
}

static int compile(cil_db_t *db, const char *const *paths, size_t n, struct src_cil_log *log,
		   sepol_policydb_t **pdb)
{
	int rc = add_files(db, paths, n, log);

	if (rc < 0)
		return rc;
	rc = cil_compile(db);
	src_cil_log_flush(log, true);
	if (rc != SEPOL_OK) {
		if (!log->msgs.errors)
			pol_err_set(log->msgs.err, POL_EINVAL, "cannot compile the CIL policy");
		return POL_EINVAL;
	}
	rc = cil_build_policydb(db, pdb);
	src_cil_log_flush(log, true);
	if (rc != SEPOL_OK) {
		if (!log->msgs.errors)
			pol_err_set(log->msgs.err, POL_EINVAL,
				    "cannot build the kernel policy from CIL");
		return POL_EINVAL;
	}
	return 0;
}

int pol_source_cil_compile(const char *const *paths, size_t n,
			   const struct pol_source_options *opts, struct pol_pdb **out, char **fc,
			   size_t *fc_len, struct pol_err *err)
{
	struct src_cil_log log;
	unsigned int vers = opts->version ? opts->version : POLICYDB_VERSION_MAX;
	sepol_policydb_t *pdb = NULL;
	struct pol_pdb *kp = NULL;
	char *fc_text = NULL;
	size_t fc_size = 0;
	cil_db_t *db = NULL;
	int rc;

	if (n == 0)
		return pol_err_set(err, POL_EINVAL, "no CIL file to compile");
	if (vers < POLICYDB_VERSION_MIN || vers > POLICYDB_VERSION_MAX)
		return pol_err_set(
		    err, POL_EVERSION,
		    "policy version %u is out of range: libsepol writes versions %d to %d", vers,
		    POLICYDB_VERSION_MIN, POLICYDB_VERSION_MAX);
	kp = calloc(1, sizeof(*kp));
	if (!kp)
		return pol_err_set(err, -ENOMEM, "out of memory");

	src_cil_log_begin(&log, err, opts->werror);
	log.msgs.on_violation = opts->on_violation;
	log.msgs.violation_data = opts->violation_data;
	src_backend_compat_begin(&log.msgs);
	cil_db_init(&db);
	set_options(db, opts, vers);
	rc = compile(db, paths, n, &log, &pdb);
	if (rc == 0 && fc && cil_filecons_to_string(db, &fc_text, &fc_size) != SEPOL_OK)
		rc = pol_err_set(err, POL_EINVAL,
				 "cannot write the file contexts of the CIL policy");
	cil_db_destroy(&db);
	src_backend_compat_end();
	src_cil_log_end(&log);

	if (rc == 0 && log.msgs.errors)
		rc = POL_EINVAL;
	if (rc != 0) {
		sepol_policydb_free(pdb);
		free(fc_text);
		free(kp);
		return rc;
	}
	/* Take the policydb out of libsepol's wrapper, which holds nothing
	 * else. */
	kp->p = pdb->p;
	free(pdb);
	kp->p.policy_type = POLICY_KERN;
	kp->built = true;
	if (pdb_index(kp) != 0) {
		pol_pdb_free(kp);
		free(fc_text);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out = kp;
	if (fc) {
		*fc = fc_text;
		*fc_len = fc_size;
	}
	return 0;
}
