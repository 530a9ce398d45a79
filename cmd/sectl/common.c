/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Options, handle, exit statuses and output helpers shared by the commands. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

// clang-format off
const struct cli_option sectl_common_options[] = {
	CLI_VALUE(SECTL_OPT_SELINUXFS, "selinuxfs", "DIR", "use the selinuxfs mounted at DIR"),
	CLI_VALUE('p', "policy", "FILE",
		  "answer access, create, relabel, member and context\n"
		  "from this binary policy instead of the kernel"),
	CLI_FLAG(SECTL_OPT_JSON, "json", "machine-readable output (see sectl(1))"),
	CLI_FLAG('q', "quiet", "print nothing; the exit status is the answer"),
	CLI_FLAG('v', "verbose", "more detail on stderr"),
	CLI_HELP,
	CLI_END,
};
// clang-format on

int sectl_getopt(struct sectl *sc, struct cli_getopt *g, int argc, char **argv)
{
	int c;

	while ((c = cli_getopt(g, argc, argv)) != -1) {
		if (cli_output_option(c, SECTL_OPT_JSON, &sc->json, &sc->quiet, &sc->verbose))
			continue;
		switch (c) {
		case SECTL_OPT_SELINUXFS:
			sc->selinuxfs = optarg;
			break;
		case 'p':
			sc->policy = optarg;
			break;
		default:
			return c;
		}
	}
	/* -q, once the command line is read: the exit status is the answer;
	 * stdout is left unwritten by each command */
	cli_output_done(sc->quiet, sc->in_command, &sc->verbose);
	return -1;
}

int sectl_error(int status, int code, const char *fmt, ...)
{
	struct pol_err err;
	va_list ap;

	pol_err_init(&err);
	va_start(ap, fmt);
	pol_err_vadd(&err, POL_SEV_ERROR, code, NULL, 0, 0, fmt, ap);
	va_end(ap);
	cli_report(&err, code);
	pol_err_release(&err);
	return status;
}

int sectl_kernel_only(const struct sectl *sc, const char *cmd)
{
	if (!sc->policy)
		return EXIT_OK;
	return cli_usage_error("'%s' works on the kernel; --policy applies to access, create, relabel, member and context",
			       cmd);
}

int sectl_open(struct sectl *sc, const char *cmd, bool policy_ok, struct pol_kernel **k)
{
	struct pol_err err;
	int rc;

	if (!policy_ok && sc->policy)
		return sectl_kernel_only(sc, cmd);
	pol_err_init(&err);
	if (sc->policy)
		rc = pol_kernel_open_policy(sc->policy, k, &err);
	else
		rc = pol_kernel_open(sc->selinuxfs, k, &err);
	if (rc < 0) {
		int status = cli_report(&err, rc);

		pol_err_release(&err);
		/* no selinuxfs is "no SELinux": an environment error */
		return sc->policy ? status : EXIT_ENV;
	}
	pol_err_release(&err);
	return EXIT_OK;
}

struct json_object *sectl_json_doc(const char *cmd)
{
	struct json_object *doc = pol_json_document("sectl");

	pol_json_add_str(doc, "command", cmd);
	return doc;
}

void sectl_json_print(struct json_object *doc)
{
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
}

struct json_object *sectl_perms_json(const struct pol_kernel_class *c, uint32_t mask)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < c->nperms; i++)
		if (mask & c->perms[i].mask)
			json_object_array_add(a, json_object_new_string(c->perms[i].name));
	return a;
}

void sectl_print_perms(const struct pol_kernel_class *c, uint32_t mask)
{
	const char *sep = "";

	for (size_t i = 0; i < c->nperms; i++) {
		if (mask & c->perms[i].mask) {
			printf("%s%s", sep, c->perms[i].name);
			sep = " ";
		}
	}
}
