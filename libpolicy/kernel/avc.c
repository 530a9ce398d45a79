/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* AVC statistics: avc/cache_stats (per CPU, as avcstat sums them), hash_stats. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/internal.h"

#define CACHE_STATS_HEADER "lookups hits misses allocations reclaims frees"

/* "entries: 503\nbuckets used: 313/512\nlongest chain: 5\n" */
static void hash_stats(const struct pol_kernel *k, struct pol_kernel_avc *out)
{
	char buf[512], *save;

	if (kfs_read(k, "avc/hash_stats", buf, sizeof(buf), NULL) < 0)
		return;
	for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		long a, b;

		if (sscanf(line, "entries: %ld", &a) == 1)
			out->entries = a;
		else if (sscanf(line, "buckets used: %ld/%ld", &a, &b) == 2)
			out->buckets_used = a, out->buckets = b;
		else if (sscanf(line, "longest chain: %ld", &a) == 1)
			out->longest_chain = a;
	}
}

int pol_kernel_avc_stats(struct pol_kernel *k, struct pol_kernel_avc *out, struct pol_err *err)
{
	struct pol_kernel_avc s = { .threshold = -1, .entries = -1, .buckets_used = -1,
				    .buckets = -1, .longest_chain = -1 };
	/* a line per CPU: room for a few thousand */
	size_t size = 1 << 18;
	char *buf, *line, *save;
	ssize_t n;
	int rc;

	rc = kfs_need_kernel(k, "AVC statistics", err);
	if (rc < 0)
		return rc;
	buf = malloc(size);
	if (!buf)
		return pol_err_set(err, -ENOMEM, "out of memory");
	n = kfs_read(k, "avc/cache_stats", buf, size, err);
	if (n < 0) {
		free(buf);
		return (int)n;
	}
	line = strtok_r(buf, "\n", &save);
	if (!line || strcmp(line, CACHE_STATS_HEADER) != 0) {
		free(buf);
		return pol_err_set(err, POL_EFORMAT, "'%s/avc/cache_stats' does not start with '%s'",
				   k->fs, CACHE_STATS_HEADER);
	}
	while ((line = strtok_r(NULL, "\n", &save))) {
		unsigned long long v[6];

		if (sscanf(line, "%llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
			   &v[5]) != 6) {
			rc = pol_err_set(err, POL_EFORMAT, "'%s/avc/cache_stats': cannot parse '%s'",
					 k->fs, line);
			free(buf);
			return rc;
		}
		s.lookups += v[0];
		s.hits += v[1];
		s.misses += v[2];
		s.allocations += v[3];
		s.reclaims += v[4];
		s.frees += v[5];
		s.cpus++;
	}
	free(buf);
	if (s.cpus == 0)
		return pol_err_set(err, POL_EFORMAT, "'%s/avc/cache_stats' has no data", k->fs);
	kfs_read_long(k, "avc/cache_threshold", &s.threshold, NULL);
	hash_stats(k, &s);
	*out = s;
	return 0;
}
