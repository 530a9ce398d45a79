/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: the policy language front end of sepolc. Each input is
 * parsed as one source (policy.conf or module .te) with
 * pol_source_parse_data(); when it parses, it is lowered into a module
 * policydb with pol_source_lower(), as MLS when the text has a
 * "sensitivity" statement (which is what a user would ask with -M).
 * Setting FUZZ_EXPAND=1 also links and expands base policies
 * (pol_module_expand), which is mostly libsepol's code.
 *
 * A failure without an error diagnostic aborts (every refusal must say
 * why), as does any sanitizer report. See tests/fuzz/README.md.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source/source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int expand = -1;

static bool has_mls(const uint8_t *data, size_t size)
{
	static const char word[] = "sensitivity";

	return size >= sizeof(word) - 1 && memmem(data, size, word, sizeof(word) - 1) != NULL;
}

static void lower(const struct pol_source *src, bool mls)
{
	struct pol_build_options opts = { .mls = mls };
	struct pol_module *mod;
	struct pol_err err;

	pol_err_init(&err);
	if (pol_source_lower(src, &opts, &mod, &err) == 0) {
		if (expand && pol_module_is_base(mod)) {
			struct pol_kpolicy *kp;

			pol_err_clear(&err);
			if (pol_module_expand(mod, &opts, &kp, &err) == 0)
				pol_kpolicy_free(kp);
			else if (pol_err_errors(&err) == 0)
				abort(); /* an expansion refused without a word */
		}
		pol_module_free(mod);
	} else if (pol_err_errors(&err) == 0) {
		abort(); /* a lowering refused without a word */
	}
	pol_err_release(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_source *src;
	struct pol_err err;
	int r;

	if (expand < 0) {
		const char *e = getenv("FUZZ_EXPAND");

		expand = e && *e == '1';
	}
	pol_err_init(&err);
	if (pol_source_new(&src, &err) < 0)
		abort();
	r = pol_source_parse_data(src, "fuzz.conf", (const char *)data, size, &err);
	if (r == 0)
		lower(src, has_mls(data, size));
	else if (pol_err_errors(&err) == 0)
		abort(); /* a parse refused without a word */
	pol_source_free(src);
	pol_err_release(&err);
	return 0;
}
