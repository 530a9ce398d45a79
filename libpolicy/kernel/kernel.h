/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel enforcer through selinuxfs: status, mode, policy load,
 * booleans, access decisions, new-object labels and context checks.
 *
 * Every operation works on a handle naming a selinuxfs mount point, which
 * defaults to the system's and can be any directory, so tests and chroots can
 * point it elsewhere. The files are read and written exactly as libselinux
 * does (same requests, same single write() per request), so a directory of
 * plain files exercises the same code as the kernel.
 *
 * A handle can also stand for a policy file (pol_kernel_open_policy()): class
 * lookups, access decisions, new-object labels and context checks are then
 * computed by libsepol from that file, as the kernel would answer with it
 * loaded and its booleans at their default values.
 *
 * Functions return 0 or a negative status: -errno when selinuxfs refused
 * (-EACCES, -EPERM: the kernel's "not permitted"), POL_EINVAL for a context
 * the policy rejects, POL_ENOTFOUND for an unknown class, permission or
 * boolean, POL_ENOPOLICY when no policy is loaded, and the reason in err.
 */
#ifndef POL_KERNEL_H
#define POL_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

struct pol_kernel;

/*
 * Open a handle on selinuxfs at dir; when dir is NULL, $SEKIT_SELINUXFS, else
 * the system's mount (/sys/fs/selinux, /selinux, or where /proc/mounts says,
 * as libselinux looks). The SELinux configuration directory is
 * $SEKIT_SELINUX_DIR, else /etc/selinux. Returns 0 and *out (free with
 * pol_kernel_free()), or -ENOENT with a one-line explanation in err when
 * there is no selinuxfs (SELinux disabled, or dir is not one).
 */
int pol_kernel_open(const char *dir, struct pol_kernel **out, struct pol_err *err);

/*
 * A handle answering class, access, label and context questions from the
 * binary policy at path (validated by libsepol) instead of the kernel. Not
 * thread-safe: libsepol's decision functions keep their policy in globals.
 */
int pol_kernel_open_policy(const char *path, struct pol_kernel **out, struct pol_err *err);

void pol_kernel_free(struct pol_kernel *k);

/* The selinuxfs mount point, or NULL for a policy handle; borrowed. */
const char *pol_kernel_mount(const struct pol_kernel *k);

/* Has a policy been loaded (selinuxfs lists classes)? A policy handle has. */
bool pol_kernel_policy_loaded(const struct pol_kernel *k);

/* ---- status (status.c) ------------------------------------------------ */

/* SELINUX= in the config file, as libselinux's selinux_getenforcemode(). */
enum pol_kernel_config_mode {
	POL_KERNEL_CONFIG_UNKNOWN = -2, /* no config file or no SELINUX= line */
	POL_KERNEL_CONFIG_DISABLED = -1,
	POL_KERNEL_CONFIG_PERMISSIVE = 0,
	POL_KERNEL_CONFIG_ENFORCING = 1,
};

struct pol_kernel_cap {
	char *name;
	bool enabled;
};

/* What sestatus shows and more. Integers are -1 when the kernel would not
 * tell (file missing or unreadable). */
struct pol_kernel_status {
	char *mount;                  /* selinuxfs */
	char *config_dir;             /* /etc/selinux */
	char *policy_type;            /* SELINUXTYPE=, NULL when not configured */
	enum pol_kernel_config_mode config_mode;
	bool policy_loaded;
	int enforcing;                /* 1 enforcing, 0 permissive */
	int policy_version;           /* of the loaded policy (header of "policy") */
	int max_version;              /* the newest the kernel loads ("policyvers") */
	int mls, deny_unknown, reject_unknown; /* -1 when no policy is loaded */
	int checkreqprot;             /* 1: the protection the program asked for */
	struct pol_kernel_cap *caps;  /* policy capabilities, sorted by name;
				       * none when no policy is loaded */
	size_t ncaps;
	size_t nbools, npending;      /* booleans, and those with a pending change */
};

/* Read everything above. Returns 0 and *out (free with
 * pol_kernel_status_free()); what cannot be read is -1 or NULL, not an error. */
int pol_kernel_status(struct pol_kernel *k, struct pol_kernel_status **out, struct pol_err *err);
void pol_kernel_status_free(struct pol_kernel_status *st);

/* "enforcing", "permissive", "disabled" or "unknown". */
const char *pol_kernel_config_mode_name(enum pol_kernel_config_mode mode);

/* ---- mode (mode.c) ---------------------------------------------------- */

int pol_kernel_get_enforce(struct pol_kernel *k, bool *enforcing, struct pol_err *err);
int pol_kernel_set_enforce(struct pol_kernel *k, bool enforcing, struct pol_err *err);

/* ---- policy load (load.c) --------------------------------------------- */

/* A validated policy image, ready for pol_kernel_load(). */
struct pol_kernel_image {
	char *path;                /* the file it came from */
	unsigned int file_version; /* policy version of the file */
	unsigned int version;      /* version of the image (lower when downgraded) */
	unsigned int kernel_max;   /* the kernel's "policyvers"; 0: checked without one */
	bool downgraded;
	void *data;
	size_t size;
};

/*
 * Read and validate a policy for loading. path NULL chooses the file as
 * load_policy does: <config>/<SELINUXTYPE>/policy/policy.N for the highest N
 * from max(kernel, libsepol) down to libsepol's oldest. The whole file is
 * parsed by libsepol first, so a truncated or corrupt policy is refused
 * here (POL_EFORMAT) and never reaches the kernel. A policy newer than the
 * kernel is downgraded with libsepol to the kernel's version; when that
 * fails and path was NULL, older files are tried, as load_policy does.
 * Returns 0 and *out (free with pol_kernel_image_free()).
 */
int pol_kernel_load_prepare(struct pol_kernel *k, const char *path, struct pol_kernel_image **out,
			    struct pol_err *err);
/*
 * The same validation of the file at path without a kernel (no selinuxfs is
 * read): libsepol reads it whole through pol_pdb_open() (magic, size bound,
 * symbol counts), nothing is downgraded, and kernel_max is 0. Returns 0 and
 * *out (free with pol_kernel_image_free()), or < 0 with why in err.
 */
int pol_kernel_image_check(const char *path, struct pol_kernel_image **out, struct pol_err *err);
/* Hand the image to the kernel in one write() to "load", as it requires. */
int pol_kernel_load(struct pol_kernel *k, const struct pol_kernel_image *img, struct pol_err *err);
void pol_kernel_image_free(struct pol_kernel_image *img);

/* ---- booleans (booleans.c) -------------------------------------------- */

struct pol_kernel_bool {
	char *name;
	bool active;  /* the value in force */
	bool pending; /* the value the next commit makes active */
};

/* Every boolean, sorted by name (alphasort, as libselinux). Returns 0 and
 * *out and *n (free with pol_kernel_bools_free()). */
int pol_kernel_bools(struct pol_kernel *k, struct pol_kernel_bool **out, size_t *n,
		     struct pol_err *err);
void pol_kernel_bools_free(struct pol_kernel_bool *bools, size_t n);

/* One boolean. name may be an old name that the policy's booleans.subs_dist
 * maps to a new one; out->name is the kernel's name (free() it). Unknown
 * names give POL_ENOTFOUND, with suggestions in err. */
int pol_kernel_bool_get(struct pol_kernel *k, const char *name, struct pol_kernel_bool *out,
			struct pol_err *err);

struct pol_kernel_bool_change {
	const char *name;
	bool value;
};

enum pol_kernel_bools_set_flags {
	POL_KERNEL_BOOLS_NO_COMMIT = (1 << 0), /* leave the new values pending */
};

/*
 * Set several booleans at once: every name is checked before anything is
 * written; the new values are written as pending values and committed with
 * one write to commit_pending_bools, so they take effect together. When a
 * write or the commit fails, the pending values already written are put
 * back. Note that a commit also makes active what others left pending.
 */
int pol_kernel_bools_set(struct pol_kernel *k, const struct pol_kernel_bool_change *changes,
			 size_t n, unsigned int flags, struct pol_err *err);
/* Make every pending value active. */
int pol_kernel_bools_commit(struct pol_kernel *k, struct pol_err *err);

/* ---- classes and access decisions (class.c, access.c) ----------------- */

struct pol_kernel_perm {
	char *name;
	uint32_t mask; /* 1 << (value - 1) */
};

struct pol_kernel_class {
	char *name;
	uint16_t value;
	size_t nperms;
	struct pol_kernel_perm *perms; /* sorted by name */
};

/* A class of the loaded policy (class/NAME/index and perms/). Unknown
 * names give POL_ENOTFOUND with suggestions in err. Free with
 * pol_kernel_class_free(). */
int pol_kernel_class_get(struct pol_kernel *k, const char *name, struct pol_kernel_class **out,
			 struct pol_err *err);
void pol_kernel_class_free(struct pol_kernel_class *c);
/* The mask of permission name, or 0 when the class has none. */
uint32_t pol_kernel_class_perm(const struct pol_kernel_class *c, const char *name);
/* POL_ENOTFOUND "unknown permission" with suggestions, for a failed lookup. */
int pol_kernel_class_unknown_perm(const struct pol_kernel_class *c, const char *name,
				  struct pol_err *err);
/* Names of every class, sorted; free with pol_kernel_names_free(). */
int pol_kernel_class_names(struct pol_kernel *k, char ***names, size_t *n, struct pol_err *err);
void pol_kernel_names_free(char **names, size_t n);

#define POL_KERNEL_AV_PERMISSIVE 0x1 /* the source domain is permissive */

/* The kernel's answer, as security_compute_av_flags() returns it. */
struct pol_kernel_av {
	uint32_t allowed, decided, auditallow, auditdeny;
	uint32_t seqno; /* policy sequence number; 0 for a policy handle */
	uint32_t flags; /* POL_KERNEL_AV_* */
};

/* Ask the kernel (the "access" transaction) what scon may do to tcon objects
 * of class c. requested is sent as libselinux sends it, but the kernel
 * answers for every permission. An invalid context gives POL_EINVAL naming
 * it. */
int pol_kernel_compute_av(struct pol_kernel *k, const char *scon, const char *tcon,
			  const struct pol_kernel_class *c, uint32_t requested,
			  struct pol_kernel_av *out, struct pol_err *err);

/* ---- new-object labels (compute.c) ------------------------------------ */

enum pol_kernel_compute_kind {
	POL_KERNEL_CREATE,  /* type_transition: a new object's label */
	POL_KERNEL_RELABEL, /* type_change */
	POL_KERNEL_MEMBER,  /* type_member: a polyinstantiated member */
};

/* The label the kernel computes; objname (create only, may be NULL) selects
 * name-based type transitions. *newcon is heap memory (free()). */
int pol_kernel_compute(struct pol_kernel *k, enum pol_kernel_compute_kind kind,
		       const char *scon, const char *tcon, const struct pol_kernel_class *c,
		       const char *objname, char **newcon, struct pol_err *err);

/* "create", "relabel", "member". */
const char *pol_kernel_compute_name(enum pol_kernel_compute_kind kind);

/* ---- contexts (context.c) --------------------------------------------- */

/* Is ctx valid under the loaded policy? Returns 0 and the kernel's
 * canonical form in *canonical (free(); canonical may be NULL), or
 * POL_EINVAL when the policy rejects it. */
int pol_kernel_check_context(struct pol_kernel *k, const char *ctx, char **canonical,
			     struct pol_err *err);

struct pol_kernel_initial {
	char *name;    /* kernel, file, unlabeled, ... */
	char *context; /* NULL when unreadable */
};

/* Contexts of the initial SIDs (initial_contexts/), sorted by name. Free with
 * pol_kernel_initial_free(). */
int pol_kernel_initial_contexts(struct pol_kernel *k, struct pol_kernel_initial **out, size_t *n,
				struct pol_err *err);
void pol_kernel_initial_free(struct pol_kernel_initial *v, size_t n);

/* ---- AVC statistics (avc.c) ------------------------------------------- */

struct pol_kernel_avc {
	/* avc/cache_stats, summed over CPUs (as avcstat prints them) */
	uint64_t lookups, hits, misses, allocations, reclaims, frees;
	unsigned int cpus;
	/* avc/cache_threshold and avc/hash_stats; -1 when absent */
	long threshold, entries, buckets_used, buckets, longest_chain;
};

int pol_kernel_avc_stats(struct pol_kernel *k, struct pol_kernel_avc *out, struct pol_err *err);

#endif
