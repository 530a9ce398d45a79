/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Classes and permissions by name: class/NAME/index holds the class number
 * the transaction files want, class/NAME/perms/PERM the permission's value
 * (its bit is 1 << (value - 1)), as libselinux's string_to_security_class()
 * and string_to_av_perm() read them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/internal.h"

static bool plain_name(const char *name)
{
	return *name && *name != '.' && !strchr(name, '/');
}

void pol_kernel_class_free(struct pol_kernel_class *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nperms; i++)
		free(c->perms[i].name);
	free(c->perms);
	free(c->name);
	free(c);
}

int pol_kernel_class_names(struct pol_kernel *k, char ***names, size_t *n, struct pol_err *err)
{
	if (!k->fs)
		return kernel_offline_class_names(k, names, n) < 0 ?
			       pol_err_set(err, -ENOMEM, "out of memory") :
			       0;
	return kfs_list(k, "class", names, n, err);
}

static int unknown_class(struct pol_kernel *k, const char *name, struct pol_err *err)
{
	char **names;
	size_t n;
	int rc;

	if (!pol_kernel_policy_loaded(k))
		return kfs_need_policy(k, err);
	if (pol_kernel_class_names(k, &names, &n, NULL) < 0)
		names = NULL, n = 0;
	rc = kernel_unknown("class", name, names, n, err);
	pol_kernel_names_free(names, n);
	return rc;
}

static int read_perms(struct pol_kernel *k, struct pol_kernel_class *c, struct pol_err *err)
{
	char rel[4096], **names;
	size_t n;
	int rc;

	snprintf(rel, sizeof(rel), "class/%s/perms", c->name);
	rc = kfs_list(k, rel, &names, &n, err);
	if (rc < 0)
		return rc;
	c->perms = calloc(n ? n : 1, sizeof(*c->perms));
	if (!c->perms)
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; rc == 0 && i < n; i++) {
		long v;

		snprintf(rel, sizeof(rel), "class/%s/perms/%s", c->name, names[i]);
		rc = kfs_read_long(k, rel, &v, err);
		if (rc == 0 && (v < 1 || v > 32))
			rc = pol_err_set(err, POL_EFORMAT, "'%s/%s' holds %ld, not a permission number 1-32",
					 k->fs, rel, v);
		if (rc < 0)
			break;
		c->perms[i].mask = 1U << (v - 1);
		c->perms[i].name = names[i];
		names[i] = NULL;
		c->nperms++;
	}
	pol_kernel_names_free(names, n);
	return rc;
}

int pol_kernel_class_get(struct pol_kernel *k, const char *name, struct pol_kernel_class **out,
			 struct pol_err *err)
{
	struct pol_kernel_class *c;
	char rel[4096];
	long v;
	int rc;

	if (!k->fs)
		return kernel_offline_class(k, name, out, err);
	if (!plain_name(name))
		return unknown_class(k, name, err);
	snprintf(rel, sizeof(rel), "class/%s/index", name);
	rc = kfs_read_long(k, rel, &v, NULL);
	if (rc == -ENOENT || rc == -ENOTDIR)
		return unknown_class(k, name, err);
	if (rc < 0)
		return kfs_read_long(k, rel, &v, err);
	if (v < 1 || v > UINT16_MAX)
		return pol_err_set(err, POL_EFORMAT, "'%s/%s' holds %ld, not a class number", k->fs, rel,
				   v);
	c = calloc(1, sizeof(*c));
	if (!c || !(c->name = strdup(name))) {
		free(c);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	c->value = (uint16_t)v;
	rc = read_perms(k, c, err);
	if (rc < 0) {
		pol_kernel_class_free(c);
		return rc;
	}
	*out = c;
	return 0;
}

uint32_t pol_kernel_class_perm(const struct pol_kernel_class *c, const char *name)
{
	for (size_t i = 0; i < c->nperms; i++)
		if (strcmp(c->perms[i].name, name) == 0)
			return c->perms[i].mask;
	return 0;
}

int pol_kernel_class_unknown_perm(const struct pol_kernel_class *c, const char *name,
				  struct pol_err *err)
{
	char what[300], **names = calloc(c->nperms ? c->nperms : 1, sizeof(*names));
	int rc;

	for (size_t i = 0; names && i < c->nperms; i++)
		names[i] = c->perms[i].name;
	snprintf(what, sizeof(what), "%s permission", c->name);
	rc = kernel_unknown(what, name, names, names ? c->nperms : 0, err);
	free(names);
	return rc;
}
