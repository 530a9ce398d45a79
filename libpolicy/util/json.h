/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * JSON output through json-c: every document a tool prints starts with
 * "format_version" so consumers can tell schema revisions apart.
 */
#ifndef POL_UTIL_JSON_H
#define POL_UTIL_JSON_H

#include <stdio.h>
#include <json-c/json.h>

#define POL_JSON_FORMAT_VERSION 1

/* A new object holding {"format_version": 1, "tool": tool}; caller owns it
 * (json_object_put()). */
struct json_object *pol_json_document(const char *tool);
/* Print obj followed by a newline; returns 0 or -errno. Pretty-printed when
 * pretty is true. */
int pol_json_print(FILE *out, struct json_object *obj, int pretty);
/* Add key -> string (NULL becomes JSON null). */
void pol_json_add_str(struct json_object *obj, const char *key, const char *val);

#endif
