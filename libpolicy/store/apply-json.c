// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Apply files in JSON: what sestore writes, read back. Two shapes: a
 * listing ({"records": [...]}, sestore KIND -l --json) and an export
 * ({"lines": [...]}, sestore export --json). An apply report is not one:
 * its purges keep records it does not list. Lines are
 * read as apply lines (the Nth line of the array is line N); a record is
 * an -a of it (-m for a boolean), located at its index in the array (json-c
 * keeps no positions).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "store/apply.h"
#include "store/apply-internal.h"
#include "util/array.h"
#include "util/buf.h"
#include "util/err.h"

static const char *get_str(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static int set(struct pol_store_change *ch, enum pol_store_apply_field f, const char *s,
	       unsigned int line)
{
	if (!s)
		return 0;
	ch->f[f].line = line;
	ch->f[f].col = 1;
	return (ch->f[f].str = strdup(s)) ? 0 : -ENOMEM;
}

/* semanage's names of the file types, as listings write them */
static const char *const ftype_names[][2] = {
    {"all files", "a"},	   {"regular file", "f"}, {"directory", "d"},	  {"character device", "c"},
    {"block device", "b"}, {"socket", "s"},	  {"symbolic link", "l"}, {"named pipe", "p"},
};

static int record(struct pol_store_changes *l, struct json_object *o, unsigned int n,
		  struct pol_err *err)
{
	const char *kind = get_str(o, "kind"), *ft = get_str(o, "file_type");
	struct pol_store_change ch = {.line = n, .col = 1, .value = -1};
	struct json_object *v;
	int k, rc;

	for (k = 0; k < POL_STORE_APPLY_NKINDS; k++)
		if (kind && !strcmp(kind, pol_store_apply_kind_name(k)))
			break;
	if (!json_object_is_type(o, json_type_object) || k == POL_STORE_APPLY_NKINDS ||
	    k == POL_STORE_APPLY_MODULE || k == POL_STORE_APPLY_DONTAUDIT)
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, l->file, n, 1,
				   "record %u: no kind sestore apply can read", n);
	ch.kind = k;
	ch.op = k == POL_STORE_APPLY_BOOLEAN ? POL_STORE_APPLY_MODIFY : POL_STORE_APPLY_ADD;
	if (json_object_object_get_ex(o, "value", &v))
		ch.value = json_object_get_boolean(v);
	if (json_object_object_get_ex(o, "low", &v))
		ch.lo = (unsigned int)json_object_get_int(v);
	ch.hi = ch.lo;
	if (json_object_object_get_ex(o, "high", &v))
		ch.hi = (unsigned int)json_object_get_int(v);
	if (ft) {
		for (size_t i = 0; i < sizeof(ftype_names) / sizeof(ftype_names[0]); i++)
			if (!strcmp(ft, ftype_names[i][0]) || !strcmp(ft, ftype_names[i][1]))
				ft = ftype_names[i][1];
	}
	if (k == POL_STORE_APPLY_PORT) {
		char port[32];

		snprintf(port, sizeof(port), ch.lo == ch.hi ? "%u" : "%u-%u", ch.lo, ch.hi);
		rc = set(&ch, POL_STORE_APPLY_NAME, port, n);
	} else {
		rc = set(&ch, POL_STORE_APPLY_NAME,
			 get_str(o, k == POL_STORE_APPLY_FCONTEXT ? "path" : "name"), n);
	}
	if (rc || set(&ch, POL_STORE_APPLY_TYPE, get_str(o, "type"), n) ||
	    set(&ch, POL_STORE_APPLY_SEUSER, get_str(o, "seuser"), n) ||
	    set(&ch, POL_STORE_APPLY_RANGE, get_str(o, "range"), n) ||
	    set(&ch, POL_STORE_APPLY_LEVEL, get_str(o, "level"), n) ||
	    set(&ch, POL_STORE_APPLY_ROLES, get_str(o, "roles"), n) ||
	    set(&ch, POL_STORE_APPLY_PROTO, get_str(o, "proto"), n) ||
	    set(&ch, POL_STORE_APPLY_MASK, get_str(o, "mask"), n) ||
	    set(&ch, POL_STORE_APPLY_EQUAL, get_str(o, "target"), n) ||
	    set(&ch, POL_STORE_APPLY_FTYPE, k == POL_STORE_APPLY_FCONTEXT ? ft : NULL, n) ||
	    POL_ARRAY_GROW(l->v, l->n + 1, l->alloc) < 0) {
		store_apply_change_release(&ch);
		return -ENOMEM;
	}
	if (!ch.f[POL_STORE_APPLY_NAME].str) {
		store_apply_change_release(&ch);
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, l->file, n, 1,
				   "record %u: a %s without its name", n, kind);
	}
	if (store_apply_check(l->file, &ch, err)) {
		store_apply_change_release(&ch);
		return POL_EFORMAT;
	}
	l->v[l->n++] = ch;
	return 0;
}

int store_apply_parse_json(struct pol_store_changes *l, const char *text, size_t len,
			   struct pol_err *err)
{
	struct json_tokener *tok = json_tokener_new();
	enum json_tokener_error jerr;
	struct json_object *doc, *a;
	size_t at;
	struct pol_buf lines = POL_BUF_INIT;
	int rc = 0;

	if (!tok)
		return -ENOMEM;
	doc = json_tokener_parse_ex(tok, text, (int)(len < 0x7fffffff ? len : 0x7fffffff));
	jerr = json_tokener_get_error(tok);
	at = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	while (doc && jerr == json_tokener_success && at < len && strchr(" \t\r\n", text[at]))
		at++;
	if (!doc || jerr != json_tokener_success || at < len) {
		unsigned int line = 1, col = 1;

		for (size_t i = 0; i < at && i < len; i++, col++)
			if (text[i] == '\n')
				line++, col = 0;
		json_object_put(doc);
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, l->file, line, col,
				   "invalid JSON: %s",
				   doc && jerr == json_tokener_success ? "text after the document"
				   : jerr == json_tokener_continue || jerr == json_tokener_success
				       ? "the document ends early"
				       : json_tokener_error_desc(jerr));
	}
	if (json_object_object_get_ex(doc, "records", &a) &&
	    json_object_is_type(a, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(a); i++) {
			int r =
			    record(l, json_object_array_get_idx(a, i), (unsigned int)i + 1, err);

			if (r == -ENOMEM) {
				rc = r;
				break;
			}
			if (r)
				rc = POL_EFORMAT;
		}
	} else if (json_object_object_get_ex(doc, "lines", &a) &&
		   json_object_is_type(a, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(a); i++) {
			struct json_object *e = json_object_array_get_idx(a, i);
			const char *s = json_object_is_type(e, json_type_string)
					    ? json_object_get_string(e)
					    : NULL;

			/* one line each, whatever it holds: a newline inside is
			 * read as the shell would, quoted or not */
			pol_buf_puts(&lines, s ? s : "");
			pol_buf_putc(&lines, '\n');
		}
		rc = lines.failed ? -ENOMEM
				  : store_apply_parse_text(l, pol_buf_str(&lines), lines.len, err);
	} else {
		rc = pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, l->file, 1, 1,
				 "a JSON apply file holds \"records\" (sestore KIND -l --json) or "
				 "\"lines\" (sestore export --json)");
	}
	pol_buf_release(&lines);
	json_object_put(doc);
	return rc;
}
