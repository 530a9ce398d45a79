/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --svg FILE: the DOT text of --dot, rendered by Graphviz's dot. Graphviz is
 * an optional program, not a library sekit links: it is looked for in PATH
 * before the policy is read, so that a missing one fails at once, and run
 * once at the end with the DOT text on its standard input. Its SVG goes to
 * a temporary file beside FILE, renamed over FILE only when dot succeeded.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/atomic.h"

#include "cli.h"
#include "sereach.h"

extern char **environ;

bool sr_svg_available(void)
{
	const char *path = getenv("PATH");

	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");
		char file[4096];
		struct stat st;

		/* an empty PATH entry is the current directory */
		if (snprintf(file, sizeof(file), "%.*s/dot", (int)(len ? len : 1),
			     len ? path : ".") < (int)sizeof(file) &&
		    stat(file, &st) == 0 && S_ISREG(st.st_mode) && access(file, X_OK) == 0)
			return true;
		path += len + (path[len] == ':');
	}
	return false;
}

/* Whether INT, TERM or HUP arrived (they are blocked while dot runs). */
static bool stop_pending(void)
{
	sigset_t pending;

	return sigpending(&pending) == 0 &&
	       (sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 ||
		sigismember(&pending, SIGHUP) == 1);
}

/* Copy what dot (pid) writes on fd into out. A signal for us stops dot:
 * its output is then discarded, whatever it wrote. */
static int copy_output(int fd, FILE *out, pid_t pid)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	bool stopped = false;
	char buf[65536];
	ssize_t n;

	for (;;) {
		if (!stopped && stop_pending()) {
			kill(pid, SIGTERM);
			stopped = true;
		}
		if (poll(&p, 1, 100) == 0)
			continue;
		n = read(fd, buf, sizeof(buf));
		if (n == 0)
			return 0;
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return -errno;
		}
		if (!stopped && fwrite(buf, 1, (size_t)n, out) != (size_t)n)
			return -EIO;
	}
}

/* Run dot -Tsvg with dot_text on its stdin, its stdout copied into out.
 * Returns dot's wait status, or -errno. */
static int run_dot(FILE *dot_text, FILE *out, const sigset_t *child_mask)
{
	static char arg0[] = "dot", arg1[] = "-Tsvg";
	char *argv[] = {arg0, arg1, NULL};
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int pipefd[2], rc, st;
	pid_t pid;

	/* close-on-exec: dot keeps only the ends dup2() gives it */
	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return -errno;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fileno(dot_text), 0);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setsigmask(&attr, child_mask);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	rc = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(pipefd[1]);
	if (rc != 0) {
		close(pipefd[0]);
		return -rc;
	}
	rc = copy_output(pipefd[0], out, pid);
	close(pipefd[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return rc < 0 ? rc : st;
}

int sr_svg_render(FILE *dot_text, const char *path)
{
	struct pol_atomic *a;
	struct pol_err err;
	sigset_t block, saved;
	FILE *out;
	int rc;

	if (fflush(dot_text) != 0 || fseek(dot_text, 0, SEEK_SET) != 0) {
		fprintf(stderr, "%s: cannot keep the DOT text: %s\n", cli_name(), strerror(errno));
		return EXIT_ENV;
	}
	pol_err_init(&err);
	rc = pol_atomic_open(path, &a, &out, &err);
	if (rc < 0) {
		int status = cli_report(&err, rc);

		pol_err_release(&err);
		return status;
	}
	/* an interrupt while dot runs stops dot, then us once the temporary
	 * file is gone: the signals wait until the output is committed or
	 * discarded */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &saved);
	rc = run_dot(dot_text, out, &saved);
	if (stop_pending()) {
		/* we were told to stop: nothing is committed, and the signal
		 * ends us as it would have (or, ignored, reports it) */
		pol_atomic_abort(a);
		pol_err_release(&err);
		sigprocmask(SIG_SETMASK, &saved, NULL);
		fprintf(stderr, "%s: interrupted; '%s' is unchanged\n", cli_name(), path);
		return EXIT_ENV;
	}
	if (rc != 0) {
		pol_atomic_abort(a);
		sigprocmask(SIG_SETMASK, &saved, NULL);
		if (rc < 0)
			fprintf(stderr, "%s: cannot run dot: %s\n", cli_name(), strerror(-rc));
		else if (WIFEXITED(rc))
			fprintf(stderr, "%s: dot failed with exit status %d; '%s' is unchanged\n",
				cli_name(), WEXITSTATUS(rc), path);
		else
			fprintf(stderr, "%s: dot was killed by signal %d; '%s' is unchanged\n",
				cli_name(), WIFSIGNALED(rc) ? WTERMSIG(rc) : 0, path);
		pol_err_release(&err);
		return EXIT_ENV;
	}
	rc = pol_atomic_commit(a, &err);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	if (rc < 0) {
		int status = cli_report(&err, rc);

		pol_err_release(&err);
		return status;
	}
	pol_err_release(&err);
	return EXIT_OK;
}
