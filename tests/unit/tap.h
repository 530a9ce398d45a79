/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A minimal TAP producer for libpolicy's unit tests; automake's TAP driver
 * reads the output. ok() records one test; the plan is printed at the end.
 */
#ifndef SEKIT_TAP_H
#define SEKIT_TAP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failed;

static inline int tap_noskip(void)
{
	const char *v = getenv("SEKIT_NOSKIP");

	return v && strcmp(v, "1") == 0;
}

#define ok(cond, ...)                                                             \
	do {                                                                          \
		int tap_ok_ = (cond);                                                 \
		printf("%sok %d - ", tap_ok_ ? "" : "not ", ++tap_count);            \
		printf(__VA_ARGS__);                                                  \
		printf("\n");                                                         \
		if (!tap_ok_) {                                                       \
			tap_failed++;                                                 \
			printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
		}                                                                     \
	} while (0)

#define is_str(got, want, ...)                                                        \
	do {                                                                          \
		const char *tap_g_ = (got), *tap_w_ = (want);                         \
		ok(tap_g_ && strcmp(tap_g_, tap_w_) == 0, __VA_ARGS__);               \
		if (!tap_g_ || strcmp(tap_g_, tap_w_) != 0)                           \
			printf("#   got '%s'\n#  want '%s'\n", tap_g_ ? tap_g_ : "(null)", \
			       tap_w_);                                               \
	} while (0)

/*
 * skip(N, WHY): N tests not run, for WHY (what is missing: a package, the
 * corpus). With SEKIT_NOSKIP=1 (CI) they fail instead: a skip there means
 * CI did not install what the test needs. Never skip on a failure of
 * sekit's own code: that is a failed ok().
 */
#define skip(n, why)                                                                               \
	do {                                                                                       \
		for (int tap_i_ = 0; tap_i_ < (n); tap_i_++) {                                     \
			if (tap_noskip()) {                                                        \
				printf("not ok %d - SEKIT_NOSKIP=1: a skip fails: %s\n",           \
				       ++tap_count, why);                                          \
				tap_failed++;                                                      \
			} else {                                                                   \
				printf("ok %d # SKIP %s\n", ++tap_count, why);                     \
			}                                                                          \
		}                                                                                  \
	} while (0)

/*
 * not_run(N, WHY): N tests that cannot run because sekit's own code failed
 * before them (a policy that does not compile, a graph that does not
 * build): failures, never skips.
 */
#define not_run(n, why)                                                                            \
	do {                                                                                       \
		for (int tap_i_ = 0; tap_i_ < (n); tap_i_++) {                                     \
			printf("not ok %d - not run: %s\n", ++tap_count, why);                     \
			tap_failed++;                                                              \
		}                                                                                  \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
