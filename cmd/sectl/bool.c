/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl bool: getsebool and setsebool, several booleans committed at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "store/store.h"
#include "util/json.h"

#include "cli.h"
#include "sectl.h"

enum { O_PENDING = 512, O_COMMIT };

// clang-format off
static const struct cli_option options[] = {
	CLI_FLAG(O_PENDING, "pending", "list only booleans with a pending change; with\n"
				       "NAME=VALUE, leave the new values pending"),
	CLI_FLAG(O_COMMIT, "commit", "make every pending value active"),
	CLI_FLAG('P', "persistent", "set the persistent values in the policy store, as\n"
				    "setsebool -P (the running ones too)"),
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sectl bool [options] [NAME[=VALUE]...]\n"
	      "\n"
	      "Without NAME, list every boolean as getsebool -a does (\"name --> on\", with\n"
	      "\"pending: off\" when a change waits for a commit); NAME prints one. NAME=VALUE\n"
	      "(or NAME VALUE, as setsebool takes it) sets booleans: all names are checked\n"
	      "first, then the new values are committed together. VALUE is on, off, 1, 0,\n"
	      "true or false.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\n"
	      "Exit status: 0 done, 2 unknown boolean or bad value, 3 SELinux disabled or\n"
	      "the kernel refused. See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

/* setsebool's values */
static int parse_value(const char *v, bool *out)
{
	if (strcasecmp(v, "on") == 0 || strcasecmp(v, "true") == 0 || strcmp(v, "1") == 0)
		*out = true;
	else if (strcasecmp(v, "off") == 0 || strcasecmp(v, "false") == 0 || strcmp(v, "0") == 0)
		*out = false;
	else
		return -1;
	return 0;
}

static void print_bool(const struct pol_kernel_bool *b)
{
	if (b->pending != b->active)
		printf("%s --> %s pending: %s\n", b->name, b->active ? "on" : "off",
		       b->pending ? "on" : "off");
	else
		printf("%s --> %s\n", b->name, b->active ? "on" : "off");
}

static struct json_object *bool_json(const struct pol_kernel_bool *b)
{
	struct json_object *o = json_object_new_object();

	pol_json_add_str(o, "name", b->name);
	json_object_object_add(o, "active", json_object_new_boolean(b->active));
	json_object_object_add(o, "pending", json_object_new_boolean(b->pending));
	return o;
}

struct request {
	struct pol_kernel_bool_change *changes;
	size_t nchanges;
	const char **names; /* to show */
	size_t nnames;
};

/* NAME=VALUE, NAME VALUE (setsebool's pairs) and NAME words. */
static int parse_args(int argc, char **argv, struct request *r)
{
	r->changes = calloc((size_t)argc + 1, sizeof(*r->changes));
	r->names = calloc((size_t)argc + 1, sizeof(*r->names));
	if (!r->changes || !r->names)
		return cli_usage_error("out of memory");
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		bool v;

		if (eq) {
			*eq = '\0';
			if (!*argv[i])
				return cli_usage_error("no boolean name in '=%s'", eq + 1);
			if (parse_value(eq + 1, &v) < 0)
				return cli_usage_error("invalid value '%s' for '%s': use on, off, 1, 0, true or false",
						       eq + 1, argv[i]);
			r->changes[r->nchanges++] = (struct pol_kernel_bool_change){ argv[i], v };
		} else if (i + 1 < argc && !strchr(argv[i + 1], '=') && parse_value(argv[i + 1], &v) == 0) {
			r->changes[r->nchanges++] = (struct pol_kernel_bool_change){ argv[i], v };
			i++;
		} else {
			r->names[r->nnames++] = argv[i];
		}
	}
	return EXIT_OK;
}

/* -P: the values in the policy store through libsemanage, in one commit;
 * the running values too when the store is the running policy's. The
 * store is the configured one under $SEKIT_SYSROOT (tests), else /. */
static int set_persistent(const struct request *r)
{
	struct pol_store *st;
	struct pol_err err;
	int rc;

	if (r->nnames || !r->nchanges)
		return cli_usage_error("-P takes NAME=VALUE pairs only");
	pol_err_init(&err);
	rc = pol_store_open(NULL, getenv("SEKIT_SYSROOT"), 0, &st, &err);
	if (rc < 0) {
		cli_report(&err, rc);
		pol_err_release(&err);
		return EXIT_ENV;
	}
	for (size_t i = 0; i < r->nchanges; i++) {
		struct pol_store_rec rec = {.kind = POL_STORE_BOOLEAN,
					    .name = r->changes[i].name,
					    .value = r->changes[i].value};

		pol_store_change(st, POL_STORE_MODIFY, &rec, &err);
	}
	rc = pol_store_commit(st, &err);
	pol_store_free(st);
	rc = rc < 0 ? cli_report(&err, rc) : EXIT_OK;
	pol_err_release(&err);
	return rc;
}

static int show(struct sectl *sc, struct pol_kernel *k, const struct request *r, bool pending_only,
		struct json_object *list, struct pol_err *err)
{
	struct pol_kernel_bool *all;
	size_t n;
	int status = EXIT_OK, rc;

	if (r->nnames == 0 && r->nchanges == 0) {
		rc = pol_kernel_bools(k, &all, &n, err);
		if (rc < 0)
			return cli_report_kernel(err, rc);
		for (size_t i = 0; i < n; i++) {
			if (pending_only && all[i].active == all[i].pending)
				continue;
			if (list)
				json_object_array_add(list, bool_json(&all[i]));
			else if (!sc->quiet)
				print_bool(&all[i]);
		}
		pol_kernel_bools_free(all, n);
		return EXIT_OK;
	}
	/* Each name on its own: one unknown name does not hide the others. */
	for (size_t i = 0; i < r->nnames + r->nchanges; i++) {
		const char *name = i < r->nnames ? r->names[i] : r->changes[i - r->nnames].name;
		struct pol_kernel_bool b;

		/* after a change, JSON shows the changed booleans too */
		if (i >= r->nnames && !list)
			break;
		pol_err_clear(err);
		rc = pol_kernel_bool_get(k, name, &b, err);
		if (rc < 0) {
			int s = cli_report_kernel(err, rc);

			status = s > status ? s : status;
			continue;
		}
		if (list)
			json_object_array_add(list, bool_json(&b));
		else if (!sc->quiet)
			print_bool(&b);
		free(b.name);
	}
	return status;
}

static void report_changes(const struct request *r, bool committed)
{
	for (size_t i = 0; i < r->nchanges; i++)
		fprintf(stderr, "%s: %s set to %s%s\n", cli_name(), r->changes[i].name,
			r->changes[i].value ? "on" : "off", committed ? "" : " (pending)");
}

int sectl_bool(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct request r = { 0 };
	struct json_object *doc = NULL, *list = NULL;
	struct pol_kernel *k = NULL;
	struct pol_err err;
	bool pending = false, commit = false, persistent = false;
	int c, rc, status;

	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1) {
		switch (c) {
		case O_PENDING:
			pending = true;
			break;
		case O_COMMIT:
			commit = true;
			break;
		case 'P':
			persistent = true;
			break;
		case 'h':
			return usage();
		default:
			return EXIT_USAGE;
		}
	}
	status = parse_args(argc - optind, argv + optind, &r);
	if (status != EXIT_OK)
		goto done;
	if (persistent) {
		status = set_persistent(&r);
		goto done;
	}
	status = sectl_open(sc, "bool", false, &k);
	if (status != EXIT_OK)
		goto done;
	pol_err_init(&err);
	if (r.nchanges) {
		rc = pol_kernel_bools_set(k, r.changes, r.nchanges,
					  pending ? POL_KERNEL_BOOLS_NO_COMMIT : 0, &err);
		if (rc < 0) {
			status = cli_report_kernel(&err, rc);
			goto out;
		}
		if (sc->verbose)
			report_changes(&r, !pending);
	}
	if (commit) {
		rc = pol_kernel_bools_commit(k, &err);
		if (rc < 0) {
			status = cli_report_kernel(&err, rc);
			goto out;
		}
		if (sc->verbose)
			fprintf(stderr, "%s: pending values committed\n", cli_name());
	}
	if (r.nnames == 0 && (r.nchanges || commit) && !sc->json)
		goto out; /* a change prints nothing, as setsebool */
	if (sc->json && !sc->quiet) {
		doc = sectl_json_doc("bool");
		list = json_object_new_array();
	}
	status = show(sc, k, &r, pending, list, &err);
	if (doc) {
		json_object_object_add(doc, "booleans", list);
		sectl_json_print(doc);
	}
out:
	pol_err_release(&err);
done:
	pol_kernel_free(k);
	free(r.changes);
	free(r.names);
	return status;
}
