/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sepolc: compile SELinux policy sources (policy.conf, module .te, CIL) into
 * a kernel binary, CIL, policy.conf or a module package, with diagnostics
 * that point at the user's line and column. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/array.h"

#include "cli.h"
#include "sepolc.h"

enum {
	OPT_PP = 0x100,
	OPT_MOD,
	OPT_CHECK,
	OPT_M4,
	OPT_NO_M4,
	OPT_M4_SHELL,
	OPT_HEADERS,
	OPT_PREPROCESS,
	OPT_DEFINE,
	OPT_JSON,
	OPT_BASE,
	OPT_POLICY,
	OPT_NO_BASE_CHECK,
	OPT_CHECK_NEVERALLOW,
};

/* The option table; the destinations are parse_options()'s opts. -D means
 * --disable-dontaudit only, as in secilc and semodule; --define has no
 * short form (see reject_old_define()). */
// clang-format off
#define SEPOLC_OPTIONS(o)                                                                         \
	CLI_STRING('o', "output", "FILE", &(o).out_path,                                          \
		   "write here ('-' for stdout; default: policy.VERSION,\n"                        \
		   "NAME.cil, NAME.pp or NAME.mod in this directory)"),                            \
	CLI_FLAG('C', "cil", "write CIL instead of the kernel binary"),                           \
	CLI_FLAG('F', "conf", "write policy.conf instead of the kernel binary"),                  \
	CLI_FLAG(OPT_PP, "pp", "write a module as a .pp package (with its .fc)"),                 \
	CLI_FLAG(OPT_MOD, "mod", "write a module as checkmodule's .mod"),                         \
	CLI_STRING('f', "fc-output", "FILE", &(o).fc_out,                                         \
		   "write the file contexts here: the CIL policy's, or\n"                          \
		   "a policy.conf's .fc files checked and sorted"),                                \
	CLI_BOOL(OPT_CHECK, "check", &(o).check_only, "check everything and write nothing"),      \
	CLI_BOOL(OPT_CHECK_NEVERALLOW, "check-neverallow", &(o).check_neverallow,                 \
		 "check a binary policy (the first file) against the\n"                          \
		 "neverallow rules of the files after it (.conf or .cil)"),                        \
	CLI_BOOL('b', "binary", &(o).binary_input, "the input is a binary kernel policy"),        \
	CLI_OPTIONAL('M', "mls", "true|false", "the policy is MLS/MCS (-M true|false as in secilc)"), \
	CLI_VALUE('c', "policyvers", "N", "write policy version N (default: the newest)"),        \
	CLI_VALUE('U', "handle-unknown", "ACTION",                                                \
		  "unknown classes and permissions: deny, reject, allow"),                         \
	CLI_VALUE('t', "target", "PLATFORM", "selinux (default) or xen"),                         \
	CLI_BOOL('E', "werror", &(o).build.werror, "treat warnings as errors"),                   \
	CLI_BOOL('N', "disable-neverallow", &(o).build.no_neverallow, "do not check neverallow rules"), \
	CLI_BOOL('S', "sort", &(o).build.sort_ocontexts, "sort ocontexts as secilc and semanage do"), \
	CLI_BOOL('O', "optimize", &(o).build.optimize, "remove redundant rules"),                 \
	CLI_BOOL('P', "preserve-tunables", &(o).build.preserve_tunables,                          \
		 "keep tunables as booleans (CIL)"),                                               \
	CLI_BOOL('D', "disable-dontaudit", &(o).build.disable_dontaudit,                          \
		 "drop dontaudit rules (as secilc -D)"),                                           \
	CLI_FLAG(OPT_M4, "m4", "run m4 with refpolicy's headers on a .te and .fc"),               \
	CLI_FLAG(OPT_NO_M4, "no-m4", "never run m4, even on a .te that calls interfaces"),        \
	CLI_BOOL(OPT_M4_SHELL, "m4-shell", &(o).m4_shell,                                         \
		 "allow m4 builtins that run programs or write files\n"                           \
		 "(syscmd, esyscmd, debugfile): off, a .te is data"),                              \
	CLI_STRING(OPT_HEADERS, "headers", "DIR", &(o).headers,                                   \
		   "refpolicy headers (default: /usr/share/selinux/devel/include)"),               \
	CLI_BOOL(OPT_PREPROCESS, "preprocess", &(o).preprocess,                                   \
		 "write the .te as m4 expands it; compile nothing"),                               \
	CLI_VALUE(OPT_DEFINE, "define", "NAME[=VALUE]", "define an m4 macro (repeatable)"),       \
	CLI_STRING(OPT_BASE, "base", "POLICY", &(o).base,                                         \
		   "check a module's requires against this binary\n"                               \
		   "policy (default: the installed one, if any)"),                                 \
	CLI_STRING(OPT_POLICY, "policy", "POLICY", &(o).base,                                     \
		   "the same as --base (the other tools' --policy)"),                              \
	CLI_BOOL(OPT_NO_BASE_CHECK, "no-base-check", &(o).no_base_check,                          \
		 "do not check a module's requires"),                                              \
	CLI_BOOL(OPT_JSON, "json", &(o).json, "diagnostics as one JSON document on stderr"),      \
	CLI_COUNT('v', "verbose", &(o).verbose, "say what is done (twice: the m4 commands)"),     \
	CLI_BOOL('q', "quiet", &(o).quiet, "print no warnings or notes, only errors"),            \
	CLI_HELP_VERSION
// clang-format on

/* What rewrite_ambiguous() needs before there are any opts: the table's
 * shape (which options take a value), not its destinations. */
static struct sepolc_opts shape;
static const struct cli_option shape_table[] = {SEPOLC_OPTIONS(shape), CLI_END};

static int usage(void)
{
	printf("Usage:\n"
	       " %1$s [options] <policy.conf> [file.fc... -f file_contexts]\n"
	       " %1$s [options] <module.te> [module.fc] [interfaces.if...]\n"
	       " %1$s [options] <file.cil>...\n"
	       " %1$s [options] -b <policy.NN>\n"
	       " %1$s [options] --check-neverallow <policy.NN> <rules>...\n"
	       "\n"
	       "Compile SELinux policy: a policy.conf or CIL into a kernel policy, a module\n"
	       "into CIL for semodule -i or a .pp package.\n"
	       "\n",
	       cli_name());
	cli_print_options(shape_table);
	printf("\nSee sepolc(1).\n");
	return EXIT_OK;
}

/* ---- -D and -M, which mean two things each --------------------------- */

/* Whether the word after arg is arg's value, as getopt will take it. */
static bool takes_value(const char *arg)
{
	if (arg[0] == '-' && arg[1] == '-') {
		for (const struct cli_option *o = shape_table; o->id; o++)
			if (o->name && o->has_arg == required_argument &&
			    strcmp(arg + 2, o->name) == 0)
				return true;
		return false;
	}
	/* a cluster of short options: the first one with a value ends it */
	for (const char *p = arg + 1; *p; p++) {
		for (const struct cli_option *o = shape_table; o->id; o++) {
			if (o->id != *p || o->has_arg == no_argument)
				continue;
			return o->has_arg == required_argument && p[1] == '\0';
		}
	}
	return false;
}

static bool looks_like_define(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return false;
	for (s++; *s && *s != '='; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

/* Whether every letter of a short-option cluster is a flag without value. */
static bool is_flag_cluster(const char *letters)
{
	for (const char *p = letters; *p; p++) {
		const struct cli_option *o = shape_table;

		while (o->id && (o->id != *p || o->has_arg != no_argument))
			o++;
		if (!o->id)
			return false;
	}
	return true;
}

/*
 * -D once also meant m4's "-D NAME"; it is secilc's and semodule's
 * --disable-dontaudit now. Say so instead of reading NAME as an input file
 * or "-DNAME" as a cluster of letters.
 */
static int reject_old_define(const char *arg, const char *next)
{
	struct stat st;
	const char *name = NULL;

	if (strcmp(arg, "-D") == 0 && next && looks_like_define(next) && stat(next, &st) < 0)
		name = next;
	else if (strncmp(arg, "-D", 2) == 0 && looks_like_define(arg + 2) &&
		 !is_flag_cluster(arg + 2))
		name = arg + 2;
	if (!name)
		return EXIT_OK;
	return cli_usage_error("-D is --disable-dontaudit (as in secilc and semodule); "
			       "to define an m4 macro write --define=%s",
			       name);
}

/*
 * secilc users write "-M true"; it becomes --mls=VALUE. Rewrites argv in
 * place (the vector is ours to reorder, as getopt does).
 */
static int rewrite_ambiguous(int argc, char **argv, char **storage)
{
	int out = 1;

	for (int i = 1; i < argc; i++) {
		char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
		int status;

		argv[out++] = arg;
		if (strcmp(arg, "--") == 0) {
			while (++i < argc)
				argv[out++] = argv[i];
			break;
		}
		if (arg[0] != '-' || !arg[1])
			continue;
		status = reject_old_define(arg, next);
		if (status != EXIT_OK)
			return status;
		if (strcmp(arg, "-M") == 0 && next &&
		    (strcmp(next, "true") == 0 || strcmp(next, "false") == 0) &&
		    asprintf(&storage[i], "--mls=%s", next) >= 0) {
			argv[out - 1] = storage[i];
			i++;
			continue;
		}
		if (takes_value(arg) && next)
			argv[out++] = argv[++i];
	}
	argv[out] = NULL;
	return EXIT_OK;
}

/* ---- Values ----------------------------------------------------------- */

static int parse_bool(const char *s, bool *out)
{
	if (strcmp(s, "true") == 0 || strcmp(s, "1") == 0) {
		*out = true;
		return 0;
	}
	if (strcmp(s, "false") == 0 || strcmp(s, "0") == 0) {
		*out = false;
		return 0;
	}
	return -1;
}

static int parse_version(const char *s, unsigned int *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || !isdigit((unsigned char)*s) || v == 0 || v > 1000)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

static int parse_unknown(const char *s, enum pol_source_unknown *out)
{
	if (strcmp(s, "deny") == 0)
		*out = POL_SOURCE_UNKNOWN_DENY;
	else if (strcmp(s, "reject") == 0)
		*out = POL_SOURCE_UNKNOWN_REJECT;
	else if (strcmp(s, "allow") == 0)
		*out = POL_SOURCE_UNKNOWN_ALLOW;
	else
		return -1;
	return 0;
}

static int set_output(struct sepolc_opts *opts, enum output_kind kind)
{
	if (opts->output != OUT_DEFAULT && opts->output != kind)
		return cli_usage_error("choose one of -C/--cil, -F/--conf, --pp and --mod");
	opts->output = kind;
	return EXIT_OK;
}

static int add_define(struct sepolc_opts *opts, const char *def)
{
	if (!looks_like_define(def))
		return cli_usage_error("invalid m4 macro name in '%s'", def);
	if (POL_ARRAY_GROW(opts->defines, opts->n_defines + 1, opts->defines_alloc) < 0)
		return EXIT_ENV;
	opts->defines[opts->n_defines++] = def;
	return EXIT_OK;
}

static int parse_options(int argc, char **argv, struct sepolc_opts *opts)
{
	const struct cli_option options[] = {SEPOLC_OPTIONS(*opts), CLI_END};
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	int c, status = EXIT_OK;

	while (status == EXIT_OK && (c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'C':
			status = set_output(opts, OUT_CIL);
			break;
		case 'F':
			status = set_output(opts, OUT_CONF);
			break;
		case OPT_PP:
			status = set_output(opts, OUT_PP);
			break;
		case OPT_MOD:
			status = set_output(opts, OUT_MOD);
			break;
		case 'M':
			opts->mls_given = true;
			opts->build.mls = true;
			if (optarg && parse_bool(optarg, &opts->build.mls) < 0)
				status = cli_usage_error(
				    "invalid value '%s' for -M/--mls (true or false)", optarg);
			break;
		case 'c':
			if (parse_version(optarg, &opts->build.version) < 0)
				status = cli_usage_error("invalid policy version '%s'", optarg);
			break;
		case 'U':
			if (parse_unknown(optarg, &opts->build.handle_unknown) < 0)
				status =
				    cli_usage_error("invalid value '%s' for -U/--handle-unknown "
						    "(deny, reject or allow)",
						    optarg);
			break;
		case 't':
			if (strcmp(optarg, "selinux") == 0)
				opts->build.target = POL_SOURCE_TARGET_SELINUX;
			else if (strcmp(optarg, "xen") == 0)
				opts->build.target = POL_SOURCE_TARGET_XEN;
			else
				status =
				    cli_usage_error("invalid target '%s' (selinux or xen)", optarg);
			break;
		case OPT_DEFINE:
			status = add_define(opts, optarg);
			break;
		case OPT_M4:
			opts->m4 = M4_ALWAYS;
			break;
		case OPT_NO_M4:
			opts->m4 = M4_NEVER;
			break;
		case 'h':
			exit(usage());
		case 'V':
			exit(cli_version());
		default:
			return EXIT_USAGE;
		}
	}
	return status;
}

/* ---- Inputs ----------------------------------------------------------- */

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* A file_contexts-style input: NAME.fc, or an expanded file_contexts
 * (file_contexts, file_contexts.local, ...) */
static bool is_fc_input(const char *f)
{
	const char *base = strrchr(f, '/');

	base = base ? base + 1 : f;
	return has_suffix(f, ".fc") || strncmp(base, "file_contexts", 13) == 0;
}

static int sort_inputs(const struct sepolc_opts *opts, int n, char **files, struct inputs *in)
{
	if (n == 0)
		return cli_usage_error("no input file given");
	in->cil = calloc(n, sizeof(*in->cil));
	in->ifs = calloc(n, sizeof(*in->ifs));
	in->fcs = calloc(n, sizeof(*in->fcs));
	if (!in->cil || !in->ifs || !in->fcs)
		return EXIT_ENV;
	for (int i = 0; i < n; i++) {
		const char *f = files[i];

		if (!opts->binary_input && has_suffix(f, ".cil")) {
			in->cil[in->n_cil++] = f;
		} else if (!opts->binary_input && is_fc_input(f)) {
			/* several make a monolithic policy's file_contexts; a
			 * module takes one (compile.c says so once it knows) */
			in->fcs[in->n_fcs++] = f;
			if (!in->fc)
				in->fc = f;
		} else if (!opts->binary_input && has_suffix(f, ".if")) {
			in->ifs[in->n_ifs++] = f;
		} else {
			if (in->source)
				return cli_usage_error("one policy source at a time ('%s' and "
						       "'%s'); only CIL files combine",
						       in->source, f);
			in->source = f;
		}
	}
	if (!in->n_fcs && !opts->fc_out && in->source && has_suffix(in->source, ".te")) {
		/* as the headers' Makefile builds NAME.pp from NAME.te and NAME.fc */
		size_t stem = strlen(in->source) - 3;

		if (asprintf(&in->own_fc, "%.*s.fc", (int)stem, in->source) < 0)
			return EXIT_ENV;
		if (access(in->own_fc, F_OK) == 0) {
			in->fc = in->fcs[in->n_fcs++] = in->own_fc;
			if (opts->verbose && !opts->json)
				fprintf(stderr,
					"%s: note: using the file contexts '%s' beside '%s'\n",
					cli_name(), in->fc, in->source);
		}
	}
	if (in->n_fcs > 1 && in->source && has_suffix(in->source, ".te"))
		return cli_usage_error("more than one .fc file ('%s' and '%s') for the module '%s'",
				       in->fcs[0], in->fcs[1], in->source);
	if (in->n_cil && (in->source || in->fc || in->n_ifs))
		return cli_usage_error("CIL files cannot be compiled with '%s'",
				       in->source ? in->source
				       : in->fc	  ? in->fc
						  : in->ifs[0]);
	if (!in->n_cil && !in->source)
		return cli_usage_error("no policy source given ('%s' alone cannot be compiled)",
				       in->fc ? in->fc : in->ifs[0]);
	if (in->n_cil && (opts->output == OUT_PP || opts->output == OUT_MOD))
		return cli_usage_error(
		    "--pp and --mod write a module; CIL input makes a kernel policy");
	if (opts->binary_input && (opts->output == OUT_PP || opts->output == OUT_MOD))
		return cli_usage_error("--pp and --mod write a module; -b reads a kernel policy");
	if (opts->fc_out && !in->n_cil && (opts->binary_input || !in->n_fcs))
		return cli_usage_error("-f/--fc-output is for CIL input, or a policy.conf with "
				       "its .fc files");
	if (in->n_fcs && !in->n_cil && opts->fc_out && opts->output != OUT_DEFAULT)
		return cli_usage_error("-f/--fc-output with .fc files goes with the kernel binary, "
				       "not -C, -F, --pp or --mod");
	if (opts->preprocess && (in->n_cil || opts->binary_input))
		return cli_usage_error("--preprocess is for .te sources");
	if (opts->preprocess && opts->m4 == M4_NEVER)
		return cli_usage_error("--preprocess runs m4; it cannot go with --no-m4");
	if (in->n_cil && opts->m4 == M4_ALWAYS)
		return cli_usage_error("--m4 is for .te and .fc sources, not CIL");
	if (opts->out_path && opts->fc_out && strcmp(opts->out_path, "-") != 0 &&
	    output_same_file(opts->out_path, opts->fc_out))
		return cli_usage_error("-o and -f name the same file '%s'", opts->out_path);
	if (opts->out_path && opts->fc_out && strcmp(opts->out_path, "-") == 0 &&
	    strcmp(opts->fc_out, "-") == 0)
		return cli_usage_error("-o and -f cannot both be standard output");
	return EXIT_OK;
}

/* --check-neverallow reads a binary and rules, and writes nothing. */
static int check_neverallow_inputs(const struct sepolc_opts *opts, int n)
{
	if (n < 2)
		return cli_usage_error("--check-neverallow takes a binary policy and at least one "
				       "file of neverallow rules");
	if (opts->output != OUT_DEFAULT || opts->out_path || opts->fc_out || opts->check_only ||
	    opts->binary_input || opts->preprocess || opts->m4 == M4_ALWAYS || opts->base)
		return cli_usage_error(
		    "--check-neverallow writes nothing and reads a binary policy: it goes with no "
		    "-o, -C, -F, --pp, --mod, -f, --check, -b, --preprocess, --m4 or --base");
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct sepolc_opts opts = {.m4 = M4_AUTO};
	struct inputs in = {0};
	struct diag_sink *diags;
	char **storage = calloc(argc + 1, sizeof(*storage));
	int given = argc, status;

	cli_init(argv[0]);
	if (!storage)
		return EXIT_ENV;
	status = rewrite_ambiguous(argc, argv, storage);
	if (status != EXIT_OK)
		goto out;
	argc = 0;
	while (argv[argc])
		argc++;
	status = parse_options(argc, argv, &opts);
	if (status != EXIT_OK)
		goto out;
	if (opts.check_neverallow)
		status = check_neverallow_inputs(&opts, argc - optind);
	else
		status = sort_inputs(&opts, argc - optind, argv + optind, &in);
	if (status != EXIT_OK)
		goto out;
	diags = diag_sink_new(&opts);
	if (!diags) {
		status = EXIT_ENV;
		goto out;
	}
	if (opts.check_neverallow)
		status = sepolc_check_neverallow(&opts, argc - optind, argv + optind, diags);
	else
		status = sepolc_run(&opts, &in, diags);
	diag_sink_finish(diags);
out:
	for (int i = 0; storage && i <= given; i++)
		free(storage[i]);
	free(storage);
	free(opts.defines);
	free(in.cil);
	free(in.ifs);
	free(in.fcs);
	free(in.own_fc);
	return status;
}
