/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sequery shell: one policy load, many queries. On a terminal it reads
 * lines with readline (history, completion); from a pipe it reads plain
 * lines and prints no prompt, so scripts and tests can drive it.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "argparse.h"
#include "cli.h"
#include "sequery.h"
#include "shell.h"

#define HISTORY_LINES 1000

const char *const shell_builtins[] = { "help", "policy", "quit", "exit", NULL };

enum { O_HELP = 1 };

// clang-format off
const struct ap_option sequery_shell_options[] = {
	{ O_HELP, { "-h", "--help" }, AP_FLAG, NULL, "display this help and exit" },
	{ 0, { NULL }, AP_FLAG, NULL, NULL },
};
// clang-format on

struct shell {
	struct sequery *sq;
	bool interactive;
	char *policy;   /* the policy "policy FILE" switched to; owned */
	char *history;  /* NULL: no history file */
	int status;     /* of the last command */
	bool done;
	char *buf;      /* getline()'s buffer when not interactive */
	size_t size;
};

static int usage(void)
{
	fputs("Usage:\n"
	      " sequery shell [options] [POLICY]\n"
	      "\n"
	      "Load the policy once and answer many queries: each line is a sequery command\n"
	      "(rules, who-can, what-can, ...) split as sh splits words, with quotes and\n"
	      "backslashes. On a terminal, lines are edited with readline, with history and\n"
	      "completion of commands, options and policy names; otherwise commands are read\n"
	      "line by line without a prompt. The global --json and -q apply to every command.\n"
	      "\n"
	      "Shell commands:\n"
	      "  help [COMMAND]   list the commands, or show a command's --help\n"
	      "  policy [FILE]    show the policy in use, or load FILE for later commands\n"
	      "  quit, exit [N]   leave, with status N or the last command's\n"
	      "\n",
	      stdout);
	ap_print_options(sequery_shell_options);
	fputs("\n"
	      "Exit status: that of the last command, 2 usage error, 3 no policy.\n"
	      "History: $XDG_STATE_HOME/sekit/sequery_history (~/.local/state/...).\n"
	      "See sequery(1).\n",
	      stdout);
	return EXIT_OK;
}

static void help(void)
{
	printf("Commands:\n");
	for (const struct cli_command *c = sequery_commands; c->name; c++)
		if (c->help && strcmp(c->name, "shell") != 0)
			printf("  %-16s %s\n", c->name, c->help);
	printf("  %-16s %s\n", "policy [FILE]", "show the policy in use, or switch to FILE");
	printf("  %-16s %s\n", "help [COMMAND]", "this list, or a command's --help");
	printf("  %-16s %s\n", "quit, exit [N]", "leave the shell");
	printf("Words are split as sh splits them; quote names with spaces or '#'.\n");
}

/* mkdir -p, for the history's directory; failures are left to the caller's
 * open to notice, silently. */
static void make_dirs(char *path)
{
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		mkdir(path, 0700);
		*p = '/';
	}
}

static char *history_path(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char *path = NULL;

	/* The XDG spec says to ignore a relative XDG_STATE_HOME. */
	if (state && state[0] == '/') {
		if (asprintf(&path, "%s/sekit/sequery_history", state) < 0)
			return NULL;
	} else if (home && home[0] == '/') {
		if (asprintf(&path, "%s/.local/state/sekit/sequery_history", home) < 0)
			return NULL;
	} else {
		return NULL;
	}
	make_dirs(path);
	return path;
}

static void history_start(struct shell *sh)
{
	sh->history = history_path();
	stifle_history(HISTORY_LINES);
	if (!sh->history)
		return;
	/* a missing file is created so that append_history() can add to it */
	if (read_history(sh->history) == ENOENT)
		write_history(sh->history);
}

static void history_add(struct shell *sh, const char *line)
{
	HIST_ENTRY *last = history_length ? history_get(history_base + history_length - 1) : NULL;

	if (last && strcmp(last->line, line) == 0)
		return;
	add_history(line);
	/* Written as we go so a killed shell keeps its history; a read-only
	 * home directory costs nothing but the history. */
	if (sh->history)
		append_history(1, sh->history);
}

static void history_end(struct shell *sh)
{
	if (sh->history)
		history_truncate_file(sh->history, HISTORY_LINES);
	free(sh->history);
}

/* Ctrl-C at the prompt drops the line being edited, as in sh. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	interrupted = 1;
}

static int on_signal_event(void)
{
	if (interrupted) {
		interrupted = 0;
		rl_replace_line("", 0);
		rl_crlf();
		rl_on_new_line();
		rl_redisplay();
	}
	return 0;
}

static void interactive_start(struct shell *sh)
{
	struct sigaction sa = { 0 };

	/* The prompt and the echo go to stderr: stdout is for results. */
	rl_outstream = stderr;
	rl_readline_name = "sequery";
	/* readline restores the terminal and passes SIGINT on to on_sigint(),
	 * then calls the hook, where the line can be dropped safely */
	rl_signal_event_hook = on_signal_event;
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	shell_complete_init(sh->sq);
	history_start(sh);
}

/* The next line, without its newline (heap string), or NULL at the end. */
static char *read_line(struct shell *sh)
{
	char *line;
	size_t len;

	if (sh->interactive) {
		/* a Ctrl-C during the last command is not one at this prompt */
		interrupted = 0;
		line = readline("sequery> ");
	} else {
		if (getline(&sh->buf, &sh->size, stdin) < 0)
			return NULL;
		line = strdup(sh->buf);
	}
	len = line ? strlen(line) : 0;
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	return line;
}

static int builtin_policy(struct shell *sh, int argc, char **argv)
{
	struct pol_pdb *pdb;
	char *copy;
	int status;

	if (argc > 2)
		return cli_usage_error("policy: too many arguments");
	if (argc == 1) {
		if ((status = sequery_policy(sh->sq, NULL, &pdb)))
			return status;
		if (!sh->sq->quiet)
			printf("%s\n", pol_pdb_path(pdb));
		return EXIT_OK;
	}
	if ((status = sequery_policy(sh->sq, argv[1], &pdb)))
		return status;
	copy = strdup(argv[1]);
	if (!copy) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return EXIT_ENV;
	}
	free(sh->policy);
	sh->policy = copy;
	sh->sq->policy = copy;
	return EXIT_OK;
}

static int builtin_exit(struct shell *sh, int argc, char **argv)
{
	char *end;
	long n;

	if (argc > 2)
		return cli_usage_error("%s: too many arguments", argv[0]);
	sh->done = true;
	if (argc == 1)
		return sh->status;
	errno = 0;
	n = strtol(argv[1], &end, 10);
	if (errno || *end || end == argv[1] || n < 0 || n > 255)
		return cli_usage_error("%s: '%s' is not a status from 0 to 255", argv[0], argv[1]);
	return (int)n;
}

/* Run one split line; returns its exit status. */
static int run(struct shell *sh, int argc, char **argv)
{
	struct sequery *sq = sh->sq;
	bool json = sq->json, quiet = sq->quiet;
	int verbose = sq->verbose, status;

	/* "--json who-can ..." as on sequery's own command line */
	while (argc > 1 && argv[0][0] == '-') {
		if (strcmp(argv[0], "--json") == 0)
			sq->json = true;
		else if (strcmp(argv[0], "-q") == 0 || strcmp(argv[0], "--quiet") == 0)
			sq->quiet = true;
		else if (strcmp(argv[0], "-v") == 0 || strcmp(argv[0], "--verbose") == 0)
			sq->verbose++;
		else
			break;
		argc--;
		argv++;
	}
	if (strcmp(argv[0], "help") == 0) {
		if (argc == 1) {
			help();
			status = EXIT_OK;
		} else if (cli_find_command(sequery_commands, argv[1]) &&
			   strcmp(argv[1], "shell") != 0) {
			char *av[] = { argv[1], (char *)"--help", NULL };

			optind = 0;
			status = sequery_dispatch(sq, 2, av);
		} else {
			status = cli_usage_error("help: unknown command '%s'", argv[1]);
		}
	} else if (strcmp(argv[0], "quit") == 0 || strcmp(argv[0], "exit") == 0) {
		status = builtin_exit(sh, argc, argv);
	} else if (strcmp(argv[0], "policy") == 0) {
		status = builtin_policy(sh, argc, argv);
	} else if (strcmp(argv[0], "shell") == 0) {
		fprintf(stderr, "%s: already in the shell\n", cli_name());
		status = EXIT_USAGE;
	} else if (!cli_find_command(sequery_commands, argv[0])) {
		fprintf(stderr, "%s: unknown command '%s'\n", cli_name(), argv[0]);
		fprintf(stderr, "Type 'help' for the list of commands.\n");
		status = EXIT_USAGE;
	} else {
		/* a subcommand parsing with getopt starts afresh on every line */
		optind = 0;
		cli_set_json(sq->json);
		status = sequery_dispatch(sq, argc, argv);
	}
	sq->json = json;
	cli_set_json(json);
	sq->quiet = quiet;
	sq->verbose = verbose;
	return status;
}

static void run_line(struct shell *sh, const char *line)
{
	struct shell_words w;
	int rc = shell_split(line, strlen(line), false, &w);

	if (rc == SHELL_SPLIT_QUOTE || rc == SHELL_SPLIT_BACKSLASH) {
		fprintf(stderr, "%s: %s\n", cli_name(),
			rc == SHELL_SPLIT_QUOTE ? "unterminated quote"
						: "line ends with a backslash");
		sh->status = EXIT_USAGE;
	} else if (rc < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		sh->status = EXIT_ENV;
	} else if (w.n > 0) {
		sh->status = run(sh, w.n, w.v);
	}
	shell_words_release(&w);
	/* results appear before the next prompt, and in order with stderr */
	sh->status = cli_finish_stdout(sh->status);
	clearerr(stdout);
}

int sequery_shell(void *ctx, int argc, char **argv)
{
	struct sequery *sq = ctx;
	struct shell sh = { .sq = sq, .interactive = isatty(STDIN_FILENO), .status = EXIT_OK };
	const char *policy = NULL, *global_policy = sq->policy;
	struct ap_item *items;
	struct pol_pdb *pdb;
	int n, status;
	char *line;

	if (sq->in_shell) {
		fprintf(stderr, "%s: already in the shell\n", cli_name());
		return EXIT_USAGE;
	}
	n = ap_parse(sequery_shell_options, argc - 1, argv + 1, &items);
	if (n < 0)
		return cli_usage_error(NULL);
	for (int i = 0; i < n; i++) {
		if (items[i].id == O_HELP) {
			free(items);
			return usage();
		}
		if (policy) {
			const char *extra = items[i].value; /* argv's, not items' */

			free(items);
			return cli_usage_error("unrecognized argument: %s", extra);
		}
		policy = items[i].value;
	}
	free(items);

	if ((status = sequery_policy(sq, policy, &pdb)))
		return status;
	/* later commands without a POLICY argument use this one */
	if (policy) {
		sh.policy = strdup(policy);
		if (!sh.policy) {
			fprintf(stderr, "%s: out of memory\n", cli_name());
			return EXIT_ENV;
		}
		sq->policy = sh.policy;
	}
	sq->in_shell = true;
	if (sh.interactive)
		interactive_start(&sh);
	while (!sh.done && (line = read_line(&sh))) {
		if (sh.interactive && line[strspn(line, " \t")])
			history_add(&sh, line);
		run_line(&sh, line);
		free(line);
	}
	if (sh.interactive) {
		if (!sh.done)
			fputc('\n', stderr);
		history_end(&sh);
	}
	sq->in_shell = false;
	sq->policy = global_policy;
	free(sh.policy);
	free(sh.buf);
	return sh.status;
}
