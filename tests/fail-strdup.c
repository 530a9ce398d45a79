/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An LD_PRELOAD library for the tests of running out of memory: strdup()
 * of the string $SEKIT_FAIL_STRDUP returns NULL with errno ENOMEM, as it
 * does when memory runs out; every other call is the real strdup().
 * $SEKIT_FAIL_STRDUP_AFTER=N lets the first N copies of the string succeed
 * (libsepol copying again what sekit copied first).
 * helpers.bash's fail_strdup builds it. strdup() is what the code under
 * test calls and what ASan intercepts, so the same library works with and
 * without --enable-sanitizers (malloc() would not).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *strdup(const char *s)
{
	static char *(*real)(const char *);
	static long seen;
	const char *fail = getenv("SEKIT_FAIL_STRDUP");
	const char *after = getenv("SEKIT_FAIL_STRDUP_AFTER");

	if (fail && strcmp(s, fail) == 0 && ++seen > (after ? atol(after) : 0)) {
		errno = ENOMEM;
		return NULL;
	}
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "strdup");
	return real(s);
}
