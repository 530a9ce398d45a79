/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage port: local port labels, single ports and ranges. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/internal.h"

STORE_DB(port);

static const char *const protos[] = {
    [SEMANAGE_PROTO_UDP] = "udp",
    [SEMANAGE_PROTO_TCP] = "tcp",
    [SEMANAGE_PROTO_DCCP] = "dccp",
    [SEMANAGE_PROTO_SCTP] = "sctp",
};

static int proto_of(const char *name)
{
	for (int i = 0; i < 4; i++)
		if (name && strcmp(name, protos[i]) == 0)
			return i;
	return -1;
}

static const semanage_context_t *port_get_con(const void *rec)
{
	return semanage_port_get_con(rec);
}

static int port_set_con(semanage_handle_t *sh, void *rec, semanage_context_t *con)
{
	return semanage_port_set_con(sh, rec, con);
}

static int port_clone(semanage_handle_t *sh, const void *rec, void **out)
{
	return semanage_port_clone(sh, rec, (semanage_port_t **)out);
}

static const struct store_con port_con = {port_get_con, port_set_con, port_clone};

/* libsemanage refuses a commit whose local ports overlap (its
 * semanage_port_validate_local()); say which record before anything is
 * written. */
static int check_overlap(struct pol_store *st, const struct pol_store_rec *rec, int proto,
			 struct pol_err *err)
{
	semanage_port_t **recs = NULL;
	unsigned int n = 0;
	int rc = 0;

	if (semanage_port_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, rec, err, "cannot list the local ports");
	for (unsigned int i = 0; i < n; i++) {
		int lo = semanage_port_get_low(recs[i]), hi = semanage_port_get_high(recs[i]);

		if (rc == 0 && semanage_port_get_proto(recs[i]) == proto &&
		    !(lo == (int)rec->low && hi == (int)rec->high) && lo <= (int)rec->high &&
		    (int)rec->low <= hi) {
			const semanage_context_t *c = semanage_port_get_con(recs[i]);

			rc = store_rec_err(
			    err, rec, POL_EINVAL,
			    "port range %s %u-%u overlaps the local record %s %d-%d (%s)",
			    rec->proto, rec->low, rec->high, rec->proto, lo, hi,
			    c ? semanage_context_get_type(c) : "?");
		}
		semanage_port_free(recs[i]);
	}
	free(recs);
	return rc;
}

static int port_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		       struct pol_err *err)
{
	semanage_port_key_t *key = NULL;
	semanage_port_t *p = NULL;
	char desc[64];
	int proto = proto_of(rec->proto), rc;

	if (proto < 0)
		return store_rec_err(err, rec, POL_EINVAL,
				     "invalid protocol '%s': use tcp, udp, dccp or sctp",
				     rec->proto ? rec->proto : "");
	if (rec->low > rec->high || rec->high > 65535)
		return store_rec_err(err, rec, POL_EINVAL, "invalid port range %u-%u", rec->low,
				     rec->high);
	if (op == POL_STORE_ADD && (!rec->type || !*rec->type))
		return store_rec_err(err, rec, POL_EINVAL,
				     "no type for port %s %u: -t TYPE is required", rec->proto,
				     rec->low);
	if ((rc = store_check_con(st, op, rec, "port_type", err)) < 0 ||
	    (op != POL_STORE_DELETE && (rc = check_overlap(st, rec, proto, err)) < 0))
		return rc;
	if (semanage_port_key_create(st->sh, (int)rec->low, (int)rec->high, proto, &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if (op == POL_STORE_ADD) {
		if (semanage_port_create(st->sh, &p) < 0) {
			semanage_port_key_free(key);
			return store_fail(st, rec, err, "out of memory");
		}
		semanage_port_set_proto(p, proto);
		semanage_port_set_range(p, (int)rec->low, (int)rec->high);
	}
	snprintf(desc, sizeof(desc), "port %s %u-%u", rec->proto, rec->low, rec->high);
	rc = store_con_change(st, &port_db, &port_con, op, rec, key, p, desc, err);
	semanage_port_key_free(key);
	return rc;
}

static int port_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		     const void *rec)
{
	int proto = semanage_port_get_proto(rec);

	(void)st;
	r->proto = proto >= 0 && proto < 4 ? protos[proto] : "?";
	r->low = (unsigned int)semanage_port_get_low(rec);
	r->high = (unsigned int)semanage_port_get_high(rec);
	store_list_context(l, r, semanage_port_get_con(rec));
	r->seuser = NULL;
	return 0;
}

const struct store_kind store_port_kind = {.name = "port",
					   .change = port_change,
					   .db = &port_db,
					   .fill = port_fill,
					   .merged = true,
					   .checked = true};
