/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Labeling statements (checkpolicy's ocontexts): fscon, fs_use_*,
 * genfscon, portcon, netifcon, nodecon, ibpkeycon, ibendportcon and Xen's
 * pirqcon, iomemcon, ioportcon, pcidevicecon, devicetreecon. Only fs_use_*
 * ends with ';'. Numbers and addresses are checked where they are written.
 */
#include <arpa/inet.h>
#include <string.h>

#include "source/parse-internal.h"

/* checkpolicy's "filesystem": a name, or a digit-led one such as 9p */
static bool parse_fs_name(struct parser *p, struct src_id *out)
{
	if (ps_at(p, T_FSNAME))
		p->tok.kind = T_IDENT;
	return src_parse_id(p, out, "a file system name");
}

static bool parse_fs_use(struct parser *p, struct src_stmt *s)
{
	enum tok kw = p->tok.kind;

	s->kind = SRC_FS_USE;
	s->u.fs_use.behavior = kw == K_FS_USE_XATTR  ? SRC_FS_USE_XATTR
			       : kw == K_FS_USE_TASK ? SRC_FS_USE_TASK
						     : SRC_FS_USE_TRANS;
	ps_next(p);
	/* only fs_use_xattr takes checkpolicy's "filesystem" */
	if (kw == K_FS_USE_XATTR ? !parse_fs_name(p, &s->u.fs_use.fs)
				 : !src_parse_id(p, &s->u.fs_use.fs, "a file system name"))
		return false;
	return src_parse_context(p, &s->u.fs_use.ctx) &&
	       ps_expect(p, T_SEMI, "at the end of the fs_use statement");
}

static bool parse_genfscon(struct parser *p, struct src_stmt *s)
{
	s->kind = SRC_GENFSCON;
	ps_next(p);
	if (!parse_fs_name(p, &s->u.genfscon.fs) || !src_parse_path(p, &s->u.genfscon.path))
		return false;
	s->u.genfscon.file_type = SRC_FILE_ANY;
	if (ps_accept(p, T_MINUS)) {
		static const char letters[] = "bcdpls";
		static const enum src_file_type types[] = {SRC_FILE_BLK, SRC_FILE_CHR,
							   SRC_FILE_DIR, SRC_FILE_FIFO,
							   SRC_FILE_LNK, SRC_FILE_SOCK};
		const char *c;

		if (ps_accept(p, T_MINUS)) {
			s->u.genfscon.file_type = SRC_FILE_REG;
		} else if (ps_at(p, T_IDENT) && p->tok.len == 1 &&
			   (c = strchr(letters, p->tok.text[0])) != NULL) {
			s->u.genfscon.file_type = types[c - letters];
			ps_next(p);
		} else {
			return ps_expected(p,
					   "a file type after '-' (-b, -c, -d, -p, -l, -s or --)");
		}
	}
	return src_parse_context(p, &s->u.genfscon.ctx);
}

/* "N" or "N-M" with N <= M <= max, for ports, pkeys and Xen ranges. */
static bool number_range(struct parser *p, uint64_t max, uint64_t *lo, uint64_t *hi,
			 const char *what)
{
	struct src_loc loc = p->tok.loc;

	if (!src_parse_number(p, max, lo, what))
		return false;
	*hi = *lo;
	if (ps_accept(p, T_MINUS) && !src_parse_number(p, max, hi, what))
		return false;
	if (*hi < *lo)
		return ps_error(p, &loc, "%s range %llu-%llu is backwards", what,
				(unsigned long long)*lo, (unsigned long long)*hi);
	return true;
}

static bool parse_portcon(struct parser *p, struct src_stmt *s)
{
	uint64_t lo, hi;

	s->kind = SRC_PORTCON;
	ps_next(p);
	if (!src_parse_id(p, &s->u.portcon.protocol, "a protocol (tcp, udp, dccp or sctp)") ||
	    !number_range(p, 65535, &lo, &hi, "port"))
		return false;
	s->u.portcon.low = (uint32_t)lo;
	s->u.portcon.high = (uint32_t)hi;
	return src_parse_context(p, &s->u.portcon.ctx);
}

/* An address where the current token starts: relexed, since the normal
 * tokens cut "fe80::1" or "::1" apart. */
static bool parse_addr(struct parser *p, int family, void *out, const char *what)
{
	char buf[INET6_ADDRSTRLEN + 1];

	if (!src_lex_relex_addr(&p->lx, &p->tok))
		return ps_expected(p, what);
	if (p->tok.len >= sizeof(buf) || (memcpy(buf, p->tok.text, p->tok.len), buf[p->tok.len] = 0,
					  inet_pton(family, buf, out) != 1))
		return ps_error(p, NULL, "invalid %s '%.*s'", what,
				(int)(p->tok.len > 60 ? 60 : p->tok.len), p->tok.text);
	ps_next(p);
	return true;
}

static bool parse_nodecon(struct parser *p, struct src_stmt *s)
{
	s->kind = SRC_NODECON;
	ps_next(p);
	/* the family is the first address's: IPv6 ones have a colon */
	if (src_lex_relex_addr(&p->lx, &p->tok) && memchr(p->tok.text, ':', p->tok.len))
		s->u.nodecon.ipv6 = true;
	if (s->u.nodecon.ipv6) {
		if (!parse_addr(p, AF_INET6, s->u.nodecon.addr, "IPv6 address") ||
		    !parse_addr(p, AF_INET6, s->u.nodecon.mask, "IPv6 mask"))
			return false;
	} else if (!parse_addr(p, AF_INET, s->u.nodecon.addr, "IPv4 address") ||
		   !parse_addr(p, AF_INET, s->u.nodecon.mask, "IPv4 mask")) {
		return false;
	}
	return src_parse_context(p, &s->u.nodecon.ctx);
}

static bool parse_ibpkeycon(struct parser *p, struct src_stmt *s)
{
	unsigned char a[16];
	struct src_loc loc;
	uint64_t lo, hi;

	s->kind = SRC_IBPKEYCON;
	ps_next(p);
	loc = p->tok.loc;
	if (!parse_addr(p, AF_INET6, a, "subnet prefix (an IPv6 address)"))
		return false;
	memcpy(&s->u.ibpkeycon.subnet_prefix, a, 8); /* network byte order */
	for (int i = 8; i < 16; i++) {
		if (a[i]) {
			ps_warning(p, &loc,
				   "the low 64 bits of a subnet prefix should be 0; "
				   "they are ignored");
			break;
		}
	}
	if (!number_range(p, 0xffff, &lo, &hi, "partition key"))
		return false;
	s->u.ibpkeycon.low = (uint32_t)lo;
	s->u.ibpkeycon.high = (uint32_t)hi;
	return src_parse_context(p, &s->u.ibpkeycon.ctx);
}

static bool parse_ibendportcon(struct parser *p, struct src_stmt *s)
{
	struct src_loc loc;
	uint64_t port;

	s->kind = SRC_IBENDPORTCON;
	ps_next(p);
	if (!src_parse_id(p, &s->u.ibendportcon.device, "an InfiniBand device name"))
		return false;
	loc = p->tok.loc;
	if (!src_parse_number(p, 255, &port, "port"))
		return false;
	if (port == 0)
		return ps_error(p, &loc, "InfiniBand port 0 is invalid (ports are 1 to 255)");
	s->u.ibendportcon.port = (uint32_t)port;
	return src_parse_context(p, &s->u.ibendportcon.ctx);
}

static bool parse_xen(struct parser *p, struct src_stmt *s)
{
	enum tok kw = p->tok.kind;
	uint64_t lo, hi;

	s->kind = SRC_XEN_CONTEXT;
	ps_next(p);
	switch (kw) {
	case K_PIRQCON:
	case K_PCIDEVICECON:
		s->u.xen.kind = kw == K_PIRQCON ? SRC_PIRQCON : SRC_PCIDEVICECON;
		if (!src_parse_number(p, UINT32_MAX, &lo, kw == K_PIRQCON ? "pirq" : "PCI device"))
			return false;
		hi = lo;
		break;
	case K_IOMEMCON:
		s->u.xen.kind = SRC_IOMEMCON;
		if (!number_range(p, UINT64_MAX, &lo, &hi, "I/O memory"))
			return false;
		break;
	case K_IOPORTCON:
		s->u.xen.kind = SRC_IOPORTCON;
		if (!number_range(p, UINT32_MAX, &lo, &hi, "I/O port"))
			return false;
		break;
	default:
		s->u.xen.kind = SRC_DEVICETREECON;
		if (!src_parse_path(p, &s->u.xen.path))
			return false;
		lo = hi = 0;
		break;
	}
	s->u.xen.low = lo;
	s->u.xen.high = hi;
	return src_parse_context(p, &s->u.xen.ctx);
}

/* "fscon MAJOR MINOR FS_CTX FILE_CTX": obsolete (no kernel reads it),
 * but checkpolicy keeps it in the binary, so it is kept too. */
static bool parse_fscon(struct parser *p, struct src_stmt *s)
{
	uint64_t major, minor;

	s->kind = SRC_FSCON;
	ps_next(p);
	if (!src_parse_number(p, UINT32_MAX, &major, "major number") ||
	    !src_parse_number(p, UINT32_MAX, &minor, "minor number"))
		return false;
	s->u.fscon.major = (uint32_t)major;
	s->u.fscon.minor = (uint32_t)minor;
	return src_parse_context(p, &s->u.fscon.fs_ctx) &&
	       src_parse_context(p, &s->u.fscon.file_ctx);
}

bool src_parse_ocon(struct parser *p, struct src_stmt **out)
{
	struct src_stmt *s;

	*out = NULL;
	s = ps_stmt(p, SRC_PORTCON, &p->tok.loc);
	if (!s)
		return false;
	*out = s;
	switch (p->tok.kind) {
	case K_FS_USE_XATTR:
	case K_FS_USE_TASK:
	case K_FS_USE_TRANS:
		return parse_fs_use(p, s);
	case K_FSCON:
		return parse_fscon(p, s);
	case K_GENFSCON:
		return parse_genfscon(p, s);
	case K_PORTCON:
		return parse_portcon(p, s);
	case K_NETIFCON:
		s->kind = SRC_NETIFCON;
		ps_next(p);
		return src_parse_id(p, &s->u.netifcon.name, "a network interface name") &&
		       src_parse_context(p, &s->u.netifcon.if_ctx) &&
		       src_parse_context(p, &s->u.netifcon.packet_ctx);
	case K_NODECON:
		return parse_nodecon(p, s);
	case K_IBPKEYCON:
		return parse_ibpkeycon(p, s);
	case K_IBENDPORTCON:
		return parse_ibendportcon(p, s);
	case K_PIRQCON:
	case K_IOMEMCON:
	case K_IOPORTCON:
	case K_PCIDEVICECON:
	case K_DEVICETREECON:
		return parse_xen(p, s);
	default:
		return ps_expected(p, "a labeling statement");
	}
}
