/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the lowering core (libpolicy/source/lower.c, lower-scope.c,
 * lower-decl.c, lower-assoc.c, lower-set.c, lower-mls.c): declaration-heavy
 * snippets go through the parser and the lowering; the tests look at the
 * module policydb (values, attributes, scopes, avrule blocks and decls) and
 * at the location and wording of errors.
 */
#include "source/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util.h"

/* Classes, SIDs and permissions every base snippet starts with (6 lines). */
#define HEAD                                                                                       \
	"class process\nclass file\nsid kernel\nsid unlabeled\n"                                   \
	"common file { read write }\n"                                                             \
	"class process { fork }\nclass file inherits file { execute }\n"
#define HEAD_LINES 7
#define TAIL_NOMLS "user u roles { object_r r };\nsid kernel u:object_r:t\n"

struct build {
	struct pol_source *src;
	struct pol_source_module *mod;
	struct pol_err err;
	int rc;
};

static int build(struct build *b, bool mls, const char *text)
{
	struct pol_source_options opts = {.mls = mls};

	memset(b, 0, sizeof(*b));
	pol_err_init(&b->err);
	b->rc = pol_source_new(&b->src, &b->err);
	if (b->rc == 0)
		b->rc = pol_source_parse_data(b->src, "t.te", text, strlen(text), &b->err);
	if (b->rc == 0)
		b->rc = pol_source_lower(b->src, &opts, &b->mod, &b->err);
	return b->rc;
}

static void done(struct build *b)
{
	pol_source_module_free(b->mod);
	pol_source_free(b->src);
	pol_err_release(&b->err);
}

/* ok(the build lowered); when it did not, shows why and releases it. */
static bool lowered(struct build *b, const char *what)
{
	ok(b->rc == 0, "%s", what);
	if (b->rc == 0)
		return true;
	test_show_diags(&b->err);
	done(b);
	return false;
}

static policydb_t *pdb(struct build *b)
{
	return &b->mod->p;
}

static void *sym(struct build *b, uint32_t s, const char *name)
{
	return hashtab_search(pdb(b)->symtab[s].table, name);
}

static uint32_t value_of(struct build *b, uint32_t s, const char *name)
{
	symtab_datum_t *d = sym(b, s, name);

	return d ? d->value : 0;
}

static bool in_attr(struct build *b, hashtab_t types, const char *attr, const char *type)
{
	type_datum_t *a = hashtab_search(types, attr);

	return a && ebitmap_get_bit(&a->types, value_of(b, SYM_TYPES, type) - 1);
}

static void test_base_declarations(void)
{
	struct build b;
	type_datum_t *t;
	class_datum_t *file;
	perm_datum_t *perm;
	ocontext_t *sid;
	cond_bool_datum_t *bl;
	role_datum_t *r;
	user_datum_t *u;

	build(&b, false,
	      HEAD "attribute dom_a;\n"
		   "type t, dom_a;\n"
		   "type ty2 alias { t2a t2b };\n"
		   "typealias t alias t_alias;\n"
		   "attribute other;\n"
		   "typeattribute ty2 other, dom_a;\n"
		   "type t.child;\n"
		   "typebounds t ty2;\n"
		   "permissive ty2;\n"
		   "bool b1 true;\ntunable tu false;\n"
		   "role r;\nrole r types { t ty2 };\nrole r;\n"
		   "attribute_role ra;\nroleattribute r ra;\n" TAIL_NOMLS);
	if (!lowered(&b, "a base policy with every declaration lowers"))
		return;
	ok(pdb(&b)->policy_type == POLICY_BASE && !pdb(&b)->mls, "it is a non-MLS base");
	ok(value_of(&b, SYM_CLASSES, "process") == 1 && value_of(&b, SYM_CLASSES, "file") == 2,
	   "classes are numbered in declaration order");
	file = sym(&b, SYM_CLASSES, "file");
	perm = hashtab_search(file->permissions.table, "execute");
	ok(file->comdatum && perm && perm->s.value == 3 && file->permissions.nprim == 3,
	   "a class's own permissions follow its common's");
	ok(ebitmap_get_bit(&pdb(&b)->global->branch_list->required.class_perms_map[1], 2),
	   "class permissions are recorded in the global decl, as checkpolicy does");
	sid = pdb(&b)->ocontexts[OCON_ISID];
	ok(sid && strcmp(sid->u.name, "unlabeled") == 0 && sid->sid[0] == 2 && sid->next &&
	       strcmp(sid->next->u.name, "kernel") == 0 && sid->next->sid[0] == 1,
	   "initial SIDs are numbered in order and prepended");
	ok(sid && sid->next && sid->next->context[0].user == value_of(&b, SYM_USERS, "u"),
	   "the sid context lands in the declared entry");
	ok(value_of(&b, SYM_TYPES, "dom_a") == 1 && value_of(&b, SYM_TYPES, "t") == 2 &&
	       value_of(&b, SYM_TYPES, "ty2") == 3,
	   "types and attributes share one numbering in declaration order");
	t = sym(&b, SYM_TYPES, "t2a");
	ok(t && t->s.value == 3 && !t->primary && t->flavor == TYPE_TYPE,
	   "an alias has its type's value and is not primary");
	t = sym(&b, SYM_TYPES, "t_alias");
	ok(t && t->s.value == 2, "typealias adds an alias");
	ok(in_attr(&b, pdb(&b)->p_types.table, "dom_a", "t"), "'type t, dom_a' puts t in dom_a");
	ok(in_attr(&b, pdb(&b)->p_types.table, "dom_a", "ty2") &&
	       in_attr(&b, pdb(&b)->p_types.table, "other", "ty2"),
	   "typeattribute puts the type in each attribute");
	t = sym(&b, SYM_TYPES, "t.child");
	ok(t && t->bounds == 2, "a dotted type name is bounded by its prefix");
	t = sym(&b, SYM_TYPES, "ty2");
	ok(t && t->bounds == 2, "typebounds records the bound");
	ok(t && (t->flags & TYPE_FLAGS_PERMISSIVE), "permissive marks the type");
	bl = sym(&b, SYM_BOOLS, "b1");
	ok(bl && bl->state == 1 && !(bl->flags & COND_BOOL_FLAGS_TUNABLE),
	   "a boolean keeps its state");
	bl = sym(&b, SYM_BOOLS, "tu");
	ok(bl && bl->state == 0 && (bl->flags & COND_BOOL_FLAGS_TUNABLE), "a tunable is flagged");
	r = sym(&b, SYM_ROLES, "r");
	ok(r && r->s.value == 2 && ebitmap_get_bit(&r->types.types, 1) &&
	       ebitmap_get_bit(&r->types.types, 2) && ebitmap_get_bit(&r->dominates, 1),
	   "a role declared twice keeps one value and gets its types");
	r = sym(&b, SYM_ROLES, "ra");
	ok(r && r->flavor == ROLE_ATTRIB && ebitmap_get_bit(&r->roles, 1),
	   "roleattribute puts the role in the role attribute");
	u = sym(&b, SYM_USERS, "u");
	ok(u && ebitmap_get_bit(&u->roles.roles, 0) && ebitmap_get_bit(&u->roles.roles, 1),
	   "a user gets its roles");
	done(&b);
}

static void test_base_errors(void)
{
	struct build b;
	unsigned int n = 0;

	build(&b, false, HEAD "type t;\ntype tx;\n  type t;\n" TAIL_NOMLS);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 3, 8,
				      "type 't' already declared at t.te:8:6"),
	   "a duplicate type names the first declaration's file, line and column");
	done(&b);

	build(&b, false,
	      HEAD "type type_one;\nattribute a;\ntypeattribute type_on a;\n" TAIL_NOMLS);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 3, 15, "unknown type 'type_on'") &&
	       test_has_diag(&b.err, POL_SEV_NOTE, HEAD_LINES + 3, 15, "did you mean 'type_one'?"),
	   "an unknown type is located and gets a suggestion");
	done(&b);

	build(&b, false, HEAD "type t;\nattribute a;\ntypeattribute a t;\n" TAIL_NOMLS);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 3, 15, "attribute, not a type"),
	   "typeattribute of an attribute is an error");
	done(&b);

	build(&b, false, HEAD "type t;\nsensitivity s0;\n" TAIL_NOMLS);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 2, 1, "non-MLS"),
	   "an MLS statement in a non-MLS build is an error at its line");
	done(&b);

	build(&b, false,
	      HEAD "type t;\nattribute a;\n"
		   "typeattribute t x0;\ntypeattribute t x1;\ntypeattribute t x2;\n"
		   "typeattribute t x3;\ntypeattribute t x4;\ntypeattribute t x5;\n"
		   "typeattribute t x6;\ntypeattribute t x7;\ntypeattribute t x8;\n"
		   "typeattribute t x9;\ntypeattribute t y0;\ntypeattribute t y1;\n"
		   "typeattribute t y2;\ntypeattribute t y3;\ntypeattribute t y4;\n"
		   "typeattribute t y5;\ntypeattribute t y6;\ntypeattribute t y7;\n"
		   "typeattribute t y8;\ntypeattribute t y9;\ntypeattribute t z0;\n"
		   "typeattribute t z1;\ntypeattribute t z2;\n" TAIL_NOMLS);
	for (size_t i = 0; i < b.err.count; i++)
		n += b.err.diags[i].severity == POL_SEV_ERROR;
	ok(b.rc != 0 && n == SRC_MAX_ERRORS, "lowering stops after %d errors (got %u)",
	   SRC_MAX_ERRORS, n);
	done(&b);

	build(&b, false,
	      HEAD
	      "type t;\noptional {\n\ttype inner_t;\n}\nallow inner_t t:file read;\n" TAIL_NOMLS);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 5, 7, "inner_t"),
	   "a type declared in an optional block is not visible outside it");
	done(&b);

	build(&b, false, HEAD "type t;\nrole r types t;\n" TAIL_NOMLS);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 2, 6, "unknown role 'r'"),
	   "role types need a declared role");
	done(&b);
}

/* An optional block with a nested one and an else, after the head. */
#define NESTED_OPTIONALS                                                                           \
	"optional {\n"                                                                             \
	"\trequire { type t; }\n"                                                                  \
	"\ttype opt_t;\n"                                                                          \
	"\ttypeattribute opt_t a;\n"                                                               \
	"\toptional { type deep_t; }\n"                                                            \
	"} else {\n"                                                                               \
	"\tallow t t:file read;\n"                                                                 \
	"}\n" TAIL_NOMLS

static void test_base_optional(void)
{
	struct build b;
	avrule_block_t *blk;
	avrule_decl_t *d;

	build(&b, false, HEAD "type t;\nattribute a;\nrole r types t;\n" NESTED_OPTIONALS);
	/* "role r types t" before "role r;" fails: roles are declared by "role r;" */
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 3, 6, "unknown role 'r'"),
	   "'role r types t' alone does not declare r");
	done(&b);

	build(&b, false, HEAD "type t;\nattribute a;\nrole r;\nrole r types t;\n" NESTED_OPTIONALS);
	if (!lowered(&b, "a base policy with nested optional blocks and an else lowers"))
		return;
	blk = pdb(&b)->global->next;
	d = blk ? blk->branch_list : NULL;
	ok(blk && (blk->flags & AVRULE_OPTIONAL) && d && d->decl_id == 2,
	   "the optional block comes after the global one, its decl numbered 2");
	ok(d && d->next && d->next->decl_id == 4 && d->next->avrules,
	   "the else branch is a second decl of the block, numbered after the nested block");
	ok(blk && blk->next && blk->next->branch_list->decl_id == 3 && !blk->next->next,
	   "the nested optional block follows in the flat block list");
	ok(d && in_attr(&b, d->p_types.table, "a", "opt_t") &&
	       !in_attr(&b, pdb(&b)->p_types.table, "a", "opt_t"),
	   "typeattribute in an optional block goes to the decl's own copy of the attribute");
	ok(d &&
	       ebitmap_get_bit(&d->declared.scope[SYM_TYPES], value_of(&b, SYM_TYPES, "opt_t") - 1),
	   "the decl records what it declares");
	ok(d && ebitmap_get_bit(&d->required.scope[SYM_TYPES], value_of(&b, SYM_TYPES, "t") - 1),
	   "the decl records what it requires");
	done(&b);
}

/* The sets rules are made of. */
static void test_sets(void)
{
	struct build b;
	avrule_t *r;

	build(&b, false,
	      HEAD "type t;\ntype u_t;\nallow t u_t:{ file process } *;\n"
		   "allow t self:~process { read };\nneverallow t ~{ t -u_t }:file ~read;\n"
		   "role r;\n" TAIL_NOMLS);
	if (!lowered(&b, "rules with class sets, '~' and '*' lower"))
		return;
	r = pdb(&b)->global->branch_list->avrules;
	ok(r && r->perms && r->perms->tclass == 1 && r->perms->next &&
	       r->perms->next->tclass == 2 && r->perms->data == ~0u,
	   "classes come in value order, '*' grants every permission");
	r = r ? r->next : NULL;
	ok(r && r->perms && r->perms->tclass == 2 && !r->perms->next && (r->flags & RULE_SELF),
	   "'~process' is every other class; self sets RULE_SELF");
	r = r ? r->next : NULL;
	ok(r && r->ttypes.flags == TYPE_COMP && ebitmap_get_bit(&r->ttypes.negset, 1) &&
	       r->perms->data == ~UINT32_C(1),
	   "'~{ t -u_t }' complements with a negative set, '~read' the permissions");
	done(&b);

	build(&b, false, HEAD "type t;\nallow self t:file read;\n" TAIL_NOMLS);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 2, 7, "'self'"),
	   "'self' among the sources is an error at its column");
	done(&b);

	build(&b, false, HEAD "type t;\nallow t t:file { read reed };\n" TAIL_NOMLS);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 2, 23,
			     "unknown permission 'reed' in class 'file'") &&
	       test_has_diag(&b.err, POL_SEV_NOTE, HEAD_LINES + 2, 23, "did you mean 'read'?"),
	   "an unknown permission is located and gets a suggestion");
	done(&b);
}

/* A base policy may use a name before the statement that declares it. */
static void test_base_order(void)
{
	struct build b;
	class_datum_t *c;
	level_datum_t *l;

	build(&b, true,
	      "class c1 inherits com { p1 }\ncommon com { cp }\nlevel s0:c0;\n"
	      "dominance { s0 }\nsensitivity s0;\ncategory c0;\nclass c1\nsid kernel\n"
	      "typeattribute t a;\nattribute a;\ntype t;\n"
	      "optional { require { class c1 { p1 cp }; } allow t t:c1 { p1 cp }; }\n"
	      "user u roles r level s0 range s0 - s0:c0;\nrole r types t;\nrole r;\n"
	      "sid kernel u:r:t:s0\n");
	if (!lowered(&b,
		     "class permissions, levels, attributes and roles may come before their names"))
		return;
	c = sym(&b, SYM_CLASSES, "c1");
	l = sym(&b, SYM_LEVELS, "s0");
	ok(c && c->comdatum && c->permissions.nprim == 2 && l && l->level->sens == 1 &&
	       ebitmap_get_bit(&l->level->cat, 0),
	   "and get the same values");
	ok(in_attr(&b, pdb(&b)->p_types.table, "a", "t"), "typeattribute before attribute works");
	done(&b);
}

static const char module_head[] = "module m 1.0;\n"
				  "require {\n"
				  "\ttype foo_t;\n"
				  "\tclass file { read write };\n"
				  "\trole system_r;\n"
				  "}\n";

static void test_module(void)
{
	struct build b;
	scope_datum_t *sc;
	class_datum_t *file;
	avrule_decl_t *g, *d;
	char text[1024];

	snprintf(text, sizeof(text), "%s%s", module_head,
		 "type m_t;\n"
		 "attribute_role m_roles;\n"
		 "role system_r types m_t;\n"
		 "allow m_t foo_t:file read;\n"
		 "optional {\n"
		 "\trequire { type bar_t; attribute dom_a; class file { getattr }; }\n"
		 "\ttypeattribute m_t dom_a;\n"
		 "\tallow m_t bar_t:file getattr;\n"
		 "}\n");
	build(&b, false, text);
	if (!lowered(&b, "a module with requirements and an optional block lowers"))
		return;
	ok(pdb(&b)->policy_type == POLICY_MOD && strcmp(pdb(&b)->name, "m") == 0 &&
	       strcmp(pdb(&b)->version, "1.0") == 0,
	   "the module statement names the module");
	g = pdb(&b)->global->branch_list;
	sc = hashtab_search(pdb(&b)->scope[SYM_TYPES].table, "foo_t");
	ok(sc && sc->scope == SCOPE_REQ && sc->decl_ids_len == 1 && sc->decl_ids[0] == 1,
	   "a required type has a SCOPE_REQ scope in the global decl");
	sc = hashtab_search(pdb(&b)->scope[SYM_TYPES].table, "m_t");
	ok(sc && sc->scope == SCOPE_DECL, "a declared type has a SCOPE_DECL scope");
	file = sym(&b, SYM_CLASSES, "file");
	ok(file && file->permissions.nprim == 3,
	   "required permissions are added to the module's class");
	ok(file && g->required.class_perms_len >= file->s.value &&
	       ebitmap_get_bit(&g->required.class_perms_map[file->s.value - 1], 0) &&
	       ebitmap_get_bit(&g->required.class_perms_map[file->s.value - 1], 1) &&
	       !ebitmap_get_bit(&g->required.class_perms_map[file->s.value - 1], 2),
	   "the global decl requires read and write but not getattr");
	d = pdb(&b)->global->next ? pdb(&b)->global->next->branch_list : NULL;
	ok(d && ebitmap_get_bit(&d->required.class_perms_map[file->s.value - 1], 2) &&
	       ebitmap_get_bit(&d->required.class_perms_map[file->s.value - 1], 0),
	   "the optional decl requires getattr and inherits read from the global decl");
	ok(d &&
	       ebitmap_get_bit(&d->required.scope[SYM_TYPES], value_of(&b, SYM_TYPES, "foo_t") - 1),
	   "the optional decl inherits its enclosing block's required types");
	ok(d && in_attr(&b, d->p_types.table, "dom_a", "m_t"),
	   "a required attribute gets members in the optional decl");
	ok(in_attr(&b, pdb(&b)->p_types.table, "dom_a", "m_t") == false,
	   "and not in the global symbol table");
	ok(ebitmap_get_bit(&((role_datum_t *)sym(&b, SYM_ROLES, "system_r"))->types.types,
			   value_of(&b, SYM_TYPES, "m_t") - 1),
	   "role types of a required role are recorded in the global block");
	done(&b);

	/* Modules that are refused, and where: text after module_head (the
	 * whole module when head is false). */
	static const struct {
		bool head;
		const char *text;
		enum pol_severity sev;
		unsigned int line, col;
		const char *diag, *what;
	} bad[] = {
	    {true, "allow foo_t bar_t:file read;\n", POL_SEV_ERROR, 7, 13,
	     "type 'bar_t' is not declared or required in this module",
	     "a name used without require is reported at its line and column"},
	    {true, "require { type httpd_cache_file_t; }\nallow foo_t httpd_cache_t:file read;\n",
	     POL_SEV_NOTE, 8, 13, "did you mean 'httpd_cache_file_t'?",
	     "a name one word short of a required one is suggested"},
	    {true, "optional {\n\trequire { type bar_t; }\n}\nallow foo_t bar_t:file read;\n",
	     POL_SEV_ERROR, 10, 13, "bar_t",
	     "a type required by an optional block is not usable outside it"},
	    {true, "allow foo_t foo_t:file getattr;\n", POL_SEV_ERROR, 7, 24, "getattr",
	     "a permission the module does not require is an error"},
	    {false, "module m 1.0;\ntype t;\n", POL_SEV_ERROR, 1, 1, "no require",
	     "a module must require something, as checkmodule says"},
	    {true, "optional {\n\ttype x_t;\n}\n", POL_SEV_ERROR, 7, 1, "no require",
	     "so must each optional block of a module"},
	    {true, "optional {\n\trequire { type y_t; }\n} else {\n\ttype x_t;\n}\n", POL_SEV_ERROR,
	     10, 7, "else", "nothing may be declared in an else branch"},
	    {true, "class foo\n", POL_SEV_ERROR, 7, 1, "not allowed in a module",
	     "a module cannot declare classes"},
	    {true, "type foo_t;\ntype foo_t;\n", POL_SEV_ERROR, 8, 6,
	     "already declared at t.te:7:6", "a required type may be declared once, not twice"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "%s%s", bad[i].head ? module_head : "", bad[i].text);
		build(&b, false, text);
		ok(b.rc != 0 &&
		       test_has_diag(&b.err, bad[i].sev, bad[i].line, bad[i].col, bad[i].diag),
		   "%s", bad[i].what);
		done(&b);
	}
}

#define MLS_HEAD                                                                                   \
	HEAD "sensitivity s0;\nsensitivity s1 alias s_high;\ndominance { s0 s1 }\n"                \
	     "category c0;\ncategory c1 alias cat1;\nlevel s0:c0;\n"
#define MLS_HEAD_LINES (HEAD_LINES + 6)

static void test_mls(void)
{
	struct build b;
	level_datum_t *l, *alias;
	user_datum_t *u;

	build(&b, true,
	      MLS_HEAD "level s1:c0.c1;\ntype t;\nrole r;\nrole r types t;\n"
		       "user u roles r level s0 range s0 - s1:c0,cat1;\n"
		       "sid kernel u:r:t:s0 - s_high:c1\n");
	if (!lowered(&b, "an MLS base lowers"))
		return;
	l = sym(&b, SYM_LEVELS, "s1");
	alias = sym(&b, SYM_LEVELS, "s_high");
	ok(l && l->level->sens == 2 && ebitmap_cardinality(&l->level->cat) == 2 && l->defined,
	   "dominance orders sensitivities; level gives their categories");
	ok(alias && alias->isalias && alias->level != l->level && alias->level->sens == 2 &&
	       ebitmap_cardinality(&alias->level->cat) == 2,
	   "a sensitivity alias gets its own copy of the level");
	ok(value_of(&b, SYM_CATS, "cat1") == 2, "a category alias has the category's value");
	u = sym(&b, SYM_USERS, "u");
	ok(u && u->dfltlevel.sens == 1 && u->range.level[1].sens == 2 && u->range.level[1].cat &&
	       u->range.level[1].cat->low == 2 && u->range.level[1].cat->next &&
	       u->range.level[1].cat->next->low == 1,
	   "a user's range is semantic, its categories prepended as checkpolicy does");
	ok(pdb(&b)->ocontexts[OCON_ISID]->next->context[0].range.level[1].sens == 2,
	   "a context's range is resolved");
	done(&b);

	build(&b, true,
	      HEAD "sensitivity s0;\nsensitivity s1;\ndominance { s0 s1 }\ncategory c0;\n"
		   "level s0:c0;\ntype t;\nrole r;\nrole r types t;\n"
		   "user u roles r level s0 range s0;\nsid kernel u:r:t:s0\n");
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 2, 13, "'s1' has no level"),
	   "a sensitivity without a level statement is reported where it is declared");
	done(&b);

	build(&b, true,
	      HEAD "sensitivity s0;\nsensitivity s1;\ndominance { s0 }\ncategory c0;\n"
		   "level s0:c0;\nlevel s1:c0;\ntype t;\nrole r;\nrole r types t;\n"
		   "user u roles r level s0 range s0;\nsid kernel u:r:t:s0\n");
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, HEAD_LINES + 3, 1, "1 of 2"),
	   "dominance must list every sensitivity");
	done(&b);

	build(&b, true,
	      MLS_HEAD "level s1:c0.c1;\ntype t;\nrole r;\nrole r types t;\n"
		       "user u roles r level s1 range s0 - s0:c0;\nsid kernel u:r:t:s0\n");
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, MLS_HEAD_LINES + 5, 6, "not within its range"),
	   "a user's default level must lie within its range");
	done(&b);

	build(&b, true,
	      MLS_HEAD "level s1:c0.c1;\ntype t;\nrole r;\nrole r types t;\n"
		       "user u roles r level s0 range s0:c1;\nsid kernel u:r:t:s0\n");
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, MLS_HEAD_LINES + 5, 0,
				      "'c1' is not in the level"),
	   "a user's category must belong to the sensitivity's level");
	done(&b);
}

static char *slurp(FILE *f, size_t *len)
{
	char *buf = NULL;
	size_t n = 0, got;
	char chunk[65536];

	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		char *nb = realloc(buf, n + got);

		if (!nb)
			break;
		buf = nb;
		memcpy(buf + n, chunk, got);
		n += got;
	}
	*len = n;
	return buf;
}

/* policy_minimal.conf through lowering, expansion and the binary writer
 * gives the bytes checkpolicy writes. */
static void test_end_to_end(void)
{
	struct pol_source_options opts = {0};
	struct pol_source *src = NULL;
	struct pol_source_module *mod = NULL;
	struct pol_pdb *kp = NULL;
	struct pol_err err;
	char conf[4200], ref[] = "/tmp/test-source-lower.XXXXXX", cmd[8500];
	char *ours = NULL, *theirs = NULL;
	size_t ours_len = 0, theirs_len = 0;
	FILE *f;
	int fd, rc;

	snprintf(conf, sizeof(conf), "%s/checkpolicy/policy_minimal.conf", test_corpus_dir());
	if (access(conf, R_OK) != 0 || system("checkpolicy -V >/dev/null 2>&1") != 0) {
		printf("# no %s or no checkpolicy\n", conf);
		skip(2, "corpus or checkpolicy absent");
		return;
	}
	pol_err_init(&err);
	rc = pol_source_new(&src, &err);
	if (!rc)
		rc = pol_source_parse_file(src, conf, &err);
	if (!rc)
		rc = pol_source_lower(src, &opts, &mod, &err);
	if (!rc)
		rc = pol_source_module_expand(mod, &opts, &kp, &err);
	f = rc ? NULL : tmpfile();
	if (f && pol_source_kpolicy_write_binary(kp, &opts, f, &err) == 0) {
		rewind(f);
		ours = slurp(f, &ours_len);
	}
	if (f)
		fclose(f);
	ok(ours && ours_len > 0, "policy_minimal.conf compiles through the library");
	fd = mkstemp(ref);
	if (fd >= 0) {
		close(fd);
		snprintf(cmd, sizeof(cmd), "checkpolicy -o '%s' '%s' >/dev/null 2>&1", ref, conf);
		if (system(cmd) == 0 && (f = fopen(ref, "rb"))) {
			theirs = slurp(f, &theirs_len);
			fclose(f);
		}
		unlink(ref);
	}
	ok(ours && theirs && ours_len == theirs_len && memcmp(ours, theirs, ours_len) == 0,
	   "the kernel binary is checkpolicy's, byte for byte (%zu and %zu bytes)", ours_len,
	   theirs_len);
	if (rc)
		pol_err_print(&err, stdout, "#");
	free(ours);
	free(theirs);
	pol_pdb_free(kp);
	pol_source_module_free(mod);
	pol_source_free(src);
	pol_err_release(&err);
}

int main(void)
{
	test_base_declarations();
	test_base_errors();
	test_base_optional();
	test_base_order();
	test_sets();
	test_module();
	test_mls();
	test_end_to_end();
	return tap_done();
}
