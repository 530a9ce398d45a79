/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which allow rules violate a neverallow. libsepol's report names the
 * neverallow and the expanded access (types, class, permissions), but a
 * kernel policy's access vectors keep no trace of the rules they came
 * from. The base module still holds those rules with the origins the
 * lowering recorded, so for each reported access we look for the enabled
 * allow rules that grant it. This only runs when a neverallow fails, but
 * then for each of thousands of accesses: the rules are indexed once by
 * class and by the types and attributes their sources name
 * (src_allow_index), so that an access tests only the rules naming its
 * source, not every rule of the base.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/avrule_block.h>
#include <sepol/policydb/util.h>

#include "neverallow/neverallow.h"
#include "source/backend.h"
#include "util/array.h"

/* Notes per violation, beyond which the rest say nothing new. */
#define MAX_NOTES 8

/* One access as libsepol words it, in the kernel policy's values. */
struct access {
	bool xperm;	   /* "allowxperm": match allowxperm rules */
	uint32_t src, tgt; /* kernel type values */
	char src_name[256], tgt_name[256];
	char *class_name;
	char *perms;  /* "P1 P2" (allow only) */
	char *xperms; /* "ioctl { ... }" (allowxperm only) */
};

struct src_line_index {
	char *path;
	char *data;
	size_t len;
	size_t *starts; /* starts[i]: offset of line i + 1 */
	size_t nlines;
};

/*
 * The base's allow rules by class, and which base types name a kernel
 * type, built at the first violation of a compile: a violation's rules
 * were found by scanning every rule of the base and looking each type of
 * each rule's sets up by name in the kernel policy, minutes for the
 * thousands of violations random neverallows find in refpolicy.
 */
struct src_allow_index {
	/* [base class value - 1]: the allow and allowxperm rules with a
	 * recorded origin naming the class, in the order of the base's
	 * blocks, each block's rules, then its conditionals' */
	const avrule_t ***rules;
	size_t *count, *alloc;
	uint32_t nclasses;
	/* [kernel type value - 1]: the base type of the same name (0: none) */
	uint32_t *base_of;
	uint32_t nbase;
	size_t words;
	/* [kernel type value - 1], made on first use: bit b - 1 set when
	 * base type value b names the kernel type (names_type()) */
	uint64_t **names;
	uint32_t nkernel;
	/* [base class value - 1], made on first use: [base type value - 1]
	 * the positions in rules[class - 1] of the rules whose source set
	 * names the value, and [nbase] those of the rules whose source set
	 * ("*", "~") may hold any type */
	struct src_rule_refs **by_source;
};

struct src_rule_refs {
	uint32_t *pos;
	size_t count, alloc;
};

static void lines_release(struct src_sepol_msgs *m)
{
	if (!m->lines)
		return;
	free(m->lines->path);
	free(m->lines->data);
	free(m->lines->starts);
	free(m->lines);
	m->lines = NULL;
}

static void allows_release(struct src_sepol_msgs *m)
{
	struct src_allow_index *ix = m->allows;

	if (!ix)
		return;
	for (uint32_t c = 0; ix->rules && c < ix->nclasses; c++)
		free(ix->rules[c]);
	for (uint32_t t = 0; ix->names && t < ix->nkernel; t++)
		free(ix->names[t]);
	for (uint32_t c = 0; ix->by_source && c < ix->nclasses; c++) {
		for (uint32_t b = 0; ix->by_source[c] && b <= ix->nbase; b++)
			free(ix->by_source[c][b].pos);
		free(ix->by_source[c]);
	}
	free(ix->by_source);
	free(ix->rules);
	free(ix->count);
	free(ix->alloc);
	free(ix->base_of);
	free(ix->names);
	free(ix);
	m->allows = NULL;
}

void src_backend_msgs_release(struct src_sepol_msgs *m)
{
	lines_release(m);
	allows_release(m);
}

static struct src_line_index *load_lines(const char *file)
{
	struct src_line_index *l = calloc(1, sizeof(*l));
	size_t alloc = 1024;

	if (!l || !(l->path = strdup(file)) ||
	    src_backend_read_file(file, &l->data, &l->len, NULL) < 0)
		goto fail;
	l->starts = malloc(alloc * sizeof(*l->starts));
	if (!l->starts)
		goto fail;
	l->starts[l->nlines++] = 0;
	for (size_t i = 0; i < l->len; i++) {
		if (l->data[i] != '\n')
			continue;
		if (POL_ARRAY_GROW(l->starts, l->nlines + 1, alloc) < 0)
			goto fail;
		l->starts[l->nlines++] = i + 1;
	}
	return l;
fail:
	if (l) {
		free(l->path);
		free(l->data);
		free(l->starts);
		free(l);
	}
	return NULL;
}

unsigned int src_backend_line_col(struct src_sepol_msgs *m, const char *file, unsigned long line)
{
	struct src_line_index *l;
	size_t at;

	/* only while expanding: elsewhere no neverallow is reported */
	if (!m->kernel || !file || line == 0)
		return 0;
	if (!m->lines || strcmp(m->lines->path, file) != 0) {
		lines_release(m);
		m->lines = load_lines(file);
		if (!m->lines)
			return 0;
	}
	l = m->lines;
	if (line > l->nlines)
		return 0;
	at = l->starts[line - 1];
	for (size_t col = 1; at < l->len && l->data[at] != '\n'; at++, col++)
		if (l->data[at] != ' ' && l->data[at] != '\t')
			return (unsigned int)col;
	return 0;
}

static uint32_t kernel_type(const policydb_t *p, const char *name)
{
	const type_datum_t *t = hashtab_search(p->p_types.table, (hashtab_key_t)name);

	return t ? t->s.value : 0;
}

/* Parse "allow S T:C { P ... }" or "allowxperm S T:C ioctl { ... }". */
static bool parse_access(const policydb_t *kernel, const char *text, struct access *a)
{
	char cls[256];
	const char *open, *close;
	int n = 0;

	memset(a, 0, sizeof(*a));
	if (strncmp(text, "allowxperm ", 11) == 0) {
		a->xperm = true;
		text += 11;
	} else if (strncmp(text, "allow ", 6) == 0) {
		text += 6;
	} else {
		return false;
	}
	if (sscanf(text, "%255s %255[^:]:%255s%n", a->src_name, a->tgt_name, cls, &n) != 3)
		return false;
	a->src = kernel_type(kernel, a->src_name);
	a->tgt = kernel_type(kernel, a->tgt_name);
	if (!a->src || !a->tgt)
		return false;
	a->class_name = strdup(cls);
	if (!a->class_name)
		return false;
	text += n;
	text += strspn(text, " ");
	if (a->xperm) {
		a->xperms = strdup(text);
		return a->xperms != NULL;
	}
	open = strchr(text, '{');
	close = open ? strchr(open, '}') : NULL;
	if (!close)
		return false;
	open++;
	open += strspn(open, " ");
	while (close > open && close[-1] == ' ')
		close--;
	a->perms = strndup(open, (size_t)(close - open));
	return a->perms != NULL;
}

/* Whether kernel type value v is named by base type value b (the type
 * itself, or an attribute holding it in the kernel policy). */
static bool names_type(const struct src_sepol_msgs *m, uint32_t b, uint32_t v)
{
	const type_datum_t *bt = m->base->type_val_to_struct[b - 1];
	const char *name = m->base->p_type_val_to_name[b - 1];
	const type_datum_t *kt;

	if (!bt || !name)
		return false;
	kt = hashtab_search(m->kernel->p_types.table, (hashtab_key_t)name);
	if (!kt)
		return false;
	if (kt->s.value == v)
		return true;
	return kt->flavor == TYPE_ATTRIB && m->kernel->attr_type_map &&
	       ebitmap_get_bit(&m->kernel->attr_type_map[kt->s.value - 1], v - 1);
}

static void mark_base(const struct src_allow_index *ix, uint64_t *bits, uint32_t k)
{
	uint32_t b = ix->base_of[k - 1];

	if (b)
		bits[(b - 1) / 64] |= UINT64_C(1) << ((b - 1) % 64);
}

/*
 * The base type values naming kernel type v (names_type() for each), made
 * once per type: v's own value, and the attributes holding v, are the
 * bits of the kernel's type_attr_map[v - 1] (expand fills it and
 * attr_type_map from the same sets). NULL when out of memory.
 */
static const uint64_t *base_names(const struct src_sepol_msgs *m, uint32_t v)
{
	struct src_allow_index *ix = m->allows;
	const policydb_t *k = m->kernel;
	ebitmap_node_t *n;
	unsigned int t;
	uint64_t *bits;

	if (!ix || v == 0 || v > ix->nkernel)
		return NULL;
	if (ix->names[v - 1])
		return ix->names[v - 1];
	bits = calloc(ix->words ? ix->words : 1, sizeof(*bits));
	if (!bits)
		return NULL;
	mark_base(ix, bits, v);
	if (k->attr_type_map && k->type_attr_map)
		ebitmap_for_each_positive_bit(&k->type_attr_map[v - 1], n, t)
		{
			const type_datum_t *at = k->type_val_to_struct[t];

			if (t + 1 != v && at && at->flavor == TYPE_ATTRIB)
				mark_base(ix, bits, t + 1);
		}
	ix->names[v - 1] = bits;
	return bits;
}

static bool set_has(const struct src_sepol_msgs *m, const ebitmap_t *set, uint32_t v)
{
	const uint64_t *names = base_names(m, v);
	ebitmap_node_t *node;
	unsigned int i;

	ebitmap_for_each_positive_bit(set, node, i)
	{
		if (!names ? names_type(m, i + 1, v)
			   : i < m->allows->nbase && (names[i / 64] >> (i % 64)) & 1)
			return true;
	}
	return false;
}

/* Whether v is in a type set of the base ("*", "~", "-" included). */
static bool type_set_has(const struct src_sepol_msgs *m, const type_set_t *set, uint32_t v)
{
	bool in = (set->flags & TYPE_STAR) || set_has(m, &set->types, v);

	if (set_has(m, &set->negset, v))
		in = false;
	if (set->flags & TYPE_COMP)
		in = !in;
	return in;
}

/* The base's permission bits of the names in a->perms. */
static uint32_t perm_mask(const class_datum_t *cls, const char *names)
{
	uint32_t mask = 0;
	char *copy = strdup(names), *save = NULL;

	if (!copy)
		return 0;
	for (char *n = strtok_r(copy, " ", &save); n; n = strtok_r(NULL, " ", &save)) {
		const perm_datum_t *perm = hashtab_search(cls->permissions.table, n);

		if (!perm && cls->comdatum)
			perm = hashtab_search(cls->comdatum->permissions.table, n);
		if (perm && perm->s.value >= 1 && perm->s.value <= 32)
			mask |= UINT32_C(1) << (perm->s.value - 1);
	}
	free(copy);
	return mask;
}

/* Whether rule grants one of a's permissions (for allowxperm, any
 * permission of a's class) to a's source and target. */
static bool matches(const struct src_sepol_msgs *m, const avrule_t *rule, const struct access *a,
		    uint32_t base_class, uint32_t mask)
{
	uint32_t want = a->xperm ? AVRULE_XPERMS_ALLOWED : AVRULE_ALLOWED;
	bool granted = false;

	if (!(rule->specified & want) || !rule->source_filename || !rule->source_line)
		return false;
	for (const class_perm_node_t *cp = rule->perms; cp && !granted; cp = cp->next)
		granted = cp->tclass == base_class && (a->xperm || (cp->data & mask));
	if (!granted)
		return false;
	if (!type_set_has(m, &rule->stypes, a->src))
		return false;
	if (rule->flags & RULE_SELF)
		return a->src == a->tgt || type_set_has(m, &rule->ttypes, a->tgt);
	return type_set_has(m, &rule->ttypes, a->tgt);
}

/* The notes of one violation so far, and where they point. */
struct notes {
	struct pol_source_origin at[MAX_NOTES];
	char *rules[MAX_NOTES]; /* a binary's entries, in text */
	unsigned int count;
	const avrule_t *last; /* one source line may give several rules */
};

/* A note at rule r when it grants a (once per source line). */
static void note_rule(struct src_sepol_msgs *m, const avrule_t *r, const struct access *a,
		      uint32_t base_class, uint32_t mask, struct notes *n)
{
	struct pol_source_origin *o = &n->at[n->count];

	if (!matches(m, r, a, base_class, mask))
		return;
	if (n->last && n->last->source_line == r->source_line &&
	    strcmp(n->last->source_filename, r->source_filename) == 0)
		return;
	o->file = r->source_filename;
	o->line = (unsigned int)r->source_line;
	o->col = src_backend_line_col(m, r->source_filename, r->source_line);
	pol_err_add(m->err, POL_SEV_NOTE, POL_EINVAL, o->file, o->line, o->col, "%s by this rule",
		    a->xperm ? "allowed (allowxperm)" : "allowed");
	n->count++;
	n->last = r;
}

/* Add r to the list of each class it names that can hold it. */
static int index_rule(struct src_allow_index *ix, const avrule_t *r)
{
	if (!(r->specified & (AVRULE_ALLOWED | AVRULE_XPERMS_ALLOWED)) || !r->source_filename ||
	    !r->source_line)
		return 0;
	for (const class_perm_node_t *cp = r->perms; cp; cp = cp->next) {
		uint32_t c = cp->tclass - 1;

		if (cp->tclass == 0 || cp->tclass > ix->nclasses ||
		    (ix->count[c] && ix->rules[c][ix->count[c] - 1] == r))
			continue;
		if (POL_ARRAY_GROW(ix->rules[c], ix->count[c] + 1, ix->alloc[c]) < 0)
			return -ENOMEM;
		ix->rules[c][ix->count[c]++] = r;
	}
	return 0;
}

static int index_list(struct src_allow_index *ix, const avrule_t *rules)
{
	for (const avrule_t *r = rules; r; r = r->next)
		if (index_rule(ix, r) < 0)
			return -ENOMEM;
	return 0;
}

/* m->allows, built at the first call; false when out of memory. */
static bool allows_build(struct src_sepol_msgs *m)
{
	const policydb_t *base = m->base, *k = m->kernel;
	struct src_allow_index *ix;

	if (m->allows)
		return true;
	ix = m->allows = calloc(1, sizeof(*ix));
	if (!ix)
		return false;
	ix->nclasses = base->p_classes.nprim;
	ix->nbase = base->p_types.nprim;
	ix->nkernel = k->p_types.nprim;
	ix->words = (ix->nbase + 63) / 64;
	ix->rules = calloc(ix->nclasses + 1, sizeof(*ix->rules));
	ix->count = calloc(ix->nclasses + 1, sizeof(*ix->count));
	ix->alloc = calloc(ix->nclasses + 1, sizeof(*ix->alloc));
	ix->base_of = calloc(ix->nkernel + 1, sizeof(*ix->base_of));
	ix->names = calloc(ix->nkernel + 1, sizeof(*ix->names));
	ix->by_source = calloc(ix->nclasses + 1, sizeof(*ix->by_source));
	if (!ix->rules || !ix->count || !ix->alloc || !ix->base_of || !ix->names || !ix->by_source)
		goto fail;
	for (uint32_t b = 0; b < ix->nbase; b++) {
		const char *name = base->p_type_val_to_name[b];
		const type_datum_t *kt;

		if (!base->type_val_to_struct[b] || !name)
			continue;
		kt = hashtab_search(k->p_types.table, (hashtab_key_t)name);
		if (kt && kt->s.value >= 1 && kt->s.value <= ix->nkernel)
			ix->base_of[kt->s.value - 1] = b + 1;
	}
	for (const avrule_block_t *b = base->global; b; b = b->next) {
		const avrule_decl_t *d = b->enabled;

		if (!d)
			continue;
		if (index_list(ix, d->avrules) < 0)
			goto fail;
		for (const cond_node_t *c = d->cond_list; c; c = c->next)
			if (index_list(ix, c->avtrue_list) < 0 ||
			    index_list(ix, c->avfalse_list) < 0)
				goto fail;
	}
	return true;
fail:
	allows_release(m);
	return false;
}

static int refs_add(struct src_rule_refs *refs, uint32_t pos)
{
	if (refs->count && refs->pos[refs->count - 1] == pos)
		return 0;
	if (POL_ARRAY_GROW(refs->pos, refs->count + 1, refs->alloc) < 0)
		return -ENOMEM;
	refs->pos[refs->count++] = pos;
	return 0;
}

/* The rules of class c (0-based) by the values their source sets name;
 * NULL when out of memory. */
static const struct src_rule_refs *by_source(struct src_allow_index *ix, uint32_t c)
{
	struct src_rule_refs *refs = ix->by_source[c];

	if (refs)
		return refs;
	refs = calloc(ix->nbase + 1, sizeof(*refs));
	if (!refs)
		return NULL;
	for (size_t i = 0; i < ix->count[c]; i++) {
		const type_set_t *set = &ix->rules[c][i]->stypes;
		ebitmap_node_t *n;
		unsigned int b;
		int rc = 0;

		/* a source set holds a type it names, unless "*" or "~" */
		if (set->flags & (TYPE_STAR | TYPE_COMP))
			rc = refs_add(&refs[ix->nbase], (uint32_t)i);
		else
			ebitmap_for_each_positive_bit(&set->types, n, b)
			{
				if (rc == 0 && b < ix->nbase)
					rc = refs_add(&refs[b], (uint32_t)i);
			}
		if (rc < 0) {
			for (uint32_t k = 0; k <= ix->nbase; k++)
				free(refs[k].pos);
			free(refs);
			return NULL;
		}
	}
	return ix->by_source[c] = refs;
}

static int cmp_pos(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * The positions in the rules of class c (0-based) of those whose source
 * set may hold kernel type src, in order and once each: the rules naming
 * one of the base values that name src. *pos is heap memory; false when
 * out of memory.
 */
static bool candidates(const struct src_sepol_msgs *m, uint32_t c, uint32_t src, uint32_t **pos,
		       size_t *count)
{
	struct src_allow_index *ix = m->allows;
	const struct src_rule_refs *refs = by_source(ix, c);
	const uint64_t *names = base_names(m, src);
	uint32_t *v = NULL;
	size_t n = 0, alloc = 0;

	if (!refs || !names)
		return false;
	for (uint32_t b = 0; b <= ix->nbase; b++) {
		const struct src_rule_refs *r = &refs[b];

		if (!r->count || (b < ix->nbase && !((names[b / 64] >> (b % 64)) & 1)))
			continue;
		if (POL_ARRAY_GROW(v, n + r->count, alloc) < 0) {
			free(v);
			return false;
		}
		memcpy(v + n, r->pos, r->count * sizeof(*v));
		n += r->count;
	}
	qsort(v, n, sizeof(*v), cmp_pos);
	*count = 0;
	for (size_t i = 0; i < n; i++)
		if (i == 0 || v[i] != v[i - 1])
			v[(*count)++] = v[i];
	*pos = v;
	return true;
}

/* The allow rules of the base behind access a: those of its class in
 * m->allows whose source set may hold a's source (all of the class's when
 * out of memory). */
static void note_base_rules(struct src_sepol_msgs *m, const struct access *a, struct notes *notes)
{
	const class_datum_t *cls;
	uint32_t mask, c, *pos = NULL;
	size_t count;

	cls = hashtab_search(m->base->p_classes.table, (hashtab_key_t)a->class_name);
	if (!cls)
		return;
	if (!allows_build(m)) {
		pol_err_add(m->err, POL_SEV_NOTE, -ENOMEM, NULL, 0, 0,
			    "out of memory while looking for the allow rules behind it");
		return;
	}
	mask = a->xperm ? 0 : perm_mask(cls, a->perms);
	c = cls->s.value;
	if (c == 0 || c > m->allows->nclasses)
		return;
	if (candidates(m, c - 1, a->src, &pos, &count)) {
		for (size_t i = 0; i < count && notes->count < MAX_NOTES; i++)
			note_rule(m, m->allows->rules[c - 1][pos[i]], a, c, mask, notes);
		free(pos);
		return;
	}
	for (size_t i = 0; i < m->allows->count[c - 1] && notes->count < MAX_NOTES; i++)
		note_rule(m, m->allows->rules[c - 1][i], a, c, mask, notes);
}

/* One entry of a binary's access vector table behind a violation, as a
 * note in the policy language's words. */
static void note_entry(struct src_sepol_msgs *m, const struct access *a, const avtab_key_t *k,
		       const avtab_datum_t *d, bool conditional, struct notes *n)
{
	const policydb_t *p = m->kernel;
	const char *src = p->p_type_val_to_name[k->source_type - 1];
	const char *tgt = p->p_type_val_to_name[k->target_type - 1];
	const char *cls = p->p_class_val_to_name[k->target_class - 1];
	char *rule = NULL;
	int rc;

	/* both of libsepol 3.4's writers return a static buffer */
	if (a->xperm)
		rc = asprintf(&rule, "allowxperm %s %s:%s %s", src, tgt, cls,
			      sepol_extended_perms_to_string(d->xperms));
	else
		rc = asprintf(&rule, "allow %s %s:%s {%s }", src, tgt, cls,
			      sepol_av_to_string((policydb_t *)p, k->target_class, d->data));
	if (rc < 0)
		rule = NULL;
	if (rule) {
		n->rules[n->count] = rule;
		n->at[n->count].rule = rule;
		pol_err_add(m->err, POL_SEV_NOTE, POL_EINVAL, NULL, 0, 0,
			    "allowed by the policy's '%s'%s", rule,
			    conditional ? " (conditional)" : "");
		n->count++;
	}
}

/* The allow entries of a built policy behind access a: those whose
 * source and target are a's types or attributes holding them. */
static void note_kernel_entries(struct src_sepol_msgs *m, const struct access *a,
				struct notes *notes)
{
	const policydb_t *p = m->kernel;
	const class_datum_t *cls = hashtab_search(p->p_classes.table, (hashtab_key_t)a->class_name);
	uint32_t mask;
	ebitmap_node_t *sn, *tn;
	unsigned int s, t;

	if (!cls || !p->type_attr_map)
		return;
	mask = a->xperm ? 0 : perm_mask(cls, a->perms);
	ebitmap_for_each_positive_bit(&p->type_attr_map[a->src - 1], sn, s)
	{
		ebitmap_for_each_positive_bit(&p->type_attr_map[a->tgt - 1], tn, t)
		{
			avtab_key_t k = {.source_type = (uint16_t)(s + 1),
					 .target_type = (uint16_t)(t + 1),
					 .target_class = (uint16_t)cls->s.value,
					 .specified =
					     a->xperm ? AVTAB_XPERMS_ALLOWED : AVTAB_ALLOWED};
			const avtab_t *tables[] = {&p->te_avtab, &p->te_cond_avtab};

			for (size_t i = 0; i < 2; i++) {
				avtab_ptr_t e;

				for (e = avtab_search_node((avtab_t *)tables[i], &k); e;
				     e = avtab_search_node_next(e, k.specified)) {
					if (notes->count >= MAX_NOTES)
						return;
					if (a->xperm || (e->datum.data & mask))
						note_entry(m, a, &e->key, &e->datum, i == 1, notes);
				}
			}
		}
	}
}

void src_backend_note_allows(struct src_sepol_msgs *m, struct pol_source_violation *v,
			     const char *violation)
{
	struct access a = {0};
	struct notes notes = {0};

	if (!m->kernel || !parse_access(m->kernel, violation, &a))
		goto out;
	if (m->base)
		note_base_rules(m, &a, &notes);
	else
		note_kernel_entries(m, &a, &notes);
	if (!m->on_violation)
		goto out;
	v->source = a.src_name;
	v->target = a.tgt_name;
	v->class_name = a.class_name;
	v->perms = a.xperm ? a.xperms : a.perms;
	v->allowed_by = notes.at;
	v->n_allowed_by = notes.count;
	m->on_violation(v, m->violation_data);
out:
	for (unsigned int i = 0; i < notes.count; i++)
		free(notes.rules[i]);
	free(a.class_name);
	free(a.perms);
	free(a.xperms);
}

int src_check_neverallows(struct pdb_sepol *sh, struct pol_pdb *kp, avrule_t *rules,
			  size_t *nviolated, struct pol_err *err)
{
	avrule_t *head = NULL, **tail = &head, **next_of = NULL;
	size_t count = 0, i = 0, n = 0;
	bool *violated = NULL;
	int rc;

	*nviolated = 0;
	if (pol_neverallow_find_rules(kp, rules, &violated, &count, err) < 0)
		return -ENOMEM;
	for (size_t j = 0; j < count; j++)
		n += violated[j];
	if (n == 0) {
		free(violated);
		return 0;
	}
	/* chain the violated rules alone, then restore the list */
	next_of = calloc(count, sizeof(*next_of));
	if (!next_of) {
		free(violated);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (avrule_t *r = rules, *nx; r; r = nx) {
		nx = r->next;
		if (!(r->specified & (AVRULE_NEVERALLOW | AVRULE_XPERMS_NEVERALLOW)))
			continue;
		next_of[i] = nx;
		if (violated[i++]) {
			*tail = r;
			tail = &r->next;
		}
	}
	*tail = NULL;
	rc = check_assertions(pdb_sepol_handle(sh), pdb_db(kp), head);
	i = 0;
	for (avrule_t *r = rules; r; r = r->next) {
		if (!(r->specified & (AVRULE_NEVERALLOW | AVRULE_XPERMS_NEVERALLOW)))
			continue;
		r->next = next_of[i++];
	}
	free(next_of);
	free(violated);
	/* libsepol checks the rules again: its verdict is the one reported */
	*nviolated = rc != 0 ? n : 0;
	return 0;
}
