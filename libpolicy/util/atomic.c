/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "util/atomic.h"

#ifndef PROC_SUPER_MAGIC
#define PROC_SUPER_MAGIC 0x9fa0
#endif

struct pol_atomic {
	char *path; /* the file renamed over: the target of a symlink */
	char *tmp;  /* NULL when writing through to a device, pipe or fd */
	FILE *fp;   /* the temporary file, or the memory buffer of a write-through */
	int fd;	    /* a write-through's destination (-1 otherwise) */
	char *buf;  /* a write-through's data, written only at commit */
	size_t len;
	bool new; /* pol_atomic_open_new(): published only under a free name */
};

/* Whether path lies on procfs (/proc/self/fd/1, where /dev/stdout leads):
 * such a name is a window on an open file, never a file to replace. */
static bool on_procfs(const char *path)
{
	char *copy = strdup(path);
	struct statfs sf;
	bool proc;

	if (!copy)
		return false;
	proc = statfs(dirname(copy), &sf) == 0 && sf.f_type == PROC_SUPER_MAGIC;
	free(copy);
	return proc || strncmp(path, "/proc/", 6) == 0;
}

/* The file a chain of symlinks ends at, which may not exist yet (a link to
 * a file still to be written). *through is set when the chain passes
 * through procfs: the output is then written through the name. */
static int resolve_output_link(const char *path, char **out, bool *through)
{
	char *cur = strdup(path);

	*through = false;
	for (int hops = 0; cur; hops++) {
		char target[PATH_MAX], *next, *copy;
		struct stat st;
		ssize_t n;

		if (on_procfs(cur)) {
			*through = true;
			break;
		}
		if (lstat(cur, &st) < 0 || !S_ISLNK(st.st_mode))
			break;
		if (hops == 40) {
			free(cur);
			return -ELOOP;
		}
		n = readlink(cur, target, sizeof(target) - 1);
		if (n < 0) {
			int e = -errno;

			free(cur);
			return e;
		}
		target[n] = '\0';
		copy = strdup(cur);
		if (target[0] == '/')
			next = strdup(target);
		else if (!copy || asprintf(&next, "%s/%s", dirname(copy), target) < 0)
			next = NULL;
		free(copy);
		free(cur);
		cur = next;
	}
	if (!cur)
		return -ENOMEM;
	*out = cur;
	return 0;
}

/* /proc/self/fd/N, /proc/PID/fd/N (our own) and /dev/fd/N: the descriptor
 * itself, so the output shares its offset and O_APPEND (sepolc -o
 * /dev/stdout >>log appends). -1 for any other name. */
static int fd_of(const char *path)
{
	char self[64];
	const char *num = NULL;
	char *end;
	long n;

	snprintf(self, sizeof(self), "/proc/%ld/fd/", (long)getpid());
	if (strncmp(path, "/proc/self/fd/", 14) == 0)
		num = path + 14;
	else if (strncmp(path, self, strlen(self)) == 0)
		num = path + strlen(self);
	else if (strncmp(path, "/dev/fd/", 8) == 0)
		num = path + 8;
	if (!num || *num < '0' || *num > '9')
		return -1;
	errno = 0;
	n = strtol(num, &end, 10);
	if (errno || *end || n > INT_MAX)
		return -1;
	return fcntl((int)n, F_GETFD) < 0 ? -1 : (int)n;
}

/* A device, FIFO or /proc name (-o /dev/null, -o /dev/stdout) is written
 * through: renaming a temporary file over it would replace the device node
 * or the link. What is written is held in memory until the commit, so a
 * failure writes nothing there. */
static int open_through(struct pol_atomic *a, const char *name, struct pol_err *err)
{
	int fd = fd_of(name);
	struct stat st;

	if (fd >= 0)
		fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	else
		fd = open(name, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		int e = errno == EISDIR ? -EISDIR : -errno;

		return pol_err_set(err, e, "cannot write '%s': %s", a->path,
				   e == -EISDIR ? "it is a directory" : strerror(-e));
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return pol_err_set(err, -EISDIR, "cannot write '%s': it is a directory", a->path);
	}
	a->fd = fd;
	a->fp = open_memstream(&a->buf, &a->len);
	if (!a->fp)
		return pol_err_set(err, -ENOMEM, "out of memory");
	return 0;
}

static mode_t current_umask(void)
{
	mode_t m = umask(022);

	umask(m);
	return m;
}

/* The temporary file beside a->path, opened for writing as *a->fp; on
 * failure a is freed. */
static int open_temp(struct pol_atomic *a, const char *path, struct pol_err *err)
{
	const char *target = a->path;
	struct stat st;
	int fd;

	if (asprintf(&a->tmp, "%s.XXXXXX", target) < 0) {
		a->tmp = NULL;
		pol_atomic_abort(a);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	fd = mkostemp(a->tmp, O_CLOEXEC);
	if (fd < 0) {
		int e = -errno;

		free(a->tmp);
		a->tmp = NULL;
		pol_atomic_abort(a);
		return pol_err_set(err, e, "cannot create a file beside '%s': %s", path,
				   strerror(-e));
	}
	/* Keep the permissions of the file being replaced; mkostemp gives 0600. */
	if (stat(target, &st) == 0)
		(void)fchmod(fd, st.st_mode & 07777);
	else
		(void)fchmod(fd, 0644 & ~current_umask());
	a->fp = fdopen(fd, "w");
	if (!a->fp) {
		int e = -errno;

		close(fd);
		pol_atomic_abort(a);
		return pol_err_set(err, e, "cannot write '%s': %s", path, strerror(-e));
	}
	return 0;
}

int pol_atomic_open(const char *path, struct pol_atomic **out, FILE **fp, struct pol_err *err)
{
	struct pol_atomic *a = calloc(1, sizeof(*a));
	char *target = NULL;
	bool through = false;
	struct stat st;
	int rc;

	if (!a)
		return pol_err_set(err, -ENOMEM, "out of memory");
	a->fd = -1;
	rc = resolve_output_link(path, &target, &through);
	if (rc < 0) {
		pol_atomic_abort(a);
		return pol_err_set(err, rc, "cannot write '%s': %s", path, strerror(-rc));
	}
	/* a symlink is written at its target, so it stays a link */
	a->path = target;
	if (through || (stat(target, &st) == 0 && !S_ISREG(st.st_mode))) {
		if (!through && S_ISDIR(st.st_mode))
			rc =
			    pol_err_set(err, -EISDIR, "cannot write '%s': it is a directory", path);
		else
			rc = open_through(a, target, err);
		if (rc < 0) {
			pol_atomic_abort(a);
			return rc;
		}
		*out = a;
		*fp = a->fp;
		return 0;
	}
	rc = open_temp(a, path, err);
	if (rc < 0)
		return rc;
	*out = a;
	*fp = a->fp;
	return 0;
}

int pol_atomic_open_new(const char *path, struct pol_atomic **out, FILE **fp, struct pol_err *err)
{
	struct pol_atomic *a;
	struct stat st;
	int rc;

	if (lstat(path, &st) == 0)
		return pol_err_set(err, -EEXIST, "'%s' exists already: not overwritten", path);
	if (!(a = calloc(1, sizeof(*a))) || !(a->path = strdup(path))) {
		free(a);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	a->fd = -1;
	a->new = true;
	rc = open_temp(a, path, err);
	if (rc < 0)
		return rc;
	*out = a;
	*fp = a->fp;
	return 0;
}

/* tmp published as path unless path exists: renameat2()'s
 * RENAME_NOREPLACE, or where the filesystem has none a hard link, which
 * fails on an existing name too. */
static int publish_new(const char *tmp, const char *path)
{
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -errno;
	if (link(tmp, path) < 0)
		return -errno;
	(void)unlink(tmp);
	return 0;
}

const char *pol_atomic_temp(const struct pol_atomic *a)
{
	return a ? a->tmp : NULL;
}

void pol_atomic_abort(struct pol_atomic *a)
{
	if (!a)
		return;
	if (a->fp)
		fclose(a->fp);
	if (a->tmp)
		unlink(a->tmp);
	if (a->fd >= 0)
		close(a->fd);
	free(a->buf);
	free(a->tmp);
	free(a->path);
	free(a);
}

/* An input's file; "-" is standard input. */
static int stat_input(const char *name, struct stat *st)
{
	return strcmp(name, "-") == 0 ? fstat(0, st) : stat(name, st);
}

int pol_atomic_refuse_inputs(const char *path, const char *const *inputs, size_t n,
			     struct pol_err *err)
{
	bool to_stdout = !path || strcmp(path, "-") == 0;
	struct stat out, st;

	/* stat() follows every link as the write does; a name that does not
	 * exist yet cannot be an input */
	if ((to_stdout ? fstat(1, &out) : stat(path, &out)) < 0 || !S_ISREG(out.st_mode))
		return 0;
	for (size_t i = 0; i < n; i++) {
		const char *in = inputs[i];

		if (!in || stat_input(in, &st) < 0 || st.st_dev != out.st_dev ||
		    st.st_ino != out.st_ino)
			continue;
		if (to_stdout)
			return pol_err_set(err, POL_EINVAL,
					   "refusing to write the output over the input '%s' "
					   "(standard output is that file)",
					   strcmp(in, "-") == 0 ? "standard input" : in);
		if (strcmp(in, path) == 0)
			return pol_err_set(err, POL_EINVAL,
					   "refusing to write the output over the input '%s'",
					   path);
		return pol_err_set(err, POL_EINVAL,
				   "refusing to write the output '%s' over the input '%s' (the "
				   "same file)",
				   path, strcmp(in, "-") == 0 ? "standard input" : in);
	}
	return 0;
}

static void sync_parent(const char *path)
{
	char *copy = strdup(path);
	int fd;

	if (!copy)
		return;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(copy);
}

/* The held data to the write-through destination, all of it. */
static int write_through(struct pol_atomic *a)
{
	struct stat st;

	/* a regular file reached through /proc is written from its start */
	if (fstat(a->fd, &st) == 0 && S_ISREG(st.st_mode) && !(fcntl(a->fd, F_GETFL) & O_APPEND) &&
	    lseek(a->fd, 0, SEEK_CUR) == 0 && ftruncate(a->fd, 0) < 0)
		return -errno;
	for (size_t done = 0; done < a->len;) {
		ssize_t n = write(a->fd, a->buf + done, a->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (size_t)n;
	}
	return 0;
}

int pol_atomic_commit(struct pol_atomic *a, struct pol_err *err)
{
	int e = 0;

	errno = 0;
	if (fflush(a->fp) != 0 || ferror(a->fp) || (a->tmp && fsync(fileno(a->fp)) != 0))
		e = -(errno ? errno : EIO);
	if (fclose(a->fp) != 0 && !e)
		e = -errno;
	a->fp = NULL;
	if (!e && a->fd >= 0)
		e = write_through(a);
	if (!e && a->tmp && a->new)
		e = publish_new(a->tmp, a->path);
	else if (!e && a->tmp && rename(a->tmp, a->path) != 0)
		e = -errno;
	if (e == -EEXIST && a->new) {
		pol_err_set(err, e, "'%s' exists already: not overwritten", a->path);
		pol_atomic_abort(a);
		return e;
	} else if (e) {
		pol_err_set(err, e, "cannot write '%s': %s", a->path, strerror(-e));
		pol_atomic_abort(a);
		return e;
	}
	if (a->tmp)
		sync_parent(a->path);
	free(a->tmp);
	a->tmp = NULL;
	pol_atomic_abort(a);
	return 0;
}
