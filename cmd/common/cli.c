/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/json.h"
#include "util/suggest.h"

#include "cli.h"

static const char *tool_name = "sekit";
static const char *command_name;
static bool stdout_failed; /* reported once already */
static bool json_errors;   /* --json: cli_report() prints JSON */
static bool quiet;	   /* -q: cli_report() and cli_usage_error() print nothing */
static bool collect;	   /* JSON diagnostics wait for cli_flush_reports() */
static struct pol_err collected;
static struct pol_err usage_diags; /* cli_usage_problem()'s, for the next usage error */
static bool usage_pending;

/* util-linux's close_stdout(): a full disk or a closed descriptor must not
 * pass for success. EPIPE is the reader's choice to stop, not an error. */
static void close_stdout_atexit(void)
{
	if (stdout_failed || cli_finish_stdout(EXIT_OK) != EXIT_OK)
		_exit(EXIT_ENV);
	if (fclose(stdout) != 0 && errno != EPIPE && errno != EBADF) {
		fprintf(stderr, "%s: write error: %s\n", tool_name, strerror(errno));
		_exit(EXIT_ENV);
	}
}

void cli_init(const char *name)
{
	const char *slash = strrchr(name, '/');

	tool_name = slash ? slash + 1 : name;
	opterr = 0;
	atexit(close_stdout_atexit);
}

const char *cli_name(void)
{
	return tool_name;
}

const char *cli_set_command(const char *command)
{
	const char *before = command_name;

	command_name = command;
	return before;
}

int cli_version(void)
{
	printf("%s (sekit) %s\n", tool_name, PACKAGE_VERSION);
	return EXIT_OK;
}

/* Adds src's diagnostics to dst. */
static void copy_diags(struct pol_err *dst, const struct pol_err *src)
{
	for (size_t i = 0; i < src->count; i++) {
		const struct pol_diag *d = &src->diags[i];

		pol_err_add(dst, d->severity, d->code, d->file, d->line, d->col, "%s", d->message);
	}
}

/* The Try line, and the command whose --help it names. */
static void try_line(char *buf, size_t size, const char *first)
{
	snprintf(buf, size, "%s '%s%s%s --help' for more information", first, tool_name,
		 command_name ? " " : "", command_name ? command_name : "");
}

__attribute__((format(printf, 1, 0))) static void usage_vproblem(const char *fmt, va_list ap)
{
	if (!usage_pending)
		pol_err_init(&usage_diags);
	usage_pending = true;
	pol_err_vadd(&usage_diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0, fmt, ap);
}

void cli_usage_problem(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_vproblem(fmt, ap);
	va_end(ap);
}

void cli_usage_suggest(const char *name)
{
	const char *names[1] = {name};

	if (!usage_pending)
		pol_err_init(&usage_diags);
	usage_pending = true;
	pol_suggest_note_names(&usage_diags, POL_EINVAL, NULL, 0, 0, names, 1);
}

static void report_json(const struct pol_err *err, int rc);

int cli_usage_report(const struct pol_err *err)
{
	struct pol_err all;
	char try[512];

	pol_err_init(&all);
	if (usage_pending) {
		copy_diags(&all, &usage_diags);
		pol_err_release(&usage_diags);
		usage_pending = false;
	}
	if (err)
		copy_diags(&all, err);
	if (quiet) {
		pol_err_release(&all);
		return EXIT_USAGE;
	}
	if (json_errors) {
		/* the same facts, the Try line a note: one document, as any other error */
		try_line(try, sizeof(try), "try");
		pol_err_add(&all, POL_SEV_NOTE, 0, NULL, 0, 0, "%s", try);
		report_json(&all, POL_EINVAL);
	} else {
		try_line(try, sizeof(try), "Try");
		pol_err_print(&all, stderr, tool_name);
		fprintf(stderr, "%s.\n", try);
	}
	pol_err_release(&all);
	return EXIT_USAGE;
}

int cli_usage_error(const char *fmt, ...)
{
	if (fmt) {
		va_list ap;

		va_start(ap, fmt);
		usage_vproblem(fmt, ap);
		va_end(ap);
	}
	return cli_usage_report(NULL);
}

enum source { FROM_INPUT, FROM_SYSTEM, FROM_KERNEL };

static int exit_for(int rc, enum source from)
{
	switch (rc) {
	case 0:
		return EXIT_OK;
	case POL_EINVAL:
	case POL_ENOTFOUND:
		return EXIT_USAGE;
	case POL_EFORMAT:
		return from == FROM_KERNEL ? EXIT_ENV : EXIT_USAGE;
	case POL_EVERSION:
	case POL_EREGEX:
	case -ENOENT:
	case -ENOTDIR:
	case -EISDIR:
	case -ELOOP:
	case -ENAMETOOLONG:
	case -EFBIG:
	case -EINVAL:
	case -EEXIST:
		return from == FROM_INPUT ? EXIT_USAGE : EXIT_ENV;
	default:
		/* POL_ENOPOLICY, POL_EINTERNAL, -EACCES, -EPERM, -ENOSPC,
		 * -EDQUOT, -EIO, -EROFS, -ENOMEM and the rest */
		return EXIT_ENV;
	}
}

int cli_exit_for(int rc)
{
	return exit_for(rc, FROM_INPUT);
}

int cli_exit_for_failure(int rc)
{
	return rc == 0 ? EXIT_USAGE : exit_for(rc, FROM_INPUT);
}

int cli_exit_for_system(int rc)
{
	return exit_for(rc, FROM_SYSTEM);
}

int cli_exit_for_kernel(int rc)
{
	return exit_for(rc, FROM_KERNEL);
}

bool cli_set_quiet(bool on)
{
	bool was = quiet;

	quiet = on;
	return was;
}

void cli_collect_reports(void)
{
	if (!collect)
		pol_err_init(&collected);
	collect = true;
}

bool cli_set_json(bool on)
{
	bool was = json_errors;

	json_errors = on;
	return was;
}

/* err's diagnostics as JSON objects added to diags; rc's own message as an
 * error when err has none. */
static void add_json(struct json_object *diags, const struct pol_err *err, int rc)
{
	struct json_object *more = pol_err_to_json(err);

	for (size_t i = 0; i < json_object_array_length(more); i++)
		json_object_array_add(diags, json_object_get(json_object_array_get_idx(more, i)));
	json_object_put(more);
	if (rc < 0 && pol_err_errors(err) == 0) {
		struct pol_diag d = {
		    .severity = POL_SEV_ERROR,
		    .code = rc,
		    .message = pol_strerror(rc),
		};

		json_object_array_add(diags, pol_diag_to_json(&d));
	}
}

static void print_json(struct json_object *diags)
{
	struct json_object *doc = pol_json_document(tool_name);

	/* no memory for the document (json-c asserts on a NULL one): the
	 * words at least, as text */
	if (!doc || !diags) {
		fprintf(stderr, "%s: out of memory\n", tool_name);
		json_object_put(doc);
		json_object_put(diags);
		return;
	}
	json_object_object_add(doc, "diagnostics", diags);
	pol_json_print(stderr, doc, 1);
	json_object_put(doc);
}

/* The diagnostics as one JSON document on stderr, or kept for
 * cli_flush_reports(). */
static void report_json(const struct pol_err *err, int rc)
{
	struct json_object *diags;

	if (err->count == 0 && rc >= 0)
		return;
	if (collect) {
		copy_diags(&collected, err);
		if (rc < 0 && pol_err_errors(err) == 0)
			pol_err_set(&collected, rc, "%s", pol_strerror(rc));
		return;
	}
	diags = json_object_new_array();
	if (diags)
		add_json(diags, err, rc);
	print_json(diags);
}

void cli_flush_reports(void)
{
	if (!collect)
		return;
	if (collected.count) {
		struct json_object *diags = json_object_new_array();

		add_json(diags, &collected, 0);
		print_json(diags);
	}
	pol_err_release(&collected);
	collect = false;
}

static void report(const struct pol_err *err, int rc)
{
	if (quiet)
		return;
	if (json_errors) {
		report_json(err, rc);
		return;
	}
	pol_err_print(err, stderr, tool_name);
	if (rc < 0 && pol_err_errors(err) == 0)
		fprintf(stderr, "%s: %s\n", tool_name, pol_strerror(rc));
}

int cli_report(const struct pol_err *err, int rc)
{
	report(err, rc);
	return cli_exit_for(rc);
}

int cli_report_kernel(const struct pol_err *err, int rc)
{
	report(err, rc);
	return cli_exit_for_kernel(rc);
}

int cli_finish_stdout(int status)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return status;
	if (errno == EPIPE)
		return status;
	fprintf(stderr, "%s: write error: %s\n", tool_name, strerror(errno));
	stdout_failed = true;
	return EXIT_ENV;
}
