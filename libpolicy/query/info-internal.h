/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the component listings behind pol_info_list(). */
#ifndef POL_QUERY_INFO_INTERNAL_H
#define POL_QUERY_INFO_INTERNAL_H

#include "query/internal.h"

#include "query/info.h"
#include "util/buf.h"

/* A new zeroed item (state -1), or NULL when out of memory. */
struct pol_info_item *query_info_add(struct pol_info_list *list);
/* Copy s (or b's content) into the list's pool; NULL when out of memory. */
const char *query_info_str(struct pol_info_list *list, const char *s);
const char *query_info_buf(struct pol_info_list *list, const struct pol_buf *b);
/* A NULL-terminated pool copy of n borrowed strings, sorted when asked. */
const char **query_info_strv(struct pol_info_list *list, const char **v, size_t n, bool sort);

/* An item whose text, expanded form and statement are all stmt. */
int query_info_add_statement(struct pol_info_list *list, const struct pol_buf *stmt);

/* "user:role:type[:range]" as setools prints a context. */
void query_info_context(const struct pol_pdb *pdb, const context_struct_t *c, struct pol_buf *b);

/* An initial SID's name (setools 4.4's table for the number a kernel
 * policy keeps; buf holds a number without a name), fs_use's keyword,
 * portcon's protocol, genfscon's file type flag ("" for none). */
const char *query_info_sid_name(const policydb_t *p, const ocontext_t *c, char buf[16]);
const char *query_info_fs_use_rule(uint32_t behavior);
const char *query_info_protocol_name(uint8_t proto);
const char *query_info_genfs_filetype(const policydb_t *p, uint32_t sclass);

/* An IPv6 address as Python's ipaddress module writes it (hexadecimal
 * groups, the first longest run of two or more zero groups as "::"). */
void query_info_ipv6(const unsigned char addr[16], struct pol_buf *b);

/* Python's int() on a decimal (base 10) or hexadecimal (base 16, "0x"
 * allowed) string: surrounding blanks, a sign, "_" between digits. */
bool query_info_parse_int(const char *s, size_t len, int base, long long *out);

/* The listings, by concept, one signature (info.c's kind table calls them).
 * filter is NULL or the seinfo argument. */
int query_info_list_symbols(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			    struct pol_info_list *list, struct pol_err *err);
int query_info_list_types(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			  struct pol_info_list *list, struct pol_err *err);
int query_info_list_constraints(const struct pol_pdb *pdb, enum pol_info_kind kind,
				const char *filter, struct pol_info_list *list,
				struct pol_err *err);
/* fn(ctx, text, key) for each constrain and mlsconstrain statement of
 * pdb (validatetrans: validatetrans and mlsvalidatetrans) of class value
 * only (0: every class), in the class's order: text as seinfo prints it;
 * with keys, key tells statements apart as setools' diff does (class,
 * permissions, the expression in postfix), else NULL. fn's first nonzero
 * return, 0, or -ENOMEM. */
int query_constraints_each(const struct pol_pdb *pdb, bool validatetrans, uint32_t only, bool keys,
			   int (*fn)(void *ctx, const struct pol_buf *text, const char *key),
			   void *ctx);
int query_info_list_contexts(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			     struct pol_info_list *list, struct pol_err *err);
int query_info_list_nodecons(const struct pol_pdb *pdb, enum pol_info_kind kind, const char *filter,
			     struct pol_info_list *list, struct pol_err *err);

/* Alias names of each primary symbol, in symbol-table order (setools
 * prints them in that order): aliases[value] lists them, NULL-terminated. */
struct info_aliases {
	const char ***by_value; /* [1..n]; NULL for none */
	uint32_t n;
};

int query_info_aliases_build(const struct pol_pdb *pdb, enum pol_sym kind, struct info_aliases *a);
void query_info_aliases_release(struct info_aliases *a);

#endif
