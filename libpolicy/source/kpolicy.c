/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Kernel policies: expanded from a base module (checkpolicy's path after
 * parsing a policy.conf) or read from a binary (checkpolicy -b), then
 * finished (-S, -O). The writers are in kpolicy-write.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/expand.h>
#include <sepol/policydb/hierarchy.h>
#include <sepol/policydb/link.h>

#include "neverallow/neverallow.h"
#include "source/backend.h"

static uint32_t sepol_unknown(enum pol_source_unknown u)
{
	switch (u) {
	case POL_SOURCE_UNKNOWN_REJECT:
		return SEPOL_REJECT_UNKNOWN;
	case POL_SOURCE_UNKNOWN_ALLOW:
		return SEPOL_ALLOW_UNKNOWN;
	case POL_SOURCE_UNKNOWN_DEFAULT:
	case POL_SOURCE_UNKNOWN_DENY:
		break;
	}
	return SEPOL_DENY_UNKNOWN;
}

/* The neverallow rules expand left in kp, checked and reported by
 * src_check_neverallows(). Returns 0 or < 0. */
static int check_neverallows(struct pdb_sepol *sh, struct pol_pdb *kp, struct pol_err *err)
{
	avrule_t *rules =
	    kp->p.global && kp->p.global->branch_list ? kp->p.global->branch_list->avrules : NULL;
	size_t nviolated = 0;
	int rc = src_check_neverallows(sh, kp, rules, &nviolated, err);

	return rc < 0 ? rc : nviolated ? -1 : 0;
}

int pol_source_module_expand(struct pol_source_module *base, const struct pol_source_options *opts,
			     struct pol_pdb **out, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err,
				      .werror = opts->werror,
				      .on_violation = opts->on_violation,
				      .violation_data = opts->violation_data};
	struct pol_pdb *kp;
	struct pdb_sepol *sh;
	int rc = POL_EINVAL;

	if (!pol_source_module_is_base(base))
		return pol_err_set(err, POL_EINVAL,
				   "module '%s' is not a base policy: it cannot become a kernel "
				   "policy alone (package it, then install it with semodule)",
				   base->p.name ? base->p.name : "?");
	/* What checkpolicy sets on the parsed policy; expand copies it. */
	policydb_set_target_platform(&base->p, opts->target == POL_SOURCE_TARGET_XEN
						   ? SEPOL_TARGET_XEN
						   : SEPOL_TARGET_SELINUX);
	base->p.handle_unknown = sepol_unknown(opts->handle_unknown);

	kp = pdb_new();
	sh = src_backend_handle(&msgs);
	if (!kp || !sh) {
		pdb_sepol_free(sh);
		pol_pdb_free(kp);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	msgs.base = &base->p;
	msgs.kernel = &kp->p;
	src_backend_compat_begin(&msgs);
	/* Linking the base alone resolves its optional blocks. */
	if (link_modules(pdb_sepol_handle(sh), &base->p, NULL, 0, 0) != 0) {
		if (!msgs.errors)
			pol_err_set(err, POL_EINVAL, "cannot resolve the policy's optional blocks");
		goto out;
	}
	/* Bounds, then neverallow rules, in check=1's order; libsepol's own
	 * neverallow scan is replaced by the indexed one (check_neverallows). */
	if (expand_module(pdb_sepol_handle(sh), &base->p, &kp->p, 0, 0) != 0) {
		if (!msgs.errors)
			pol_err_set(err, POL_EINVAL, "cannot expand the policy");
		goto out;
	}
	if (hierarchy_check_constraints(pdb_sepol_handle(sh), &kp->p) != 0) {
		if (!msgs.errors)
			pol_err_set(err, POL_EINVAL,
				    "the policy violates its type, role or user bounds");
		goto out;
	}
	if (!opts->no_neverallow && check_neverallows(sh, kp, err) != 0) {
		if (!msgs.errors)
			pol_err_set(err, POL_EINVAL, "the policy violates its neverallow rules");
		goto out;
	}
	kp->p.policy_type = POLICY_KERN;
	kp->p.policyvers = POLICYDB_VERSION_MAX;
	kp->built = true;
	rc = msgs.errors ? POL_EINVAL : 0;
	if (rc == 0 && pdb_index(kp) != 0)
		rc = pol_err_set(err, -ENOMEM, "out of memory");
out:
	src_backend_compat_end();
	pdb_sepol_free(sh);
	src_backend_msgs_release(&msgs);
	if (rc != 0) {
		pol_pdb_free(kp);
		return rc;
	}
	*out = kp;
	return 0;
}

int pol_source_kpolicy_finish(struct pol_pdb *kp, const struct pol_source_options *opts,
			      struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err, .werror = opts->werror};
	int rc = 0;

	src_backend_compat_begin(&msgs);
	if (opts->optimize && policydb_optimize(&kp->p) != 0)
		rc = pol_err_set(err, POL_EINVAL, "cannot optimize the policy");
	if (rc == 0 && opts->sort_ocontexts && policydb_sort_ocontexts(&kp->p) != 0)
		rc = pol_err_set(err, POL_EINVAL, "cannot sort the policy's ocontexts");
	src_backend_compat_end();
	return rc;
}
