/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* semanage node: network node (address and mask) labels. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/internal.h"

STORE_DB(node);

static const char *const protos[] = {[SEMANAGE_PROTO_IP4] = "ipv4", [SEMANAGE_PROTO_IP6] = "ipv6"};

static const semanage_context_t *node_get_con(const void *rec)
{
	return semanage_node_get_con(rec);
}

static int node_set_con(semanage_handle_t *sh, void *rec, semanage_context_t *con)
{
	return semanage_node_set_con(sh, rec, con);
}

static int node_clone(semanage_handle_t *sh, const void *rec, void **out)
{
	return semanage_node_clone(sh, rec, (semanage_node_t **)out);
}

static const struct store_con node_con = {node_get_con, node_set_con, node_clone};

/*
 * The key as semanage computes it (seobject nodeRecords.validate()): with
 * no mask or a /PREFIX one, the address is a network (an address alone is
 * one host), its protocol its own, the mask written out; else the protocol
 * is -p's. A network with host bits set is refused, as Python's
 * ip_network() refuses it. addr and mask: INET6_ADDRSTRLEN bytes.
 */
static int node_key(const struct pol_store_rec *rec, char *addr, char *mask, int *proto,
		    struct pol_err *err)
{
	unsigned char a[16], m[16] = {0};
	const char *slash = rec->mask && *rec->mask ? rec->mask : "";
	unsigned long bits;
	char *end;
	int af, len;

	if (!rec->name || !*rec->name)
		return store_rec_err(err, rec, POL_EINVAL, "no node address");
	if (*slash && *slash != '/') {
		*proto = rec->proto && !strcmp(rec->proto, "ipv4")   ? SEMANAGE_PROTO_IP4
			 : rec->proto && !strcmp(rec->proto, "ipv6") ? SEMANAGE_PROTO_IP6
								     : -1;
		if (*proto < 0)
			return store_rec_err(err, rec, POL_EINVAL,
					     "invalid protocol '%s': use ipv4 or ipv6",
					     rec->proto ? rec->proto : "");
		af = *proto == SEMANAGE_PROTO_IP4 ? AF_INET : AF_INET6;
		if (inet_pton(af, rec->name, a) != 1 || inet_pton(af, slash, m) != 1)
			return store_rec_err(err, rec, POL_EINVAL,
					     "invalid %s address or mask '%s/%s'", protos[*proto],
					     rec->name, slash);
		snprintf(addr, INET6_ADDRSTRLEN, "%s", rec->name);
		snprintf(mask, INET6_ADDRSTRLEN, "%s", slash);
		return 0;
	}
	af = strchr(rec->name, ':') ? AF_INET6 : AF_INET;
	*proto = af == AF_INET ? SEMANAGE_PROTO_IP4 : SEMANAGE_PROTO_IP6;
	len = af == AF_INET ? 4 : 16;
	bits = (unsigned long)len * 8;
	if (*slash) {
		bits = strtoul(slash + 1, &end, 10);
		if (!slash[1] || *end || bits > (unsigned long)len * 8)
			return store_rec_err(err, rec, POL_EINVAL, "invalid network mask '%s'",
					     slash);
	}
	if (inet_pton(af, rec->name, a) != 1)
		return store_rec_err(err, rec, POL_EINVAL, "invalid address '%s'", rec->name);
	for (int i = 0; i < len; i++) {
		unsigned long b = bits > (unsigned long)i * 8 ? bits - (unsigned long)i * 8 : 0;

		m[i] = b >= 8 ? 0xff : (unsigned char)(0xff00 >> b);
		if (a[i] & ~m[i])
			return store_rec_err(err, rec, POL_EINVAL, "'%s%s' has host bits set",
					     rec->name, slash);
	}
	inet_ntop(af, a, addr, INET6_ADDRSTRLEN);
	inet_ntop(af, m, mask, INET6_ADDRSTRLEN);
	return 0;
}

static int node_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		       struct pol_err *err)
{
	semanage_node_key_t *key = NULL;
	semanage_node_t *n = NULL;
	char addr[INET6_ADDRSTRLEN], mask[INET6_ADDRSTRLEN], desc[2 * INET6_ADDRSTRLEN + 16];
	int proto = 0, rc = 0;

	if ((rc = node_key(rec, addr, mask, &proto, err)) < 0)
		return rc;
	if (op == POL_STORE_ADD && !(rec->type && *rec->type))
		return store_rec_err(err, rec, POL_EINVAL,
				     "no type for node '%s': -t TYPE is required", rec->name);
	if ((rc = store_check_con(st, op, rec, "node_type", err)) < 0)
		return rc;
	if (semanage_node_key_create(st->sh, addr, mask, proto, &key) < 0 ||
	    (op == POL_STORE_ADD && (semanage_node_create(st->sh, &n) < 0 ||
				     (semanage_node_set_proto(n, proto),
				      semanage_node_set_addr(st->sh, n, proto, addr)) < 0 ||
				     semanage_node_set_mask(st->sh, n, proto, mask) < 0))) {
		semanage_node_free(n);
		semanage_node_key_free(key);
		return store_fail(st, rec, err, "out of memory");
	}
	snprintf(desc, sizeof(desc), "node %s/%s", addr, mask);
	rc = store_con_change(st, &node_db, &node_con, op, rec, key, n, desc, err);
	semanage_node_key_free(key);
	return rc;
}

static int node_fill(struct pol_store *st, struct pol_store_list *l, struct pol_store_rec *r,
		     const void *rec)
{
	char *addr = NULL, *mask = NULL;
	int proto = semanage_node_get_proto(rec);

	if (semanage_node_get_addr(st->sh, rec, &addr) < 0 ||
	    semanage_node_get_mask(st->sh, rec, &mask) < 0) {
		free(addr);
		return -ENOMEM;
	}
	r->name = store_list_str(l, addr);
	r->mask = store_list_str(l, mask);
	free(addr);
	free(mask);
	r->proto = proto == SEMANAGE_PROTO_IP6 ? protos[1] : protos[0];
	store_list_context(l, r, semanage_node_get_con(rec));
	return r->name && r->mask ? 0 : -ENOMEM;
}

const struct store_kind store_node_kind = {
    .name = "node", .change = node_change, .db = &node_db, .fill = node_fill, .merged = true};
