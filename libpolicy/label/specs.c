/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A spec set: the files libselinux's file backend reads for one spec path,
 * in its order, and lookups in it (label_file.c init() and lookup_all()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "label/internal.h"

void pol_label_specs_free(struct pol_label_specs *s)
{
	if (!s)
		return;
	label_selabel_close(s);
	label_index_free(s);
	for (size_t i = 0; i < s->nspecs; i++) {
		free(s->specs[i].regex);
		free(s->specs[i].context);
		free(s->specs[i].prefix);
		pcre2_code_free(s->specs[i].code);
		pcre2_code_free(s->specs[i].jit);
	}
	free(s->specs);
	for (size_t i = 0; i < s->nfiles; i++)
		free(s->files[i]);
	free(s->files);
	label_subs_release(&s->subs);
	label_subs_release(&s->dist_subs);
	pthread_mutex_destroy(&s->jit_lock);
	free(s->path);
	free(s);
}

size_t pol_label_specs_count(const struct pol_label_specs *s)
{
	return s->nspecs;
}

/* libselinux's sort_specs(): specs without metacharacters move behind the
 * others, each group keeping its order, so an exact path beats a regex. */
static int sort_specs(struct pol_label_specs *s)
{
	struct label_spec *v = malloc(s->nspecs * sizeof(*v));
	size_t k = 0;

	if (!v && s->nspecs)
		return -ENOMEM;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < s->nspecs; i++)
			if (s->specs[i].meta == (pass == 0))
				v[k++] = s->specs[i];
	free(s->specs);
	s->specs = v;
	s->alloc = s->nspecs;
	return 0;
}

static int read_optional(struct pol_label_specs *s, const char *suffix, struct pol_err *err)
{
	char *p;
	int rc;

	if (asprintf(&p, "%s.%s", s->path, suffix) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = label_read_specfile(s, p, false, false, err);
	free(p);
	return rc == -ENOENT ? 0 : rc;
}

static int read_subs(struct pol_label_specs *s, const char *suffix, struct label_subs *subs,
		     struct pol_err *err)
{
	char *p;
	int rc;

	if (asprintf(&p, "%s.%s", s->path, suffix) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = label_subs_read(p, subs, err);
	free(p);
	return rc;
}

int pol_label_specs_open(const char *path, enum pol_label_engine engine, unsigned int flags,
			 struct pol_label_specs **out, struct pol_err *err)
{
	struct pol_label_specs *s = calloc(1, sizeof(*s));
	struct stat st;
	int rc;

	if (!s)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pthread_mutex_init(&s->jit_lock, NULL);
	s->engine = engine;
	s->flags = flags;
	s->path = strdup(path);
	if (!s->path) {
		rc = pol_err_set(err, -ENOMEM, "out of memory");
		goto fail;
	}
	/* setfiles insists on a regular file; a directory would otherwise
	 * read as an empty spec set */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		rc = pol_err_set(err, POL_EFORMAT, "spec file '%s' is not a regular file", path);
		goto fail;
	}
	if (engine == POL_LABEL_ENGINE_SELABEL) {
		if (stat(path, &st) < 0) {
			rc = pol_err_set(err, -errno, "cannot open spec file '%s': %s", path,
					 strerror(errno));
			goto fail;
		}
		rc = label_selabel_open(s, flags, err);
		if (rc < 0)
			goto fail;
		*out = s;
		return 0;
	}

	rc = read_subs(s, "subs_dist", &s->dist_subs, err);
	if (rc < 0)
		goto fail;
	rc = read_subs(s, "subs", &s->subs, err);
	if (rc < 0)
		goto fail;
	rc = label_read_specfile(s, path, true, true, err);
	if (rc < 0)
		goto fail;
	if (!(flags & POL_LABEL_SPECS_BASEONLY)) {
		rc = read_optional(s, "homedirs", err);
		if (rc < 0)
			goto fail;
		rc = read_optional(s, "local", err);
		if (rc < 0)
			goto fail;
	}
	rc = sort_specs(s);
	if (rc == 0)
		rc = label_index_build(s);
	if (rc < 0) {
		pol_err_set(err, rc, "out of memory");
		goto fail;
	}
	*out = s;
	return 0;
fail:
	pol_label_specs_free(s);
	return rc;
}

void pol_label_match_release(struct pol_label_match *m)
{
	free(m->key);
	free(m->priv);
	memset(m, 0, sizeof(*m));
}

/* lookup_all()'s key: runs of '/' collapsed, one trailing '/' dropped. */
static char *clean_key(const char *path)
{
	size_t len = strlen(path), n = 0;
	char *k;

	if (!strstr(path, "//") && !(len > 1 && path[len - 1] == '/'))
		return NULL;
	k = malloc(len + 1);
	if (!k)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (path[i] == '/' && n && k[n - 1] == '/')
			continue;
		k[n++] = path[i];
	}
	if (n > 1 && k[n - 1] == '/')
		n--;
	k[n] = '\0';
	return k;
}

const char *label_prepare_key(const struct pol_label_specs *s, const char *path, char **owned,
			      bool *rewritten)
{
	const char *key = path;
	char *clean, *sub;

	*owned = NULL;
	*rewritten = false;
	clean = clean_key(path);
	if (clean)
		key = clean;
	/* local equivalences first, then the distribution's on the result */
	sub = label_subs_apply(&s->subs, key);
	if (sub) {
		char *d = label_subs_apply(&s->dist_subs, sub);

		if (d) {
			free(sub);
			sub = d;
		}
	} else {
		sub = label_subs_apply(&s->dist_subs, key);
	}
	if (sub) {
		free(clean);
		*rewritten = true;
		*owned = sub;
		return sub;
	}
	*owned = clean;
	return key;
}

int pol_label_lookup(const struct pol_label_specs *s, const char *path, mode_t mode,
		     struct pol_label_match *m)
{
	const struct label_spec *sp;
	const char *key;
	char *owned;
	bool rewritten;
	int rc;

	memset(m, 0, sizeof(*m));
	if (!*path)
		return -EINVAL;
	if (s->engine == POL_LABEL_ENGINE_SELABEL)
		return label_selabel_lookup(s, path, mode, m);

	key = label_prepare_key(s, path, &owned, &rewritten);
	rc = label_index_lookup(s, key, mode, &sp);
	if (rewritten)
		m->key = owned;
	else
		free(owned);
	if (rc < 0 || !sp)
		return rc;
	m->context = rc == 0 ? sp->context : NULL;
	m->regex = sp->regex;
	m->file = s->files[sp->input];
	m->line = sp->line;
	m->mode = sp->mode;
	return rc;
}

int pol_label_dir_digest(const struct pol_label_specs *s, const char *path,
			 unsigned char out[POL_LABEL_DIGEST_LEN])
{
	struct label_sha1 h;
	const char *key;
	char *owned;
	bool rewritten;
	int rc;

	if (!*path)
		return -EINVAL;
	if (s->engine == POL_LABEL_ENGINE_SELABEL)
		return label_selabel_digest(s, path, out);
	key = label_prepare_key(s, path, &owned, &rewritten);
	label_sha1_init(&h);
	rc = label_index_partial(s, key, &h);
	free(owned);
	if (rc <= 0)
		return rc;
	label_sha1_final(&h, out);
	return 1;
}
