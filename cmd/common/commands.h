/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One table of subcommands per tool, git's struct cmd_struct (git.c): a
 * name, the function that runs it, and the line --help shows. The table
 * drives everything a tool does with its command word:
 *
 *   dispatch                 cli_run_command()
 *   "Commands:" in --help    cli_print_commands()
 *   --list-commands          cli_list_commands() (the bash and zsh
 *                            completions and tests/cli/conventions.bats
 *                            read it)
 *   a word that is no command: "unknown command 'x'", "did you mean" and the
 *                            Try line, exit 2   cli_unknown_command()
 *
 *	// clang-format off
 *	static const struct cli_command commands[] = {
 *		{ "status", do_status, "show the status", NULL },
 *		{ "__complete", do_complete, NULL, NULL },   // hidden
 *		CLI_COMMAND_END,
 *	};
 *	// clang-format on
 *	...
 *	return cli_run_command(commands, &state, argc - optind, argv + optind);
 */
#ifndef SEKIT_COMMANDS_H
#define SEKIT_COMMANDS_H

struct cli_getopt;
struct cli_option;

struct cli_command {
	const char *name;
	/* ctx is the tool's state (cli_run_command()'s); argv[0] is the command's
	 * name. Returns an exit status. NULL for a command that selects a mode of
	 * the tool's own parser (seallow's) and is only looked up. */
	int (*run)(void *ctx, int argc, char **argv);
	const char *help; /* one line for --help and --list-commands; NULL: hidden */
	const void *data; /* the tool's own (sequery: the command's argparse table) */
};

// clang-format off
#define CLI_COMMAND_END { NULL, NULL, NULL, NULL }
// clang-format on

/* The entry named name (hidden ones included), or NULL. */
const struct cli_command *cli_find_command(const struct cli_command *table, const char *name);

/* --help's block: "Commands:" then a line per visible command, aligned. */
void cli_print_commands(const struct cli_command *table);

/* --list-commands: "NAME<TAB>HELP" per visible command. Returns EXIT_OK. */
int cli_list_commands(const struct cli_command *table);

/* "tool: unknown command 'name'", a "did you mean" note naming the closest
 * visible commands, and the Try line (cli_usage_report(): JSON under
 * --json). Returns EXIT_USAGE. */
int cli_unknown_command(const struct cli_command *table, const char *name);

/*
 * Run the command argv[0] names with (ctx, argc, argv): for its run, the
 * command is cli_set_command()'s (a hidden one is not named in Try lines)
 * and getopt starts afresh (optind = 0); the previous command is restored
 * after it. An unknown name is cli_unknown_command(). Returns the exit
 * status.
 */
int cli_run_command(const struct cli_command *table, void *ctx, int argc, char **argv);

/*
 * A tool with subcommands, as its main() sees it (kmod's tools/kmod.c):
 *
 *	// clang-format off
 *	static const struct cli_tool tool = {
 *		.about = "Drive the kernel's SELinux enforcer...\n",
 *		.synopsis = (const char *const[]){ "[options] <command> [arguments]", NULL },
 *		.man = "sectl", .options = options, .commands = commands,
 *	};
 *	// clang-format on
 *
 *	int main(int argc, char **argv)
 *	{
 *		cli_init(argv[0]);
 *		return cli_main_commands(&tool, &state, argc, argv);
 *	}
 *
 * --help prints "Usage:", a line " TOOL SYNOPSIS" per synopsis entry, the
 * about paragraph, the command table, the option table and the "Run 'TOOL
 * <command> --help'" line naming man's page.
 */
struct cli_tool {
	const char *man;		  /* the man page: "See MAN(1)." */
	const char *const *synopsis;	  /* NULL-terminated; each after " TOOL " */
	const char *about;		  /* the description, its lines ending in '\n' */
	const struct cli_option *options; /* the global options, parsed with a "+" */
	const struct cli_command *commands;
	/* Parse the next global option that has no destination (sectl's, into
	 * its state) as cli_getopt() does; NULL: cli_getopt() itself. */
	int (*getopt)(void *ctx, struct cli_getopt *g, int argc, char **argv);
	/* Run the command argv[0] names; NULL: cli_run_command(). */
	int (*run)(void *ctx, int argc, char **argv);
};

/*
 * The global options (-h, -V and --list-commands end the run; any option
 * left to the switch is a usage error, already reported), then "no command
 * given" or the command with (ctx, argc, argv) from its name on. Returns
 * the exit status.
 */
int cli_main_commands(const struct cli_tool *tool, void *ctx, int argc, char **argv);

#endif
