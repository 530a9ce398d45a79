/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the files of libpolicy/source share. Three groups of files meet here:
 *   - the parser (lex.c, parse*.c, unit.c): text -> struct src_unit (ast.h);
 *   - the lowering (lower*.c): AST -> libsepol module policydb;
 *   - the back end (module.c, kpolicy.c, cil.c): link, expand, check, write.
 *
 * Include this first: pdb/internal.h reads libsepol's conditional.h, whose
 * member named "bool" clashes with <stdbool.h>, with the macro set aside.
 */
#ifndef POL_SOURCE_INTERNAL_H
#define POL_SOURCE_INTERNAL_H

#include "pdb/internal.h"

#include <sepol/policydb/avrule_block.h>
#include <sepol/policydb/constraint.h>
#include <sepol/policydb/hashtab.h>

#include <stdarg.h>
#include <stdbool.h>

#include "source/ast.h"
#include "source/source.h"

/* ---- parser -------------------------------------------------------- */

/* A text a lean source parses twice (see pol_source_set_lean()). */
struct src_input {
	char *name;
	const char *data;
	size_t len;
	enum { SRC_INPUT_BORROWED, SRC_INPUT_MAPPED, SRC_INPUT_OWNED } how;
};

struct pol_source {
	struct src_unit *unit;
	bool is_module;
	bool lean; /* unit lacks most rules: the lowering parses inputs again */
	bool verbose; /* pol_source_set_verbose() */
	struct src_input *inputs;
	size_t ninputs, inputs_alloc;
};

/* Parse text into unit (appending to its top-level block). name is the
 * file name diagnostics start with; "#line" markers change it. Stops after
 * SRC_MAX_ERRORS errors. Returns 0 or POL_EFORMAT. */
#define SRC_MAX_ERRORS 20
int src_parse(struct src_unit *unit, const char *name, const char *text, size_t len,
	      struct pol_err *err);

/* Takes each top-level statement (a chain linked by next, an optional or
 * if block whole) of a streaming parse; false stops the parse. The
 * statements die when it returns. */
typedef bool (*src_stmt_fn)(void *data, const struct src_stmt *chain);

struct src_parse_mode {
	/* drop rule statements (see pol_source_set_lean()) */
	bool lean;
	/* the notes of pol_source_set_verbose() */
	bool verbose;
	/* text is a private read-only file mapping whose parsed pages may be
	 * given back to the kernel */
	bool text_mapped;
	/* stream top-level statements to each() instead of appending them */
	src_stmt_fn each;
	void *each_data;
};
int src_parse_with(struct src_unit *unit, const char *name, const char *text, size_t len,
		   struct pol_err *err, const struct src_parse_mode *mode);

/* unit.c: free every statement (the unit is then empty); interned file
 * names stay. */
void src_unit_clear(struct src_unit *unit);
bool src_unit_cleared(const struct src_unit *unit);

/* source.c: parse a lean source's inputs again, streaming their statements
 * to each() (diagnostics were all given by the first parse). Returns 0,
 * POL_EFORMAT when the text no longer parses, or -ENOMEM. */
int src_source_stream(const struct pol_source *src, src_stmt_fn each, void *data);

/* ---- lowering ------------------------------------------------------ */

/* A lowered source (public as struct pol_source_module). */
struct pol_source_module {
	policydb_t p; /* POLICY_BASE or POLICY_MOD */
};

/*
 * The lowering's state. One struct lower lives for one pol_source_lower()
 * call. The driver (lower.c) walks the AST twice, as checkpolicy parses
 * twice: pass 1 declares (and requires) symbols and creates the avrule
 * blocks and decls of optional blocks; pass 2 lowers everything that uses
 * symbols. Both passes visit statements in the same order, so pass 2 finds
 * each optional block's decl by its visit index.
 */
struct lower {
	policydb_t *p;
	const struct pol_source_options *opts;
	struct pol_err *err;
	unsigned int errors;  /* stop after SRC_MAX_ERRORS */
	int pass;             /* 1 or 2 */
	avrule_block_t *block; /* current block: global or an optional */
	avrule_decl_t *decl;   /* current decl (branch) of block */
	/* decls of optional blocks and their else branches, in visit order */
	avrule_decl_t **decls;
	size_t ndecls, decl_next;
	uint32_t next_decl_id;
	/* The last rule of avrule_tail_decl->avrules, so that appending a
	 * rule (lower-avrule.c) does not walk the list; it is recomputed
	 * whenever decl differs from avrule_tail_decl. */
	avrule_decl_t *avrule_tail_decl;
	avrule_t *avrule_tail;
	/* The scope stack: the current block's frame, linking to the
	 * enclosing ones (lower-scope.c); lookups search it as checkpolicy's
	 * is_id_in_scope() does. */
	struct lower_frame *frame;
};

/* Diagnostics at a source location. Both return POL_EINVAL (warnings
 * too, but callers ignore it unless opts->werror). */
int lower_error(struct lower *lw, const struct src_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int lower_warning(struct lower *lw, const struct src_loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Error for an unknown name of the given kind ("type", "role", ...),
 * suggesting the closest known name of that symbol table. */
int lower_unknown(struct lower *lw, const struct src_id *id, const char *kind, uint32_t sym);

/*
 * Name lookups, honouring module scope: a name must be declared in this
 * policy or required by the current block (or an enclosing one). Each
 * returns the datum, or NULL after reporting the error at id->loc.
 */
type_datum_t *lower_type(struct lower *lw, const struct src_id *id); /* type, alias or attribute */
role_datum_t *lower_role(struct lower *lw, const struct src_id *id); /* role or role attribute */
user_datum_t *lower_user(struct lower *lw, const struct src_id *id);
cond_bool_datum_t *lower_bool(struct lower *lw, const struct src_id *id);
class_datum_t *lower_class(struct lower *lw, const struct src_id *id);
level_datum_t *lower_sens(struct lower *lw, const struct src_id *id);
cat_datum_t *lower_cat(struct lower *lw, const struct src_id *id);
/* The 1-based value of permission id in class (own or common); 0 after
 * reporting it unknown. */
uint32_t lower_perm(struct lower *lw, class_datum_t *cls, const struct src_id *id);

/* Sets. A type set may name "self" only where allow_self; *has_self then
 * tells the caller to set RULE_SELF on its rule. Names are added to out,
 * which the caller has initialised and frees even on error; "*" and "~"
 * are accepted (callers that forbid them check set->star and set->tilde). */
int lower_type_set(struct lower *lw, const struct src_set *set, type_set_t *out, bool allow_self,
		   bool *has_self);
int lower_role_set(struct lower *lw, const struct src_set *set, role_set_t *out);
/* Classes named by set (or every class for "*"), as a list in class value
 * order, each class once, as checkpolicy's read_classes() gathers them (type
 * rules reverse it); "~" complements against all classes. */
int lower_class_list(struct lower *lw, const struct src_set *set, class_perm_node_t **out);
/* Fill each class's permission mask from a permission set ("*", "~{...}",
 * names). A name that one of the classes lacks is an error, as in
 * checkpolicy. */
int lower_perm_masks(struct lower *lw, const struct src_set *perms, class_perm_node_t *classes);

/* MLS pieces. Levels and ranges in rules stay semantic (resolved at
 * expand); contexts of ocontexts and users' defaults become concrete. */
int lower_semantic_level(struct lower *lw, const struct src_level *lv, mls_semantic_level_t *out);
int lower_semantic_range(struct lower *lw, const struct src_range *r, mls_semantic_range_t *out);
int lower_level(struct lower *lw, const struct src_level *lv, mls_level_t *out);
int lower_range(struct lower *lw, const struct src_range *r, mls_range_t *out);
/* A full security context; checks the role may have the type and the
 * user the role, and the range when the policy is MLS (error when MLS
 * and absent, warning-and-ignore when not MLS and given, as checkpolicy). */
int lower_context(struct lower *lw, const struct src_context *c, context_struct_t *out);

/* Record the user's file and line on an avrule, for neverallow reports. */
int lower_set_origin(struct lower *lw, avrule_t *rule, const struct src_loc *loc);

/*
 * Statement lowering, pass 2. Each returns 0 or POL_EINVAL (already
 * reported). Rule kinds append to lw->decl, or to *dest when the rule sits
 * in a conditional branch.
 */
int lower_avrule(struct lower *lw, const struct src_stmt *s, avrule_t **dest);
int lower_xpermrule(struct lower *lw, const struct src_stmt *s, avrule_t **dest);
int lower_typerule(struct lower *lw, const struct src_stmt *s, avrule_t **dest);
int lower_if(struct lower *lw, const struct src_stmt *s);
int lower_range_transition(struct lower *lw, const struct src_stmt *s);
int lower_role_allow(struct lower *lw, const struct src_stmt *s);
int lower_role_transition(struct lower *lw, const struct src_stmt *s);
int lower_constraint(struct lower *lw, const struct src_stmt *s); /* constrain, validatetrans */
int lower_default(struct lower *lw, const struct src_stmt *s);
/* sid ctx, fs_use, genfscon, portcon, ... Pass 1 has created the OCON_ISID
 * entries of every "sid NAME" (name in u.name, sid[0] numbered from 1 in
 * declaration order, the list head being the last declared, as checkpolicy
 * prepends them): "sid NAME CONTEXT" finds its entry by name and fills
 * context[0]. */
int lower_ocontext(struct lower *lw, const struct src_stmt *s);
int lower_policycap(struct lower *lw, const struct src_stmt *s);

/* ---- back end ------------------------------------------------------ */

/* libsepol's messages become diagnostics through backend.h's handles,
 * made by pdb/sepol.c like every other area's. */

#endif
