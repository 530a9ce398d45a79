// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Denials from the systemd journal (sd-journal), for hosts without auditd:
 * journald then keeps the audit records itself (_TRANSPORT=audit, the
 * record's text in MESSAGE without its "type=... msg=audit(...):" header,
 * which _AUDIT_TYPE_NAME, _AUDIT_ID and the timestamps give), and the
 * kernel's printk copies (_TRANSPORT=kernel, "audit: type=1400 ..."). Each
 * entry is read as journalctl -o json's line would be
 * (audit_reader_entry()), so the journal, its export and its JSON give
 * the same denials.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <systemd/sd-journal.h>

#include "audit/internal.h"

struct pol_audit_journal {
	sd_journal *j;
	char *name;	/* for unread entries: the path, or "journal" */
	size_t entries; /* entries read: their numbers */
	uint64_t until; /* realtime usec; 0: none */
	bool started;	/* the first seek was made */
	bool no_wait;	/* sd_journal_wait() cannot wait: poll */
	uint64_t since; /* realtime usec; 0: from the start */
};

static int open_path(const char *path, sd_journal **j)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return -errno;
	if (S_ISDIR(st.st_mode))
		return sd_journal_open_directory(j, path, 0);
	const char *files[] = {path, NULL};
	return sd_journal_open_files(j, files, 0);
}

int pol_audit_journal_open(const char *path, struct pol_audit_journal **out, struct pol_err *err)
{
	struct pol_audit_journal *jr = calloc(1, sizeof(*jr));
	int rc;

	if (!jr || !(jr->name = strdup(path ? path : "journal"))) {
		free(jr);
		return -ENOMEM;
	}
	rc = path ? open_path(path, &jr->j) : sd_journal_open(&jr->j, SD_JOURNAL_LOCAL_ONLY);
	/* the records journald keeps from the audit socket, and the kernel's
	 * copies of them (printk, when no audit daemon took them) */
	if (rc >= 0)
		rc = sd_journal_add_match(jr->j, "_TRANSPORT=audit", 0);
	if (rc >= 0)
		rc = sd_journal_add_match(jr->j, "_TRANSPORT=kernel", 0);
	if (rc < 0) {
		pol_err_add(err, POL_SEV_ERROR, rc, NULL, 0, 0, "cannot open the journal%s%s: %s",
			    path ? " " : "", path ? path : "", strerror(-rc));
		pol_audit_journal_free(jr);
		return rc;
	}
	*out = jr;
	return 0;
}

void pol_audit_journal_free(struct pol_audit_journal *jr)
{
	if (!jr)
		return;
	if (jr->j)
		sd_journal_close(jr->j);
	free(jr->name);
	free(jr);
}

void pol_audit_journal_window(struct pol_audit_journal *jr, time_t since, time_t until)
{
	jr->since = since > 0 ? (uint64_t)since * 1000000 : 0;
	/* until is a second: every entry of that second */
	jr->until = until > 0 ? ((uint64_t)until + 1) * 1000000 - 1 : 0;
}

/* A field's value after its "NAME=", or NULL. */
static const char *field(sd_journal *j, const char *name, size_t *len)
{
	const void *d;
	size_t n, nl = strlen(name);

	if (sd_journal_get_data(j, name, &d, &n) < 0 || n <= nl)
		return NULL;
	*len = n - nl - 1;
	return (const char *)d + nl + 1;
}

/* A copy of a field (NUL-terminated) in buf, or NULL. */
static const char *field_str(sd_journal *j, const char *name, char *buf, size_t size)
{
	size_t n;
	const char *v = field(j, name, &n);

	if (!v || n >= size)
		return NULL;
	memcpy(buf, v, n);
	buf[n] = '\0';
	return buf;
}

static int read_entry(struct pol_audit_journal *jr, struct pol_audit_reader *r)
{
	struct audit_journal_entry e = {0};
	char host[256], type[64], num[32];
	const char *v;
	uint64_t usec;

	e.line = ++jr->entries;
	e.message = field(jr->j, "MESSAGE", &e.message_len);
	if (!e.message)
		return 0;
	e.host = field_str(jr->j, "_HOSTNAME", host, sizeof(host));
	e.type_name = field_str(jr->j, "_AUDIT_TYPE_NAME", type, sizeof(type));
	if ((v = field_str(jr->j, "_AUDIT_ID", num, sizeof(num))) != NULL) {
		char *end;

		e.serial = strtoul(v, &end, 10);
		e.has_serial = *v && !*end;
	}
	v = field_str(jr->j, "_TRANSPORT", num, sizeof(num));
	e.audit_transport = v && strcmp(v, "audit") == 0;
	if ((v = field_str(jr->j, "_SOURCE_REALTIME_TIMESTAMP", num, sizeof(num))) != NULL)
		e.usec = strtoull(v, NULL, 10);
	if (!e.usec && sd_journal_get_realtime_usec(jr->j, &usec) >= 0)
		e.usec = usec;
	return audit_reader_entry(r, &e);
}

int pol_audit_journal_read(struct pol_audit_journal *jr, struct pol_audit_reader *r,
			   struct pol_err *err)
{
	int rc;

	if (!jr->started) {
		jr->started = true;
		rc = pol_audit_reader_input(r, jr->name);
		if (rc < 0)
			return rc;
		rc = jr->since ? sd_journal_seek_realtime_usec(jr->j, jr->since)
			       : sd_journal_seek_head(jr->j);
		if (rc < 0)
			goto fail;
	}
	while ((rc = sd_journal_next(jr->j)) > 0) {
		uint64_t usec;

		if (jr->until && sd_journal_get_realtime_usec(jr->j, &usec) >= 0 &&
		    usec > jr->until) {
			/* past the window: nothing later is wanted, and a
			 * follower waits for nothing */
			return 1;
		}
		rc = read_entry(jr, r);
		if (rc < 0)
			return rc;
	}
	if (rc == 0)
		return 0;
fail:
	pol_err_add(err, POL_SEV_ERROR, rc, NULL, 0, 0, "cannot read the journal %s: %s", jr->name,
		    strerror(-rc));
	return rc;
}

int pol_audit_journal_wait(struct pol_audit_journal *jr, unsigned int msec)
{
	int rc = jr->no_wait ? -EDESTADDRREQ : sd_journal_wait(jr->j, (uint64_t)msec * 1000);

	if (rc == -EINTR)
		return 0;
	if (rc >= 0)
		return rc != SD_JOURNAL_NOP;
	/* a journal opened by its file names has no inotify watch of its
	 * directory to wait on (sd_journal_wait() fails): look again after a
	 * pause, the file's growth seen through sd_journal_process() */
	jr->no_wait = true;
	struct timespec ts = {msec / 1000, (long)(msec % 1000) * 1000000};
	if (nanosleep(&ts, NULL) < 0)
		return 0;
	sd_journal_process(jr->j);
	return 1;
}
