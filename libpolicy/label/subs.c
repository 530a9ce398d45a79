/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Path equivalences (file_contexts.subs and .subs_dist): "/aliased /real"
 * makes /aliased/x look up as /real/x. Read and applied as libselinux 3.4's
 * selabel_subs_init() and selabel_sub() do: the rules are tried from the
 * last line to the first, and the first whose source is a whole-component
 * prefix of the key wins.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/internal.h"
#include "util/array.h"

static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

void label_subs_release(struct label_subs *subs)
{
	for (size_t i = 0; i < subs->n; i++) {
		free(subs->v[i].src);
		free(subs->v[i].dst);
	}
	free(subs->v);
	subs->v = NULL;
	subs->n = 0;
	subs->alloc = 0;
}

int label_subs_read(const char *path, struct label_subs *subs, struct pol_err *err)
{
	char buf[1024];
	FILE *f;
	int rc = 0;

	subs->v = NULL;
	subs->n = 0;
	subs->alloc = 0;
	f = fopen(path, "re");
	if (!f) {
		if (errno == ENOENT)
			return 0; /* optional */
		rc = -errno;
		return pol_err_set(err, rc, "cannot open '%s': %s", path, strerror(-rc));
	}
	/* libselinux reads with fgets() into 1023 bytes: a longer line is
	 * taken as several; we do the same so both see the same rules. */
	while (fgets(buf, sizeof(buf) - 1, f)) {
		char *src = buf, *dst, *p;

		while (*src && is_space(*src))
			src++;
		if (*src == '#')
			continue;
		p = src;
		while (*p && !is_space(*p))
			p++;
		if (!*p)
			continue; /* libselinux would read past the end here; no rule */
		*p++ = '\0';
		if (!*src)
			continue;
		dst = p;
		while (*dst && is_space(*dst))
			dst++;
		p = dst;
		while (*p && !is_space(*p))
			p++;
		*p = '\0';
		if (!*dst)
			continue;

		if (POL_ARRAY_GROW(subs->v, subs->n + 1, subs->alloc) < 0)
			goto oom;
		struct label_sub *sub = &subs->v[subs->n++];

		sub->src = strdup(src);
		sub->dst = strdup(dst);
		sub->slen = strlen(src);
		if (!sub->src || !sub->dst)
			goto oom;
	}
	fclose(f);
	/* libselinux pushes each rule on the front of a list */
	for (size_t i = 0; i < subs->n / 2; i++) {
		struct label_sub t = subs->v[i];

		subs->v[i] = subs->v[subs->n - 1 - i];
		subs->v[subs->n - 1 - i] = t;
	}
	return 0;
oom:
	fclose(f);
	label_subs_release(subs);
	return pol_err_set(err, -ENOMEM, "out of memory");
}

char *label_subs_apply(const struct label_subs *subs, const char *key)
{
	for (size_t i = 0; i < subs->n; i++) {
		const struct label_sub *sub = &subs->v[i];
		size_t len = sub->slen;
		char *out;

		if (strncmp(key, sub->src, len) != 0 || (key[len] != '/' && key[len] != '\0'))
			continue;
		if (key[len] == '/' && strcmp(sub->dst, "/") == 0)
			len++;
		if (asprintf(&out, "%s%s", sub->dst, key + len) < 0)
			return NULL;
		return out;
	}
	return NULL;
}
