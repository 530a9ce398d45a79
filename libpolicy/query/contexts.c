/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Labeling statements (initial SIDs, fs_use, genfscon, portcon, netifcon,
 * ibpkeycon, ibendportcon and the Xen ones) as setools' statement() writes
 * them. Nodecon, with its address handling, lives in nodecon.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/services.h>

#include "util/filetype.h"
#include "query/info-internal.h"

/* setools 4.4's names for initial SIDs, which a kernel policy does not
 * store: the number indexes these tables. */
static const char *const selinux_sids[] = {
	"undefined", "kernel", "security", "unlabeled", "fs", "file", "file_labels", "init",
	"any_socket", "port", "netif", "netmsg", "node", "igmp_packet", "icmp_socket",
	"tcp_socket", "sysctl_modprobe", "sysctl", "sysctl_fs", "sysctl_kernel", "sysctl_net",
	"sysctl_net_unix", "sysctl_vm", "sysctl_dev", "kmod", "policy", "scmp_packet", "devnull",
};

static const char *const xen_sids[] = {
	"xen", "dom0", "domxen", "domio", "unlabeled", "security", "irq", "iomem", "ioport",
	"device", "domU", "domDM",
};

const char *query_info_sid_name(const policydb_t *p, const ocontext_t *c, char buf[16])
{
	uint32_t n = c->sid[0];

	if (c->u.name)
		return c->u.name;
	if (p->target_platform == SEPOL_TARGET_XEN && n < sizeof(xen_sids) / sizeof(xen_sids[0]))
		return xen_sids[n];
	if (p->target_platform != SEPOL_TARGET_XEN &&
	    n < sizeof(selinux_sids) / sizeof(selinux_sids[0]))
		return selinux_sids[n];
	snprintf(buf, 16, "%" PRIu32, n);
	return buf;
}

const char *query_info_fs_use_rule(uint32_t behavior)
{
	switch (behavior) {
	case SECURITY_FS_USE_XATTR:
		return "fs_use_xattr";
	case SECURITY_FS_USE_TRANS:
		return "fs_use_trans";
	case SECURITY_FS_USE_TASK:
		return "fs_use_task";
	default:
		return "fs_use_unknown";
	}
}

const char *query_info_protocol_name(uint8_t proto)
{
	switch (proto) {
	case IPPROTO_TCP:
		return "tcp";
	case IPPROTO_UDP:
		return "udp";
	case IPPROTO_DCCP:
		return "dccp";
	case IPPROTO_SCTP:
		return "sctp";
	default:
		return "unknown";
	}
}

/* genfscon's file type, from the object class: "" when there is none. */
const char *query_info_genfs_filetype(const policydb_t *p, uint32_t sclass)
{
	const struct pol_fc_type *t;

	if (!sclass || sclass > p->p_classes.nprim)
		return "";
	t = pol_fc_type_by_class(p->p_class_val_to_name[sclass - 1]);
	return t ? t->flag : "";
}

/* "22" or "6000-6020" (decimal) / "0x22" or "0x6000-0x6020" (hexadecimal),
 * parsed as seinfo parses them: int() on each side of the "-". */
static int parse_port_range(const char *s, int base, long long *lo, long long *hi, const char *what,
			    struct pol_err *err)
{
	const char *dash = strchr(s, '-');

	if (dash && strchr(dash + 1, '-'))
		goto bad;
	if (!query_info_parse_int(s, dash ? (size_t)(dash - s) : strlen(s), base, lo))
		goto bad;
	*hi = *lo;
	if (dash && !query_info_parse_int(dash + 1, strlen(dash + 1), base, hi))
		goto bad;
	return 0;
bad:
	return pol_err_set(err, POL_EINVAL, "'%s' is not a %s number or range (e.g. %s)", s, what,
			   base == 16 ? "0x22 or 0x6000-0x6020" : "22 or 6000-6020");
}

struct ocon_filter {
	const char *name;
	bool ports; /* portcon: statements covering lo..hi */
	bool pkeys; /* ibpkeycon: statements of exactly lo..hi */
	long long lo, hi;
};

static int filter_build(enum pol_info_kind kind, const char *filter, struct ocon_filter *f,
			struct pol_err *err)
{
	int rc;

	memset(f, 0, sizeof(*f));
	if (!filter)
		return 0;
	if (kind == POL_INFO_PORTCON) {
		if ((rc = parse_port_range(filter, 10, &f->lo, &f->hi, "port", err)) < 0)
			return rc;
		/* setools drops a range with a 0 in it: everything matches */
		if (!f->lo || !f->hi)
			return 0;
		if (f->lo < 1 || f->hi < 1)
			return pol_err_set(err, POL_EINVAL,
					   "port numbers must be positive: %lld-%lld", f->lo, f->hi);
		if (f->lo > f->hi)
			return pol_err_set(err, POL_EINVAL,
					   "the low port must be smaller than the high port: %lld-%lld",
					   f->lo, f->hi);
		f->ports = true;
		return 0;
	}
	if (kind == POL_INFO_IBPKEYCON) {
		if ((rc = parse_port_range(filter, 16, &f->lo, &f->hi, "pkey", err)) < 0)
			return rc;
		if (f->lo < 1 || f->hi < 1)
			return pol_err_set(err, POL_EINVAL, "pkeys must be positive: 0x%llx-0x%llx",
					   f->lo, f->hi);
		if (f->lo > 0xffff || f->hi > 0xffff)
			return pol_err_set(err, POL_EINVAL,
					   "pkeys maximum is 0xffff: 0x%llx-0x%llx", f->lo, f->hi);
		if (f->lo > f->hi)
			return pol_err_set(err, POL_EINVAL,
					   "the low pkey must be smaller than the high pkey: 0x%llx-0x%llx",
					   f->lo, f->hi);
		f->pkeys = true;
		return 0;
	}
	if (!pol_info_kind_xen(kind))
		f->name = filter;
	return 0;
}

static bool name_ok(const struct ocon_filter *f, const char *name)
{
	return !f->name || (name && strcmp(f->name, name) == 0);
}

/* Render one ocontext of a given kind into b; false when the filter skips it. */
static bool render(const struct pol_pdb *pdb, enum pol_info_kind kind, const ocontext_t *c,
		   const struct ocon_filter *f, struct pol_buf *b)
{
	const policydb_t *p = pdb_db(pdb);
	unsigned char prefix[16] = { 0 };

	pol_buf_reset(b);
	switch (kind) {
	case POL_INFO_FS_USE:
		if (!name_ok(f, c->u.name))
			return false;
		pol_buf_printf(b, "%s %s ", query_info_fs_use_rule(c->v.behavior), c->u.name);
		query_info_context(pdb, &c->context[0], b);
		pol_buf_putc(b, ';');
		return true;
	case POL_INFO_PORTCON:
		if (f->ports && !(c->u.port.low_port <= f->lo && f->hi <= c->u.port.high_port))
			return false;
		pol_buf_printf(b, "portcon %s %u", query_info_protocol_name(c->u.port.protocol),
			       c->u.port.low_port);
		if (c->u.port.high_port != c->u.port.low_port)
			pol_buf_printf(b, "-%u", c->u.port.high_port);
		break;
	case POL_INFO_NETIFCON:
		if (!name_ok(f, c->u.name))
			return false;
		pol_buf_printf(b, "netifcon %s ", c->u.name);
		query_info_context(pdb, &c->context[0], b);
		pol_buf_putc(b, ' ');
		query_info_context(pdb, &c->context[1], b);
		return true;
	case POL_INFO_IBPKEYCON:
		if (f->pkeys && !(c->u.ibpkey.low_pkey == f->lo && c->u.ibpkey.high_pkey == f->hi))
			return false;
		/* the policy keeps the top 64 bits of the prefix, network order */
		memcpy(prefix, &c->u.ibpkey.subnet_prefix, sizeof(c->u.ibpkey.subnet_prefix));
		pol_buf_puts(b, "ibpkeycon ");
		query_info_ipv6(prefix, b);
		pol_buf_printf(b, " 0x%x", c->u.ibpkey.low_pkey);
		if (c->u.ibpkey.high_pkey != c->u.ibpkey.low_pkey)
			pol_buf_printf(b, "-0x%x", c->u.ibpkey.high_pkey);
		break;
	case POL_INFO_IBENDPORTCON:
		if (!name_ok(f, c->u.ibendport.dev_name))
			return false;
		pol_buf_printf(b, "ibendportcon %s %u", c->u.ibendport.dev_name,
			       c->u.ibendport.port);
		break;
	case POL_INFO_IOPORTCON:
		pol_buf_printf(b, "ioportcon %" PRIu32, c->u.ioport.low_ioport);
		if (c->u.ioport.high_ioport != c->u.ioport.low_ioport)
			pol_buf_printf(b, "-%" PRIu32, c->u.ioport.high_ioport);
		break;
	case POL_INFO_IOMEMCON:
		pol_buf_printf(b, "iomemcon %" PRIu64, c->u.iomem.low_iomem);
		if (c->u.iomem.high_iomem != c->u.iomem.low_iomem)
			pol_buf_printf(b, "-%" PRIu64, c->u.iomem.high_iomem);
		break;
	case POL_INFO_PCIDEVICECON:
		pol_buf_printf(b, "pcidevicecon %" PRIu32, c->u.device);
		break;
	case POL_INFO_PIRQCON:
		pol_buf_printf(b, "pirqcon %u", c->u.pirq);
		break;
	case POL_INFO_DEVICETREECON:
		pol_buf_printf(b, "devicetreecon %s", c->u.name);
		break;
	default:
		(void)p;
		return false;
	}
	pol_buf_putc(b, ' ');
	query_info_context(pdb, &c->context[0], b);
	return true;
}

static int list_genfscon(const struct pol_pdb *pdb, const char *filter,
			 struct pol_info_list *list)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_buf b = POL_BUF_INIT;
	int rc = 0;

	for (const genfs_t *g = p->genfs; g && !rc; g = g->next) {
		if (filter && strcmp(filter, g->fstype) != 0)
			continue;
		for (const ocontext_t *c = g->head; c && !rc; c = c->next) {
			pol_buf_reset(&b);
			pol_buf_printf(&b, "genfscon %s %s %s ", g->fstype, c->u.name,
				       query_info_genfs_filetype(p, c->v.sclass));
			query_info_context(pdb, &c->context[0], &b);
			rc = query_info_add_statement(list, &b);
		}
	}
	pol_buf_release(&b);
	return rc;
}

static int list_initialsids(const struct pol_pdb *pdb, const char *filter,
			    struct pol_info_list *list)
{
	const policydb_t *p = pdb_db(pdb);
	struct pol_buf b = POL_BUF_INIT;
	int rc = 0;

	for (const ocontext_t *c = p->ocontexts[OCON_ISID]; c && !rc; c = c->next) {
		struct pol_info_item *it;
		char buf[16];
		const char *name = query_info_sid_name(p, c, buf);

		if (filter && strcmp(filter, name) != 0)
			continue;
		pol_buf_reset(&b);
		pol_buf_printf(&b, "sid %s ", name);
		query_info_context(pdb, &c->context[0], &b);
		it = query_info_add(list);
		/* setools sorts and prints initial SIDs by name */
		if (!it || !(it->name = it->text = query_info_str(list, name)) ||
		    !(it->expanded = it->statement = query_info_buf(list, &b)))
			rc = -ENOMEM;
	}
	pol_buf_release(&b);
	return rc;
}

int query_info_list_contexts(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			     struct pol_info_list *list, struct pol_err *err)
{
	static const int ocon_of[POL_INFO_KIND_COUNT] = {
		[POL_INFO_FS_USE] = OCON_FSUSE,
		[POL_INFO_PORTCON] = OCON_PORT,
		[POL_INFO_NETIFCON] = OCON_NETIF,
		[POL_INFO_IBPKEYCON] = OCON_IBPKEY,
		[POL_INFO_IBENDPORTCON] = OCON_IBENDPORT,
		[POL_INFO_IOPORTCON] = OCON_XEN_IOPORT,
		[POL_INFO_IOMEMCON] = OCON_XEN_IOMEM,
		[POL_INFO_PCIDEVICECON] = OCON_XEN_PCIDEVICE,
		[POL_INFO_PIRQCON] = OCON_XEN_PIRQ,
		[POL_INFO_DEVICETREECON] = OCON_XEN_DEVICETREE,
	};
	struct ocon_filter f;
	struct pol_buf b = POL_BUF_INIT;
	int rc;

	if (kind == POL_INFO_GENFSCON)
		return list_genfscon(pdb, filter, list);
	if (kind == POL_INFO_INITIALSID)
		return list_initialsids(pdb, filter, list);
	if ((rc = filter_build(kind, filter, &f, err)) < 0)
		return rc;
	for (const ocontext_t *c = pdb_db(pdb)->ocontexts[ocon_of[kind]]; c && !rc; c = c->next)
		if (render(pdb, kind, c, &f, &b))
			rc = query_info_add_statement(list, &b);
	pol_buf_release(&b);
	return rc;
}
