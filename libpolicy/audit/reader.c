// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The streaming reader. Lines are checked and normalised here and grouped
 * into events here, by (node, time, serial), not by adjacency; each
 * complete event is handed to deliver_event(). Nothing is kept once an
 * event is delivered, and the events open at once are bounded, so memory
 * does not grow with the log.
 *
 * Kernel log lines (dmesg, journalctl -k, syslog): "... audit: type=1400
 * audit(1700000000.123:45): avc:  denied ..." become "type=AVC
 * msg=audit(1700000000.123:45): avc:  denied ..."; the original line is
 * kept with the record so the AVC can be shown as it was read. A line that
 * does not start with a raw record's "type=" or "node=" and numeric header
 * (ausearch -i output, journal and syslog lines, pasted and grep'd lines,
 * journalctl -o json and -o export) is taken apart by reader-line.c, which
 * says where its record is; a record without a header there (a bare AVC)
 * is an event of its own. A line that still cannot be read is counted by
 * reason, as a denial when it holds one, and listed with its number
 * (POL_AUDIT_UNREAD_MAX of them). An AVC text that is a notice ("avc:
 * received policyload notice") is counted apart: it is no denial.
 *
 * Why not libauparse. seallow read through libauparse's feed interface
 * until issue 12's speed bar: a bare libauparse pass over the 100k-denial
 * benchmark log (485k records, 77 MB) costs 0.55-0.76 s of CPU here, above
 * the whole budget of 0.44 s (30x faster than audit2allow's 13.3 s), and
 * its cost is per record (a malloc and free per line and per field,
 * extract_timestamp's strndupa and strtoul, a scan of every open event per
 * record), so feeding it shorter records does not help. This reader parses
 * each line once, stores only the records seallow reads, and parses the
 * few fields it uses. libauparse 3.0.9 stays the oracle of the grouping:
 * tests/unit/test-audit-reader.c and tests/fuzz/fuzz-audit.c feed it the same
 * records and compare its events with ours.
 *
 * Events, and where they differ from libauparse 3.0.9's (auparse.c,
 * au_check_events and au_auparse_next_event):
 * - A record joins the open (not yet complete) event with its node, time
 *   and serial, else it starts one. As in libauparse, an EOE that has no
 *   open event is dropped (its event was completed by a PROCTITLE), and a
 *   record whose event is already complete starts a new event.
 * - An event completes when its last record is of a type libauparse calls
 *   a one-record event or an end (EOE, PROCTITLE, user-space types below
 *   1300, 2000 and 2100 up, the NetLabel 1406-1419), as in libauparse.
 * - It completes when a record is read whose time is EOE_TIMEOUT (2, the
 *   default of auditd.conf's end_of_event_timeout, which libauparse reads)
 *   or more seconds after the event's. libauparse does the same; it skips
 *   this check for an EOE that is dropped, and so does this reader.
 * - Differs: it completes when MAX_OPEN - 1 newer events are open behind
 *   it (libauparse keeps any number open), or when the stored records of
 *   all open events would pass PENDING_MAX bytes. Memory is bounded.
 * - At the end of the input every event completes.
 * - Differs: events are delivered in the order of their first record (so
 *   a policy load or daemon start mark sits between the denials it sits
 *   between in the log, whatever the interleaving); libauparse delivers
 *   the complete event with the lowest time stamp once no open event has
 *   a lower one. With time stamps that never go backwards the orders agree.
 * - Differs: a record of a type seallow never reads (PROCTITLE, EXECVE,
 *   USER_LOGIN, ...) is counted and never stored, and opens no event: it
 *   counts toward the completion of an open event with its key (as that
 *   event's last record) and toward the time-out, as in libauparse. An
 *   event whose first records are of such types starts, for the delivery
 *   order, at its first record seallow reads.
 * - Differs: an event keeps at most EVENT_MAX_RECORDS records seallow
 *   reads and EVENT_MAX_BYTES of them; a record past either is counted
 *   (POL_AUDIT_SKIP_OVERFLOW) and not stored.
 * - Differs: libauparse 3.0.9 drops, without a word, an event whose first
 *   AVC record has a permission list longer than 255 bytes (and leaks the
 *   cwd= values of a CWD record but the last): this reader reads them.
 * The fields are parsed as libauparse parses them (parse_up_record in
 * ellist.c): a record is cut at the first 0x1d (the enriched format's
 * interpreted part), split on spaces, "msg=audit(...)" and "msg='" are
 * skipped, a name loses a leading '(', a value its trailing ':', ',', '\''
 * and ')' (not that of "(none)" or "(null)"), an empty value is no field,
 * and the first field of a name is the one read.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libaudit.h>

#include "audit/internal.h"
#include "util/buf.h"
#include "util/hash.h"

#define ARENA 65536
#define TYPE_CACHE 32
#define TYPE_NAME_MAX 64
#define HEADER_MAX 64

#define EOE_TIMEOUT 2
#define MAX_OPEN 256
#define KEY_SLOTS 512 /* a power of two: the open table never grows */
#define PENDING_MAX (8u << 20)
#define EVENT_MAX_RECORDS 256
#define EVENT_MAX_BYTES (1u << 20)

/* A stored record: its text (and a kernel line's original) in the event's buffer. */
struct ev_record {
	int type;
	uint32_t line; /* its line in the input (unread AVCs are named by it) */
	uint32_t off, len;
	uint32_t orig_off, orig_len; /* orig_len 0: none */
};

struct ev_event {
	unsigned long serial;
	time_t sec;
	unsigned int msec;
	bool has_node, complete;
	bool alone;		     /* a record without a header: an event of its own */
	uint32_t node_len;	     /* the node is the first node_len bytes of text */
	struct pol_hash_entry entry; /* in the open table while not complete */
	struct pol_buf text;
	struct ev_record *recs;
	size_t nrecs, arecs;
	/* every record that joined, for the oracle (audit_reader_trace) */
	int types[AUDIT_TRACE_TYPES];
	size_t ntypes;
};

/* A parsed record header. */
struct ev_key {
	const char *node;
	size_t node_len;
	bool has_node;
	time_t sec;
	unsigned int msec;
	unsigned long serial;
	int type;
	bool alone;
};

struct pol_audit_reader {
	struct pol_audit_handlers h;
	struct audit_trace trace;
	struct pol_buf line; /* the line being assembled */
	bool overlong;	     /* discarding the rest of a long line */
	struct pol_buf norm; /* a kernel line, normalised */
	size_t skipped[POL_AUDIT_SKIP_COUNT];
	size_t skipped_denials[POL_AUDIT_SKIP_COUNT];
	size_t records, other, notices;
	size_t lines_done; /* whole lines read: the line being read is the next */
	size_t cur_line;   /* the line of the record being read */
	char *input;	   /* the input's name, for unread lines */
	char **inputs;	   /* every name given, freed with the reader */
	size_t ninputs;
	struct pol_audit_unread *unread;
	size_t nunread;
	struct pol_buf shape;	    /* a line rewritten by reader-line.c */
	struct pol_buf json;	    /* a journalctl -o json line's fields */
	unsigned long alone_serial; /* records without a header, numbered */
	time_t now;		    /* for a syslog stamp's year */
	/* journalctl -o export: the entry being read, its first line */
	bool in_entry;
	size_t entry_line;
	struct pol_buf entry;
	size_t entry_off[AUDIT_ENTRY_FIELDS], entry_len[AUDIT_ENTRY_FIELDS];
	bool entry_seen[AUDIT_ENTRY_FIELDS];
	bool relevant;
	int status;
	/* open events in the order of their first record: a ring */
	struct ev_event ev[MAX_OPEN];
	size_t head, count;
	/* the open events still building, by key */
	struct pol_hash open;
	size_t pending; /* bytes stored in open events */
	bool nomem;	/* an event could not be stored */
	time_t oldest;	/* no building event is older (time-outs) */
	char arena[ARENA];
	size_t arena_used;
	char avctext[POL_AUDIT_MAX_LINE + 1];
	struct {
		char name[TYPE_NAME_MAX];
		size_t len;
		bool known;
		int type;
	} types[TYPE_CACHE];
	size_t ntypes;
	/* the last "audit(...):" header read, which the next records of its
	 * event repeat */
	struct {
		char text[HEADER_MAX];
		size_t len; /* 0: none */
		time_t sec;
		unsigned int msec;
		unsigned long serial;
	} header;
};

const char *pol_audit_skip_name(enum pol_audit_skip reason)
{
	static const char *const names[] = {
	    [POL_AUDIT_SKIP_TOO_LONG] = "line too long",
	    [POL_AUDIT_SKIP_BINARY] = "binary data",
	    [POL_AUDIT_SKIP_MALFORMED] = "malformed record",
	    [POL_AUDIT_SKIP_UNKNOWN_TYPE] = "unknown record type",
	    [POL_AUDIT_SKIP_BAD_AVC] = "AVC without permissions, contexts or class",
	    [POL_AUDIT_SKIP_OVERFLOW] = "record past its event's limits",
	};
	return reason < POL_AUDIT_SKIP_COUNT ? names[reason] : "?";
}

void audit_reader_trace(struct pol_audit_reader *r, const struct audit_trace *t)
{
	r->trace = *t;
}

static bool has_token(const char *text, const char *tok);

/* A line (or one record of it) not read: counted by reason, as a denial
 * when it is one, and listed with its number. */
static void skip(struct pol_audit_reader *r, enum pol_audit_skip reason, size_t line, bool denial)
{
	r->skipped[reason]++;
	if (denial)
		r->skipped_denials[reason]++;
	if (r->nunread < POL_AUDIT_UNREAD_MAX) {
		if (!r->unread) {
			r->unread = malloc(POL_AUDIT_UNREAD_MAX * sizeof(*r->unread));
			if (!r->unread)
				return;
		}
		r->unread[r->nunread++] = (struct pol_audit_unread){
		    .input = r->input, .line = line, .reason = reason, .denial = denial};
	}
}

/* The line being read. */
static size_t line_no(const struct pol_audit_reader *r)
{
	return r->lines_done + 1;
}

/* Whether s holds a denial: an "avc:" word. */
static bool is_denial(const char *s)
{
	return has_token(s, "avc:") || has_token(s, "msg='avc:");
}

/* ---- Fields ------------------------------------------------------------ */

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
static const char *field_value(struct pol_audit_reader *r, const char *v, size_t n)
{
	if (!v)
		return NULL;
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
		return arena_add(r, v + 1, n - 2);
	if (all_hex(v, n)) {
		char tmp[4096];
		size_t m = 0;

		for (size_t i = 0; i + 1 < n && m + 1 < sizeof(tmp); i += 2)
			tmp[m++] = (char)(hexval(v[i]) << 4 | hexval(v[i + 1]));
		return arena_add(r, tmp, m);
	}
	return arena_add(r, v, n);
}

struct ev_field {
	const char *v;
	size_t n;
};

/* A field name looked for, with its length. */
struct ev_name {
	const char *s;
	size_t n;
};
#define EV_NAME(lit)                                                                               \
	{                                                                                          \
		lit, sizeof(lit) - 1                                                               \
	}

/* The length of the value v..end as libauparse keeps it: without a
 * trailing ':', ',', '\'' and ')' (but that of "(none)" and "(null)"). */
static size_t value_len(const char *v, const char *end)
{
	size_t vn = (size_t)(end - v);

	if (vn && v[vn - 1] == ':')
		vn--;
	if (vn && v[vn - 1] == ',')
		vn--;
	if (vn && v[vn - 1] == '\'')
		vn--;
	if (vn && v[vn - 1] == ')' &&
	    !(vn == 6 && (memcmp(v, "(none)", 6) == 0 || memcmp(v, "(null)", 6) == 0)))
		vn--;
	return vn;
}

/* The first fields named names[0..n) of a record (s, len), as libauparse's
 * parse_up_record splits them (see the top of the file). A token is not
 * searched for its '=': the first byte of its name picks the names it may
 * have (first[c], a bit for each), which are compared with its start. A
 * name looked for has no '=', so it is the token's name up to its first
 * '=' when the token starts with it and a '='. At most 8 names. */
static void ev_fields(const char *s, size_t len, const struct ev_name *names, struct ev_field *out,
		      size_t n)
{
	const char *end = s + len, *p = s;
	unsigned char first[256];
	unsigned int left = (1u << n) - 1; /* the names not found yet */

	memset(out, 0, n * sizeof(*out));
	memset(first, 0, sizeof(first));
	for (size_t i = 0; i < n; i++)
		first[(unsigned char)names[i].s[0]] |= (unsigned char)(1u << i);
	while (p < end && left) {
		const char *tok, *tend, *name;
		unsigned int maybe;

		while (p < end && *p == ' ')
			p++;
		if (p == end)
			break;
		tok = p;
		tend = memchr(p, ' ', (size_t)(end - p));
		if (!tend)
			tend = end;
		p = tend;
		name = tok;
		if (tend - tok >= 5 && memcmp(tok, "msg=", 4) == 0) {
			if (tok[4] == 'a')
				continue;
			if (tok[4] == '\'')
				name = tok + 5;
		}
		if (name < tend && *name == '(')
			name++;
		maybe = first[(unsigned char)*name] & left;
		for (size_t i = 0; maybe && i < n; i++) {
			size_t nl = names[i].n;

			if (!(maybe & (1u << i)) || (size_t)(tend - name) <= nl ||
			    name[nl] != '=' || memcmp(name, names[i].s, nl) != 0)
				continue;
			if (name + nl + 1 < tend) { /* an empty value is no field */
				out[i].v = name + nl + 1;
				out[i].n = value_len(out[i].v, tend);
				left &= ~(1u << i);
			}
			break;
		}
	}
}

static const char *ev_field(struct pol_audit_reader *r, const char *s, size_t len,
			    const struct ev_name *name)
{
	struct ev_field f;

	ev_fields(s, len, name, &f, 1);
	return field_value(r, f.v, f.n);
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

/* ---- Delivering an event ------------------------------------------------ */

/* An "avc:" text that is no decision: "avc:  received policyload notice
 * (seqno=2)", "avc:  received setenforce notice (enforcing=1)" (USER_AVC
 * from dbus and systemd), "avc:  op=load_policy lsm=selinux seqno=2 res=1"
 * (the kernel's). The word after "avc:" is neither "denied" nor "granted". */
static bool is_notice(const char *text)
{
	const char *p = strstr(text, "avc:");

	for (; p; p = strstr(p + 4, "avc:")) {
		const char *w = p + 4;

		if (!avc_space((unsigned char)*w))
			continue;
		while (avc_space((unsigned char)*w))
			w++;
		return strncmp(w, "denied", 6) != 0 && strncmp(w, "granted", 7) != 0;
	}
	return false;
}

static void deliver_avc(struct pol_audit_reader *r, const struct pol_audit_avc *ctx,
			const char *text, size_t n, const char *orig, bool user, size_t line)
{
	struct avc_fields f;
	struct pol_audit_avc a = *ctx;
	int rc;

	if (n > POL_AUDIT_MAX_LINE)
		n = POL_AUDIT_MAX_LINE;
	memcpy(r->avctext, text, n);
	r->avctext[n] = '\0';
	if (!audit_avc_parse(r->avctext, &f)) {
		/* the parse cut the copy into words: look at the text */
		if (n < POL_AUDIT_MAX_LINE) {
			memcpy(r->avctext, text, n);
			r->avctext[n] = '\0';
		}
		if (is_notice(r->avctext))
			r->notices++;
		else
			skip(r, POL_AUDIT_SKIP_BAD_AVC, line, true);
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

static void mark(struct pol_audit_reader *r, struct pol_audit_mark *m, const struct ev_event *e)
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

/* A SELINUX_ERR "security_compute_sid: invalid context ..." becomes a mark. */
static void compute_sid(struct pol_audit_reader *r, const char *text, const struct ev_event *e)
{
	char *copy = (char *)arena_add(r, text, strlen(text));
	struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_COMPUTE_SID};

	if (copy && audit_compute_sid_parse(copy, &m))
		mark(r, &m, e);
}

/* What the records of one event say: marks in record order, then every AVC
 * with what the SYSCALL, CWD, PATH and AVC_PATH records add. */
/* The oracle's view of an event: its key and the type of every record
 * that joined it. */
static void trace_event(struct pol_audit_reader *r, const struct ev_event *e)
{
	struct audit_trace_event t = {.sec = e->sec,
				      .msec = e->msec,
				      .serial = e->serial,
				      .types = e->types,
				      .ntypes = e->ntypes};
	char node[256];

	if (e->has_node) {
		size_t n = e->node_len < sizeof(node) - 1 ? e->node_len : sizeof(node) - 1;

		memcpy(node, e->text.data, n);
		node[n] = '\0';
		t.node = node;
	}
	r->trace.event(&t, r->trace.data);
}

/* What one record of an event tells its AVCs (the syscall, the cwd, the
 * object's path) into ctx; a policy load, a daemon start or a computed
 * SID's error is delivered as a mark. Returns whether it is an AVC. */
static bool read_event_record(struct pol_audit_reader *r, struct ev_event *e,
			      const struct ev_record *rec, struct pol_audit_avc *ctx)
{
	const char *s = e->text.data + rec->off;

	switch (rec->type) {
	case AUDIT_AVC:
	case AUDIT_USER_AVC:
		return true;
	case AUDIT_SYSCALL: {
		static const struct ev_name names[] = {EV_NAME("exe"), EV_NAME("comm"),
						       EV_NAME("syscall"), EV_NAME("success")};
		struct ev_field v[4];

		ev_fields(s, rec->len, names, v, 4);
		ctx->syscall_exe = field_value(r, v[0].v, v[0].n);
		ctx->syscall_comm = field_value(r, v[1].v, v[1].n);
		ctx->syscall = field_value(r, v[2].v, v[2].n);
		if (v[3].v)
			ctx->success = v[3].n == 3 && memcmp(v[3].v, "yes", 3) == 0;
		break;
	}
	case AUDIT_CWD: {
		static const struct ev_name cwd = EV_NAME("cwd");

		ctx->cwd = ev_field(r, s, rec->len, &cwd);
		break;
	}
	case AUDIT_PATH:
		if (!ctx->path_name) {
			static const struct ev_name names[] = {EV_NAME("name"), EV_NAME("inode"),
							       EV_NAME("dev")};
			struct ev_field v[3];

			ev_fields(s, rec->len, names, v, 3);
			ctx->path_name = field_value(r, v[0].v, v[0].n);
			ctx->path_inode = field_value(r, v[1].v, v[1].n);
			ctx->path_dev = field_value(r, v[2].v, v[2].n);
		}
		break;
	case AUDIT_AVC_PATH: {
		static const struct ev_name path = EV_NAME("path");

		ctx->avc_path = ev_field(r, s, rec->len, &path);
		break;
	}
	case AUDIT_MAC_POLICY_LOAD: {
		struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_POLICY_LOAD};

		mark(r, &m, e);
		break;
	}
	case AUDIT_DAEMON_START: {
		struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_DAEMON_START};

		m.auditd = has_token(s, "auditd");
		mark(r, &m, e);
		break;
	}
	case AUDIT_SELINUX_ERR:
		if (strstr(s, "security_compute_sid:"))
			compute_sid(r, s, e);
		break;
	default:
		break;
	}
	return false;
}

static void deliver_event(struct pol_audit_reader *r, struct ev_event *e)
{
	struct pol_audit_avc ctx = {.permissive = -1, .success = -1};
	const char *base = e->text.data;
	size_t navc = 0;

	if (r->trace.event)
		trace_event(r, e);
	if (r->status < 0 || !e->nrecs || e->text.failed)
		return;
	r->arena_used = 0;
	ctx.sec = e->sec;
	ctx.msec = e->msec;
	ctx.serial = e->serial;
	ctx.node = e->has_node ? arena_add(r, base, e->node_len) : NULL;
	for (size_t i = 0; i < e->nrecs; i++)
		navc += read_event_record(r, e, &e->recs[i], &ctx);
	/* a second pass delivers the AVCs, however many the event has */
	for (size_t i = 0; navc && i < e->nrecs && r->status == 0; i++) {
		const struct ev_record *rec = &e->recs[i];

		if (rec->type == AUDIT_AVC || rec->type == AUDIT_USER_AVC)
			deliver_avc(r, &ctx, base + rec->off, rec->len,
				    rec->orig_len ? base + rec->orig_off : NULL,
				    rec->type == AUDIT_USER_AVC, rec->line);
	}
}

/* ---- Grouping records into events --------------------------------------- */

/* The key's hash: serial and time. The node is left out: events of two
 * nodes with one serial and time share a chain, and ev_matches() tells
 * them apart. */
static uint32_t ev_hash(const struct ev_key *k)
{
	const uint64_t key[2] = {k->serial, (uint64_t)k->sec * 1000u + k->msec};

	return pol_hash_bytes(key, sizeof(key));
}

static bool ev_matches(const struct ev_event *e, const struct ev_key *k)
{
	return e->serial == k->serial && e->sec == k->sec && e->msec == k->msec &&
	       e->has_node == k->has_node &&
	       (!k->has_node ||
		(e->node_len == k->node_len && memcmp(e->text.data, k->node, k->node_len) == 0));
}

static struct ev_event *ev_find(struct pol_audit_reader *r, const struct ev_key *k, uint32_t h)
{
	for (struct pol_hash_entry *x = pol_hash_chain(&r->open, h); x; x = x->next) {
		struct ev_event *e = pol_hash_item(x, struct ev_event, entry);

		if (x->hash == h && ev_matches(e, k))
			return e;
	}
	return NULL;
}

static void ev_complete(struct pol_audit_reader *r, struct ev_event *e)
{
	if (!e->complete) {
		e->complete = true;
		pol_hash_remove(&r->open, &e->entry);
	}
}

/* Deliver the complete events at the head of the ring, in order. */
static void ev_deliver_ready(struct pol_audit_reader *r)
{
	while (r->count && r->ev[r->head].complete) {
		struct ev_event *e = &r->ev[r->head];

		deliver_event(r, e);
		r->pending -= e->text.len + e->nrecs * sizeof(*e->recs);
		/* a large event gives its memory back */
		if (e->text.alloc > 4 * POL_AUDIT_MAX_LINE)
			pol_buf_release(&e->text);
		else
			pol_buf_reset(&e->text);
		if (e->arecs > 64) {
			free(e->recs);
			e->recs = NULL;
			e->arecs = 0;
		}
		e->nrecs = e->ntypes = 0;
		r->head = (r->head + 1) % MAX_OPEN;
		r->count--;
	}
}

/* Complete the oldest open event and deliver what can be. */
static void ev_force_head(struct pol_audit_reader *r)
{
	ev_complete(r, &r->ev[r->head]);
	ev_deliver_ready(r);
}

static struct ev_event *ev_open(struct pol_audit_reader *r, const struct ev_key *k, uint32_t h)
{
	struct ev_event *e;

	while (r->count == MAX_OPEN)
		ev_force_head(r);
	e = &r->ev[(r->head + r->count++) % MAX_OPEN];
	e->serial = k->serial;
	e->sec = k->sec;
	e->msec = k->msec;
	e->has_node = k->has_node;
	e->alone = k->alone;
	e->node_len = k->has_node ? (uint32_t)k->node_len : 0;
	e->complete = false;
	pol_buf_reset(&e->text);
	if (k->has_node)
		pol_buf_add(&e->text, k->node, k->node_len);
	r->pending += e->text.len;
	pol_hash_add(&r->open, &e->entry, h);
	if (r->count == 1 || k->sec < r->oldest)
		r->oldest = k->sec;
	return e;
}

static void ev_store(struct pol_audit_reader *r, struct ev_event *e, int type, const char *s,
		     size_t n, const char *orig, size_t on)
{
	struct ev_record *rec;
	size_t before = e->text.len;

	if (e->nrecs == EVENT_MAX_RECORDS || e->text.len + n + on + 2 > EVENT_MAX_BYTES) {
		skip(r, POL_AUDIT_SKIP_OVERFLOW, r->cur_line,
		     type == AUDIT_AVC || type == AUDIT_USER_AVC);
		return;
	}
	if (e->nrecs == e->arecs) {
		size_t a = e->arecs ? 2 * e->arecs : 8;
		struct ev_record *p = realloc(e->recs, a * sizeof(*p));

		if (!p) {
			r->nomem = true;
			return;
		}
		e->recs = p;
		e->arecs = a;
	}
	rec = &e->recs[e->nrecs++];
	rec->type = type;
	rec->line = (uint32_t)(r->cur_line < UINT32_MAX ? r->cur_line : UINT32_MAX);
	rec->off = (uint32_t)e->text.len;
	rec->len = (uint32_t)n;
	pol_buf_add(&e->text, s, n);
	pol_buf_putc(&e->text, '\0');
	rec->orig_off = (uint32_t)e->text.len;
	rec->orig_len = (uint32_t)on;
	if (on) {
		pol_buf_add(&e->text, orig, on);
		pol_buf_putc(&e->text, '\0');
	}
	r->pending += e->text.len - before + sizeof(*rec);
	if (e->text.failed)
		r->nomem = true;
}

/* The types libauparse 3.0.9 takes for a whole event (au_check_events). */
static bool ev_single(int t)
{
	return t == AUDIT_PROCTITLE || t == AUDIT_EOE || t < AUDIT_FIRST_EVENT ||
	       t >= AUDIT_FIRST_ANOM_MSG || t == AUDIT_KERNEL ||
	       (t >= AUDIT_MAC_UNLBL_ALLOW && t <= AUDIT_MAC_CALIPSO_DEL);
}

/* The types deliver_event() reads. */
static bool ev_kept(int t)
{
	switch (t) {
	case AUDIT_AVC:
	case AUDIT_USER_AVC:
	case AUDIT_SYSCALL:
	case AUDIT_CWD:
	case AUDIT_PATH:
	case AUDIT_AVC_PATH:
	case AUDIT_MAC_POLICY_LOAD:
	case AUDIT_DAEMON_START:
	case AUDIT_SELINUX_ERR:
		return true;
	default:
		return false;
	}
}

/* Complete the building events EOE_TIMEOUT seconds older than sec. */
static void ev_timeouts(struct pol_audit_reader *r, time_t sec)
{
	bool any = false;

	if (!r->count || sec < r->oldest || sec - r->oldest < EOE_TIMEOUT)
		return;
	for (size_t i = 0; i < r->count; i++) {
		struct ev_event *e = &r->ev[(r->head + i) % MAX_OPEN];

		if (e->complete)
			continue;
		if (e->sec <= sec - EOE_TIMEOUT)
			ev_complete(r, e);
		else if (!any || e->sec < r->oldest)
			r->oldest = e->sec, any = true;
	}
	if (!any)
		r->oldest = sec; /* a lower bound of any event opened later */
}

/* One accepted record: s (n bytes, cut at 0x1d) with its parsed header;
 * orig, a kernel line's original text, or NULL. */
static void ev_record(struct pol_audit_reader *r, const struct ev_key *k, const char *s, size_t n,
		      const char *orig, size_t on)
{
	bool kept = ev_kept(k->type);
	uint32_t h;
	struct ev_event *e;

	if (r->trace.record)
		r->trace.record(s, n, orig, on, r->trace.data);
	if (kept) {
		while (r->count && r->pending + n + on + 2 + sizeof(struct ev_record) > PENDING_MAX)
			ev_force_head(r);
	}
	h = ev_hash(k);
	e = k->alone ? NULL : ev_find(r, k, h);
	if (!e) {
		if (k->type == AUDIT_EOE)
			return;
		if (kept)
			e = ev_open(r, k, h);
	}
	if (e) {
		if (e->ntypes < AUDIT_TRACE_TYPES)
			e->types[e->ntypes++] = k->type;
		if (kept)
			ev_store(r, e, k->type, s, n, orig, on);
		if (ev_single(k->type) || k->alone)
			ev_complete(r, e);
	}
	ev_timeouts(r, k->sec);
	ev_deliver_ready(r);
}

int pol_audit_reader_new(const struct pol_audit_handlers *h, struct pol_audit_reader **out,
			 struct pol_err *err)
{
	struct pol_audit_reader *r = calloc(1, sizeof(*r));

	if (!r || pol_hash_init(&r->open, KEY_SLOTS) < 0) {
		free(r);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	r->h = *h;
	*out = r;
	return 0;
}

void pol_audit_reader_free(struct pol_audit_reader *r)
{
	if (!r)
		return;
	pol_buf_release(&r->line);
	pol_buf_release(&r->norm);
	pol_buf_release(&r->shape);
	pol_buf_release(&r->json);
	pol_buf_release(&r->entry);
	free(r->unread);
	for (size_t i = 0; i < r->ninputs; i++)
		free(r->inputs[i]);
	free(r->inputs);
	for (size_t i = 0; i < MAX_OPEN; i++) {
		pol_buf_release(&r->ev[i].text);
		free(r->ev[i].recs);
	}
	pol_hash_release(&r->open, NULL);
	free(r);
}

/* ---- Lines -------------------------------------------------------------- */

/* A byte no audit record has: a control byte other than tab and the
 * separators 0x1c-0x1f (0x1d starts the enriched format's part), or DEL. */
static bool bad_byte(unsigned char c)
{
	return (c < 0x20 && c != '\t' && !(c >= 0x1c && c <= 0x1f)) || c == 0x7f;
}

#define BYTES_ONES 0x0101010101010101ull
#define BYTES_LOW7 (0x7f * BYTES_ONES)
#define BYTES_HIGHS 0x8080808080808080ull

/* Nonzero when one of the eight bytes of w may be below 0x20 or a DEL,
 * never zero when one is (0x80-0x9f and 0xff pass too: the bytes of such a
 * word are looked at one by one). A byte's low seven bits plus one are
 * 0x01-0x20 for a control byte and 0x80 for DEL, 0 without the high bit:
 * below 0x21, which the borrow of a subtraction shows. */
static uint64_t maybe_control(uint64_t w)
{
	uint64_t low = ((w & BYTES_LOW7) + BYTES_ONES) & BYTES_LOW7;

	return (low - 0x21 * BYTES_ONES) & BYTES_HIGHS;
}

/* Look at bytes at..at+n of s one by one: false and *interp set at the first
 * 0x1d (if not set yet) unless a bad byte is among them. */
static bool bytes_ok(const char *s, size_t at, size_t n, size_t *interp)
{
	for (size_t i = at; i < at + n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (bad_byte(c))
			return false;
		if (c == 0x1d && i < *interp)
			*interp = i;
	}
	return true;
}

/* One pass over a line (n bytes): whether it is free of bad bytes (NUL
 * included), and *interp, where its first 0x1d is (n: none), so a raw
 * record is cut there. Sixteen bytes at a time: nearly every block of a
 * log has no control byte and costs a few operations; the rest are looked
 * at byte by byte. */
static bool line_ok(const char *s, size_t n, size_t *interp)
{
	size_t i = 0;

	*interp = n;
	for (; i + 16 <= n; i += 16) {
		uint64_t a, b;

		memcpy(&a, s + i, sizeof(a));
		memcpy(&b, s + i + 8, sizeof(b));
		if ((maybe_control(a) | maybe_control(b)) && !bytes_ok(s, i, 16, interp))
			return false;
	}
	return bytes_ok(s, i, n - i, interp);
}

/* The decimal digits at p, read as strtoul(p, &end, 10) reads them when p
 * starts with a digit, as large as max at most (strtoll and strtoul
 * saturate); returns the end. */
static const char *decimal(const char *p, unsigned long long max, unsigned long long *v)
{
	const char *q = p;
	unsigned long long x = 0;

	/* 19 digits fit in 64 bits; a longer number is left to strtoull */
	while (*q >= '0' && *q <= '9' && q - p < 19)
		x = x * 10 + (unsigned long long)(*q++ - '0');
	if (*q >= '0' && *q <= '9') {
		char *end;

		x = strtoull(p, &end, 10);
		q = end;
	}
	*v = x < max ? x : max;
	return q;
}

/* Whether s (n bytes) starts with lit. */
static bool starts_with(const char *s, size_t n, const char *lit)
{
	size_t len = strlen(lit);

	return n >= len && memcmp(s, lit, len) == 0;
}

/* "audit(SEC.MSEC:SERIAL):" at p, which starts with "audit(" (the callers
 * found it)? Returns the length of the header. The numbers are read as
 * strtoll (SEC) and strtoul would read them. */
static size_t audit_header(const char *p, time_t *sec, unsigned int *msec, unsigned long *serial)
{
	const char *q = p + 6;
	unsigned long long v;

	if (!isdigit((unsigned char)*q))
		return 0;
	q = decimal(q, LLONG_MAX, &v);
	*sec = (time_t)v;
	if (*q != '.')
		return 0;
	q++;
	if (!isdigit((unsigned char)*q))
		return 0;
	q = decimal(q, ULONG_MAX, &v);
	*msec = (unsigned int)v;
	if (*q != ':')
		return 0;
	q++;
	if (!isdigit((unsigned char)*q))
		return 0;
	q = decimal(q, ULONG_MAX, &v);
	*serial = (unsigned long)v;
	if (q[0] != ')' || q[1] != ':')
		return 0;
	return (size_t)(q + 2 - p);
}

/* audit_header() on p (up to end) for k, but a header the same as the last
 * one read is not read again: an event's records repeat it. */
static size_t read_header(struct pol_audit_reader *r, const char *p, const char *end,
			  struct ev_key *k)
{
	size_t len = r->header.len;

	if (len && (size_t)(end - p) >= len && memcmp(p, r->header.text, len) == 0) {
		k->sec = r->header.sec;
		k->msec = r->header.msec;
		k->serial = r->header.serial;
		return len;
	}
	len = audit_header(p, &k->sec, &k->msec, &k->serial);
	if (len && len <= HEADER_MAX) {
		memcpy(r->header.text, p, len);
		r->header.len = len;
		r->header.sec = k->sec;
		r->header.msec = k->msec;
		r->header.serial = k->serial;
	}
	return len;
}

static bool relevant_type(int t)
{
	return t == AUDIT_AVC || t == AUDIT_USER_AVC || t == AUDIT_MAC_POLICY_LOAD ||
	       t == AUDIT_AVC_PATH || t == AUDIT_DAEMON_START || t == AUDIT_SELINUX_ERR;
}

/* Whether libaudit knows the record type, and its number (libaudit's, as
 * libauparse takes it). The few types a log repeats are remembered:
 * libaudit's lookup costs as much as the rest of the line. */
static bool known_type(struct pol_audit_reader *r, const char *name, size_t n, int *type)
{
	char tmp[TYPE_NAME_MAX];
	bool known;

	if (n >= sizeof(tmp))
		return false;
	for (size_t i = 0; i < r->ntypes; i++)
		if (r->types[i].len == n && r->types[i].name[0] == name[0] &&
		    memcmp(r->types[i].name, name, n) == 0) {
			*type = r->types[i].type;
			return r->types[i].known;
		}
	memcpy(tmp, name, n);
	tmp[n] = '\0';
	*type = audit_name_to_msg_type(tmp);
	known = strncmp(tmp, "UNKNOWN[", 8) == 0 || *type >= 0;
	if (r->ntypes < TYPE_CACHE) {
		memcpy(r->types[r->ntypes].name, name, n);
		r->types[r->ntypes].len = n;
		r->types[r->ntypes].type = *type;
		r->types[r->ntypes++].known = known;
	}
	return known;
}

/* A record's text ends at its first 0x1d (the enriched format's part). */
static size_t cut_interp(const char *s, size_t n)
{
	const char *p = memchr(s, 0x1d, n);

	return p ? (size_t)(p - s) : n;
}

/* The first "msg=audit(" from a raw record's type name on. It nearly
 * always follows the name and one space, which is looked at first: it has
 * no space, so it cannot start in the name without lying wholly in it, and
 * a name without '=' holds none. */
static const char *msg_header(const char *name, size_t nlen, const char *end)
{
	const char *after = name + nlen;

	if (after < end && *after == ' ' &&
	    starts_with(after + 1, (size_t)(end - after - 1), "msg=audit(") &&
	    !memchr(name, '=', nlen))
		return after + 1;
	return strstr(name, "msg=audit(");
}

/* A raw record: [node=N ]type=T msg=audit(...): ... (n bytes, its first
 * 0x1d at interp); orig, the line it was found in when that is not s (an
 * AVC is shown as it was read). False when it has no header to read (the
 * line may be in another shape). The header lies before the first 0x1d,
 * as for libauparse, which cuts the record there: "node=h<0x1d>x type=..."
 * is a record "node=h" without a header (the fuzz-audit oracle's
 * node=<0x1D> difference, issue 22). */
static bool raw_line(struct pol_audit_reader *r, const char *s, size_t n, size_t interp,
		     const char *orig, size_t on)
{
	const char *t = s, *msg, *name, *end = s + (interp < n ? interp : n);
	size_t nlen;
	struct ev_key k = {0};

	if (starts_with(t, (size_t)(end - t), "node=")) {
		k.node = t + 5;
		t = memchr(t, ' ', (size_t)(end - t));
		if (!t || t == k.node)
			return false;
		k.node_len = (size_t)(t - k.node);
		k.has_node = true;
		while (t < end && *t == ' ')
			t++;
	}
	if (!starts_with(t, (size_t)(end - t), "type="))
		return false;
	name = t + 5;
	for (nlen = 0; name + nlen < end && name[nlen] != ' '; nlen++)
		;
	msg = msg_header(name, nlen, end);
	if (!msg || msg >= end || (size_t)(end - msg) < 10 || !read_header(r, msg + 4, end, &k))
		return false;
	if (!known_type(r, name, nlen, &k.type)) {
		skip(r, POL_AUDIT_SKIP_UNKNOWN_TYPE, r->cur_line, is_denial(s));
		return true;
	}
	if (relevant_type(k.type))
		r->relevant = true;
	r->records++;
	if (orig && k.type != AUDIT_AVC && k.type != AUDIT_USER_AVC)
		orig = NULL, on = 0;
	ev_record(r, &k, s, interp, orig, on);
	return true;
}

/* A kernel log line: the audit part after whatever prefix the log has. */
static void kernel_line(struct pol_audit_reader *r, const char *s, size_t n, const char *hdr)
{
	struct ev_key k = {0};
	size_t hlen = read_header(r, hdr, s + n, &k);
	const char *type = NULL, *rest, *tp;
	char tmp[32];

	if (!hlen) {
		skip(r, POL_AUDIT_SKIP_MALFORMED, r->cur_line, is_denial(s));
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
	/* the number libauparse would take from the normalised line */
	if (!known_type(r, type, strlen(type), &k.type))
		k.type = audit_name_to_msg_type(type);
	if (relevant_type(k.type))
		r->relevant = true;
	r->records++;
	pol_buf_reset(&r->norm);
	pol_buf_printf(&r->norm, "type=%s msg=", type);
	pol_buf_add(&r->norm, hdr, hlen);
	pol_buf_putc(&r->norm, ' ');
	pol_buf_add(&r->norm, rest, n - (size_t)(rest - s));
	if (r->norm.failed)
		return;
	/* only an AVC is shown as it was read */
	ev_record(r, &k, r->norm.data, cut_interp(r->norm.data, r->norm.len),
		  strcmp(type, "AVC") == 0 ? s : NULL, strcmp(type, "AVC") == 0 ? n : 0);
}

/* A record without its event's header (reader-line.c): an event of its
 * own, numbered, at the time of the stamp before it or 0 (unknown). */
static void alone_line(struct pol_audit_reader *r, const struct audit_shape *sh, const char *s,
		       size_t n)
{
	struct ev_key k = {.alone = true, .sec = sh->sec, .msec = sh->msec};
	size_t len = sh->n;

	if (!known_type(r, sh->type, strlen(sh->type), &k.type)) {
		skip(r, POL_AUDIT_SKIP_UNKNOWN_TYPE, r->cur_line, is_denial(s));
		return;
	}
	k.serial = ++r->alone_serial;
	if (sh->node && sh->node_len) {
		k.node = sh->node;
		k.node_len = sh->node_len;
		k.has_node = true;
	}
	if (relevant_type(k.type))
		r->relevant = true;
	r->records++;
	len = cut_interp(sh->text, len);
	if (k.type == AUDIT_AVC || k.type == AUDIT_USER_AVC)
		ev_record(r, &k, sh->text, len, s, n);
	else
		ev_record(r, &k, sh->text, len, NULL, 0);
}

/* A line that is not a raw record read as such: its shape says where its
 * record is (reader-line.c). */
static void shape_line(struct pol_audit_reader *r, const char *s, size_t n, bool record)
{
	struct audit_shape sh;

	if (!r->now)
		r->now = time(NULL);
	audit_shape_line(s, n, r->now, &r->shape, &sh);
	switch (sh.kind) {
	case AUDIT_SHAPE_RAW:
		if (!raw_line(r, sh.text, sh.n, cut_interp(sh.text, sh.n), s, n))
			skip(r, POL_AUDIT_SKIP_MALFORMED, r->cur_line, is_denial(s));
		break;
	case AUDIT_SHAPE_KERNEL:
		kernel_line(r, s, n, sh.text);
		break;
	case AUDIT_SHAPE_ALONE:
		alone_line(r, &sh, s, n);
		break;
	case AUDIT_SHAPE_MALFORMED:
		skip(r, POL_AUDIT_SKIP_MALFORMED, r->cur_line, is_denial(s));
		break;
	case AUDIT_SHAPE_OTHER:
		if (record) /* "type=" or "node=" and nothing readable */
			skip(r, POL_AUDIT_SKIP_MALFORMED, r->cur_line, is_denial(s));
		else
			r->other++;
		break;
	}
	if (r->shape.failed)
		r->nomem = true;
}

/* A journal entry (-o json, -o export, sd-journal): the record journald
 * read, else its MESSAGE as a line. */
static void entry_line(struct pol_audit_reader *r, const struct audit_entry *e)
{
	struct pol_buf rec = POL_BUF_INIT;

	if (audit_entry_record(e, &rec))
		raw_line(r, rec.data, rec.len, cut_interp(rec.data, rec.len), NULL, 0) ||
		    (skip(r, POL_AUDIT_SKIP_MALFORMED, r->cur_line, is_denial(rec.data)), true);
	else if (e->message && e->message_len && !rec.failed)
		shape_line(r, e->message, e->message_len, false);
	if (rec.failed)
		r->nomem = true;
	pol_buf_release(&rec);
}

int audit_reader_entry(struct pol_audit_reader *r, const struct audit_journal_entry *pe)
{
	struct audit_entry e = {0};

	if (pe->message && memchr(pe->message, '\0', pe->message_len)) {
		skip(r, POL_AUDIT_SKIP_BINARY, pe->line, false);
		return r->status;
	}
	e.message = pe->message;
	e.message_len = pe->message_len;
	e.host = pe->host;
	e.host_len = pe->host ? strlen(pe->host) : 0;
	e.type_name = pe->type_name;
	e.type_len = pe->type_name ? strlen(pe->type_name) : 0;
	e.serial = pe->serial;
	e.has_serial = pe->has_serial;
	e.usec = pe->usec;
	e.audit_transport = pe->audit_transport;
	r->cur_line = pe->line;
	entry_line(r, &e);
	if (r->nomem)
		return -ENOMEM;
	return r->status;
}

/* journalctl -o export: "KEY=VALUE" lines, an entry ending at a blank
 * line; the fields that say where a record came from are kept. */
static void export_flush(struct pol_audit_reader *r)
{
	struct audit_entry e = {0};

	if (!r->in_entry)
		return;
	for (int i = 0; i < AUDIT_ENTRY_FIELDS; i++)
		if (r->entry_seen[i])
			audit_entry_set(&e, i, r->entry.data + r->entry_off[i], r->entry_len[i]);
	r->cur_line = r->entry_line;
	if (!r->entry.failed && e.message)
		entry_line(r, &e);
	else if (r->entry.failed)
		r->nomem = true;
	r->in_entry = false;
	pol_buf_reset(&r->entry);
	memset(r->entry_seen, 0, sizeof(r->entry_seen));
}

/* Whether the line is a field of an export entry (read here). */
static bool export_line(struct pol_audit_reader *r, const char *s, size_t n)
{
	const char *eq;
	int field;

	if (!r->in_entry) {
		if (!starts_with(s, n, "__CURSOR="))
			return false;
		r->in_entry = true;
		r->entry_line = line_no(r);
	}
	if (n == 0) {
		export_flush(r);
		return true;
	}
	eq = memchr(s, '=', n);
	if (!eq) {
		/* a binary field: its size and bytes follow, which this line
		 * reader cannot take apart */
		skip(r, POL_AUDIT_SKIP_BINARY, line_no(r), false);
		export_flush(r);
		return true;
	}
	field = audit_entry_field(s, (size_t)(eq - s));
	if (field >= 0) {
		r->entry_off[field] = r->entry.len;
		r->entry_len[field] = n - (size_t)(eq + 1 - s);
		r->entry_seen[field] = true;
		pol_buf_add(&r->entry, eq + 1, r->entry_len[field]);
		pol_buf_putc(&r->entry, '\0');
	}
	return true;
}

static void one_line(struct pol_audit_reader *r, char *s, size_t n)
{
	size_t interp;

	while (n && (s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	s[n] = '\0';
	r->cur_line = line_no(r);
	if (r->in_entry || (*s == '_' && starts_with(s, n, "__CURSOR="))) {
		if (export_line(r, s, n))
			return;
	}
	if (n == 0 || ((*s == ' ' || *s == '\t') && strspn(s, " \t") == n))
		return; /* blank */
	if (!line_ok(s, n, &interp)) {
		skip(r, POL_AUDIT_SKIP_BINARY, r->cur_line, false);
		return;
	}
	if ((*s == 't' && starts_with(s, n, "type=")) ||
	    (*s == 'n' && starts_with(s, n, "node="))) {
		if (!raw_line(r, s, n, interp, NULL, 0))
			shape_line(r, s, n, true);
	} else if (*s == '{') {
		struct audit_entry e;

		if (audit_json_entry(s, n, &r->json, &e))
			entry_line(r, &e);
		else
			shape_line(r, s, n, false);
	} else {
		shape_line(r, s, n, false);
	}
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
			skip(r, POL_AUDIT_SKIP_TOO_LONG, line_no(r), false);
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
		if (nl)
			r->lines_done++;
	}
	if (r->nomem || r->norm.failed || r->json.failed)
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
	if (r->status == 0)
		export_flush(r);
	while (r->count)
		ev_force_head(r);
	return r->nomem && r->status == 0 ? -ENOMEM : r->status;
}

int pol_audit_reader_flush(struct pol_audit_reader *r)
{
	while (r->count && r->status == 0)
		ev_force_head(r);
	return r->nomem && r->status == 0 ? -ENOMEM : r->status;
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

size_t pol_audit_reader_skipped_denials(const struct pol_audit_reader *r,
					enum pol_audit_skip reason)
{
	return reason < POL_AUDIT_SKIP_COUNT ? r->skipped_denials[reason] : 0;
}

size_t pol_audit_reader_notices(const struct pol_audit_reader *r)
{
	return r->notices;
}

size_t pol_audit_reader_unread(const struct pol_audit_reader *r,
			       const struct pol_audit_unread **list)
{
	*list = r->unread;
	return r->nunread;
}

int pol_audit_reader_input(struct pol_audit_reader *r, const char *name)
{
	char *copy = name ? strdup(name) : NULL;
	char **names = copy ? realloc(r->inputs, (r->ninputs + 1) * sizeof(*names)) : NULL;

	if (name && (!copy || !names)) {
		free(copy);
		return -ENOMEM;
	}
	/* the lines listed so far keep the name they were read under */
	if (copy) {
		r->inputs = names;
		r->inputs[r->ninputs++] = copy;
	}
	r->input = copy;
	r->lines_done = 0;
	return 0;
}
