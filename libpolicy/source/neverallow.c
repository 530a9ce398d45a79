/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which allow rules violate a neverallow. libsepol's report names the
 * neverallow and the expanded access (types, class, permissions), but a
 * kernel policy's access vectors keep no trace of the rules they came
 * from. The base module still holds those rules with the origins the
 * lowering recorded, so for each reported access we look for the enabled
 * allow rules that grant it. This only runs when a neverallow fails.
 */
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/avrule_block.h>

#include "source/backend.h"
#include "util/array.h"

/* Notes per violation, beyond which the rest say nothing new. */
#define MAX_NOTES 8

/* One access as libsepol words it, in the kernel policy's values. */
struct access {
	bool xperm;	   /* "allowxperm": match allowxperm rules */
	uint32_t src, tgt; /* kernel type values */
	char *class_name;
	char *perms; /* "P1 P2" (allow only) */
};

struct src_line_index {
	char *path;
	char *data;
	size_t len;
	size_t *starts; /* starts[i]: offset of line i + 1 */
	size_t nlines;
};

void src_backend_msgs_release(struct src_sepol_msgs *m)
{
	if (!m->lines)
		return;
	free(m->lines->path);
	free(m->lines->data);
	free(m->lines->starts);
	free(m->lines);
	m->lines = NULL;
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
		src_backend_msgs_release(m);
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
	char src[256], tgt[256], cls[256];
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
	if (sscanf(text, "%255s %255[^:]:%255s%n", src, tgt, cls, &n) != 3)
		return false;
	a->src = kernel_type(kernel, src);
	a->tgt = kernel_type(kernel, tgt);
	if (!a->src || !a->tgt)
		return false;
	a->class_name = strdup(cls);
	if (!a->class_name)
		return false;
	if (a->xperm)
		return true;
	open = strchr(text + n, '{');
	close = open ? strchr(open, '}') : NULL;
	if (!close)
		return false;
	a->perms = strndup(open + 1, (size_t)(close - open - 1));
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

static bool set_has(const struct src_sepol_msgs *m, const ebitmap_t *set, uint32_t v)
{
	ebitmap_node_t *node;
	unsigned int i;

	ebitmap_for_each_positive_bit(set, node, i) if (names_type(m, i + 1, v)) return true;
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

/* The notes of one violation so far. */
struct notes {
	unsigned int count;
	const avrule_t *last; /* one source line may give several rules */
};

static void note_rules(struct src_sepol_msgs *m, const avrule_t *rules, const struct access *a,
		       uint32_t base_class, uint32_t mask, struct notes *n)
{
	for (const avrule_t *r = rules; r && n->count < MAX_NOTES; r = r->next) {
		if (!matches(m, r, a, base_class, mask))
			continue;
		if (n->last && n->last->source_line == r->source_line &&
		    strcmp(n->last->source_filename, r->source_filename) == 0)
			continue;
		pol_err_add(m->err, POL_SEV_NOTE, POL_EINVAL, r->source_filename,
			    (unsigned int)r->source_line,
			    src_backend_line_col(m, r->source_filename, r->source_line),
			    "%s by this rule", a->xperm ? "allowed (allowxperm)" : "allowed");
		n->count++;
		n->last = r;
	}
}

void src_backend_note_allows(struct src_sepol_msgs *m, const char *violation)
{
	const class_datum_t *cls;
	struct access a = {0};
	struct notes notes = {0};
	uint32_t mask;

	if (!m->base || !m->kernel || !parse_access(m->kernel, violation, &a))
		goto out;
	cls = hashtab_search(m->base->p_classes.table, (hashtab_key_t)a.class_name);
	if (!cls)
		goto out;
	mask = a.xperm ? 0 : perm_mask(cls, a.perms);
	for (const avrule_block_t *b = m->base->global; b; b = b->next) {
		const avrule_decl_t *d = b->enabled;

		if (!d)
			continue;
		note_rules(m, d->avrules, &a, cls->s.value, mask, &notes);
		for (const cond_node_t *c = d->cond_list; c; c = c->next) {
			note_rules(m, c->avtrue_list, &a, cls->s.value, mask, &notes);
			note_rules(m, c->avfalse_list, &a, cls->s.value, mask, &notes);
		}
	}
out:
	free(a.class_name);
	free(a.perms);
}
