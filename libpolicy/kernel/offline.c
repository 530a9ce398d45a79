/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A policy handle: the kernel's answers computed from a policy file by
 * pdb's decider, libsepol's services (the code checkpolicy and audit2why
 * use, which follows the kernel's security server: TE rules through
 * attributes, enabled conditional rules, constraints and MLS, role
 * transitions, type bounds, permissive domains).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "kernel/internal.h"

struct kernel_offline {
	struct pol_pdb *pdb;
	struct pdb_decider dec;
};

int pol_kernel_open_policy(const char *path, struct pol_kernel **out, struct pol_err *err)
{
	struct kernel_offline *o;
	struct pol_kernel *k;
	int rc;

	k = kernel_new_handle();
	o = calloc(1, sizeof(*o));
	if (!k || !o) {
		free(o);
		pol_kernel_free(k);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	k->offline = o;
	rc = pol_pdb_open(path, &o->pdb, err);
	if (rc == 0 && pdb_db(o->pdb)->target_platform != SEPOL_TARGET_SELINUX)
		rc = pol_err_set(err, POL_EFORMAT, "'%s' is a Xen policy, not a Linux one", path);
	/* Conditional rules count as their booleans' default values say, as
	 * right after a load; policydb_read() leaves them all disabled. */
	if (rc == 0 && evaluate_conds(pdb_db(o->pdb)) < 0)
		rc = pol_err_set(err, POL_EFORMAT, "'%s': cannot evaluate its conditional rules", path);
	if (rc == 0 && pdb_decider_init(&o->dec, o->pdb) < 0)
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc < 0) {
		pol_kernel_free(k);
		return rc;
	}
	*out = k;
	return 0;
}

void kernel_offline_free(struct kernel_offline *o)
{
	if (!o)
		return;
	pdb_decider_release(&o->dec);
	pol_pdb_free(o->pdb);
	free(o);
}

const char *kernel_offline_path(const struct pol_kernel *k)
{
	return pol_pdb_path(k->offline->pdb);
}

const struct pol_pdb *kernel_offline_pdb(const struct pol_kernel *k)
{
	return k->offline->pdb;
}

/* libsepol reports through its global handle: quietly, for one call (the
 * decider points its services at our policy). */
static policydb_t *enter(struct pol_kernel *k)
{
	pdb_decider_enter(&k->offline->dec);
	pdb_sepol_compat_begin(NULL, NULL);
	return pdb_db(k->offline->pdb);
}

static void leave(void)
{
	pdb_sepol_compat_end();
}

/* libsepol says only that ctx is invalid: *bad remembers it, for the caller
 * to explain with kernel_explain_context() once out of libsepol's services.
 * Memory running out is said in err (issue 22: it was an invalid context). */
static int to_sid(struct pol_kernel *k, const char *ctx, uint32_t *sid, const char **bad,
		  struct pol_err *err)
{
	int rc = pdb_decider_sid(&k->offline->dec, ctx, sid);

	if (rc == -ENOMEM)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if (rc < 0) {
		*bad = ctx;
		return POL_EINVAL;
	}
	return 0;
}

static int cmp_perm(const void *a, const void *b)
{
	return strcmp(((const struct pol_kernel_perm *)a)->name,
		      ((const struct pol_kernel_perm *)b)->name);
}

static int offline_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int kernel_offline_class_names(struct pol_kernel *k, char ***names, size_t *n)
{
	policydb_t *p = pdb_db(k->offline->pdb);
	size_t count = 0;
	char **v = calloc(p->p_classes.nprim + 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (uint32_t i = 0; i < p->p_classes.nprim; i++) {
		if (!p->p_class_val_to_name[i])
			continue;
		if (!(v[count] = strdup(p->p_class_val_to_name[i]))) {
			pol_kernel_names_free(v, count);
			return -ENOMEM;
		}
		count++;
	}
	if (count > 1)
		qsort(v, count, sizeof(*v), offline_cmp_str);
	*names = v;
	*n = count;
	return 0;
}

int kernel_offline_class(struct pol_kernel *k, const char *name, struct pol_kernel_class **out,
			 struct pol_err *err)
{
	const struct pol_pdb *pdb = k->offline->pdb;
	uint32_t value = pdb_class_value(pdb, name);
	struct pol_kernel_class *c;

	if (value == 0 || value > UINT16_MAX) {
		char **names;
		size_t n;
		int rc;

		if (kernel_offline_class_names(k, &names, &n) < 0)
			names = NULL, n = 0;
		rc = kernel_unknown("class", name, names, n, err);
		pol_kernel_names_free(names, n);
		return rc;
	}
	c = calloc(1, sizeof(*c));
	if (!c || !(c->name = strdup(name)) || !(c->perms = calloc(32, sizeof(*c->perms)))) {
		pol_kernel_class_free(c);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	c->value = (uint16_t)value;
	for (unsigned int b = 0; b < 32; b++) {
		const char *perm = pdb_perm_name(pdb, value, b);

		if (!perm)
			continue;
		if (!(c->perms[c->nperms].name = strdup(perm))) {
			pol_kernel_class_free(c);
			return pol_err_set(err, -ENOMEM, "out of memory");
		}
		c->perms[c->nperms++].mask = 1U << b;
	}
	if (c->nperms > 1)
		qsort(c->perms, c->nperms, sizeof(*c->perms), cmp_perm);
	*out = c;
	return 0;
}

int kernel_offline_av(struct pol_kernel *k, const char *scon, const char *tcon,
		      const struct pol_kernel_class *c, struct pol_kernel_av *out,
		      struct pol_err *err)
{
	policydb_t *p = enter(k);
	struct sepol_av_decision avd;
	uint32_t ssid, tsid;
	const char *bad = NULL;
	unsigned int reason;
	const context_struct_t *s;
	int rc;

	if ((rc = to_sid(k, scon, &ssid, &bad, err)) < 0 ||
	    (rc = to_sid(k, tcon, &tsid, &bad, err)) < 0)
		goto out;
	if (pdb_decider_av(&k->offline->dec, ssid, tsid, c->value, 0, &avd, &reason, NULL) < 0) {
		rc = pol_err_set(err, POL_EINVAL, "libsepol cannot decide on class '%s'", c->name);
		goto out;
	}
	out->allowed = avd.allowed;
	out->decided = avd.decided;
	out->auditallow = avd.auditallow;
	out->auditdeny = avd.auditdeny;
	out->seqno = avd.seqno;
	/* security_compute_av_user() flags a permissive source domain */
	s = pdb_decider_context(&k->offline->dec, ssid);
	out->flags = s && ebitmap_get_bit(&p->permissive_map, s->type) ? POL_KERNEL_AV_PERMISSIVE : 0;
out:
	leave();
	return bad ? kernel_explain_context(k, bad, err) : rc;
}

int kernel_offline_compute(struct pol_kernel *k, enum pol_kernel_compute_kind kind,
			   const char *scon, const char *tcon, const struct pol_kernel_class *c,
			   char **newcon, struct pol_err *err)
{
	uint32_t ssid, tsid, sid;
	sepol_security_context_t ctx;
	const char *bad = NULL;
	size_t len;
	int rc;

	enter(k);
	if ((rc = to_sid(k, scon, &ssid, &bad, err)) < 0 ||
	    (rc = to_sid(k, tcon, &tsid, &bad, err)) < 0)
		goto out;
	switch (kind) {
	case POL_KERNEL_CREATE:
		rc = sepol_transition_sid(ssid, tsid, c->value, &sid);
		break;
	case POL_KERNEL_RELABEL:
		rc = sepol_change_sid(ssid, tsid, c->value, &sid);
		break;
	default:
		rc = sepol_member_sid(ssid, tsid, c->value, &sid);
		break;
	}
	if (rc == 0)
		rc = sepol_sid_to_context(sid, &ctx, &len);
	if (rc < 0) {
		/* the kernel says EACCES for a label the policy does not allow */
		rc = pol_err_set(err, rc == -EACCES ? -EACCES : POL_EINVAL,
				 "libsepol computes no valid %s label for '%s' '%s' '%s'",
				 pol_kernel_compute_name(kind), scon, tcon, c->name);
		goto out;
	}
	*newcon = ctx;
out:
	leave();
	return bad ? kernel_explain_context(k, bad, err) : rc;
}

int kernel_offline_context(struct pol_kernel *k, const char *ctx, char **canonical,
			   struct pol_err *err)
{
	uint32_t sid;
	sepol_security_context_t s;
	const char *bad = NULL;
	size_t len;
	int rc;

	enter(k);
	rc = to_sid(k, ctx, &sid, &bad, err);
	if (rc == 0 && canonical) {
		if (sepol_sid_to_context(sid, &s, &len) < 0)
			rc = pol_err_set(err, -ENOMEM, "out of memory");
		else
			*canonical = s;
	}
	leave();
	return bad ? kernel_explain_context(k, bad, err) : rc;
}
