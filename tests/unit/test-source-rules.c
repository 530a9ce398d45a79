/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the rule lowering (libpolicy/source/lower-avrule.c,
 * lower-cond.c, lower-role.c, lower-constraint.c, lower-ocontext.c): small
 * policies go through the parser and the lowering, and the tests look at
 * the libsepol structures produced, and at where errors are reported.
 */
#include "source/internal.h"

#include <sepol/policydb/polcaps.h>
#include <sepol/policydb/services.h>

#include <netinet/in.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util.h"

/* Everything a policy.conf needs before its rules, in checkpolicy's order.
 * Line numbers of the snippets below start at PREFIX_LINES + 1. */
static const char prefix_head[] = "class process\nclass file\nclass dir\nclass lnk_file\n"
				  "sid kernel\nsid unlabeled\n"
				  "common file { ioctl read write getattr }\n"
				  "class process { transition signal }\n"
				  "class file inherits file { execute }\n"
				  "class dir inherits file { search }\n"
				  "class lnk_file inherits file\n";
static const char prefix_mls[] = "sensitivity s0;\nsensitivity s1;\ndominance { s0 s1 }\n"
				 "category c0;\ncategory c1;\nlevel s0:c0.c1;\nlevel s1:c0.c1;\n";
static const char prefix_te[] =
    "type ta;\ntype tb;\ntype tc;\nattribute a1;\ntypeattribute ta a1;\n"
    "bool b1 true;\nbool b2 false;\ntunable tu1 true;\ntunable tu2 false;\n"
    "role ra;\nrole rb;\nrole ra types { ta tb tc };\nrole rb types { ta tb tc };\n";

struct build {
	struct pol_source *src;
	struct pol_source_module *mod;
	struct pol_err err;
	char text[8192];
	unsigned int first_line;    /* line of the rules' first line */
	unsigned int defaults_line; /* line of the defaults' first line */
	int rc;
};

static unsigned int count_lines(const char *s)
{
	unsigned int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/*
 * Compile: prefix, then rules (TE/RBAC statements), then users, then tail
 * (constraints, contexts). Returns the lowering's status; b->mod is set on
 * success.
 */
static int compile_opts(struct build *b, const struct pol_source_options *o, const char *defaults,
			const char *rules, const char *tail)
{
	struct pol_source_options opts = *o;
	bool mls = o->mls;
	const char *users = mls ? "user ua roles { object_r ra rb } level s0 range s0 - s1:c0.c1;\n"
				: "user ua roles { object_r ra rb };\n";

	memset(b, 0, sizeof(*b));
	pol_err_init(&b->err);
	snprintf(b->text, sizeof(b->text), "%s", prefix_head);
	b->defaults_line = count_lines(b->text) + 1;
	snprintf(b->text + strlen(b->text), sizeof(b->text) - strlen(b->text), "%s%s%s", defaults,
		 mls ? prefix_mls : "", prefix_te);
	b->first_line = count_lines(b->text) + 1;
	if (!tail)
		tail = "";
	/* checkpolicy's grammar wants at least one initial SID context */
	snprintf(b->text + strlen(b->text), sizeof(b->text) - strlen(b->text), "%s%s%s%s", rules,
		 users, tail,
		 strstr(tail, "sid ") ? ""
		 : mls		      ? "sid kernel ua:object_r:ta:s0\n"
				      : "sid kernel ua:object_r:ta\n");
	b->rc = pol_source_new(&b->src, &b->err);
	if (b->rc == 0)
		b->rc = pol_source_parse_data(b->src, "t.conf", b->text, strlen(b->text), &b->err);
	if (b->rc == 0)
		b->rc = pol_source_lower(b->src, &opts, &b->mod, &b->err);
	if (b->rc != 0)
		test_show_diags(&b->err);
	return b->rc;
}

static int compile_with(struct build *b, bool mls, const char *defaults, const char *rules,
			const char *tail)
{
	struct pol_source_options opts = {.mls = mls};

	return compile_opts(b, &opts, defaults, rules, tail);
}

static int compile(struct build *b, bool mls, const char *rules, const char *tail)
{
	return compile_with(b, mls, "", rules, tail);
}

static void done(struct build *b)
{
	pol_source_module_free(b->mod);
	pol_source_free(b->src);
	pol_err_release(&b->err);
}

static policydb_t *pdb(struct build *b)
{
	return &b->mod->p;
}

static avrule_decl_t *global_decl(struct build *b)
{
	return pdb(b)->global->branch_list;
}

static uint32_t value_of(struct build *b, uint32_t sym, const char *name)
{
	symtab_datum_t *d = hashtab_search(pdb(b)->symtab[sym].table, name);

	return d ? d->value : 0;
}

static uint32_t sens_value(struct build *b, const char *name)
{
	level_datum_t *l = hashtab_search(pdb(b)->p_levels.table, name);

	return l ? l->level->sens : 0;
}

static uint32_t perm_bit(struct build *b, const char *cls, const char *perm)
{
	class_datum_t *c = hashtab_search(pdb(b)->p_classes.table, cls);
	perm_datum_t *p = hashtab_search(c->permissions.table, perm);

	if (!p && c->comdatum)
		p = hashtab_search(c->comdatum->permissions.table, perm);
	return p ? UINT32_C(1) << (p->s.value - 1) : 0;
}

static size_t count_avrules(const avrule_t *r)
{
	size_t n = 0;

	for (; r; r = r->next)
		n++;
	return n;
}

static void test_avrules(void)
{
	struct build b;
	avrule_t *r;

	if (compile(&b, false,
		    "allow ta tb:file { read write };\n"
		    "allow ta self:{ file dir } getattr;\n"
		    "auditallow ta tb:file *;\n"
		    "dontaudit ta tb:file ~read;\n"
		    "neverallow * ~a1:process transition;\n",
		    NULL) != 0) {
		ok(0, "avrules compile");
		done(&b);
		return;
	}
	r = global_decl(&b)->avrules;
	ok(count_avrules(r) == 5, "five avrules in the global decl, in order");
	ok(r->specified == AVRULE_ALLOWED, "allow is AVRULE_ALLOWED");
	ok(ebitmap_get_bit(&r->stypes.types, value_of(&b, SYM_TYPES, "ta") - 1), "source ta");
	ok(ebitmap_get_bit(&r->ttypes.types, value_of(&b, SYM_TYPES, "tb") - 1), "target tb");
	ok(r->perms && r->perms->tclass == value_of(&b, SYM_CLASSES, "file") && !r->perms->next,
	   "one class, file");
	ok(r->perms->data == (perm_bit(&b, "file", "read") | perm_bit(&b, "file", "write")),
	   "read|write mask");
	ok(r->source_filename && strcmp(r->source_filename, "t.conf") == 0 &&
	       r->source_line == b.first_line,
	   "rule carries its file and line");
	r = r->next;
	ok(r->flags & RULE_SELF, "self sets RULE_SELF");
	ok(r->perms && r->perms->next, "two classes");
	r = r->next;
	ok(r->specified == AVRULE_AUDITALLOW && r->perms->data == ~UINT32_C(0),
	   "auditallow with * has every bit");
	r = r->next;
	ok(r->specified == AVRULE_DONTAUDIT &&
	       r->perms->data == (uint32_t)~perm_bit(&b, "file", "read"),
	   "dontaudit ~read stores the complement");
	r = r->next;
	ok(r->specified == AVRULE_NEVERALLOW && (r->stypes.flags & TYPE_STAR) &&
	       (r->ttypes.flags & TYPE_COMP),
	   "neverallow keeps * and ~ as type set flags");
	done(&b);

	compile(&b, false, "allow * tb:file read;\n", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 7, "'*'"),
	   "'*' in allow is an error at its column");
	done(&b);
}

static void test_xperms(void)
{
	struct build b;
	avrule_t *r;

	if (compile(&b, false,
		    "allowxperm ta tb:file ioctl { 0x8910-0x8a05 0x1 };\n"
		    "allowxperm ta tb:file ioctl { 0x8900-0x8aff };\n"
		    "allowxperm ta tb:file ioctl ~{ 0x0-0xfeff };\n",
		    NULL) != 0) {
		ok(0, "xperm rules compile");
		done(&b);
		return;
	}
	r = global_decl(&b)->avrules;
	ok(count_avrules(r) == 5, "3 + 1 + 1 rules from three statements");
	ok(r->specified == AVRULE_XPERMS_ALLOWED && r->xperms &&
	       r->xperms->specified == AVRULE_XPERMS_IOCTLFUNCTION && r->xperms->driver == 0x00 &&
	       r->xperms->perms[0] == 0x2,
	   "driver 0x00: function 0x01");
	ok(r->perms->data == perm_bit(&b, "file", "ioctl"), "the rule grants the ioctl permission");
	r = r->next;
	ok(r->xperms->driver == 0x89 && r->xperms->perms[0] == 0xffff0000 &&
	       r->xperms->perms[7] == 0xffffffff,
	   "driver 0x89: functions 0x10-0xff");
	r = r->next;
	ok(r->xperms->driver == 0x8a && r->xperms->perms[0] == 0x3f && r->xperms->perms[1] == 0,
	   "driver 0x8a: functions 0x00-0x05");
	r = r->next;
	ok(r->xperms->specified == AVRULE_XPERMS_IOCTLDRIVER &&
	       r->xperms->perms[4] == ((UINT32_C(1) << 9) | (UINT32_C(1) << 10)),
	   "whole drivers 0x89 and 0x8a: one driver rule");
	r = r->next;
	ok(r->xperms->specified == AVRULE_XPERMS_IOCTLDRIVER && r->xperms->perms[7] == UINT32_C(1)
											   << 31,
	   "~{ 0x0-0xfeff } is driver 0xff");
	done(&b);

	compile(&b, false, "allowxperm ta tb:file ioctl { 0x20-0x10 };\n", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 0, "backwards"),
	   "a reversed ioctl range is an error");
	done(&b);
}

static void test_typerules(void)
{
	struct build b;
	avrule_t *r;
	filename_trans_rule_t *f;

	if (compile(&b, false,
		    "type_transition ta tb:process tc;\n"
		    "type_change ta tb:{ file dir } tc;\n"
		    "type_transition ta tb:{ file dir } tc \"name\";\n",
		    NULL) != 0) {
		ok(0, "type rules compile");
		done(&b);
		return;
	}
	r = global_decl(&b)->avrules;
	ok(count_avrules(r) == 2, "two type rules");
	ok(r->specified == AVRULE_TRANSITION && r->perms->data == value_of(&b, SYM_TYPES, "tc"),
	   "type_transition: the new type's value as data");
	r = r->next;
	ok(r->specified == AVRULE_CHANGE && r->perms->next &&
	       r->perms->next->data == value_of(&b, SYM_TYPES, "tc"),
	   "type_change over two classes");
	f = global_decl(&b)->filename_trans_rules;
	ok(f && f->next && !f->next->next, "one filename rule per class");
	ok(f && strcmp(f->name, "name") == 0 && f->otype == value_of(&b, SYM_TYPES, "tc"),
	   "filename rule: name and new type");
	done(&b);

	compile(&b, false, "type_transition ta tb:process a1;\n", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 31, "attribute"),
	   "an attribute as the new type is an error at its column");
	done(&b);

	compile(&b, false,
		"type_transition ta tb:file tc \"n\";\ntype_transition ta tb:file tc \"n\";\n",
		NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 1, "duplicate"),
	   "a repeated filename transition is an error");
	done(&b);
}

static size_t count_conds(const cond_list_t *c)
{
	size_t n = 0;

	for (; c; c = c->next)
		n++;
	return n;
}

static void test_conditionals(void)
{
	struct build b;
	cond_list_t *c;

	if (compile(&b, false,
		    "if (b1) { allow ta tb:file read; } else { allow ta tb:file write; }\n"
		    "if (b1) { allow ta tc:file read; allow ta tc:file write; }\n"
		    "if (!b1) { allow tb tc:file read; }\n"
		    "if (b1 && b2) { allow tb tc:file getattr; }\n"
		    "if (tu1) { allow tc tc:file read; }\n",
		    NULL) != 0) {
		ok(0, "conditionals compile");
		done(&b);
		return;
	}
	c = global_decl(&b)->cond_list;
	ok(count_conds(c) == 3, "equal expressions share a node: three nodes for five ifs");
	for (; c; c = c->next) {
		if (c->nbools == 1 && c->bool_ids[0] == value_of(&b, SYM_BOOLS, "b1")) {
			ok(count_avrules(c->avtrue_list) == 3, "b1: three rules when true");
			ok(count_avrules(c->avfalse_list) == 2,
			   "b1: two rules when false (else, and !b1 swapped)");
			ok(c->expr && c->expr->expr_type == COND_BOOL && !c->expr->next,
			   "b1: the expression is the boolean alone");
			ok(!(c->flags & COND_NODE_FLAGS_TUNABLE), "b1: not a tunable");
		} else if (c->nbools == 2) {
			ok(c->expr && c->expr->next && c->expr->next->next &&
			       c->expr->next->next->expr_type == COND_AND,
			   "b1 && b2 in postfix");
		} else {
			ok(c->flags & COND_NODE_FLAGS_TUNABLE, "tu1: a tunable node");
		}
	}
	done(&b);

	compile(&b, false, "if (b1 || tu1) { allow ta tb:file read; }\n", NULL);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 0, "tunables and booleans"),
	   "mixing tunables and booleans is an error");
	done(&b);

	compile(&b, false, "if (b1) {\nneverallow ta tb:file read;\n}\n", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 1,
				      "not allowed in a conditional"),
	   "neverallow inside a conditional is an error at the rule");
	done(&b);
}

static void test_roles(void)
{
	struct build b;
	avrule_decl_t *d;

	if (compile(&b, false,
		    "allow ra rb;\nrole_transition ra tb rb;\n"
		    "role_transition ra tb:file rb;\n",
		    NULL) != 0) {
		ok(0, "role rules compile");
		done(&b);
		return;
	}
	d = global_decl(&b);
	ok(d->role_allow_rules &&
	       ebitmap_get_bit(&d->role_allow_rules->roles.roles,
			       value_of(&b, SYM_ROLES, "ra") - 1) &&
	       ebitmap_get_bit(&d->role_allow_rules->new_roles.roles,
			       value_of(&b, SYM_ROLES, "rb") - 1),
	   "role allow ra -> rb");
	ok(d->role_tr_rules && d->role_tr_rules->next &&
	       ebitmap_get_bit(&d->role_tr_rules->next->classes,
			       value_of(&b, SYM_CLASSES, "process") - 1) &&
	       ebitmap_get_bit(&d->role_tr_rules->classes, value_of(&b, SYM_CLASSES, "file") - 1),
	   "role_transition defaults to process (rules are prepended)");
	done(&b);

	compile(&b, false, "role_transition ra tb rb;\nrole_transition ra tb ra;\n", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 1, "duplicate"),
	   "a second role_transition for the same triple is an error");
	done(&b);

	compile(&b, false, "range_transition ta tb s0;\n", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 1, "not MLS"),
	   "range_transition needs an MLS policy");
	done(&b);

	if (compile(&b, true, "range_transition ta tb:file s0 - s1:c0;\n", NULL) == 0) {
		range_trans_rule_t *rt = global_decl(&b)->range_tr_rules;

		ok(rt && ebitmap_get_bit(&rt->tclasses, value_of(&b, SYM_CLASSES, "file") - 1) &&
		       rt->trange.level[1].sens == sens_value(&b, "s1"),
		   "range_transition in an MLS policy");
	} else {
		ok(0, "range_transition in an MLS policy");
	}
	done(&b);
}

static void test_constraints(void)
{
	struct build b;
	class_datum_t *file;
	constraint_expr_t *e;

	if (compile_with(&b, false,
			 "default_user file source;\ndefault_type { file dir } target;\n", "",
			 "constrain file { read write } (u1 == u2 and t1 == a1);\n"
			 "constrain { file dir } ~read (r1 == r2 or not t2 != { ta tb });\n"
			 "validatetrans file (u1 == u2 or t3 == ta);\n") != 0) {
		ok(0, "constraints compile");
		done(&b);
		return;
	}
	file = hashtab_search(pdb(&b)->p_classes.table, "file");
	ok(file->constraints && file->constraints->next && !file->constraints->next->next,
	   "two constraints on file");
	e = file->constraints->next->expr; /* prepended: the first is last */
	ok(e && e->expr_type == CEXPR_ATTR && e->attr == CEXPR_USER && e->op == CEXPR_EQ,
	   "u1 == u2 first");
	ok(e && e->next && e->next->expr_type == CEXPR_NAMES && e->next->attr == CEXPR_TYPE &&
	       ebitmap_get_bit(&e->next->type_names->types, value_of(&b, SYM_TYPES, "a1") - 1),
	   "ta == a1: a type set");
	ok(e && e->next && e->next->next && e->next->next->expr_type == CEXPR_AND &&
	       !e->next->next->next,
	   "and last");
	ok(file->constraints->next->permissions ==
	       (perm_bit(&b, "file", "read") | perm_bit(&b, "file", "write")),
	   "permissions read|write");
	ok(file->constraints->permissions ==
	       ((UINT32_C(1) << file->permissions.nprim) - 1 - perm_bit(&b, "file", "read")),
	   "~read: the class's other permissions only");
	ok(file->validatetrans &&
	       file->validatetrans->expr->next->attr == (CEXPR_TYPE | CEXPR_XTARGET),
	   "validatetrans t3: CEXPR_XTARGET");
	ok(file->default_user == DEFAULT_SOURCE && file->default_type == DEFAULT_TARGET,
	   "default_user and default_type");
	done(&b);

	compile(&b, false, "", "constrain file read (t3 == ta);\n");
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 0, "validatetrans"),
	   "t3 outside validatetrans is an error");
	done(&b);
	compile(&b, false, "", "constrain file read (l1 dom l2);\n");
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 0, "mlsconstrain"),
	   "levels in constrain are an error");
	done(&b);
	compile(&b, false, "", "constrain file read (t1 dom t2);\n");
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 0, "dom"),
	   "dom between types is an error");
	done(&b);
	compile_with(&b, false, "default_user file source;\ndefault_user file target;\n", "", NULL);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.defaults_line + 1, 1, "conflicting"),
	   "a conflicting default is an error");
	done(&b);
	if (compile(&b, true, "", "mlsconstrain file read (l1 domby h2);\n") == 0) {
		file = hashtab_search(pdb(&b)->p_classes.table, "file");
		ok(file->constraints && file->constraints->expr->attr == CEXPR_L1H2 &&
		       file->constraints->expr->op == CEXPR_DOMBY,
		   "mlsconstrain l1 domby h2");
	} else {
		ok(0, "mlsconstrain l1 domby h2");
	}
	done(&b);
}

static void test_ocontexts(void)
{
	static const char ctx[] = "ua:object_r:ta";
	struct build b;
	char tail[2048];
	ocontext_t *c;
	genfs_t *g;

	snprintf(tail, sizeof(tail),
		 "sid kernel %s\n"
		 "fscon 2 3 %s ua:object_r:tb\nfscon 0x10 0377 %s %s\n"
		 "fs_use_xattr ext4 %s;\n"
		 "genfscon proc / %s\ngenfscon proc /sys/kernel %s\ngenfscon proc /sys -d %s\n"
		 "genfscon bpf / %s\n"
		 "portcon tcp 80 %s\nportcon tcp 1-1023 %s\nportcon udp 80 %s\n"
		 "netifcon lo %s %s\n"
		 "nodecon 10.0.0.0 255.0.0.0 %s\nnodecon 10.1.0.0 255.255.0.0 %s\n"
		 "nodecon ::1 ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff %s\n",
		 ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx, ctx,
		 ctx);
	if (compile(&b, false, "policycap network_peer_controls;\n", tail) != 0) {
		ok(0, "ocontexts compile");
		done(&b);
		return;
	}
	for (c = pdb(&b)->ocontexts[OCON_ISID]; c; c = c->next)
		if (strcmp(c->u.name, "kernel") == 0)
			break;
	ok(c && c->context[0].user == value_of(&b, SYM_USERS, "ua") &&
	       c->context[0].type == value_of(&b, SYM_TYPES, "ta"),
	   "sid kernel has its context");
	c = pdb(&b)->ocontexts[OCON_FS];
	ok(c && strcmp(c->u.name, "10:ff") == 0 && c->next &&
	       strcmp(c->next->u.name, "02:03") == 0 && !c->next->next &&
	       c->next->context[0].type == value_of(&b, SYM_TYPES, "ta") &&
	       c->next->context[1].type == value_of(&b, SYM_TYPES, "tb"),
	   "fscon named major:minor in hex, with both contexts, the last written first");
	c = pdb(&b)->ocontexts[OCON_FSUSE];
	ok(c && c->v.behavior == SECURITY_FS_USE_XATTR && strcmp(c->u.name, "ext4") == 0,
	   "fs_use_xattr");
	g = pdb(&b)->genfs;
	ok(g && strcmp(g->fstype, "bpf") == 0 && g->next && strcmp(g->next->fstype, "proc") == 0,
	   "genfs sorted by file system");
	c = g && g->next ? g->next->head : NULL;
	ok(c && strcmp(c->u.name, "/sys/kernel") == 0 && c->next &&
	       strcmp(c->next->u.name, "/sys") == 0 &&
	       c->next->v.sclass == value_of(&b, SYM_CLASSES, "dir") && c->next->next &&
	       strcmp(c->next->next->u.name, "/") == 0,
	   "genfscon paths longest first, with -d as the dir class");
	c = pdb(&b)->ocontexts[OCON_PORT];
	ok(c && c->u.port.low_port == 80 && c->next && c->next->u.port.high_port == 1023 &&
	       c->next->next && c->next->next->u.port.protocol == IPPROTO_UDP,
	   "portcon in the order written");
	c = pdb(&b)->ocontexts[OCON_NETIF];
	ok(c && strcmp(c->u.name, "lo") == 0 && c->context[1].user, "netifcon has two contexts");
	c = pdb(&b)->ocontexts[OCON_NODE];
	ok(c && c->u.node.mask == htonl(0xffff0000) && c->next &&
	       c->next->u.node.mask == htonl(0xff000000),
	   "nodecon: the more specific mask first");
	ok(pdb(&b)->ocontexts[OCON_NODE6] != NULL, "ipv6 nodecon");
	ok(ebitmap_get_bit(&pdb(&b)->policycaps, POLICYDB_CAP_NETPEER), "policycap sets its bit");
	done(&b);

	snprintf(tail, sizeof(tail), "sid kernel %s\nportcon tcp 1-1023 %s\nportcon tcp 80 %s\n",
		 ctx, ctx, ctx);
	compile(&b, false, "", tail);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 3, 1, "hidden"),
	   "a port hidden by an earlier range is an error");
	done(&b);
	snprintf(tail, sizeof(tail), "sid kernel %s\nfscon 2 3 %s %s\nfscon 02 0x3 %s %s\n", ctx,
		 ctx, ctx, ctx, ctx);
	compile(&b, false, "", tail);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 3, 1,
				      "duplicate fscon for file system 02:03"),
	   "two fscon for the same numbers are an error");
	done(&b);
	compile(&b, false, "optional { fscon 2 3 ua:object_r:ta ua:object_r:ta }\n", NULL);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 12, "not allowed in an optional"),
	   "fscon in an optional block is an error");
	done(&b);
	if (compile(&b, true, "",
		    "sid kernel ua:object_r:ta:s0\n"
		    "fscon 1 2 ua:object_r:ta:s0 ua:object_r:tb:s0 - s1:c1\n") == 0) {
		c = pdb(&b)->ocontexts[OCON_FS];
		ok(c && c->context[0].range.level[1].sens == 1 &&
		       c->context[1].range.level[1].sens == 2 &&
		       ebitmap_get_bit(&c->context[1].range.level[1].cat, 1),
		   "MLS fscon has both ranges");
	} else {
		ok(0, "MLS fscon has both ranges");
	}
	done(&b);
	compile(&b, true, "",
		"sid kernel ua:object_r:ta:s0\nfscon 1 2 ua:object_r:ta:s0 ua:object_r:tb\n");
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 2, 29, "no MLS range"),
	   "an MLS fscon context without a range is an error");
	done(&b);
	snprintf(tail, sizeof(tail), "sid kernel %s\nsid kernel %s\n", ctx, ctx);
	compile(&b, false, "", tail);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 2, 5, "already"),
	   "a second context for a SID is an error");
	done(&b);
	snprintf(tail, sizeof(tail), "sid kernal %s\n", ctx);
	compile(&b, false, "", tail);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 1, 5, "not declared") &&
	       test_has_diag(&b.err, POL_SEV_NOTE, b.first_line + 1, 5, "'kernel'"),
	   "an undeclared SID is an error with a suggestion");
	done(&b);
	compile(&b, false, "policycap network_peer_control;\n", NULL);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, b.first_line, 11,
			     "unknown policy capability") &&
	       test_has_diag(&b.err, POL_SEV_NOTE, b.first_line, 11, "network_peer_controls"),
	   "an unknown capability is an error with a suggestion");
	done(&b);
}

static void test_xen(void)
{
	static const char ctx[] = "ua:object_r:ta";
	struct pol_source_options xen = {.target = POL_SOURCE_TARGET_XEN, .version = 30};
	struct build b;
	char tail[1024];
	ocontext_t *c;

	snprintf(tail, sizeof(tail),
		 "sid kernel %s\npirqcon 7 %s\npirqcon 3 %s\niomemcon 0x10-0x1f %s\n"
		 "ioportcon 0x60 %s\npcidevicecon 0x800 %s\ndevicetreecon \"/dev/a\" %s\n",
		 ctx, ctx, ctx, ctx, ctx, ctx, ctx);
	if (compile_opts(&b, &xen, "", "", tail) != 0) {
		ok(0, "xen contexts compile");
		done(&b);
		return;
	}
	c = pdb(&b)->ocontexts[OCON_XEN_PIRQ];
	ok(c && c->u.pirq == 7 && c->next && c->next->u.pirq == 3, "pirqcon in the order written");
	c = pdb(&b)->ocontexts[OCON_XEN_IOMEM];
	ok(c && c->u.iomem.low_iomem == 0x10 && c->u.iomem.high_iomem == 0x1f, "iomemcon range");
	c = pdb(&b)->ocontexts[OCON_XEN_IOPORT];
	ok(c && c->u.ioport.low_ioport == 0x60 && c->u.ioport.high_ioport == 0x60,
	   "ioportcon single port");
	c = pdb(&b)->ocontexts[OCON_XEN_PCIDEVICE];
	ok(c && c->u.device == 0x800, "pcidevicecon");
	c = pdb(&b)->ocontexts[OCON_XEN_DEVICETREE];
	ok(c && strcmp(c->u.name, "/dev/a") == 0, "devicetreecon");
	done(&b);

	snprintf(tail, sizeof(tail), "sid kernel %s\niomemcon 0x10-0x1f %s\niomemcon 0x18 %s\n",
		 ctx, ctx, ctx);
	compile_opts(&b, &xen, "", "", tail);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 3, 1, "overlaps"),
	   "overlapping iomemcon ranges are an error");
	done(&b);
	snprintf(tail, sizeof(tail), "sid kernel %s\npirqcon 7 %s\npirqcon 7 %s\n", ctx, ctx, ctx);
	compile_opts(&b, &xen, "", "", tail);
	ok(b.rc != 0 &&
	       test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 3, 1, "duplicate pirqcon"),
	   "a repeated pirq is an error");
	done(&b);
	snprintf(tail, sizeof(tail), "sid kernel %s\npirqcon 7 %s\n", ctx, ctx);
	compile(&b, false, "", tail);
	ok(b.rc != 0 && test_has_diag(&b.err, POL_SEV_ERROR, b.first_line + 2, 1, "xen"),
	   "pirqcon outside a xen target is an error");
	done(&b);
}

static void test_mls_rules(void)
{
	struct build b;
	class_datum_t *file;

	if (compile_with(&b, true,
			 "default_range file target low-high;\ndefault_range dir glblub;\n", "",
			 "mlsvalidatetrans file (l1 eq l2 or u3 == ua);\n") != 0) {
		ok(0, "MLS defaults and mlsvalidatetrans compile");
		done(&b);
		return;
	}
	file = hashtab_search(pdb(&b)->p_classes.table, "file");
	ok(file->default_range == DEFAULT_TARGET_LOW_HIGH, "default_range target low-high");
	file = hashtab_search(pdb(&b)->p_classes.table, "dir");
	ok(file->default_range == DEFAULT_GLBLUB, "default_range glblub");
	file = hashtab_search(pdb(&b)->p_classes.table, "file");
	ok(file->validatetrans && file->validatetrans->expr->attr == CEXPR_L1L2 &&
	       file->validatetrans->expr->next->attr == (CEXPR_USER | CEXPR_XTARGET),
	   "mlsvalidatetrans: l1 eq l2, u3 names");
	done(&b);

	compile_with(&b, false, "default_range file target low;\n", "", NULL);
	ok(b.rc == 0 &&
	       ((class_datum_t *)hashtab_search(pdb(&b)->p_classes.table, "file"))->default_range ==
		   DEFAULT_TARGET_LOW,
	   "default_range is kept in a policy that is not MLS, as checkpolicy keeps it");
	done(&b);
}

int main(void)
{
	test_avrules();
	test_xperms();
	test_typerules();
	test_conditionals();
	test_roles();
	test_constraints();
	test_ocontexts();
	test_xen();
	test_mls_rules();
	return tap_done();
}
