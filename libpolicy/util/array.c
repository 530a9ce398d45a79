/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

int pol_array_grow(void *vp, size_t *alloc, size_t need, size_t size)
{
	size_t n = *alloc;
	void *v;

	if (need <= n)
		return 0;
	n = n < 16 ? 16 : n + n / 2;
	if (n < need || n < *alloc)
		n = need;
	if (size && n > SIZE_MAX / size)
		return -ENOMEM;
	/* vp is the address of any object pointer: copy it, not cast it. */
	memcpy(&v, vp, sizeof(v));
	v = realloc(v, n * size);
	if (!v)
		return -ENOMEM;
	memcpy(vp, &v, sizeof(v));
	*alloc = n;
	return 0;
}
