/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What libpolicy's areas built on pdb (query, graph, audit, kernel, source,
 * refpolicy, store) may see of a pol_pdb. */
#ifndef POL_PDB_INTERNAL_H
#define POL_PDB_INTERNAL_H

/* libsepol's conditional.h names a struct member "bool", which <stdbool.h>
 * turns into a syntax error; read the headers with the macro set aside. */
#ifdef bool
#undef bool
#define POL_BOOL_WAS_MACRO
#endif
#include <sepol/policydb/policydb.h>
#include <sepol/policydb/conditional.h>
#include <sepol/policydb/avtab.h>
#include <sepol/policydb/module.h>
#include <sepol/debug.h>
#include <sepol/handle.h>
#include <sepol/policydb/sidtab.h>
#include <sepol/policydb/flask_types.h>

/* The boolean value (1-based) of a COND_BOOL expression node. */
static inline uint32_t pdb_cond_bool(const cond_expr_t *e)
{
	return e->bool;
}

static inline void pdb_cond_set_bool(cond_expr_t *e, uint32_t value)
{
	e->bool = value;
}
#ifdef POL_BOOL_WAS_MACRO
#define bool _Bool
#undef POL_BOOL_WAS_MACRO
#endif

#include "pdb/pdb.h"
#include "util/hash.h"

#include <stdarg.h>

/*
 * libsepol's handles and messages (sepol.c, the only file that touches
 * them). A sink receives each message with its level (SEPOL_MSG_ERR,
 * SEPOL_MSG_WARN, SEPOL_MSG_INFO) and its text without the trailing
 * newline or period; the text may be changed in place.
 */
typedef void (*pdb_sepol_sink)(void *data, int level, char *msg);
struct pdb_sepol;

/* A handle whose messages go to sink(data, ...), or are dropped when sink
 * is NULL. NULL when out of memory; free with pdb_sepol_free(). */
struct pdb_sepol *pdb_sepol_new(pdb_sepol_sink sink, void *data);
sepol_handle_t *pdb_sepol_handle(struct pdb_sepol *s);
void pdb_sepol_free(struct pdb_sepol *s);

/* Some libsepol functions report through its process-wide "compat"
 * handle, whose default handler prints to stderr. Between begin and end
 * those messages go to sink (NULL: dropped); end restores the default. */
void pdb_sepol_compat_begin(pdb_sepol_sink sink, void *data);
void pdb_sepol_compat_end(void);

/* libsepol's services (sepol_compute_av(), context_to_sid, ...) work on one
 * process-wide policy and SID table: point them at these. */
void pdb_sepol_services(policydb_t *p, sidtab_t *sidtab);

/* Read the binary policy image data (len bytes) into p (policydb_init()ed
 * by the caller, who destroys it whatever the result): the only call of
 * libsepol's policydb_read(). name names the policy in messages. Returns
 * 0, or POL_EFORMAT ("'name' is not a valid binary policy", libsepol's
 * reasons as notes) or -ENOMEM, with the reason in err. Does not check
 * the policy type. */
int pdb_read_policydb(policydb_t *p, const char *name, void *data, size_t len, struct pol_err *err);

/* pdb_image_open(), pdb_image_check() and pdb_read_policydb() on the
 * file at path, refusing a module or a symbol table with a value it does
 * not define: the checks and messages of pol_pdb_open(). p as for
 * pdb_read_policydb(). */
int pdb_read_file(policydb_t *p, const char *path, struct pol_err *err);

/* What a symbol table holds, by SYM_*: "common" ... "boolean" ... */
extern const char *const pdb_symtab_names[SYM_NUM];

/*
 * Reading a binary policy (image.c): the only place a policy file is
 * opened and its header checked.
 */
struct pdb_image {
	void *data;
	size_t len;
	bool mapped; /* mmap()ed, else heap */
};

/* Take the bytes of the policy file at path: a regular file is mapped, a
 * pipe or device read whole. Refuses a directory, an empty file, more than
 * POL_PDB_SIZE_MAX bytes, and a stream whose first bytes are not a
 * policy's. Returns 0 (release with pdb_image_release()) or < 0 with the
 * reason in err. */
int pdb_image_open(const char *path, struct pdb_image *img, struct pol_err *err);
void pdb_image_release(struct pdb_image *img);

/* What libsepol would only call invalid, or could not read safely: a
 * module instead of a kernel policy, no policy magic number, a version it
 * cannot read, a symbol table counting more values than the file can
 * hold. name names the file in messages. Returns 0 when libsepol may read
 * data, else POL_EFORMAT or POL_EVERSION with the reason in err. */
int pdb_image_check(const char *name, const void *data, size_t len, struct pol_err *err);

/* POL_EFORMAT ("'path' is larger than ...") when size passes
 * POL_PDB_SIZE_MAX, else 0. */
int pdb_check_size(const char *path, unsigned long long size, struct pol_err *err);

/*
 * Contexts and MLS ranges as text (context.c, the one parser of them).
 */
enum pdb_range_flags {
	/* read as setools reads a query's range (sesearch -D): blanks around
	 * the '-' and at the ends of each level, "c5.c2" meaning {c2, c5},
	 * anything after a second '-' ignored */
	PDB_RANGE_QUERY = 1 << 0,
};

/* Parse the MLS range text "LOW[-HIGH]", each level "SENS[:CATS]", CATS a
 * list of categories and ranges "c0,c3.c5"; aliases name their symbol.
 * flags: an OR of enum pdb_range_flags; 0 reads a context's range, as
 * libsepol does. Returns 0 with *range set (release with
 * mls_range_destroy()), or POL_EINVAL with one error in err, "invalid MLS
 * range 'text': ..." saying which part is wrong, or -ENOMEM. */
int pdb_parse_range(const struct pol_pdb *pdb, const char *text, unsigned int flags,
		    mls_range_t *range, struct pol_err *err);

/* libsepol's context_from_string(): *out (context_destroy() and free()) for
 * a context the policy defines, else POL_EINVAL, or -ENOMEM when memory
 * ran out, and *out NULL. No message: for the many contexts of an audit
 * log, where only the verdict counts. */
int pdb_context_from_string(const struct pol_pdb *pdb, const char *text, context_struct_t **out);

struct pdb_te_index;

struct pol_pdb {
	policydb_t p;
	char *path;
	/* perm_names[c - 1][b]: name of bit b of class c (own or common). */
	const char *(*perm_names)[32];
	/* names made up for attributes an old policy leaves unnamed */
	char *generated_names;
	/* built by pdb_te_index() on first use */
	struct pdb_te_index *te_index;
	/* made by expand or the CIL compiler, not read from a binary: it
	 * still holds what a binary drops (role attributes, ...), so the
	 * text writers write what the binary would read back as */
	bool built;
};

/* A policy with nothing in it yet (policydb_init()ed), for a reader or a
 * compiler to fill and then pdb_index(); NULL when out of memory. Free
 * with pol_pdb_free(). */
struct pol_pdb *pdb_new(void);
/* What pol_pdb's readers need once p is filled (permission names by
 * bit). 0 or -ENOMEM. */
int pdb_index(struct pol_pdb *pdb);

static inline policydb_t *pdb_db(const struct pol_pdb *pdb)
{
	return (policydb_t *)&pdb->p;
}

/* Name of type/attribute value v (1-based). */
static inline const char *pdb_type_name(const struct pol_pdb *pdb, uint32_t v)
{
	return pdb->p.p_type_val_to_name[v - 1];
}

static inline bool pdb_is_attr(const struct pol_pdb *pdb, uint32_t v)
{
	const type_datum_t *t = pdb->p.type_val_to_struct[v - 1];

	return t && t->flavor == TYPE_ATTRIB;
}

/* Resolve a type, alias or attribute name to its value; 0 if unknown. */
uint32_t pdb_type_value(const struct pol_pdb *pdb, const char *name);
/* The value of a class name, 0 if unknown. */
uint32_t pdb_class_value(const struct pol_pdb *pdb, const char *name);
/* Permission bit (0-based) of name in class value c (own or common); -1 if none. */
int pdb_perm_bit(const struct pol_pdb *pdb, uint32_t c, const char *name);
/* Name of permission bit b (0-based) of class value c, or NULL. */
static inline const char *pdb_perm_name(const struct pol_pdb *pdb, uint32_t c, unsigned int b)
{
	return b < 32 ? pdb->perm_names[c - 1][b] : NULL;
}

/* One TE rule in the index: its avtab node and, for a conditional rule,
 * which conditional holds it. */
struct pdb_te_ref {
	avtab_ptr_t node;
	uint32_t cond; /* 0: unconditional; else 1 + index into conds[], with
			* PDB_TE_FALSE_BRANCH when in the false list */
};

#define PDB_TE_FALSE_BRANCH (1u << 31)

/* The TE rules (unconditional and conditional avtab entries) by source and
 * by target type: type v's rules are refs[start[v]] to refs[start[v + 1] - 1]. */
struct pdb_te_index {
	uint32_t ntypes;
	const cond_node_t **conds; /* the conditionals in cond_list order */
	uint32_t nconds;
	struct pdb_te_ref *by_source, *by_target;
	size_t *by_source_start, *by_target_start;
};

/* The index, built on first use and freed with the policy; NULL when out of
 * memory (callers then walk the avtab). */
const struct pdb_te_index *pdb_te_index(const struct pol_pdb *pdb);

/*
 * The offline access decider (decide.c, decide-te.c): the kernel's access
 * decisions from a loaded policy, by libsepol's security server, for sectl
 * --policy and audit, with a fast way for audit's many questions (the TE
 * part cached per type pair, constraints without their text). libsepol
 * keeps the policy and SID table its services use in process-wide
 * variables: each function below that uses them points them at its
 * decider first, so deciders may live side by side but none may be used
 * from two threads at once.
 */
struct pdb_te_attrs;

struct pdb_decider {
	struct pol_pdb *pdb; /* borrowed */
	policydb_t *p;	     /* pdb's */
	sidtab_t sidtab;
	uint32_t next_sid; /* the last SID pdb_decider_new_sid() gave */
	/* the fast TE part (decide-te.c) */
	struct pol_hash te;	       /* the TE part of each (type, type, class) asked */
	struct pdb_te_attrs *attrs;    /* per type, made on first use */
	uint64_t *te_keys, *cond_keys; /* the keys each TE table may hold */
	size_t ngranted;	       /* pdb_decider_grant()s not yet undone */
};

/* An empty SID table for pdb, and libsepol's services pointed at it.
 * 0 or -ENOMEM; release with pdb_decider_release() either way. */
int pdb_decider_init(struct pdb_decider *d, struct pol_pdb *pdb);
void pdb_decider_release(struct pdb_decider *d);
/* Point libsepol's services (sepol_compute_av(), sepol_string_to_*(),
 * ...) at d, for the caller's own calls of them. */
void pdb_decider_enter(struct pdb_decider *d);
/* The SID of context ctx, as the kernel's context_to_sid() gives it (an
 * equal context already in the table keeps its SID): 0, POL_EINVAL for a
 * context the policy does not define, "<<none>>" among them, or -ENOMEM. */
int pdb_decider_sid(struct pdb_decider *d, const char *ctx, uint32_t *sid);
/* A new SID for ctx without libsepol's linear search for an equal
 * context (quadratic for the thousands of a log): for callers that give
 * each distinct string one SID themselves. 0, POL_EINVAL or -ENOMEM. */
int pdb_decider_new_sid(struct pdb_decider *d, const char *ctx, uint32_t *sid);
/* The context of sid in d's table (borrowed), NULL when none. */
const context_struct_t *pdb_decider_context(struct pdb_decider *d, uint32_t sid);
/* libsepol's sepol_compute_av_reason() for (ssid, tsid, cls) and the
 * permissions av; with buf, its _buffer form, which writes the failing
 * constraints' text into *buf (heap, or NULL). libsepol's status. */
int pdb_decider_av(struct pdb_decider *d, uint32_t ssid, uint32_t tsid, uint32_t cls, uint32_t av,
		   struct sepol_av_decision *avd, unsigned int *reason, char **buf);

/* Whether pdb_decide_rest() may decide (s, t, cls) after the caller's TE
 * part: typebounds look at the permissions not asked about, so a source
 * type with bounds takes libsepol's whole way (pdb_decider_av()). */
bool pdb_decide_own_way(const policydb_t *p, const context_struct_t *s, const context_struct_t *t,
			uint32_t cls);
/* The rest of the decision for av, the TE part (libsepol 3.4's
 * context_struct_compute_av()'s sums) given in avd: the constraints naming
 * a permission of av, evaluated here without their text, and the role
 * transition check; the reason bits in *reason. avd->allowed then says
 * nothing of the permissions outside av. -1 where libsepol would take its
 * BUG() way: the caller then asks pdb_decider_av(). */
int pdb_decide_rest(const policydb_t *p, const context_struct_t *s, const context_struct_t *t,
		    uint32_t cls, uint32_t av, struct sepol_av_decision *avd, unsigned int *reason);

/* decide-te.c: the TE part of the decision for the types s and t (libsepol
 * 3.4's context_struct_compute_av(), its conditional part as
 * cond_compute_av() sums it) in avd, from a cache of each (s, t, cls)
 * asked; -1 when out of memory. */
int pdb_decider_te(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls,
		   struct sepol_av_decision *avd);
/* The allowed permissions of the TE rules for (s, t, cls), as one avtab
 * lookup per attribute pair finds them (the first allowed node's). */
uint32_t pdb_decider_te_allowed(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls);
/* Allow perms for (s, t, cls) in the policy until pdb_decider_ungrant()
 * with *saved: a what-if for the decisions in between. 0 or -ENOMEM. */
int pdb_decider_grant(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls, uint32_t perms,
		      uint32_t *saved);
void pdb_decider_ungrant(struct pdb_decider *d, uint32_t s, uint32_t t, uint32_t cls,
			 uint32_t saved);
/* The TE part's tables, freed (pdb_decider_release()). */
void pdb_decider_te_free(struct pdb_decider *d);

/* cond.c: the infix form setools prints for a postfix conditional
 * expression (heap string; NULL: no memory). */
char *pdb_cond_expr_text(const struct pol_pdb *pdb, const cond_expr_t *expr);
void pdb_te_index_free(struct pdb_te_index *idx);

#endif
