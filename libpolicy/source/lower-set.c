/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Sets of names as rules use them: type sets, role sets, class lists and
 * the permission masks of each class, as checkpolicy's set_types(),
 * set_roles(), read_classes() and define_te_avtab_helper() build them.
 */
#include "source/lower-core.h"

#include <stdlib.h>
#include <string.h>

/* Adds to out, which the caller has initialised (type_set_init(),
 * avrule_init()) and frees even on error. */
int lower_type_set(struct lower *lw, const struct src_set *set, type_set_t *out, bool allow_self,
		   bool *has_self)
{
	int status = 0;

	if (has_self)
		*has_self = false;
	if (set->star)
		out->flags = TYPE_STAR;
	for (size_t i = 0; i < set->n; i++) {
		const struct src_set_item *it = &set->items[i];
		type_datum_t *t;

		if (strcmp(it->id.name, "self") == 0) {
			if (!allow_self)
				status = lower_error(
				    lw, &it->id.loc,
				    "'self' may only be used among the targets of a rule");
			else if (it->neg)
				status = lower_error(lw, &it->id.loc, "'-self' is not supported");
			else if (has_self)
				*has_self = true;
			continue;
		}
		t = lower_type(lw, &it->id);
		if (!t) {
			status = POL_EINVAL;
			continue;
		}
		if (ebitmap_set_bit(it->neg ? &out->negset : &out->types, t->s.value - 1, 1))
			return lower_nomem(lw);
	}
	/* "~" comes after the names in checkpolicy's queue, so it wins */
	if (set->tilde)
		out->flags = TYPE_COMP;
	return status;
}

int lower_role_set(struct lower *lw, const struct src_set *set, role_set_t *out)
{
	int status = 0;

	if (set->star || set->tilde)
		return lower_error(lw, &set->loc, "'%s' is not allowed in a set of roles",
				   set->star ? "*" : "~");
	for (size_t i = 0; i < set->n; i++) {
		const struct src_set_item *it = &set->items[i];
		role_datum_t *r;

		if (it->neg) {
			status =
			    lower_error(lw, &it->id.loc, "'-' is not allowed in a set of roles");
			continue;
		}
		r = lower_role(lw, &it->id);
		if (!r) {
			status = POL_EINVAL;
			continue;
		}
		if (ebitmap_set_bit(&out->roles, r->s.value - 1, 1))
			return lower_nomem(lw);
	}
	return status;
}

static void free_nodes(class_perm_node_t *n)
{
	while (n) {
		class_perm_node_t *next = n->next;

		free(n);
		n = next;
	}
}

/* In class value order, each class once: checkpolicy gathers the classes
 * of a rule in a bitmap before making the list. */
int lower_class_list(struct lower *lw, const struct src_set *set, class_perm_node_t **out)
{
	policydb_t *p = lw->p;
	class_perm_node_t *head = NULL, **tail = &head;
	ebitmap_t classes;
	ebitmap_node_t *node;
	uint32_t i;
	int status = 0;

	ebitmap_init(&classes);
	if (set->star) {
		for (i = 0; i < p->p_classes.nprim; i++)
			if (ebitmap_set_bit(&classes, i, 1))
				goto oom;
	}
	for (size_t k = 0; k < set->n; k++) {
		class_datum_t *c;

		if (set->items[k].neg) {
			status = lower_error(lw, &set->items[k].id.loc,
					     "'-' is not allowed in a set of classes");
			continue;
		}
		c = lower_class(lw, &set->items[k].id);
		if (!c) {
			status = POL_EINVAL;
			continue;
		}
		if (ebitmap_set_bit(&classes, c->s.value - 1, 1))
			goto oom;
	}
	if (status) {
		ebitmap_destroy(&classes);
		return status;
	}
	if (set->tilde) {
		ebitmap_t all;

		ebitmap_init(&all);
		for (i = 0; i < p->p_classes.nprim; i++)
			if (!ebitmap_get_bit(&classes, i) && ebitmap_set_bit(&all, i, 1)) {
				ebitmap_destroy(&all);
				goto oom;
			}
		ebitmap_destroy(&classes);
		classes = all;
	}
	ebitmap_for_each_positive_bit(&classes, node, i)
	{
		class_perm_node_t *n = malloc(sizeof(*n));

		if (!n) {
			free_nodes(head);
			goto oom;
		}
		class_perm_node_init(n);
		n->tclass = i + 1;
		*tail = n;
		tail = &n->next;
	}
	ebitmap_destroy(&classes);
	if (!head)
		return lower_error(lw, &set->loc, "the set of classes is empty");
	*out = head;
	return 0;
oom:
	ebitmap_destroy(&classes);
	return lower_nomem(lw);
}

int lower_perm_masks(struct lower *lw, const struct src_set *perms, class_perm_node_t *classes)
{
	int status = 0;

	for (class_perm_node_t *n = classes; n; n = n->next) {
		class_datum_t *cls = lw->p->class_val_to_struct[n->tclass - 1];

		if (perms->star) {
			n->data = ~UINT32_C(0);
			continue;
		}
		for (size_t i = 0; i < perms->n; i++) {
			const struct src_set_item *it = &perms->items[i];
			uint32_t v;

			if (it->neg) {
				status = lower_error(lw, &it->id.loc,
						     "'-' is not allowed in a set of permissions");
				continue;
			}
			v = lower_perm(lw, cls, &it->id);
			if (!v)
				status = POL_EINVAL;
			else
				n->data |= UINT32_C(1) << (v - 1);
		}
		if (perms->tilde)
			n->data = ~n->data;
	}
	return status;
}

int lower_set_origin(struct lower *lw, avrule_t *rule, const struct src_loc *loc)
{
	free(rule->source_filename);
	rule->source_filename = strdup(loc->file);
	if (!rule->source_filename)
		return lower_nomem(lw);
	/* we see the user's line (after #line markers) only, so both */
	rule->line = loc->line;
	rule->source_line = loc->line;
	return 0;
}
