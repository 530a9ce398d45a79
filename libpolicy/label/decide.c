/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * restorecon's decision for one file (libselinux 3.4 selinux_restorecon.c
 * restorecon_sb() and compare_types(), context.c context_new(),
 * is_customizable_type.c), on raw contexts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/internal.h"
#include "util/array.h"

struct pol_label_types {
	char **v;
	size_t n, alloc;
};

void pol_label_types_free(struct pol_label_types *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	free(t);
}

int pol_label_types_open(const char *path, struct pol_label_types **out, struct pol_err *err)
{
	struct pol_label_types *t = calloc(1, sizeof(*t));
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	FILE *f;

	if (!t)
		return pol_err_set(err, -ENOMEM, "out of memory");
	f = fopen(path, "re");
	if (!f) {
		int rc = -errno;

		if (rc == -ENOENT) {
			*out = t;
			return 0;
		}
		free(t);
		return pol_err_set(err, rc, "cannot open '%s': %s", path, strerror(-rc));
	}
	while ((len = getline(&line, &size, f)) > 0) {
		if (POL_ARRAY_GROW(t->v, t->n + 1, t->alloc) < 0)
			goto oom;
		/* libselinux cuts the last character of every line, newline or
		 * not, and compares the rest as it is */
		t->v[t->n] = strndup(line, strlen(line) ? strlen(line) - 1 : 0);
		if (!t->v[t->n])
			goto oom;
		t->n++;
	}
	free(line);
	fclose(f);
	*out = t;
	return 0;
oom:
	free(line);
	fclose(f);
	pol_label_types_free(t);
	return pol_err_set(err, -ENOMEM, "out of memory");
}

bool pol_label_types_has(const struct pol_label_types *t, const char *type, size_t len)
{
	if (!t)
		return false;
	for (size_t i = 0; i < t->n; i++)
		if (strlen(t->v[i]) == len && memcmp(t->v[i], type, len) == 0)
			return true;
	return false;
}

/* context_new(): 2 to 5 colons, no tab, CR or LF, no space before the
 * range; user, role and type up to the next ':', the range is the rest. */
struct ctx {
	const char *c[4];
	size_t len[4];
};

static bool split_context(const char *s, struct ctx *x)
{
	int colons = 0, i = 0;
	const char *tok = s;

	for (const char *p = s; *p; p++) {
		if (*p == ':')
			colons++;
		else if (*p == '\n' || *p == '\t' || *p == '\r')
			return false;
		else if (*p == ' ' && colons < 3)
			return false;
	}
	if (colons < 2 || colons > 5)
		return false;
	memset(x, 0, sizeof(*x));
	while (*tok && i < 4) {
		const char *p = tok;

		if (i < 3)
			while (*p && *p != ':')
				p++;
		else
			p += strlen(p);
		x->c[i] = tok;
		x->len[i] = (size_t)(p - tok);
		tok = *p ? p + 1 : p;
		i++;
	}
	return x->c[2] != NULL;
}

const char *pol_label_context_type(const char *con, size_t *len)
{
	struct ctx x;

	if (!split_context(con, &x))
		return NULL;
	*len = x.len[2];
	return x.c[2];
}

int pol_label_decide(const char *cur, const char *spec, bool force,
		     const struct pol_label_types *customizable, char **newcon)
{
	struct ctx a, b;
	bool cur_ok;

	if (cur && strcmp(cur, spec) == 0)
		return POL_LABEL_SAME;
	if (!cur || force) {
		*newcon = strdup(spec);
		return *newcon ? POL_LABEL_SET : -ENOMEM;
	}
	cur_ok = split_context(cur, &a);
	if (cur_ok && pol_label_types_has(customizable, a.c[2], a.len[2]))
		return POL_LABEL_CUSTOMIZED;
	if (!cur_ok || !split_context(spec, &b))
		return POL_LABEL_BAD_CONTEXT;
	if (a.len[2] == b.len[2] && memcmp(a.c[2], b.c[2], a.len[2]) == 0)
		return POL_LABEL_SAME_TYPE;
	/* compare_types(): the spec's type in the file's user, role and range */
	if (a.c[3])
		*newcon = label_strdup_printf("%.*s:%.*s:%.*s:%.*s", (int)a.len[0], a.c[0],
					      (int)a.len[1], a.c[1], (int)b.len[2], b.c[2],
					      (int)a.len[3], a.c[3]);
	else
		*newcon = label_strdup_printf("%.*s:%.*s:%.*s", (int)a.len[0], a.c[0],
					      (int)a.len[1], a.c[1], (int)b.len[2], b.c[2]);
	return *newcon ? POL_LABEL_SET : -ENOMEM;
}
