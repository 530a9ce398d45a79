/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/json.h"

#include "cli.h"

static const char *tool_name = "sekit";
static const char *command_name;
static bool stdout_failed; /* reported once already */
static bool json_errors;   /* --json: cli_report() prints JSON */

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

int cli_usage_error(const char *fmt, ...)
{
	if (fmt) {
		va_list ap;

		fprintf(stderr, "%s: ", tool_name);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	fprintf(stderr, "Try '%s%s%s --help' for more information.\n", tool_name,
		command_name ? " " : "", command_name ? command_name : "");
	return EXIT_USAGE;
}

static int exit_for(int rc, bool kernel)
{
	switch (rc) {
	case 0:
		return EXIT_OK;
	case POL_EINVAL:
	case POL_ENOTFOUND:
		return EXIT_USAGE;
	case POL_EFORMAT:
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
		return kernel ? EXIT_ENV : EXIT_USAGE;
	default:
		/* POL_ENOPOLICY, POL_EINTERNAL, -EACCES, -EPERM, -ENOSPC,
		 * -EDQUOT, -EIO, -EROFS, -ENOMEM and the rest */
		return EXIT_ENV;
	}
}

int cli_exit_for(int rc)
{
	return exit_for(rc, false);
}

int cli_exit_for_failure(int rc)
{
	return rc == 0 ? EXIT_USAGE : exit_for(rc, false);
}

int cli_exit_for_kernel(int rc)
{
	return exit_for(rc, true);
}

bool cli_set_json(bool on)
{
	bool was = json_errors;

	json_errors = on;
	return was;
}

/* The diagnostics as one JSON document on stderr; rc's own message as an
 * error when err has none. */
static void report_json(const struct pol_err *err, int rc)
{
	struct json_object *doc, *diags;

	if (err->count == 0 && rc >= 0)
		return;
	doc = pol_json_document(tool_name);
	diags = pol_err_to_json(err);
	if (rc < 0 && pol_err_errors(err) == 0) {
		struct pol_diag d = {
		    .severity = POL_SEV_ERROR,
		    .code = rc,
		    .message = pol_strerror(rc),
		};

		json_object_array_add(diags, pol_diag_to_json(&d));
	}
	json_object_object_add(doc, "diagnostics", diags);
	pol_json_print(stderr, doc, 1);
	json_object_put(doc);
}

static void report(const struct pol_err *err, int rc)
{
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
