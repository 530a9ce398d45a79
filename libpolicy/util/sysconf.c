/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/sysconf.h"

const char *pol_selinux_dir(void)
{
	const char *v = getenv("SEKIT_SELINUX_DIR");

	return v && *v ? v : "/etc/selinux";
}

char *pol_selinux_config_get(const char *dir, const char *key)
{
	size_t keylen = strlen(key), n = 0;
	char *path, *line = NULL, *value = NULL;
	FILE *f;

	if (asprintf(&path, "%s/config", dir) < 0)
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
