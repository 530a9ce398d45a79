/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "query/internal.h"
#include "util/array.h"

/* Results hold many small strings; an arena frees them in one go. */
struct pol_strpool {
	struct pol_strpool *next;
	size_t used, size;
	char data[];
};

void *query_pool_alloc(struct pol_strpool **pool, size_t size)
{
	struct pol_strpool *p = *pool;

	size = (size + 15) & ~(size_t)15;
	if (!p || p->size - p->used < size) {
		size_t cap = size > 65536 ? size : 65536;

		p = malloc(sizeof(*p) + cap);
		if (!p)
			return NULL;
		p->next = *pool;
		p->used = 0;
		p->size = cap;
		*pool = p;
	}
	p->used += size;
	return p->data + p->used - size;
}

char *query_pool_strdup(struct pol_strpool **pool, const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = query_pool_alloc(pool, n);

	return d ? memcpy(d, s, n) : NULL;
}

void query_pool_free(struct pol_strpool *pool)
{
	while (pool) {
		struct pol_strpool *next = pool->next;

		free(pool);
		pool = next;
	}
}

struct pol_rule *query_rule_list_add(struct pol_rule_list *list)
{
	if (POL_ARRAY_GROW(list->rules, list->count + 1, list->alloc) < 0)
		return NULL;
	memset(&list->rules[list->count], 0, sizeof(list->rules[0]));
	return &list->rules[list->count++];
}

const char *pol_rule_kind_name(enum pol_rule_kind kind)
{
	static const char *const names[POL_RULE_KIND_COUNT] = {
		[POL_RULE_ALLOW] = "allow",
		[POL_RULE_AUDITALLOW] = "auditallow",
		[POL_RULE_DONTAUDIT] = "dontaudit",
		[POL_RULE_NEVERALLOW] = "neverallow",
		[POL_RULE_ALLOWXPERM] = "allowxperm",
		[POL_RULE_AUDITALLOWXPERM] = "auditallowxperm",
		[POL_RULE_DONTAUDITXPERM] = "dontauditxperm",
		[POL_RULE_NEVERALLOWXPERM] = "neverallowxperm",
		[POL_RULE_TYPE_TRANSITION] = "type_transition",
		[POL_RULE_TYPE_CHANGE] = "type_change",
		[POL_RULE_TYPE_MEMBER] = "type_member",
		[POL_RULE_ROLE_ALLOW] = "allow",
		[POL_RULE_ROLE_TRANSITION] = "role_transition",
		[POL_RULE_RANGE_TRANSITION] = "range_transition",
	};

	return kind < POL_RULE_KIND_COUNT ? names[kind] : "unknown";
}

static int rule_group(enum pol_rule_kind k)
{
	if (POL_RULE_BIT(k) & POL_RULES_TE)
		return 0;
	return POL_RULE_BIT(k) & POL_RULES_RBAC ? 1 : 2;
}

static int rule_cmp(const void *a, const void *b)
{
	const struct pol_rule *x = a, *y = b;
	int gx = rule_group(x->kind), gy = rule_group(y->kind);

	if (gx != gy)
		return gx - gy;
	return strcmp(x->text, y->text);
}

int pol_rule_search(const struct pol_pdb *pdb, const struct pol_rule_query *q,
		    struct pol_rule_list **out, struct pol_err *err)
{
	struct pol_rule_list *list = calloc(1, sizeof(*list));
	int rc;

	if (!list)
		return pol_err_set(err, -ENOMEM, "out of memory");
	if ((rc = query_terule_search(pdb, q, list, err)) ||
	    (rc = query_rbacrule_search(pdb, q, list, err)) ||
	    (rc = query_mlsrule_search(pdb, q, list, err))) {
		pol_rule_list_free(list);
		return rc;
	}
	/* no match leaves rules NULL, which qsort() may not be given */
	if (list->count)
		qsort(list->rules, list->count, sizeof(*list->rules), rule_cmp);
	*out = list;
	return 0;
}

void pol_rule_list_free(struct pol_rule_list *list)
{
	if (!list)
		return;
	free(list->rules);
	query_pool_free(list->pool);
	free(list);
}
