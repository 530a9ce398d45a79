/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/err.h"

void pol_err_init(struct pol_err *err)
{
	memset(err, 0, sizeof(*err));
}

void pol_err_clear(struct pol_err *err)
{
	for (size_t i = 0; i < err->count; i++) {
		free((char *)err->diags[i].file);
		free((char *)err->diags[i].message);
	}
	err->count = 0;
}

void pol_err_release(struct pol_err *err)
{
	if (!err)
		return;
	pol_err_clear(err);
	free(err->diags);
	err->diags = NULL;
	err->alloc = 0;
}

int pol_err_vadd(struct pol_err *err, enum pol_severity sev, int code, const char *file,
		 unsigned int line, unsigned int col, const char *fmt, va_list ap)
{
	struct pol_diag d = { sev, code, NULL, line, col, NULL };
	char *msg;

	if (!err)
		return code;
	if (vasprintf(&msg, fmt, ap) < 0)
		return code;
	d.message = msg;
	if (file)
		d.file = strdup(file);
	if (err->callback)
		err->callback(&d, err->callback_data);
	if (POL_ARRAY_GROW(err->diags, err->count + 1, err->alloc) < 0) {
		free(msg);
		free((char *)d.file);
		return code;
	}
	err->diags[err->count++] = d;
	return code;
}

int pol_err_add(struct pol_err *err, enum pol_severity sev, int code, const char *file,
		unsigned int line, unsigned int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pol_err_vadd(err, sev, code, file, line, col, fmt, ap);
	va_end(ap);
	return code;
}

size_t pol_err_errors(const struct pol_err *err)
{
	size_t n = 0;

	for (size_t i = 0; i < err->count; i++)
		n += err->diags[i].severity == POL_SEV_ERROR;
	return n;
}

const char *pol_severity_name(enum pol_severity sev)
{
	switch (sev) {
	case POL_SEV_WARNING:
		return "warning";
	case POL_SEV_NOTE:
		return "note";
	default:
		return "error";
	}
}

void pol_diag_print(const struct pol_diag *d, FILE *out, const char *prog)
{
	if (d->file && d->line) {
		fprintf(out, "%s:%u:", d->file, d->line);
		if (d->col)
			fprintf(out, "%u:", d->col);
		fprintf(out, " %s: %s\n", pol_severity_name(d->severity), d->message);
		return;
	}
	if (d->file)
		fprintf(out, "%s: %s: ", prog, d->file);
	else
		fprintf(out, "%s: ", prog);
	if (d->severity != POL_SEV_ERROR)
		fprintf(out, "%s: ", pol_severity_name(d->severity));
	fprintf(out, "%s\n", d->message);
}

void pol_err_print(const struct pol_err *err, FILE *out, const char *prog)
{
	for (size_t i = 0; i < err->count; i++)
		pol_diag_print(&err->diags[i], out, prog);
}

const char *pol_strerror(int code)
{
	switch (code) {
	case POL_EINTERNAL:
		return "internal error";
	case POL_EINVAL:
		return "invalid argument";
	case POL_ENOTFOUND:
		return "no such name in the policy";
	case POL_EFORMAT:
		return "invalid file format";
	case POL_EVERSION:
		return "unsupported policy version";
	case POL_ENOPOLICY:
		return "no policy found";
	case POL_EREGEX:
		return "invalid regular expression";
	default:
		return code < 0 && code > -4096 ? strerror(-code) : "unknown error";
	}
}

const char *pol_code_name(int code)
{
	switch (code) {
	case 0:
		return NULL;
	case POL_EINTERNAL:
		return "POL_EINTERNAL";
	case POL_EINVAL:
		return "POL_EINVAL";
	case POL_ENOTFOUND:
		return "POL_ENOTFOUND";
	case POL_EFORMAT:
		return "POL_EFORMAT";
	case POL_EVERSION:
		return "POL_EVERSION";
	case POL_ENOPOLICY:
		return "POL_ENOPOLICY";
	case POL_EREGEX:
		return "POL_EREGEX";
	}
	if (code < 0 && code > -4096)
		return strerrorname_np(-code);
	return NULL;
}
