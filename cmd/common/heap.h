/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SEKIT_HEAP_H
#define SEKIT_HEAP_H

#include <stddef.h>

/* Prepare the heap for about bytes of small allocations on huge pages;
 * harmless where the kernel or allocator cannot do it. */
void cli_reserve_heap(size_t bytes);

#endif
