/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sestore apply FILE|-: the lines of an apply file (semanage export's
 * syntax) made in one transaction, or --check: what would change.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/apply.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"

#include "cli.h"
#include "sestore.h"

enum { OPT_CHECK = 300 };

// clang-format off
static const struct cli_option options[] = {
	CLI_FLAG(OPT_CHECK, "check", "change nothing: say what would change (exit 1 when\n"
				     "something would, 0 when the store matches)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore apply [options] FILE|-\n"
	      "\n"
	      "Make the changes of FILE (lines as semanage export prints them) in one\n"
	      "transaction, or none of them. What the store already holds is no change;\n"
	      "when nothing changes no transaction begins.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

static int read_input(const char *path, char **text, size_t *len, struct pol_err *err)
{
	int rc = strcmp(path, "-") ? pol_read_path(path, text, len) : pol_read_fd(0, text, len);

	if (rc < 0)
		return pol_err_set(err, rc, "cannot read '%s': %s", path, pol_strerror(rc));
	return 0;
}

/* The report, after the relabel --relabel asks for (in the document under
 * --json); returns the relabel's exit status. */
static int print_report(const struct sestore *sc, struct pol_store *st,
			const struct pol_store_changes *list,
			const struct pol_store_apply_report *rep, bool check)
{
	struct pol_buf b = POL_BUF_INIT;
	int status = EXIT_OK;

	if (sc->json) {
		struct json_object *doc = pol_json_document("sestore"),
				   *a = json_object_new_array();

		pol_json_add_str(doc, "command", "apply");
		json_object_object_add(doc, "check", json_object_new_boolean(check));
		json_object_object_add(doc, "changed", json_object_new_boolean(rep->n > 0));
		for (size_t i = 0; i < rep->n; i++) {
			const struct pol_store_change *ch = rep->v[i];
			struct json_object *o = json_object_new_object();
			char *line;

			pol_buf_reset(&b);
			pol_store_change_format(ch, &b);
			line = b.data ? b.data : (char *)"";
			if (b.len && line[b.len - 1] == '\n')
				line[b.len - 1] = 0;
			pol_json_add_str(o, "kind", pol_store_apply_kind_name(ch->kind));
			pol_json_add_str(o, "action", pol_store_apply_op_name(ch->op));
			pol_json_add_str(o, "file", list->file);
			json_object_object_add(o, "line", json_object_new_int((int)ch->line));
			pol_json_add_str(o, "change", line);
			json_object_array_add(a, o);
		}
		json_object_object_add(doc, "changes", a);
		if (!check)
			status = sestore_relabel(sc, st, doc);
		pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	} else if (!sc->quiet && (check || sc->verbose)) {
		/* --check lists what would change on stdout, as apply lines */
		for (size_t i = 0; i < rep->n; i++)
			pol_store_change_format(rep->v[i], &b);
		fputs(pol_buf_str(&b), stdout);
	}
	if (!sc->json && !check)
		status = sestore_relabel(sc, st, NULL);
	if (!sc->json && sc->verbose)
		fprintf(stderr, "%s: %zu change(s)%s\n", cli_name(), rep->n,
			!rep->n ? ": nothing to do, no transaction"
			: check ? " would be made"
				: ", committed");
	pol_buf_release(&b);
	return status;
}

int sestore_apply(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_store_changes *list = NULL;
	struct pol_store_apply_report rep = {0};
	struct pol_store *st = NULL;
	struct pol_err err;
	bool check = false;
	char *text = NULL;
	size_t len;
	int c, rc, status;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		if (c == 'h')
			return usage();
		if (c == OPT_CHECK) {
			check = true;
			continue;
		}
		return EXIT_USAGE;
	}
	if (optind + 1 != argc)
		return cli_usage_error(optind < argc ? "one file expected"
						     : "give the file to apply, or - for stdin");
	sestore_err_init(sc, &err);
	rc = read_input(argv[optind], &text, &len, &err);
	if (rc == 0)
		rc = pol_store_apply_parse(strcmp(argv[optind], "-") ? argv[optind] : "<stdin>",
					   text, len, &list, &err);
	free(text);
	if (rc < 0)
		return sestore_report(sc, &err, rc);
	status = sestore_open(sc, check ? POL_STORE_CHECK : 0, &st);
	if (status) {
		pol_store_changes_free(list);
		pol_err_release(&err);
		return status;
	}
	rc = pol_store_apply(st, list, &rep, &err);
	status = sestore_report(sc, &err, rc);
	if (status == EXIT_OK)
		status = print_report(sc, st, list, &rep, check);
	pol_store_free(st);
	if (status == EXIT_OK && check && rep.n)
		status = EXIT_NOMATCH;
	pol_store_apply_report_release(&rep);
	pol_store_changes_free(list);
	return status;
}
