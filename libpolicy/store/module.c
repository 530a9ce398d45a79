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
#include <sys/mman.h>

#include "util/suggest.h"

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

/* The priority the store has name at: prio, or with prio 0 the highest
 * (libsemanage's key wants one: semodule -E looks it up too); else
 * POL_ENOTFOUND with the names the store has as a did-you-mean note. */
static int module_priority(struct pol_store *st, const char *name, unsigned int prio,
			   unsigned int *found, struct pol_err *err)
{
	struct pol_store_module *m;
	struct pol_suggest sg;
	bool named = false;
	size_t n;

	if (pol_store_module_list(st, &m, &n, err) < 0)
		return -EIO;
	pol_suggest_init(&sg, name);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(m[i].name, name) && (!prio || m[i].priority == prio)) {
			*found = m[i].priority; /* the highest first */
			pol_store_modules_free(m, n);
			return 0;
		}
		named |= !strcmp(m[i].name, name);
		pol_suggest_offer(&sg, m[i].name);
	}
	if (named)
		pol_err_set(err, POL_ENOTFOUND, "no module '%s' at priority %u in store '%s'", name,
			    prio, st->name);
	else {
		pol_err_set(err, POL_ENOTFOUND, "no module '%s' in store '%s'", name, st->name);
		pol_suggest_note(&sg, err, POL_ENOTFOUND, NULL, 0, 0);
	}
	pol_store_modules_free(m, n);
	return POL_ENOTFOUND;
}

int pol_store_module_extract(struct pol_store *st, const char *name, unsigned int *prio, bool cil,
			     char **data, size_t *len, char **ext, struct pol_err *err)
{
	unsigned int at = 0;
	semanage_module_key_t *key = NULL;
	semanage_module_info_t *info = NULL;
	const char *lang = NULL;
	void *map = NULL;
	size_t map_len = 0;
	char *copy = NULL, *e = NULL;
	int rc;

	if ((rc = module_priority(st, name, *prio, &at, err)) < 0)
		return rc;
	if (semanage_module_key_create(st->sh, &key) < 0 ||
	    semanage_module_key_set_name(st->sh, key, name) < 0 ||
	    semanage_module_key_set_priority(st->sh, key, (uint16_t)at) < 0) {
		rc = pol_err_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	store_route(st, err);
	rc = semanage_module_extract(st->sh, key, cil, &map, &map_len, &info);
	store_unroute(st);
	if (rc < 0) {
		rc = pol_err_set(err, -EIO, "cannot extract module '%s' from store '%s'", name,
				 st->name);
		goto out;
	}
	/* semodule's names: the language of the file it was installed from,
	 * cil for its CIL */
	if (!cil && semanage_module_info_get_lang_ext(st->sh, info, &lang) < 0)
		lang = NULL;
	copy = malloc(map_len ? map_len : 1);
	e = strdup(cil ? "cil" : lang ? lang : "");
	if (!copy || !e || !*e) {
		if (!copy || !e)
			rc = pol_err_set(err, -ENOMEM, "out of memory");
		else
			rc = pol_err_set(err, -EIO, "module '%s' of store '%s' has no language",
					 name, st->name);
		free(copy);
		free(e);
		goto out;
	}
	memcpy(copy, map, map_len);
	*data = copy;
	*len = map_len;
	*ext = e;
	*prio = at;
	rc = 0;
out:
	if (map && map_len)
		munmap(map, map_len);
	if (info) {
		semanage_module_info_destroy(st->sh, info);
		free(info);
	}
	if (key) {
		semanage_module_key_destroy(st->sh, key);
		free(key);
	}
	return rc;
}
