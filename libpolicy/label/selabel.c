/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The libselinux engine: selabel_open(SELABEL_CTX_FILE) on the same spec
 * file and selabel_lookup_raw(). It is the
 * reference the native index is checked against, and a fallback for spec
 * sets only libselinux can read.
 */
#include <errno.h>
#include <selinux/label.h>
#include <selinux/selinux.h>
#include <stdlib.h>
#include <string.h>

#include "label/internal.h"

int label_selabel_open(struct pol_label_specs *s, unsigned int flags, struct pol_err *err)
{
	/* Not SELABEL_OPT_VALIDATE: libselinux would check each context with
	 * the kernel (failing without SELinux) unless a process-wide callback
	 * says otherwise, as setfiles installs; lookups are the same without. */
	struct selinux_opt opts[] = {
		{ SELABEL_OPT_PATH, s->path },
		{ SELABEL_OPT_BASEONLY, (flags & POL_LABEL_SPECS_BASEONLY) ? (char *)1 : NULL },
	};
	struct selabel_handle *h;

	errno = 0;
	h = selabel_open(SELABEL_CTX_FILE, opts, 2);
	if (!h) {
		int rc = errno ? -errno : POL_EFORMAT;

		return pol_err_set(err, rc == -EINVAL ? POL_EFORMAT : rc,
				   "libselinux cannot load spec file '%s': %s", s->path,
				   rc == POL_EFORMAT ? "invalid" : strerror(-rc));
	}
	s->selabel = h;
	return 0;
}

void label_selabel_close(struct pol_label_specs *s)
{
	if (s->selabel)
		selabel_close(s->selabel);
	s->selabel = NULL;
}

int label_selabel_lookup(const struct pol_label_specs *s, const char *key, mode_t mode,
			 struct pol_label_match *m)
{
	char *con = NULL;

	errno = 0;
	if (selabel_lookup_raw(s->selabel, &con, key, (int)mode) < 0) {
		if (errno == ENOENT)
			return 1;
		return errno ? -errno : -EINVAL;
	}
	m->priv = con; /* freed by pol_label_match_release() */
	m->context = con;
	return 0;
}

int label_selabel_digest(const struct pol_label_specs *s, const char *key,
			 unsigned char out[20])
{
	return selabel_hash_all_partial_matches(s->selabel, key, out) ? 1 : 0;
}
