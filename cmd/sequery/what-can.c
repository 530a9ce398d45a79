/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery what-can: what a domain may do, by class and target. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "query/query.h"
#include "util/json.h"

#include "argparse.h"
#include "cli.h"
#include "sequery.h"

const struct ap_option sequery_what_can_options[] = {SEQUERY_ARGS_OPTIONS};

static int usage(void)
{
	fputs("Usage:\n"
	      " sequery what-can [options] <source> [CLASS] [POLICY]\n"
	      "\n"
	      "Show what <source> (a type, alias or attribute) may do: its allow rules,\n"
	      "matched through attributes, grouped by class and then target, with the\n"
	      "permissions they grant together and the rules that grant them.\n"
	      "\n"
	      "With two arguments after <source>, they are CLASS and POLICY. With one, it is\n"
	      "POLICY when it contains '/' or names an existing file, else CLASS: write\n"
	      "./FILE for a policy in the current directory.\n"
	      "\n",
	      stdout);
	ap_print_options(sequery_what_can_options);
	fputs("\n"
	      "Exit status: 0 something is allowed, 1 nothing is, 2 usage or input error,\n"
	      "3 no policy. See sequery(1).\n",
	      stdout);
	return EXIT_OK;
}

static bool looks_like_policy(const char *arg)
{
	struct stat st;

	return strchr(arg, '/') || stat(arg, &st) == 0;
}

static void print_text(const struct pol_pdb *pdb, const struct pol_access_list *list)
{
	const char *tclass = NULL;

	for (size_t i = 0; i < list->count; i++) {
		const struct pol_access *a = &list->items[i];

		if (!tclass || strcmp(tclass, a->tclass) != 0)
			printf("%s\n", a->tclass);
		tclass = a->tclass;
		printf("  %s:", a->target);
		for (const char **p = a->perms; *p; p++)
			printf(" %s", *p);
		putchar('\n');
		for (size_t r = 0; r < a->nreasons; r++) {
			fputs("    ", stdout);
			sequery_print_reason(pdb, &a->reasons[r]);
		}
	}
}

/* Streamed, one access entry at a time: with attribute targets expanded an
 * answer can hold hundreds of thousands of entries, too many for one json-c
 * tree. */
static void print_json(const struct pol_pdb *pdb, const struct pol_access_list *list,
		       const char *source, const char *tclass)
{
	struct json_object *doc = pol_json_document("sequery");
	struct json_object *query = json_object_new_object();
	const char *head;
	size_t len;

	pol_json_add_str(doc, "command", "what-can");
	pol_json_add_str(doc, "policy", pol_pdb_path(pdb));
	pol_json_add_str(query, "source", source);
	pol_json_add_str(query, "class", tclass);
	json_object_object_add(doc, "query", query);
	head = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN |
						       JSON_C_TO_STRING_NOSLASHESCAPE);
	len = strlen(head);
	/* the document without its closing brace, then the array */
	printf("%.*s,\"access\":[", (int)(len - 1), head);
	json_object_put(doc);
	for (size_t i = 0; i < list->count; i++) {
		const struct pol_access *a = &list->items[i];
		struct json_object *o = json_object_new_object();
		struct json_object *perms = json_object_new_array();
		struct json_object *rules = json_object_new_array();

		pol_json_add_str(o, "class", a->tclass);
		pol_json_add_str(o, "target", a->target);
		for (const char **p = a->perms; *p; p++)
			json_object_array_add(perms, json_object_new_string(*p));
		json_object_object_add(o, "perms", perms);
		for (size_t r = 0; r < a->nreasons; r++)
			json_object_array_add(rules, sequery_reason_json(pdb, &a->reasons[r]));
		json_object_object_add(o, "rules", rules);
		printf("%s\n%s", i ? "," : "",
		       json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
							     JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
	}
	fputs("\n]}\n", stdout);
}

int sequery_what_can(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;
	const char *pos[3] = { NULL }, *source, *tclass = NULL, *policy = NULL;
	struct sequery_args args = {.pos = pos, .max = 3, .json = sq->json, .quiet = sq->quiet};
	struct pol_access_list *list;
	struct pol_pdb *pdb;
	struct pol_err err;
	int rc, status;

	status = sequery_parse_args(sequery_what_can_options, argc, argv, &args, usage);
	if (status >= 0)
		return status;
	if (args.npos == 0)
		return cli_usage_error("no source given");
	source = pos[0];
	if (args.npos == 3) {
		tclass = pos[1];
		policy = pos[2];
	} else if (args.npos == 2) {
		if (looks_like_policy(pos[1]))
			policy = pos[1];
		else
			tclass = pos[1];
	}

	if ((status = sequery_policy(sq, policy, &pdb)))
		return status;
	pol_err_init(&err);
	rc = pol_access_what_can(pdb, source, tclass, &list, &err);
	status = cli_report(&err, rc);
	pol_err_release(&err);
	if (rc < 0)
		return status;
	if (args.json && !args.quiet)
		print_json(pdb, list, source, tclass);
	else if (!args.quiet)
		print_text(pdb, list);
	status = list->count ? EXIT_OK : EXIT_NOMATCH;
	pol_access_list_free(list);
	return status;
}
