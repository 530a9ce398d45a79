/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sequery info: seinfo's command line and output, from C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/info.h"
#include "util/json.h"

#include "argparse.h"
#include "cli.h"
#include "sequery.h"

enum {
	O_EXPAND = POL_INFO_KIND_COUNT + 1, O_FLAT, O_ALL, O_VERBOSE, O_DEBUG, O_JSON, O_QUIET,
	O_HELP, O_VERSION,
};

/* Component options carry their pol_info_kind + 1 as id. */
#define K(kind) ((kind) + 1)

/* seinfo's options, each taking its optional argument as argparse's
 * nargs='?' does: "-t" alone lists all types, "-t NAME" one. */
// clang-format off
const struct ap_option sequery_info_options[] = {
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Components (NAME lists just that one):" },
	{ K(POL_INFO_ATTRIBUTE), { "-a", "--attribute" }, AP_OPTIONAL_VALUE, "NAME", "type attributes (with -x: their types)" },
	{ K(POL_INFO_BOOL), { "-b", "--bool" }, AP_OPTIONAL_VALUE, "NAME", "Booleans (with -x: default state)" },
	{ K(POL_INFO_CLASS), { "-c", "--class" }, AP_OPTIONAL_VALUE, "NAME", "object classes (with -x: permissions)" },
	{ K(POL_INFO_ROLE), { "-r", "--role" }, AP_OPTIONAL_VALUE, "NAME", "roles (with -x: types)" },
	{ K(POL_INFO_TYPE), { "-t", "--type" }, AP_OPTIONAL_VALUE, "NAME", "types, by name or alias (with -x: aliases, attributes)" },
	{ K(POL_INFO_USER), { "-u", "--user" }, AP_OPTIONAL_VALUE, "NAME", "users (with -x: roles, level, range)" },
	{ K(POL_INFO_CATEGORY), { "--category" }, AP_OPTIONAL_VALUE, "NAME", "MLS categories" },
	{ K(POL_INFO_COMMON), { "--common" }, AP_OPTIONAL_VALUE, "NAME", "common permission sets" },
	{ K(POL_INFO_CONSTRAIN), { "--constrain" }, AP_OPTIONAL_VALUE, "CLASS", "constrain and mlsconstrain statements" },
	{ K(POL_INFO_DEFAULT), { "--default" }, AP_OPTIONAL_VALUE, "CLASS", "default_user/role/type/range statements" },
	{ K(POL_INFO_FS_USE), { "--fs_use" }, AP_OPTIONAL_VALUE, "FS_TYPE", "fs_use_* statements" },
	{ K(POL_INFO_GENFSCON), { "--genfscon" }, AP_OPTIONAL_VALUE, "FS_TYPE", "genfscon statements" },
	{ K(POL_INFO_IBPKEYCON), { "--ibpkeycon" }, AP_OPTIONAL_VALUE, "PKEY[-PKEY]", "ibpkeycon statements (hexadecimal)" },
	{ K(POL_INFO_IBENDPORTCON), { "--ibendportcon" }, AP_OPTIONAL_VALUE, "NAME", "ibendportcon statements" },
	{ K(POL_INFO_INITIALSID), { "--initialsid" }, AP_OPTIONAL_VALUE, "NAME", "initial SIDs and their contexts" },
	{ K(POL_INFO_NETIFCON), { "--netifcon" }, AP_OPTIONAL_VALUE, "NAME", "netifcon statements" },
	{ K(POL_INFO_NODECON), { "--nodecon" }, AP_OPTIONAL_VALUE, "ADDR", "nodecon statements of a network, e.g. 10.0.0.0/8" },
	{ K(POL_INFO_PERMISSIVE), { "--permissive" }, AP_OPTIONAL_VALUE, "NAME", "permissive types" },
	{ K(POL_INFO_POLCAP), { "--polcap" }, AP_OPTIONAL_VALUE, "NAME", "policy capabilities" },
	{ K(POL_INFO_PORTCON), { "--portcon" }, AP_OPTIONAL_VALUE, "PORT[-PORT]", "portcon statements covering the port(s)" },
	{ K(POL_INFO_SENSITIVITY), { "--sensitivity" }, AP_OPTIONAL_VALUE, "NAME", "MLS sensitivities" },
	{ K(POL_INFO_TYPEBOUNDS), { "--typebounds" }, AP_OPTIONAL_VALUE, "TYPE", "typebounds statements of a bounded type" },
	{ K(POL_INFO_VALIDATETRANS), { "--validatetrans" }, AP_OPTIONAL_VALUE, "CLASS", "validatetrans and mlsvalidatetrans statements" },
	{ K(POL_INFO_IOPORTCON), { "--ioportcon" }, AP_FLAG, NULL, "Xen ioportcon statements (Xen policies only)" },
	{ K(POL_INFO_IOMEMCON), { "--iomemcon" }, AP_FLAG, NULL, "Xen iomemcon statements" },
	{ K(POL_INFO_PCIDEVICECON), { "--pcidevicecon" }, AP_FLAG, NULL, "Xen pcidevicecon statements" },
	{ K(POL_INFO_PIRQCON), { "--pirqcon" }, AP_FLAG, NULL, "Xen pirqcon statements" },
	{ K(POL_INFO_DEVICETREECON), { "--devicetreecon" }, AP_FLAG, NULL, "Xen devicetreecon statements" },
	{ O_ALL, { "--all" }, AP_FLAG, NULL, "statistics and every component above" },
	{ AP_SECTION, { NULL }, AP_FLAG, NULL, "Options:" },
	{ O_EXPAND, { "-x", "--expand" }, AP_FLAG, NULL, "print each component's statement" },
	{ O_FLAT, { "--flat" }, AP_FLAG, NULL, "no counts, no indentation, no statistics" },
	{ O_JSON, { "--json" }, AP_FLAG, NULL, "one JSON document (see sequery(1))" },
	{ O_QUIET, { "-q", "--quiet" }, AP_FLAG, NULL, "print nothing; the exit status is the answer" },
	{ O_VERBOSE, { "-v", "--verbose" }, AP_FLAG, NULL, "print the number of each component on stderr" },
	{ O_DEBUG, { "--debug" }, AP_FLAG, NULL, "accepted for seinfo compatibility; no effect" },
	{ O_HELP, { "-h", "--help" }, AP_FLAG, NULL, "display this help and exit" },
	{ O_VERSION, { "--version" }, AP_FLAG, NULL, "display version and exit" },
	{ 0, { NULL }, AP_FLAG, NULL, NULL },
};
// clang-format on

struct info_opts {
	bool want[POL_INFO_KIND_COUNT];
	const char *filter[POL_INFO_KIND_COUNT];
	bool all, expand, flat, json, quiet, verbose;
	const char *policy;
};

static int usage(void)
{
	fputs("Usage:\n"
	      " sequery info [POLICY] [options]\n"
	      "\n"
	      "List and count the components of a binary policy; accepts seinfo's arguments\n"
	      "and prints the same text. Without a component option, print statistics.\n"
	      "\n",
	      stdout);
	ap_print_options(sequery_info_options);
	fputs("\n"
	      "Exit status: 0 statistics or some component listed, 1 nothing listed (a\n"
	      "name matched nothing, a list is empty), 2 usage or input error (also an\n"
	      "unknown class for --constrain, --default, --validatetrans), 3 no policy.\n"
	      "See sequery(1).\n",
	      stdout);
	return EXIT_OK;
}

/* Returns -1 to go on, or the exit status to end with (--help, errors). */
static int parse(struct sequery *sq, int argc, char **argv, struct info_opts *o)
{
	struct ap_item *items;
	int n, status = -1;

	memset(o, 0, sizeof(*o));
	o->json = sq->json;
	o->quiet = sq->quiet;
	o->verbose = sq->verbose > 0;
	n = ap_parse(sequery_info_options, argc - 1, argv + 1, &items);
	if (n < 0)
		return cli_usage_error(NULL);
	for (int i = 0; i < n && status < 0; i++) {
		int id = items[i].id;
		const char *v = items[i].value;

		if (id >= K(0) && id <= K(POL_INFO_KIND_COUNT - 1)) {
			/* argparse keeps the last occurrence; an empty value
			 * counts as not given, as in seinfo */
			o->want[id - 1] = !v || *v;
			o->filter[id - 1] = v && *v ? v : NULL;
			continue;
		}
		switch (id) {
		case 0:
			if (o->policy)
				status = cli_usage_error("unrecognized argument: %s", v);
			else
				o->policy = v;
			break;
		// clang-format off
		case O_ALL: o->all = true; break;
		case O_EXPAND: o->expand = true; break;
		case O_FLAT: o->flat = true; break;
		case O_VERBOSE: o->verbose = true; break;
		case O_DEBUG: break;
		case O_JSON: o->json = true; break;
		case O_QUIET: o->quiet = true; break;
		case O_HELP: status = usage(); break;
		case O_VERSION: status = cli_version(); break;
			// clang-format on
		}
	}
	free(items);
	return status;
}

static void print_stats(const struct pol_pdb *pdb, const struct pol_info_stats *s)
{
	printf("Statistics for policy file: %s\n"
	       "Policy Version:             %u (MLS %s)\n"
	       "Target Policy:              %s\n"
	       "Handle unknown classes:     %s\n",
	       pol_pdb_path(pdb), s->version, s->mls ? "enabled" : "disabled", s->target,
	       s->handle_unknown);
	printf("  Classes:         %7zu    Permissions:     %7zu\n"
	       "  Sensitivities:   %7zu    Categories:      %7zu\n"
	       "  Types:           %7zu    Attributes:      %7zu\n"
	       "  Users:           %7zu    Roles:           %7zu\n"
	       "  Booleans:        %7zu    Cond. Expr.:     %7zu\n"
	       "  Allow:           %7zu    Neverallow:      %7zu\n"
	       "  Auditallow:      %7zu    Dontaudit:       %7zu\n"
	       "  Type_trans:      %7zu    Type_change:     %7zu\n"
	       "  Type_member:     %7zu    Range_trans:     %7zu\n"
	       "  Role allow:      %7zu    Role_trans:      %7zu\n"
	       "  Constraints:     %7zu    Validatetrans:   %7zu\n"
	       "  MLS Constrain:   %7zu    MLS Val. Tran:   %7zu\n"
	       "  Permissives:     %7zu    Polcap:          %7zu\n"
	       "  Defaults:        %7zu    Typebounds:      %7zu\n",
	       s->classes, s->permissions, s->sensitivities, s->categories, s->types,
	       s->attributes, s->users, s->roles, s->booleans, s->conditionals, s->allow,
	       s->neverallow, s->auditallow, s->dontaudit, s->type_transition, s->type_change,
	       s->type_member, s->range_transition, s->role_allow, s->role_transition,
	       s->constraints, s->validatetrans, s->mls_constraints, s->mls_validatetrans,
	       s->permissives, s->polcaps, s->defaults, s->typebounds);
	if (s->xen)
		printf("  Initial SIDs:    %7zu    Devicetreecon:   %7zu\n"
		       "  Iomemcon:        %7zu    Ioportcon:       %7zu\n"
		       "  Pcidevicecon:    %7zu    Pirqcon:         %7zu\n",
		       s->initial_sids, s->devicetreecons, s->iomemcons, s->ioportcons,
		       s->pcidevicecons, s->pirqcons);
	else
		printf("  Allowxperm:      %7zu    Neverallowxperm: %7zu\n"
		       "  Auditallowxperm: %7zu    Dontauditxperm:  %7zu\n"
		       "  Ibendportcon:    %7zu    Ibpkeycon:       %7zu\n"
		       "  Initial SIDs:    %7zu    Fs_use:          %7zu\n"
		       "  Genfscon:        %7zu    Portcon:         %7zu\n"
		       "  Netifcon:        %7zu    Nodecon:         %7zu\n",
		       s->allowxperm, s->neverallowxperm, s->auditallowxperm, s->dontauditxperm,
		       s->ibendportcons, s->ibpkeycons, s->initial_sids, s->fs_uses, s->genfscons,
		       s->portcons, s->netifcons, s->nodecons);
}

static void json_add_size(struct json_object *o, const char *key, size_t v)
{
	json_object_object_add(o, key, json_object_new_int64((int64_t)v));
}

static struct json_object *stats_json(const struct pol_info_stats *s)
{
	struct json_object *o = json_object_new_object();
	const struct {
		const char *key;
		size_t value;
		int platform; /* 0 both, 1 SELinux, 2 Xen */
	} counts[] = {
		{ "classes", s->classes, 0 }, { "permissions", s->permissions, 0 },
		{ "sensitivities", s->sensitivities, 0 }, { "categories", s->categories, 0 },
		{ "types", s->types, 0 }, { "attributes", s->attributes, 0 },
		{ "users", s->users, 0 }, { "roles", s->roles, 0 },
		{ "booleans", s->booleans, 0 }, { "conditionals", s->conditionals, 0 },
		{ "allow", s->allow, 0 }, { "neverallow", s->neverallow, 0 },
		{ "auditallow", s->auditallow, 0 }, { "dontaudit", s->dontaudit, 0 },
		{ "type_transition", s->type_transition, 0 }, { "type_change", s->type_change, 0 },
		{ "type_member", s->type_member, 0 },
		{ "range_transition", s->range_transition, 0 },
		{ "role_allow", s->role_allow, 0 }, { "role_transition", s->role_transition, 0 },
		{ "constraints", s->constraints, 0 }, { "validatetrans", s->validatetrans, 0 },
		{ "mls_constraints", s->mls_constraints, 0 },
		{ "mls_validatetrans", s->mls_validatetrans, 0 },
		{ "permissives", s->permissives, 0 }, { "polcaps", s->polcaps, 0 },
		{ "defaults", s->defaults, 0 }, { "typebounds", s->typebounds, 0 },
		{ "allowxperm", s->allowxperm, 1 }, { "neverallowxperm", s->neverallowxperm, 1 },
		{ "auditallowxperm", s->auditallowxperm, 1 },
		{ "dontauditxperm", s->dontauditxperm, 1 },
		{ "ibendportcons", s->ibendportcons, 1 }, { "ibpkeycons", s->ibpkeycons, 1 },
		{ "initial_sids", s->initial_sids, 0 }, { "fs_uses", s->fs_uses, 1 },
		{ "genfscons", s->genfscons, 1 }, { "portcons", s->portcons, 1 },
		{ "netifcons", s->netifcons, 1 }, { "nodecons", s->nodecons, 1 },
		{ "devicetreecons", s->devicetreecons, 2 }, { "iomemcons", s->iomemcons, 2 },
		{ "ioportcons", s->ioportcons, 2 }, { "pcidevicecons", s->pcidevicecons, 2 },
		{ "pirqcons", s->pirqcons, 2 },
	};

	json_add_size(o, "version", s->version);
	json_object_object_add(o, "mls", json_object_new_boolean(s->mls));
	pol_json_add_str(o, "target", s->target);
	pol_json_add_str(o, "handle_unknown", s->handle_unknown);
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (!counts[i].platform || counts[i].platform == (s->xen ? 2 : 1))
			json_add_size(o, counts[i].key, counts[i].value);
	return o;
}

static struct json_object *list_json(const struct pol_info_list *list)
{
	const char *members = pol_info_members_key(list->kind);
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < list->count; i++) {
		const struct pol_info_item *it = &list->items[i];
		struct json_object *o = json_object_new_object();

		if (it->name)
			pol_json_add_str(o, "name", it->name);
		pol_json_add_str(o, "statement", it->statement);
		if (it->state >= 0)
			json_object_object_add(o, "state", json_object_new_boolean(it->state));
		if (it->aliases)
			json_object_object_add(o, "aliases", pol_json_strv(it->aliases));
		if (members && it->members)
			json_object_object_add(o, members, pol_json_strv(it->members));
		json_object_array_add(a, o);
	}
	return a;
}

static void print_json(const struct pol_pdb *pdb, const struct pol_info_stats *stats,
		       struct pol_info_list *const *lists)
{
	struct json_object *doc = pol_json_document("sequery");

	pol_json_add_str(doc, "command", "info");
	pol_json_add_str(doc, "policy", pol_pdb_path(pdb));
	if (stats)
		json_object_object_add(doc, "statistics", stats_json(stats));
	for (int k = 0; k < POL_INFO_KIND_COUNT; k++)
		if (lists[k])
			json_object_object_add(doc, pol_info_kind_key(k), list_json(lists[k]));
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
}

static void print_text(const struct info_opts *o, struct pol_info_list *const *lists)
{
	for (int k = 0; k < POL_INFO_KIND_COUNT; k++) {
		const struct pol_info_list *l = lists[k];

		if (!l)
			continue;
		if (!o->flat)
			printf("\n%s: %zu\n", pol_info_kind_title(k), l->count);
		for (size_t i = 0; i < l->count; i++)
			printf("%s%s\n", o->flat ? "" : "   ",
			       o->expand ? l->items[i].expanded : l->items[i].text);
	}
}

/* What a filter names, for "no <what> 'x'" messages. */
static const char *filter_noun(enum pol_info_kind k)
{
	switch (k) {
	case POL_INFO_FS_USE: return "fs_use statement for file system";
	case POL_INFO_GENFSCON: return "genfscon statement for file system";
	case POL_INFO_IBENDPORTCON: return "ibendportcon statement for device";
	case POL_INFO_IBPKEYCON: return "ibpkeycon statement for pkeys";
	case POL_INFO_INITIALSID: return "initial SID";
	case POL_INFO_NETIFCON: return "netifcon statement for interface";
	case POL_INFO_NODECON: return "nodecon statement for network";
	case POL_INFO_POLCAP: return "policy capability";
	case POL_INFO_PORTCON: return "portcon statement covering port";
	case POL_INFO_CONSTRAIN: return "constraint on class";
	case POL_INFO_DEFAULT: return "default_* statement for class";
	case POL_INFO_VALIDATETRANS: return "validatetrans statement for class";
	case POL_INFO_PERMISSIVE: return "permissive type";
	case POL_INFO_TYPEBOUNDS: return "typebounds statement for bounded type";
	default: return pol_info_kind_key(k);
	}
}

/* Why a requested list came out empty, on stderr; a misspelt name gets
 * "did you mean". */
static void explain_empty(const struct pol_pdb *pdb, enum pol_info_kind k, const char *filter)
{
	enum pol_sym sym = pol_info_kind_sym(k);
	struct pol_err err;

	if (!filter)
		return;
	pol_err_init(&err);
	if (sym == POL_SYM_COUNT || pol_pdb_has(pdb, sym, filter))
		pol_err_set(&err, POL_ENOTFOUND, "no %s '%s'", filter_noun(k), filter);
	else if (sym == POL_SYM_ATTRIBUTE && pol_pdb_has(pdb, POL_SYM_TYPE, filter))
		pol_err_set(&err, POL_ENOTFOUND, "'%s' is a type, not an attribute", filter);
	else if (sym == POL_SYM_TYPE && pol_pdb_has(pdb, POL_SYM_ATTRIBUTE, filter))
		pol_err_set(&err, POL_ENOTFOUND, "'%s' is an attribute, not a type", filter);
	else if ((sym == POL_SYM_CAT || sym == POL_SYM_SENS) && !pol_pdb_mls(pdb))
		pol_err_set(&err, POL_ENOTFOUND, "unknown %s '%s': the policy has no MLS",
			    pol_sym_name(sym), filter);
	else
		pol_pdb_unknown(pdb, sym, filter, &err);
	/* a note beside the (empty) answer: the status stays "no match" */
	cli_report(&err, 0);
	pol_err_release(&err);
}

int sequery_info(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;
	struct pol_info_list *lists[POL_INFO_KIND_COUNT] = { NULL };
	struct pol_info_stats stats;
	struct info_opts o;
	struct pol_pdb *pdb;
	struct pol_err err;
	bool any = false, want_stats, xen;
	int status, rc = 0;

	if ((status = parse(sq, argc, argv, &o)) >= 0)
		return status;
	if ((status = sequery_policy(sq, o.policy, &pdb)))
		return status;
	pol_info_stats(pdb, &stats);
	xen = stats.xen;

	/* Every list is made before anything is printed: like seinfo, a bad
	 * argument leaves stdout empty. */
	pol_err_init(&err);
	for (int k = 0; k < POL_INFO_KIND_COUNT && rc == 0; k++) {
		if (!o.want[k] && !o.all)
			continue;
		/* seinfo adds the Xen components on Xen policies only */
		if (pol_info_kind_xen(k) && !xen)
			continue;
		any = true;
		/* --all lists everything, except where a name was given too */
		rc = pol_info_list(pdb, k, o.want[k] ? o.filter[k] : NULL, &lists[k], &err);
	}
	if (rc < 0) {
		/* an unknown class given to --constrain & co. is an input error,
		 * as an unknown name given to "sequery rules" is */
		status = cli_report(&err, rc);
		goto out;
	}
	want_stats = !any || o.all;
	if (!o.quiet && o.json)
		print_json(pdb, want_stats ? &stats : NULL, lists);
	else if (!o.quiet) {
		if (want_stats && !o.flat)
			print_stats(pdb, &stats);
		print_text(&o, lists);
	}
	/* Statistics count as an answer; otherwise something must be listed. */
	status = want_stats ? EXIT_OK : EXIT_NOMATCH;
	for (int k = 0; k < POL_INFO_KIND_COUNT; k++) {
		if (!lists[k])
			continue;
		if (o.verbose)
			fprintf(stderr, "%s: %s: %zu\n", cli_name(), pol_info_kind_title(k),
				lists[k]->count);
		if (lists[k]->count)
			status = EXIT_OK;
		else if (o.want[k] && !o.quiet)
			explain_empty(pdb, k, o.filter[k]);
	}
out:
	pol_err_release(&err);
	for (int k = 0; k < POL_INFO_KIND_COUNT; k++)
		pol_info_list_free(lists[k]);
	return status;
}
