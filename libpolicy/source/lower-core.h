/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the lowering core's files (lower.c, lower-scope.c, lower-decl.c,
 * lower-set.c, lower-mls.c) share beyond internal.h: the scope stack and
 * checkpolicy's declare/require primitives (module_compiler.c), on which
 * every declaration and every lookup rests.
 */
#ifndef POL_SOURCE_LOWER_CORE_H
#define POL_SOURCE_LOWER_CORE_H

#include "source/internal.h"

/*
 * One level of the scope stack: the global block or an optional block (if
 * blocks add no level, since they can neither declare nor require). The
 * frames live on the C stack of the walk in lower.c.
 */
struct lower_frame {
	avrule_block_t *block;
	avrule_decl_t *decl; /* the branch being lowered */
	struct lower_frame *parent;
	bool in_else;	    /* nothing may be declared or required in an else */
	bool require_given; /* a module's non-else branch must require something */
	/* bottom frame only: the whole source (to find where a duplicate was
	 * first declared) and the optional block last entered, whose successor
	 * in the flat block list is the next optional block of the walk */
	const struct src_block *root;
	avrule_block_t *last_block;
	/* blocks do not inherit the global block's requirements (lower.c) */
	bool own_requirements;
};

/* Why a symbol could not be created, as module_compiler.c numbers it. */
enum {
	LOWER_SYM_NOT_HERE = -1, /* in an else branch */
	LOWER_SYM_DUPLICATE = -2,
	LOWER_SYM_NOMEM = -3,
};

/* Report that memory ran out; counts as an error. Returns -ENOMEM. */
int lower_nomem(struct lower *lw);

/* The bottom frame of the stack (the global block's). */
struct lower_frame *lower_root_frame(const struct lower *lw);

/* "type", "role", ... for messages; sym is a SYM_* index. */
const char *lower_sym_kind(uint32_t sym);

/*
 * checkpolicy's declare_symbol()/require_symbol(): insert key -> datum into
 * the policy's symbol table sym with the current decl's scope, and mark
 * *datum_value in the decl's declared/required bitmap. Returns 0 (the table
 * owns key and datum), 1 (the name existed: the caller frees key and datum;
 * *dest_value holds the existing value), or LOWER_SYM_* (the caller frees
 * both and reports with lower_symbol_error()).
 */
int lower_declare_symbol(struct lower *lw, uint32_t sym, char *key, void *datum,
			 uint32_t *dest_value, uint32_t *datum_value);
int lower_require_symbol(struct lower *lw, uint32_t sym, char *key, void *datum,
			 uint32_t *dest_value, uint32_t *datum_value);
/* Report a LOWER_SYM_* failure of declaring id in table sym; a duplicate
 * names the first declaration's location. Returns POL_EINVAL. */
int lower_symbol_error(struct lower *lw, const struct src_id *id, uint32_t sym, int ret);

/* Where the symbol id->name of table sym is first declared in the source,
 * or id's own location when no statement declares it. */
const struct src_loc *lower_decl_loc(struct lower *lw, const struct src_id *id, uint32_t sym);

/* Whether name of table sym may be used here (checkpolicy's is_id_in_scope):
 * it is unknown, or declared or required by the current block or an
 * enclosing one. */
bool lower_in_scope(const struct lower *lw, uint32_t sym, const char *name);
/* Look name up in table sym, reporting an unknown or out-of-scope name. */
void *lower_lookup(struct lower *lw, const struct src_id *id, uint32_t sym);
/* Whether permission value perm of class value cls is declared or required
 * here (checkpolicy's is_perm_in_scope). */
bool lower_perm_in_scope(const struct lower *lw, uint32_t perm, uint32_t cls);
/* Record perm of class cls as required by the current decl. */
int lower_add_perm_to_class(struct lower *lw, uint32_t perm, uint32_t cls);

/* The current decl's own copy of a type or role (checkpolicy's
 * get_local_type/get_local_role): global symbols in the global block,
 * else an entry of the decl's symtab with the same value, created on
 * first use; associations made in an optional block go there. NULL only
 * when out of memory. */
type_datum_t *lower_local_type(struct lower *lw, const char *name, uint32_t value, bool attr);
role_datum_t *lower_local_role(struct lower *lw, const char *name, uint32_t value, bool attr);
user_datum_t *lower_local_user(struct lower *lw, const char *name);

/* A require { } block: its symbols in pass 1, the permissions of its
 * classes in pass 2 (once the classes' own permissions are known). */
int lower_require(struct lower *lw, const struct src_stmt *s);
int lower_require_perms(struct lower *lw, const struct src_stmt *s);
/* At the end of a block in the last pass: the decl inherits its enclosing
 * blocks' requirements (checkpolicy's end_avrule_block, pass 2). */
int lower_copy_requirements(struct lower *lw);

/* lower-decl.c: declarations; then the definitions that need every
 * symbol of pass 1 (class permissions, dominance, levels); lower-assoc.c:
 * associations. */
int lower_declare(struct lower *lw, const struct src_stmt *s);
int lower_define(struct lower *lw, const struct src_stmt *s);
int lower_associate(struct lower *lw, const struct src_stmt *s);

/* lower-mls.c */
/* Sensitivities and categories (and the error for any MLS statement in
 * a non-MLS policy); then dominance and levels. */
int lower_mls_declare(struct lower *lw, const struct src_stmt *s);
int lower_mls_define(struct lower *lw, const struct src_stmt *s);
/* After pass 1: every sensitivity has a level and a place in the
 * dominance; aliases get their own copy of the level. */
int lower_mls_finish(struct lower *lw, const struct src_loc *where);
/* Give every sensitivity alias its own level (always run, even after
 * errors: until then aliases share their sensitivity's level, which
 * policydb_destroy() would free twice). */
void lower_mls_unshare(struct lower *lw);
/* A user's default level and range (semantic: expanded at link time). */
int lower_user_mls(struct lower *lw, const struct src_stmt *s, user_datum_t *user);

#endif
