/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libauparse as the oracle of seallow's event grouping (libpolicy/audit/
 * reader.c), for tests/unit/test-audit-reader.c and tests/fuzz/fuzz-audit.c.
 *
 * One log is read by the reader, which hands each record it accepts to
 * the trace hook (as the line libauparse was fed before the reader grouped
 * events itself) and announces each event before delivering its marks and
 * AVCs. The same lines are then fed to libauparse 3.0.9 (end-of-event
 * time-out 2 s, as the reader), and each event libauparse completes goes
 * through the reader's former event code (below, as it was when libauparse
 * did the grouping). Each side yields one text per event: its node, time,
 * serial, record types, and every field of every mark and AVC delivered.
 * The two sides must hold the same texts, as multisets: libauparse
 * delivers the complete event with the lowest time stamp first, the
 * reader in the order of first records (reader.c says why).
 *
 * Documented differences, adjusted for here:
 * - the reader opens no event for records of types it never reads, so a
 *   libauparse event loses its leading records of such types, and an
 *   event of only such types is not compared;
 * - libauparse 3.0.9 leaks the cwd= values of a CWD record but the last,
 *   so a CWD record is fed up to its second cwd= field (the reader reads
 *   the first).
 * - an AVC read from a kernel log line is shown as it was read: the
 *   record libauparse hands back is matched with the kernel line fed as
 *   that text, once (its time stamp alone may be another node's line, or
 *   another record's of the event).
 * Differences that are not adjusted (a test input must avoid them, the
 * fuzz target skips inputs that have them, see oracle_comparable()):
 * - libauparse drops an event whose first record is an AVC with a
 *   permission list longer than 255 bytes (up to the first word that
 *   starts with '}': "{ a b} c }" lists "a", "b}" and "c"); the reader reads it;
 * - libauparse drops lines whose header it reads differently (a time stamp
 *   token shorter than 19 bytes, milliseconds above 999, an empty node=);
 * - libauparse has no time stamp for an event at second 0
 *   (auparse_get_timestamp() returns NULL), so its side has no such event;
 * - the reader completes an event past 255 newer open ones, or past its
 *   limits (records, bytes); libauparse keeps any number.
 */
#ifndef SEKIT_TEST_AUDIT_ORACLE_H
#define SEKIT_TEST_AUDIT_ORACLE_H

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <auparse.h>
#include <libaudit.h>

#include "audit/internal.h"
#include "util/buf.h"

struct oracle_side {
	char **events;
	size_t n, alloc;
	struct pol_buf cur; /* the event being written */
	bool open;
};

static void oracle_side_close(struct oracle_side *s)
{
	if (!s->open)
		return;
	if (s->n == s->alloc) {
		s->alloc = s->alloc ? 2 * s->alloc : 64;
		s->events = realloc(s->events, s->alloc * sizeof(*s->events));
		if (!s->events)
			abort();
	}
	s->events[s->n++] = pol_buf_detach(&s->cur);
	s->open = false;
}

static void oracle_side_free(struct oracle_side *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->events[i]);
	free(s->events);
	pol_buf_release(&s->cur);
	memset(s, 0, sizeof(*s));
}

static void oracle_event_head(struct oracle_side *s, const char *node, long sec, unsigned int msec,
			      unsigned long serial, const int *types, size_t ntypes)
{
	oracle_side_close(s);
	s->open = true;
	pol_buf_reset(&s->cur);
	pol_buf_printf(&s->cur, "event node=%s %ld.%03u:%lu types", node ? node : "-", sec, msec,
		       serial);
	for (size_t i = 0; i < ntypes && i < AUDIT_TRACE_TYPES; i++)
		pol_buf_printf(&s->cur, " %d", types[i]);
	pol_buf_putc(&s->cur, '\n');
}

static const char *oracle_s(const char *s)
{
	return s ? s : "(NULL)";
}

static void oracle_avc(struct oracle_side *s, const struct pol_audit_avc *a)
{
	struct pol_buf *b = &s->cur;

	pol_buf_printf(b, "avc record=%s\n node=%s %ld.%u:%lu user=%d granted=%d permissive=%d\n",
		       oracle_s(a->record), oracle_s(a->node), (long)a->sec, a->msec, a->serial,
		       a->user, a->granted, a->permissive);
	pol_buf_printf(b, " scontext=%s tcontext=%s tclass=%s perms", oracle_s(a->scontext),
		       oracle_s(a->tcontext), oracle_s(a->tclass));
	for (size_t i = 0; i < a->nperms; i++)
		pol_buf_printf(b, " %s", a->perms[i]);
	pol_buf_printf(b,
		       "\n ioctl=%d:%lu nlmsg=%d:%lu comm=%s exe=%s name=%s path=%s dev=%s ino=%s "
		       "pid=%s sport=%s dport=%s\n",
		       a->has_ioctlcmd, a->ioctlcmd, a->has_nlmsgtype, a->nlmsgtype,
		       oracle_s(a->comm), oracle_s(a->exe), oracle_s(a->name), oracle_s(a->path),
		       oracle_s(a->dev), oracle_s(a->ino), oracle_s(a->pid), oracle_s(a->sport),
		       oracle_s(a->dport));
	pol_buf_printf(b,
		       " syscall_exe=%s syscall_comm=%s syscall=%s success=%d cwd=%s path_name=%s "
		       "path_inode=%s path_dev=%s avc_path=%s\n",
		       oracle_s(a->syscall_exe), oracle_s(a->syscall_comm), oracle_s(a->syscall),
		       a->success, oracle_s(a->cwd), oracle_s(a->path_name),
		       oracle_s(a->path_inode), oracle_s(a->path_dev), oracle_s(a->avc_path));
}

static void oracle_mark(struct oracle_side *s, const struct pol_audit_mark *m)
{
	pol_buf_printf(&s->cur, "mark %d %ld:%lu auditd=%d %s %s %s %s\n", (int)m->kind,
		       (long)m->sec, m->serial, m->auditd, oracle_s(m->invalid_context),
		       oracle_s(m->scontext), oracle_s(m->tcontext), oracle_s(m->tclass));
}

/* ---- The reader's side ----------------------------------------------- */

struct oracle {
	struct oracle_side ours, theirs;
	struct pol_buf lines; /* what libauparse is fed */
	size_t records;
	bool incomparable; /* a line libauparse reads otherwise (see the top) */
	/* the kernel lines read last: each as fed to libauparse (text) and
	 * as read (line), so an AVC record libauparse hands back is shown as
	 * the reader shows it */
	struct {
		char *text;
		char *line;
	} ring[256];
	size_t ring_next;
	/* the former event code's scratch */
	char arena[65536];
	size_t arena_used;
	char avctext[POL_AUDIT_MAX_LINE + 1];
};

static int oracle_on_avc(const struct pol_audit_avc *a, void *data)
{
	oracle_avc(&((struct oracle *)data)->ours, a);
	return 0;
}

static int oracle_on_mark(const struct pol_audit_mark *m, void *data)
{
	oracle_mark(&((struct oracle *)data)->ours, m);
	return 0;
}

static void oracle_on_event(const struct audit_trace_event *e, void *data)
{
	struct oracle *o = data;

	oracle_event_head(&o->ours, e->node, (long)e->sec, e->msec, e->serial, e->types, e->ntypes);
}

/* Whether the token at p (within s) is named "cwd" for libauparse, which
 * drops a leading '(' or "msg='" from a name. */
static bool oracle_cwd_token(const char *s, const char *p)
{
	size_t off = (size_t)(p - s);

	if (off && p[-1] == '(')
		off--;
	else if (off >= 5 && memcmp(p - 5, "msg='", 5) == 0)
		off -= 5;
	return off == 0 || s[off - 1] == ' ';
}

static size_t oracle_cwd_len(const char *s, size_t n)
{
	bool seen = false;

	for (const char *p = s; (p = memmem(p, n - (size_t)(p - s), "cwd=", 4)) != NULL; p += 4) {
		if (!oracle_cwd_token(s, p))
			continue;
		if (seen)
			return (size_t)(p - s);
		seen = true;
	}
	return n;
}

static size_t oracle_digits(const char *p, size_t max, unsigned long long *v)
{
	size_t n = 0;

	*v = 0;
	while (n <= max && isdigit((unsigned char)p[n]))
		*v = *v * 10 + (unsigned long long)(p[n++] - '0');
	return n <= max ? n : 0;
}

/* Whether libauparse 3.0.9 reads line's header and record as the reader
 * does: "[node=N ]type=T msg=audit(S.M:N): " with at most 18 digits of
 * seconds, milliseconds up to 999, the header within the 80 (340 with a
 * node) bytes extract_timestamp looks at, its time stamp token at least 19
 * bytes; an AVC's permission list well under 255 bytes. */
static bool oracle_line_ok(const char *line, size_t n)
{
	const char *p = line, *msg, *brace;
	size_t d, limit = 80;
	unsigned long long v;

	if (strncmp(p, "node=", 5) == 0) {
		p += 5;
		if (*p == ' ' || !*p)
			return false;
		p += strcspn(p, " ");
		p += strspn(p, " ");
		limit = 340;
	}
	if (strncmp(p, "type=", 5) != 0)
		return false;
	p += 5 + strcspn(p + 5, " ");
	p += strspn(p, " ");
	if (strncmp(p, "msg=audit(", 10) != 0)
		return false;
	msg = p;
	p += 10;
	if (!(d = oracle_digits(p, 18, &v)) || v == 0 || p[d] != '.')
		return false;
	p += d + 1;
	if (!(d = oracle_digits(p, 3, &v)) || v > 999 || p[d] != ':')
		return false;
	p += d + 1;
	if (!(d = oracle_digits(p, 19, &v)) || p[d] != ')' || p[d + 1] != ':')
		return false;
	p += d + 2;
	if ((size_t)(p - line) >= limit || p - msg < 19)
		return false;
	if ((strncmp(line, "type=AVC ", 9) == 0 || strncmp(line, "type=USER_AVC ", 14) == 0 ||
	     strstr(line, " type=AVC ") || strstr(line, " type=USER_AVC ")) &&
	    (brace = memchr(line, '{', n)) != NULL) {
		/* libauparse's list ends at the first word that starts with
		 * '}', not at the first '}' */
		const char *close = memmem(brace, n - (size_t)(brace - line), " }", 2);

		if ((close ? (size_t)(close - brace) : n - (size_t)(brace - line)) >= 200)
			return false;
	}
	return true;
}

static void oracle_on_record(const char *line, size_t n, const char *orig, size_t on, void *data)
{
	struct oracle *o = data;

	/* past 250 records the reader's bounds may complete an event early */
	if (++o->records > 250 || !oracle_line_ok(line, n))
		o->incomparable = true;

	if (n >= 9 && memcmp(line, "type=CWD ", 9) == 0)
		n = oracle_cwd_len(line, n);
	else if (strstr(line, " type=CWD ") && strncmp(line, "node=", 5) == 0)
		n = oracle_cwd_len(line, n);
	pol_buf_add(&o->lines, line, n);
	pol_buf_putc(&o->lines, '\n');
	if (orig) {
		size_t i = o->ring_next++ % 256;

		free(o->ring[i].text);
		free(o->ring[i].line);
		o->ring[i].text = strndup(line, n);
		o->ring[i].line = strndup(orig, on);
	}
}

/* ---- libauparse's side: the reader's former event code ----------------- */

static const char *oracle_arena_add(struct oracle *o, const char *s, size_t n)
{
	char *p;

	if (!s || o->arena_used + n + 1 > sizeof(o->arena))
		return NULL;
	p = o->arena + o->arena_used;
	memcpy(p, s, n);
	p[n] = '\0';
	o->arena_used += n + 1;
	return p;
}

static const char *oracle_field_value(struct oracle *o, const char *v)
{
	size_t n;
	bool hex;

	if (!v)
		return NULL;
	n = strlen(v);
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
		return oracle_arena_add(o, v + 1, n - 2);
	hex = n >= 2 && n % 2 == 0;
	for (size_t i = 0; hex && i < n; i++)
		hex = isxdigit((unsigned char)v[i]);
	if (hex && strcmp(v, "(null)") != 0) {
		char tmp[4096];
		size_t m = 0;

		for (size_t i = 0; i + 1 < n && m + 1 < sizeof(tmp); i += 2) {
			int hi = isdigit((unsigned char)v[i])
				     ? v[i] - '0'
				     : tolower((unsigned char)v[i]) - 'a' + 10;
			int lo = isdigit((unsigned char)v[i + 1])
				     ? v[i + 1] - '0'
				     : tolower((unsigned char)v[i + 1]) - 'a' + 10;

			tmp[m++] = (char)(hi << 4 | lo);
		}
		return oracle_arena_add(o, tmp, m);
	}
	return oracle_arena_add(o, v, n);
}

static const char *oracle_record_field(auparse_state_t *au, const char *name)
{
	if (auparse_first_field(au) <= 0)
		return NULL;
	do {
		const char *n = auparse_get_field_name(au);

		if (n && strcmp(n, name) == 0)
			return auparse_get_field_str(au);
	} while (auparse_next_field(au) > 0);
	return NULL;
}

static void oracle_record_fields(auparse_state_t *au, const char *const *names, const char **out,
				 size_t n)
{
	size_t found = 0;

	memset(out, 0, n * sizeof(*out));
	if (auparse_first_field(au) <= 0)
		return;
	do {
		const char *name = auparse_get_field_name(au);

		for (size_t i = 0; name && i < n; i++) {
			if (!out[i] && strcmp(name, names[i]) == 0) {
				out[i] = auparse_get_field_str(au);
				found++;
				break;
			}
		}
	} while (found < n && auparse_next_field(au) > 0);
}

static bool oracle_has_token(const char *text, const char *tok)
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

static void oracle_compute_sid(struct oracle *o, const char *text, const au_event_t *e)
{
	char *copy = (char *)oracle_arena_add(o, text, strlen(text));
	struct pol_audit_mark m = {.kind = POL_AUDIT_MARK_COMPUTE_SID};

	if (copy && audit_compute_sid_parse(copy, &m)) {
		m.sec = e->sec;
		m.serial = e->serial;
		oracle_mark(&o->theirs, &m);
	}
}

static void oracle_deliver_avc(struct oracle *o, const struct pol_audit_avc *ctx, const char *text,
			       bool user)
{
	struct avc_fields f;
	struct pol_audit_avc a = *ctx;
	size_t n = strlen(text);
	const char *orig = NULL;
	size_t used = 0;

	/* the oldest kernel line fed as this record's text, used once: a
	 * time stamp alone may also be another node's or another record's */
	for (size_t k = 0; !user && k < 256; k++) {
		size_t i = (o->ring_next + k) % 256;

		if (o->ring[i].text && o->ring[i].line && strcmp(o->ring[i].text, text) == 0) {
			orig = o->ring[i].line;
			used = i;
			break;
		}
	}
	if (n > POL_AUDIT_MAX_LINE)
		n = POL_AUDIT_MAX_LINE;
	memcpy(o->avctext, text, n);
	o->avctext[n] = '\0';
	if (!audit_avc_parse(o->avctext, &f))
		return;
	a.record = orig ? orig : text;
	a.user = user;
	audit_avc_from_fields(&a, &f);
	oracle_avc(&o->theirs, &a);
	if (orig) {
		free(o->ring[used].text);
		free(o->ring[used].line);
		o->ring[used].text = o->ring[used].line = NULL;
	}
}

/* The types the reader stores (reader.c's ev_kept). */
static bool oracle_kept(int t)
{
	return t == AUDIT_AVC || t == AUDIT_USER_AVC || t == AUDIT_SYSCALL || t == AUDIT_CWD ||
	       t == AUDIT_PATH || t == AUDIT_AVC_PATH || t == AUDIT_MAC_POLICY_LOAD ||
	       t == AUDIT_DAEMON_START || t == AUDIT_SELINUX_ERR;
}

static void oracle_event_ready(auparse_state_t *au, auparse_cb_event_t type, void *data)
{
	struct oracle *o = data;
	struct pol_audit_avc ctx = {.permissive = -1, .success = -1};
	const au_event_t *e;
	size_t navc = 0, ntypes = 0;
	int types[AUDIT_TRACE_TYPES];

	if (type != AUPARSE_CB_EVENT_READY || auparse_first_record(au) <= 0)
		return;
	e = auparse_get_timestamp(au);
	if (!e)
		return;
	/* the records from the first one the reader stores */
	do {
		int t = auparse_get_type(au);

		if ((ntypes || oracle_kept(t)) && ntypes < AUDIT_TRACE_TYPES)
			types[ntypes++] = t;
	} while (auparse_next_record(au) > 0);
	if (!ntypes)
		return;
	oracle_event_head(&o->theirs, e->host, (long)e->sec, e->milli, e->serial, types, ntypes);
	auparse_first_record(au);
	o->arena_used = 0;
	ctx.sec = e->sec;
	ctx.msec = e->milli;
	ctx.serial = e->serial;
	ctx.node = e->host ? oracle_arena_add(o, e->host, strlen(e->host)) : NULL;
	do {
		int t = auparse_get_type(au);

		switch (t) {
		case AUDIT_AVC:
		case AUDIT_USER_AVC:
			navc++;
			break;
		case AUDIT_SYSCALL: {
			static const char *const names[] = {"exe", "comm", "syscall", "success"};
			const char *v[4];

			oracle_record_fields(au, names, v, 4);
			ctx.syscall_exe = oracle_field_value(o, v[0]);
			ctx.syscall_comm = oracle_field_value(o, v[1]);
			ctx.syscall = oracle_field_value(o, v[2]);
			if (v[3])
				ctx.success = strcmp(v[3], "yes") == 0;
			break;
		}
		case AUDIT_CWD:
			ctx.cwd = oracle_field_value(o, oracle_record_field(au, "cwd"));
			break;
		case AUDIT_PATH:
			if (!ctx.path_name) {
				static const char *const names[] = {"name", "inode", "dev"};
				const char *v[3];

				oracle_record_fields(au, names, v, 3);
				ctx.path_name = oracle_field_value(o, v[0]);
				ctx.path_inode = oracle_field_value(o, v[1]);
				ctx.path_dev = oracle_field_value(o, v[2]);
			}
			break;
		case AUDIT_AVC_PATH:
			ctx.avc_path = oracle_field_value(o, oracle_record_field(au, "path"));
			break;
		case AUDIT_MAC_POLICY_LOAD:
		case AUDIT_DAEMON_START: {
			struct pol_audit_mark m = {.kind = t == AUDIT_MAC_POLICY_LOAD
							       ? POL_AUDIT_MARK_POLICY_LOAD
							       : POL_AUDIT_MARK_DAEMON_START};
			const char *text = auparse_get_record_text(au);

			m.sec = e->sec;
			m.serial = e->serial;
			if (t == AUDIT_DAEMON_START)
				m.auditd = text && oracle_has_token(text, "auditd");
			oracle_mark(&o->theirs, &m);
			break;
		}
		case AUDIT_SELINUX_ERR: {
			const char *text = auparse_get_record_text(au);

			if (text && strstr(text, "security_compute_sid:"))
				oracle_compute_sid(o, text, e);
			break;
		}
		default:
			break;
		}
	} while (auparse_next_record(au) > 0);
	if (navc == 0 || auparse_first_record(au) <= 0)
		return;
	do {
		int t = auparse_get_type(au);
		const char *text;

		if (t != AUDIT_AVC && t != AUDIT_USER_AVC)
			continue;
		text = auparse_get_record_text(au);
		if (text)
			oracle_deliver_avc(o, &ctx, text, t == AUDIT_USER_AVC);
	} while (auparse_next_record(au) > 0);
}

static int oracle_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Read data with the reader and with libauparse; compare. Returns the
 * number of events of the reader's that libauparse lacks plus those it has
 * and the reader lacks (0: the same), and prints the first difference on
 * out when out is not NULL. *events: the reader's event count;
 * *comparable: false when a line or the log's size falls under a
 * difference not adjusted for (see the top). */
static size_t oracle_compare(const char *data, size_t size, FILE *out, size_t *events,
			     bool *comparable)
{
	struct oracle *o = calloc(1, sizeof(*o));
	struct pol_audit_handlers h = {oracle_on_avc, oracle_on_mark, NULL};
	struct audit_trace t = {oracle_on_record, oracle_on_event, NULL};
	struct pol_audit_reader *r;
	struct pol_err err;
	auparse_state_t *au;
	size_t i = 0, j = 0, diff = 0;

	if (!o)
		abort();
	h.data = t.data = o;
	pol_err_init(&err);
	if (pol_audit_reader_new(&h, &r, &err) < 0)
		abort();
	pol_err_release(&err);
	audit_reader_trace(r, &t);
	if (pol_audit_reader_feed(r, data, size) < 0 || pol_audit_reader_finish(r) < 0)
		abort();
	pol_audit_reader_free(r);
	oracle_side_close(&o->ours);

	au = auparse_init(AUSOURCE_FEED, NULL);
	if (!au)
		abort();
	auparse_set_eoe_timeout(2);
	auparse_add_callback(au, oracle_event_ready, o, NULL);
	if (o->lines.len)
		auparse_feed(au, o->lines.data, o->lines.len);
	auparse_flush_feed(au);
	auparse_destroy(au);
	oracle_side_close(&o->theirs);

	if (o->ours.n)
		qsort(o->ours.events, o->ours.n, sizeof(char *), oracle_cmp);
	if (o->theirs.n)
		qsort(o->theirs.events, o->theirs.n, sizeof(char *), oracle_cmp);
	while (i < o->ours.n || j < o->theirs.n) {
		int c = i == o->ours.n	   ? 1
			: j == o->theirs.n ? -1
					   : strcmp(o->ours.events[i], o->theirs.events[j]);

		if (c == 0) {
			i++, j++;
			continue;
		}
		if (out && !diff)
			fprintf(out, "# first difference: %s:\n%s",
				c < 0 ? "only ours" : "only libauparse's",
				c < 0 ? o->ours.events[i] : o->theirs.events[j]);
		diff++;
		if (c < 0)
			i++;
		else
			j++;
	}
	*events = o->ours.n;
	*comparable = !o->incomparable;
	oracle_side_free(&o->ours);
	oracle_side_free(&o->theirs);
	pol_buf_release(&o->lines);
	for (size_t k = 0; k < 256; k++)
		free(o->ring[k].text), free(o->ring[k].line);
	free(o);
	return diff;
}

#endif
