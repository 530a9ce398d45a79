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
#include "util/context.h"

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
 * range; user, role and type up to the next ':', the range is the rest,
 * and neither is there when the string ends before it. */
static bool split_context(const char *s, struct pol_context_parts *x)
{
	int colons = 0;
	bool ok;

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
	pol_context_split(s, x);
	ok = x->type_len || x->range;
	if (x->range && !x->range_len)
		x->range = NULL;
	return ok;
}

const char *pol_label_context_type(const char *con, size_t *len)
{
	struct pol_context_parts x;

	if (!split_context(con, &x))
		return NULL;
	*len = x.type_len;
	return x.type;
}

int pol_label_decide(const char *cur, const char *spec, bool force,
		     const struct pol_label_types *customizable, char **newcon)
{
	struct pol_context_parts a, b;
	bool cur_ok;

	if (cur && strcmp(cur, spec) == 0)
		return POL_LABEL_SAME;
	if (!cur || force) {
		*newcon = strdup(spec);
		return *newcon ? POL_LABEL_SET : -ENOMEM;
	}
	cur_ok = split_context(cur, &a);
	if (cur_ok && pol_label_types_has(customizable, a.type, a.type_len))
		return POL_LABEL_CUSTOMIZED;
	if (!cur_ok || !split_context(spec, &b))
		return POL_LABEL_BAD_CONTEXT;
	if (a.type_len == b.type_len && memcmp(a.type, b.type, a.type_len) == 0)
		return POL_LABEL_SAME_TYPE;
	/* compare_types(): the spec's type in the file's user, role and range */
	if (a.range)
		*newcon = label_strdup_printf("%.*s:%.*s:%.*s:%.*s", (int)a.user_len, a.user,
					      (int)a.role_len, a.role, (int)b.type_len, b.type,
					      (int)a.range_len, a.range);
	else
		*newcon = label_strdup_printf("%.*s:%.*s:%.*s", (int)a.user_len, a.user,
					      (int)a.role_len, a.role, (int)b.type_len, b.type);
	return *newcon ? POL_LABEL_SET : -ENOMEM;
}
