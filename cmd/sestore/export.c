/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore export: the local customisations as semanage export prints them. */
#include <stdio.h>
#include <stdlib.h>

#include "store/apply.h"
#include "util/buf.h"
#include "util/json.h"

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore export [options]\n"
	      "\n"
	      "Print the store's local customisations as semanage export does: lines that\n"
	      "sestore apply and semanage import read back.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

static void print_json(const struct pol_store_changes *l)
{
	struct json_object *doc = pol_json_document("sestore"), *a = json_object_new_array();
	struct pol_buf b = POL_BUF_INIT;

	pol_json_add_str(doc, "command", "export");
	for (size_t i = 0; i < l->n; i++) {
		pol_buf_reset(&b);
		pol_store_change_format(&l->v[i], &b);
		if (b.len)
			b.data[--b.len] = 0; /* the newline */
		json_object_array_add(a, json_object_new_string(pol_buf_str(&b)));
	}
	json_object_object_add(doc, "lines", a);
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
	pol_buf_release(&b);
}

int sestore_export(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_store_changes *l = NULL;
	struct pol_store *st;
	struct pol_err err;
	int c, rc, status;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		if (c == 'h')
			return usage();
		return EXIT_USAGE;
	}
	if (optind != argc)
		return cli_usage_error("unexpected argument '%s'", argv[optind]);
	status = sestore_open(sc, 0, &st);
	if (status)
		return status;
	sestore_err_init(sc, &err);
	rc = pol_store_export(st, &l, &err);
	if (rc == 0 && sc->json) {
		print_json(l);
	} else if (rc == 0 && !sc->quiet) {
		struct pol_buf b = POL_BUF_INIT;

		for (size_t i = 0; i < l->n; i++)
			pol_store_change_format(&l->v[i], &b);
		fputs(pol_buf_str(&b), stdout);
		pol_buf_release(&b);
	}
	pol_store_changes_free(l);
	pol_store_free(st);
	return sestore_report(sc, &err, rc);
}
