/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpolicy/audit's reader: its grouping of records into events against
 * libauparse 3.0.9 as the oracle (audit-oracle.h says how and which
 * differences are documented), on seallow's fixture logs, the corpus's
 * audit logs and small logs written here; then what the reader does where
 * it means to differ from libauparse (order, bounds).
 */
#include <dirent.h>
#include <errno.h>

#include "audit-oracle.h"
#include "tap.h"
#include "util.h"

static char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	struct pol_buf b = POL_BUF_INIT;
	char tmp[65536];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		pol_buf_add(&b, tmp, n);
	fclose(f);
	*size = b.len;
	return b.data ? pol_buf_detach(&b) : strdup("");
}

static void compare_file(const char *path)
{
	size_t size, events = 0, diff;
	bool comparable;
	char *data = slurp(path, &size);

	if (!data) {
		ok(0, "read %s: %s", path, strerror(errno));
		return;
	}
	diff = oracle_compare(data, size, stdout, &events, &comparable);
	/* past 250 records the bounds might act: none of these logs has an
	 * event long enough for that, so a difference would show */
	ok(diff == 0 && events > 0, "%s: %zu events as libauparse groups them%s", path, events,
	   comparable ? "" : " (beyond the fuzz target's comparable inputs)");
	free(data);
}

static void compare_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0;

	if (!d) {
		skip(1, "no log directory");
		printf("# %s: %s\n", dir, strerror(errno));
		return;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len < 4 || strcmp(de->d_name + len - 4, ".log") != 0)
			continue;
		names = realloc(names, (n + 1) * sizeof(*names));
		if (!names)
			abort();
		names[n] = malloc(strlen(dir) + len + 2);
		sprintf(names[n++], "%s/%s", dir, de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), oracle_cmp);
	for (size_t i = 0; i < n; i++) {
		compare_file(names[i]);
		free(names[i]);
	}
	free(names);
}

static void compare_text(const char *text, const char *what)
{
	size_t events = 0;
	bool comparable;
	size_t diff = oracle_compare(text, strlen(text), stdout, &events, &comparable);

	ok(diff == 0 && events > 0 && comparable, "%s: %zu events as libauparse groups them", what,
	   events);
}

/* text falls under a difference the oracle does not adjust for: the
 * fuzz target must skip it (libauparse's events are not the reader's) */
static void incomparable_text(const char *text, const char *what)
{
	size_t events = 0;
	bool comparable = true;

	oracle_compare(text, strlen(text), NULL, &events, &comparable);
	ok(!comparable, "%s: not compared with libauparse", what);
}

#define AVC(ser, ctx)                                                                              \
	"type=AVC msg=audit(1700000000.100:" ser "): avc:  denied  { read } for  pid=1 "           \
	"comm=\"x\" scontext=u:r:a_t tcontext=u:r:" ctx " tclass=file permissive=0\n"
#define SYSCALL(ser, exe)                                                                          \
	"type=SYSCALL msg=audit(1700000000.100:" ser "): arch=c000003e syscall=2 success=no "      \
	"exit=-13 comm=\"x\" exe=\"" exe "\" key=(null)\n"
#define REC(type, ser, rest) "type=" type " msg=audit(1700000000.100:" ser "): " rest "\n"

/* The reader's events in delivery order: "serial:types" lines. */
struct order {
	struct pol_buf b;
};

static void order_event(const struct audit_trace_event *e, void *data)
{
	struct order *o = data;

	pol_buf_printf(&o->b, "%lu:", e->serial);
	for (size_t i = 0; i < e->ntypes; i++)
		pol_buf_printf(&o->b, "%s%d", i ? "," : "", e->types[i]);
	pol_buf_putc(&o->b, ' ');
}

static int order_avc(const struct pol_audit_avc *a, void *data)
{
	pol_buf_printf(&((struct order *)data)->b, "avc%lu ", a->serial);
	return 0;
}

static int order_mark(const struct pol_audit_mark *m, void *data)
{
	pol_buf_printf(&((struct order *)data)->b, "mark%lu ", m->serial);
	return 0;
}

/* Read text; the events and deliveries in order, and the reader for its counts. */
static char *read_order(const char *text, size_t *overflow)
{
	struct order o = {POL_BUF_INIT};
	struct pol_audit_handlers h = {order_avc, order_mark, &o};
	struct audit_trace t = {NULL, order_event, &o};
	struct pol_audit_reader *r;
	struct pol_err err;

	pol_err_init(&err);
	if (pol_audit_reader_new(&h, &r, &err) < 0)
		abort();
	audit_reader_trace(r, &t);
	if (pol_audit_reader_feed(r, text, strlen(text)) < 0 || pol_audit_reader_finish(r) < 0)
		abort();
	if (overflow)
		*overflow = pol_audit_reader_skipped(r, POL_AUDIT_SKIP_OVERFLOW);
	pol_audit_reader_free(r);
	pol_err_release(&err);
	return o.b.data ? pol_buf_detach(&o.b) : strdup("");
}

/* Whether the reader skips a line as binary data: a control byte but tab
 * and 0x1c-0x1f, or DEL (the rule written out, not reader.c's). */
static bool binary_byte(unsigned char c)
{
	return (c < 0x20 && c != '\t' && !(c >= 0x1c && c <= 0x1f)) || c == 0x7f;
}

/* Every byte value at every offset modulo the reader's sixteen-byte scan
 * and in the line's tail: a line is binary data exactly when the rule says. */
static void binary_bytes(void)
{
	static const char line[] =
	    "type=AVC msg=audit(1700000000.100:40): avc:  denied  { read } for  pid=1 "
	    "comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0 name=xy";
	struct pol_audit_handlers h = {order_avc, NULL, NULL};
	struct order o = {POL_BUF_INIT};
	struct pol_audit_reader *r;
	struct pol_err err;
	size_t wrong = 0, len = sizeof(line) - 1, binary = 0, records = 0;

	h.data = &o;
	pol_err_init(&err);
	if (pol_audit_reader_new(&h, &r, &err) < 0)
		abort();
	for (unsigned int c = 0; c < 256; c++) {
		if (c == '\n')
			continue;
		/* the last 40 bytes but the final one (a final '\r' is dropped) */
		for (size_t at = len - 41; at < len - 1; at++) {
			char buf[sizeof(line) + 1];
			size_t nb, nr;

			memcpy(buf, line, len);
			buf[at] = (char)c;
			buf[len] = '\n';
			if (pol_audit_reader_feed(r, buf, len + 1) < 0)
				abort();
			nb = pol_audit_reader_skipped(r, POL_AUDIT_SKIP_BINARY) - binary;
			nr = pol_audit_reader_records(r) - records;
			binary += nb;
			records += nr;
			if (nb != binary_byte((unsigned char)c) || nb + nr != 1) {
				printf("# byte 0x%02x at %zu: %zu binary, %zu records\n", c, at, nb,
				       nr);
				wrong++;
			}
		}
	}
	if (pol_audit_reader_finish(r) < 0)
		abort();
	ok(wrong == 0 && binary == 27 * 40,
	   "a line is binary data exactly when it has a control byte or DEL (%zu)", binary);
	pol_audit_reader_free(r);
	pol_err_release(&err);
	pol_buf_release(&o.b);
}

struct stamp {
	time_t sec;
	unsigned int msec;
	unsigned long serial;
};

static int stamp_avc(const struct pol_audit_avc *a, void *data)
{
	struct stamp *s = data;

	s->sec = a->sec;
	s->msec = a->msec;
	s->serial = a->serial;
	return 0;
}

/* The header's numbers are read as strtoll and strtoul read them, too
 * large ones as their largest value. */
static void header_numbers(const char *hdr, time_t sec, unsigned int msec, unsigned long serial,
			   const char *what)
{
	struct stamp s = {0};
	struct pol_audit_handlers h = {stamp_avc, NULL, &s};
	struct pol_audit_reader *r;
	struct pol_err err;
	struct pol_buf b = POL_BUF_INIT;

	pol_buf_printf(&b,
		       "type=AVC msg=%s avc:  denied  { read } for  pid=1 comm=\"x\" "
		       "scontext=u:r:a_t tcontext=u:r:b_t tclass=file\n",
		       hdr);
	pol_err_init(&err);
	if (pol_audit_reader_new(&h, &r, &err) < 0)
		abort();
	if (pol_audit_reader_feed(r, b.data, b.len) < 0 || pol_audit_reader_finish(r) < 0)
		abort();
	ok(s.sec == sec && s.msec == msec && s.serial == serial, "header numbers: %s", what);
	pol_audit_reader_free(r);
	pol_err_release(&err);
	pol_buf_release(&b);
}

int main(void)
{
	const char *src = getenv("SEKIT_SRCDIR");
	char path[4096];
	char *got;
	struct pol_buf b = POL_BUF_INIT;
	size_t overflow;

	/* ---- libauparse as the oracle ---- */
	snprintf(path, sizeof(path), "%.4000s/tests/seallow/fixtures", src ? src : ".");
	compare_dir(path);
	snprintf(path, sizeof(path), "%.4000s/audit", test_corpus_dir());
	compare_dir(path);

	/* interleaved events: joined by serial, not adjacency */
	compare_text(AVC("1", "b_t") AVC("2", "c_t") SYSCALL("1", "/bin/one")
			 REC("CWD", "2", "cwd=\"/two\"") SYSCALL("2", "/bin/two")
			     REC("PATH", "1", "item=0 name=\"f\" inode=5 dev=08:01")
				 REC("EOE", "2", "") REC("EOE", "1", ""),
		     "interleaved events");
	/* a PROCTITLE completes an event; its EOE is dropped; a record after
	 * both starts a new event of the same serial */
	compare_text(AVC("3", "b_t") SYSCALL("3", "/bin/a") REC("PROCTITLE", "3", "proctitle=6162")
			 REC("EOE", "3", "") SYSCALL("3", "/bin/late") REC("EOE", "3", ""),
		     "PROCTITLE completes, a late record starts anew");
	/* one-record types complete at once; records of unread types join
	 * the open event of their serial (as its last record) */
	compare_text(AVC("4", "b_t") REC("EXECVE", "4", "argc=1 a0=\"x\"") SYSCALL("4", "/bin/b")
			 REC("USER_AVC", "5",
			     "pid=1 uid=0 msg='avc:  denied  { send_msg } for "
			     "scontext=u:r:a_t tcontext=u:r:b_t tclass=dbus "
			     "permissive=0 exe=\"/usr/bin/dbus\"'")
			     REC("DAEMON_START", "6",
				 "op=start ver=3.0.9 format=enriched "
				 "kernel=6.1 auid=0 pid=1 res=success")
				 REC("MAC_POLICY_LOAD", "7", "auid=0 ses=1 lsm=selinux res=1")
				     SYSCALL("7", "/sbin/load_policy") REC("EOE", "4", "")
					 REC("EOE", "7", ""),
		     "one-record types, unread types, marks");
	/* time-out: an event without its EOE completes when a record 2 s
	 * later arrives; a record of it after that starts a new event */
	compare_text("type=AVC msg=audit(1700000000.100:8): avc:  denied  { read } for  pid=1 "
		     "comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0\n"
		     "type=AVC msg=audit(1700000002.100:9): avc:  denied  { read } for  pid=1 "
		     "comm=\"x\" scontext=u:r:a_t tcontext=u:r:c_t tclass=file permissive=0\n"
		     "type=SYSCALL msg=audit(1700000000.100:8): arch=c000003e syscall=2 "
		     "success=yes exe=\"/bin/late\"\n",
		     "end-of-event time-out");
	/* node= keeps events of the same serial and time apart */
	compare_text("node=a type=AVC msg=audit(1700000000.100:10): avc:  denied  { read } for  "
		     "pid=1 comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0\n"
		     "node=b type=AVC msg=audit(1700000000.100:10): avc:  denied  { write } for  "
		     "pid=1 comm=\"y\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0\n"
		     "type=AVC msg=audit(1700000000.100:10): avc:  denied  { open } for  "
		     "pid=1 comm=\"z\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0\n"
		     "node=b type=SYSCALL msg=audit(1700000000.100:10): syscall=2 success=no "
		     "exe=\"/bin/b\"\nnode=a type=SYSCALL msg=audit(1700000000.100:10): syscall=2 "
		     "success=yes exe=\"/bin/a\"\nnode=b type=EOE msg=audit(1700000000.100:10): \n"
		     "node=a type=EOE msg=audit(1700000000.100:10): \n",
		     "node= groups");
	/* a 0x1d in node= ends the record before its header, for libauparse
	 * as for the reader (fuzz-audit's node=<0x1D> difference, issue 22) */
	compare_text("node=h\035x " AVC("12", "b_t") "node=\035 " AVC("13", "b_t") AVC("14", "c_t"),
		     "0x1d in node=");
	/* fields as libauparse splits them: hex, (null), msg=', trailing
	 * punctuation, the first of two, an empty value, enriched 0x1d */
	compare_text(
	    AVC("11", "b_t") "type=SYSCALL msg=audit(1700000000.100:11): arch=c000003e "
			     "syscall=2 success= success=yes, exe=2F62696E2F6120622F "
			     "comm=(null) exe=\"/second\"\x1d"
			     "UID=\"root\" comm=\"after\"\n"
			     "type=CWD msg=audit(1700000000.100:11): (cwd=\"/srv\":\n"
			     "type=PATH msg=audit(1700000000.100:11): item=0 nametype=x\n"
			     "type=PATH msg=audit(1700000000.100:11): item=1 name=(none) "
			     "inode=7) dev=fd:00,\n"
			     "type=AVC_PATH msg=audit(1700000000.100:11): path=\"/p\"\n" REC(
				 "EOE", "11", ""),
	    "fields as libauparse reads them");
	/* kernel log lines: no EOE, each line its own event */
	compare_text(
	    "Nov 14 22:13:20 host kernel: audit: type=1400 audit(1700000000.100:12): "
	    "avc:  denied  { read } for  pid=1 comm=\"x\" scontext=u:r:a_t "
	    "tcontext=u:r:b_t tclass=file permissive=0\n"
	    "[ 5.1] audit: type=1403 audit(1700000000.200:13): auid=0 ses=1 "
	    "lsm=selinux res=1\n"
	    "[ 5.2] audit: type=1401 audit(1700000000.300:14): op=security_compute_sid "
	    "invalid_context=\"u:r:a_t\" scontext=u:r:a_t tcontext=u:r:b_t tclass=process\n"
	    "[ 5.3] audit(1700000000.400:15): security_compute_sid:  invalid context "
	    "u:r:x_t for scontext=u:r:a_t tcontext=u:r:b_t tclass=process\n",
	    "kernel log lines");
	/* a kernel line's AVC is shown as read, matched by its text, not by
	 * its time stamp: not another node's AVC of that time stamp, nor the
	 * first AVC line of its event for the second (fuzz-audit findings) */
	compare_text("node=a type=AVC msg=audit(1700000000.100:16): avc:  denied  { read } for  "
		     "pid=1 comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0\n"
		     "[ 5.4] audit: type=1400 audit(1700000000.100:16): avc:  denied  { write } "
		     "for  pid=1 comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file "
		     "permissive=0\n",
		     "a kernel AVC and another node's AVC of one time stamp");
	compare_text(
	    "[ 5.5] audit: type=1400 audit(1700000000.100:17): avc:  denied  { read } for  "
	    "pid=1 comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file permissive=0\n"
	    "[ 5.6] audit: type=1400 audit(1700000000.100:17): avc:  denied  { write } "
	    "for  pid=1 comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file "
	    "permissive=0\n",
	    "two kernel AVC lines of one event");
	/* libauparse has no time stamp at second 0, and its permission list
	 * ends at a word starting with '}' (fuzz-audit findings) */
	incomparable_text("type=AVC msg=audit(0.000:1): avc:  denied  { read } for  pid=1 "
			  "comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file\n",
			  "an event at second 0");
	pol_buf_reset(&b);
	pol_buf_puts(&b, "type=AVC msg=audit(1.000:1): avc:  denied  { ed  { rd} ae for  pid=1 "
			 "scontext=u:r:a_t tcontext=u:r:b_t tclass=file");
	for (int i = 0; i < 30; i++)
		pol_buf_puts(&b, " word}word");
	pol_buf_puts(&b, "\n");
	incomparable_text(b.data, "a permission list past 255 bytes to the word starting with '}'");
	pol_buf_reset(&b);

	/* ---- where the reader means to differ ---- */
	/* delivery in the order of first records: a policy load between two
	 * denials stays between them although its event completes first and
	 * has the lower time stamp (libauparse would deliver it first) */
	got = read_order(
	    AVC("20", "b_t") "type=MAC_POLICY_LOAD msg=audit(1699999999.000:21): "
			     "lsm=selinux res=1\n"
			     "type=EOE msg=audit(1699999999.000:21): \n" SYSCALL("20", "/bin/x")
				 REC("EOE", "20", "") AVC("22", "c_t") REC("EOE", "22", ""),
	    NULL);
	is_str(got, "20:1400,1300,1320 avc20 21:1403,1320 mark21 22:1400,1320 avc22 ",
	       "events are delivered in the order of their first record");
	free(got);
	/* a record of an unread type opens no event */
	got = read_order(REC("PROCTITLE", "23", "proctitle=61") REC("EXECVE", "24", "argc=1")
			     AVC("24", "b_t") REC("EOE", "24", ""),
			 NULL);
	is_str(got, "24:1400,1320 avc24 ", "records of unread types open no event");
	free(got);
	/* at most 256 events open: the oldest completes when a 256th newer
	 * one opens, and a record of it after that starts a new event */
	for (int i = 0; i < 300; i++)
		pol_buf_printf(&b,
			       "type=AVC msg=audit(1700000000.100:%d): avc:  denied  { read } for  "
			       "pid=1 comm=\"x\" scontext=u:r:a_t tcontext=u:r:b_t tclass=file\n",
			       1000 + i);
	pol_buf_puts(&b, SYSCALL("1000", "/bin/late") SYSCALL("1100", "/bin/late"));
	got = read_order(b.data, &overflow);
	ok(strncmp(got, "1000:1400 avc1000 1001:1400 avc1001 ", 36) == 0 &&
	       strstr(got, " 1000:1300 ") && strstr(got, " 1100:1400,1300 avc1100 ") &&
	       strstr(got, " 1044:1400 avc1044 "),
	   "the oldest of 256 open events completes; events inside the window still join");
	free(got);
	/* an event keeps at most 256 records seallow reads: the rest are
	 * counted, not stored */
	pol_buf_reset(&b);
	for (int i = 0; i < 260; i++)
		pol_buf_puts(&b, AVC("30", "b_t"));
	got = read_order(b.data, &overflow);
	ok(overflow == 4 && strstr(got, "avc30 ") && !strstr(got, "31:"),
	   "records past an event's limit are counted (%zu)", overflow);
	free(got);
	pol_buf_release(&b);

	/* ---- lines and headers (the reader's own parsing) ---- */
	binary_bytes();
	header_numbers("audit(1700000000.123:45):", 1700000000, 123, 45, "plain");
	header_numbers("audit(0.0:0):", 0, 0, 0, "zeros");
	header_numbers("audit(0001700000000.000123:0045):", 1700000000, 123, 45, "leading zeros");
	header_numbers("audit(9223372036854775807.4294967295:18446744073709551615):",
		       (time_t)9223372036854775807, 4294967295u, 18446744073709551615ul,
		       "the largest values");
	header_numbers("audit(9223372036854775808.18446744073709551616:99999999999999999999999):",
		       (time_t)9223372036854775807, 4294967295u, 18446744073709551615ul,
		       "too large: saturated");
	header_numbers("audit(1.4294967296:1):", 1, 0, 1, "milliseconds past 32 bits wrap");

	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}
