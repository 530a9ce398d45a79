// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fix for a name_bind or name_connect denial is seldom a rule: the
 * domain may already bind or connect to some port types, and the port only
 * needs one of them (semanage port). Which ones: the types of the policy's
 * portcon statements and of the attribute port_type whose TE rules grant
 * the permission to the source type.
 */
#include <errno.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

#include <sepol/policydb/services.h>

#include "audit/audit.h"
#include "audit/explain-internal.h"

static int port_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int port_protocol_of(const char *tclass)
{
	if (!strcmp(tclass, "tcp_socket"))
		return IPPROTO_TCP;
	if (!strcmp(tclass, "udp_socket"))
		return IPPROTO_UDP;
	if (!strcmp(tclass, "sctp_socket"))
		return IPPROTO_SCTP;
	if (!strcmp(tclass, "dccp_socket"))
		return IPPROTO_DCCP;
	return -1;
}

int audit_port_types(struct pol_audit_policy *pol, const char *source, const char *tclass,
		     const char *perm, unsigned int port, char ***types, const char **current)
{
	policydb_t *p = pol->p;
	type_datum_t *src = hashtab_search(p->p_types.table, (hashtab_key_t)source);
	type_datum_t *attr = hashtab_search(p->p_types.table, (hashtab_key_t) "port_type");
	int proto = port_protocol_of(tclass);
	sepol_security_class_t cls;
	sepol_access_vector_t av;
	ebitmap_t cand;
	ebitmap_node_t *node;
	unsigned int bit;
	char **v = NULL;
	size_t n = 0;

	*types = NULL;
	*current = NULL;
	pdb_decider_enter(&pol->dec);
	if (!src || src->flavor == TYPE_ATTRIB || proto < 0 ||
	    sepol_string_to_security_class(tclass, &cls) < 0 ||
	    sepol_string_to_av_perm(cls, perm, &av) < 0)
		return 0;
	ebitmap_init(&cand);
	for (ocontext_t *c = p->ocontexts[OCON_PORT]; c; c = c->next) {
		if (ebitmap_set_bit(&cand, c->context[0].type - 1, 1) < 0)
			goto oom;
		if (c->u.port.protocol == proto && c->u.port.low_port == port &&
		    c->u.port.high_port == port)
			*current = p->p_type_val_to_name[c->context[0].type - 1];
	}
	if (attr && attr->flavor == TYPE_ATTRIB) {
		ebitmap_t *members = &p->attr_type_map[attr->s.value - 1];

		ebitmap_for_each_positive_bit(members, node, bit)
		{
			if (ebitmap_set_bit(&cand, bit, 1) < 0)
				goto oom;
		}
	}
	ebitmap_for_each_positive_bit(&cand, node, bit)
	{
		char **nv;

		if (p->type_val_to_struct[bit]->flavor == TYPE_ATTRIB ||
		    !(pdb_decider_te_allowed(&pol->dec, src->s.value, bit + 1, cls) & av))
			continue;
		nv = realloc(v, (n + 1) * sizeof(*v));
		if (!nv)
			goto oom;
		v = nv;
		v[n] = strdup(p->p_type_val_to_name[bit]);
		if (!v[n])
			goto oom;
		n++;
	}
	ebitmap_destroy(&cand);
	if (n)
		qsort(v, n, sizeof(*v), port_cmp_str);
	*types = v;
	return (int)n;
oom:
	ebitmap_destroy(&cand);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
	*current = NULL;
	return -ENOMEM;
}
