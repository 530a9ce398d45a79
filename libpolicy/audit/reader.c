// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The streaming reader. Lines are checked and normalised here, then fed to
 * libauparse's feed interface, which groups records into events by serial
 * (interleaved events included) and hands each complete event to
 * event_ready(). Nothing is kept once an event is delivered, so memory does
 * not grow with the log. (A bare AUSOURCE_FILE pass holds about the file.)
 *
 * Kernel log lines (dmesg, journalctl -k, syslog): "... audit: type=1400
 * audit(1700000000.123:45): avc:  denied ..." become "type=AVC
 * msg=audit(1700000000.123:45): avc:  denied ..."; the original line is
 * remembered for a while so the AVC can be shown as it was read.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <auparse.h>
#include <libaudit.h>

#include "audit/internal.h"
#include "util/buf.h"

#define FEED_CHUNK (64 * 1024)
#define ORIG_RING 256
#define ARENA 65536
#define TYPE_CACHE 32
#define TYPE_NAME_MAX 64

struct orig_line {
	unsigned long serial;
	time_t sec;
	unsigned int msec;
	char *line;
};

struct pol_audit_reader {
	struct pol_audit_handlers h;
	auparse_state_t *au;
	struct pol_buf line; /* the line being assembled */
	bool overlong;	     /* discarding the rest of a long line */
	struct pol_buf feed; /* normalised lines waiting for auparse */
	size_t skipped[POL_AUDIT_SKIP_COUNT];
	size_t records, other;
	size_t avcs_fed, avcs_seen; /* AVC records given to / returned by libauparse */
	bool relevant;
	int status;
	struct orig_line ring[ORIG_RING];
	size_t ring_next;
	char arena[ARENA];
	size_t arena_used;
	char avctext[POL_AUDIT_MAX_LINE + 1];
	struct {
		char name[TYPE_NAME_MAX];
		size_t len;
		bool known;
	} types[TYPE_CACHE];
	size_t ntypes;
};

const char *pol_audit_skip_name(enum pol_audit_skip reason)
{
	static const char *const names[] = {
	    [POL_AUDIT_SKIP_TOO_LONG] = "line too long",
	    [POL_AUDIT_SKIP_BINARY] = "binary data",
	    [POL_AUDIT_SKIP_MALFORMED] = "malformed record",
	    [POL_AUDIT_SKIP_UNKNOWN_TYPE] = "unknown record type",
	    [POL_AUDIT_SKIP_BAD_AVC] = "AVC without permissions, contexts or class",
	    [POL_AUDIT_SKIP_DROPPED] = "AVC record libauparse could not parse",
	};
	return reason < POL_AUDIT_SKIP_COUNT ? names[reason] : "?";
}

static const char *arena_add(struct pol_audit_reader *r, const char *s, size_t n)
{
	char *p;

	if (!s || r->arena_used + n + 1 > ARENA)
		return NULL;
	p = r->arena + r->arena_used;
	memcpy(p, s, n);
	p[n] = '\0';
	r->arena_used += n + 1;
	return p;
}

static bool all_hex(const char *v, size_t n)
{
	if (n < 2 || n % 2)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)v[i]))
			return false;
	return true;
}

static int hexval(char c)
{
	return isdigit((unsigned char)c) ? c - '0' : (tolower((unsigned char)c) - 'a' + 10);
}

/* A field value as a string: "quoted" -> quoted; hex-encoded (the kernel
 * encodes names with spaces or odd bytes) -> decoded; else as is. */
static const char *field_value(struct pol_audit_reader *r, const char *v)
{
	size_t n;

	if (!v)
		return NULL;
	n = strlen(v);
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
		return arena_add(r, v + 1, n - 2);
	if (all_hex(v, n) && strcmp(v, "(null)") != 0) {
		char tmp[4096];
		size_t m = 0;

		for (size_t i = 0; i + 1 < n && m + 1 < sizeof(tmp); i += 2)
			tmp[m++] = (char)(hexval(v[i]) << 4 | hexval(v[i + 1]));
		return arena_add(r, tmp, m);
	}
	return arena_add(r, v, n);
}

/* The current record's field named name, or NULL; leaves the cursor on it. */
static const char *record_field(auparse_state_t *au, const char *name)
{
	if (auparse_first_field(au) <= 0)
		return NULL;
	do {
		const char *n = auparse_get_field_name(au);

		if (n && n[0] == name[0] && strcmp(n, name) == 0)
			return auparse_get_field_str(au);
	} while (auparse_next_field(au) > 0);
	return NULL;
}

/* The current record's fields named names[0..n), in one pass. */
static void record_fields(auparse_state_t *au, const char *const *names, const char **out, size_t n)
{
	size_t found = 0;

	memset(out, 0, n * sizeof(*out));
	if (auparse_first_field(au) <= 0)
		return;
	do {
		const char *name = auparse_get_field_name(au);

		for (size_t i = 0; name && i < n; i++) {
			if (!out[i] && name[0] == names[i][0] && strcmp(name, names[i]) == 0) {
				out[i] = auparse_get_field_str(au);
				found++;
				break;
			}
		}
	} while (found < n && auparse_next_field(au) > 0);
}

static bool has_token(const char *text, const char *tok)
{
	size_t n = strlen(tok);

	for (const char *p = strstr(text, tok); p; p = strstr(p + 1, tok)) {
		bool start = p == text || avc_space((unsigned char)p[-1]);
		bool end = !p[n] || avc_space((unsigned char)p[n]);

		if (start && end)
			return true;
	}
	return false;
}

static const char *orig_line(struct pol_audit_reader *r, const au_event_t *e)
{
	for (size_t i = 0; i < ORIG_RING; i++) {
		struct orig_line *o = &r->ring[i];

		if (o->line && o->serial == e->serial && o->sec == e->sec && o->msec == e->milli)
			return o->line;
	}
	return NULL;
}

static void deliver_avc(struct pol_audit_reader *r, const struct pol_audit_avc *ctx,
			const au_event_t *e, const char *text, bool user)
{
	struct avc_fields f;
	struct pol_audit_avc a = *ctx;
	size_t n = strlen(text);
	/* only kernel log lines are remembered */
	const char *orig = user || !r->ring_next ? NULL : orig_line(r, e);
	int rc;

	if (n > POL_AUDIT_MAX_LINE)
		n = POL_AUDIT_MAX_LINE;
	memcpy(r->avctext, text, n);
	r->avctext[n] = '\0';
	if (!audit_avc_parse(r->avctext, &f)) {
		r->skipped[POL_AUDIT_SKIP_BAD_AVC]++;
		return;
	}
	a.record = orig ? orig : text;
	a.user = user;
	a.granted = f.granted;
	a.permissive = f.permissive;
	a.scontext = f.scontext;
	a.tcontext = f.tcontext;
	a.tclass = f.tclass;
	a.perms = f.perms;
	a.nperms = f.nperms;
	a.has_ioctlcmd = f.has_ioctlcmd;
	a.ioctlcmd = f.ioctlcmd;
	a.has_nlmsgtype = f.has_nlmsgtype;
	a.nlmsgtype = f.nlmsgtype;
	a.comm = f.comm;
	a.exe = f.exe;
	a.name = f.name;
	a.path = f.path;
	a.dev = f.dev;
	a.ino = f.ino;
	a.pid = f.pid;
	a.sport = f.sport;
	a.dport = f.dport;
	rc = r->h.avc(&a, r->h.data);
	if (rc < 0 && r->status == 0)
		r->status = rc;
}

static void mark(struct pol_audit_reader *r, struct pol_audit_mark *m, const au_event_t *e)
{
	int rc;

	m->sec = e->sec;
	m->serial = e->serial;
	if (!r->h.mark)
		return;
	rc = r->h.mark(m, r->h.data);
	if (rc < 0 && r->status == 0)
		r->status = rc;
}

/* security_compute_sid:  invalid context X for scontext=S tcontext=T tclass=C:
 * audit2allow takes tokens 5, 7, 8 and 9 of the line. */
static void compute_sid(struct pol_audit_reader *r, const char *text, const au_event_t *e)
{
	char *tok[12], *copy = (char *)arena_add(r, text, strlen(text));
	size_t n = 0;
	struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_COMPUTE_SID};
	char *eq;

	if (!copy)
		return;
	for (char *p = copy; *p && n < 12;) {
		while (*p && avc_space((unsigned char)*p))
			p++;
		if (!*p)
			break;
		tok[n++] = p;
		while (*p && !avc_space((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	/* find the token itself: kernel lines and raw records differ in prefix */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(tok[i], "security_compute_sid:") != 0)
			continue;
		if (n - i < 7)
			break;
		m.invalid_context = tok[i + 3];
		m.scontext = (eq = strchr(tok[i + 5], '=')) ? eq + 1 : NULL;
		m.tcontext = (eq = strchr(tok[i + 6], '=')) ? eq + 1 : NULL;
		if (i + 7 < n)
			m.tclass = (eq = strchr(tok[i + 7], '=')) ? eq + 1 : NULL;
		if (m.scontext && m.tcontext && m.tclass)
			mark(r, &m, e);
		break;
	}
}

static void event_ready(auparse_state_t *au, auparse_cb_event_t type, void *data)
{
	struct pol_audit_reader *r = data;
	struct pol_audit_avc ctx = {.permissive = -1, .success = -1};
	const au_event_t *e;
	size_t navc = 0;

	if (type != AUPARSE_CB_EVENT_READY || r->status < 0)
		return;
	if (auparse_first_record(au) <= 0)
		return;
	e = auparse_get_timestamp(au);
	if (!e)
		return;
	r->arena_used = 0;
	ctx.sec = e->sec;
	ctx.msec = e->milli;
	ctx.serial = e->serial;
	ctx.node = e->host ? arena_add(r, e->host, strlen(e->host)) : NULL;
	do {
		int t = auparse_get_type(au);

		switch (t) {
		case AUDIT_AVC:
		case AUDIT_USER_AVC:
			r->avcs_seen++;
			navc++;
			break;
		case AUDIT_SYSCALL: {
			static const char *const names[] = { "exe", "comm", "syscall", "success" };
			const char *v[4];

			record_fields(au, names, v, 4);
			ctx.syscall_exe = field_value(r, v[0]);
			ctx.syscall_comm = field_value(r, v[1]);
			ctx.syscall = field_value(r, v[2]);
			if (v[3])
				ctx.success = strcmp(v[3], "yes") == 0;
			break;
		}
		case AUDIT_CWD:
			ctx.cwd = field_value(r, record_field(au, "cwd"));
			break;
		case AUDIT_PATH:
			if (!ctx.path_name) {
				static const char *const names[] = { "name", "inode", "dev" };
				const char *v[3];

				record_fields(au, names, v, 3);
				ctx.path_name = field_value(r, v[0]);
				ctx.path_inode = field_value(r, v[1]);
				ctx.path_dev = field_value(r, v[2]);
			}
			break;
		case AUDIT_AVC_PATH:
			ctx.avc_path = field_value(r, record_field(au, "path"));
			break;
		case AUDIT_MAC_POLICY_LOAD: {
			struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_POLICY_LOAD};

			mark(r, &m, e);
			break;
		}
		case AUDIT_DAEMON_START: {
			struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_DAEMON_START};
			const char *text = auparse_get_record_text(au);

			m.auditd = text && has_token(text, "auditd");
			mark(r, &m, e);
			break;
		}
		case AUDIT_SELINUX_ERR: {
			const char *text = auparse_get_record_text(au);

			if (text && strstr(text, "security_compute_sid:"))
				compute_sid(r, text, e);
			break;
		}
		default:
			break;
		}
	} while (auparse_next_record(au) > 0);
	/* a second pass delivers the AVCs, however many the event has */
	if (navc == 0 || auparse_first_record(au) <= 0)
		return;
	do {
		int t = auparse_get_type(au);
		const char *text;

		if (t != AUDIT_AVC && t != AUDIT_USER_AVC)
			continue;
		text = auparse_get_record_text(au);
		if (text)
			deliver_avc(r, &ctx, e, text, t == AUDIT_USER_AVC);
	} while (r->status == 0 && auparse_next_record(au) > 0);
}

int pol_audit_reader_new(const struct pol_audit_handlers *h, struct pol_audit_reader **out,
			 struct pol_err *err)
{
	struct pol_audit_reader *r = calloc(1, sizeof(*r));

	if (!r)
		return pol_err_set(err, -ENOMEM, "out of memory");
	r->h = *h;
	r->au = auparse_init(AUSOURCE_FEED, NULL);
	if (!r->au) {
		free(r);
		return pol_err_set(err, -ENOMEM, "cannot start libauparse: %s", strerror(errno));
	}
	/* events are delivered only when complete (EOE, or when records of
	 * newer events arrive): interleaved events stay apart */
	auparse_add_callback(r->au, event_ready, r, NULL);
	*out = r;
	return 0;
}

void pol_audit_reader_free(struct pol_audit_reader *r)
{
	if (!r)
		return;
	auparse_destroy(r->au);
	pol_buf_release(&r->line);
	pol_buf_release(&r->feed);
	for (size_t i = 0; i < ORIG_RING; i++)
		free(r->ring[i].line);
	free(r);
}

static void flush_feed(struct pol_audit_reader *r)
{
	if (r->feed.len) {
		auparse_feed(r->au, r->feed.data, r->feed.len);
		pol_buf_reset(&r->feed);
	}
}

static bool is_binary(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 && c != '\t' && !(c >= 0x1c && c <= 0x1f))
			return true;
		if (c == 0x7f)
			return true;
	}
	return false;
}

/* "audit(SEC.MSEC:SERIAL):" at p? Returns the length of the header. */
static size_t audit_header(const char *p, time_t *sec, unsigned int *msec, unsigned long *serial)
{
	const char *q = p;
	char *end;

	if (strncmp(q, "audit(", 6) != 0)
		return 0;
	q += 6;
	if (!isdigit((unsigned char)*q))
		return 0;
	*sec = (time_t)strtoll(q, &end, 10);
	if (*end != '.')
		return 0;
	q = end + 1;
	if (!isdigit((unsigned char)*q))
		return 0;
	*msec = (unsigned int)strtoul(q, &end, 10);
	if (*end != ':')
		return 0;
	q = end + 1;
	if (!isdigit((unsigned char)*q))
		return 0;
	*serial = strtoul(q, &end, 10);
	if (end[0] != ')' || end[1] != ':')
		return 0;
	return (size_t)(end + 2 - p);
}

static bool relevant_type(const char *name, size_t n)
{
	static const char *const names[] = {"AVC",	"USER_AVC",	"MAC_POLICY_LOAD",
					    "AVC_PATH", "DAEMON_START", "SELINUX_ERR"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && memcmp(names[i], name, n) == 0)
			return true;
	return false;
}

static bool is_avc_type(const char *name, size_t n)
{
	return (n == 3 && memcmp(name, "AVC", 3) == 0) ||
	       (n == 8 && memcmp(name, "USER_AVC", 8) == 0);
}

/* Whether libaudit knows the record type. The few types a log repeats are
 * remembered: libaudit's lookup costs as much as the rest of the line. */
static bool known_type(struct pol_audit_reader *r, const char *name, size_t n)
{
	char tmp[TYPE_NAME_MAX];
	bool known;

	if (n >= sizeof(tmp))
		return false;
	for (size_t i = 0; i < r->ntypes; i++)
		if (r->types[i].len == n && memcmp(r->types[i].name, name, n) == 0)
			return r->types[i].known;
	memcpy(tmp, name, n);
	tmp[n] = '\0';
	known = strncmp(tmp, "UNKNOWN[", 8) == 0 || audit_name_to_msg_type(tmp) >= 0;
	if (r->ntypes < TYPE_CACHE) {
		memcpy(r->types[r->ntypes].name, name, n);
		r->types[r->ntypes].len = n;
		r->types[r->ntypes++].known = known;
	}
	return known;
}

/* Whether the token at p (within s) is named "cwd" for libauparse, which
 * drops a leading '(' or "msg='" from a name. */
static bool cwd_token(const char *s, const char *p)
{
	size_t off = (size_t)(p - s);

	if (off && p[-1] == '(')
		off--;
	else if (off >= 5 && memcmp(p - 5, "msg='", 5) == 0)
		off -= 5;
	return off == 0 || s[off - 1] == ' ';
}

/* libauparse 3.0.9 keeps the value of each cwd= field of a CWD record and
 * forgets (leaks) all but the last (fixed upstream); seallow reads the
 * first. A CWD record is fed up to its second cwd= field. */
static size_t cwd_record_len(const char *s, size_t n)
{
	bool seen = false;

	for (const char *p = s; (p = memmem(p, n - (size_t)(p - s), "cwd=", 4)) != NULL; p += 4) {
		if (!cwd_token(s, p))
			continue;
		if (seen)
			return (size_t)(p - s);
		seen = true;
	}
	return n;
}

/* A raw record: [node=N ]type=T msg=audit(...): ... */
static void raw_line(struct pol_audit_reader *r, const char *s, size_t n)
{
	const char *t = s, *msg, *name;
	size_t nlen;
	time_t sec;
	unsigned int msec;
	unsigned long serial;

	if (strncmp(t, "node=", 5) == 0) {
		t = memchr(t, ' ', n);
		if (!t)
			goto malformed;
		while (*t == ' ')
			t++;
	}
	if (strncmp(t, "type=", 5) != 0)
		goto malformed;
	name = t + 5;
	nlen = strcspn(name, " ");
	msg = strstr(name, "msg=audit(");
	if (!msg || !audit_header(msg + 4, &sec, &msec, &serial))
		goto malformed;
	if (!known_type(r, name, nlen)) {
		r->skipped[POL_AUDIT_SKIP_UNKNOWN_TYPE]++;
		return;
	}
	if (relevant_type(name, nlen))
		r->relevant = true;
	if (is_avc_type(name, nlen))
		r->avcs_fed++;
	r->records++;
	if (nlen == 3 && memcmp(name, "CWD", 3) == 0)
		n = cwd_record_len(s, n);
	pol_buf_add(&r->feed, s, n);
	pol_buf_putc(&r->feed, '\n');
	return;
malformed:
	r->skipped[POL_AUDIT_SKIP_MALFORMED]++;
}

/* A kernel log line: the audit part after whatever prefix the log has. */
static void kernel_line(struct pol_audit_reader *r, const char *s, size_t n, const char *hdr)
{
	time_t sec;
	unsigned int msec;
	unsigned long serial;
	size_t hlen = audit_header(hdr, &sec, &msec, &serial);
	const char *type = NULL, *rest, *tp;
	char tmp[32];

	if (!hlen) {
		r->skipped[POL_AUDIT_SKIP_MALFORMED]++;
		return;
	}
	rest = hdr + hlen;
	while (*rest == ' ')
		rest++;
	/* "type=1400" before the header names the record type */
	for (tp = s; (tp = strstr(tp, "type=")) && tp < hdr; tp += 5) {
		char *end;
		long v = strtol(tp + 5, &end, 10);

		if (end != tp + 5 && (*end == ' ' || *end == '\0')) {
			type = audit_msg_type_to_name((int)v);
			if (!type) {
				snprintf(tmp, sizeof(tmp), "UNKNOWN[%ld]", v);
				type = tmp;
			}
			break;
		}
	}
	if (!type) {
		if (has_token(rest, "avc:"))
			type = "AVC";
		else if (strstr(rest, "security_compute_sid:"))
			type = "SELINUX_ERR";
		else {
			r->other++;
			return;
		}
	}
	if (relevant_type(type, strlen(type)))
		r->relevant = true;
	if (is_avc_type(type, strlen(type)))
		r->avcs_fed++;
	r->records++;
	if (strcmp(type, "AVC") == 0) {
		struct orig_line *o = &r->ring[r->ring_next++ % ORIG_RING];

		free(o->line);
		o->line = strndup(s, n);
		o->serial = serial;
		o->sec = sec;
		o->msec = msec;
	}
	pol_buf_printf(&r->feed, "type=%s msg=", type);
	pol_buf_add(&r->feed, hdr, hlen);
	pol_buf_putc(&r->feed, ' ');
	pol_buf_add(&r->feed, rest, n - (size_t)(rest - s));
	pol_buf_putc(&r->feed, '\n');
}

static void one_line(struct pol_audit_reader *r, char *s, size_t n)
{
	const char *hdr;

	while (n && (s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	s[n] = '\0';
	if (strspn(s, " \t") == n)
		return;
	if (memchr(s, '\0', n) || is_binary(s, n)) {
		r->skipped[POL_AUDIT_SKIP_BINARY]++;
		return;
	}
	if (strncmp(s, "type=", 5) == 0 || strncmp(s, "node=", 5) == 0) {
		raw_line(r, s, n);
	} else if ((hdr = strstr(s, "audit(")) != NULL) {
		kernel_line(r, s, n, hdr);
	} else if (has_token(s, "avc:") || has_token(s, "msg='avc:")) {
		r->skipped[POL_AUDIT_SKIP_MALFORMED]++;
	} else {
		r->other++;
	}
	if (r->feed.len >= FEED_CHUNK)
		flush_feed(r);
}

int pol_audit_reader_feed(struct pol_audit_reader *r, const char *buf, size_t len)
{
	const char *end = buf + len;

	while (buf < end && r->status == 0) {
		const char *nl = memchr(buf, '\n', (size_t)(end - buf));
		size_t n = nl ? (size_t)(nl - buf) : (size_t)(end - buf);

		if (r->overlong) {
			if (nl)
				r->overlong = false;
		} else if (r->line.len + n > POL_AUDIT_MAX_LINE) {
			r->skipped[POL_AUDIT_SKIP_TOO_LONG]++;
			pol_buf_reset(&r->line);
			r->overlong = !nl;
		} else if (nl && r->line.len == 0) {
			/* the common case: a whole line in the buffer */
			pol_buf_add(&r->line, buf, n);
			one_line(r, r->line.data, r->line.len);
			pol_buf_reset(&r->line);
		} else {
			pol_buf_add(&r->line, buf, n);
			if (nl) {
				one_line(r, r->line.data, r->line.len);
				pol_buf_reset(&r->line);
			}
		}
		if (r->line.failed)
			return -ENOMEM;
		buf += n + (nl ? 1 : 0);
	}
	if (r->feed.failed)
		return -ENOMEM;
	return r->status;
}

int pol_audit_reader_finish(struct pol_audit_reader *r)
{
	/* a last line without its newline is read like any other: a record
	 * cut short is then malformed or an AVC without its fields */
	if (r->line.len && r->status == 0 && !r->overlong)
		one_line(r, r->line.data, r->line.len);
	pol_buf_reset(&r->line);
	flush_feed(r);
	auparse_flush_feed(r->au);
	/* libauparse drops some records without a word: count them */
	if (r->status == 0 && r->avcs_fed > r->avcs_seen) {
		r->skipped[POL_AUDIT_SKIP_DROPPED] += r->avcs_fed - r->avcs_seen;
		r->avcs_seen = r->avcs_fed;
	}
	return r->status;
}

int pol_audit_reader_read_fd(struct pol_audit_reader *r, int fd)
{
	size_t size = 256 * 1024;
	char *buf = malloc(size);
	int rc = 0;

	if (!buf)
		return -ENOMEM;
	while (rc == 0) {
		ssize_t n = read(fd, buf, size);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			rc = -errno;
		} else if (n == 0) {
			break;
		} else {
			rc = pol_audit_reader_feed(r, buf, (size_t)n);
		}
	}
	free(buf);
	return rc;
}

size_t pol_audit_reader_skipped(const struct pol_audit_reader *r, enum pol_audit_skip reason)
{
	return reason < POL_AUDIT_SKIP_COUNT ? r->skipped[reason] : 0;
}

size_t pol_audit_reader_records(const struct pol_audit_reader *r)
{
	return r->records;
}

size_t pol_audit_reader_other_lines(const struct pol_audit_reader *r)
{
	return r->other;
}

bool pol_audit_reader_relevant(const struct pol_audit_reader *r)
{
	return r->relevant;
}
