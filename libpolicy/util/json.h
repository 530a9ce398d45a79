/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * JSON output through json-c: every document a tool prints starts with
 * "format_version" so consumers can tell schema revisions apart.
 */
#ifndef POL_UTIL_JSON_H
#define POL_UTIL_JSON_H

#include <stdbool.h>
#include <stdio.h>
#include <json-c/json.h>

#define POL_JSON_FORMAT_VERSION 1

/* A new object holding {"format_version": 1, "tool": tool}; caller owns it
 * (json_object_put()). */
struct json_object *pol_json_document(const char *tool);
/* Print obj followed by a newline; returns 0 or -errno. Pretty-printed when
 * pretty is true. */
int pol_json_print(FILE *out, struct json_object *obj, int pretty);
/* A JSON string of s (NULL: NULL, JSON null), valid UTF-8 whatever s
 * holds: when s is not valid UTF-8, its invalid and control bytes are
 * written as the text "\xHH" (pol_escape()), so that names from a log
 * cannot break a document (json-c would copy the bytes as they are). */
struct json_object *pol_json_str(const char *s);
/*
 * A document too large to hold, streamed (HACKING.md, "One JSON style"):
 * begin prints doc's members compact and opens the array key; item prints
 * one element compact on a line of its own (first: the array's first);
 * end closes the array and adds tail's members (NULL: none) and the
 * closing brace. Each returns 0, -ENOMEM (json-c could not serialise) or
 * -EIO (a write error).
 */
int pol_json_stream_begin(FILE *out, struct json_object *doc, const char *key);
int pol_json_stream_item(FILE *out, struct json_object *item, bool first);
int pol_json_stream_end(FILE *out, struct json_object *tail);
/* Add key -> pol_json_str(val) (NULL becomes JSON null). */
void pol_json_add_str(struct json_object *obj, const char *key, const char *val);
/* A new array of the strings of the NULL-terminated v (NULL: empty array). */
struct json_object *pol_json_strv(const char *const *v);
/* A number, or JSON null (NULL) when v is negative (unknown). */
struct json_object *pol_json_int_or_null(long long v);
/* true/false, or JSON null (NULL) when v is negative (unknown). */
struct json_object *pol_json_bool_or_null(int v);

struct pol_diag;
struct pol_err;
/* One diagnostic as {"severity", "code", "file", "line", "column",
 * "message"}; what is unknown (no file, line 0) is null. */
struct json_object *pol_diag_to_json(const struct pol_diag *d);
/* Every diagnostic of err, as an array of the objects above. */
struct json_object *pol_err_to_json(const struct pol_err *err);

#endif
