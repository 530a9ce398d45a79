/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What libpolicy/audit's files share. */
#ifndef POL_AUDIT_INTERNAL_H
#define POL_AUDIT_INTERNAL_H

#include <time.h>

#include "audit/audit.h"
#include "util/buf.h"

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

/* The fields of f into a's (pointers into f's text), the event's own
 * (record, time, node, SYSCALL, PATH...) left as they are: the reader's
 * copy, and its oracle's (tests/unit/audit-oracle.h). */
void audit_avc_from_fields(struct pol_audit_avc *a, const struct avc_fields *f);

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

/* reader-time.c: dates and clocks as tools write them. Each returns the
 * bytes read from p (0: not one) and fills tm (local time, tm_isdst -1). */
size_t audit_time_date(const char *p, const char *end, struct tm *tm);
/* "HH:MM[:SS][.frac]": sets tm's hour, minute, second and *msec (may be NULL). */
size_t audit_time_clock(const char *p, const char *end, struct tm *tm, unsigned int *msec);
/* A syslog stamp ("Jul 26 09:11:43", RFC 3339) as seconds; now picks a
 * stamp's missing year. */
size_t audit_time_prefix(const char *p, const char *end, time_t now, time_t *sec,
			 unsigned int *msec);

/* reader-line.c: where the record of a line that is not a plain raw
 * record is, and the record rewritten when its shape differs. */
enum audit_shape_kind {
	AUDIT_SHAPE_OTHER,     /* no record: another program's line */
	AUDIT_SHAPE_RAW,       /* a raw record with a numeric header: text, n */
	AUDIT_SHAPE_KERNEL,    /* a kernel log record: text is its "audit(" header */
	AUDIT_SHAPE_ALONE,     /* a record without its header: type, fields at text */
	AUDIT_SHAPE_MALFORMED, /* a record whose msg=audit( header cannot be read */
};
struct audit_shape {
	enum audit_shape_kind kind;
	const char *text; /* in the line, or in the caller's buffer */
	size_t n;
	const char *node; /* RAW, ALONE: node= value, node_len bytes */
	size_t node_len;
	char type[32]; /* ALONE: the record type's name */
	bool has_time; /* a stamp before the record gave its time */
	time_t sec;
	unsigned int msec;
};
void audit_shape_line(const char *s, size_t n, time_t now, struct pol_buf *out,
		      struct audit_shape *sh);

/* A journal entry's fields that say where an audit record came from. */
enum {
	AUDIT_ENTRY_MESSAGE,
	AUDIT_ENTRY_HOST,
	AUDIT_ENTRY_TYPE_NAME,
	AUDIT_ENTRY_ID,
	AUDIT_ENTRY_SOURCE_TIME,
	AUDIT_ENTRY_TIME,
	AUDIT_ENTRY_TRANSPORT,
	AUDIT_ENTRY_FIELDS
};
struct audit_entry {
	const char *message, *host, *type_name; /* borrowed, with their lengths */
	size_t message_len, host_len, type_len;
	unsigned long serial;
	bool has_serial, has_source_time, audit_transport;
	unsigned long long usec;
};
/* The field a journal key names (AUDIT_ENTRY_*), or -1. */
int audit_entry_field(const char *key, size_t n);
void audit_entry_set(struct audit_entry *e, int field, const char *v, size_t n);
/* journalctl -o json's line: its fields, decoded into store. */
bool audit_json_entry(const char *s, size_t n, struct pol_buf *store, struct audit_entry *e);
/* An audit-transport entry as the raw record journald read, into out;
 * false for another entry (its MESSAGE is read as a line). */
bool audit_entry_record(const struct audit_entry *e, struct pol_buf *out);

/* A systemd journal entry (sd-journal, journal.c): the fields that say
 * where its record came from. Strings are borrowed for the call; NULL when
 * absent. */
struct audit_journal_entry {
	const char *message; /* MESSAGE, message_len bytes (may hold any byte) */
	size_t message_len;
	const char *host;      /* _HOSTNAME: the record's node */
	const char *type_name; /* _AUDIT_TYPE_NAME */
	unsigned long serial;  /* _AUDIT_ID */
	bool has_serial;
	unsigned long long usec; /* _SOURCE_REALTIME_TIMESTAMP, else __REALTIME_ */
	bool audit_transport;	 /* _TRANSPORT=audit */
	size_t line;		 /* its number, for unread entries */
};
/* Read one entry as journalctl -o json's line would be read. Returns 0 or
 * a handler's negative status (-ENOMEM when memory runs out). */
int audit_reader_entry(struct pol_audit_reader *r, const struct audit_journal_entry *e);

#endif
