// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Denials grouped as audit2allow 3.4 groups them (sepolgen access.py
 * AccessVectorSet: by source type, target type, class and verdict, the
 * permissions and ioctl numbers of later denials merged, the explanation of
 * the first kept), written as audit2allow writes them (policygen.py,
 * output.py) but in one stable order: rules sorted by (source, target or
 * "self", class), ties in order of first appearance, and the require block
 * sorted where audit2allow iterates Python sets.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "audit/internal.h"
#include "audit/policy.h"
#include "util/buf.h"
#include "util/quote.h"

struct range {
	unsigned long lo, hi;
};

struct msg {
	char *header, *scontext, *tcontext, *perms, *comm, *exe, *path, *message;
	struct msg *next;
};

/* The first POL_AUDIT_MAX_DISTINCT distinct commands or paths of a group,
 * each with its hash: a denial's string is compared with strcmp() only
 * where the hash matches. more counts the denials whose string was left out. */
struct distinct {
	char *str[POL_AUDIT_MAX_DISTINCT];
	uint32_t hash[POL_AUDIT_MAX_DISTINCT];
	size_t n, more;
};

/* The strings of the groups live as long as the set: they are cut from
 * big chunks, freed together at reset, not malloc()ed one by one. */
struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

#define CHUNK_SIZE 65536

struct grant {
	uint32_t s, t, cls, perms;
};

struct group {
	char *src, *tgt, *cls;
	size_t src_len, tgt_len;
	uint32_t cls_value, stype, ttype;
	enum pol_audit_verdict verdict;
	uint32_t perms;
	size_t seq, count;
	const struct pol_audit_why *why;
	const struct pol_audit_ctx *sctx, *tctx;
	char *comm, *exe, *path, *file, *port;
	struct distinct cmds, files;
	/* distinct ports (POL_AUDIT_MAX_DISTINCT at most) */
	struct pol_audit_port_use *ports;
	size_t nports, ports_more;
	size_t order; /* place in output order, set by sorted_groups() */
	char *node;   /* pol_audit_set_by_node(): the node= of its denials */
	bool permissive;
	enum pol_audit_choice choice;
	struct range *xp;
	size_t nxp;
	struct msg *msgs, **msgs_tail;
	uint32_t hash;
	struct group *next;
};

struct pol_audit_set {
	struct pol_audit_policy *pol;
	struct group **slots;
	size_t nslots, ngroups, seq, denials;
	size_t skipped[POL_AUDIT_BAD_COUNT];
	char **roles; /* "role\ttype", sorted at output */
	size_t nroles;
	bool keep_msgs, by_node;
	struct grant *grants; /* pol_audit_set_add_grant() */
	size_t ngrants;
	struct chunk *chunks;	/* the groups' strings */
	struct pol_buf scratch; /* a denial's command or path, put together */
};

int pol_audit_set_new(struct pol_audit_policy *pol, struct pol_audit_set **out, struct pol_err *err)
{
	struct pol_audit_set *set = calloc(1, sizeof(*set));

	if (!set)
		return pol_err_set(err, -ENOMEM, "out of memory");
	set->pol = pol;
	set->nslots = 64; /* grow() makes room */
	set->slots = calloc(set->nslots, sizeof(*set->slots));
	if (!set->slots) {
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

static void free_group(struct group *g)
{
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
	for (size_t i = 0; i < set->nslots; i++) {
		for (struct group *g = set->slots[i], *next; g; g = next) {
			next = g->next;
			free_group(g);
		}
		set->slots[i] = NULL;
	}
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
	set->ngroups = 0;
	set->denials = 0;
}

void pol_audit_set_free(struct pol_audit_set *set)
{
	if (!set)
		return;
	pol_audit_set_reset(set);
	free(set->grants);
	free(set->slots);
	pol_buf_release(&set->scratch);
	free(set);
}

size_t pol_audit_set_skipped(const struct pol_audit_set *set, enum pol_audit_bad bad)
{
	return bad < POL_AUDIT_BAD_COUNT ? set->skipped[bad] : 0;
}

size_t pol_audit_set_groups(const struct pol_audit_set *set)
{
	return set->ngroups;
}

size_t pol_audit_set_denials(const struct pol_audit_set *set)
{
	return set->denials;
}

/* A group's hash, from its types' values rather than their names: an alias
 * has its type's value, and the names compared on a hash match still keep
 * the alias's group apart. */
static uint32_t hash_key(uint32_t stype, uint32_t ttype, uint32_t cls, int v)
{
	const uint32_t k[] = {stype, ttype, cls, (uint32_t)v};
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		h = (h ^ k[i]) * 16777619u;
	/* whole words in: mix the high bits down, slots are h % a power of 2 */
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	return h;
}

static void grow(struct pol_audit_set *set)
{
	size_t n = set->nslots * 4;
	struct group **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i < set->nslots; i++) {
		for (struct group *g = set->slots[i], *next; g; g = next) {
			next = g->next;
			g->next = slots[g->hash % n];
			slots[g->hash % n] = g;
		}
	}
	free(set->slots);
	set->slots = slots;
	set->nslots = n;
}

static void add_xperm(struct group *g, unsigned long v)
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

static void keep_msg(struct pol_audit_set *set, struct group *g, const struct pol_audit_avc *a)
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

/* FNV-1a of s; *len its length. */
static uint32_t str_hash(const char *s, size_t *len)
{
	uint32_t h = 2166136261u;
	const char *p = s;

	for (; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	*len = (size_t)(p - s);
	return h;
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
	h = str_hash(s, &len);
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
static void add_command(struct pol_audit_set *set, struct group *g, const struct pol_audit_avc *a)
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

static void add_port(struct group *g, const char *perm, unsigned int port)
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

enum pol_audit_bad pol_audit_set_add(struct pol_audit_set *set, const struct pol_audit_avc *a)
{
	const struct pol_audit_ctx *sc, *tc;
	const struct pol_audit_why *why;
	uint32_t cls, av, h;
	enum pol_audit_bad bad;
	struct group *g;
	const char *file;

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
	set->denials++;
	h = hash_key(sc->type_value, tc->type_value, cls, why->verdict);
	if (set->by_node && a->node)
		for (const char *p = a->node; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
	for (g = set->slots[h % set->nslots]; g; g = g->next)
		if (g->hash == h && g->cls_value == cls && g->verdict == why->verdict &&
		    (!set->by_node || same_node(g->node, a->node)) && g->src_len == sc->type_len &&
		    memcmp(g->src, sc->type, sc->type_len) == 0 && g->tgt_len == tc->type_len &&
		    memcmp(g->tgt, tc->type, tc->type_len) == 0)
			break;
	if (!g) {
		g = calloc(1, sizeof(*g));
		if (!g)
			return POL_AUDIT_BAD_COMPUTE;
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
		g->hash = h;
		g->msgs_tail = &g->msgs;
		g->comm = set_dup_or_empty(set, a->comm);
		g->exe = set_dup_or_empty(set, a->exe);
		g->path = set_dup_or_empty(set, a->avc_path);
		if (set->by_node && a->node && *a->node)
			g->node = set_strdup(set, a->node);
		g->next = set->slots[h % set->nslots];
		set->slots[h % set->nslots] = g;
		if (++set->ngroups > set->nslots * 2)
			grow(set);
	}
	/* file may be in the scratch buffer, which add_command() reuses */
	file = file_of(set, a);
	if (!g->file && file)
		g->file = set_strdup(set, file);
	add_distinct(set, &g->files, file);
	add_command(set, g, a);
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
	g->perms |= av;
	g->count++;
	if (a->permissive == 1)
		g->permissive = true;
	if (a->has_ioctlcmd)
		add_xperm(g, a->ioctlcmd);
	if (set->keep_msgs)
		keep_msg(set, g, a);
	return POL_AUDIT_OK;
}

void pol_audit_set_add_role_type(struct pol_audit_set *set, const char *context)
{
	const char *a = strchr(context, ':'), *b = a ? strchr(a + 1, ':') : NULL;
	size_t tl;
	char *s, **p;

	if (!b)
		return;
	tl = strcspn(b + 1, ":");
	if (asprintf(&s, "%.*s\t%.*s", (int)(b - a - 1), a + 1, (int)tl, b + 1) < 0)
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

/* ---- output --------------------------------------------------------- */

static const char *tgt_name(const struct group *g)
{
	return strcmp(g->src, g->tgt) == 0 ? "self" : g->tgt;
}

static int cmp_group(const void *a, const void *b)
{
	const struct group *x = *(const struct group *const *)a,
			   *y = *(const struct group *const *)b;
	int c = strcmp(x->src, y->src);

	if (!c)
		c = strcmp(tgt_name(x), tgt_name(y));
	if (!c)
		c = strcmp(x->cls, y->cls);
	/* by node: one host's group after another's (no node first) */
	if (!c && (x->node || y->node))
		c = !x->node ? -1 : !y->node ? 1 : strcmp(x->node, y->node);
	if (!c)
		c = (x->seq > y->seq) - (x->seq < y->seq);
	return c;
}

static int set_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static struct group **sorted_groups(const struct pol_audit_set *set)
{
	struct group **v = malloc((set->ngroups ? set->ngroups : 1) * sizeof(*v));
	size_t n = 0;

	if (!v)
		return NULL;
	for (size_t i = 0; i < set->nslots; i++)
		for (struct group *g = set->slots[i]; g; g = g->next)
			v[n++] = g;
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_group);
	for (size_t i = 0; i < n; i++)
		v[i]->order = i;
	return v;
}

/* Permission names of a mask, sorted. */
static size_t set_perm_names(const struct pol_audit_set *set, uint32_t cls, uint32_t mask,
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
		qsort(out, n, sizeof(*out), set_cmp_str);
	return n;
}

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

static void put_xperms(struct pol_buf *b, const struct group *g, bool cil)
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
static void annotation(const struct group *g, const char *c, unsigned int flags, struct pol_buf *b);

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

static void rule_comment(const struct pol_audit_set *set, const struct group *g, unsigned int flags,
			 struct pol_buf *out)
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
		size_t n = set_perm_names(set, g->cls_value, g->perms, names);

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

static void annotation(const struct group *g, const char *c, unsigned int flags, struct pol_buf *b)
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

static void put_rule(const struct pol_audit_set *set, const struct group *g, unsigned int flags,
		     bool xperm, struct pol_buf *b)
{
	bool cil = flags & POL_AUDIT_GEN_CIL,
	     da = (flags & POL_AUDIT_GEN_DONTAUDIT) || g->choice == POL_AUDIT_CHOICE_DONTAUDIT;
	const char *names[32];
	size_t n = set_perm_names(set, g->cls_value, g->perms, names);

	if (cil) {
		if (xperm) {
			pol_buf_printf(b, "(%s %s %s (ioctl %s ", da ? "dontauditx" : "allowx",
				       g->src, tgt_name(g), g->cls);
			put_xperms(b, g, true);
			pol_buf_puts(b, "))\n");
		} else {
			pol_buf_printf(b, "(%s %s %s (%s ", da ? "dontaudit" : "allow", g->src,
				       tgt_name(g), g->cls);
			put_perms(b, names, n, true);
			pol_buf_puts(b, "))\n");
		}
		return;
	}
	if (xperm) {
		pol_buf_printf(b, "%s %s %s:%s ioctl ", da ? "dontauditxperm" : "allowxperm",
			       g->src, tgt_name(g), g->cls);
		put_xperms(b, g, false);
		pol_buf_puts(b, ";\n");
		return;
	}
	pol_buf_printf(b, "%s %s %s:%s ", da ? "dontaudit" : "allow", g->src, tgt_name(g), g->cls);
	put_perms(b, names, n, false);
	pol_buf_puts(b, ";\n");
}

struct call {
	char *section, *text;
};

static void put_requires(const struct pol_audit_set *set, struct group **v, size_t n,
			 const struct call *calls, size_t ncalls, unsigned int flags,
			 struct pol_buf *b)
{
	size_t nt = 0, nroles = 0;
	const char **types = malloc((2 * n + set->nroles + ncalls + 1) * sizeof(*types));
	const char **roles = malloc((set->nroles + 1) * sizeof(*roles));
	struct {
		const char *name;
		uint32_t value, perms;
	} *cls = calloc(n + 1, sizeof(*cls));
	size_t ncls = 0;
	bool cil = flags & POL_AUDIT_GEN_CIL;

	if (!types || !cls || !roles)
		goto out;
	for (size_t i = 0; i < n; i++) {
		size_t k;

		types[nt++] = v[i]->src;
		types[nt++] = v[i]->tgt;
		for (k = 0; k < ncls && cls[k].value != v[i]->cls_value; k++)
			;
		if (k == ncls) {
			cls[ncls].name = v[i]->cls;
			cls[ncls++].value = v[i]->cls_value;
		}
		cls[k].perms |= v[i]->perms;
	}
	/* sepolgen requires every argument of a call as a type */
	for (size_t i = 0; i < ncalls; i++)
		types[nt++] = calls[i].section;
	for (size_t i = 0; i < set->nroles; i++) {
		char *tab = strchr(set->roles[i], '\t');

		types[nt++] = tab + 1;
		roles[nroles++] = set->roles[i];
	}
	if (nt > 1)
		qsort(types, nt, sizeof(*types), set_cmp_str);
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
	/* classes by name */
	for (size_t i = 1; i < ncls; i++)
		for (size_t j = i; j > 0 && strcmp(cls[j - 1].name, cls[j].name) > 0; j--) {
			__typeof__(*cls) t = cls[j];

			cls[j] = cls[j - 1];
			cls[j - 1] = t;
		}
	for (size_t i = 0; i < ncls; i++) {
		const char *names[32];
		size_t k = set_perm_names(set, cls[i].value, cls[i].perms, names);

		pol_buf_printf(b, "\tclass %s ", cls[i].name);
		put_perms(b, names, k, false);
		pol_buf_puts(b, ";\n");
	}
	if (nroles > 1)
		qsort(roles, nroles, sizeof(*roles), set_cmp_str);
	for (size_t i = 0; i < nroles; i++) {
		const char *tab = strchr(roles[i], '\t');

		if (i && strncmp(roles[i], roles[i - 1], (size_t)(tab - roles[i]) + 1) == 0)
			continue;
		pol_buf_printf(b, "\trole %.*s;\n", (int)(tab - roles[i]), roles[i]);
	}
	pol_buf_puts(b, "}\n");
out:
	free(types);
	free(roles);
	free(cls);
}

static void group_info(const struct pol_audit_set *set, const struct group *g,
		       struct pol_audit_group_info *info, const char **names)
{
	memset(info, 0, sizeof(*info));
	info->source = g->src;
	info->target = g->tgt;
	info->tclass = g->cls;
	info->verdict = g->verdict;
	info->nperms = set_perm_names(set, g->cls_value, g->perms, names);
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

static int cmp_call(const void *a, const void *b)
{
	const struct call *x = a, *y = b;
	int c = strcmp(x->section, y->section);

	return c ? c : strcmp(x->text, y->text);
}

/* -R: ask fn which groups an interface call replaces; the others stay in
 * v. calls sorted by (section, text), duplicates dropped. */
static int pick_calls(const struct pol_audit_set *set, struct group **v, size_t *n,
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

		group_info(set, v[i], &info, names);
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
static size_t omit_groups(struct group **v, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		if (v[i]->choice != POL_AUDIT_CHOICE_OMIT)
			v[kept++] = v[i];
	return kept;
}

int pol_audit_set_choose(struct pol_audit_set *set, size_t idx, enum pol_audit_choice choice)
{
	struct group **v;

	if (idx >= set->ngroups)
		return -EINVAL;
	v = sorted_groups(set);
	if (!v)
		return -ENOMEM;
	v[idx]->choice = choice;
	free(v);
	return 0;
}

int pol_audit_set_write(const struct pol_audit_set *set, const char *module, unsigned int flags,
			FILE *out)
{
	return pol_audit_set_write_calls(set, module, flags, NULL, NULL, out);
}

int pol_audit_set_write_calls(const struct pol_audit_set *set, const char *module,
			      unsigned int flags, pol_audit_call_fn fn, void *data, FILE *out)
{
	struct group **v = sorted_groups(set);
	struct pol_buf b = POL_BUF_INIT;
	bool cil = flags & POL_AUDIT_GEN_CIL;
	const char *prev = NULL;
	struct call *calls = NULL;
	size_t n = set->ngroups, ncalls = 0, c = 0;
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
	/* a stable sort of avrules + avextrules: per (src, tgt, class), the
	 * allow rules, then the allowxperm rules; then a source's calls */
	for (size_t i = 0; i < n || c < ncalls;) {
		const char *cur = i < n ? v[i]->src : calls[c].section;

		if (c < ncalls && strcmp(calls[c].section, cur) < 0)
			cur = calls[c].section;
		if (!prev || strcmp(prev, cur) != 0) {
			if (prev)
				pol_buf_putc(&b, '\n');
			pol_buf_printf(&b, "%s============= %s ==============\n", cil ? ";" : "#",
				       cur);
			prev = cur;
		}
		while (i < n && strcmp(v[i]->src, cur) == 0) {
			size_t j = i;

			while (j < n && strcmp(v[j]->src, v[i]->src) == 0 &&
			       strcmp(tgt_name(v[j]), tgt_name(v[i])) == 0 &&
			       strcmp(v[j]->cls, v[i]->cls) == 0)
				j++;
			for (size_t k = i; k < j; k++) {
				rule_comment(set, v[k], flags, &b);
				put_rule(set, v[k], flags, false, &b);
			}
			if (flags & POL_AUDIT_GEN_XPERMS)
				for (size_t k = i; k < j; k++)
					if (v[k]->nxp)
						put_rule(set, v[k], flags, true, &b);
			i = j;
		}
		for (; c < ncalls && strcmp(calls[c].section, cur) == 0; c++)
			pol_buf_printf(&b, "%s\n", calls[c].text);
	}
	if (set->nroles && !cil) {
		char **roles = malloc(set->nroles * sizeof(*roles));

		if (roles) {
			memcpy(roles, set->roles, set->nroles * sizeof(*roles));
			if (set->nroles > 1)
				qsort(roles, set->nroles, sizeof(*roles), set_cmp_str);
			pol_buf_puts(&b, "#============= ROLES ==============\n");
			/* sepolgen's RoleType: a line per type, a blank line per role */
			for (size_t i = 0; i < set->nroles; i++) {
				char *tab = strchr(roles[i], '\t');
				size_t rl = (size_t)(tab - roles[i]);

				pol_buf_printf(&b, "role %.*s types %s;\n", (int)rl, roles[i],
					       tab + 1);
				if (i + 1 == set->nroles ||
				    strncmp(roles[i + 1], roles[i], rl + 1) != 0)
					pol_buf_putc(&b, '\n');
			}
			free(roles);
		}
	}
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

int pol_audit_set_each(const struct pol_audit_set *set,
		       int (*fn)(const struct pol_audit_group_info *g, void *data), void *data)
{
	struct group **v = sorted_groups(set);
	int rc = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < set->ngroups && rc == 0; i++) {
		struct group *g = v[i];
		const char *names[32];
		struct pol_audit_group_info info;
		struct pol_buf xb = POL_BUF_INIT;

		group_info(set, g, &info, names);
		info.comm = g->comm;
		info.exe = g->exe;
		info.path = g->path;
		info.file = g->file;
		info.port = g->port;
		info.permissive = g->permissive;
		if (g->nxp) {
			put_xperms(&xb, g, false);
			info.xperms = pol_buf_str(&xb);
		}
		rc = fn(&info, data);
		pol_buf_release(&xb);
	}
	free(v);
	return rc;
}

/* ---- replay ----------------------------------------------------------- */

/* Whether the replay grants a group its own rule. */
static bool own_rule(const struct group *g)
{
	return g->choice != POL_AUDIT_CHOICE_OMIT && g->choice != POL_AUDIT_CHOICE_DONTAUDIT &&
	       g->choice != POL_AUDIT_CHOICE_CALL;
}

/* The replay's k-th grant: the sorted groups' own rules (v), then the
 * rules of pol_audit_set_add_grant(); false for a group given none. */
static bool replay_grant(const struct pol_audit_set *set, struct group *const *v, size_t k,
			 struct grant *gr)
{
	const struct group *g;

	if (k >= set->ngroups) {
		*gr = set->grants[k - set->ngroups];
		return true;
	}
	g = v[k];
	if (!own_rule(g))
		return false;
	*gr = (struct grant){g->stype, g->ttype, g->cls_value, g->perms};
	return true;
}

static int push_grant(struct pol_audit_set *set, uint32_t s, uint32_t t, uint32_t cls,
		      uint32_t perms)
{
	struct grant *v;

	for (size_t i = 0; i < set->ngrants; i++) {
		struct grant *g = &set->grants[i];

		if (g->s == s && g->t == t && g->cls == cls) {
			g->perms |= perms;
			return 0;
		}
	}
	v = realloc(set->grants, (set->ngrants + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	set->grants = v;
	v[set->ngrants++] = (struct grant){s, t, cls, perms};
	return 0;
}

/* A type's or an attribute's value, 0 when the policy has neither. */
static uint32_t type_value(const policydb_t *p, const char *name)
{
	const type_datum_t *t = hashtab_search(p->p_types.table, (hashtab_key_t)name);

	return t ? t->s.value : 0;
}

int pol_audit_set_add_grant(struct pol_audit_set *set, const char *src, const char *tgt,
			    const char *cls, const char *const *perms, size_t nperms)
{
	const policydb_t *p = set->pol->p;
	const class_datum_t *c = hashtab_search(p->p_classes.table, (hashtab_key_t)cls);
	uint32_t s = type_value(p, src), t = strcmp(tgt, "self") ? type_value(p, tgt) : s;
	uint32_t mask = 0;
	const type_datum_t *sd;
	ebitmap_node_t *node;
	unsigned int bit;

	if (!c || !s || !t)
		return -ENOENT;
	for (size_t i = 0; i < nperms; i++) {
		const perm_datum_t *pd =
		    hashtab_search(c->permissions.table, (hashtab_key_t)perms[i]);

		if (!pd && c->comdatum)
			pd =
			    hashtab_search(c->comdatum->permissions.table, (hashtab_key_t)perms[i]);
		if (pd)
			mask |= UINT32_C(1) << (pd->s.value - 1);
	}
	if (!mask)
		return 0;
	sd = p->type_val_to_struct[s - 1];
	/* "self" of an attribute: each of its types on itself, as the
	 * expansion writes it */
	if (strcmp(tgt, "self") || !sd || sd->flavor != TYPE_ATTRIB)
		return push_grant(set, s, t, c->s.value, mask);
	ebitmap_for_each_positive_bit(&p->attr_type_map[s - 1], node, bit)
	{
		int rc = push_grant(set, bit + 1, bit + 1, c->s.value, mask);

		if (rc < 0)
			return rc;
	}
	return 0;
}

int pol_audit_set_verify(struct pol_audit_set *set, unsigned int flags,
			 int (*fn)(const struct pol_audit_group_info *g, bool allowed,
				   const char *why_not, void *data),
			 void *data, size_t *fixed, size_t *still)
{
	struct group **v = sorted_groups(set);
	uint32_t *saved;
	size_t granted = 0;
	int rc = 0;

	*fixed = *still = 0;
	if (!v)
		return -ENOMEM;
	saved = calloc(set->ngroups + set->ngrants + 1, sizeof(*saved));
	if (!saved) {
		free(v);
		return -ENOMEM;
	}
	/* dontaudit rules allow nothing */
	if (!(flags & POL_AUDIT_GEN_DONTAUDIT)) {
		for (; granted < set->ngroups + set->ngrants; granted++) {
			struct grant gr;

			if (!replay_grant(set, v, granted, &gr))
				continue;
			rc = audit_grant(set->pol, gr.s, gr.t, gr.cls, gr.perms, &saved[granted]);
			if (rc < 0)
				break;
		}
	}
	for (size_t i = 0; i < set->ngroups && rc == 0; i++) {
		struct group *g = v[i];
		struct sepol_av_decision avd;
		unsigned int reason = 0;
		const char *why_not = NULL;
		bool ok;

		if (sepol_compute_av_reason(g->sctx->sid, g->tctx->sid,
					    (sepol_security_class_t)g->cls_value, g->perms, &avd,
					    &reason) < 0) {
			why_not = "access computation failed";
		} else if (reason & SEPOL_COMPUTEAV_CONS) {
			why_not = "a constraint";
		} else if (reason & SEPOL_COMPUTEAV_RBAC) {
			why_not = "no role allow rule";
		} else if (reason & SEPOL_COMPUTEAV_BOUNDS) {
			why_not = "typebounds";
		} else if (reason & SEPOL_COMPUTEAV_TE) {
			why_not = "no allow rule";
		}
		ok = !why_not;
		if (ok)
			(*fixed)++;
		else
			(*still)++;
		if (fn) {
			const char *names[32];
			struct pol_audit_group_info info;

			group_info(set, g, &info, names);
			rc = fn(&info, ok, why_not, data);
		}
	}
	/* in reverse: a triple granted twice gets its first saved value back */
	while (granted > 0) {
		struct grant gr;

		if (!replay_grant(set, v, --granted, &gr))
			continue;
		audit_ungrant(set->pol, gr.s, gr.t, gr.cls, saved[granted]);
	}
	free(saved);
	free(v);
	return rc;
}

/* The ioctl numbers the policy's allowxperm rules give (stype, ttype, cls)
 * now, as "{ 0x5401-0x5402 0x8910 }" in b; false when no allowxperm rule
 * names the triple (every number is allowed with the ioctl permission). */
static bool allowed_ioctls(const struct pol_audit_set *set, const struct group *g,
			   struct pol_buf *b)
{
	policydb_t *p = set->pol->p;
	uint32_t *bits = calloc(65536 / 32, sizeof(*bits));
	ebitmap_node_t *sn, *tn;
	unsigned int i, j;
	bool any = false;

	if (!bits)
		return false;
	ebitmap_for_each_positive_bit(&p->type_attr_map[g->stype - 1], sn, i)
	{
		ebitmap_for_each_positive_bit(&p->type_attr_map[g->ttype - 1], tn, j)
		{
			avtab_key_t key = {.source_type = (uint16_t)(i + 1),
					   .target_type = (uint16_t)(j + 1),
					   .target_class = (uint16_t)g->cls_value,
					   .specified = AVTAB_XPERMS_ALLOWED};

			for (avtab_ptr_t n = avtab_search_node(&p->te_avtab, &key); n;
			     n = avtab_search_node_next(n, AVTAB_XPERMS_ALLOWED)) {
				const avtab_extended_perms_t *x = n->datum.xperms;

				if (!x)
					continue;
				any = true;
				for (unsigned int k = 0; k < 256; k++) {
					if (!(x->perms[k / 32] & (UINT32_C(1) << (k % 32))))
						continue;
					if (x->specified == AVTAB_XPERMS_IOCTLDRIVER) {
						/* the whole driver: its 256 functions */
						for (unsigned int f = 0; f < 8; f++)
							bits[(k << 8) / 32 + f] = UINT32_MAX;
					} else if (x->specified == AVTAB_XPERMS_IOCTLFUNCTION) {
						unsigned int v = (unsigned int)x->driver << 8 | k;

						bits[v / 32] |= UINT32_C(1) << (v % 32);
					}
				}
			}
		}
	}
	if (any) {
		pol_buf_puts(b, "{");
		for (unsigned int v = 0; v < 65536;) {
			unsigned int lo;

			if (!(bits[v / 32] & (UINT32_C(1) << (v % 32)))) {
				v++;
				continue;
			}
			lo = v;
			while (v + 1 < 65536 &&
			       (bits[(v + 1) / 32] & (UINT32_C(1) << ((v + 1) % 32))))
				v++;
			if (lo == v)
				pol_buf_printf(b, " 0x%x", lo);
			else
				pol_buf_printf(b, " 0x%x-0x%x", lo, v);
			v++;
		}
		pol_buf_puts(b, " }");
	}
	free(bits);
	return any;
}

void pol_audit_set_xperm_notes(const struct pol_audit_set *set, struct pol_err *err)
{
	struct group **v = sorted_groups(set);

	if (!v)
		return;
	for (size_t i = 0; i < set->ngroups; i++) {
		struct group *g = v[i];
		struct pol_buf now = POL_BUF_INIT;

		if (!g->nxp ||
		    (i && v[i - 1]->nxp && strcmp(v[i - 1]->src, g->src) == 0 &&
		     strcmp(v[i - 1]->tgt, g->tgt) == 0 && v[i - 1]->cls_value == g->cls_value))
			continue;
		if (allowed_ioctls(set, g, &now))
			pol_err_add(err, POL_SEV_WARNING, POL_EINVAL, NULL, 0, 0,
				    "allowxperm %s %s:%s ioctl: once a triple has an allowxperm "
				    "rule, every ioctl number it does not list is denied; the "
				    "policy's allowxperm rules allow %s now",
				    g->src, tgt_name(g), g->cls, pol_buf_str(&now));
		else
			pol_err_add(
			    err, POL_SEV_WARNING, POL_EINVAL, NULL, 0, 0,
			    "allowxperm %s %s:%s ioctl: once a triple has an allowxperm "
			    "rule, every ioctl number it does not list is denied; the policy "
			    "has no allowxperm rule for it now, so every number the ioctl "
			    "permission allows today would be denied: add the numbers the "
			    "program needs besides these",
			    g->src, tgt_name(g), g->cls);
		pol_buf_release(&now);
	}
	free(v);
}
