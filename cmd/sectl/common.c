/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Options, handle, exit statuses and output helpers shared by the commands. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

bool sectl_common_option(struct sectl *sc, int c)
{
	switch (c) {
	case SECTL_OPT_JSON:
		sc->json = true;
		return true;
	case 'q':
		sc->quiet = true;
		return true;
	case 'v':
		sc->verbose++;
		return true;
	case SECTL_OPT_SELINUXFS:
		sc->selinuxfs = optarg;
		return true;
	case SECTL_OPT_POLICY:
		sc->policy = optarg;
		return true;
	default:
		return false;
	}
}

int sectl_exit_for(int rc)
{
	if (rc == 0)
		return EXIT_OK;
	/* an unknown name or an invalid context is the user's input; anything
	 * else is the kernel (refusing, answering oddly) or the system */
	if (rc == POL_EINVAL || rc == POL_ENOTFOUND)
		return EXIT_USAGE;
	return EXIT_ENV;
}

int sectl_fail(const struct pol_err *err, int rc)
{
	pol_err_print(err, stderr, cli_name());
	if (err->count == 0 && rc < 0)
		fprintf(stderr, "%s: %s\n", cli_name(), pol_strerror(rc));
	return sectl_exit_for(rc);
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
		/* no selinuxfs is "no SELinux": an environment error */
		int status = sc->policy ? cli_exit_for(rc) : EXIT_ENV;

		pol_err_print(&err, stderr, cli_name());
		pol_err_release(&err);
		return status;
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
