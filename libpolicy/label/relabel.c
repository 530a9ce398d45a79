/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the walk does with each file: look its path up, read its label,
 * decide as restorecon does and write the new label, never following a
 * symbolic link and never through a path string.
 *
 * Each worker has a working directory of its own (walk.c) and sits in the
 * directory whose entries it visits, holding it open: lgetxattr() and
 * lsetxattr() on an entry's bare name resolve one component in that very
 * directory and do not follow a final symbolic link, so a rename or a link
 * swapped in anywhere can never take a read or a write to a file outside
 * the tree. (The alternative, opening each file O_PATH and writing through
 * /proc/self/fd/N, costs three more system calls a file: a third of a
 * first relabel's time. It is what a worker without a directory of its
 * own does.) After a write, fstatat() checks the name still is the file
 * that was examined; if another took its place meanwhile, that one got a
 * label meant for another file, so it is looked up and labeled again for
 * what it is. Labels are raw contexts in security.selinux, written with
 * their NUL as libselinux writes them; one setxattr() is atomic, so an
 * interrupted walk leaves each file with its old or new label.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <selinux/selinux.h>

#include "label/internal.h"
#include "util/array.h"

#define XATTR_NAME "security.selinux"

static void report(struct label_worker *w, const char *path, int code, const char *what)
{
	struct pol_label_event ev = {
		.kind = POL_LABEL_EV_ERROR, .path = path, .code = code, .message = what,
	};

	label_count(w, errors);
	label_emit(w->run, &ev);
}

/* The label of name in directory dfd, as a C string (libselinux stops at the
 * first NUL too). Returns 0 and a heap string, 1 when there is none, or
 * -errno. */
static int get_label(struct label_worker *w, int dfd, const char *name, char **out)
{
	char stackbuf[256], procpath[64 + 256];
	const char *p = name;
	char *buf = stackbuf;
	size_t size = sizeof(stackbuf) - 1;
	ssize_t n;

	if (!w->own_cwd) {
		snprintf(procpath, sizeof(procpath), "/proc/self/fd/%d/%s", dfd, name);
		p = procpath;
	}
	for (;;) {
		n = lgetxattr(p, XATTR_NAME, buf, size);
		if (n >= 0)
			break;
		if (errno != ERANGE)
			goto fail;
		n = lgetxattr(p, XATTR_NAME, NULL, 0);
		if (n < 0)
			goto fail;
		if (buf != stackbuf)
			free(buf);
		size = (size_t)n + 64;
		buf = malloc(size + 1);
		if (!buf)
			return -ENOMEM;
	}
	buf[n] = '\0';
	*out = buf == stackbuf ? strdup(buf) : buf;
	return *out ? 0 : -ENOMEM;
fail:
	n = errno;
	if (buf != stackbuf)
		free(buf);
	if (n == ENODATA)
		return 1;
	return -(int)n;
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       (a->st_mode & S_IFMT) == (b->st_mode & S_IFMT);
}

/* Write con on name in dfd, the file st describes. Returns 0, -ESTALE
 * when the name no longer is that file, or -errno. */
static int set_label(struct label_worker *w, int dfd, const char *name, const struct stat *st,
		     const char *con, struct stat *now)
{
	char procpath[64];
	int fd, rc = 0;

	if (w->own_cwd) {
		/* the bare name in the directory we hold: no symbolic link is
		 * followed, no other directory is reached */
		if (lsetxattr(name, XATTR_NAME, con, strlen(con) + 1, 0) < 0)
			return errno == ENOENT ? -ESTALE : -errno;
		/* Replaced between our look and our write? Then the
		 * newcomer, in this same directory, got a label meant for
		 * another file; the caller decides again for it. */
		if (fstatat(dfd, name, now, AT_SYMLINK_NOFOLLOW) < 0)
			return -ESTALE;
		return same_file(now, st) ? 0 : -ESTALE;
	}
	/* No working directory of our own: open exactly the file we
	 * examined and write through /proc/self/fd (fsetxattr() refuses
	 * O_PATH descriptors). */
	fd = openat(dfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? -ESTALE : -errno;
	if (fstat(fd, now) < 0) {
		rc = -errno;
		goto out;
	}
	if (!same_file(now, st)) {
		rc = -ESTALE;
		goto out;
	}
	snprintf(procpath, sizeof(procpath), "/proc/self/fd/%d", fd);
	if (setxattr(procpath, XATTR_NAME, con, strlen(con) + 1, 0) < 0)
		rc = -errno;
out:
	close(fd);
	return rc;
}

static const char *lookup_key(const struct label_run *run, const char *path)
{
	if (!run->root)
		return path;
	path += run->rootlen;
	return *path ? path : "/";
}

static void redo(struct label_worker *w, int dfd, const char *name, const struct stat *st,
		 unsigned int depth);

/* Decide and apply for one file whose spec context is known. */
static void label_apply(struct label_worker *w, int dfd, const char *name, const char *path,
			const struct stat *st, const char *spec, const char *cur,
			unsigned int depth)
{
	struct stat now;
	struct label_run *run = w->run;
	struct pol_label_event ev = { .path = path, .old_context = cur };
	char *newcon = NULL;
	int v, rc;

	now.st_ino = 0;
	v = pol_label_decide(cur, spec, run->flags & POL_LABEL_FORCE, run->opts->customizable,
			     &newcon);
	switch (v) {
	case POL_LABEL_SAME:
	case POL_LABEL_SAME_TYPE:
		label_count(w, unchanged);
		return;
	case POL_LABEL_CUSTOMIZED:
		label_count(w, unchanged);
		label_count(w, customized);
		ev.kind = POL_LABEL_EV_CUSTOMIZED;
		label_emit(run, &ev);
		return;
	case POL_LABEL_BAD_CONTEXT: {
		/* restorecon fails the same way ("Invalid argument") */
		struct pol_label_event bad = {
			.kind = POL_LABEL_EV_ERROR, .path = path, .code = POL_EFORMAT,
			.message = "cannot change only the type of", .old_context = cur,
			.new_context = spec,
		};

		label_count(w, errors);
		label_emit(run, &bad);
		return;
	}
	case POL_LABEL_SET:
		break;
	default:
		report(w, path, v, "cannot decide the label of");
		return;
	}
	ev.kind = POL_LABEL_EV_CHANGE;
	ev.new_context = newcon;
	if (!(run->flags & POL_LABEL_DRY_RUN)) {
		rc = set_label(w, dfd, name, st, newcon, &now);
		if (rc == -ESTALE) {
			label_count(w, vanished);
			free(newcon);
			/* something else has the name now: label it for what
			 * it is (a few times at most, if it keeps changing) */
			if (now.st_ino && depth < 3 && w->own_cwd)
				redo(w, dfd, name, &now, depth + 1);
			return;
		}
		if (rc < 0) {
			report(w, path, rc, "cannot set the label of");
			free(newcon);
			return;
		}
		ev.applied = true;
	}
	label_count(w, changed);
	label_emit(run, &ev);
	free(newcon);
}

/* Everything about one entry after its type is known. */
static void label_one(struct label_worker *w, struct label_dir *d, int dfd, const char *name,
		      uint32_t index, const struct stat *st)
{
	struct label_run *run = w->run;
	const char *path = w->path;
	struct pol_label_match m;
	char *cur = NULL;
	int rc;

	label_count(w, seen);
	if (run->flags & POL_LABEL_READ_ONLY) {
		rc = get_label(w, dfd, name, &cur);
		if (rc < 0 && rc != -ENOENT)
			report(w, path, rc, "cannot read the label of");
		label_count(w, unchanged);
		free(cur);
		return;
	}
	rc = pol_label_lookup(run->opts->specs, lookup_key(run, path), st->st_mode, &m);
	if (rc < 0) {
		report(w, path, rc, "cannot look up the spec of");
		pol_label_match_release(&m);
		return;
	}
	if (rc == 1) {
		label_count(w, nolabel);
		pol_label_match_release(&m);
		return;
	}
	if (run->opts->previous) {
		/* only the files whose spec changed */
		rc = label_spec_changed(run->opts->previous, lookup_key(run, path), st->st_mode,
					m.context);
		if (rc <= 0) {
			if (rc < 0)
				report(w, path, rc, "cannot look up the previous spec of");
			else
				label_count(w, unchanged);
			pol_label_match_release(&m);
			return;
		}
	}
	if (!S_ISDIR(st->st_mode) && st->st_nlink > 1) {
		rc = label_links_add(run, d, index, path, st, m.context);
		if (rc < 0)
			report(w, path, rc, "cannot record the links of");
		pol_label_match_release(&m);
		return;
	}
	label_apply_file(w, dfd, name, st, m.context);
	pol_label_match_release(&m);
}

static void apply_file(struct label_worker *w, int dfd, const char *name, const struct stat *st,
		       const char *context, unsigned int depth)
{
	char *cur = NULL;
	int rc;

	rc = get_label(w, dfd, name, &cur);
	if (rc < 0) {
		if (rc == -ENOENT)
			label_count(w, vanished);
		else
			report(w, w->path, rc, "cannot read the label of");
		return;
	}
	label_apply(w, dfd, name, w->path, st, context, cur, depth);
	free(cur);
}

void label_apply_file(struct label_worker *w, int dfd, const char *name, const struct stat *st,
		      const char *context)
{
	apply_file(w, dfd, name, st, context, 0);
}

static void redo(struct label_worker *w, int dfd, const char *name, const struct stat *st,
		 unsigned int depth)
{
	struct label_run *run = w->run;
	struct pol_label_match m;
	int rc;

	rc = pol_label_lookup(run->opts->specs, lookup_key(run, w->path), st->st_mode, &m);
	if (rc == 0)
		apply_file(w, dfd, name, st, m.context, depth);
	pol_label_match_release(&m);
}

static bool excluded(const struct label_run *run, const char *path)
{
	for (size_t i = 0; i < run->n_excludes; i++) {
		size_t len = strlen(run->excludes[i]);

		if (strncmp(path, run->excludes[i], len) == 0 &&
		    (path[len] == '\0' || path[len] == '/' || len == 1))
			return true;
	}
	return false;
}

void label_visit(struct label_worker *w, struct label_dir *d, const char *name, uint32_t index)
{
	struct label_run *run = w->run;
	struct stat st;

	label_set_current(d->key, d->depth, true, index);
	if (fstatat(d->fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			label_count(w, vanished);
		else
			report(w, w->path, -errno, "cannot stat");
		return;
	}
	/* Like setfiles, an entry on another file system (a mount point,
	 * or a file bind-mounted over) is left alone, not even labeled. */
	if (!(run->flags & POL_LABEL_CROSS_MOUNTS) && st.st_dev != d->root->dev)
		return;
	if (S_ISDIR(st.st_mode) && excluded(run, w->path))
		return;
	if (S_ISDIR(st.st_mode) && d->root->digests && label_digest_check(w, d->fd, name))
		return;
	label_one(w, d, d->fd, name, index, &st);
	if (S_ISDIR(st.st_mode))
		label_walk_push_dir(w, d, name, index, &st);
}

void label_visit_root(struct label_worker *w, struct label_root *root)
{
	struct label_run *run = w->run;
	struct pol_label_event ev = { .kind = POL_LABEL_EV_ERROR, .path = root->arg };
	struct label_dir *parent;
	char *path = NULL, *dir, *slash;
	const char *name;
	struct stat st;
	uint32_t root_key = (uint32_t)root->index;
	int rc, fd;

	label_set_current(&root_key, 1, false, 0);
	rc = pol_label_canonical_path(root->arg, &path);
	if (rc < 0)
		goto missing;
	if (run->root && (strncmp(path, run->root, run->rootlen) != 0 ||
			  (path[run->rootlen] != '/' && path[run->rootlen] != '\0'))) {
		ev.code = POL_EINVAL;
		ev.message = "cannot label";
		ev.other_path = run->root;
		label_count(w, errors);
		label_emit(run, &ev);
		label_set_current(NULL, 0, false, 0);
		free(path);
		return;
	}
	if (strcmp(path, "/") == 0) {
		dir = strdup("/");
		name = ".";
	} else {
		slash = strrchr(path, '/');
		dir = slash == path ? strdup("/") : strndup(path, (size_t)(slash - path));
		name = slash + 1;
	}
	if (!dir) {
		rc = -ENOMEM;
		goto fail;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		free(dir);
		goto missing;
	}
	parent = label_dir_new(fd, dir, root, NULL, 0);
	free(dir);
	if (!parent) {
		close(fd);
		rc = -ENOMEM;
		goto fail;
	}
	if (!(parent->key = malloc(sizeof(*parent->key)))) {
		label_dir_put(parent);
		rc = -ENOMEM;
		goto fail;
	}
	parent->key[0] = (uint32_t)root->index;
	parent->depth = 1;
	label_set_current(parent->key, 1, true, 0);
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		rc = -errno;
		label_dir_put(parent);
		goto missing;
	}
	root->dev = st.st_dev;
	root->digests = S_ISDIR(st.st_mode) && label_digest_wanted(run, fd, name);
	if (!S_ISDIR(st.st_mode) || !excluded(run, path)) {
		if (w->own_cwd && fchdir(fd) < 0) {
			rc = -errno;
			label_dir_put(parent);
			goto fail;
		}
		if (!label_path_copy(w, path)) {
			rc = -ENOMEM;
			label_dir_put(parent);
			goto fail;
		}
		if (root->digests && label_digest_check(w, fd, name)) {
			label_set_current(NULL, 0, false, 0);
			label_dir_put(parent);
			free(path);
			return;
		}
		label_one(w, parent, fd, name, 0, &st);
		if (S_ISDIR(st.st_mode))
			label_walk_push_dir(w, parent, name, 0, &st);
	}
	label_set_current(NULL, 0, false, 0);
	label_dir_put(parent);
	free(path);
	return;
missing:
	if (rc == -ENOENT && (run->flags & POL_LABEL_IGNORE_MISSING)) {
		free(path);
		return;
	}
	ev.code = rc;
	ev.message = "cannot access";
	goto report;
fail:
	ev.code = rc;
	ev.message = "cannot label";
report:
	label_set_current(&root_key, 1, false, 0);
	label_count(w, errors);
	label_emit(run, &ev);
	label_set_current(NULL, 0, false, 0);
	free(path);
}

/* Mounts without the seclabel option cannot hold labels; libselinux skips
 * them when SELinux is enabled, and so do we when crossing mounts. */
static int add_non_seclabel_mounts(struct label_run *run)
{
	char *line = NULL;
	size_t size = 0;
	FILE *f;

	if (is_selinux_enabled() <= 0)
		return 0;
	f = fopen("/proc/self/mounts", "re");
	if (!f)
		return 0;
	while (getline(&line, &size, f) > 0) {
		char dev[4096], dir[4096], type[256], opts[4096];

		if (sscanf(line, "%4095s %4095s %255s %4095s", dev, dir, type, opts) != 4)
			continue;
		bool seclabel = false;

		for (char *tok = strtok(opts, ","); tok; tok = strtok(NULL, ","))
			seclabel |= strcmp(tok, "seclabel") == 0;
		if (seclabel)
			continue;
		/* mount points escape blanks as octal */
		char *o = dir;

		for (const char *i = dir; *i; i++) {
			if (i[0] == '\\' && i[1] >= '0' && i[1] <= '3' && i[2] >= '0' && i[2] <= '7' &&
			    i[3] >= '0' && i[3] <= '7') {
				*o++ = (char)((i[1] - '0') * 64 + (i[2] - '0') * 8 + (i[3] - '0'));
				i += 3;
			} else {
				*o++ = *i;
			}
		}
		*o = '\0';
		if (POL_ARRAY_GROW(run->excludes, run->n_excludes + 1, run->excludes_alloc) < 0 ||
		    !(run->excludes[run->n_excludes] = strdup(dir))) {
			free(line);
			fclose(f);
			return -ENOMEM;
		}
		run->n_excludes++;
	}
	free(line);
	fclose(f);
	return 0;
}

static int setup_excludes(struct label_run *run, struct pol_err *err)
{
	const struct pol_label_relabel_opts *o = run->opts;

	if (POL_ARRAY_GROW(run->excludes, o->n_excludes, run->excludes_alloc) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < o->n_excludes; i++) {
		const char *e = o->excludes[i];
		char *c;
		int rc;

		if (e[0] != '/')
			return pol_err_set(err, POL_EINVAL, "exclude '%s' is not an absolute path",
					   e);
		rc = pol_label_canonical_path(e, &c);
		if (rc == -ENOENT) {
			/* setfiles ignores it; the walk cannot meet it */
			continue;
		}
		if (rc < 0)
			return pol_err_set(err, rc, "cannot resolve exclude '%s': %s", e,
					   pol_strerror(rc));
		run->excludes[run->n_excludes++] = c;
	}
	if ((run->flags & POL_LABEL_CROSS_MOUNTS) && add_non_seclabel_mounts(run) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	return 0;
}

static unsigned int default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned int)n : 1;
}

int pol_label_relabel(const struct pol_label_relabel_opts *opts, const char *const *paths,
		      size_t npaths, struct pol_label_stats *stats, struct pol_err *err)
{
	struct label_run run = { 0 };
	unsigned int threads = opts->threads ? opts->threads : default_threads();
	int rc, cwd;

	memset(stats, 0, sizeof(*stats));
	if (!opts->specs && !(opts->flags & POL_LABEL_READ_ONLY))
		return pol_err_set(err, POL_EINVAL, "no spec set to label with");
	run.opts = opts;
	run.flags = opts->flags;
	pthread_mutex_init(&run.lock, NULL);
	pthread_mutex_init(&run.event_lock, NULL);
	pthread_mutex_init(&run.links_lock, NULL);
	pthread_cond_init(&run.work, NULL);
	pthread_cond_init(&run.over, NULL);
	run.use_proc = access("/proc/self/fd", X_OK) == 0;
	if (!run.use_proc && threads > 1) {
		/* without /proc, a worker that could not get a working
		 * directory of its own has no safe way to name files */
		threads = 1;
	}
	if (opts->root) {
		run.root = realpath(opts->root, NULL);
		if (!run.root) {
			rc = pol_err_set(err, -errno, "cannot resolve root '%s': %s", opts->root,
					 strerror(errno));
			goto out;
		}
		run.rootlen = strlen(run.root);
		if (run.rootlen == 1) {
			free(run.root);
			run.root = NULL;
			run.rootlen = 0;
		}
	}
	rc = setup_excludes(&run, err);
	if (rc < 0)
		goto out;
	run.roots = calloc(npaths ? npaths : 1, sizeof(*run.roots));
	if (!run.roots) {
		rc = pol_err_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < npaths; i++) {
		run.roots[i].arg = paths[i];
		run.roots[i].index = i;
	}
	run.nroots = npaths;
	cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	rc = label_walk(&run, threads, err);
	if (rc == 0 && run.links && !label_stopped(&run)) {
		/* this thread shares the process's working directory */
		run.workers[0].own_cwd = !run.use_proc;
		label_links_apply(&run, &run.workers[0]);
	}
	label_set_current(NULL, 0, false, 0);
	if (rc == 0 && run.digests && !label_stopped(&run) && !(run.flags & POL_LABEL_DRY_RUN)) {
		label_walk_stats(&run, stats);
		if (stats->errors == 0)
			label_digests_write(&run);
	}
	if (cwd >= 0) {
		if (fchdir(cwd) < 0) {
			/* nothing to do about it: the walk is over */
		}
		close(cwd);
	}
	label_events_flush(&run);
	if (rc == 0) {
		label_walk_stats(&run, stats);
		if (opts->progress)
			opts->progress(stats, opts->progress_data);
	}
out:
	label_events_flush(&run);
	label_links_free(run.links);
	label_digests_free(run.digests);
	for (size_t i = 0; i < run.n_excludes; i++)
		free(run.excludes[i]);
	free(run.excludes);
	free(run.roots);
	if (run.workers)
		for (unsigned int i = 0; i < run.nworkers; i++)
			free(run.workers[i].path);
	free(run.workers);
	free(run.root);
	pthread_cond_destroy(&run.work);
	pthread_cond_destroy(&run.over);
	pthread_mutex_destroy(&run.lock);
	pthread_mutex_destroy(&run.event_lock);
	pthread_mutex_destroy(&run.links_lock);
	return rc;
}
