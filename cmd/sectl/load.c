/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl load: load_policy, with the policy validated before the kernel sees it. */
#include <stdio.h>
#include <stdlib.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_FLAG('n', "dry-run", "validate and report; load nothing"),
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sectl load [options] [FILE]\n"
	      "\n"
	      "Load a binary policy into the kernel. Without FILE, the file is chosen as\n"
	      "load_policy does: policy.N of the configured policy type, for the highest N\n"
	      "the kernel or libsepol supports. The policy is validated by libsepol first, so\n"
	      "a truncated or corrupt file is refused before the kernel sees it; a policy\n"
	      "newer than the kernel is downgraded to the kernel's version. With --dry-run\n"
	      "and FILE on a system without SELinux, FILE is validated without a kernel.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\n"
	      "Exit status: 0 loaded (or valid, with --dry-run), 2 the file is missing or\n"
	      "not a valid policy, 3 no SELinux, no policy to load, or the kernel refused.\n"
	      "See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

static void describe(const struct pol_kernel_image *img, FILE *out)
{
	fprintf(out, "'%s' (policy version %u", img->path, img->file_version);
	if (img->downgraded)
		fprintf(out, " downgraded to the kernel's %u", img->version);
	fprintf(out, ", %zu bytes)", img->size);
}

static void print_json(const struct pol_kernel_image *img, bool loaded)
{
	struct json_object *doc = sectl_json_doc("load");

	pol_json_add_str(doc, "path", img->path);
	json_object_object_add(doc, "file_version", json_object_new_int((int)img->file_version));
	json_object_object_add(doc, "version", json_object_new_int((int)img->version));
	json_object_object_add(doc, "kernel_max_version",
			       img->kernel_max ? json_object_new_int((int)img->kernel_max) : NULL);
	json_object_object_add(doc, "downgraded", json_object_new_boolean(img->downgraded));
	json_object_object_add(doc, "size", json_object_new_int64((int64_t)img->size));
	json_object_object_add(doc, "loaded", json_object_new_boolean(loaded));
	sectl_json_print(doc);
}

/* Whether a selinuxfs was named (--selinuxfs, $SEKIT_SELINUXFS): then a
 * missing one is an error even for --dry-run. */
static bool kernel_named(const struct sectl *sc)
{
	const char *env = getenv("SEKIT_SELINUXFS");

	return sc->selinuxfs || (env && *env);
}

/*
 * --dry-run FILE where no selinuxfs is named: the system's kernel when it has
 * one (its version decides a downgrade), else none (*k NULL): the file is
 * validated on its own, as on a build machine without SELinux.
 */
static int open_for_check(struct sectl *sc, struct pol_kernel **k)
{
	struct pol_err err;
	int rc;

	if (sc->policy)
		return sectl_kernel_only(sc, "load");
	pol_err_init(&err);
	rc = pol_kernel_open(NULL, k, &err);
	pol_err_release(&err);
	if (rc < 0) {
		*k = NULL;
		if (sc->verbose && !sc->quiet)
			fprintf(stderr,
				"%s: no SELinux kernel: the policy is validated without one\n",
				cli_name());
	}
	return EXIT_OK;
}

int sectl_load(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_kernel_image *img = NULL;
	struct pol_kernel *k = NULL;
	struct pol_err err;
	const char *file;
	bool dry_run = false;
	int c, rc, status;

	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1) {
		if (c == 'n')
			dry_run = true;
		else if (c == 'h')
			return usage();
		else
			return EXIT_USAGE;
	}
	if (argc - optind > 1)
		return cli_usage_error("unexpected argument '%s'", argv[optind + 1]);
	file = optind < argc ? argv[optind] : NULL;
	if (dry_run && file && !kernel_named(sc))
		status = open_for_check(sc, &k);
	else
		status = sectl_open(sc, "load", false, &k);
	if (status != EXIT_OK)
		return status;
	pol_err_init(&err);
	if (k)
		rc = pol_kernel_load_prepare(k, file, &img, &err);
	else
		rc = pol_kernel_image_check(file, &img, &err);
	if (rc < 0) {
		/* the input was wrong (2), or there is nothing to load (3) */
		status = cli_report(&err, rc);
		goto out;
	}
	if (!dry_run) {
		rc = pol_kernel_load(k, img, &err);
		if (rc < 0) {
			status = cli_report_kernel(&err, rc);
			goto out;
		}
	}
	/* warnings from a downgrade (what it had to leave out) */
	cli_report(&err, 0);
	if (sc->verbose) {
		const char *what = dry_run ? "would load" : "loaded";

		fprintf(stderr, "%s: %s ", cli_name(), k ? what : "valid");
		describe(img, stderr);
		fputc('\n', stderr);
	}
	if (sc->quiet)
		;
	else if (sc->json)
		print_json(img, !dry_run);
	else if (dry_run) {
		fputs(k ? "would load " : "valid ", stdout);
		describe(img, stdout);
		putchar('\n');
	}
	status = EXIT_OK;
out:
	pol_kernel_image_free(img);
	pol_kernel_free(k);
	pol_err_release(&err);
	return status;
}
