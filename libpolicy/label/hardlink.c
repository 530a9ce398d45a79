/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Files with several hard links, decided as setfiles decides them.
 *
 * setfiles keeps an inode -> context table of every file it labels and
 * gives a file the spec of the first of its links its walk reaches (fts
 * order: depth first, each directory's entries in readdir order); a later
 * link with another spec is reported as a conflict and left alone. The
 * table is per PATH argument. We only remember files whose link count is
 * above one, with their walk-order key (the position of every path
 * component in its directory's stream, which is readdir's order), and
 * decide them when the walk is over, so the answer does not depend on which
 * thread got where first. Memory grows with the number of such files only.
 *
 * Without POL_LABEL_HARDLINKS the table spans every PATH argument: labeling
 * each link by its own spec (restorecon's way) gives a file whose links
 * disagree the label of whichever link was reached last, a label that
 * changes with the thread count and on every run, and --check never says
 * the tree is labeled; one table over the whole run always converges.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "label/internal.h"
#include "util/array.h"

struct link_rec {
	dev_t dev;
	ino_t ino;
	size_t root;
	uint32_t *key;
	unsigned int depth;
	char *path;
	const char *context; /* borrowed from the spec set */
};

struct label_links {
	struct link_rec *v;
	size_t n, alloc;
};

void label_links_free(struct label_links *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].path);
	}
	free(l->v);
	free(l);
}

int label_links_add(struct label_run *run, const struct label_dir *d, uint32_t index,
		    const char *path, const struct stat *st, const char *context)
{
	struct link_rec r = {
		.dev = st->st_dev, .ino = st->st_ino, .root = d->root->index, .context = context,
	};
	int rc = 0;

	r.depth = d->depth + 1;
	r.key = malloc(r.depth * sizeof(*r.key));
	r.path = strdup(path);
	if (!r.key || !r.path) {
		free(r.key);
		free(r.path);
		return -ENOMEM;
	}
	if (d->depth)
		memcpy(r.key, d->key, d->depth * sizeof(*r.key));
	r.key[d->depth] = index;

	pthread_mutex_lock(&run->links_lock);
	if (!run->links && !(run->links = calloc(1, sizeof(*run->links)))) {
		rc = -ENOMEM;
		goto out;
	}
	struct label_links *l = run->links;

	rc = POL_ARRAY_GROW(l->v, l->n + 1, l->alloc);
	if (rc < 0)
		goto out;
	l->v[l->n++] = r;
	r.key = NULL;
	r.path = NULL;
out:
	pthread_mutex_unlock(&run->links_lock);
	free(r.key);
	free(r.path);
	return rc;
}

static int cmp_key(const struct link_rec *a, const struct link_rec *b)
{
	for (unsigned int i = 0; i < a->depth && i < b->depth; i++)
		if (a->key[i] != b->key[i])
			return a->key[i] < b->key[i] ? -1 : 1;
	return (a->depth > b->depth) - (a->depth < b->depth);
}

static int cmp_rec(const void *x, const void *y)
{
	const struct link_rec *a = x, *b = y;

	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	return cmp_key(a, b);
}

static int cmp_rec_root(const void *x, const void *y)
{
	const struct link_rec *a = x, *b = y;

	if (a->root != b->root)
		return a->root < b->root ? -1 : 1;
	return cmp_rec(x, y);
}

/* Open the directory holding path, one component at a time and never
 * through a symbolic link, so long paths work and nothing is redirected. */
int label_open_parent(const char *path, const char **name)
{
	const char *p = path;
	int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	while (fd >= 0) {
		const char *slash;
		char *comp;
		int next;

		while (*p == '/')
			p++;
		slash = strchr(p, '/');
		if (!slash)
			break;
		comp = strndup(p, (size_t)(slash - p));
		if (!comp) {
			close(fd);
			errno = ENOMEM;
			return -1;
		}
		next = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		free(comp);
		close(fd);
		fd = next;
		p = slash;
	}
	*name = p;
	return fd;
}

void label_links_apply_one(struct label_worker *w, const char *path, dev_t dev, ino_t ino,
			   const char *context)
{
	const char *name;
	struct stat st;
	int dfd = label_open_parent(path, &name);

	if (dfd < 0) {
		label_count(w, vanished);
		return;
	}
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_dev != dev ||
	    st.st_ino != ino) {
		label_count(w, vanished);
		close(dfd);
		return;
	}
	if (w->own_cwd && fchdir(dfd) < 0) {
		label_count(w, errors);
		close(dfd);
		return;
	}
	if (label_path_copy(w, path))
		label_apply_file(w, dfd, name, &st, context);
	close(dfd);
}

void label_links_apply(struct label_run *run, struct label_worker *w)
{
	struct label_links *l = run->links;
	bool per_root = run->flags & POL_LABEL_HARDLINKS;

	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), per_root ? cmp_rec_root : cmp_rec);
	for (size_t i = 0; i < l->n;) {
		const struct link_rec *win = &l->v[i], *other = NULL;
		size_t j;

		for (j = i + 1; j < l->n && (!per_root || l->v[j].root == win->root) &&
				l->v[j].dev == win->dev && l->v[j].ino == win->ino;
		     j++)
			if (!other && strcmp(l->v[j].context, win->context) != 0)
				other = &l->v[j];
		label_set_current(win->key, win->depth, false, 0);
		if (other) {
			/* once per file, naming the first link that disagrees */
			struct pol_label_event ev = {
			    .kind = POL_LABEL_EV_CONFLICT,
			    .path = other->path,
			    .other_path = win->path,
			    .new_context = win->context,
			    .other_context = other->context,
			};

			label_count(w, conflicts);
			label_emit(run, &ev);
		}
		if (label_stopped(run))
			break;
		label_links_apply_one(w, win->path, win->dev, win->ino, win->context);
		i = j;
	}
	label_set_current(NULL, 0, false, 0);
}
