/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

#include "argparse.h"
#include "cli.h"
#include "options.h"

const char *ap_display(const struct ap_option *opts, int id, char *buf, size_t size)
{
	for (const struct ap_option *o = opts; o->id; o++) {
		if (o->id != id)
			continue;
		snprintf(buf, size, "%s%s%s", o->names[0], o->names[1] ? "/" : "",
			 o->names[1] ? o->names[1] : "");
		return buf;
	}
	snprintf(buf, size, "?");
	return buf;
}

static const struct ap_option *find_exact(const struct ap_option *opts, const char *arg, size_t len)
{
	for (const struct ap_option *o = opts; o->id; o++)
		for (int i = 0; i < 3 && o->names[i]; i++)
			if (strlen(o->names[i]) == len && strncmp(o->names[i], arg, len) == 0)
				return o;
	return NULL;
}

/* argparse accepts any unambiguous prefix of a "--" option. */
static const struct ap_option *find_prefix(const struct ap_option *opts, const char *arg, size_t len,
					   bool *ambiguous)
{
	const struct ap_option *found = NULL;

	*ambiguous = false;
	for (const struct ap_option *o = opts; o->id; o++)
		for (int i = 0; i < 3 && o->names[i]; i++)
			if (strncmp(o->names[i], "--", 2) == 0 && strncmp(o->names[i], arg, len) == 0) {
				if (found && found != o)
					*ambiguous = true;
				found = o;
			}
	return *ambiguous ? NULL : found;
}

static bool is_json(const struct ap_option *o)
{
	return o && (strcmp(o->names[0], "--json") == 0 ||
		     (o->names[1] && strcmp(o->names[1], "--json") == 0));
}

/* Whether a word before "--" is --json (or abbreviates it): then a usage
 * error is JSON wherever it is on the line, as cli_getopt() does. A value
 * never starts with '-' here, so no word needs skipping. */
static bool asks_json(const struct ap_option *opts, int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++) {
		size_t len = strcspn(argv[i], "=");
		bool ambiguous;

		if (strncmp(argv[i], "--", 2) == 0 &&
		    (is_json(find_exact(opts, argv[i], len)) ||
		     is_json(find_prefix(opts, argv[i], len, &ambiguous))))
			return true;
	}
	return false;
}

/* Whether opts names the global option o (its long name or its letter):
 * then o is the command's own, not inherited (cli_inherited_option()). */
static bool ap_has(const void *table, const struct cli_option *o)
{
	char word[64];

	snprintf(word, sizeof(word), "--%s", o->name ? o->name : "");
	if (o->name && find_exact(table, word, strlen(word)))
		return true;
	snprintf(word, sizeof(word), "-%c", o->id > 0 && o->id < 256 ? o->id : 0);
	return o->id > 0 && o->id < 256 && find_exact(table, word, 2);
}

static int push(struct ap_item **items, int *n, size_t *alloc, int id, const char *value)
{
	if (pol_array_grow(items, alloc, (size_t)*n + 1, sizeof(**items)) < 0)
		return -1;
	(*items)[*n].id = id;
	(*items)[*n].value = value;
	(*n)++;
	return 0;
}

int ap_parse(const struct ap_option *opts, int argc, char **argv, struct ap_item **items)
{
	bool only_positional = false;
	char name[64];
	size_t alloc = 0;
	int n = 0;

	*items = NULL;
	if (asks_json(opts, argc, argv))
		cli_set_json(true);
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		const struct ap_option *o;
		const char *eq, *attached = NULL;
		size_t len;
		bool ambiguous = false;

		if (only_positional || arg[0] != '-' || arg[1] == '\0') {
			if (push(items, &n, &alloc, 0, arg) < 0)
				goto nomem;
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			only_positional = true;
			continue;
		}
		eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
		len = eq ? (size_t)(eq - arg) : strlen(arg);
		o = find_exact(opts, arg, len);
		if (!o && arg[1] == '-')
			o = find_prefix(opts, arg, len, &ambiguous);
		if (ambiguous) {
			cli_usage_problem("ambiguous option: %.*s", (int)len, arg);
			goto fail;
		}
		if (!o && arg[1] != '-') {
			/* -sVALUE, or grouped flags such as -AT */
			char single[3] = { '-', arg[1], '\0' };

			o = find_exact(opts, single, 2);
			if (o && o->value != AP_FLAG) {
				attached = arg + 2;
			} else if (o) {
				for (const char *c = arg + 1; *c; c++) {
					char s[3] = { '-', *c, '\0' };
					const struct ap_option *f = find_exact(opts, s, 2);

					if (!f || f->value != AP_FLAG) {
						o = NULL;
						break;
					}
					if (c[1] && push(items, &n, &alloc, f->id, NULL) < 0)
						goto nomem;
					o = f;
				}
			}
		}
		if (!o) {
			/* the tool's global options, after the command word */
			int r = cli_inherited_option(ap_has, opts, argc, argv, &i);

			if (r > 0)
				continue;
			if (r == 0) {
				cli_usage_problem("unrecognized option '%.*s'", (int)len, arg);
				cli_policy_note(NULL, arg, i + 1 < argc ? argv[i + 1] : NULL);
			}
			goto fail;
		}
		if (eq)
			attached = eq + 1;
		if (is_json(o))
			cli_set_json(true);
		if (o->value == AP_FLAG) {
			if (eq) {
				cli_usage_problem("argument %s: ignored explicit argument '%s'",
						  ap_display(opts, o->id, name, sizeof(name)),
						  eq + 1);
				goto fail;
			}
			if (push(items, &n, &alloc, o->id, NULL) < 0)
				goto nomem;
			continue;
		}
		if (!attached && i + 1 < argc && (argv[i + 1][0] != '-' || argv[i + 1][1] == '\0'))
			attached = argv[++i];
		if (!attached && o->value == AP_VALUE) {
			cli_usage_problem("argument %s: expected one argument",
					  ap_display(opts, o->id, name, sizeof(name)));
			goto fail;
		}
		if (push(items, &n, &alloc, o->id, attached) < 0)
			goto nomem;
	}
	return n;
nomem:
	fprintf(stderr, "%s: out of memory\n", cli_name());
fail:
	free(*items);
	*items = NULL;
	return -1;
}

/* "-s, --source=NAME", "--type_change", "-a, --attribute [NAME]" */
static int left_column(const struct ap_option *o, char *buf, size_t size)
{
	int n = snprintf(buf, size, "  ");

	for (int i = 0; i < 3 && o->names[i] && (size_t)n < size; i++)
		n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? ", " : "", o->names[i]);
	if (o->arg && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n,
			      o->value == AP_OPTIONAL_VALUE ? " [%s]" : "=%s", o->arg);
	return n;
}

static void inherited_width(const struct cli_option *o, void *data)
{
	char buf[128];
	int n = o->help ? cli_option_left(o, buf, sizeof(buf)) : 0;

	if (n > *(int *)data)
		*(int *)data = n;
}

static void print_inherited(const struct cli_option *o, void *data)
{
	char buf[128];

	if (!o->help)
		return;
	cli_option_left(o, buf, sizeof(buf));
	cli_print_help_line(buf, *(int *)data, o->help);
}

static void list_inherited(const struct cli_option *o, void *data)
{
	size_t n = o->help ? strcspn(o->help, "\n") : 0;

	if (!o->help)
		return;
	if (o->id > 0 && o->id < 256)
		printf("-%c\t%.*s\n", o->id, (int)n, o->help);
	if (o->name)
		printf("--%s\t%.*s\n", o->name, (int)n, o->help);
}

void ap_print_options(const struct ap_option *opts)
{
	char buf[128];
	int width = 0;

	for (const struct ap_option *o = opts; o->id; o++) {
		int n = o->id != AP_SECTION && o->help ? left_column(o, buf, sizeof(buf)) : 0;

		if (n > width)
			width = n;
	}
	cli_each_inherited(ap_has, opts, inherited_width, &width);
	if (opts->id != AP_SECTION)
		fputs("Options:\n", stdout);
	for (const struct ap_option *o = opts; o->id; o++) {
		const char *h = o->help;

		if (!h)
			continue;
		if (o->id == AP_SECTION) {
			printf("%s%s\n", o == opts ? "" : "\n", h);
			continue;
		}
		left_column(o, buf, sizeof(buf));
		cli_print_help_line(buf, width, h);
	}
	cli_each_inherited(ap_has, opts, print_inherited, &width);
}

int ap_list_options(const struct ap_option *opts)
{
	for (const struct ap_option *o = opts; o->id; o++) {
		if (o->id == AP_SECTION || !o->help)
			continue;
		for (int i = 0; i < 3 && o->names[i]; i++)
			printf("%s\t%.*s\n", o->names[i], (int)strcspn(o->help, "\n"), o->help);
	}
	cli_each_inherited(ap_has, opts, list_inherited, NULL);
	return EXIT_OK;
}
