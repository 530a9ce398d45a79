/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sestore --relabel: after a commit, the files whose file-context spec the
 * commit changed get their new label, through the label area's walk (as
 * serelabel labels), not restorecon. The installed file contexts are read
 * before the commit (while the transaction lock is held) and after it;
 * the walk visits only what a changed spec or equivalence can match, and
 * labels only the files to which the two spec sets give different
 * contexts: a file mislabelled for another reason is left alone, as the
 * change did not touch it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label/label.h"

#include "store/internal.h"

static int fc_path(const struct pol_store *st, char **out, struct pol_err *err)
{
	if (asprintf(out, "%s/contexts/files/file_contexts", st->etc_dir) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	return 0;
}

int store_relabel_prepare(struct pol_store *st, struct pol_err *err)
{
	char *path;
	int rc;

	if (!(st->flags & POL_STORE_RELABEL) || st->fc_before)
		return 0;
	rc = fc_path(st, &path, err);
	if (rc < 0)
		return rc;
	rc = pol_label_specs_open(path, POL_LABEL_ENGINE_NATIVE, 0, &st->fc_before, err);
	free(path);
	if (rc < 0)
		pol_err_add(err, POL_SEV_NOTE, 0, NULL, 0, 0,
			    "--relabel reads the installed file contexts before the commit");
	return rc;
}

void store_relabel_free(struct pol_store *st)
{
	pol_label_specs_free(st->fc_before);
	st->fc_before = NULL;
}

int pol_store_relabel(struct pol_store *st, const struct pol_label_relabel_opts *how,
		      struct pol_label_stats *stats, struct pol_err *err)
{
	struct pol_label_relabel_opts o = *how;
	struct pol_label_specs *now = NULL;
	struct pol_label_types *custom = NULL;
	char *path = NULL, *cpath = NULL, **paths = NULL;
	size_t n = 0;
	int rc;

	memset(stats, 0, sizeof(*stats));
	if (!st->fc_before)
		return 0; /* nothing committed */
	rc = fc_path(st, &path, err);
	if (rc == 0)
		rc = pol_label_specs_open(path, POL_LABEL_ENGINE_NATIVE, 0, &now, err);
	if (rc == 0)
		rc = pol_label_specs_changed(st->fc_before, now, st->root, &paths, &n, err);
	if (rc == 0 && n) {
		rc = pol_label_customizable_path(path, &cpath, err);
		if (rc == 0)
			rc = pol_label_types_open(cpath, &custom, err);
	}
	if (rc == 0 && n) {
		o.specs = now;
		o.previous = st->fc_before;
		o.customizable = custom;
		o.root = strcmp(st->root, "/") == 0 ? NULL : st->root;
		o.flags |= POL_LABEL_IGNORE_MISSING;
		rc = pol_label_relabel(&o, (const char *const *)paths, n, stats, err);
	}
	pol_label_paths_free(paths, n);
	pol_label_types_free(custom);
	pol_label_specs_free(now);
	free(cpath);
	free(path);
	store_relabel_free(st);
	return rc;
}
