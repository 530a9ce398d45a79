/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

static bool is_short(int id)
{
	return id > 0 && id < 256;
}

/* Calls fn on every option of table, groups flattened, in table order. */
static void each_option(const struct cli_option *table,
			void (*fn)(const struct cli_option *o, void *data), void *data)
{
	for (const struct cli_option *o = table; o->id; o++) {
		if (o->dest_kind == CLI_DEST_GROUP)
			each_option(o->dest, fn, data);
		else
			fn(o, data);
	}
}

static void add_to_getopt(const struct cli_option *o, void *data)
{
	struct cli_getopt *g = data;
	size_t n = 0, len = strlen(g->shortopts);

	while (g->longopts[n].name)
		n++;
	if (o->name && n < CLI_MAX_OPTIONS) {
		g->longopts[n] = (struct option){o->name, o->has_arg, NULL, o->id};
		g->entry[n] = o;
	} else if (o->name) {
		abort(); /* a table larger than CLI_MAX_OPTIONS: a bug, seen at once */
	}
	if (is_short(o->id) && len + 3 < sizeof(g->shortopts)) {
		g->shortopts[len++] = (char)o->id;
		if (o->has_arg != no_argument)
			g->shortopts[len++] = ':';
		if (o->has_arg == optional_argument)
			g->shortopts[len++] = ':';
		g->shortopts[len] = '\0';
	}
}

static void build(struct cli_getopt *g)
{
	size_t n = 0;

	memset(g->longopts, 0, sizeof(g->longopts));
	/* ':' first (after '+'/'-'): a missing value returns ':', not '?' */
	snprintf(g->shortopts, sizeof(g->shortopts), "%s:", g->prefix ? g->prefix : "");
	each_option(g->table, add_to_getopt, g);
	while (g->longopts[n].name)
		n++;
	g->longopts[n] = (struct option){"list-options", no_argument, NULL, CLI_LIST_OPTIONS};
	g->entry[n] = NULL;
	g->ready = true;
}

static const struct cli_option *find_id(const struct cli_getopt *g, int id)
{
	for (size_t i = 0; g->longopts[i].name; i++)
		if (g->longopts[i].val == id)
			return g->entry[i];
	return NULL;
}

struct find_short {
	int id;
	const struct cli_option *found;
};

static void match_short(const struct cli_option *o, void *data)
{
	struct find_short *f = data;

	if (!f->found && o->id == f->id)
		f->found = o;
}

/* The g->longopts index of the long option NAME (len bytes, without "--")
 * names as getopt_long() reads it: an exact match, else the one option it
 * abbreviates. -1 when it names none, -2 when it is ambiguous. */
static int find_long(const struct cli_getopt *g, const char *name, size_t len)
{
	int matches = 0, found = -1;

	for (int i = 0; g->longopts[i].name; i++) {
		if (strncmp(g->longopts[i].name, name, len) != 0)
			continue;
		if (strlen(g->longopts[i].name) == len)
			return i;
		matches++;
		found = i;
	}
	return matches > 1 ? -2 : found;
}

/* getopt's own words, under the tool's name and with our Try line. */
static void option_error(const struct cli_getopt *g, int c, int argc, char **argv)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	size_t len = strcspn(arg, "=");
	int k;

	if (strncmp(arg, "--", 2) != 0) {
		if (c == ':')
			cli_usage_error("option requires an argument -- '%c'", optopt);
		else
			cli_usage_error("invalid option -- '%c'", optopt);
		return;
	}
	k = find_long(g, arg + 2, len - 2);
	if (c == ':' && k >= 0)
		cli_usage_error("option '--%s' requires an argument", g->longopts[k].name);
	else if (k >= 0 && arg[len] == '=')
		cli_usage_error("option '--%s' doesn't allow an argument", g->longopts[k].name);
	else if (k == -2)
		cli_usage_error("option '%.*s' is ambiguous", (int)len, arg);
	else
		cli_usage_error("unrecognized option '%.*s'", (int)len, arg);
}

/* Whether the short option letters of word a take the next word as their
 * value (a value option last in its group, "-vp FILE"). */
static bool takes_next(const struct cli_getopt *g, const char *a)
{
	for (const char *c = a + 1; *c; c++) {
		const char *p =
		    *c == ':' || *c == '+' || *c == '-' ? NULL : strchr(g->shortopts, *c);

		if (!p)
			return false;
		if (p[1] == ':')
			return p[2] != ':' && !c[1];
	}
	return false;
}

/*
 * Whether the command line asks for --json: a word before "--" that is g's
 * --json (or abbreviates it), an option's value not counted. A usage error
 * is JSON on such a line wherever it is, before --json too. A parse that
 * stops at its first operand ("+", a tool's global options) hands the rest
 * to a command whose table it does not know: there only "--json" itself
 * counts.
 */
static bool asks_json(const struct cli_getopt *g, int argc, char **argv)
{
	bool in_order = (g->prefix && g->prefix[0] == '+') || getenv("POSIXLY_CORRECT");
	bool rest = false;

	for (int i = optind > 0 ? optind : 1; i < argc; i++) {
		const char *a = argv[i];
		int k;

		if (strcmp(a, "--") == 0)
			break;
		if (rest || a[0] != '-' || a[1] == '\0') {
			if (strcmp(a, "--json") == 0)
				return true;
			rest |= in_order;
			continue;
		}
		if (a[1] != '-') {
			i += takes_next(g, a);
			continue;
		}
		k = find_long(g, a + 2, strcspn(a + 2, "="));
		if (k < 0)
			continue;
		if (strcmp(g->longopts[k].name, "json") == 0)
			return true;
		if (g->longopts[k].has_arg == required_argument && !strchr(a, '='))
			i++;
	}
	return false;
}

int cli_first_operand(const struct cli_option *table, int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(table, "");

	build(&g);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int k;

		if (strcmp(a, "--") == 0)
			return argc;
		if (a[0] != '-' || a[1] == '\0')
			return i;
		if (a[1] != '-') {
			i += takes_next(&g, a);
			continue;
		}
		k = find_long(&g, a + 2, strcspn(a + 2, "="));
		if (k >= 0 && g.longopts[k].has_arg == required_argument && !strchr(a, '='))
			i++;
	}
	return argc;
}

int cli_getopt(struct cli_getopt *g, int argc, char **argv)
{
	int c;

	if (!g->ready) {
		build(g);
		if (asks_json(g, argc, argv))
			cli_set_json(true);
	}
	opterr = 0;
	for (;;) {
		const struct cli_option *o;

		c = getopt_long(argc, argv, g->shortopts, g->longopts, NULL);
		if (c == -1)
			return -1;
		if (c == '?' || c == ':') {
			option_error(g, c, argc, argv);
			return '?';
		}
		if (c == CLI_LIST_OPTIONS) {
			cli_list_options(g->table);
			exit(EXIT_OK);
		}
		o = find_id(g, c);
		if (!o) {
			struct find_short f = {c, NULL};

			each_option(g->table, match_short, &f);
			o = f.found;
		}
		if (!o)
			return c;
		if (o->name && strcmp(o->name, "json") == 0)
			cli_set_json(true);
		switch (o->dest_kind) {
		case CLI_DEST_BOOL:
			*(bool *)o->dest = true;
			break;
		case CLI_DEST_COUNT:
			(*(int *)o->dest)++;
			break;
		case CLI_DEST_STRING:
			*(const char **)o->dest = optarg;
			break;
		default:
			return c;
		}
	}
}

void cli_print_help_line(const char *left, int width, const char *help)
{
	printf("%-*s  ", width, left);
	for (;;) {
		size_t n = strcspn(help, "\n");

		printf("%.*s\n", (int)n, help);
		if (!help[n])
			break;
		help += n + 1;
		printf("%-*s  ", width, "");
	}
}

/* "-x, --name=ARG", "    --name[=ARG]", "-D, --define=NAME" */
static int left_column(const struct cli_option *o, char *buf, size_t size)
{
	int sh = is_short(o->id) ? o->id : o->alias;
	char value[64] = "";

	if (o->arg && o->name && o->has_arg == optional_argument)
		snprintf(value, sizeof(value), "[=%s]", o->arg);
	else if (o->arg && o->name)
		snprintf(value, sizeof(value), "=%s", o->arg);
	else if (o->arg)
		snprintf(value, sizeof(value), " %s", o->arg);
	if (sh && o->name)
		return snprintf(buf, size, "  -%c, --%s%s", sh, o->name, value);
	if (sh)
		return snprintf(buf, size, "  -%c%s", sh, value);
	return snprintf(buf, size, "      --%s%s", o->name, value);
}

static void widest(const struct cli_option *o, void *data)
{
	char buf[128];
	int *w = data, n;

	if (!o->help)
		return;
	n = left_column(o, buf, sizeof(buf));
	if (n > *w)
		*w = n;
}

static void print_line(const struct cli_option *o, void *data)
{
	int width = *(int *)data;
	char buf[128];
	const char *h = o->help;

	if (!h)
		return;
	left_column(o, buf, sizeof(buf));
	cli_print_help_line(buf, width, h);
}

void cli_print_option_lines(const struct cli_option *table)
{
	int width = 0;

	each_option(table, widest, &width);
	each_option(table, print_line, &width);
}

void cli_print_options(const struct cli_option *table)
{
	fputs("Options:\n", stdout);
	cli_print_option_lines(table);
}

struct listed {
	char shorts[256];
};

static void list_one(const struct cli_option *o, void *data)
{
	struct listed *seen = data;
	int sh = is_short(o->id) ? o->id : o->alias;
	size_t n = o->help ? strcspn(o->help, "\n") : 0;

	if (!o->help)
		return;
	if (sh && !seen->shorts[sh]) {
		seen->shorts[sh] = 1;
		printf("-%c\t%.*s\n", sh, (int)n, o->help);
	}
	if (o->name)
		printf("--%s%s\t%.*s\n", o->name, o->has_arg == required_argument ? "=" : "",
		       (int)n, o->help);
}

int cli_list_options(const struct cli_option *table)
{
	struct listed seen = {{0}};

	each_option(table, list_one, &seen);
	return EXIT_OK;
}

bool cli_output_option(int c, int json_id, bool *json, bool *quiet, int *verbose)
{
	if (c == json_id)
		*json = true;
	else if (c == 'q')
		*quiet = true;
	else if (c == 'v')
		(*verbose)++;
	else
		return false;
	return true;
}

void cli_output_done(bool quiet, bool in_command, int *verbose)
{
	if (quiet && in_command) {
		cli_set_quiet(true);
		*verbose = 0;
	}
}
