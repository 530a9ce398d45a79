/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Policy load, as load_policy(8) does it (libselinux's
 * selinux_mkload_policy()): choose policy.N, downgrade it with libsepol when
 * the kernel is older, and hand the kernel the whole image in one write().
 * Unlike load_policy, the file is always parsed and validated by libsepol
 * first, so a truncated or corrupt file never reaches the kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sepol/policydb.h>

#include "pdb/internal.h"

#include "kernel/internal.h"

void pol_kernel_image_free(struct pol_kernel_image *img)
{
	if (!img)
		return;
	free(img->path);
	free(img->data);
	free(img);
}

/* libsepol's words while writing (what a downgrade drops), kept as notes. */
static void note_message(void *data, int level, char *msg)
{
	enum pol_severity sev = level == SEPOL_MSG_ERR ? POL_SEV_NOTE : POL_SEV_WARNING;

	pol_err_add(data, sev, 0, NULL, 0, 0, "libsepol: %s", msg);
}

/* The image of pdb's policy at version vers (policydb_to_image()). */
static int write_image(struct pol_pdb *pdb, unsigned int vers, void **data, size_t *size,
		       struct pol_err *err)
{
	policydb_t *p = pdb_db(pdb);
	struct pdb_sepol *sh;
	int rc;

	/* sepol_policydb_set_vers()'s check, on the policydb pdb owns */
	if (vers < POLICYDB_VERSION_MIN || vers > POLICYDB_VERSION_MAX)
		return pol_err_set(err, POL_EVERSION, "libsepol cannot write policy version %u", vers);
	sh = pdb_sepol_new(note_message, err);
	if (!sh)
		return pol_err_set(err, -ENOMEM, "out of memory");
	p->policyvers = vers;
	rc = policydb_to_image(pdb_sepol_handle(sh), p, data, size);
	pdb_sepol_free(sh);
	return rc == 0 ? 0 : POL_EVERSION;
}

static int read_whole(int fd, size_t size, void **out)
{
	char *buf = malloc(size ? size : 1);
	size_t n = 0;

	if (!buf)
		return -ENOMEM;
	while (n < size) {
		ssize_t r = read(fd, buf + n, size - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			free(buf);
			return r < 0 ? -errno : -EIO;
		}
		n += (size_t)r;
	}
	*out = buf;
	return 0;
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/*
 * Validate path with libsepol (pol_pdb_open()) and make the image to load:
 * the file's own bytes when the kernel takes its version (what load_policy
 * sends), else libsepol's downgrade of what it validated. The bytes are
 * read before validation and the file must not change in between, so what
 * was validated is what is sent. A pipe cannot be read twice: its image is
 * written from the validated policy. kernel_max 0: no kernel, no downgrade.
 */
static int prepare_file(const char *path, unsigned int kernel_max, struct pol_kernel_image *img,
			struct pol_err *err)
{
	struct stat before, after, now;
	struct pol_pdb *pdb = NULL;
	bool regular = false;
	void *bytes = NULL;
	int fd, rc;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return pol_err_set(err, -errno, "cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &before) < 0) {
		rc = pol_err_set(err, -errno, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	regular = S_ISREG(before.st_mode);
	if (regular && (rc = pdb_check_size(path, (unsigned long long)before.st_size, err)) < 0)
		goto out;
	if (regular && (rc = read_whole(fd, (size_t)before.st_size, &bytes)) < 0) {
		pol_err_set(err, rc, "cannot read '%s': %s", path, strerror(-rc));
		goto out;
	}
	rc = pol_pdb_open(path, &pdb, err);
	if (rc < 0)
		goto out;
	if (regular && (fstat(fd, &after) < 0 || stat(path, &now) < 0 || !same_file(&before, &after) ||
			!same_file(&before, &now))) {
		rc = pol_err_set(err, POL_EINVAL, "'%s' changed while it was being read", path);
		goto out;
	}
	if (pdb_db(pdb)->target_platform != SEPOL_TARGET_SELINUX) {
		rc = pol_err_set(err, POL_EFORMAT, "'%s' is a Xen policy, not a Linux one", path);
		goto out;
	}
	img->file_version = pol_pdb_version(pdb);
	img->kernel_max = kernel_max;
	if (kernel_max && img->file_version > kernel_max) {
		img->version = kernel_max;
		img->downgraded = true;
		rc = write_image(pdb, kernel_max, &img->data, &img->size, err);
		if (rc < 0)
			pol_err_set(err, rc, "cannot downgrade '%s' from policy version %u to the kernel's %u",
				    path, img->file_version, kernel_max);
	} else if (regular) {
		img->version = img->file_version;
		img->data = bytes;
		img->size = (size_t)before.st_size;
		bytes = NULL;
	} else {
		img->version = img->file_version;
		rc = write_image(pdb, img->file_version, &img->data, &img->size, err);
		if (rc < 0)
			pol_err_set(err, rc, "cannot write '%s' as a policy image", path);
	}
out:
	pol_pdb_free(pdb);
	free(bytes);
	close(fd);
	return rc;
}

static int new_image(const char *path, struct pol_kernel_image **out, struct pol_err *err)
{
	struct pol_kernel_image *img = calloc(1, sizeof(*img));

	if (!img || !(img->path = strdup(path))) {
		free(img);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out = img;
	return 0;
}

/* selinux_mkload_policy()'s search: policy.N from max(kernel, libsepol)
 * down to libsepol's oldest; a downgrade that fails moves on to the next
 * older file, any other failure stops. */
static int choose(struct pol_kernel *k, unsigned int kernel_max, struct pol_kernel_image **out,
		  struct pol_err *err)
{
	int maxv = sepol_policy_kern_vers_max(), minv = sepol_policy_kern_vers_min();
	char *type, *base;
	struct pol_err why;
	bool found = false;
	int rc;

	pol_err_init(&why);
	rc = kernel_config_read(k, "SELINUXTYPE", &type, &why);
	if (rc < 0)
		rc = pol_err_set(err, POL_ENOPOLICY, "no policy to load: %s",
				 why.count ? why.diags[0].message : pol_strerror(rc));
	pol_err_release(&why);
	if (rc < 0)
		return rc;
	if (!type)
		return pol_err_set(err, POL_ENOPOLICY, "no policy to load: no SELINUXTYPE= in '%s/config'",
				   k->config_dir);
	if (asprintf(&base, "%s/%s/policy/policy", k->config_dir, type) < 0) {
		free(type);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	free(type);
	if ((int)kernel_max > maxv)
		maxv = (int)kernel_max;
	for (int v = maxv; v >= minv; v--) {
		struct pol_kernel_image *img = NULL;
		struct stat st;
		char *path;

		if (asprintf(&path, "%s.%d", base, v) < 0) {
			rc = pol_err_set(err, -ENOMEM, "out of memory");
			break;
		}
		if (stat(path, &st) < 0 && errno == ENOENT) {
			free(path);
			continue;
		}
		found = true;
		rc = new_image(path, &img, err);
		if (rc == 0)
			rc = prepare_file(path, kernel_max, img, err);
		free(path);
		if (rc == 0) {
			*out = img;
			break;
		}
		pol_kernel_image_free(img);
		if (rc != POL_EVERSION)
			break;
		pol_err_add(err, POL_SEV_NOTE, 0, NULL, 0, 0, "trying an older policy file");
	}
	if (!found)
		rc = pol_err_set(err, POL_ENOPOLICY, "no policy to load: no '%s.N' for N <= %d", base, maxv);
	free(base);
	return rc;
}

int pol_kernel_load_prepare(struct pol_kernel *k, const char *path, struct pol_kernel_image **out,
			    struct pol_err *err)
{
	struct pol_kernel_image *img = NULL;
	long kernel_max;
	int rc;

	rc = kfs_need_kernel(k, "loading a policy", err);
	if (rc == 0)
		rc = kfs_read_long(k, "policyvers", &kernel_max, err);
	if (rc < 0)
		return rc;
	if (kernel_max < 1 || kernel_max > 1024)
		return pol_err_set(err, POL_EFORMAT, "'%s/policyvers' holds %ld, not a policy version",
				   k->fs, kernel_max);
	if (!path)
		return choose(k, (unsigned int)kernel_max, out, err);
	rc = new_image(path, &img, err);
	if (rc == 0)
		rc = prepare_file(path, (unsigned int)kernel_max, img, err);
	if (rc < 0) {
		pol_kernel_image_free(img);
		return rc;
	}
	*out = img;
	return 0;
}

int pol_kernel_image_check(const char *path, struct pol_kernel_image **out, struct pol_err *err)
{
	struct pol_kernel_image *img = NULL;
	int rc;

	rc = new_image(path, &img, err);
	if (rc == 0)
		rc = prepare_file(path, 0, img, err);
	if (rc < 0) {
		pol_kernel_image_free(img);
		return rc;
	}
	*out = img;
	return 0;
}

int pol_kernel_load(struct pol_kernel *k, const struct pol_kernel_image *img, struct pol_err *err)
{
	int rc = kfs_need_kernel(k, "loading a policy", err);

	if (rc == 0)
		rc = kfs_write(k, "load", img->data, img->size, err);
	if (rc == -EINVAL)
		pol_err_add(err, POL_SEV_NOTE, rc, NULL, 0, 0,
			    "the kernel refused the policy; its log (dmesg) says why");
	return rc;
}
