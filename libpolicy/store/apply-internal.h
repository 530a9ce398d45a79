/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the apply files' readers share (apply-parse.c, apply-json.c). */
#ifndef POL_STORE_APPLY_INTERNAL_H
#define POL_STORE_APPLY_INTERNAL_H

#include <stddef.h>

#include "store/apply.h"

struct pol_err;

/* Append the changes of text (lines) or of a JSON document to list;
 * 0, POL_EFORMAT (errors in err) or -ENOMEM. */
int store_apply_parse_text(struct pol_store_changes *list, const char *text, size_t len,
			   struct pol_err *err);
int store_apply_parse_json(struct pol_store_changes *list, const char *text, size_t len,
			   struct pol_err *err);
/* The checks a line's change gets (required values, ranges, protocols,
 * file types), for a change read otherwise; 0 or POL_EFORMAT. */
int store_apply_check(const char *file, struct pol_store_change *ch, struct pol_err *err);
/* Free a change's strings. */
void store_apply_change_release(struct pol_store_change *ch);

#endif
