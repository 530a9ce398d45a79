/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "heap.h"

/*
 * libsepol builds a reference policy out of some 150,000 small allocations
 * (one per avtab node), and on 4 KiB pages a third of the load time goes to
 * page faults and TLB misses. Growing the heap once and asking for
 * transparent huge pages on it (what glibc.malloc.hugetlb=1 would do, but
 * that tunable can only be set before the process starts) makes the same
 * allocations land on 2 MiB pages. Memory is only committed when touched, so
 * a small query does not pay for the reservation.
 */
void cli_reserve_heap(size_t bytes)
{
	long page = sysconf(_SC_PAGESIZE);
	const size_t huge = 2u << 20;
	uintptr_t start, end;
	char *p;

	if (page <= 0)
		return;
	/* Keep the block on the brk heap and keep it there once freed. */
	mallopt(M_MMAP_THRESHOLD, (int)(bytes + huge));
	mallopt(M_TRIM_THRESHOLD, (int)(2 * bytes));
	p = malloc(bytes);
	if (!p)
		return;
	start = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
	end = ((uintptr_t)p + bytes) & ~(uintptr_t)(huge - 1);
	if (end > start)
		(void)madvise((void *)start, end - start, MADV_HUGEPAGE);
	free(p);
}
