/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery rules: sesearch's command line and output, from C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "query/query.h"
#include "util/json.h"
#include "util/suggest.h"

#include "argparse.h"
#include "cli.h"
#include "sequery.h"

enum {
	O_A = 1, O_ALLOW, O_ALLOWXPERM, O_AUDITALLOW, O_AUDITALLOWXPERM, O_DONTAUDIT,
	O_DONTAUDITXPERM, O_NEVERALLOW, O_NEVERALLOWXPERM, O_TYPE_TRANS, O_TYPE_CHANGE,
	O_TYPE_MEMBER, O_ROLE_ALLOW, O_ROLE_TRANS, O_RANGE_TRANS,
	O_SOURCE, O_TARGET, O_CLASS, O_PERMS, O_XPERMS, O_DEFAULT, O_BOOL,
	O_EB, O_EP, O_EX, O_SP, O_DS, O_DT, O_RS, O_RT, O_RC, O_RD, O_RB,
	O_VERBOSE, O_DEBUG, O_JSON, O_QUIET, O_HELP, O_VERSION,
};

// clang-format off
const struct ap_option sequery_rules_options[] = {
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Rule kinds:" },
	{ O_A, { "-A" }, AP_FLAG, NULL, "allow and allowxperm rules" },
	{ O_ALLOW, { "--allow" }, AP_FLAG, NULL, "allow rules" },
	{ O_ALLOWXPERM, { "--allowxperm" }, AP_FLAG, NULL, "allowxperm rules" },
	{ O_AUDITALLOW, { "--auditallow" }, AP_FLAG, NULL, "auditallow rules" },
	{ O_AUDITALLOWXPERM, { "--auditallowxperm" }, AP_FLAG, NULL, "auditallowxperm rules" },
	{ O_DONTAUDIT, { "--dontaudit" }, AP_FLAG, NULL, "dontaudit rules" },
	{ O_DONTAUDITXPERM, { "--dontauditxperm" }, AP_FLAG, NULL, "dontauditxperm rules" },
	{ O_NEVERALLOW, { "--neverallow" }, AP_FLAG, NULL, "neverallow rules" },
	{ O_NEVERALLOWXPERM, { "--neverallowxperm" }, AP_FLAG, NULL, "neverallowxperm rules" },
	{ O_TYPE_TRANS, { "-T", "--type_trans" }, AP_FLAG, NULL,
	  "type_transition rules (also name-based ones)" },
	{ O_TYPE_CHANGE, { "--type_change" }, AP_FLAG, NULL, "type_change rules" },
	{ O_TYPE_MEMBER, { "--type_member" }, AP_FLAG, NULL, "type_member rules" },
	{ O_ROLE_ALLOW, { "--role_allow" }, AP_FLAG, NULL, "role allow rules" },
	{ O_ROLE_TRANS, { "--role_trans" }, AP_FLAG, NULL, "role_transition rules" },
	{ O_RANGE_TRANS, { "--range_trans" }, AP_FLAG, NULL, "range_transition rules" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Criteria:" },
	{ O_SOURCE, { "-s", "--source" }, AP_VALUE, "NAME", "source type, attribute or role" },
	{ O_TARGET, { "-t", "--target" }, AP_VALUE, "NAME", "target type, attribute or role" },
	{ O_CLASS, { "-c", "--class" }, AP_VALUE, "LIST", "comma-separated object classes" },
	{ O_PERMS, { "-p", "--perms" }, AP_VALUE, "LIST", "comma-separated permissions" },
	{ O_XPERMS, { "-x", "--xperms" }, AP_VALUE, "LIST",
	  "ioctl numbers and ranges, e.g. 0x8910-0x8920,0x8927" },
	{ O_DEFAULT, { "-D", "--default" }, AP_VALUE, "NAME",
	  "default type, role or range of transition rules" },
	{ O_BOOL, { "-b", "--bool" }, AP_VALUE, "LIST", "Booleans in the rule's conditional expression" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Modifiers:" },
	{ O_DS, { "-ds" }, AP_FLAG, NULL, "match source attributes directly" },
	{ O_DT, { "-dt" }, AP_FLAG, NULL, "match target attributes directly" },
	{ O_RS, { "-rs" }, AP_FLAG, NULL, "-s is a regular expression (unanchored search)" },
	{ O_RT, { "-rt" }, AP_FLAG, NULL, "-t is a regular expression" },
	{ O_RC, { "-rc" }, AP_FLAG, NULL, "-c is a regular expression" },
	{ O_RD, { "-rd" }, AP_FLAG, NULL, "-D is a regular expression" },
	{ O_RB, { "-rb" }, AP_FLAG, NULL, "-b is a regular expression" },
	{ O_EP, { "-ep" }, AP_FLAG, NULL, "permission set equals the list" },
	{ O_SP, { "-Sp" }, AP_FLAG, NULL, "the list is a subset of the rule's permissions" },
	{ O_EX, { "-ex" }, AP_FLAG, NULL, "extended permission set equals the list" },
	{ O_EB, { "-eb" }, AP_FLAG, NULL, "Boolean set equals the list" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Options:" },
	{ O_JSON, { "--json" }, AP_FLAG, NULL, "one JSON document (see sequery(1))" },
	{ O_QUIET, { "-q", "--quiet" }, AP_FLAG, NULL, "print nothing; exit 0 on a match, 1 on none" },
	{ O_VERBOSE, { "-v", "--verbose" }, AP_FLAG, NULL, "print the number of matches on stderr" },
	{ O_DEBUG, { "--debug" }, AP_FLAG, NULL, "accepted for sesearch compatibility; no effect" },
	{ O_HELP, { "-h", "--help" }, AP_FLAG, NULL, "display this help and exit" },
	{ O_VERSION, { "--version" }, AP_FLAG, NULL, "display version and exit" },
	{ 0, { NULL }, AP_FLAG, NULL, NULL },
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sequery rules [options] <rule kinds> [criteria] [POLICY]\n"
	      "\n"
	      "Search the rules of a binary policy; accepts sesearch's arguments and prints\n"
	      "the same lines. Attributes match through their member types unless -ds/-dt.\n"
	      "\n",
	      stdout);
	ap_print_options(sequery_rules_options);
	fputs("\n"
	      "Exit status: 0 rules matched, 1 none matched, 2 usage or input error.\n"
	      "See sequery(1).\n",
	      stdout);
	return EXIT_OK;
}

struct json_object *sequery_rule_json(const struct pol_rule *r)
{
	struct json_object *o = json_object_new_object();

	pol_json_add_str(o, "kind", r->kind == POL_RULE_ROLE_ALLOW ? "role_allow" :
				    pol_rule_kind_name(r->kind));
	pol_json_add_str(o, "source", r->source);
	pol_json_add_str(o, "target", r->target);
	if (r->tclass)
		pol_json_add_str(o, "class", r->tclass);
	if (r->perms) {
		struct json_object *a = json_object_new_array();

		for (const char **p = r->perms; *p; p++)
			json_object_array_add(a, json_object_new_string(*p));
		json_object_object_add(o, "perms", a);
	}
	if (r->xperm_type) {
		pol_json_add_str(o, "xperm_type", r->xperm_type);
		pol_json_add_str(o, "xperms", r->xperms);
	}
	if (r->deflt)
		pol_json_add_str(o, "default", r->deflt);
	if (r->filename)
		pol_json_add_str(o, "filename", r->filename);
	if (r->cond) {
		struct json_object *c = json_object_new_object();

		pol_json_add_str(c, "expression", r->cond);
		json_object_object_add(c, "branch", json_object_new_boolean(r->cond_branch));
		json_object_object_add(o, "conditional", c);
	}
	pol_json_add_str(o, "statement", r->text);
	return o;
}

static void print_json(const struct pol_pdb *pdb, const struct pol_rule_list *list)
{
	struct json_object *doc = pol_json_document("sequery");
	struct json_object *rules = json_object_new_array();

	pol_json_add_str(doc, "command", "rules");
	pol_json_add_str(doc, "policy", pol_pdb_path(pdb));
	for (size_t i = 0; i < list->count; i++)
		json_object_array_add(rules, sequery_rule_json(&list->rules[i]));
	json_object_object_add(doc, "rules", rules);
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
}

/* sesearch's -p is the permissions, where the other tools' -p is the
 * policy: a file there (no permission name has a '/' or a '.') is a policy
 * meant for -P. Returns -1 when perms is no file. */
static int perms_not_file(const char *perms)
{
	static const char *const policy_option[] = {"-P/--policy"};
	struct pol_err err;
	struct stat st;
	int status;

	if (!strpbrk(perms, "/.") || stat(perms, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	pol_err_init(&err);
	pol_err_set(&err, POL_EINVAL, "-p/--perms: '%s' is a file, not a list of permissions",
		    perms);
	pol_suggest_note_names(&err, POL_EINVAL, NULL, 0, 0, policy_option, 1);
	status = cli_usage_report(&err);
	pol_err_release(&err);
	return status;
}

int sequery_rules(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;
	/* rules answers as sesearch does, quirks included */
	struct pol_rule_query q = { .empty_attr_is_any = true };
	struct pol_rule_list *list;
	const char *policy = NULL;
	struct ap_item *items;
	struct pol_pdb *pdb;
	struct pol_err err;
	bool json = sq->json, quiet = sq->quiet, verbose = sq->verbose > 0;
	int n, rc, status = -1;

	n = ap_parse(sequery_rules_options, argc - 1, argv + 1, &items);
	if (n < 0)
		return cli_usage_error(NULL);
	for (int i = 0; i < n && status < 0; i++) {
		const char *v = items[i].value;

		switch (items[i].id) {
		case 0:
			if (policy)
				status = cli_usage_error("unrecognized argument: %s", v);
			else
				policy = v;
			break;
		case O_A:
			q.kinds |= POL_RULE_BIT(POL_RULE_ALLOW) | POL_RULE_BIT(POL_RULE_ALLOWXPERM);
			break;
		// clang-format off
		case O_ALLOW: q.kinds |= POL_RULE_BIT(POL_RULE_ALLOW); break;
		case O_ALLOWXPERM: q.kinds |= POL_RULE_BIT(POL_RULE_ALLOWXPERM); break;
		case O_AUDITALLOW: q.kinds |= POL_RULE_BIT(POL_RULE_AUDITALLOW); break;
		case O_AUDITALLOWXPERM: q.kinds |= POL_RULE_BIT(POL_RULE_AUDITALLOWXPERM); break;
		case O_DONTAUDIT: q.kinds |= POL_RULE_BIT(POL_RULE_DONTAUDIT); break;
		case O_DONTAUDITXPERM: q.kinds |= POL_RULE_BIT(POL_RULE_DONTAUDITXPERM); break;
		case O_NEVERALLOW: q.kinds |= POL_RULE_BIT(POL_RULE_NEVERALLOW); break;
		case O_NEVERALLOWXPERM: q.kinds |= POL_RULE_BIT(POL_RULE_NEVERALLOWXPERM); break;
		case O_TYPE_TRANS: q.kinds |= POL_RULE_BIT(POL_RULE_TYPE_TRANSITION); break;
		case O_TYPE_CHANGE: q.kinds |= POL_RULE_BIT(POL_RULE_TYPE_CHANGE); break;
		case O_TYPE_MEMBER: q.kinds |= POL_RULE_BIT(POL_RULE_TYPE_MEMBER); break;
		case O_ROLE_ALLOW: q.kinds |= POL_RULE_BIT(POL_RULE_ROLE_ALLOW); break;
		case O_ROLE_TRANS: q.kinds |= POL_RULE_BIT(POL_RULE_ROLE_TRANSITION); break;
		case O_RANGE_TRANS: q.kinds |= POL_RULE_BIT(POL_RULE_RANGE_TRANSITION); break;
		case O_SOURCE: q.source = v; break;
		case O_TARGET: q.target = v; break;
		case O_CLASS: q.classes = v; break;
		case O_PERMS: q.perms = v; break;
		case O_XPERMS: q.xperms = v; break;
		case O_DEFAULT: q.deflt = v; break;
		case O_BOOL: q.bools = v; break;
		case O_EB: q.bools_equal = true; break;
		case O_EP: q.perms_equal = true; break;
		case O_EX: q.xperms_equal = true; break;
		case O_SP: q.perms_subset = true; break;
		case O_DS: q.source_direct = true; break;
		case O_DT: q.target_direct = true; break;
		case O_RS: q.source_regex = true; break;
		case O_RT: q.target_regex = true; break;
		case O_RC: q.class_regex = true; break;
		case O_RD: q.default_regex = true; break;
		case O_RB: q.bools_regex = true; break;
		case O_VERBOSE: verbose = true; break;
		case O_DEBUG: break;
		case O_JSON: json = true; break;
		case O_QUIET: quiet = true; break;
		case O_HELP: status = usage(); break;
		case O_VERSION: status = cli_version(); break;
			// clang-format on
		}
	}
	free(items);
	if (status >= 0)
		return status;
	if (q.perms && (status = perms_not_file(q.perms)) >= 0)
		return status;
	if (!q.kinds)
		return cli_usage_error("at least one rule kind must be given (e.g. -A)");

	if ((status = sequery_policy(sq, policy, &pdb)))
		return status;
	pol_err_init(&err);
	rc = pol_rule_search(pdb, &q, &list, &err);
	if (rc < 0) {
		status = cli_report(&err, rc);
		pol_err_release(&err);
		return status;
	}
	pol_err_release(&err);
	if (json && !quiet)
		print_json(pdb, list);
	else if (!quiet)
		for (size_t i = 0; i < list->count; i++)
			puts(list->rules[i].text);
	if (verbose)
		fprintf(stderr, "%s: %zu rule%s matched\n", cli_name(), list->count,
			list->count == 1 ? "" : "s");
	status = list->count ? EXIT_OK : EXIT_NOMATCH;
	pol_rule_list_free(list);
	return status;
}
