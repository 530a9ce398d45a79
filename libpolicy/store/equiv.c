/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * semanage fcontext -e: path equivalences ("/srv/www /var/www": label what
 * is under the first as if it were under the second). libsemanage keeps no
 * database of them: semanage writes ETC/contexts/files/file_contexts.subs
 * itself; the policy's own are file_contexts.subs_dist. Here the file is
 * read on first use, changed in memory, and written at the commit: made
 * ready (a temporary file beside it) before libsemanage commits and renamed
 * into place once it has (store_equiv_prepare()/store_equiv_finish()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/atomic.h"
#include "util/file.h"
#include "util/regex.h"

#include "store/internal.h"

struct equiv_pair {
	char *from, *to;
};

struct equiv_set {
	struct equiv_pair *v;
	size_t n, alloc;
};

struct store_equivs {
	struct equiv_set local, dist;
	bool loaded, dirty;
	struct pol_atomic *out;
};

static char *subs_path(const struct pol_store *st, const char *ext)
{
	char *p;

	return asprintf(&p, "%s/contexts/files/file_contexts.%s", st->etc_dir, ext) < 0 ? NULL : p;
}

static int set_add(struct equiv_set *s, const char *from, const char *to)
{
	char *f = strdup(from), *t = strdup(to);

	if (!f || !t || POL_ARRAY_GROW(s->v, s->n + 1, s->alloc) < 0) {
		free(f);
		free(t);
		return -ENOMEM;
	}
	s->v[s->n].from = f;
	s->v[s->n++].to = t;
	return 0;
}

static void set_release(struct equiv_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].from);
		free(s->v[i].to);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* semanage's reading: blank lines and # comments skipped, two words a line. */
static int read_set(const char *path, struct equiv_set *s, struct pol_err *err)
{
	char *data, *save = NULL;
	size_t len;
	unsigned int line = 0;
	int rc = pol_read_path(path, &data, &len);

	if (rc == -ENOENT)
		return 0;
	if (rc < 0)
		return pol_err_set(err, rc, "cannot read '%s': %s", path, strerror(-rc));
	for (char *l = strtok_r(data, "\n", &save); l && rc == 0; l = strtok_r(NULL, "\n", &save)) {
		char *from, *to, *extra, *s2 = NULL;

		line++;
		from = strtok_r(l, " \t\r", &s2);
		if (!from || *from == '#')
			continue;
		to = strtok_r(NULL, " \t\r", &s2);
		extra = to ? strtok_r(NULL, " \t\r", &s2) : NULL;
		if (!to || extra)
			rc = pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, path, line, 1,
					 "expected two paths: PATH EQUIVALENT");
		else
			rc = set_add(s, from, to);
	}
	free(data);
	return rc == -ENOMEM ? pol_err_set(err, rc, "out of memory") : rc;
}

static int load(struct pol_store *st, struct pol_err *err)
{
	char *local, *dist;
	int rc;

	if (!st->equiv && !(st->equiv = calloc(1, sizeof(*st->equiv))))
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (st->equiv->loaded)
		return 0;
	local = subs_path(st, "subs");
	dist = subs_path(st, "subs_dist");
	rc = local && dist ? 0 : pol_err_set(err, -ENOMEM, "out of memory");
	if (rc == 0 && (rc = read_set(local, &st->equiv->local, err)) == 0)
		rc = read_set(dist, &st->equiv->dist, err);
	free(local);
	free(dist);
	if (rc < 0) {
		set_release(&st->equiv->local);
		set_release(&st->equiv->dist);
		return rc;
	}
	st->equiv->loaded = true;
	return 0;
}

static struct equiv_pair *find(struct equiv_set *s, const char *from)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].from, from))
			return &s->v[i];
	return NULL;
}

/* semanage's checks of -e: no trailing '/', a valid spec, no equivalence
 * already under the new path. */
static int check(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err)
{
	const char *paths[2] = {rec->name, rec->target};
	struct equiv_set *sets[2] = {&st->equiv->local, &st->equiv->dist};
	struct pol_regex *re;
	size_t len = strlen(rec->name);
	int rc;

	for (int i = 0; i < 2; i++) {
		const char *p = paths[i];
		size_t n = strlen(p);

		if (!*p || strchr(p, ' ') || strchr(p, '\t') || strchr(p, '\n'))
			return store_rec_err(err, rec, POL_EINVAL, "invalid path '%s'", p);
		if (n > 1 && p[n - 1] == '/')
			return store_rec_err(err, rec, POL_EINVAL,
					     "%s '%s' is not valid: it may not end with '/'",
					     i ? "equivalent" : "path", p);
	}
	if ((rc = pol_regex_compile(rec->name, &re, err)) < 0)
		return rc;
	pol_regex_free(re);
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < sets[s]->n; i++)
			if (!strncmp(sets[s]->v[i].from, rec->name, len) &&
			    sets[s]->v[i].from[len] == '/')
				return store_rec_err(
				    err, rec, POL_EINVAL,
				    "path '%s' conflicts with the equivalence '%s %s'", rec->name,
				    sets[s]->v[i].from, sets[s]->v[i].to);
	return 0;
}

static int equiv_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
			struct pol_err *err)
{
	struct equiv_set *s;
	struct equiv_pair *cur;
	int rc;

	if (!rec->name || !*rec->name)
		return store_rec_err(err, rec, POL_EINVAL, "no path for the equivalence");
	if (op != POL_STORE_DELETE && !(rec->target && *rec->target))
		return store_rec_err(err, rec, POL_EINVAL,
				     "no equivalent path: -e PATH is required");
	if ((rc = load(st, err)) < 0)
		return rc;
	s = &st->equiv->local;
	cur = find(s, rec->name);
	if (op == POL_STORE_DELETE) {
		if (!cur) {
			char desc[300];

			snprintf(desc, sizeof(desc), "equivalence for '%s'", rec->name);
			return store_not_local(rec, find(&st->equiv->dist, rec->name), desc, err);
		}
	} else {
		if ((rc = check(st, rec, err)) < 0)
			return rc;
		if (op == POL_STORE_MODIFY && !cur)
			return store_rec_err(err, rec, POL_EINVAL,
					     "equivalence for '%s' is not defined", rec->name);
		if (cur && !strcmp(cur->to, rec->target))
			return 0;
	}
	if (st->flags & POL_STORE_CHECK)
		return 1;
	if ((rc = store_tx(st, err)) < 0)
		return rc;
	if (op == POL_STORE_DELETE) {
		free(cur->from);
		free(cur->to);
		memmove(cur, cur + 1, (size_t)(s->v + s->n - cur - 1) * sizeof(*cur));
		s->n--;
	} else if (cur) {
		char *to = strdup(rec->target);

		if (!to)
			return store_fail(st, rec, err, "out of memory");
		free(cur->to);
		cur->to = to;
	} else if (set_add(s, rec->name, rec->target) < 0) {
		return store_fail(st, rec, err, "out of memory");
	}
	st->equiv->dirty = true;
	return 1;
}

static int add_recs(struct pol_store_list *out, const struct equiv_set *s, bool local,
		    struct pol_err *err)
{
	for (size_t i = 0; i < s->n; i++) {
		struct pol_store_rec *r = store_list_add(out, POL_STORE_EQUIV);

		if (!r || !(r->name = store_list_str(out, s->v[i].from)) ||
		    !(r->target = store_list_str(out, s->v[i].to)))
			return pol_err_set(err, -ENOMEM, "out of memory");
		r->local = local;
	}
	return 0;
}

/* The policy's (subs_dist) then the local ones, in their files' order, as
 * semanage lists and exports them. */
static int equiv_list(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
		      struct pol_err *err)
{
	int rc = load(st, err);

	if (rc == 0 && !(flags & POL_STORE_LOCAL_ONLY))
		rc = add_recs(out, &st->equiv->dist, false, err);
	if (rc == 0)
		rc = add_recs(out, &st->equiv->local, true, err);
	return rc;
}

static int equiv_delete_all(struct pol_store *st, struct pol_err *err)
{
	size_t n;
	int rc = load(st, err);

	if (rc < 0)
		return rc;
	n = st->equiv->local.n;
	if (!n || (st->flags & POL_STORE_CHECK))
		return (int)n;
	if ((rc = store_tx(st, err)) < 0)
		return rc;
	set_release(&st->equiv->local);
	st->equiv->dirty = true;
	return (int)n;
}

int store_equiv_prepare(struct pol_store *st, struct pol_err *err)
{
	struct equiv_set *s;
	char *path;
	FILE *fp;
	int rc;

	if (!st->equiv || !st->equiv->dirty)
		return 0;
	if (!(path = subs_path(st, "subs")))
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = pol_atomic_open(path, &st->equiv->out, &fp, err);
	free(path);
	if (rc < 0)
		return rc;
	s = &st->equiv->local;
	for (size_t i = 0; i < s->n; i++)
		fprintf(fp, "%s %s\n", s->v[i].from, s->v[i].to);
	return 0;
}

int store_equiv_finish(struct pol_store *st, bool committed, struct pol_err *err)
{
	struct pol_atomic *a = st->equiv ? st->equiv->out : NULL;

	if (!a)
		return 0;
	st->equiv->out = NULL;
	if (!committed) {
		pol_atomic_abort(a);
		return 0;
	}
	st->equiv->dirty = false;
	return pol_atomic_commit(a, err);
}

void store_equiv_free(struct pol_store *st)
{
	if (!st->equiv)
		return;
	pol_atomic_abort(st->equiv->out);
	set_release(&st->equiv->local);
	set_release(&st->equiv->dist);
	free(st->equiv);
	st->equiv = NULL;
}

const struct store_kind store_equiv_kind = {.name = "fcontext",
					    .change = equiv_change,
					    .checked = true,
					    .list = equiv_list,
					    .delete_all = equiv_delete_all};
