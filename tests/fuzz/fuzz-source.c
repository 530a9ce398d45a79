/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: the policy language front end of sepolc. Each input is
 * parsed as one source (policy.conf or module .te) with
 * pol_source_parse_data(); when it parses, it is lowered into a module
 * policydb with pol_source_lower(), as MLS when the text has a
 * "sensitivity" statement (which is what a user would ask with -M).
 * Setting FUZZ_EXPAND=1 also links and expands base policies
 * (pol_source_module_expand), which is mostly libsepol's code.
 *
 * Each input is compiled twice, normally and lean (pol_source_set_lean():
 * rules dropped after the first parse and lowered from a second one, as
 * sepolc compiles a policy.conf); both must agree on success and on the
 * number of errors.
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

/* Lower src; returns -1 on failure, else 0, and the number of errors. */
static int lower(const struct pol_source *src, bool mls, size_t *errors)
{
	struct pol_source_options opts = {.mls = mls};
	struct pol_source_module *mod;
	struct pol_err err;
	int status = 0;

	pol_err_init(&err);
	if (pol_source_lower(src, &opts, &mod, &err) == 0) {
		if (expand && pol_source_module_is_base(mod)) {
			struct pol_pdb *kp;

			pol_err_clear(&err);
			if (pol_source_module_expand(mod, &opts, &kp, &err) == 0)
				pol_pdb_free(kp);
			else if (pol_err_errors(&err) == 0)
				abort(); /* an expansion refused without a word */
		}
		pol_source_module_free(mod);
	} else if (pol_err_errors(&err) == 0) {
		abort(); /* a lowering refused without a word */
	} else {
		status = -1;
	}
	*errors = pol_err_errors(&err);
	pol_err_release(&err);
	return status;
}

/* Parse and lower one input; returns the outcome as -2 (parse refused),
 * -1 (lowering refused) or 0, and the number of errors. */
static int compile(const uint8_t *data, size_t size, bool lean, size_t *errors)
{
	struct pol_source *src;
	struct pol_err err;
	int r, status;

	pol_err_init(&err);
	if (pol_source_new(&src, &err) < 0)
		abort();
	pol_source_set_lean(src, lean);
	r = pol_source_parse_data(src, "fuzz.conf", (const char *)data, size, &err);
	if (r == 0) {
		status = lower(src, has_mls(data, size), errors);
	} else if (pol_err_errors(&err) == 0) {
		abort(); /* a parse refused without a word */
	} else {
		status = -2;
		*errors = pol_err_errors(&err);
	}
	pol_source_free(src);
	pol_err_release(&err);
	return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t errors = 0, lean_errors = 0;
	int status;

	if (expand < 0) {
		const char *e = getenv("FUZZ_EXPAND");

		expand = e && *e == '1';
	}
	status = compile(data, size, false, &errors);
	if (compile(data, size, true, &lean_errors) != status || lean_errors != errors)
		abort(); /* the lean compile must say what the normal one says */
	return 0;
}
