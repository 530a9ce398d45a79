/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl context: is a context valid, and its canonical form; initial SIDs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

enum { O_INITIAL = 512 };

// clang-format off
static const struct cli_option options[] = {
	CLI_FLAG(O_INITIAL, "initial", "the initial SIDs' contexts"),
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sectl context [options] CONTEXT...\n"
	      " sectl context [options] --initial [NAME...]\n"
	      "\n"
	      "Check each CONTEXT against the loaded policy and print the kernel's canonical\n"
	      "form of the valid ones. With --initial, print the contexts of the initial SIDs\n"
	      "(kernel, file, unlabeled, ...), or of those NAMEd.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\n"
	      "Exit status: 0 every CONTEXT is valid, 1 some is not, 2 usage error or unknown\n"
	      "initial SID, 3 no SELinux or policy. See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

static int check(struct sectl *sc, struct pol_kernel *k, int argc, char **argv,
		 struct json_object *list, struct pol_err *err)
{
	int status = EXIT_OK;

	for (int i = 0; i < argc; i++) {
		char *canon = NULL;
		int rc, s = EXIT_OK;

		pol_err_clear(err);
		rc = pol_kernel_check_context(k, argv[i], &canon, err);
		if (rc == POL_EINVAL) {
			/* the answer to the question, not a failure of the tool */
			cli_report(err, 0);
			s = EXIT_NOMATCH;
		} else if (rc < 0) {
			return cli_report_kernel(err, rc);
		}
		if (list) {
			struct json_object *o = json_object_new_object();

			pol_json_add_str(o, "context", argv[i]);
			json_object_object_add(o, "valid", json_object_new_boolean(rc == 0));
			pol_json_add_str(o, "canonical", canon);
			json_object_array_add(list, o);
		} else if (rc == 0 && !sc->quiet) {
			puts(canon);
		}
		free(canon);
		if (s > status)
			status = s;
	}
	return status;
}

static int initial(struct sectl *sc, struct pol_kernel *k, int argc, char **argv,
		   struct json_object *doc, struct pol_err *err)
{
	struct pol_kernel_initial *v;
	struct json_object *map = doc ? json_object_new_object() : NULL;
	size_t n;
	int status = EXIT_OK, rc;

	rc = pol_kernel_initial_contexts(k, &v, &n, err);
	if (rc < 0) {
		json_object_put(map);
		return cli_report_kernel(err, rc);
	}
	for (size_t i = 0; i < n; i++) {
		bool wanted = argc == 0;

		for (int a = 0; a < argc && !wanted; a++)
			wanted = strcmp(argv[a], v[i].name) == 0;
		if (!wanted)
			continue;
		if (map)
			pol_json_add_str(map, v[i].name, v[i].context);
		else if (!sc->quiet)
			printf("%s %s\n", v[i].name, v[i].context ? v[i].context : "-");
	}
	for (int a = 0; a < argc; a++) {
		bool known = false;

		for (size_t i = 0; i < n && !known; i++)
			known = strcmp(argv[a], v[i].name) == 0;
		if (!known)
			status = sectl_error(EXIT_USAGE, POL_ENOTFOUND, "unknown initial SID '%s'",
					     argv[a]);
	}
	pol_kernel_initial_free(v, n);
	if (map)
		json_object_object_add(doc, "initial_contexts", map);
	return status;
}

int sectl_context(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct json_object *doc = NULL, *list = NULL;
	struct pol_kernel *k;
	struct pol_err err;
	bool want_initial = false;
	int c, status;

	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1) {
		if (c == O_INITIAL)
			want_initial = true;
		else if (c == 'h')
			return usage();
		else
			return EXIT_USAGE;
	}
	if (!want_initial && optind == argc)
		return cli_usage_error("no context given");
	status = sectl_open(sc, "context", !want_initial, &k);
	if (status != EXIT_OK)
		return status;
	pol_err_init(&err);
	if (sc->json && !sc->quiet)
		doc = sectl_json_doc("context");
	if (want_initial) {
		status = initial(sc, k, argc - optind, argv + optind, doc, &err);
	} else {
		list = doc ? json_object_new_array() : NULL;
		status = check(sc, k, argc - optind, argv + optind, list, &err);
		if (doc)
			json_object_object_add(doc, "contexts", list);
	}
	if (doc && status <= EXIT_NOMATCH)
		sectl_json_print(doc);
	else
		json_object_put(doc);
	pol_kernel_free(k);
	pol_err_release(&err);
	return status;
}
