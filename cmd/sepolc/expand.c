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

/* The library's options for opts, in a work directory of our own (*w:
 * cli_workdir_close()); an exit status. */
static int start(const struct sepolc_opts *opts, struct diag_sink *diags,
		 struct pol_refpolicy_opts *ro, struct cli_workdir **w, struct pol_err *err)
{
	*ro = (struct pol_refpolicy_opts){
	    .headers = opts->headers,
	    .defines = opts->defines,
	    .n_defines = opts->n_defines,
	    .m4_shell = opts->m4_shell,
	    .werror = opts->build.werror,
	    .on_file = cli_workdir_file,
	    .on_child = cli_workdir_child,
	    .on_command = opts->verbose >= 2 && !opts->json ? show_command : NULL,
	};
	pol_err_init(err);
	diag_sink_attach(diags, err);
	if (cli_workdir_open("sepolc", w, err) < 0)
		return EXIT_ENV;
	ro->workdir = cli_workdir_path(*w);
	ro->hook_data = *w;
	return EXIT_OK;
}

static int finish(int rc, struct cli_workdir *w, struct pol_err *err)
{
	cli_workdir_close(w);
	pol_err_release(err);
	return cli_exit_for_system(rc);
}

int m4_expand(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags,
	      struct pol_refpolicy_expansion *out)
{
	struct pol_refpolicy_module_files files = {in->source, in->ifs, in->n_ifs, in->fc};
	struct pol_refpolicy_opts ro;
	struct cli_workdir *w = NULL;
	struct pol_err err;
	int status = start(opts, diags, &ro, &w, &err);

	if (status != EXIT_OK) {
		pol_err_release(&err);
		return status;
	}
	return finish(pol_refpolicy_expand(&ro, &files, out, &err), w, &err);
}

int m4_expand_fc(const struct sepolc_opts *opts, const char *fc, struct diag_sink *diags,
		 char **text, size_t *len)
{
	return m4_expand_fcs(opts, &fc, 1, diags, text, len);
}

int m4_expand_fcs(const struct sepolc_opts *opts, const char *const *fcs, size_t n_fcs,
		  struct diag_sink *diags, char **text, size_t *len)
{
	struct pol_refpolicy_opts ro;
	struct cli_workdir *w = NULL;
	struct pol_err err;
	int status = start(opts, diags, &ro, &w, &err);

	if (status != EXIT_OK) {
		pol_err_release(&err);
		return status;
	}
	return finish(pol_refpolicy_expand_fcs(&ro, fcs, n_fcs, text, len, &err), w, &err);
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
