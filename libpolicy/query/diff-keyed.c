/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sediff's sections whose items are a key and one value: type_transition,
 * type_change and type_member rules (key: source, target, class, filename,
 * conditional branch; value: the default type), role allow and
 * role_transition rules, range_transition rules, and the labeling
 * statements (key: what is labeled; value: its context). An item is added
 * or removed when its key is in one policy only, modified when the values
 * differ. A kernel policy keeps these rules expanded to types already.
 * Conditionals are matched by truth table (query_diff_cond_key()).
 */
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/services.h>

#include "query/diff-internal.h"
#include "query/info-internal.h"
#include "util/array.h"
#include "util/buf.h"

/* One item of one policy. Modified, it reads
 * "<head> +<open><right val><close> -<open><left val><close><tail>". */
struct krec {
	const char *key, *val, *line, *head, *tail;
};

struct kside {
	const struct pol_pdb *pdb;
	struct krec *v;
	size_t n, alloc;
	struct pol_strpool *pool;
	bool failed;
};

static const char *kstr(struct kside *s, const char *text)
{
	const char *c = s->failed ? NULL : query_pool_strdup(&s->pool, text);

	if (!c)
		s->failed = true;
	return c;
}

static void kadd(struct kside *s, const char *key, const char *val, const char *line,
		 const char *head, const char *tail)
{
	struct krec r = {kstr(s, key), kstr(s, val), kstr(s, line), kstr(s, head), kstr(s, tail)};

	if (s->failed || POL_ARRAY_GROW(s->v, s->n + 1, s->alloc) < 0) {
		s->failed = true;
		return;
	}
	s->v[s->n++] = r;
}

static int krec_cmp(const void *a, const void *b)
{
	return strcmp(((const struct krec *)a)->key, ((const struct krec *)b)->key);
}

/* Sorted by key, the first of equal keys kept. */
static void ksort(struct kside *s)
{
	size_t m = 0;

	if (!s->n)
		return;
	qsort(s->v, s->n, sizeof(*s->v), krec_cmp);
	for (size_t i = 0; i < s->n; i++)
		if (!m || strcmp(s->v[m - 1].key, s->v[i].key) != 0)
			s->v[m++] = s->v[i];
	s->n = m;
}

/* Append "<prefix><len bytes of text>" and a NUL to d, its offset to at. */
static void line(struct pol_buf *d, size_t *at, size_t *n, const char *prefix, int len,
		 const char *text)
{
	at[(*n)++] = d->len;
	pol_buf_printf(d, "%s%.*s", prefix, len, text);
	pol_buf_putc(d, '\0');
}

/* A modified netifcon: "eth0 (Modified Context, Modified Packet Context)"
 * with "Context:" and "Packet Context:" detail lines. */
static void netif_modified(const struct krec *x, const struct krec *y, struct query_diff_build *b)
{
	const char *xp = strchr(x->val, '\n'), *yp = strchr(y->val, '\n');
	size_t xl = (size_t)(xp - x->val), yl = (size_t)(yp - y->val);
	bool ctx = xl != yl || strncmp(x->val, y->val, xl) != 0, pkt = strcmp(xp, yp) != 0;
	struct pol_buf t = POL_BUF_INIT, d = POL_BUF_INIT;
	const char *lines[6];
	size_t n = 0, at[6];
	struct pol_diff_item *it;

	pol_buf_printf(&t, "%s (%s%s%s)", x->key, ctx ? "Modified Context" : "",
		       ctx && pkt ? ", " : "", pkt ? "Modified Packet Context" : "");
	if (ctx) {
		line(&d, at, &n, "Context:", 0, "");
		line(&d, at, &n, "   + ", (int)yl, y->val);
		line(&d, at, &n, "   - ", (int)xl, x->val);
	}
	if (pkt) {
		line(&d, at, &n, "Packet Context:", 0, "");
		line(&d, at, &n, "   + ", (int)strlen(yp + 1), yp + 1);
		line(&d, at, &n, "   - ", (int)strlen(xp + 1), xp + 1);
	}
	for (size_t i = 0; i < n && !d.failed; i++)
		lines[i] = d.data + at[i];
	if (t.failed || d.failed)
		b->failed = true;
	else if ((it = query_diff_add(b, '*', pol_buf_str(&t))))
		it->details = query_diff_strv(b, lines, n);
	pol_buf_release(&t);
	pol_buf_release(&d);
}

/* A modified default_*: "default_range C +target -source low;", "target
 * +high -low;" or both changed. */
static void default_modified(const struct krec *x, const struct krec *y, struct query_diff_build *b)
{
	const char *xr = strchr(x->val, ' '), *yr = strchr(y->val, ' ');
	int xl = xr ? (int)(xr - x->val) : (int)strlen(x->val);
	int yl = yr ? (int)(yr - y->val) : (int)strlen(y->val);
	struct pol_buf t = POL_BUF_INIT;
	struct pol_diff_item *it;

	pol_buf_printf(&t, "%s ", x->key);
	if (xl != yl || strncmp(x->val, y->val, (size_t)xl) != 0)
		pol_buf_printf(&t, "+%.*s -%.*s", yl, y->val, xl, x->val);
	else
		pol_buf_printf(&t, "%.*s", xl, x->val);
	if (xr && yr && strcmp(xr, yr) != 0)
		pol_buf_printf(&t, " +%s -%s;", yr + 1, xr + 1);
	else
		pol_buf_printf(&t, "%s;", xr ? xr : "");
	if (t.failed) {
		b->failed = true;
	} else if ((it = query_diff_add(b, '*', pol_buf_str(&t)))) {
		it->rule = query_pool_strdup(&b->pool, x->line);
		it->value_name = "default";
		it->added_value = query_pool_strdup(&b->pool, y->val);
		it->removed_value = query_pool_strdup(&b->pool, x->val);
		if (!it->rule || !it->added_value || !it->removed_value)
			b->failed = true;
	}
	pol_buf_release(&t);
}

static void kcompare(struct kside *l, struct kside *r, const char *open, const char *close,
		     const char *what, enum pol_diff_section section, struct query_diff_build *b)
{
	size_t i = 0, j = 0;

	ksort(l);
	ksort(r);
	while (i < l->n || j < r->n) {
		int c = i == l->n ? 1 : j == r->n ? -1 : strcmp(l->v[i].key, r->v[j].key);

		if (c < 0) {
			query_diff_add(b, '-', l->v[i++].line);
		} else if (c > 0) {
			query_diff_add(b, '+', r->v[j++].line);
		} else {
			const struct krec *x = &l->v[i++], *y = &r->v[j++];
			struct pol_buf t = POL_BUF_INIT;
			struct pol_diff_item *it;

			if (strcmp(x->val, y->val) == 0)
				continue;
			if (section == POL_DIFF_NETIFCON) {
				netif_modified(x, y, b);
				continue;
			}
			if (section == POL_DIFF_DEFAULTS) {
				default_modified(x, y, b);
				continue;
			}
			pol_buf_printf(&t, "%s +%s%s%s -%s%s%s%s", x->head, open, y->val, close,
				       open, x->val, close, x->tail);
			if (t.failed) {
				b->failed = true;
			} else if ((it = query_diff_add(b, '*', pol_buf_str(&t)))) {
				it->rule = query_pool_strdup(&b->pool, x->line);
				it->value_name = what;
				it->added_value = query_pool_strdup(&b->pool, y->val);
				it->removed_value = query_pool_strdup(&b->pool, x->val);
				if (!it->rule || !it->added_value || !it->removed_value)
					b->failed = true;
			}
			pol_buf_release(&t);
		}
	}
}

/* ---- type_transition, type_change, type_member ------------------------- */

static void type_rule(struct kside *s, const char *kw, uint32_t src, uint32_t tgt, uint32_t cls,
		      uint32_t dflt, const char *filename, const char *cond, const char *ckey,
		      bool branch)
{
	const struct pol_pdb *pdb = s->pdb;
	const char *cname = pdb_db(pdb)->p_class_val_to_name[cls - 1];
	struct pol_buf key = POL_BUF_INIT, line = POL_BUF_INIT, head = POL_BUF_INIT,
		       tail = POL_BUF_INIT;

	pol_buf_printf(&head, "%s %s %s:%s", kw, pdb_type_name(pdb, src), pdb_type_name(pdb, tgt),
		       cname);
	pol_buf_printf(&key, "%s|%s|%s", pol_buf_str(&head), filename ? filename : "",
		       ckey ? ckey : "");
	pol_buf_printf(&line, "%s %s%s%s;", pol_buf_str(&head), pdb_type_name(pdb, dflt),
		       filename ? " " : "", filename ? filename : "");
	pol_buf_printf(&tail, "%s%s;", filename ? " " : "", filename ? filename : "");
	if (cond) {
		pol_buf_printf(&line, " [ %s ]:%s", cond, branch ? "True" : "False");
		pol_buf_printf(&tail, " [ %s ]", cond);
	}
	if (key.failed || line.failed || head.failed || tail.failed)
		s->failed = true;
	else
		kadd(s, pol_buf_str(&key), pdb_type_name(pdb, dflt), pol_buf_str(&line),
		     pol_buf_str(&head), pol_buf_str(&tail));
	pol_buf_release(&key);
	pol_buf_release(&line);
	pol_buf_release(&head);
	pol_buf_release(&tail);
}

static int filename_entry(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const filename_trans_key_t *key = (const filename_trans_key_t *)k;
	struct kside *s = arg;

	for (const filename_trans_datum_t *fd = d; fd; fd = fd->next) {
		ebitmap_node_t *node;
		unsigned int bit;

		ebitmap_for_each_positive_bit(&fd->stypes, node, bit)
		    type_rule(s, "type_transition", bit + 1, key->ttype, key->tclass, fd->otype,
			      key->name, NULL, NULL, false);
	}
	return s->failed ? -ENOMEM : 0;
}

static void type_rules(struct kside *s, uint16_t spec, const char *kw)
{
	const policydb_t *p = pdb_db(s->pdb);

	for (uint32_t i = 0; i < p->te_avtab.nslot; i++)
		for (avtab_ptr_t n = p->te_avtab.htable[i]; n; n = n->next)
			if ((n->key.specified & ~AVTAB_ENABLED) == spec)
				type_rule(s, kw, n->key.source_type, n->key.target_type,
					  n->key.target_class, n->datum.data, NULL, NULL, NULL,
					  false);
	for (const cond_node_t *cn = p->cond_list; cn && !s->failed; cn = cn->next) {
		char *text = pdb_cond_expr_text(s->pdb, cn->expr);
		char *key[2] = {NULL, NULL};

		for (int br = 0; br < 2 && text; br++)
			key[br] = query_diff_cond_key(p, cn->expr, text, !br);
		if (!text || !key[0] || !key[1])
			s->failed = true;
		for (int br = 0; br < 2 && !s->failed; br++)
			for (const cond_av_list_t *l = br ? cn->false_list : cn->true_list; l;
			     l = l->next) {
				const avtab_key_t *k = &l->node->key;

				if ((k->specified & ~AVTAB_ENABLED) == spec)
					type_rule(s, kw, k->source_type, k->target_type,
						  k->target_class, l->node->datum.data, NULL, text,
						  key[br], !br);
			}
		free(text);
		free(key[0]);
		free(key[1]);
	}
	if (spec == AVTAB_TRANSITION && p->filename_trans && !s->failed)
		hashtab_map(p->filename_trans, filename_entry, s);
}

/* ---- RBAC and MLS rules --------------------------------------------------- */

static void role_allows(struct kside *s)
{
	const policydb_t *p = pdb_db(s->pdb);
	char *line;

	for (const role_allow_t *ra = p->role_allow; ra && !s->failed; ra = ra->next) {
		if (asprintf(&line, "allow %s %s;", p->p_role_val_to_name[ra->role - 1],
			     p->p_role_val_to_name[ra->new_role - 1]) < 0) {
			s->failed = true;
			break;
		}
		kadd(s, line, "", line, "", "");
		free(line);
	}
}

static void role_transitions(struct kside *s)
{
	const policydb_t *p = pdb_db(s->pdb);
	struct pol_buf head = POL_BUF_INIT, line = POL_BUF_INIT;

	for (const role_trans_t *rt = p->role_tr; rt && !s->failed; rt = rt->next) {
		const char *nr = p->p_role_val_to_name[rt->new_role - 1];

		pol_buf_reset(&head);
		pol_buf_reset(&line);
		pol_buf_printf(&head, "role_transition %s %s:%s",
			       p->p_role_val_to_name[rt->role - 1], pdb_type_name(s->pdb, rt->type),
			       p->p_class_val_to_name[rt->tclass - 1]);
		pol_buf_printf(&line, "%s %s;", pol_buf_str(&head), nr);
		if (head.failed || line.failed)
			s->failed = true;
		else
			kadd(s, pol_buf_str(&head), nr, pol_buf_str(&line), pol_buf_str(&head), "");
	}
	pol_buf_release(&head);
	pol_buf_release(&line);
}

static int range_entry(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const range_trans_t *key = (const range_trans_t *)k;
	struct kside *s = arg;
	const policydb_t *p = pdb_db(s->pdb);
	char *range = query_mls_range_format(s->pdb, d);
	struct pol_buf head = POL_BUF_INIT, line = POL_BUF_INIT;

	pol_buf_printf(&head, "range_transition %s %s:%s", pdb_type_name(s->pdb, key->source_type),
		       pdb_type_name(s->pdb, key->target_type),
		       p->p_class_val_to_name[key->target_class - 1]);
	pol_buf_printf(&line, "%s %s;", pol_buf_str(&head), range ? range : "");
	if (!range || head.failed || line.failed)
		s->failed = true;
	else
		kadd(s, pol_buf_str(&head), range, pol_buf_str(&line), pol_buf_str(&head), "");
	free(range);
	pol_buf_release(&head);
	pol_buf_release(&line);
	return s->failed ? -ENOMEM : 0;
}

static void range_transitions(struct kside *s)
{
	const policydb_t *p = pdb_db(s->pdb);

	if (p->range_tr)
		hashtab_map(p->range_tr, range_entry, s);
}

/* ---- labeling statements -------------------------------------------------- */

/* A labeling statement: key, its context as value, the statement
 * "<line_head> <context><line_tail>" as line, and modified
 * "<head> +[new] -[old];". */
static void ocon(struct kside *s, const char *key, const char *head, const char *line_head,
		 const char *line_tail, const context_struct_t *ctx)
{
	struct pol_buf c = POL_BUF_INIT, line = POL_BUF_INIT;

	query_info_context(s->pdb, ctx, &c);
	pol_buf_printf(&line, "%s %s%s", line_head, pol_buf_str(&c), line_tail);
	if (c.failed || line.failed)
		s->failed = true;
	else
		kadd(s, key, pol_buf_str(&c), pol_buf_str(&line), head, ";");
	pol_buf_release(&c);
	pol_buf_release(&line);
}

/* netifcon: the value is both contexts, a newline apart; kcompare()
 * prints a modified one with detail lines, as sediff does. */
static void netifcon(struct kside *s, const ocontext_t *c)
{
	struct pol_buf v = POL_BUF_INIT, line = POL_BUF_INIT;

	query_info_context(s->pdb, &c->context[0], &v);
	pol_buf_putc(&v, '\n');
	query_info_context(s->pdb, &c->context[1], &v);
	pol_buf_printf(&line, "netifcon %s ", c->u.name);
	query_info_context(s->pdb, &c->context[0], &line);
	pol_buf_putc(&line, ' ');
	query_info_context(s->pdb, &c->context[1], &line);
	if (v.failed || line.failed)
		s->failed = true;
	else
		kadd(s, c->u.name, pol_buf_str(&v), pol_buf_str(&line), c->u.name, "");
	pol_buf_release(&v);
	pol_buf_release(&line);
}

static int ocon_kind(enum pol_diff_section section)
{
	switch (section) {
	case POL_DIFF_INITIALSIDS:
		return OCON_ISID;
	case POL_DIFF_FS_USE:
		return OCON_FSUSE;
	case POL_DIFF_NETIFCON:
		return OCON_NETIF;
	default:
		return OCON_PORT;
	}
}

static void ocons(struct kside *s, enum pol_diff_section section)
{
	const policydb_t *p = pdb_db(s->pdb);
	struct pol_buf k = POL_BUF_INIT, h = POL_BUF_INIT;
	char buf[16];

	for (const genfs_t *g = section == POL_DIFF_GENFSCON ? p->genfs : NULL; g; g = g->next)
		for (const ocontext_t *c = g->head; c; c = c->next) {
			pol_buf_reset(&h);
			pol_buf_printf(&h, "genfscon %s %s %s", g->fstype, c->u.name,
				       query_info_genfs_filetype(p, c->v.sclass));
			if (h.failed)
				s->failed = true;
			else
				ocon(s, pol_buf_str(&h), pol_buf_str(&h), pol_buf_str(&h), "",
				     &c->context[0]);
		}
	for (const ocontext_t *c = section == POL_DIFF_GENFSCON ? NULL
								: p->ocontexts[ocon_kind(section)];
	     c; c = c->next) {
		const char *name = NULL;
		uint16_t lo, hi;

		pol_buf_reset(&k);
		pol_buf_reset(&h);
		switch (section) {
		case POL_DIFF_INITIALSIDS:
			name = query_info_sid_name(p, c, buf);
			pol_buf_printf(&h, "sid %s", name);
			ocon(s, name, name, pol_buf_str(&h), "", &c->context[0]);
			break;
		case POL_DIFF_FS_USE:
			pol_buf_printf(&h, "%s %s", query_info_fs_use_rule(c->v.behavior),
				       c->u.name);
			ocon(s, pol_buf_str(&h), pol_buf_str(&h), pol_buf_str(&h), ";",
			     &c->context[0]);
			break;
		case POL_DIFF_NETIFCON:
			netifcon(s, c);
			break;
		default:
			lo = c->u.port.low_port, hi = c->u.port.high_port;
			name = query_info_protocol_name(c->u.port.protocol);
			pol_buf_printf(&h, "portcon %s %u", name, lo);
			if (hi != lo)
				pol_buf_printf(&h, "-%u", hi);
			/* ports sort by number */
			pol_buf_printf(&k, "%s %05u %05u", name, lo, hi);
			ocon(s, pol_buf_str(&k), pol_buf_str(&h), pol_buf_str(&h), "",
			     &c->context[0]);
			break;
		}
		if (k.failed || h.failed)
			s->failed = true;
	}
	pol_buf_release(&k);
	pol_buf_release(&h);
}

/* ---- statements as seinfo lists them ------------------------------------- */

/* "default_range C source low;": key "default_range C", value
 * "source low" (no range: "source"). */
static void default_stmt(struct kside *s, const char *text)
{
	const char *cls = strchr(text, ' '), *val = cls ? strchr(cls + 1, ' ') : NULL;
	size_t len = strlen(text);
	char *key = val ? strndup(text, (size_t)(val - text)) : NULL;
	char *v = val && len > 0 ? strndup(val + 1, (size_t)(text + len - 1 - (val + 1))) : NULL;

	if (!key || !v)
		s->failed = true;
	else
		kadd(s, key, v, text, key, ";");
	free(key);
	free(v);
}

/* "typebounds P C;": matched by the child C, the parent its value. */
static void bounds_stmt(struct kside *s, const char *text)
{
	const char *parent = strchr(text, ' '), *child = parent ? strchr(parent + 1, ' ') : NULL;
	char *v = child ? strndup(parent + 1, (size_t)(child - parent - 1)) : NULL;

	if (!v)
		s->failed = true;
	else
		kadd(s, child + 1, v, text, "typebounds", child);
	free(v);
}

/* nodecon, ibpkeycon, ibendportcon: "<head> <context>", matched by the
 * head; modified "<head> +[new] -[old]" (nodecon adds ";"). */
static void ocon_stmt(struct kside *s, const char *text, const char *tail)
{
	const char *ctx = strrchr(text, ' ');
	char *head = ctx ? strndup(text, (size_t)(ctx - text)) : NULL;

	if (!head)
		s->failed = true;
	else
		kadd(s, head, ctx + 1, text, head, tail);
	free(head);
}

// clang-format off
static const struct {
	enum pol_diff_section section;
	enum pol_info_kind kind;
	const char *prefix; /* of the statements kept */
} listings[] = {
	{ POL_DIFF_CONSTRAINS, POL_INFO_CONSTRAIN, "constrain " },
	{ POL_DIFF_MLSCONSTRAINS, POL_INFO_CONSTRAIN, "mlsconstrain " },
	{ POL_DIFF_VALIDATETRANS, POL_INFO_VALIDATETRANS, "validatetrans " },
	{ POL_DIFF_MLSVALIDATETRANS, POL_INFO_VALIDATETRANS, "mlsvalidatetrans " },
	{ POL_DIFF_IBENDPORTCON, POL_INFO_IBENDPORTCON, "" },
	{ POL_DIFF_IBPKEYCON, POL_INFO_IBPKEYCON, "" },
	{ POL_DIFF_NODECON, POL_INFO_NODECON, "" },
	{ POL_DIFF_DEFAULTS, POL_INFO_DEFAULT, "" },
	{ POL_DIFF_TYPEBOUNDS, POL_INFO_TYPEBOUNDS, "" },
};
// clang-format on

struct constraint_walk {
	struct kside *s;
	const char *prefix;
};

static int constraint_add(void *ctx, const struct pol_buf *text, const char *key)
{
	struct constraint_walk *w = ctx;
	const char *t = pol_buf_str(text);

	if (strncmp(t, w->prefix, strlen(w->prefix)) == 0)
		kadd(w->s, key, "", t, "", "");
	return w->s->failed ? -ENOMEM : 0;
}

/* Constraints and validatetrans are added or removed only, matched as
 * setools' diff matches them: by class, permissions and expression in
 * postfix, names and permissions as sets (so a reordered statement or set
 * is no difference), not by their text, which two expressions can share. */
static void listed(struct kside *s, enum pol_diff_section section)
{
	size_t k = 0;
	struct pol_info_list *list = NULL;
	struct pol_err err;

	while (listings[k].section != section)
		k++;
	if (listings[k].kind == POL_INFO_CONSTRAIN || listings[k].kind == POL_INFO_VALIDATETRANS) {
		struct constraint_walk w = {s, listings[k].prefix};

		if (query_constraints_each(s->pdb, listings[k].kind == POL_INFO_VALIDATETRANS, 0,
					   true, constraint_add, &w) < 0)
			s->failed = true;
		return;
	}
	pol_err_init(&err);
	if (pol_info_list(s->pdb, listings[k].kind, NULL, &list, &err) < 0)
		s->failed = true;
	pol_err_release(&err);
	for (size_t i = 0; list && i < list->count && !s->failed; i++) {
		const char *text = list->items[i].text;

		if (strncmp(text, listings[k].prefix, strlen(listings[k].prefix)) != 0)
			continue;
		if (section == POL_DIFF_DEFAULTS)
			default_stmt(s, text);
		else if (section == POL_DIFF_TYPEBOUNDS)
			bounds_stmt(s, text);
		else
			ocon_stmt(s, text, section == POL_DIFF_NODECON ? ";" : "");
	}
	pol_info_list_free(list);
}

/* ---- one section ---------------------------------------------------------- */

static void collect(struct kside *s, enum pol_diff_section section)
{
	switch (section) {
	case POL_DIFF_TYPE_TRANS:
		type_rules(s, AVTAB_TRANSITION, "type_transition");
		break;
	case POL_DIFF_TYPE_CHANGE:
		type_rules(s, AVTAB_CHANGE, "type_change");
		break;
	case POL_DIFF_TYPE_MEMBER:
		type_rules(s, AVTAB_MEMBER, "type_member");
		break;
	case POL_DIFF_ROLE_ALLOW:
		role_allows(s);
		break;
	case POL_DIFF_ROLE_TRANS:
		role_transitions(s);
		break;
	case POL_DIFF_RANGE_TRANS:
		range_transitions(s);
		break;
	case POL_DIFF_CONSTRAINS:
	case POL_DIFF_MLSCONSTRAINS:
	case POL_DIFF_VALIDATETRANS:
	case POL_DIFF_MLSVALIDATETRANS:
	case POL_DIFF_DEFAULTS:
	case POL_DIFF_TYPEBOUNDS:
	case POL_DIFF_NODECON:
	case POL_DIFF_IBPKEYCON:
	case POL_DIFF_IBENDPORTCON:
		listed(s, section);
		break;
	default:
		ocons(s, section);
		break;
	}
}

void query_diff_keyed(const struct pol_pdb *left, const struct pol_pdb *right,
		      enum pol_diff_section section, struct query_diff_build *b)
{
	struct kside s[2] = {{.pdb = left}, {.pdb = right}};
	bool labeling = section >= POL_DIFF_INITIALSIDS && section <= POL_DIFF_PORTCON;
	bool bracket = section == POL_DIFF_RANGE_TRANS || labeling;
	const char *what = section == POL_DIFF_RANGE_TRANS  ? "range"
			   : labeling			    ? "context"
			   : section == POL_DIFF_TYPEBOUNDS ? "bound"
							    : "default";

	for (int k = 0; k < 2; k++)
		collect(&s[k], section);
	if (s[0].failed || s[1].failed)
		b->failed = true;
	else
		kcompare(&s[0], &s[1], bracket ? "[" : "", bracket ? "]" : "", what, section, b);
	for (int k = 0; k < 2; k++) {
		free(s[k].v);
		query_pool_free(s[k].pool);
	}
}
