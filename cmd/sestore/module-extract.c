/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sestore module -E NAME: semodule -E's file, NAME.pp (the language it was
 * installed in) or NAME.cil (-c), in the current directory. semodule 3.4
 * refuses a name that exists, then opens it with fopen("w"), so a file or
 * symlink appearing in between is truncated or followed; here the file is
 * written beside it under a temporary name and published only if the name
 * is still free (pol_atomic_open_new()).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/apply.h"
#include "util/atomic.h"
#include "util/json.h"

#include "cli.h"
#include "sestore.h"
#include "workdir.h"

/* data as a new file path; the signals that end a run wait until the
 * temporary file is published or removed. */
static int write_new(const char *path, const char *data, size_t len, struct pol_err *err)
{
	struct pol_atomic *a;
	sigset_t saved;
	FILE *fp;
	int rc;

	cli_signals_block(&saved);
	rc = pol_atomic_open_new(path, &a, &fp, err);
	if (rc == 0) {
		if (fwrite(data, 1, len, fp) != len) {
			rc = pol_err_set(err, errno ? -errno : -EIO, "cannot write '%s': %s", path,
					 strerror(errno ? errno : EIO));
			pol_atomic_abort(a);
		} else {
			rc = pol_atomic_commit(a, err);
		}
	}
	sigprocmask(SIG_SETMASK, &saved, NULL);
	return rc;
}

int sestore_module_extract(struct sestore *sc, const struct sestore_extract *x, size_t n)
{
	struct json_object *doc = NULL, *arr = NULL;
	struct pol_store *st;
	int status, worst = EXIT_OK;

	if ((status = sestore_open(sc, 0, &st)))
		return status;
	if (sc->json) {
		doc = pol_json_document("sestore");
		arr = json_object_new_array();
		pol_json_add_str(doc, "command", "module");
		json_object_object_add(doc, "extracted", arr);
	}
	for (size_t i = 0; i < n; i++) {
		char *data = NULL, *ext = NULL, *path = NULL;
		struct pol_err err;
		unsigned int prio = x[i].prio;
		size_t len = 0;
		int rc;

		sestore_err_init(sc, &err);
		rc = pol_store_module_extract(st, x[i].name, &prio, x[i].cil, &data, &len, &ext,
					      &err);
		if (rc == 0 && asprintf(&path, "%s.%s", x[i].name, ext) < 0) {
			path = NULL;
			rc = pol_err_set(&err, -ENOMEM, "out of memory");
		}
		if (rc == 0)
			rc = write_new(path, data, len, &err);
		if (rc == 0 && arr) {
			struct json_object *o = json_object_new_object();

			pol_json_add_str(o, "name", x[i].name);
			json_object_object_add(o, "priority", json_object_new_int((int)prio));
			pol_json_add_str(o, "lang", ext);
			pol_json_add_str(o, "file", path);
			json_object_object_add(o, "bytes", json_object_new_int64((int64_t)len));
			json_object_array_add(arr, o);
		} else if (rc == 0 && sc->verbose) {
			fprintf(stderr,
				"%s: module '%s' at priority %u extracted as '%s' (%zu bytes)\n",
				cli_name(), x[i].name, prio, path, len);
		}
		/* each module is tried; the worst status is the run's */
		status = sestore_report(sc, &err, rc);
		if (status > worst)
			worst = status;
		free(data);
		free(ext);
		free(path);
	}
	if (doc) {
		/* what was written, also when some module was not */
		pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	}
	pol_store_free(st);
	return worst;
}
