/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Diagnostics as a compiler prints them: "file:line:col: error: message",
 * then the source line and a caret under the column, read back from the file
 * the diagnostic names (with m4 -s line markers, the user's .te or .if). In
 * --json mode they are collected and printed as one document at the end.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/file.h"
#include "cli.h"
#include "sepolc.h"
#include "util/json.h"

/* The file whose lines were last shown: a long list of errors in one big
 * policy.conf reads it once and finds each line through the index. */
struct source_cache {
	char *path;
	char *text;
	size_t len;
	size_t *starts; /* offset of each line; starts[n_lines] = len */
	size_t n_lines;
	bool unreadable;
};

struct diag_sink {
	bool json, quiet;
	size_t errors, warnings;
	struct json_object *list;
	struct json_object *violations; /* --json: "neverallow_violations" */
	struct source_cache cache;
};

static void cache_release(struct source_cache *c)
{
	free(c->path);
	free(c->text);
	free(c->starts);
	memset(c, 0, sizeof(*c));
}

static int cache_load(struct source_cache *c, const char *path)
{
	struct stat st;
	size_t n = 0;

	if (c->path && strcmp(c->path, path) == 0)
		return c->unreadable ? -1 : 0;
	cache_release(c);
	c->path = strdup(path);
	if (!c->path)
		return -1;
	/* only a regular file can be read again (a pipe's text is gone, a
	 * device such as /dev/zero never ends) */
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
	    pol_read_path(path, &c->text, &c->len) < 0) {
		c->unreadable = true;
		return -1;
	}
	for (size_t i = 0; i < c->len; i++)
		n += c->text[i] == '\n';
	c->starts = malloc((n + 2) * sizeof(*c->starts));
	if (!c->starts) {
		c->unreadable = true;
		return -1;
	}
	c->starts[0] = 0;
	c->n_lines = 1;
	for (size_t i = 0; i < c->len; i++)
		if (c->text[i] == '\n')
			c->starts[c->n_lines++] = i + 1;
	if (c->starts[c->n_lines - 1] == c->len && c->n_lines > 1)
		c->n_lines--; /* a final newline does not start a line */
	c->starts[c->n_lines] = c->len;
	return 0;
}

/* The source line and a caret under col; tabs before the column are kept so
 * the caret lines up in any terminal. */
static void print_caret(struct diag_sink *s, const struct pol_diag *d)
{
	struct source_cache *c = &s->cache;
	const char *line;
	size_t len;

	if (!d->file || !d->line || cache_load(c, d->file) < 0 || d->line > c->n_lines)
		return;
	line = c->text + c->starts[d->line - 1];
	len = c->starts[d->line] - c->starts[d->line - 1];
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	fprintf(stderr, " %.*s\n", (int)len, line);
	if (!d->col || d->col > len + 1)
		return;
	fputc(' ', stderr);
	for (size_t i = 0; i + 1 < d->col; i++)
		fputc(line[i] == '\t' ? '\t' : ' ', stderr);
	fputs("^\n", stderr);
}

static void on_diag(const struct pol_diag *d, void *data)
{
	struct diag_sink *s = data;

	if (d->severity == POL_SEV_ERROR)
		s->errors++;
	else if (d->severity == POL_SEV_WARNING)
		s->warnings++;
	if (s->json) {
		json_object_array_add(s->list, pol_diag_to_json(d));
		return;
	}
	if (s->quiet && d->severity != POL_SEV_ERROR)
		return;
	pol_diag_print(d, stderr, cli_name());
	print_caret(s, d);
}

struct diag_sink *diag_sink_new(const struct sepolc_opts *opts)
{
	struct diag_sink *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->json = opts->json;
	s->quiet = opts->quiet;
	if (s->json)
		s->list = json_object_new_array();
	return s;
}

void diag_sink_attach(struct diag_sink *sink, struct pol_err *err)
{
	err->callback = on_diag;
	err->callback_data = sink;
}

void diag_report(struct diag_sink *sink, enum pol_severity sev, int code, const char *file,
		 unsigned int line, unsigned int col, const char *fmt, ...)
{
	struct pol_diag d = {sev, code, file, line, col, NULL};
	char *msg;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	d.message = msg ? msg : "out of memory";
	on_diag(&d, sink);
	free(msg);
}

size_t diag_errors(const struct diag_sink *sink)
{
	return sink->errors;
}

size_t diag_warnings(const struct diag_sink *sink)
{
	return sink->warnings;
}

/* file, line and column as the diagnostics give them (unknown: null) */
static void add_place(struct json_object *o, const struct pol_source_origin *at)
{
	pol_json_add_str(o, "file", at->file);
	json_object_object_add(o, "line", at->line ? json_object_new_int64(at->line) : NULL);
	json_object_object_add(o, "column", at->col ? json_object_new_int64(at->col) : NULL);
}

static void on_violation(const struct pol_source_violation *v, void *data)
{
	struct diag_sink *s = data;
	struct json_object *o = json_object_new_object(), *rule = json_object_new_object();
	struct json_object *perms = json_object_new_array(), *by = json_object_new_array();
	bool xperm = strcmp(v->kind, "neverallowxperm") == 0;
	char *words = strdup(v->perms ? v->perms : ""), *save = NULL;

	if (!s->violations)
		s->violations = json_object_new_array();
	pol_json_add_str(o, "kind", v->kind);
	add_place(rule, &v->rule);
	json_object_object_add(o, "rule", rule);
	pol_json_add_str(o, "source", v->source);
	pol_json_add_str(o, "target", v->target);
	pol_json_add_str(o, "class", v->class_name);
	/* neverallowxperm: the class permission is the extended kind ("ioctl
	 * { ... }"'s first word), the commands as libsepol words them */
	for (char *w = words ? strtok_r(words, " ", &save) : NULL; w;
	     w = xperm ? NULL : strtok_r(NULL, " ", &save))
		json_object_array_add(perms, pol_json_str(w));
	json_object_object_add(o, "permissions", perms);
	if (xperm)
		pol_json_add_str(o, "extended_permissions", v->perms);
	for (size_t i = 0; i < v->n_allowed_by; i++) {
		struct json_object *a = json_object_new_object();

		add_place(a, &v->allowed_by[i]);
		if (v->allowed_by[i].rule)
			pol_json_add_str(a, "rule", v->allowed_by[i].rule);
		json_object_array_add(by, a);
	}
	json_object_object_add(o, "allowed_by", by);
	json_object_array_add(s->violations, o);
	free(words);
}

void diag_sink_violations(struct diag_sink *sink, struct pol_source_options *build, bool always)
{
	if (!sink->json)
		return;
	build->on_violation = on_violation;
	build->violation_data = sink;
	if (always && !sink->violations)
		sink->violations = json_object_new_array();
}

void diag_sink_finish(struct diag_sink *sink)
{
	if (!sink)
		return;
	if (sink->json) {
		struct json_object *doc = pol_json_document("sepolc");

		json_object_object_add(doc, "diagnostics", sink->list);
		if (sink->violations)
			json_object_object_add(doc, "neverallow_violations", sink->violations);
		pol_json_print(stderr, doc, 1);
		json_object_put(doc);
	}
	cache_release(&sink->cache);
	free(sink);
}
