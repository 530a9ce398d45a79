/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The signal-safe work directory of workdir.h. What the handler reads is
 * published complete: a file's path before the count that makes it
 * visible, the child's pid while the signals are blocked. unlink(),
 * rmdir(), kill() and waitpid() are async-signal-safe.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workdir.h"

static const int cleanup_sigs[] = {SIGINT, SIGTERM, SIGHUP};

void cli_signals_handle(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler ? handler : SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(cleanup_sigs) / sizeof(cleanup_sigs[0]); i++)
		sigaddset(&sa.sa_mask, cleanup_sigs[i]);
	for (size_t i = 0; i < sizeof(cleanup_sigs) / sizeof(cleanup_sigs[0]); i++) {
		struct sigaction old;

		/* an ignored signal stays ignored (nohup's SIGHUP) */
		if (sigaction(cleanup_sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(cleanup_sigs[i], &sa, NULL);
	}
}

void cli_signals_block(sigset_t *saved)
{
	sigset_t block;

	sigemptyset(&block);
	for (size_t i = 0; i < sizeof(cleanup_sigs) / sizeof(cleanup_sigs[0]); i++)
		sigaddset(&block, cleanup_sigs[i]);
	sigprocmask(SIG_BLOCK, &block, saved);
}

struct cli_workdir {
	char path[4096];
	char *files[32];
	volatile size_t n;
	volatile pid_t child;
	sigset_t saved; /* while a child starts */
	bool blocked;
};

/* The one directory in use, for the handler. */
static struct cli_workdir *volatile live_workdir;

static void remove_on_signal(int sig)
{
	struct cli_workdir *w = live_workdir;

	if (w) {
		/* a signal sent to the tool alone (not to its process group,
		 * as a terminal's ^C is) would leave the child writing into
		 * the directory being removed */
		if (w->child > 0) {
			kill(w->child, SIGKILL);
			waitpid(w->child, NULL, 0);
		}
		for (size_t i = 0; i < w->n; i++)
			unlink(w->files[i]);
		rmdir(w->path);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

int cli_workdir_open(const char *prefix, struct cli_workdir **out, struct pol_err *err)
{
	const char *tmp = getenv("TMPDIR");
	struct cli_workdir *w = calloc(1, sizeof(*w));
	sigset_t saved;
	int e;

	if (!w)
		return pol_err_set(err, -ENOMEM, "%s", strerror(ENOMEM));
	snprintf(w->path, sizeof(w->path), "%s/%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", prefix);
	/* no signal between creating the directory and watching it */
	cli_signals_block(&saved);
	if (mkdtemp(w->path)) {
		live_workdir = w;
		cli_signals_handle(remove_on_signal);
		sigprocmask(SIG_SETMASK, &saved, NULL);
		*out = w;
		return 0;
	}
	e = errno;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	free(w);
	return pol_err_set(err, -e, "cannot create a temporary directory in '%s': %s",
			   tmp ? tmp : "/tmp", strerror(e));
}

const char *cli_workdir_path(const struct cli_workdir *w)
{
	return w->path;
}

void cli_workdir_file(const char *path, void *data)
{
	struct cli_workdir *w = data;
	size_t n = w->n;

	for (size_t i = 0; i < n; i++)
		if (strcmp(w->files[i], path) == 0)
			return;
	/* a full list leaves a file to the library's own clean-up */
	if (n == sizeof(w->files) / sizeof(w->files[0]))
		return;
	w->files[n] = strdup(path);
	if (w->files[n])
		w->n = n + 1; /* after the path is in place */
}

void cli_workdir_child(pid_t pid, void *data)
{
	struct cli_workdir *w = data;

	if (pid < 0) {
		cli_signals_block(&w->saved);
		w->blocked = true;
		return;
	}
	w->child = pid;
	if (w->blocked) {
		w->blocked = false;
		sigprocmask(SIG_SETMASK, &w->saved, NULL);
	}
}

void cli_workdir_close(struct cli_workdir *w)
{
	sigset_t saved;

	if (!w)
		return;
	/* a signal now would find the files half removed, or no handler */
	cli_signals_block(&saved);
	for (size_t i = 0; i < w->n; i++)
		unlink(w->files[i]);
	rmdir(w->path);
	live_workdir = NULL;
	cli_signals_handle(NULL);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	for (size_t i = 0; i < w->n; i++)
		free(w->files[i]);
	free(w);
}
