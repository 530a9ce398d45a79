/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libsepol's messages, as diagnostics. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source/backend.h"
#include "util/file.h"

/* Parse an unsigned decimal at *s, moving *s past it. */
static bool parse_uint(const char **s, unsigned long *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return false;
	errno = 0;
	*out = strtoul(*s, &end, 10);
	if (errno)
		return false;
	*s = end;
	return true;
}

/*
 * assertion.c reports a violated rule as "neverallow on line N of FILE (or
 * line M of POLICY) violated by allow ...": N and FILE are the rule's own
 * (avrule->source_line/source_filename, which the lowering records), M the
 * line in the one policy.conf libsepol assumes. Returns true after adding
 * the located error.
 */
static bool report_neverallow(struct src_sepol_msgs *m, const char *text)
{
	static const char *const kinds[] = {"neverallowxperm", "neverallow"};
	const char *s = NULL, *kind = NULL, *file, *file_end, *rest;
	struct pol_source_violation v = {0};
	unsigned long line, col;
	size_t rest_len;
	char *path, *what;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && !s; i++) {
		size_t n = strlen(kinds[i]);

		if (strncmp(text, kinds[i], n) == 0 && strncmp(text + n, " on line ", 9) == 0) {
			kind = kinds[i];
			s = text + n + 9;
		}
	}
	if (!s || !parse_uint(&s, &line) || strncmp(s, " of ", 4) != 0)
		return false;
	file = s + 4;
	file_end = strstr(file, " (or line ");
	if (!file_end)
		return false;
	s = file_end + strlen(" (or line ");
	if (!parse_uint(&s, &col))
		return false;
	rest = strstr(file_end, ") violated by ");
	if (!rest)
		return false;
	rest += strlen(") violated by ");
	rest_len = strlen(rest);
	if (rest_len && rest[rest_len - 1] == ';')
		rest_len--;
	path = strndup(file, (size_t)(file_end - file));
	what = strndup(rest, rest_len);
	if (!path || !what) {
		free(path);
		free(what);
		return false;
	}
	v.kind = kind;
	v.rule.file = path;
	v.rule.line = (unsigned int)line;
	v.rule.col = m->line_is_column ? (unsigned int)col : src_backend_line_col(m, path, line);
	m->errors++;
	pol_err_add(m->err, POL_SEV_ERROR, POL_EINVAL, path, v.rule.line, v.rule.col,
		    "%s violated by %s", kind, what);
	src_backend_note_allows(m, &v, what);
	free(path);
	free(what);
	return true;
}

/* Counts libsepol gives after reporting each failure ("2 neverallow
 * failures occurred", "3 errors found during type bounds check"). */
static bool is_summary(const char *text)
{
	return strstr(text, " neverallow failures occurred") ||
	       (strstr(text, " errors found ") && text[0] >= '0' && text[0] <= '9');
}

void src_backend_report(struct src_sepol_msgs *m, int level, const char *text)
{
	enum pol_severity sev;
	char first;

	if (level == SEPOL_MSG_ERR) {
		if (report_neverallow(m, text))
			return;
		sev = POL_SEV_ERROR;
		/* the rules a bounds violation lists, indented below it */
		if (is_summary(text) || text[0] == ' ')
			sev = POL_SEV_NOTE;
	} else if (level == SEPOL_MSG_WARN) {
		sev = m->werror ? POL_SEV_ERROR : POL_SEV_WARNING;
		m->warnings++;
	} else {
		return;
	}
	if (sev == POL_SEV_ERROR)
		m->errors++;
	text += strspn(text, " ");
	if (!*text)
		return;
	/* "Discarding ..." reads as our "discarding ..."; "MLS ..." stays */
	first = text[0];
	if (first >= 'A' && first <= 'Z' && text[1] >= 'a' && text[1] <= 'z')
		first = (char)(first - 'A' + 'a');
	pol_err_add(m->err, sev, POL_EINVAL, NULL, 0, 0, "%c%s", first, text + 1);
}

static void backend_sink(void *data, int level, char *msg)
{
	/* some reports (neverallowxperm) break a line inside the message */
	for (char *c = msg; *c; c++)
		if (*c == '\n' || *c == '\t')
			*c = ' ';
	src_backend_report(data, level, msg);
}

struct pdb_sepol *src_backend_handle(struct src_sepol_msgs *m)
{
	return pdb_sepol_new(backend_sink, m);
}

void src_backend_compat_begin(struct src_sepol_msgs *m)
{
	pdb_sepol_compat_begin(backend_sink, m);
}

void src_backend_compat_end(void)
{
	pdb_sepol_compat_end();
}

int src_backend_write_error(FILE *out, const char *what, struct pol_err *err)
{
	if (ferror(out)) {
		int rc = errno ? -errno : -EIO;

		return pol_err_set(err, rc, "cannot write the %s: %s", what, strerror(-rc));
	}
	return pol_err_set(err, POL_EINVAL, "cannot write the %s", what);
}

int src_backend_write(struct src_sepol_msgs *m, FILE *out, const char *what,
		      int (*write)(struct policy_file *pf, void *arg), void *arg)
{
	struct pdb_sepol *sh = src_backend_handle(m);
	struct policy_file pf;
	int rc;

	if (!sh)
		return pol_err_set(m->err, -ENOMEM, "out of memory");
	policy_file_init(&pf);
	pf.type = PF_USE_STDIO;
	pf.fp = out;
	pf.handle = pdb_sepol_handle(sh);
	src_backend_compat_begin(m);
	rc = write(&pf, arg);
	src_backend_compat_end();
	pdb_sepol_free(sh);
	if (rc != 0 || fflush(out) != 0 || ferror(out))
		return src_backend_write_error(out, what, m->err);
	return m->errors ? POL_EINVAL : 0;
}

static int write_policydb(struct policy_file *pf, void *p)
{
	return policydb_write(p, pf);
}

int src_backend_write_policydb(struct src_sepol_msgs *m, policydb_t *p, FILE *out, const char *what)
{
	return src_backend_write(m, out, what, write_policydb, p);
}

int src_backend_read_file(const char *path, char **data, size_t *len, struct pol_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0) {
		rc = -errno;
		return pol_err_set(err, rc, "cannot open '%s': %s", path, strerror(-rc));
	}
	rc = pol_read_text_fd(fd, path, data, len, err);
	close(fd);
	return rc;
}
