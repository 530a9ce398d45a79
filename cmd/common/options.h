/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One option table per tool (or subcommand): every fact about an option is
 * written once, and the table drives getopt_long(), the option block of
 * --help (cli_print_options()) and the hidden --list-options that the bash
 * and zsh completions and tests/cli/conventions.bats read. git's OPT_*
 * (parse-options.h) is the model, kept on top of GNU getopt_long.
 *
 * An entry is a long name, a short letter (or an id >= 256 for a long-only
 * option), an argument name for --help, the help text and, optionally, a
 * destination that cli_getopt() fills itself. Entries without a destination
 * are returned to the caller's switch, as getopt_long() would.
 *
 *	static bool dry_run;
 *	static const char *policy;
 *	enum { OPT_JSON = 256 };
 *
 *	// clang-format off
 *	static const struct cli_option options[] = {
 *		CLI_BOOL('n', "dry-run", &dry_run, "report, change nothing"),
 *		CLI_STRING('p', "policy", "FILE", &policy, "read this policy"),
 *		CLI_FLAG(OPT_JSON, "json", "machine-readable output"),
 *		CLI_HELP_VERSION,
 *		CLI_END,
 *	};
 *	// clang-format on
 *
 *	static int usage(void)
 *	{
 *		printf("Usage:\n %s [options] <path>...\n\nDo the thing.\n\n", cli_name());
 *		cli_print_options(options);
 *		printf("\nSee tool(1).\n");
 *		return EXIT_OK;
 *	}
 *
 *	int main(int argc, char **argv)
 *	{
 *		struct cli_getopt g = CLI_GETOPT_INIT(options, "");
 *		int c;
 *
 *		cli_init(argv[0]);   // tool name, atexit stdout check, opterr = 0
 *		while ((c = cli_getopt(&g, argc, argv)) != -1) {
 *			switch (c) {
 *			case OPT_JSON: ...; break;
 *			case 'h': return usage();
 *			case 'V': return cli_version();
 *			default: return EXIT_USAGE;  // cli_getopt() said why
 *			}
 *		}
 *		...
 *	}
 *
 * A subcommand calls cli_set_command("bool") before parsing, so that errors
 * read "sectl: unrecognized option '--x'" and "Try 'sectl bool --help'".
 * Tables nest with CLI_GROUP(other_table) (sectl's common options).
 */
#ifndef SEKIT_OPTIONS_H
#define SEKIT_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>

enum cli_dest {
	CLI_DEST_NONE,	 /* returned to the caller */
	CLI_DEST_BOOL,	 /* bool *: set to true */
	CLI_DEST_COUNT,	 /* int *: incremented (-v -v) */
	CLI_DEST_STRING, /* const char **: optarg */
	CLI_DEST_GROUP,	 /* not an option: the entries of another table */
};

struct cli_option {
	const char *name; /* long name without "--"; NULL: short only */
	int id;		  /* short letter, or >= 256 for a long-only option; 0 ends */
	int has_arg;	  /* no_argument, required_argument, optional_argument */
	const char *arg;  /* the value's name in --help ("FILE"); NULL for a flag */
	const char *help; /* --help text, '\n' between lines; NULL: hidden */
	enum cli_dest dest_kind;
	void *dest;
	char alias; /* a short form parsed elsewhere (sepolc's -D), shown and listed */
};

// clang-format off
#define CLI_FLAG(s, l, h)            { (l), (s), no_argument, NULL, (h), CLI_DEST_NONE, NULL, 0 }
#define CLI_VALUE(s, l, a, h)        { (l), (s), required_argument, (a), (h), CLI_DEST_NONE, NULL, 0 }
#define CLI_OPTIONAL(s, l, a, h)     { (l), (s), optional_argument, (a), (h), CLI_DEST_NONE, NULL, 0 }
#define CLI_BOOL(s, l, v, h)         { (l), (s), no_argument, NULL, (h), CLI_DEST_BOOL, (v), 0 }
#define CLI_COUNT(s, l, v, h)        { (l), (s), no_argument, NULL, (h), CLI_DEST_COUNT, (v), 0 }
#define CLI_STRING(s, l, a, v, h)    { (l), (s), required_argument, (a), (h), CLI_DEST_STRING, (v), 0 }
#define CLI_GROUP(table)             { NULL, -1, 0, NULL, NULL, CLI_DEST_GROUP, (void *)(table), 0 }
#define CLI_HELP                     CLI_FLAG('h', "help", "display this help and exit")
#define CLI_VERSION                  CLI_FLAG('V', "version", "display version and exit")
#define CLI_HELP_VERSION             CLI_HELP, CLI_VERSION
#define CLI_END                      { NULL, 0, 0, NULL, NULL, CLI_DEST_NONE, NULL, 0 }
// clang-format on

/* Room for the getopt_long() tables built from one cli_option table. */
#define CLI_MAX_OPTIONS 64

struct cli_getopt {
	const struct cli_option *table;
	const char *prefix; /* getopt flags before the letters: "+" stops at the first word */
	bool ready;
	struct option longopts[CLI_MAX_OPTIONS + 2];
	const struct cli_option *entry[CLI_MAX_OPTIONS + 2];
	char shortopts[3 * CLI_MAX_OPTIONS + 4];
};

#define CLI_GETOPT_INIT(table, prefix)                                                             \
	{                                                                                          \
		(table), (prefix), false, {{0}}, {0},                                              \
		{                                                                                  \
			0                                                                          \
		}                                                                                  \
	}

/* The id of the hidden --list-options, which every table gets. */
#define CLI_LIST_OPTIONS 0x7ffe
/* A hidden --list-commands for tools with subcommands: the caller prints
 * the command names, one a line (completions and tests/cli read them). */
#define CLI_LIST_COMMANDS 0x7ffd
#define CLI_LIST_COMMANDS_OPTION CLI_FLAG(CLI_LIST_COMMANDS, "list-commands", NULL)

/*
 * getopt_long() over g's table. Options with a destination are stored and
 * not returned; --list-options prints the table (cli_list_options()) and
 * exits 0. On an unknown option, a missing or unexpected value, prints
 * "tool: unrecognized option '--x'" (getopt's words, the tool's name) and
 * the Try line, and returns '?'. Returns -1 at the end, as getopt_long().
 */
int cli_getopt(struct cli_getopt *g, int argc, char **argv);

/*
 * The output options the tools with a command table share: --json (the
 * tool's code json_id), -q and -v. cli_output_option() stores c into json,
 * quiet or verbose and returns true, or returns false for another option.
 * cli_output_done(), once a command's line is read: -q silences the tool's
 * messages (not fd 2: a sanitizer's report must still show) and -v.
 */
bool cli_output_option(int c, int json_id, bool *json, bool *quiet, int *verbose);
void cli_output_done(bool quiet, bool in_command, int *verbose);

/*
 * The index in argv of the first operand as cli_getopt() would read table
 * (a word that is neither an option nor an option's value), or argc when
 * there is none before "--": for a tool whose command word may come after
 * options (seallow, as audit2allow takes them in any order), to pick the
 * command's table before parsing with it.
 */
int cli_first_operand(const struct cli_option *table, int argc, char **argv);

/*
 * A tool's global options (cli_main_commands() sets its table) are read
 * after the command word too: a command's table inherits each of them that
 * has a destination and whose long name and letter the command's table
 * does not use itself (its own wins: sequery rules' -p). cli_getopt(),
 * --help and --list-options take the inherited entries as the table's own;
 * another parser (argparse.h's) asks with its own has().
 */
void cli_set_global_options(const struct cli_option *table);
/* Calls fn on each global option table inherits (has(table, o): whether
 * the table names o's long name or letter). */
void cli_each_inherited(bool (*has)(const void *table, const struct cli_option *o),
			const void *table, void (*fn)(const struct cli_option *o, void *data),
			void *data);
/* If argv[*i] is a global option table inherits ("--policy FILE",
 * "--policy=FILE", "-PFILE", "-q"), stores it (*i past its value) and
 * returns 1; returns 0 when it is none, -1 after cli_usage_problem(). */
int cli_inherited_option(bool (*has)(const void *table, const struct cli_option *o),
			 const void *table, int argc, char **argv, int *i);

/*
 * "did you mean '-P/--policy'?": word, a one-letter option word the
 * command does not know (sequery's -p, sepolc's -p), followed by value, a
 * binary kernel policy, where table (NULL: none of the command's own) or
 * the tool's global options have a --policy that takes a value and is not
 * that letter. Adds the note to the kept usage problem
 * (cli_usage_suggest()) and returns whether it did. cli_getopt() asks it
 * for an unknown letter, and for -p as a flag (serelabel's, setfiles'
 * --progress) followed by a policy.
 */
bool cli_policy_note(const struct cli_option *table, const char *word, const char *value);

/* The option block of --help: "Options:" then one aligned line per visible
 * entry, continuation lines indented to the help column. */
void cli_print_options(const struct cli_option *table);
/* The same lines without the "Options:" title. */
void cli_print_option_lines(const struct cli_option *table);
/* An entry's left column in --help ("  -P, --policy=FILE"); returns its
 * length, as snprintf(). */
int cli_option_left(const struct cli_option *o, char *buf, size_t size);
/* One such line: left padded to width, then help, whose '\n's continue
 * under the help column (argparse's tables print with it too). */
void cli_print_help_line(const char *left, int width, const char *help);

/*
 * What the completions and tests/cli read: one line per option word,
 * "WORD<TAB>HELP" with the first line of the help text; WORD is "-x",
 * "--name", or "--name=" when a value is required. Hidden entries are left
 * out. Returns EXIT_OK.
 */
int cli_list_options(const struct cli_option *table);

#endif
