/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What sestatus reports, and what it leaves out. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "kernel/internal.h"

#define POLICY_MAGIC 0xf97cff8cU

const char *pol_kernel_config_mode_name(enum pol_kernel_config_mode mode)
{
	switch (mode) {
	case POL_KERNEL_CONFIG_ENFORCING:
		return "enforcing";
	case POL_KERNEL_CONFIG_PERMISSIVE:
		return "permissive";
	case POL_KERNEL_CONFIG_DISABLED:
		return "disabled";
	default:
		return "unknown";
	}
}

static enum pol_kernel_config_mode config_mode(const struct pol_kernel *k)
{
	char *v = kernel_config_get(k, "SELINUX");
	enum pol_kernel_config_mode mode = POL_KERNEL_CONFIG_UNKNOWN;

	/* libselinux compares without case too */
	if (!v)
		return mode;
	if (strcasecmp(v, "enforcing") == 0)
		mode = POL_KERNEL_CONFIG_ENFORCING;
	else if (strcasecmp(v, "permissive") == 0)
		mode = POL_KERNEL_CONFIG_PERMISSIVE;
	else if (strcasecmp(v, "disabled") == 0)
		mode = POL_KERNEL_CONFIG_DISABLED;
	free(v);
	return mode;
}

static int read_flag(const struct pol_kernel *k, const char *rel)
{
	long v;

	return kfs_read_long(k, rel, &v, NULL) < 0 ? -1 : (int)v;
}

/* The loaded policy's version, from the header of the image the kernel
 * hands out through "policy" (magic, "SE Linux", version). */
static int loaded_version(const struct pol_kernel *k)
{
	unsigned char h[20];
	ssize_t n = 0;
	uint32_t w[5];
	int fd;

	fd = kfs_open_read(k, "policy", NULL);
	if (fd < 0)
		return -1;
	while (n < (ssize_t)sizeof(h)) {
		ssize_t r = read(fd, h + n, sizeof(h) - (size_t)n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += r;
	}
	close(fd);
	if (n < (ssize_t)sizeof(h))
		return -1;
	for (int i = 0; i < 5; i++)
		w[i] = (uint32_t)h[4 * i] | (uint32_t)h[4 * i + 1] << 8 |
		       (uint32_t)h[4 * i + 2] << 16 | (uint32_t)h[4 * i + 3] << 24;
	if (w[0] != POLICY_MAGIC || w[1] != 8 || memcmp(h + 8, "SE Linux", 8) != 0)
		return -1;
	return w[4] <= 1024 ? (int)w[4] : -1;
}

static void read_caps(const struct pol_kernel *k, struct pol_kernel_status *st)
{
	char **names;
	size_t n;

	if (kfs_list(k, "policy_capabilities", &names, &n, NULL) < 0)
		return;
	st->caps = calloc(n ? n : 1, sizeof(*st->caps));
	for (size_t i = 0; st->caps && i < n; i++) {
		char rel[512];

		snprintf(rel, sizeof(rel), "policy_capabilities/%s", names[i]);
		st->caps[st->ncaps].enabled = read_flag(k, rel) == 1;
		st->caps[st->ncaps++].name = names[i];
		names[i] = NULL;
	}
	pol_kernel_names_free(names, n);
}

int pol_kernel_status(struct pol_kernel *k, struct pol_kernel_status **out, struct pol_err *err)
{
	struct pol_kernel_status *st;
	struct pol_kernel_bool *bools;
	size_t nbools;
	int rc;

	rc = kfs_need_kernel(k, "status", err);
	if (rc < 0)
		return rc;
	st = calloc(1, sizeof(*st));
	if (!st || !(st->mount = strdup(k->fs)) || !(st->config_dir = strdup(k->config_dir))) {
		pol_kernel_status_free(st);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	st->policy_type = kernel_config_get(k, "SELINUXTYPE");
	st->config_mode = config_mode(k);
	st->policy_loaded = pol_kernel_policy_loaded(k);
	st->enforcing = read_flag(k, "enforce");
	st->policy_version = st->policy_loaded ? loaded_version(k) : -1;
	st->max_version = read_flag(k, "policyvers");
	/* Before the first load the kernel answers 0 for what only a policy
	 * decides (MLS, handle_unknown, capabilities): that is no answer. */
	st->mls = st->policy_loaded ? read_flag(k, "mls") : -1;
	st->deny_unknown = st->policy_loaded ? read_flag(k, "deny_unknown") : -1;
	st->reject_unknown = st->policy_loaded ? read_flag(k, "reject_unknown") : -1;
	st->checkreqprot = read_flag(k, "checkreqprot");
	if (st->policy_loaded)
		read_caps(k, st);
	if (pol_kernel_bools(k, &bools, &nbools, NULL) == 0) {
		st->nbools = nbools;
		for (size_t i = 0; i < nbools; i++)
			st->npending += bools[i].active != bools[i].pending;
		pol_kernel_bools_free(bools, nbools);
	}
	*out = st;
	return 0;
}

void pol_kernel_status_free(struct pol_kernel_status *st)
{
	if (!st)
		return;
	for (size_t i = 0; i < st->ncaps; i++)
		free(st->caps[i].name);
	free(st->caps);
	free(st->mount);
	free(st->config_dir);
	free(st->policy_type);
	free(st);
}
