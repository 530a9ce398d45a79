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

/* "security_compute_sid:  invalid context X for scontext=S tcontext=T
 * tclass=C" (a SELINUX_ERR text, or a kernel line): audit2allow takes tokens
 * 5, 7, 8 and 9 of the line. Fills m's invalid_context, scontext, tcontext
 * and tclass with pointers into text (modified in place); returns whether all
 * of scontext, tcontext and tclass were found. */
bool audit_compute_sid_parse(char *text, struct pol_audit_mark *m);

/* Is c white space for Python's str.split()? (\t \n \v \f \r, 0x1c-0x1f
 * and ' ': no byte above ' ', which most are, so that is asked first) */
static inline bool avc_space(unsigned char c)
{
	return c <= ' ' && (c == ' ' || (c >= '\t' && c <= '\r') || c >= 0x1c);
}

/* Test hooks for the grouping's oracle (libauparse, in tests/unit/test-audit.c
 * and tests/fuzz/fuzz-audit.c). */
#define AUDIT_TRACE_TYPES 32
struct audit_trace_event {
	const char *node; /* NULL without node= */
	time_t sec;
	unsigned int msec;
	unsigned long serial;
	/* the types of the records that joined the event, in order (the first
	 * AUDIT_TRACE_TYPES) */
	const int *types;
	size_t ntypes;
};
struct audit_trace {
	/* each record read, as libauparse would be fed it (a kernel log line
	 * normalised to "type=T msg=audit(...): ...", cut at the first 0x1d);
	 * orig: a kernel AVC line as read, else NULL */
	void (*record)(const char *line, size_t n, const char *orig, size_t on, void *data);
	/* each event, before its marks and AVCs are delivered */
	void (*event)(const struct audit_trace_event *e, void *data);
	void *data;
};
void audit_reader_trace(struct pol_audit_reader *r, const struct audit_trace *t);

#endif
