/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *tool_name = "sekit";

void cli_init(const char *name)
{
	const char *slash = strrchr(name, '/');

	tool_name = slash ? slash + 1 : name;
}

const char *cli_name(void)
{
	return tool_name;
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
	fprintf(stderr, "Try '%s --help' for more information.\n", tool_name);
	return EXIT_USAGE;
}

int cli_exit_for(int rc)
{
	switch (rc) {
	case 0:
		return EXIT_OK;
	case -ENOMEM:
	case -EPERM:
	case POL_ENOPOLICY:
		return EXIT_ENV;
	default:
		return EXIT_USAGE;
	}
}

int cli_report(const struct pol_err *err, int rc)
{
	pol_err_print(err, stderr, tool_name);
	if (rc == 0)
		return EXIT_OK;
	if (err->count == 0)
		fprintf(stderr, "%s: %s\n", tool_name, pol_strerror(rc));
	return cli_exit_for(rc);
}

int cli_finish_stdout(int status)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return status;
	if (errno == EPIPE)
		return status;
	fprintf(stderr, "%s: write error: %s\n", tool_name, strerror(errno));
	return EXIT_ENV;
}
