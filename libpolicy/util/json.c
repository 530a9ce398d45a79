/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>

#include "util/json.h"

struct json_object *pol_json_document(const char *tool)
{
	struct json_object *doc = json_object_new_object();

	if (!doc)
		return NULL;
	json_object_object_add(doc, "format_version", json_object_new_int(POL_JSON_FORMAT_VERSION));
	json_object_object_add(doc, "tool", json_object_new_string(tool));
	return doc;
}

void pol_json_add_str(struct json_object *obj, const char *key, const char *val)
{
	json_object_object_add(obj, key, val ? json_object_new_string(val) : NULL);
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
