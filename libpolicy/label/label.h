/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * File labeling: which context a path should have according to a
 * file_contexts spec file, and a parallel walker that applies those contexts
 * to trees with restorecon's decisions.
 *
 * Spec files are read as libselinux 3.4 reads them (the anchored PCRE2
 * regexes, .homedirs, .local, .subs, .subs_dist, the newer of a file and its
 * .bin) and answered by an index of the specs' fixed prefixes, so a lookup
 * tests a handful of regexes instead of all of them; the answers are those of
 * selabel_lookup_raw(). The libselinux engine itself can be chosen instead,
 * to cross-check.
 */
#ifndef POL_LABEL_H
#define POL_LABEL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "util/err.h"

/* A loaded set of file-context specifications. Read-only once opened and
 * safe to look up from several threads at once. */
struct pol_label_specs;

enum pol_label_engine {
	POL_LABEL_ENGINE_NATIVE,  /* our prefix index over the same regexes */
	POL_LABEL_ENGINE_SELABEL, /* libselinux's selabel_lookup_raw() */
};

enum pol_label_specs_flags {
	POL_LABEL_SPECS_BASEONLY = (1 << 0), /* ignore the .homedirs and .local files */
};

/* The system's file_contexts: <dir>/<SELINUXTYPE>/contexts/files/file_contexts
 * where dir is $SEKIT_SELINUX_DIR or /etc/selinux and SELINUXTYPE comes from
 * <dir>/config. Returns 0 and a heap path in *path (free()), or
 * POL_ENOPOLICY. */
int pol_label_system_spec_path(char **path, struct pol_err *err);

/* The customizable_types file that goes with spec_path: for
 * .../contexts/files/<name> it is .../contexts/customizable_types; for
 * anything else (or NULL) the system's, <dir>/<SELINUXTYPE>/contexts/
 * customizable_types. Returns 0 and a heap path, or POL_ENOPOLICY when no
 * system policy type is configured. */
int pol_label_customizable_path(const char *spec_path, char **path, struct pol_err *err);

/* Load the spec file at path with its companions (path.homedirs and
 * path.local unless POL_LABEL_SPECS_BASEONLY, path.subs and path.subs_dist).
 * Problems in the files are reported as file:line:col diagnostics in err:
 * POL_EFORMAT for a malformed line, POL_EREGEX for an invalid regex,
 * -errno for a file that cannot be read. Returns 0 and *out (free with
 * pol_label_specs_free()), or < 0. */
int pol_label_specs_open(const char *path, enum pol_label_engine engine, unsigned int flags,
			 struct pol_label_specs **out, struct pol_err *err);
void pol_label_specs_free(struct pol_label_specs *specs);

/* Number of specifications loaded (0 for the selabel engine, which does not
 * say). */
size_t pol_label_specs_count(const struct pol_label_specs *specs);

/* Checks one context against a policy: returns 0 when it is valid,
 * POL_EINVAL when it is not, with the reason added to err (no location:
 * the caller places it), or another status < 0 when it could not tell (no
 * memory, the kernel refused the question). */
typedef int (*pol_label_context_check_fn)(const char *context, struct pol_err *err, void *data);

/*
 * Validate the context of every spec (<<none>> excepted) before anything is
 * labeled, as setfiles does through libselinux's selabel validation: the
 * syntax USER:ROLE:TYPE[:RANGE] always, then check (may be NULL: syntax
 * only) once per distinct context. Every line carrying an invalid context
 * is reported in err as "file:line:col: error: invalid context 'C': why",
 * in file order, with check's notes (did you mean) after it. Returns 0,
 * POL_EINVAL when any context is invalid, or check's other failure.
 */
int pol_label_specs_validate(const struct pol_label_specs *specs, pol_label_context_check_fn check,
			     void *data, struct pol_err *err);

/* The specification that decided a lookup. Strings are borrowed from specs. */
struct pol_label_match {
	const char *context; /* raw context; NULL when the path gets no label */
	const char *regex;   /* the spec's regex as written; NULL if unknown */
	const char *file;    /* spec file the line came from; NULL if unknown */
	unsigned int line;   /* 1-based line in file; 0 if unknown (a .bin file) */
	mode_t mode;         /* file type the spec is limited to; 0 for any */
	char *key;           /* the key after .subs rewriting; NULL if the path
			      * was not rewritten */
	char *priv;          /* for the library */
};

/* Look up the context for path (absolute, as seen from the policy's root)
 * and a file of type mode (S_IFREG ..., or 0 for "any"). Returns 0 and fills
 * m with the deciding spec, 1 when no spec applies or the deciding spec is
 * <<none>> (m->context is NULL; m->line names a <<none>> spec), or < 0 on
 * error. Release m with pol_label_match_release() in every case. */
int pol_label_lookup(const struct pol_label_specs *specs, const char *path, mode_t mode,
		     struct pol_label_match *m);
void pol_label_match_release(struct pol_label_match *m);

/* restorecon's per-directory digest (the security.sehash attribute): SHA-1
 * over every spec that matches path or could match something below it
 * (regex, NUL, file type as a native mode_t, context, NUL), in lookup
 * order, up to the first <<none>> one. Returns 1 and the digest in out, 0
 * when no spec applies (no digest), or < 0. */
#define POL_LABEL_DIGEST_LEN 20
#define POL_LABEL_DIGEST_XATTR "security.sehash"
int pol_label_dir_digest(const struct pol_label_specs *specs, const char *path,
			 unsigned char out[POL_LABEL_DIGEST_LEN]);

/* A set of type names, such as the policy's customizable types. */
struct pol_label_types;

/* Read a customizable_types file (one type per line). A missing file is an
 * empty set, as libselinux treats it. Returns 0 and *out (free with
 * pol_label_types_free()), or -errno. */
int pol_label_types_open(const char *path, struct pol_label_types **out, struct pol_err *err);
void pol_label_types_free(struct pol_label_types *types);
bool pol_label_types_has(const struct pol_label_types *types, const char *type, size_t len);

/* What restorecon would do with a file labeled cur (NULL: no label) whose
 * spec says spec. */
enum pol_label_verdict {
	POL_LABEL_SET,          /* write *newcon */
	POL_LABEL_SAME,         /* already equal */
	POL_LABEL_SAME_TYPE,    /* only user, role or range differ; kept without force */
	POL_LABEL_CUSTOMIZED,   /* a customizable type; kept without force */
	POL_LABEL_BAD_CONTEXT,  /* cur or spec is not user:role:type[:range]; restorecon fails too */
};

/* Decide as restorecon_sb() does: with force the spec's context replaces any
 * other; without, a customizable current type is kept and otherwise only
 * the type is changed (user, role and range stay). On POL_LABEL_SET,
 * *newcon is a heap string (free()). Returns a verdict, or -ENOMEM. */
int pol_label_decide(const char *cur, const char *spec, bool force,
		     const struct pol_label_types *customizable, char **newcon);

/* The type field of a context, or NULL when it does not parse as one. */
const char *pol_label_context_type(const char *con, size_t *len);

/* ------------------------------------------------------------------------
 * Relabeling trees
 */

enum pol_label_relabel_flags {
	POL_LABEL_DRY_RUN = (1 << 0),	     /* decide and report, change nothing */
	POL_LABEL_FORCE = (1 << 1),	     /* the spec's whole context, customizable too */
	POL_LABEL_CROSS_MOUNTS = (1 << 2),   /* descend into other file systems */
	POL_LABEL_IGNORE_MISSING = (1 << 3), /* a missing PATH argument is no error */
	POL_LABEL_HARDLINKS = (1 << 4),	     /* decide files with several links per PATH
					      * argument, as setfiles does (see below) */
	POL_LABEL_READ_ONLY = (1 << 5),	     /* only read every label (benchmark floor) */
	POL_LABEL_DIGESTS = (1 << 6),	     /* skip directories whose security.sehash
					      * is current; write the others' */
	POL_LABEL_IGNORE_DIGESTS = (1 << 7), /* write digests, skip nothing */
	POL_LABEL_ORDERED_EVENTS = (1 << 8), /* hold the events and deliver them at the
					      * end in walk order, the same whatever
					      * the number of threads */
};

/*
 * Files with several hard links are labeled once, when the walk is over, with
 * the spec of the first of their links in walk order (depth first, each
 * directory's entries in readdir order, PATH arguments in the order given):
 * setfiles' rule, so the label does not depend on which thread got where
 * first and a second run finds nothing to change. A file whose links' specs
 * disagree is reported once (POL_LABEL_EV_CONFLICT). Only such files are
 * remembered. With POL_LABEL_HARDLINKS the table is per PATH argument, as
 * setfiles keeps it.
 */

enum pol_label_event_kind {
	POL_LABEL_EV_CHANGE,     /* a label was (or in a dry run would be) changed */
	POL_LABEL_EV_CUSTOMIZED, /* kept because the type is customizable */
	POL_LABEL_EV_ERROR,      /* a file that could not be read or labeled */
	POL_LABEL_EV_CONFLICT,   /* links of one file whose specs disagree */
	POL_LABEL_EV_WARNING,    /* something the user should know; labeling went on */
	POL_LABEL_EV_DIGEST_SKIP, /* a directory skipped: its digest is current */
};

struct pol_label_event {
	enum pol_label_event_kind kind;
	const char *path;        /* the file, as reached by the walk */
	const char *old_context; /* EV_CHANGE, EV_CUSTOMIZED: NULL when unlabeled */
	const char *new_context; /* EV_CHANGE: the new label; EV_CONFLICT: the one used */
	bool applied;            /* EV_CHANGE: written (false in a dry run) */
	int code;                /* EV_ERROR, EV_WARNING: -errno or POL_E*; POL_EFORMAT
				  * when old_context or new_context does not parse
				  * as a context (restorecon fails on it too) */
	const char *message;     /* EV_ERROR, EV_WARNING: what failed, worded to be
				  * followed by the path: "cannot set the label of" */
	const char *other_path;  /* EV_CONFLICT: the link whose spec won; EV_ERROR with
				  * POL_EINVAL: the root directory path is not below */
	const char *other_context; /* EV_CONFLICT: the losing spec's context */
};

/* Called with one event at a time (never concurrently), from the walk's
 * threads or the calling one. */
typedef void (*pol_label_event_fn)(const struct pol_label_event *ev, void *data);

struct pol_label_stats {
	uint64_t seen;       /* files, directories and others examined */
	uint64_t changed;    /* labels written (or that would be) */
	uint64_t unchanged;  /* already right, or kept (same type, customizable) */
	uint64_t customized; /* of unchanged: kept as a customizable type */
	uint64_t nolabel;    /* no spec, or <<none>> */
	uint64_t errors;     /* files that could not be read or labeled */
	uint64_t vanished;   /* entries gone before they were examined */
	uint64_t conflicts;  /* files whose links have conflicting specs */
	uint64_t digest_skipped; /* directories skipped for their current digest */
	bool interrupted;    /* *stop was set before the walk finished */
};

struct pol_label_relabel_opts {
	const struct pol_label_specs *specs;         /* required unless READ_ONLY */
	const struct pol_label_types *customizable;  /* may be NULL */
	unsigned int flags;                          /* enum pol_label_relabel_flags */
	unsigned int threads;                        /* 0: one per online CPU */
	const char *root;       /* look paths up relative to this directory; NULL for / */
	const char *const *excludes; /* directories to skip with their contents */
	size_t n_excludes;
	pol_label_event_fn event; /* may be NULL */
	void *event_data;
	/* Called about ten times a second from the calling thread while the
	 * walk runs, and once at the end; may be NULL. */
	void (*progress)(const struct pol_label_stats *stats, void *data);
	void *progress_data;
	/* When it becomes non-zero (a signal handler sets it) the walk stops
	 * soon: no new file is started, every file has its old or its new
	 * label. The walk's threads read it with an atomic load, so the
	 * handler, which may run on any of them, stores it with one
	 * (__atomic_store_n(), lock-free for an int, so async-signal-safe).
	 * May be NULL. */
	volatile sig_atomic_t *stop;
	/* The spec set before a change (may be NULL): only files to which it
	 * gave another context than specs gives are labeled, the others are
	 * counted unchanged and left alone (fixfiles -C, file by file). */
	const struct pol_label_specs *previous;
};

/* Relabel each of paths (files, or directories with everything below them,
 * never following symbolic links). Per-file problems are events and count
 * in stats->errors; the return value is 0 when the walk could run (even with
 * such errors), or < 0 with the reason in err when it could not start (bad
 * options, an exclude that is not absolute, no memory). */
int pol_label_relabel(const struct pol_label_relabel_opts *opts, const char *const *paths,
		      size_t npaths, struct pol_label_stats *stats, struct pol_err *err);

/*
 * The paths below which previous and specs may label a file differently
 * (what fixfiles -C relabels): for each spec one set has and the other has
 * not (regex, file type and context compared), the files every match of it
 * starts with: its path when it is literal, the directory its fixed prefix
 * ends with, or each entry of the prefix's directory whose name starts
 * with the rest ("/srv/www(/.*)?": /srv/www*, as fixfiles globs it); and
 * the source path of each .subs or .subs_dist rule one set has alone.
 * Only paths that exist under root (NULL or "/": the system's) are kept,
 * root prepended, sorted, none below another. Both sets must use the
 * native engine. Walk them with pol_label_relabel() and previous set.
 * Returns 0 and *paths, *n (pol_label_paths_free()), or < 0.
 */
int pol_label_specs_changed(const struct pol_label_specs *previous,
			    const struct pol_label_specs *specs, const char *root, char ***paths,
			    size_t *n, struct pol_err *err);
void pol_label_paths_free(char **paths, size_t n);

/* The absolute path restorecon would use for arg: the real path of its
 * directory joined with its last component (which is not resolved, so a
 * symbolic link stays itself). Returns 0 and a heap string, or -errno. */
int pol_label_canonical_path(const char *arg, char **out);

#endif
