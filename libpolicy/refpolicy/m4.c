/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * refpolicy's module build, as the development headers' Makefile does it
 * (selinux-policy-dev, /usr/share/selinux/devel/include/Makefile):
 *
 *   1. every interface: m4 SPT... IF... MODULE.if iferror.m4, where SPT are
 *      support/NAME.spt and IF every LAYER/NAME.if,
 *      "dollarsstar" turned back into "$*", wrapped in divert(-1) ... divert
 *      (all_interfaces.conf; no build defines, as the Makefile has none here)
 *   2. the module: m4 DEFINES -s SPT... all_interfaces.conf MODULE.te
 *   3. its file contexts: m4 DEFINES SPT... MODULE.fc
 *
 * DEFINES come from the headers' build.conf (TYPE, DISTRO, SYSTEMD, ...) as
 * the Makefile turns them into -D options, then the user's -D. m4 -s writes
 * "#line N file" markers so the parser reports the user's .te and .if lines;
 * the .fc is expanded with them too and fc.c follows them.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <glob.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/array.h"
#include "util/file.h"
#include "cli.h"
#include "sepolc.h"

extern char **environ;

#define DEFAULT_HEADERS "/usr/share/selinux/devel/include"

struct strv {
	char **v;
	size_t n, alloc;
};

static int strv_push(struct strv *s, const char *str)
{
	char *copy;

	/* room for a NULL after the last */
	if (POL_ARRAY_GROW(s->v, s->n + 2, s->alloc) < 0)
		return -ENOMEM;
	copy = strdup(str);
	if (!copy)
		return -ENOMEM;
	s->v[s->n++] = copy;
	s->v[s->n] = NULL;
	return 0;
}

static int strv_pushf(struct strv *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int strv_pushf(struct strv *s, const char *fmt, ...)
{
	va_list ap;
	char *str;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&str, fmt, ap);
	va_end(ap);
	if (rc < 0)
		return -ENOMEM;
	rc = strv_push(s, str);
	free(str);
	return rc;
}

static void strv_release(struct strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* ---- The headers ------------------------------------------------------ */

struct headers {
	const char *dir;
	struct strv spt;     /* support/NAME.spt, sorted */
	struct strv ifs;     /* LAYER/NAME.if, layers and files sorted */
	struct strv defines; /* "NAME" or "NAME=VALUE" from build.conf */
	bool mls;
};

static bool starts_with_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	return strncmp(s, word, n) == 0 && !isalnum((unsigned char)s[n]) && s[n] != '_';
}

/* One build.conf setting. make's rules, as far as build.conf uses them: the
 * first "?=" wins, "override" and plain assignments replace. */
struct setting {
	const char *key;
	char value[128];
	bool set, overridden;
};

static void parse_build_conf(const char *dir, struct setting *settings, size_t n)
{
	char path[4096], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/build.conf", dir);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *p = line, *op, *val, *end;
		bool override = false, weak;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '#' || !*p)
			continue;
		if (starts_with_word(p, "override")) {
			override = true;
			p += strlen("override");
			while (isspace((unsigned char)*p))
				p++;
		}
		op = strpbrk(p, "?:=");
		if (!op)
			continue;
		weak = *op == '?';
		val = strchr(op, '=');
		if (!val)
			continue;
		for (end = op; end > p && isspace((unsigned char)end[-1]); end--)
			;
		*end = '\0';
		for (val++; isspace((unsigned char)*val); val++)
			;
		for (end = val + strlen(val); end > val && isspace((unsigned char)end[-1]); end--)
			;
		*end = '\0';
		for (size_t i = 0; i < n; i++) {
			struct setting *s = &settings[i];

			if (strcmp(s->key, p) != 0 || s->overridden || (weak && s->set))
				continue;
			snprintf(s->value, sizeof(s->value), "%s", val);
			s->set = true;
			s->overridden = override;
		}
	}
	fclose(f);
}

static const char *setting(const struct setting *settings, size_t n, const char *key,
			   const char *dflt)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(settings[i].key, key) == 0 && settings[i].set)
			return settings[i].value;
	return dflt;
}

/* The -D options the headers' Makefile derives from build.conf. */
static int build_defines(struct headers *h)
{
	struct setting s[] = {
	    {.key = "TYPE"},	      {.key = "DISTRO"},   {.key = "SYSTEMD"},
	    {.key = "DIRECT_INITRC"}, {.key = "UBAC"},	   {.key = "CUSTOM_BUILDOPT"},
	    {.key = "MLS_SENS"},      {.key = "MLS_CATS"}, {.key = "MCS_CATS"},
	};
	size_t n = sizeof(s) / sizeof(s[0]);
	const char *type, *opt;
	char *opts, *save = NULL;
	int rc = 0;

	parse_build_conf(h->dir, s, n);
	type = setting(s, n, "TYPE", "standard");
	if (strcmp(type, "mls") == 0)
		rc |= strv_push(&h->defines, "enable_mls");
	if (strcmp(type, "mcs") == 0)
		rc |= strv_push(&h->defines, "enable_mcs");
	h->mls = strcmp(type, "mls") == 0 || strcmp(type, "mcs") == 0;
	if (*setting(s, n, "DISTRO", ""))
		rc |= strv_pushf(&h->defines, "distro_%s", setting(s, n, "DISTRO", ""));
	if (strcmp(setting(s, n, "SYSTEMD", "n"), "y") == 0)
		rc |= strv_push(&h->defines, "init_systemd");
	if (strcmp(setting(s, n, "DIRECT_INITRC", "n"), "y") == 0)
		rc |= strv_push(&h->defines, "direct_sysadm_daemon");
	if (strcmp(setting(s, n, "UBAC", "n"), "y") == 0)
		rc |= strv_push(&h->defines, "enable_ubac");
	opts = strdup(setting(s, n, "CUSTOM_BUILDOPT", ""));
	if (!opts)
		return -ENOMEM;
	for (opt = strtok_r(opts, " \t", &save); opt; opt = strtok_r(NULL, " \t", &save))
		rc |= strv_push(&h->defines, opt);
	free(opts);
	rc |= strv_pushf(&h->defines, "mls_num_sens=%s", setting(s, n, "MLS_SENS", "16"));
	rc |= strv_pushf(&h->defines, "mls_num_cats=%s", setting(s, n, "MLS_CATS", "1024"));
	rc |= strv_pushf(&h->defines, "mcs_num_cats=%s", setting(s, n, "MCS_CATS", "1024"));
	return rc ? -ENOMEM : 0;
}

static int glob_sorted(const char *pattern, struct strv *out)
{
	glob_t g;
	int rc = 0;

	/* glob sorts unless told not to */
	if (glob(pattern, 0, NULL, &g) != 0)
		return 0;
	for (size_t i = 0; i < g.gl_pathc && !rc; i++)
		rc = strv_push(out, g.gl_pathv[i]);
	globfree(&g);
	return rc;
}

static int layer_filter(const struct dirent *d)
{
	return d->d_name[0] != '.' && strcmp(d->d_name, "support") != 0;
}

static int find_interfaces(struct headers *h)
{
	struct dirent **layers;
	int n = scandir(h->dir, &layers, layer_filter, alphasort);
	int rc = 0;

	if (n < 0)
		return -errno;
	for (int i = 0; i < n; i++) {
		char *pattern;
		struct stat st;

		if (!rc && asprintf(&pattern, "%s/%s", h->dir, layers[i]->d_name) >= 0) {
			bool dir = stat(pattern, &st) == 0 && S_ISDIR(st.st_mode);

			free(pattern);
			if (dir &&
			    asprintf(&pattern, "%s/%s/*.if", h->dir, layers[i]->d_name) >= 0) {
				rc = glob_sorted(pattern, &h->ifs);
				free(pattern);
			}
		}
		free(layers[i]);
	}
	free(layers);
	return rc;
}

static void headers_release(struct headers *h)
{
	strv_release(&h->spt);
	strv_release(&h->ifs);
	strv_release(&h->defines);
}

static int headers_open(const struct sepolc_opts *opts, struct diag_sink *diags, struct headers *h)
{
	char *pattern;
	int rc;

	memset(h, 0, sizeof(*h));
	h->dir = opts->headers ? opts->headers : DEFAULT_HEADERS;
	if (asprintf(&pattern, "%s/support/*.spt", h->dir) < 0)
		return EXIT_ENV;
	rc = glob_sorted(pattern, &h->spt);
	free(pattern);
	/* a refpolicy source tree: build.conf at the top, the macros in
	 * policy/support (what a monolithic build's .fc files need) */
	if (rc == 0 && h->spt.n == 0) {
		if (asprintf(&pattern, "%s/policy/support/*.spt", h->dir) < 0)
			return EXIT_ENV;
		rc = glob_sorted(pattern, &h->spt);
		free(pattern);
	}
	if (rc == 0 && h->spt.n == 0) {
		diag_report(diags, POL_SEV_ERROR, -ENOENT, NULL, 0, 0,
			    "no refpolicy headers in '%s' (install selinux-policy-dev, or name "
			    "them with --headers)",
			    h->dir);
		return EXIT_ENV;
	}
	if (rc == 0)
		rc = find_interfaces(h);
	if (rc == 0)
		rc = build_defines(h);
	for (size_t i = 0; rc == 0 && i < opts->n_defines; i++)
		rc = strv_push(&h->defines, opts->defines[i]);
	if (rc < 0) {
		diag_report(diags, POL_SEV_ERROR, rc, NULL, 0, 0,
			    "cannot read the headers in '%s': %s", h->dir, strerror(-rc));
		return EXIT_ENV;
	}
	return EXIT_OK;
}

/* ---- Running m4 ------------------------------------------------------- */

struct workdir {
	char path[4096];
	char *files[8];
	size_t n;
};

static const char *workdir_file(struct workdir *w, const char *name)
{
	char *p;

	if (w->n == sizeof(w->files) / sizeof(w->files[0]) ||
	    asprintf(&p, "%s/%s", w->path, name) < 0)
		return NULL;
	w->files[w->n] = p;
	w->n++; /* after the path is in place, for remove_on_signal */
	return p;
}

/* The directory in use, for a signal that ends the run while m4 works:
 * unlink() and rmdir() are async-signal-safe, and the files are complete
 * paths by the time the pointer is published. */
static struct workdir *volatile live_workdir;
/* The m4 running now: a signal sent to sepolc alone (not to its process
 * group, as a terminal's ^C is) would leave it writing into the directory
 * being removed. kill() and waitpid() are async-signal-safe too. */
static volatile pid_t live_m4;

static void remove_on_signal(int sig)
{
	struct workdir *w = live_workdir;
	pid_t child = live_m4;

	if (child > 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	if (w) {
		for (size_t i = 0; i < w->n; i++)
			unlink(w->files[i]);
		rmdir(w->path);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void watch_workdir(struct workdir *w)
{
	live_workdir = w;
	signals_handle(w ? remove_on_signal : NULL);
}

static void workdir_remove(struct workdir *w)
{
	sigset_t saved;

	/* a signal now would find the files half removed, or no handler */
	signals_block(&saved);
	for (size_t i = 0; i < w->n; i++)
		unlink(w->files[i]);
	if (w->path[0])
		rmdir(w->path);
	watch_workdir(NULL);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	for (size_t i = 0; i < w->n; i++)
		free(w->files[i]);
	memset(w, 0, sizeof(*w));
}

/* m4's complaints as diagnostics: "m4:FILE:LINE: message" from m4 itself,
 * "FILE:LINE: Warning: message" from refpolicy's refpolicywarn/refpolicyerr. */
static size_t report_m4_stderr(const char *text, size_t len, bool failed, bool werror,
			       struct diag_sink *diags)
{
	size_t warnings = 0;

	const char *end = text + len;

	for (const char *p = text; p < end;) {
		const char *nl = memchr(p, '\n', end - p);
		char *line = strndup(p, nl ? (size_t)(nl - p) : (size_t)(end - p));
		enum pol_severity sev = failed ? POL_SEV_ERROR : POL_SEV_WARNING;
		char *file = line, *msg = NULL, *colon, *num_end;
		unsigned long lineno = 0;

		p = nl ? nl + 1 : end;
		if (!line)
			return warnings;
		if (!*line) {
			free(line);
			continue;
		}
		if (strncmp(file, "m4:", 3) == 0)
			file += 3;
		colon = strchr(file, ':');
		if (colon) {
			lineno = strtoul(colon + 1, &num_end, 10);
			if (num_end != colon + 1 && *num_end == ':') {
				*colon = '\0';
				msg = num_end + 1;
			}
		}
		if (!msg) {
			file = NULL;
			lineno = 0;
			msg = line;
		}
		while (*msg == ' ')
			msg++;
		if (strncmp(msg, "Warning: ", 9) == 0) {
			sev = POL_SEV_WARNING;
			msg += 9;
		} else if (strncmp(msg, "Error: ", 7) == 0) {
			sev = POL_SEV_ERROR;
			msg += 7;
		} else if (strncmp(msg, "ERROR: ", 7) == 0) {
			msg += 7; /* m4's own fatal errors */
		}
		if (sev == POL_SEV_WARNING) {
			warnings++;
			if (werror)
				sev = POL_SEV_ERROR;
		}
		diag_report(diags, sev, POL_EFORMAT, file, (unsigned int)lineno, 0, "%s", msg);
		free(line);
	}
	return warnings;
}

static size_t argc_last(char *const *argv)
{
	size_t n = 0;

	while (argv[n + 1])
		n++;
	return n;
}

static void show_command(const struct sepolc_opts *opts, char *const *argv)
{
	if (opts->verbose < 2 || opts->json)
		return;
	fprintf(stderr, "%s: running:", cli_name());
	for (size_t i = 0; argv[i]; i++)
		fprintf(stderr, " %s", argv[i]);
	fputc('\n', stderr);
}

/* Run argv with stdout to out_path and stderr collected; returns an exit
 * status. */
static int run_m4(const struct sepolc_opts *opts, char *const *argv, const char *out_path,
		  const char *err_path, struct diag_sink *diags)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t saved, saved_mask_for_child;
	char *errtext = NULL;
	size_t errlen = 0, warnings = 0;
	pid_t pid;
	int rc, wstatus;
	bool failed;

	show_command(opts, argv);
	sigprocmask(SIG_SETMASK, NULL, &saved_mask_for_child);
	posix_spawn_file_actions_init(&fa);
	/* the child starts with the default signal mask, not the blocked one */
	posix_spawnattr_init(&attr);
	posix_spawnattr_setsigmask(&attr, &saved_mask_for_child);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	/* no signal between the spawn and live_m4 knowing the child */
	signals_block(&saved);
	rc = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	if (rc == 0)
		live_m4 = pid;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (rc != 0) {
		diag_report(diags, POL_SEV_ERROR, -rc, NULL, 0, 0, "cannot run '%s': %s%s", argv[0],
			    strerror(rc), rc == ENOENT ? " (install m4)" : "");
		return EXIT_ENV;
	}
	while (waitpid(pid, &wstatus, 0) < 0)
		if (errno != EINTR) {
			live_m4 = 0;
			return EXIT_ENV;
		}
	live_m4 = 0;
	failed = !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0;
	if (pol_read_path(err_path, &errtext, &errlen) == 0)
		warnings = report_m4_stderr(errtext, errlen, failed, opts->build.werror, diags);
	free(errtext);
	if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 127) {
		diag_report(diags, POL_SEV_ERROR, -ENOENT, NULL, 0, 0, "cannot run '%s'", argv[0]);
		return EXIT_ENV;
	}
	if (!failed && warnings && opts->build.werror) {
		diag_report(diags, POL_SEV_ERROR, POL_EINVAL, NULL, 0, 0,
			    "m4 warned about '%s', and warnings are errors (-E)",
			    argv[argc_last(argv)]);
		return EXIT_USAGE;
	}
	if (failed) {
		diag_report(diags, POL_SEV_ERROR, POL_EFORMAT, NULL, 0, 0, "m4 failed on '%s'%s",
			    argv[argc_last(argv)],
			    WIFSIGNALED(wstatus) ? " (killed by a signal)" : "");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static const char *m4_program(void)
{
	const char *m4 = getenv("M4");

	return m4 && *m4 ? m4 : "m4";
}

/* The builtins that run a program or write a file, and builtin() that
 * reaches any of them; m4_is_shell_builtin() names them for the message. */
static const char *const shell_builtins[] = {"syscmd",	  "esyscmd",  "builtin",
					     "debugfile", "maketemp", "mkstemp"};

bool m4_is_shell_builtin(const char *name)
{
	for (size_t i = 0; i < sizeof(shell_builtins) / sizeof(shell_builtins[0]); i++)
		if (strcmp(name, shell_builtins[i]) == 0)
			return true;
	return false;
}

/* m4 [-s] [-U...] [DEFINES] SPT... */
static int start_argv(const struct sepolc_opts *opts, struct strv *argv, const struct headers *h,
		      bool with_defines, bool lines)
{
	int rc = strv_push(argv, m4_program());

	if (rc == 0 && lines)
		rc = strv_push(argv, "-s");
	/* A module is text to compile, not a script to run as the caller
	 * (root): no builtin that runs a program or writes a file, nor
	 * builtin() to reach one (indir() and defn() find nothing once they
	 * are undefined), unless --m4-shell asks for them. */
	for (size_t i = 0;
	     !opts->m4_shell && rc == 0 && i < sizeof(shell_builtins) / sizeof(shell_builtins[0]);
	     i++)
		rc = strv_pushf(argv, "-U%s", shell_builtins[i]);
	for (size_t i = 0; with_defines && rc == 0 && i < h->defines.n; i++)
		rc = strv_pushf(argv, "-D%s", h->defines.v[i]);
	for (size_t i = 0; rc == 0 && i < h->spt.n; i++)
		rc = strv_push(argv, h->spt.v[i]);
	return rc;
}

/* all_interfaces.conf: what the Makefile builds with m4 and sed. */
static int write_interfaces(const char *raw_path, const char *path, struct diag_sink *diags)
{
	static const char marker[] = "dollarsstar";
	char *text;
	size_t len;
	FILE *f;
	int rc = pol_read_path(raw_path, &text, &len);

	if (rc < 0 || !(f = fopen(path, "we"))) {
		if (rc == 0)
			free(text);
		diag_report(diags, POL_SEV_ERROR, rc < 0 ? rc : -errno, NULL, 0, 0,
			    "cannot write the interface definitions in a temporary directory");
		return EXIT_ENV;
	}
	fputs("divert(-1)\n", f);
	for (const char *p = text, *end = text + len; p < end;) {
		const char *hit = memmem(p, end - p, marker, sizeof(marker) - 1);

		if (!hit) {
			fwrite(p, 1, end - p, f);
			break;
		}
		fwrite(p, 1, hit - p, f);
		fputs("$*", f);
		p = hit + sizeof(marker) - 1;
	}
	fputs("divert\n", f);
	free(text);
	if (fclose(f) != 0) {
		diag_report(diags, POL_SEV_ERROR, -errno, NULL, 0, 0,
			    "cannot write the interface definitions: %s", strerror(errno));
		return EXIT_ENV;
	}
	return EXIT_OK;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The module's own .if beside its .te, as the Makefile finds it. */
static char *sibling_if(const char *te)
{
	char *p;

	if (!has_suffix(te, ".te") || asprintf(&p, "%.*s.if", (int)(strlen(te) - 3), te) < 0)
		return NULL;
	if (access(p, R_OK) == 0)
		return p;
	free(p);
	return NULL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Whether the .if beside the .te was also given on the command line. */
static bool given_if(const struct inputs *in, const char *own_if)
{
	struct stat a, b;

	for (size_t i = 0; i < in->n_ifs; i++)
		if (strcmp(in->ifs[i], own_if) == 0 ||
		    (stat(in->ifs[i], &a) == 0 && stat(own_if, &b) == 0 && a.st_dev == b.st_dev &&
		     a.st_ino == b.st_ino))
			return true;
	return false;
}

/* Whether a header's LAYER/NAME.if is replaced by the user's own NAME.if:
 * rebuilding a module the headers ship (rsync.te with its rsync.if) would
 * otherwise define each interface twice. The Makefile drops it too. */
static bool replaced_if(const struct inputs *in, const char *own_if, const char *header_if)
{
	const char *name = base_name(header_if);

	if (own_if && strcmp(base_name(own_if), name) == 0)
		return true;
	for (size_t i = 0; i < in->n_ifs; i++)
		if (strcmp(base_name(in->ifs[i]), name) == 0)
			return true;
	return false;
}

static int make_workdir(struct workdir *w, struct diag_sink *diags)
{
	const char *tmp = getenv("TMPDIR");

	sigset_t saved;
	int e;

	memset(w, 0, sizeof(*w));
	snprintf(w->path, sizeof(w->path), "%s/sepolc.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	/* no signal between creating the directory and watching it */
	signals_block(&saved);
	if (mkdtemp(w->path)) {
		watch_workdir(w);
		sigprocmask(SIG_SETMASK, &saved, NULL);
		return EXIT_OK;
	}
	e = errno;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	diag_report(diags, POL_SEV_ERROR, -e, NULL, 0, 0,
		    "cannot create a temporary directory in '%s': %s", tmp ? tmp : "/tmp",
		    strerror(e));
	w->path[0] = '\0';
	return EXIT_ENV;
}

/* One m4 run over every .fc, as refpolicy's monolithic build makes its
 * file_contexts (a definition in one file holds in the next). */
static int expand_fc(const struct sepolc_opts *opts, const struct headers *h, struct workdir *w,
		     const char *const *fcs, size_t n_fcs, struct diag_sink *diags, char **text,
		     size_t *len)
{
	const char *out = workdir_file(w, "fc.out"), *err = workdir_file(w, "fc.err");
	struct strv argv = {0};
	int status = EXIT_ENV;
	bool ok = out && err && start_argv(opts, &argv, h, true, true) == 0;

	for (size_t i = 0; ok && i < n_fcs; i++)
		ok = strv_push(&argv, fcs[i]) == 0;
	if (ok)
		status = run_m4(opts, argv.v, out, err, diags);
	strv_release(&argv);
	if (status == EXIT_OK && pol_read_path(out, text, len) < 0)
		status = EXIT_ENV;
	return status;
}

int m4_expand(const struct sepolc_opts *opts, const struct inputs *in, struct diag_sink *diags,
	      struct m4_result *out)
{
	struct headers h;
	struct workdir w;
	struct strv argv = {0};
	const char *raw, *ifs_path, *iferror, *te_out, *err;
	char *own_if = NULL;
	FILE *f;
	int status;

	memset(out, 0, sizeof(*out));
	status = headers_open(opts, diags, &h);
	if (status != EXIT_OK)
		goto done_headers;
	out->mls = h.mls;
	status = make_workdir(&w, diags);
	if (status != EXIT_OK)
		goto done_headers;
	status = EXIT_ENV;
	raw = workdir_file(&w, "interfaces.raw");
	ifs_path = workdir_file(&w, "all_interfaces.conf");
	iferror = workdir_file(&w, "iferror.m4");
	te_out = workdir_file(&w, "module.out");
	err = workdir_file(&w, "m4.err");
	if (!raw || !ifs_path || !iferror || !te_out || !err || !(f = fopen(iferror, "we")))
		goto done;
	/* a duplicate interface definition sets __if_error */
	fputs("ifdef(`__if_error',`m4exit(1)')\n", f);
	if (fclose(f) != 0)
		goto done;

	own_if = sibling_if(in->source);
	if (own_if && given_if(in, own_if)) {
		free(own_if);
		own_if = NULL;
	}
	if (start_argv(opts, &argv, &h, false, false) < 0)
		goto done;
	for (size_t i = 0; i < h.ifs.n; i++)
		if (!replaced_if(in, own_if, h.ifs.v[i]) && strv_push(&argv, h.ifs.v[i]) < 0)
			goto done;
	for (size_t i = 0; i < in->n_ifs; i++)
		if (strv_push(&argv, in->ifs[i]) < 0)
			goto done;
	if ((own_if && strv_push(&argv, own_if) < 0) || strv_push(&argv, iferror) < 0)
		goto done;
	status = run_m4(opts, argv.v, raw, err, diags);
	strv_release(&argv);
	if (status == EXIT_OK)
		status = write_interfaces(raw, ifs_path, diags);
	if (status != EXIT_OK)
		goto done;

	status = EXIT_ENV;
	if (start_argv(opts, &argv, &h, true, true) < 0 || strv_push(&argv, ifs_path) < 0 ||
	    strv_push(&argv, in->source) < 0)
		goto done;
	status = run_m4(opts, argv.v, te_out, err, diags);
	strv_release(&argv);
	if (status == EXIT_OK && pol_read_path(te_out, &out->text, &out->len) < 0)
		status = EXIT_ENV;
	if (status == EXIT_OK) {
		/* the definitions: every interface, then the support macros */
		char **defs = calloc(h.spt.n + 1, sizeof(*defs));

		if (defs) {
			defs[0] = (char *)raw;
			memcpy(defs + 1, h.spt.v, h.spt.n * sizeof(*defs));
		}
		if (!defs || m4_find_calls(out, defs, h.spt.n + 1) < 0)
			status = EXIT_ENV;
		free(defs);
	}
	if (status == EXIT_OK && in->fc)
		status = expand_fc(opts, &h, &w, &in->fc, 1, diags, &out->fc, &out->fc_len);
done:
	strv_release(&argv);
	free(own_if);
	workdir_remove(&w);
done_headers:
	headers_release(&h);
	if (status != EXIT_OK)
		m4_result_release(out);
	return status;
}

int m4_expand_fc(const struct sepolc_opts *opts, const char *fc, struct diag_sink *diags,
		 char **text, size_t *len)
{
	return m4_expand_fcs(opts, &fc, 1, diags, text, len);
}

int m4_expand_fcs(const struct sepolc_opts *opts, const char *const *fcs, size_t n_fcs,
		  struct diag_sink *diags, char **text, size_t *len)
{
	struct headers h;
	struct workdir w;
	int status = headers_open(opts, diags, &h);

	if (status == EXIT_OK)
		status = make_workdir(&w, diags);
	if (status == EXIT_OK) {
		status = expand_fc(opts, &h, &w, fcs, n_fcs, diags, text, len);
		workdir_remove(&w);
	}
	headers_release(&h);
	return status;
}

void m4_result_release(struct m4_result *r)
{
	m4_calls_release(r);
	free(r->text);
	free(r->fc);
	r->text = r->fc = NULL;
}
