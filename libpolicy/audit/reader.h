/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading audit denials: AVC and USER_AVC records from audit logs, ausearch
 * --raw output, kernel log lines or the systemd journal, by a streaming
 * reader that groups records into events itself, so memory does not grow
 * with the log (libauparse is its test oracle, see reader.c).
 */
#ifndef POL_AUDIT_READER_H
#define POL_AUDIT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "util/err.h"

/* One AVC or USER_AVC record with what the other records of its event
 * (grouped by serial, not by adjacency) say. Every string is borrowed for
 * the duration of the callback and is NULL when the log does not have it. */
struct pol_audit_avc {
	const char *record; /* the line as read (kernel log lines: with their prefix) */
	const char *node;   /* node= of the event (logs forwarded by audisp-remote) */
	time_t sec;
	unsigned int msec;
	unsigned long serial;
	bool user;	/* USER_AVC (dbus, systemd) */
	bool granted;	/* an "avc: granted" record (auditallow) */
	int permissive; /* 0 or 1; -1 when the record does not say */
	const char *scontext, *tcontext, *tclass;
	const char *const *perms;
	size_t nperms;
	bool has_ioctlcmd; /* ioctlcmd= (0x0 is a value) */
	unsigned long ioctlcmd;
	bool has_nlmsgtype; /* nl-msgtype= */
	unsigned long nlmsgtype;
	const char *comm, *exe, *name, *path, *dev, *ino, *pid;
	/* src= and dest= of a socket denial: the port of name_bind, name_connect */
	const char *sport, *dport;
	/* SYSCALL record */
	const char *syscall_exe, *syscall_comm, *syscall;
	int success; /* 0 or 1; -1 when no SYSCALL record */
	/* CWD and the first PATH record (a PATH's name may be relative) */
	const char *cwd, *path_name, *path_inode, *path_dev;
	/* the path= of an old AVC_PATH record of the event */
	const char *avc_path;
};

enum pol_audit_mark_kind {
	POL_AUDIT_MARK_POLICY_LOAD,  /* MAC_POLICY_LOAD */
	POL_AUDIT_MARK_DAEMON_START, /* DAEMON_START */
	POL_AUDIT_MARK_COMPUTE_SID,  /* SELINUX_ERR "security_compute_sid: invalid context" */
};

struct pol_audit_mark {
	enum pol_audit_mark_kind kind;
	time_t sec;
	unsigned long serial;
	bool auditd; /* DAEMON_START written by auditd (audit2allow -l resets on it) */
	/* POL_AUDIT_MARK_COMPUTE_SID */
	const char *invalid_context, *scontext, *tcontext, *tclass;
};

/* Why a line was not used. Lines that are not audit records at all (the
 * rest of a dmesg) are counted apart and are not skips. */
enum pol_audit_skip {
	POL_AUDIT_SKIP_TOO_LONG,     /* longer than POL_AUDIT_MAX_LINE */
	POL_AUDIT_SKIP_BINARY,	     /* NUL or control bytes */
	POL_AUDIT_SKIP_MALFORMED,    /* a "type=" line or kernel header not readable */
	POL_AUDIT_SKIP_UNKNOWN_TYPE, /* a record type libaudit does not know */
	POL_AUDIT_SKIP_BAD_AVC,	     /* an AVC without { perms }, scontext, tcontext or tclass */
	/* a record past its event's limits (records or bytes an event keeps) */
	POL_AUDIT_SKIP_OVERFLOW,
	POL_AUDIT_SKIP_COUNT
};

#define POL_AUDIT_MAX_LINE (64 * 1024)

/* "line too long", ...: for reports. */
const char *pol_audit_skip_name(enum pol_audit_skip reason);

struct pol_audit_handlers {
	/* Return < 0 to stop reading (the status is returned by feed/finish). */
	int (*avc)(const struct pol_audit_avc *avc, void *data);
	int (*mark)(const struct pol_audit_mark *mark, void *data); /* may be NULL */
	void *data;
};

struct pol_audit_reader;

/* A streaming reader; handlers are called as events complete. */
int pol_audit_reader_new(const struct pol_audit_handlers *h, struct pol_audit_reader **out,
			 struct pol_err *err);
/* Feed any amount of bytes (lines may span calls). Returns 0 or a
 * handler's negative status. */
int pol_audit_reader_feed(struct pol_audit_reader *r, const char *buf, size_t len);
/* End of input: deliver every pending event. */
int pol_audit_reader_finish(struct pol_audit_reader *r);
/* Deliver every pending event, as if its last record had come (a follower
 * whose input went quiet); a line not ended yet stays. Returns 0 or a
 * handler's negative status. */
int pol_audit_reader_flush(struct pol_audit_reader *r);
/* Feed everything from fd until end of file; -errno on a read error. */
int pol_audit_reader_read_fd(struct pol_audit_reader *r, int fd);
void pol_audit_reader_free(struct pol_audit_reader *r);

size_t pol_audit_reader_skipped(const struct pol_audit_reader *r, enum pol_audit_skip reason);
/* Of those, the lines or records that held a denial ("avc:"). */
size_t pol_audit_reader_skipped_denials(const struct pol_audit_reader *r,
					enum pol_audit_skip reason);
/* AVC texts that are notices, not decisions ("avc:  received policyload
 * notice", "avc:  op=load_policy ..."): read, never skipped. */
size_t pol_audit_reader_notices(const struct pol_audit_reader *r);

/* One line (or journal entry) not read, and why. */
struct pol_audit_unread {
	const char *input; /* pol_audit_reader_input()'s name, or NULL */
	size_t line;	   /* 1-based, in that input */
	enum pol_audit_skip reason;
	bool denial; /* it held a denial */
};
#define POL_AUDIT_UNREAD_MAX 1000
/* The first POL_AUDIT_UNREAD_MAX lines not read, in input order (*list is
 * borrowed until the reader is freed); returns how many are listed. */
size_t pol_audit_reader_unread(const struct pol_audit_reader *r,
			       const struct pol_audit_unread **list);
/* Name the input the next lines come from (copied) and count its lines
 * from 1. Returns 0 or -ENOMEM. */
int pol_audit_reader_input(struct pol_audit_reader *r, const char *name);

/* The systemd journal (journal.c): its audit records and the kernel's
 * copies of them, entry by entry into a reader. */
struct pol_audit_journal;
/* path: a journal file or a directory of them; NULL: the local system's
 * journal. Returns 0 and *out (pol_audit_journal_free()), or < 0 with why
 * in err. */
int pol_audit_journal_open(const char *path, struct pol_audit_journal **out, struct pol_err *err);
void pol_audit_journal_free(struct pol_audit_journal *jr);
/* Only entries from since to until (seconds; 0: no bound); before the
 * first read. since is a seek: earlier entries are never read. */
void pol_audit_journal_window(struct pol_audit_journal *jr, time_t since, time_t until);
/* Feed r every entry not read yet. Returns 0 at the journal's end, 1 past
 * until (nothing more will come), a handler's status or < 0 with err. */
int pol_audit_journal_read(struct pol_audit_journal *jr, struct pol_audit_reader *r,
			   struct pol_err *err);
/* Wait up to msec for the journal to change: 1 changed, 0 not, < 0 error. */
int pol_audit_journal_wait(struct pol_audit_journal *jr, unsigned int msec);

/* ausearch's time words and dates (recent, today, yesterday, this-week,
 * week-ago, this-month, this-year, boot, now, "10/23/2024 02:51:35",
 * "2024-10-23", "02:51"), relative to now and the boot time (0: unknown),
 * in local time. Returns 0 and *out, -EINVAL for words it does not know,
 * -ENOENT for "boot" with no boot time. */
int pol_audit_time_words(const char *s, time_t now, time_t boot, time_t *out);

/* Lines that were audit records / were something else (ignored). */
size_t pol_audit_reader_records(const struct pol_audit_reader *r);
size_t pol_audit_reader_other_lines(const struct pol_audit_reader *r);
/* Whether any SELinux-relevant record was seen (audit2allow's "Nothing to do"). */
bool pol_audit_reader_relevant(const struct pol_audit_reader *r);

#endif
