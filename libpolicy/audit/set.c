// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Denials grouped as audit2allow 3.4 groups them (sepolgen access.py
 * AccessVectorSet: by source type, target type, class and verdict, the
 * permissions and ioctl numbers of later denials merged, the explanation of
 * the first kept), in one stable order: rules sorted by (source, target or
 * "self", class), ties in order of first appearance. set-write.c writes
 * them as audit2allow does (the require block sorted where audit2allow
 * iterates Python sets), set-verify.c replays them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

#include "audit/explain-internal.h"
#include "audit/set-internal.h"
#include "util/buf.h"
#include "util/context.h"
#include "util/hash.h"

/* the groups' strings are cut from chunks of this size (struct chunk) */
#define CHUNK_SIZE 65536

int pol_audit_set_new(struct pol_audit_policy *pol, struct pol_audit_set **out, struct pol_err *err)
{
	struct pol_audit_set *set = calloc(1, sizeof(*set));

	if (!set)
		return pol_err_set(err, -ENOMEM, "out of memory");
	set->pol = pol;
	if (pol_hash_init(&set->groups, 64) < 0) {
		free(set);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out = set;
	return 0;
}

void pol_audit_set_keep_messages(struct pol_audit_set *set)
{
	set->keep_msgs = true;
}

void pol_audit_set_by_node(struct pol_audit_set *set)
{
	set->by_node = true;
}

static bool same_node(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0) || (!a && b && !*b) || (!b && a && !*a);
}

/* A copy of s[0..n) in the set's chunks; NULL when out of memory. */
static char *set_strndup(struct pol_audit_set *set, const char *s, size_t n)
{
	struct chunk *c = set->chunks;
	char *p;

	if (!c || c->size - c->used < n + 1) {
		size_t size = n + 1 > CHUNK_SIZE / 4 ? n + 1 : CHUNK_SIZE;

		c = malloc(sizeof(*c) + size);
		if (!c)
			return NULL;
		c->used = 0;
		c->size = size;
		if (set->chunks && size != CHUNK_SIZE) {
			/* a long string's own chunk: the current one keeps its room */
			c->next = set->chunks->next;
			set->chunks->next = c;
		} else {
			c->next = set->chunks;
			set->chunks = c;
		}
	}
	p = c->data + c->used;
	memcpy(p, s, n);
	p[n] = '\0';
	c->used += n + 1;
	return p;
}

static char *set_strdup(struct pol_audit_set *set, const char *s)
{
	return set_strndup(set, s, strlen(s));
}

static char *set_dup_or_empty(struct pol_audit_set *set, const char *s)
{
	return set_strdup(set, s ? s : "");
}

static void free_group(struct pol_hash_entry *e)
{
	struct audit_group *g = pol_hash_item(e, struct audit_group, entry);

	for (struct msg *m = g->msgs, *next; m; m = next) {
		next = m->next;
		free(m);
	}
	free(g->ports);
	free(g->xp);
	free(g);
}

void pol_audit_set_reset(struct pol_audit_set *set)
{
	pol_hash_clear(&set->groups, free_group);
	for (struct chunk *c = set->chunks, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	set->chunks = NULL;
	for (size_t i = 0; i < set->nroles; i++)
		free(set->roles[i]);
	free(set->roles);
	set->roles = NULL;
	set->nroles = 0;
}

void pol_audit_set_free(struct pol_audit_set *set)
{
	if (!set)
		return;
	pol_audit_set_reset(set);
	free(set->grants);
	pol_hash_release(&set->groups, NULL);
	pol_buf_release(&set->scratch);
	free(set);
}

size_t pol_audit_set_skipped(const struct pol_audit_set *set, enum pol_audit_bad bad)
{
	return bad < POL_AUDIT_BAD_COUNT ? set->skipped[bad] : 0;
}

size_t pol_audit_set_groups(const struct pol_audit_set *set)
{
	return set->groups.n;
}

/* A group's hash, from its types' values rather than their names: an alias
 * has its type's value, and the names compared on a hash match still keep
 * the alias's group apart. node: its node name's hash, or 0. */
static uint32_t hash_key(uint32_t stype, uint32_t ttype, uint32_t cls, int v, uint32_t node)
{
	const uint32_t k[] = {stype, ttype, cls, (uint32_t)v, node};

	return pol_hash_bytes(k, sizeof(k));
}

static void add_xperm(struct audit_group *g, unsigned long v)
{
	size_t i = 0;
	struct range *p;

	for (; i < g->nxp; i++) {
		if (v >= g->xp[i].lo && v <= g->xp[i].hi)
			return;
		if (v < g->xp[i].lo)
			break;
	}
	p = realloc(g->xp, (g->nxp + 1) * sizeof(*p));
	if (!p)
		return;
	g->xp = p;
	memmove(&p[i + 1], &p[i], (g->nxp - i) * sizeof(*p));
	p[i] = (struct range){v, v};
	g->nxp++;
	/* merge neighbours, as sepolgen's XpermSet does */
	for (size_t k = 0; k + 1 < g->nxp;) {
		if (p[k + 1].lo <= p[k].hi + 1) {
			if (p[k + 1].hi > p[k].hi)
				p[k].hi = p[k + 1].hi;
			memmove(&p[k + 1], &p[k + 2], (g->nxp - k - 2) * sizeof(*p));
			g->nxp--;
		} else {
			k++;
		}
	}
}

/* The scratch buffer's text, or NULL (the buffer emptied for the next
 * denial) when it could not grow. */
static const char *scratch_str(struct pol_audit_set *set)
{
	if (set->scratch.failed) {
		pol_buf_release(&set->scratch);
		return NULL;
	}
	return pol_buf_str(&set->scratch);
}

/* "perm" or "{ perm1 perm2 }", in the set's chunks. */
static char *join_perms(struct pol_audit_set *set, const char *const *perms, size_t n)
{
	struct pol_buf *b = &set->scratch;
	const char *s;

	if (n == 1)
		return set_strdup(set, perms[0]);
	pol_buf_reset(b);
	pol_buf_puts(b, "{");
	for (size_t i = 0; i < n; i++) {
		pol_buf_putc(b, ' ');
		pol_buf_puts(b, perms[i]);
	}
	pol_buf_puts(b, " }");
	s = scratch_str(set);
	return s ? set_strdup(set, s) : NULL;
}

static void keep_msg(struct pol_audit_set *set, struct audit_group *g,
		     const struct pol_audit_avc *a)
{
	struct msg *m = calloc(1, sizeof(*m));
	const char *h = strstr(a->record, "audit(");

	if (!m)
		return;
	m->header = h ? set_strndup(set, h, strcspn(h, " ")) : set_strdup(set, "");
	m->scontext = set_dup_or_empty(set, a->scontext);
	m->tcontext = set_dup_or_empty(set, a->tcontext);
	m->perms = a->nperms ? join_perms(set, a->perms, a->nperms) : set_strdup(set, "");
	m->comm = set_dup_or_empty(set, a->comm);
	m->exe = set_dup_or_empty(set, a->exe);
	m->path = set_dup_or_empty(set, a->avc_path);
	m->message = set_dup_or_empty(set, a->record);
	*g->msgs_tail = m;
	g->msgs_tail = &m->next;
}

/* The denied object's path: the AVC's path=, else the event's PATH name
 * (made absolute with its CWD, in the scratch buffer: valid until the
 * buffer's next use), else the old AVC_PATH record's. */
static const char *file_of(struct pol_audit_set *set, const struct pol_audit_avc *a)
{
	if (a->path && a->path[0] == '/')
		return a->path;
	if (a->path_name && a->path_name[0] == '/')
		return a->path_name;
	if (a->path_name && a->cwd && a->cwd[0] == '/' &&
	    (a->name && strcmp(a->name, a->path_name) == 0)) {
		size_t cl = strlen(a->cwd);

		pol_buf_reset(&set->scratch);
		pol_buf_add(&set->scratch, a->cwd, cl);
		if (a->cwd[cl - 1] != '/')
			pol_buf_putc(&set->scratch, '/');
		pol_buf_puts(&set->scratch, a->path_name);
		return scratch_str(set);
	}
	if (a->avc_path && a->avc_path[0] == '/')
		return a->avc_path;
	return NULL;
}

/* s into a list of distinct strings, copied only when it is new; a string
 * left out of a full list is counted. */
static void add_distinct(struct pol_audit_set *set, struct distinct *d, const char *s)
{
	size_t len;
	uint32_t h;
	char *copy;

	if (!s || !*s)
		return;
	len = strlen(s);
	h = pol_hash_bytes(s, len);
	for (size_t i = 0; i < d->n; i++)
		if (d->hash[i] == h && strcmp(d->str[i], s) == 0)
			return;
	if (d->n == POL_AUDIT_MAX_DISTINCT) {
		d->more++;
		return;
	}
	copy = set_strndup(set, s, len);
	if (!copy)
		return;
	d->hash[d->n] = h;
	d->str[d->n++] = copy;
}

/* "comm (exe)", or the one of them the denial has. */
static void add_command(struct pol_audit_set *set, struct audit_group *g,
			const struct pol_audit_avc *a)
{
	const char *comm = a->comm && *a->comm ? a->comm : NULL;
	const char *exe = a->exe && *a->exe ? a->exe : NULL;
	struct pol_buf *b = &set->scratch;

	if (!comm || !exe) {
		add_distinct(set, &g->cmds, comm ? comm : exe);
		return;
	}
	pol_buf_reset(b);
	pol_buf_puts(b, comm);
	pol_buf_puts(b, " (");
	pol_buf_puts(b, exe);
	pol_buf_putc(b, ')');
	add_distinct(set, &g->cmds, scratch_str(set));
}

static void add_port(struct audit_group *g, const char *perm, unsigned int port)
{
	struct pol_audit_port_use *v;

	for (size_t i = 0; i < g->nports; i++)
		if (g->ports[i].port == port && strcmp(g->ports[i].perm, perm) == 0)
			return;
	if (g->nports == POL_AUDIT_MAX_DISTINCT) {
		g->ports_more++;
		return;
	}
	v = realloc(g->ports, (g->nports + 1) * sizeof(*v));
	if (!v)
		return;
	g->ports = v;
	v[g->nports++] = (struct pol_audit_port_use){perm, port};
}

/* The group of (sc's type, tc's type, cls, verdict[, a's node]) whose key
 * hashes to h, or NULL. */
static struct audit_group *find_group(const struct pol_audit_set *set, uint32_t h,
				      const struct pol_audit_ctx *sc,
				      const struct pol_audit_ctx *tc, uint32_t cls,
				      enum pol_audit_verdict verdict, const struct pol_audit_avc *a)
{
	for (struct pol_hash_entry *e = pol_hash_chain(&set->groups, h); e; e = e->next) {
		struct audit_group *x = pol_hash_item(e, struct audit_group, entry);

		if (e->hash == h && x->cls_value == cls && x->verdict == verdict &&
		    (!set->by_node || same_node(x->node, a->node)) && x->src_len == sc->type_len &&
		    memcmp(x->src, sc->type, sc->type_len) == 0 && x->tgt_len == tc->type_len &&
		    memcmp(x->tgt, tc->type, tc->type_len) == 0)
			return x;
	}
	return NULL;
}

/* A new group for a's question, its first denial's facts kept, added under
 * h; NULL when memory runs out. */
static struct audit_group *new_group(struct pol_audit_set *set, uint32_t h,
				     const struct pol_audit_ctx *sc, const struct pol_audit_ctx *tc,
				     uint32_t cls, const struct pol_audit_why *why,
				     const struct pol_audit_avc *a)
{
	struct audit_group *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	g->src = set_strndup(set, sc->type, sc->type_len);
	g->tgt = set_strndup(set, tc->type, tc->type_len);
	g->src_len = sc->type_len;
	g->tgt_len = tc->type_len;
	g->cls = set_strdup(set, a->tclass);
	g->cls_value = cls;
	g->stype = sc->type_value;
	g->ttype = tc->type_value;
	g->verdict = why->verdict;
	g->why = why;
	g->sctx = sc;
	g->tctx = tc;
	g->seq = set->seq++;
	g->msgs_tail = &g->msgs;
	g->comm = set_dup_or_empty(set, a->comm);
	g->exe = set_dup_or_empty(set, a->exe);
	g->path = set_dup_or_empty(set, a->avc_path);
	if (set->by_node && a->node && *a->node)
		g->node = set_strdup(set, a->node);
	pol_hash_add(&set->groups, &g->entry, h);
	return g;
}

/* The ports of a's name_bind (src=) and name_connect (dest=). */
static void add_ports(struct pol_audit_set *set, struct audit_group *g,
		      const struct pol_audit_avc *a)
{
	for (size_t i = 0; i < a->nperms; i++) {
		const char *port = NULL;

		if (!strcmp(a->perms[i], "name_bind"))
			port = a->sport;
		else if (!strcmp(a->perms[i], "name_connect"))
			port = a->dport;
		if (!port || !*port || strspn(port, "0123456789") != strlen(port) ||
		    strlen(port) > 5)
			continue;
		if (!g->port)
			g->port = set_strdup(set, port);
		add_port(g, a->perms[i][5] == 'b' ? "name_bind" : "name_connect",
			 (unsigned int)strtoul(port, NULL, 10));
	}
}

/* Denial a (of permissions av) merged into its group g. */
static void merge_denial(struct pol_audit_set *set, struct audit_group *g,
			 const struct pol_audit_avc *a, uint32_t av)
{
	/* file may be in the scratch buffer, which add_command() reuses */
	const char *file = file_of(set, a);

	if (!g->file && file)
		g->file = set_strdup(set, file);
	if (!g->dev && a->dev && *a->dev)
		g->dev = set_strdup(set, a->dev);
	if (!g->executable && ((a->exe && *a->exe) || (a->syscall_exe && *a->syscall_exe)))
		g->executable = set_strdup(set, a->exe && *a->exe ? a->exe : a->syscall_exe);
	add_distinct(set, &g->files, file);
	add_command(set, g, a);
	add_ports(set, g, a);
	g->perms |= av;
	g->count++;
	if (a->sec && (!g->first || a->sec < g->first))
		g->first = a->sec;
	if (a->sec > g->last)
		g->last = a->sec;
	if (a->permissive == 1)
		g->permissive = true;
	if (a->has_ioctlcmd)
		add_xperm(g, a->ioctlcmd);
	if (set->keep_msgs)
		keep_msg(set, g, a);
}

enum pol_audit_bad pol_audit_set_add(struct pol_audit_set *set, const struct pol_audit_avc *a)
{
	const struct pol_audit_ctx *sc, *tc;
	const struct pol_audit_why *why;
	uint32_t cls, av, h;
	enum pol_audit_bad bad;
	struct audit_group *g;

	if (a->granted)
		return POL_AUDIT_OK;
	bad = audit_question(set->pol, a->scontext, a->tcontext, a->tclass, a->perms, a->nperms,
			     &sc, &tc, &cls, &av);
	if (bad == POL_AUDIT_OK)
		bad = audit_explain_ctx(set->pol, sc, tc, cls, av, &why);
	if (bad != POL_AUDIT_OK) {
		set->skipped[bad]++;
		return bad;
	}
	h = hash_key(sc->type_value, tc->type_value, cls, why->verdict,
		     set->by_node && a->node && *a->node ? pol_hash_bytes(a->node, strlen(a->node))
							 : 0);
	g = find_group(set, h, sc, tc, cls, why->verdict, a);
	if (!g)
		g = new_group(set, h, sc, tc, cls, why, a);
	if (!g) {
		set->skipped[POL_AUDIT_BAD_NOMEM]++;
		return POL_AUDIT_BAD_NOMEM;
	}
	merge_denial(set, g, a, av);
	return POL_AUDIT_OK;
}

void pol_audit_set_add_role_type(struct pol_audit_set *set, const char *context)
{
	struct pol_context_parts c;
	char *s, **p;

	if (pol_context_split(context, &c) < 3)
		return;
	if (asprintf(&s, "%.*s\t%.*s", (int)c.role_len, c.role, (int)c.type_len, c.type) < 0)
		return;
	for (size_t i = 0; i < set->nroles; i++)
		if (strcmp(set->roles[i], s) == 0) {
			free(s);
			return;
		}
	p = realloc(set->roles, (set->nroles + 1) * sizeof(*p));
	if (!p) {
		free(s);
		return;
	}
	set->roles = p;
	set->roles[set->nroles++] = s;
}

/* ---- order and iteration -------------------------------------------- */

static int cmp_group(const void *a, const void *b)
{
	const struct audit_group *x = *(const struct audit_group *const *)a,
				 *y = *(const struct audit_group *const *)b;
	int c = strcmp(x->src, y->src);

	if (!c)
		c = strcmp(audit_group_target(x), audit_group_target(y));
	if (!c)
		c = strcmp(x->cls, y->cls);
	/* by node: one host's group after another's (no node first) */
	if (!c && (x->node || y->node))
		c = !x->node ? -1 : !y->node ? 1 : strcmp(x->node, y->node);
	if (!c)
		c = (x->seq > y->seq) - (x->seq < y->seq);
	return c;
}

struct audit_group **audit_set_sorted(const struct pol_audit_set *set)
{
	struct audit_group **v = malloc((set->groups.n ? set->groups.n : 1) * sizeof(*v));
	size_t n = 0;

	if (!v)
		return NULL;
	for (size_t i = 0; i < set->groups.nslots; i++)
		for (struct pol_hash_entry *e = set->groups.slots[i]; e; e = e->next)
			v[n++] = pol_hash_item(e, struct audit_group, entry);
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_group);
	for (size_t i = 0; i < n; i++)
		v[i]->order = i;
	return v;
}

/* Permission names of a mask, sorted. */
size_t audit_set_perm_names(const struct pol_audit_set *set, uint32_t cls, uint32_t mask,
			    const char **out)
{
	size_t n = 0;

	for (unsigned int b = 0; b < 32; b++) {
		const char *name;

		if (!(mask & (1u << b)))
			continue;
		name = pdb_perm_name(set->pol->pdb, cls, b);
		if (name)
			out[n++] = name;
	}
	if (n > 1)
		qsort(out, n, sizeof(*out), audit_cmp_str);
	return n;
}

void audit_group_info(const struct pol_audit_set *set, const struct audit_group *g,
		      struct pol_audit_group_info *info, const char **names)
{
	memset(info, 0, sizeof(*info));
	info->source = g->src;
	info->target = g->tgt;
	info->tclass = g->cls;
	info->verdict = g->verdict;
	info->nperms = audit_set_perm_names(set, g->cls_value, g->perms, names);
	info->perms = names;
	info->count = g->count;
	info->why = g->why;
	info->scontext = g->sctx->str;
	info->tcontext = g->tctx->str;
	info->index = g->order;
	info->node = g->node;
	info->commands = (const char *const *)g->cmds.str;
	info->ncommands = g->cmds.n;
	info->commands_more = g->cmds.more;
	info->files = (const char *const *)g->files.str;
	info->nfiles = g->files.n;
	info->files_more = g->files.more;
	info->ports = g->ports;
	info->nports = g->nports;
	info->ports_more = g->ports_more;
}

int pol_audit_set_choose(struct pol_audit_set *set, size_t idx, enum pol_audit_choice choice)
{
	struct audit_group **v;

	if (idx >= set->groups.n)
		return -EINVAL;
	v = audit_set_sorted(set);
	if (!v)
		return -ENOMEM;
	v[idx]->choice = choice;
	free(v);
	return 0;
}

int pol_audit_set_each(const struct pol_audit_set *set,
		       int (*fn)(const struct pol_audit_group_info *g, void *data), void *data)
{
	struct audit_group **v = audit_set_sorted(set);
	int rc = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < set->groups.n && rc == 0; i++) {
		struct audit_group *g = v[i];
		const char *names[32];
		struct pol_audit_group_info info;
		struct pol_buf xb = POL_BUF_INIT;

		audit_group_info(set, g, &info, names);
		info.comm = g->comm;
		info.exe = g->exe;
		info.path = g->path;
		info.file = g->file;
		info.port = g->port;
		info.permissive = g->permissive;
		info.executable = g->executable;
		info.dev = g->dev;
		info.first = g->first;
		info.last = g->last;
		if (g->nxp) {
			audit_put_xperms(&xb, g, false);
			info.xperms = pol_buf_str(&xb);
		}
		rc = fn(&info, data);
		pol_buf_release(&xb);
	}
	free(v);
	return rc;
}
