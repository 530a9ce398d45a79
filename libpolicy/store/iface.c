/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage interface: network interface labels. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "store/internal.h"

STORE_DB(iface);

static const semanage_context_t *iface_get_con(const void *rec)
{
	return semanage_iface_get_ifcon(rec);
}

/* A new interface's packets (msgcon) get the context too, as semanage
 * sets them; -m changes the interface's own (ifcon) only, as semanage does. */
static int iface_set_con(semanage_handle_t *sh, void *rec, semanage_context_t *con)
{
	if (!semanage_iface_get_msgcon(rec) && semanage_iface_set_msgcon(sh, rec, con) < 0)
		return -1;
	return semanage_iface_set_ifcon(sh, rec, con);
}

static int iface_clone(semanage_handle_t *sh, const void *rec, void **out)
{
	return semanage_iface_clone(sh, rec, (semanage_iface_t **)out);
}

static const struct store_con iface_con = {iface_get_con, iface_set_con, iface_clone};

static int iface_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
			struct pol_err *err)
{
	semanage_iface_key_t *key = NULL;
	semanage_iface_t *i = NULL;
	char desc[300];
	int rc = 0;

	if (!rec->name || !*rec->name || strchr(rec->name, ' ') || strchr(rec->name, '/'))
		return store_rec_err(err, rec, POL_EINVAL, "invalid interface name '%s'",
				     rec->name ? rec->name : "");
	if (op == POL_STORE_ADD && !(rec->type && *rec->type))
		return store_rec_err(err, rec, POL_EINVAL,
				     "no type for interface '%s': -t TYPE is required", rec->name);
	/* semanage checks no attribute: the kernel labels an interface with
	 * any type */
	if ((rc = store_check_con(st, op, rec, NULL, err)) < 0)
		return rc;
	if (semanage_iface_key_create(st->sh, rec->name, &key) < 0 ||
	    (op == POL_STORE_ADD && (semanage_iface_create(st->sh, &i) < 0 ||
				     semanage_iface_set_name(st->sh, i, rec->name) < 0))) {
		semanage_iface_free(i);
		semanage_iface_key_free(key);
		return store_fail(st, rec, err, "out of memory");
	}
	snprintf(desc, sizeof(desc), "interface '%s'", rec->name);
	rc = store_con_change(st, &iface_db, &iface_con, op, rec, key, i, desc, err);
	semanage_iface_key_free(key);
	return rc;
}

static int iface_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		      const void *rec)
{
	(void)st;
	r->name = store_list_str(l, semanage_iface_get_name(rec));
	store_list_context(l, r, semanage_iface_get_ifcon(rec));
	return r->name ? 0 : -ENOMEM;
}

const struct store_kind store_iface_kind = {.name = "interface",
					    .change = iface_change,
					    .db = &iface_db,
					    .fill = iface_fill,
					    .merged = true};
