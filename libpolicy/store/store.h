/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy store (/var/lib/selinux/NAME and /etc/selinux/NAME): local
 * customisations read and changed through libsemanage, which owns the
 * store's format, its locks and its atomic commit. Nothing here writes a
 * store file itself.
 *
 * A session, as sestore runs it:
 *
 *	struct pol_store *st;
 *	pol_store_open("targeted", NULL, POL_STORE_NO_RELOAD, &st, &err);
 *	pol_store_change(st, POL_STORE_ADD, &rec, &err);   // checked, maybe no-op
 *	...
 *	pol_store_commit(st, &err);   // all or nothing; nothing to do: no transaction
 *	pol_store_free(st);
 *
 * Changes are checked against the store's installed policy (types, roles,
 * users, ranges, booleans, regexes; did-you-mean notes) and against what
 * the store holds before anything is written. The transaction starts with
 * the first change that changes something, so adding a record the store
 * already holds identically starts none. After one failed change the store
 * refuses to commit: pol_store_commit() returns POL_EINVAL and libsemanage's
 * sandbox is thrown away when the handle is freed.
 */
#ifndef POL_STORE_STORE_H
#define POL_STORE_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

struct pol_pdb;
struct pol_store;

/* Flags of pol_store_open(). */
enum pol_store_open_flag {
	/* Do not load the new policy into the kernel after a commit
	 * (semanage -N); the store is written all the same. */
	POL_STORE_NO_RELOAD = 1 << 0,
	/* Compute what would change, change nothing: no transaction is ever
	 * begun; pol_store_change() counts the changes (pol_store_change_count()). */
	POL_STORE_CHECK = 1 << 1,
	/* Read the installed file contexts before the commit, so that
	 * pol_store_relabel() can relabel what the commit changed. */
	POL_STORE_RELABEL = 1 << 2,
};

/*
 * Open the store NAME ("default", "targeted"; NULL: SELINUXTYPE of the
 * SELinux config, as semanage does) under root (NULL or "/": the system's;
 * else ROOT/var/lib/selinux/NAME and ROOT/etc/selinux/NAME, semodule -p's
 * root, which tests use for scratch copies). flags: an OR of enum
 * pol_store_open_flag. Connects to the store (no lock is held after this).
 * Returns 0 and *out (pol_store_free()), or < 0 with why in err: -ENOENT
 * when no such store exists, -EACCES without permission.
 */
int pol_store_open(const char *name, const char *root, unsigned int flags, struct pol_store **out,
		   struct pol_err *err);
/* Disconnect; a transaction still open is dropped (nothing committed). */
void pol_store_free(struct pol_store *st);

/* The store's name and root ("/" for the system's); borrowed. */
const char *pol_store_name(const struct pol_store *st);
const char *pol_store_root(const struct pol_store *st);

/*
 * The store's installed kernel policy (ROOT/etc/selinux/NAME/policy/
 * policy.NN, the newest), opened on first use; borrowed, valid until
 * pol_store_free(). Returns 0 and *out, or < 0 with why in err.
 */
int pol_store_policy(struct pol_store *st, const struct pol_pdb **out, struct pol_err *err);

/*
 * Begin the transaction now (pol_store_change() does when it must). When
 * another process holds the store's transaction lock, a note "store NAME is
 * locked by another process: waiting" (code -EAGAIN) goes to err's callback
 * when it has one, so that a tool shows it at once, else into err; the call
 * waits for the lock, at most timeout seconds
 * (pol_store_set_lock_timeout(); default 300). Returns 0 (also when a
 * transaction is already open), or < 0: -EAGAIN when the wait timed out.
 */
int pol_store_begin(struct pol_store *st, struct pol_err *err);
void pol_store_set_lock_timeout(struct pol_store *st, unsigned int seconds);
/* Whether a transaction is open. */
bool pol_store_in_transaction(const struct pol_store *st);

/*
 * Commit the open transaction: libsemanage builds and installs the policy
 * and file contexts and swaps the store atomically; then (without
 * POL_STORE_NO_RELOAD) the installed policy is loaded into the kernel when
 * the store is the running policy's (root "/", named by the SELinux config,
 * a policy loaded). Returns 0 when there was no transaction (nothing
 * changed) or the commit succeeded; POL_EINVAL when a change failed earlier
 * (nothing committed); < 0 with libsemanage's messages in err when the
 * commit failed (store and installed policy left as they were); < 0 with
 * "committed ..., but the kernel still runs the previous policy" when only
 * the load failed (the commit stands).
 */
int pol_store_commit(struct pol_store *st, struct pol_err *err);

struct pol_refpolicy_opts;

/* How .te modules are built (module -i NAME.te, apply's module -a):
 * the headers, defines, work directory and hooks of m4 (borrowed until
 * pol_store_free(); NULL: the defaults, m4 in a directory of $TMPDIR). */
void pol_store_set_refpolicy(struct pol_store *st, const struct pol_refpolicy_opts *opts);

struct pol_label_relabel_opts;
struct pol_label_stats;

/*
 * After a commit of a store opened with POL_STORE_RELABEL: relabel the
 * files whose file-context spec the commit changed (fcontext records,
 * equivalences, a module's .fc), under the store's root: every file a
 * changed spec or equivalence can match (pol_label_specs_changed()) to
 * which the file contexts installed before and after the commit give
 * different contexts, and no other. how gives the walk's flags (a
 * missing path is no error), threads, event callback, progress and stop;
 * its spec sets, customizable types and root are the store's. Without a
 * commit, nothing is done. Returns 0 with *stats (files that could not be
 * labeled are events and count in stats->errors), or < 0.
 */
int pol_store_relabel(struct pol_store *st, const struct pol_label_relabel_opts *how,
		      struct pol_label_stats *stats, struct pol_err *err);

/* Disable dontaudit rules (semanage dontaudit off) or enable them (on) in
 * the next commit's policy; a rebuild of the whole policy. Returns 0 (also
 * when nothing changes), or < 0. */
int pol_store_set_dontaudit(struct pol_store *st, bool on, struct pol_err *err);
/* Whether the store's dontaudit rules are enabled. */
bool pol_store_dontaudit(const struct pol_store *st);

/* ------------------------------------------------------------------ */
/* Records                                                               */

/* The kinds of record, in semanage export's order. */
enum pol_store_kind {
	POL_STORE_LOGIN,
	POL_STORE_USER,
	POL_STORE_PORT,
	POL_STORE_INTERFACE,
	POL_STORE_NODE,
	POL_STORE_FCONTEXT,
	POL_STORE_EQUIV, /* fcontext -e: a path equivalence */
	POL_STORE_BOOLEAN,
	POL_STORE_PERMISSIVE,
	POL_STORE_NKINDS,
};

/* semanage's name of a kind ("fcontext", ...; "fcontext" for EQUIV too),
 * and the kind a name names (< 0: none). */
const char *pol_store_kind_name(enum pol_store_kind kind);
int pol_store_kind_lookup(const char *name);

/*
 * One record, flat, as semanage's options give it. Which fields a kind
 * uses (the key first; unused fields are NULL/0):
 *
 *   LOGIN       name (login or %group), seuser (-s), range (-r)
 *   USER        name (SELinux user), roles (-R, space-separated), range (-r,
 *               MLS range), level (-L, default level), prefix (-P)
 *   PORT        proto (tcp udp sctp dccp), low..high; type (-t), range (-r)
 *   INTERFACE   name; type (-t), range (-r)
 *   NODE        name (address), mask (-M), proto (ipv4 ipv6); type, range
 *   FCONTEXT    name (the regex), ftype (-f); type ("<<none>>" for none),
 *               seuser (-s, default system_u), range (-r)
 *   EQUIV       name (the new path), target (-e: the path it equals)
 *   BOOLEAN     name; value (the persistent value; the running one too when
 *               SELinux is enabled and the store is the running policy's)
 *   PERMISSIVE  name (the domain type)
 *
 * file, line and col locate the record in an input file (apply): errors
 * about it carry them (NULL/0: none).
 */
struct pol_store_rec {
	enum pol_store_kind kind;
	const char *name;
	const char *target;
	const char *type;
	const char *seuser;
	const char *roles;
	const char *range;
	const char *level;
	const char *prefix;
	const char *proto;
	const char *mask;
	unsigned int low, high;
	char ftype; /* semanage -f: 'a' all, 'f' 'd' 'c' 'b' 's' 'l' 'p'; 0 = 'a' */
	bool value;
	bool local; /* listings: a local customisation, not the policy's */
	const char *file;
	unsigned int line, col;
};

enum pol_store_op {
	POL_STORE_ADD,	  /* -a: an identical record already there is no change */
	POL_STORE_MODIFY, /* -m: the record must exist (in the policy or locally) */
	POL_STORE_DELETE, /* -d: the local record must exist */
};

/*
 * Check rec against the policy and the store, then (unless nothing
 * changes, or POL_STORE_CHECK) begin the transaction if need be and make
 * the change in libsemanage's sandbox. Returns 1 when the store changes
 * (would change, under POL_STORE_CHECK), 0 when it already holds what rec
 * asks (ADD of an identical record), or < 0 with why in err (unknown name
 * with a did-you-mean note: POL_ENOTFOUND; invalid value, bad regex,
 * overlapping port range, no such record: POL_EINVAL or POL_EREGEX); after
 * a failure the store will not commit.
 */
int pol_store_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		     struct pol_err *err);

/* semanage -D: delete every local record of kind. Returns 1 when there
 * were some, 0 when none, < 0 on error. */
int pol_store_delete_all(struct pol_store *st, enum pol_store_kind kind, struct pol_err *err);

/* How many changes pol_store_change() and pol_store_delete_all() made (or
 * would make under POL_STORE_CHECK) since the store was opened. */
size_t pol_store_change_count(const struct pol_store *st);

/* Flags of pol_store_list(). */
enum pol_store_list_flag {
	POL_STORE_LOCAL_ONLY = 1 << 0, /* semanage -C: local customisations only */
};

/* A list of records; the strings belong to the list. */
struct pol_store_list {
	struct pol_store_rec *recs;
	size_t n;
	void *strings; /* private */
};

/*
 * Every record of kind, the policy's (unless POL_STORE_LOCAL_ONLY) then
 * the local ones, as semanage -l lists them (a local record also in the
 * policy appears once, local). No transaction is begun (one open is read
 * from). Returns 0 and fills *out (pol_store_list_release()), or < 0.
 */
int pol_store_list(struct pol_store *st, enum pol_store_kind kind, unsigned int flags,
		   struct pol_store_list *out, struct pol_err *err);
void pol_store_list_release(struct pol_store_list *list);

#endif
