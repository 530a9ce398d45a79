/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The denials of a log grouped as audit2allow groups them, written as
 * audit2allow's rules or a module, and checked against the policy (--verify).
 */
#ifndef POL_AUDIT_SET_H
#define POL_AUDIT_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "audit/audit.h"

enum pol_audit_gen_flags {
	POL_AUDIT_GEN_DONTAUDIT = 1 << 0, /* -D */
	POL_AUDIT_GEN_XPERMS = 1 << 1,	  /* -x */
	POL_AUDIT_GEN_REQUIRES = 1 << 2,  /* -r */
	POL_AUDIT_GEN_VERBOSE = 1 << 3,	  /* -v */
	POL_AUDIT_GEN_EXPLAIN = 1 << 4,	  /* -e */
	POL_AUDIT_GEN_CIL = 1 << 5,	  /* -C */
	/* comment every line of a multi-line constraint text (audit2allow
	 * comments the first only: a module that cannot compile) */
	POL_AUDIT_GEN_COMMENT_ALL = 1 << 6,
};

/* The denials of a log, grouped as audit2allow groups them: by (source
 * type, target type, class, verdict), permissions and ioctl numbers merged.
 * Memory grows with the number of groups. */
struct pol_audit_set;

int pol_audit_set_new(struct pol_audit_policy *pol, struct pol_audit_set **out,
		      struct pol_err *err);
void pol_audit_set_free(struct pol_audit_set *set);
/* Add a denial (granted records are ignored). Returns POL_AUDIT_OK, or why it
 * was skipped (counted in the set). */
enum pol_audit_bad pol_audit_set_add(struct pol_audit_set *set, const struct pol_audit_avc *avc);
/* A SELINUX_ERR compute_sid record: "role R types T;". */
void pol_audit_set_add_role_type(struct pol_audit_set *set, const char *context);
/* Keep every record of each group (for -e, which quotes them all). */
void pol_audit_set_keep_messages(struct pol_audit_set *set);
/* Keep the denials of each node= (a host forwarding its log with
 * audisp-remote) in groups of their own; call before adding. */
void pol_audit_set_by_node(struct pol_audit_set *set);
/* Forget everything added (audit2allow -l on a policy load). */
void pol_audit_set_reset(struct pol_audit_set *set);
size_t pol_audit_set_skipped(const struct pol_audit_set *set, enum pol_audit_bad bad);
size_t pol_audit_set_groups(const struct pol_audit_set *set);

/* Write audit2allow's output: optional "module NAME 1.0;", the require
 * block, rules grouped per source, sorted (deterministic). module may be
 * NULL. CIL with POL_AUDIT_GEN_CIL. Returns 0 or -errno. */
int pol_audit_set_write(const struct pol_audit_set *set, const char *module, unsigned int flags,
			FILE *out);

/* Iteration and -R need the group's facts: declared below. */
struct pol_audit_group_info;

/* -R: for one group, the text of the call that replaces its rule
 * ("name(arg)", heap memory the writer frees) and the type it is filed
 * under (*section, borrowed until the call returns), or NULL to keep the rule. */
typedef char *(*pol_audit_call_fn)(const struct pol_audit_group_info *g, const char **section,
				   void *data);

/* pol_audit_set_write with calls: a group fn replaces is written as its call,
 * after the rules of the call's section; the module line is refpolicy's
 * policy_module(NAME, 1.0); the require block names the calls' arguments. */
int pol_audit_set_write_calls(const struct pol_audit_set *set, const char *module,
			      unsigned int flags, pol_audit_call_fn fn, void *data, FILE *out);

/* seallow review: what the writers and the replay do with one group. */
enum pol_audit_choice {
	POL_AUDIT_CHOICE_DEFAULT,   /* as the flags say (allow, or dontaudit with -D) */
	POL_AUDIT_CHOICE_OMIT,	    /* no rule (skipped, or fixed otherwise: boolean, relabel) */
	POL_AUDIT_CHOICE_DONTAUDIT, /* a dontaudit rule whatever the flags; replay grants nothing */
	/* an interface call (the writer's fn gives it; it writes the rule when
	 * fn gives none); the replay grants the group nothing of its own, only
	 * what pol_audit_set_add_grant() added: the calls' expansion */
	POL_AUDIT_CHOICE_CALL,
};

/* Set the choice of the idx-th group in output order (pol_audit_set_each's);
 * -EINVAL when there is no such group. */
int pol_audit_set_choose(struct pol_audit_set *set, size_t idx, enum pol_audit_choice choice);

/* An allow rule the replay (pol_audit_set_verify) grants besides the
 * groups' own: the expansion of the module's interface calls. src and tgt
 * name types or attributes ("self" as tgt: each source type on itself),
 * cls a class; permissions the class lacks are ignored. Returns 0,
 * -ENOENT when the policy lacks a type or the class (nothing is granted),
 * or -ENOMEM. */
int pol_audit_set_add_grant(struct pol_audit_set *set, const char *src, const char *tgt,
			    const char *cls, const char *const *perms, size_t nperms);

/* The xperm warning: for every (source, target, class) that gets an
 * allowxperm, the ioctl numbers already allowed by the policy are lost.
 * Writes notes to err (one per triple). */
void pol_audit_set_xperm_notes(const struct pol_audit_set *set, struct pol_err *err);

#define POL_AUDIT_MAX_DISTINCT 16

struct pol_audit_port_use {
	const char *perm; /* "name_bind" or "name_connect" */
	unsigned int port;
};

/* Iterate the groups in output order. */
struct pol_audit_group_info {
	const char *source, *target, *tclass; /* type names; target may equal source */
	enum pol_audit_verdict verdict;
	const char *const *perms; /* sorted */
	size_t nperms;
	size_t count;			 /* denials merged in */
	const struct pol_audit_why *why; /* the first denial's explanation */
	const char *scontext, *tcontext; /* of the first denial */
	const char *comm, *exe, *path;	 /* of the first denial (path: AVC_PATH, as audit2allow) */
	const char *file;		 /* the object's path from path=, PATH+CWD; may be NULL */
	bool permissive;		 /* a denial had permissive=1 */
	/* name_bind: src=, name_connect: dest= of the first denial that has it */
	const char *port;
	const char *xperms; /* "0x0 0x5401-0x5402" or NULL */
	size_t index;	    /* the group's place in output order */
	const char *node;   /* pol_audit_set_by_node(): its node=, or NULL */
	/* the distinct commands ("comm" or "comm (exe)") and object paths of
	 * the group's denials, in order of appearance, at most
	 * POL_AUDIT_MAX_DISTINCT of each; *_more: denials whose command or
	 * path is none of those listed (the list was full) */
	const char *const *commands, *const *files;
	size_t ncommands, nfiles, commands_more, files_more;
	/* the distinct (permission, port) of name_bind (src=) and name_connect
	 * (dest=) denials, in order of appearance, as many as commands */
	const struct pol_audit_port_use *ports;
	size_t nports, ports_more;
	time_t first, last; /* the earliest and latest time of its records (0: none) */
	/* the program: exe= of the AVC, else of its event's SYSCALL record, of
	 * the first denial that has one; or NULL */
	const char *executable;
	const char *dev; /* dev= of the first denial that has one (sda1, proc, tmpfs), or NULL */
};
int pol_audit_set_each(const struct pol_audit_set *set,
		       int (*fn)(const struct pol_audit_group_info *g, void *data), void *data);

/* Check how many of the set's denials the rules the set generates would allow:
 * apply them to the policy's TE tables in memory, recompute each group, and
 * restore. *fixed and *still count groups. */
int pol_audit_set_verify(struct pol_audit_set *set, unsigned int flags,
			 int (*fn)(const struct pol_audit_group_info *g, bool allowed,
				   const char *why_not, void *data),
			 void *data, size_t *fixed, size_t *still);

#endif
