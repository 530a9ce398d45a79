/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the store area's files share: the handle and one table per kind. */
#ifndef POL_STORE_INTERNAL_H
#define POL_STORE_INTERNAL_H

#include <semanage/semanage.h>

#include "label/label.h"
#include "pdb/pdb.h"
#include "store/store.h"

struct pol_store {
	semanage_handle_t *sh;
	char *name;
	char *root;	 /* "/" for the system's */
	char *store_dir; /* ROOT/var/lib/selinux/NAME */
	char *etc_dir;	 /* ROOT/etc/selinux/NAME */
	unsigned int flags;
	unsigned int lock_timeout;
	bool in_tx;
	bool failed; /* a change failed: refuse to commit */
	/* Every change so far was one whose contexts sekit checked in full
	 * against the policy and that cannot make the policy's own file
	 * contexts invalid (in_checked: a change of such a kind is running):
	 * the commit can skip libsemanage's setfiles -c over all of
	 * file_contexts. A change through any other path turns it off. */
	bool in_checked, unchecked;
	size_t changes;
	struct pol_err *err; /* where libsemanage's messages go now */
	struct pol_pdb *pdb;
	/* semanage_mls_enabled() reads the whole policy.kern each call: asked
	 * once per handle (0 = not yet, 1 = no, 2 = yes), so that 100 changes
	 * in one apply do not read it 100 times */
	unsigned char mls;
	/* fcontext -e: the path equivalences, which libsemanage does not keep
	 * (equiv.c) */
	struct store_equivs *equiv;
	/* POL_STORE_RELABEL: the installed file contexts before the commit
	 * (relabel.c) */
	struct pol_label_specs *fc_before;
	/* .te modules: m4 and the headers (pol_store_set_refpolicy();
	 * borrowed, NULL: the defaults) */
	const struct pol_refpolicy_opts *refpolicy;
};

/*
 * libsemanage's database of one kind of record (seuser, user, port, iface,
 * node, fcontext, bool): its typed calls behind one shape, so that the loops
 * over records (list, -D, the lookup and the write of a change) are written
 * once. STORE_DB(x) makes x_db from semanage_x_*().
 */
struct store_db {
	int (*key_extract)(semanage_handle_t *sh, const void *rec, void **key);
	void (*key_free)(void *key);
	int (*exists)(semanage_handle_t *sh, const void *key, int *yes);
	int (*exists_local)(semanage_handle_t *sh, const void *key, int *yes);
	int (*query)(semanage_handle_t *sh, const void *key, void **rec);
	int (*query_local)(semanage_handle_t *sh, const void *key, void **rec);
	int (*modify_local)(semanage_handle_t *sh, const void *key, const void *rec);
	int (*del_local)(semanage_handle_t *sh, const void *key);
	int (*list)(semanage_handle_t *sh, void ***recs, unsigned int *n);
	int (*list_local)(semanage_handle_t *sh, void ***recs, unsigned int *n);
	int (*compare2)(const void *a, const void *b);
	void (*free)(void *rec);
};

// clang-format off
/* x only next to ##, so that bool (stdbool's macro) is not expanded */
#define STORE_DB(x)                                                                               \
static int x##_key_extract(semanage_handle_t *sh, const void *r, void **k)                        \
{ return semanage_##x##_key_extract(sh, r, (semanage_##x##_key_t **)k); }                          \
static void x##_key_free(void *k) { semanage_##x##_key_free(k); }                                 \
static int x##_exists(semanage_handle_t *sh, const void *k, int *y)                               \
{ return semanage_##x##_exists(sh, k, y); }                                                        \
static int x##_exists_local(semanage_handle_t *sh, const void *k, int *y)                         \
{ return semanage_##x##_exists_local(sh, k, y); }                                                  \
static int x##_query(semanage_handle_t *sh, const void *k, void **r)                              \
{ return semanage_##x##_query(sh, k, (semanage_##x##_t **)r); }                                    \
static int x##_query_local(semanage_handle_t *sh, const void *k, void **r)                        \
{ return semanage_##x##_query_local(sh, k, (semanage_##x##_t **)r); }                              \
static int x##_modify_local(semanage_handle_t *sh, const void *k, const void *r)                  \
{ return semanage_##x##_modify_local(sh, k, r); }                                                  \
static int x##_del_local(semanage_handle_t *sh, const void *k)                                    \
{ return semanage_##x##_del_local(sh, k); }                                                        \
static int x##_list(semanage_handle_t *sh, void ***r, unsigned int *n)                            \
{ return semanage_##x##_list(sh, (semanage_##x##_t ***)r, n); }                                    \
static int x##_list_local(semanage_handle_t *sh, void ***r, unsigned int *n)                      \
{ return semanage_##x##_list_local(sh, (semanage_##x##_t ***)r, n); }                              \
static int x##_compare2(const void *a, const void *b) { return semanage_##x##_compare2(a, b); }   \
static void x##_free(void *r) { semanage_##x##_free(r); }                                        \
static const struct store_db x##_db = {                                                           \
	x##_key_extract, x##_key_free, x##_exists, x##_exists_local, x##_query, x##_query_local,  \
	x##_modify_local, x##_del_local, x##_list, x##_list_local, x##_compare2, x##_free,        \
}
// clang-format on

/* A listing's record r from rec, one of db's (strings copied into l);
 * 0 or -ENOMEM. */
typedef int (*store_fill_fn)(struct pol_store *st, struct pol_store_list *l,
			     struct pol_store_rec *r, const void *rec);

/*
 * One kind of record: the table pol_store_change(), pol_store_list() and
 * pol_store_delete_all() run. change() checks rec (store_check_* below),
 * compares it with what the store holds and returns 0 (nothing to do), 1 (a
 * change: made through store_db_write() unless POL_STORE_CHECK) or < 0.
 * With a db, the listing is db's records through fill() and -D deletes
 * db's local records; kinds outside libsemanage's databases (permissive,
 * equivalences) give list() and delete_all() (count of records, or < 0).
 */
struct store_kind {
	const char *name;
	int (*change)(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		      struct pol_err *err);
	const struct store_db *db;
	store_fill_fn fill;
	/* the kind's non-local listing holds the local records merged in
	 * (libsemanage's "policy" databases read the built policy): drop those */
	bool merged;
	/* sekit checks the kind's contexts in full: the commit may skip
	 * setfiles -c (pol_store_commit()) */
	bool checked;
	/* list the policy's further records after db's (fcontext: homedirs) */
	int (*list_more)(struct pol_store *st, struct pol_store_list *out, struct pol_err *err);
	int (*list)(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
		    struct pol_err *err);
	int (*delete_all)(struct pol_store *st, struct pol_err *err);
};

extern const struct store_kind store_fcontext_kind, store_equiv_kind, store_port_kind,
    store_boolean_kind, store_login_kind, store_user_kind, store_permissive_kind, store_node_kind,
    store_iface_kind;

/* The loops over db's records. store_db_lookup(): the local and the
 * policy's record under key (NULL when there is none; db->free() them).
 * store_db_write(): the change, unless POL_STORE_CHECK: the transaction,
 * then modify_local(key, obj), or del_local(key) when obj is NULL; 1 or
 * < 0. store_db_list(): pol_store_list() of kind k. store_db_delete_all():
 * -D, the count of local records or < 0. */
int store_db_lookup(struct pol_store *st, const struct store_db *db,
		    const struct pol_store_rec *rec, const void *key, void **local, void **policy,
		    struct pol_err *err);
int store_db_write(struct pol_store *st, const struct store_db *db, const struct pol_store_rec *rec,
		   const void *key, const void *obj, struct pol_err *err);
int store_db_list(struct pol_store *st, const struct store_kind *k, enum pol_store_kind kind,
		  unsigned int flags, struct pol_store_list *out, struct pol_err *err);
int store_db_delete_all(struct pol_store *st, const struct store_kind *k, struct pol_err *err);

/*
 * A record whose value is one object context system_u:object_r:TYPE[:RANGE]
 * (port, node, interface): its context's getter and setter, and its clone.
 * store_con_change() makes rec's change under key: -a of what the store
 * holds is no change, else fresh (the new record, its key fields set; taken
 * over) gets the context; -m changes the type and range of the current
 * record; -d needs a local one. desc names the record in messages. Returns
 * as a kind's change().
 */
struct store_con {
	const semanage_context_t *(*get)(const void *rec);
	int (*set)(semanage_handle_t *sh, void *rec, semanage_context_t *con);
	int (*clone)(semanage_handle_t *sh, const void *rec, void **out);
};
/* -m with neither -t nor -r is refused; -a and -m: the type (one with attr
 * when attr is not NULL) and the range checked against the policy. */
int store_check_con(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		    const char *attr, struct pol_err *err);
int store_con_change(struct pol_store *st, const struct store_db *db, const struct store_con *con,
		     enum pol_store_op op, const struct pol_store_rec *rec, const void *key,
		     void *fresh, const char *desc, struct pol_err *err);

/* The error for -d of a record that is not local: "DESC is defined in the
 * policy, not locally: it cannot be deleted", or "DESC is not defined". */
int store_not_local(const struct pol_store_rec *rec, bool in_policy, const char *desc,
		    struct pol_err *err);

/* The changed equivalences written to a temporary file before the
 * commit, then renamed into place (committed) or dropped; store_equiv_free()
 * at pol_store_free(). 0 or < 0. */
int store_equiv_prepare(struct pol_store *st, struct pol_err *err);
int store_equiv_finish(struct pol_store *st, bool committed, struct pol_err *err);
void store_equiv_free(struct pol_store *st);

/* Begin the transaction unless one is open (pol_store_begin()). */
int store_tx(struct pol_store *st, struct pol_err *err);

/* After a commit: load the installed policy into the kernel when the store
 * is the running policy's (reload.c). 0, or < 0: the commit stands, the
 * kernel keeps the previous policy. */
int store_reload(struct pol_store *st, struct pol_err *err);

/* POL_STORE_RELABEL: read the installed file contexts before the commit
 * (0 or < 0: do not commit); store_relabel_free() at pol_store_free(). */
int store_relabel_prepare(struct pol_store *st, struct pol_err *err);
void store_relabel_free(struct pol_store *st);

/* A module's source (NAME.te): whether path is one, and its build into a
 * .pp (module-src.c): 0 with *pp, *pp_len and the module's *name (heap),
 * or < 0 with every problem at its file:line:col in err. */
bool store_module_is_source(const char *path);
int store_module_compile(struct pol_store *st, const char *te, char **pp, size_t *pp_len,
			 char **name, struct pol_err *err);

/* Route libsemanage's messages into err until store_unroute(). */
void store_route(struct pol_store *st, struct pol_err *err);
void store_unroute(struct pol_store *st);

/* A libsemanage call failed (rc < 0): an error "what" at rec's location
 * after the messages libsemanage gave; returns the status for it. */
int store_fail(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* An error about rec (its file:line:col when it has one); returns code. */
int store_rec_err(struct pol_err *err, const struct pol_store_rec *rec, int code, const char *fmt,
		  ...) __attribute__((format(printf, 4, 5)));

/* Checks against the store's policy, with a did-you-mean note; 0 or < 0. */
int store_check_type(struct pol_store *st, const struct pol_store_rec *rec, const char *type,
		     const char *attr, const char *attr2, struct pol_err *err);
int store_check_sym(struct pol_store *st, const struct pol_store_rec *rec, enum pol_sym sym,
		    const char *name, struct pol_err *err);
int store_check_range(struct pol_store *st, const struct pol_store_rec *rec, const char *range,
		      struct pol_err *err);
bool store_mls(struct pol_store *st);

/* semanage_context_t for USER:object_r... as semanage builds one: user
 * (NULL or "": system_u), role, type, range (MLS policies: NULL or "": s0). */
int store_context(struct pol_store *st, const char *user, const char *role, const char *type,
		  const char *range, semanage_context_t **out);
/* Whether c (may be NULL) is user:role:type:range (NULL fields: any). */
bool store_context_is(semanage_handle_t *sh, const semanage_context_t *c, const char *user,
		      const char *role, const char *type, const char *range);

/* Strings a list owns: copies into its pool, NULL for NULL. */
const char *store_list_str(struct pol_store_list *l, const char *s);
/* A new record at the end of l, zeroed, kind set; NULL when out of memory. */
struct pol_store_rec *store_list_add(struct pol_store_list *l, enum pol_store_kind kind);
/* A record's context fields from c (seuser, type, range; role skipped). */
void store_list_context(struct pol_store_list *l, struct pol_store_rec *r,
			const semanage_context_t *c);

#endif
