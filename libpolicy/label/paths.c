/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where the system keeps its file contexts and customizable types, as
 * libselinux finds them (selinux_file_context_path(),
 * selinux_customizable_types_path()), redirectable with SEKIT_SELINUX_DIR.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/internal.h"
#include "util/sysconf.h"

char *label_strdup_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	return n < 0 ? NULL : s;
}

static int system_file(const char *rel, char **out, struct pol_err *err)
{
	const char *dir = pol_selinux_dir();
	char *type = pol_selinux_config_get(dir, "SELINUXTYPE");

	if (!type)
		return pol_err_set(err, POL_ENOPOLICY,
				   "%s/config names no policy type (SELINUXTYPE=); give a spec file",
				   dir);
	*out = label_strdup_printf("%s/%s/%s", dir, type, rel);
	free(type);
	return *out ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
}

int pol_label_system_spec_path(char **path, struct pol_err *err)
{
	return system_file("contexts/files/file_contexts", path, err);
}

int pol_label_customizable_path(const char *spec_path, char **path, struct pol_err *err)
{
	static const char marker[] = "/contexts/files/";
	const char *m = NULL;

	/* the last "/contexts/files/" followed by a plain name */
	for (const char *p = spec_path ? strstr(spec_path, marker) : NULL; p;
	     p = strstr(p + 1, marker))
		m = p;
	if (m && m[sizeof(marker) - 1] && !strchr(m + sizeof(marker) - 1, '/')) {
		*path = label_strdup_printf("%.*scontexts/customizable_types",
					    (int)(m - spec_path + 1), spec_path);
		return *path ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
	}
	return system_file("contexts/customizable_types", path, err);
}

int pol_label_canonical_path(const char *arg, char **out)
{
	const char *slash;
	char *dir, *real;
	const char *base;
	size_t len = strlen(arg);

	if (!len)
		return -ENOENT;
	/* "dir/" and "." name the directory itself */
	while (len > 1 && arg[len - 1] == '/')
		len--;
	char *copy = strndup(arg, len);

	if (!copy)
		return -ENOMEM;
	slash = strrchr(copy, '/');
	base = slash ? slash + 1 : copy;
	if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || strcmp(copy, "/") == 0) {
		real = realpath(copy, NULL);
		free(copy);
		if (!real)
			return -errno;
		*out = real;
		return 0;
	}
	if (!slash)
		dir = strdup(".");
	else if (slash == copy)
		dir = strdup("/");
	else
		dir = strndup(copy, (size_t)(slash - copy));
	if (!dir) {
		free(copy);
		return -ENOMEM;
	}
	real = realpath(dir, NULL);
	free(dir);
	if (!real) {
		int rc = -errno;

		free(copy);
		return rc;
	}
	*out = label_strdup_printf("%s/%s", strcmp(real, "/") == 0 ? "" : real, base);
	free(real);
	free(copy);
	return *out ? 0 : -ENOMEM;
}
