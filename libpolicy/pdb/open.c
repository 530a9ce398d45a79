/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sepol/debug.h>
#include <sepol/handle.h>
#include <sepol/policydb/policydb.h>

#include "pdb/internal.h"

/* libsepol reports why a policy is rejected through its message callback;
 * collect those lines so the user sees the real reason (setools#159). */
struct sepol_msgs {
	struct pol_err *err;
	const char *path;
	int count;
};

static void __attribute__((format(printf, 3, 4)))
sepol_msg(void *data, sepol_handle_t *handle, const char *fmt, ...)
{
	struct sepol_msgs *m = data;
	char *msg;
	va_list ap;
	int n;

	if (sepol_msg_get_level(handle) != SEPOL_MSG_ERR || m->count >= 4)
		return;
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '.'))
		msg[--n] = '\0';
	m->count++;
	pol_err_add(m->err, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0, "libsepol: %s", msg);
	free(msg);
}

static int fill_perm_names(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	const char **names = arg;
	perm_datum_t *perm = datum;

	if (perm->s.value >= 1 && perm->s.value <= 32)
		names[perm->s.value - 1] = key;
	return 0;
}

static int index_perms(struct pol_pdb *pdb)
{
	policydb_t *p = &pdb->p;

	pdb->perm_names = calloc(p->p_classes.nprim ? p->p_classes.nprim : 1, sizeof(*pdb->perm_names));
	if (!pdb->perm_names)
		return -ENOMEM;
	for (uint32_t c = 0; c < p->p_classes.nprim; c++) {
		class_datum_t *cls = p->class_val_to_struct[c];

		if (!cls)
			continue;
		if (cls->comdatum)
			hashtab_map(cls->comdatum->permissions.table, fill_perm_names,
				    pdb->perm_names[c]);
		hashtab_map(cls->permissions.table, fill_perm_names, pdb->perm_names[c]);
	}
	return 0;
}

static int read_policy(struct pol_pdb *pdb, const char *path, void *data, size_t len,
		       struct pol_err *err)
{
	struct pol_err notes;
	struct sepol_msgs msgs = { &notes, path, 0 };
	sepol_handle_t *handle = sepol_handle_create();
	struct policy_file pf;
	int rc;

	if (!handle)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pol_err_init(&notes);
	sepol_msg_set_callback(handle, sepol_msg, &msgs);
	policy_file_init(&pf);
	pf.type = PF_USE_MEMORY;
	pf.data = data;
	pf.len = len;
	pf.handle = handle;
	rc = policydb_read(&pdb->p, &pf, 0);
	sepol_handle_destroy(handle);
	if (rc != 0) {
		/* The summary comes first, libsepol's own words follow as notes. */
		pol_err_set(err, POL_EFORMAT, "'%s' is not a valid binary policy", path);
		for (size_t i = 0; i < notes.count; i++)
			pol_err_add(err, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0, "%s",
				    notes.diags[i].message);
		pol_err_release(&notes);
		return POL_EFORMAT;
	}
	pol_err_release(&notes);
	if (pdb->p.policy_type != POLICY_KERN)
		return pol_err_set(err, POL_EFORMAT, "'%s' is a policy module, not a kernel policy", path);
	return 0;
}

int pol_pdb_open(const char *path, struct pol_pdb **out, struct pol_err *err)
{
	struct pol_pdb *pdb;
	struct stat st;
	void *map;
	int fd, rc;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		return pol_err_set(err, rc, "cannot open '%s': %s", path, strerror(-rc));
	}
	if (fstat(fd, &st) < 0) {
		rc = -errno;
		close(fd);
		return pol_err_set(err, rc, "cannot read '%s': %s", path, strerror(-rc));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return pol_err_set(err, -EISDIR, "cannot read '%s': %s", path, strerror(EISDIR));
	}
	if (st.st_size == 0) {
		close(fd);
		return pol_err_set(err, POL_EFORMAT, "'%s' is empty, not a binary policy", path);
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		rc = -errno;
		return pol_err_set(err, rc, "cannot read '%s': %s", path, strerror(-rc));
	}

	pdb = calloc(1, sizeof(*pdb));
	if (!pdb) {
		munmap(map, (size_t)st.st_size);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	if (policydb_init(&pdb->p) != 0) {
		free(pdb);
		munmap(map, (size_t)st.st_size);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	rc = read_policy(pdb, path, map, (size_t)st.st_size, err);
	munmap(map, (size_t)st.st_size);
	if (rc == 0 && index_perms(pdb) != 0)
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc == 0 && !(pdb->path = strdup(path)))
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc != 0) {
		pol_pdb_free(pdb);
		return rc;
	}
	*out = pdb;
	return 0;
}

void pol_pdb_free(struct pol_pdb *pdb)
{
	if (!pdb)
		return;
	policydb_destroy(&pdb->p);
	free(pdb->perm_names);
	free(pdb->path);
	free(pdb);
}

const char *pol_pdb_path(const struct pol_pdb *pdb)
{
	return pdb->path;
}

unsigned int pol_pdb_version(const struct pol_pdb *pdb)
{
	return pdb->p.policyvers;
}

bool pol_pdb_mls(const struct pol_pdb *pdb)
{
	return pdb->p.mls;
}
