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

#define skip(n, why)                                                                  \
	do {                                                                          \
		for (int tap_i_ = 0; tap_i_ < (n); tap_i_++)                          \
			printf("ok %d # SKIP %s\n", ++tap_count, why);               \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
