/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * audit2allow's output: rules on stdout (or appended to -o FILE), -m
 * modules, -M NAME.te + NAME.pp compiled in process; --verify replays the
 * rules against the policy in memory.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "seallow.h"
#include "util/atomic.h"

unsigned int generate_flags(const struct seallow_opts *o)
{
	return (o->dontaudit ? POL_AUDIT_GEN_DONTAUDIT : 0) |
	       (o->xperms ? POL_AUDIT_GEN_XPERMS : 0) | (o->requires ? POL_AUDIT_GEN_REQUIRES : 0) |
	       (o->verbose ? POL_AUDIT_GEN_VERBOSE : 0) |
	       (o->explain_long ? POL_AUDIT_GEN_EXPLAIN : 0) | (o->cil ? POL_AUDIT_GEN_CIL : 0);
}

static int write_atomic(const char *path, const char *data, size_t len, struct pol_err *err)
{
	struct pol_atomic *a;
	FILE *fp;
	int rc = pol_atomic_open(path, &a, &fp, err);

	if (rc < 0)
		return rc;
	if (fwrite(data, 1, len, fp) != len) {
		pol_atomic_abort(a);
		return pol_err_set(err, -EIO, "cannot write '%s': %s", path, strerror(errno));
	}
	return pol_atomic_commit(a, err);
}

/* -M: NAME.te and NAME.pp, both or neither. */
int generate_package(struct seallow_run *run, const char *name, const char *te, size_t len,
		     bool announce)
{
	char *te_path = NULL, *pp_path = NULL, *pp = NULL;
	size_t pp_len = 0;
	FILE *mem = NULL;
	struct pol_err err;
	int rc, status = EXIT_OK;

	pol_err_init(&err);
	if (asprintf(&te_path, "%s.te", name) < 0 || asprintf(&pp_path, "%s.pp", name) < 0) {
		status = EXIT_ENV;
		goto out;
	}
	mem = open_memstream(&pp, &pp_len);
	if (!mem) {
		status = EXIT_ENV;
		goto out;
	}
	rc = pol_audit_compile_pp(te_path, te, len, pol_pdb_mls(run->pdb), mem, &err);
	if (fclose(mem) != 0 && rc == 0)
		rc = -errno;
	if (rc == 0)
		rc = write_atomic(te_path, te, len, &err);
	if (rc == 0)
		rc = write_atomic(pp_path, pp, pp_len, &err);
	if (rc < 0) {
		pol_err_set(&err, rc, "cannot build '%s'", pp_path);
		cli_report(&err, rc);
		status = rc == -ENOMEM || rc == -EACCES || rc == -EROFS ? EXIT_ENV : EXIT_USAGE;
		goto out;
	}
	if (announce && !run->o->quiet)
		printf("******************** IMPORTANT ***********************\n"
		       "To make this policy package active, execute:\n\nsemodule -i %s\n\n",
		       pp_path);
out:
	free(pp);
	free(te_path);
	free(pp_path);
	pol_err_release(&err);
	return status;
}

static int print_verify(const struct pol_audit_group_info *g, bool allowed, const char *why_not,
			void *data)
{
	(void)data;
	fprintf(stderr, "%s: verify: %s %s:%s {", cli_name(), g->source, g->target, g->tclass);
	for (size_t i = 0; i < g->nperms; i++)
		fprintf(stderr, " %s", g->perms[i]);
	fprintf(stderr, " }: %s%s\n",
		allowed ? "allowed" : "still denied: ", allowed ? "" : why_not);
	return 0;
}

static char *pick(const struct pol_audit_group_info *g, const char **section, void *data)
{
	return ifdb_pick(data, g, section);
}

int generate_output(struct seallow_run *run)
{
	const struct seallow_opts *o = run->o;
	/* -M must compile */
	unsigned int flags = generate_flags(o) | (o->package ? POL_AUDIT_GEN_COMMENT_ALL : 0);
	const char *module = o->package ? o->package : o->module;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	struct ifdb *db = NULL;
	int rc, status;

	if (o->refpolicy && pol_audit_set_groups(run->set)) {
		status = ifdb_open(o, &db);
		if (status != EXIT_OK)
			return status;
	}
	mem = open_memstream(&text, &len);
	if (!mem) {
		ifdb_free(db);
		return EXIT_ENV;
	}
	rc = pol_audit_set_write_calls(run->set, module, flags, db ? pick : NULL, db, mem);
	ifdb_free(db);
	if (fclose(mem) != 0 && rc == 0)
		rc = -errno;
	if (rc < 0) {
		free(text);
		fprintf(stderr, "%s: %s\n", cli_name(), strerror(-rc));
		return EXIT_ENV;
	}
	if (o->xperms && !o->quiet) {
		struct pol_err err;

		pol_err_init(&err);
		pol_audit_set_xperm_notes(run->set, &err);
		cli_report(&err, 0);
		pol_err_release(&err);
	}
	if (o->package) {
		status = generate_package(run, o->package, text, len, true);
	} else if (o->output) {
		FILE *f = fopen(o->output, "ae");

		status = EXIT_OK;
		if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
			fprintf(stderr, "%s: cannot write '%s': %s\n", cli_name(), o->output,
				strerror(errno));
			status = EXIT_ENV;
		}
	} else {
		if (!o->quiet)
			fwrite(text, 1, len, stdout);
		status = EXIT_OK;
	}
	free(text);
	if (status == EXIT_OK && o->verify) {
		size_t fixed, still;

		rc = pol_audit_set_verify(run->set, flags, o->quiet ? NULL : print_verify, NULL,
					  &fixed, &still);
		if (rc < 0)
			return EXIT_ENV;
		if (!o->quiet)
			fprintf(stderr,
				"%s: verify: %zu of %zu denial groups allowed with these rules\n",
				cli_name(), fixed, fixed + still);
	}
	if (status == EXIT_OK && !pol_audit_set_groups(run->set))
		status = EXIT_NOMATCH;
	return status;
}
