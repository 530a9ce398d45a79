/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/file.h"
#include "util/suggest.h"

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

/* The tool's global options (cli_set_global_options()), or NULL. */
static const struct cli_option *globals;

void cli_set_global_options(const struct cli_option *table)
{
	globals = table;
}

struct find_word {
	const char *name; /* a long name, or NULL */
	int id;		  /* a short letter, or 0 */
	bool found;
};

static void match_word(const struct cli_option *o, void *data)
{
	struct find_word *f = data;

	if ((f->name && o->name && strcmp(o->name, f->name) == 0) ||
	    (is_short(f->id) && o->id == f->id))
		f->found = true;
}

static bool cli_table_has(const void *table, const struct cli_option *o)
{
	struct find_word f = {o->name, o->id, false};

	each_option(table, match_word, &f);
	return f.found;
}

void cli_each_inherited(bool (*has)(const void *table, const struct cli_option *o),
			const void *table, void (*fn)(const struct cli_option *o, void *data),
			void *data)
{
	if (!globals || table == globals)
		return;
	for (const struct cli_option *o = globals; o->id; o++) {
		if (o->dest_kind == CLI_DEST_GROUP)
			continue;
		/* an entry without a destination would reach the command's
		 * switch, which does not know it */
		if (o->dest_kind == CLI_DEST_NONE || has(table, o))
			continue;
		fn(o, data);
	}
}

static void store(const struct cli_option *o, const char *value)
{
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
		*(const char **)o->dest = value;
		break;
	default:
		break;
	}
}

struct inherited_word {
	const char *word;
	const struct cli_option *found;
	const char *attached; /* the value in the word itself, or NULL */
};

static void match_inherited(const struct cli_option *o, void *data)
{
	struct inherited_word *w = data;
	const char *a = w->word;
	size_t len;

	if (w->found)
		return;
	if (a[1] == '-' && o->name) {
		len = strcspn(a + 2, "=");
		if (strlen(o->name) != len || strncmp(o->name, a + 2, len) != 0)
			return;
		w->found = o;
		w->attached = a[2 + len] == '=' ? a + 3 + len : NULL;
	} else if (a[1] != '-' && is_short(o->id) && a[1] == o->id &&
		   (o->has_arg != no_argument || !a[2])) {
		w->found = o;
		w->attached = a[2] ? a + 2 : NULL;
	}
}

int cli_inherited_option(bool (*has)(const void *table, const struct cli_option *o),
			 const void *table, int argc, char **argv, int *i)
{
	struct inherited_word w = {argv[*i], NULL, NULL};

	if (w.word[0] != '-' || !w.word[1])
		return 0;
	cli_each_inherited(has, table, match_inherited, &w);
	if (!w.found)
		return 0;
	if (w.found->has_arg == no_argument && w.attached) {
		cli_usage_problem("option '--%s' doesn't allow an argument", w.found->name);
		return -1;
	}
	if (w.found->has_arg == required_argument && !w.attached) {
		if (*i + 1 >= argc) {
			cli_usage_problem("option '%s' requires an argument", w.word);
			return -1;
		}
		w.attached = argv[++*i];
	}
	store(w.found, w.attached);
	return 1;
}

/* each_option() over table, then the global options it inherits */
static void each_option_all(const struct cli_option *table,
			    void (*fn)(const struct cli_option *o, void *data), void *data)
{
	each_option(table, fn, data);
	cli_each_inherited(cli_table_has, table, fn, data);
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
	each_option_all(g->table, add_to_getopt, g);
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

struct find_policy {
	const struct cli_option *found;
};

static void match_policy(const struct cli_option *o, void *data)
{
	struct find_policy *f = data;

	if (!f->found && o->name && strcmp(o->name, "policy") == 0 &&
	    o->has_arg == required_argument)
		f->found = o;
}

/* table's --policy taking a value, else the tool's global one; NULL. */
static const struct cli_option *policy_option(const struct cli_option *table)
{
	struct find_policy f = {NULL};

	if (table)
		each_option(table, match_policy, &f);
	if (!f.found && globals)
		each_option(globals, match_policy, &f);
	return f.found;
}

bool cli_policy_note(const struct cli_option *table, const char *word, const char *value)
{
	const struct cli_option *o;
	char name[80];

	if (!word || !value || word[0] != '-' || !word[1] || word[2] ||
	    pol_policy_magic(value) != POL_MAGIC_KERNEL || !(o = policy_option(table)) ||
	    (is_short(o->id) && o->id == word[1]))
		return false;
	if (is_short(o->id))
		snprintf(name, sizeof(name), "-%c/--%s", o->id, o->name);
	else
		snprintf(name, sizeof(name), "--%s", o->name);
	cli_usage_suggest(name);
	return true;
}

/* -p, a flag in a word of its own, followed by a binary policy, where the
 * table's policy option is another (serelabel's -p is setfiles'
 * --progress): the policy was meant for that option, as -p is the policy
 * in the other tools. Only -p: another flag before a policy is an
 * ordinary command line (sepolc -b -F policy.33). Reports it and returns
 * whether it did. */
static bool flag_before_policy(const struct cli_getopt *g, const struct cli_option *o, int argc,
			       char **argv)
{
	if (o->id != 'p' || o->has_arg != no_argument || optind < 1 || optind >= argc ||
	    strcmp(argv[optind - 1], "-p") != 0 ||
	    pol_policy_magic(argv[optind]) != POL_MAGIC_KERNEL || !policy_option(g->table))
		return false;
	cli_usage_problem("-p/--%s takes no value, and '%s' is a binary policy", o->name,
			  argv[optind]);
	cli_policy_note(g->table, "-p", argv[optind]);
	cli_usage_report(NULL);
	return true;
}

/* getopt's own words, under the tool's name and with our Try line. */
static void option_error(const struct cli_getopt *g, int c, int argc, char **argv)
{
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	size_t len = strcspn(arg, "=");
	int k;

	if (strncmp(arg, "--", 2) != 0) {
		if (c == ':') {
			cli_usage_error("option requires an argument -- '%c'", optopt);
			return;
		}
		cli_usage_problem("invalid option -- '%c'", optopt);
		if (optind >= 1 && optind < argc)
			cli_policy_note(g->table, argv[optind - 1], argv[optind]);
		cli_usage_report(NULL);
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
		if (flag_before_policy(g, o, argc, argv))
			return '?';
		store(o, optarg);
		if (o->dest_kind == CLI_DEST_NONE)
			return c;
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
int cli_option_left(const struct cli_option *o, char *buf, size_t size)
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
	n = cli_option_left(o, buf, sizeof(buf));
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
	cli_option_left(o, buf, sizeof(buf));
	cli_print_help_line(buf, width, h);
}

void cli_print_option_lines(const struct cli_option *table)
{
	int width = 0;

	each_option_all(table, widest, &width);
	each_option_all(table, print_line, &width);
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

	each_option_all(table, list_one, &seen);
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
