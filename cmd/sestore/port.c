/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore port: semanage port's port labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_VALUE('t', "type", "TYPE", "the port type"),
	CLI_VALUE('p', "proto", "PROTO", "tcp, udp, dccp or sctp"),
	CLI_VALUE('r', "range", "RANGE", "the MLS range (default s0)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char usage[] =
    "Usage:\n"
    " sestore port -a|-m -t TYPE -p PROTO [-r RANGE] PORT|LOW-HIGH\n"
    " sestore port -d -p PROTO PORT|LOW-HIGH\n"
    " sestore port -l|-C|-D\n"
    "\n"
    "Label a port or a range of ports, as semanage port does. A range may not\n"
    "overlap another local one.\n"
    "\n";

static int parse_port(const char *s, unsigned int *out, char **end)
{
	unsigned long v;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtoul(s, end, 10);
	if (v > 65535)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

static int parse_range(const char *s, unsigned int *low, unsigned int *high)
{
	char *end;

	if (parse_port(s, low, &end) < 0)
		return -1;
	*high = *low;
	if (*end == '-' && parse_port(end + 1, high, &end) < 0)
		return -1;
	return *end || *high < *low ? -1 : 0;
}

/* semanage port -l: one line per type and protocol, its ports joined */
static void print(const struct sestore *sc, const struct pol_store_list *l)
{
	bool *done = calloc(l->n + 1, sizeof(*done));

	if (!done)
		return;
	if (!sc->noheading)
		printf("%-30s %-8s %s\n\n", "SELinux Port Type", "Proto", "Port Number");
	for (size_t i = 0; i < l->n; i++) {
		const char *sep = "";

		if (done[i])
			continue;
		printf("%-30s %-8s ", l->recs[i].type, l->recs[i].proto);
		for (size_t j = i; j < l->n; j++) {
			const struct pol_store_rec *r = &l->recs[j];

			if (done[j] || strcmp(r->type, l->recs[i].type) != 0 ||
			    strcmp(r->proto, l->recs[i].proto) != 0)
				continue;
			done[j] = true;
			if (r->low == r->high)
				printf("%s%u", sep, r->low);
			else
				printf("%s%u-%u", sep, r->low, r->high);
			sep = ", ";
		}
		putchar('\n');
	}
	free(done);
}

/* PORT or LOW-HIGH, and -p for a change */
static int finish(struct sestore_req *r, const char *arg)
{
	if (!arg)
		return EXIT_OK;
	r->rec.name = NULL;
	if (parse_range(arg, &r->rec.low, &r->rec.high) < 0)
		return cli_usage_error("invalid port '%s': give PORT or LOW-HIGH, 0 to 65535", arg);
	if (r->action && !r->rec.proto)
		return cli_usage_error("no protocol: give -p tcp, udp, dccp or sctp");
	return EXIT_OK;
}

static const struct sestore_kind kind = {POL_STORE_PORT,  options, usage,
					 "port or range", finish,  print};

int sestore_port(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &kind, argc, argv);
}
