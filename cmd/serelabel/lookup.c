/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * serelabel --lookup: the context each PATH would get and the spec line
 * that decides it, like matchpathcon, without walking or changing anything.
 * A PATH that exists is looked up with its file type; one that does not,
 * with none (any spec line may match).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "serelabel.h"
#include "label/fcline.h"
#include "util/json.h"

static const char *type_name(mode_t mode)
{
	const struct pol_fc_type *t = pol_fc_type_by_mode(mode);

	return t ? t->klass : NULL;
}

static char *path_join(const char *dir, const char *name)
{
	size_t dl = strlen(dir), nl = strlen(name);
	char *r = malloc(dl + nl + 2);

	if (r) {
		memcpy(r, dir, dl);
		r[dl] = '/';
		memcpy(r + dl + 1, name, nl + 1);
	}
	return r;
}

int relabel_lookup(const struct relabel_opts *opts, const struct pol_label_specs *specs,
		   char **paths, size_t npaths)
{
	struct json_object *doc = NULL, *list = NULL;
	size_t rootlen = opts->root ? strlen(opts->root) : 0;
	int status = EXIT_OK;

	while (rootlen > 1 && opts->root[rootlen - 1] == '/')
		rootlen--;
	if (opts->json) {
		doc = pol_json_document("serelabel");
		list = json_object_new_array();
		json_object_object_add(doc, "lookups", list);
	}
	for (size_t i = 0; i < npaths; i++) {
		/* a relative path is made absolute as the walk does it: its
		 * directory resolved, its last component kept */
		if (paths[i][0] != '/') {
			char *abs = NULL, *cwd;

			/* a directory that does not exist: below the cwd as written */
			if (pol_label_canonical_path(paths[i], &abs) < 0 &&
			    (cwd = getcwd(NULL, 0))) {
				abs = path_join(cwd, paths[i]);
				free(cwd);
			}
			if (abs) {
				free(paths[i]);
				paths[i] = abs;
			}
		}
		const char *key = paths[i];
		struct pol_label_match m;
		struct stat st;
		mode_t mode = lstat(paths[i], &st) == 0 ? st.st_mode : 0;
		int rc;

		if (rootlen > 1 && strncmp(key, opts->root, rootlen) == 0 &&
		    (key[rootlen] == '/' || key[rootlen] == '\0'))
			key = key[rootlen] ? key + rootlen : "/";
		rc = pol_label_lookup(specs, key, mode, &m);
		if (rc < 0) {
			if (!opts->quiet)
				fprintf(stderr, "%s: cannot look up '%s': %s\n", cli_name(), paths[i],
					pol_strerror(rc));
			status = EXIT_USAGE;
			pol_label_match_release(&m);
			continue;
		}
		if (rc == 1 && status == EXIT_OK)
			status = EXIT_NOMATCH;
		if (opts->json) {
			struct json_object *o = json_object_new_object();
			bool exact;

			json_object_object_add(o, "path", out_json_path(paths[i], &exact));
			pol_json_add_str(o, "context", m.context);
			pol_json_add_str(o, "file_type", type_name(mode));
			if (m.key)
				pol_json_add_str(o, "key", m.key);
			if (m.regex) {
				pol_json_add_str(o, "regex", m.regex);
				pol_json_add_str(o, "spec_file", m.file);
				json_object_object_add(o, "line", m.line ? json_object_new_int((int)m.line)
									 : NULL);
			}
			json_object_array_add(list, o);
		} else if (!opts->quiet) {
			printf("%s\t%s", paths[i], m.context ? m.context : "<<none>>");
			if (opts->verbose && m.regex)
				printf("\t%s:%u: %s", m.file, m.line, m.regex);
			putchar('\n');
		}
		pol_label_match_release(&m);
	}
	if (doc) {
		if (!opts->quiet)
			pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	}
	return status;
}
