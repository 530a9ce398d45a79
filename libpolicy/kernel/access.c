/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Access decisions: the "access" transaction (compute_av). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/internal.h"

/* A context must be one word: the request separates its fields by spaces. */
int kernel_context_word(const char *ctx, struct pol_err *err)
{
	if (!*ctx || ctx[strcspn(ctx, " \t\n\r")])
		return pol_err_set(err, POL_EINVAL, "invalid context '%s'", ctx);
	return 0;
}

int kernel_refused(struct pol_kernel *k, int rc, const char *file, const char *scon,
		   const char *tcon, struct pol_err *err)
{
	if (rc == -EINVAL) {
		/* The kernel does not say which part it rejected: ask it about
		 * each context, as compute_av(8) does, and explain the bad one. */
		const char *ctx[] = {scon, tcon};

		for (size_t i = 0; i < 2; i++) {
			struct pol_err why;
			int bad;

			pol_err_init(&why);
			bad = pol_kernel_check_context(k, ctx[i], NULL, &why) == POL_EINVAL;
			for (size_t j = 0; bad && j < why.count; j++)
				pol_err_add(err, why.diags[j].severity, why.diags[j].code, NULL, 0,
					    0, "%s", why.diags[j].message);
			pol_err_release(&why);
			if (bad)
				return POL_EINVAL;
		}
		return pol_err_set(err, POL_EINVAL, "the kernel rejected the '%s' request: %s", file,
				   strerror(EINVAL));
	}
	return pol_err_set(err, rc, "cannot write '%s/%s': %s", k->fs, file, strerror(-rc));
}

int pol_kernel_compute_av(struct pol_kernel *k, const char *scon, const char *tcon,
			  const struct pol_kernel_class *c, uint32_t requested,
			  struct pol_kernel_av *out, struct pol_err *err)
{
	struct pol_kernel_av av = { 0 };
	char *req, *answer;
	bool refused;
	int rc, n;

	if ((rc = kernel_context_word(scon, err)) < 0 || (rc = kernel_context_word(tcon, err)) < 0)
		return rc;
	if (!k->fs)
		return kernel_offline_av(k, scon, tcon, c, out, err);
	/* security_compute_av_flags_raw(): class in decimal, mask in hex */
	n = asprintf(&req, "%s %s %hu %x", scon, tcon, c->value, requested);
	if (n < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = kfs_transact(k, "access", req, (size_t)n, &answer, &refused, err);
	free(req);
	if (rc < 0)
		return refused ? kernel_refused(k, rc, "access", scon, tcon, err) : rc;
	n = sscanf(answer, "%x %x %x %x %u %x", &av.allowed, &av.decided, &av.auditallow,
		   &av.auditdeny, &av.seqno, &av.flags);
	if (n < 5)
		rc = pol_err_set(err, -EIO, "'%s/access' answered '%s', not a decision", k->fs, answer);
	free(answer);
	if (rc < 0)
		return rc;
	if (n == 5)
		av.flags = 0; /* kernels before 2.6.37 */
	*out = av;
	return 0;
}
