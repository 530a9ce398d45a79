/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sediff's AV rule sections (allow, auditallow, dontaudit), one source type
 * at a time. sediff builds one nested dict of every expanded
 * (source, target, class) key of both policies (1.3 GB on Debian's
 * policy); here the keys of one source type are built from the TE index's
 * rules by source, compared and dropped before the next type, so memory
 * holds one type's keys and the differences found.
 *
 * Names tie the policies together: types, classes and permissions are
 * numbered in a union of both policies' names, sorted, so a key compares
 * as two integers and a permission set as a 64-bit mask (a class has at
 * most 32 permissions in each policy). Conditionals are numbered by their
 * truth table over the booleans they depend on, so "b1 && b2" and
 * "b2 && b1", or the false branch of "b" and the true branch of "! b",
 * are one conditional.
 *
 * The xperm sections (allowxperm, auditallowxperm, dontauditxperm) take
 * the same way with sediff's xperm semantics: the ioctls of one expanded
 * (source, target, class, conditional branch) key unioned, a conditional
 * entry kept apart from an unconditional one (sediff drops no covered
 * xperm entry). An entry's permissions are then the offset (+1) of its
 * ioctl set, written as runs (struct xenc), in the side's or the list's
 * pool. The neverallow sections come this way too: a kernel policy holds
 * no neverallow rule, so they are empty, as sediff's are.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/diff-internal.h"
#include "util/array.h"
#include "util/buf.h"

#define NO_INDEX UINT32_MAX

/* A type or class name of either policy, with its value in each (0: absent). */
struct uname {
	const char *name;
	uint32_t v[2];
};

/* A conditional branch, by truth table. */
struct ucond {
	char *key;	/* "b1,b2:table" */
	char *text[2];	/* its expression in each policy, as setools prints it */
	bool branch[2]; /* which branch that text's rules are on */
};

/* One expanded rule of one source type: target and class union indexes,
 * conditional id (0: unconditional), permissions in union bits (xperm:
 * the avtab entry's ioctls, then, once a key's are unioned, their runs'
 * offset + 1 in the side's xp). */
struct ent {
	uint32_t tgt, cls, cond;
	uint64_t perms;
};

/* Sets of ioctls, each as its number of runs, then each run "lo << 16 |
 * hi", one after the other. */
struct xenc {
	uint32_t *v;
	size_t n, alloc;
};

struct side {
	const struct pol_pdb *pdb;
	const policydb_t *p;
	const struct pdb_te_index *idx;
	uint32_t *tidx;	      /* type value -> union type (NO_INDEX: attribute) */
	uint32_t *cidx;	      /* class value -> union class */
	uint8_t (*pmap)[32];  /* class value, perm bit -> union bit */
	uint32_t *cond_id[2]; /* conditional k, [false branch?] -> ucond id */
	struct ent *e;
	size_t n, alloc;
	struct xenc xp; /* xperm: this source's ioctl sets */
};

#define REC_BLOCK 65536

/* A difference found: the source, target and class union indexes, the
 * conditional id and the permissions on each side (an added rule's are on
 * the right only, a removed rule's on the left only). Its lines are
 * written when the list's item is asked for. */
struct rec {
	uint32_t src, tgt, cls, cond;
	uint64_t perms[2];
};

/* The computation, then the list's compact items (struct
 * query_diff_av_list is this, once the sides are released). */
struct av {
	uint32_t kind; /* AVTAB_ALLOWED, ... */
	const char *ruletype;
	bool xperm;	      /* kind is one of AVTAB_XPERMS_* */
	struct xenc xpool;    /* xperm: the differences' ioctl sets */
	struct xperm_set *xs; /* xperm: 5 sets of scratch */
	struct pol_buf xtext; /* xperm: an item's ioctl runs, NUL-separated */
	const char **xv;      /* xperm: an item's matched, added, removed runs */
	size_t xv_alloc;
	struct uname *types, *classes;
	size_t ntypes, nclasses;
	uint32_t *tgt_rank;	       /* union type -> rank of "name:" in byte order */
	const char *(*perm_names)[64]; /* per union class */
	uint8_t (*perm_order)[65];     /* per union class: its bits by name, then 64 */
	struct ucond *conds;
	size_t nconds, cond_alloc;
	struct side s[2];
	/* added, removed, modified: blocks of REC_BLOCK records, so that a
	 * million never move nor double in a realloc() */
	struct rec **blk[3];
	size_t n[3], nblk[3], blk_alloc[3];
	struct rec *run[3]; /* one source's, sorted before they join blk */
	size_t run_n[3], run_alloc[3];
	bool failed;
	/* the item last written, and its strings */
	struct pol_diff_item item;
	struct pol_buf text, rule;
	const char *pv[3][65];
};

static bool type_is_attr_p(const policydb_t *p, uint32_t v)
{
	return p->type_val_to_struct[v - 1] && p->type_val_to_struct[v - 1]->flavor == TYPE_ATTRIB;
}

static int uname_cmp(const void *a, const void *b)
{
	return strcmp(((const struct uname *)a)->name, ((const struct uname *)b)->name);
}

/* Both policies' names of values 1..nprim[side] that keep() accepts,
 * merged by name into *out; idx[side][v] receives each value's index. */
static int union_names(char **names[2], const uint32_t nprim[2], const policydb_t *p[2], bool types,
		       struct uname **out, size_t *n, uint32_t *idx[2])
{
	size_t total = (size_t)nprim[0] + nprim[1], k = 0, m = 0;
	struct uname *v = malloc((total + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (int s = 0; s < 2; s++)
		for (uint32_t i = 1; i <= nprim[s]; i++) {
			if (!names[s][i - 1] || (types && type_is_attr_p(p[s], i)))
				continue;
			v[k].name = names[s][i - 1];
			v[k].v[s] = i;
			v[k++].v[!s] = 0;
		}
	qsort(v, k, sizeof(*v), uname_cmp);
	for (size_t i = 0; i < k; i++) {
		if (m && strcmp(v[m - 1].name, v[i].name) == 0) {
			for (int s = 0; s < 2; s++)
				if (v[i].v[s])
					v[m - 1].v[s] = v[i].v[s];
			continue;
		}
		v[m++] = v[i];
	}
	for (int s = 0; s < 2; s++) {
		for (uint32_t i = 0; i <= nprim[s]; i++)
			idx[s][i] = NO_INDEX;
		for (size_t i = 0; i < m; i++)
			if (v[i].v[s])
				idx[s][v[i].v[s]] = (uint32_t)i;
	}
	*out = v;
	*n = m;
	return 0;
}

static int bit_name_cmp(const void *a, const void *b, void *names)
{
	const char *const *v = names;

	return strcmp(v[*(const uint8_t *)a], v[*(const uint8_t *)b]);
}

/* The bits of union class u that have a name, sorted by it, ended by 64. */
static void order_perms(struct av *av, size_t u)
{
	uint8_t *o = av->perm_order[u];
	size_t n = 0;

	for (unsigned int b = 0; b < 64; b++)
		if (av->perm_names[u][b])
			o[n++] = (uint8_t)b;
	qsort_r(o, n, 1, bit_name_cmp, (void *)av->perm_names[u]);
	o[n] = 64;
}

/* Union permission bits: the left class's own bits, then the right's
 * names the left lacks from bit 32 on. */
static int map_perms(struct av *av)
{
	av->perm_names = calloc(av->nclasses ? av->nclasses : 1, sizeof(*av->perm_names));
	av->perm_order = calloc(av->nclasses ? av->nclasses : 1, sizeof(*av->perm_order));
	for (int s = 0; s < 2; s++)
		av->s[s].pmap = calloc(av->s[s].p->p_classes.nprim + 1, sizeof(*av->s[s].pmap));
	if (!av->perm_names || !av->perm_order || !av->s[0].pmap || !av->s[1].pmap)
		return -ENOMEM;
	for (size_t u = 0; u < av->nclasses; u++) {
		uint32_t lc = av->classes[u].v[0], rc = av->classes[u].v[1];
		unsigned int next = 32;

		for (unsigned int b = 0; b < 32; b++) {
			if (lc) {
				av->s[0].pmap[lc][b] = (uint8_t)b;
				av->perm_names[u][b] = pdb_perm_name(av->s[0].pdb, lc, b);
			}
		}
		for (unsigned int b = 0; rc && b < 32; b++) {
			const char *name = pdb_perm_name(av->s[1].pdb, rc, b);
			int lb = name && lc ? pdb_perm_bit(av->s[0].pdb, lc, name) : -1;

			if (!lc) {
				lb = (int)b;
			} else if (lb < 0 && name) {
				lb = (int)next++;
			} else if (lb < 0) {
				lb = (int)b; /* no such bit: never set */
			}
			av->s[1].pmap[rc][b] = (uint8_t)lb;
			if (name)
				av->perm_names[u][lb] = name;
		}
		order_perms(av, u);
	}
	return 0;
}

/* ---- conditionals ------------------------------------------------------- */

/* The value of expr when boolean value bools[i] is bit i of assignment. */
static bool cond_eval(const cond_expr_t *expr, const uint32_t *bools, unsigned int n,
		      unsigned int assignment)
{
	bool stack[COND_EXPR_MAXDEPTH + 1];
	int sp = -1;

	for (const cond_expr_t *e = expr; e; e = e->next) {
		if (e->expr_type == COND_BOOL) {
			unsigned int i = 0;

			while (i < n && bools[i] != pdb_cond_bool(e))
				i++;
			if (sp + 1 >= (int)(sizeof(stack) / sizeof(stack[0])))
				return false;
			stack[++sp] = (assignment >> i) & 1;
			continue;
		}
		if (e->expr_type == COND_NOT) {
			if (sp >= 0)
				stack[sp] = !stack[sp];
			continue;
		}
		if (sp < 1)
			return false;
		bool r = stack[sp--], l = stack[sp];

		switch (e->expr_type) {
		case COND_OR:
			stack[sp] = l || r;
			break;
		case COND_AND:
			stack[sp] = l && r;
			break;
		case COND_XOR:
			stack[sp] = l != r;
			break;
		case COND_EQ:
			stack[sp] = l == r;
			break;
		case COND_NEQ:
			stack[sp] = l != r;
			break;
		}
	}
	return sp >= 0 && stack[sp];
}

struct bool_name {
	uint32_t value;
	const char *name;
};

static int bool_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct bool_name *)a)->name, ((const struct bool_name *)b)->name);
}

char *query_diff_cond_key(const policydb_t *p, const cond_expr_t *expr, const char *text,
			  bool branch)
{
	struct bool_name b[7];
	uint32_t vals[6];
	unsigned int n = 0, m = 0;
	struct pol_buf key = POL_BUF_INIT;
	uint64_t table = 0;

	for (const cond_expr_t *e = expr; e; e = e->next) {
		if (e->expr_type != COND_BOOL)
			continue;
		bool seen = false;

		for (unsigned int i = 0; i < n; i++)
			seen |= b[i].value == pdb_cond_bool(e);
		if (seen)
			continue;
		if (n == 6) {
			pol_buf_printf(&key, "%s:%d", text, branch);
			return key.failed ? NULL : pol_buf_detach(&key);
		}
		b[n].value = pdb_cond_bool(e);
		b[n].name = p->p_bool_val_to_name[b[n].value - 1];
		n++;
	}
	qsort(b, n, sizeof(b[0]), bool_name_cmp);
	/* keep only the booleans the value depends on */
	for (unsigned int i = 0; i < n; i++) {
		bool depends = false;

		for (unsigned int k = 0; k < n; k++)
			vals[k] = b[k].value;
		for (unsigned int a = 0; a < (1u << n) && !depends; a++)
			if (!(a >> i & 1))
				depends = cond_eval(expr, vals, n, a) !=
					  cond_eval(expr, vals, n, a | 1u << i);
		if (depends)
			b[m++] = b[i];
		else
			b[i].value = 0;
	}
	n = m;
	for (unsigned int k = 0; k < n; k++)
		vals[k] = b[k].value;
	for (unsigned int a = 0; a < (1u << n); a++)
		if (cond_eval(expr, vals, n, a) == branch)
			table |= (uint64_t)1 << a;
	for (unsigned int k = 0; k < n; k++)
		pol_buf_printf(&key, "%s%s", k ? "," : "", b[k].name);
	pol_buf_printf(&key, ":%llx", (unsigned long long)table);
	return key.failed ? NULL : pol_buf_detach(&key);
}

/* The id (1-based) of a conditional branch, added when new. */
static uint32_t cond_intern(struct av *av, int side, const cond_node_t *cn, bool branch)
{
	const policydb_t *p = av->s[side].p;
	char *text = pdb_cond_expr_text(av->s[side].pdb, cn->expr);
	char *key = text ? query_diff_cond_key(p, cn->expr, text, branch) : NULL;
	size_t i;

	if (!key) {
		free(text);
		return 0;
	}
	for (i = 0; i < av->nconds; i++)
		if (strcmp(av->conds[i].key, key) == 0)
			break;
	if (i == av->nconds) {
		if (POL_ARRAY_GROW(av->conds, av->nconds + 1, av->cond_alloc) < 0) {
			free(key);
			free(text);
			return 0;
		}
		av->conds[av->nconds++] = (struct ucond){.key = key};
	} else {
		free(key);
	}
	if (!av->conds[i].text[side]) {
		av->conds[i].text[side] = text;
		av->conds[i].branch[side] = branch;
	} else {
		free(text);
	}
	return (uint32_t)i + 1;
}

static int map_conds(struct av *av)
{
	for (int s = 0; s < 2; s++) {
		struct side *sd = &av->s[s];
		uint32_t n = sd->idx->nconds;

		for (int br = 0; br < 2; br++)
			if (!(sd->cond_id[br] = calloc(n ? n : 1, sizeof(uint32_t))))
				return -ENOMEM;
		for (uint32_t k = 0; k < n; k++)
			for (int br = 0; br < 2; br++)
				if (!(sd->cond_id[br][k] =
					  cond_intern(av, s, sd->idx->conds[k], !br)))
					return -ENOMEM;
	}
	return 0;
}

/* ---- one source type ------------------------------------------------------ */

static int ent_push(struct side *sd, uint32_t tgt, uint32_t cls, uint32_t cond, uint64_t perms)
{
	if (tgt == NO_INDEX)
		return 0;
	if (POL_ARRAY_GROW(sd->e, sd->n + 1, sd->alloc) < 0)
		return -ENOMEM;
	sd->e[sd->n++] = (struct ent){tgt, cls, cond, perms};
	return 0;
}

/* An AV entry's permissions (data) in union bits. */
static uint64_t av_perms(const struct side *sd, int s, const avtab_key_t *k, uint32_t data)
{
	uint64_t perms = 0;

	if ((k->specified & ~AVTAB_ENABLED) == AVTAB_AUDITDENY)
		data = ~data;
	data &= query_class_valid_perms(sd->pdb, k->target_class);
	if (s == 0) /* the left policy's bits are the union's */
		return data;
	for (unsigned int bit = 0; bit < 32; bit++)
		if (data >> bit & 1)
			perms |= (uint64_t)1 << sd->pmap[k->target_class][bit];
	return perms;
}

/* The rules of type v (through every attribute holding it), expanded
 * over their target attributes, into sd->e. */
static int gather(const struct av *av, struct side *sd, int s, uint32_t v)
{
	const policydb_t *p = sd->p;
	const struct pdb_te_index *idx = sd->idx;
	ebitmap_node_t *node, *tnode;
	unsigned int a, t;

	sd->n = 0;
	ebitmap_for_each_positive_bit(&p->type_attr_map[v - 1], node, a)
	{
		for (size_t r = idx->by_source_start[a + 1]; r < idx->by_source_start[a + 2]; r++) {
			const struct pdb_te_ref *ref = &idx->by_source[r];
			const avtab_key_t *k = &ref->node->key;
			uint32_t cond = 0, cls;
			uint64_t perms;

			if ((k->specified & ~AVTAB_ENABLED) != av->kind)
				continue;
			if (av->xperm)
				perms = (uint64_t)(uintptr_t)ref->node->datum.xperms;
			else
				perms = av_perms(sd, s, k, ref->node->datum.data);
			if (!perms)
				continue;
			if (ref->cond) {
				uint32_t ci = (ref->cond & ~PDB_TE_FALSE_BRANCH) - 1;

				cond = sd->cond_id[(ref->cond & PDB_TE_FALSE_BRANCH) ? 1 : 0][ci];
			}
			cls = sd->cidx[k->target_class];
			if (!type_is_attr_p(p, k->target_type)) {
				if (ent_push(sd, sd->tidx[k->target_type], cls, cond, perms) < 0)
					return -ENOMEM;
				continue;
			}
			ebitmap_for_each_positive_bit(&p->attr_type_map[k->target_type - 1], tnode,
						      t) if (ent_push(sd, sd->tidx[t + 1], cls,
								      cond,
								      perms) < 0) return -ENOMEM;
		}
	}
	return 0;
}

static int ent_cmp(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;

	if (x->tgt != y->tgt)
		return x->tgt < y->tgt ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return x->cond < y->cond ? -1 : x->cond > y->cond;
}

/* Sort, union the permissions of equal keys, and take from a conditional
 * entry what the unconditional entry of its (target, class) grants (the
 * unconditional entry sorts first: conditional 0). */
static void normalize(struct side *sd)
{
	/* a copy: the compaction may overwrite its slot with a later
	 * conditional entry of the same (target, class) */
	struct ent uncond = {.tgt = NO_INDEX};
	size_t m = 0;

	if (!sd->n)
		return;
	qsort(sd->e, sd->n, sizeof(*sd->e), ent_cmp);
	for (size_t i = 0; i < sd->n; i++) {
		if (m && ent_cmp(&sd->e[m - 1], &sd->e[i]) == 0)
			sd->e[m - 1].perms |= sd->e[i].perms;
		else
			sd->e[m++] = sd->e[i];
	}
	sd->n = m;
	m = 0;
	for (size_t i = 0; i < sd->n; i++) {
		struct ent e = sd->e[i];

		if (!e.cond) {
			uncond = e;
		} else if (uncond.tgt == e.tgt && uncond.cls == e.cls) {
			e.perms &= ~uncond.perms;
			if (!e.perms)
				continue;
		}
		sd->e[m++] = e;
	}
	sd->n = m;
}

/* ---- ioctl sets ---------------------------------------------------------- */

/* Append set's runs to x; the offset + 1 of the set, or 0 when out of
 * memory. */
static uint64_t xenc_add(struct xenc *x, const struct xperm_set *set)
{
	size_t at = x->n;
	uint32_t runs = 0;
	unsigned int lo, hi;

	if (POL_ARRAY_GROW(x->v, at + 1, x->alloc) < 0)
		return 0;
	x->n++;
	for (unsigned int v = 0; v <= 0xffff && query_xperm_set_next_range(set, v, &lo, &hi);
	     v = hi + 1) {
		if (POL_ARRAY_GROW(x->v, x->n + 1, x->alloc) < 0)
			return 0;
		x->v[x->n++] = (uint32_t)lo << 16 | hi;
		runs++;
	}
	x->v[at] = runs;
	return at + 1;
}

/* The set at offset + 1 h of x, into set. */
static void xenc_get(const struct xenc *x, uint64_t h, struct xperm_set *set)
{
	const uint32_t *v = &x->v[h - 1];

	memset(set, 0, sizeof(*set));
	for (uint32_t i = 1; i <= v[0]; i++)
		for (uint32_t k = v[i] >> 16; k <= (v[i] & 0xffff); k++)
			set->bits[k / 64] |= UINT64_C(1) << (k % 64);
}

static bool xenc_equal(const struct xenc *x, uint64_t a, const struct xenc *y, uint64_t b)
{
	const uint32_t *p = &x->v[a - 1], *q = &y->v[b - 1];

	return p[0] == q[0] && memcmp(p + 1, q + 1, p[0] * sizeof(*p)) == 0;
}

/* The set at offset + 1 h of the side's pool, copied into the list's. */
static uint64_t xenc_keep(struct av *av, const struct xenc *from, uint64_t h)
{
	const uint32_t *v = &from->v[h - 1];
	size_t at = av->xpool.n;

	if (POL_ARRAY_GROW(av->xpool.v, at + v[0] + 1, av->xpool.alloc) < 0)
		return 0;
	memcpy(&av->xpool.v[at], v, (v[0] + 1) * sizeof(*v));
	av->xpool.n += v[0] + 1;
	return at + 1;
}

/* Sort, and fold the entries of one key into one whose permissions are
 * the union of their ioctls, in sd->xp. */
static int fold_xperms(struct av *av, struct side *sd)
{
	size_t m = 0;

	sd->xp.n = 0;
	if (!sd->n)
		return 0;
	qsort(sd->e, sd->n, sizeof(*sd->e), ent_cmp);
	for (size_t i = 0, j; i < sd->n; i = j) {
		struct ent e = sd->e[i];

		memset(av->xs, 0, sizeof(*av->xs));
		for (j = i; j < sd->n && ent_cmp(&sd->e[i], &sd->e[j]) == 0; j++)
			query_xperm_set_add_avtab(
			    (const avtab_extended_perms_t *)(uintptr_t)sd->e[j].perms, av->xs);
		if (!(e.perms = xenc_add(&sd->xp, av->xs)))
			return -ENOMEM;
		sd->e[m++] = e;
	}
	sd->n = m;
	return 0;
}

/* The names of perms in class cls, sorted, into v (room for 65: NULL
 * after the last). */
static size_t perm_list(const struct av *av, uint32_t cls, uint64_t perms, const char **v)
{
	size_t n = 0;

	for (const uint8_t *b = av->perm_order[cls]; *b < 64; b++)
		if (perms >> *b & 1)
			v[n++] = av->perm_names[cls][*b];
	v[n] = NULL;
	return n;
}

static void diff_rule_head(const struct av *av, struct pol_buf *t, const struct rec *r)
{
	pol_buf_puts(t, av->ruletype);
	pol_buf_putc(t, ' ');
	pol_buf_puts(t, av->types[r->src].name);
	pol_buf_putc(t, ' ');
	pol_buf_puts(t, av->types[r->tgt].name);
	pol_buf_putc(t, ':');
	pol_buf_puts(t, av->classes[r->cls].name);
	pol_buf_putc(t, ' ');
}

static void perm_set(struct pol_buf *t, const char *const *v, size_t n, const char *sign)
{
	for (size_t i = 0; i < n; i++) {
		pol_buf_putc(t, ' ');
		pol_buf_puts(t, sign);
		pol_buf_puts(t, v[i]);
	}
}

/* " [ expr ]:True"; sediff leaves the branch out of a modified rule's line
 * (with_branch false), though not out of the rule it sorts by. */
static void cond_suffix(const struct av *av, struct pol_buf *t, uint32_t cond, int side,
			bool with_branch)
{
	const struct ucond *c = cond ? &av->conds[cond - 1] : NULL;

	if (!c)
		return;
	pol_buf_printf(t, " [ %s ]", c->text[side]);
	if (with_branch)
		pol_buf_puts(t, c->branch[side] ? ":True" : ":False");
}

/* The runs of set as tokens, each after sign; a run in brackets when
 * bracket ("+[0x0001-0x0003]"). The number of runs. */
static size_t xperm_runs(struct pol_buf *t, const struct xperm_set *set, const char *sign,
			 bool bracket)
{
	size_t n = 0;
	unsigned int lo, hi;

	for (unsigned int v = 0; v <= 0xffff && query_xperm_set_next_range(set, v, &lo, &hi);
	     v = hi + 1, n++) {
		pol_buf_putc(t, ' ');
		pol_buf_puts(t, sign);
		if (bracket && hi > lo)
			pol_buf_putc(t, '[');
		query_xperm_range_format(t, lo, hi);
		if (bracket && hi > lo)
			pol_buf_putc(t, ']');
	}
	return n;
}

/* "allowxperm S T:C ioctl 0x8901-0x8902;", "... ioctl { 0x0001 0x0003 };"
 * as setools writes it, with the conditional as an AV rule's (setools
 * leaves it out). */
static void xperm_rule_text(const struct av *av, struct pol_buf *t, const struct rec *r, int side)
{
	struct pol_buf runs = POL_BUF_INIT;
	size_t n;

	xenc_get(&av->xpool, r->perms[side], av->xs);
	n = xperm_runs(&runs, av->xs, "", false);
	diff_rule_head(av, t, r);
	pol_buf_puts(t, "ioctl ");
	if (n == 1 && !runs.failed)
		pol_buf_printf(t, "%s;", pol_buf_str(&runs) + 1); /* after its ' ' */
	else
		pol_buf_printf(t, "{%s };", pol_buf_str(&runs));
	if (runs.failed)
		t->failed = true;
	pol_buf_release(&runs);
	cond_suffix(av, t, r->cond, side, true);
}

/* The rule r as in the given side, as sesearch prints it:
 * "allow S T:C { a b }; [ cond ]:True" ("allow S T:C a;" for one). */
static void rule_text(const struct av *av, struct pol_buf *t, const struct rec *r, int side)
{
	const char *v[65];
	size_t n;

	if (av->xperm) {
		xperm_rule_text(av, t, r, side);
		return;
	}
	n = perm_list(av, r->cls, r->perms[side], v);
	diff_rule_head(av, t, r);
	if (n == 1) {
		pol_buf_puts(t, v[0]);
		pol_buf_putc(t, ';');
	} else {
		pol_buf_putc(t, '{');
		perm_set(t, v, n, "");
		pol_buf_puts(t, " };");
	}
	cond_suffix(av, t, r->cond, side, true);
}

/* A difference of group g ('+', '-', '*'), into the source's run. */
static void rec_push(struct av *av, int g, uint32_t src, const struct ent *l, const struct ent *r)
{
	const struct ent *e = l ? l : r;
	uint64_t perms[2] = {l ? l->perms : 0, r ? r->perms : 0};

	for (int s = 0; s < 2 && av->xperm; s++)
		if (perms[s] && !(perms[s] = xenc_keep(av, &av->s[s].xp, perms[s])))
			av->failed = true;
	if (av->failed || POL_ARRAY_GROW(av->run[g], av->run_n[g] + 1, av->run_alloc[g]) < 0) {
		av->failed = true;
		return;
	}
	av->run[g][av->run_n[g]++] =
	    (struct rec){src, e->tgt, e->cls, e->cond, {perms[0], perms[1]}};
}

/* Append the source's run of group g to its blocks. */
static void rec_keep(struct av *av, int g)
{
	for (size_t k = 0; k < av->run_n[g] && !av->failed; k++) {
		size_t b = av->n[g] / REC_BLOCK;

		if (b == av->nblk[g]) {
			if (POL_ARRAY_GROW(av->blk[g], b + 1, av->blk_alloc[g]) < 0 ||
			    !(av->blk[g][b] = malloc(REC_BLOCK * sizeof(struct rec)))) {
				av->failed = true;
				return;
			}
			av->nblk[g]++;
		}
		av->blk[g][b][av->n[g]++ % REC_BLOCK] = av->run[g][k];
	}
	av->run_n[g] = 0;
}

/* The order sediff prints a group in: by the rule's text (a modified
 * rule's as in the left policy), compared a part at a time. The source
 * is the same within one source's run; "T:" compares as the target's
 * rank, "C " as the class's name order; only rules of one target and
 * class need their text. */
static int rec_cmp(const void *a, const void *b, void *arg)
{
	struct av *av = arg;
	const struct rec *x = a, *y = b;
	int side = x->perms[0] ? 0 : 1, c;
	struct pol_buf tx = POL_BUF_INIT, ty = POL_BUF_INIT;

	if (x->tgt != y->tgt)
		return av->tgt_rank[x->tgt] < av->tgt_rank[y->tgt] ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	rule_text(av, &tx, x, side);
	rule_text(av, &ty, y, side);
	if (tx.failed || ty.failed)
		av->failed = true;
	c = strcmp(pol_buf_str(&tx), pol_buf_str(&ty));
	pol_buf_release(&tx);
	pol_buf_release(&ty);
	return c;
}

static void compare_source(struct av *av, uint32_t src)
{
	const struct side *l = &av->s[0], *r = &av->s[1];
	size_t i = 0, j = 0;

	while (i < l->n || j < r->n) {
		int c = i == l->n ? 1 : j == r->n ? -1 : ent_cmp(&l->e[i], &r->e[j]);

		if (c < 0) {
			rec_push(av, 1, src, &l->e[i++], NULL);
		} else if (c > 0) {
			rec_push(av, 0, src, NULL, &r->e[j++]);
		} else {
			if (av->xperm ? !xenc_equal(&l->xp, l->e[i].perms, &r->xp, r->e[j].perms)
				      : l->e[i].perms != r->e[j].perms)
				rec_push(av, 2, src, &l->e[i], &r->e[j]);
			i++, j++;
		}
	}
	/* sources come in name order, which is their text's order */
	for (int g = 0; g < 3 && !av->failed; g++) {
		if (av->run_n[g] > 1)
			qsort_r(av->run[g], av->run_n[g], sizeof(struct rec), rec_cmp, av);
		rec_keep(av, g);
	}
}

/* "name:" in byte order: "t0:" sorts before "t:". */
struct ranked {
	const char *name;
	uint32_t u;
};

static int colon_cmp(const void *a, const void *b)
{
	const char *x = ((const struct ranked *)a)->name, *y = ((const struct ranked *)b)->name;

	for (;; x++, y++) {
		unsigned char cx = *x ? *x : ':', cy = *y ? *y : ':';

		if (cx != cy)
			return cx < cy ? -1 : 1;
		if (!*x) /* both ended: names hold no ':' */
			return 0;
	}
}

static int rank_targets(struct av *av)
{
	struct ranked *v = malloc((av->ntypes + 1) * sizeof(*v));

	av->tgt_rank = malloc((av->ntypes + 1) * sizeof(*av->tgt_rank));
	if (!v || !av->tgt_rank) {
		free(v);
		return -ENOMEM;
	}
	for (size_t u = 0; u < av->ntypes; u++)
		v[u] = (struct ranked){av->types[u].name, (uint32_t)u};
	qsort(v, av->ntypes, sizeof(*v), colon_cmp);
	for (size_t k = 0; k < av->ntypes; k++)
		av->tgt_rank[v[k].u] = (uint32_t)k;
	free(v);
	return 0;
}

/* What the computation alone needs. */
static void release_sides(struct av *av)
{
	for (int s = 0; s < 2; s++) {
		free(av->s[s].tidx);
		free(av->s[s].cidx);
		free(av->s[s].pmap);
		free(av->s[s].cond_id[0]);
		free(av->s[s].cond_id[1]);
		free(av->s[s].e);
		free(av->s[s].xp.v);
		memset(&av->s[s], 0, sizeof(av->s[s]));
	}
	for (int g = 0; g < 3; g++) {
		free(av->run[g]);
		av->run[g] = NULL;
		av->run_n[g] = av->run_alloc[g] = 0;
	}
}

void query_diff_av_free(struct query_diff_av_list *list)
{
	struct av *av = (struct av *)list;

	if (!av)
		return;
	release_sides(av);
	for (size_t i = 0; i < av->nconds; i++) {
		free(av->conds[i].key);
		free(av->conds[i].text[0]);
		free(av->conds[i].text[1]);
	}
	for (int g = 0; g < 3; g++) {
		for (size_t b = 0; b < av->nblk[g]; b++)
			free(av->blk[g][b]);
		free(av->blk[g]);
	}
	free(av->conds);
	free(av->types);
	free(av->classes);
	free(av->tgt_rank);
	free(av->perm_names);
	free(av->perm_order);
	free(av->xpool.v);
	free(av->xs);
	free(av->xv);
	pol_buf_release(&av->xtext);
	pol_buf_release(&av->text);
	pol_buf_release(&av->rule);
	free(av);
}

void query_diff_av_counts(const struct query_diff_av_list *list, size_t n[3])
{
	const struct av *av = (const struct av *)list;

	for (int g = 0; g < 3; g++)
		n[g] = av->n[g];
}

/* A modified xperm rule's line, "allowxperm S T:C ioctl { 0x0001 +0x0002
 * -[0x0010-0x0011] };" as sediff writes it, and its runs by fate. false
 * when out of memory. */
static bool xperm_modified(struct av *av, const struct rec *r, struct pol_diff_item *it)
{
	struct xperm_set *a = &av->xs[0], *b = &av->xs[1], *fate = &av->xs[2];
	static const char *const sign[3] = {"", "+", "-"};
	size_t n[3] = {0}, k = 0;
	unsigned int lo, hi;
	const char *p;

	xenc_get(&av->xpool, r->perms[0], a);
	xenc_get(&av->xpool, r->perms[1], b);
	for (size_t w = 0; w < sizeof(a->bits) / sizeof(a->bits[0]); w++) {
		fate[0].bits[w] = a->bits[w] & b->bits[w];  /* matched */
		fate[1].bits[w] = b->bits[w] & ~a->bits[w]; /* added */
		fate[2].bits[w] = a->bits[w] & ~b->bits[w]; /* removed */
	}
	diff_rule_head(av, &av->text, r);
	pol_buf_puts(&av->text, "ioctl {");
	for (int f = 0; f < 3; f++)
		xperm_runs(&av->text, &fate[f], sign[f], f > 0);
	pol_buf_puts(&av->text, " };");
	cond_suffix(av, &av->text, r->cond, 0, false);
	/* each run NUL-terminated in xtext, then pointed at from xv */
	pol_buf_reset(&av->xtext);
	for (int f = 0; f < 3; f++)
		for (unsigned int v = 0;
		     v <= 0xffff && query_xperm_set_next_range(&fate[f], v, &lo, &hi);
		     v = hi + 1, n[f]++) {
			query_xperm_range_format(&av->xtext, lo, hi);
			pol_buf_putc(&av->xtext, '\0');
		}
	if (av->xtext.failed || POL_ARRAY_GROW(av->xv, n[0] + n[1] + n[2] + 3, av->xv_alloc) < 0)
		return false;
	p = av->xtext.data;
	for (int f = 0; f < 3; f++) {
		const char **start = &av->xv[k];

		for (size_t i = 0; i < n[f]; i++, p += strlen(p) + 1)
			av->xv[k++] = p;
		av->xv[k++] = NULL;
		if (f == 0)
			it->matched = start;
		else if (f == 1)
			it->added = start;
		else
			it->removed = start;
	}
	return true;
}

const struct pol_diff_item *query_diff_av_item(struct query_diff_av_list *list, size_t i)
{
	struct av *av = (struct av *)list;
	int g = i < av->n[0] ? 0 : i < av->n[0] + av->n[1] ? 1 : 2;
	size_t k = i - (g > 0 ? av->n[0] : 0) - (g > 1 ? av->n[1] : 0);
	const struct rec *r = &av->blk[g][k / REC_BLOCK][k % REC_BLOCK];
	struct pol_diff_item *it = &av->item;

	pol_buf_reset(&av->text);
	*it = (struct pol_diff_item){.kind = "+-*"[g]};
	if (g < 2) {
		rule_text(av, &av->text, r, !g);
	} else if (av->xperm) {
		if (!xperm_modified(av, r, it))
			return NULL;
		pol_buf_reset(&av->rule);
		rule_text(av, &av->rule, r, 0);
		it->rule = pol_buf_str(&av->rule);
	} else {
		uint64_t lp = r->perms[0], rp = r->perms[1];
		size_t nk = perm_list(av, r->cls, lp & rp, av->pv[2]);
		size_t na = perm_list(av, r->cls, rp & ~lp, av->pv[0]);
		size_t nr = perm_list(av, r->cls, lp & ~rp, av->pv[1]);

		diff_rule_head(av, &av->text, r);
		pol_buf_putc(&av->text, '{');
		perm_set(&av->text, av->pv[2], nk, "");
		perm_set(&av->text, av->pv[0], na, "+");
		perm_set(&av->text, av->pv[1], nr, "-");
		pol_buf_puts(&av->text, " };");
		cond_suffix(av, &av->text, r->cond, 0, false);
		pol_buf_reset(&av->rule);
		rule_text(av, &av->rule, r, 0);
		it->rule = pol_buf_str(&av->rule);
		it->added = av->pv[0];
		it->removed = av->pv[1];
		it->matched = av->pv[2];
	}
	if (av->text.failed || av->rule.failed)
		return NULL;
	it->text = pol_buf_str(&av->text);
	return it;
}

// clang-format off
static const struct {
	enum pol_diff_section section;
	uint32_t kind;
} kinds[] = {
	{ POL_DIFF_ALLOW, AVTAB_ALLOWED },
	{ POL_DIFF_ALLOWXPERM, AVTAB_XPERMS_ALLOWED },
	{ POL_DIFF_NEVERALLOW, AVTAB_NEVERALLOW },
	{ POL_DIFF_NEVERALLOWXPERM, AVTAB_XPERMS_NEVERALLOW },
	{ POL_DIFF_AUDITALLOW, AVTAB_AUDITALLOW },
	{ POL_DIFF_AUDITALLOWXPERM, AVTAB_XPERMS_AUDITALLOW },
	{ POL_DIFF_DONTAUDIT, AVTAB_AUDITDENY },
	{ POL_DIFF_DONTAUDITXPERM, AVTAB_XPERMS_DONTAUDIT },
};
// clang-format on

/* Whether side s has an entry of the section's kind (a walk of its TE
 * index, a few milliseconds, rather than one of every source type). */
static bool has_kind(const struct av *av, int s)
{
	const struct pdb_te_index *idx = av->s[s].idx;

	for (size_t r = 0; r < idx->by_source_start[idx->ntypes + 1]; r++)
		if ((idx->by_source[r].node->key.specified & ~AVTAB_ENABLED) == av->kind)
			return true;
	return false;
}

int query_diff_av(const struct pol_pdb *left, const struct pol_pdb *right,
		  enum pol_diff_section section, struct query_diff_av_list **out)
{
	struct av *av = calloc(1, sizeof(*av));
	const policydb_t *p[2] = {pdb_db(left), pdb_db(right)};
	char **tn[2] = {p[0]->p_type_val_to_name, p[1]->p_type_val_to_name};
	char **cn[2] = {p[0]->p_class_val_to_name, p[1]->p_class_val_to_name};
	uint32_t tnp[2] = {p[0]->p_types.nprim, p[1]->p_types.nprim};
	uint32_t cnp[2] = {p[0]->p_classes.nprim, p[1]->p_classes.nprim};
	bool any;

	*out = NULL;
	if (!av)
		return -ENOMEM;
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (kinds[k].section == section) {
			av->kind = kinds[k].kind;
			av->ruletype = pol_rule_kind_name(query_rule_kind(av->kind));
		}
	av->xperm = (av->kind & (AVTAB_XPERMS | AVTAB_XPERMS_NEVERALLOW)) != 0;
	if (av->xperm && !(av->xs = malloc(5 * sizeof(*av->xs))))
		goto fail;
	for (int s = 0; s < 2; s++) {
		av->s[s].pdb = s ? right : left;
		av->s[s].p = p[s];
		av->s[s].idx = pdb_te_index(av->s[s].pdb);
		av->s[s].tidx = malloc((tnp[s] + 1) * sizeof(uint32_t));
		av->s[s].cidx = malloc((cnp[s] + 1) * sizeof(uint32_t));
		if (!av->s[s].idx || !av->s[s].tidx || !av->s[s].cidx)
			goto fail;
	}
	{
		uint32_t *ti[2] = {av->s[0].tidx, av->s[1].tidx};
		uint32_t *ci[2] = {av->s[0].cidx, av->s[1].cidx};

		if (union_names(tn, tnp, p, true, &av->types, &av->ntypes, ti) < 0 ||
		    union_names(cn, cnp, p, false, &av->classes, &av->nclasses, ci) < 0)
			goto fail;
	}
	if (rank_targets(av) < 0 || map_perms(av) < 0 || map_conds(av) < 0)
		goto fail;
	/* the xperm and neverallow sections: most policies have no rule */
	any = has_kind(av, 0) || has_kind(av, 1);
	for (size_t u = 0; any && u < av->ntypes && !av->failed; u++) {
		for (int s = 0; s < 2; s++) {
			av->s[s].n = 0;
			if (av->types[u].v[s] && gather(av, &av->s[s], s, av->types[u].v[s]) < 0)
				goto fail;
			if (!av->xperm)
				normalize(&av->s[s]);
			else if (fold_xperms(av, &av->s[s]) < 0)
				goto fail;
		}
		compare_source(av, (uint32_t)u);
	}
	if (av->failed)
		goto fail;
	release_sides(av);
	*out = (struct query_diff_av_list *)av;
	return 0;
fail:
	query_diff_av_free((struct query_diff_av_list *)av);
	return -ENOMEM;
}
