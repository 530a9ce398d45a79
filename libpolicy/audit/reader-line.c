// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The shapes a record comes in besides a raw audit log line: what people
 * paste and what their tools show them. reader.c reads a line that starts
 * with "type=" or "node=" and has a numeric header itself (the fast path,
 * nearly every line of a log); any other line comes here, which says where
 * its record is and, when the line holds it otherwise than a raw log
 * would, rewrites it into one.
 *
 * What is cut before a record, in this order and each at most once but
 * quotes: mail and markdown quotes ("> ", "> > "), grep's prefixes
 * ("12:", "audit.log:12:", "audit.log:"), then a printk stamp
 * ("[   12.345678] ") or a syslog stamp (reader-time.c; its time is the
 * record's when the record has no header of its own), and the host and
 * program a syslog line names (left where they are: the record is found by
 * what starts it, not by counting words).
 *
 * Then the record, found by the first of:
 * - "[node=N ]type=NAME msg=audit(SEC.MSEC:SERIAL): ..." anywhere at a word's
 *   start: a raw record (an audisp syslog line, a grep'd log);
 * - the same with ausearch -i's header "msg=audit(10/23/2024 02:51:35.701:987)
 *   : ...": rewritten with the date as seconds (reader-time.c's dates, local
 *   time, as ausearch wrote it), so that grouping by serial works as for a
 *   raw log, and with comm=, exe= and name= values quoted again (ausearch -i
 *   unquotes them, and audit2allow's reading of an AVC drops a value's first
 *   and last byte as quotes);
 * - "type=NAME ..." without msg=: a record without its header;
 * - "audit(SEC.MSEC:SERIAL):" with "type=1400" or "avc:" before or after: a
 *   kernel log line (reader.c's kernel_line());
 * - "audit[PID]: NAME ..." or "audit: NAME ...": systemd-journald's text of
 *   an audit record (journalctl's default output), which has lost the
 *   header: its time is the syslog stamp's;
 * - an "avc:" word: a bare AVC, a USER_AVC when it reads "msg='avc:".
 * A record without its header makes an event of its own (no serial to
 * group it by); its time is the stamp before it or unknown (0).
 *
 * Journal entries (journalctl -o json, -o export, sd-journal) are read by
 * their fields: an audit-transport entry (_AUDIT_TYPE_NAME, _AUDIT_ID,
 * _SOURCE_REALTIME_TIMESTAMP, MESSAGE "NAME text") becomes the raw record
 * journald read, its node the entry's _HOSTNAME; any other entry's MESSAGE
 * is read as a line.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "audit/internal.h"

static bool word_start(const char *line, const char *p)
{
	return p == line || p[-1] == ' ' || p[-1] == ':' || p[-1] == '\t' || p[-1] == ']' ||
	       p[-1] == '>';
}

static const char *skip_spaces(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* An audit type name: upper case letters, digits and '_', or
 * UNKNOWN[1234]; at least one letter. Returns its length. */
static size_t type_name(const char *p, const char *end)
{
	const char *q = p;
	bool letter = false;

	while (q < end && (isupper((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '_' ||
			   *q == '[' || *q == ']')) {
		letter |= isupper((unsigned char)*q) != 0;
		q++;
	}
	if (!letter || (q < end && *q != ' '))
		return 0;
	return (size_t)(q - p);
}

/* grep's prefixes: "12:", "file:12:", "file:" before a record. */
static const char *cut_grep(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && isdigit((unsigned char)*q))
		q++;
	if (q > p && q < end && *q == ':' && q + 1 < end && !isdigit((unsigned char)q[1]))
		return q + 1;
	q = p;
	while (q < end && *q != ':' && *q != ' ' && *q != '=' && *q != '[')
		q++;
	if (q == p || q >= end || *q != ':')
		return p;
	q++;
	if (isdigit((unsigned char)*q)) {
		const char *d = q;

		while (d < end && isdigit((unsigned char)*d))
			d++;
		if (d < end && *d == ':')
			return d + 1;
		return p;
	}
	if ((size_t)(end - q) >= 5 && (memcmp(q, "type=", 5) == 0 || memcmp(q, "node=", 5) == 0))
		return q;
	return p;
}

static const char *cut_quotes(const char *p, const char *end)
{
	for (;;) {
		p = skip_spaces(p, end);
		if (p < end && *p == '>')
			p++;
		else
			return p;
	}
}

/* "[  12.345678] ": a printk stamp (seconds since boot: no date). */
static const char *cut_printk(const char *p, const char *end)
{
	const char *q = p + 1;

	if (p >= end || *p != '[')
		return p;
	q = skip_spaces(q, end);
	while (q < end && (isdigit((unsigned char)*q) || *q == '.'))
		q++;
	if (q < end && *q == ']' && q > p + 1)
		return skip_spaces(q + 1, end);
	return p;
}

/* "msg=audit(DATE TIME.MSEC:SERIAL) : " at p: ausearch -i's header.
 * Returns its length. */
static size_t interpreted_header(const char *p, const char *end, time_t *sec, unsigned int *msec,
				 unsigned long *serial)
{
	const char *q = p + 10;
	struct tm tm;
	size_t n;
	char *e;

	if (!(n = audit_time_date(q, end, &tm)) || q + n >= end || q[n] != ' ')
		return 0;
	q += n + 1;
	if (!(n = audit_time_clock(q, end, &tm, msec)) || q + n >= end || q[n] != ':')
		return 0;
	q += n + 1;
	if (!isdigit((unsigned char)*q))
		return 0;
	*serial = strtoul(q, &e, 10);
	q = e;
	if (end - q < 3 || memcmp(q, ") :", 3) != 0)
		return 0;
	*sec = mktime(&tm);
	return (size_t)(q + 3 - p);
}

/* The fields after an interpreted header, comm=, exe= and name= values
 * quoted (see the top). */
static void requote(const char *p, const char *end, struct pol_buf *out)
{
	while (p < end) {
		const char *tok = p, *tend = memchr(p, ' ', (size_t)(end - p));
		size_t nl = 0;

		if (!tend)
			tend = end;
		if (tend - tok > 5 && memcmp(tok, "comm=", 5) == 0)
			nl = 5;
		else if (tend - tok > 4 &&
			 (memcmp(tok, "exe=", 4) == 0 || memcmp(tok, "name=", 5) == 0))
			nl = tok[3] == '=' ? 4 : 5;
		if (nl && tok[nl] != '"') {
			pol_buf_add(out, tok, nl);
			pol_buf_putc(out, '"');
			pol_buf_add(out, tok + nl, (size_t)(tend - tok - (long)nl));
			pol_buf_putc(out, '"');
		} else {
			pol_buf_add(out, tok, (size_t)(tend - tok));
		}
		if (tend < end)
			pol_buf_putc(out, ' ');
		p = tend + 1;
	}
}

/* "audit(" followed by digits, '.', digits, ':', digits, "):". */
static bool numeric_header(const char *p, const char *end)
{
	const char *q = p + 6;
	int i = 0;

	for (; i < 3; i++) {
		const char *d = q;

		while (q < end && isdigit((unsigned char)*q))
			q++;
		if (q == d || q >= end || *q != ".:)"[i])
			return false;
		q++;
	}
	return q < end && *q == ':';
}

/* A record starting with "[node=N ]type=" at rec. */
static bool raw_record(const char *rec, const char *end, struct pol_buf *out,
		       struct audit_shape *sh)
{
	const char *t = rec, *name, *after;
	size_t nlen, hlen;
	time_t sec;
	unsigned int msec;
	unsigned long serial;

	if ((size_t)(end - t) > 5 && memcmp(t, "node=", 5) == 0) {
		sh->node = t + 5;
		t = memchr(t, ' ', (size_t)(end - t));
		if (!t || t == sh->node)
			return false;
		sh->node_len = (size_t)(t - sh->node);
		t = skip_spaces(t, end);
	}
	if ((size_t)(end - t) <= 5 || memcmp(t, "type=", 5) != 0)
		return false;
	name = t + 5;
	if (!(nlen = type_name(name, end)))
		return false;
	after = skip_spaces(name + nlen, end);
	if ((size_t)(end - after) >= 10 && memcmp(after, "msg=audit(", 10) == 0) {
		hlen = interpreted_header(after, end, &sec, &msec, &serial);
		if (!hlen && numeric_header(after + 4, end)) {
			sh->kind = AUDIT_SHAPE_RAW; /* reader.c reads it */
			sh->text = rec;
			sh->n = (size_t)(end - rec);
			return true;
		}
		if (!hlen) {
			/* a record whose header is cut or garbled */
			sh->kind = AUDIT_SHAPE_MALFORMED;
			return true;
		}
		pol_buf_reset(out);
		pol_buf_add(out, rec, (size_t)(after - rec));
		pol_buf_printf(out, "msg=audit(%lld.%03u:%lu): ", (long long)sec, msec, serial);
		requote(skip_spaces(after + hlen, end), end, out);
		sh->kind = AUDIT_SHAPE_RAW;
		sh->text = out->data;
		sh->n = out->len;
		sh->node = sh->node ? out->data + (sh->node - rec) : NULL;
		return !out->failed;
	}
	if ((size_t)(end - after) >= 5 && memcmp(after, "msg=", 4) == 0 && after[4] != '\'') {
		sh->kind = AUDIT_SHAPE_MALFORMED; /* a header cut short */
		return true;
	}
	sh->kind = AUDIT_SHAPE_ALONE;
	memcpy(sh->type, name, nlen < sizeof(sh->type) ? nlen : sizeof(sh->type) - 1);
	sh->type[nlen < sizeof(sh->type) ? nlen : sizeof(sh->type) - 1] = '\0';
	sh->text = after;
	sh->n = (size_t)(end - after);
	return true;
}

/* Whether the word "avc:" (or w) is at a word's start and end in p..end. */
static const char *find_word(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);

	for (const char *q = p; (q = memmem(q, (size_t)(end - q), w, n)) != NULL; q++) {
		bool start = q == p || isspace((unsigned char)q[-1]) || q[-1] == '\'';
		bool stop = q + n == end || isspace((unsigned char)q[n]);

		if (start && stop)
			return q;
	}
	return NULL;
}

/* "audit[PID]: NAME " or "audit: NAME " (journald's audit text). */
static bool journald_record(const char *p, const char *end, struct audit_shape *sh)
{
	for (const char *q = p; (q = memmem(q, (size_t)(end - q), "audit", 5)) != NULL; q++) {
		const char *r = q + 5;
		size_t nlen;

		if (!word_start(p, q) && q[-1] != ' ')
			continue;
		if (r < end && *r == '[') {
			while (++r < end && isdigit((unsigned char)*r))
				;
			if (r >= end || *r != ']')
				continue;
			r++;
		}
		if (end - r < 3 || r[0] != ':' || r[1] != ' ')
			continue;
		r = skip_spaces(r + 1, end);
		if (!(nlen = type_name(r, end)) || nlen >= sizeof(sh->type))
			continue;
		memcpy(sh->type, r, nlen);
		sh->type[nlen] = '\0';
		sh->kind = AUDIT_SHAPE_ALONE;
		sh->text = skip_spaces(r + nlen, end);
		sh->n = (size_t)(end - sh->text);
		return true;
	}
	return false;
}

void audit_shape_line(const char *s, size_t n, time_t now, struct pol_buf *out,
		      struct audit_shape *sh)
{
	const char *end = s + n, *p, *q, *hdr;

	memset(sh, 0, sizeof(*sh));
	p = cut_quotes(s, end);
	p = cut_quotes(cut_grep(p, end), end);
	p = cut_printk(p, end);
	if ((q = p + audit_time_prefix(p, end, now, &sh->sec, &sh->msec)) != p) {
		sh->has_time = true;
		p = skip_spaces(q, end);
	}
	/* a raw record at a word's start */
	for (q = p; (q = memmem(q, (size_t)(end - q), "type=", 5)) != NULL; q += 5) {
		const char *rec = q;

		if (!word_start(s, q))
			continue;
		/* the node= word before it */
		for (const char *b = q; b > p && b[-1] == ' ';) {
			const char *w = --b;

			while (w > p && w[-1] == ' ')
				w--;
			b = w;
			while (w > p && w[-1] != ' ')
				w--;
			if (b - w > 5 && memcmp(w, "node=", 5) == 0 && word_start(s, w))
				rec = w;
			break;
		}
		if (raw_record(rec, end, out, sh))
			return;
		sh->node = NULL;
		sh->node_len = 0;
	}
	if ((hdr = memmem(p, (size_t)(end - p), "audit(", 6)) != NULL && numeric_header(hdr, end)) {
		sh->kind = AUDIT_SHAPE_KERNEL;
		sh->text = hdr;
		sh->n = (size_t)(end - hdr);
		return;
	}
	if (journald_record(p, end, sh))
		return;
	if ((q = find_word(p, end, "msg='avc:")) != NULL || (q = find_word(p, end, "avc:"))) {
		bool user = q[0] == 'm';

		sh->kind = AUDIT_SHAPE_ALONE;
		strcpy(sh->type, user ? "USER_AVC" : "AVC");
		sh->text = user ? p : q;
		sh->n = (size_t)(end - sh->text);
		return;
	}
	sh->kind = AUDIT_SHAPE_OTHER;
}

/* ---- journalctl -o json ------------------------------------------------ */

static void put_utf8(struct pol_buf *b, unsigned long c)
{
	char u[4];
	size_t n;

	if (c < 0x80) {
		u[0] = (char)c, n = 1;
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3f)), n = 2;
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12), u[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f)), n = 3;
	} else {
		u[0] = (char)(0xf0 | c >> 18), u[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((c >> 6) & 0x3f)), u[3] = (char)(0x80 | (c & 0x3f)), n = 4;
	}
	pol_buf_add(b, u, n);
}

/* A JSON string at p (after its '"') into b; returns the end (after the
 * closing '"') or NULL. */
static const char *json_string(const char *p, const char *end, struct pol_buf *b)
{
	while (p < end && *p != '"') {
		if (*p != '\\') {
			const char *q = p;

			while (q < end && *q != '"' && *q != '\\')
				q++;
			if (b)
				pol_buf_add(b, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (++p >= end)
			return NULL;
		if (*p == 'u') {
			char hex[5] = {0};
			unsigned long c;

			if (end - p < 5)
				return NULL;
			memcpy(hex, p + 1, 4);
			c = strtoul(hex, NULL, 16);
			if (b)
				put_utf8(b, c);
			p += 5;
			continue;
		}
		if (b) {
			const char *esc = strchr("\"\"\\\\//b\bf\fn\nr\rt\t", *p);

			pol_buf_putc(b, esc && *p ? esc[1] : *p);
		}
		p++;
	}
	return p < end ? p + 1 : NULL;
}

/* A JSON value at p: a string, an array of byte values (journald's
 * binary fields), or anything else skipped. Returns the end or NULL. */
static const char *json_value(const char *p, const char *end, struct pol_buf *b, bool *got)
{
	int depth = 0;

	*got = false;
	if (p < end && *p == '"') {
		*got = b != NULL;
		return json_string(p + 1, end, b);
	}
	if (p < end && *p == '[' && b) {
		const char *q = p + 1;

		for (;;) {
			char *e;
			unsigned long v;

			q = skip_spaces(q, end);
			if (q < end && *q == ']')
				break;
			v = strtoul(q, &e, 10);
			if (e == q || v > 255)
				goto skip;
			pol_buf_putc(b, (char)v);
			q = skip_spaces(e, end);
			if (q < end && *q == ',')
				q++;
		}
		*got = true;
		return q + 1;
	}
skip:
	for (; p < end; p++) {
		if (*p == '"') {
			p = json_string(p + 1, end, NULL);
			if (!p)
				return NULL;
			p--;
		} else if (*p == '[' || *p == '{') {
			depth++;
		} else if (*p == ']' || *p == '}') {
			if (depth-- == 0)
				return p;
		} else if (*p == ',' && depth == 0) {
			return p;
		}
	}
	return p;
}

bool audit_json_entry(const char *s, size_t n, struct pol_buf *store, struct audit_entry *e)
{
	const char *p = skip_spaces(s, s + n), *end = s + n;
	size_t off[AUDIT_ENTRY_FIELDS], len[AUDIT_ENTRY_FIELDS];
	bool seen[AUDIT_ENTRY_FIELDS] = {false};

	memset(e, 0, sizeof(*e));
	pol_buf_reset(store);
	if (p >= end || *p != '{')
		return false;
	p++;
	for (;;) {
		struct pol_buf key = POL_BUF_INIT;
		int field;
		bool got;
		size_t at;

		p = skip_spaces(p, end);
		if (p < end && *p == '}')
			break;
		if (p >= end || *p != '"')
			return false;
		p = json_string(p + 1, end, &key);
		field = key.data ? audit_entry_field(key.data, key.len) : -1;
		pol_buf_release(&key);
		if (!p)
			return false;
		p = skip_spaces(p, end);
		if (p >= end || *p != ':')
			return false;
		p = skip_spaces(p + 1, end);
		at = store->len;
		p = json_value(p, end, field >= 0 ? store : NULL, &got);
		if (!p)
			return false;
		if (field >= 0 && got) {
			off[field] = at;
			len[field] = store->len - at;
			seen[field] = true;
			pol_buf_putc(store, '\0');
		} else if (field >= 0) {
			store->len = at;
		}
		p = skip_spaces(p, end);
		if (p < end && *p == ',')
			p++;
	}
	if (store->failed)
		return false;
	for (int i = 0; i < AUDIT_ENTRY_FIELDS; i++)
		if (seen[i])
			audit_entry_set(e, i, store->data + off[i], len[i]);
	return e->message != NULL;
}

int audit_entry_field(const char *key, size_t n)
{
	static const char *const names[AUDIT_ENTRY_FIELDS] = {
	    [AUDIT_ENTRY_MESSAGE] = "MESSAGE",
	    [AUDIT_ENTRY_HOST] = "_HOSTNAME",
	    [AUDIT_ENTRY_TYPE_NAME] = "_AUDIT_TYPE_NAME",
	    [AUDIT_ENTRY_ID] = "_AUDIT_ID",
	    [AUDIT_ENTRY_SOURCE_TIME] = "_SOURCE_REALTIME_TIMESTAMP",
	    [AUDIT_ENTRY_TIME] = "__REALTIME_TIMESTAMP",
	    [AUDIT_ENTRY_TRANSPORT] = "_TRANSPORT",
	};

	for (int i = 0; i < AUDIT_ENTRY_FIELDS; i++)
		if (strlen(names[i]) == n && memcmp(names[i], key, n) == 0)
			return i;
	return -1;
}

void audit_entry_set(struct audit_entry *e, int field, const char *v, size_t n)
{
	switch (field) {
	case AUDIT_ENTRY_MESSAGE:
		e->message = v;
		e->message_len = n;
		break;
	case AUDIT_ENTRY_HOST:
		e->host = v;
		e->host_len = n;
		break;
	case AUDIT_ENTRY_TYPE_NAME:
		e->type_name = v;
		e->type_len = n;
		break;
	case AUDIT_ENTRY_ID:
		e->serial = strtoul(v, NULL, 10);
		e->has_serial = isdigit((unsigned char)*v) != 0;
		break;
	case AUDIT_ENTRY_SOURCE_TIME:
		e->usec = strtoull(v, NULL, 10);
		e->has_source_time = true;
		break;
	case AUDIT_ENTRY_TIME:
		if (!e->has_source_time)
			e->usec = strtoull(v, NULL, 10);
		break;
	case AUDIT_ENTRY_TRANSPORT:
		e->audit_transport = n == 5 && memcmp(v, "audit", 5) == 0;
		break;
	default:
		break;
	}
}

bool audit_entry_record(const struct audit_entry *e, struct pol_buf *out)
{
	const char *m = e->message;
	size_t n = e->message_len;

	if (!e->audit_transport || !e->type_name || !e->has_serial || !e->usec || !m)
		return false;
	/* MESSAGE is "NAME text" */
	if (n > e->type_len && memcmp(m, e->type_name, e->type_len) == 0 && m[e->type_len] == ' ')
		m += e->type_len + 1, n -= e->type_len + 1;
	pol_buf_reset(out);
	if (e->host && e->host_len) {
		pol_buf_puts(out, "node=");
		pol_buf_add(out, e->host, e->host_len);
		pol_buf_putc(out, ' ');
	}
	pol_buf_puts(out, "type=");
	pol_buf_add(out, e->type_name, e->type_len);
	pol_buf_printf(out,
		       " msg=audit(%llu.%03llu:%lu): ", (unsigned long long)(e->usec / 1000000),
		       (unsigned long long)(e->usec / 1000 % 1000), e->serial);
	pol_buf_add(out, m, n);
	return !out->failed;
}
