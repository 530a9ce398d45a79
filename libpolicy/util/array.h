/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Growable arrays, as git's ALLOC_GROW: one place that computes the next
 * capacity and checks the multiplication for overflow. */
#ifndef POL_UTIL_ARRAY_H
#define POL_UTIL_ARRAY_H

#include <stddef.h>

/* Make *vp (a pointer to an array of elements of size bytes, with room for
 * *alloc of them) hold at least need elements, growing by half again
 * (at least to 16). Returns 0, or -ENOMEM with the array untouched. */
int pol_array_grow(void *vp, size_t *alloc, size_t need, size_t size);

/* POL_ARRAY_GROW(list->items, list->count + 1, list->alloc) */
#define POL_ARRAY_GROW(v, need, alloc) pol_array_grow(&(v), &(alloc), (need), sizeof(*(v)))

#endif
