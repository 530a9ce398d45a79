/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sepolc: what its files share: the options, the inputs and the jobs. */
#ifndef SEPOLC_H
#define SEPOLC_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "refpolicy/refpolicy.h"
#include "source/source.h"
#include "util/err.h"

enum output_kind {
	OUT_DEFAULT, /* binary for a kernel policy, CIL for a module */
	OUT_CIL,     /* -C */
	OUT_CONF,    /* -F */
	OUT_PP,	     /* --pp */
	OUT_MOD,     /* --mod */
};

enum m4_mode { M4_AUTO, M4_ALWAYS, M4_NEVER };

struct sepolc_opts {
	struct pol_source_options build;
	bool mls_given; /* -M appeared, so the headers' build.conf does not decide */
	enum output_kind output;
	const char *out_path; /* -o; NULL = the default name, "-" = stdout */
	const char *fc_out;   /* -f */
	bool binary_input;    /* -b */
	bool check_only;      /* --check */
	bool check_neverallow; /* --check-neverallow BINARY FILE... */
	enum m4_mode m4;
	bool m4_shell;	      /* --m4-shell: m4's syscmd, esyscmd, debugfile... */
	const char *headers;  /* --headers */
	bool preprocess;      /* --preprocess: write m4's output, compile nothing */
	const char **defines; /* -D NAME[=VALUE], for m4 */
	size_t n_defines, defines_alloc;
	const char *base;     /* --base: the policy a module's requires are checked against */
	bool no_base_check;   /* --no-base-check */
	bool json;
	bool quiet;
	int verbose;
};

/* The files of one run, sorted by kind. */
struct inputs {
	const char **cil; /* .cil files */
	size_t n_cil;
	const char **ifs; /* .if files given for m4 */
	size_t n_ifs;
	const char *source; /* the policy.conf, .te or binary policy */
	const char *fc;	    /* the module's .fc (the first .fc given) */
	const char **fcs;   /* every .fc: a monolithic policy's file contexts */
	size_t n_fcs;
	char *own_fc; /* NAME.fc beside NAME.te, taken when no .fc was given */
};

/* diag.c: diagnostics on stderr, plain (with the source line and a caret)
 * or collected for one JSON document. */
struct diag_sink;
struct diag_sink *diag_sink_new(const struct sepolc_opts *opts);
/* Route err's diagnostics through the sink as they are added. */
void diag_sink_attach(struct diag_sink *sink, struct pol_err *err);
/* Report a diagnostic the tool itself finds (m4 failures, output errors). */
void diag_report(struct diag_sink *sink, enum pol_severity sev, int code, const char *file,
		 unsigned int line, unsigned int col, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
size_t diag_errors(const struct diag_sink *sink);
size_t diag_warnings(const struct diag_sink *sink);
/* In --json mode, have build's compile or check give each neverallow
 * violation to the sink, for the document's "neverallow_violations"
 * (always: the key even when there is none). */
void diag_sink_violations(struct diag_sink *sink, struct pol_source_options *build, bool always);
/* Print the JSON document (in --json mode) and free the sink. */
void diag_sink_finish(struct diag_sink *sink);

/* expand.c: refpolicy's module build step (libpolicy/refpolicy) in a
 * work directory that a signal removes. */
/* Notes for the calls m4 left alone, to follow the parser's errors. */
void m4_report_calls(const struct pol_refpolicy_expansion *r, struct diag_sink *diags);
/* Expand in->source (and in->fc) with the headers; returns an exit status. */
int m4_expand(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags,
	      struct pol_refpolicy_expansion *out);
/* Run m4 with the headers' defines on an .fc alone. */
int m4_expand_fc(const struct sepolc_opts *opts, const char *fc, struct diag_sink *diags,
		 char **text, size_t *len);
/* The same over several .fc files in one m4 run, with #line markers. */
int m4_expand_fcs(const struct sepolc_opts *opts, const char *const *fcs, size_t n_fcs,
		  struct diag_sink *diags, char **text, size_t *len);

/* fc.c: file_contexts lines as CIL filecon statements. */
int fc_write_cil(const char *name, const char *fc, size_t len, FILE *out, struct diag_sink *diags);

/* fc-mono.c: a monolithic policy's file_contexts from in->fcs (m4 when they
 * use macros), every context checked against kp, sorted as refpolicy's
 * fc_sort.py sorts; *text is heap memory. Returns an exit status. */
int fc_build_monolithic(const struct sepolc_opts *opts, const struct inputs *in,
			const struct pol_pdb *kp, struct diag_sink *diags, char **text,
			size_t *len);

/* output.c: atomic outputs; "-" is stdout. An output that is one of the
 * inputs (in, or --base) is refused. */
struct output;
int output_open(const char *path, const struct sepolc_opts *opts, const struct inputs *in,
		struct diag_sink *diags, struct output **out, FILE **fp);
/* Whether two output names lead to the same file, existing or not. */
bool output_same_file(const char *a, const char *b);
/* Commit (ok) or discard (!ok) the output; returns an exit status. */
int output_close(struct output *o, bool ok, struct diag_sink *diags);
/* Read a source file as text into *text (free()); binary or endless input
 * (/dev/zero) is refused at once. Returns an exit status, reported. */
int sepolc_read_input(const char *path, char **text, size_t *len, struct diag_sink *diags);

/* compile.c: the whole job (CIL, binary or source in, any output out);
 * returns an exit status. */
int sepolc_run(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags);
/* check-neverallow.c: --check-neverallow: files[0], a binary policy,
 * against the neverallow rules of the n - 1 files after it (policy.conf
 * statements, or CIL for NAME.cil); returns an exit status (1: a rule is
 * violated). */
int sepolc_check_neverallow(const struct sepolc_opts *opts, int n, char **files,
			    struct diag_sink *diags);
/* module.c: write a lowered module as opts asks (fc may be NULL). */
int module_write(const struct sepolc_opts *opts, const struct inputs *in,
		 struct pol_source_module *mod, const char *fc, size_t fc_len,
		 struct diag_sink *diags);

/* base-check.c: a module's requires, and the users, roles and types of its
 * .fc's contexts (fc NULL or fc->text NULL: none), against --base or the
 * installed policy (none installed: nothing checked); returns an exit
 * status. */
struct module_fc {
	const char *name; /* the .fc's file name */
	const char *text; /* its text, m4's output with #line markers or as read */
	size_t len;
};
int base_check(const struct sepolc_opts *opts, const struct pol_source_options *build,
	       const struct pol_source *src, const struct module_fc *fc, struct diag_sink *diags);

#endif
