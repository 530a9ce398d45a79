/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sectl avc: the access vector cache's statistics, as avcstat prints them. */
#include <stdio.h>

#include "util/json.h"

#include "cli.h"
#include "sectl.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sectl avc [options]\n"
	      "\n"
	      "Print the AVC statistics summed over CPUs, with avcstat's columns, then the\n"
	      "cache's hash table (entries, buckets used, longest chain) and threshold.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\n"
	      "Exit status: 0 done, 3 no SELinux or the statistics are unreadable.\n"
	      "See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

static void add_long(struct json_object *o, const char *key, long v)
{
	json_object_object_add(o, key, v < 0 ? NULL : json_object_new_int64(v));
}

static void add_u64(struct json_object *o, const char *key, uint64_t v)
{
	json_object_object_add(o, key, json_object_new_int64((int64_t)v));
}

int sectl_avc(void *ctx, int argc, char **argv)
{
	struct sectl *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_kernel_avc s;
	struct pol_kernel *k;
	struct pol_err err;
	int c, rc, status;

	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1)
		return c == 'h' ? usage() : EXIT_USAGE;
	if (optind < argc)
		return cli_usage_error("unexpected argument '%s'", argv[optind]);
	status = sectl_open(sc, "avc", false, &k);
	if (status != EXIT_OK)
		return status;
	pol_err_init(&err);
	rc = pol_kernel_avc_stats(k, &s, &err);
	if (rc < 0) {
		status = cli_report_kernel(&err, rc);
	} else if (sc->quiet) {
		;
	} else if (sc->json) {
		struct json_object *doc = sectl_json_doc("avc");

		add_u64(doc, "lookups", s.lookups);
		add_u64(doc, "hits", s.hits);
		add_u64(doc, "misses", s.misses);
		add_u64(doc, "allocations", s.allocations);
		add_u64(doc, "reclaims", s.reclaims);
		add_u64(doc, "frees", s.frees);
		json_object_object_add(doc, "cpus", json_object_new_int((int)s.cpus));
		add_long(doc, "cache_threshold", s.threshold);
		add_long(doc, "entries", s.entries);
		add_long(doc, "buckets_used", s.buckets_used);
		add_long(doc, "buckets", s.buckets);
		add_long(doc, "longest_chain", s.longest_chain);
		sectl_json_print(doc);
	} else {
		/* avcstat's header and widths */
		printf("%10s %10s %10s %10s %10s %10s\n", "lookups", "hits", "misses", "allocs",
		       "reclaims", "frees");
		printf("%10llu %10llu %10llu %10llu %10llu %10llu\n", (unsigned long long)s.lookups,
		       (unsigned long long)s.hits, (unsigned long long)s.misses,
		       (unsigned long long)s.allocations, (unsigned long long)s.reclaims,
		       (unsigned long long)s.frees);
		if (s.entries >= 0)
			printf("entries: %ld\n", s.entries);
		if (s.buckets >= 0)
			printf("buckets used: %ld/%ld\n", s.buckets_used, s.buckets);
		if (s.longest_chain >= 0)
			printf("longest chain: %ld\n", s.longest_chain);
		if (s.threshold >= 0)
			printf("cache threshold: %ld\n", s.threshold);
	}
	pol_kernel_free(k);
	pol_err_release(&err);
	return status;
}
