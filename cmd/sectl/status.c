/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl status: what sestatus prints, plus what it leaves out. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

#define COL 32 /* sestatus's column */

// clang-format off
static const struct cli_option options[] = {
	CLI_FLAG('b', "booleans", "list the booleans too, as sestatus -b"),
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sectl status [options]\n"
	      "\n"
	      "Show the SELinux status: the lines sestatus prints, then the loaded policy's\n"
	      "version, reject_unknown, policy capabilities, boolean and AVC counts.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\n"
	      "With -q, the exit status says whether SELinux is enabled (0) or not (3).\n"
	      "See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

static void line(const char *label, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void line(const char *label, const char *fmt, ...)
{
	va_list ap;

	printf("%-*s", COL, label);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static const char *flag_word(int v, const char *on, const char *off)
{
	return v < 0 ? "unknown" : v ? on : off;
}

static void print_bools(const struct pol_kernel_bool *b, size_t n)
{
	int col = COL;

	printf("\nPolicy booleans:\n");
	for (size_t i = 0; i < n; i++)
		if ((int)strlen(b[i].name) + 1 > col)
			col = (int)strlen(b[i].name) + 1;
	for (size_t i = 0; i < n; i++) {
		printf("%-*s%s", col, b[i].name, b[i].active ? "on" : "off");
		if (b[i].pending != b[i].active)
			fputs(b[i].pending ? " (activate pending)" : " (inactivate pending)", stdout);
		putchar('\n');
	}
}

static void print_text(const struct pol_kernel_status *st, const struct pol_kernel_avc *avc,
		       const struct pol_kernel_bool *b, size_t nb, bool show_bools)
{
	line("SELinux status:", "enabled");
	line("SELinuxfs mount:", "%s", st->mount);
	line("SELinux root directory:", "%s", st->config_dir);
	line("Loaded policy name:", "%s",
	     !st->policy_loaded ? "none (no policy loaded)" : st->policy_type ? st->policy_type : "unknown");
	line("Current mode:", "%s", flag_word(st->enforcing, "enforcing", "permissive"));
	line("Mode from config file:", "%s", pol_kernel_config_mode_name(st->config_mode));
	line("Policy MLS status:", "%s", flag_word(st->mls, "enabled", "disabled"));
	line("Policy deny_unknown status:", "%s", flag_word(st->deny_unknown, "denied", "allowed"));
	line("Memory protection checking:", "%s",
	     flag_word(st->checkreqprot, "requested (insecure)", "actual (secure)"));
	if (st->max_version < 0)
		line("Max kernel policy version:", "unknown");
	else
		line("Max kernel policy version:", "%d", st->max_version);
	/* sestatus stops here */
	if (st->policy_version < 0)
		line("Loaded policy version:", "%s", st->policy_loaded ? "unknown" : "none");
	else
		line("Loaded policy version:", "%d", st->policy_version);
	line("Policy reject_unknown status:", "%s", flag_word(st->reject_unknown, "rejected", "not rejected"));
	printf("%-*s", COL, "Policy capabilities:");
	if (!st->policy_loaded)
		fputs("unknown", stdout);
	for (size_t i = 0, n = 0; i < st->ncaps; i++)
		if (st->caps[i].enabled)
			printf("%s%s", n++ ? " " : "", st->caps[i].name);
	putchar('\n');
	line("Policy booleans:", "%zu (%zu pending)", st->nbools, st->npending);
	if (avc)
		line("AVC cache:", "%llu lookups, %llu hits, %llu misses", (unsigned long long)avc->lookups,
		     (unsigned long long)avc->hits, (unsigned long long)avc->misses);
	if (show_bools)
		print_bools(b, nb);
}

static void print_json(const struct pol_kernel_status *st, const struct pol_kernel_avc *avc,
		       const struct pol_kernel_bool *b, size_t nb, bool show_bools)
{
	struct json_object *doc = sectl_json_doc("status");
	struct json_object *caps = json_object_new_object();

	json_object_object_add(doc, "enabled", json_object_new_boolean(1));
	pol_json_add_str(doc, "selinuxfs", st->mount);
	pol_json_add_str(doc, "config_dir", st->config_dir);
	json_object_object_add(doc, "policy_loaded", json_object_new_boolean(st->policy_loaded));
	pol_json_add_str(doc, "policy_name", st->policy_loaded ? st->policy_type : NULL);
	pol_json_add_str(doc, "mode",
			 st->enforcing < 0 ? NULL : st->enforcing ? "enforcing" : "permissive");
	pol_json_add_str(doc, "config_mode", pol_kernel_config_mode_name(st->config_mode));
	json_object_object_add(doc, "policy_version", pol_json_int_or_null(st->policy_version));
	json_object_object_add(doc, "max_policy_version", pol_json_int_or_null(st->max_version));
	json_object_object_add(doc, "mls", pol_json_bool_or_null(st->mls));
	json_object_object_add(doc, "deny_unknown", pol_json_bool_or_null(st->deny_unknown));
	json_object_object_add(doc, "reject_unknown", pol_json_bool_or_null(st->reject_unknown));
	json_object_object_add(doc, "checkreqprot", pol_json_bool_or_null(st->checkreqprot));
	for (size_t i = 0; i < st->ncaps; i++)
		json_object_object_add(caps, st->caps[i].name, json_object_new_boolean(st->caps[i].enabled));
	if (!st->policy_loaded) {
		json_object_put(caps);
		caps = NULL;
	}
	json_object_object_add(doc, "policy_capabilities", caps);
	json_object_object_add(doc, "boolean_count", json_object_new_int64((int64_t)st->nbools));
	json_object_object_add(doc, "pending_boolean_count", json_object_new_int64((int64_t)st->npending));
	if (avc) {
		struct json_object *a = json_object_new_object();

		json_object_object_add(a, "lookups", json_object_new_int64((int64_t)avc->lookups));
		json_object_object_add(a, "hits", json_object_new_int64((int64_t)avc->hits));
		json_object_object_add(a, "misses", json_object_new_int64((int64_t)avc->misses));
		json_object_object_add(doc, "avc", a);
	} else {
		json_object_object_add(doc, "avc", NULL);
	}
	if (show_bools) {
		struct json_object *arr = json_object_new_array();

		for (size_t i = 0; i < nb; i++) {
			struct json_object *o = json_object_new_object();

			pol_json_add_str(o, "name", b[i].name);
			json_object_object_add(o, "active", json_object_new_boolean(b[i].active));
			json_object_object_add(o, "pending", json_object_new_boolean(b[i].pending));
			json_object_array_add(arr, o);
		}
		json_object_object_add(doc, "booleans", arr);
	}
	sectl_json_print(doc);
}

int sectl_status(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_kernel_status *st = NULL;
	struct pol_kernel_bool *bools = NULL;
	struct pol_kernel_avc avc;
	struct pol_kernel *k;
	struct pol_err err;
	bool show_bools = false, have_avc;
	size_t nbools = 0;
	int c, rc, status;

	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1) {
		if (c == 'b')
			show_bools = true;
		else if (c == 'h')
			return usage();
		else
			return EXIT_USAGE;
	}
	if (optind < argc)
		return cli_usage_error("unexpected argument '%s'", argv[optind]);
	if (sc->policy)
		return sectl_kernel_only(sc, "status");
	pol_err_init(&err);
	rc = pol_kernel_open(sc->selinuxfs, &k, &err);
	if (rc < 0) {
		/* sestatus says "disabled" on stdout; so do we, and exit 3 */
		if (sc->json && !sc->quiet) {
			struct json_object *doc = sectl_json_doc("status");

			json_object_object_add(doc, "enabled", json_object_new_boolean(0));
			sectl_json_print(doc);
		} else if (!sc->quiet) {
			line("SELinux status:", "disabled");
		}
		cli_report_kernel(&err, rc);
		pol_err_release(&err);
		return EXIT_ENV;
	}
	rc = pol_kernel_status(k, &st, &err);
	if (rc == 0 && show_bools)
		rc = pol_kernel_bools(k, &bools, &nbools, &err);
	if (rc < 0) {
		status = cli_report_kernel(&err, rc);
		goto out;
	}
	have_avc = pol_kernel_avc_stats(k, &avc, NULL) == 0;
	if (sc->quiet)
		;
	else if (sc->json)
		print_json(st, have_avc ? &avc : NULL, bools, nbools, show_bools);
	else
		print_text(st, have_avc ? &avc : NULL, bools, nbools, show_bools);
	status = EXIT_OK;
out:
	pol_kernel_bools_free(bools, nbools);
	pol_kernel_status_free(st);
	pol_kernel_free(k);
	pol_err_release(&err);
	return status;
}
