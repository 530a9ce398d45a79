/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery who-can: the domains allowed some permissions on a type. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/query.h"
#include "util/array.h"
#include "util/json.h"

#include "argparse.h"
#include "cli.h"
#include "sequery.h"

/* argparse rather than getopt_long: the shell completes from this table,
 * as it does from sesearch's. */
// clang-format off
const struct ap_option sequery_who_can_options[] = {
	{ SQ_ARG_ALL, { "--all" }, AP_FLAG, NULL,
	  "a domain needs every permission, from one rule or several\n(the default)" },
	{ SQ_ARG_ANY, { "--any" }, AP_FLAG, NULL, "one of the permissions is enough" },
	SEQUERY_ARGS_OPTIONS,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sequery who-can [options] <perm>[,<perm>...] <class> <target> [POLICY]\n"
	      "\n"
	      "List the domains (source types) that allow rules let use the permissions on\n"
	      "<class> objects of type <target>, a type, alias or attribute. A rule written\n"
	      "on an attribute counts for each member type; a conditional rule counts and\n"
	      "shows its condition. Each domain is followed by the rules that grant it.\n"
	      "\n",
	      stdout);
	ap_print_options(sequery_who_can_options);
	fputs("\n"
	      "Exit status: 0 some domain is allowed, 1 none is, 2 usage or input error,\n"
	      "3 no policy. See sequery(1).\n",
	      stdout);
	return EXIT_OK;
}

/* A reason in JSON: the rule as "sequery rules --json" shows it, plus the
 * attributes it was matched through, and what a generated one stands for. */
struct json_object *sequery_reason_json(const struct pol_pdb *pdb,
					const struct pol_access_reason *why)
{
	struct json_object *o = sequery_rule_json(why->rule);
	char *source = pol_access_attr_text(pdb, why->source_attr);
	char *target = pol_access_attr_text(pdb, why->target_attr);

	pol_json_add_str(o, "via_source_attribute", why->source_attr);
	pol_json_add_str(o, "via_target_attribute", why->target_attr);
	pol_json_add_str(o, "via_source_attribute_expression", source);
	pol_json_add_str(o, "via_target_attribute_expression", target);
	free(source);
	free(target);
	return o;
}

/* "domain", or "base_typeattr_23 = { file_type -shadow_t }" */
static void print_attr(const struct pol_pdb *pdb, const char *attr)
{
	char *text = pol_access_attr_text(pdb, attr);

	fputs(attr, stdout);
	if (text)
		printf(" = %s", text);
	free(text);
}

/* "allow domain etc_t:file read; # via attribute domain" */
void sequery_print_reason(const struct pol_pdb *pdb, const struct pol_access_reason *why)
{
	fputs(why->rule->text, stdout);
	if (why->source_attr || why->target_attr)
		fputs(why->source_attr && why->target_attr ? " # via attributes "
							   : " # via attribute ",
		      stdout);
	if (why->source_attr)
		print_attr(pdb, why->source_attr);
	if (why->source_attr && why->target_attr)
		fputs(", ", stdout);
	if (why->target_attr)
		print_attr(pdb, why->target_attr);
	putchar('\n');
}

static void print_text(const struct pol_pdb *pdb, const struct pol_access_list *list, size_t nasked)
{
	for (size_t i = 0; i < list->count; i++) {
		const struct pol_access *a = &list->items[i];
		size_t n = 0;

		while (a->perms[n])
			n++;
		fputs(a->source, stdout);
		/* with --any, say which of the permissions this domain has */
		if (n < nasked) {
			fputs(" (granted:", stdout);
			for (size_t k = 0; k < n; k++)
				printf(" %s", a->perms[k]);
			putchar(')');
		}
		putchar('\n');
		for (size_t r = 0; r < a->nreasons; r++) {
			fputs("    ", stdout);
			sequery_print_reason(pdb, &a->reasons[r]);
		}
	}
}

static void print_json(const struct pol_pdb *pdb, const struct pol_access_list *list,
		       const char *perms, const char *tclass, const char *target, bool any)
{
	struct json_object *doc = pol_json_document("sequery");
	struct json_object *query = json_object_new_object();
	struct json_object *sources = json_object_new_array();
	char **asked = NULL;
	char *copy = strdup(perms);
	size_t n = 0, alloc = 0;

	/* the asked names in the order given */
	for (char *tok = copy ? strtok(copy, ",") : NULL; tok; tok = strtok(NULL, ",")) {
		/* room for a NULL after the last */
		if (POL_ARRAY_GROW(asked, n + 2, alloc) < 0)
			break;
		asked[n++] = tok;
		asked[n] = NULL;
	}
	pol_json_add_str(doc, "command", "who-can");
	pol_json_add_str(doc, "policy", pol_pdb_path(pdb));
	json_object_object_add(query, "perms", pol_json_strv((const char *const *)asked));
	pol_json_add_str(query, "class", tclass);
	pol_json_add_str(query, "target", target);
	pol_json_add_str(query, "match", any ? "any" : "all");
	json_object_object_add(doc, "query", query);
	for (size_t i = 0; i < list->count; i++) {
		const struct pol_access *a = &list->items[i];
		struct json_object *o = json_object_new_object();
		struct json_object *rules = json_object_new_array();

		pol_json_add_str(o, "type", a->source);
		json_object_object_add(o, "perms", pol_json_strv(a->perms));
		for (size_t r = 0; r < a->nreasons; r++)
			json_object_array_add(rules, sequery_reason_json(pdb, &a->reasons[r]));
		json_object_object_add(o, "rules", rules);
		json_object_array_add(sources, o);
	}
	json_object_object_add(doc, "sources", sources);
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
	free(asked);
	free(copy);
}

/* How many distinct permissions the list names. */
static size_t count_names(const char *perms)
{
	size_t n = 0;

	for (const char *p = perms; *p;) {
		size_t len = strcspn(p, ",");
		bool dup = false;

		for (const char *q = perms; q < p && len && !dup;) {
			size_t qlen = strcspn(q, ",");

			dup = qlen == len && strncmp(p, q, len) == 0;
			q += qlen + (q[qlen] == ',');
		}
		n += len && !dup;
		p += len + (p[len] == ',');
	}
	return n;
}

int sequery_who_can(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;
	const char *pos[4] = { NULL };
	struct sequery_args args = {.pos = pos, .max = 4, .json = sq->json, .quiet = sq->quiet};
	struct pol_access_list *list;
	struct pol_pdb *pdb;
	struct pol_err err;
	int rc, status;

	status = sequery_parse_args(sequery_who_can_options, argc, argv, &args, usage);
	if (status >= 0)
		return status;
	if (args.npos < 3)
		return cli_usage_error("%s given", args.npos == 0 ? "no permission, class or target"
						   : args.npos == 1 ? "no class or target"
								    : "no target");

	if ((status = sequery_policy(sq, pos[3], &pdb)))
		return status;
	pol_err_init(&err);
	rc = pol_access_who_can(pdb, pos[0], pos[1], pos[2], args.any ? POL_ACCESS_ANY : 0, &list,
				&err);
	status = cli_report(&err, rc);
	pol_err_release(&err);
	if (rc < 0)
		return status;
	if (args.json && !args.quiet)
		print_json(pdb, list, pos[0], pos[1], pos[2], args.any);
	else if (!args.quiet)
		print_text(pdb, list, count_names(pos[0]));
	status = list->count ? EXIT_OK : EXIT_NOMATCH;
	pol_access_list_free(list);
	return status;
}
