// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Labeling statements (initial SID contexts, fscon, fs_use_*, genfscon,
 * portcon, netifcon, nodecon, ibpkeycon, ibendportcon and Xen's pirqcon,
 * iomemcon, ioportcon, pcidevicecon, devicetreecon) become the policy's ocontext
 * lists, in checkpolicy's order and with its duplicate and overlap checks:
 * the kernel takes the first match, so the order is part of the meaning.
 * Also policycap. All of them belong to base policies only.
 */
#include "source/internal.h"

#include <sepol/policydb/polcaps.h>
#include <sepol/policydb/services.h>

#include <inttypes.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/lower-rules.h"
#include "util/suggest.h"

static const char *stmt_keyword(const struct src_stmt *s)
{
	static const char *const xen[] = {
	    [SRC_PIRQCON] = "pirqcon",
	    [SRC_IOMEMCON] = "iomemcon",
	    [SRC_IOPORTCON] = "ioportcon",
	    [SRC_PCIDEVICECON] = "pcidevicecon",
	    [SRC_DEVICETREECON] = "devicetreecon",
	};
	static const char *const fs_use[] = {
	    [SRC_FS_USE_XATTR] = "fs_use_xattr",
	    [SRC_FS_USE_TASK] = "fs_use_task",
	    [SRC_FS_USE_TRANS] = "fs_use_trans",
	};

	switch (s->kind) {
	case SRC_SID_CONTEXT:
		return "sid";
	case SRC_FSCON:
		return "fscon";
	case SRC_FS_USE:
		return fs_use[s->u.fs_use.behavior];
	case SRC_GENFSCON:
		return "genfscon";
	case SRC_PORTCON:
		return "portcon";
	case SRC_NETIFCON:
		return "netifcon";
	case SRC_NODECON:
		return "nodecon";
	case SRC_IBPKEYCON:
		return "ibpkeycon";
	case SRC_IBENDPORTCON:
		return "ibendportcon";
	case SRC_XEN_CONTEXT:
		return xen[s->u.xen.kind];
	default:
		return "this statement";
	}
}

static ocontext_t *new_ocontext(struct lower *lw, const struct src_stmt *s)
{
	ocontext_t *c = calloc(1, sizeof(*c));

	if (!c)
		lower_error(lw, &s->loc, "out of memory");
	return c;
}

/* Frees an ocontext not (yet) in a list; kind says which union member
 * holds a string. */
static void free_ocontext(ocontext_t *c, char *name)
{
	if (!c)
		return;
	context_destroy(&c->context[0]);
	context_destroy(&c->context[1]);
	free(name);
	free(c);
}

static void append_ocontext(ocontext_t **head, ocontext_t *c)
{
	while (*head)
		head = &(*head)->next;
	*head = c;
}

static int sid_context(struct lower *lw, const struct src_stmt *s)
{
	ocontext_t *c;

	for (c = lw->p->ocontexts[OCON_ISID]; c; c = c->next)
		if (strcmp(c->u.name, s->u.sid.name.name) == 0)
			break;
	if (!c) {
		const struct src_loc *loc = &s->u.sid.name.loc;
		struct pol_suggest sg;
		const char *best[3];

		lower_error(lw, loc, "initial SID '%s' is not declared", s->u.sid.name.name);
		pol_suggest_init(&sg, s->u.sid.name.name);
		for (c = lw->p->ocontexts[OCON_ISID]; c; c = c->next)
			pol_suggest_offer(&sg, c->u.name);
		if (pol_suggest_result(&sg, best) > 0)
			pol_suggest_note_names(lw->err, 0, loc->file, loc->line, loc->col, best, 1);
		return POL_EINVAL;
	}
	if (c->context[0].user)
		return lower_error(lw, &s->u.sid.name.loc, "initial SID '%s' already has a context",
				   s->u.sid.name.name);
	return lower_context(lw, &s->u.sid.ctx, &c->context[0]);
}

/* A named entry with two contexts (fscon, netifcon), put in front of the
 * earlier ones as checkpolicy does. */
static int prepend_named(struct lower *lw, const struct src_stmt *s, ocontext_t **head,
			 const char *name, const struct src_context *first,
			 const struct src_context *second)
{
	ocontext_t *c = new_ocontext(lw, s);
	int rc = 0;

	if (!c)
		return POL_EINVAL;
	c->u.name = strdup(name);
	if (!c->u.name)
		rc = lower_error(lw, &s->loc, "out of memory");
	if (!rc && lower_context(lw, first, &c->context[0]) < 0)
		rc = POL_EINVAL;
	if (!rc && lower_context(lw, second, &c->context[1]) < 0)
		rc = POL_EINVAL;
	if (rc) {
		free_ocontext(c, c->u.name);
		return rc;
	}
	c->next = *head;
	*head = c;
	return 0;
}

/* The obsolete fscon: no kernel reads it, but checkpolicy writes it, named
 * "major:minor" in hex, each list entry in front of the earlier ones. */
static int fscon(struct lower *lw, const struct src_stmt *s)
{
	ocontext_t *c, **head = &lw->p->ocontexts[OCON_FS];
	char name[sizeof("ffffffff:ffffffff")];

	snprintf(name, sizeof(name), "%02" PRIx32 ":%02" PRIx32, s->u.fscon.major,
		 s->u.fscon.minor);
	for (c = *head; c; c = c->next)
		if (strcmp(c->u.name, name) == 0)
			return lower_error(lw, &s->loc, "duplicate fscon for file system %s", name);
	return prepend_named(lw, s, head, name, &s->u.fscon.fs_ctx, &s->u.fscon.file_ctx);
}

static int fs_use(struct lower *lw, const struct src_stmt *s)
{
	static const uint32_t behavior[] = {
	    [SRC_FS_USE_XATTR] = SECURITY_FS_USE_XATTR,
	    [SRC_FS_USE_TASK] = SECURITY_FS_USE_TASK,
	    [SRC_FS_USE_TRANS] = SECURITY_FS_USE_TRANS,
	};
	ocontext_t *c, **head = &lw->p->ocontexts[OCON_FSUSE];

	for (c = *head; c; c = c->next)
		if (strcmp(c->u.name, s->u.fs_use.fs.name) == 0)
			return lower_error(lw, &s->u.fs_use.fs.loc,
					   "duplicate fs_use for file system '%s'", c->u.name);
	c = new_ocontext(lw, s);
	if (!c)
		return POL_EINVAL;
	c->v.behavior = behavior[s->u.fs_use.behavior];
	c->u.name = strdup(s->u.fs_use.fs.name);
	if (!c->u.name || lower_context(lw, &s->u.fs_use.ctx, &c->context[0]) < 0) {
		if (!c->u.name)
			lower_error(lw, &s->loc, "out of memory");
		free_ocontext(c, c->u.name);
		return POL_EINVAL;
	}
	c->next = *head;
	*head = c;
	return 0;
}

static const char *genfs_class(enum src_file_type t)
{
	static const char *const names[] = {
	    [SRC_FILE_ANY] = NULL,	   [SRC_FILE_REG] = "file",
	    [SRC_FILE_DIR] = "dir",	   [SRC_FILE_CHR] = "chr_file",
	    [SRC_FILE_BLK] = "blk_file",   [SRC_FILE_SOCK] = "sock_file",
	    [SRC_FILE_FIFO] = "fifo_file", [SRC_FILE_LNK] = "lnk_file",
	};
	return names[t];
}

/* The file systems sorted by name; in each, longer paths first and equal
 * lengths in the order written (checkpolicy's insertion order). */
static int genfscon(struct lower *lw, const struct src_stmt *s)
{
	const char *fs = s->u.genfscon.fs.name, *path = s->u.genfscon.path;
	const char *cls_name = genfs_class(s->u.genfscon.file_type);
	genfs_t *g, **gp;
	ocontext_t *c, **cp, *n;
	uint32_t sclass = 0;
	size_t len = strlen(path);

	if (cls_name) {
		class_datum_t *cls = hashtab_search(lw->p->p_classes.table, cls_name);

		if (!cls)
			return lower_error(lw, &s->loc,
					   "genfscon with a file type needs the class '%s', which "
					   "the policy does not declare",
					   cls_name);
		sclass = cls->s.value;
	}
	for (gp = &lw->p->genfs; *gp; gp = &(*gp)->next)
		if (strcmp(fs, (*gp)->fstype) <= 0)
			break;
	g = *gp;
	if (g && strcmp(fs, g->fstype) == 0) {
		for (cp = &g->head; *cp; cp = &(*cp)->next) {
			c = *cp;
			if (strcmp(path, c->u.name) == 0 &&
			    (!sclass || !c->v.sclass || sclass == c->v.sclass))
				return lower_error(lw, &s->loc, "duplicate genfscon for '%s' '%s'",
						   fs, path);
			if (len > strlen(c->u.name))
				break;
		}
	} else {
		g = calloc(1, sizeof(*g));
		if (!g || !(g->fstype = strdup(fs))) {
			free(g);
			return lower_error(lw, &s->loc, "out of memory");
		}
		g->next = *gp;
		*gp = g;
		cp = &g->head;
	}
	n = new_ocontext(lw, s);
	if (!n)
		return POL_EINVAL;
	n->v.sclass = sclass;
	n->u.name = strdup(path);
	if (!n->u.name || lower_context(lw, &s->u.genfscon.ctx, &n->context[0]) < 0) {
		if (!n->u.name)
			lower_error(lw, &s->loc, "out of memory");
		free_ocontext(n, n->u.name);
		return POL_EINVAL;
	}
	n->next = *cp;
	*cp = n;
	return 0;
}

static int portcon(struct lower *lw, const struct src_stmt *s)
{
	static const struct {
		const char *name;
		uint8_t proto;
	} protocols[] = {
	    {"tcp", IPPROTO_TCP},   {"udp", IPPROTO_UDP},   {"dccp", IPPROTO_DCCP},
	    {"sctp", IPPROTO_SCTP}, {"TCP", IPPROTO_TCP},   {"UDP", IPPROTO_UDP},
	    {"DCCP", IPPROTO_DCCP}, {"SCTP", IPPROTO_SCTP},
	};
	const struct src_id *pid = &s->u.portcon.protocol;
	uint32_t low = s->u.portcon.low, high = s->u.portcon.high;
	ocontext_t *c;
	size_t i;
	int proto = -1;

	for (i = 0; i < sizeof(protocols) / sizeof(protocols[0]); i++)
		if (strcmp(pid->name, protocols[i].name) == 0)
			proto = protocols[i].proto;
	if (proto < 0)
		return lower_error(lw, &pid->loc,
				   "unknown protocol '%s'; portcon takes tcp, udp, dccp or sctp",
				   pid->name);
	if (high > 65535)
		return lower_error(lw, &s->loc, "port %" PRIu32 " is above 65535", high);
	if (low > high)
		return lower_error(lw, &s->loc, "port range %" PRIu32 "-%" PRIu32 " is reversed",
				   low, high);
	for (c = lw->p->ocontexts[OCON_PORT]; c; c = c->next) {
		if (c->u.port.protocol != proto)
			continue;
		if (c->u.port.low_port == low && c->u.port.high_port == high)
			return lower_error(lw, &s->loc,
					   "duplicate portcon for %s %" PRIu32 "-%" PRIu32,
					   pid->name, low, high);
		if (c->u.port.low_port <= low && c->u.port.high_port >= high)
			return lower_error(lw, &s->loc,
					   "portcon for %s %" PRIu32 "-%" PRIu32
					   " is hidden by the earlier one for %u-%u",
					   pid->name, low, high, c->u.port.low_port,
					   c->u.port.high_port);
	}
	c = new_ocontext(lw, s);
	if (!c)
		return POL_EINVAL;
	c->u.port.protocol = (uint8_t)proto;
	c->u.port.low_port = (uint16_t)low;
	c->u.port.high_port = (uint16_t)high;
	if (lower_context(lw, &s->u.portcon.ctx, &c->context[0]) < 0) {
		free_ocontext(c, NULL);
		return POL_EINVAL;
	}
	append_ocontext(&lw->p->ocontexts[OCON_PORT], c);
	return 0;
}

static int netifcon(struct lower *lw, const struct src_stmt *s)
{
	ocontext_t *c, **head = &lw->p->ocontexts[OCON_NETIF];

	for (c = *head; c; c = c->next)
		if (strcmp(c->u.name, s->u.netifcon.name.name) == 0)
			return lower_error(lw, &s->u.netifcon.name.loc,
					   "duplicate netifcon for interface '%s'", c->u.name);
	return prepend_named(lw, s, head, s->u.netifcon.name.name, &s->u.netifcon.if_ctx,
			     &s->u.netifcon.packet_ctx);
}

static bool ipv6_mask_contiguous(const uint8_t *m)
{
	bool filled = true;
	int i;

	for (i = 0; i < 16; i++) {
		uint8_t inv = (uint8_t)~m[i];

		if ((uint8_t)(inv + 1) & inv)
			return false;
		if (!filled && m[i])
			return false;
		if (m[i] != 0xff)
			filled = false;
	}
	return true;
}

/* Most specific mask first; equal masks in the order written. The
 * comparison is checkpolicy's: IPv4 masks as the stored 32-bit values,
 * IPv6 masks bytewise. */
static int nodecon(struct lower *lw, const struct src_stmt *s)
{
	bool v6 = s->u.nodecon.ipv6;
	ocontext_t *c, **cp;
	ocontext_t *n;

	if (v6) {
		const uint8_t *addr = (const uint8_t *)s->u.nodecon.addr;
		const uint8_t *mask = (const uint8_t *)s->u.nodecon.mask;
		int i;

		if (!ipv6_mask_contiguous(mask))
			lower_warning(lw, &s->loc, "ipv6 mask is not contiguous");
		for (i = 0; i < 16; i++)
			if (addr[i] & ~mask[i]) {
				lower_warning(lw, &s->loc, "host bits in ipv6 address set");
				break;
			}
	} else {
		uint32_t addr = s->u.nodecon.addr[0], mask = s->u.nodecon.mask[0];

		if (mask && ((~mask + 1) & ~mask))
			lower_warning(lw, &s->loc, "ipv4 mask is not contiguous");
		if (~mask & addr)
			lower_warning(lw, &s->loc, "host bits in ipv4 address set");
	}
	n = new_ocontext(lw, s);
	if (!n)
		return POL_EINVAL;
	if (v6) {
		memcpy(n->u.node6.addr, s->u.nodecon.addr, 16);
		memcpy(n->u.node6.mask, s->u.nodecon.mask, 16);
	} else {
		n->u.node.addr = s->u.nodecon.addr[0];
		n->u.node.mask = s->u.nodecon.mask[0];
	}
	if (lower_context(lw, &s->u.nodecon.ctx, &n->context[0]) < 0) {
		free_ocontext(n, NULL);
		return POL_EINVAL;
	}
	for (cp = &lw->p->ocontexts[v6 ? OCON_NODE6 : OCON_NODE]; (c = *cp); cp = &c->next)
		if (v6 ? memcmp(n->u.node6.mask, c->u.node6.mask, 16) > 0
		       : n->u.node.mask > c->u.node.mask)
			break;
	n->next = *cp;
	*cp = n;
	return 0;
}

static int ibpkeycon(struct lower *lw, const struct src_stmt *s)
{
	uint32_t low = s->u.ibpkeycon.low, high = s->u.ibpkeycon.high;
	uint64_t prefix = s->u.ibpkeycon.subnet_prefix;
	ocontext_t *c;

	if (low > 0xffff || high > 0xffff)
		return lower_error(lw, &s->loc,
				   "pkey 0x%" PRIx32 " is above 0xffff (pkeys are 16 bits)",
				   high > 0xffff ? high : low);
	if (low > high)
		return lower_error(lw, &s->loc,
				   "pkey range 0x%" PRIx32 "-0x%" PRIx32 " is reversed", low, high);
	for (c = lw->p->ocontexts[OCON_IBPKEY]; c; c = c->next) {
		if (c->u.ibpkey.subnet_prefix != prefix)
			continue;
		if (c->u.ibpkey.low_pkey == low && c->u.ibpkey.high_pkey == high)
			return lower_error(lw, &s->loc,
					   "duplicate ibpkeycon for 0x%" PRIx32 "-0x%" PRIx32, low,
					   high);
		if (c->u.ibpkey.low_pkey <= low && c->u.ibpkey.high_pkey >= high)
			return lower_error(lw, &s->loc,
					   "ibpkeycon for 0x%" PRIx32 "-0x%" PRIx32
					   " is hidden by the earlier one for 0x%x-0x%x",
					   low, high, c->u.ibpkey.low_pkey, c->u.ibpkey.high_pkey);
	}
	c = new_ocontext(lw, s);
	if (!c)
		return POL_EINVAL;
	c->u.ibpkey.subnet_prefix = prefix;
	c->u.ibpkey.low_pkey = (uint16_t)low;
	c->u.ibpkey.high_pkey = (uint16_t)high;
	if (lower_context(lw, &s->u.ibpkeycon.ctx, &c->context[0]) < 0) {
		free_ocontext(c, NULL);
		return POL_EINVAL;
	}
	append_ocontext(&lw->p->ocontexts[OCON_IBPKEY], c);
	return 0;
}

static int ibendportcon(struct lower *lw, const struct src_stmt *s)
{
	const char *dev = s->u.ibendportcon.device.name;
	uint32_t port = s->u.ibendportcon.port;
	ocontext_t *c;

	if (port == 0 || port > 0xff)
		return lower_error(lw, &s->loc, "ibendportcon port %" PRIu32 " is not within 1-255",
				   port);
	if (strlen(dev) > IB_DEVICE_NAME_MAX - 1)
		return lower_error(lw, &s->u.ibendportcon.device.loc,
				   "infiniband device name is longer than %d characters",
				   IB_DEVICE_NAME_MAX - 1);
	for (c = lw->p->ocontexts[OCON_IBENDPORT]; c; c = c->next)
		if (c->u.ibendport.port == port && strcmp(c->u.ibendport.dev_name, dev) == 0)
			return lower_error(lw, &s->loc,
					   "duplicate ibendportcon for '%s' port %" PRIu32, dev,
					   port);
	c = new_ocontext(lw, s);
	if (!c)
		return POL_EINVAL;
	c->u.ibendport.port = (uint8_t)port;
	c->u.ibendport.dev_name = strdup(dev);
	if (!c->u.ibendport.dev_name ||
	    lower_context(lw, &s->u.ibendportcon.ctx, &c->context[0]) < 0) {
		if (!c->u.ibendport.dev_name)
			lower_error(lw, &s->loc, "out of memory");
		free_ocontext(c, c->u.ibendport.dev_name);
		return POL_EINVAL;
	}
	append_ocontext(&lw->p->ocontexts[OCON_IBENDPORT], c);
	return 0;
}

/* Xen: pirqs, pci devices and device tree paths must be unique; io port
 * and io memory ranges must not overlap. Each list keeps the order written. */
static int xen_context(struct lower *lw, const struct src_stmt *s)
{
	static const int lists[] = {
	    [SRC_PIRQCON] = OCON_XEN_PIRQ,
	    [SRC_IOMEMCON] = OCON_XEN_IOMEM,
	    [SRC_IOPORTCON] = OCON_XEN_IOPORT,
	    [SRC_PCIDEVICECON] = OCON_XEN_PCIDEVICE,
	    [SRC_DEVICETREECON] = OCON_XEN_DEVICETREE,
	};
	enum src_xen_kind kind = s->u.xen.kind;
	uint64_t low = s->u.xen.low, high = s->u.xen.high;
	ocontext_t *c, **head = &lw->p->ocontexts[lists[kind]];
	const char *kw = stmt_keyword(s);

	if ((kind == SRC_IOMEMCON || kind == SRC_IOPORTCON) && low > high)
		return lower_error(lw, &s->loc, "%s range 0x%" PRIx64 "-0x%" PRIx64 " is reversed",
				   kw, low, high);
	if (kind == SRC_IOPORTCON && high > UINT32_MAX)
		return lower_error(lw, &s->loc, "ioportcon 0x%" PRIx64 " is above 0xffffffff",
				   high);
	if ((kind == SRC_PIRQCON || kind == SRC_PCIDEVICECON) && low > UINT32_MAX)
		return lower_error(lw, &s->loc, "%s 0x%" PRIx64 " is above 0xffffffff", kw, low);
	for (c = *head; c; c = c->next) {
		switch (kind) {
		case SRC_PIRQCON:
			if (c->u.pirq == low)
				return lower_error(lw, &s->loc, "duplicate pirqcon for %" PRIu64,
						   low);
			break;
		case SRC_PCIDEVICECON:
			if (c->u.device == low)
				return lower_error(lw, &s->loc,
						   "duplicate pcidevicecon for 0x%" PRIx64, low);
			break;
		case SRC_DEVICETREECON:
			if (strcmp(c->u.name, s->u.xen.path) == 0)
				return lower_error(lw, &s->loc,
						   "duplicate devicetreecon for \"%s\"",
						   s->u.xen.path);
			break;
		case SRC_IOMEMCON:
			if (low <= c->u.iomem.high_iomem && c->u.iomem.low_iomem <= high)
				return lower_error(lw, &s->loc,
						   "iomemcon 0x%" PRIx64 "-0x%" PRIx64
						   " overlaps the earlier 0x%" PRIx64 "-0x%" PRIx64,
						   low, high, c->u.iomem.low_iomem,
						   c->u.iomem.high_iomem);
			break;
		case SRC_IOPORTCON:
			if (low <= c->u.ioport.high_ioport && c->u.ioport.low_ioport <= high)
				return lower_error(lw, &s->loc,
						   "ioportcon 0x%" PRIx64 "-0x%" PRIx64
						   " overlaps the earlier 0x%x-0x%x",
						   low, high, c->u.ioport.low_ioport,
						   c->u.ioport.high_ioport);
			break;
		}
	}
	c = new_ocontext(lw, s);
	if (!c)
		return POL_EINVAL;
	switch (kind) {
	case SRC_PIRQCON:
		c->u.pirq = (uint32_t)low;
		break;
	case SRC_PCIDEVICECON:
		c->u.device = (uint32_t)low;
		break;
	case SRC_DEVICETREECON:
		c->u.name = strdup(s->u.xen.path);
		if (!c->u.name) {
			free(c);
			return lower_error(lw, &s->loc, "out of memory");
		}
		break;
	case SRC_IOMEMCON:
		c->u.iomem.low_iomem = low;
		c->u.iomem.high_iomem = high;
		break;
	case SRC_IOPORTCON:
		c->u.ioport.low_ioport = (uint32_t)low;
		c->u.ioport.high_ioport = (uint32_t)high;
		break;
	}
	if (lower_context(lw, &s->u.xen.ctx, &c->context[0]) < 0) {
		free_ocontext(c, kind == SRC_DEVICETREECON ? c->u.name : NULL);
		return POL_EINVAL;
	}
	append_ocontext(head, c);
	return 0;
}

int lower_ocontext(struct lower *lw, const struct src_stmt *s)
{
	bool xen_target = lw->opts->target == POL_SOURCE_TARGET_XEN;
	const char *kw = stmt_keyword(s);

	if (rules_in_module(lw))
		return lower_error(lw, &s->loc,
				   "%s is only allowed in a base policy, not in a module", kw);
	switch (s->kind) {
	case SRC_SID_CONTEXT:
		return sid_context(lw, s);
	case SRC_XEN_CONTEXT:
		if (!xen_target)
			return lower_error(
			    lw, &s->loc, "%s is only allowed when the target platform is xen", kw);
		return xen_context(lw, s);
	default:
		break;
	}
	if (xen_target)
		return lower_error(lw, &s->loc, "%s is not allowed when the target platform is xen",
				   kw);
	switch (s->kind) {
	case SRC_FSCON:
		return fscon(lw, s);
	case SRC_FS_USE:
		return fs_use(lw, s);
	case SRC_GENFSCON:
		return genfscon(lw, s);
	case SRC_PORTCON:
		return portcon(lw, s);
	case SRC_NETIFCON:
		return netifcon(lw, s);
	case SRC_NODECON:
		return nodecon(lw, s);
	case SRC_IBPKEYCON:
		return ibpkeycon(lw, s);
	case SRC_IBENDPORTCON:
		return ibendportcon(lw, s);
	default:
		return lower_error(lw, &s->loc, "internal error: not a labeling statement");
	}
}

int lower_policycap(struct lower *lw, const struct src_stmt *s)
{
	const struct src_id *id = &s->u.name;
	int cap = sepol_polcap_getnum(id->name);

	if (cap < 0) {
		struct pol_suggest sg;
		const char *best[3];
		const char *name;
		unsigned int i;

		pol_suggest_init(&sg, id->name);
		for (i = 0; i <= POLICYDB_CAP_MAX; i++)
			if ((name = sepol_polcap_getname(i)))
				pol_suggest_offer(&sg, name);
		lower_error(lw, &id->loc, "unknown policy capability '%s'", id->name);
		if (pol_suggest_result(&sg, best) > 0)
			pol_suggest_note_names(lw->err, 0, id->loc.file, id->loc.line, id->loc.col,
					       best, 1);
		return POL_EINVAL;
	}
	if (rules_in_module(lw))
		return lower_error(lw, &s->loc, "policycap is only allowed in a base policy");
	if (ebitmap_set_bit(&lw->p->policycaps, (unsigned int)cap, 1))
		return lower_error(lw, &s->loc, "out of memory");
	return 0;
}
