/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The job: CIL files, a binary policy or a policy source in; a kernel
 * binary, CIL, policy.conf or a module's CIL/.pp/.mod out. A source goes
 * through m4 first when it needs it, then the parser and the lowering; a
 * base policy is expanded into a kernel policy, a module is written as is.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/file.h"

#include "cli.h"
#include "sepolc.h"

/* The library's failure with nothing said about it still deserves a line. */
static int failed(int rc, const struct pol_err *err, struct diag_sink *diags, const char *what)
{
	if (pol_err_errors(err) == 0)
		diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0, "%s: %s", what, pol_strerror(rc));
	return cli_exit_for_failure(rc);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int write_kernel_output(const struct sepolc_opts *opts,
			       const struct pol_source_options *build, struct pol_pdb *kp, FILE *fp,
			       struct pol_err *err)
{
	switch (opts->output) {
	case OUT_CIL:
		return pol_source_kpolicy_write_cil(kp, fp, err);
	case OUT_CONF:
		return pol_source_kpolicy_write_conf(kp, fp, err);
	default:
		return pol_source_kpolicy_write_binary(kp, build, fp, err);
	}
}

static char *kernel_output_path(const struct sepolc_opts *opts,
				const struct pol_source_options *build)
{
	unsigned int vers;
	char *path;

	if (opts->out_path)
		return strdup(opts->out_path);
	switch (opts->output) {
	case OUT_CIL:
		return strdup("policy.cil");
	case OUT_CONF:
		return strdup("policy.conf");
	default:
		/* as secilc names it: policy.VERSION in the current directory,
		 * VERSION the one the library writes (Xen's newest is 30) */
		vers = pol_source_version(build);
		if (asprintf(&path, "policy.%u", vers) < 0)
			return NULL;
		return path;
	}
}

/* Finish and write a kernel policy (and the CIL input's file_contexts). */
static int kernel_write(const struct sepolc_opts *opts, const struct pol_source_options *build,
			const struct inputs *in, struct pol_pdb *kp, const char *fc, size_t fc_len,
			struct diag_sink *diags)
{
	struct output *o = NULL, *fco = NULL;
	struct pol_err err;
	char *path = NULL;
	FILE *fp, *fcfp;
	int rc, status;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	rc = pol_source_kpolicy_finish(kp, build, &err);
	if (rc < 0) {
		status = failed(rc, &err, diags, "cannot finish the policy");
		pol_err_release(&err);
		return status;
	}
	if (opts->check_only) {
		pol_err_release(&err);
		return EXIT_OK;
	}

	path = kernel_output_path(opts, build);
	if (!path) {
		pol_err_release(&err);
		diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
		return EXIT_ENV;
	}
	if (opts->fc_out && strcmp(path, "-") != 0 && output_same_file(path, opts->fc_out)) {
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "the policy '%s' and the file contexts '%s' are the same file", path,
			    opts->fc_out);
		pol_err_release(&err);
		free(path);
		return EXIT_USAGE;
	}
	status = output_open(path, opts, in, diags, &o, &fp);
	if (status == EXIT_OK && opts->fc_out)
		status = output_open(opts->fc_out, opts, in, diags, &fco, &fcfp);
	if (status == EXIT_OK) {
		rc = write_kernel_output(opts, build, kp, fp, &err);
		if (rc < 0)
			status = failed(rc, &err, diags, "cannot write the policy");
	}
	if (status == EXIT_OK && fco && fc_len && fwrite(fc, 1, fc_len, fcfp) != fc_len)
		status = failed(-EIO, &err, diags, "cannot write the file contexts");
	pol_err_release(&err);
	/* both outputs or neither */
	int close_fc = output_close(fco, status == EXIT_OK, diags);
	int close_main = output_close(o, status == EXIT_OK && close_fc == EXIT_OK, diags);

	if (status == EXIT_OK)
		status = close_fc != EXIT_OK ? close_fc : close_main;
	if (status == EXIT_OK && opts->verbose && !opts->json)
		fprintf(stderr, "%s: wrote '%s'%s%s%s\n", cli_name(), path, fco ? " and '" : "",
			fco ? opts->fc_out : "", fco ? "'" : "");
	free(path);
	return status;
}

static int from_cil(const struct sepolc_opts *opts, const struct inputs *in,
		    struct diag_sink *diags)
{
	struct pol_source_options build = opts->build;
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	char *fc = NULL;
	size_t fc_len = 0;
	int rc, status;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	diag_sink_violations(diags, &build, false);
	rc = pol_source_cil_compile(in->cil, in->n_cil, &build, &kp, opts->fc_out ? &fc : NULL,
				    &fc_len, &err);
	if (rc < 0)
		status = failed(rc, &err, diags, "cannot compile the CIL policy");
	else
		status = kernel_write(opts, &opts->build, in, kp, fc, fc_len, diags);
	pol_err_release(&err);
	pol_pdb_free(kp);
	free(fc);
	return status;
}

static int from_binary(const struct sepolc_opts *opts, const struct inputs *in,
		       struct diag_sink *diags)
{
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	int rc, status;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	rc = pol_pdb_open_flags(in->source, POL_PDB_KEEP_UNNAMED, &kp, &err);
	if (rc < 0)
		status = failed(rc, &err, diags, "cannot read the binary policy");
	else
		status = kernel_write(opts, &opts->build, in, kp, NULL, 0, diags);
	pol_err_release(&err);
	pol_pdb_free(kp);
	return status;
}

/* What a source's kind allows, once the parser has said which kind it is. */
static int check_kind(const struct sepolc_opts *opts, const struct inputs *in, bool module,
		      struct diag_sink *diags)
{
	const char *src = in->source;

	if (module && opts->output == OUT_CONF)
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "-F/--conf writes a kernel policy, and '%s' is a module", src);
	else if (module && opts->fc_out)
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "-f/--fc-output is for CIL input; a module's .fc goes into its output");
	else if (!module && (opts->output == OUT_PP || opts->output == OUT_MOD))
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "--pp and --mod write a module, and '%s' is a base policy", src);
	else if (module && in->n_fcs > 1)
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "a module has one .fc file ('%s' and '%s'), and '%s' is a module",
			    in->fcs[0], in->fcs[1], src);
	else if (!module && in->fc && !opts->fc_out && in->fc != in->own_fc)
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "the .fc files of the base policy '%s' make its file_contexts: name it "
			    "with -f/--fc-output",
			    src);
	else
		return EXIT_OK;
	return EXIT_USAGE;
}

/* A source as text: binary or endless input (/dev/zero) is refused at once. */
int sepolc_read_input(const char *path, char **text, size_t *len, struct diag_sink *diags)
{
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	rc = pol_read_text_path(path, text, len, &err);
	pol_err_release(&err);
	return rc < 0 ? cli_exit_for(rc) : EXIT_OK;
}

/* Whether path can be read, with sepolc_sepolc_read_input()'s message when not: a
 * source that needs no m4 is mapped by the library, not read here. */
static int check_readable(const char *path, struct diag_sink *diags)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int rc = 0;

	if (fd < 0)
		rc = -errno;
	else if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
		rc = -EISDIR;
	if (fd >= 0)
		close(fd);
	if (rc == 0)
		return EXIT_OK;
	diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0, "cannot read '%s': %s", path,
		    strerror(-rc));
	return EXIT_USAGE;
}

/* A binary given as a source would otherwise reach the parser, which
 * quotes its bytes back: say what it is instead. */
static int refuse_binary(const char *path, struct diag_sink *diags)
{
	const char *what;

	switch (pol_policy_magic(path)) {
	case POL_MAGIC_KERNEL:
		what = "a binary kernel policy: read it with -b";
		break;
	case POL_MAGIC_MODULE:
		what = "a binary policy module (.mod), not a source";
		break;
	case POL_MAGIC_PACKAGE:
		what = "a policy module package (.pp), not a source";
		break;
	default:
		return EXIT_OK; /* check_readable()/sepolc_sepolc_read_input() say why */
	}
	diag_report(diags, POL_SEV_ERROR, POL_EFORMAT, NULL, 0, 0, "'%s' is %s", path, what);
	return EXIT_USAGE;
}

/* The source's text when it goes through m4 (or may: a .te is read to see
 * whether it calls macros), and the module's .fc. r->text stays NULL when
 * the parser can read the file itself. *plain_macros: a plain module with
 * macro-like text, not run through m4. */
static int prepare_source(const struct sepolc_opts *opts, const struct inputs *in,
			  struct pol_source_options *build, struct diag_sink *diags,
			  struct pol_refpolicy_expansion *r, bool *plain_macros)
{
	bool use_m4 = opts->m4 == M4_ALWAYS || opts->preprocess;
	bool may_m4 = use_m4 || (opts->m4 == M4_AUTO && has_suffix(in->source, ".te"));
	int status = refuse_binary(in->source, diags);

	if (status != EXIT_OK)
		return status;
	status = may_m4 ? sepolc_read_input(in->source, &r->text, &r->len, diags)
			: check_readable(in->source, diags);

	if (status != EXIT_OK)
		return status;
	if (may_m4 && !use_m4 && pol_refpolicy_plain_module(r->text, r->len)) {
		/* "module NAME VERSION;" is the policy language, not m4 source:
		 * m4 would mangle its quotes and words, so only --m4 runs it */
		*plain_macros = pol_refpolicy_m4_needed(r->text, r->len);
		if (*plain_macros && opts->verbose && !opts->json)
			fprintf(stderr,
				"%s: note: '%s' starts with 'module': not running m4 "
				"(--m4 does)\n",
				cli_name(), in->source);
		return in->fc && !opts->fc_out
			   ? sepolc_read_input(in->fc, &r->fc, &r->fc_len, diags)
			   : EXIT_OK;
	}
	if (may_m4 && !use_m4 && pol_refpolicy_m4_needed(r->text, r->len)) {
		use_m4 = true;
		if (opts->verbose && !opts->json)
			fprintf(stderr,
				"%s: note: '%s' calls interfaces or macros; running m4 with "
				"refpolicy's headers\n",
				cli_name(), in->source);
	}
	if (use_m4) {
		/* with -f the .fc files are a base policy's, made later */
		struct inputs te_only = *in;

		if (opts->fc_out)
			te_only.fc = NULL;
		pol_refpolicy_expansion_release(r);
		status = m4_expand(opts, &te_only, diags, r);
		if (status != EXIT_OK)
			return status;
		/* the headers' Makefile passes -M to checkmodule for MCS and MLS */
		if (r->mls && !opts->mls_given)
			build->mls = true;
		return EXIT_OK;
	}
	if (!in->fc || opts->fc_out)
		return EXIT_OK;
	status = sepolc_read_input(in->fc, &r->fc, &r->fc_len, diags);
	if (status == EXIT_OK && opts->m4 == M4_AUTO && pol_refpolicy_m4_needed(r->fc, r->fc_len)) {
		free(r->fc);
		r->fc = NULL;
		status = m4_expand_fc(opts, in->fc, diags, &r->fc, &r->fc_len);
	}
	return status;
}

/* --preprocess: what the parser would read, as cc -E shows it. */
static int write_preprocessed(const struct sepolc_opts *opts, const struct inputs *in,
			      const struct pol_refpolicy_expansion *text, struct diag_sink *diags)
{
	struct output *o;
	FILE *fp;
	int status;

	if (opts->check_only)
		return EXIT_OK;
	status = output_open(opts->out_path ? opts->out_path : "-", opts, in, diags, &o, &fp);
	if (status != EXIT_OK)
		return status;
	bool ok = fwrite(text->text, 1, text->len, fp) == text->len;

	if (!ok)
		diag_report(diags, POL_SEV_ERROR, -EIO, NULL, 0, 0, "cannot write the m4 output");
	status = output_close(o, ok, diags);
	return ok ? status : EXIT_ENV;
}

static int from_source(const struct sepolc_opts *opts, const struct inputs *in,
		       struct diag_sink *diags)
{
	struct pol_source_options build = opts->build;
	struct pol_refpolicy_expansion text = {0};
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL;
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	bool module, plain_macros = false;
	int rc, status;

	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	diag_sink_violations(diags, &build, false);
	status = prepare_source(opts, in, &build, diags, &text, &plain_macros);
	if (status != EXIT_OK)
		goto out;
	if (opts->preprocess) {
		status = write_preprocessed(opts, in, &text, diags);
		goto out;
	}
	rc = pol_source_new(&src, &err);
	if (rc == 0) {
		/* parse twice rather than hold the rules' syntax tree: the
		 * peak memory stays below checkpolicy's */
		pol_source_set_lean(src, true);
		pol_source_set_verbose(src, opts->verbose > 0);
		rc = text.text ? pol_source_parse_data(src, in->source, text.text, text.len, &err)
			       : pol_source_parse_file(src, in->source, &err);
	}
	if (rc < 0) {
		m4_report_calls(&text, diags);
		if (plain_macros)
			diag_report(diags, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0,
				    "'%s' starts with 'module', so m4 did not run; if it calls "
				    "interfaces or macros, --m4 runs it",
				    in->source);
		status = failed(rc, &err, diags, in->source);
		goto out;
	}
	module = pol_source_is_module(src);
	status = check_kind(opts, in, module, diags);
	if (status != EXIT_OK)
		goto out;
	/* before the lowering, which consumes a lean source's syntax tree */
	if (module) {
		struct module_fc fc = {in->fc, text.fc, text.fc_len};

		status = base_check(opts, &build, src, &fc, diags);
		if (status != EXIT_OK)
			goto out;
	}
	rc = pol_source_lower(src, &build, &mod, &err);
	/* the text and the syntax tree are done with: free them before the
	 * expansion, the other big consumer of memory */
	pol_source_free(src);
	src = NULL;
	free(text.text);
	text.text = NULL;
	text.len = 0;
	if (rc < 0) {
		status = failed(rc, &err, diags, in->source);
		goto out;
	}
	if (module) {
		struct sepolc_opts mopts = *opts;

		mopts.build = build;
		status = module_write(&mopts, in, mod, text.fc, text.fc_len, diags);
		goto out;
	}
	if (opts->output == OUT_CIL && !opts->check_only) {
		/* checkpolicy -C writes the base module as CIL, unexpanded:
		 * attributes, optionals and neverallows stay as written */
		struct sepolc_opts mopts = *opts;

		mopts.build = build;
		status = module_write(&mopts, in, mod, NULL, 0, diags);
		goto out;
	}
	rc = pol_source_module_expand(mod, &build, &kp, &err);
	/* as checkpolicy: the module is done with once expanded */
	pol_source_module_free(mod);
	mod = NULL;
	if (rc < 0) {
		status = failed(rc, &err, diags, in->source);
		goto out;
	}
	if (in->n_fcs && opts->fc_out) {
		/* checked against the policy before anything is written, so an
		 * error in either leaves neither */
		char *fc = NULL;
		size_t fc_len = 0;

		status = fc_build_monolithic(opts, in, kp, diags, &fc, &fc_len);
		if (status == EXIT_OK)
			status = kernel_write(opts, &build, in, kp, fc, fc_len, diags);
		free(fc);
		goto out;
	}
	status = kernel_write(opts, &build, in, kp, NULL, 0, diags);
out:
	pol_err_release(&err);
	pol_pdb_free(kp);
	pol_source_module_free(mod);
	pol_source_free(src);
	pol_refpolicy_expansion_release(&text);
	return status;
}

int sepolc_run(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags)
{
	if (in->n_cil)
		return from_cil(opts, in, diags);
	if (opts->binary_input)
		return from_binary(opts, in, diags);
	return from_source(opts, in, diags);
}
