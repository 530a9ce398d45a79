/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of libpolicy/audit's explaining side. audit_compute() answers
 * libsepol's sepol_compute_av_reason() question with the constraints
 * evaluated by libpolicy itself, without their text: its reason bits and
 * its decision for the permissions asked about must be libsepol's own on
 * every question. Asked here on random contexts of seallow's fixture
 * policies, checkpolicy's MLS policies of the corpus and Debian's
 * policy.33 (each skipped when absent), with the TE part granted on half
 * of the questions so that the constraints are reached, booleans flipped
 * now and then, and on half of them a random constraint added to the
 * class for the question (every operator on every attribute, the names
 * forms, not/and/or) with random role dominance, since the policies' own
 * constraints use only some of the operators.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pdb/internal.h"
#include <sepol/policydb/conditional.h>
#include <sepol/policydb/constraint.h>
#include <sepol/policydb/services.h>

#include "audit/explain-internal.h"
#include "pdb/pdb.h"

#include "compile-policy.h"
#include "tap.h"
#include "util.h"

static uint64_t rng = 88172645463325252ull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (uint32_t)(rng % n) : 0;
}

/* A policy.conf compiled in process, its diagnostics shown when it fails. */
static struct pol_pdb *compile(const char *conf, bool mls)
{
	struct pol_err err;
	struct pol_pdb *pdb;

	pol_err_init(&err);
	pdb = test_compile_policy(conf, mls, &err);
	test_show_diags(&err);
	pol_err_release(&err);
	return pdb;
}

/* Random member of an ebitmap (a value, 1-based), 0 when empty. */
static uint32_t pick_bit(const ebitmap_t *e)
{
	ebitmap_node_t *n;
	unsigned int bit, count = 0, want;

	ebitmap_for_each_positive_bit(e, n, bit) count++;
	if (!count)
		return 0;
	want = rnd(count);
	ebitmap_for_each_positive_bit(e, n, bit)
	{
		if (!want--)
			return bit + 1;
	}
	return 0;
}

/* ":s1:c2,c5" or ":s0-s2:c1.c3": a level or range, often outside the
 * user's (the context is then not valid and not asked about). */
static void put_level(const policydb_t *p, char *buf, size_t size)
{
	size_t n = 0;

	for (int part = 0; part < (rnd(2) ? 2 : 1); part++) {
		uint32_t sens = 1 + rnd(p->p_levels.nprim);
		uint32_t ncats = p->p_cats.nprim ? rnd(4) : 0;

		n += (size_t)snprintf(buf + n, size - n, "%s%s", part ? "-" : ":",
				      p->p_sens_val_to_name[sens - 1]);
		for (uint32_t i = 0; i < ncats && n < size; i++) {
			uint32_t c = 1 + rnd(p->p_cats.nprim);

			n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : ":",
					      p->p_cat_val_to_name[c - 1]);
			if (rnd(3) == 0 && c < p->p_cats.nprim && n < size)
				n += (size_t)snprintf(
				    buf + n, size - n, ".%s",
				    p->p_cat_val_to_name[c + rnd(p->p_cats.nprim - c)]);
		}
		if (n >= size)
			break;
	}
}

/* A random context of the policy, valid or not. */
static const struct pol_audit_ctx *random_context(struct pol_audit_policy *pol)
{
	const policydb_t *p = pol->p;
	char buf[1024], level[512] = "";
	uint32_t u = 1 + rnd(p->p_users.nprim), r, t;
	const user_datum_t *ud = p->user_val_to_struct[u - 1];

	r = rnd(3) == 0 ? OBJECT_R_VAL : pick_bit(&ud->roles.roles);
	if (!r)
		r = OBJECT_R_VAL;
	t = r == OBJECT_R_VAL || !p->role_val_to_struct[r - 1]
		? 0
		: pick_bit(&p->role_val_to_struct[r - 1]->types.types);
	if (!t)
		t = 1 + rnd(p->p_types.nprim);
	if (!p->p_type_val_to_name[t - 1])
		return NULL;
	if (p->mls) {
		if (rnd(2)) {
			/* the user's own low or high level: valid more often */
			const mls_level_t *l = &ud->exp_range.level[rnd(2)];
			size_t n = (size_t)snprintf(level, sizeof(level), ":%s",
						    p->p_sens_val_to_name[l->sens - 1]);
			ebitmap_node_t *node;
			unsigned int bit;
			bool first = true;

			ebitmap_for_each_positive_bit(&l->cat, node, bit)
			{
				if (n >= sizeof(level) - 64 || rnd(4) == 0)
					continue;
				n += (size_t)snprintf(level + n, sizeof(level) - n, "%s%s",
						      first ? ":" : ",", p->p_cat_val_to_name[bit]);
				first = false;
			}
		} else {
			put_level(p, level, sizeof(level));
		}
	}
	snprintf(buf, sizeof(buf), "%s:%s:%s%s", p->p_user_val_to_name[u - 1],
		 p->p_role_val_to_name[r - 1], p->p_type_val_to_name[t - 1], level);
	return audit_context(pol, buf);
}

/* A random leaf of a constraint expression: attr op attr, or attr op names. */
static constraint_expr_t *random_leaf(const policydb_t *p)
{
	static const uint32_t mls_attrs[] = {CEXPR_L1L2, CEXPR_L1H2, CEXPR_H1L2,
					     CEXPR_H1H2, CEXPR_L1H1, CEXPR_L2H2};
	constraint_expr_t *e = malloc(sizeof(*e));

	if (!e || constraint_expr_init(e) < 0)
		abort();
	if (rnd(3) == 0) {
		uint32_t kinds[] = {CEXPR_USER, CEXPR_ROLE, CEXPR_TYPE},
			 nprim[] = {p->p_users.nprim, p->p_roles.nprim, p->p_types.nprim};
		uint32_t k = rnd(3);

		e->expr_type = CEXPR_NAMES;
		e->attr = kinds[k] | (rnd(2) ? CEXPR_TARGET : 0);
		e->op = rnd(2) ? CEXPR_EQ : CEXPR_NEQ;
		for (uint32_t i = rnd(4) + 1; i > 0; i--)
			if (ebitmap_set_bit(&e->names, rnd(nprim[k]), 1) < 0)
				abort();
		return e;
	}
	e->expr_type = CEXPR_ATTR;
	switch (p->mls ? rnd(4) : rnd(3)) {
	case 0:
		e->attr = rnd(2) ? CEXPR_USER : CEXPR_TYPE;
		e->op = rnd(2) ? CEXPR_EQ : CEXPR_NEQ;
		break;
	case 1:
	case 2:
		e->attr = CEXPR_ROLE;
		e->op = CEXPR_EQ + rnd(5);
		break;
	default:
		e->attr = mls_attrs[rnd(6)];
		e->op = CEXPR_EQ + rnd(5);
		break;
	}
	return e;
}

/* A random expression in reverse Polish order, at most 3 operators deep
 * (libsepol's stack holds CEXPR_MAXDEPTH operands). Returns its tail. */
static constraint_expr_t *random_expr(const policydb_t *p, int depth, constraint_expr_t **head)
{
	uint32_t r = depth < 3 ? rnd(4) : 3;
	constraint_expr_t *tail, *op;

	if (r == 3) {
		*head = random_leaf(p);
		return *head;
	}
	tail = random_expr(p, depth + 1, head);
	if (r != 0)
		tail = random_expr(p, depth + 1, &tail->next);
	op = malloc(sizeof(*op));
	if (!op || constraint_expr_init(op) < 0)
		abort();
	op->expr_type = r == 0 ? CEXPR_NOT : r == 1 ? CEXPR_AND : CEXPR_OR;
	tail->next = op;
	return op;
}

/* Random role dominance (each role dominates itself, as the policy says). */
static void random_dominance(policydb_t *p)
{
	for (uint32_t r = 0; r < p->p_roles.nprim; r++)
		for (uint32_t k = 0; k < p->p_roles.nprim && p->role_val_to_struct[r]; k++)
			if (k != r && ebitmap_set_bit(&p->role_val_to_struct[r]->dominates, k,
						      rnd(3) == 0) < 0)
				abort();
}

struct tally {
	size_t asked, differ, te, cons, rbac, bounds;
};

static void ask(struct pol_audit_policy *pol, const struct pol_audit_ctx *sc,
		const struct pol_audit_ctx *tc, uint32_t cls, uint32_t av, struct tally *t)
{
	struct sepol_av_decision mine, theirs;
	unsigned int rm = 0, rt = 0;
	int cm = audit_compute(pol, sc, tc, cls, av, &mine, &rm);
	int ct = sepol_compute_av_reason(sc->sid, tc->sid, (sepol_security_class_t)cls, av, &theirs,
					 &rt);

	t->asked++;
	if (cm != ct || (cm == 0 && (rm != rt || ((mine.allowed ^ theirs.allowed) & av) ||
				     ((mine.auditdeny ^ theirs.auditdeny) & av)))) {
		if (t->differ++ < 5)
			printf("#   %s -> %s class %u av %#x: reason %#x/%#x allowed %#x/%#x\n",
			       sc->str, tc->str, cls, av, rm, rt, mine.allowed & av,
			       theirs.allowed & av);
		return;
	}
	t->te += !!(rt & SEPOL_COMPUTEAV_TE);
	t->cons += !!(rt & SEPOL_COMPUTEAV_CONS);
	t->rbac += !!(rt & SEPOL_COMPUTEAV_RBAC);
	t->bounds += !!(rt & SEPOL_COMPUTEAV_BOUNDS);
}

/* The contexts and the explanations are found again, the same objects,
 * once their hash tables have grown (they start small). */
static void interned(struct pol_audit_policy *pol, const char *name,
		     const struct pol_audit_ctx *const *ctx, size_t nctx)
{
	enum { N = 1500 };
	struct {
		uint32_t s, t, cls, av;
		const struct pol_audit_why *why;
	} *q = calloc(N, sizeof(*q));
	const policydb_t *p = pol->p;
	size_t same = 0, asked = 0;

	if (!q)
		abort();
	for (size_t i = 0; i < nctx; i++)
		same += audit_context(pol, ctx[i]->str) == ctx[i];
	ok(nctx && same == nctx && pol->ctx.n <= 2 * pol->ctx.nslots,
	   "%s: %zu of %zu contexts found again among %zu (%zu slots)", name, same, nctx,
	   pol->ctx.n, pol->ctx.nslots);
	same = 0;
	for (int pass = 0; pass < 2 && nctx; pass++) {
		for (size_t i = 0; i < N; i++) {
			const struct pol_audit_why *why = NULL;

			if (!pass) {
				q[i].s = rnd((uint32_t)nctx);
				q[i].t = rnd((uint32_t)nctx);
				q[i].cls = 1 + rnd(p->p_classes.nprim);
				q[i].av = UINT32_C(1) << rnd(4);
			}
			if (!p->class_val_to_struct[q[i].cls - 1] ||
			    audit_explain_ctx(pol, ctx[q[i].s], ctx[q[i].t], q[i].cls, q[i].av,
					      &why) != POL_AUDIT_OK)
				continue;
			if (!pass) {
				q[i].why = why;
				asked++;
			} else {
				same += why == q[i].why;
			}
		}
	}
	ok(asked > N / 2 && same == asked && pol->memo.n <= 2 * pol->memo.nslots,
	   "%s: %zu of %zu explanations found again among %zu (%zu slots)", name, same, asked,
	   pol->memo.n, pol->memo.nslots);
	free(q);
}

/* What an allowed lookup per attribute pair gives: pdb_decider_te_allowed() as it
 * was before it kept the TE part of each (type, type, class). */
static uint32_t te_allowed_looked_up(policydb_t *p, uint32_t s, uint32_t t, uint32_t cls)
{
	ebitmap_node_t *sn, *tn;
	unsigned int i, j;
	uint32_t allowed = 0;

	ebitmap_for_each_positive_bit(&p->type_attr_map[s - 1], sn, i)
	{
		ebitmap_for_each_positive_bit(&p->type_attr_map[t - 1], tn, j)
		{
			avtab_key_t key = {.source_type = (uint16_t)(i + 1),
					   .target_type = (uint16_t)(j + 1),
					   .target_class = (uint16_t)cls,
					   .specified = AVTAB_ALLOWED};
			avtab_datum_t *d = avtab_search(&p->te_avtab, &key);

			if (d)
				allowed |= d->data;
			for (avtab_ptr_t n = avtab_search_node(&p->te_cond_avtab, &key); n;
			     n = avtab_search_node_next(n, key.specified))
				if (n->key.specified & AVTAB_ENABLED)
					allowed |= n->datum.data;
		}
	}
	return allowed;
}

/* The TE part kept per (type, type, class), and the keys each table may
 * hold, answer as the lookups do: on triples asked again and again (the
 * types of a few contexts, a few classes), with a rule granted on a third
 * of the questions and a boolean flipped now and then. */
static void te_parts(struct pol_audit_policy *pol, const char *name,
		     const struct pol_audit_ctx *const *ctx, size_t nctx)
{
	policydb_t *p = pol->p;
	uint32_t cls[4];
	size_t asked = 0, differ = 0, allowed = 0;

	for (size_t k = 0; k < 4; k++)
		cls[k] = 1 + rnd(p->p_classes.nprim);
	for (size_t q = 0; nctx && q < 3000; q++) {
		uint32_t s = ctx[rnd(16 < nctx ? 16 : (uint32_t)nctx)]->c->type,
			 t = ctx[rnd(16 < nctx ? 16 : (uint32_t)nctx)]->c->type, c = cls[rnd(4)],
			 saved = 0, mine, theirs;
		bool grant = q % 3 == 1;

		if (!p->class_val_to_struct[c - 1])
			continue;
		if (q % 50 == 49 && p->p_bools.nprim) {
			cond_bool_datum_t *b = p->bool_val_to_struct[rnd(p->p_bools.nprim)];

			b->state = !b->state;
			evaluate_conds(p);
		}
		if (grant &&
		    pdb_decider_grant(&pol->dec, s, t, c, UINT32_C(1) << rnd(32), &saved) < 0)
			grant = false;
		mine = pdb_decider_te_allowed(&pol->dec, s, t, c);
		theirs = te_allowed_looked_up(p, s, t, c);
		if (grant)
			pdb_decider_ungrant(&pol->dec, s, t, c, saved);
		asked++;
		allowed += mine != 0;
		if (mine != theirs && differ++ < 5)
			printf("#   types %u -> %u class %u: allowed %#x, looked up %#x\n", s, t, c,
			       mine, theirs);
	}
	ok(asked > 1000 && differ == 0 && allowed > 0 && pol->dec.te.n <= 2 * pol->dec.te.nslots,
	   "%s: %zu TE parts asked again (%zu allowed something, %zu kept), %zu differ", name,
	   asked, allowed, pol->dec.te.n, differ);
}

static void compare(const char *name, struct pol_pdb *pdb, size_t nquestions, bool want_cons)
{
	struct pol_audit_policy *pol = NULL;
	const struct pol_audit_ctx *ctx[256];
	size_t nctx = 0, tries = 0;
	struct tally t = {0};
	struct pol_err err;
	policydb_t *p;

	pol_err_init(&err);
	if (pol_audit_policy_new(pdb, &pol, &err) < 0) {
		ok(0, "%s: pol_audit_policy_new", name);
		pol_err_release(&err);
		return;
	}
	p = pol->p;
	while (nctx < sizeof(ctx) / sizeof(ctx[0]) && tries++ < 100000) {
		const struct pol_audit_ctx *c = random_context(pol);

		if (c && c->valid)
			ctx[nctx++] = c;
	}
	ok(nctx > 16, "%s: %zu valid random contexts", name, nctx);
	random_dominance(p);
	for (size_t q = 0; nctx && q < nquestions; q++) {
		const struct pol_audit_ctx *sc = ctx[rnd((uint32_t)nctx)],
					   *tc = ctx[rnd((uint32_t)nctx)];
		uint32_t cls = 1 + rnd(p->p_classes.nprim), nperms, av = 0, saved = 0;
		const class_datum_t *cd = p->class_val_to_struct[cls - 1];
		bool grant = q % 2;

		if (!cd)
			continue;
		nperms = cd->permissions.nprim;
		if (!nperms)
			continue;
		/* one permission, a few, or all of them */
		if (rnd(4) == 0)
			av = nperms >= 32 ? UINT32_MAX : (UINT32_C(1) << nperms) - 1;
		else
			for (uint32_t k = 1 + rnd(3); k > 0; k--)
				av |= UINT32_C(1) << rnd(nperms);
		if (q % 500 == 499 && p->p_bools.nprim) {
			cond_bool_datum_t *b = p->bool_val_to_struct[rnd(p->p_bools.nprim)];

			b->state = !b->state;
			evaluate_conds(p);
		}
		if (grant &&
		    pdb_decider_grant(&pol->dec, sc->c->type, tc->c->type, cls, av, &saved) < 0)
			grant = false;
		if (q % 4 >= 2) {
			/* a random constraint on av and some other permissions */
			constraint_node_t *cn = calloc(1, sizeof(*cn));

			if (!cn)
				abort();
			cn->permissions = av | (UINT32_C(1) << rnd(nperms));
			random_expr(p, 0, &cn->expr);
			cn->next = p->class_val_to_struct[cls - 1]->constraints;
			p->class_val_to_struct[cls - 1]->constraints = cn;
			ask(pol, sc, tc, cls, av, &t);
			p->class_val_to_struct[cls - 1]->constraints = cn->next;
			constraint_expr_destroy(cn->expr);
			free(cn);
		} else {
			ask(pol, sc, tc, cls, av, &t);
		}
		if (grant)
			pdb_decider_ungrant(&pol->dec, sc->c->type, tc->c->type, cls, saved);
	}
	ok(t.differ == 0,
	   "%s: %zu questions answered as libsepol answers them (TE %zu, constraint %zu, "
	   "RBAC %zu, bounds %zu), %zu differ",
	   name, t.asked, t.te, t.cons, t.rbac, t.bounds, t.differ);
	if (want_cons)
		ok(t.cons > 0 && t.te > 0, "%s: constraints and TE rules both denied", name);
	interned(pol, name, ctx, nctx);
	te_parts(pol, name, ctx, nctx);
	pol_audit_policy_free(pol);
	pol_err_release(&err);
}

/* path: an in-tree fixture, or in the corpus (a skip without it) */
static void compare_conf(const char *path, bool in_corpus, bool mls, size_t nquestions,
			 bool want_cons)
{
	struct pol_pdb *pdb;

	if (access(path, R_OK) != 0) {
		if (in_corpus)
			skip(want_cons ? 6 : 5, "corpus not found (set SEKIT_CORPUS)");
		else
			not_run(want_cons ? 6 : 5, "an in-tree fixture is missing");
		return;
	}
	pdb = compile(path, mls);
	if (!pdb) {
		ok(0, "%s compiles", path);
		return;
	}
	compare(path, pdb, nquestions, want_cons);
	pol_pdb_free(pdb);
}

int main(void)
{
	const char *srcdir = getenv("SEKIT_SRCDIR") ? getenv("SEKIT_SRCDIR") : ".";
	const char *debian = "/etc/selinux/default/policy/policy.33";
	char path[4096];
	struct pol_pdb *pdb = NULL;
	struct pol_err err;

	snprintf(path, sizeof(path), "%s/tests/seallow/fixtures/t.conf", srcdir);
	compare_conf(path, false, false, 4000, true);
	snprintf(path, sizeof(path), "%s/tests/seallow/fixtures/p.conf", srcdir);
	compare_conf(path, false, false, 2000, false);
	snprintf(path, sizeof(path), "%s/checkpolicy/policy_allonce_mls.conf", test_corpus_dir());
	compare_conf(path, true, true, 20000, true);
	snprintf(path, sizeof(path), "%s/checkpolicy/policy_minimal_mls.conf", test_corpus_dir());
	compare_conf(path, true, true, 2000, false);
	pol_err_init(&err);
	if (access(debian, R_OK) != 0) {
		skip(6, "no /etc/selinux/default/policy/policy.33 "
			"(apt-get install selinux-policy-default)");
	} else if (pol_pdb_open(debian, &pdb, &err) == 0) {
		compare(debian, pdb, 20000, true);
		pol_pdb_free(pdb);
	} else {
		ok(0, "%s opens", debian);
		test_show_diags(&err);
		not_run(5, "Debian's policy.33 did not open");
	}
	pol_err_release(&err);
	return tap_done();
}
