// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A refpolicy-style module (NAME.te, with NAME.if and NAME.fc beside it
 * when they are there) compiled in process for installation, as the
 * development headers' Makefile and semodule -i would build and install
 * it, through the same library sepolc uses: m4 with the headers
 * (libpolicy/refpolicy), then parse, lower and a .pp package
 * (libpolicy/source). Every problem is reported at the module's file,
 * line and column before any transaction: a syntax error, a type or
 * attribute the installed policy lacks (semodule would refuse the module
 * only after rebuilding the whole policy), a bad .fc line, regex or
 * context.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "label/fcline.h"
#include "refpolicy/refpolicy.h"
#include "source/source.h"
#include "util/file.h"
#include "util/linemark.h"

#include "store/internal.h"

bool store_module_is_source(const char *path)
{
	size_t n = strlen(path);

	return n > 3 && strcmp(path + n - 3, ".te") == 0;
}

/* PATH with .te replaced by ext, when that file exists (heap), else NULL */
static char *sibling(const char *te, const char *ext)
{
	size_t n = strlen(te) - 3;
	struct stat sb;
	char *p;

	if (asprintf(&p, "%.*s%s", (int)n, te, ext) < 0)
		return NULL;
	if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode))
		return p;
	free(p);
	return NULL;
}

/* The .fc checked line by line (form, regex, context against the module
 * and the policy), then without m4's line markers, as the package keeps it. */
static int check_fc(const struct pol_source *src, const struct pol_pdb *base,
		    const struct pol_source_options *opts, const char *name, const char *fc,
		    size_t len, char **clean, size_t *clean_len, struct pol_err *err)
{
	struct pol_fc_reader r;
	struct pol_fc_line l;
	char *q;
	int rc, status = 0;

	pol_fc_reader_init(&r, name, fc, len, POL_FC_MARKERS | POL_FC_ASCII);
	while ((rc = pol_fc_reader_next(&r, &l)) == 0) {
		if (l.problem != POL_FC_OK) {
			status = pol_fc_line_report(&l, err);
			continue;
		}
		if ((rc = pol_fc_check_regex(&l, err)) < 0) {
			status = rc;
			continue;
		}
		if (l.context.len == 8 && memcmp(l.context.p, "<<none>>", 8) == 0)
			continue;
		rc = pol_source_check_fc_context(src, base, opts, l.context.p, l.context.len,
						 l.file, l.line, l.context.col, err);
		if (rc < 0)
			status = rc;
	}
	pol_fc_reader_release(&r);
	if (rc < 0)
		return pol_err_set(err, rc, "out of memory");
	if (status < 0)
		return status;
	*clean = q = malloc(len + 1);
	if (!q)
		return pol_err_set(err, -ENOMEM, "out of memory");
	for (const char *p = fc, *end = fc + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *next = nl ? nl + 1 : end;
		struct pol_line_marker m;

		if (!pol_line_marker_parse(p, nl ? nl : end, &m)) {
			memcpy(q, p, (size_t)(next - p));
			q += next - p;
		}
		p = next;
	}
	*q = '\0';
	*clean_len = (size_t)(q - *clean);
	return 0;
}

/* Parse, check and lower the module's text into a .pp in *pp. */
static int build_package(struct pol_store *st, const char *te, const char *text, size_t len,
			 bool mls, const char *fc_name, const char *fc, size_t fc_len, char **pp,
			 size_t *pp_len, char **name, struct pol_err *err)
{
	struct pol_source_options opts = {.mls = mls};
	struct pol_source_options strict = {.mls = mls, .werror = true};
	struct pol_source_module *mod = NULL;
	struct pol_source *src = NULL;
	const struct pol_pdb *base;
	char *clean = NULL;
	size_t clean_len = 0;
	FILE *out;
	int rc;

	rc = pol_store_policy(st, &base, err);
	if (rc == 0)
		rc = pol_source_new(&src, err);
	if (rc == 0)
		rc = pol_source_parse_data(src, te, text, len, err);
	if (rc == 0 && !pol_source_is_module(src))
		rc = pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, te, 1, 1,
				 "not a module: no 'module NAME VERSION;' or policy_module()");
	/* what semodule -i would refuse after a rebuild of the whole policy */
	if (rc == 0)
		rc = pol_source_check_base(src, base, &strict, err);
	if (rc == 0 && fc)
		rc = check_fc(src, base, &strict, fc_name, fc, fc_len, &clean, &clean_len, err);
	if (rc == 0)
		rc = pol_source_lower(src, &opts, &mod, err);
	if (rc == 0 &&
	    !(*name = strdup(pol_source_module_name(mod) ? pol_source_module_name(mod) : "")))
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc == 0) {
		out = open_memstream(pp, pp_len);
		if (!out) {
			rc = pol_err_set(err, -ENOMEM, "out of memory");
		} else {
			rc = pol_source_module_write_pp(mod, &opts, clean, clean_len, out, err);
			if (fclose(out) != 0 && rc == 0)
				rc = pol_err_set(err, -ENOMEM, "out of memory");
			if (rc < 0) {
				free(*pp);
				*pp = NULL;
			}
		}
	}
	pol_source_module_free(mod);
	pol_source_free(src);
	free(clean);
	return rc;
}

int store_module_compile(struct pol_store *st, const char *te, char **pp, size_t *pp_len,
			 char **name, struct pol_err *err)
{
	struct pol_refpolicy_opts defaults = {0};
	const struct pol_refpolicy_opts *ro = st->refpolicy ? st->refpolicy : &defaults;
	struct pol_refpolicy_expansion x = {0};
	char *ifp = sibling(te, ".if"), *fcp = sibling(te, ".fc");
	char *text = NULL;
	size_t len = 0;
	int rc;

	*pp = NULL;
	*name = NULL;
	rc = pol_read_path(te, &text, &len);
	if (rc < 0) {
		rc = pol_err_set(err, rc, "cannot read '%s': %s", te, pol_strerror(rc));
	} else if (!ifp && !fcp && pol_refpolicy_plain_module(text, len) &&
		   !pol_refpolicy_m4_needed(text, len)) {
		/* the policy language itself (checkmodule's input): no m4 */
		rc = build_package(st, te, text, len, store_mls(st), NULL, NULL, 0, pp, pp_len,
				   name, err);
	} else {
		const char *ifs[1] = {ifp};
		struct pol_refpolicy_module_files in = {te, ifs, ifp ? 1 : 0, fcp};

		rc = pol_refpolicy_expand(ro, &in, &x, err);
		if (rc == -ENOENT)
			pol_err_add(err, POL_SEV_NOTE, 0, NULL, 0, 0,
				    "a .te module is built with the policy's development headers "
				    "(%s) and m4",
				    ro->headers ? ro->headers : POL_REFPOLICY_DEFAULT_HEADERS);
		if (rc == 0)
			rc = build_package(st, te, x.text, x.len, x.mls, fcp, x.fc, x.fc_len, pp,
					   pp_len, name, err);
	}
	pol_refpolicy_expansion_release(&x);
	free(text);
	free(ifp);
	free(fcp);
	if (rc < 0) {
		free(*name);
		*name = NULL;
	}
	return rc;
}

void pol_store_set_refpolicy(struct pol_store *st, const struct pol_refpolicy_opts *opts)
{
	st->refpolicy = opts;
}
