/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What libpolicy/kernel's files share: the handle and the selinuxfs protocol. */
#ifndef POL_KERNEL_INTERNAL_H
#define POL_KERNEL_INTERNAL_H

#include <sys/types.h>

#include "kernel/kernel.h"

struct kernel_offline;
struct pol_pdb;

struct pol_kernel {
	char *fs;         /* selinuxfs mount; NULL for a policy handle */
	char *config_dir; /* /etc/selinux */
	struct kernel_offline *offline; /* the policy file of a policy handle */
	/* the policy in force, read once to explain refused contexts */
	struct pol_pdb *explain;
	bool explain_tried;
};

/* A handle with no selinuxfs yet (open.c). */
struct pol_kernel *kernel_new_handle(void);

/* ---- selinuxfs files (io.c) ---- */

/* "<fs>/<rel>" in heap memory, or NULL (out of memory). */
char *kfs_path(const struct pol_kernel *k, const char *rel);
/* Open selinuxfs node rel for reading: a descriptor, or a negative status
 * (err set) when it cannot be opened or is not a regular file (a FIFO would
 * block for ever). kfs_read(), kfs_write() and kfs_transact() check alike. */
int kfs_open_read(const struct pol_kernel *k, const char *rel, struct pol_err *err);

/*
 * Read a small selinuxfs file whole into buf (at most size - 1 bytes), NUL
 * terminated, with the trailing NUL bytes and newline the kernel or a test
 * may leave removed. Returns the length, or -errno recorded in err as
 * "cannot read 'path': ..." (err may be NULL for a quiet probe).
 */
ssize_t kfs_read(const struct pol_kernel *k, const char *rel, char *buf, size_t size,
		 struct pol_err *err);
/* An integer file (enforce, mls, policyvers, class/C/index, ...). A file
 * that does not hold a number gives POL_EFORMAT. */
int kfs_read_long(const struct pol_kernel *k, const char *rel, long *out, struct pol_err *err);
/* One write() of len bytes, as the kernel wants requests; a short write is
 * -EIO. Errors read "cannot write 'path': ...". */
int kfs_write(const struct pol_kernel *k, const char *rel, const void *data, size_t len,
	      struct pol_err *err);
/*
 * A transaction file (access, create, context, ...): write the request,
 * then read the answer on the same descriptor. *answer is heap memory,
 * NUL-terminated and trimmed as kfs_read() does. When the kernel refuses the
 * request itself (the write fails), the status is returned *without* a
 * message and *refused is set, so the caller can explain it (EINVAL: an
 * invalid context); every other failure is recorded in err.
 */
int kfs_transact(const struct pol_kernel *k, const char *rel, const char *req, size_t len,
		 char **answer, bool *refused, struct pol_err *err);
/* Sorted names in directory rel (dot files left out), as scandir(alphasort).
 * Returns 0, or -errno recorded in err. */
int kfs_list(const struct pol_kernel *k, const char *rel, char ***names, size_t *n,
	     struct pol_err *err);

/* POL_ENOPOLICY "no policy is loaded" for operations that need one. */
int kfs_need_policy(const struct pol_kernel *k, struct pol_err *err);
/* POL_EINVAL for operations a policy handle cannot answer. */
int kfs_need_kernel(const struct pol_kernel *k, const char *what, struct pol_err *err);

/* ---- transactions (access.c) ---- */

/* POL_EINVAL "invalid context" unless ctx is one word. */
int kernel_context_word(const char *ctx, struct pol_err *err);
/* POL_EINVAL "invalid context 'ctx'", with which part of it is wrong and
 * a did-you-mean when the policy (the handle's, or the kernel's "policy"
 * node) tells (context.c). */
int kernel_explain_context(struct pol_kernel *k, const char *ctx, struct pol_err *err);
/* Explain a refused transaction write: which context is invalid (EINVAL),
 * or "cannot write" with the kernel's errno. Returns the status to pass on. */
int kernel_refused(struct pol_kernel *k, int rc, const char *file, const char *scon,
		   const char *tcon, struct pol_err *err);

/* ---- the SELinux config file (config.c) ---- */

/* The value of KEY= in <config_dir>/config (heap), or NULL. */
char *kernel_config_get(const struct pol_kernel *k, const char *key);
/* The same, with a config that cannot be read (or is a FIFO) an error in
 * err (pol_selinux_config_read()). */
int kernel_config_read(const struct pol_kernel *k, const char *key, char **out,
		       struct pol_err *err);

/* ---- the policy handle (offline.c) ---- */

void kernel_offline_free(struct kernel_offline *o);
/* The file the handle's policy came from; borrowed. */
const char *kernel_offline_path(const struct pol_kernel *k);
/* The handle's policy; borrowed. */
const struct pol_pdb *kernel_offline_pdb(const struct pol_kernel *k);
int kernel_offline_class(struct pol_kernel *k, const char *name, struct pol_kernel_class **out,
			 struct pol_err *err);
int kernel_offline_class_names(struct pol_kernel *k, char ***names, size_t *n);
int kernel_offline_av(struct pol_kernel *k, const char *scon, const char *tcon,
		      const struct pol_kernel_class *c, struct pol_kernel_av *out,
		      struct pol_err *err);
int kernel_offline_compute(struct pol_kernel *k, enum pol_kernel_compute_kind kind,
			   const char *scon, const char *tcon, const struct pol_kernel_class *c,
			   char **newcon, struct pol_err *err);
int kernel_offline_context(struct pol_kernel *k, const char *ctx, char **canonical,
			   struct pol_err *err);

/* POL_ENOTFOUND "unknown <what> 'name'" with did-you-mean notes from names. */
int kernel_unknown(const char *what, const char *name, char *const *names, size_t n,
		   struct pol_err *err);

#endif
