/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * nodecon statements: setools turns address and mask into a Python
 * ipaddress network (prefix length = number of mask bits, host bits
 * cleared) and prints it back with its canonical netmask.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/info-internal.h"

void query_info_ipv6(const unsigned char addr[16], struct pol_buf *b)
{
	unsigned int g[8];
	int best = -1, best_len = 0, run = -1, run_len = 0;

	for (int i = 0; i < 8; i++) {
		g[i] = (unsigned int)addr[2 * i] << 8 | addr[2 * i + 1];
		if (g[i] == 0) {
			if (run < 0)
				run = i;
			/* the first longest run wins, as in ipaddress */
			if (++run_len > best_len) {
				best = run;
				best_len = run_len;
			}
		} else {
			run = -1;
			run_len = 0;
		}
	}
	if (best_len < 2)
		best = -1;
	for (int i = 0; i < 8; i++) {
		if (i == best) {
			pol_buf_puts(b, i == 0 ? "::" : ":");
			i += best_len - 1;
			continue;
		}
		pol_buf_printf(b, "%x%s", g[i], i < 7 ? ":" : "");
	}
}

struct network {
	int family; /* AF_INET or AF_INET6 */
	unsigned char addr[16];
	unsigned int prefix;
};

static void prefix_mask(unsigned int prefix, unsigned char mask[16])
{
	memset(mask, 0, 16);
	for (unsigned int i = 0; i < prefix && i < 128; i++)
		mask[i / 8] |= (unsigned char)(0x80 >> (i % 8));
}

static unsigned int popcount_bytes(const unsigned char *p, size_t n)
{
	unsigned int c = 0;

	for (size_t i = 0; i < n; i++)
		c += (unsigned int)__builtin_popcount(p[i]);
	return c;
}

/* The mask's prefix length when it is a netmask (1s then 0s), or -1. */
static int mask_prefix(const unsigned char *m, size_t n)
{
	unsigned int ones = popcount_bytes(m, n);
	unsigned char want[16];

	prefix_mask(ones, want);
	return memcmp(want, m, n) == 0 ? (int)ones : -1;
}

static bool parse_prefix(const char *s, unsigned int max, unsigned int *out)
{
	unsigned long v = 0;

	if (!*s || strlen(s) > 3)
		return false;
	for (const char *c = s; *c; c++) {
		if (!isdigit((unsigned char)*c))
			return false;
		v = v * 10 + (unsigned long)(*c - '0');
	}
	if (v > max)
		return false;
	*out = (unsigned int)v;
	return true;
}

/* ipaddress.ip_network(text): an address with an optional "/prefix" (or,
 * for IPv4, "/netmask" or "/hostmask"); host bits must be clear. */
static int network_parse(const char *text, struct network *net, struct pol_err *err)
{
	const char *slash = strchr(text, '/');
	char addr[INET6_ADDRSTRLEN + 16];
	size_t alen = slash ? (size_t)(slash - text) : strlen(text);
	unsigned char mask[16];

	memset(net, 0, sizeof(*net));
	if (alen >= sizeof(addr) || (slash && strchr(slash + 1, '/')))
		goto bad;
	memcpy(addr, text, alen);
	addr[alen] = '\0';
	if (inet_pton(AF_INET, addr, net->addr) == 1) {
		net->family = AF_INET;
		net->prefix = 32;
		if (slash && !parse_prefix(slash + 1, 32, &net->prefix)) {
			unsigned char m[4];
			int pfx;

			if (inet_pton(AF_INET, slash + 1, m) != 1)
				goto bad;
			if ((pfx = mask_prefix(m, 4)) < 0) {
				for (int i = 0; i < 4; i++)
					m[i] = (unsigned char)~m[i];
				if ((pfx = mask_prefix(m, 4)) < 0)
					goto bad;
			}
			net->prefix = (unsigned int)pfx;
		}
	} else if (inet_pton(AF_INET6, addr, net->addr) == 1) {
		net->family = AF_INET6;
		net->prefix = 128;
		if (slash && !parse_prefix(slash + 1, 128, &net->prefix))
			goto bad;
	} else {
		goto bad;
	}
	prefix_mask(net->prefix, mask);
	for (int i = 0; i < 16; i++) {
		if (net->addr[i] & ~mask[i])
			return pol_err_set(err, POL_EINVAL, "'%s' has host bits set", text);
	}
	return 0;
bad:
	return pol_err_set(err, POL_EINVAL, "'%s' does not appear to be an IPv4 or IPv6 network",
			   text);
}

static void put_addr(int family, const unsigned char *a, struct pol_buf *b)
{
	if (family == AF_INET)
		pol_buf_printf(b, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
	else
		query_info_ipv6(a, b);
}

/* The network setools makes of a nodecon: the number of mask bits is the
 * prefix, even for a mask that is not contiguous. */
static void nodecon_network(const ocontext_t *c, int family, struct network *net)
{
	const unsigned char *addr = family == AF_INET ? (const unsigned char *)&c->u.node.addr :
							(const unsigned char *)c->u.node6.addr;
	const unsigned char *m = family == AF_INET ? (const unsigned char *)&c->u.node.mask :
						     (const unsigned char *)c->u.node6.mask;
	size_t len = family == AF_INET ? 4 : 16;
	unsigned char mask[16];

	memset(net, 0, sizeof(*net));
	net->family = family;
	net->prefix = popcount_bytes(m, len);
	prefix_mask(net->prefix, mask);
	for (size_t i = 0; i < len; i++)
		net->addr[i] = addr[i] & mask[i];
}

int query_info_list_nodecons(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			     struct pol_info_list *list, struct pol_err *err)
{
	static const int families[2] = { AF_INET, AF_INET6 };
	const policydb_t *p = pdb_db(pdb);
	struct pol_buf b = POL_BUF_INIT;
	struct network want;
	int rc = 0;

	(void)kind;
	if (filter && (rc = network_parse(filter, &want, err)) < 0)
		return rc;
	for (int f = 0; f < 2 && !rc; f++) {
		int family = families[f];

		for (const ocontext_t *c = p->ocontexts[family == AF_INET ? OCON_NODE : OCON_NODE6];
		     c && !rc; c = c->next) {
			struct network net;
			unsigned char mask[16];

			nodecon_network(c, family, &net);
			if (filter && (want.family != family || want.prefix != net.prefix ||
				       memcmp(want.addr, net.addr, sizeof(net.addr)) != 0))
				continue;
			prefix_mask(net.prefix, mask);
			pol_buf_reset(&b);
			pol_buf_puts(&b, "nodecon ");
			put_addr(family, net.addr, &b);
			pol_buf_putc(&b, ' ');
			put_addr(family, mask, &b);
			pol_buf_putc(&b, ' ');
			query_info_context(pdb, &c->context[0], &b);
			rc = query_info_add_statement(list, &b);
		}
	}
	pol_buf_release(&b);
	return rc;
}
