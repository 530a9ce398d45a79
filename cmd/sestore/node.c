/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sestore node and interface: semanage node's and interface's network labels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sestore.h"

// clang-format off
static const struct cli_option node_options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_VALUE('M', "netmask", "MASK", "the network mask (255.255.255.0, or /24)"),
	CLI_VALUE('p', "proto", "PROTO", "ipv4 or ipv6"),
	CLI_VALUE('t', "type", "TYPE", "the node type"),
	CLI_VALUE('r', "range", "RANGE", "the MLS range (default s0)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};

static const struct cli_option iface_options[] = {
	CLI_GROUP(sestore_action_options),
	CLI_VALUE('t', "type", "TYPE", "the interface type"),
	CLI_VALUE('r', "range", "RANGE", "the MLS range (default s0)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static const char node_usage[] =
    "Usage:\n"
    " sestore node -a|-m -M MASK -p PROTO -t TYPE [-r RANGE] ADDRESS\n"
    " sestore node -d -M MASK -p PROTO ADDRESS\n"
    " sestore node -l|-C|-D\n"
    "\n"
    "Label a network node (an address and its mask), as semanage node does.\n"
    "\n";

static const char iface_usage[] = "Usage:\n"
				  " sestore interface -a|-m -t TYPE [-r RANGE] INTERFACE\n"
				  " sestore interface -d INTERFACE\n"
				  " sestore interface -l|-C|-D\n"
				  "\n"
				  "Label a network interface, as semanage interface does.\n"
				  "\n";

/* the record's context, as semanage -l prints it: a space after it */
static void print_con(const struct pol_store_rec *r)
{
	printf("%s:object_r:%s%s%s \n", r->seuser ? r->seuser : "system_u", r->type,
	       r->range ? ":" : "", r->range ? r->range : "");
}

/* semanage's key: (address, mask, protocol), compared as strings */
static int by_key(const void *pa, const void *pb)
{
	const struct pol_store_rec *a = *(const struct pol_store_rec *const *)pa;
	const struct pol_store_rec *b = *(const struct pol_store_rec *const *)pb;
	int c = strcmp(a->name, b->name);

	if (!c)
		c = strcmp(a->mask ? a->mask : "", b->mask ? b->mask : "");
	return c ? c : strcmp(a->proto ? a->proto : "", b->proto ? b->proto : "");
}

static void print_node(const struct sestore *sc, const struct pol_store_list *l)
{
	const struct pol_store_rec **v = sestore_sorted(l, by_key);

	if (!sc->noheading)
		printf("%-18s %-18s %-5s %-5s\n\n", "IP Address", "Netmask", "Protocol", "Context");
	for (size_t i = 0; v && i < l->n; i++) {
		printf("%-18s %-18s %-5s ", v[i]->name, v[i]->mask, v[i]->proto);
		print_con(v[i]);
	}
	free(v);
}

static void print_iface(const struct sestore *sc, const struct pol_store_list *l)
{
	if (!sc->noheading)
		printf("%-30s %s\n\n", "SELinux Interface", "Context");
	for (size_t i = 0; i < l->n; i++) {
		printf("%-30s ", l->recs[i].name);
		print_con(&l->recs[i]);
	}
}

static const struct sestore_kind node = {POL_STORE_NODE, node_options, node_usage,
					 "address",	 NULL,	       print_node};
static const struct sestore_kind iface = {POL_STORE_INTERFACE, iface_options, iface_usage,
					  "interface",	       NULL,	      print_iface};

int sestore_node(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &node, argc, argv);
}

int sestore_interface(void *ctx, int argc, char **argv)
{
	return sestore_record(ctx, &iface, argc, argv);
}
