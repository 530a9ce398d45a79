/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tab completion in "sequery shell": command names, the options of the
 * command being typed (from the tables the commands parse with, never a
 * copy), and names from the open policy where an option or argument takes
 * one. readline's callbacks carry no data, hence the file-scope policy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <readline/readline.h>

#include "util/array.h"

#include "argparse.h"
#include "sequery.h"
#include "shell.h"

static struct sequery *sq;

enum value_kind {
	V_NONE,
	V_FILE,
	V_NAMES,         /* names of one pol_sym kind */
	V_CLASS_OR_FILE, /* what-can's second argument */
	V_COMMAND,
	V_OPTIONS,       /* of the command, or the global ones before it */
};

struct value {
	enum value_kind kind;
	enum pol_sym sym;
};

/* What an option's value names, by any one of the option's names (the
 * option is found in the command's own table, so "--source" finds "-s"). */
static const struct {
	const char *command, *option;
	enum pol_sym sym;
} option_values[] = {
	{ "rules", "-s", POL_SYM_TYPE_OR_ATTR },
	{ "rules", "-t", POL_SYM_TYPE_OR_ATTR },
	{ "rules", "-D", POL_SYM_TYPE_OR_ATTR },
	{ "rules", "-c", POL_SYM_CLASS },
	{ "rules", "-p", POL_SYM_PERM },
	{ "rules", "-b", POL_SYM_BOOL },
	/* seinfo's options, whose values are optional */
	{ "info", "--type", POL_SYM_TYPE },
	{ "info", "--attribute", POL_SYM_ATTRIBUTE },
	{ "info", "--role", POL_SYM_ROLE },
	{ "info", "--user", POL_SYM_USER },
	{ "info", "--bool", POL_SYM_BOOL },
	{ "info", "--class", POL_SYM_CLASS },
	{ "info", "--common", POL_SYM_COMMON },
	{ "info", "--sensitivity", POL_SYM_SENS },
	{ "info", "--category", POL_SYM_CAT },
	{ "info", "--permissive", POL_SYM_TYPE },
	{ "info", "--typebounds", POL_SYM_TYPE },
};

/* The positional arguments of the commands that take names. */
static const struct {
	const char *command;
	struct value args[4];
} positionals[] = {
	{ "who-can", { { V_NAMES, POL_SYM_PERM }, { V_NAMES, POL_SYM_CLASS },
		       { V_NAMES, POL_SYM_TYPE_OR_ATTR }, { V_FILE, 0 } } },
	{ "what-can",
	  { { V_NAMES, POL_SYM_TYPE_OR_ATTR }, { V_CLASS_OR_FILE, 0 }, { V_FILE, 0 } } },
};

static const struct ap_option *find_option(const struct ap_option *opts, const char *name)
{
	for (const struct ap_option *o = opts; o && o->id; o++)
		for (int i = 0; i < 3 && o->names[i]; i++)
			if (strcmp(o->names[i], name) == 0)
				return o;
	return NULL;
}

static struct value option_value(const char *command, const struct ap_option *o)
{
	struct value v = { V_NONE, 0 };

	for (size_t i = 0; o && i < sizeof(option_values) / sizeof(option_values[0]); i++) {
		if (strcmp(option_values[i].command, command) != 0)
			continue;
		for (int k = 0; k < 3 && o->names[k]; k++)
			if (strcmp(o->names[k], option_values[i].option) == 0)
				return (struct value){ V_NAMES, option_values[i].sym };
	}
	return v;
}

static struct value positional_value(const char *command, int index)
{
	for (size_t i = 0; i < sizeof(positionals) / sizeof(positionals[0]); i++)
		if (strcmp(positionals[i].command, command) == 0)
			return index < 4 ? positionals[i].args[index] : (struct value){ V_NONE, 0 };
	/* rules, info and the commands to come take a POLICY */
	return (struct value){ index == 0 ? V_FILE : V_NONE, 0 };
}

/* The candidates, gathered before readline asks for them one by one. */
static struct {
	char **v;
	size_t n, alloc, next;
	const char *prefix;
	size_t prefix_len;
} cand;

static void offer(const char *name, void *data)
{
	if (strncmp(name, cand.prefix, cand.prefix_len) != 0)
		return;
	if (POL_ARRAY_GROW(cand.v, cand.n + 1, cand.alloc) < 0)
		return;
	if ((cand.v[cand.n] = strdup(name)))
		cand.n++;
}

static void cand_reset(const char *text)
{
	for (size_t i = 0; i < cand.n; i++)
		free(cand.v[i]);
	cand.n = cand.next = 0;
	cand.prefix = text;
	cand.prefix_len = strlen(text);
}

/* readline frees what this returns. */
static char *generate(const char *text, int state)
{
	if (cand.next < cand.n) {
		char *s = cand.v[cand.next];

		cand.v[cand.next++] = NULL;
		return s;
	}
	return NULL;
}

static void offer_commands(void)
{
	for (const struct cli_command *c = sequery_commands; c->name; c++)
		if (c->help && strcmp(c->name, "shell") != 0)
			offer(c->name, NULL);
}

static void offer_names(enum pol_sym sym)
{
	if (sq->pdb)
		pol_pdb_each_name(sq->pdb, sym, offer, NULL);
}

static bool role_rules_asked(char **args, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(args[i], "--role_allow") == 0 || strcmp(args[i], "--role_trans") == 0)
			return true;
	return false;
}

/* Does this word take the next one as its value (as ap_parse() decides)? */
static bool takes_next(const struct ap_option *opts, const char *word, const char *next)
{
	const struct ap_option *o = find_option(opts, word);

	if (!o || o->value == AP_FLAG)
		return false;
	return o->value == AP_VALUE || !next || next[0] != '-';
}

/*
 * What the word at the cursor is. args[0..n) are the words before it: maybe
 * global options, then the command; prefix is the part of the word before a
 * '=' or ',' that readline treats as a break; text is the part after.
 */
static struct value classify(char **args, int n, const char *prefix, const char *text,
			     const char **command)
{
	const struct ap_option *opts;
	int first = 0, index = 0;

	/* leading global options, as in "--json who-can ..." */
	while (first < n && args[first][0] == '-')
		first++;
	*command = first < n ? args[first] : NULL;
	if (!*prefix && text[0] == '-')
		return (struct value){ V_OPTIONS, 0 };
	if (!*command)
		return (struct value){ *prefix ? V_NONE : V_COMMAND, 0 };
	if (strcmp(*command, "help") == 0)
		return (struct value){ n == first + 1 && !*prefix ? V_COMMAND : V_NONE, 0 };
	if (strcmp(*command, "policy") == 0)
		return (struct value){ n == first + 1 ? V_FILE : V_NONE, 0 };
	opts = sequery_command_options(*command);
	if (prefix[0] == '-' && strchr(prefix, '=')) {
		/* --source=htt */
		char name[64];

		snprintf(name, sizeof(name), "%.*s", (int)(strchr(prefix, '=') - prefix), prefix);
		return option_value(*command, find_option(opts, name));
	}
	if (n > first + 1 && takes_next(opts, args[n - 1], *prefix ? prefix : text))
		return option_value(*command, find_option(opts, args[n - 1]));
	for (int i = first + 1; i < n; i++) {
		if (args[i][0] != '-' || !args[i][1])
			index++;
		else if (i + 1 < n && takes_next(opts, args[i], args[i + 1]))
			i++;
	}
	return positional_value(*command, index);
}

static void offer_options(const char *command)
{
	static const char *const global[] = { "--json", "-q", "--quiet", "-v", "--verbose", NULL };

	if (!command) {
		for (const char *const *g = global; *g; g++)
			offer(*g, NULL);
		return;
	}
	for (const struct ap_option *o = sequery_command_options(command); o && o->id; o++)
		for (int k = 0; k < 3 && o->names[k]; k++)
			offer(o->names[k], NULL);
}

static char **complete(const char *text, int start, int end)
{
	struct shell_words w;
	const char *prefix = "", *command;
	struct value v;
	int n;

	rl_attempted_completion_over = 1;
	cand_reset(text);
	if (shell_split(rl_line_buffer, (size_t)start, true, &w) < 0) {
		shell_words_release(&w);
		return NULL;
	}
	n = w.n;
	if (w.open)
		prefix = w.v[--n];
	v = classify(w.v, n, prefix, text, &command);
	switch (v.kind) {
	case V_OPTIONS:
		offer_options(command);
		break;
	case V_COMMAND:
		offer_commands();
		for (const char *const *b = shell_builtins; *b; b++)
			offer(*b, NULL);
		break;
	case V_NAMES:
		offer_names(v.sym);
		/* role rules name roles where type rules name types */
		if ((v.sym == POL_SYM_TYPE_OR_ATTR && strcmp(command, "rules") == 0 &&
		     role_rules_asked(w.v, n)))
			offer_names(POL_SYM_ROLE);
		break;
	case V_CLASS_OR_FILE:
		if (strchr(text, '/') || text[0] == '.' || text[0] == '~')
			rl_attempted_completion_over = 0;
		else
			offer_names(POL_SYM_CLASS);
		break;
	case V_FILE:
		rl_attempted_completion_over = 0;
		break;
	case V_NONE:
		break;
	}
	shell_words_release(&w);
	if (!rl_attempted_completion_over)
		return NULL; /* readline completes a file name */
	return cand.n ? rl_completion_matches(text, generate) : NULL;
}

void shell_complete_init(struct sequery *s)
{
	sq = s;
	rl_attempted_completion_function = complete;
	/* "-p read,wr" and "--source=htt" complete the part after the break */
	rl_completer_word_break_characters = " \t\n=,";
	rl_completer_quote_characters = "'\"";
}
