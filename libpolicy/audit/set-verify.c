// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The replay (--verify): each group's rule granted in the policy for a
 * moment and its denial asked again; and the notes on ioctl numbers an
 * allowxperm rule would deny.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"
#include <sepol/policydb/services.h>

#include "audit/explain-internal.h"
#include "audit/set-internal.h"
#include "util/buf.h"

/* Whether the replay grants a group its own rule. */
static bool own_rule(const struct audit_group *g)
{
	return g->choice != POL_AUDIT_CHOICE_OMIT && g->choice != POL_AUDIT_CHOICE_DONTAUDIT &&
	       g->choice != POL_AUDIT_CHOICE_CALL;
}

/* The replay's k-th grant: the sorted groups' own rules (v), then the
 * rules of pol_audit_set_add_grant(); false for a group given none. */
static bool replay_grant(const struct pol_audit_set *set, struct audit_group *const *v, size_t k,
			 struct grant *gr)
{
	const struct audit_group *g;

	if (k >= set->groups.n) {
		*gr = set->grants[k - set->groups.n];
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
	struct audit_group **v = audit_set_sorted(set);
	uint32_t *saved;
	size_t granted = 0;
	int rc = 0;

	*fixed = *still = 0;
	if (!v)
		return -ENOMEM;
	pdb_decider_enter(&set->pol->dec);
	saved = calloc(set->groups.n + set->ngrants + 1, sizeof(*saved));
	if (!saved) {
		free(v);
		return -ENOMEM;
	}
	/* dontaudit rules allow nothing */
	if (!(flags & POL_AUDIT_GEN_DONTAUDIT)) {
		for (; granted < set->groups.n + set->ngrants; granted++) {
			struct grant gr;

			if (!replay_grant(set, v, granted, &gr))
				continue;
			rc = pdb_decider_grant(&set->pol->dec, gr.s, gr.t, gr.cls, gr.perms,
					       &saved[granted]);
			if (rc < 0)
				break;
		}
	}
	for (size_t i = 0; i < set->groups.n && rc == 0; i++) {
		struct audit_group *g = v[i];
		struct sepol_av_decision avd;
		unsigned int reason = 0;
		const char *why_not = NULL;
		bool ok;

		if (pdb_decider_av(&set->pol->dec, g->sctx->sid, g->tctx->sid, g->cls_value,
				   g->perms, &avd, &reason, NULL) < 0) {
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

			audit_group_info(set, g, &info, names);
			rc = fn(&info, ok, why_not, data);
		}
	}
	/* in reverse: a triple granted twice gets its first saved value back */
	while (granted > 0) {
		struct grant gr;

		if (!replay_grant(set, v, --granted, &gr))
			continue;
		pdb_decider_ungrant(&set->pol->dec, gr.s, gr.t, gr.cls, saved[granted]);
	}
	free(saved);
	free(v);
	return rc;
}

/* The ioctl numbers the policy's allowxperm rules give (stype, ttype, cls)
 * now, as "{ 0x5401-0x5402 0x8910 }" in b; false when no allowxperm rule
 * names the triple (every number is allowed with the ioctl permission). */
static bool allowed_ioctls(const struct pol_audit_set *set, const struct audit_group *g,
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
	struct audit_group **v = audit_set_sorted(set);

	if (!v)
		return;
	for (size_t i = 0; i < set->groups.n; i++) {
		struct audit_group *g = v[i];
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
				    g->src, audit_group_target(g), g->cls, pol_buf_str(&now));
		else
			pol_err_add(
			    err, POL_SEV_WARNING, POL_EINVAL, NULL, 0, 0,
			    "allowxperm %s %s:%s ioctl: once a triple has an allowxperm "
			    "rule, every ioctl number it does not list is denied; the policy "
			    "has no allowxperm rule for it now, so every number the ioctl "
			    "permission allows today would be denied: add the numbers the "
			    "program needs besides these",
			    g->src, audit_group_target(g), g->cls);
		pol_buf_release(&now);
	}
	free(v);
}
