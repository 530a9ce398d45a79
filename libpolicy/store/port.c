/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage port: local port labels, single ports and ranges. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "store/internal.h"

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

static bool holds(struct pol_store *st, const semanage_port_t *p, const struct pol_store_rec *rec)
{
	return store_context_is(st->sh, semanage_port_get_con(p), "system_u", "object_r", rec->type,
				store_mls(st) ? (rec->range && *rec->range ? rec->range : "s0")
					      : NULL);
}

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
	semanage_port_t *local = NULL, *policy = NULL, *p = NULL;
	semanage_context_t *c = NULL;
	int proto = proto_of(rec->proto), in_local = 0, in_policy = 0, rc;

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
	if (op == POL_STORE_MODIFY && !(rec->type && *rec->type) && !(rec->range && *rec->range))
		return store_rec_err(err, rec, POL_EINVAL, "nothing to modify: give -t or -r");
	if (op != POL_STORE_DELETE) {
		rc = 0;
		if (rec->type && *rec->type &&
		    store_check_type(st, rec, rec->type, "port_type", NULL, err) < 0)
			rc = POL_ENOTFOUND;
		if (rec->range && *rec->range && store_check_range(st, rec, rec->range, err) < 0)
			rc = POL_EINVAL;
		if (rc < 0 || (rc = check_overlap(st, rec, proto, err)) < 0)
			return rc;
	}
	if (semanage_port_key_create(st->sh, (int)rec->low, (int)rec->high, proto, &key) < 0)
		return store_fail(st, rec, err, "out of memory");
	if (semanage_port_exists_local(st->sh, key, &in_local) < 0 ||
	    (in_local && semanage_port_query_local(st->sh, key, &local) < 0) ||
	    semanage_port_exists(st->sh, key, &in_policy) < 0 ||
	    (in_policy && semanage_port_query(st->sh, key, &policy) < 0)) {
		rc = store_fail(st, rec, err, "cannot read the ports of store '%s'", st->name);
		goto out;
	}
	rc = -ENOMEM;
	switch (op) {
	case POL_STORE_ADD:
		if ((local && holds(st, local, rec)) ||
		    (!local && policy && holds(st, policy, rec))) {
			rc = 0;
			goto out;
		}
		if (semanage_port_create(st->sh, &p) < 0)
			break;
		semanage_port_set_proto(p, proto);
		semanage_port_set_range(p, (int)rec->low, (int)rec->high);
		if (store_context(st, "system_u", "object_r", rec->type, rec->range, &c) < 0 ||
		    semanage_port_set_con(st->sh, p, c) < 0)
			break;
		rc = 1;
		break;
	case POL_STORE_MODIFY: {
		const semanage_port_t *base = local ? local : policy;

		if (!base) {
			rc = store_rec_err(err, rec, POL_EINVAL, "port %s %u-%u is not defined",
					   rec->proto, rec->low, rec->high);
			goto out;
		}
		if (semanage_port_clone(st->sh, base, &p) < 0 ||
		    semanage_context_clone(st->sh, semanage_port_get_con(base), &c) < 0)
			break;
		if ((rec->range && *rec->range &&
		     semanage_context_set_mls(st->sh, c, rec->range) < 0) ||
		    (rec->type && *rec->type &&
		     semanage_context_set_type(st->sh, c, rec->type) < 0) ||
		    semanage_port_set_con(st->sh, p, c) < 0)
			break;
		if (local &&
		    store_context_is(st->sh, semanage_port_get_con(local),
				     semanage_context_get_user(c), semanage_context_get_role(c),
				     semanage_context_get_type(c), semanage_context_get_mls(c))) {
			rc = 0;
			goto out;
		}
		rc = 1;
		break;
	}
	case POL_STORE_DELETE:
		if (!local) {
			rc = store_rec_err(err, rec, POL_EINVAL,
					   policy ? "port %s %u-%u is defined in the policy, not "
						    "locally: it cannot be deleted"
						  : "port %s %u-%u is not defined",
					   rec->proto, rec->low, rec->high);
			goto out;
		}
		rc = 1;
		break;
	}
	if (rc < 0) {
		rc = store_fail(st, rec, err, "out of memory");
		goto out;
	}
	if (st->flags & POL_STORE_CHECK)
		goto out;
	if ((rc = store_tx(st, err)) < 0)
		goto out;
	if (op == POL_STORE_DELETE ? semanage_port_del_local(st->sh, key) < 0
				   : semanage_port_modify_local(st->sh, key, p) < 0) {
		rc = store_fail(st, rec, err, "cannot change port %s %u-%u", rec->proto, rec->low,
				rec->high);
		goto out;
	}
	rc = 1;
out:
	semanage_context_free(c);
	semanage_port_free(p);
	semanage_port_free(local);
	semanage_port_free(policy);
	semanage_port_key_free(key);
	return rc;
}

static int port_delete_all(struct pol_store *st, struct pol_err *err)
{
	semanage_port_t **recs = NULL;
	unsigned int n = 0;
	int rc = 0;

	if (semanage_port_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local ports");
	if (n && !(st->flags & POL_STORE_CHECK) && (rc = store_tx(st, err)) < 0)
		goto out;
	for (unsigned int i = 0; i < n && !(st->flags & POL_STORE_CHECK); i++) {
		semanage_port_key_t *key;

		if (semanage_port_key_extract(st->sh, recs[i], &key) < 0 ||
		    semanage_port_del_local(st->sh, key) < 0) {
			rc = store_fail(st, NULL, err, "cannot delete a local port");
			goto out;
		}
		semanage_port_key_free(key);
	}
	rc = (int)n;
out:
	for (unsigned int i = 0; i < n; i++)
		semanage_port_free(recs[i]);
	free(recs);
	return rc;
}

static int add_all(struct pol_store_list *l, semanage_port_t **recs, unsigned int n, bool local)
{
	int rc = 0;

	for (unsigned int i = 0; i < n; i++) {
		struct pol_store_rec *r = rc ? NULL : store_list_add(l, POL_STORE_PORT);
		int proto = semanage_port_get_proto(recs[i]);

		if (!r) {
			rc = -ENOMEM;
		} else {
			r->proto = proto >= 0 && proto < 4 ? protos[proto] : "?";
			r->low = (unsigned int)semanage_port_get_low(recs[i]);
			r->high = (unsigned int)semanage_port_get_high(recs[i]);
			r->local = local;
			store_list_context(l, r, semanage_port_get_con(recs[i]));
			r->seuser = NULL;
		}
		semanage_port_free(recs[i]);
	}
	free(recs);
	return rc;
}

static int port_list(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
		     struct pol_err *err)
{
	semanage_port_t **recs;
	unsigned int n;
	int rc;

	if (!(flags & POL_STORE_LOCAL_ONLY)) {
		/* semanage_port_list() is the policy's with the local ones
		 * merged in: keep those not local */
		semanage_port_t **loc;
		unsigned int nloc;

		if (semanage_port_list(st->sh, &recs, &n) < 0)
			return store_fail(st, NULL, err, "cannot list the ports");
		if (semanage_port_list_local(st->sh, &loc, &nloc) < 0)
			nloc = 0, loc = NULL;
		for (unsigned int i = 0; i < n; i++)
			for (unsigned int j = 0; j < nloc && recs[i]; j++)
				if (semanage_port_compare2(recs[i], loc[j]) == 0) {
					semanage_port_free(recs[i]);
					recs[i] = NULL;
				}
		for (unsigned int j = 0; j < nloc; j++)
			semanage_port_free(loc[j]);
		free(loc);
		unsigned int k = 0;

		for (unsigned int i = 0; i < n; i++)
			if (recs[i])
				recs[k++] = recs[i];
		if ((rc = add_all(out, recs, k, false)) < 0)
			return pol_err_set(err, rc, "out of memory");
	}
	if (semanage_port_list_local(st->sh, &recs, &n) < 0)
		return store_fail(st, NULL, err, "cannot list the local ports");
	if ((rc = add_all(out, recs, n, true)) < 0)
		return pol_err_set(err, rc, "out of memory");
	return 0;
}

const struct store_kind store_port_kind = {"port", port_change, port_list, port_delete_all};
