/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Scopes: declaring and requiring symbols in the current avrule decl, and
 * looking names up as checkpolicy does (module_compiler.c). A name may be
 * used where it is declared or required by the current block or an
 * enclosing one; the scope tables of the policydb record which decls those
 * are, and the frames of struct lower_frame are the enclosing blocks.
 */
#include "source/lower-core.h"

#include <stdlib.h>
#include <string.h>

#include "util/suggest.h"

static const char *const sym_kinds[SYM_NUM] = {
    [SYM_COMMONS] = "common",	  [SYM_CLASSES] = "class", [SYM_ROLES] = "role",
    [SYM_TYPES] = "type",	  [SYM_USERS] = "user",	   [SYM_BOOLS] = "boolean",
    [SYM_LEVELS] = "sensitivity", [SYM_CATS] = "category",
};

const char *lower_sym_kind(uint32_t sym)
{
	return sym < SYM_NUM ? sym_kinds[sym] : "symbol";
}

struct lower_frame *lower_root_frame(const struct lower *lw)
{
	struct lower_frame *f = lw->frame;

	while (f->parent)
		f = f->parent;
	return f;
}

static int create_symbol(struct lower *lw, uint32_t sym, char *key, void *datum,
			 uint32_t *dest_value, uint32_t scope)
{
	int ret;

	if (lw->frame->in_else)
		return LOWER_SYM_NOT_HERE;
	ret = symtab_insert(lw->p, sym, key, datum, scope, lw->decl->decl_id, dest_value);
	if (ret == 1 && dest_value) {
		void *old = hashtab_search(lw->p->symtab[sym].table, key);

		if (sym == SYM_LEVELS)
			*dest_value = ((level_datum_t *)old)->level->sens;
		else
			*dest_value = ((symtab_datum_t *)old)->value;
	} else if (ret == -2) {
		return LOWER_SYM_DUPLICATE;
	} else if (ret < 0) {
		return LOWER_SYM_NOMEM;
	}
	return ret;
}

int lower_declare_symbol(struct lower *lw, uint32_t sym, char *key, void *datum,
			 uint32_t *dest_value, uint32_t *datum_value)
{
	int ret = create_symbol(lw, sym, key, datum, dest_value, SCOPE_DECL);

	if (ret < 0)
		return ret;
	if (ebitmap_set_bit(&lw->decl->declared.scope[sym], *datum_value - 1, 1))
		return LOWER_SYM_NOMEM;
	return ret;
}

int lower_require_symbol(struct lower *lw, uint32_t sym, char *key, void *datum,
			 uint32_t *dest_value, uint32_t *datum_value)
{
	int ret = create_symbol(lw, sym, key, datum, dest_value, SCOPE_REQ);

	if (ret < 0)
		return ret;
	if (ebitmap_set_bit(&lw->decl->required.scope[sym], *datum_value - 1, 1))
		return LOWER_SYM_NOMEM;
	lw->frame->require_given = true;
	return ret;
}

/* ---- where a name was first declared ---------------------------- */

struct first_decl {
	uint32_t sym;
	const char *name;
	const struct src_loc *not_this; /* the duplicate itself */
	const struct src_loc *found;
};

static bool id_is(const struct src_id *id, struct first_decl *fd)
{
	if (!id->name || strcmp(id->name, fd->name) != 0 || &id->loc == fd->not_this)
		return false;
	if (fd->not_this && id->loc.file == fd->not_this->file &&
	    id->loc.line == fd->not_this->line && id->loc.col == fd->not_this->col)
		return false;
	fd->found = &id->loc;
	return true;
}

static bool ids_have(const struct src_id *ids, size_t n, struct first_decl *fd)
{
	for (size_t i = 0; i < n; i++)
		if (id_is(&ids[i], fd))
			return true;
	return false;
}

static bool stmt_declares(const struct src_stmt *s, struct first_decl *fd)
{
	switch (s->kind) {
	case SRC_CLASS_DECL:
		return fd->sym == SYM_CLASSES && id_is(&s->u.name, fd);
	case SRC_COMMON:
		return fd->sym == SYM_COMMONS && id_is(&s->u.perms.name, fd);
	case SRC_SENSITIVITY:
	case SRC_CATEGORY:
		if (fd->sym != (s->kind == SRC_SENSITIVITY ? SYM_LEVELS : SYM_CATS))
			return false;
		return id_is(&s->u.decl.name, fd) ||
		       ids_have(s->u.decl.aliases, s->u.decl.naliases, fd);
	case SRC_TYPE:
		if (fd->sym != SYM_TYPES)
			return false;
		return id_is(&s->u.decl.name, fd) ||
		       ids_have(s->u.decl.aliases, s->u.decl.naliases, fd);
	case SRC_TYPEALIAS:
		return fd->sym == SYM_TYPES && ids_have(s->u.decl.aliases, s->u.decl.naliases, fd);
	case SRC_ATTRIBUTE:
		return fd->sym == SYM_TYPES && id_is(&s->u.name, fd);
	case SRC_ATTRIBUTE_ROLE:
		return fd->sym == SYM_ROLES && id_is(&s->u.name, fd);
	case SRC_ROLE:
		return fd->sym == SYM_ROLES && !s->u.role.has_types && id_is(&s->u.role.name, fd);
	case SRC_USER:
		return fd->sym == SYM_USERS && id_is(&s->u.user.name, fd);
	case SRC_BOOL:
		return fd->sym == SYM_BOOLS && id_is(&s->u.boolean.name, fd);
	default:
		return false;
	}
}

static bool block_declares(const struct src_block *b, struct first_decl *fd)
{
	for (const struct src_stmt *s = b->first; s; s = s->next) {
		if (stmt_declares(s, fd))
			return true;
		if (s->kind == SRC_OPTIONAL && (block_declares(&s->u.optional.body, fd) ||
						block_declares(&s->u.optional.else_block, fd)))
			return true;
	}
	return false;
}

const struct src_loc *lower_decl_loc(struct lower *lw, const struct src_id *id, uint32_t sym)
{
	struct first_decl fd = {.sym = sym, .name = id->name};

	return block_declares(lower_root_frame(lw)->root, &fd) ? fd.found : &id->loc;
}

/* What the symbol already in table sym under name is, for messages. */
static const char *existing_kind(const struct lower *lw, uint32_t sym, const char *name)
{
	const void *d = hashtab_search(lw->p->symtab[sym].table, name);

	if (d && sym == SYM_TYPES && ((const type_datum_t *)d)->flavor == TYPE_ATTRIB)
		return "attribute";
	if (d && sym == SYM_ROLES && ((const role_datum_t *)d)->flavor == ROLE_ATTRIB)
		return "role attribute";
	return lower_sym_kind(sym);
}

int lower_symbol_error(struct lower *lw, const struct src_id *id, uint32_t sym, int ret)
{
	const char *kind = existing_kind(lw, sym, id->name);
	struct first_decl fd = {.sym = sym, .name = id->name, .not_this = &id->loc};

	switch (ret) {
	case LOWER_SYM_NOT_HERE:
		return lower_error(lw, &id->loc,
				   "%s '%s' cannot be declared or required in the else branch of "
				   "an optional block",
				   kind, id->name);
	case LOWER_SYM_DUPLICATE:
		if (block_declares(lower_root_frame(lw)->root, &fd))
			return lower_error(lw, &id->loc, "%s '%s' already declared at %s:%u:%u",
					   kind, id->name, fd.found->file, fd.found->line,
					   fd.found->col);
		return lower_error(lw, &id->loc, "%s '%s' already declared", kind, id->name);
	default:
		return lower_error(lw, &id->loc, "out of memory declaring %s '%s'", kind, id->name);
	}
}

/* ---- scope checks ------------------------------------------------ */

static bool decl_in_scope(const scope_datum_t *sc, const struct lower_frame *f)
{
	for (; f; f = f->parent)
		for (uint32_t i = 0; i < sc->decl_ids_len; i++)
			if (sc->decl_ids[i] == f->decl->decl_id)
				return true;
	return false;
}

bool lower_in_scope(const struct lower *lw, uint32_t sym, const char *name)
{
	const scope_datum_t *sc = hashtab_search(lw->p->scope[sym].table, name);

	return !sc || decl_in_scope(sc, lw->frame);
}

static bool perm_in_index(uint32_t perm, uint32_t cls, const scope_index_t *si)
{
	/* a decl that recorded nothing about the class does not restrict it */
	if (cls > si->class_perms_len)
		return true;
	return ebitmap_get_bit(&si->class_perms_map[cls - 1], perm - 1);
}

bool lower_perm_in_scope(const struct lower *lw, uint32_t perm, uint32_t cls)
{
	for (const struct lower_frame *f = lw->frame; f; f = f->parent)
		if (perm_in_index(perm, cls, &f->decl->required) ||
		    perm_in_index(perm, cls, &f->decl->declared))
			return true;
	return false;
}

int lower_add_perm_to_class(struct lower *lw, uint32_t perm, uint32_t cls)
{
	scope_index_t *si = &lw->decl->required;

	if (cls > si->class_perms_len) {
		ebitmap_t *map = realloc(si->class_perms_map, cls * sizeof(*map));

		if (!map)
			return -1;
		si->class_perms_map = map;
		for (uint32_t i = si->class_perms_len; i < cls; i++)
			ebitmap_init(&map[i]);
		si->class_perms_len = cls;
	}
	return ebitmap_set_bit(&si->class_perms_map[cls - 1], perm - 1, 1) ? -1 : 0;
}

/* ---- unknown names ----------------------------------------------- */

struct offer {
	const struct lower *lw;
	uint32_t sym;
	struct pol_suggest *sg;
	/* names one "word_" away from the wanted one, alphabetically first */
	const char *apart[3];
};

/* Whether longer is shorter with one more "word_" inside, the way policy
 * names grow: httpd_cache_t and httpd_cache_file_t. Edit distance finds
 * these too far apart to suggest. */
static bool one_word_more(const char *longer, const char *shorter)
{
	size_t ll = strlen(longer), ls = strlen(shorter), extra;

	if (ll <= ls)
		return false;
	extra = ll - ls;
	for (size_t i = 0; i <= ls; i++) {
		if (i && longer[i - 1] != shorter[i - 1])
			return false;
		if ((i == 0 || longer[i - 1] == '_') && longer[i + extra - 1] == '_' &&
		    !memchr(longer + i, '_', extra - 1) &&
		    strcmp(longer + i + extra, shorter + i) == 0)
			return true;
	}
	return false;
}

static void offer_apart(struct offer *o, const char *name)
{
	const char *want = o->sg->want;

	if (!one_word_more(name, want) && !one_word_more(want, name))
		return;
	for (int i = 0; i < 3; i++) {
		if (o->apart[i] && strcmp(name, o->apart[i]) >= 0)
			continue;
		for (int k = 2; k > i; k--)
			o->apart[k] = o->apart[k - 1];
		o->apart[i] = name;
		return;
	}
}

static int offer_scope_name(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	struct offer *o = arg;

	(void)datum;
	if (o->sym >= SYM_NUM || lower_in_scope(o->lw, o->sym, key)) {
		pol_suggest_offer(o->sg, key);
		offer_apart(o, key);
	}
	return 0;
}

static void suggest_note(struct lower *lw, const struct src_loc *loc, struct pol_suggest *sg,
			 const char *const apart[3])
{
	const char *best[3];
	size_t n = pol_suggest_result(sg, best);

	if (!n && apart)
		for (; n < 3 && apart[n]; n++)
			best[n] = apart[n];
	pol_suggest_note_names(lw->err, POL_EINVAL, loc->file, loc->line, loc->col, best, n);
}

int lower_unknown(struct lower *lw, const struct src_id *id, const char *kind, uint32_t sym)
{
	struct pol_suggest sg;
	struct offer o = {.lw = lw, .sym = sym, .sg = &sg};
	unsigned int before = lw->errors;
	int ret;

	if (lw->p->policy_type == POLICY_MOD)
		ret =
		    lower_error(lw, &id->loc, "%s '%s' is not declared or required in this module",
				kind, id->name);
	else
		ret = lower_error(lw, &id->loc, "unknown %s '%s'", kind, id->name);
	if (before >= SRC_MAX_ERRORS || sym >= SYM_NUM)
		return ret;
	pol_suggest_init(&sg, id->name);
	hashtab_map(lw->p->symtab[sym].table, offer_scope_name, &o);
	suggest_note(lw, &id->loc, &sg, o.apart);
	/* The usual cause in a module: a name of the base policy used
	 * without asking for it. */
	if (lw->p->policy_type == POLICY_MOD && sym != SYM_COMMONS)
		pol_err_add(lw->err, POL_SEV_NOTE, POL_EINVAL, id->loc.file, id->loc.line,
			    id->loc.col,
			    "if the base policy has it, require it: require { %s %s%s; } "
			    "(gen_require in refpolicy style)",
			    sym == SYM_BOOLS ? "bool" : kind, id->name,
			    sym == SYM_CLASSES ? " { PERMISSIONS }" : "");
	return ret;
}

/* A name known to the policy but declared or required only in blocks that
 * do not enclose this one. */
static int out_of_scope(struct lower *lw, const struct src_id *id, const char *kind)
{
	if (lw->frame->parent)
		return lower_error(lw, &id->loc,
				   "%s '%s' is not declared or required in this optional block or "
				   "an enclosing one",
				   kind, id->name);
	if (lw->p->policy_type == POLICY_MOD)
		return lower_error(lw, &id->loc,
				   "%s '%s' is not declared or required in this module", kind,
				   id->name);
	return lower_error(
	    lw, &id->loc,
	    "%s '%s' is declared only inside optional blocks, which do not enclose this statement",
	    kind, id->name);
}

void *lower_lookup(struct lower *lw, const struct src_id *id, uint32_t sym)
{
	void *d;

	if (!lower_in_scope(lw, sym, id->name)) {
		out_of_scope(lw, id, lower_sym_kind(sym));
		return NULL;
	}
	d = hashtab_search(lw->p->symtab[sym].table, id->name);
	if (!d)
		lower_unknown(lw, id, lower_sym_kind(sym), sym);
	return d;
}

type_datum_t *lower_type(struct lower *lw, const struct src_id *id)
{
	return lower_lookup(lw, id, SYM_TYPES);
}

role_datum_t *lower_role(struct lower *lw, const struct src_id *id)
{
	return lower_lookup(lw, id, SYM_ROLES);
}

user_datum_t *lower_user(struct lower *lw, const struct src_id *id)
{
	return lower_lookup(lw, id, SYM_USERS);
}

cond_bool_datum_t *lower_bool(struct lower *lw, const struct src_id *id)
{
	return lower_lookup(lw, id, SYM_BOOLS);
}

class_datum_t *lower_class(struct lower *lw, const struct src_id *id)
{
	return lower_lookup(lw, id, SYM_CLASSES);
}

/* Sensitivities and categories are looked up without scope, as checkpolicy
 * does: a module requires them only to have them in its symbol table. */
level_datum_t *lower_sens(struct lower *lw, const struct src_id *id)
{
	level_datum_t *d = hashtab_search(lw->p->p_levels.table, id->name);

	if (!d)
		lower_unknown(lw, id, "sensitivity", SYM_LEVELS);
	return d;
}

cat_datum_t *lower_cat(struct lower *lw, const struct src_id *id)
{
	cat_datum_t *d = hashtab_search(lw->p->p_cats.table, id->name);

	if (!d)
		lower_unknown(lw, id, "category", SYM_CATS);
	return d;
}

static int offer_perm(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	(void)datum;
	pol_suggest_offer(arg, key);
	return 0;
}

uint32_t lower_perm(struct lower *lw, class_datum_t *cls, const struct src_id *id)
{
	const char *cname = lw->p->p_class_val_to_name[cls->s.value - 1];
	perm_datum_t *perm = NULL;
	struct pol_suggest sg;
	unsigned int before = lw->errors;

	if (cls->permissions.table)
		perm = hashtab_search(cls->permissions.table, id->name);
	if (!perm && cls->comdatum)
		perm = hashtab_search(cls->comdatum->permissions.table, id->name);
	if (perm && lower_perm_in_scope(lw, perm->s.value, cls->s.value))
		return perm->s.value;
	if (perm) {
		lower_error(lw, &id->loc,
			    "permission '%s' of class '%s' is not declared or required in this %s",
			    id->name, cname, lw->frame->parent ? "block" : "module");
		return 0;
	}
	lower_error(lw, &id->loc, "unknown permission '%s' in class '%s'", id->name, cname);
	if (before >= SRC_MAX_ERRORS)
		return 0;
	pol_suggest_init(&sg, id->name);
	if (cls->permissions.table)
		hashtab_map(cls->permissions.table, offer_perm, &sg);
	if (cls->comdatum)
		hashtab_map(cls->comdatum->permissions.table, offer_perm, &sg);
	suggest_note(lw, &id->loc, &sg, NULL);
	return 0;
}

/* ---- the decl's own copies --------------------------------------- */

type_datum_t *lower_local_type(struct lower *lw, const char *name, uint32_t value, bool attr)
{
	hashtab_t tab = lw->frame->parent ? lw->decl->p_types.table : lw->p->p_types.table;
	type_datum_t *t = hashtab_search(tab, name);
	char *key;

	if (t)
		return t;
	key = strdup(name);
	t = malloc(sizeof(*t));
	if (!key || !t)
		goto fail;
	type_datum_init(t);
	t->s.value = value;
	t->flavor = attr ? TYPE_ATTRIB : TYPE_TYPE;
	t->primary = 1;
	if (hashtab_insert(tab, key, t))
		goto fail;
	return t;
fail:
	free(key);
	free(t);
	return NULL;
}

role_datum_t *lower_local_role(struct lower *lw, const char *name, uint32_t value, bool attr)
{
	hashtab_t tab = lw->frame->parent ? lw->decl->p_roles.table : lw->p->p_roles.table;
	role_datum_t *r = hashtab_search(tab, name);
	char *key;

	if (r)
		return r;
	key = strdup(name);
	r = malloc(sizeof(*r));
	if (!key || !r)
		goto fail;
	role_datum_init(r);
	r->s.value = value;
	r->flavor = attr ? ROLE_ATTRIB : ROLE_ROLE;
	if (hashtab_insert(tab, key, r))
		goto fail;
	return r;
fail:
	free(key);
	free(r);
	return NULL;
}

user_datum_t *lower_local_user(struct lower *lw, const char *name)
{
	hashtab_t tab = lw->frame->parent ? lw->decl->p_users.table : lw->p->p_users.table;

	return hashtab_search(tab, name);
}

/* ---- requirements ------------------------------------------------ */

static int union_index(scope_index_t *dst, const scope_index_t *src)
{
	for (uint32_t i = 0; i < SYM_NUM; i++)
		if (ebitmap_union(&dst->scope[i], &src->scope[i]))
			return -1;
	if (src->class_perms_len > dst->class_perms_len) {
		ebitmap_t *map = realloc(dst->class_perms_map, src->class_perms_len * sizeof(*map));

		if (!map)
			return -1;
		dst->class_perms_map = map;
		for (uint32_t i = dst->class_perms_len; i < src->class_perms_len; i++)
			ebitmap_init(&map[i]);
		dst->class_perms_len = src->class_perms_len;
	}
	for (uint32_t i = 0; i < src->class_perms_len; i++)
		if (ebitmap_union(&dst->class_perms_map[i], &src->class_perms_map[i]))
			return -1;
	return 0;
}

int lower_copy_requirements(struct lower *lw)
{
	for (const struct lower_frame *f = lw->frame->parent; f; f = f->parent)
		if (union_index(&lw->decl->required, &f->decl->required))
			return -1;
	return 0;
}
