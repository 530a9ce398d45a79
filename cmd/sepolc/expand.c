/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sepolc's use of libpolicy/refpolicy: the options it takes from the
 * command line, a work directory that a signal removes (cmd/common's
 * cli_workdir), m4's command lines under -vv, and the library's statuses
 * as sepolc's exit statuses (cli_exit_for_system(): m4 failing or warning
 * under -E is the input's fault, 2; the headers or m4 missing, 3).
 */
#include <stdio.h>

#include "cli.h"
#include "sepolc.h"
#include "util/suggest.h"
#include "workdir.h"

static void show_command(char *const *argv, void *data)
{
	(void)data;
	fprintf(stderr, "%s: running:", cli_name());
	for (size_t i = 0; argv[i]; i++)
		fprintf(stderr, " %s", argv[i]);
	fputc('\n', stderr);
}

/* One run of the library: its options, the work directory and the
 * diagnostics. */
struct m4_run {
	struct pol_refpolicy_opts ro;
	struct cli_workdir *w;
	struct pol_err err;
};

/* The library's options for opts, in a work directory of our own (finish()
 * closes it); an exit status, and nothing to finish when it is not EXIT_OK. */
static int start(const struct sepolc_opts *opts, struct diag_sink *diags, struct m4_run *run)
{
	run->ro = (struct pol_refpolicy_opts){
	    .headers = opts->headers,
	    .defines = opts->defines,
	    .n_defines = opts->n_defines,
	    .m4_shell = opts->m4_shell,
	    .werror = opts->build.werror,
	    .on_file = cli_workdir_file,
	    .on_child = cli_workdir_child,
	    .on_command = opts->verbose >= 2 && !opts->json ? show_command : NULL,
	};
	run->w = NULL;
	pol_err_init(&run->err);
	diag_sink_attach(diags, &run->err);
	if (cli_workdir_open("sepolc", &run->w, &run->err) < 0) {
		pol_err_release(&run->err);
		return EXIT_ENV;
	}
	run->ro.workdir = cli_workdir_path(run->w);
	run->ro.hook_data = run->w;
	return EXIT_OK;
}

/* The library's status rc as sepolc's exit status, the run cleaned up. */
static int finish(int rc, struct m4_run *run)
{
	cli_workdir_close(run->w);
	pol_err_release(&run->err);
	return cli_exit_for_system(rc);
}

int m4_expand(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags,
	      struct pol_refpolicy_expansion *out)
{
	struct pol_refpolicy_module_files files = {in->source, in->ifs, in->n_ifs, in->fc};
	struct m4_run run;
	int status = start(opts, diags, &run);

	if (status != EXIT_OK)
		return status;
	return finish(pol_refpolicy_expand(&run.ro, &files, out, &run.err), &run);
}

int m4_expand_fc(const struct sepolc_opts *opts, const char *fc, struct diag_sink *diags,
		 char **text, size_t *len)
{
	return m4_expand_fcs(opts, &fc, 1, diags, text, len);
}

int m4_expand_fcs(const struct sepolc_opts *opts, const char *const *fcs, size_t n_fcs,
		  struct diag_sink *diags, char **text, size_t *len)
{
	struct m4_run run;
	int status = start(opts, diags, &run);

	if (status != EXIT_OK)
		return status;
	return finish(pol_refpolicy_expand_fcs(&run.ro, fcs, n_fcs, text, len, &run.err), &run);
}

void m4_report_calls(const struct pol_refpolicy_expansion *r, struct diag_sink *diags)
{
	for (size_t i = 0; i < r->n_calls; i++) {
		const struct pol_refpolicy_call *c = &r->calls[i];

		const char *hint = c->hint;
		char phrase[POL_SUGGEST_PHRASE_MAX];

		if (pol_refpolicy_m4_shell_builtin(c->name))
			diag_report(diags, POL_SEV_NOTE, POL_ENOTFOUND, c->file, c->line, c->col,
				    "'%s' is an m4 builtin that runs a program or writes a file: "
				    "off unless --m4-shell allows it",
				    c->name);
		else if (c->hint)
			diag_report(diags, POL_SEV_NOTE, POL_ENOTFOUND, c->file, c->line, c->col,
				    "'%s' is no interface or macro of the headers; %s", c->name,
				    pol_suggest_phrase(phrase, sizeof(phrase), &hint, 1));
		else
			diag_report(diags, POL_SEV_NOTE, POL_ENOTFOUND, c->file, c->line, c->col,
				    "'%s' is no interface or macro of the headers", c->name);
	}
}
