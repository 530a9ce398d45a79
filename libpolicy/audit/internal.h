/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What libpolicy/audit's files share. */
#ifndef POL_AUDIT_INTERNAL_H
#define POL_AUDIT_INTERNAL_H

#include "audit/audit.h"

/* The fields audit2allow reads from an AVC line, tokenised as it does
 * (Python's str.split(): \x1c-\x1f count as white space). */
#define AVC_MAX_PERMS 64
struct avc_fields {
	char *scontext, *tcontext, *tclass, *comm, *exe, *name, *path, *dev, *ino, *pid;
	char *sport, *dport; /* src=, dest= (name_bind, name_connect) */
	const char *perms[AVC_MAX_PERMS];
	size_t nperms;
	bool found_access, granted, has_ioctlcmd, has_nlmsgtype;
	int permissive;
	unsigned long ioctlcmd, nlmsgtype;
};

/* Parse text (modified in place: tokens are NUL-terminated). Returns false
 * when audit2allow would call it "AVC message in invalid format". */
bool audit_avc_parse(char *text, struct avc_fields *f);

/* Is c white space for Python's str.split()? */
static inline bool avc_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
	       (c >= 0x1c && c <= 0x1f);
}

#endif
