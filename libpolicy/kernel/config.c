/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The SELinux config file (SELINUX=, SELINUXTYPE=), read as libselinux does. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/internal.h"

char *kernel_config_get(const struct pol_kernel *k, const char *key)
{
	size_t keylen = strlen(key), n = 0;
	char *path, *line = NULL, *value = NULL;
	FILE *f;

	if (asprintf(&path, "%s/config", k->config_dir) < 0)
		return NULL;
	f = fopen(path, "re");
	free(path);
	if (!f)
		return NULL;
	while (!value && getline(&line, &n, f) > 0) {
		char *p = line, *end;

		while (isspace((unsigned char)*p))
			p++;
		if (strncmp(p, key, keylen) != 0 || p[keylen] != '=')
			continue;
		p += keylen + 1;
		while (isspace((unsigned char)*p))
			p++;
		end = p + strcspn(p, " \t\r\n#");
		if (end > p)
			value = strndup(p, (size_t)(end - p));
	}
	free(line);
	fclose(f);
	return value;
}
