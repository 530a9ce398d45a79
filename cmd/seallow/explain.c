/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * seallow explain: per denial group every cause at once and the fix that
 * is not a rule where there is one (a boolean, a relabel), the rule where
 * there is none; --json, one object per group.
 */

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "label/label.h"
#include "seallow.h"
#include "util/buf.h"
#include "util/json.h"

struct explain_ctx {
	struct seallow_run *run;
	struct pol_label_specs *specs; /* NULL when file_contexts cannot be read */
	struct json_object *list;
	size_t groups, todo;
};

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

/* The type file_contexts gives the path, when it differs from the one the
 * file has: heap string or NULL. */
char *fix_relabel_type(struct seallow_run *run, struct pol_label_specs *specs,
		       const struct pol_audit_group_info *g)
{
	struct pol_label_match m = {0};
	char *type = NULL;

	if (!specs || !g->file || !file_class(g->tclass))
		return NULL;
	if (pol_label_lookup(specs, g->file, class_mode(g->tclass), &m) == 0 && m.context) {
		size_t len;
		const char *t = pol_label_context_type(m.context, &len);

		if (t && (strlen(g->target) != len || strncmp(t, g->target, len) != 0))
			type = strndup(t, len);
		/* a file_contexts of another policy names types this one lacks */
		if (type && !pol_pdb_has(run->pdb, POL_SYM_TYPE, type)) {
			free(type);
			type = NULL;
		}
	}
	pol_label_match_release(&m);
	return type;
}

static void rule_text(struct pol_buf *b, const struct pol_audit_group_info *g)
{
	pol_buf_printf(b, "allow %s %s:%s ", g->source,
		       strcmp(g->source, g->target) == 0 ? "self" : g->target, g->tclass);
	if (g->nperms == 1) {
		pol_buf_puts(b, g->perms[0]);
	} else {
		pol_buf_puts(b, "{");
		for (size_t i = 0; i < g->nperms; i++)
			pol_buf_printf(b, " %s", g->perms[i]);
		pol_buf_puts(b, " }");
	}
	pol_buf_puts(b, ";");
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && a[n] == b[n])
		n++;
	return n;
}

/* name_bind/name_connect of a port the policy gives no type of its own (a
 * range's type, unreserved_port_t): the port types the domain may already
 * use, and the semanage command that gives the port the likeliest of them,
 * the one named most like the domain (httpd_t: http_port_t). A port the
 * policy names is another service's: relabeling it is no fix. */
static char **port_fix(struct explain_ctx *x, const struct pol_audit_group_info *g,
		       struct pol_buf *fix, size_t *ntypes)
{
	const char *perm = NULL, *current = NULL;
	char **types = NULL, *end;
	unsigned long port;
	size_t len;
	int n;

	*ntypes = 0;
	if (!g->port || g->nperms != 1 ||
	    (strcmp(g->perms[0], "name_bind") && strcmp(g->perms[0], "name_connect")))
		return NULL;
	perm = g->perms[0];
	port = strtoul(g->port, &end, 10);
	len = strlen(g->tclass);
	if (*end || port > 65535 || len <= 7 || strcmp(g->tclass + len - 7, "_socket"))
		return NULL;
	n = pol_audit_port_types(x->run->pol, g->source, g->tclass, perm, (unsigned int)port,
				 &types, &current);
	if (n <= 0 || current) {
		for (int i = 0; i < n; i++)
			free(types[i]);
		free(types);
		return NULL;
	}
	for (int i = 1; i < n; i++) {
		size_t a = common_prefix(g->source, types[i]),
		       b = common_prefix(g->source, types[0]);

		if (a > b || (a == b && strlen(types[i]) < strlen(types[0]))) {
			char *t = types[0];

			types[0] = types[i];
			types[i] = t;
		}
	}
	pol_buf_printf(fix, "semanage port -a -t %s -p %.*s %lu   (%s may %s", types[0],
		       (int)(len - 7), g->tclass, port, g->source, perm);
	for (int i = 0; i < n; i++)
		pol_buf_printf(fix, "%s%s", i ? ", " : " ", types[i]);
	pol_buf_printf(fix, "; port %lu is %s)", port, g->target);
	*ntypes = (size_t)n;
	return types;
}

void fix_bool_command(struct pol_buf *b, const struct pol_audit_why *w)
{
	pol_buf_puts(b, "setsebool -P");
	for (size_t i = 0; i < w->nbool_set; i++)
		pol_buf_printf(b, " %s=%d", w->bool_set[i].name, w->bool_set[i].value);
}

#define OUT(...)                                                                                   \
	do {                                                                                       \
		if (!x->run->o->quiet)                                                             \
			printf(__VA_ARGS__);                                                       \
	} while (0)

static int one_group(const struct pol_audit_group_info *g, void *data)
{
	struct explain_ctx *x = data;
	const struct pol_audit_why *w = g->why;
	bool json = x->run->o->json;
	struct pol_buf fix = POL_BUF_INIT, rule = POL_BUF_INIT;
	const char *fix_kind;
	char *relabel = fix_relabel_type(x->run, x->specs, g);
	char **ports = NULL;
	size_t nports = 0;
	struct pol_audit_diff d[3];
	size_t nd = pol_audit_context_diffs(g->scontext, g->tcontext, d);
	struct json_object *o = NULL, *causes = NULL;

	x->groups++;
	rule_text(&rule, g);
	/* the fix: the least privilege that helps */
	if (w->causes & (1u << POL_AUDIT_ALLOW)) {
		fix_kind = "none";
		pol_buf_puts(&fix, "none: the policy allows this now (it changed since the denial, "
				   "or a boolean was set)");
	} else if (relabel) {
		fix_kind = "relabel";
		pol_buf_printf(
		    &fix,
		    "serelabel '%s'   (or: restorecon '%s'): file_contexts says %s, the file is %s",
		    g->file, g->file, relabel, g->target);
	} else if (w->causes & (1u << POL_AUDIT_CONSTRAINT)) {
		fix_kind = "constraint";
		pol_buf_puts(&fix,
			     "no rule can help: a constraint denies it; the contexts must change");
		if (nd)
			pol_buf_printf(&fix, " (%s vs %s)", d[0].source, d[0].target);
	} else if ((ports = port_fix(x, g, &fix, &nports)) != NULL) {
		fix_kind = "port";
	} else if (w->nbool_set) {
		fix_kind = "boolean";
		fix_bool_command(&fix, w);
	} else if (w->causes & (1u << POL_AUDIT_RBAC)) {
		fix_kind = "role";
		pol_buf_puts(&fix, "a role allow rule for the two roles");
	} else if (w->causes & (1u << POL_AUDIT_BOUNDS)) {
		fix_kind = "bounds";
		pol_buf_printf(&fix, "allow the access to the parent (typebounds) of %s",
			       g->source);
	} else {
		fix_kind = "rule";
		pol_buf_add(&fix, rule.data, rule.len);
	}
	if (strcmp(fix_kind, "none") != 0)
		x->todo++;
	if (json) {
		struct json_object *perms = json_object_new_array();

		o = json_object_new_object();
		causes = json_object_new_array();
		pol_json_add_str(o, "source", g->source);
		pol_json_add_str(o, "target", g->target);
		pol_json_add_str(o, "class", g->tclass);
		for (size_t i = 0; i < g->nperms; i++)
			json_object_array_add(perms, json_object_new_string(g->perms[i]));
		json_object_object_add(o, "perms", perms);
		json_object_object_add(o, "count", json_object_new_int64((int64_t)g->count));
		pol_json_add_str(o, "scontext", g->scontext);
		pol_json_add_str(o, "tcontext", g->tcontext);
		pol_json_add_str(o, "comm", g->comm && *g->comm ? g->comm : NULL);
		pol_json_add_str(o, "path", g->file);
		json_object_object_add(o, "permissive", json_object_new_boolean(g->permissive));
		json_object_object_add(o, "permissive_domain",
				       json_object_new_boolean(w->permissive_domain));
		pol_json_add_str(o, "verdict", pol_audit_verdict_name(w->verdict));
	} else {
		OUT("%s %s:%s {", g->source, g->target, g->tclass);
		for (size_t i = 0; i < g->nperms; i++)
			OUT(" %s", g->perms[i]);
		OUT(" }: %zu denial%s", g->count, g->count == 1 ? "" : "s");
		if (g->comm && *g->comm)
			OUT(", comm \"%s\"", g->comm);
		if (g->file)
			OUT(", path \"%s\"", g->file);
		if (g->permissive)
			OUT(", permissive");
		OUT("\n  contexts: %s -> %s\n", g->scontext, g->tcontext);
	}
	for (int v = 0; v <= POL_AUDIT_BOUNDS; v++) {
		struct pol_buf c = POL_BUF_INIT;

		if (!(w->causes & (1u << v)))
			continue;
		switch (v) {
		case POL_AUDIT_ALLOW:
			pol_buf_puts(&c, "allowed by the policy now");
			break;
		case POL_AUDIT_DONTAUDIT:
			pol_buf_puts(&c, "a dontaudit rule hides it");
			break;
		case POL_AUDIT_TERULE:
			pol_buf_puts(&c, "no allow rule");
			break;
		case POL_AUDIT_BOOLEAN:
			pol_buf_puts(&c, "allowed under booleans: ");
			fix_bool_command(&c, w);
			break;
		case POL_AUDIT_CONSTRAINT:
			pol_buf_printf(&c, "constraint: %.*s",
				       w->constraint ? (int)strcspn(w->constraint, "\n") : 0,
				       w->constraint ? w->constraint : "");
			for (size_t i = 0; i < nd; i++)
				pol_buf_printf(&c, "; %s vs %s", d[i].source, d[i].target);
			break;
		case POL_AUDIT_RBAC:
			pol_buf_puts(&c, "no role allow rule for the roles");
			break;
		case POL_AUDIT_BOUNDS:
			pol_buf_puts(&c, "typebounds: the parent type lacks the access");
			break;
		}
		if (json) {
			struct json_object *co = json_object_new_object();

			pol_json_add_str(co, "kind",
					 pol_audit_verdict_name((enum pol_audit_verdict)v));
			pol_json_add_str(co, "text", pol_buf_str(&c));
			if (v == POL_AUDIT_BOOLEAN) {
				struct json_object *bl = json_object_new_array();

				for (size_t i = 0; i < w->nbool_set; i++) {
					struct json_object *bo = json_object_new_object();

					pol_json_add_str(bo, "name", w->bool_set[i].name);
					json_object_object_add(
					    bo, "value",
					    json_object_new_boolean(w->bool_set[i].value));
					json_object_array_add(bl, bo);
				}
				json_object_object_add(co, "booleans", bl);
			}
			json_object_array_add(causes, co);
		} else {
			OUT("  cause: %s\n", pol_buf_str(&c));
		}
		pol_buf_release(&c);
	}
	if (relabel && !json)
		OUT("  cause: mislabeled: file_contexts gives '%s' the type %s\n", g->file,
		    relabel);
	if (w->permissive_domain && !json)
		OUT("  note: %s is a permissive domain: the access was not blocked\n", g->source);
	if (json) {
		struct json_object *fo = json_object_new_object();

		json_object_object_add(o, "causes", causes);
		pol_json_add_str(o, "relabel_type", relabel);
		pol_json_add_str(o, "port", g->port);
		if (ports) {
			struct json_object *pl = json_object_new_array();

			for (size_t i = 0; i < nports; i++)
				json_object_array_add(pl, json_object_new_string(ports[i]));
			json_object_object_add(fo, "port_types", pl);
		}
		pol_json_add_str(fo, "kind", fix_kind);
		pol_json_add_str(fo, "text", pol_buf_str(&fix));
		json_object_object_add(o, "fix", fo);
		pol_json_add_str(o, "rule", pol_buf_str(&rule));
		json_object_array_add(x->list, o);
	} else {
		OUT("  fix: %s\n\n", pol_buf_str(&fix));
	}
	free(relabel);
	for (size_t i = 0; i < nports; i++)
		free(ports[i]);
	free(ports);
	pol_buf_release(&fix);
	pol_buf_release(&rule);
	return 0;
}

struct pol_label_specs *fix_specs_open(void)
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

int explain_output(struct seallow_run *run)
{
	struct explain_ctx x = {.run = run};
	struct json_object *doc = NULL;

	x.specs = fix_specs_open();
	if (run->o->json) {
		doc = pol_json_document("seallow");
		x.list = json_object_new_array();
	}
	pol_audit_set_each(run->set, one_group, &x);
	if (doc) {
		struct json_object *sk = json_object_new_object();

		for (int i = 1; i < POL_AUDIT_BAD_COUNT; i++) {
			size_t n = pol_audit_set_skipped(run->set, (enum pol_audit_bad)i);

			if (n)
				json_object_object_add(sk,
						       pol_audit_bad_name((enum pol_audit_bad)i),
						       json_object_new_int64((int64_t)n));
		}
		json_object_object_add(doc, "denials", x.list);
		json_object_object_add(doc, "skipped", sk);
		if (!run->o->quiet)
			pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	}
	pol_label_specs_free(x.specs);
	return x.todo ? EXIT_OK : EXIT_NOMATCH;
}
