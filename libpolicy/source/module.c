/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A lowered module: its name, and its outputs (CIL, .mod, .pp) as
 * checkmodule and semodule_package write them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/module_to_cil.h>
#include <sepol/policydb/hierarchy.h>
#include <sepol/policydb/link.h>
#include <sepol/policydb/module.h>

#include "source/backend.h"

void pol_source_module_free(struct pol_source_module *mod)
{
	if (!mod)
		return;
	policydb_destroy(&mod->p);
	free(mod);
}

bool pol_source_module_is_base(const struct pol_source_module *mod)
{
	return mod->p.policy_type == POLICY_BASE;
}

const char *pol_source_module_name(const struct pol_source_module *mod)
{
	return pol_source_module_is_base(mod) ? NULL : mod->p.name;
}

/*
 * What checkmodule checks after parsing and before writing anything:
 * the bounds of hierarchical names ("parent.child" types, roles, users).
 * It also records those bounds, which the written module carries.
 */
static int check_hierarchy(struct pol_source_module *mod, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err};
	struct pdb_sepol *sh = src_backend_handle(&msgs);
	int rc;

	if (!sh)
		return pol_err_set(err, -ENOMEM, "out of memory");
	src_backend_compat_begin(&msgs);
	rc = hierarchy_check_constraints(pdb_sepol_handle(sh), &mod->p);
	src_backend_compat_end();
	pdb_sepol_free(sh);
	if (rc != 0) {
		if (!msgs.errors)
			pol_err_set(err, POL_EINVAL,
				    "the module violates its type, role or user bounds");
		return POL_EINVAL;
	}
	return 0;
}

/* libsepol 3.4's module-to-CIL writer reads a context for every initial
 * SID and crashes on one declared without ("sid NAME" alone; checkpolicy
 * -C crashes the same way). A kernel binary can leave it out, CIL cannot
 * without changing the SID order: refuse, naming it. */
static int check_isid_contexts(const struct pol_source_module *mod, struct pol_err *err)
{
	int rc = 0;

	for (const ocontext_t *c = mod->p.ocontexts[OCON_ISID]; c; c = c->next)
		if (!c->context[0].user)
			rc = pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
					 "initial SID '%s' has no context: CIL needs one "
					 "(add 'sid %s USER:ROLE:TYPE%s')",
					 c->u.name, c->u.name, mod->p.mls ? ":LEVEL" : "");
	return rc < 0 ? rc : 0;
}

/* Resolve a base's optional blocks (link it alone), unless that is done. */
static int link_base(struct pol_source_module *mod, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err};
	struct pdb_sepol *sh;
	int rc;

	if (mod->p.global && mod->p.global->enabled)
		return 0;
	sh = src_backend_handle(&msgs);
	if (!sh)
		return pol_err_set(err, -ENOMEM, "out of memory");
	src_backend_compat_begin(&msgs);
	rc = link_modules(pdb_sepol_handle(sh), &mod->p, NULL, 0, 0);
	src_backend_compat_end();
	pdb_sepol_free(sh);
	if (rc != 0) {
		if (!msgs.errors)
			pol_err_set(err, POL_EINVAL, "cannot resolve the policy's optional blocks");
		return POL_EINVAL;
	}
	return 0;
}

int pol_source_module_write_cil(struct pol_source_module *mod, FILE *out, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err};
	bool base = pol_source_module_is_base(mod);
	ocontext_t *fscons = NULL;
	int rc;

	/*
	 * A base is written as checkpolicy -C writes a policy.conf: linked,
	 * so only the optional blocks whose requirements are met remain. A
	 * module is written as checkmodule -m -C does, checked for bounds
	 * and unlinked: its optional blocks stay optional for semodule to
	 * resolve against the installed policy.
	 */
	rc = base ? link_base(mod, err) : check_hierarchy(mod, err);
	if (rc < 0)
		return rc;
	/* CIL has no fscon: module-to-CIL drops them with a warning it
	 * prints to stderr itself. Drop them first and give checkpolicy -C's
	 * warning here. */
	if (mod->p.target_platform == SEPOL_TARGET_SELINUX) {
		fscons = mod->p.ocontexts[OCON_FS];
		mod->p.ocontexts[OCON_FS] = NULL;
		if (fscons)
			pol_err_add(err, POL_SEV_WARNING, 0, NULL, 0, 0,
				    "fscon is not supported in CIL; it is left out");
	}
	rc = check_isid_contexts(mod, err);
	if (rc < 0)
		return rc;
	src_backend_compat_begin(&msgs);
	rc = sepol_module_policydb_to_cil(out, &mod->p, base);
	src_backend_compat_end();
	if (fscons)
		mod->p.ocontexts[OCON_FS] = fscons;
	if (rc != 0 || fflush(out) != 0 || ferror(out))
		return src_backend_write_error(out, "module as CIL", err);
	return 0;
}

/* The version, handle_unknown and target a .mod is written with, as
 * checkmodule sets them just before writing. */
static int prepare_mod(struct pol_source_module *mod, const struct pol_source_options *opts,
		       struct pol_err *err)
{
	unsigned int vers = opts->version ? opts->version : MOD_POLICYDB_VERSION_MAX;

	if (vers < MOD_POLICYDB_VERSION_MIN || vers > MOD_POLICYDB_VERSION_MAX)
		return pol_err_set(
		    err, POL_EVERSION,
		    "module policy version %u is out of range: libsepol writes versions %d to %d",
		    vers, MOD_POLICYDB_VERSION_MIN, MOD_POLICYDB_VERSION_MAX);
	if (opts->handle_unknown != POL_SOURCE_UNKNOWN_DEFAULT && !pol_source_module_is_base(mod))
		return pol_err_set(
		    err, POL_EINVAL,
		    "handle_unknown applies to base modules only, not to module '%s'",
		    mod->p.name ? mod->p.name : "?");
	switch (opts->handle_unknown) {
	case POL_SOURCE_UNKNOWN_DEFAULT:
	case POL_SOURCE_UNKNOWN_DENY:
		mod->p.handle_unknown = SEPOL_DENY_UNKNOWN;
		break;
	case POL_SOURCE_UNKNOWN_REJECT:
		mod->p.handle_unknown = SEPOL_REJECT_UNKNOWN;
		break;
	case POL_SOURCE_UNKNOWN_ALLOW:
		mod->p.handle_unknown = SEPOL_ALLOW_UNKNOWN;
		break;
	}
	mod->p.policyvers = vers;
	return check_hierarchy(mod, err);
}

int pol_source_module_write_mod(struct pol_source_module *mod,
				const struct pol_source_options *opts, FILE *out,
				struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err, .werror = opts->werror};
	int rc = prepare_mod(mod, opts, err);

	if (rc < 0)
		return rc;
	return src_backend_write_policydb(&msgs, &mod->p, out, "module");
}

/* A struct sepol_policy_file is a policy_file and nothing else. */
static int write_package(struct policy_file *pf, void *pkg)
{
	return sepol_module_package_write(pkg, (struct sepol_policy_file *)pf);
}

int pol_source_module_write_pp(struct pol_source_module *mod, const struct pol_source_options *opts,
			       const char *fc, size_t fc_len, FILE *out, struct pol_err *err)
{
	struct src_sepol_msgs msgs = {.err = err, .werror = opts->werror};
	struct sepol_module_package pkg;
	int rc = prepare_mod(mod, opts, err);

	if (rc < 0)
		return rc;
	/*
	 * semodule_package reads the .mod back into a package; writing the
	 * package straight from our policydb gives the same bytes without
	 * the round trip. A struct sepol_policydb is a policydb and nothing
	 * else, so the module's policydb serves as the package's.
	 */
	memset(&pkg, 0, sizeof(pkg));
	pkg.version = 1;
	pkg.policy = (sepol_policydb_t *)(void *)&mod->p;
	if (fc && fc_len) {
		pkg.file_contexts = (char *)fc;
		pkg.file_contexts_len = fc_len;
	}
	return src_backend_write(&msgs, out, "module package", write_package, &pkg);
}
