// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A set's groups written as audit2allow writes them (policygen.py,
 * output.py): the require block, each rule with the comment before it, the
 * interface calls of -R in place of the rules they replace, the roles.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

#include "audit/internal.h"
#include "audit/explain-internal.h"
#include "audit/set-internal.h"
#include "util/buf.h"
#include "util/quote.h"

static void put_perms(struct pol_buf *b, const char *const *names, size_t n, bool cil)
{
	if (cil) {
		pol_buf_putc(b, '(');
		for (size_t i = 0; i < n; i++)
			pol_buf_printf(b, "%s%s", i ? " " : "", names[i]);
		pol_buf_putc(b, ')');
		return;
	}
	if (n == 1) {
		pol_buf_puts(b, names[0]);
		return;
	}
	pol_buf_puts(b, "{");
	for (size_t i = 0; i < n; i++)
		pol_buf_printf(b, " %s", names[i]);
	pol_buf_puts(b, " }");
}

void audit_put_xperms(struct pol_buf *b, const struct audit_group *g, bool cil)
{
	if (cil) {
		pol_buf_putc(b, '(');
		for (size_t i = 0; i < g->nxp; i++) {
			if (i)
				pol_buf_putc(b, ' ');
			if (g->xp[i].lo == g->xp[i].hi)
				pol_buf_printf(b, "0x%lx", g->xp[i].lo);
			else
				pol_buf_printf(b, "(range 0x%lx 0x%lx)", g->xp[i].lo, g->xp[i].hi);
		}
		pol_buf_putc(b, ')');
		return;
	}
	/* Python's hex(): 0x0, 0x5401 */
	if (g->nxp == 1 && g->xp[0].lo == g->xp[0].hi) {
		pol_buf_printf(b, "0x%lx", g->xp[0].lo);
		return;
	}
	pol_buf_puts(b, "{");
	for (size_t i = 0; i < g->nxp; i++) {
		if (g->xp[i].lo == g->xp[i].hi)
			pol_buf_printf(b, " 0x%lx", g->xp[i].lo);
		else
			pol_buf_printf(b, " 0x%lx-0x%lx", g->xp[i].lo, g->xp[i].hi);
	}
	pol_buf_puts(b, " }");
}

/* The comment audit2allow puts before a rule (policygen.py __add_av_rule). */
static void annotation(const struct audit_group *g, const char *c, unsigned int flags,
		       struct pol_buf *b);

/* comm="..." exe="..." path="..." and a newline, the log's words escaped
 * (pol_escape()): a newline in a name would end the comment and start a
 * line of the module. */
static void put_names(struct pol_buf *b, const char *comm, const char *exe, const char *path)
{
	pol_buf_puts(b, "comm=\"");
	pol_escape(b, comm ? comm : "");
	pol_buf_puts(b, "\" exe=\"");
	pol_escape(b, exe ? exe : "");
	pol_buf_puts(b, "\" path=\"");
	pol_escape(b, path ? path : "");
	pol_buf_puts(b, "\"\n");
}

static void rule_comment(const struct pol_audit_set *set, const struct audit_group *g,
			 unsigned int flags, struct pol_buf *out)
{
	struct pol_buf ann = POL_BUF_INIT, *b = out;
	const char *c = (flags & POL_AUDIT_GEN_CIL) ? ";" : "#";

	if (flags & POL_AUDIT_GEN_EXPLAIN) {
		for (const struct msg *m = g->msgs; m; m = m->next) {
			pol_buf_printf(b, "%s %s\n", c, m->header);
			pol_buf_printf(b, "%s  scontext=\"%s\" tcontext=\"%s\"\n", c, m->scontext,
				       m->tcontext);
			pol_buf_printf(b, "%s  class=\"%s\" perms=\"%s\"\n", c, g->cls, m->perms);
			pol_buf_printf(b, "%s  ", c);
			put_names(b, m->comm, m->exe, m->path);
			/* wrapped at 80 columns on white space */
			{
				const char *p = m->message;
				size_t col;
				bool first = true;

				pol_buf_printf(b, "%s  message=\"", c);
				col = 12;
				while (*p) {
					size_t wl;

					while (*p && avc_space((unsigned char)*p))
						p++;
					wl = 0;
					while (p[wl] && !avc_space((unsigned char)p[wl]))
						wl++;
					if (!wl)
						break;
					if (!first && col + 1 + wl > 80) {
						pol_buf_printf(b, "\n%s   ", c);
						col = 4;
					} else if (!first) {
						pol_buf_putc(b, ' ');
						col++;
					}
					pol_buf_add(b, p, wl);
					col += wl;
					p += wl;
					first = false;
				}
				pol_buf_puts(b, " \"\n");
			}
		}
	} else if (flags & POL_AUDIT_GEN_VERBOSE) {
		const char *names[32];
		size_t n = audit_set_perm_names(set, g->cls_value, g->perms, names);

		pol_buf_printf(b, "%s src=\"%s\" tgt=\"%s\" class=\"%s\", perms=\"", c, g->src,
			       g->tgt, g->cls);
		put_perms(b, names, n, false);
		pol_buf_printf(b, "\"\n%s ", c);
		put_names(b, g->comm, g->exe, g->path);
	}
	annotation(g, c, flags, &ann);
	if (ann.len && !(flags & (POL_AUDIT_GEN_VERBOSE | POL_AUDIT_GEN_EXPLAIN)))
		pol_buf_putc(out, '\n');
	if (ann.len)
		pol_buf_add(out, ann.data, ann.len);
	pol_buf_release(&ann);
}

static void annotation(const struct audit_group *g, const char *c, unsigned int flags,
		       struct pol_buf *b)
{
	const struct pol_audit_why *w = g->why;

	switch (g->verdict) {
	case POL_AUDIT_ALLOW:
		pol_buf_printf(b, "%s!!!! This avc is allowed in the current policy\n", c);
		if (g->nxp)
			pol_buf_printf(b,
				       "%s!!!! This av rule may have been overridden by an "
				       "extended permission av rule\n",
				       c);
		break;
	case POL_AUDIT_DONTAUDIT:
		pol_buf_printf(b, "%s!!!! This avc has a dontaudit rule in the current policy\n",
			       c);
		break;
	case POL_AUDIT_BOOLEAN:
		if (w->nbools > 1) {
			pol_buf_printf(b,
				       "%s!!!! This avc can be allowed using one of the these "
				       "booleans:\n%s     ",
				       c, c);
			for (size_t i = 0; i < w->nbools; i++)
				pol_buf_printf(b, "%s%s", i ? ", " : "", w->bools[i].name);
			pol_buf_putc(b, '\n');
		} else {
			pol_buf_printf(b, "%s!!!! This avc can be allowed using the boolean '%s'\n",
				       c, w->bools[0].name);
		}
		break;
	case POL_AUDIT_CONSTRAINT: {
		const struct pol_audit_ctx *s = g->sctx, *t = g->tctx;
		struct pol_audit_diff diffs[3];
		size_t n;

		pol_buf_printf(
		    b,
		    "%s!!!! This avc is a constraint violation.  You would need to modify the "
		    "attributes of either the source or target types to allow this access.\n",
		    c);
		pol_buf_printf(b, "%sConstraint rule: \n%s\t", c, c);
		/* libsepol's text has a line per failing constraint; audit2allow
		 * comments only the first, which a module cannot compile */
		for (const char *p = w->constraint ? w->constraint : ""; *p; p++) {
			pol_buf_putc(b, *p);
			if (*p == '\n' && p[1] && (flags & POL_AUDIT_GEN_COMMENT_ALL))
				pol_buf_printf(b, "%s\t", c);
		}
		pol_buf_putc(b, '\n');
		n = pol_audit_context_diffs(s->str, t->str, diffs);
		for (size_t i = 0; i < n; i++)
			pol_buf_printf(
			    b, "%s\tPossible cause is the source %s and target %s are different.\n",
			    c, diffs[i].source, diffs[i].target);
		break;
	}
	default:
		break;
	}
}

/* The ioctl permission bit of g's class when g has an allowxperm rule to
 * write (ioctl numbers logged, -x) and the class has that permission, else
 * -1: a class without ioctl has no such rule, which would not compile. A
 * logged ioctlcmd of another permission ("{ open } ... ioctlcmd=0x0") still
 * makes one, as audit2allow does; the require block then needs ioctl too
 * (issue 22: fuzz-package, -M -x failed compiling its own module). */
static int xperm_bit(const struct pol_audit_set *set, const struct audit_group *g,
		     unsigned int flags)
{
	if (!(flags & POL_AUDIT_GEN_XPERMS) || !g->nxp)
		return -1;
	return pdb_perm_bit(set->pol->pdb, g->cls_value, "ioctl");
}

static void put_rule(const struct pol_audit_set *set, const struct audit_group *g,
		     unsigned int flags, bool xperm, struct pol_buf *b)
{
	bool cil = flags & POL_AUDIT_GEN_CIL,
	     da = (flags & POL_AUDIT_GEN_DONTAUDIT) || g->choice == POL_AUDIT_CHOICE_DONTAUDIT;
	const char *names[32];
	size_t n = audit_set_perm_names(set, g->cls_value, g->perms, names);

	if (cil) {
		if (xperm) {
			pol_buf_printf(b, "(%s %s %s (ioctl %s ", da ? "dontauditx" : "allowx",
				       g->src, audit_group_target(g), g->cls);
			audit_put_xperms(b, g, true);
			pol_buf_puts(b, "))\n");
		} else {
			pol_buf_printf(b, "(%s %s %s (%s ", da ? "dontaudit" : "allow", g->src,
				       audit_group_target(g), g->cls);
			put_perms(b, names, n, true);
			pol_buf_puts(b, "))\n");
		}
		return;
	}
	if (xperm) {
		pol_buf_printf(b, "%s %s %s:%s ioctl ", da ? "dontauditxperm" : "allowxperm",
			       g->src, audit_group_target(g), g->cls);
		audit_put_xperms(b, g, false);
		pol_buf_puts(b, ";\n");
		return;
	}
	pol_buf_printf(b, "%s %s %s:%s ", da ? "dontaudit" : "allow", g->src, audit_group_target(g),
		       g->cls);
	put_perms(b, names, n, false);
	pol_buf_puts(b, ";\n");
}

struct call {
	char *section, *text;
};

/* A class the require block names, with the permissions it names. */
struct req_class {
	const char *name;
	uint32_t value, perms;
};

/* The classes of groups v[0..n) into cls (room for n), each with the
 * permissions its rules use, in order of appearance; returns how many. */
static size_t require_classes(const struct pol_audit_set *set, struct audit_group **v, size_t n,
			      unsigned int flags, struct req_class *cls)
{
	size_t ncls = 0;

	for (size_t i = 0; i < n; i++) {
		size_t k;

		for (k = 0; k < ncls && cls[k].value != v[i]->cls_value; k++)
			;
		if (k == ncls) {
			cls[ncls].name = v[i]->cls;
			cls[ncls++].value = v[i]->cls_value;
		}
		cls[k].perms |= v[i]->perms;
		if (xperm_bit(set, v[i], flags) >= 0)
			cls[k].perms |= 1u << xperm_bit(set, v[i], flags);
	}
	return ncls;
}

/* "\tclass C { perms };" for each of cls, by name. */
static void put_require_classes(const struct pol_audit_set *set, struct req_class *cls, size_t ncls,
				struct pol_buf *b)
{
	for (size_t i = 1; i < ncls; i++)
		for (size_t j = i; j > 0 && strcmp(cls[j - 1].name, cls[j].name) > 0; j--) {
			struct req_class t = cls[j];

			cls[j] = cls[j - 1];
			cls[j - 1] = t;
		}
	for (size_t i = 0; i < ncls; i++) {
		const char *names[32];
		size_t k = audit_set_perm_names(set, cls[i].value, cls[i].perms, names);

		pol_buf_printf(b, "\tclass %s ", cls[i].name);
		put_perms(b, names, k, false);
		pol_buf_puts(b, ";\n");
	}
}

/* "\trole R;" for each role of roles ("role\ttype"), sorted, once. */
static void put_require_roles(const char **roles, size_t nroles, struct pol_buf *b)
{
	if (nroles > 1)
		qsort(roles, nroles, sizeof(*roles), audit_cmp_str);
	for (size_t i = 0; i < nroles; i++) {
		const char *tab = strchr(roles[i], '\t');

		if (i && strncmp(roles[i], roles[i - 1], (size_t)(tab - roles[i]) + 1) == 0)
			continue;
		pol_buf_printf(b, "\trole %.*s;\n", (int)(tab - roles[i]), roles[i]);
	}
}

/* The require block of groups v[0..n) and the calls: the types, the
 * classes with their permissions and the roles (CIL: the types alone). */
static void put_requires(const struct pol_audit_set *set, struct audit_group **v, size_t n,
			 const struct call *calls, size_t ncalls, unsigned int flags,
			 struct pol_buf *b)
{
	size_t nt = 0, nroles = 0;
	const char **types = malloc((2 * n + set->nroles + ncalls + 1) * sizeof(*types));
	const char **roles = malloc((set->nroles + 1) * sizeof(*roles));
	struct req_class *cls = calloc(n + 1, sizeof(*cls));
	size_t ncls;
	bool cil = flags & POL_AUDIT_GEN_CIL;

	if (!types || !cls || !roles)
		goto out;
	for (size_t i = 0; i < n; i++) {
		types[nt++] = v[i]->src;
		types[nt++] = v[i]->tgt;
	}
	ncls = require_classes(set, v, n, flags, cls);
	/* sepolgen requires every argument of a call as a type */
	for (size_t i = 0; i < ncalls; i++)
		types[nt++] = calls[i].section;
	for (size_t i = 0; i < set->nroles; i++) {
		char *tab = strchr(set->roles[i], '\t');

		types[nt++] = tab + 1;
		roles[nroles++] = set->roles[i];
	}
	if (nt > 1)
		qsort(types, nt, sizeof(*types), audit_cmp_str);
	if (cil) {
		for (size_t i = 0; i < nt; i++)
			if (!i || strcmp(types[i], types[i - 1]) != 0)
				pol_buf_printf(b, "(typeattributeset cil_gen_require %s)\n",
					       types[i]);
		goto out;
	}
	if (!nt && !ncls)
		goto out;
	pol_buf_puts(b, "require {\n");
	for (size_t i = 0; i < nt; i++)
		if (!i || strcmp(types[i], types[i - 1]) != 0)
			pol_buf_printf(b, "\ttype %s;\n", types[i]);
	put_require_classes(set, cls, ncls, b);
	put_require_roles(roles, nroles, b);
	pol_buf_puts(b, "}\n");
out:
	free(types);
	free(roles);
	free(cls);
}

static int cmp_call(const void *a, const void *b)
{
	const struct call *x = a, *y = b;
	int c = strcmp(x->section, y->section);

	return c ? c : strcmp(x->text, y->text);
}

/* -R: ask fn which groups an interface call replaces; the others stay in
 * v. calls sorted by (section, text), duplicates dropped. */
static int pick_calls(const struct pol_audit_set *set, struct audit_group **v, size_t *n,
		      pol_audit_call_fn fn, void *data, struct call **out, size_t *nout)
{
	struct call *calls = calloc(*n + 1, sizeof(*calls));
	size_t kept = 0, nc = 0, k = 0;

	if (!calls)
		return -ENOMEM;
	for (size_t i = 0; i < *n; i++) {
		struct pol_audit_group_info info;
		const char *names[32], *section = NULL;
		char *text;

		audit_group_info(set, v[i], &info, names);
		text = fn(&info, &section, data);
		if (!text) {
			v[kept++] = v[i];
			continue;
		}
		calls[nc].text = text;
		calls[nc].section = strdup(section);
		if (!calls[nc++].section) {
			for (size_t j = 0; j < nc; j++) {
				free(calls[j].text);
				free(calls[j].section);
			}
			free(calls);
			return -ENOMEM;
		}
	}
	if (nc > 1)
		qsort(calls, nc, sizeof(*calls), cmp_call);
	for (size_t i = 0; i < nc; i++) {
		if (k && !cmp_call(&calls[k - 1], &calls[i])) {
			free(calls[i].text);
			free(calls[i].section);
			continue;
		}
		calls[k++] = calls[i];
	}
	*n = kept;
	nc = k;
	*out = calls;
	*nout = nc;
	return 0;
}

/* Drop the groups chosen to be left out; returns how many stay. */
static size_t omit_groups(struct audit_group **v, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i]->choice != POL_AUDIT_CHOICE_OMIT)
			v[kept++] = v[i];
	return kept;
}

int pol_audit_set_write(const struct pol_audit_set *set, const char *module, unsigned int flags,
			FILE *out)
{
	return pol_audit_set_write_calls(set, module, flags, NULL, NULL, out);
}

/* The rules of groups v[0..n) and the calls, a section per source type
 * ("#============= a_t ==============") in name order. */
static void put_sections(const struct pol_audit_set *set, struct audit_group **v, size_t n,
			 const struct call *calls, size_t ncalls, unsigned int flags,
			 struct pol_buf *b)
{
	bool cil = flags & POL_AUDIT_GEN_CIL;
	const char *prev = NULL;
	size_t c = 0;

	/* a stable sort of avrules + avextrules: per (src, tgt, class), the
	 * allow rules, then the allowxperm rules; then a source's calls */
	for (size_t i = 0; i < n || c < ncalls;) {
		const char *cur = i < n ? v[i]->src : calls[c].section;

		if (c < ncalls && strcmp(calls[c].section, cur) < 0)
			cur = calls[c].section;
		if (!prev || strcmp(prev, cur) != 0) {
			if (prev)
				pol_buf_putc(b, '\n');
			pol_buf_printf(b, "%s============= %s ==============\n", cil ? ";" : "#",
				       cur);
			prev = cur;
		}
		while (i < n && strcmp(v[i]->src, cur) == 0) {
			size_t j = i;

			while (j < n && strcmp(v[j]->src, v[i]->src) == 0 &&
			       strcmp(audit_group_target(v[j]), audit_group_target(v[i])) == 0 &&
			       strcmp(v[j]->cls, v[i]->cls) == 0)
				j++;
			for (size_t k = i; k < j; k++) {
				rule_comment(set, v[k], flags, b);
				put_rule(set, v[k], flags, false, b);
			}
			for (size_t k = i; k < j; k++)
				if (xperm_bit(set, v[k], flags) >= 0)
					put_rule(set, v[k], flags, true, b);
			i = j;
		}
		for (; c < ncalls && strcmp(calls[c].section, cur) == 0; c++)
			pol_buf_printf(b, "%s\n", calls[c].text);
	}
}

/* The "role R types T;" of the set's compute_sid records, sorted. */
static void put_roles(const struct pol_audit_set *set, struct pol_buf *b)
{
	char **roles = malloc(set->nroles * sizeof(*roles));

	if (!roles)
		return;
	memcpy(roles, set->roles, set->nroles * sizeof(*roles));
	if (set->nroles > 1)
		qsort(roles, set->nroles, sizeof(*roles), audit_cmp_str);
	pol_buf_puts(b, "#============= ROLES ==============\n");
	/* sepolgen's RoleType: a line per type, a blank line per role */
	for (size_t i = 0; i < set->nroles; i++) {
		char *tab = strchr(roles[i], '\t');
		size_t rl = (size_t)(tab - roles[i]);

		pol_buf_printf(b, "role %.*s types %s;\n", (int)rl, roles[i], tab + 1);
		if (i + 1 == set->nroles || strncmp(roles[i + 1], roles[i], rl + 1) != 0)
			pol_buf_putc(b, '\n');
	}
	free(roles);
}

int pol_audit_set_write_calls(const struct pol_audit_set *set, const char *module,
			      unsigned int flags, pol_audit_call_fn fn, void *data, FILE *out)
{
	struct audit_group **v = audit_set_sorted(set);
	struct pol_buf b = POL_BUF_INIT;
	bool cil = flags & POL_AUDIT_GEN_CIL;
	struct call *calls = NULL;
	size_t n = set->groups.n, ncalls = 0;
	int rc = 0;

	if (!v)
		return -ENOMEM;
	n = omit_groups(v, n);
	if (fn && pick_calls(set, v, &n, fn, data, &calls, &ncalls) < 0) {
		free(v);
		return -ENOMEM;
	}
	if (!cil)
		pol_buf_putc(&b, '\n');
	if (module && !cil)
		pol_buf_printf(&b, fn ? "policy_module(%s, 1.0)\n\n" : "module %s 1.0;\n\n",
			       module);
	if (module || (flags & POL_AUDIT_GEN_REQUIRES))
		put_requires(set, v, n, calls, ncalls, flags, &b);
	pol_buf_putc(&b, '\n');
	put_sections(set, v, n, calls, ncalls, flags, &b);
	if (set->nroles && !cil)
		put_roles(set, &b);
	free(v);
	for (size_t i = 0; i < ncalls; i++) {
		free(calls[i].text);
		free(calls[i].section);
	}
	free(calls);
	if (b.failed)
		rc = -ENOMEM;
	else if (b.len && fwrite(b.data, 1, b.len, out) != b.len)
		rc = -EIO;
	pol_buf_release(&b);
	return rc;
}
