// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Modules: installed, removed, enabled and disabled through libsemanage, as
 * semodule and semanage module do. Each change to a module rebuilds the
 * whole policy at commit (libsemanage compiles every module's CIL again),
 * so several in one transaction cost as much as one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "store/internal.h"
#include "store/module-internal.h"

static int at_line(const struct pol_store_changes *list, const struct pol_store_change *ch,
		   struct pol_err *err, int code, const char *what, const char *name)
{
	const struct pol_store_apply_value *v = &ch->f[POL_STORE_APPLY_NAME];

	return pol_err_add(err, POL_SEV_ERROR, code, list->file, v->line ? v->line : ch->line,
			   v->col ? v->col : ch->col, "%s '%s'", what, name);
}

/* Whether the module name is installed (at any priority) and enabled:
 * 1 enabled, 0 disabled, -ENOENT absent, other < 0 errors. */
static int module_state(struct pol_store *st, const char *name)
{
	struct pol_store_module *m;
	size_t n;
	int rc = -ENOENT;

	if (pol_store_module_list(st, &m, &n, NULL) < 0)
		return -EIO;
	for (size_t i = 0; i < n && rc == -ENOENT; i++)
		if (!strcmp(m[i].name, name))
			rc = m[i].enabled; /* the highest priority's, listed first */
	pol_store_modules_free(m, n);
	return rc;
}

static int set_enabled(struct pol_store *st, const char *name, bool on)
{
	semanage_module_key_t *key = NULL;
	int rc;

	if (semanage_module_key_create(st->sh, &key) < 0)
		return -ENOMEM;
	rc = semanage_module_key_set_name(st->sh, key, name);
	if (rc >= 0)
		rc = semanage_module_set_enabled(st->sh, key, on);
	semanage_module_key_destroy(st->sh, key);
	free(key);
	return rc < 0 ? -EIO : 0;
}

/* semanage module -D: every disabled module enabled. */
static int enable_all(struct pol_store *st, bool check)
{
	struct pol_store_module *m;
	size_t n;
	int changes = 0, rc = 0;

	if (pol_store_module_list(st, &m, &n, NULL) < 0)
		return -EIO;
	for (size_t i = 0; i < n && rc >= 0; i++) {
		if (m[i].enabled)
			continue;
		changes = 1;
		if (!check)
			rc = set_enabled(st, m[i].name, true);
	}
	pol_store_modules_free(m, n);
	return rc < 0 ? rc : changes;
}

int store_module_apply(struct pol_store *st, const struct pol_store_changes *list,
		       const struct pol_store_change *ch, struct pol_err *err)
{
	const char *name = ch->f[POL_STORE_APPLY_NAME].str;
	const char *prio = ch->f[POL_STORE_APPLY_PRIORITY].str;
	bool check = st->flags & POL_STORE_CHECK;
	char *pp = NULL, *mod_name = NULL;
	size_t pp_len = 0;
	int state, rc;

	if (ch->op == POL_STORE_APPLY_DELETEALL) {
		rc = enable_all(st, true);
		if (rc <= 0 || check)
			return rc < 0 ? at_line(list, ch, err, rc, "cannot list the modules of",
						st->name)
				      : rc;
		if ((rc = store_tx(st, err)) < 0)
			return rc;
		rc = enable_all(st, false);
		return rc < 0 ? at_line(list, ch, err, rc, "cannot enable the modules of", st->name)
			      : 1;
	}
	if (ch->op == POL_STORE_APPLY_ADD && store_module_is_source(name)) {
		/* built before the transaction, every problem located; a
		 * module that does not build changes nothing */
		rc = store_module_compile(st, name, &pp, &pp_len, &mod_name, err);
		if (rc < 0)
			return rc;
		if (check) {
			free(pp);
			free(mod_name);
			return 1;
		}
	}
	if (ch->op == POL_STORE_APPLY_ADD) {
		if (check)
			return 1;
		if ((rc = store_tx(st, err)) < 0) {
			free(pp);
			free(mod_name);
			return rc;
		}
		store_route(st, err);
		if (prio)
			semanage_set_default_priority(st->sh, (uint16_t)atoi(prio));
		if (pp)
			rc = semanage_module_install(st->sh, pp, pp_len, mod_name, "pp");
		else
			rc = semanage_module_install_file(st->sh, name);
		semanage_set_default_priority(st->sh, 400);
		store_unroute(st);
		free(pp);
		free(mod_name);
		return rc < 0 ? at_line(list, ch, err, POL_EINVAL, "cannot install module", name)
			      : 1;
	}
	state = module_state(st, name);
	if (state == -ENOENT) {
		if (ch->op == POL_STORE_APPLY_DELETE)
			return 0; /* already absent */
		return at_line(list, ch, err, POL_ENOTFOUND, "no module", name);
	}
	if (state < 0)
		return at_line(list, ch, err, state, "cannot read the state of module", name);
	if ((ch->op == POL_STORE_APPLY_ENABLE && state == 1) ||
	    (ch->op == POL_STORE_APPLY_DISABLE && state == 0))
		return 0;
	if (check)
		return 1;
	if ((rc = store_tx(st, err)) < 0)
		return rc;
	store_route(st, err);
	if (ch->op == POL_STORE_APPLY_DELETE)
		rc = semanage_module_remove(st->sh, (char *)name) < 0 ? -EIO : 0;
	else
		rc = set_enabled(st, name, ch->op == POL_STORE_APPLY_ENABLE);
	store_unroute(st);
	if (rc < 0)
		return at_line(list, ch, err, POL_EINVAL,
			       ch->op == POL_STORE_APPLY_DELETE	  ? "cannot remove module"
			       : ch->op == POL_STORE_APPLY_ENABLE ? "cannot enable module"
								  : "cannot disable module",
			       name);
	return 1;
}

static int cmp_module(const void *pa, const void *pb)
{
	const struct pol_store_module *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);

	return c ? c : (a->priority > b->priority ? -1 : a->priority < b->priority);
}

void pol_store_modules_free(struct pol_store_module *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].lang);
	}
	free(v);
}

int pol_store_module_list(struct pol_store *st, struct pol_store_module **out, size_t *n,
			  struct pol_err *err)
{
	semanage_module_info_t *infos = NULL;
	struct pol_store_module *v;
	int count = 0, rc = 0;

	if (semanage_module_list_all(st->sh, &infos, &count) < 0)
		return pol_err_set(err, -EIO, "cannot list the modules of store '%s'", st->name);
	v = calloc(count ? (size_t)count : 1, sizeof(*v));
	for (int i = 0; i < count; i++) {
		semanage_module_info_t *m = semanage_module_list_nth(infos, i);
		const char *name = NULL, *lang = NULL;
		uint16_t prio = 0;
		int enabled = 1;

		semanage_module_info_get_name(st->sh, m, &name);
		semanage_module_info_get_lang_ext(st->sh, m, &lang);
		semanage_module_info_get_priority(st->sh, m, &prio);
		semanage_module_info_get_enabled(st->sh, m, &enabled);
		if (v) {
			v[i].name = strdup(name ? name : "");
			v[i].lang = strdup(lang ? lang : "");
			v[i].priority = prio;
			v[i].enabled = enabled != 0;
			if (!v[i].name || !v[i].lang)
				rc = -ENOMEM;
		}
		semanage_module_info_destroy(st->sh, m);
	}
	free(infos);
	if (!v || rc < 0) {
		if (v)
			pol_store_modules_free(v, (size_t)count);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	qsort(v, (size_t)count, sizeof(*v), cmp_module);
	*out = v;
	*n = (size_t)count;
	return 0;
}
