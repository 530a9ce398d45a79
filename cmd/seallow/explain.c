/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * seallow explain: per denial group every cause at once and the fix that
 * is not a rule where there is one (a boolean, a relabel), the rule where
 * there is none; --json, one object per group.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "label/label.h"
#include "seallow.h"
#include "util/buf.h"
#include "util/hash.h"
#include "util/json.h"
#include "util/quote.h"

struct explain_ctx {
	struct seallow_run *run;
	struct pol_audit_policy *pol;  /* the set's: the run's, or a host's (--policy-map) */
	struct ifdb *db;	       /* -R: the interfaces, NULL otherwise */
	struct pol_label_specs *specs; /* NULL when file_contexts cannot be read */
	size_t groups, todo;
	bool follow; /* --follow: new or grown groups only, JSON a line each */
};

/* --follow: each group printed, by its key, with the permissions it had:
 * printed again only when it grew a permission (its fix may change). */
struct printed {
	struct pol_hash_entry entry;
	size_t nperms, len;
	char key[];
};
static struct pol_hash printed;
static struct pol_label_specs *follow_specs;
static bool follow_ready;

/*
 * json-c asserts (SIGABRT) when a member is added to a NULL container, and
 * its constructors return NULL when memory runs out: every container here
 * is made by jnew() (noting the failure in *oom) and filled by jset() and
 * jpush(), which drop the member when the container is missing, so a
 * group's object is either whole or dropped with "out of memory".
 */
static bool oom;

static struct json_object *jnew(struct json_object *o)
{
	if (!o)
		oom = true;
	return o;
}

static void jset(struct json_object *o, const char *key, struct json_object *v)
{
	if (!o || json_object_object_add(o, key, v) < 0) {
		json_object_put(v);
		oom = true;
	}
}

static void jpush(struct json_object *a, struct json_object *v)
{
	if (!v || !a || json_object_array_add(a, v) < 0) {
		json_object_put(v);
		oom = true;
	}
}

static void jstr(struct json_object *o, const char *key, const char *s)
{
	struct json_object *v = pol_json_str(s);

	if (s && !v)
		oom = true;
	jset(o, key, v);
}

static struct json_object *str_array(const char *const *v, size_t n)
{
	struct json_object *a = jnew(json_object_new_array());

	for (size_t i = 0; a && i < n; i++)
		jpush(a, pol_json_str(v[i]));
	return a;
}

/* [{name, value}...] */
static struct json_object *bool_array(const struct pol_audit_bool *v, size_t n)
{
	struct json_object *a = jnew(json_object_new_array());

	for (size_t i = 0; i < n; i++) {
		struct json_object *bo = jnew(json_object_new_object());

		jstr(bo, "name", v[i].name);
		jset(bo, "value", json_object_new_boolean(v[i].value));
		jpush(a, bo);
	}
	return a;
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

/* s as pol_escape() writes it, in b (reset): valid until b's next use */
static const char *escaped(struct pol_buf *b, const char *s)
{
	pol_buf_reset(b);
	pol_escape(b, s);
	return b->failed ? "?" : pol_buf_str(b);
}

#define OUT(...)                                                                                   \
	do {                                                                                       \
		if (!x->run->o->quiet)                                                             \
			printf(__VA_ARGS__);                                                       \
	} while (0)

const struct pol_audit_why *seallow_group_why(struct pol_audit_policy *pol,
					      const struct pol_audit_group_info *g)
{
	const struct pol_audit_why *w;

	if (g->nperms > 1 && pol_audit_explain(pol, g->scontext, g->tcontext, g->tclass, g->perms,
					       g->nperms, &w) == POL_AUDIT_OK)
		return w;
	return g->why;
}

/* --follow: whether g is new or grew since it was last printed (and
 * remember it so); -ENOMEM when memory runs out. */
static int follow_news(const struct pol_audit_group_info *g)
{
	struct pol_buf k = POL_BUF_INIT;
	struct printed *p = NULL;
	uint32_t h;
	int rc = 1;

	pol_buf_printf(&k, "%s%c%s%c%s%c%s%c%d", g->node ? g->node : "", 0, g->source, 0, g->target,
		       0, g->tclass, 0, (int)g->verdict);
	if (k.failed) {
		pol_buf_release(&k);
		return -ENOMEM;
	}
	h = pol_hash_bytes(k.data, k.len);
	for (struct pol_hash_entry *e = pol_hash_chain(&printed, h); e && !p; e = e->next) {
		struct printed *x = pol_hash_item(e, struct printed, entry);

		if (e->hash == h && x->len == k.len && memcmp(x->key, k.data, k.len) == 0)
			p = x;
	}
	if (p) {
		rc = p->nperms != g->nperms;
		p->nperms = g->nperms;
	} else if ((p = malloc(sizeof(*p) + k.len)) != NULL) {
		*p = (struct printed){.nperms = g->nperms, .len = k.len};
		memcpy(p->key, k.data, k.len);
		pol_hash_add(&printed, &p->entry, h);
	} else {
		rc = -ENOMEM;
	}
	pol_buf_release(&k);
	return rc;
}

/* A time as ECS writes it: ISO 8601 in UTC. */
static void jtime(struct json_object *o, const char *key, time_t t)
{
	char buf[32];
	struct tm tm;

	if (!t || !gmtime_r(&t, &tm) || !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm)) {
		jset(o, key, NULL);
		return;
	}
	jstr(o, key, buf);
}

/* --follow --json: the names SIEMs ingest unchanged (Elastic Common
 * Schema), beside seallow's own keys. */
static void ecs_fields(struct json_object *o, const struct pol_audit_group_info *g,
		       const char *fix_kind)
{
	struct json_object *host = jnew(json_object_new_object()),
			   *process = jnew(json_object_new_object()),
			   *file = jnew(json_object_new_object()),
			   *event = jnew(json_object_new_object());

	jtime(o, "@timestamp", g->last);
	jtime(o, "first_seen", g->first);
	jtime(o, "last_seen", g->last);
	jstr(host, "name", g->node);
	jset(o, "host", host);
	jstr(process, "name", g->comm && *g->comm ? g->comm : NULL);
	jstr(process, "executable", g->executable);
	jset(o, "process", process);
	jstr(file, "path", g->file);
	jset(o, "file", file);
	/* auditbeat's action for an AVC record */
	jstr(event, "action", "violated-selinux-policy");
	jstr(event, "kind", "alert");
	jstr(event, "outcome", g->permissive ? "success" : "failure");
	jset(event, "count", json_object_new_int64((int64_t)g->count));
	jtime(event, "start", g->first);
	jtime(event, "end", g->last);
	jstr(event, "reason", fix_kind);
	jset(o, "event", event);
}

/* Why no relabel is offered, and what can work instead. */
static const char *no_relabel_text(enum pol_audit_no_relabel why,
				   const struct pol_audit_group_info *g, struct pol_buf *b)
{
	pol_buf_reset(b);
	if (why == POL_AUDIT_NO_RELABEL_FS) {
		pol_buf_printf(b, "the policy labels this filesystem by genfscon or fs_use (%s",
			       g->target);
		if (g->dev) {
			pol_buf_puts(b, ", dev ");
			pol_escape(b, g->dev);
		}
		pol_buf_puts(b, "): a relabel cannot change its files; a mount option context=, "
				"a boolean or a rule can");
	} else {
		pol_buf_puts(b, "the path is most likely inside a container's mount namespace: "
				"relabel the volume on the host (podman/docker -v ...:Z), or a "
				"container boolean or module");
	}
	return b->failed ? "?" : pol_buf_str(b);
}

/* What explain finds for one group, gathered before it prints. */
struct finding {
	const struct pol_audit_why *w;
	struct pol_audit_diff d[3]; /* how the two contexts differ */
	size_t nd;
	char *relabel; /* the type file_contexts gives the path, or NULL */
	enum pol_audit_no_relabel no_relabel;
	struct pol_audit_port_fix *ports; /* the port fixes, or NULL */
	size_t nports;
	struct ifdb_choice ifc; /* -R: the interface audit2allow -R would call */
	char *if_extra;
	const char *fix_kind;
	struct pol_buf fix, rule, port_note;
};

/* The fix: the least privilege that helps, and its kind. */
static void fix_decide(struct explain_ctx *x, const struct pol_audit_group_info *g,
		       struct finding *f)
{
	const struct pol_audit_why *w = f->w;

	if (w->causes & (1u << POL_AUDIT_ALLOW)) {
		f->fix_kind = "none";
		pol_buf_puts(&f->fix,
			     "none: the policy allows this now (it changed since the denial, "
			     "or a boolean was set)");
	} else if (f->relabel) {
		f->fix_kind = "relabel";
		pol_audit_fix_relabel_command(&f->fix, g->file);
		pol_buf_printf(&f->fix, ": file_contexts says %s, the file is %s", f->relabel,
			       g->target);
	} else if (w->causes & (1u << POL_AUDIT_CONSTRAINT)) {
		f->fix_kind = "constraint";
		pol_buf_puts(&f->fix,
			     "no rule can help: a constraint denies it; the contexts must change");
		if (f->nd)
			pol_buf_printf(&f->fix, " (%s vs %s)", f->d[0].source, f->d[0].target);
	} else if ((f->ports = pol_audit_fix_ports(x->pol, g, &f->nports)) != NULL) {
		f->fix_kind = "port";
		for (size_t i = 0; i < f->nports; i++) {
			if (i)
				pol_buf_puts(&f->fix, x->run->o->json ? "; " : "\n  fix: ");
			pol_audit_fix_port_command(&f->fix, g, &f->ports[i]);
		}
	} else if (w->nbool_set) {
		f->fix_kind = "boolean";
		pol_audit_fix_bool_command(&f->fix, w);
	} else if (w->causes & (1u << POL_AUDIT_RBAC)) {
		f->fix_kind = "role";
		pol_buf_puts(&f->fix, "a role allow rule for the two roles");
	} else if (w->causes & (1u << POL_AUDIT_BOUNDS)) {
		f->fix_kind = "bounds";
		pol_buf_printf(&f->fix, "allow the access to the parent (typebounds) of %s",
			       g->source);
	} else if (f->ifc.call && !f->ifc.refused) {
		f->fix_kind = "interface";
		pol_buf_puts(&f->fix, f->ifc.call);
	} else {
		f->fix_kind = "rule";
		pol_buf_add(&f->fix, f->rule.data, f->rule.len);
	}
}

/* Gather the finding for g: its relabel, rule, interface, fix and port note. */
static void finding_gather(struct explain_ctx *x, const struct pol_audit_group_info *g,
			   struct finding *f)
{
	f->relabel = pol_audit_fix_relabel_type(x->pol, x->specs, g);
	f->no_relabel = pol_audit_fix_no_relabel(x->pol, g);
	x->groups++;
	rule_text(&f->rule, g);
	if (x->db && seallow_ifdb_choose(x->db, g, &f->ifc) > 0)
		f->if_extra = seallow_ifdb_choice_extra_text(&f->ifc);
	fix_decide(x, g, f);
	if (strcmp(f->fix_kind, "none") != 0)
		x->todo++;
	/* a port the policy names: another service's, which a rule would
	 * open to the domain; said, since a relabel is no fix there */
	if (!f->ports && strcmp(f->fix_kind, "none") != 0 &&
	    pol_audit_fix_port_labelled(x->run->pol, g, &f->port_note) < 0)
		pol_buf_release(&f->port_note);
}

/* The words for cause v of the finding (v one of its causes). */
static void cause_text(struct pol_buf *c, const struct finding *f, int v)
{
	const struct pol_audit_why *w = f->w;

	switch (v) {
	case POL_AUDIT_ALLOW:
		pol_buf_puts(c, "allowed by the policy now");
		break;
	case POL_AUDIT_DONTAUDIT:
		pol_buf_puts(c, "a dontaudit rule hides it");
		break;
	case POL_AUDIT_TERULE:
		pol_buf_puts(c, "no allow rule");
		break;
	case POL_AUDIT_BOOLEAN:
		pol_buf_puts(c, "allowed under booleans: ");
		pol_audit_fix_bool_command(c, w);
		/* every boolean that allows it alone, as audit2why
		 * lists them: the narrow one is often the right one */
		for (size_t i = 0; w->nbools > 1 && i < w->nbools; i++)
			pol_buf_printf(c, "%s%s=%d",
				       i ? ", " : "; or any one of: ", w->bools[i].name,
				       w->bools[i].value);
		break;
	case POL_AUDIT_CONSTRAINT:
		pol_buf_printf(c, "constraint: %.*s",
			       w->constraint ? (int)strcspn(w->constraint, "\n") : 0,
			       w->constraint ? w->constraint : "");
		for (size_t i = 0; i < f->nd; i++)
			pol_buf_printf(c, "; %s vs %s", f->d[i].source, f->d[i].target);
		break;
	case POL_AUDIT_RBAC:
		pol_buf_puts(c, "no role allow rule for the roles");
		break;
	case POL_AUDIT_BOUNDS:
		pol_buf_puts(c, "typebounds: the parent type lacks the access");
		break;
	}
}

/* The finding as a paragraph. */
static void print_text(struct explain_ctx *x, const struct pol_audit_group_info *g,
		       const struct finding *f)
{
	const struct pol_audit_why *w = f->w;
	const struct ifdb_choice *ifc = &f->ifc;
	struct pol_buf esc = POL_BUF_INIT;

	OUT("%s %s:%s {", g->source, g->target, g->tclass);
	for (size_t i = 0; i < g->nperms; i++)
		OUT(" %s", g->perms[i]);
	OUT(" }: %zu denial%s", g->count, g->count == 1 ? "" : "s");
	/* the log's words, escaped: a name must not drive the terminal */
	if (g->node)
		OUT(", node \"%s\"", escaped(&esc, g->node));
	if (g->comm && *g->comm)
		OUT(", comm \"%s\"", escaped(&esc, g->comm));
	if (g->file)
		OUT(", path \"%s\"", escaped(&esc, g->file));
	if (g->permissive)
		OUT(", permissive");
	OUT("\n  contexts: %s -> %s\n", g->scontext, g->tcontext);
	for (int v = 0; v <= POL_AUDIT_BOUNDS; v++) {
		struct pol_buf c = POL_BUF_INIT;

		if (!(w->causes & (1u << v)))
			continue;
		cause_text(&c, f, v);
		OUT("  cause: %s\n", pol_buf_str(&c));
		pol_buf_release(&c);
	}
	if (f->relabel)
		OUT("  cause: mislabeled: file_contexts gives '%s' the type %s\n",
		    escaped(&esc, g->file), f->relabel);
	if (ifc->call) {
		if (ifc->refused)
			OUT("  interface: %s refused: distance %d > %d; it would also grant %s "
			    "(--broad-interfaces takes it)\n",
			    ifc->call, ifc->distance, x->run->o->max_distance,
			    f->if_extra ? f->if_extra : "?");
		else
			OUT("  interface: %s (distance %d) also grants %s\n", ifc->call,
			    ifc->distance, f->if_extra ? f->if_extra : "?");
	}
	if (f->no_relabel != POL_AUDIT_RELABEL_OK && g->file)
		OUT("  note: %s\n", no_relabel_text(f->no_relabel, g, &esc));
	if (w->permissive_domain)
		OUT("  note: %s is a permissive domain: the access was not blocked\n", g->source);
	OUT("  fix: %s\n", pol_buf_str(&f->fix));
	if (f->port_note.len)
		OUT("  note: %s\n", pol_buf_str(&f->port_note));
	if (f->ports && g->ports_more)
		OUT("  note: %zu more denial%s on ports not listed (%d at most)\n", g->ports_more,
		    g->ports_more == 1 ? "" : "s", POL_AUDIT_MAX_DISTINCT);
	OUT("\n");
	pol_buf_release(&esc);
}

/* The group's own fields: what the log says and the verdict. */
static struct json_object *json_group(const struct pol_audit_group_info *g,
				      const struct pol_audit_why *w)
{
	struct json_object *perms = jnew(json_object_new_array());
	struct json_object *o = jnew(json_object_new_object());

	jstr(o, "source", g->source);
	jstr(o, "target", g->target);
	jstr(o, "class", g->tclass);
	for (size_t i = 0; i < g->nperms; i++)
		jpush(perms, json_object_new_string(g->perms[i]));
	jset(o, "perms", perms);
	jset(o, "count", json_object_new_int64((int64_t)g->count));
	jstr(o, "node", g->node);
	jstr(o, "scontext", g->scontext);
	jstr(o, "tcontext", g->tcontext);
	jstr(o, "comm", g->comm && *g->comm ? g->comm : NULL);
	jstr(o, "path", g->file);
	jset(o, "commands", str_array(g->commands, g->ncommands));
	jset(o, "paths", str_array(g->files, g->nfiles));
	jset(o, "permissive", json_object_new_boolean(g->permissive));
	jset(o, "permissive_domain", json_object_new_boolean(w->permissive_domain));
	jstr(o, "verdict", pol_audit_verdict_name(w->verdict));
	return o;
}

/* The port fixes into fo: each port's permission, types and command. */
static void json_ports(struct json_object *fo, const struct pol_audit_group_info *g,
		       const struct finding *f)
{
	struct json_object *pc = jnew(json_object_new_array());

	/* the first port's types, as before groups had several */
	jset(fo, "port_types",
	     str_array((const char *const *)f->ports[0].types, f->ports[0].ntypes));
	for (size_t i = 0; i < f->nports; i++) {
		struct json_object *po = jnew(json_object_new_object());
		struct pol_buf cmd = POL_BUF_INIT;

		pol_audit_fix_port_command(&cmd, g, &f->ports[i]);
		jstr(po, "perm", f->ports[i].perm);
		jset(po, "port", json_object_new_int((int)f->ports[i].port));
		jset(po, "port_types",
		     str_array((const char *const *)f->ports[i].types, f->ports[i].ntypes));
		jstr(po, "command", pol_buf_str(&cmd));
		jpush(pc, po);
		pol_buf_release(&cmd);
	}
	jset(fo, "ports", pc);
	jset(fo, "ports_more", json_object_new_int64((int64_t)g->ports_more));
}

/* The -R interface chosen, refused or not. */
static struct json_object *json_interface(const struct ifdb_choice *ifc)
{
	struct json_object *io = jnew(json_object_new_object());

	jstr(io, "call", ifc->call);
	jstr(io, "name", ifc->name);
	jstr(io, "argument", ifc->arg);
	jset(io, "distance", json_object_new_int(ifc->distance));
	jset(io, "refused", json_object_new_boolean(ifc->refused));
	jset(io, "also_grants", str_array((const char *const *)ifc->extra, ifc->nextra));
	return io;
}

/* The finding as a JSON object: an item of the array, or with --follow a line. */
static void print_json(struct explain_ctx *x, const struct pol_audit_group_info *g,
		       const struct finding *f)
{
	const struct pol_audit_why *w = f->w;
	struct json_object *o = json_group(g, w);
	struct json_object *causes = jnew(json_object_new_array());
	struct json_object *fo;

	for (int v = 0; v <= POL_AUDIT_BOUNDS; v++) {
		struct pol_buf c = POL_BUF_INIT;
		struct json_object *co;

		if (!(w->causes & (1u << v)))
			continue;
		cause_text(&c, f, v);
		co = jnew(json_object_new_object());
		jstr(co, "kind", pol_audit_verdict_name((enum pol_audit_verdict)v));
		jstr(co, "text", pol_buf_str(&c));
		if (v == POL_AUDIT_BOOLEAN) {
			jset(co, "booleans", bool_array(w->bool_set, w->nbool_set));
			jset(co, "each_allows", bool_array(w->bools, w->nbools));
		}
		jpush(causes, co);
		pol_buf_release(&c);
	}
	fo = jnew(json_object_new_object());
	jset(o, "causes", causes);
	jstr(o, "relabel_type", f->relabel);
	jstr(o, "no_relabel",
	     f->no_relabel == POL_AUDIT_NO_RELABEL_FS	       ? "filesystem"
	     : f->no_relabel == POL_AUDIT_NO_RELABEL_CONTAINER ? "container"
							       : NULL);
	jstr(o, "port", g->port);
	jstr(o, "port_note", f->port_note.len ? pol_buf_str(&f->port_note) : NULL);
	if (f->ports)
		json_ports(fo, g, f);
	if (f->ifc.call)
		jset(o, "interface", json_interface(&f->ifc));
	else if (x->db)
		jset(o, "interface", NULL);
	jstr(fo, "kind", f->fix_kind);
	jstr(fo, "text", pol_buf_str(&f->fix));
	jset(o, "fix", fo);
	jstr(o, "rule", pol_buf_str(&f->rule));
	if (x->follow) {
		ecs_fields(o, g, f->fix_kind);
		/* a line each, compact, whole or not at all */
		if (!oom && !x->run->o->quiet)
			printf("%s\n",
			       json_object_to_json_string_ext(
				   o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	} else if (!oom && !x->run->o->quiet) {
		oom = pol_json_stream_item(stdout, o, x->groups == 1) == -ENOMEM;
	}
	json_object_put(o);
}

static int one_group(const struct pol_audit_group_info *g, void *data)
{
	struct explain_ctx *x = data;
	struct finding f = {.w = seallow_group_why(x->pol, g),
			    .fix = POL_BUF_INIT,
			    .rule = POL_BUF_INIT,
			    .port_note = POL_BUF_INIT};
	bool failed;

	f.nd = pol_audit_context_diffs(g->scontext, g->tcontext, f.d);
	if (x->follow) {
		int news = follow_news(g);

		if (news <= 0)
			return news;
	}
	finding_gather(x, g, &f);
	if (x->run->o->json)
		print_json(x, g, &f);
	else
		print_text(x, g, &f);
	/* before the release, which clears the buffers' failed flags */
	failed = oom || f.fix.failed || f.rule.failed || f.port_note.failed;
	free(f.relabel);
	pol_audit_fix_ports_free(f.ports, f.nports);
	seallow_ifdb_choice_release(&f.ifc);
	free(f.if_extra);
	pol_buf_release(&f.fix);
	pol_buf_release(&f.port_note);
	pol_buf_release(&f.rule);
	return failed ? -ENOMEM : 0;
}

/* explain --follow: the groups new or grown since the last call, each a
 * paragraph, or with --json a JSON object a line. */
void seallow_explain_follow(struct seallow_run *run)
{
	struct explain_ctx x = {.run = run, .follow = true};
	int rc = 0;

	if (!follow_ready) {
		if (pol_hash_init(&printed, 256) < 0) {
			rc = -ENOMEM;
			goto out;
		}
		follow_specs = pol_audit_fix_specs_open();
		follow_ready = true;
	}
	x.specs = follow_specs;
	x.pol = run->pol;
	rc = pol_audit_set_each(run->set, one_group, &x);
	for (size_t i = 0; rc == 0 && i < run->nnodes; i++) {
		x.pol = run->nodes[i].pol;
		rc = pol_audit_set_each(run->nodes[i].set, one_group, &x);
	}
out:
	if (rc < 0 || oom) {
		run->status = seallow_report(rc < 0 ? rc : -ENOMEM, "out of memory");
		oom = false;
	}
}

int seallow_explain_output(struct seallow_run *run)
{
	struct explain_ctx x = {.run = run};
	struct json_object *doc = NULL;
	int rc = 0;

	if (run->o->refpolicy && seallow_groups(run)) {
		int status = seallow_ifdb_open(run->o, &x.db);

		if (status != EXIT_OK)
			return status;
	}
	x.specs = pol_audit_fix_specs_open();
	/* --json streams (HACKING.md, "One JSON style"): the header, a group a
	 * line as each is explained, then what was skipped; -q prints nothing */
	if (run->o->json && !run->o->quiet) {
		doc = jnew(pol_json_document("seallow"));
		if (doc)
			rc = pol_json_stream_begin(stdout, doc, "denials");
		json_object_put(doc);
	}
	x.pol = run->pol;
	if (rc == 0)
		rc = pol_audit_set_each(run->set, one_group, &x);
	for (size_t i = 0; rc == 0 && i < run->nnodes; i++) {
		x.pol = run->nodes[i].pol;
		rc = pol_audit_set_each(run->nodes[i].set, one_group, &x);
	}
	if (rc == 0 && run->o->json && !run->o->quiet) {
		struct json_object *tail = jnew(json_object_new_object());

		if (tail && !seallow_lost_json(run, tail))
			oom = true;
		rc = oom ? -ENOMEM : pol_json_stream_end(stdout, tail);
		json_object_put(tail);
	}
	pol_label_specs_free(x.specs);
	seallow_ifdb_free(x.db);
	if (rc < 0 || oom) {
		struct pol_err err;

		pol_err_init(&err);
		rc = cli_report(&err, rc < 0 ? rc : -ENOMEM);
		pol_err_release(&err);
		return rc;
	}
	return x.todo ? EXIT_OK : EXIT_NOMATCH;
}
