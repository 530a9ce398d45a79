/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The advice besides a rule, for seallow explain and review: the type
 * file_contexts gives a mislabeled file, the port type a domain may bind
 * or connect to, the booleans that allow an access; each with the command
 * that applies it, its words quoted for the shell (pol_shell_quote()): a
 * path comes from the log, where an attacker may have chosen it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "audit/fix.h"
#include "label/label.h"
#include "util/buf.h"
#include "util/quote.h"
#include "audit/explain-internal.h"

static bool file_class(const char *c)
{
	static const char *const classes[] = {"file",	  "dir",       "lnk_file", "chr_file",
					      "blk_file", "sock_file", "fifo_file"};

	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
		if (strcmp(c, classes[i]) == 0)
			return true;
	return false;
}

static mode_t class_mode(const char *c)
{
	if (strcmp(c, "dir") == 0)
		return S_IFDIR;
	if (strcmp(c, "lnk_file") == 0)
		return S_IFLNK;
	if (strcmp(c, "chr_file") == 0)
		return S_IFCHR;
	if (strcmp(c, "blk_file") == 0)
		return S_IFBLK;
	if (strcmp(c, "sock_file") == 0)
		return S_IFSOCK;
	if (strcmp(c, "fifo_file") == 0)
		return S_IFIFO;
	return S_IFREG;
}

struct pol_label_specs *pol_audit_fix_specs_open(void)
{
	char *fc = getenv("SEKIT_FILE_CONTEXTS") ? strdup(getenv("SEKIT_FILE_CONTEXTS")) : NULL;
	struct pol_label_specs *specs = NULL;
	struct pol_err err;

	pol_err_init(&err);
	if (fc || pol_label_system_spec_path(&fc, &err) == 0)
		if (pol_label_specs_open(fc, POL_LABEL_ENGINE_NATIVE, 0, &specs, &err) < 0)
			specs = NULL;
	free(fc);
	pol_err_release(&err);
	return specs;
}

/* rootfs is genfscon-labeled, yet the kernel keeps a label per file there
 * (an in-core setxattr handler, as for sysfs); where it is the system's
 * root (an initramfs system, tests/kernel's guest) a relabel is what
 * fixes a file and it works: the real kernel showed it. */
static bool relabels_in_core(const char *fstype)
{
	return strcmp(fstype, "rootfs") == 0;
}

/* Whether the policy labels filesystem fs, or gives type, by genfscon or
 * fs_use_task/fs_use_trans: files there take no label of their own. */
static bool policy_labels_fs(const policydb_t *p, const char *fs, const char *type)
{
	type_datum_t *t = type ? hashtab_search(p->p_types.table, (hashtab_key_t)type) : NULL;
	uint32_t value = t ? t->s.value : 0;

	for (const ocontext_t *c = p->ocontexts[OCON_FSUSE]; c; c = c->next) {
		if (c->v.behavior != SECURITY_FS_USE_TASK && c->v.behavior != SECURITY_FS_USE_TRANS)
			continue;
		if ((fs && strcmp(c->u.name, fs) == 0) || (value && c->context[0].type == value))
			return true;
	}
	for (const genfs_t *g = p->genfs; g; g = g->next)
		for (const ocontext_t *c = g->head; c && !relabels_in_core(g->fstype); c = c->next)
			if ((fs && strcmp(g->fstype, fs) == 0) ||
			    (value && c->context[0].type == value))
				return true;
	return false;
}

/* A container's domain or files (podman, docker, CRI-O: container_t,
 * spc_t, container_file_t; svirt_lxc_net_t, svirt_sandbox_file_t before). */
static bool container_type(const char *t)
{
	return strncmp(t, "container_", 10) == 0 || strncmp(t, "svirt_", 6) == 0 ||
	       strcmp(t, "spc_t") == 0;
}

enum pol_audit_no_relabel pol_audit_fix_no_relabel(struct pol_audit_policy *pol,
						   const struct pol_audit_group_info *g)
{
	if (policy_labels_fs(pol->p, g->dev, g->target))
		return POL_AUDIT_NO_RELABEL_FS;
	if (container_type(g->source) || container_type(g->target))
		return POL_AUDIT_NO_RELABEL_CONTAINER;
	return POL_AUDIT_RELABEL_OK;
}

char *pol_audit_fix_relabel_type(struct pol_audit_policy *pol, const struct pol_label_specs *specs,
				 const struct pol_audit_group_info *g)
{
	struct pol_label_match m = {0};
	char *type = NULL;

	if (!specs || !g->file || !file_class(g->tclass) ||
	    pol_audit_fix_no_relabel(pol, g) != POL_AUDIT_RELABEL_OK)
		return NULL;
	if (pol_label_lookup(specs, g->file, class_mode(g->tclass), &m) == 0 && m.context) {
		size_t len;
		const char *t = pol_label_context_type(m.context, &len);

		if (t && (strlen(g->target) != len || strncmp(t, g->target, len) != 0))
			type = strndup(t, len);
		/* a file_contexts of another policy names types this one lacks */
		if (type && !pol_pdb_has(pol->pdb, POL_SYM_TYPE, type)) {
			free(type);
			type = NULL;
		}
	}
	pol_label_match_release(&m);
	return type;
}

void pol_audit_fix_relabel_command(struct pol_buf *b, const char *file)
{
	pol_buf_puts(b, "serelabel ");
	pol_shell_quote(b, file);
	pol_buf_puts(b, "   (or: restorecon ");
	pol_shell_quote(b, file);
	pol_buf_putc(b, ')');
}

void pol_audit_fix_bool_command(struct pol_buf *b, const struct pol_audit_why *w)
{
	pol_buf_puts(b, "setsebool -P");
	for (size_t i = 0; i < w->nbool_set; i++)
		pol_buf_printf(b, " %s=%d", w->bool_set[i].name, w->bool_set[i].value);
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && a[n] == b[n])
		n++;
	return n;
}

void pol_audit_fix_ports_free(struct pol_audit_port_fix *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < v[i].ntypes; k++)
			free(v[i].types[k]);
		free(v[i].types);
	}
	free(v);
}

struct pol_audit_port_fix *pol_audit_fix_ports(struct pol_audit_policy *pol,
					       const struct pol_audit_group_info *g, size_t *n)
{
	struct pol_audit_port_fix *v;
	size_t len = strlen(g->tclass);

	*n = 0;
	if (!g->nports || len <= 7 || strcmp(g->tclass + len - 7, "_socket"))
		return NULL;
	for (size_t i = 0; i < g->nperms; i++) {
		bool has = false;

		for (size_t k = 0; k < g->nports && !has; k++)
			has = strcmp(g->ports[k].perm, g->perms[i]) == 0;
		if (!has)
			return NULL;
	}
	v = calloc(g->nports, sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < g->nports; i++) {
		const char *current = NULL;
		char **types = NULL;
		int nt = audit_port_types(pol, g->source, g->tclass, g->ports[i].perm,
					  g->ports[i].port, &types, &current);

		v[i].perm = g->ports[i].perm;
		v[i].port = g->ports[i].port;
		v[i].types = types;
		v[i].ntypes = nt > 0 ? (size_t)nt : 0;
		if (nt <= 0 || current) {
			pol_audit_fix_ports_free(v, i + 1);
			return NULL;
		}
		for (int k = 1; k < nt; k++) {
			size_t a = common_prefix(g->source, types[k]),
			       b = common_prefix(g->source, types[0]);

			if (a > b || (a == b && strlen(types[k]) < strlen(types[0]))) {
				char *t = types[0];

				types[0] = types[k];
				types[k] = t;
			}
		}
	}
	*n = g->nports;
	return v;
}

int pol_audit_fix_port_labelled(struct pol_audit_policy *pol, const struct pol_audit_group_info *g,
				struct pol_buf *b)
{
	size_t len = strlen(g->tclass);

	if (len <= 7 || strcmp(g->tclass + len - 7, "_socket"))
		return 0;
	for (size_t i = 0; i < g->nports; i++) {
		const char *current = NULL;
		char **types = NULL;
		int nt = audit_port_types(pol, g->source, g->tclass, g->ports[i].perm,
					  g->ports[i].port, &types, &current);

		if (nt < 0)
			return nt;
		if (current) {
			pol_buf_printf(
			    b, "port %u is %s in the policy (a portcon of its own): %s may %s ",
			    g->ports[i].port, current, g->source, g->ports[i].perm);
			for (int k = 0; k < nt; k++)
				pol_buf_printf(b, "%s%s", k ? ", " : "", types[k]);
			if (nt == 0)
				pol_buf_puts(b, "no port type");
		}
		for (int k = 0; k < nt; k++)
			free(types[k]);
		free(types);
		if (current)
			return b->failed ? -ENOMEM : 1;
	}
	return 0;
}

void pol_audit_fix_port_command(struct pol_buf *b, const struct pol_audit_group_info *g,
				const struct pol_audit_port_fix *f)
{
	pol_buf_printf(b, "semanage port -a -t %s -p %.*s %u   (%s may %s", f->types[0],
		       (int)(strlen(g->tclass) - 7), g->tclass, f->port, g->source, f->perm);
	for (size_t i = 0; i < f->ntypes; i++)
		pol_buf_printf(b, "%s%s", i ? ", " : " ", f->types[i]);
	pol_buf_printf(b, "; port %u is %s)", f->port, g->target);
}
