/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Contexts: validation and canonical form ("context"), initial SIDs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/pdb.h"

#include "kernel/internal.h"

/*
 * The kernel and libsepol say only EINVAL: say which part is wrong, and what
 * was meant, by checking ctx part by part against the policy: a policy
 * handle's own, or the policy in force, read once from selinuxfs's "policy"
 * node. When that policy cannot be read or finds nothing wrong, the plain
 * verdict stays.
 */
int kernel_explain_context(struct pol_kernel *k, const char *ctx, struct pol_err *err)
{
	const struct pol_pdb *pdb = k->fs ? NULL : kernel_offline_pdb(k);
	struct pol_err why;
	int rc;

	if (k->fs && !k->explain_tried) {
		char *path = kfs_path(k, "policy");

		k->explain_tried = true;
		pol_err_init(&why);
		if (path)
			(void)pol_pdb_open(path, &k->explain, &why);
		pol_err_release(&why);
		free(path);
	}
	if (k->fs)
		pdb = k->explain;
	pol_err_init(&why);
	rc = pdb ? pol_pdb_check_context(pdb, ctx, NULL, 0, &why) : 0;
	if (rc != POL_EINVAL || pol_err_errors(&why) == 0) {
		pol_err_release(&why);
		return pol_err_set(err, POL_EINVAL, "invalid context '%s'", ctx);
	}
	for (size_t i = 0; i < why.count; i++) {
		const struct pol_diag *d = &why.diags[i];

		if (d->severity == POL_SEV_ERROR && strncmp(d->message, "invalid context '", 17) == 0)
			pol_err_set(err, POL_EINVAL, "%s", d->message);
		else if (d->severity == POL_SEV_ERROR)
			pol_err_set(err, POL_EINVAL, "invalid context '%s': %s", ctx, d->message);
		else
			pol_err_add(err, d->severity, d->code, NULL, 0, 0, "%s", d->message);
	}
	pol_err_release(&why);
	return POL_EINVAL;
}

int pol_kernel_check_context(struct pol_kernel *k, const char *ctx, char **canonical,
			     struct pol_err *err)
{
	char *answer;
	bool refused;
	int rc;

	rc = kernel_context_word(ctx, err);
	if (rc < 0)
		return rc;
	if (!k->fs)
		return kernel_offline_context(k, ctx, canonical, err);
	rc = kfs_need_policy(k, err);
	if (rc < 0)
		return rc;
	/* security_canonicalize_context_raw() sends the terminating NUL too */
	rc = kfs_transact(k, "context", ctx, strlen(ctx) + 1, &answer, &refused, err);
	if (rc == -EINVAL && refused)
		return kernel_explain_context(k, ctx, err);
	if (rc < 0 && refused)
		return pol_err_set(err, rc, "cannot write '%s/context': %s", k->fs, strerror(-rc));
	if (rc < 0)
		return rc;
	if (canonical)
		*canonical = answer;
	else
		free(answer);
	return 0;
}

void pol_kernel_initial_free(struct pol_kernel_initial *v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].context);
	}
	free(v);
}

int pol_kernel_initial_contexts(struct pol_kernel *k, struct pol_kernel_initial **out, size_t *n,
				struct pol_err *err)
{
	struct pol_kernel_initial *v;
	char **names, buf[4096];
	size_t count;
	int rc;

	rc = kfs_need_kernel(k, "initial contexts", err);
	if (rc == 0)
		rc = kfs_list(k, "initial_contexts", &names, &count, err);
	if (rc < 0)
		return rc;
	v = calloc(count ? count : 1, sizeof(*v));
	if (!v) {
		pol_kernel_names_free(names, count);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < count; i++) {
		char rel[4096];

		snprintf(rel, sizeof(rel), "initial_contexts/%s", names[i]);
		v[i].name = names[i];
		names[i] = NULL;
		/* security_get_initial_context(): what the kernel gives, or nothing */
		if (kfs_read(k, rel, buf, sizeof(buf), NULL) > 0)
			v[i].context = strdup(buf);
	}
	pol_kernel_names_free(names, count);
	*out = v;
	*n = count;
	return 0;
}
