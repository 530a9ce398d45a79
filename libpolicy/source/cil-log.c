/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The CIL compiler's log, as located diagnostics. */
#include <stdlib.h>
#include <string.h>

#include <sepol/cil/cil.h>

#include "source/backend.h"
#include "util/array.h"

/*
 * libsepol's CIL compiler logs through one process-wide handler that takes
 * no user data, so the only way to tie its messages to this call's
 * pol_err is a thread-local pointer, set for the duration of a compile.
 * The handler also receives the global log level instead of the message's,
 * so a message counts as an error unless its text says "Warning" (the
 * compiler logs only errors at its default level, as secilc runs it).
 */
static _Thread_local struct src_cil_log *current_log;

static bool is_digits(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/*
 * Find "FILE:LINE" right after marker in text (cil_tree_log() appends
 * " at FILE:LINE" and, for code generated from another language,
 * " from FILE:LINE" for each step back to it). Returns the marker's
 * position, or NULL.
 */
static const char *find_location(const char *text, const char *marker, char **file,
				 unsigned long *line)
{
	size_t mlen = strlen(marker);

	for (const char *m = strstr(text, marker); m; m = strstr(m + 1, marker)) {
		const char *loc = m + mlen, *end = strchr(loc, ' '), *colon;

		if (!end)
			end = loc + strlen(loc);
		colon = memrchr(loc, ':', (size_t)(end - loc));
		if (!colon || colon == loc || !is_digits(colon + 1, (size_t)(end - colon - 1)))
			continue;
		*file = strndup(loc, (size_t)(colon - loc));
		*line = strtoul(colon + 1, NULL, 10);
		return *file ? m : NULL;
	}
	return NULL;
}

/* The parser's form: "... at line N of FILE", FILE ending the text. */
static const char *find_parser_location(const char *text, char **file, unsigned long *line)
{
	const char *m = strstr(text, " at line ");
	const char *s;
	char *end;

	if (!m)
		return NULL;
	s = m + strlen(" at line ");
	if (*s < '0' || *s > '9')
		return NULL;
	*line = strtoul(s, &end, 10);
	if (strncmp(end, " of ", 4) != 0 || !end[4])
		return NULL;
	*file = strdup(end + 4);
	return *file ? m : NULL;
}

/* Split text's location off: returns the length of the message before it
 * and sets *file (heap, or NULL) and *line. */
static size_t split_location(const char *text, char **file, unsigned long *line)
{
	const char *at = find_parser_location(text, file, line);
	char *from_file = NULL;
	unsigned long from_line;

	if (!at)
		at = find_location(text, " at ", file, line);
	if (!at) {
		*file = NULL;
		*line = 0;
		return strlen(text);
	}
	/* the first "from" is the source the CIL was generated from */
	if (find_location(at, " from ", &from_file, &from_line)) {
		free(*file);
		*file = from_file;
		*line = from_line;
	}
	return (size_t)(at - text);
}

static void log_add(struct src_cil_log *log, enum pol_severity sev, const char *file,
		    unsigned long line, const char *text, size_t n)
{
	char first = text[0];

	if (sev == POL_SEV_ERROR)
		log->msgs.errors++;
	/* "Bad type declaration" reads as our "bad type declaration"; an
	 * initialism ("CIL ...") keeps its capitals */
	if (n > 1 && first >= 'A' && first <= 'Z' && text[1] >= 'a' && text[1] <= 'z')
		first = (char)(first - 'A' + 'a');
	pol_err_add(log->msgs.err, sev, POL_EINVAL, file, (unsigned int)line, 0, "%c%.*s", first,
		    (int)(n - 1), text + 1);
}

static void set(char **field, char *value)
{
	free(*field);
	*field = value;
}

static void emit_held(struct src_cil_log *log)
{
	if (!log->held)
		return;
	log_add(log, log->held_sev, log->held_file, log->held_line, log->held, strlen(log->held));
	set(&log->held, NULL);
	set(&log->held_file, NULL);
}

static void emit_pending(struct src_cil_log *log)
{
	if (!log->pending)
		return;
	log_add(log, POL_SEV_NOTE, NULL, 0, log->pending, strlen(log->pending));
	set(&log->pending, NULL);
}

/* Report what is held back: the end of a report. */
static void end_report(struct src_cil_log *log)
{
	emit_held(log);
	emit_pending(log);
	set(&log->detail_file, NULL);
}

static void top_line(struct src_cil_log *log, const char *text)
{
	enum pol_severity sev = POL_SEV_ERROR;
	char *file;
	unsigned long line;
	size_t n;

	if (strncmp(text, "Error: ", 7) == 0) {
		text += 7;
	} else if (strncmp(text, "Warning: ", 9) == 0) {
		text += 9;
		sev = log->msgs.werror ? POL_SEV_ERROR : POL_SEV_WARNING;
	}
	n = split_location(text, &file, &line);
	if (strncmp(text, "Previous declaration", 20) == 0)
		sev = POL_SEV_NOTE;
	/* after the first error, the compiler's phases each add an unlocated
	 * "Failed to ..." of their own: those say nothing new */
	else if (sev == POL_SEV_ERROR && (log->msgs.errors || log->held) && !file &&
		 strncmp(text, "Failed to ", 10) == 0)
		sev = POL_SEV_NOTE;
	if (log->held && !log->held_file && !log->held_detailed && log->held_sev == POL_SEV_ERROR &&
	    sev == POL_SEV_ERROR && file) {
		/* "Invalid syntax", then "Bad type declaration at F:L": one
		 * error, where the second says */
		char *joined;

		if (asprintf(&joined, "%.*s: %s", (int)n, text, log->held) >= 0) {
			set(&log->held, joined);
			set(&log->held_file, file);
			log->held_line = line;
			return;
		}
	}
	end_report(log);
	log->held = strndup(text, n);
	log->held_file = file;
	log->held_line = line;
	log->held_sev = sev;
	log->held_detailed = false;
}

/*
 * Detail lines follow a report: the rule it is about, then for each
 * offending rule its place ("KEYWORD at FILE:LINE" steps) and its text as
 * written, after the expanded form (kept only when no place follows).
 */
static void detail_line(struct src_cil_log *log, const char *text)
{
	char *file;
	unsigned long line;
	size_t n;

	if (strcmp(text, "<root>") == 0)
		return;
	n = split_location(text, &file, &line);
	if (file && !memchr(text, ' ', n) && !memchr(text, '(', n)) {
		set(&log->detail_file, file);
		log->detail_line = line;
		set(&log->pending, NULL);
		return;
	}
	if (log->held && !log->held_detailed && !file) {
		char *joined;

		if (asprintf(&joined, "%s: %.*s", log->held, (int)n, text) >= 0)
			set(&log->held, joined);
		log->held_detailed = true;
		return;
	}
	log->held_detailed = true;
	emit_held(log);
	emit_pending(log);
	if (!file && log->detail_file) {
		file = log->detail_file;
		line = log->detail_line;
		log->detail_file = NULL;
	}
	if (file)
		log_add(log, POL_SEV_NOTE, file, line, text, n);
	else
		log->pending = strndup(text, n);
	free(file);
}

static void report_line(struct src_cil_log *log, const char *text)
{
	const char *body = text + strspn(text, " \t");

	if (!*body)
		return;
	if (body != text)
		detail_line(log, body);
	else
		top_line(log, body);
}

void src_cil_log_flush(struct src_cil_log *log, bool all)
{
	size_t start = 0;

	for (size_t i = 0; i < log->len; i++) {
		if (log->line[i] != '\n')
			continue;
		log->line[i] = '\0';
		report_line(log, log->line + start);
		start = i + 1;
	}
	if (all && start < log->len) {
		log->line[log->len] = '\0';
		report_line(log, log->line + start);
		start = log->len;
	}
	if (start) {
		memmove(log->line, log->line + start, log->len - start);
		log->len -= start;
	}
	if (all)
		end_report(log);
}

static void cil_message(int level, const char *msg)
{
	struct src_cil_log *log = current_log;
	size_t n = strlen(msg);

	(void)level;
	if (!log)
		return;
	if (POL_ARRAY_GROW(log->line, log->len + n + 1, log->alloc) < 0)
		return;
	memcpy(log->line + log->len, msg, n);
	log->len += n;
	src_cil_log_flush(log, false);
}

void src_cil_log_begin(struct src_cil_log *log, struct pol_err *err, bool werror)
{
	memset(log, 0, sizeof(*log));
	log->msgs.err = err;
	log->msgs.werror = werror;
	current_log = log;
	cil_set_log_handler(cil_message);
}

void src_cil_log_end(struct src_cil_log *log)
{
	src_cil_log_flush(log, true);
	current_log = NULL;
	free(log->line);
	log->line = NULL;
	log->len = log->alloc = 0;
}
