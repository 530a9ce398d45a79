/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore fcontext: semanage fcontext's file-context specifications. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_VALUE('t', "type", "TYPE", "the file type of the context ('<<none>>': not labelled)"),
	CLI_VALUE('f', "ftype", "FTYPE", "only files of this kind: a (all), f d c b s l p"),
	CLI_VALUE('s', "seuser", "USER", "the SELinux user of the context (default system_u)"),
	CLI_VALUE('r', "range", "RANGE", "the MLS range of the context (default s0)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore fcontext -a|-m -t TYPE [-f FTYPE] [-s USER] [-r RANGE] SPEC\n"
	      " sestore fcontext -d [-f FTYPE] SPEC\n"
	      " sestore fcontext -l|-C|-D\n"
	      "\n"
	      "Add, modify or delete the local file-context specification SPEC (a regular\n"
	      "expression, as in file_contexts), as semanage fcontext does.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

/* semanage's -f words and letters, and file_contexts' */
// clang-format off
static const struct { const char *word; char letter; } ftypes[] = {
	{ "a", 'a' }, { "all files", 'a' },
	{ "f", 'f' }, { "regular file", 'f' }, { "--", 'f' },
	{ "d", 'd' }, { "directory", 'd' }, { "-d", 'd' },
	{ "c", 'c' }, { "character device", 'c' }, { "-c", 'c' },
	{ "b", 'b' }, { "block device", 'b' }, { "-b", 'b' },
	{ "s", 's' }, { "socket", 's' }, { "-s", 's' },
	{ "l", 'l' }, { "symbolic link", 'l' }, { "-l", 'l' },
	{ "p", 'p' }, { "named pipe", 'p' }, { "-p", 'p' },
};
// clang-format on

static int parse_ftype(const char *s, char *out)
{
	for (size_t i = 0; i < sizeof(ftypes) / sizeof(ftypes[0]); i++)
		if (strcmp(s, ftypes[i].word) == 0) {
			*out = ftypes[i].letter;
			return 0;
		}
	return -1;
}

static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	if (!sc->noheading)
		printf("%-50s %-18s %s\n\n", "SELinux fcontext", "type", "Context");
	for (size_t i = 0; i < l->n; i++) {
		const struct pol_store_rec *r = &l->recs[i];

		if (strcmp(r->type, "<<none>>") == 0)
			printf("%-50s %-18s <<None>>\n", r->name, sestore_ftype_name(r->ftype));
		else
			printf("%-50s %-18s %s:object_r:%s%s%s\n", r->name,
			       sestore_ftype_name(r->ftype), r->seuser, r->type,
			       r->range ? ":" : "", r->range ? r->range : "");
	}
}

int sestore_fcontext(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct sestore_req r = {.rec = {.kind = POL_STORE_FCONTEXT}};
	int c, st;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		switch (c) {
		case 'a':
		case 'd':
		case 'm':
		case 'l':
		case 'C':
		case 'D':
			if ((st = sestore_action(&r, c)))
				return st;
			break;
		case 't':
			r.rec.type = optarg;
			break;
		case 'f':
			if (parse_ftype(optarg, &r.rec.ftype) < 0)
				return cli_usage_error(
				    "invalid file type '%s': use a, f, d, c, b, s, l or p", optarg);
			break;
		case 's':
			r.rec.seuser = optarg;
			break;
		case 'r':
			r.rec.range = optarg;
			break;
		case 'h':
			return usage();
		default:
			return EXIT_USAGE;
		}
	}
	if (r.action == 'l' || r.action == 'D') {
		if (optind < argc)
			return cli_usage_error("unexpected argument '%s'", argv[optind]);
	} else if (optind + 1 != argc) {
		return cli_usage_error(optind < argc ? "one file specification expected"
						     : "no file specification given");
	}
	if (optind < argc)
		r.rec.name = argv[optind];
	return sestore_run(sc, POL_STORE_FCONTEXT, &r, print);
}
