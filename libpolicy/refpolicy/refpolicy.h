/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The reference policy's development headers (selinux-policy-dev): their
 * build.conf, a module's m4 expansion as the headers' Makefile makes it,
 * and (below) sepolgen's interface database and interface matching, which
 * audit2allow -R uses.
 *
 * m4 runs as a child process in a work directory. The library installs no
 * signal handler: a tool that wants its temporary files gone when a signal
 * ends it names the directory (opts.workdir) and learns of every file and
 * child through the hooks (cmd/common's cli_workdir does both).
 */
#ifndef POL_REFPOLICY_H
#define POL_REFPOLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util/err.h"

#define POL_REFPOLICY_DEFAULT_HEADERS "/usr/share/selinux/devel/include"

struct pol_permmap;

struct pol_refpolicy_opts {
	const char *headers;	    /* NULL: POL_REFPOLICY_DEFAULT_HEADERS */
	const char *const *defines; /* "NAME" or "NAME=VALUE", after build.conf's */
	size_t n_defines;
	bool m4_shell; /* leave m4's syscmd, esyscmd, debugfile... defined */
	bool werror;   /* m4's warnings are errors */
	/* An existing directory for m4's files, which the library creates
	 * there and removes; NULL: one of its own in $TMPDIR. */
	const char *workdir;
	/* Each may be NULL. file: a file about to be created in the work
	 * directory (a complete path); child: m4 started (its pid), then
	 * reaped (0); command: the command line about to run. */
	void (*on_file)(const char *path, void *data);
	void (*on_child)(pid_t pid, void *data);
	void (*on_command)(char *const *argv, void *data);
	/* pol_refpolicy_ifdb_open(): where the database comes from, before
	 * the work (building from the headers takes seconds): build false,
	 * the cache; true, the headers, to be kept in cache (NULL: nowhere). */
	void (*on_ifdb)(const char *headers, const char *cache, bool build, void *data);
	void *hook_data;

	/* The interface database (pol_refpolicy_ifdb_open()). */
	const char *interface_info;	    /* sepolgen-ifgen's file instead of the headers' */
	const char *cache_dir;		    /* NULL: $XDG_CACHE_HOME/sekit or ~/.cache/sekit */
	const struct pol_permmap *perm_map; /* the weights; NULL: sepolgen's default, 5 both ways */
	int max_distance;		    /* a pick beyond it is refused ... */
	bool broad_interfaces;		    /* ... unless this is set */
	/* Offer interfaces that call one the headers lack (the module would
	 * not compile): audit2allow's plain -R output does. */
	bool allow_broken;
};

/* ---- m4 ---------------------------------------------------------------- */

/* What a module build reads: its .te, the .if files given beside it, its
 * .fc (NULL: none). */
struct pol_refpolicy_module_files {
	const char *te;
	const char *const *ifs;
	size_t n_ifs;
	const char *fc;
};

/* A call m4 left as it was: no interface or macro has that name. */
struct pol_refpolicy_call {
	char *name, *file;
	unsigned int line, col;
	char *hint; /* the closest defined name, or NULL */
};

struct pol_refpolicy_expansion {
	char *text; /* the expanded .te, with #line markers */
	size_t len;
	char *fc; /* the expanded .fc, or NULL */
	size_t fc_len;
	bool mls; /* the headers build MLS/MCS modules */
	struct pol_refpolicy_call *calls;
	size_t n_calls, calls_alloc;
};

/*
 * Expand a module as the headers' Makefile does (every interface, then the
 * .te with the build.conf defines and m4 -s line markers, then the .fc).
 * m4's complaints are diagnostics in err (warnings, or errors when opts
 * ask). Returns 0 and *out (pol_refpolicy_expansion_release()); -ENOENT
 * when there are no headers or no m4; POL_EFORMAT when m4 fails, POL_EINVAL
 * when it warns under opts->werror; another -errno.
 */
int pol_refpolicy_expand(const struct pol_refpolicy_opts *opts,
			 const struct pol_refpolicy_module_files *in,
			 struct pol_refpolicy_expansion *out, struct pol_err *err);
/* One m4 run over .fc files with the headers' defines and line markers, as
 * refpolicy's monolithic build makes its file_contexts. *text is heap
 * memory. Returns as pol_refpolicy_expand(). */
int pol_refpolicy_expand_fcs(const struct pol_refpolicy_opts *opts, const char *const *fcs,
			     size_t n_fcs, char **text, size_t *len, struct pol_err *err);
void pol_refpolicy_expansion_release(struct pol_refpolicy_expansion *x);

/* Whether a module's text needs m4: interface calls, gen_require, quotes. */
bool pol_refpolicy_m4_needed(const char *text, size_t len);
/* Whether the first statement is "module NAME VERSION;", the policy
 * language itself rather than refpolicy's m4 source. */
bool pol_refpolicy_plain_module(const char *text, size_t len);
/* Whether NAME is an m4 builtin that runs a program or writes a file
 * (undefined unless opts->m4_shell). */
bool pol_refpolicy_m4_shell_builtin(const char *name);

/* ---- The interface database and matching -------------------------------- */

struct pol_refpolicy_ifdb;

/*
 * The interfaces of the headers with one parameter, as sepolgen keeps
 * them: opts->interface_info's file (sepolgen-ifgen's format), or our own
 * from the headers through m4, kept in a cache (opts->cache_dir, else
 * $XDG_CACHE_HOME/sekit or ~/.cache/sekit; written atomically) and
 * rebuilt when an .if or .spt of the headers is newer. opts->perm_map is
 * borrowed for the database's life. Returns 0 and *out
 * (pol_refpolicy_ifdb_free()); -errno when a file cannot be read
 * (-ENOENT: no headers or no m4); POL_EFORMAT when m4 or the parser fails
 * on the headers.
 */
int pol_refpolicy_ifdb_open(const struct pol_refpolicy_opts *opts, struct pol_refpolicy_ifdb **out,
			    struct pol_err *err);
void pol_refpolicy_ifdb_free(struct pol_refpolicy_ifdb *db);
/* How many interfaces it holds, usable or not. */
size_t pol_refpolicy_ifdb_count(const struct pol_refpolicy_ifdb *db);

/* A denial's access: type names (tgt may equal src), sorted perms. */
struct pol_refpolicy_request {
	const char *src, *tgt, *cls;
	const char *const *perms;
	size_t nperms;
};

/* The closest interface for a request. */
struct pol_refpolicy_choice {
	char *call, *name, *arg; /* "name(arg)", name, arg */
	char **extra;		 /* what it grants beyond the request: "src tgt:class { perms }" */
	size_t nextra, aextra;
	int distance; /* sepolgen's: about the weight of the extra */
	bool refused; /* beyond opts->max_distance (and no broad_interfaces) */
};

/* 1 and *c filled (pol_refpolicy_choice_release()), 0: no interface
 * covers the request, -ENOMEM. */
int pol_refpolicy_ifdb_choose(struct pol_refpolicy_ifdb *db, const struct pol_refpolicy_request *r,
			      struct pol_refpolicy_choice *c);
void pol_refpolicy_choice_release(struct pol_refpolicy_choice *c);
/* c's extra items joined with ", ", or "nothing more" (heap; NULL: no
 * memory). */
char *pol_refpolicy_choice_extra_text(const struct pol_refpolicy_choice *c);

/* A module's text (NAME.te) with its interface calls expanded by m4 with
 * the headers, as pol_refpolicy_expand() expands a file; the line markers
 * and m4's messages name NAME.te. *out is heap memory. Returns as
 * pol_refpolicy_expand(). */
int pol_refpolicy_expand_text(const struct pol_refpolicy_opts *opts, const char *name,
			      const char *te, size_t len, char **out, size_t *outlen,
			      struct pol_err *err);

#endif
