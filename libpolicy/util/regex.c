/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "util/regex.h"

struct pol_regex {
	char *pattern; /* for messages */
	pcre2_code *code;
	pcre2_match_data *match;
};

int pol_regex_compile(const char *pattern, struct pol_regex **out, struct pol_err *err)
{
	struct pol_regex *re = calloc(1, sizeof(*re));
	PCRE2_SIZE offset;
	int code;

	if (!re)
		return pol_err_set(err, -ENOMEM, "out of memory");
	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &code, &offset, NULL);
	if (!re->code) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(code, msg, sizeof(msg));
		free(re);
		return pol_err_set(err, POL_EREGEX, "invalid regular expression '%s' at offset %zu: %s",
				   pattern, (size_t)offset, (const char *)msg);
	}
	/* Names are matched again and again; JIT makes that cheap. A failure
	 * to JIT (e.g. no executable memory) only costs speed. */
	(void)pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	re->match = pcre2_match_data_create_from_pattern(re->code, NULL);
	re->pattern = strdup(pattern);
	if (!re->match || !re->pattern) {
		pol_regex_free(re);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	*out = re;
	return 0;
}

int pol_regex_search(const struct pol_regex *re, const char *s, struct pol_err *err)
{
	PCRE2_UCHAR msg[256];
	int rc = pcre2_match(re->code, (PCRE2_SPTR)s, strlen(s), 0, 0, re->match, NULL);

	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	/* a match limit, a depth limit, no memory: the answer is unknown */
	pcre2_get_error_message(rc, msg, sizeof(msg));
	return pol_err_set(err, POL_EREGEX, "regular expression '%s' failed on '%s': %s",
			   re->pattern, s, (const char *)msg);
}

void pol_regex_free(struct pol_regex *re)
{
	if (!re)
		return;
	pcre2_match_data_free(re->match);
	pcre2_code_free(re->code);
	free(re->pattern);
	free(re);
}
