/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What only libpolicy/label's files share. */
#ifndef POL_LABEL_INTERNAL_H
#define POL_LABEL_INTERNAL_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "label/label.h"
#include "util/err.h"

/* One line of a spec file. */
struct label_spec {
	char *regex;         /* as written */
	char *context;       /* raw context, or "<<none>>" */
	mode_t mode;         /* S_IF* the line is limited to; 0 for any */
	unsigned int input;  /* index into label_specs.files */
	unsigned int line;   /* 1-based; 0 when read from a .bin file */
	unsigned int col;    /* 1-based column of the context; 0 when unknown */
	unsigned int order;  /* position before sorting, for stable ties */
	bool none;           /* context is <<none>> */
	bool meta;           /* libselinux's hasMetaChars() */
	unsigned int stem_len; /* libselinux's stem: up to the second '/'; 0 = none */
	/* The literal text every match starts with (escapes resolved); the
	 * whole string when literal is set. */
	char *prefix;
	size_t prefix_len;
	bool literal;        /* no regex syntax at all: compare strings */
	pcre2_code *code;    /* compiled "^regex$", interpreted */
	pcre2_code *jit;     /* a JIT-compiled copy, made on first use */
	int jit_state;       /* 0 none yet, 1 ready, -1 JIT unavailable (atomic) */
};

/* A path-equivalence rule of a .subs or .subs_dist file. */
struct label_sub {
	char *src, *dst;
	size_t slen;
};

struct label_subs {
	struct label_sub *v; /* in the order libselinux tries them: last line first */
	size_t n, alloc;
};

struct label_trie;

struct pol_label_specs {
	enum pol_label_engine engine;
	unsigned int flags; /* enum pol_label_specs_flags, as opened */
	char *path;
	char **files; /* spec files read, for diagnostics */
	size_t nfiles, files_alloc;
	struct label_spec *specs; /* in libselinux's order; the last match wins */
	size_t nspecs, alloc;
	struct label_subs subs, dist_subs;
	struct label_trie *trie;
	unsigned int *root_cands; /* specs with no fixed prefix, descending */
	size_t nroot;
	pthread_mutex_t jit_lock;
	void *selabel; /* struct selabel_handle * for ENGINE_SELABEL */
};

/* specfile.c: append the specs of one file (text or compiled .bin) */
int label_read_specfile(struct pol_label_specs *s, const char *path, bool must_exist,
			bool check_dups, struct pol_err *err);
/* libselinux's spec analysis (hasMetaChars, stem) and our prefix */
void label_spec_analyse(struct label_spec *sp);
int label_spec_compile(struct pol_label_specs *s, struct label_spec *sp, struct pol_err *err);

/* subs.c */
int label_subs_read(const char *path, struct label_subs *subs, struct pol_err *err);
void label_subs_release(struct label_subs *subs);
/* The key after substitution (heap), or NULL when no rule applies. */
char *label_subs_apply(const struct label_subs *subs, const char *key);

/* index.c */
int label_index_build(struct pol_label_specs *s);
void label_index_free(struct pol_label_specs *s);
int label_index_lookup(const struct pol_label_specs *s, const char *key, mode_t mode,
		       const struct label_spec **out);

/* The specs that partially or fully match key, in libselinux's order, up to
 * the first <<none>> one, hashed as hash_all_partial_matches() does.
 * Returns how many went into the hash (0: no digest), or < 0. */
struct label_sha1;
int label_index_partial(const struct pol_label_specs *s, const char *key,
			struct label_sha1 *hash);

/* sha1.c */
#define LABEL_SHA1_LEN 20
struct label_sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
	size_t used;
};
void label_sha1_init(struct label_sha1 *c);
void label_sha1_update(struct label_sha1 *c, const void *data, size_t len);
void label_sha1_final(struct label_sha1 *c, unsigned char out[LABEL_SHA1_LEN]);

/* specs.c: the key lookup_all() matches: slashes cleaned, .subs applied.
 * *owned is what to free afterwards (NULL when key is path itself). */
const char *label_prepare_key(const struct pol_label_specs *s, const char *path, char **owned,
			      bool *rewritten);

/* changed.c: whether previous gives key (mode) another context than
 * context (NULL: none): 1, 0, or < 0 */
int label_spec_changed(const struct pol_label_specs *previous, const char *key, mode_t mode,
		       const char *context);

/* selabel.c */
int label_selabel_open(struct pol_label_specs *s, unsigned int flags, struct pol_err *err);
void label_selabel_close(struct pol_label_specs *s);
int label_selabel_lookup(const struct pol_label_specs *s, const char *key, mode_t mode,
			 struct pol_label_match *m);
int label_selabel_digest(const struct pol_label_specs *s, const char *key,
			 unsigned char out[20]);

/* ---- the walk (walk.c, relabel.c, hardlink.c) ---- */

/* An open directory, shared by the work items that need its descriptor. */
struct label_dir {
	int fd;
	int refs;            /* atomic */
	char *path;          /* as reached: the PATH argument joined with names */
	size_t pathlen;
	struct label_root *root;
	uint32_t *key;	     /* walk-order key: the PATH argument's index, then the
			      * position of each component in its directory's stream */
	unsigned int depth;  /* entries in key */
};

/* One PATH argument. */
struct label_root {
	const char *arg;
	size_t index;
	dev_t dev;           /* of the object named, for "do not cross mounts" */
	bool digests;        /* directory digests are checked and written */
};

struct label_links;
struct label_digests;
struct label_events;
struct label_item;

/* Counters of one worker; the calling thread sums them while the walk runs,
 * so they are read and written with __atomic builtins. */
struct label_counts {
	uint64_t seen, changed, unchanged, customized, nolabel, errors, vanished, conflicts;
	uint64_t digest_skipped;
};

struct label_run {
	const struct pol_label_relabel_opts *opts;
	unsigned int flags;
	char *root;              /* canonical alternate root; NULL for / */
	size_t rootlen;
	char **excludes;         /* canonical, no trailing '/' */
	size_t n_excludes, excludes_alloc;
	struct label_root *roots;
	size_t nroots;
	bool use_proc;           /* /proc/self/fd/N reaches what N is open on */

	pthread_mutex_t lock;    /* the work stack and the counters below */
	pthread_cond_t work;     /* an item was pushed, or the walk is over */
	pthread_cond_t over;     /* for the calling thread */
	struct label_item *stack;
	unsigned int idle, active, nworkers;
	bool done;

	pthread_mutex_t event_lock;
	struct label_events *events; /* POL_LABEL_ORDERED_EVENTS: held until the end */
	struct label_worker *workers;

	pthread_mutex_t links_lock; /* links and digests */
	struct label_links *links;
	struct label_digests *digests;
};

struct label_worker {
	struct label_run *run;
	/* aligned so that counters of two workers never share a cache line */
	struct label_counts counts;
	bool own_cwd;            /* unshare(CLONE_FS) worked: names resolve in cwd */
	char *path;              /* path of the entry being visited */
	size_t pathlen, pathalloc;
	pthread_t thread;
} __attribute__((aligned(64)));

#define label_count(w, field) __atomic_fetch_add(&(w)->counts.field, 1, __ATOMIC_RELAXED)

/* The flag is set by a signal handler, which may run on any thread while
 * the workers read it: an atomic load, as the handler stores atomically
 * (volatile alone is for a handler and a reader on one thread). */
static inline bool label_stopped(const struct label_run *run)
{
	return run->opts->stop && __atomic_load_n(run->opts->stop, __ATOMIC_RELAXED);
}

/* walk.c */
int label_walk(struct label_run *run, unsigned int nthreads, struct pol_err *err);
struct label_dir *label_dir_new(int fd, const char *path, struct label_root *root,
				const struct label_dir *parent, uint32_t index);
void label_dir_put(struct label_dir *d);
/* Queue a directory to enter: the entry name of d, which visit found at
 * w->path with st. */
void label_walk_push_dir(struct label_worker *w, struct label_dir *d, const char *name,
			 uint32_t index, const struct stat *st);
/* Make w->path hold base joined with name, or a copy of path. */
bool label_path_set(struct label_worker *w, const char *base, size_t baselen, const char *name);
bool label_path_copy(struct label_worker *w, const char *path);
void label_walk_stats(struct label_run *run, struct pol_label_stats *st);
void label_emit(struct label_run *run, const struct pol_label_event *ev);
/* The walk-order key of what this thread is visiting, which label_emit()
 * attaches to the events it holds for POL_LABEL_ORDERED_EVENTS: key[0..depth)
 * followed by last when has_last. key must stay valid until the next call;
 * key NULL means none (such events go last, by path). */
void label_set_current(const uint32_t *key, unsigned int depth, bool has_last, uint32_t last);
/* Hand the held events to the caller's callback in walk order; frees them. */
void label_events_flush(struct label_run *run);

/* relabel.c: what the walk does with each entry */
void label_visit_root(struct label_worker *w, struct label_root *root);
/* One entry of directory d (the thread's working directory when
 * w->own_cwd); its path is in w->path. Queues it when it is a directory to
 * enter. */
void label_visit(struct label_worker *w, struct label_dir *d, const char *name, uint32_t index);
/* Read the label of name in dfd (w->path) and apply context as restorecon
 * would; dfd must be the working directory when w->own_cwd. */
void label_apply_file(struct label_worker *w, int dfd, const char *name, const struct stat *st,
		      const char *context);

/* digest.c */
/* Whether the directory name in dfd, a PATH argument, may have digests. */
bool label_digest_wanted(const struct label_run *run, int dfd, const char *name);
/* For the directory name in dfd at w->path: true when its stored digest
 * says it is up to date (skip it and what is below); else remember the
 * digest to write at the end. */
bool label_digest_check(struct label_worker *w, int dfd, const char *name);
void label_digests_write(struct label_run *run);
void label_digests_free(struct label_digests *d);

/* hardlink.c */
/* The directory holding path, opened a component at a time without
 * following symbolic links; *name is the last component. */
int label_open_parent(const char *path, const char **name);
int label_links_add(struct label_run *run, const struct label_dir *d, uint32_t index,
		    const char *path, const struct stat *st, const char *context);
void label_links_apply(struct label_run *run, struct label_worker *w);
void label_links_apply_one(struct label_worker *w, const char *path, dev_t dev, ino_t ino,
			   const char *context);
void label_links_free(struct label_links *l);

/* paths.c */
char *label_strdup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
