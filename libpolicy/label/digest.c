/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * restorecon's directory digests (setfiles/restorecon -D and -I): each
 * directory may carry security.sehash, the SHA-1 of every spec that could
 * label something in it (pol_label_dir_digest()). A directory whose stored
 * digest equals the computed one is skipped with everything below it; the
 * others are labeled, and once the whole walk ended without an error (and
 * was not a dry run) their new digests are written, as libselinux 3.4's
 * selinux_restorecon() does. The digest is of the path as walked, before
 * --root is stripped, as libselinux computes it. In-memory file systems and
 * /sys never get digests.
 *
 * Memory: one path and digest per directory labeled, until the end.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "label/internal.h"
#include "util/array.h"

#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994
#define SYSFS_MAGIC 0x62656572

struct dir_digest {
	char *path;
	unsigned char digest[POL_LABEL_DIGEST_LEN];
};

struct label_digests {
	struct dir_digest *v;
	size_t n, alloc;
};

void label_digests_free(struct label_digests *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i].path);
	free(d->v);
	free(d);
}

bool label_digest_wanted(const struct label_run *run, int dfd, const char *name)
{
	struct statfs fs;
	int fd;
	bool ok;

	if (!(run->flags & (POL_LABEL_DIGESTS | POL_LABEL_IGNORE_DIGESTS)))
		return false;
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	ok = fstatfs(fd, &fs) == 0 && fs.f_type != RAMFS_MAGIC && fs.f_type != TMPFS_MAGIC &&
	     fs.f_type != SYSFS_MAGIC;
	close(fd);
	return ok;
}

static int remember(struct label_run *run, const char *path,
		    const unsigned char digest[POL_LABEL_DIGEST_LEN])
{
	int rc = 0;

	pthread_mutex_lock(&run->links_lock);
	if (!run->digests && !(run->digests = calloc(1, sizeof(*run->digests)))) {
		rc = -ENOMEM;
		goto out;
	}
	struct label_digests *d = run->digests;

	rc = POL_ARRAY_GROW(d->v, d->n + 1, d->alloc);
	if (rc < 0)
		goto out;
	d->v[d->n].path = strdup(path);
	if (!d->v[d->n].path) {
		rc = -ENOMEM;
		goto out;
	}
	memcpy(d->v[d->n].digest, digest, POL_LABEL_DIGEST_LEN);
	d->n++;
out:
	pthread_mutex_unlock(&run->links_lock);
	return rc;
}

bool label_digest_check(struct label_worker *w, int dfd, const char *name)
{
	struct label_run *run = w->run;
	unsigned char want[POL_LABEL_DIGEST_LEN], have[POL_LABEL_DIGEST_LEN + 1];
	char procpath[64 + 256];
	const char *p = name;
	ssize_t n;
	int rc;

	rc = pol_label_dir_digest(run->opts->specs, w->path, want);
	if (rc <= 0)
		return false;
	if (!w->own_cwd) {
		snprintf(procpath, sizeof(procpath), "/proc/self/fd/%d/%s", dfd, name);
		p = procpath;
	}
	n = lgetxattr(p, POL_LABEL_DIGEST_XATTR, have, sizeof(have));
	if (n == POL_LABEL_DIGEST_LEN && memcmp(have, want, POL_LABEL_DIGEST_LEN) == 0 &&
	    !(run->flags & POL_LABEL_IGNORE_DIGESTS)) {
		struct pol_label_event ev = { .kind = POL_LABEL_EV_DIGEST_SKIP, .path = w->path };

		label_count(w, digest_skipped);
		label_emit(run, &ev);
		return true;
	}
	/* after an error no digest will be written anyway */
	if (!__atomic_load_n(&w->counts.errors, __ATOMIC_RELAXED) &&
	    remember(run, w->path, want) < 0) {
		struct pol_label_event ev = {
			.kind = POL_LABEL_EV_ERROR, .path = w->path, .code = -ENOMEM,
			.message = "cannot remember the digest of",
		};

		label_count(w, errors);
		label_emit(run, &ev);
	}
	return false;
}

void label_digests_write(struct label_run *run)
{
	struct label_digests *d = run->digests;

	for (size_t i = 0; d && i < d->n; i++) {
		const char *name;
		int dfd = label_open_parent(d->v[i].path, &name), fd = -1, rc = 0;

		if (dfd >= 0)
			fd = openat(dfd, *name ? name : ".",
				    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fsetxattr(fd, POL_LABEL_DIGEST_XATTR, d->v[i].digest,
					POL_LABEL_DIGEST_LEN, 0) < 0)
			rc = -errno;
		if (fd >= 0)
			close(fd);
		if (dfd >= 0)
			close(dfd);
		if (rc < 0 && rc != -ENOENT) {
			struct pol_label_event ev = {
				.kind = POL_LABEL_EV_WARNING, .path = d->v[i].path, .code = rc,
				.message = "cannot write the digest of",
			};

			label_emit(run, &ev);
		}
	}
}
