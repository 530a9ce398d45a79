/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The parallel tree walk. Work items are directories to enter and slices of
 * directories already being read; worker threads take them from one LIFO
 * stack, so the walk goes depth first and only the directories on the
 * workers' current paths keep a descriptor open. A subdirectory is queued by
 * name, relative to its parent's descriptor, and opened with O_NOFOLLOW:
 * nothing is ever reached through a path string, so a path may be longer
 * than PATH_MAX, and a directory replaced by a symbolic link during the walk
 * is not entered. A reader that finds others idle hands them each buffer of
 * entries it reads, so one huge directory is shared too.
 *
 * Each worker unshares its working directory (unshare(CLONE_FS)) and
 * changes into the directory whose entries it visits: lgetxattr() on a bare
 * name then reads the entry itself, not whatever a path might lead to,
 * without the per-file cost of going through /proc.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "label/internal.h"
#include "util/array.h"

#define DENTS_BUF 32768

enum item_kind { ITEM_ROOT, ITEM_DIR, ITEM_SLICE };

struct label_item {
	struct label_item *next;
	enum item_kind kind;
	struct label_root *root; /* ROOT */
	struct label_dir *dir;   /* DIR: the parent; SLICE: the directory read */
	char *name;              /* DIR: entry name in the parent */
	char *path;              /* DIR: its path */
	dev_t dev;               /* DIR: what the parent's entry was */
	ino_t ino;
	uint32_t index;          /* DIR: position in the parent; SLICE: of the first entry */
	char *buf;               /* SLICE: getdents64() records */
	size_t len;
};

struct label_dir *label_dir_new(int fd, const char *path, struct label_root *root,
				const struct label_dir *parent, uint32_t index)
{
	struct label_dir *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->fd = fd;
	d->refs = 1;
	d->root = root;
	d->path = strdup(path);
	d->pathlen = d->path ? strlen(d->path) : 0;
	if (!d->path) {
		free(d);
		return NULL;
	}
	if (parent) {
		d->depth = parent->depth + 1;
		d->key = malloc(d->depth * sizeof(*d->key));
		if (!d->key) {
			free(d->path);
			free(d);
			return NULL;
		}
		memcpy(d->key, parent->key, parent->depth * sizeof(*d->key));
		d->key[parent->depth] = index;
	}
	return d;
}

static void dir_get(struct label_dir *d)
{
	__atomic_fetch_add(&d->refs, 1, __ATOMIC_RELAXED);
}

void label_dir_put(struct label_dir *d)
{
	if (!d || __atomic_sub_fetch(&d->refs, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	if (d->fd >= 0)
		close(d->fd);
	free(d->key);
	free(d->path);
	free(d);
}

static void item_free(struct label_item *it)
{
	label_dir_put(it->dir);
	free(it->name);
	free(it->path);
	free(it->buf);
	free(it);
}

bool label_path_set(struct label_worker *w, const char *base, size_t baselen, const char *name)
{
	size_t nlen = strlen(name);
	bool slash = !(baselen && base[baselen - 1] == '/');
	size_t need = baselen + slash + nlen + 1;

	if (POL_ARRAY_GROW(w->path, need, w->pathalloc) < 0)
		return false;
	memcpy(w->path, base, baselen);
	if (slash)
		w->path[baselen] = '/';
	memcpy(w->path + baselen + slash, name, nlen + 1);
	w->pathlen = need - 1;
	return true;
}

bool label_path_copy(struct label_worker *w, const char *path)
{
	size_t len = strlen(path);

	if (POL_ARRAY_GROW(w->path, len + 1, w->pathalloc) < 0)
		return false;
	memcpy(w->path, path, len + 1);
	w->pathlen = len;
	return true;
}

static void push(struct label_run *run, struct label_item *it)
{
	pthread_mutex_lock(&run->lock);
	it->next = run->stack;
	run->stack = it;
	if (run->idle)
		pthread_cond_signal(&run->work);
	pthread_mutex_unlock(&run->lock);
}

static void report(struct label_worker *w, const char *path, int code, const char *what)
{
	struct pol_label_event ev = {
		.kind = POL_LABEL_EV_ERROR, .path = path, .code = code, .message = what,
	};

	label_count(w, errors);
	label_emit(w->run, &ev);
}

void label_walk_push_dir(struct label_worker *w, struct label_dir *d, const char *name,
			 uint32_t index, const struct stat *st)
{
	struct label_item *it = calloc(1, sizeof(*it));

	if (it) {
		it->name = strdup(name);
		it->path = strdup(w->path);
	}
	if (!it || !it->name || !it->path) {
		if (it)
			item_free(it);
		report(w, w->path, -ENOMEM, "cannot enter directory");
		return;
	}
	it->kind = ITEM_DIR;
	dir_get(d);
	it->dir = d;
	it->dev = st->st_dev;
	it->ino = st->st_ino;
	it->index = index;
	push(w->run, it);
}

/* Put the thread where the entries' names resolve. */
static bool enter(struct label_worker *w, struct label_dir *d)
{
	if (!w->own_cwd)
		return true;
	if (fchdir(d->fd) == 0)
		return true;
	report(w, d->path, -errno, "cannot change into directory");
	return false;
}

static void visit_records(struct label_worker *w, struct label_dir *d, const char *buf,
			  size_t len, uint32_t *index)
{
	for (size_t off = 0; off < len;) {
		const struct dirent64 *de = (const struct dirent64 *)(buf + off);
		const char *name = de->d_name;

		off += de->d_reclen;
		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		if (label_stopped(w->run))
			return;
		if (!label_path_set(w, d->path, d->pathlen, name)) {
			report(w, d->path, -ENOMEM, "cannot visit entries of");
			continue;
		}
		label_visit(w, d, name, (*index)++);
	}
}

static void read_dir(struct label_worker *w, struct label_item *it)
{
	struct label_run *run = w->run;
	struct label_dir *d;
	struct stat st;
	uint32_t index = 0;
	char *buf = NULL;
	int fd;

	label_set_current(it->dir->key, it->dir->depth, true, it->index);
	fd = openat(it->dir->fd, it->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		/* gone, or replaced by a file or a symbolic link since it was
		 * seen: the walk does not follow it */
		if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP)
			label_count(w, vanished);
		else
			report(w, it->path, -errno, "cannot open directory");
		return;
	}
	if (fstat(fd, &st) < 0 || st.st_dev != it->dev || st.st_ino != it->ino) {
		close(fd);
		label_count(w, vanished);
		return;
	}
	d = label_dir_new(fd, it->path, it->dir->root, it->dir, it->index);
	if (!d) {
		close(fd);
		report(w, it->path, -ENOMEM, "cannot open directory");
		return;
	}
	label_set_current(d->key, d->depth, false, 0);
	if (!enter(w, d))
		goto out;
	for (;;) {
		ssize_t n;

		if (!buf && !(buf = malloc(DENTS_BUF))) {
			report(w, d->path, -ENOMEM, "cannot read directory");
			break;
		}
		n = getdents64(d->fd, buf, DENTS_BUF);
		if (n < 0) {
			/* removed while we read it */
			if (errno == ENOENT)
				label_count(w, vanished);
			else
				report(w, d->path, -errno, "cannot read directory");
			break;
		}
		if (n == 0 || label_stopped(run))
			break;
		/* others are idle: let them visit this slice */
		if (__atomic_load_n(&run->idle, __ATOMIC_RELAXED) && n > 1024) {
			struct label_item *s = calloc(1, sizeof(*s));

			if (s) {
				uint32_t count = 0;

				for (ssize_t off = 0; off < n;) {
					const struct dirent64 *de = (const struct dirent64 *)(buf + off);

					off += de->d_reclen;
					count += !(de->d_name[0] == '.' &&
						   (!de->d_name[1] ||
						    (de->d_name[1] == '.' && !de->d_name[2])));
				}
				s->kind = ITEM_SLICE;
				dir_get(d);
				s->dir = d;
				s->buf = buf;
				s->len = (size_t)n;
				s->index = index;
				index += count;
				buf = NULL;
				push(run, s);
				continue;
			}
		}
		visit_records(w, d, buf, (size_t)n, &index);
		label_set_current(d->key, d->depth, false, 0);
	}
out:
	free(buf);
	label_dir_put(d);
}

static void visit_slice(struct label_worker *w, struct label_item *it)
{
	uint32_t index = it->index;

	label_set_current(it->dir->key, it->dir->depth, false, 0);
	if (enter(w, it->dir))
		visit_records(w, it->dir, it->buf, it->len, &index);
}

static struct label_item *pop(struct label_run *run, struct label_item *finished)
{
	struct label_item *it;

	pthread_mutex_lock(&run->lock);
	if (finished)
		run->active--;
	for (;;) {
		if (run->stack) {
			it = run->stack;
			run->stack = it->next;
			run->active++;
			break;
		}
		if (run->active == 0 || run->done) {
			run->done = true;
			pthread_cond_broadcast(&run->work);
			pthread_cond_broadcast(&run->over);
			it = NULL;
			break;
		}
		/* atomic although under the lock: read_dir() peeks at it
		 * without the lock (a hint), and a plain write beside that read
		 * is a data race (ThreadSanitizer, make ci-legs' tsan leg) */
		__atomic_add_fetch(&run->idle, 1, __ATOMIC_RELAXED);
		pthread_cond_wait(&run->work, &run->lock);
		__atomic_sub_fetch(&run->idle, 1, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&run->lock);
	return it;
}

static void *worker_main(void *arg)
{
	struct label_worker *w = arg;
	struct label_run *run = w->run;
	struct label_item *it = NULL;

	/* a working directory of its own, see the top of this file */
	w->own_cwd = unshare(CLONE_FS) == 0;
	if (!w->own_cwd && !run->use_proc && run->nworkers == 1)
		w->own_cwd = true; /* alone: the process's cwd is ours */
	while ((it = pop(run, it))) {
		if (!label_stopped(run)) {
			switch (it->kind) {
			case ITEM_ROOT:
				label_visit_root(w, it->root);
				break;
			case ITEM_DIR:
				read_dir(w, it);
				break;
			case ITEM_SLICE:
				visit_slice(w, it);
				break;
			}
		}
		item_free(it);
	}
	return NULL;
}

/* Directories waiting on the stack hold no descriptor, but the ones being
 * read and their parents do; allow what the hard limit allows. */
static void raise_fd_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

static void sum(struct label_run *run, struct pol_label_stats *st)
{
	memset(st, 0, sizeof(*st));
	for (unsigned int i = 0; i < run->nworkers; i++) {
		const struct label_counts *c = &run->workers[i].counts;

		st->seen += __atomic_load_n(&c->seen, __ATOMIC_RELAXED);
		st->changed += __atomic_load_n(&c->changed, __ATOMIC_RELAXED);
		st->unchanged += __atomic_load_n(&c->unchanged, __ATOMIC_RELAXED);
		st->customized += __atomic_load_n(&c->customized, __ATOMIC_RELAXED);
		st->nolabel += __atomic_load_n(&c->nolabel, __ATOMIC_RELAXED);
		st->errors += __atomic_load_n(&c->errors, __ATOMIC_RELAXED);
		st->vanished += __atomic_load_n(&c->vanished, __ATOMIC_RELAXED);
		st->conflicts += __atomic_load_n(&c->conflicts, __ATOMIC_RELAXED);
		st->digest_skipped += __atomic_load_n(&c->digest_skipped, __ATOMIC_RELAXED);
	}
	st->interrupted = label_stopped(run);
}

int label_walk(struct label_run *run, unsigned int nthreads, struct pol_err *err)
{
	const struct pol_label_relabel_opts *o = run->opts;
	struct pol_label_stats st;
	unsigned int started = 0;

	raise_fd_limit();
	run->workers = calloc(nthreads, sizeof(*run->workers));
	if (!run->workers)
		return pol_err_set(err, -ENOMEM, "out of memory");
	run->nworkers = nthreads;
	for (size_t i = run->nroots; i-- > 0;) {
		struct label_item *it = calloc(1, sizeof(*it));

		if (!it)
			return pol_err_set(err, -ENOMEM, "out of memory");
		it->kind = ITEM_ROOT;
		it->root = &run->roots[i];
		it->next = run->stack;
		run->stack = it;
	}
	for (unsigned int i = 0; i < nthreads; i++) {
		run->workers[i].run = run;
		if (pthread_create(&run->workers[i].thread, NULL, worker_main, &run->workers[i]) ==
		    0)
			started++;
		else
			break;
	}
	if (!started) {
		while (run->stack) {
			struct label_item *it = run->stack;

			run->stack = it->next;
			item_free(it);
		}
		return pol_err_set(err, -EAGAIN, "cannot start a thread");
	}
	run->nworkers = started;

	/* progress from this thread, ten times a second */
	pthread_mutex_lock(&run->lock);
	while (!run->done) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 100 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&run->over, &run->lock, &ts);
		if (run->done)
			break;
		pthread_mutex_unlock(&run->lock);
		if (o->progress) {
			sum(run, &st);
			o->progress(&st, o->progress_data);
		}
		if (label_stopped(run))
			pthread_cond_broadcast(&run->work);
		pthread_mutex_lock(&run->lock);
	}
	pthread_mutex_unlock(&run->lock);
	for (unsigned int i = 0; i < started; i++)
		pthread_join(run->workers[i].thread, NULL);
	return 0;
}

void label_walk_stats(struct label_run *run, struct pol_label_stats *st)
{
	sum(run, st);
}
