// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sestore export: the local customisations as the change list that, applied
 * to a store, gives them back; written out with pol_store_change_format()
 * it is what semanage export prints (seobject.py's customized(): its kinds
 * in its order, its records sorted as it sorts them).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "store/apply.h"
#include "store/internal.h"
#include "util/array.h"

static int push(struct pol_store_changes *l, enum pol_store_apply_kind kind,
		enum pol_store_apply_op op, struct pol_store_change **out)
{
	if (POL_ARRAY_GROW(l->v, l->n + 1, l->alloc) < 0)
		return -ENOMEM;
	*out = &l->v[l->n++];
	memset(*out, 0, sizeof(**out));
	(*out)->kind = kind;
	(*out)->op = op;
	(*out)->value = -1;
	return 0;
}

static int set(struct pol_store_change *ch, enum pol_store_apply_field f, const char *s)
{
	if (!s || !*s)
		return 0;
	return (ch->f[f].str = strdup(s)) ? 0 : -ENOMEM;
}

/* semanage's sort keys: names; ports by (low, high, proto); fcontexts by
 * (regex, file type name). */
static int export_rec_cmp(const void *pa, const void *pb)
{
	const struct pol_store_rec *a = pa, *b = pb;
	int c;

	if (a->kind == POL_STORE_PORT) {
		if (a->low != b->low)
			return a->low < b->low ? -1 : 1;
		if (a->high != b->high)
			return a->high < b->high ? -1 : 1;
		return strcmp(a->proto ? a->proto : "", b->proto ? b->proto : "");
	}
	c = strcmp(a->name ? a->name : "", b->name ? b->name : "");
	if (c || a->kind != POL_STORE_FCONTEXT)
		return c;
	/* semanage sorts by its name of the type: "all files" < "block device" ... */
	{
		static const char *const order =
		    "abcdpfsl"; /* all, block, character, directory,
				   named pipe, regular, socket, symbolic link */
		const char *x = strchr(order, a->ftype ? a->ftype : 'a');
		const char *y = strchr(order, b->ftype ? b->ftype : 'a');

		return (int)(x - order) - (int)(y - order);
	}
}

static int add_rec(struct pol_store_changes *l, const struct pol_store_rec *r)
{
	static const enum pol_store_apply_kind kinds[POL_STORE_NKINDS] = {
	    [POL_STORE_LOGIN] = POL_STORE_APPLY_LOGIN,
	    [POL_STORE_USER] = POL_STORE_APPLY_USER,
	    [POL_STORE_PORT] = POL_STORE_APPLY_PORT,
	    [POL_STORE_INTERFACE] = POL_STORE_APPLY_INTERFACE,
	    [POL_STORE_NODE] = POL_STORE_APPLY_NODE,
	    [POL_STORE_FCONTEXT] = POL_STORE_APPLY_FCONTEXT,
	    [POL_STORE_EQUIV] = POL_STORE_APPLY_FCONTEXT,
	    [POL_STORE_BOOLEAN] = POL_STORE_APPLY_BOOLEAN,
	    [POL_STORE_PERMISSIVE] = POL_STORE_APPLY_PERMISSIVE,
	};
	struct pol_store_change *ch;
	char ft[2] = {r->ftype ? r->ftype : 'a', 0};
	int rc;

	rc = push(l, kinds[r->kind],
		  r->kind == POL_STORE_BOOLEAN ? POL_STORE_APPLY_MODIFY : POL_STORE_APPLY_ADD, &ch);
	if (rc < 0)
		return rc;
	ch->lo = r->low;
	ch->hi = r->high;
	if (r->kind == POL_STORE_BOOLEAN)
		ch->value = r->value;
	if (r->kind == POL_STORE_PORT) {
		char port[32];

		if (r->low == r->high)
			snprintf(port, sizeof(port), "%u", r->low);
		else
			snprintf(port, sizeof(port), "%u-%u", r->low, r->high);
		rc = set(ch, POL_STORE_APPLY_NAME, port);
	} else {
		rc = set(ch, POL_STORE_APPLY_NAME, r->name);
	}
	if (rc || set(ch, POL_STORE_APPLY_EQUAL, r->target) ||
	    set(ch, POL_STORE_APPLY_TYPE, r->type) ||
	    set(ch, POL_STORE_APPLY_SEUSER, r->kind == POL_STORE_LOGIN ? r->seuser : NULL) ||
	    set(ch, POL_STORE_APPLY_ROLES, r->roles) || set(ch, POL_STORE_APPLY_RANGE, r->range) ||
	    set(ch, POL_STORE_APPLY_LEVEL, r->level) || set(ch, POL_STORE_APPLY_PROTO, r->proto) ||
	    set(ch, POL_STORE_APPLY_MASK, r->mask) ||
	    set(ch, POL_STORE_APPLY_FTYPE, r->kind == POL_STORE_FCONTEXT ? ft : NULL))
		return -ENOMEM;
	return 0;
}

/* The local records of kind, sorted, appended to l. */
static int export_kind(struct pol_store *st, enum pol_store_kind kind, struct pol_store_changes *l,
		       struct pol_err *err)
{
	struct pol_store_list recs;
	int rc = pol_store_list(st, kind, POL_STORE_LOCAL_ONLY, &recs, err);

	if (rc < 0)
		return rc;
	if (kind != POL_STORE_EQUIV && recs.n) /* qsort(NULL, 0): undefined */
		qsort(recs.recs, recs.n, sizeof(recs.recs[0]), export_rec_cmp);
	for (size_t i = 0; i < recs.n && rc == 0; i++)
		rc = add_rec(l, &recs.recs[i]);
	pol_store_list_release(&recs);
	return rc == -ENOMEM ? pol_err_set(err, rc, "out of memory") : rc;
}

/* module -d NAME for each disabled module, sorted by name (semanage's
 * customized() of modules). */
static int export_modules(struct pol_store *st, struct pol_store_changes *l, struct pol_err *err)
{
	semanage_module_info_t *infos = NULL;
	int n = 0, rc = 0;

	if (semanage_module_list_all(st->sh, &infos, &n) < 0)
		return pol_err_set(err, -EIO, "cannot list the modules of store '%s'", st->name);
	for (int i = 0; i < n; i++) {
		semanage_module_info_t *m = semanage_module_list_nth(infos, i);
		const char *name = NULL;
		int enabled = 1;
		struct pol_store_change *ch;

		semanage_module_info_get_name(st->sh, m, &name);
		semanage_module_info_get_enabled(st->sh, m, &enabled);
		if (!enabled && name && rc == 0) {
			bool seen = false;

			/* a module disabled at several priorities is listed once */
			for (size_t j = 0; j < l->n && !seen; j++)
				seen = l->v[j].kind == POL_STORE_APPLY_MODULE &&
				       l->v[j].op == POL_STORE_APPLY_DISABLE &&
				       !strcmp(l->v[j].f[POL_STORE_APPLY_NAME].str, name);
			if (!seen && (rc = push(l, POL_STORE_APPLY_MODULE, POL_STORE_APPLY_DISABLE,
						&ch)) == 0)
				rc = set(ch, POL_STORE_APPLY_NAME, name);
		}
		semanage_module_info_destroy(st->sh, m);
	}
	free(infos);
	return rc < 0 ? pol_err_set(err, rc, "out of memory") : 0;
}

static int by_name(const void *pa, const void *pb)
{
	const struct pol_store_change *a = pa, *b = pb;

	return strcmp(a->f[POL_STORE_APPLY_NAME].str, b->f[POL_STORE_APPLY_NAME].str);
}

int pol_store_export(struct pol_store *st, struct pol_store_changes **out, struct pol_err *err)
{
	/* semanage export's kinds, in its order */
	static const enum pol_store_apply_kind purged[] = {
	    POL_STORE_APPLY_BOOLEAN,  POL_STORE_APPLY_LOGIN,	  POL_STORE_APPLY_INTERFACE,
	    POL_STORE_APPLY_USER,     POL_STORE_APPLY_PORT,	  POL_STORE_APPLY_NODE,
	    POL_STORE_APPLY_FCONTEXT, POL_STORE_APPLY_MODULE,	  POL_STORE_APPLY_IBENDPORT,
	    POL_STORE_APPLY_IBPKEY,   POL_STORE_APPLY_PERMISSIVE,
	};
	static const enum pol_store_kind kinds[] = {
	    POL_STORE_BOOLEAN, POL_STORE_LOGIN, POL_STORE_INTERFACE, POL_STORE_USER,
	    POL_STORE_PORT,    POL_STORE_NODE,	POL_STORE_FCONTEXT,  POL_STORE_EQUIV,
	};
	struct pol_store_changes *l = calloc(1, sizeof(*l));
	struct pol_store_change *ch;
	size_t first;
	int rc = 0;

	if (!l || !(l->file = strdup(st->name))) {
		free(l);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < sizeof(purged) / sizeof(purged[0]) && rc == 0; i++)
		rc = push(l, purged[i], POL_STORE_APPLY_DELETEALL, &ch);
	if (rc < 0)
		rc = pol_err_set(err, rc, "out of memory");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && rc == 0; i++)
		rc = export_kind(st, kinds[i], l, err);
	first = l->n;
	if (rc == 0)
		rc = export_modules(st, l, err);
	if (rc == 0 && l->n > first)
		qsort(l->v + first, l->n - first, sizeof(l->v[0]), by_name);
	if (rc == 0)
		rc = export_kind(st, POL_STORE_PERMISSIVE, l, err);
	if (rc < 0) {
		pol_store_changes_free(l);
		return rc;
	}
	*out = l;
	return 0;
}
