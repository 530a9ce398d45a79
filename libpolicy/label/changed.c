/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What two spec sets label differently: fixfiles -C's question (which
 * files may need a new label after file_contexts changed), answered from
 * the specs rather than from a diff of the files' text. A file's label can
 * change only when the spec deciding it changes, and that spec matches the
 * file: so the files to look at are those matched by a spec one set has
 * and the other has not, all below that spec's fixed literal prefix.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "label/internal.h"
#include "util/array.h"

struct changed_paths {
	char **v;
	size_t n, alloc;
	const char *root; /* "" for / */
};

static int add_path(struct changed_paths *cp, char *p)
{
	if (!p)
		return -ENOMEM;
	if (POL_ARRAY_GROW(cp->v, cp->n + 1, cp->alloc) < 0) {
		free(p);
		return -ENOMEM;
	}
	cp->v[cp->n++] = p;
	return 0;
}

/* The path (as the specs see it, len bytes) when it exists under root. */
static int add_if_exists(struct changed_paths *cp, const char *path, size_t len)
{
	char *p = label_strdup_printf("%s%.*s", cp->root, (int)len, path);
	struct stat st;

	if (!p)
		return -ENOMEM;
	if (lstat(p, &st) < 0) {
		free(p);
		return 0;
	}
	return add_path(cp, p);
}

/*
 * Every match of a spec starts with its literal prefix: the whole path when
 * the spec is literal, the directory itself when the prefix ends at a '/',
 * else each entry of the prefix's directory whose name starts with the
 * prefix's last component (fixfiles turns "/srv/www(/.*)?" into the glob
 * /srv/www*, the same entries).
 */
static int add_prefix(struct changed_paths *cp, const char *prefix, size_t len, bool literal)
{
	const char *slash;
	struct dirent *de;
	char *dir;
	DIR *d;
	int rc = 0;

	if (len == 0 || prefix[0] != '/')
		return add_if_exists(cp, "/", 1);
	if (literal)
		return add_if_exists(cp, prefix, len);
	slash = memrchr(prefix, '/', len);
	if ((size_t)(slash - prefix) == len - 1)
		return add_if_exists(cp, prefix, len > 1 ? len - 1 : 1);
	dir = label_strdup_printf("%s%.*s", cp->root, (int)(slash - prefix), prefix);
	if (!dir)
		return -ENOMEM;
	d = opendir(*dir ? dir : "/");
	if (!d) {
		free(dir);
		return 0; /* no such directory: nothing below it to label */
	}
	slash++;
	while (rc == 0 && (de = readdir(d)))
		if (strncmp(de->d_name, slash, len - (size_t)(slash - prefix)) == 0 &&
		    strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			rc = add_path(cp, label_strdup_printf("%s/%s", dir, de->d_name));
	closedir(d);
	free(dir);
	return rc;
}

static int spec_cmp(const void *a, const void *b)
{
	const struct label_spec *x = *(const struct label_spec *const *)a;
	const struct label_spec *y = *(const struct label_spec *const *)b;
	int c = strcmp(x->regex, y->regex);

	if (c)
		return c;
	if (x->mode != y->mode)
		return x->mode < y->mode ? -1 : 1;
	return strcmp(x->context, y->context);
}

static const struct label_spec **sorted_specs(const struct pol_label_specs *s)
{
	const struct label_spec **v = malloc((s->nspecs ? s->nspecs : 1) * sizeof(*v));

	if (!v)
		return NULL;
	for (size_t i = 0; i < s->nspecs; i++)
		v[i] = &s->specs[i];
	if (s->nspecs)
		qsort(v, s->nspecs, sizeof(*v), spec_cmp);
	return v;
}

/* The prefixes of the specs one of a and b has and the other has not. */
static int add_spec_changes(struct changed_paths *cp, const struct pol_label_specs *a,
			    const struct pol_label_specs *b)
{
	const struct label_spec **va = sorted_specs(a), **vb = sorted_specs(b);
	size_t i = 0, j = 0;
	int rc = 0;

	if (!va || !vb) {
		free(va);
		free(vb);
		return -ENOMEM;
	}
	while (rc == 0 && (i < a->nspecs || j < b->nspecs)) {
		const struct label_spec *sp;
		int c = i == a->nspecs ? 1 : j == b->nspecs ? -1 : spec_cmp(&va[i], &vb[j]);

		if (c == 0) {
			i++;
			j++;
			continue;
		}
		sp = c < 0 ? va[i++] : vb[j++];
		rc = add_prefix(cp, sp->prefix ? sp->prefix : "", sp->prefix ? sp->prefix_len : 0,
				sp->literal);
	}
	free(va);
	free(vb);
	return rc;
}

static bool has_sub(const struct label_subs *subs, const struct label_sub *sub)
{
	for (size_t i = 0; i < subs->n; i++)
		if (strcmp(subs->v[i].src, sub->src) == 0 && strcmp(subs->v[i].dst, sub->dst) == 0)
			return true;
	return false;
}

/* An equivalence one set has and the other has not: what is below its
 * source path is looked up elsewhere now. */
static int add_sub_changes(struct changed_paths *cp, const struct label_subs *a,
			   const struct label_subs *b)
{
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < a->n; i++)
		if (!has_sub(b, &a->v[i]))
			rc = add_if_exists(cp, a->v[i].src, strlen(a->v[i].src));
	return rc;
}

static int path_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* p is q or below it */
static bool below(const char *p, const char *q)
{
	size_t n = strlen(q);

	return strncmp(p, q, n) == 0 && (p[n] == '\0' || p[n] == '/' || (n && q[n - 1] == '/'));
}

void pol_label_paths_free(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

int pol_label_specs_changed(const struct pol_label_specs *previous,
			    const struct pol_label_specs *specs, const char *root, char ***paths,
			    size_t *n, struct pol_err *err)
{
	struct changed_paths cp = {.root = root && strcmp(root, "/") != 0 ? root : ""};
	size_t k = 0;
	int rc;

	if (previous->engine != POL_LABEL_ENGINE_NATIVE || specs->engine != POL_LABEL_ENGINE_NATIVE)
		return pol_err_set(err, POL_EINVAL,
				   "spec sets compared must use the native engine");
	rc = add_spec_changes(&cp, previous, specs);
	if (rc == 0)
		rc = add_sub_changes(&cp, &previous->subs, &specs->subs);
	if (rc == 0)
		rc = add_sub_changes(&cp, &specs->subs, &previous->subs);
	if (rc == 0)
		rc = add_sub_changes(&cp, &previous->dist_subs, &specs->dist_subs);
	if (rc == 0)
		rc = add_sub_changes(&cp, &specs->dist_subs, &previous->dist_subs);
	if (rc < 0) {
		pol_label_paths_free(cp.v, cp.n);
		return pol_err_set(err, rc, "out of memory");
	}
	/* sorted, each path after the one it is below: keep the topmost */
	if (cp.n)
		qsort(cp.v, cp.n, sizeof(*cp.v), path_cmp);
	for (size_t i = 0; i < cp.n; i++) {
		bool dup = false;

		for (size_t j = 0; j < k && !dup; j++)
			dup = below(cp.v[i], cp.v[j]);
		if (dup)
			free(cp.v[i]);
		else
			cp.v[k++] = cp.v[i];
	}
	*paths = cp.v;
	*n = k;
	return 0;
}

int label_spec_changed(const struct pol_label_specs *previous, const char *key, mode_t mode,
		       const char *context)
{
	struct pol_label_match m;
	int rc = pol_label_lookup(previous, key, mode, &m);

	if (rc >= 0)
		rc = !(rc == 0 && context && strcmp(m.context, context) == 0);
	pol_label_match_release(&m);
	return rc;
}
