/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

/* libsepol reports why a policy is rejected through its messages; the
 * first few errors become notes so the user sees the real reason
 * (setools#159). */
static void collect_error(void *data, int level, char *msg)
{
	struct pol_err *notes = data;

	if (level != SEPOL_MSG_ERR || notes->count >= 4)
		return;
	pol_err_add(notes, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0, "libsepol: %s", msg);
}

static int fill_perm_names(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	const char **names = arg;
	perm_datum_t *perm = datum;

	if (perm->s.value >= 1 && perm->s.value <= 32)
		names[perm->s.value - 1] = key;
	return 0;
}

struct pol_pdb *pdb_new(void)
{
	struct pol_pdb *pdb = calloc(1, sizeof(*pdb));

	if (pdb && policydb_init(&pdb->p) != 0) {
		free(pdb);
		return NULL;
	}
	return pdb;
}

int pdb_index(struct pol_pdb *pdb)
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

int pdb_read_policydb(policydb_t *p, const char *name, void *data, size_t len, struct pol_err *err)
{
	struct pol_err notes;
	struct pdb_sepol *s;
	struct policy_file pf;
	bool nomem;
	int rc;

	pol_err_init(&notes);
	s = pdb_sepol_new(collect_error, &notes);
	if (!s)
		return pol_err_set(err, -ENOMEM, "out of memory");
	policy_file_init(&pf);
	pf.type = PF_USE_MEMORY;
	pf.data = data;
	pf.len = len;
	pf.handle = pdb_sepol_handle(s);
	/* ebitmap_read() and others report through the compat handle */
	pdb_sepol_compat_begin(collect_error, &notes);
	errno = 0;
	rc = policydb_read(p, &pf, 0);
	nomem = rc != 0 && errno == ENOMEM;
	pdb_sepol_compat_end();
	pdb_sepol_free(s);
	if (nomem) {
		/* libsepol says -1 for a bad file and for memory running out
		 * alike; malloc() left errno ENOMEM for the second (issue 22:
		 * out of memory was "not a valid binary policy", exit 2) */
		rc = pol_err_set(err, -ENOMEM, "out of memory reading '%s'", name);
		pol_err_add(err, POL_SEV_NOTE, -ENOMEM, NULL, 0, 0,
			    "libsepol could not allocate what the policy asked for: memory is "
			    "short, or a count in the file is corrupt");
	} else if (rc != 0) {
		/* The summary comes first, libsepol's own words follow as notes. */
		pol_err_set(err, POL_EFORMAT, "'%s' is not a valid binary policy", name);
		for (size_t i = 0; i < notes.count; i++)
			pol_err_add(err, POL_SEV_NOTE, POL_EFORMAT, NULL, 0, 0, "%s",
				    notes.diags[i].message);
		rc = POL_EFORMAT;
	}
	pol_err_release(&notes);
	return rc;
}

/*
 * A symbol table counts its values (nprim) apart from its entries: a file
 * may count more values than it defines, leaving NULL slots in the value
 * arrays libsepol builds, which every reader of a value would follow
 * (bool_val_to_struct[b]->state). libsepol 3.4 accepts such a file; it is
 * refused here, once, for every table. Kernel policies before version 24
 * keep no attributes at all, only their values (neither name nor datum):
 * there a type's empty slot is an attribute, named later, and its readers
 * expect no datum. A kernel policy never keeps role attributes either
 * (expand drops them and keeps the other roles' values): an empty role
 * slot is one, in every version, and the readers of a role by value
 * (graph/roles.c) skip it.
 */
static int check_value_gaps(const policydb_t *p, const char *path, struct pol_err *err)
{
	const char *const *what = pdb_symtab_names;

	for (int sym = 0; sym < SYM_NUM; sym++) {
		/* A sensitivity's or category's alias takes a value of its own
		 * (checkpolicy numbers "sensitivity s0 alias { a b };" 1 to 3)
		 * and leaves it unnamed: those tables only need an entry per
		 * value, alias or not. */
		if (sym == SYM_LEVELS || sym == SYM_CATS) {
			if (p->symtab[sym].table &&
			    p->symtab[sym].table->nel >= p->symtab[sym].nprim)
				continue;
			return pol_err_set(err, POL_EFORMAT,
					   "'%s' is not a valid binary policy: its %s table counts "
					   "%u values but defines %u",
					   path, what[sym], p->symtab[sym].nprim,
					   p->symtab[sym].table ? p->symtab[sym].table->nel : 0);
		}
		for (uint32_t v = 0; v < p->symtab[sym].nprim; v++) {
			bool named = p->sym_val_to_name[sym] && p->sym_val_to_name[sym][v];
			const void *datum = NULL;

			switch (sym) {
			case SYM_CLASSES:
				datum = p->class_val_to_struct[v];
				break;
			case SYM_ROLES:
				datum = p->role_val_to_struct[v];
				break;
			case SYM_TYPES:
				datum = p->type_val_to_struct[v];
				break;
			case SYM_USERS:
				datum = p->user_val_to_struct[v];
				break;
			case SYM_BOOLS:
				datum = p->bool_val_to_struct[v];
				break;
			default:
				datum = named ? "" : NULL;
				break;
			}
			if ((datum && named) ||
			    (sym == SYM_TYPES && p->policyvers < POLICYDB_VERSION_BOUNDARY) ||
			    (sym == SYM_ROLES && !datum && !named))
				continue;
			return pol_err_set(err, POL_EFORMAT,
					   "'%s' is not a valid binary policy: its %s table counts "
					   "%u values but defines no %s of value %u",
					   path, what[sym], p->symtab[sym].nprim, what[sym], v + 1);
		}
	}
	return 0;
}

int pdb_read_file(policydb_t *p, const char *path, struct pol_err *err)
{
	struct pdb_image img;
	int rc = pdb_image_open(path, &img, err);

	if (rc < 0)
		return rc;
	rc = pdb_image_check(path, img.data, img.len, err);
	if (rc == 0)
		rc = pdb_read_policydb(p, path, img.data, img.len, err);
	pdb_image_release(&img);
	if (rc == 0 && p->policy_type != POLICY_KERN)
		rc = pol_err_set(err, POL_EFORMAT, "'%s' is a policy module, not a kernel policy",
				 path);
	if (rc == 0)
		rc = check_value_gaps(p, path, err);
	return rc;
}

/* Kernel policies before version 24 keep no attribute names; give each a
 * made-up one from its value, as setools does (@ttr + ten digits), so no
 * output ever shows "(null)". */
static int name_anonymous_attributes(struct pol_pdb *pdb)
{
	policydb_t *p = &pdb->p;
	size_t missing = 0;
	char *next;

	for (uint32_t i = 0; i < p->p_types.nprim; i++)
		missing += !p->p_type_val_to_name[i];
	if (!missing)
		return 0;
	pdb->generated_names = malloc(missing * 16);
	if (!pdb->generated_names)
		return -ENOMEM;
	next = pdb->generated_names;
	for (uint32_t i = 0; i < p->p_types.nprim; i++) {
		if (p->p_type_val_to_name[i])
			continue;
		snprintf(next, 16, "@ttr%010u", i + 1);
		p->p_type_val_to_name[i] = next;
		next += 16;
	}
	return 0;
}

int pol_pdb_open(const char *path, struct pol_pdb **out, struct pol_err *err)
{
	return pol_pdb_open_flags(path, 0, out, err);
}

int pol_pdb_open_flags(const char *path, unsigned int flags, struct pol_pdb **out,
		       struct pol_err *err)
{
	struct pol_pdb *pdb = pdb_new();
	int rc;

	if (!pdb)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = pdb_read_file(&pdb->p, path, err);
	if (rc == 0 && pdb_index(pdb) != 0)
		rc = pol_err_set(err, -ENOMEM, "out of memory");
	if (rc == 0 && !(flags & POL_PDB_KEEP_UNNAMED) && name_anonymous_attributes(pdb) != 0)
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
	pdb_te_index_free(pdb->te_index);
	policydb_destroy(&pdb->p);
	free(pdb->perm_names);
	free(pdb->generated_names);
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
