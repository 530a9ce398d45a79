/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Writing a kernel policy: binary (checkpolicy -o), CIL (-C), policy.conf
 * (-F). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/kernel_to_cil.h>
#include <sepol/kernel_to_conf.h>

#include "source/backend.h"

/*
 * The version to write, as checkpolicy chooses it: the one asked for or
 * the newest, except that a binary older than version 24 cannot be
 * upgraded (it keeps no attribute names) and stays at its version. The
 * newest for Xen is 30 (checkpolicy fails without -c 30 there).
 */
static unsigned int write_version(const struct pol_pdb *kp, const struct pol_source_options *opts,
				  struct pol_err *err)
{
	unsigned int have = kp->p.policyvers;

	if (have <= POLICYDB_VERSION_PERMISSIVE) {
		if (opts->version > have)
			pol_err_add(err, opts->werror ? POL_SEV_ERROR : POL_SEV_WARNING,
				    POL_EVERSION, NULL, 0, 0,
				    "a version %u policy cannot be upgraded to version %u: writing "
				    "version %u",
				    have, opts->version, have);
		else if (opts->version)
			return opts->version;
		return have;
	}
	if (kp->p.target_platform == SEPOL_TARGET_XEN) {
		/* libsepol writes Xen policies at 24 and 30 only */
		if (!opts->version)
			return POLICYDB_VERSION_XEN_DEVICETREE;
		if (opts->version != POLICYDB_VERSION_BOUNDARY &&
		    opts->version != POLICYDB_VERSION_XEN_DEVICETREE)
			pol_err_set(err, POL_EVERSION,
				    "a Xen policy is written at version %d or %d, not %u",
				    POLICYDB_VERSION_BOUNDARY, POLICYDB_VERSION_XEN_DEVICETREE,
				    opts->version);
	}
	return opts->version ? opts->version : POLICYDB_VERSION_MAX;
}

unsigned int pol_source_version(const struct pol_source_options *opts)
{
	if (opts->version)
		return opts->version;
	return opts->target == POL_SOURCE_TARGET_XEN ? POLICYDB_VERSION_XEN_DEVICETREE
						     : POLICYDB_VERSION_MAX;
}

int pol_source_kpolicy_write_binary(struct pol_pdb *kp, const struct pol_source_options *opts,
				    FILE *out, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err, .werror = opts->werror};
	unsigned int have = kp->p.policyvers, vers;
	uint32_t unknown = kp->p.handle_unknown;
	size_t errors_before = err ? pol_err_errors(err) : 0;
	int rc;

	if (opts->version &&
	    (opts->version < POLICYDB_VERSION_MIN || opts->version > POLICYDB_VERSION_MAX))
		return pol_err_set(
		    err, POL_EVERSION,
		    "policy version %u is out of range: libsepol writes versions %d to %d",
		    opts->version, POLICYDB_VERSION_MIN, POLICYDB_VERSION_MAX);
	if (opts->mls && !kp->p.mls)
		return pol_err_set(err, POL_EINVAL, "the policy is not MLS, but MLS was asked for");
	vers = write_version(kp, opts, err);
	if (err && pol_err_errors(err) > errors_before)
		return POL_EVERSION;
	/*
	 * The target and MLS flag were fixed when the policy was made (its
	 * ocontexts depend on them). handle_unknown only changes when asked,
	 * so a binary read in is written back as it was. Version and
	 * handle_unknown are put back afterwards: writing changes nothing.
	 */
	kp->p.policyvers = vers;
	if (opts->handle_unknown != POL_SOURCE_UNKNOWN_DEFAULT)
		kp->p.handle_unknown =
		    opts->handle_unknown == POL_SOURCE_UNKNOWN_ALLOW	? SEPOL_ALLOW_UNKNOWN
		    : opts->handle_unknown == POL_SOURCE_UNKNOWN_REJECT ? SEPOL_REJECT_UNKNOWN
									: SEPOL_DENY_UNKNOWN;
	/* A downgrade reports what it drops as warnings (libsepol's words). */
	rc = src_backend_write_policydb(&msgs, &kp->p, out, "binary policy");
	kp->p.policyvers = have;
	kp->p.handle_unknown = unknown;
	return rc;
}

typedef int (*text_writer)(FILE *fp, struct policydb *pdb);

/*
 * A built policy as a binary and back: what checkpolicy -b -F or -b -C
 * would print of the binary it writes. The in-memory policy still has
 * role attributes and other things no binary keeps.
 */
static int reread(struct pol_pdb *kp, policydb_t *out, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err};
	struct pdb_sepol *sh = src_backend_handle(&msgs);
	unsigned int have = kp->p.policyvers;
	void *data = NULL;
	size_t len = 0;
	int rc;

	if (!sh)
		return pol_err_set(err, -ENOMEM, "out of memory");
	/* Xen policies exist at two versions only; 30 has everything */
	if (kp->p.target_platform == SEPOL_TARGET_XEN)
		kp->p.policyvers = have >= POLICYDB_VERSION_XEN_DEVICETREE
				       ? POLICYDB_VERSION_XEN_DEVICETREE
				       : POLICYDB_VERSION_BOUNDARY;
	src_backend_compat_begin(&msgs);
	rc = policydb_to_image(pdb_sepol_handle(sh), &kp->p, &data, &len);
	src_backend_compat_end();
	pdb_sepol_free(sh);
	kp->p.policyvers = have;
	if (rc != 0 || policydb_init(out) != 0) {
		free(data);
		if (!msgs.errors)
			pol_err_set(err, POL_EINTERNAL,
				    "cannot convert the policy to its binary form");
		return POL_EINTERNAL;
	}
	rc = pdb_read_policydb(out, "the compiled policy", data, len, err);
	free(data);
	if (rc != 0) {
		policydb_destroy(out);
		return POL_EINTERNAL;
	}
	return 0;
}

static int write_text(struct pol_pdb *kp, text_writer write, const char *what, FILE *out,
		      struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err};
	policydb_t binary, *p = &kp->p;
	int rc;

	if (kp->built) {
		rc = reread(kp, &binary, err);
		if (rc < 0)
			return rc;
		p = &binary;
	}
	/* kernel_to_cil.c and kernel_to_conf.c report through the compat
	 * handle only */
	src_backend_compat_begin(&msgs);
	rc = write(out, p);
	src_backend_compat_end();
	if (p == &binary)
		policydb_destroy(&binary);
	if (rc != 0 || fflush(out) != 0 || ferror(out))
		return src_backend_write_error(out, what, err);
	return 0;
}

int pol_source_kpolicy_write_cil(struct pol_pdb *kp, FILE *out, struct pol_err *err)
{
	return write_text(kp, sepol_kernel_policydb_to_cil, "policy as CIL", out, err);
}

int pol_source_kpolicy_write_conf(struct pol_pdb *kp, FILE *out, struct pol_err *err)
{
	return write_text(kp, sepol_kernel_policydb_to_conf, "policy as policy.conf", out, err);
}
