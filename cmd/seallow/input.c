// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * seallow's inputs: a log file or standard input, the audit log files
 * (-a, -b), the kernel log (-d), the systemd journal (--journal), and
 * --follow, which goes on reading them as they grow and prints the rules
 * of new denials as they come, until SIGINT, SIGTERM or SIGHUP.
 */

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/array.h"

#include "cli.h"
#include "seallow.h"
#include "workdir.h"

/* How long a follower waits for more input before it delivers the events
 * it has (auditd writes an event's records together) and looks again. */
#define FOLLOW_MSEC 200

static volatile sig_atomic_t follow_stop;

static void on_stop(int sig)
{
	(void)sig;
	follow_stop = 1;
}

int seallow_report(int rc, const char *fmt, ...)
{
	struct pol_err err;
	va_list ap;
	int status;

	pol_err_init(&err);
	va_start(ap, fmt);
	pol_err_vadd(&err, POL_SEV_ERROR, rc, NULL, 0, 0, fmt, ap);
	va_end(ap);
	status = cli_report(&err, rc);
	pol_err_release(&err);
	return status;
}

int seallow_fail(int rc)
{
	struct pol_err err;
	int status;

	pol_err_init(&err);
	status = cli_report(&err, rc);
	pol_err_release(&err);
	return status;
}

void seallow_say(const struct seallow_opts *o, enum pol_severity sev, const char *fmt, ...)
{
	struct pol_err err;
	va_list ap;

	if (o->quiet)
		return;
	pol_err_init(&err);
	va_start(ap, fmt);
	pol_err_vadd(&err, sev, 0, NULL, 0, 0, fmt, ap);
	va_end(ap);
	cli_report(&err, 0);
	pol_err_release(&err);
}

static int numeric_suffix_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	const char *dx = strrchr(x, '.'), *dy = strrchr(y, '.');
	long nx = dx && strcmp(dx, ".log") ? strtol(dx + 1, NULL, 10) : 0;
	long ny = dy && strcmp(dy, ".log") ? strtol(dy + 1, NULL, 10) : 0;

	/* oldest first: audit.log.9 ... audit.log.1, audit.log */
	return (ny > nx) - (ny < nx);
}

static const char *audit_log_dir(void)
{
	const char *dir = getenv("SEKIT_AUDIT_LOG_DIR");

	return dir && *dir ? dir : "/var/log/audit";
}

/* The audit log files of dir, oldest first (heap vector of heap names). */
static int audit_log_names(const char *dir, char ***out, size_t *count)
{
	char **names = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *d = opendir(dir);
	int rc = 0;

	if (!d) {
		rc = -errno;
		seallow_report(rc, "cannot read '%s': %s", dir, strerror(-rc));
		return cli_exit_for_system(rc);
	}
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "audit.log", 9) != 0 ||
		    (de->d_name[9] && de->d_name[9] != '.'))
			continue;
		if (POL_ARRAY_GROW(names, n + 1, alloc) < 0 || !(names[n] = strdup(de->d_name))) {
			rc = seallow_report(-ENOMEM, "out of memory");
			break;
		}
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), numeric_suffix_cmp);
	*out = names;
	*count = n;
	return rc;
}

/* One file into r; an exit status. */
static int read_file(struct pol_audit_reader *r, const char *path, bool env)
{
	int fd, rc;

	if (pol_audit_reader_input(r, path) < 0)
		return seallow_report(-ENOMEM, "out of memory");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		/* -i names a file: a wrong name is the user's (2), -a's are
		 * the system's (3) */
		seallow_report(rc, "cannot open '%s': %s", path, strerror(-rc));
		return env ? cli_exit_for_system(rc) : cli_exit_for(rc);
	}
	rc = pol_audit_reader_read_fd(r, fd);
	close(fd);
	if (rc < 0) {
		seallow_report(rc, "cannot read '%s': %s", path, strerror(-rc));
		return env ? cli_exit_for_system(rc) : cli_exit_for(rc);
	}
	return EXIT_OK;
}

/* -a/-b: the audit log files themselves, oldest first, instead of spawning
 * ausearch (which needs root and reads the same files). */
static int read_audit_logs(const struct seallow_run *run, struct pol_audit_reader *r)
{
	const char *dir = audit_log_dir();
	char **names = NULL;
	size_t n = 0;
	int status = audit_log_names(dir, &names, &n);

	for (size_t i = 0; i < n && status == EXIT_OK; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		status = read_file(r, path, true);
	}
	if (!n && status == EXIT_OK)
		seallow_say(run->o, POL_SEV_WARNING, "no audit.log in '%s'", dir);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return status;
}

time_t seallow_boot_time(void)
{
	const char *path = getenv("SEKIT_PROC_UPTIME");
	FILE *f = fopen(path ? path : "/proc/uptime", "re");
	double up = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%lf", &up) != 1)
		up = 0;
	fclose(f);
	return up > 0 ? time(NULL) - (time_t)up : 0;
}

/* ---- --follow ------------------------------------------------------------ */

/* What a follower prints after each quiet moment: the rules of the groups
 * that are new or grew, each once. */
static void follow_flush(struct seallow_run *run, struct pol_audit_reader *r)
{
	pol_audit_reader_flush(r);
	if (run->o->mode == MODE_ALLOW)
		seallow_follow_print(run);
	else if (run->o->mode == MODE_EXPLAIN)
		seallow_explain_follow(run);
	fflush(stdout);
}

/* Sleep up to msec; false when a signal asks to stop. */
static bool follow_pause(unsigned int msec)
{
	struct timespec ts = {msec / 1000, (long)(msec % 1000) * 1000000};

	if (!follow_stop)
		nanosleep(&ts, NULL);
	return !follow_stop;
}

/* Feed what fd has now; 0 at its end, < 0 an error. */
static int feed_available(struct pol_audit_reader *r, int fd, char *buf, size_t size)
{
	for (;;) {
		ssize_t n = read(fd, buf, size);

		if (n < 0 && errno == EINTR) {
			if (follow_stop)
				return 0;
			continue;
		}
		if (n <= 0)
			return n < 0 ? -errno : 0;
		n = pol_audit_reader_feed(r, buf, (size_t)n);
		if (n < 0)
			return (int)n;
	}
}

/* Follow a file as it grows, and its successor when it is rotated (a new
 * file under the same name: read from its start once the old one is read
 * to its end). */
static int follow_file(struct seallow_run *run, struct pol_audit_reader *r, const char *path,
		       bool env)
{
	size_t size = 256 * 1024;
	char *buf = malloc(size);
	int fd = -1, rc = 0;
	struct stat st = {0}, now;

	if (!buf)
		return seallow_report(-ENOMEM, "out of memory");
	while (!follow_stop) {
		if (fd < 0) {
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0 && errno == ENOENT && st.st_ino) {
				/* between the rotation's rename and the new file */
				if (!follow_pause(FOLLOW_MSEC))
					break;
				continue;
			}
			if (fd < 0 || fstat(fd, &st) < 0) {
				rc = -errno;
				seallow_report(rc, "cannot open '%s': %s", path, strerror(-rc));
				free(buf);
				return env ? cli_exit_for_system(rc) : cli_exit_for(rc);
			}
			if (pol_audit_reader_input(r, path) < 0)
				break;
		}
		rc = feed_available(r, fd, buf, size);
		if (rc < 0)
			break;
		follow_flush(run, r);
		if (!follow_pause(FOLLOW_MSEC))
			break;
		if (stat(path, &now) == 0 && (now.st_ino != st.st_ino || now.st_dev != st.st_dev)) {
			/* rotated: the rest of the old file, then the new one */
			rc = feed_available(r, fd, buf, size);
			close(fd);
			fd = -1;
			if (rc < 0)
				break;
		}
	}
	if (fd >= 0)
		close(fd);
	free(buf);
	if (rc < 0) {
		seallow_report(rc, "cannot read '%s': %s", path, strerror(-rc));
		return env ? cli_exit_for_system(rc) : cli_exit_for(rc);
	}
	return EXIT_OK;
}

/* Standard input as a pipe delivers it (an auditd plugin's format = string),
 * events delivered when it goes quiet; its end ends the run. */
static int follow_stdin(struct seallow_run *run, struct pol_audit_reader *r)
{
	char buf[65536];

	while (!follow_stop) {
		struct pollfd p = {STDIN_FILENO, POLLIN, 0};
		int n = poll(&p, 1, FOLLOW_MSEC);
		ssize_t got;

		if (n < 0 && errno != EINTR)
			return seallow_report(-errno, "cannot read standard input: %s",
					      strerror(errno));
		if (n <= 0) {
			follow_flush(run, r);
			continue;
		}
		got = read(STDIN_FILENO, buf, sizeof(buf));
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return seallow_report(-errno, "cannot read standard input: %s",
					      strerror(errno));
		if (got == 0)
			break;
		if (pol_audit_reader_feed(r, buf, (size_t)got) < 0)
			return seallow_report(-ENOMEM, "out of memory");
	}
	return EXIT_OK;
}

/* ---- The journal ------------------------------------------------------------ */

static int read_journal(struct seallow_run *run, struct pol_audit_reader *r)
{
	struct pol_audit_journal *jr;
	struct pol_err err;
	int rc, status = EXIT_OK;

	pol_err_init(&err);
	rc = pol_audit_journal_open(run->o->input, &jr, &err);
	if (rc < 0) {
		/* a journal file named is the user's; the system's, the system's */
		cli_report(&err, rc);
		pol_err_release(&err);
		return run->o->input ? cli_exit_for(rc) : cli_exit_for_system(rc);
	}
	pol_audit_journal_window(jr, run->since, run->until);
	for (;;) {
		rc = pol_audit_journal_read(jr, r, &err);
		if (rc < 0 || rc == 1 || !run->o->follow || follow_stop)
			break;
		follow_flush(run, r);
		while (!follow_stop && (rc = pol_audit_journal_wait(jr, FOLLOW_MSEC)) == 0)
			;
		if (rc < 0 && rc != -EINTR)
			break;
		rc = 0;
	}
	if (rc < 0)
		status = cli_report(&err, rc);
	pol_audit_journal_free(jr);
	pol_err_release(&err);
	return status;
}

int seallow_read_input(struct seallow_run *run, struct pol_audit_reader *r)
{
	const struct seallow_opts *o = run->o;
	int rc;

	if (o->follow)
		cli_signals_handle(on_stop);
	if (o->journal)
		return read_journal(run, r);
	if (o->input) {
		run->why_newline = true;
		return o->follow ? follow_file(run, r, o->input, false)
				 : read_file(r, o->input, false);
	}
	if (o->dmesg) {
		const char *cmd = getenv("SEKIT_DMESG");
		FILE *p = popen(cmd && *cmd ? cmd : "dmesg", "r");
		int st;

		if (!p) {
			rc = -errno;
			seallow_report(rc, "cannot run dmesg: %s", strerror(-rc));
			return cli_exit_for_system(rc);
		}
		rc = pol_audit_reader_read_fd(r, fileno(p));
		st = pclose(p);
		if (rc == 0 && st != 0) {
			seallow_report(-EIO, "dmesg failed");
			return cli_exit_for_system(-EIO);
		}
	} else if (o->all || o->boot) {
		int status = read_audit_logs(run, r);
		char path[4096];

		if (status != EXIT_OK || !o->follow)
			return status;
		/* the current log goes on growing: from where -a left it */
		snprintf(path, sizeof(path), "%s/audit.log", audit_log_dir());
		return follow_file(run, r, path, true);
	} else {
		run->why_newline = true;
		if (o->follow)
			return follow_stdin(run, r);
		rc = pol_audit_reader_read_fd(r, STDIN_FILENO);
	}
	if (rc < 0) {
		seallow_report(rc, "cannot read the log: %s", strerror(-rc));
		return cli_exit_for_failure(rc);
	}
	return EXIT_OK;
}

/* --since and --until as times (the later of --since and -b's boot). */
int seallow_time_window(struct seallow_run *run)
{
	const char *words[2] = {run->o->since, run->o->until};
	const char *names[2] = {"--since", "--until"};
	time_t *dest[2] = {&run->since, &run->until}, now = time(NULL), t;

	for (int i = 0; i < 2; i++) {
		int rc;

		if (!words[i])
			continue;
		rc = pol_audit_time_words(words[i], now, seallow_boot_time(), &t);
		if (rc == -ENOENT) {
			seallow_report(rc, "%s boot: the boot time is unknown (no /proc/uptime)",
				       names[i]);
			return cli_exit_for_system(rc);
		}
		if (rc < 0)
			return seallow_report(
			    POL_EINVAL,
			    "%s: '%s' is no time: give now, recent, boot, today, yesterday, "
			    "this-week, week-ago, this-month, this-year, a date (10/23/2024, "
			    "2024-10-23) with an optional time, or a time (02:51:35)",
			    names[i], words[i]);
		/* --until a date without a time: to the end of that day (a word
		 * is a moment, as for ausearch -te) */
		if (i == 1 && isdigit((unsigned char)*words[i]) && !strchr(words[i], ':'))
			t += 86399;
		if (i == 0 && *dest[0] > t)
			continue;
		*dest[i] = t;
	}
	return EXIT_OK;
}
