// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Access vector rules (allow, auditallow, auditdeny, dontaudit, neverallow),
 * their extended-permission forms and the type rules (type_transition,
 * type_member, type_change, and type_transition with a file name) become
 * the avrule_t and filename_trans_rule_t of the current decl, built as
 * checkpolicy 3.4 builds them so that libsepol expands them alike.
 */
#include "source/internal.h"

#include <sepol/policydb/expand.h>

#include <stdlib.h>
#include <string.h>

#include "source/lower-rules.h"

void src_rules_free_avrule(avrule_t *rule)
{
	if (!rule)
		return;
	avrule_destroy(rule);
	free(rule);
}

void src_rules_add_avrule(struct lower *lw, avrule_t *rule, avrule_t **dest)
{
	if (dest) {
		rule->next = *dest;
		*dest = rule;
		return;
	}
	if (lw->avrule_tail_decl != lw->decl) {
		avrule_t *tail = lw->decl->avrules;

		while (tail && tail->next)
			tail = tail->next;
		lw->avrule_tail_decl = lw->decl;
		lw->avrule_tail = tail;
	}
	if (lw->avrule_tail)
		lw->avrule_tail->next = rule;
	else
		lw->decl->avrules = rule;
	lw->avrule_tail = rule;
}

int src_rules_no_star(struct lower *lw, const struct src_set *set, const char *where)
{
	if (set->star)
		return lower_error(lw, &set->loc, "'*' is not allowed in %s", where);
	if (set->tilde)
		return lower_error(lw, &set->loc, "'~' is not allowed in %s", where);
	return 0;
}

int src_rules_class_bitmap(struct lower *lw, const struct src_set *set, bool process_default,
			   const struct src_loc *loc, ebitmap_t *out)
{
	class_perm_node_t *list = NULL, *n;
	int rc = 0;

	ebitmap_init(out);
	if (process_default && set->n == 0 && !set->star) {
		class_datum_t *cls = hashtab_search(lw->p->p_classes.table, "process");

		if (!cls)
			return lower_error(lw, loc,
					   "no class given and the policy has no class 'process'");
		if (ebitmap_set_bit(out, cls->s.value - 1, 1))
			return lower_error(lw, loc, "out of memory");
		return 0;
	}
	if (lower_class_list(lw, set, &list) < 0)
		return POL_EINVAL;
	for (n = list; n; n = n->next)
		if (!rc && ebitmap_set_bit(out, n->tclass - 1, 1))
			rc = lower_error(lw, loc, "out of memory");
	while (list) {
		n = list->next;
		free(list);
		list = n;
	}
	if (rc)
		ebitmap_destroy(out);
	return rc;
}

/*
 * checkpolicy collects a rule's classes in a bitmap, so its class list is
 * in class value order without duplicates (ascending for access vector
 * rules, descending for type rules, which it prepends). libsepol expands
 * the list in that order into conditional lists, so keeping it makes our
 * binaries byte for byte checkpolicy's. Duplicates keep the first node.
 */
static class_perm_node_t *sort_classes(class_perm_node_t *list, bool descending)
{
	class_perm_node_t *sorted = NULL;

	while (list) {
		class_perm_node_t *n = list, **at = &sorted;

		list = list->next;
		while (*at && (descending ? (*at)->tclass > n->tclass : (*at)->tclass < n->tclass))
			at = &(*at)->next;
		if (*at && (*at)->tclass == n->tclass) {
			free(n);
			continue;
		}
		n->next = *at;
		*at = n;
	}
	return sorted;
}

static uint32_t av_specified(enum src_avrule_kind kind)
{
	switch (kind) {
	case SRC_ALLOW:
		return AVRULE_ALLOWED;
	case SRC_AUDITALLOW:
		return AVRULE_AUDITALLOW;
	case SRC_AUDITDENY:
		return AVRULE_AUDITDENY;
	case SRC_DONTAUDIT:
		return AVRULE_DONTAUDIT;
	case SRC_NEVERALLOW:
		break;
	}
	return AVRULE_NEVERALLOW;
}

static const char *av_keyword(enum src_avrule_kind kind)
{
	static const char *const names[] = {
	    [SRC_ALLOW] = "allow",	     [SRC_AUDITALLOW] = "auditallow",
	    [SRC_AUDITDENY] = "auditdeny",   [SRC_DONTAUDIT] = "dontaudit",
	    [SRC_NEVERALLOW] = "neverallow",
	};
	return names[kind];
}

/* The source and target type sets every rule kind shares. Only neverallow
 * rules may use "*" and "~" (checkpolicy's set_types starallowed). */
static int lower_rule_types(struct lower *lw, const struct src_stmt *s, avrule_t *rule,
			    bool star_allowed, const char *what)
{
	bool has_self = false;
	int rc = 0;

	if (!star_allowed && (src_rules_no_star(lw, &s->u.rule.src, what) < 0 ||
			      src_rules_no_star(lw, &s->u.rule.tgt, what) < 0))
		return POL_EINVAL;
	if (lower_type_set(lw, &s->u.rule.src, &rule->stypes, false, NULL) < 0)
		rc = POL_EINVAL;
	if (lower_type_set(lw, &s->u.rule.tgt, &rule->ttypes, true, &has_self) < 0)
		rc = POL_EINVAL;
	if (has_self)
		rule->flags |= RULE_SELF;
	return rc;
}

static avrule_t *new_avrule(uint32_t specified)
{
	avrule_t *rule = malloc(sizeof(*rule));

	if (!rule)
		return NULL;
	avrule_init(rule);
	rule->specified = specified;
	return rule;
}

int lower_avrule(struct lower *lw, const struct src_stmt *s, avrule_t **dest)
{
	enum src_avrule_kind kind = s->u.rule.kind.av;
	avrule_t *rule;
	int rc = 0;

	if (kind == SRC_NEVERALLOW && dest)
		return lower_error(lw, &s->loc, "neverallow is not allowed inside a conditional");
	rule = new_avrule(av_specified(kind));
	if (!rule)
		return lower_error(lw, &s->loc, "out of memory");
	if (lower_rule_types(lw, s, rule, kind == SRC_NEVERALLOW, "the types of this rule") < 0)
		rc = POL_EINVAL;
	if (lower_class_list(lw, &s->u.rule.classes, &rule->perms) < 0)
		rc = POL_EINVAL;
	else if (lower_perm_masks(lw, &s->u.rule.perms, rule->perms) < 0)
		rc = POL_EINVAL;
	rule->perms = sort_classes(rule->perms, false);
	if (!rc && kind == SRC_DONTAUDIT && s->u.rule.perms.tilde)
		lower_warning(lw, &s->u.rule.perms.loc,
			      "%s with '~' silences every permission but the ones named",
			      av_keyword(kind));
	if (!rc && lower_set_origin(lw, rule, &s->loc) < 0)
		rc = POL_EINVAL;
	if (rc) {
		src_rules_free_avrule(rule);
		return rc;
	}
	src_rules_add_avrule(lw, rule, dest);
	return 0;
}

/* ---- extended permissions ------------------------------------------ */

/* The 65536 ioctl command numbers as a bitmap: driver = high byte,
 * function = low byte, as the kernel splits them. */
#define XPERM_WORDS (65536 / 32)

static bool xbit(const uint32_t *bits, unsigned int cmd)
{
	return bits[cmd >> 5] & (UINT32_C(1) << (cmd & 31));
}

static unsigned int driver_count(const uint32_t *bits, unsigned int driver)
{
	unsigned int i, n = 0;

	for (i = 0; i < 8; i++)
		n += (unsigned int)__builtin_popcount(bits[driver * 8 + i]);
	return n;
}

static avrule_t *xperm_rule_copy(struct lower *lw, const avrule_t *tmpl, const struct src_loc *loc)
{
	avrule_t *rule = new_avrule(tmpl->specified);
	class_perm_node_t **tail;
	const class_perm_node_t *c;

	if (!rule)
		return NULL;
	rule->flags = tmpl->flags;
	rule->xperms = calloc(1, sizeof(*rule->xperms));
	if (!rule->xperms || type_set_cpy(&rule->stypes, &tmpl->stypes) ||
	    type_set_cpy(&rule->ttypes, &tmpl->ttypes))
		goto fail;
	tail = &rule->perms;
	for (c = tmpl->perms; c; c = c->next) {
		class_perm_node_t *n = malloc(sizeof(*n));

		if (!n)
			goto fail;
		class_perm_node_init(n);
		n->tclass = c->tclass;
		n->data = c->data;
		*tail = n;
		tail = &n->next;
	}
	if (lower_set_origin(lw, rule, loc) < 0)
		goto fail;
	return rule;
fail:
	src_rules_free_avrule(rule);
	return NULL;
}

/*
 * checkpolicy's encoding: one IOCTLDRIVER rule whose bitmap names the
 * drivers all of whose 256 functions are in the set, then one
 * IOCTLFUNCTION rule for each driver only part of whose functions are.
 */
static int emit_ioctl_rules(struct lower *lw, const struct src_stmt *s, const avrule_t *tmpl,
			    const uint32_t *bits, avrule_t **dest)
{
	avrule_t *rule = NULL;
	unsigned int d, f;

	for (d = 0; d < 256; d++) {
		if (driver_count(bits, d) != 256)
			continue;
		if (!rule) {
			rule = xperm_rule_copy(lw, tmpl, &s->loc);
			if (!rule)
				return lower_error(lw, &s->loc, "out of memory");
			rule->xperms->specified = AVRULE_XPERMS_IOCTLDRIVER;
			rule->xperms->driver = 0;
		}
		rule->xperms->perms[d >> 5] |= UINT32_C(1) << (d & 31);
	}
	if (rule)
		src_rules_add_avrule(lw, rule, dest);
	for (d = 0; d < 256; d++) {
		unsigned int n = driver_count(bits, d);

		if (n == 0 || n == 256)
			continue;
		rule = xperm_rule_copy(lw, tmpl, &s->loc);
		if (!rule)
			return lower_error(lw, &s->loc, "out of memory");
		rule->xperms->specified = AVRULE_XPERMS_IOCTLFUNCTION;
		rule->xperms->driver = (uint8_t)d;
		for (f = 0; f < 256; f++)
			if (xbit(bits, d << 8 | f))
				rule->xperms->perms[f >> 5] |= UINT32_C(1) << (f & 31);
		src_rules_add_avrule(lw, rule, dest);
	}
	return 0;
}

static uint32_t xperm_specified(enum src_avrule_kind kind)
{
	switch (kind) {
	case SRC_ALLOW:
		return AVRULE_XPERMS_ALLOWED;
	case SRC_AUDITALLOW:
		return AVRULE_XPERMS_AUDITALLOW;
	case SRC_DONTAUDIT:
		return AVRULE_XPERMS_DONTAUDIT;
	case SRC_NEVERALLOW:
		return AVRULE_XPERMS_NEVERALLOW;
	case SRC_AUDITDENY:
		break;
	}
	return 0;
}

int lower_xpermrule(struct lower *lw, const struct src_stmt *s, avrule_t **dest)
{
	const struct src_xperms *xp = &s->u.rule.xperms;
	uint32_t specified = xperm_specified(s->u.rule.kind.av);
	uint32_t *bits = NULL;
	avrule_t *tmpl;
	class_perm_node_t *c;
	size_t i;
	int rc = 0;

	if (!specified)
		return lower_error(lw, &s->loc, "auditdeny has no extended permission form");
	if (dest)
		return lower_error(
		    lw, &s->loc, "extended permission rules are not allowed inside a conditional");
	if (strcmp(s->u.rule.xperm_kind.name, "ioctl") != 0)
		return lower_error(
		    lw, &s->u.rule.xperm_kind.loc,
		    "unknown extended permission kind '%s'; only 'ioctl' is supported",
		    s->u.rule.xperm_kind.name);
	tmpl = new_avrule(specified);
	if (!tmpl)
		return lower_error(lw, &s->loc, "out of memory");
	if (lower_rule_types(lw, s, tmpl, s->u.rule.kind.av == SRC_NEVERALLOW,
			     "the types of this rule") < 0)
		rc = POL_EINVAL;
	if (lower_class_list(lw, &s->u.rule.classes, &tmpl->perms) < 0) {
		rc = POL_EINVAL;
	} else {
		tmpl->perms = sort_classes(tmpl->perms, false);
		/* the rule also grants the class permission named like the kind */
		for (c = tmpl->perms; c; c = c->next) {
			uint32_t v = lower_perm(lw, lw->p->class_val_to_struct[c->tclass - 1],
						&s->u.rule.xperm_kind);

			if (!v)
				rc = POL_EINVAL;
			else
				c->data |= UINT32_C(1) << (v - 1);
		}
	}
	for (i = 0; i < xp->n; i++)
		if (xp->items[i].lo > xp->items[i].hi)
			rc = lower_error(lw, &xp->loc, "ioctl range 0x%04x-0x%04x is backwards",
					 xp->items[i].lo, xp->items[i].hi);
	if (rc)
		goto out;

	bits = calloc(XPERM_WORDS, sizeof(*bits));
	if (!bits) {
		rc = lower_error(lw, &s->loc, "out of memory");
		goto out;
	}
	for (i = 0; i < xp->n; i++) {
		unsigned int cmd;

		for (cmd = xp->items[i].lo; cmd <= xp->items[i].hi; cmd++)
			bits[cmd >> 5] |= UINT32_C(1) << (cmd & 31);
	}
	if (xp->tilde)
		for (i = 0; i < XPERM_WORDS; i++)
			bits[i] = ~bits[i];
	for (i = 0; i < XPERM_WORDS && !bits[i]; i++)
		;
	if (i == XPERM_WORDS) {
		rc = lower_error(lw, &xp->loc, "the set of ioctl commands is empty");
		goto out;
	}
	rc = emit_ioctl_rules(lw, s, tmpl, bits, dest);
out:
	free(bits);
	src_rules_free_avrule(tmpl);
	return rc;
}

/* ---- type rules ------------------------------------------------------ */

static uint32_t type_value(const type_datum_t *t)
{
	return t->flavor == TYPE_ALIAS && t->primary ? t->primary : t->s.value;
}

static const char *typerule_keyword(enum src_typerule_kind kind)
{
	switch (kind) {
	case SRC_TYPE_TRANSITION:
		return "type_transition";
	case SRC_TYPE_MEMBER:
		return "type_member";
	case SRC_TYPE_CHANGE:
		break;
	}
	return "type_change";
}

static int filetrans_insert(struct lower *lw, const struct src_stmt *s, uint32_t stype,
			    uint32_t ttype, uint32_t tclass, uint32_t otype)
{
	policydb_t *p = lw->p;
	int rc = policydb_filetrans_insert(p, stype, ttype, tclass, s->u.rule.filename, NULL, otype,
					   NULL);

	if (rc == SEPOL_EEXIST)
		return lower_error(
		    lw, &s->loc,
		    "duplicate type_transition from '%s' to '%s' for class '%s' and name \"%s\"",
		    p->p_type_val_to_name[stype - 1], p->p_type_val_to_name[ttype - 1],
		    p->p_class_val_to_name[tclass - 1], s->u.rule.filename);
	if (rc != SEPOL_OK)
		return lower_error(lw, &s->loc, "out of memory");
	return 0;
}

/* Duplicates are checked on the expanded types as checkpolicy does, with
 * the policy's filename_trans table as the record of what came before. */
static int check_filetrans_dups(struct lower *lw, const struct src_stmt *s, const avrule_t *rule,
				const ebitmap_t *classes, uint32_t otype)
{
	ebitmap_t st, tt;
	ebitmap_node_t *cn, *sn, *tn;
	unsigned int c, si, ti;
	int rc = 0;

	ebitmap_init(&st);
	ebitmap_init(&tt);
	if (type_set_expand((type_set_t *)&rule->stypes, &st, lw->p, 1) ||
	    type_set_expand((type_set_t *)&rule->ttypes, &tt, lw->p, 1)) {
		rc = lower_error(lw, &s->loc, "out of memory");
		goto out;
	}
	ebitmap_for_each_positive_bit(classes, cn, c)
	{
		ebitmap_for_each_positive_bit(&st, sn, si)
		{
			ebitmap_for_each_positive_bit(&tt, tn, ti)
			{
				if (filetrans_insert(lw, s, si + 1, ti + 1, c + 1, otype) < 0) {
					rc = POL_EINVAL;
					goto out;
				}
			}
			if ((rule->flags & RULE_SELF) &&
			    filetrans_insert(lw, s, si + 1, si + 1, c + 1, otype) < 0) {
				rc = POL_EINVAL;
				goto out;
			}
		}
	}
out:
	ebitmap_destroy(&st);
	ebitmap_destroy(&tt);
	return rc;
}

/* type_transition with a file name: one filename_trans_rule_t per class,
 * put in front of the decl's list as checkpolicy does. */
static int lower_filename_trans(struct lower *lw, const struct src_stmt *s, const avrule_t *rule,
				uint32_t otype)
{
	ebitmap_t classes;
	ebitmap_node_t *cn;
	const class_perm_node_t *c;
	unsigned int i;
	int rc;

	ebitmap_init(&classes);
	for (c = rule->perms; c; c = c->next)
		if (ebitmap_set_bit(&classes, c->tclass - 1, 1)) {
			ebitmap_destroy(&classes);
			return lower_error(lw, &s->loc, "out of memory");
		}
	rc = check_filetrans_dups(lw, s, rule, &classes, otype);
	ebitmap_for_each_positive_bit(&classes, cn, i)
	{
		filename_trans_rule_t *ftr;

		if (rc)
			break;
		ftr = malloc(sizeof(*ftr));
		if (!ftr) {
			rc = lower_error(lw, &s->loc, "out of memory");
			break;
		}
		filename_trans_rule_init(ftr);
		ftr->name = strdup(s->u.rule.filename);
		if (!ftr->name || type_set_cpy(&ftr->stypes, &rule->stypes) ||
		    type_set_cpy(&ftr->ttypes, &rule->ttypes)) {
			filename_trans_rule_list_destroy(ftr);
			rc = lower_error(lw, &s->loc, "out of memory");
			break;
		}
		ftr->tclass = i + 1;
		ftr->otype = otype;
		ftr->flags = rule->flags & RULE_SELF;
		ftr->next = lw->decl->filename_trans_rules;
		lw->decl->filename_trans_rules = ftr;
	}
	ebitmap_destroy(&classes);
	return rc;
}

int lower_typerule(struct lower *lw, const struct src_stmt *s, avrule_t **dest)
{
	static const uint32_t specified[] = {
	    [SRC_TYPE_TRANSITION] = AVRULE_TRANSITION,
	    [SRC_TYPE_MEMBER] = AVRULE_MEMBER,
	    [SRC_TYPE_CHANGE] = AVRULE_CHANGE,
	};
	enum src_typerule_kind kind = s->u.rule.kind.type;
	const char *keyword = typerule_keyword(kind);
	type_datum_t *otype;
	avrule_t *rule;
	class_perm_node_t *c;
	int rc = 0;

	if (s->u.rule.filename && kind != SRC_TYPE_TRANSITION)
		return lower_error(lw, &s->loc, "only type_transition may name a file");
	if (s->u.rule.filename && dest)
		return lower_error(
		    lw, &s->loc,
		    "type_transition with a file name is not allowed inside a conditional");
	rule = new_avrule(specified[kind]);
	if (!rule)
		return lower_error(lw, &s->loc, "out of memory");
	if (lower_rule_types(lw, s, rule, false, keyword) < 0)
		rc = POL_EINVAL;
	if (lower_class_list(lw, &s->u.rule.classes, &rule->perms) < 0)
		rc = POL_EINVAL;
	rule->perms = sort_classes(rule->perms, true);
	otype = lower_type(lw, &s->u.rule.deflt);
	if (!otype) {
		rc = POL_EINVAL;
	} else if (otype->flavor == TYPE_ATTRIB) {
		rc = lower_error(lw, &s->u.rule.deflt.loc,
				 "the new type of %s must be a type, and '%s' is an attribute",
				 keyword, s->u.rule.deflt.name);
	}
	if (rc)
		goto fail;
	for (c = rule->perms; c; c = c->next)
		c->data = type_value(otype);
	if (s->u.rule.filename) {
		rc = lower_filename_trans(lw, s, rule, type_value(otype));
		src_rules_free_avrule(rule);
		return rc;
	}
	if (lower_set_origin(lw, rule, &s->loc) < 0) {
		rc = POL_EINVAL;
		goto fail;
	}
	src_rules_add_avrule(lw, rule, dest);
	return 0;
fail:
	src_rules_free_avrule(rule);
	return rc;
}
