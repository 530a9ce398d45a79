/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the store area's files share: the handle and one table per kind. */
#ifndef POL_STORE_INTERNAL_H
#define POL_STORE_INTERNAL_H

#include <semanage/semanage.h>

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
};

/*
 * One kind of record. change() checks rec (store_check_* below), compares
 * it with what the store holds and returns 0 (nothing to do), 1 (a
 * change: made through store_tx() first unless POL_STORE_CHECK) or < 0.
 * list() appends the kind's records to the list. delete_all() removes
 * every local record (count of them, or < 0).
 */
struct store_kind {
	const char *name;
	int (*change)(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		      struct pol_err *err);
	int (*list)(struct pol_store *st, unsigned int flags, struct pol_store_list *out,
		    struct pol_err *err);
	int (*delete_all)(struct pol_store *st, struct pol_err *err);
};

extern const struct store_kind store_fcontext_kind, store_equiv_kind, store_port_kind,
    store_boolean_kind, store_login_kind, store_user_kind, store_permissive_kind, store_node_kind,
    store_iface_kind;

/* Begin the transaction unless one is open (pol_store_begin()). */
int store_tx(struct pol_store *st, struct pol_err *err);

/* After a commit: load the installed policy into the kernel when the store
 * is the running policy's (reload.c). 0, or < 0: the commit stands, the
 * kernel keeps the previous policy. */
int store_reload(struct pol_store *st, struct pol_err *err);

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
