/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The bytes of a binary policy, checked before libsepol reads them. This is
 * the one place that opens a binary policy file and the one header check:
 * pol_pdb_open_flags() and sectl load all come here.
 *
 * libsepol 3.4 trusts a file's counts: a symbol table that announces 2^28
 * values in a 6 KB file makes policydb_validate's create_gap_ebitmap() set
 * one bit per missing value in a linked bitmap, which takes days; /dev/zero
 * is read until memory runs out. What no valid policy can be is refused
 * here, before policydb_read() sees it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pdb/internal.h"
#include "util/array.h"

#include <sepol/policydb/constraint.h>

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int pdb_check_size(const char *path, unsigned long long size, struct pol_err *err)
{
	if (size <= POL_PDB_SIZE_MAX)
		return 0;
	return pol_err_set(err, POL_EFORMAT,
			   "'%s' is larger than %u MiB, too large to be a binary policy", path,
			   POL_PDB_SIZE_MAX >> 20);
}

/* Read a pipe or device whole, up to the size bound: at most one byte past
 * it, which tells a stream of exactly POL_PDB_SIZE_MAX bytes from a longer
 * one. The magic number is checked as soon as it has arrived, so
 * /dev/zero or a text stream is refused after its first bytes. */
static int read_stream(const char *path, int fd, struct pdb_image *img, struct pol_err *err)
{
	size_t alloc = 1 << 16, n = 0;
	unsigned char *buf = malloc(alloc);
	bool magic_seen = false;
	int rc;

	if (!buf)
		return pol_err_set(err, -ENOMEM, "out of memory");
	for (;;) {
		size_t want;
		ssize_t r;

		if (n > POL_PDB_SIZE_MAX) {
			rc = pdb_check_size(path, n, err);
			goto fail;
		}
		if (n == alloc && POL_ARRAY_GROW(buf, alloc + 1, alloc) < 0) {
			rc = pol_err_set(err, -ENOMEM, "out of memory");
			goto fail;
		}
		/* the buffer grows by half: bound the read, not the buffer */
		want = alloc - n;
		if (want > POL_PDB_SIZE_MAX + (size_t)1 - n)
			want = POL_PDB_SIZE_MAX + (size_t)1 - n;
		r = read(fd, buf + n, want);
		if (r == 0)
			break;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			rc =
			    pol_err_set(err, -errno, "cannot read '%s': %s", path, strerror(errno));
			goto fail;
		}
		n += (size_t)r;
		if (!magic_seen && n >= 4) {
			rc = pdb_image_check(path, buf, n < 8 ? n : 8, err);
			if (rc < 0)
				goto fail;
			magic_seen = true;
		}
	}
	img->data = buf;
	img->len = n;
	img->mapped = false;
	return 0;
fail:
	free(buf);
	return rc;
}

int pdb_image_open(const char *path, struct pdb_image *img, struct pol_err *err)
{
	struct stat st;
	int fd, rc = 0;

	/* O_NONBLOCK: a FIFO nobody writes to is opened at once (and then
	 * reads as empty) instead of blocking open() for ever */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		rc = -errno;
		return pol_err_set(err, rc, "cannot open '%s': %s", path, strerror(-rc));
	}
	if (fstat(fd, &st) < 0) {
		rc = pol_err_set(err, -errno, "cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		rc = pol_err_set(err, -EISDIR, "cannot read '%s': %s", path, strerror(EISDIR));
		goto out;
	}
	if (S_ISREG(st.st_mode)) {
		rc = pdb_check_size(path, (unsigned long long)st.st_size, err);
		if (rc < 0)
			goto out;
		img->len = (size_t)st.st_size;
		img->mapped = true;
		img->data = NULL;
		if (img->len) {
			img->data = mmap(NULL, img->len, PROT_READ, MAP_PRIVATE, fd, 0);
			if (img->data == MAP_FAILED) {
				rc = pol_err_set(err, -errno, "cannot read '%s': %s", path,
						 strerror(errno));
				goto out;
			}
		}
	} else {
		/* a pipe (sequery rules -A <(zcat policy.gz)) or a device:
		 * blocking reads from here on, bounded in size */
		int flags = fcntl(fd, F_GETFL);

		if (flags >= 0)
			fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
		rc = read_stream(path, fd, img, err);
		if (rc < 0)
			goto out;
	}
	if (img->len == 0) {
		pdb_image_release(img);
		rc = pol_err_set(err, POL_EFORMAT, "'%s' is empty, not a binary policy", path);
	}
out:
	close(fd);
	return rc;
}

void pdb_image_release(struct pdb_image *img)
{
	if (img->mapped) {
		if (img->len)
			munmap(img->data, img->len);
	} else {
		free(img->data);
	}
	img->data = NULL;
	img->len = 0;
}

/*
 * A reader over the image that fails, instead of reading past the end,
 * when the file is shorter than its counts say. The header walk only
 * needs to find each symbol table's counts; where it cannot follow the
 * file, it stops and leaves the verdict to libsepol.
 */
struct cursor {
	const unsigned char *p;
	size_t left;
	unsigned int vers;
};

static bool skip(struct cursor *c, uint64_t n)
{
	if (n > c->left)
		return false;
	c->p += n;
	c->left -= (size_t)n;
	return true;
}

static bool u32(struct cursor *c, uint32_t *v)
{
	if (c->left < 4)
		return false;
	*v = le32(c->p);
	return skip(c, 4);
}

/* u32 n values into v[] */
static bool u32s(struct cursor *c, uint32_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!u32(c, &v[i]))
			return false;
	return true;
}

/* ebitmap_read(): map size, high bit, count, then count (start, map) pairs. */
static bool skip_ebitmap(struct cursor *c)
{
	uint32_t h[3];

	return u32s(c, h, 3) && skip(c, (uint64_t)h[2] * 12);
}

/* mls_read_level(): a sensitivity and its category bitmap. */
static bool skip_level(struct cursor *c)
{
	return skip(c, 4) && skip_ebitmap(c);
}

/* mls_read_range_helper(): 1 or 2 sensitivities, then as many bitmaps. */
static bool skip_range(struct cursor *c)
{
	uint32_t items;

	if (!u32(c, &items) || items == 0 || items > 2 || !skip(c, (uint64_t)items * 4))
		return false;
	return skip_ebitmap(c) && (items == 1 || skip_ebitmap(c));
}

/* perm_read(): length, value, name. */
static bool skip_perms(struct cursor *c, uint32_t nel)
{
	for (uint32_t i = 0; i < nel; i++) {
		uint32_t h[2];

		if (!u32s(c, h, 2) || !skip(c, h[0]))
			return false;
	}
	return true;
}

/* read_cons_helper(): constraints and their expressions. */
static bool skip_constraints(struct cursor *c, uint32_t ncons)
{
	for (uint32_t i = 0; i < ncons; i++) {
		uint32_t h[2];

		if (!u32s(c, h, 2))
			return false;
		for (uint32_t j = 0; j < h[1]; j++) {
			uint32_t e[3];

			if (!u32s(c, e, 3))
				return false;
			if (e[0] != CEXPR_NAMES)
				continue;
			if (!skip_ebitmap(c))
				return false;
			/* type_set_read(): types, negset, flags */
			if (c->vers >= POLICYDB_VERSION_CONSTRAINT_NAMES &&
			    !(skip_ebitmap(c) && skip_ebitmap(c) && skip(c, 4)))
				return false;
		}
	}
	return true;
}

/* One entry of symbol table sym, as policydb.c's *_read() functions read
 * it from a kernel policy. */
static bool skip_symbol(struct cursor *c, unsigned int sym)
{
	bool bounds = c->vers >= POLICYDB_VERSION_BOUNDARY;
	uint32_t h[6], n;

	switch (sym) {
	case SYM_COMMONS: /* length, value, nprim, nel; name; permissions */
		return u32s(c, h, 4) && skip(c, h[0]) && skip_perms(c, h[3]);
	case SYM_CLASSES: /* length, common's length, value, nprim, nel, ncons */
		if (!u32s(c, h, 6) || !skip(c, (uint64_t)h[0] + h[1]) || !skip_perms(c, h[4]) ||
		    !skip_constraints(c, h[5]))
			return false;
		if (c->vers >= POLICYDB_VERSION_VALIDATETRANS &&
		    !(u32(c, &n) && skip_constraints(c, n)))
			return false;
		if (c->vers >= POLICYDB_VERSION_NEW_OBJECT_DEFAULTS && !skip(c, 12))
			return false;
		return c->vers < POLICYDB_VERSION_DEFAULT_TYPE || skip(c, 4);
	case SYM_ROLES: /* length, value[, bounds]; name; dominates, types */
		return u32s(c, h, bounds ? 3 : 2) && skip(c, h[0]) && skip_ebitmap(c) &&
		       skip_ebitmap(c);
	case SYM_TYPES: /* length, value, properties or primary[, bounds]; name */
		return u32s(c, h, bounds ? 4 : 3) && skip(c, h[0]);
	case SYM_USERS: /* length, value[, bounds]; name; roles[; range, level] */
		if (!u32s(c, h, bounds ? 3 : 2) || !skip(c, h[0]) || !skip_ebitmap(c))
			return false;
		return c->vers < POLICYDB_VERSION_MLS || (skip_range(c) && skip_level(c));
	case SYM_BOOLS: /* value, state, length; name */
		return u32s(c, h, 3) && skip(c, h[2]);
	case SYM_LEVELS: /* length, isalias; name; level */
		return u32s(c, h, 2) && skip(c, h[0]) && skip_level(c);
	case SYM_CATS: /* length, value, isalias; name */
		return u32s(c, h, 3) && skip(c, h[0]);
	default:
		return false;
	}
}

const char *const pdb_symtab_names[SYM_NUM] = {
    "common", "class", "role", "type", "user", "boolean", "sensitivity", "category",
};

/*
 * Each symbol table starts with its number of values (nprim) and of
 * entries. libsepol allocates and walks nprim slots, but a value with no
 * entry costs the file nothing. Refuse a count when its table, at 12
 * bytes a value, would not fit in the rest of the file: the rule libsepol
 * itself adopted after 3.5 ("enhance saturation check"), which every real
 * policy meets by far.
 */
static int check_symbol_counts(const char *name, struct cursor *c, uint32_t sym_num,
			       struct pol_err *err)
{
	if (c->vers >= POLICYDB_VERSION_POLCAP && !skip_ebitmap(c))
		return 0;
	if (c->vers >= POLICYDB_VERSION_PERMISSIVE && !skip_ebitmap(c))
		return 0;
	for (uint32_t sym = 0; sym < sym_num && sym < SYM_NUM; sym++) {
		uint32_t nprim, nel;

		if (!u32(c, &nprim) || !u32(c, &nel))
			return 0;
		if (nprim > c->left / 12) {
			pol_err_set(err, POL_EFORMAT, "'%s' is not a valid binary policy", name);
			pol_err_add(err, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0,
				    "its %s table counts %u values, more than the %zu bytes after "
				    "it can hold",
				    pdb_symtab_names[sym], nprim, c->left);
			return POL_EFORMAT;
		}
		for (uint32_t i = 0; i < nel; i++)
			if (!skip_symbol(c, sym))
				return 0;
	}
	return 0;
}

int pdb_image_check(const char *name, const void *data, size_t len, struct pol_err *err)
{
	struct cursor c = {data, len, 0};
	uint32_t magic, slen, h[4];

	if (!u32(&c, &magic))
		return 0;
	if (magic == POLICYDB_MOD_MAGIC || magic == SEPOL_MODULE_PACKAGE_MAGIC)
		return pol_err_set(err, POL_EFORMAT,
				   "'%s' is a policy module, not a kernel policy (compile it into "
				   "one, or use the policy it is installed in)",
				   name);
	if (magic != POLICYDB_MAGIC) {
		pol_err_set(err, POL_EFORMAT, "'%s' is not a valid binary policy", name);
		pol_err_add(err, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0,
			    "it does not start with the SELinux policy magic number %#x",
			    POLICYDB_MAGIC);
		return POL_EFORMAT;
	}
	if (!u32(&c, &slen) || slen > POLICYDB_STRING_MAX_LENGTH || !skip(&c, slen) ||
	    !u32s(&c, h, 4))
		return 0;
	c.vers = h[0];
	if (c.vers < POLICYDB_VERSION_MIN || c.vers > POLICYDB_VERSION_MAX)
		return pol_err_set(err, POL_EVERSION,
				   "'%s' is a version %u policy; versions %d to %d can be read",
				   name, c.vers, POLICYDB_VERSION_MIN, POLICYDB_VERSION_MAX);
	return check_symbol_counts(name, &c, h[2], err);
}
