/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Audit denials: read AVC and USER_AVC records from audit logs, ausearch
 * --raw output or kernel log lines (a streaming reader that groups records
 * into events itself, so memory does not grow with the log; libauparse is
 * its test oracle, see reader.c), explain each denial against a policy with
 * every cause at once, and turn the denials into rules and modules.
 */
#ifndef POL_AUDIT_H
#define POL_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "util/err.h"

/* ---- Reading ------------------------------------------------------- */

/* One AVC or USER_AVC record with what the other records of its event
 * (grouped by serial, not by adjacency) say. Every string is borrowed for
 * the duration of the callback and is NULL when the log does not have it. */
struct pol_audit_avc {
	const char *record; /* the line as read (kernel log lines: with their prefix) */
	const char *node;   /* node= of the event (logs forwarded by audisp-remote) */
	time_t sec;
	unsigned int msec;
	unsigned long serial;
	bool user;	/* USER_AVC (dbus, systemd) */
	bool granted;	/* an "avc: granted" record (auditallow) */
	int permissive; /* 0 or 1; -1 when the record does not say */
	const char *scontext, *tcontext, *tclass;
	const char *const *perms;
	size_t nperms;
	bool has_ioctlcmd; /* ioctlcmd= (0x0 is a value) */
	unsigned long ioctlcmd;
	bool has_nlmsgtype; /* nl-msgtype= */
	unsigned long nlmsgtype;
	const char *comm, *exe, *name, *path, *dev, *ino, *pid;
	/* src= and dest= of a socket denial: the port of name_bind, name_connect */
	const char *sport, *dport;
	/* SYSCALL record */
	const char *syscall_exe, *syscall_comm, *syscall;
	int success; /* 0 or 1; -1 when no SYSCALL record */
	/* CWD and the first PATH record (a PATH's name may be relative) */
	const char *cwd, *path_name, *path_inode, *path_dev;
	/* the path= of an old AVC_PATH record of the event */
	const char *avc_path;
};

enum pol_audit_mark_kind {
	POL_AUDIT_MARK_POLICY_LOAD,  /* MAC_POLICY_LOAD */
	POL_AUDIT_MARK_DAEMON_START, /* DAEMON_START */
	POL_AUDIT_MARK_COMPUTE_SID,  /* SELINUX_ERR "security_compute_sid: invalid context" */
};

struct pol_audit_mark {
	enum pol_audit_mark_kind kind;
	time_t sec;
	unsigned long serial;
	bool auditd; /* DAEMON_START written by auditd (audit2allow -l resets on it) */
	/* POL_AUDIT_MARK_COMPUTE_SID */
	const char *invalid_context, *scontext, *tcontext, *tclass;
};

/* Why a line was not used. Lines that are not audit records at all (the
 * rest of a dmesg) are counted apart and are not skips. */
enum pol_audit_skip {
	POL_AUDIT_SKIP_TOO_LONG,     /* longer than POL_AUDIT_MAX_LINE */
	POL_AUDIT_SKIP_BINARY,	     /* NUL or control bytes */
	POL_AUDIT_SKIP_MALFORMED,    /* a "type=" line or kernel header not readable */
	POL_AUDIT_SKIP_UNKNOWN_TYPE, /* a record type libaudit does not know */
	POL_AUDIT_SKIP_BAD_AVC,	     /* an AVC without { perms }, scontext, tcontext or tclass */
	/* a record past its event's limits (records or bytes an event keeps) */
	POL_AUDIT_SKIP_OVERFLOW,
	POL_AUDIT_SKIP_COUNT
};

#define POL_AUDIT_MAX_LINE (64 * 1024)

/* "line too long", ...: for reports. */
const char *pol_audit_skip_name(enum pol_audit_skip reason);

struct pol_audit_handlers {
	/* Return < 0 to stop reading (the status is returned by feed/finish). */
	int (*avc)(const struct pol_audit_avc *avc, void *data);
	int (*mark)(const struct pol_audit_mark *mark, void *data); /* may be NULL */
	void *data;
};

struct pol_audit_reader;

/* A streaming reader; handlers are called as events complete. */
int pol_audit_reader_new(const struct pol_audit_handlers *h, struct pol_audit_reader **out,
			 struct pol_err *err);
/* Feed any amount of bytes (lines may span calls). Returns 0 or a
 * handler's negative status. */
int pol_audit_reader_feed(struct pol_audit_reader *r, const char *buf, size_t len);
/* End of input: deliver every pending event. */
int pol_audit_reader_finish(struct pol_audit_reader *r);
/* Deliver every pending event, as if its last record had come (a follower
 * whose input went quiet); a line not ended yet stays. Returns 0 or a
 * handler's negative status. */
int pol_audit_reader_flush(struct pol_audit_reader *r);
/* Feed everything from fd until end of file; -errno on a read error. */
int pol_audit_reader_read_fd(struct pol_audit_reader *r, int fd);
void pol_audit_reader_free(struct pol_audit_reader *r);

size_t pol_audit_reader_skipped(const struct pol_audit_reader *r, enum pol_audit_skip reason);
/* Of those, the lines or records that held a denial ("avc:"). */
size_t pol_audit_reader_skipped_denials(const struct pol_audit_reader *r,
					enum pol_audit_skip reason);
/* AVC texts that are notices, not decisions ("avc:  received policyload
 * notice", "avc:  op=load_policy ..."): read, never skipped. */
size_t pol_audit_reader_notices(const struct pol_audit_reader *r);

/* One line (or journal entry) not read, and why. */
struct pol_audit_unread {
	const char *input; /* pol_audit_reader_input()'s name, or NULL */
	size_t line;	   /* 1-based, in that input */
	enum pol_audit_skip reason;
	bool denial; /* it held a denial */
};
#define POL_AUDIT_UNREAD_MAX 1000
/* The first POL_AUDIT_UNREAD_MAX lines not read, in input order (*list is
 * borrowed until the reader is freed); returns how many are listed. */
size_t pol_audit_reader_unread(const struct pol_audit_reader *r,
			       const struct pol_audit_unread **list);
/* Name the input the next lines come from (copied) and count its lines
 * from 1. Returns 0 or -ENOMEM. */
int pol_audit_reader_input(struct pol_audit_reader *r, const char *name);

/* A systemd journal entry (sd-journal): the fields that say where its
 * record came from. Strings are borrowed for the call; NULL when absent. */
struct pol_audit_entry {
	const char *message; /* MESSAGE, message_len bytes (may hold any byte) */
	size_t message_len;
	const char *host;      /* _HOSTNAME: the record's node */
	const char *type_name; /* _AUDIT_TYPE_NAME */
	unsigned long serial;  /* _AUDIT_ID */
	bool has_serial;
	unsigned long long usec; /* _SOURCE_REALTIME_TIMESTAMP, else __REALTIME_ */
	bool audit_transport;	 /* _TRANSPORT=audit */
	size_t line;		 /* its number, for unread entries */
};
/* Read one entry as journalctl -o json's line would be read. Returns 0 or
 * a handler's negative status (-ENOMEM when memory runs out). */
int pol_audit_reader_entry(struct pol_audit_reader *r, const struct pol_audit_entry *e);

/* The systemd journal (journal.c): its audit records and the kernel's
 * copies of them, entry by entry into a reader. */
struct pol_audit_journal;
/* path: a journal file or a directory of them; NULL: the local system's
 * journal. Returns 0 and *out (pol_audit_journal_free()), or < 0 with why
 * in err. */
int pol_audit_journal_open(const char *path, struct pol_audit_journal **out, struct pol_err *err);
void pol_audit_journal_free(struct pol_audit_journal *jr);
/* Only entries from since to until (seconds; 0: no bound); before the
 * first read. since is a seek: earlier entries are never read. */
void pol_audit_journal_window(struct pol_audit_journal *jr, time_t since, time_t until);
/* Feed r every entry not read yet. Returns 0 at the journal's end, 1 past
 * until (nothing more will come), a handler's status or < 0 with err. */
int pol_audit_journal_read(struct pol_audit_journal *jr, struct pol_audit_reader *r,
			   struct pol_err *err);
/* Wait up to msec for the journal to change: 1 changed, 0 not, < 0 error. */
int pol_audit_journal_wait(struct pol_audit_journal *jr, unsigned int msec);

/* ausearch's time words and dates (recent, today, yesterday, this-week,
 * week-ago, this-month, this-year, boot, now, "10/23/2024 02:51:35",
 * "2024-10-23", "02:51"), relative to now and the boot time (0: unknown),
 * in local time. Returns 0 and *out, -EINVAL for words it does not know,
 * -ENOENT for "boot" with no boot time. */
int pol_audit_time_words(const char *s, time_t now, time_t boot, time_t *out);

/* Lines that were audit records / were something else (ignored). */
size_t pol_audit_reader_records(const struct pol_audit_reader *r);
size_t pol_audit_reader_other_lines(const struct pol_audit_reader *r);
/* Whether any SELinux-relevant record was seen (audit2allow's "Nothing to do"). */
bool pol_audit_reader_relevant(const struct pol_audit_reader *r);

/* ---- Explaining ---------------------------------------------------- */

struct pol_pdb;

/* audit2why's verdicts, same numbers. */
enum pol_audit_verdict {
	POL_AUDIT_ALLOW = 0,	  /* allowed by the policy now (stale denial) */
	POL_AUDIT_DONTAUDIT = 1,  /* denied, and a dontaudit rule covers it */
	POL_AUDIT_TERULE = 2,	  /* no allow rule */
	POL_AUDIT_BOOLEAN = 3,	  /* an allow rule under a boolean with the wrong value */
	POL_AUDIT_CONSTRAINT = 4, /* a constraint fails */
	POL_AUDIT_RBAC = 5,	  /* no role allow rule */
	POL_AUDIT_BOUNDS = 6,	  /* typebounds */
};

/* Why a denial could not be explained (counted, never dropped silently). */
enum pol_audit_bad {
	POL_AUDIT_OK = 0,
	POL_AUDIT_BAD_SCONTEXT,
	POL_AUDIT_BAD_TCONTEXT,
	POL_AUDIT_BAD_CLASS,
	POL_AUDIT_BAD_PERM,
	POL_AUDIT_BAD_COMPUTE,
	POL_AUDIT_BAD_NO_PERM, /* "{ }": a denial of nothing, unreadable */
	POL_AUDIT_BAD_NOMEM,   /* out of memory: the tool's run failed, not the denial */
	POL_AUDIT_BAD_COUNT
};

const char *pol_audit_bad_name(enum pol_audit_bad bad);
/* What the policy lacks of a denial explaining gave bad for: fn is
 * called with the source's or target's type the policy does not know (the
 * whole context when its type is known: its user, role or level is not),
 * the class, or "class:perm" for each permission the class lacks (the
 * name borrowed for the call). Returns how many names fn was given (none
 * for the other reasons). */
struct pol_audit_policy;
size_t pol_audit_bad_names(struct pol_audit_policy *pol, enum pol_audit_bad bad,
			   const struct pol_audit_avc *a, void (*fn)(const char *name, void *data),
			   void *data);
const char *pol_audit_verdict_name(enum pol_audit_verdict v);

/* One boolean and the value that allows the access. */
struct pol_audit_bool {
	const char *name;
	bool value;
};

/* Everything known about one (scontext, tcontext, class, perms) question. */
struct pol_audit_why {
	enum pol_audit_verdict verdict; /* audit2why's single verdict */
	unsigned int causes;		/* every cause: bit (1 << verdict) */
	/* audit2why's BOOLEAN list: each boolean whose flip alone allows it,
	 * in policy order */
	const struct pol_audit_bool *bools;
	size_t nbools;
	/* the smallest set of booleans (one or more) that together allow the TE
	 * part, among the conditionals naming the triple; 0 when none */
	const struct pol_audit_bool *bool_set;
	size_t nbool_set;
	/* libsepol's text of the failing constraints (CONSTRAINT) */
	const char *constraint;
	/* perms lacking TE allow rules; perms a dontaudit rule covers */
	uint32_t te_missing, dontaudited;
	bool permissive_domain; /* the source type is a permissive type */
};

/* A part of two contexts that differs: "user (a_u)", "user (b_u)". */
struct pol_audit_diff {
	char source[300], target[300];
};

/* audit2allow's "Possible cause" list for a constraint: user, role (unless
 * the target's is object_r), level. Returns how many (at most 3). */
size_t pol_audit_context_diffs(const char *scontext, const char *tcontext,
			       struct pol_audit_diff out[3]);

/* Explain against pdb (borrowed, must outlive the result). libsepol's
 * services keep a process-wide current policy, which each question points
 * at its own: several pol_audit_policy may be open (a fleet's hosts, each
 * with its policy), but they are not for concurrent threads. */
int pol_audit_policy_new(struct pol_pdb *pdb, struct pol_audit_policy **out, struct pol_err *err);
void pol_audit_policy_free(struct pol_audit_policy *pol);
struct pol_pdb *pol_audit_policy_pdb(const struct pol_audit_policy *pol);

/* Explain one question; *why is borrowed from pol (memoised). Returns
 * POL_AUDIT_OK or why it cannot be explained. */
enum pol_audit_bad pol_audit_explain(struct pol_audit_policy *pol, const char *scontext,
				     const char *tcontext, const char *tclass,
				     const char *const *perms, size_t nperms,
				     const struct pol_audit_why **why);

/* Would (stype, ttype, class, perms) be allowed by TE alone if the extra
 * rules (in the set) were added? For --verify. */

/* ---- Generating ---------------------------------------------------- */

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
size_t pol_audit_set_denials(const struct pol_audit_set *set);

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
	const char *xperms;		 /* "0x0 0x5401-0x5402" or NULL */
	size_t index;			 /* the group's place in output order */
	const char *node;		 /* pol_audit_set_by_node(): its node=, or NULL */
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

/* The port types a source type may use for perm (name_bind or name_connect)
 * on class (tcp_socket, udp_socket, ...): every type of a portcon statement
 * or of the attribute port_type whose TE rules grant it, sorted, as a
 * heap string vector (free each and the vector). *current is the type of the
 * portcon entry naming exactly this port, if any (semanage port -m rather
 * than -a), borrowed from the policy. Returns the number of types, or < 0. */
int pol_audit_port_types(struct pol_audit_policy *pol, const char *source, const char *tclass,
			 const char *perm, unsigned int port, char ***types, const char **current);

/* ---- Fixes besides a rule (fix.c) --------------------------------------- */

/* The words of these commands are policy names, numbers, or paths quoted
 * with pol_shell_quote(): a path from the log names the same bytes when
 * pasted, never another command. */
struct pol_buf;
struct pol_label_specs;
/* file_contexts for the relabel advice: SEKIT_FILE_CONTEXTS or the
 * system's (pol_label_specs_free()); NULL when it cannot be read. */
struct pol_label_specs *pol_audit_fix_specs_open(void);
/* The type file_contexts gives g's path when it differs from the file's
 * and pol has it (heap), or NULL; NULL too when a relabel cannot help
 * (pol_audit_fix_no_relabel()). */
char *pol_audit_fix_relabel_type(struct pol_audit_policy *pol, const struct pol_label_specs *specs,
				 const struct pol_audit_group_info *g);
/* Why relabeling a group's object cannot help: its filesystem is labelled
 * by the policy (genfscon, fs_use_task, fs_use_trans: the target's type is
 * one of theirs or the denial's dev= names such a filesystem: proc, sysfs,
 * vfat, fuse, tmpfs...), or the object is most likely in a container's
 * mount namespace (a container domain or file type). */
enum pol_audit_no_relabel {
	POL_AUDIT_RELABEL_OK,
	POL_AUDIT_NO_RELABEL_FS,
	POL_AUDIT_NO_RELABEL_CONTAINER,
};
enum pol_audit_no_relabel pol_audit_fix_no_relabel(struct pol_audit_policy *pol,
						   const struct pol_audit_group_info *g);
/* "serelabel PATH   (or: restorecon PATH)" */
void pol_audit_fix_relabel_command(struct pol_buf *b, const char *file);
/* "setsebool -P NAME=1...": the smallest set of booleans that allows it */
void pol_audit_fix_bool_command(struct pol_buf *b, const struct pol_audit_why *w);

/* One port's fix: the port types the domain may use for perm, the
 * likeliest first (the one named most like the domain: httpd_t,
 * http_port_t). */
struct pol_audit_port_fix {
	const char *perm; /* borrowed from the group */
	unsigned int port;
	char **types;
	size_t ntypes;
};
/* name_bind/name_connect of ports the policy gives no type of their own (a
 * range's type, unreserved_port_t): a fix per port of g (*n of them), or
 * NULL when a port is named by the policy (another service's: relabeling
 * it is no fix), has no type the domain may use, or a permission of the
 * group has no port. Free with pol_audit_fix_ports_free(). */
struct pol_audit_port_fix *pol_audit_fix_ports(struct pol_audit_policy *pol,
					       const struct pol_audit_group_info *g, size_t *n);
void pol_audit_fix_ports_free(struct pol_audit_port_fix *v, size_t n);
/* name_bind/name_connect of a port the policy labels with a type of its
 * own (a portcon for that very port, another service's): "port 5432 is
 * db_port_t in the policy (a portcon of its own); a_t may name_bind
 * web_port_t" (or "no port type") appended to b, for the first such port
 * of g. Returns 1 when it wrote, 0 when no port of g is so labelled,
 * -ENOMEM. */
int pol_audit_fix_port_labelled(struct pol_audit_policy *pol, const struct pol_audit_group_info *g,
				struct pol_buf *b);
/* "semanage port -a -t TYPE -p tcp PORT   (DOMAIN may PERM TYPES...; port
 * PORT is TARGET)" */
void pol_audit_fix_port_command(struct pol_buf *b, const struct pol_audit_group_info *g,
				const struct pol_audit_port_fix *f);

#endif
