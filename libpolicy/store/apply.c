// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sestore apply: a list of changes made in one libsemanage transaction.
 *
 * Two passes over the list. The plan runs with the store in check mode
 * (no transaction can begin): every change is checked and compared with the
 * store, and each kind purged with -D is compared as a whole: the records
 * its later lines add against the local records the store holds. The second
 * pass, only when something changes, makes the changes in file order and
 * commits once. semanage import since 3.5 commits the purges in a
 * transaction of their own first; a failure after them left the store
 * purged. Here they share the one transaction.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "store/apply.h"
#include "store/internal.h"
#include "store/module-internal.h"
#include "util/array.h"

/* The record a change describes, pointing into the change's strings. */
static int to_rec(const struct pol_store_changes *list, const struct pol_store_change *ch,
		  struct pol_store_rec *rec, enum pol_store_op *op)
{
	static const int kinds[POL_STORE_APPLY_NKINDS] = {
	    [POL_STORE_APPLY_BOOLEAN] = POL_STORE_BOOLEAN,
	    [POL_STORE_APPLY_LOGIN] = POL_STORE_LOGIN,
	    [POL_STORE_APPLY_INTERFACE] = POL_STORE_INTERFACE,
	    [POL_STORE_APPLY_USER] = POL_STORE_USER,
	    [POL_STORE_APPLY_PORT] = POL_STORE_PORT,
	    [POL_STORE_APPLY_NODE] = POL_STORE_NODE,
	    [POL_STORE_APPLY_FCONTEXT] = POL_STORE_FCONTEXT,
	    [POL_STORE_APPLY_PERMISSIVE] = POL_STORE_PERMISSIVE,
	    [POL_STORE_APPLY_MODULE] = -1,
	    [POL_STORE_APPLY_IBENDPORT] = -1,
	    [POL_STORE_APPLY_IBPKEY] = -1,
	    [POL_STORE_APPLY_DONTAUDIT] = -1,
	};
	const struct pol_store_apply_value *f = ch->f;
	const struct pol_store_apply_value *at =
	    f[POL_STORE_APPLY_TYPE].str ? &f[POL_STORE_APPLY_TYPE] : &f[POL_STORE_APPLY_NAME];

	if (kinds[ch->kind] < 0)
		return -1;
	memset(rec, 0, sizeof(*rec));
	rec->kind = kinds[ch->kind];
	if (rec->kind == POL_STORE_FCONTEXT && f[POL_STORE_APPLY_EQUAL].str)
		rec->kind = POL_STORE_EQUIV;
	rec->name = f[POL_STORE_APPLY_NAME].str;
	rec->target = f[POL_STORE_APPLY_EQUAL].str;
	rec->type = f[POL_STORE_APPLY_TYPE].str;
	rec->seuser = f[POL_STORE_APPLY_SEUSER].str;
	rec->roles = f[POL_STORE_APPLY_ROLES].str;
	rec->range = f[POL_STORE_APPLY_RANGE].str;
	rec->level = f[POL_STORE_APPLY_LEVEL].str;
	rec->prefix = f[POL_STORE_APPLY_PREFIX].str;
	rec->proto = f[POL_STORE_APPLY_PROTO].str;
	rec->mask = f[POL_STORE_APPLY_MASK].str;
	rec->low = ch->lo;
	rec->high = ch->hi;
	rec->ftype = f[POL_STORE_APPLY_FTYPE].str ? f[POL_STORE_APPLY_FTYPE].str[0] : 0;
	rec->value = ch->value > 0;
	rec->file = list->file;
	rec->line = at->str ? at->line : ch->line;
	rec->col = at->str ? at->col : ch->col;
	if (rec->kind == POL_STORE_FCONTEXT && !rec->type && ch->op == POL_STORE_APPLY_ADD)
		rec->type = "<<none>>";
	switch (ch->op) {
	case POL_STORE_APPLY_ADD:
		*op = POL_STORE_ADD;
		break;
	case POL_STORE_APPLY_DELETE:
		*op = POL_STORE_DELETE;
		break;
	default:
		*op = POL_STORE_MODIFY;
		break;
	}
	return 0;
}

static bool str_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* Whether a and b name the same record (semanage's key of the kind). */
static bool same_key(const struct pol_store_rec *a, const struct pol_store_rec *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case POL_STORE_PORT:
		return str_eq(a->proto, b->proto) && a->low == b->low && a->high == b->high;
	case POL_STORE_NODE:
		return str_eq(a->name, b->name) && str_eq(a->mask, b->mask) &&
		       str_eq(a->proto, b->proto);
	case POL_STORE_FCONTEXT:
		return str_eq(a->name, b->name) &&
		       (a->ftype ? a->ftype : 'a') == (b->ftype ? b->ftype : 'a');
	default:
		return str_eq(a->name, b->name);
	}
}

struct recs {
	struct pol_store_rec *v;
	const struct pol_store_change **src; /* the line that gave each */
	size_t n, alloc, salloc;
};

/* The records the changes of a purged kind leave, from the purge on. */
static int simulate(const struct pol_store_changes *list, size_t from, enum pol_store_kind kind,
		    struct recs *out)
{
	for (size_t i = from + 1; i < list->n; i++) {
		struct pol_store_rec rec;
		enum pol_store_op op;
		size_t j;

		if (to_rec(list, &list->v[i], &rec, &op) < 0 ||
		    (rec.kind != kind &&
		     !(kind == POL_STORE_FCONTEXT && rec.kind == POL_STORE_EQUIV)))
			continue;
		for (j = 0; j < out->n && !same_key(&out->v[j], &rec); j++)
			;
		if (op == POL_STORE_DELETE) {
			if (j < out->n) {
				memmove(&out->v[j], &out->v[j + 1],
					(out->n - j - 1) * sizeof(out->v[0]));
				memmove(&out->src[j], &out->src[j + 1],
					(out->n - j - 1) * sizeof(out->src[0]));
				out->n--;
			}
			continue;
		}
		if (j == out->n) {
			if (POL_ARRAY_GROW(out->v, out->n + 1, out->alloc) < 0 ||
			    POL_ARRAY_GROW(out->src, out->n + 1, out->salloc) < 0)
				return -ENOMEM;
			out->n++;
		}
		out->v[j] = rec;
		out->src[j] = &list->v[i];
	}
	return 0;
}

/* The index of the last -D of kind k (an apply kind), or SIZE_MAX. */
static size_t last_purge(const struct pol_store_changes *list, enum pol_store_apply_kind k)
{
	size_t last = SIZE_MAX;

	for (size_t i = 0; i < list->n; i++)
		if (list->v[i].kind == k && list->v[i].op == POL_STORE_APPLY_DELETEALL)
			last = i;
	return last;
}

static int report(struct pol_store_apply_report *rep, const struct pol_store_change *ch)
{
	if (POL_ARRAY_GROW(rep->v, rep->n + 1, rep->alloc) < 0)
		return -ENOMEM;
	rep->v[rep->n++] = ch;
	return 0;
}

/*
 * Whether a purged kind changes: the records left after its purge (checked
 * against the policy here) against the local ones (fcontext's -D purges
 * equivalences too). Returns 1, 0, or < 0.
 */
static int purge_changes(struct pol_store *st, const struct pol_store_changes *list, size_t at,
			 enum pol_store_kind kind, struct pol_store_apply_report *rep,
			 struct pol_err *err)
{
	size_t first = rep->n;
	struct recs want = {0};
	struct pol_store_list have[2] = {0};
	size_t nhave = 0;
	int rc, changes = 0;
	enum pol_store_kind kinds[2] = {kind, POL_STORE_EQUIV};
	int nkinds = kind == POL_STORE_FCONTEXT ? 2 : 1;

	if ((rc = simulate(list, at, kind, &want)) < 0)
		goto out;
	for (int k = 0; k < nkinds; k++) {
		if ((rc = pol_store_list(st, kinds[k], POL_STORE_LOCAL_ONLY, &have[k], err)) < 0)
			goto out;
		nhave += have[k].n;
	}
	changes = nhave != want.n;
	for (size_t i = 0; i < want.n; i++) {
		bool local = false;

		for (int k = 0; k < nkinds && !local; k++)
			for (size_t j = 0; j < have[k].n && !local; j++)
				local = same_key(&have[k].recs[j], &want.v[i]);
		rc = pol_store_change(st, POL_STORE_ADD, &want.v[i], err);
		if (rc < 0)
			goto out;
		if ((rc > 0 || !local) && (rc = report(rep, want.src[i])) < 0)
			goto out;
	}
	rc = changes || rep->n > first;
	if (!rc)
		rep->n = first;
out:
	for (int k = 0; k < nkinds; k++)
		pol_store_list_release(&have[k]);
	free(want.v);
	free(want.src);
	return rc;
}

/* A kind libsemanage has that sestore does not manage yet: -D of none is
 * no change, anything else is refused. */
static int unmanaged(struct pol_store *st, const struct pol_store_changes *list,
		     const struct pol_store_change *ch, struct pol_err *err)
{
	unsigned int count = 0;
	int rc = 0;

	if (ch->op == POL_STORE_APPLY_DELETEALL) {
		if (ch->kind == POL_STORE_APPLY_IBPKEY)
			rc = semanage_ibpkey_count_local(st->sh, &count);
		else
			rc = semanage_ibendport_count_local(st->sh, &count);
		if (rc >= 0 && !count)
			return 0;
	}
	return pol_err_add(err, POL_SEV_ERROR, POL_EINVAL, list->file, ch->line, ch->col,
			   "sestore does not change %s records yet (semanage %s does)",
			   pol_store_apply_kind_name(ch->kind),
			   pol_store_apply_kind_name(ch->kind));
}

/* One change, outside a purged kind: 1 when it changes the store, 0, < 0. */
static int one_change(struct pol_store *st, const struct pol_store_changes *list,
		      const struct pol_store_change *ch, struct pol_err *err)
{
	struct pol_store_rec rec;
	enum pol_store_op op;

	switch (ch->kind) {
	case POL_STORE_APPLY_DONTAUDIT:
		return pol_store_set_dontaudit(st, ch->value, err);
	case POL_STORE_APPLY_MODULE:
		return store_module_apply(st, list, ch, err);
	case POL_STORE_APPLY_IBPKEY:
	case POL_STORE_APPLY_IBENDPORT:
		return unmanaged(st, list, ch, err);
	default:
		break;
	}
	if (to_rec(list, ch, &rec, &op) < 0)
		return POL_EINTERNAL;
	return pol_store_change(st, op, &rec, err);
}

static int plan(struct pol_store *st, const struct pol_store_changes *list, bool *purged,
		struct pol_store_apply_report *rep, struct pol_err *err)
{
	int status = 0, rc;

	for (int k = 0; k < POL_STORE_APPLY_NKINDS; k++) {
		size_t at = last_purge(list, k);
		struct pol_store_rec rec;
		enum pol_store_op op;
		struct pol_store_change probe = {.kind = k, .op = POL_STORE_APPLY_ADD};

		purged[k] = false;
		if (at == SIZE_MAX || to_rec(list, &probe, &rec, &op) < 0)
			continue;
		if ((rc = report(rep, &list->v[at])) < 0)
			return rc;
		rc = purge_changes(st, list, at, rec.kind, rep, err);
		if (rc < 0) {
			status = rc;
			continue;
		}
		purged[k] = rc > 0;
		if (!purged[k])
			rep->n--; /* the -D itself */
	}
	for (size_t i = 0; i < list->n; i++) {
		const struct pol_store_change *ch = &list->v[i];
		size_t at = last_purge(list, ch->kind);

		if (at != SIZE_MAX && i <= at && ch->kind != POL_STORE_APPLY_MODULE &&
		    ch->kind != POL_STORE_APPLY_IBPKEY && ch->kind != POL_STORE_APPLY_IBENDPORT)
			continue; /* purged, or the purge: weighed above */
		if (at != SIZE_MAX && i > at && ch->kind != POL_STORE_APPLY_MODULE &&
		    ch->kind != POL_STORE_APPLY_IBPKEY && ch->kind != POL_STORE_APPLY_IBENDPORT)
			continue; /* checked as part of its kind's purge */
		rc = one_change(st, list, ch, err);
		if (rc < 0)
			status = rc;
		else if (rc > 0 && (rc = report(rep, ch)) < 0)
			return rc;
	}
	return status;
}

static int by_line(const void *a, const void *b)
{
	const struct pol_store_change *x = *(const struct pol_store_change *const *)a;
	const struct pol_store_change *y = *(const struct pol_store_change *const *)b;

	return x < y ? -1 : x > y;
}

static int make(struct pol_store *st, const struct pol_store_changes *list, const bool *purged,
		struct pol_err *err)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct pol_store_change *ch = &list->v[i];
		size_t at = last_purge(list, ch->kind);
		struct pol_store_rec rec;
		enum pol_store_op op;
		int rc;

		if (at != SIZE_MAX && ch->kind != POL_STORE_APPLY_MODULE &&
		    ch->kind != POL_STORE_APPLY_IBPKEY && ch->kind != POL_STORE_APPLY_IBENDPORT) {
			if (!purged[ch->kind] || i < at)
				continue;
			if (i == at) {
				struct pol_store_change probe = {.kind = ch->kind,
								 .op = POL_STORE_APPLY_ADD};

				to_rec(list, &probe, &rec, &op);
				rc = pol_store_delete_all(st, rec.kind, err);
				if (rc >= 0 && rec.kind == POL_STORE_FCONTEXT)
					rc = pol_store_delete_all(st, POL_STORE_EQUIV, err);
				if (rc < 0)
					return rc;
				continue;
			}
		}
		if ((rc = one_change(st, list, ch, err)) < 0)
			return rc;
	}
	return 0;
}

int pol_store_apply(struct pol_store *st, const struct pol_store_changes *list,
		    struct pol_store_apply_report *rep, struct pol_err *err)
{
	bool purged[POL_STORE_APPLY_NKINDS];
	unsigned int flags = st->flags;
	int rc;

	st->flags |= POL_STORE_CHECK;
	rc = plan(st, list, purged, rep, err);
	st->flags = flags;
	if (rc < 0)
		return rc;
	if (rep->n)
		qsort(rep->v, rep->n, sizeof(rep->v[0]), by_line);
	if (!rep->n || (flags & POL_STORE_CHECK))
		return 0;
	rc = make(st, list, purged, err);
	if (rc < 0)
		return rc;
	return pol_store_commit(st, err);
}

void pol_store_apply_report_release(struct pol_store_apply_report *rep)
{
	free(rep->v);
	memset(rep, 0, sizeof(*rep));
}
