/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sestore apply: the changes an apply file asks for, read from the lines
 * `semanage export` prints (`fcontext -a -f a -t T 'REGEX'`, `port -D`, ...)
 * into a list the store applies in one transaction. Reading needs no store
 * and no policy: names are checked against them when the list is applied.
 */
#ifndef POL_STORE_APPLY_H
#define POL_STORE_APPLY_H

#include <stdbool.h>
#include <stddef.h>

struct pol_err;

/* The kinds in `semanage export`'s order (its purge lines come in this order). */
enum pol_store_apply_kind {
	POL_STORE_APPLY_BOOLEAN,
	POL_STORE_APPLY_LOGIN,
	POL_STORE_APPLY_INTERFACE,
	POL_STORE_APPLY_USER,
	POL_STORE_APPLY_PORT,
	POL_STORE_APPLY_NODE,
	POL_STORE_APPLY_FCONTEXT,
	POL_STORE_APPLY_MODULE,
	POL_STORE_APPLY_IBENDPORT,
	POL_STORE_APPLY_IBPKEY,
	POL_STORE_APPLY_PERMISSIVE,
	POL_STORE_APPLY_DONTAUDIT,
	POL_STORE_APPLY_NKINDS
};

enum pol_store_apply_op {
	POL_STORE_APPLY_ADD,	   /* -a (a module: install the file) */
	POL_STORE_APPLY_MODIFY,	   /* -m */
	POL_STORE_APPLY_DELETE,	   /* -d (a module: -r, remove) */
	POL_STORE_APPLY_DELETEALL, /* -D: every local record of the kind */
	POL_STORE_APPLY_ENABLE,	   /* module -e */
	POL_STORE_APPLY_DISABLE,   /* module -d */
	POL_STORE_APPLY_SET,	   /* dontaudit on|off */
};

/* The values a line can carry, by the semanage option that gives them. */
enum pol_store_apply_field {
	POL_STORE_APPLY_NAME,	  /* the positional key: login, user, port, address, interface,
				     file spec, boolean, type (permissive), module */
	POL_STORE_APPLY_TYPE,	  /* -t */
	POL_STORE_APPLY_SEUSER,	  /* -s */
	POL_STORE_APPLY_RANGE,	  /* -r */
	POL_STORE_APPLY_LEVEL,	  /* -L */
	POL_STORE_APPLY_ROLES,	  /* -R, space-separated, every -R joined */
	POL_STORE_APPLY_PREFIX,	  /* user -P */
	POL_STORE_APPLY_PROTO,	  /* -p */
	POL_STORE_APPLY_MASK,	  /* node -M */
	POL_STORE_APPLY_FTYPE,	  /* fcontext -f: a f d c b s l p */
	POL_STORE_APPLY_EQUAL,	  /* fcontext -e SOURCE */
	POL_STORE_APPLY_PRIORITY, /* module -P */
	POL_STORE_APPLY_SUBNET,	  /* ibpkey -x */
	POL_STORE_APPLY_IBDEV,	  /* ibendport -z */
	POL_STORE_APPLY_NFIELDS
};

struct pol_store_apply_value {
	char *str;	  /* NULL when the line does not give it */
	unsigned int col; /* 1-based column of the value on its line */
	unsigned int line;
};

struct pol_store_change {
	enum pol_store_apply_kind kind;
	enum pol_store_apply_op op;
	unsigned int line, col; /* where the line starts (its kind word) */
	struct pol_store_apply_value f[POL_STORE_APPLY_NFIELDS];
	int value;	     /* boolean -1/--on: 1, -0/--off: 0; dontaudit on: 1, off: 0 */
	unsigned int lo, hi; /* a port or pkey range, from NAME */
};

/* A list of changes in file order; file names them in diagnostics. */
struct pol_store_changes {
	char *file;
	struct pol_store_change *v;
	size_t n, alloc;
};

/*
 * Read text (len bytes, need not be NUL-terminated) in `semanage export`
 * syntax: one command a line without the leading "semanage", words split as a
 * POSIX shell does ('...', "...", backslash, # comments, backslash-newline),
 * blank lines skipped. Every bad line is reported as file:line:col. Returns 0
 * and *out (pol_store_changes_free()), or POL_EFORMAT (or -ENOMEM) with the
 * errors in err and *out untouched.
 */
int pol_store_apply_parse(const char *file, const char *text, size_t len,
			  struct pol_store_changes **out, struct pol_err *err);

void pol_store_changes_free(struct pol_store_changes *c);

struct pol_buf;

/*
 * Append ch as one line (with its newline) of the syntax
 * pol_store_apply_parse() reads, in semanage export's own order and quoting
 * for the changes semanage export prints: "port -a -t http_port_t -p tcp
 * 8081". Words that need it are quoted so that they read back the same.
 */
void pol_store_change_format(const struct pol_store_change *ch, struct pol_buf *out);

struct pol_store;

/* The changes an apply makes (or would make under POL_STORE_CHECK), in file
 * order; borrowed from the list applied. */
struct pol_store_apply_report {
	const struct pol_store_change **v;
	size_t n, alloc;
};

/*
 * Apply every change of list to st in ONE transaction, or none. First every
 * change is checked and compared with the store without a transaction (the
 * store is opened as it is; the area checks as under POL_STORE_CHECK): names
 * against the policy (errors at the change's FILE:LINE:COL with a
 * did-you-mean note), records against what the store holds. A kind's -D
 * purge is weighed with the changes after it: when they give back exactly
 * the local records the store holds, the kind does not change. When nothing
 * changes, no transaction begins. Otherwise, unless st was opened with
 * POL_STORE_CHECK, the changes are made in file order (a purge as
 * libsemanage's delete of every local record, in the same transaction) and
 * committed. Returns 0 (rep lists the changes, none when the store already
 * matched), or < 0 with why in err and nothing committed. rep is the
 * caller's (zeroed; pol_store_apply_report_release()).
 */
int pol_store_apply(struct pol_store *st, const struct pol_store_changes *list,
		    struct pol_store_apply_report *rep, struct pol_err *err);
void pol_store_apply_report_release(struct pol_store_apply_report *rep);

/*
 * The store's local customisations as a change list, as semanage export
 * writes them: a -D line for each kind semanage exports, then every local
 * record (sorted as semanage sorts them), then the disabled modules
 * (module -d NAME). No transaction is begun. Returns 0 and *out
 * (pol_store_changes_free()), or < 0 with why in err.
 */
int pol_store_export(struct pol_store *st, struct pol_store_changes **out, struct pol_err *err);

/* One installed module (semodule -l --full). */
struct pol_store_module {
	char *name;
	char *lang; /* "cil", "pp" */
	unsigned int priority;
	bool enabled;
};

/*
 * Every module of the store at every priority, sorted by name, the highest
 * priority first (semodule -lfull's order). No transaction is begun.
 * Returns 0 with *out and *n (pol_store_modules_free()), or < 0.
 */
int pol_store_module_list(struct pol_store *st, struct pol_store_module **out, size_t *n,
			  struct pol_err *err);
void pol_store_modules_free(struct pol_store_module *v, size_t n);

/*
 * The module name as semodule -E extracts it (libsemanage's
 * semanage_module_extract()): at priority *prio (0: the highest it is
 * installed at; set to the one extracted), as CIL when cil (libsemanage compiles it when the store
 * holds none), else as the file it was installed from, in its language
 * (a .pp is given decompressed). No transaction is begun. Returns 0 with
 * *data, *len and *ext ("pp", "cil"...; all heap, free()), or < 0 with why
 * in err: POL_ENOTFOUND (and a did-you-mean note) when the store has no
 * such module at that priority.
 */
int pol_store_module_extract(struct pol_store *st, const char *name, unsigned int *prio, bool cil,
			     char **data, size_t *len, char **ext, struct pol_err *err);

/* "fcontext", "port"...: the word an apply file uses. Static. */
const char *pol_store_apply_kind_name(enum pol_store_apply_kind kind);
/* "add", "modify", "delete", "deleteall", "enable", "disable", "set". Static. */
const char *pol_store_apply_op_name(enum pol_store_apply_op op);

#endif
