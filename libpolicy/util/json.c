/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/json.h"
#include "util/quote.h"

struct json_object *pol_json_document(const char *tool)
{
	struct json_object *doc = json_object_new_object();

	if (!doc)
		return NULL;
	json_object_object_add(doc, "format_version", json_object_new_int(POL_JSON_FORMAT_VERSION));
	json_object_object_add(doc, "tool", json_object_new_string(tool));
	return doc;
}

struct json_object *pol_json_str(const char *s)
{
	struct json_object *o;
	char *safe;

	if (!s)
		return NULL;
	/* json-c copies bytes as they are: invalid UTF-8 would make the
	 * document invalid (control bytes it escapes itself, as \u001b) */
	if (pol_utf8_valid(s))
		return json_object_new_string(s);
	safe = pol_escape_dup(s);
	if (!safe)
		return NULL;
	o = json_object_new_string(safe);
	free(safe);
	return o;
}

void pol_json_add_str(struct json_object *obj, const char *key, const char *val)
{
	json_object_object_add(obj, key, pol_json_str(val));
}

int pol_json_print(FILE *out, struct json_object *obj, int pretty)
{
	int flags = JSON_C_TO_STRING_NOSLASHESCAPE |
		    (pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : JSON_C_TO_STRING_PLAIN);
	const char *s = json_object_to_json_string_ext(obj, flags);

	if (!s)
		return -ENOMEM;
	if (fputs(s, out) == EOF || fputc('\n', out) == EOF)
		return -EIO;
	return 0;
}

#define STREAM_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

int pol_json_stream_begin(FILE *out, struct json_object *doc, const char *key)
{
	const char *s = json_object_to_json_string_ext(doc, STREAM_FLAGS);
	size_t len = s ? strlen(s) : 0;

	if (len < 2)
		return -ENOMEM;
	/* the object without its closing brace, then the array */
	if (fprintf(out, "%.*s%s\"%s\":[", (int)(len - 1), s, len > 2 ? "," : "", key) < 0)
		return -EIO;
	return 0;
}

int pol_json_stream_item(FILE *out, struct json_object *item, bool first)
{
	const char *s = json_object_to_json_string_ext(item, STREAM_FLAGS);

	if (!s)
		return -ENOMEM;
	if (fprintf(out, "%s\n%s", first ? "" : ",", s) < 0)
		return -EIO;
	return 0;
}

int pol_json_stream_end(FILE *out, struct json_object *tail)
{
	const char *s = tail ? json_object_to_json_string_ext(tail, STREAM_FLAGS) : "{}";
	size_t len = s ? strlen(s) : 0;

	if (len < 2)
		return -ENOMEM;
	if (fprintf(out, "\n]%s%.*s}\n", len > 2 ? "," : "", (int)(len - 2), s + 1) < 0)
		return -EIO;
	return 0;
}

struct json_object *pol_json_strv(const char *const *v)
{
	struct json_object *a = json_object_new_array();

	for (; a && v && *v; v++)
		json_object_array_add(a, pol_json_str(*v));
	return a;
}

struct json_object *pol_json_int_or_null(long long v)
{
	return v < 0 ? NULL : json_object_new_int64(v);
}

struct json_object *pol_json_bool_or_null(int v)
{
	return v < 0 ? NULL : json_object_new_boolean(v);
}

struct json_object *pol_diag_to_json(const struct pol_diag *d)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	pol_json_add_str(o, "severity", pol_severity_name(d->severity));
	pol_json_add_str(o, "code", pol_code_name(d->code));
	pol_json_add_str(o, "file", d->file);
	json_object_object_add(o, "line", d->line ? json_object_new_int64(d->line) : NULL);
	json_object_object_add(o, "column", d->col ? json_object_new_int64(d->col) : NULL);
	pol_json_add_str(o, "message", d->message);
	return o;
}

struct json_object *pol_err_to_json(const struct pol_err *err)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; a && err && i < err->count; i++)
		json_object_array_add(a, pol_diag_to_json(&err->diags[i]));
	return a;
}
