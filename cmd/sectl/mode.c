/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl mode: getenforce and setenforce. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sectl mode [options] [enforcing|permissive|1|0]\n"
	      "\n"
	      "Without an argument, print the current mode (Enforcing or Permissive, as\n"
	      "getenforce does); with one, switch to it (setenforce).\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\n"
	      "Exit status: 0 done, 2 usage error, 3 SELinux disabled or the kernel refused.\n"
	      "See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

static const char *word(bool enforcing)
{
	return enforcing ? "enforcing" : "permissive";
}

/* setenforce's words: Enforcing/Permissive in any case, or 1/0 */
static int parse_mode(const char *arg, bool *enforcing)
{
	if (strcasecmp(arg, "enforcing") == 0 || strcmp(arg, "1") == 0)
		*enforcing = true;
	else if (strcasecmp(arg, "permissive") == 0 || strcmp(arg, "0") == 0)
		*enforcing = false;
	else
		return -1;
	return 0;
}

int sectl_mode(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_kernel *k;
	struct pol_err err;
	bool set = false, want = false, was;
	int c, rc, status;

	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1)
		return c == 'h' ? usage() : EXIT_USAGE;
	if (argc - optind > 1)
		return cli_usage_error("unexpected argument '%s'", argv[optind + 1]);
	if (optind < argc) {
		if (parse_mode(argv[optind], &want) < 0)
			return cli_usage_error("invalid mode '%s': use enforcing, permissive, 1 or 0",
					       argv[optind]);
		set = true;
	}
	if (sc->policy)
		return sectl_kernel_only(sc, "mode");
	pol_err_init(&err);
	rc = pol_kernel_open(sc->selinuxfs, &k, &err);
	if (rc < 0) {
		/* getenforce prints "Disabled"; a script comparing the word
		 * still works, and the status says it is not enforcing */
		if (!set && !sc->quiet && !sc->json)
			puts("Disabled");
		cli_report_kernel(&err, rc);
		pol_err_release(&err);
		return EXIT_ENV;
	}
	rc = pol_kernel_get_enforce(k, &was, &err);
	if (rc == 0 && set)
		rc = pol_kernel_set_enforce(k, want, &err);
	if (rc < 0) {
		status = cli_report_kernel(&err, rc);
		goto out;
	}
	if (set && sc->verbose)
		fprintf(stderr, "%s: %s -> %s\n", cli_name(), word(was), word(want));
	if (sc->quiet) {
		;
	} else if (sc->json) {
		struct json_object *doc = sectl_json_doc("mode");

		pol_json_add_str(doc, "mode", word(set ? want : was));
		if (set)
			pol_json_add_str(doc, "previous_mode", word(was));
		sectl_json_print(doc);
	} else if (!set) {
		puts(was ? "Enforcing" : "Permissive");
	}
	status = EXIT_OK;
out:
	pol_kernel_free(k);
	pol_err_release(&err);
	return status;
}
