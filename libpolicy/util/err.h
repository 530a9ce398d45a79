/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Diagnostics: what went wrong, where, and how badly. */
#ifndef POL_UTIL_ERR_H
#define POL_UTIL_ERR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Our own status codes live below -4096 so they never collide with -errno. */
enum pol_errcode {
	POL_EINTERNAL = -4097, /* a bug in sekit */
	POL_EINVAL = -4098,    /* invalid argument or query */
	POL_ENOTFOUND = -4099, /* a name the policy does not define */
	POL_EFORMAT = -4100,   /* a file that is not what it claims to be */
	POL_EVERSION = -4101,  /* a policy version we cannot read */
	POL_ENOPOLICY = -4102, /* no system policy to fall back to */
	POL_EREGEX = -4103,    /* an invalid regular expression */
};

enum pol_severity { POL_SEV_ERROR, POL_SEV_WARNING, POL_SEV_NOTE };

struct pol_diag {
	enum pol_severity severity;
	int code;               /* POL_E* or -errno */
	const char *file;       /* NULL when not tied to an input file */
	unsigned int line, col; /* 1-based; 0 = unknown */
	const char *message;    /* lower-case, no final period, no newline */
};

typedef void (*pol_diag_fn)(const struct pol_diag *diag, void *data);

/*
 * A caller-owned collection of diagnostics. Initialise with pol_err_init(),
 * release with pol_err_release(). When a callback is set, each diagnostic is
 * also passed to it as it is added (for long operations that stream warnings).
 */
struct pol_err {
	struct pol_diag *diags;
	size_t count, alloc;
	pol_diag_fn callback;
	void *callback_data;
};

void pol_err_init(struct pol_err *err);
void pol_err_release(struct pol_err *err);
void pol_err_clear(struct pol_err *err);

/* Record a diagnostic and return code (so "return pol_err_add(...)" works).
 * err may be NULL, in which case only code is returned. */
int pol_err_add(struct pol_err *err, enum pol_severity sev, int code, const char *file,
		unsigned int line, unsigned int col, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
int pol_err_vadd(struct pol_err *err, enum pol_severity sev, int code, const char *file,
		 unsigned int line, unsigned int col, const char *fmt, va_list ap)
	__attribute__((format(printf, 7, 0)));

/* Shorthand for an error without a source location. */
#define pol_err_set(err, code, ...) pol_err_add((err), POL_SEV_ERROR, (code), NULL, 0, 0, __VA_ARGS__)

/* Number of diagnostics of severity POL_SEV_ERROR. */
size_t pol_err_errors(const struct pol_err *err);

/* Print every diagnostic as "prog: message" or "file:line:col: error: message". */
void pol_err_print(const struct pol_err *err, FILE *out, const char *prog);
void pol_diag_print(const struct pol_diag *diag, FILE *out, const char *prog);

/* A static description of a status code (negative errno or POL_E*). */
const char *pol_strerror(int code);
/* The code's name, for tests and scripts to match: "POL_EFORMAT", "ENOENT";
 * NULL for 0 and unknown codes. Static. */
const char *pol_code_name(int code);
/* "error", "warning" or "note". Static. */
const char *pol_severity_name(enum pol_severity sev);

#endif
