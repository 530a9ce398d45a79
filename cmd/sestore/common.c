/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Options, the store, the run of one record command and its reports. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/label.h"
#include "util/json.h"

#include "cli.h"
#include "sestore.h"

// clang-format off
const struct cli_option sestore_common_options[] = {
	CLI_VALUE('S', "store", "NAME", "the store NAME (/var/lib/selinux/NAME) instead of\n"
					"the configured policy type's"),
	CLI_VALUE(SESTORE_OPT_ROOT, "root", "DIR", "find the store under DIR (DIR/var/lib/selinux/NAME,\n"
						   "DIR/etc/selinux/NAME), as semodule -p"),
	CLI_FLAG('N', "noreload", "do not reload the policy after the commit"),
	CLI_FLAG(SESTORE_OPT_RELABEL, "relabel", "after the commit, relabel the files whose\n"
						 "file-context spec it changed"),
	CLI_FLAG(SESTORE_OPT_JSON, "json", "machine-readable output (see sestore(1))"),
	CLI_FLAG('q', "quiet", "print nothing; the exit status is the answer"),
	CLI_FLAG('v', "verbose", "more detail on stderr"),
	CLI_HELP,
	CLI_END,
};

const struct cli_option sestore_action_options[] = {
	CLI_FLAG('a', "add", "add a record (an identical one already there: no change)"),
	CLI_FLAG('d', "delete", "delete a local record"),
	CLI_FLAG('m', "modify", "modify a record"),
	CLI_FLAG('l', "list", "list the policy's and the local records"),
	CLI_FLAG('C', "locallist", "list the local records only (with -l, or alone)"),
	CLI_FLAG('D', "deleteall", "delete every local record of this kind"),
	CLI_FLAG('n', "noheading", "no heading line in listings"),
	CLI_END,
};
// clang-format on

int sestore_getopt(struct sestore *sc, struct cli_getopt *g, int argc, char **argv)
{
	int c;

	while ((c = cli_getopt(g, argc, argv)) != -1) {
		if (cli_output_option(c, SESTORE_OPT_JSON, &sc->json, &sc->quiet, &sc->verbose))
			continue;
		switch (c) {
		case 'S':
			sc->store = optarg;
			break;
		case SESTORE_OPT_ROOT:
			sc->root = optarg;
			break;
		case 'N':
			sc->noreload = true;
			break;
		case SESTORE_OPT_RELABEL:
			sc->relabel = true;
			break;
		case 'n':
			sc->noheading = true;
			break;
		default:
			return c;
		}
	}
	cli_output_done(sc->quiet, sc->in_command, &sc->verbose);
	return -1;
}

int sestore_action(struct sestore_req *r, int c)
{
	if (c == 'C') {
		r->locallist = true;
		c = 'l';
	}
	if (r->action && r->action != c)
		return cli_usage_error("-%c and -%c cannot be combined", r->action, c);
	r->action = (char)c;
	return EXIT_OK;
}

static void print_now(const struct pol_diag *d, void *data)
{
	(void)data;
	pol_diag_print(d, stderr, cli_name());
}

void sestore_err_init(const struct sestore *sc, struct pol_err *err)
{
	pol_err_init(err);
	if (!sc->json && !sc->quiet)
		err->callback = print_now;
}

int sestore_report(const struct sestore *sc, struct pol_err *err, int rc)
{
	int status;

	if (err->callback) {
		/* printed as they came: only a status without words is left */
		if (rc < 0 && !pol_err_errors(err))
			fprintf(stderr, "%s: %s\n", cli_name(), pol_strerror(rc));
		status = rc < 0 ? cli_exit_for_failure(rc) : EXIT_OK;
	} else {
		status = rc < 0 ? cli_report(err, rc) : cli_report(err, 0);
		if (rc < 0 && status == EXIT_OK)
			status = cli_exit_for_failure(rc);
	}
	pol_err_release(err);
	return status;
}

int sestore_open(struct sestore *sc, unsigned int flags, struct pol_store **st)
{
	struct pol_err err;
	int rc;

	sestore_err_init(sc, &err);
	if (sc->noreload)
		flags |= POL_STORE_NO_RELOAD;
	if (sc->relabel && !(flags & POL_STORE_CHECK))
		flags |= POL_STORE_RELABEL;
	rc = pol_store_open(sc->store, sc->root, flags, st, &err);
	if (rc < 0) {
		/* a store that is not there, or not ours to read: the
		 * environment's */
		int status = sestore_report(sc, &err, rc);

		return status == EXIT_USAGE && rc == POL_EINVAL ? status : EXIT_ENV;
	}
	pol_err_release(&err);
	return EXIT_OK;
}

// clang-format off
static const char ftype_names[][17] = {
	['a'] = "all files", ['f'] = "regular file", ['d'] = "directory",
	['c'] = "character device", ['b'] = "block device", ['s'] = "socket",
	['l'] = "symbolic link", ['p'] = "named pipe",
};
// clang-format on

static struct json_object *rec_json(const struct pol_store_rec *r)
{
	struct json_object *o = json_object_new_object();

	pol_json_add_str(o, "kind", pol_store_kind_name(r->kind));
	switch (r->kind) {
	case POL_STORE_PORT:
		pol_json_add_str(o, "proto", r->proto);
		json_object_object_add(o, "low", json_object_new_int((int)r->low));
		json_object_object_add(o, "high", json_object_new_int((int)r->high));
		break;
	case POL_STORE_EQUIV:
		pol_json_add_str(o, "path", r->name);
		pol_json_add_str(o, "equal", r->target);
		break;
	case POL_STORE_NODE:
		pol_json_add_str(o, "address", r->name);
		pol_json_add_str(o, "mask", r->mask);
		pol_json_add_str(o, "proto", r->proto);
		break;
	case POL_STORE_USER:
		pol_json_add_str(o, "name", r->name);
		pol_json_add_str(o, "roles", r->roles);
		if (r->level)
			pol_json_add_str(o, "level", r->level);
		if (r->prefix)
			pol_json_add_str(o, "prefix", r->prefix);
		break;
	case POL_STORE_FCONTEXT:
		pol_json_add_str(o, "path", r->name);
		pol_json_add_str(o, "file_type",
				 ftype_names[(unsigned char)(r->ftype ? r->ftype : 'a')]);
		break;
	case POL_STORE_BOOLEAN:
		pol_json_add_str(o, "name", r->name);
		json_object_object_add(o, "value", json_object_new_boolean(r->value));
		break;
	default:
		pol_json_add_str(o, "name", r->name);
		break;
	}
	if (r->seuser)
		pol_json_add_str(o, "seuser", r->seuser);
	if (r->type)
		pol_json_add_str(o, "type", r->type);
	if (r->range)
		pol_json_add_str(o, "range", r->range);
	json_object_object_add(o, "local", json_object_new_boolean(r->local));
	return o;
}

const struct pol_store_rec **sestore_sorted(const struct pol_store_list *l,
					    int (*cmp)(const void *, const void *))
{
	const struct pol_store_rec **v = malloc((l->n ? l->n : 1) * sizeof(*v));

	if (!v)
		return NULL;
	for (size_t i = 0; i < l->n; i++)
		v[i] = &l->recs[i];
	if (l->n)
		qsort(v, l->n, sizeof(*v), cmp);
	return v;
}

const char *sestore_ftype_name(char f)
{
	return ftype_names[(unsigned char)(f ? f : 'a')];
}

/* The listing of kind; fcontext's with its equivalences after it, as
 * semanage fcontext -l prints them. */
static int list(struct sestore *sc, struct pol_store *st, enum pol_store_kind kind,
		const struct sestore_req *r, sestore_print_fn print)
{
	enum pol_store_kind kinds[2] = {kind, POL_STORE_EQUIV};
	int nk = kind == POL_STORE_FCONTEXT ? 2 : 1, rc = 0;
	struct pol_store_list l[2] = {0};
	struct pol_err err;

	sestore_err_init(sc, &err);
	for (int i = 0; i < nk && rc == 0; i++)
		rc = pol_store_list(st, kinds[i], r->locallist ? POL_STORE_LOCAL_ONLY : 0, &l[i],
				    &err);
	if (rc == 0 && sc->json) {
		struct json_object *doc = pol_json_document("sestore"),
				   *a = json_object_new_array();

		pol_json_add_str(doc, "command", pol_store_kind_name(kind));
		for (int i = 0; i < nk; i++)
			for (size_t j = 0; j < l[i].n; j++)
				json_object_array_add(a, rec_json(&l[i].recs[j]));
		json_object_object_add(doc, "records", a);
		pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	} else if (rc == 0 && !sc->quiet) {
		for (int i = 0; i < nk; i++)
			if (i == 0 || l[i].n)
				print(sc, &l[i]);
	}
	for (int i = 0; i < nk; i++)
		pol_store_list_release(&l[i]);
	return sestore_report(sc, &err, rc);
}

struct relabel_out {
	const struct sestore *sc;
	struct json_object *changes; /* --json */
};

static void relabel_event(const struct pol_label_event *ev, void *data)
{
	struct relabel_out *o = data;
	struct json_object *c;

	switch (ev->kind) {
	case POL_LABEL_EV_CHANGE:
		if (o->changes) {
			c = json_object_new_object();
			pol_json_add_str(c, "path", ev->path);
			if (ev->old_context)
				pol_json_add_str(c, "old_context", ev->old_context);
			pol_json_add_str(c, "new_context", ev->new_context);
			json_object_array_add(o->changes, c);
		} else if (!o->sc->quiet) {
			/* restorecon -v's words */
			printf("Relabeled %s from %s to %s\n", ev->path,
			       ev->old_context ? ev->old_context : "(null)", ev->new_context);
		}
		break;
	case POL_LABEL_EV_CUSTOMIZED:
		if (o->sc->verbose && !o->sc->quiet)
			fprintf(stderr, "%s: %s not reset as customized by admin to %s\n",
				cli_name(), ev->path, ev->old_context);
		break;
	case POL_LABEL_EV_ERROR:
	case POL_LABEL_EV_WARNING:
		if (!o->sc->quiet)
			fprintf(stderr, "%s: %s: %s %s: %s\n", cli_name(),
				ev->kind == POL_LABEL_EV_ERROR ? "error" : "warning", ev->message,
				ev->path, pol_strerror(ev->code));
		break;
	case POL_LABEL_EV_CONFLICT:
		if (!o->sc->quiet)
			fprintf(stderr,
				"%s: warning: %s and %s are links of one file with different "
				"specs: labeled %s\n",
				cli_name(), ev->path, ev->other_path, ev->new_context);
		break;
	default:
		break;
	}
}

int sestore_relabel(const struct sestore *sc, struct pol_store *st, struct json_object *doc)
{
	struct json_object *own = sc->json && !doc ? pol_json_document("sestore") : NULL;
	struct relabel_out o = {sc, sc->json ? json_object_new_array() : NULL};
	struct pol_label_relabel_opts how = {.event = relabel_event, .event_data = &o};
	struct pol_label_stats stats;
	struct pol_err err;
	int rc;

	if (!sc->relabel) {
		json_object_put(own);
		json_object_put(o.changes);
		return EXIT_OK;
	}
	if (own) {
		pol_json_add_str(own, "command", "relabel");
		doc = own;
	}
	/* the changes in walk order, whatever the threads */
	how.flags = POL_LABEL_ORDERED_EVENTS;
	sestore_err_init(sc, &err);
	rc = pol_store_relabel(st, &how, &stats, &err);
	if (doc) {
		json_object_object_add(doc, "relabeled", o.changes);
		json_object_object_add(doc, "relabel_errors",
				       json_object_new_int64((int64_t)stats.errors));
	}
	if (own && rc == 0)
		pol_json_print(stdout, own, 1);
	json_object_put(own);
	if (rc == 0 && sc->verbose && !sc->json)
		fprintf(stderr, "%s: %llu file(s) relabeled, %llu error(s)\n", cli_name(),
			(unsigned long long)stats.changed, (unsigned long long)stats.errors);
	if (rc < 0)
		return sestore_report(sc, &err, rc);
	pol_err_release(&err);
	return stats.errors ? EXIT_PARTIAL : EXIT_OK;
}

int sestore_run(struct sestore *sc, enum pol_store_kind kind, const struct sestore_req *r,
		sestore_print_fn print)
{
	// clang-format off
	static const enum pol_store_op ops[128] = {
		['a'] = POL_STORE_ADD, ['m'] = POL_STORE_MODIFY, ['d'] = POL_STORE_DELETE,
	};
	// clang-format on
	struct pol_store *st;
	struct pol_err err;
	int status, rc;

	if (!r->action)
		return cli_usage_error("no action: give -a, -d, -m, -l, -C or -D");
	status = sestore_open(sc, 0, &st);
	if (status)
		return status;
	if (r->action == 'l') {
		status = list(sc, st, kind, r, print);
		pol_store_free(st);
		return status;
	}
	sestore_err_init(sc, &err);
	if (r->action == 'D') {
		/* semanage fcontext -D purges the equivalences too */
		rc = pol_store_delete_all(st, kind, &err);
		if (rc >= 0 && kind == POL_STORE_FCONTEXT) {
			int rc2 = pol_store_delete_all(st, POL_STORE_EQUIV, &err);

			rc = rc2 < 0 ? rc2 : rc || rc2;
		}
	} else {
		rc = pol_store_change(st, ops[(unsigned char)r->action], &r->rec, &err);
	}
	if (rc >= 0) {
		bool changed = pol_store_in_transaction(st);

		rc = pol_store_commit(st, &err);
		if (rc == 0 && sc->verbose)
			fprintf(stderr, "%s: %s\n", cli_name(),
				changed ? "committed" : "no change: nothing committed");
	}
	status = sestore_report(sc, &err, rc);
	if (status == EXIT_OK && sc->relabel)
		status = sestore_relabel(sc, st, NULL);
	pol_store_free(st);
	return status;
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

/* The options that set one field of the record, as semanage's letters */
// clang-format off
static const struct { char letter; size_t field; } rec_fields[] = {
	{ 't', offsetof(struct pol_store_rec, type) },
	{ 's', offsetof(struct pol_store_rec, seuser) },
	{ 'r', offsetof(struct pol_store_rec, range) },
	{ 'L', offsetof(struct pol_store_rec, level) },
	{ 'P', offsetof(struct pol_store_rec, prefix) },
	{ 'M', offsetof(struct pol_store_rec, mask) },
	{ 'p', offsetof(struct pol_store_rec, proto) },
	{ 'e', offsetof(struct pol_store_rec, target) },
};
// clang-format on

/* One option of a record command into r: 0, an exit status, or -1 when c
 * is no record option. */
static int record_option(struct sestore_req *r, int c, const char *arg)
{
	size_t n;

	for (size_t i = 0; i < sizeof(rec_fields) / sizeof(rec_fields[0]); i++)
		if (rec_fields[i].letter == c) {
			*(const char **)((char *)&r->rec + rec_fields[i].field) = arg;
			return 0;
		}
	switch (c) {
	case 'a':
	case 'd':
	case 'm':
	case 'l':
	case 'C':
	case 'D':
		return sestore_action(r, c);
	case 'R':
		/* semanage takes -R again and again, and 'ROLE ROLE' */
		n = strlen(r->roles);
		if (n + strlen(arg) + 2 > sizeof(r->roles))
			return cli_usage_error("too many roles");
		snprintf(r->roles + n, sizeof(r->roles) - n, "%s%s", n ? " " : "", arg);
		r->rec.roles = r->roles;
		return 0;
	case 'f':
		if (parse_ftype(arg, &r->rec.ftype) < 0)
			return cli_usage_error(
			    "invalid file type '%s': use a, f, d, c, b, s, l or p", arg);
		return 0;
	case '1':
	case '0':
		if (r->value >= 0 && r->value != (c == '1'))
			return cli_usage_error("--on and --off cannot be combined");
		r->value = c == '1';
		return 0;
	default:
		return -1;
	}
}

int sestore_record(struct sestore *sc, const struct sestore_kind *k, int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(k->options, "");
	struct sestore_req r = {.value = -1, .rec = {.kind = k->kind}};
	const char *arg = NULL;
	int c, st;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		if (c == 'h') {
			fputs(k->usage, stdout);
			cli_print_options(k->options);
			fputs("\nSee sestore(1).\n", stdout);
			return EXIT_OK;
		}
		st = record_option(&r, c, optarg);
		if (st)
			return st < 0 ? EXIT_USAGE : st;
	}
	if (r.action == 'l' || r.action == 'D') {
		if (optind < argc)
			return cli_usage_error("unexpected argument '%s'", argv[optind]);
	} else if (optind + 1 != argc) {
		return cli_usage_error(optind < argc ? "one %s expected" : "no %s given", k->what);
	} else {
		arg = argv[optind];
		r.rec.name = arg;
	}
	if (k->finish && (st = k->finish(&r, arg)))
		return st;
	return sestore_run(sc, r.rec.kind, &r, k->print);
}
