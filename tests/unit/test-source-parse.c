/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the policy language parser (libpolicy/source): the AST it
 * builds for each statement kind, locations, diagnostics and recovery. */
#include "source/internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tap.h"
#include "util.h"

struct parsed {
	struct pol_source *src;
	struct pol_err err;
	int rc;
	const struct src_stmt *first;
};

static void parse(struct parsed *ps, const char *text)
{
	pol_err_init(&ps->err);
	if (pol_source_new(&ps->src, &ps->err) < 0)
		abort();
	ps->rc = pol_source_parse_data(ps->src, "t.conf", text, strlen(text), &ps->err);
	ps->first = src_unit_block(ps->src->unit)->first;
}

static void done(struct parsed *ps)
{
	pol_source_free(ps->src);
	pol_err_release(&ps->err);
}

/* The length of text's first line (at most 50), for test names. */
static int first_line(const char *text)
{
	int n = 0;

	while (text[n] && text[n] != '\n' && n < 50)
		n++;
	return n;
}

/* Parse one snippet that must be clean; returns its first statement. */
static const struct src_stmt *parse_ok(struct parsed *ps, const char *text)
{
	parse(ps, text);
	ok(ps->rc == 0 && pol_err_errors(&ps->err) == 0, "parses: %.*s", first_line(text), text);
	for (size_t i = 0; i < ps->err.count; i++)
		printf("#   %u:%u: %s\n", ps->err.diags[i].line, ps->err.diags[i].col,
		       ps->err.diags[i].message);
	return ps->first;
}

static bool loc_is(const struct src_loc *l, const char *file, unsigned line, unsigned col)
{
	bool good = l->file && strcmp(l->file, file) == 0 && l->line == line && l->col == col;

	if (!good)
		printf("#   loc %s:%u:%u, want %s:%u:%u\n", l->file ? l->file : "(null)", l->line,
		       l->col, file, line, col);
	return good;
}

static bool set_is(const struct src_set *s, const char *names, bool star, bool tilde)
{
	char buf[256] = "";

	for (size_t i = 0; i < s->n; i++) {
		if (i)
			strcat(buf, " ");
		if (s->items[i].neg)
			strcat(buf, "-");
		strcat(buf, s->items[i].id.name);
	}
	if (strcmp(buf, names) || s->star != star || s->tilde != tilde) {
		printf("#   set '%s' star=%d tilde=%d, want '%s' %d %d\n", buf, s->star, s->tilde,
		       names, star, tilde);
		return false;
	}
	return true;
}

/* text on one line, for a test name: newlines and other control bytes
 * escaped ("\n", "\x01"), cut after 60 bytes. */
static const char *case_name(const char *text, char buf[80])
{
	size_t n = 0;

	for (; *text && n < 60; text++) {
		if (*text == '\n')
			n += (size_t)snprintf(buf + n, 80 - n, "\\n");
		else if ((unsigned char)*text < 0x20)
			n += (size_t)snprintf(buf + n, 80 - n, "\\x%02x", (unsigned char)*text);
		else
			buf[n++] = *text;
	}
	buf[n] = 0;
	return buf;
}

/* The first diagnostic of text must be an error, "LINE:COL: MESSAGE". */
static void error_is(const char *text, const char *want)
{
	const char *name;
	struct parsed ps;
	char buf[80];

	name = case_name(text, buf);
	parse(&ps, text);
	ok(ps.rc == POL_EFORMAT && ps.err.count > 0, "rejects: %s", name);
	if (ps.err.count) {
		const struct pol_diag *d = &ps.err.diags[0];
		char got[512];

		snprintf(got, sizeof(got), "%u:%u: %s", d->line, d->col, d->message);
		ok(d->severity == POL_SEV_ERROR, "an error, not a warning: %s", name);
		is_str(got, want, "where and what for %s", name);
	}
	done(&ps);
}

static void test_corpus(void)
{
	char dir[4200];
	struct dirent *e;
	int n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/checkpolicy", test_corpus_dir());
	d = opendir(dir);
	if (!d) {
		printf("# corpus not found at %s (set SEKIT_CORPUS)\n", dir);
		skip(1, "corpus absent");
		return;
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char path[8400];
		struct pol_source *src;
		struct pol_err err;
		int rc;

		if (len < 5 || strcmp(e->d_name + len - 5, ".conf"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		pol_err_init(&err);
		pol_source_new(&src, &err);
		rc = pol_source_parse_file(src, path, &err);
		ok(rc == 0 && pol_err_errors(&err) == 0, "corpus %s parses", e->d_name);
		if (rc)
			pol_err_print(&err, stdout, "#");
		ok(src_unit_block(src->unit)->first != NULL, "corpus %s has statements", e->d_name);
		pol_source_free(src);
		pol_err_release(&err);
		n++;
	}
	closedir(d);
	ok(n >= 5, "found the corpus' policy.conf files (%d)", n);
}

static void check_classes(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_CLASS_DECL && !strcmp(s->u.name.name, "file") &&
	       loc_is(&s->loc, "t.conf", 1, 1),
	   "class NAME without ';' is a class declaration");
	s = s->next->next;
	ok(s->kind == SRC_SID_DECL && !strcmp(s->u.name.name, "kernel"), "sid NAME");
	s = s->next;
	ok(s->kind == SRC_COMMON && s->u.perms.nperms == 2 &&
	       !strcmp(s->u.perms.perms[1].name, "write") &&
	       loc_is(&s->u.perms.perms[1].loc, "t.conf", 4, 21),
	   "common with permissions and their locations");
	s = s->next;
	ok(s->kind == SRC_CLASS_PERMS && !strcmp(s->u.perms.inherits.name, "files") &&
	       s->u.perms.nperms == 1,
	   "class inherits common with own permissions");
	s = s->next;
	ok(s->kind == SRC_CLASS_PERMS && s->u.perms.nperms == 0 && s->u.perms.inherits.name,
	   "class inherits common without braces");
	s = s->next;
	ok(s->kind == SRC_CLASS_PERMS && !s->u.perms.inherits.name && s->u.perms.nperms == 1,
	   "class with permissions only");
}

static void check_defaults(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_DEFAULT && s->u.deflt.kind == SRC_DEFAULT_USER &&
	       s->u.deflt.which == SRC_DEFAULT_SOURCE &&
	       set_is(&s->u.deflt.classes, "file dir", 0, 0),
	   "default_user");
	s = s->next;
	ok(s->u.deflt.kind == SRC_DEFAULT_RANGE && s->u.deflt.which == SRC_DEFAULT_TARGET &&
	       s->u.deflt.part == SRC_DEFAULT_LOW_HIGH,
	   "default_range target low-high");
	s = s->next;
	ok(s->u.deflt.which == SRC_DEFAULT_GLBLUB, "default_range glblub");
	s = s->next;
	ok(s->kind == SRC_DEFAULT && s->u.deflt.kind == SRC_DEFAULT_TYPE,
	   "keywords in upper case, as checkpolicy accepts");
}

static void check_mls(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_SENSITIVITY && s->u.decl.naliases == 2 &&
	       !strcmp(s->u.decl.aliases[1].name, "unclassified"),
	   "sensitivity with aliases");
	s = s->next;
	ok(s->kind == SRC_DOMINANCE && s->u.dominance.n == 2 &&
	       !strcmp(s->u.dominance.ids[1].name, "s1"),
	   "dominance list");
	s = s->next->next;
	ok(s->kind == SRC_LEVEL && !strcmp(s->u.level.sens.name, "s0") && s->u.level.ncats == 2,
	   "level with two category items");
	ok(!strcmp(s->u.level.cats[0].lo.name, "c0") &&
	       !strcmp(s->u.level.cats[0].hi.name, "c255") &&
	       loc_is(&s->u.level.cats[0].lo.loc, "t.conf", 4, 10) &&
	       loc_is(&s->u.level.cats[0].hi.loc, "t.conf", 4, 13),
	   "c0.c255 is a category range split at the dot");
	ok(!strcmp(s->u.level.cats[1].lo.name, "c300") && !s->u.level.cats[1].hi.name,
	   "a single category has no high end");
	s = s->next;
	ok(s->kind == SRC_DOMINANCE && s->u.dominance.n == 1, "dominance with one sensitivity");
}

static void check_range_transition(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_RANGE_TRANSITION &&
	       set_is(&s->u.range_transition.classes, "process", 0, 0) &&
	       s->u.range_transition.range.has_high &&
	       !strcmp(s->u.range_transition.range.high.sens.name, "s1") &&
	       s->u.range_transition.range.high.ncats == 2,
	   "range_transition with classes and a range");
	s = s->next;
	ok(s->u.range_transition.classes.n == 0 && !s->u.range_transition.classes.star &&
	       !s->u.range_transition.range.has_high,
	   "range_transition without classes");
}

static void check_users(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_USER && set_is(&s->u.user.roles, "ra rb", 0, 0) && s->u.user.level &&
	       s->u.user.range && s->u.user.range->has_high &&
	       !strcmp(s->u.user.range->high.cats[0].hi.name, "c1023"),
	   "user with level and range");
	ok(!s->next->u.user.level && !s->next->u.user.range, "user without MLS parts");
}

static void check_types(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_TYPE && s->u.decl.naliases == 2 && s->u.decl.nattrs == 2 &&
	       !strcmp(s->u.decl.attrs[1].name, "attr2"),
	   "type with aliases and attributes");
	s = s->next;
	ok(s->kind == SRC_TYPEALIAS && s->u.decl.naliases == 1, "typealias");
	s = s->next->next;
	ok(s->kind == SRC_TYPEATTRIBUTE && s->u.assoc.n == 2, "typeattribute");
	s = s->next;
	ok(s->kind == SRC_TYPEBOUNDS && !strcmp(s->u.assoc.ids[1].name, "c2"), "typebounds");
	s = s->next;
	ok(s->kind == SRC_PERMISSIVE, "permissive");
	s = s->next;
	ok(s->kind == SRC_EXPANDATTRIBUTE && s->u.expand.n == 2 && !s->u.expand.expand,
	   "expandattribute");
	s = s->next;
	ok(s->kind == SRC_BOOL && s->u.boolean.value && !s->u.boolean.tunable, "bool");
	s = s->next;
	ok(s->kind == SRC_BOOL && !s->u.boolean.value && s->u.boolean.tunable, "tunable, FALSE");
	s = s->next;
	ok(s->kind == SRC_POLICYCAP && !strcmp(s->u.name.name, "open_perms"), "policycap");
}

static void check_roles(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_ROLE && s->u.role.has_types && set_is(&s->u.role.types, "ta tb", 0, 0),
	   "role with types");
	s = s->next;
	ok(s->kind == SRC_ROLE && !s->u.role.has_types && s->next->kind == SRC_ROLEATTRIBUTE &&
	       s->next->u.assoc.n == 2 && !strcmp(s->next->u.assoc.name.name, "rr"),
	   "role r, attrs is a role and a roleattribute");
	s = s->next->next->next->next;
	ok(s->kind == SRC_ROLE_ALLOW && set_is(&s->u.role_allow.to, "rr", 0, 0),
	   "allow ROLES ROLES is a role allow rule");
	s = s->next;
	ok(s->kind == SRC_ROLE_TRANSITION &&
	       set_is(&s->u.role_transition.classes, "process", 0, 0) &&
	       !strcmp(s->u.role_transition.new_role.name, "rr"),
	   "role_transition with a class");
	s = s->next;
	ok(s->u.role_transition.classes.n == 0 && set_is(&s->u.role_transition.roles, "r rr", 0, 0),
	   "role_transition without a class");
	s = s->next;
	ok(s->kind == SRC_ROLE_DOMINANCE && s->u.role_dominance.n == 3 &&
	       !strcmp(s->u.role_dominance.dominant[2].name, "c") &&
	       !strcmp(s->u.role_dominance.dominated[2].name, "d"),
	   "role dominance flattened to pairs");
}

static void check_rules(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_AVRULE && s->u.rule.kind.av == SRC_ALLOW &&
	       set_is(&s->u.rule.src, "a -b c", 0, 0) && set_is(&s->u.rule.tgt, "d e", 0, 1) &&
	       set_is(&s->u.rule.classes, "", 1, 0) && set_is(&s->u.rule.perms, "read", 0, 1),
	   "allow with nested, negated, complemented and star sets");
	ok(loc_is(&s->u.rule.tgt.items[1].id.loc, "t.conf", 1, 27), "set item locations");
	s = s->next;
	ok(s->u.rule.kind.av == SRC_NEVERALLOW && set_is(&s->u.rule.src, "a -b", 0, 0) &&
	       set_is(&s->u.rule.tgt, "self", 0, 0),
	   "'a - b' is a set difference");
	s = s->next;
	ok(s->u.rule.kind.av == SRC_DONTAUDIT && loc_is(&s->loc, "t.conf", 3, 1), "dontaudit");
	s = s->next;
	ok(s->kind == SRC_TYPERULE && s->u.rule.kind.type == SRC_TYPE_TRANSITION &&
	       !strcmp(s->u.rule.deflt.name, "c") && s->u.rule.filename &&
	       !strcmp(s->u.rule.filename, "name.txt"),
	   "type_transition with a file name");
	s = s->next;
	ok(s->u.rule.kind.type == SRC_TYPE_MEMBER && !s->u.rule.filename, "type_member");
	s = s->next;
	ok(s->kind == SRC_XPERMRULE && !strcmp(s->u.rule.xperm_kind.name, "ioctl") &&
	       s->u.rule.xperms.n == 3 && s->u.rule.xperms.items[0].lo == 0x8910 &&
	       s->u.rule.xperms.items[0].hi == 0x8920 && s->u.rule.xperms.items[1].lo == 35 &&
	       s->u.rule.xperms.items[2].hi == 1 && !s->u.rule.xperms.tilde,
	   "allowxperm with ranges and nested sets");
	s = s->next;
	ok(s->u.rule.kind.av == SRC_NEVERALLOW && s->u.rule.xperms.tilde &&
	       s->u.rule.xperms.n == 1 && s->u.rule.xperms.items[0].lo == 0xffff,
	   "neverallowxperm ~value");
}

static void check_cond(const struct parsed *ps, const struct src_stmt *s)
{
	const struct src_cond *c;

	c = s->u.cond.cond;
	ok(s->kind == SRC_IF && c->op == SRC_COND_OR && c->l->op == SRC_COND_AND &&
	       c->l->r->op == SRC_COND_NOT && !strcmp(c->l->r->l->id.name, "b") &&
	       c->r->op == SRC_COND_EQ && !strcmp(c->r->r->id.name, "d"),
	   "if: (a && !b) || (c == d)");
	ok(s->u.cond.then_block.first && s->u.cond.then_block.first->kind == SRC_AVRULE &&
	       s->u.cond.has_else && s->u.cond.else_block.first->kind == SRC_REQUIRE &&
	       s->u.cond.else_block.last->kind == SRC_TYPERULE,
	   "if branches hold their statements");
	s = s->next;
	ok(s->u.cond.cond->op == SRC_COND_NOT && !s->u.cond.then_block.first,
	   "if without parentheses, empty branch");
	s = s->next;
	c = s->u.cond.cond;
	ok(c->op == SRC_COND_XOR && c->r->op == SRC_COND_AND, "xor binds looser than and");
}

static void check_constraints(const struct parsed *ps, const struct src_stmt *s)
{
	const struct src_cexpr *e;

	e = s->u.constrain.expr;
	ok(s->kind == SRC_CONSTRAIN && !s->u.constrain.mls &&
	       set_is(&s->u.constrain.perms, "read write", 0, 0) && e->kind == SRC_CEXPR_OR &&
	       e->l->kind == SRC_CEXPR_ATTR && e->l->left == SRC_CX_U1 &&
	       e->l->right == SRC_CX_U2 && e->l->op == SRC_CX_EQ,
	   "constrain: u1 == u2 or ...");
	ok(e->r->kind == SRC_CEXPR_AND && e->r->r->kind == SRC_CEXPR_NOT &&
	       e->r->r->l->kind == SRC_CEXPR_NAMES && e->r->r->l->left == SRC_CX_T1 &&
	       set_is(&e->r->r->l->names, "a b", 0, 0),
	   "constrain: ... (r1 == r2 and not t1 == { a b })");
	s = s->next;
	e = s->u.constrain.expr;
	ok(s->kind == SRC_VALIDATETRANS && s->u.constrain.mls && e->kind == SRC_CEXPR_OR &&
	       e->l->kind == SRC_CEXPR_AND && e->l->l->op == SRC_CX_DOMBY &&
	       e->l->l->left == SRC_CX_L1 && e->l->l->right == SRC_CX_H2 &&
	       e->l->r->left == SRC_CX_U1 && e->r->op == SRC_CX_NEQ && e->r->left == SRC_CX_T3,
	   "mlsvalidatetrans with domby, sameuser and t3 != names");
	s = s->next;
	ok(s->u.constrain.expr->op == SRC_CX_INCOMP, "r1 incomp r2");
	s = s->next;
	e = s->u.constrain.expr;
	ok(e->kind == SRC_CEXPR_AND && e->l->left == SRC_CX_T1 && e->r->left == SRC_CX_R2 &&
	       e->r->kind == SRC_CEXPR_NAMES,
	   "source type / target role are t1 == / r2 ==");
}

static void check_contexts(const struct parsed *ps, const struct src_stmt *s)
{
	const uint8_t *b;

	ok(s->kind == SRC_SID_CONTEXT && !strcmp(s->u.sid.ctx.type.name, "t") &&
	       s->u.sid.ctx.range && s->u.sid.ctx.range->has_high &&
	       !strcmp(s->u.sid.ctx.range->high.cats[0].hi.name, "c1"),
	   "sid with a context and range");
	s = s->next;
	ok(s->kind == SRC_SID_CONTEXT && !s->u.sid.ctx.range &&
	       loc_is(&s->u.sid.ctx.loc, "t.conf", 2, 10),
	   "sid with a context without range");
	s = s->next;
	ok(s->kind == SRC_FSCON && s->u.fscon.major == 8 && s->u.fscon.minor == 8 &&
	       !strcmp(s->u.fscon.fs_ctx.type.name, "t") && !s->u.fscon.fs_ctx.range &&
	       !strcmp(s->u.fscon.file_ctx.type.name, "tf") && s->u.fscon.file_ctx.range &&
	       loc_is(&s->u.fscon.file_ctx.loc, "t.conf", 3, 21),
	   "fscon: hex and octal numbers, two contexts");
	ok(ps->err.count == 0, "fscon is kept without a warning");
	s = s->next;
	ok(s->kind == SRC_FS_USE && s->u.fs_use.behavior == SRC_FS_USE_XATTR, "fs_use_xattr");
	s = s->next;
	ok(s->kind == SRC_GENFSCON && !strcmp(s->u.genfscon.path, "/") &&
	       s->u.genfscon.file_type == SRC_FILE_DIR,
	   "genfscon -d");
	s = s->next;
	ok(!strcmp(s->u.genfscon.path, "/a b") && s->u.genfscon.file_type == SRC_FILE_REG,
	   "genfscon quoted path and --");
	s = s->next;
	ok(!strcmp(s->u.genfscon.fs.name, "9p") && s->u.genfscon.file_type == SRC_FILE_ANY,
	   "genfscon file system 9p");
	s = s->next;
	ok(s->kind == SRC_PORTCON && s->u.portcon.low == 80 && s->u.portcon.high == 80, "portcon");
	s = s->next;
	ok(s->u.portcon.low == 100 && s->u.portcon.high == 200 && s->u.portcon.ctx.range,
	   "portcon range");
	s = s->next;
	ok(s->kind == SRC_NETIFCON && !strcmp(s->u.netifcon.packet_ctx.user.name, "u"), "netifcon");
	s = s->next;
	b = (const uint8_t *)s->u.nodecon.addr;
	ok(s->kind == SRC_NODECON && !s->u.nodecon.ipv6 && b[0] == 127 && b[3] == 1 &&
	       ((const uint8_t *)s->u.nodecon.mask)[2] == 255 &&
	       ((const uint8_t *)s->u.nodecon.mask)[3] == 0,
	   "nodecon IPv4 in network byte order");
	s = s->next;
	b = (const uint8_t *)s->u.nodecon.addr;
	ok(s->u.nodecon.ipv6 && b[10] == 0xff && b[12] == 127 &&
	       ((const uint8_t *)s->u.nodecon.mask)[0] == 0xfe,
	   "nodecon IPv6");
	s = s->next;
	b = (const uint8_t *)&s->u.ibpkeycon.subnet_prefix;
	ok(s->kind == SRC_IBPKEYCON && b[0] == 0xfe && b[1] == 0x80 && s->u.ibpkeycon.high == 16,
	   "ibpkeycon subnet prefix in network byte order");
	s = s->next;
	ok(s->kind == SRC_IBENDPORTCON && s->u.ibendportcon.port == 2, "ibendportcon");
}

static void check_xen_contexts(const struct parsed *ps, const struct src_stmt *s)
{
	ok(s->kind == SRC_XEN_CONTEXT && s->u.xen.kind == SRC_PIRQCON && s->u.xen.low == 33,
	   "pirqcon");
	s = s->next;
	ok(s->u.xen.kind == SRC_IOMEMCON && s->u.xen.low == 0xfebd9 && s->u.xen.high == 0xfebdf,
	   "iomemcon range");
	s = s->next;
	ok(s->u.xen.kind == SRC_IOPORTCON && s->u.xen.low == 0x60 && s->u.xen.high == 0x60,
	   "ioportcon");
	s = s->next;
	ok(s->u.xen.kind == SRC_PCIDEVICECON && s->u.xen.low == 8,
	   "pcidevicecon 010 is octal, as checkpolicy reads it");
	s = s->next;
	ok(s->u.xen.kind == SRC_DEVICETREECON && !strcmp(s->u.xen.path, "/path/dev"),
	   "devicetreecon");
}

static void check_module(const struct parsed *ps, const struct src_stmt *s)
{
	const struct src_require_item *it;

	ok(s->kind == SRC_MODULE && !strcmp(s->u.module.name.name, "m") &&
	       !strcmp(s->u.module.version, "1.0") && pol_source_is_module(ps->src),
	   "module header; the source is a module");
	s = s->next;
	it = s->u.require.items;
	ok(s->kind == SRC_REQUIRE && it->kind == SRC_REQ_TYPE && it->n == 2 &&
	       it->next->kind == SRC_REQ_CLASS && it->next->nperms == 2 &&
	       !strcmp(it->next->ids[0].name, "file") && it->next->next->kind == SRC_REQ_ROLE &&
	       it->next->next->next->kind == SRC_REQ_BOOL && !it->next->next->next->next,
	   "require items");
	s = s->next;
	ok(s->kind == SRC_OPTIONAL && s->u.optional.body.first->kind == SRC_REQUIRE &&
	       s->u.optional.body.last->kind == SRC_AVRULE && s->u.optional.has_else &&
	       s->u.optional.else_block.first->kind == SRC_TYPE,
	   "optional with else");
}

static void check_module_version(const struct parsed *ps, const struct src_stmt *s)
{
	ok(!strcmp(s->u.module.version, "2"), "module version as a number");
}

static void check_not_module(const struct parsed *ps, const struct src_stmt *s)
{
	ok(!pol_source_is_module(ps->src), "a policy without module statement is not a module");
}

static void check_line_markers(const struct parsed *ps, const struct src_stmt *s)
{
	ok(loc_is(&s->loc, "t.conf", 1, 1), "before any marker");
	s = s->next;
	ok(loc_is(&s->loc, "x.te", 10, 1) && loc_is(&s->u.decl.name.loc, "x.te", 10, 6),
	   "#line N \"file\" names the next line");
	s = s->next;
	ok(loc_is(&s->loc, "x.te", 11, 3), "lines count on after a marker");
	s = s->next;
	ok(loc_is(&s->loc, "x.te", 3, 1), "#line N keeps the file");
	s = s->next;
	ok(loc_is(&s->loc, "y.if", 1, 2), "#line 1 \"file\" (m4 -s)");
	ok(s->loc.file == s->u.decl.name.loc.file, "file names are interned");
}

/*
 * Snippets that must parse clean, and what each check makes of the
 * statements (s is the first); every ok() names its own case.
 */
static const struct snippet {
	const char *text;
	void (*check)(const struct parsed *ps, const struct src_stmt *s);
} snippets[] = {
    {"class file\nclass dir\nsid kernel\n"
     "common files { read write }\n"
     "class file inherits files { execute }\n"
     "class dir inherits files\n"
     "class x { a }\n",
     check_classes},
    {"default_user { file dir } source;\ndefault_range file target low-high;\n"
     "default_range dir glblub;\nDEFAULT_TYPE file TARGET;\n",
     check_defaults},
    {"sensitivity s0 alias { sl unclassified };\n"
     "dominance { s0 s1 }\n"
     "category c0;\n"
     "level s0:c0.c255, c300;\n"
     "dominance s0\n",
     check_mls},
    {"range_transition a b : process s0 - s1:c0.c3,c5;\n"
     "range_transition a b s0;\n",
     check_range_transition},
    {"user u roles { ra rb } level s0 range s0 - s15:c0.c1023;\nuser v roles r;\n", check_users},
    {"type t alias { a b }, attr1, attr2;\ntypealias t alias c;\n"
     "attribute at;\ntypeattribute t at, bt;\ntypebounds p c1, c2;\n"
     "permissive t;\nexpandattribute { at bt } false;\n"
     "bool b1 true;\ntunable tu FALSE;\npolicycap open_perms;\n",
     check_types},
    {"role r types { ta tb };\nrole rr, ra1, ra2;\nattribute_role ra1;\n"
     "roleattribute r ra1;\nallow r rr;\nrole_transition r t : process rr;\n"
     "role_transition { r rr } t rr;\n"
     "dominance { role a { role b; role c { role d; } } }\n",
     check_roles},
    {"allow { a -b { c } } ~{ d e } : * ~{ read };\n"
     "neverallow a - b self : file *;\n"
     "dontaudit a b:c d;\n"
     "type_transition a b : file c \"name.txt\";\n"
     "type_member a b : dir c;\n"
     "allowxperm a b : c ioctl { 0x8910-0x8920 35 { 0x1 } };\n"
     "neverallowxperm a b : c ioctl ~0xffff;\n",
     check_rules},
    {"if (a && !b || c == d) { allow x y : f r; } else { require { type x; } "
     "type_change x y : f z; }\n"
     "if ! e { }\n"
     "if a xor b and c { }\n",
     check_cond},
    {"constrain { file dir } { read write } (u1 == u2 or (r1 == r2 and not t1 == "
     "{ a b }));\n"
     "mlsvalidatetrans file (l1 domby h2 and sameuser) or t3 != c;\n"
     "mlsconstrain file read r1 incomp r2;\n"
     "constrain file read source type a and target role r;\n",
     check_constraints},
    {"sid kernel u:r:t:s0 - s1:c0.c1\n"
     "sid init u:r:t\n"
     "fscon 0x8 010 u:r:t u:r:tf:s0\n"
     "fs_use_xattr ext4 u:r:t;\n"
     "genfscon proc / -d u:r:t\n"
     "genfscon proc \"/a b\" -- u:r:t\n"
     "genfscon 9p /x u:r:t\n"
     "portcon tcp 80 u:r:t\n"
     "portcon udp 100-200 u:r:t:s0\n"
     "netifcon lo u:r:t u:r:t\n"
     "nodecon 127.0.0.1 255.255.255.0 u:r:t\n"
     "nodecon ::ffff:127.0.0.1 fe80:: u:r:t\n"
     "ibpkeycon fe80:: 0-0x10 u:r:t\n"
     "ibendportcon mlx4_0 2 u:r:t\n",
     check_contexts},
    {"pirqcon 33 u:r:t\niomemcon 0xfebd9-0xfebdf u:r:t\nioportcon 0x60 u:r:t\n"
     "pcidevicecon 010 u:r:t\ndevicetreecon \"/path/dev\" u:r:t\n",
     check_xen_contexts},
    {"module m 1.0;\n"
     "require { type a, b; class file { read write }; role r; bool x; }\n"
     "optional { require { attribute at; } allow a b : file read; } "
     "else { type c; }\n",
     check_module},
    {"module m 2;\n", check_module_version},
    {"type t;", check_not_module},
    {"type a;\n#line 10 \"x.te\"\ntype b;\n  type c;\n#line 3\ntype d;\n"
     "#line 1 \"y.if\"\n\ttype e;\n",
     check_line_markers},
};

static void test_snippets(void)
{
	for (size_t i = 0; i < sizeof(snippets) / sizeof(snippets[0]); i++) {
		struct parsed ps;
		const struct src_stmt *s = parse_ok(&ps, snippets[i].text);

		if (s)
			snippets[i].check(&ps, s);
		done(&ps);
	}
}

static void test_errors(void)
{
	/* a text and its first error */
	static const struct {
		const char *text, *error;
	} cases[] = {
	    {"type a;\nallow a b : file read",
	     "2:22: expected ';' at the end of the rule, found end of file"},
	    {"allow a b file read;",
	     "1:11: expected ':' between the target types and the classes, found 'file'"},
	    {"portcon tcp 70000 u:r:t", "1:13: port 70000 is out of range (the largest is 65535)"},
	    /* a 32-bit ioctl command number is cut to its low 16 bits, as
	     * checkpolicy does; more than 32 bits is no command number */
	    {"allowxperm a b : c ioctl 0x100000000;",
	     "1:26: extended permission 0x100000000 is out of range (the largest is 4294967295)"},
	    {"pirqcon 99999999999999999999999 u:r:t",
	     "1:9: pirq 99999999999999999999999 is out of range (the largest is 4294967295)"},
	    {"fscon 2 4294967296 u:r:t u:r:t",
	     "1:9: minor number 4294967296 is out of range (the largest is 4294967295)"},
	    {"fscon 2 u:r:t u:r:t", "1:9: expected a number (minor number), found 'u'"},
	    {"type source;", "1:6: expected a type name, found keyword 'source'"},
	    {"Allow a b : c d;", "1:1: expected a statement, found 'Allow'"},
	    {"type a;\n  type b @;", "2:10: unexpected character '@'"},
	    {"if (a) { class file }", "1:10: 'class' is not allowed in a conditional (if) block"},
	    {"if (a) { neverallow a b : c d; }",
	     "1:10: 'neverallow' is not allowed in a conditional (if) block"},
	    {"optional { portcon tcp 1 u:r:t }",
	     "1:12: 'portcon' is not allowed in an optional block"},
	    {"if (a) {\n  allow ra rb;\n}",
	     "2:3: role allow rules are not allowed in a conditional (if) block"},
	    {"if (a) { allowxperm a b : c ioctl 1; }",
	     "1:10: 'allowxperm' is not allowed in a conditional (if) block"},
	    {"nodecon 1.2.3 255.0.0.0 u:r:t", "1:9: invalid IPv4 address '1.2.3'"},
	    {"portcon tcp 90-80 u:r:t", "1:13: port range 90-80 is backwards"},
	    {"type_transition a b : c d \"x/y\";",
	     "1:27: a type transition's file name cannot contain '/'"},
	    {"optional {\n type a;\n",
	     "3:1: expected '}' to close the block opened at line 1, found end of file"},
	    {"allow a { b c : file read;",
	     "1:15: expected a name or '}' in a target type set, found ':'"},
	    {"type a\x01;", "1:7: unexpected byte 0x01"},
	    {"type 1bad;", "1:6: expected a type name, found '1bad'"},
	    {"class file\nclass dir { read };\n",
	     "2:19: unexpected ';': 'class' statements end without one"},
	    {"constrain file read t1 == a - b;",
	     "1:29: expected ';' at the end of the constraint, found '-'"},
	    {"constrain file read t1 == { a { b } };",
	     "1:31: expected a name or '}' in names, found '{'"},
	    {"fs_use_task 9p u:r:t;", "1:13: expected a file system name, found '9p'"},
	    {"allowxperm a b : c ioctl 1-2;",
	     "1:27: expected ';' at the end of the rule, found '-'"},
	    {"if (a) { ; }", "1:10: expected a statement, found ';'"},
	    {"optional { }", "1:10: empty optional block"},
	    {"portcon tcp 0080 u:r:t",
	     "1:13: 0080 is not an octal number (a leading 0 means octal)"},
	    {"module m 1.0;\nmodule m 1.0;\n", "2:1: the module statement must come first"},
	    {"type_transition a b : c d \"unterminated;\n", "1:27: unterminated quoted string"},
	    {"constrain file read u1 == r2;", "1:27: 'u1' cannot be compared with 'r2'"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		error_is(cases[i].text, cases[i].error);
}

static void test_suggestion(void)
{
	struct parsed ps;

	parse(&ps, "type a;\n  alow a b : file read;\n");
	ok(ps.err.count == 2 && ps.err.diags[1].severity == POL_SEV_NOTE &&
	       ps.err.diags[1].line == 2 && ps.err.diags[1].col == 3,
	   "a misspelt statement keyword gets a note");
	if (ps.err.count == 2)
		is_str(ps.err.diags[1].message, "did you mean 'allow'?",
		       "the note names the keyword");
	done(&ps);
}

static void test_recovery(void)
{
	struct parsed ps;
	const struct src_stmt *s;
	size_t n = 0;

	parse(&ps, "type a;\n"
		   "allow a b : file read\n" /* missing ';' */
		   "type b;\n"
		   "allow a { b : file read;\n" /* missing '}' */
		   "type c;\n"
		   "portcon tcp 99999 u:r:t\n" /* number out of range */
		   "portcon tcp 80 u:r:t\n"
		   "require { type x; garbage y; type z; }\n"
		   "type d;\n");
	ok(ps.rc == POL_EFORMAT && pol_err_errors(&ps.err) == 4, "four errors reported (got %zu)",
	   pol_err_errors(&ps.err));
	ok(ps.err.count >= 4 && ps.err.diags[0].line == 2 && ps.err.diags[0].col == 22 &&
	       ps.err.diags[1].line == 4 && ps.err.diags[2].line == 6 && ps.err.diags[3].line == 8,
	   "each at its own line");
	for (s = ps.first; s; s = s->next)
		n++;
	ok(n == 6, "the good statements around them are kept (%zu)", n);
	done(&ps);

	/* a flood of errors stops at the limit, with a note */
	char text[4000] = "";
	for (int i = 0; i < 40; i++)
		strcat(text, "type ;\n");
	parse(&ps, text);
	ok(pol_err_errors(&ps.err) == SRC_MAX_ERRORS &&
	       ps.err.diags[ps.err.count - 1].severity == POL_SEV_NOTE,
	   "stops after SRC_MAX_ERRORS errors");
	done(&ps);
}

static void test_robustness(void)
{
	struct parsed ps;
	size_t n = 100000;
	char *deep = malloc(2 * n + 64);

	/* deep nesting is refused, not a stack overflow */
	strcpy(deep, "if ");
	memset(deep + 3, '(', n);
	strcpy(deep + 3 + n, "a");
	memset(deep + 4 + n, ')', n);
	strcpy(deep + 4 + 2 * n, " { }");
	parse(&ps, deep);
	ok(ps.rc == POL_EFORMAT && ps.err.count >= 1 &&
	       strstr(ps.err.diags[0].message, "nesting deeper"),
	   "deeply nested expressions are refused");
	done(&ps);
	strcpy(deep, "");
	for (int i = 0; i < 5000; i++)
		strcat(deep, "optional {");
	parse(&ps, deep);
	ok(ps.rc == POL_EFORMAT, "deeply nested blocks are refused");
	done(&ps);
	free(deep);

	static const char nul[] = "type a;\0\0type b;";
	pol_err_init(&ps.err);
	pol_source_new(&ps.src, &ps.err);
	ps.rc = pol_source_parse_data(ps.src, "nul", nul, sizeof(nul) - 1, &ps.err);
	ok(ps.rc == POL_EFORMAT && pol_err_errors(&ps.err) == 2 &&
	       src_unit_block(ps.src->unit)->first->next,
	   "NUL bytes are errors and parsing goes on");
	done(&ps);

	/* every prefix of a policy: errors maybe, crashes never */
	const char *full = "class file\nsid k\ncommon c { a }\nclass file inherits c { r }\n"
			   "sensitivity s0;\ndominance { s0 }\ncategory c0;\nlevel s0:c0;\n"
			   "type t alias u, at;\nallow t self : file { r a };\n"
			   "if (b && !c) { allow t t : file r; } else { dontaudit t t : file *; }\n"
			   "constrain file r (u1 == u2 or t1 == { t });\n"
			   "sid k u:r:t:s0 - s0:c0.c0\nnodecon ::1 ffff:: u:r:t\n";
	size_t len = strlen(full);
	bool clean = true;

	for (size_t i = 0; i <= len; i++) {
		pol_err_init(&ps.err);
		pol_source_new(&ps.src, &ps.err);
		ps.rc = pol_source_parse_data(ps.src, "p", full, i, &ps.err);
		if (i == len && ps.rc != 0)
			clean = false;
		done(&ps);
	}
	ok(clean, "every prefix parses without crashing; the whole parses clean");

	pol_err_init(&ps.err);
	pol_source_new(&ps.src, &ps.err);
	ps.rc = pol_source_parse_file(ps.src, "/nonexistent/policy.conf", &ps.err);
	ok(ps.rc == -ENOENT && ps.err.count == 1 && strstr(ps.err.diags[0].message, "cannot open"),
	   "an unreadable file is -errno with a message");
	done(&ps);
}

/* Parse time of a big policy, when SEKIT_PARSE_BENCH names one. */
static void bench(void)
{
	const char *path = getenv("SEKIT_PARSE_BENCH");
	struct pol_source *src;
	struct pol_err err;
	struct timespec a, b;
	int rc;

	if (!path)
		return;
	pol_err_init(&err);
	pol_source_new(&src, &err);
	clock_gettime(CLOCK_MONOTONIC, &a);
	rc = pol_source_parse_file(src, path, &err);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ok(rc == 0, "bench: %s parses", path);
	printf("# parse time %.3f s\n",
	       (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	pol_source_free(src);
	pol_err_release(&err);
}

int main(void)
{
	test_corpus();
	test_snippets();
	test_errors();
	test_suggestion();
	test_recovery();
	test_robustness();
	bench();
	return tap_done();
}
