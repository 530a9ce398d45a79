/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* New-object labels: the create, relabel and member transactions. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

#include "kernel/internal.h"

const char *pol_kernel_compute_name(enum pol_kernel_compute_kind kind)
{
	switch (kind) {
	case POL_KERNEL_CREATE:
		return "create";
	case POL_KERNEL_RELABEL:
		return "relabel";
	case POL_KERNEL_MEMBER:
		return "member";
	}
	return "?";
}

/* libselinux's object_name_encode(): the name as one word, URL-style. */
static void encode_name(struct pol_buf *b, const char *name)
{
	static const char hex[] = "0123456789ABCDEF";

	pol_buf_putc(b, ' ');
	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		if (isalnum(*p) || *p == '-' || *p == '.' || *p == '_' || *p == '~') {
			pol_buf_putc(b, (char)*p);
		} else if (*p == ' ') {
			pol_buf_putc(b, '+');
		} else {
			pol_buf_putc(b, '%');
			pol_buf_putc(b, hex[*p >> 4]);
			pol_buf_putc(b, hex[*p & 15]);
		}
	}
}

int pol_kernel_compute(struct pol_kernel *k, enum pol_kernel_compute_kind kind,
		       const char *scon, const char *tcon, const struct pol_kernel_class *c,
		       const char *objname, char **newcon, struct pol_err *err)
{
	struct pol_buf req = POL_BUF_INIT;
	const char *file = pol_kernel_compute_name(kind);
	char *answer;
	bool refused;
	int rc;

	if ((rc = kernel_context_word(scon, err)) < 0 || (rc = kernel_context_word(tcon, err)) < 0)
		return rc;
	if (objname && kind != POL_KERNEL_CREATE)
		return pol_err_set(err, POL_EINVAL, "an object name applies to create only");
	if (!k->fs) {
		if (objname)
			return pol_err_set(err, POL_EINVAL,
					   "name-based transitions need the kernel, not a policy file");
		return kernel_offline_compute(k, kind, scon, tcon, c, newcon, err);
	}
	pol_buf_printf(&req, "%s %s %hu", scon, tcon, c->value);
	if (objname)
		encode_name(&req, objname);
	if (req.failed) {
		pol_buf_release(&req);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	rc = kfs_transact(k, file, pol_buf_str(&req), req.len, &answer, &refused, err);
	pol_buf_release(&req);
	if (rc < 0)
		return refused ? kernel_refused(k, rc, file, scon, tcon, err) : rc;
	*newcon = answer;
	return 0;
}
