/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Rule parts rendered exactly as setools renders them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"
#include "util/buf.h"

int query_xperm_set_parse(const char *text, struct xperm_set *set, struct pol_err *err)
{
	char **items = query_strv_split(text, NULL);

	memset(set, 0, sizeof(*set));
	if (!items)
		return pol_err_set(err, -ENOMEM, "out of memory");
	for (char **it = items; *it; it++) {
		char *dash = strchr(*it, '-'), *end;
		unsigned long lo, hi;

		errno = 0;
		lo = strtoul(*it, &end, 16);
		if (end == *it || (dash ? end != dash : *end) || errno)
			goto bad;
		hi = lo;
		if (dash) {
			hi = strtoul(dash + 1, &end, 16);
			if (end == dash + 1 || *end || errno)
				goto bad;
		}
		if (lo > 0xffff || hi > 0xffff) {
			pol_err_set(err, POL_EINVAL, "'%s' is not a valid ioctl (0x0000-0xffff)", *it);
			query_strv_free(items);
			return POL_EINVAL;
		}
		if (lo > hi) {
			unsigned long t = lo;

			lo = hi;
			hi = t;
		}
		for (unsigned long v = lo; v <= hi; v++)
			set->bits[v / 64] |= UINT64_C(1) << (v % 64);
		continue;
bad:
		pol_err_set(err, POL_EINVAL, "cannot parse '%s' as an extended permission or range", *it);
		query_strv_free(items);
		return POL_EINVAL;
	}
	query_strv_free(items);
	return 0;
}

void query_xperm_set_from_avtab(const avtab_extended_perms_t *x, struct xperm_set *set)
{
	memset(set, 0, sizeof(*set));
	query_xperm_set_add_avtab(x, set);
}

void query_xperm_set_add_avtab(const avtab_extended_perms_t *x, struct xperm_set *set)
{
	for (unsigned int i = 0; i < 256; i++) {
		if (!(x->perms[i / 32] & (1u << (i % 32))))
			continue;
		if (x->specified == AVTAB_XPERMS_IOCTLFUNCTION) {
			unsigned int v = (unsigned int)x->driver << 8 | i;

			set->bits[v / 64] |= UINT64_C(1) << (v % 64);
		} else {
			/* a whole driver: 256 functions, four words */
			for (unsigned int w = 0; w < 4; w++)
				set->bits[i * 4 + w] = ~UINT64_C(0);
		}
	}
}

bool query_xperm_set_intersects(const struct xperm_set *a, const struct xperm_set *b)
{
	for (size_t i = 0; i < sizeof(a->bits) / sizeof(a->bits[0]); i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

bool query_xperm_set_equal(const struct xperm_set *a, const struct xperm_set *b)
{
	return memcmp(a->bits, b->bits, sizeof(a->bits)) == 0;
}

static bool xperm_has(const struct xperm_set *s, unsigned int v)
{
	return s->bits[v / 64] & (UINT64_C(1) << (v % 64));
}

bool query_xperm_set_next_range(const struct xperm_set *set, unsigned int from, unsigned int *lo,
				unsigned int *hi)
{
	unsigned int v = from, end;

	while (v <= 0xffff && !xperm_has(set, v)) {
		if (!set->bits[v / 64])
			v = (v | 63) + 1;
		else
			v++;
	}
	if (v > 0xffff)
		return false;
	for (end = v; end < 0xffff && xperm_has(set, end + 1);)
		end++;
	*lo = v;
	*hi = end;
	return true;
}

void query_xperm_range_format(struct pol_buf *b, unsigned int lo, unsigned int hi)
{
	if (hi > lo)
		pol_buf_printf(b, "0x%04x-0x%04x", lo, hi);
	else
		pol_buf_printf(b, "0x%04x", lo);
}

char *query_xperm_set_format(const struct xperm_set *set, size_t *ranges)
{
	struct pol_buf b = POL_BUF_INIT;
	size_t n = 0;
	unsigned int lo, hi;

	for (unsigned int v = 0; v <= 0xffff && query_xperm_set_next_range(set, v, &lo, &hi);
	     v = hi + 1) {
		if (n++)
			pol_buf_putc(&b, ' ');
		query_xperm_range_format(&b, lo, hi);
	}
	*ranges = n;
	if (b.failed) {
		pol_buf_release(&b);
		return NULL;
	}
	return pol_buf_detach(&b);
}

static void format_level(const struct pol_pdb *pdb, const mls_level_t *level, struct pol_buf *b)
{
	ebitmap_node_t *node;
	unsigned int bit;
	int run_start = -1, run_end = -1;
	bool first = true;

	pol_buf_puts(b, pdb->p.p_sens_val_to_name[level->sens - 1]);
	/* Categories in declaration (value) order, runs written "cA.cB". */
	ebitmap_for_each_positive_bit(&level->cat, node, bit) {
		if (run_start >= 0 && (int)bit == run_end + 1) {
			run_end = (int)bit;
			continue;
		}
		if (run_start >= 0) {
			pol_buf_putc(b, first ? ':' : ',');
			first = false;
			pol_buf_puts(b, pdb->p.p_cat_val_to_name[run_start]);
			if (run_end > run_start)
				pol_buf_printf(b, ".%s", pdb->p.p_cat_val_to_name[run_end]);
		}
		run_start = run_end = (int)bit;
	}
	if (run_start >= 0) {
		pol_buf_putc(b, first ? ':' : ',');
		pol_buf_puts(b, pdb->p.p_cat_val_to_name[run_start]);
		if (run_end > run_start)
			pol_buf_printf(b, ".%s", pdb->p.p_cat_val_to_name[run_end]);
	}
}

char *query_mls_level_format(const struct pol_pdb *pdb, const mls_level_t *level)
{
	struct pol_buf b = POL_BUF_INIT;

	format_level(pdb, level, &b);
	return b.failed ? (pol_buf_release(&b), NULL) : pol_buf_detach(&b);
}

char *query_mls_range_format(const struct pol_pdb *pdb, const mls_range_t *range)
{
	struct pol_buf b = POL_BUF_INIT;

	format_level(pdb, &range->level[0], &b);
	if (!mls_level_eq(&range->level[0], &range->level[1])) {
		pol_buf_puts(&b, " - ");
		format_level(pdb, &range->level[1], &b);
	}
	return b.failed ? (pol_buf_release(&b), NULL) : pol_buf_detach(&b);
}
