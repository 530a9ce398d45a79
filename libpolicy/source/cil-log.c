/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The CIL compiler's log, as located diagnostics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/*
 * A violated neverallow or neverallowx statement, as the CIL compiler
 * reports it: the statement, then each allow rule behind it. The compiler
 * names no expanded access (libsepol's check_assertion() says only
 * whether one exists), so the violation given to on_violation is the
 * statement's own: its source, target, class and permissions as written.
 */
struct src_cil_violation {
	struct pol_source_violation v;
	char *file, *stmt, *source, *target, *class_name, *perms;
	struct pol_source_origin *by;
	size_t n, alloc;
};

/* The next element of an S-expression at *p (an atom or a parenthesised
 * list), or false at its end. */
static bool next_elem(const char **p, const char **at, size_t *len)
{
	const char *s = *p + strspn(*p, " \t");
	int depth = 0;
	size_t i = 0;

	if (!*s || *s == ')')
		return false;
	do {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')')
			depth--;
		i++;
	} while (s[i] && (depth > 0 || (s[i] != ' ' && s[i] != ')' && s[i] != '(')) &&
		 (depth > 0 || s[i - 1] != ')'));
	*at = s;
	*len = i;
	*p = s + i;
	return true;
}

static char *elem_dup(const char *at, size_t len, bool strip)
{
	if (strip && len >= 2 && at[0] == '(' && at[len - 1] == ')') {
		at++;
		len -= 2;
	}
	return strndup(at, len);
}

/* Fill cv's access from its statement: "(neverallow S T (C (P ...)))" or
 * "(neverallowx S T (KIND C (X ...)))"; a class-permission set's name
 * leaves the class and permissions unknown. */
static void parse_statement(struct src_cil_violation *cv, bool xperm)
{
	const char *p = cv->stmt + 1, *at, *q;
	size_t len;

	if (cv->stmt[0] != '(' || !next_elem(&p, &at, &len) || !next_elem(&p, &at, &len))
		return;
	cv->source = elem_dup(at, len, false);
	if (!next_elem(&p, &at, &len))
		return;
	cv->target = elem_dup(at, len, false);
	if (!next_elem(&p, &at, &len) || at[0] != '(')
		return;
	q = at + 1;
	if (xperm) {
		const char *kind;
		size_t kind_len;

		if (!next_elem(&q, &kind, &kind_len) || !next_elem(&q, &at, &len))
			return;
		cv->class_name = elem_dup(at, len, false);
		if (next_elem(&q, &at, &len) &&
		    asprintf(&cv->perms, "%.*s %.*s", (int)kind_len, kind, (int)len, at) < 0)
			cv->perms = NULL;
		return;
	}
	if (!next_elem(&q, &at, &len))
		return;
	cv->class_name = elem_dup(at, len, false);
	if (next_elem(&q, &at, &len))
		cv->perms = elem_dup(at, len, true);
}

static void violation_free(struct src_cil_violation *cv)
{
	if (!cv)
		return;
	for (size_t i = 0; i < cv->n; i++) {
		free((char *)cv->by[i].file);
		free((char *)cv->by[i].rule);
	}
	free(cv->by);
	free(cv->file);
	free(cv->stmt);
	free(cv->source);
	free(cv->target);
	free(cv->class_name);
	free(cv->perms);
	free(cv);
}

/* Give the violation being reported to on_violation. */
static void violation_end(struct src_cil_log *log)
{
	struct src_cil_violation *cv = log->violation;

	if (!cv)
		return;
	log->violation = NULL;
	parse_statement(cv, strcmp(cv->v.kind, "neverallowxperm") == 0);
	cv->v.rule.file = cv->file;
	cv->v.source = cv->source;
	cv->v.target = cv->target;
	cv->v.class_name = cv->class_name;
	cv->v.perms = cv->perms;
	cv->v.allowed_by = cv->by;
	cv->v.n_allowed_by = cv->n;
	log->msgs.on_violation(&cv->v, log->msgs.violation_data);
	violation_free(cv);
}

/* Follow a report's diagnostics: "neverallow check failed: STATEMENT"
 * (or neverallowx's) starts a violation, each located note after it is
 * an allow rule behind it. */
static void violation_follow(struct src_cil_log *log, enum pol_severity sev, const char *file,
			     unsigned long line, const char *text, size_t n)
{
	static const char *const starts[] = {"neverallow check failed: ",
					     "neverallowx check failed: "};
	struct src_cil_violation *cv = log->violation;

	if (!log->msgs.on_violation)
		return;
	if (cv && sev == POL_SEV_NOTE) {
		struct pol_source_origin *o;

		if (!file || POL_ARRAY_GROW(cv->by, cv->n + 1, cv->alloc) < 0)
			return;
		o = &cv->by[cv->n];
		*o = (struct pol_source_origin){
		    .file = strdup(file), .line = (unsigned int)line, .rule = strndup(text, n)};
		cv->n++;
		return;
	}
	violation_end(log);
	for (size_t i = 0; i < 2 && sev == POL_SEV_ERROR; i++) {
		size_t k = strlen(starts[i]);

		if (n <= k || strncasecmp(text, starts[i], k) != 0)
			continue;
		cv = calloc(1, sizeof(*cv));
		if (!cv)
			return;
		cv->v.kind = i ? "neverallowxperm" : "neverallow";
		cv->file = file ? strdup(file) : NULL;
		cv->v.rule.line = (unsigned int)line;
		cv->stmt = strndup(text + k, n - k);
		if (!cv->stmt) {
			violation_free(cv);
			return;
		}
		log->violation = cv;
	}
}

static void log_add(struct src_cil_log *log, enum pol_severity sev, const char *file,
		    unsigned long line, const char *text, size_t n)
{
	char first = text[0];

	violation_follow(log, sev, file, line, text, n);

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
	violation_end(log);
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
