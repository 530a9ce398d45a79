/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The lowering driver: AST -> libsepol module policydb, as checkpolicy and
 * checkmodule build it. checkpolicy parses twice; we walk the AST four
 * times, each walk visiting optional blocks in the same order:
 *   1. declarations and requirements (and the avrule blocks and decls of
 *      optional blocks);
 *   2. definitions that need those symbols: class permissions, dominance,
 *      levels;
 *   3. associations between declared symbols (aliases, attributes, bounds,
 *      role types, users' roles and levels), which rules and contexts read;
 *   4. rules, conditionals, constraints and contexts (lower-avrule.c etc.).
 * Splitting checkpolicy's passes lets a base policy use a name before the
 * statement that declares or associates it. Symbols get their values in
 * walk 1, in checkpolicy's order, so the binaries compare equal.
 */
#include "source/lower-core.h"

#include <stdlib.h>
#include <string.h>

enum phase { DECLARE = 1, DEFINE, ASSOCIATE, RULES };

__attribute__((format(printf, 4, 0))) static int add_diag(struct lower *lw, enum pol_severity sev,
							  const struct src_loc *loc,
							  const char *fmt, va_list ap)
{
	if (lw->errors < SRC_MAX_ERRORS)
		pol_err_vadd(lw->err, sev, POL_EINVAL, loc ? loc->file : NULL, loc ? loc->line : 0,
			     loc ? loc->col : 0, fmt, ap);
	return POL_EINVAL;
}

int lower_error(struct lower *lw, const struct src_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_diag(lw, POL_SEV_ERROR, loc, fmt, ap);
	va_end(ap);
	lw->errors++;
	return POL_EINVAL;
}

int lower_warning(struct lower *lw, const struct src_loc *loc, const char *fmt, ...)
{
	bool werror = lw->opts && lw->opts->werror;
	va_list ap;

	va_start(ap, fmt);
	add_diag(lw, werror ? POL_SEV_ERROR : POL_SEV_WARNING, loc, fmt, ap);
	va_end(ap);
	if (werror)
		lw->errors++;
	return POL_EINVAL;
}

int lower_nomem(struct lower *lw)
{
	if (lw->errors < SRC_MAX_ERRORS)
		pol_err_set(lw->err, -ENOMEM, "out of memory");
	lw->errors++;
	return -ENOMEM;
}

static bool stopped(const struct lower *lw)
{
	return lw->errors >= SRC_MAX_ERRORS;
}

/* A rules-walk lowering of a statement; 0 or POL_EINVAL (reported). */
typedef int rule_fn(struct lower *lw, const struct src_stmt *s);

/* The rule kinds outside conditionals add to lw->decl. */
static int avrule(struct lower *lw, const struct src_stmt *s)
{
	return lower_avrule(lw, s, NULL);
}

static int xpermrule(struct lower *lw, const struct src_stmt *s)
{
	return lower_xpermrule(lw, s, NULL);
}

static int typerule(struct lower *lw, const struct src_stmt *s)
{
	return lower_typerule(lw, s, NULL);
}

static const char classes[] = "class and common definitions", sids[] = "initial SIDs",
		  mls[] = "sensitivity, dominance, category and level statements",
		  labeling[] = "labeling statements";

/*
 * What the walks do with a statement kind besides lower_declare(),
 * lower_define() and lower_associate(): base_only names the statements
 * that only a base policy's global block may hold (checkpolicy's module and
 * optional-block grammar, avrule_decl, has no place for them), rules
 * lowers it in the rules walk. A kind not listed has neither.
 */
// clang-format off
static const struct stmt_lowering {
	const char *base_only;
	rule_fn *rules;
} lowering[] = {
	/* a base policy's global block only */
	[SRC_CLASS_DECL] = {classes, NULL}, [SRC_COMMON] = {classes, NULL},
	[SRC_CLASS_PERMS] = {classes, NULL},
	[SRC_SID_DECL] = {sids, NULL}, [SRC_SID_CONTEXT] = {sids, lower_ocontext},
	[SRC_DEFAULT] = {"default_user/role/type/range statements", lower_default},
	[SRC_SENSITIVITY] = {mls, NULL}, [SRC_DOMINANCE] = {mls, NULL},
	[SRC_CATEGORY] = {mls, NULL}, [SRC_LEVEL] = {mls, NULL},
	[SRC_CONSTRAIN] = {"constraints", lower_constraint},
	[SRC_VALIDATETRANS] = {"constraints", lower_constraint},
	[SRC_FSCON] = {labeling, lower_ocontext}, [SRC_FS_USE] = {labeling, lower_ocontext},
	[SRC_GENFSCON] = {labeling, lower_ocontext}, [SRC_PORTCON] = {labeling, lower_ocontext},
	[SRC_NETIFCON] = {labeling, lower_ocontext}, [SRC_NODECON] = {labeling, lower_ocontext},
	[SRC_IBPKEYCON] = {labeling, lower_ocontext}, [SRC_IBENDPORTCON] = {labeling, lower_ocontext},
	[SRC_XEN_CONTEXT] = {labeling, lower_ocontext},
	[SRC_POLICYCAP] = {"policy capabilities", lower_policycap},
	/* anywhere */
	[SRC_AVRULE] = {NULL, avrule}, [SRC_XPERMRULE] = {NULL, xpermrule},
	[SRC_TYPERULE] = {NULL, typerule}, [SRC_IF] = {NULL, lower_if},
	[SRC_RANGE_TRANSITION] = {NULL, lower_range_transition},
	[SRC_ROLE_ALLOW] = {NULL, lower_role_allow},
	[SRC_ROLE_TRANSITION] = {NULL, lower_role_transition},
};
// clang-format on

static const struct stmt_lowering *lowering_of(enum src_kind kind)
{
	static const struct stmt_lowering none;

	return (size_t)kind < sizeof(lowering) / sizeof(lowering[0]) ? &lowering[kind] : &none;
}

static int check_placement(struct lower *lw, const struct src_stmt *s)
{
	const char *what = lowering_of(s->kind)->base_only;

	if (s->kind == SRC_MODULE)
		return lower_error(lw, &s->loc, "a module statement must be the first statement");
	if (s->kind == SRC_REQUIRE && !lw->frame->parent && lw->p->policy_type == POLICY_BASE)
		return lower_error(lw, &s->loc,
				   "require blocks belong in modules and optional blocks, not in a "
				   "base policy's global block");
	if (!what)
		return 0;
	if (lw->p->policy_type == POLICY_MOD)
		return lower_error(lw, &s->loc, "%s are not allowed in a module", what);
	if (lw->frame->parent)
		return lower_error(lw, &s->loc, "%s are not allowed in an optional block", what);
	return 0;
}

/* checkpolicy's end_avrule_block() in pass 1: each non-else branch of a
 * module must require something. */
static void check_required(struct lower *lw, const struct src_loc *loc, const char *what)
{
	if (lw->p->policy_type == POLICY_MOD && !lw->frame->in_else && !lw->frame->require_given)
		lower_error(lw, loc, "%s has no require block; a module must say what it uses",
			    what);
}

static void walk(struct lower *lw, const struct src_block *b, enum phase phase);

static int record_decl(struct lower *lw, avrule_decl_t *decl)
{
	avrule_decl_t **d = realloc(lw->decls, (lw->ndecls + 1) * sizeof(*d));

	if (!d)
		return -1;
	lw->decls = d;
	lw->decls[lw->ndecls++] = decl;
	return 0;
}

/* The decl of the next branch in visit order, made in pass 1. */
static avrule_decl_t *next_decl(struct lower *lw, enum phase phase)
{
	avrule_decl_t *decl;

	if (phase != DECLARE)
		return lw->decl_next < lw->ndecls ? lw->decls[lw->decl_next++] : NULL;
	decl = avrule_decl_create(lw->next_decl_id);
	if (!decl)
		return NULL;
	if (record_decl(lw, decl)) {
		avrule_decl_destroy(decl);
		return NULL;
	}
	lw->next_decl_id++;
	return decl;
}

/*
 * At the end of a branch in the rules walk: its decl inherits the
 * requirements of the enclosing blocks (checkpolicy's end_avrule_block).
 * A lean base policy's blocks leave out the global block's: a base's
 * global block requires just the permissions its classes declare, which
 * are always there, and a copy of them in each of refpolicy's 9000
 * blocks weighs 30 MB. Linking, expanding and the CIL are the same.
 */
static int inherit_requirements(struct lower *lw)
{
	struct lower_frame *root = lower_root_frame(lw), *below_root = NULL;
	int r;

	if (!root->own_requirements)
		return lower_copy_requirements(lw);
	for (struct lower_frame *f = lw->frame; f != root; f = f->parent)
		below_root = f;
	if (!below_root)
		return 0;
	below_root->parent = NULL; /* the copy stops below the global block */
	r = lower_copy_requirements(lw);
	below_root->parent = root;
	return r;
}

static void walk_branch(struct lower *lw, const struct src_block *b, enum phase phase,
			const struct src_loc *loc)
{
	walk(lw, b, phase);
	if (phase == DECLARE)
		check_required(lw, loc, "this optional block");
	else if (phase == RULES && inherit_requirements(lw))
		lower_nomem(lw);
}

static void optional(struct lower *lw, const struct src_stmt *s, enum phase phase)
{
	struct lower_frame *root = lower_root_frame(lw);
	struct lower_frame frame = {.parent = lw->frame};
	avrule_block_t *saved_block = lw->block, *block;
	avrule_decl_t *saved_decl = lw->decl, *decl;
	/* the enclosing decl's rule tail stays valid while the block's rules
	 * go to its own decls; restoring it spares lower-avrule.c a walk of
	 * the global rule list (100k rules in refpolicy) after each block */
	avrule_decl_t *saved_tail_decl = lw->avrule_tail_decl;
	avrule_t *saved_tail = lw->avrule_tail;

	if (phase == DECLARE) {
		block = avrule_block_create();
		decl = block ? next_decl(lw, phase) : NULL;
		if (!decl) {
			avrule_block_destroy(block);
			lower_nomem(lw);
			return;
		}
		block->flags |= AVRULE_OPTIONAL;
		block->branch_list = decl;
		root->last_block->next = block;
	} else {
		block = root->last_block->next;
		decl = next_decl(lw, phase);
		if (!block || decl != block->branch_list) {
			lower_error(lw, &s->loc, "internal error: optional blocks out of step");
			return;
		}
	}
	root->last_block = block;
	frame.block = block;
	frame.decl = decl;
	lw->frame = &frame;
	lw->block = block;
	lw->decl = decl;
	walk_branch(lw, &s->u.optional.body, phase, &s->loc);

	if (s->u.optional.has_else && !stopped(lw)) {
		avrule_decl_t *else_decl = next_decl(lw, phase);

		if (!else_decl) {
			lower_nomem(lw);
		} else {
			if (phase == DECLARE)
				decl->next = else_decl;
			frame.decl = else_decl;
			frame.in_else = true;
			frame.require_given = false;
			lw->decl = else_decl;
			walk_branch(lw, &s->u.optional.else_block, phase, &s->loc);
		}
	}
	lw->frame = frame.parent;
	lw->block = saved_block;
	lw->decl = saved_decl;
	lw->avrule_tail_decl = saved_tail_decl;
	lw->avrule_tail = saved_tail;
}

/* Requirements inside if blocks belong to the enclosing block. */
static void if_requires(struct lower *lw, const struct src_block *b, enum phase phase)
{
	for (const struct src_stmt *s = b->first; s && !stopped(lw); s = s->next) {
		if (s->kind != SRC_REQUIRE)
			continue;
		if (phase == DECLARE)
			lower_require(lw, s);
		else
			lower_require_perms(lw, s);
	}
}

static void walk_stmt(struct lower *lw, const struct src_stmt *s, enum phase phase)
{
	rule_fn *rules;

	if (s->kind == SRC_MODULE && s == lower_root_frame(lw)->root->first)
		return;
	if (s->kind == SRC_OPTIONAL) {
		optional(lw, s, phase);
		return;
	}
	switch (phase) {
	case DECLARE:
	case DEFINE:
		if (phase == DECLARE && check_placement(lw, s))
			break;
		if (s->kind == SRC_IF) {
			/* only its requires: the rest waits for the rules walk */
			if_requires(lw, &s->u.cond.then_block, phase);
			if_requires(lw, &s->u.cond.else_block, phase);
		} else if (phase == DECLARE) {
			lower_declare(lw, s);
		} else {
			lower_define(lw, s);
		}
		break;
	case ASSOCIATE:
		lower_associate(lw, s);
		break;
	case RULES:
		rules = lowering_of(s->kind)->rules;
		if (rules)
			rules(lw, s);
		break;
	}
}

static void walk(struct lower *lw, const struct src_block *b, enum phase phase)
{
	for (const struct src_stmt *s = b->first; s && !stopped(lw); s = s->next)
		walk_stmt(lw, s, phase);
}

/* The rules walk of a lean source, one top-level statement at a time as
 * the second parse hands them over. */
static bool walk_streamed(void *data, const struct src_stmt *chain)
{
	struct lower *lw = data;

	for (const struct src_stmt *s = chain; s && !stopped(lw); s = s->next)
		walk_stmt(lw, s, RULES);
	return !stopped(lw);
}

static void walk_rules(struct lower *lw, const struct pol_source *src)
{
	static const struct src_block none;
	int r;

	if (!src->lean) {
		walk(lw, src_unit_block(src->unit), RULES);
		return;
	}
	/* the rules walk needs the declarations no more: their tree goes
	 * before the rules' policydb structures grow */
	src_unit_clear(src->unit);
	lower_root_frame(lw)->root = &none;
	lower_root_frame(lw)->own_requirements = lw->p->policy_type == POLICY_BASE;
	r = src_source_stream(src, walk_streamed, lw);
	if (r == -ENOMEM)
		lower_nomem(lw);
	else if (r < 0 && !lw->errors)
		lower_error(lw, NULL, "the source changed while it was being compiled");
}

/* ---- after the walks ----------------------------------------------- */

struct user_check {
	struct lower *lw;
	const struct src_loc *where;
};

/* A user's default level must lie within its range (checkpolicy leaves
 * this to expansion, which names neither file nor line). */
static int check_user_levels(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	user_datum_t *u = datum;
	struct user_check *c = arg;
	struct src_id id = {.name = key, .loc = *c->where};
	mls_range_t *r = &u->exp_range;

	if (!u->range.level[0].sens)
		return 0;
	if (!mls_level_dom(&r->level[1], &r->level[0]))
		lower_error(c->lw, lower_decl_loc(c->lw, &id, SYM_USERS),
			    "the high level of user '%s' does not dominate its low level",
			    (const char *)key);
	else if (!mls_level_between(&u->exp_dfltlevel, &r->level[0], &r->level[1]))
		lower_error(c->lw, lower_decl_loc(c->lw, &id, SYM_USERS),
			    "the default level of user '%s' is not within its range",
			    (const char *)key);
	return 0;
}

static int index_all(struct lower *lw)
{
	/* not policydb_index_bools(): it leaks the name array that
	 * policydb_index_others(), which also indexes booleans, made */
	if (policydb_index_classes(lw->p) || policydb_index_others(NULL, lw->p, 0))
		return lower_nomem(lw);
	return 0;
}

static int start_policy(struct lower *lw, const struct src_block *root)
{
	const struct pol_source_options *o = lw->opts;
	const struct src_stmt *first = root->first;
	policydb_t *p = lw->p;

	if (policydb_init(p))
		return lower_nomem(lw);
	p->policy_type = POLICY_BASE;
	p->mls = o->mls;
	policydb_set_target_platform(p, o->target == POL_SOURCE_TARGET_XEN ? SEPOL_TARGET_XEN
									   : SEPOL_TARGET_SELINUX);
	switch (o->handle_unknown) {
	case POL_SOURCE_UNKNOWN_DEFAULT:
	case POL_SOURCE_UNKNOWN_DENY:
		p->handle_unknown = SEPOL_DENY_UNKNOWN;
		break;
	case POL_SOURCE_UNKNOWN_REJECT:
		p->handle_unknown = SEPOL_REJECT_UNKNOWN;
		break;
	case POL_SOURCE_UNKNOWN_ALLOW:
		p->handle_unknown = SEPOL_ALLOW_UNKNOWN;
		break;
	}
	if (!first || first->kind != SRC_MODULE)
		return 0;
	p->policy_type = POLICY_MOD;
	p->name = strdup(first->u.module.name.name);
	p->version = strdup(first->u.module.version);
	if (!p->name || !p->version)
		return lower_nomem(lw);
	return 0;
}

static bool is_te_file(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	return n > 3 && strcmp(name + n - 3, ".te") == 0;
}

/*
 * What checkpolicy's grammar requires of a base policy, in its order: a
 * policy.conf cut short (or empty) would otherwise compile into a policy
 * without users or initial SID contexts, which the kernel cannot load.
 * Said at the last statement, the place the file stops.
 */
static int check_base_complete(struct lower *lw, const struct pol_source *src,
			       const struct src_block *root)
{
	static const struct {
		enum src_kind kind, also;
		const char *what;
	} needed[] = {
	    {SRC_CLASS_DECL, SRC_CLASS_DECL, "class declaration ('class NAME')"},
	    {SRC_SID_DECL, SRC_SID_DECL, "initial SID declaration ('sid NAME')"},
	    {SRC_CLASS_PERMS, SRC_COMMON, "access vector ('class NAME { PERMS }')"},
	    {SRC_USER, SRC_USER, "user statement"},
	    {SRC_SID_CONTEXT, SRC_SID_CONTEXT, "initial SID context ('sid NAME CONTEXT')"},
	};
	const char *file = src->ninputs ? src->inputs[src->ninputs - 1].name : NULL;

	if (!root->first) {
		pol_err_add(lw->err, POL_SEV_ERROR, POL_EFORMAT, file, file ? 1 : 0, 0,
			    "the policy is empty: a base policy needs classes, initial SIDs, users "
			    "and their contexts");
		return -1;
	}
	for (size_t i = 0; i < sizeof(needed) / sizeof(needed[0]); i++) {
		bool seen = false;

		for (const struct src_stmt *s = root->first; s && !seen; s = s->next)
			seen = s->kind == needed[i].kind || s->kind == needed[i].also;
		if (!seen && i == 0 && is_te_file(root->first->loc.file)) {
			/* a module source that lost (or never had) its first line */
			const struct src_loc *at = &root->first->loc;

			pol_err_add(lw->err, POL_SEV_ERROR, POL_EFORMAT, at->file, at->line,
				    at->col,
				    "'%s' has no 'module NAME VERSION;' (or policy_module(NAME, "
				    "VERSION)) line: a .te file is a module and starts with one",
				    at->file);
			return -1;
		}
		if (!seen) {
			const struct src_loc *at = &root->last->loc;

			pol_err_add(lw->err, POL_SEV_ERROR, POL_EFORMAT, at->file, at->line, 0,
				    "'%s' ends before any %s: a base policy needs one (is the file "
				    "cut short?)",
				    at->file, needed[i].what);
			return -1;
		}
	}
	return 0;
}

int pol_source_lower(const struct pol_source *src, const struct pol_source_options *opts,
		     struct pol_source_module **out, struct pol_err *err)
{
	static const struct pol_source_options defaults;
	const struct src_block *root = src_unit_block(src->unit);
	struct pol_source_module *mod = calloc(1, sizeof(*mod));
	struct lower lw = {.opts = opts ? opts : &defaults, .err = err, .next_decl_id = 2};
	struct lower_frame frame = {.root = root};
	const struct src_loc *where = root->first ? &root->first->loc : NULL;
	struct user_check uc = {.lw = &lw, .where = where};

	if (!mod)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (src_unit_cleared(src->unit)) {
		free(mod);
		return pol_err_set(err, POL_EINVAL, "a lean source can be lowered only once");
	}
	lw.p = &mod->p;
	if (start_policy(&lw, root))
		goto fail;
	if (lw.p->policy_type != POLICY_MOD && check_base_complete(&lw, src, root))
		goto fail;
	frame.block = lw.block = lw.p->global;
	frame.decl = lw.decl = lw.p->global->branch_list;
	frame.last_block = lw.p->global;
	lw.frame = &frame;

	walk(&lw, root, DECLARE);
	if (lw.p->policy_type == POLICY_MOD && root->first)
		check_required(&lw, &root->first->loc, "this module");
	if (!lw.errors) {
		lw.decl_next = 0;
		frame.last_block = lw.p->global;
		walk(&lw, root, DEFINE);
	}
	lower_mls_unshare(&lw);
	if (lw.errors || lower_mls_finish(&lw, where) || index_all(&lw))
		goto fail;

	lw.decl_next = 0;
	frame.last_block = lw.p->global;
	walk(&lw, root, ASSOCIATE);
	/* role and user caches for context checks, users' expanded levels */
	if (!stopped(&lw) && index_all(&lw))
		goto fail;
	if (lw.p->mls && lw.p->policy_type == POLICY_BASE && !lw.errors)
		hashtab_map(lw.p->p_users.table, check_user_levels, &uc);

	lw.decl_next = 0;
	frame.last_block = lw.p->global;
	walk_rules(&lw, src);
	/* rules add no symbols: the indexes made after pass 2 stay valid */
	if (lw.errors)
		goto fail;
	free(lw.decls);
	*out = mod;
	return 0;
fail:
	free(lw.decls);
	policydb_destroy(&mod->p);
	free(mod);
	return POL_EINVAL;
}
