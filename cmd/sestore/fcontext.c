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
	CLI_VALUE('e', "equal", "PATH", "SPEC is labelled as PATH is (an equivalence)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sestore fcontext -a|-m -t TYPE [-f FTYPE] [-s USER] [-r RANGE] SPEC\n"
    " sestore fcontext -d [-f FTYPE] SPEC\n"
    " sestore fcontext -a|-m -e PATH SPEC\n"
    " sestore fcontext -l|-C|-D\n"
    "\n"
    "Add, modify or delete the local file-context specification SPEC (a regular\n"
    "expression, as in file_contexts), or the equivalence of SPEC (a path) to\n"
    "PATH, as semanage fcontext does.\n"
    "\n";

/* the equivalences as semanage prints them: the policy's, then the local ones */
static void print_equiv(const struct sestore *sc, const struct pol_store_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct pol_store_rec *r = &l->recs[i];

		if (!sc->noheading && (i == 0 || r->local != l->recs[i - 1].local))
			printf("\nSELinux %s fcontext Equivalence \n\n",
			       r->local ? "Local" : "Distribution");
		printf("%s = %s\n", r->name, r->target);
	}
}

static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	if (l->n && l->recs[0].kind == POL_STORE_EQUIV) {
		print_equiv(sc, l);
		return;
	}
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

/* fcontext -e PATH SPEC: an equivalence; -D purges them too, as semanage's */
static int finish(struct sestore_req *r, const char *arg)
{
	(void)arg;
	if (r->rec.target && r->action != 'l' && r->action != 'D')
		r->rec.kind = POL_STORE_EQUIV;
	return EXIT_OK;
}

static const struct sestore_kind kind = {POL_STORE_FCONTEXT,   options, usage,
					 "file specification", finish,	print};

int sestore_fcontext(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &kind, argc, argv);
}
