/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery diff: what changed between two policies, in sediff's words. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "query/diff.h"
#include "util/json.h"

#include "argparse.h"
#include "cli.h"
#include "sequery.h"

/* Option ids: a section selector is OPT_SECTION + its enum pol_diff_section. */
enum {
	OPT_JSON = 1,
	OPT_QUIET,
	OPT_HELP,
	OPT_STATS,
	OPT_VERBOSE,
	OPT_A,
	OPT_SECTION = 100,
};

#define SEL(sec) (OPT_SECTION + (sec))

// clang-format off
const struct ap_option sequery_diff_options[] = {
	{ OPT_STATS, { "--stats" }, AP_FLAG, NULL, "print only each section's header (its counts)" },
	{ OPT_VERBOSE, { "-v", "--verbose", NULL }, AP_FLAG, NULL, "accepted for sediff; no effect" },
	{ OPT_VERBOSE, { "--debug" }, AP_FLAG, NULL, "accepted for sediff; no effect" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Component differences:" },
	{ SEL(POL_DIFF_COMMONS), { "--common" }, AP_FLAG, NULL, "commons" },
	{ SEL(POL_DIFF_CLASSES), { "-c", "--class" }, AP_FLAG, NULL, "classes" },
	{ SEL(POL_DIFF_TYPES), { "-t", "--type" }, AP_FLAG, NULL, "types" },
	{ SEL(POL_DIFF_ATTRIBUTES), { "-a", "--attribute" }, AP_FLAG, NULL, "type attributes" },
	{ SEL(POL_DIFF_ROLES), { "-r", "--role" }, AP_FLAG, NULL, "roles" },
	{ SEL(POL_DIFF_USERS), { "-u", "--user" }, AP_FLAG, NULL, "users" },
	{ SEL(POL_DIFF_BOOLS), { "-b", "--bool" }, AP_FLAG, NULL, "booleans" },
	{ SEL(POL_DIFF_SENSITIVITIES), { "--sensitivity" }, AP_FLAG, NULL, "MLS sensitivities" },
	{ SEL(POL_DIFF_CATEGORIES), { "--category" }, AP_FLAG, NULL, "MLS categories" },
	{ SEL(POL_DIFF_LEVELS), { "--level" }, AP_FLAG, NULL, "MLS levels" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Type enforcement rule differences:" },
	{ OPT_A, { "-A" }, AP_FLAG, NULL, "allow and allowxperm rules" },
	{ SEL(POL_DIFF_ALLOW), { "--allow" }, AP_FLAG, NULL, "allow rules" },
	{ SEL(POL_DIFF_NEVERALLOW), { "--neverallow" }, AP_FLAG, NULL, "neverallow rules (a kernel policy has none)" },
	{ SEL(POL_DIFF_AUDITALLOW), { "--auditallow" }, AP_FLAG, NULL, "auditallow rules" },
	{ SEL(POL_DIFF_DONTAUDIT), { "--dontaudit" }, AP_FLAG, NULL, "dontaudit rules" },
	{ SEL(POL_DIFF_ALLOWXPERM), { "--allowxperm" }, AP_FLAG, NULL, "allowxperm rules" },
	{ SEL(POL_DIFF_NEVERALLOWXPERM), { "--neverallowxperm" }, AP_FLAG, NULL, "neverallowxperm rules (a kernel policy has none)" },
	{ SEL(POL_DIFF_AUDITALLOWXPERM), { "--auditallowxperm" }, AP_FLAG, NULL, "auditallowxperm rules" },
	{ SEL(POL_DIFF_DONTAUDITXPERM), { "--dontauditxperm" }, AP_FLAG, NULL, "dontauditxperm rules" },
	{ SEL(POL_DIFF_TYPE_TRANS), { "-T", "--type_trans" }, AP_FLAG, NULL, "type_transition rules" },
	{ SEL(POL_DIFF_TYPE_CHANGE), { "--type_change" }, AP_FLAG, NULL, "type_change rules" },
	{ SEL(POL_DIFF_TYPE_MEMBER), { "--type_member" }, AP_FLAG, NULL, "type_member rules" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "RBAC, MLS rule and constraint differences:" },
	{ SEL(POL_DIFF_ROLE_ALLOW), { "--role_allow" }, AP_FLAG, NULL, "role allow rules" },
	{ SEL(POL_DIFF_ROLE_TRANS), { "--role_trans" }, AP_FLAG, NULL, "role_transition rules" },
	{ SEL(POL_DIFF_RANGE_TRANS), { "--range_trans" }, AP_FLAG, NULL, "range_transition rules" },
	{ SEL(POL_DIFF_CONSTRAINS), { "--constrain" }, AP_FLAG, NULL, "constrain statements" },
	{ SEL(POL_DIFF_MLSCONSTRAINS), { "--mlsconstrain" }, AP_FLAG, NULL, "mlsconstrain statements" },
	{ SEL(POL_DIFF_VALIDATETRANS), { "--validatetrans" }, AP_FLAG, NULL, "validatetrans statements" },
	{ SEL(POL_DIFF_MLSVALIDATETRANS), { "--mlsvalidatetrans" }, AP_FLAG, NULL, "mlsvalidatetrans statements" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Labeling statement differences:" },
	{ SEL(POL_DIFF_IBENDPORTCON), { "--ibendportcon" }, AP_FLAG, NULL, "ibendportcon statements" },
	{ SEL(POL_DIFF_IBPKEYCON), { "--ibpkeycon" }, AP_FLAG, NULL, "ibpkeycon statements" },
	{ SEL(POL_DIFF_INITIALSIDS), { "--initialsid" }, AP_FLAG, NULL, "initial SIDs" },
	{ SEL(POL_DIFF_FS_USE), { "--fs_use" }, AP_FLAG, NULL, "fs_use_* statements" },
	{ SEL(POL_DIFF_GENFSCON), { "--genfscon" }, AP_FLAG, NULL, "genfscon statements" },
	{ SEL(POL_DIFF_NETIFCON), { "--netifcon" }, AP_FLAG, NULL, "netifcon statements" },
	{ SEL(POL_DIFF_NODECON), { "--nodecon" }, AP_FLAG, NULL, "nodecon statements" },
	{ SEL(POL_DIFF_PORTCON), { "--portcon" }, AP_FLAG, NULL, "portcon statements" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Other differences:" },
	{ SEL(POL_DIFF_DEFAULTS), { "--default" }, AP_FLAG, NULL, "default_* rules" },
	{ SEL(POL_DIFF_PROPERTIES), { "--property" }, AP_FLAG, NULL, "policy properties: handle_unknown, MLS, version" },
	{ SEL(POL_DIFF_POLCAPS), { "--polcap" }, AP_FLAG, NULL, "policy capabilities" },
	{ SEL(POL_DIFF_TYPEBOUNDS), { "--typebounds" }, AP_FLAG, NULL, "typebounds rules" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Output:" },
	{ OPT_JSON, { "--json" }, AP_FLAG, NULL, "one JSON document (see sequery(1))" },
	{ OPT_QUIET, { "-q", "--quiet" }, AP_FLAG, NULL, "print nothing; the exit status is the answer" },
	{ OPT_HELP, { "-h", "--help" }, AP_FLAG, NULL, "display this help and exit" },
	{ 0, { NULL }, AP_FLAG, NULL, NULL },
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sequery diff [options] [selectors] POLICY1 POLICY2\n"
	      "\n"
	      "Print what changed from POLICY1 to POLICY2 as sediff prints it: a section per\n"
	      "component or rule kind, with its added (+), removed (-) and modified (*)\n"
	      "items. Without selectors every section is printed.\n"
	      "\n",
	      stdout);
	ap_print_options(sequery_diff_options);
	fputs("\n"
	      "Exit status: 0 the policies do not differ, 1 they differ, 2 usage or input\n"
	      "error, 3 environment error. See sequery(1).\n",
	      stdout);
	return EXIT_OK;
}

struct diff_opts {
	bool selected[POL_DIFF_SECTION_COUNT];
	bool any_selected, stats, json, quiet;
};

/* false when out of memory */
static bool print_items(struct pol_diff_list *l, size_t from, size_t n, const char *verb, char kind)
{
	if (!n)
		return true;
	/* sediff lists modified policy properties without a heading */
	if (l->section != POL_DIFF_PROPERTIES)
		printf("   %s %s: %zu\n", verb, pol_diff_section_items(l->section, kind), n);
	for (size_t i = from; i < from + n; i++) {
		const struct pol_diff_item *it = pol_diff_list_item(l, i);

		if (!it)
			return false;
		printf("      %c %s\n", it->kind, it->text);
		for (const char *const *d = it->details; d && *d; d++)
			printf("          %s\n", *d);
	}
	return true;
}

static bool print_text(struct pol_diff_list *l, const struct diff_opts *o)
{
	if (l->section == POL_DIFF_PROPERTIES) {
		printf("%s (%zu Modified)\n", pol_diff_section_title(l->section), l->modified);
	} else {
		printf("%s (%zu Added, %zu Removed", pol_diff_section_title(l->section), l->added,
		       l->removed);
		if (pol_diff_section_has_modified(l->section))
			printf(", %zu Modified", l->modified);
		puts(")");
	}
	if (!o->stats && !(print_items(l, 0, l->added, "Added", '+') &&
			   print_items(l, l->added, l->removed, "Removed", '-') &&
			   print_items(l, l->added + l->removed, l->modified, "Modified", '*')))
		return false;
	putchar('\n');
	return true;
}

/* The sections setools' MCP server groups under "te_rules": the AV and
 * xperm rules, type_transition, type_change and type_member. */
static bool is_te(enum pol_diff_section s)
{
	return s >= POL_DIFF_ALLOW && s <= POL_DIFF_TYPE_MEMBER;
}

/* {"rules": [...], "truncated": false}, as setools' MCP server groups them. */
static struct json_object *rule_group(struct json_object *rules)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "rules", rules);
	json_object_object_add(o, "truncated", json_object_new_boolean(0));
	return o;
}

static bool add_json(struct json_object *diffs, struct pol_diff_list *l)
{
	const char *key = pol_diff_section_key(l->section);
	struct json_object *g[3];

	for (int k = 0; k < 3; k++)
		g[k] = json_object_new_array();
	for (size_t i = 0; i < l->count; i++) {
		const struct pol_diff_item *it = pol_diff_list_item(l, i);
		int k = it && it->kind == '+' ? 0 : it && it->kind == '-' ? 1 : 2;
		struct json_object *o;

		if (!it) {
			for (k = 0; k < 3; k++)
				json_object_put(g[k]);
			return false;
		}
		if (k < 2) {
			json_object_array_add(g[k], json_object_new_string(it->text));
			continue;
		}
		o = json_object_new_object();
		if (it->value_name) {
			char name[64];

			pol_json_add_str(o, "rule", it->rule);
			snprintf(name, sizeof(name), "added_%s", it->value_name);
			pol_json_add_str(o, name, it->added_value);
			snprintf(name, sizeof(name), "removed_%s", it->value_name);
			pol_json_add_str(o, name, it->removed_value);
		} else if (it->rule) {
			pol_json_add_str(o, "rule", it->rule);
			json_object_object_add(o, "added_perms", pol_json_strv(it->added));
			json_object_object_add(o, "removed_perms", pol_json_strv(it->removed));
			json_object_object_add(o, "matched_perms", pol_json_strv(it->matched));
		} else {
			pol_json_add_str(o, "item", it->text);
			json_object_object_add(o, "details", pol_json_strv(it->details));
		}
		json_object_array_add(g[2], o);
	}
	if (is_te(l->section)) {
		struct json_object *te;
		char name[64];

		if (!json_object_object_get_ex(diffs, "te_rules", &te)) {
			te = json_object_new_object();
			json_object_object_add(diffs, "te_rules", te);
		}
		for (int k = 0; k < 3; k++) {
			snprintf(name, sizeof(name), "%s_%s",
				 k == 0	  ? "added"
				 : k == 1 ? "removed"
					  : "modified",
				 key);
			json_object_object_add(te, name, rule_group(g[k]));
		}
	} else {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "added", g[0]);
		json_object_object_add(o, "removed", g[1]);
		if (pol_diff_section_has_modified(l->section))
			json_object_object_add(o, "modified", g[2]);
		else
			json_object_put(g[2]);
		json_object_object_add(diffs, key, o);
	}
	return true;
}

static int open_policy(const char *path, struct pol_pdb **out)
{
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_pdb_open_default(path, out, &err);
	rc = rc < 0 ? cli_report(&err, rc) : 0;
	pol_err_release(&err);
	return rc;
}

static int parse(int argc, char **argv, struct diff_opts *o, const char **pos, int *npos)
{
	struct ap_item *items;
	int n = ap_parse(sequery_diff_options, argc - 1, argv + 1, &items), status = -1;

	if (n < 0)
		return cli_usage_error(NULL);
	for (int i = 0; i < n && status < 0; i++) {
		int id = items[i].id;

		if (id >= OPT_SECTION) {
			o->selected[id - OPT_SECTION] = o->any_selected = true;
		} else if (id == OPT_A) {
			o->selected[POL_DIFF_ALLOW] = o->selected[POL_DIFF_ALLOWXPERM] = true;
			o->any_selected = true;
		} else if (id == 0) {
			if (*npos == 2)
				status =
				    cli_usage_error("unrecognized argument: %s", items[i].value);
			else
				pos[(*npos)++] = items[i].value;
		} else if (id == OPT_JSON) {
			o->json = true;
		} else if (id == OPT_QUIET) {
			o->quiet = true;
		} else if (id == OPT_STATS) {
			o->stats = true;
		} else if (id == OPT_HELP) {
			status = usage();
		}
	}
	free(items);
	return status;
}

int sequery_diff(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;
	struct diff_opts o = {.json = sq->json, .quiet = sq->quiet};
	const char *pos[2] = {NULL};
	struct pol_pdb *p[2] = {NULL};
	struct json_object *doc = NULL, *diffs = NULL;
	bool differ = false;
	int npos = 0, status;

	if ((status = parse(argc, argv, &o, pos, &npos)) >= 0)
		return status;
	if (npos < 2)
		return cli_usage_error("%s", npos ? "one policy given; give POLICY1 and POLICY2"
						  : "no policies given");
	for (int i = 0; i < 2; i++)
		if ((status = open_policy(pos[i], &p[i])))
			goto out;
	if (o.json) {
		doc = pol_json_document("sequery");
		diffs = json_object_new_object();
		pol_json_add_str(doc, "command", "diff");
		pol_json_add_str(doc, "left_policy", pos[0]);
		pol_json_add_str(doc, "right_policy", pos[1]);
	}
	for (int s = 0; s < POL_DIFF_SECTION_COUNT; s++) {
		struct pol_diff_list *l;
		struct pol_err err;
		int rc;

		if (o.any_selected && !o.selected[s])
			continue;
		pol_err_init(&err);
		rc = pol_diff_section(p[0], p[1], s, &l, &err);
		if (rc == 0) {
			differ |= l->count > 0;
			if (o.quiet)
				;
			else if (o.json ? !add_json(diffs, l)
					: (l->count || o.selected[s]) && !print_text(l, &o))
				rc = pol_err_set(&err, -ENOMEM, "out of memory");
			pol_diff_list_free(l);
		}
		if (rc < 0) {
			status = cli_report(&err, rc);
			pol_err_release(&err);
			goto out;
		}
		pol_err_release(&err);
	}
	if (doc && !o.quiet) {
		json_object_object_add(doc, "different", json_object_new_boolean(differ));
		json_object_object_add(doc, "differences", diffs);
		diffs = NULL;
		pol_json_print(stdout, doc, 1);
	}
	status = differ ? EXIT_NOMATCH : EXIT_OK;
out:
	json_object_put(diffs);
	json_object_put(doc);
	pol_pdb_free(p[0]);
	pol_pdb_free(p[1]);
	return status;
}
