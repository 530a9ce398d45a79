/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Spec contexts checked before anything is labeled, as setfiles has
 * libselinux do (SELABEL_OPT_VALIDATE: every context of the file, at load
 * time, through the kernel or setfiles -c's policy). A context the policy
 * does not know would otherwise be written, and the file become
 * unlabeled_t as soon as the kernel enforces.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/internal.h"

/* "s0", "s0:c1,c3.c5": a sensitivity, then categories and ranges of them. */
static bool level_ok(const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len);
	const char *p, *end = s + len;

	if (len == 0 || colon == s)
		return false;
	if (!colon)
		return true;
	p = colon + 1;
	if (p == end)
		return false;
	while (p <= end) {
		const char *item = p, *dot;

		while (p < end && *p != ',')
			p++;
		if (p == item)
			return false;
		dot = memchr(item, '.', (size_t)(p - item));
		if (dot &&
		    (dot == item || dot == p - 1 || memchr(dot + 1, '.', (size_t)(p - dot - 1))))
			return false;
		p++;
	}
	return true;
}

/* Why c is not USER:ROLE:TYPE[:RANGE] (into buf), or NULL when it is. */
static const char *syntax_problem(const char *c, char *buf, size_t size)
{
	const char *range = NULL, *dash;
	size_t len[3];
	const char *p = c;
	static const char *const names[3] = {"user", "role", "type"};

	for (const char *q = c; *q; q++) {
		if ((unsigned char)*q <= ' ' || *q == 0x7f)
			return "it holds a space or a control character";
	}
	for (int i = 0; i < 3; i++) {
		const char *colon = strchr(p, ':');

		if (!colon && i < 2) {
			snprintf(buf, size, "it has no %s (a context is USER:ROLE:TYPE[:RANGE])",
				 i == 0 ? "role and no type" : "type");
			return buf;
		}
		len[i] = colon ? (size_t)(colon - p) : strlen(p);
		p = colon ? colon + 1 : p + len[i];
		if (i == 2 && colon)
			range = p;
	}
	for (int i = 0; i < 3; i++) {
		if (len[i] == 0) {
			snprintf(buf, size, "its %s is empty", names[i]);
			return buf;
		}
	}
	if (!range)
		return NULL;
	/* the kernel splits a range at its first '-' */
	dash = strchr(range, '-');
	if (*range == '\0' || !level_ok(range, dash ? (size_t)(dash - range) : strlen(range)) ||
	    (dash && (!level_ok(dash + 1, strlen(dash + 1)) || strchr(dash + 1, '-')))) {
		snprintf(buf, size, "its MLS range '%s' is malformed", range);
		return buf;
	}
	return NULL;
}

struct verdict {
	int rc;		    /* 0 or POL_EINVAL */
	struct pol_err why; /* the reasons, without location */
};

static const struct label_spec *sort_specs_base;

static int by_context(const void *a, const void *b)
{
	const struct label_spec *x = &sort_specs_base[*(const size_t *)a];
	const struct label_spec *y = &sort_specs_base[*(const size_t *)b];

	return strcmp(x->context, y->context);
}

static int by_place(const void *a, const void *b)
{
	const struct label_spec *x = &sort_specs_base[*(const size_t *)a];
	const struct label_spec *y = &sort_specs_base[*(const size_t *)b];

	if (x->input != y->input)
		return x->input < y->input ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int judge(const char *context, pol_label_context_check_fn check, void *data,
		 struct verdict *v)
{
	char buf[160];
	const char *why = syntax_problem(context, buf, sizeof(buf));

	pol_err_init(&v->why);
	v->rc = 0;
	if (why) {
		v->rc = POL_EINVAL;
		pol_err_set(&v->why, POL_EINVAL, "%s", why);
		return 0;
	}
	if (!check)
		return 0;
	int rc = check(context, &v->why, data);

	if (rc == POL_EINVAL) {
		v->rc = POL_EINVAL;
		if (pol_err_errors(&v->why) == 0)
			pol_err_set(&v->why, POL_EINVAL, "the policy does not define it");
		return 0;
	}
	return rc;
}

static void report(const struct pol_label_specs *s, const struct label_spec *sp,
		   const struct verdict *v, struct pol_err *err)
{
	const char *file = s->files[sp->input];

	for (size_t i = 0; i < v->why.count; i++) {
		const struct pol_diag *d = &v->why.diags[i];

		/* a kernel's answer already names the context */
		if (d->severity == POL_SEV_ERROR &&
		    strncmp(d->message, "invalid context '", 17) == 0)
			pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, sp->line, sp->col, "%s",
				    d->message);
		else if (d->severity == POL_SEV_ERROR)
			pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, file, sp->line, sp->col,
				    "invalid context '%s': %s", sp->context, d->message);
		else
			pol_err_add(err, d->severity, d->code, file, sp->line, sp->col, "%s",
				    d->message);
	}
}

/* Serialised: qsort() has no context argument, and validation runs once,
 * before any walk. */
static pthread_mutex_t sort_lock = PTHREAD_MUTEX_INITIALIZER;

static int validate(const struct pol_label_specs *s, pol_label_context_check_fn check, void *data,
		    struct pol_err *err)
{
	size_t n = 0, nv = 0, *idx, *vof;
	struct verdict *v;
	int rc = 0;

	idx = malloc((s->nspecs ? s->nspecs : 1) * sizeof(*idx));
	vof = malloc((s->nspecs ? s->nspecs : 1) * sizeof(*vof));
	v = calloc(s->nspecs ? s->nspecs : 1, sizeof(*v));
	if (!idx || !vof || !v) {
		rc = pol_err_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < s->nspecs; i++)
		if (!s->specs[i].none)
			idx[n++] = i;
	pthread_mutex_lock(&sort_lock);
	sort_specs_base = s->specs;
	if (n > 1)
		qsort(idx, n, sizeof(*idx), by_context);
	pthread_mutex_unlock(&sort_lock);
	/* each distinct context once: a policy's file_contexts repeats a few
	 * hundred contexts over thousands of lines */
	const char *failed = NULL;

	for (size_t i = 0; i < n && rc == 0; i++) {
		if (i == 0 || strcmp(s->specs[idx[i]].context, s->specs[idx[i - 1]].context) != 0) {
			failed = s->specs[idx[i]].context;
			rc = judge(failed, check, data, &v[nv++]);
		}
		vof[idx[i]] = nv - 1;
	}
	if (rc < 0) {
		/* check's own account of why it could not tell */
		for (size_t i = 0; i < v[nv - 1].why.count; i++) {
			const struct pol_diag *d = &v[nv - 1].why.diags[i];

			pol_err_add(err, d->severity, d->code, d->file, d->line, d->col, "%s",
				    d->message);
		}
		if (err && pol_err_errors(err) == 0)
			pol_err_set(err, rc, "cannot check the context '%s': %s", failed,
				    pol_strerror(rc));
		goto out;
	}
	pthread_mutex_lock(&sort_lock);
	sort_specs_base = s->specs;
	if (n > 1)
		qsort(idx, n, sizeof(*idx), by_place);
	pthread_mutex_unlock(&sort_lock);
	for (size_t i = 0; i < n; i++) {
		const struct verdict *vd = &v[vof[idx[i]]];

		if (vd->rc == 0)
			continue;
		report(s, &s->specs[idx[i]], vd, err);
		rc = POL_EINVAL;
	}
out:
	for (size_t i = 0; v && i < nv; i++)
		pol_err_release(&v[i].why);
	free(v);
	free(vof);
	free(idx);
	return rc;
}

int pol_label_specs_validate(const struct pol_label_specs *specs, pol_label_context_check_fn check,
			     void *data, struct pol_err *err)
{
	struct pol_label_specs *native;
	int rc;

	if (specs->engine != POL_LABEL_ENGINE_SELABEL)
		return validate(specs, check, data, err);
	/* libselinux keeps its specs to itself: read the same files ours */
	rc = pol_label_specs_open(specs->path, POL_LABEL_ENGINE_NATIVE, specs->flags, &native, err);
	if (rc < 0)
		return rc;
	rc = validate(native, check, data, err);
	pol_label_specs_free(native);
	return rc;
}
