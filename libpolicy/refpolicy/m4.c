/* SPDX-License-Identifier: LGPL-2.1-or-later */
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
 * the .fc is expanded with them too and sepolc's fc.c follows them.
 *
 * m4 runs in a work directory, the caller's (opts->workdir) or one of our
 * own; the hooks tell the caller of each file and child, so that a tool's
 * signal handler can remove and kill them: the library installs none.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "refpolicy/internal.h"
#include "util/array.h"
#include "util/file.h"

extern char **environ;

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

static int headers_open(const struct pol_refpolicy_opts *opts, struct headers *h,
			struct pol_err *err)
{
	char *pattern;
	int rc;

	memset(h, 0, sizeof(*h));
	h->dir = opts->headers ? opts->headers : POL_REFPOLICY_DEFAULT_HEADERS;
	if (asprintf(&pattern, "%s/support/*.spt", h->dir) < 0)
		return -ENOMEM;
	rc = glob_sorted(pattern, &h->spt);
	free(pattern);
	/* a refpolicy source tree: build.conf at the top, the macros in
	 * policy/support (what a monolithic build's .fc files need) */
	if (rc == 0 && h->spt.n == 0) {
		if (asprintf(&pattern, "%s/policy/support/*.spt", h->dir) < 0)
			return -ENOMEM;
		rc = glob_sorted(pattern, &h->spt);
		free(pattern);
	}
	if (rc == 0 && h->spt.n == 0)
		return pol_err_set(err, -ENOENT,
				   "no refpolicy headers in '%s' (install selinux-policy-dev, or "
				   "name them with --headers)",
				   h->dir);
	if (rc == 0)
		rc = find_interfaces(h);
	if (rc == 0)
		rc = build_defines(h);
	for (size_t i = 0; rc == 0 && i < opts->n_defines; i++)
		rc = strv_push(&h->defines, opts->defines[i]);
	if (rc < 0)
		return pol_err_set(err, rc, "cannot read the headers in '%s': %s", h->dir,
				   strerror(-rc));
	return 0;
}

/* ---- Running m4 ------------------------------------------------------- */

const char *refpolicy_workdir_file(struct refpolicy_workdir *w, const char *name)
{
	char *p;

	if (w->n == sizeof(w->files) / sizeof(w->files[0]) ||
	    asprintf(&p, "%s/%s", w->path, name) < 0)
		return NULL;
	w->files[w->n] = p;
	w->n++;
	if (w->opts->on_file)
		w->opts->on_file(p, w->opts->hook_data);
	return p;
}

void refpolicy_workdir_close(struct refpolicy_workdir *w)
{
	for (size_t i = 0; i < w->n; i++)
		unlink(w->files[i]);
	if (w->own && w->path[0])
		rmdir(w->path);
	for (size_t i = 0; i < w->n; i++)
		free(w->files[i]);
	memset(w, 0, sizeof(*w));
}

/* m4's complaints as diagnostics: "m4:FILE:LINE: message" from m4 itself,
 * "FILE:LINE: Warning: message" from refpolicy's refpolicywarn/refpolicyerr. */
static size_t report_m4_stderr(const char *text, size_t len, bool failed, bool werror,
			       struct pol_err *err)
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
		pol_err_add(err, sev, POL_EFORMAT, file, (unsigned int)lineno, 0, "%s", msg);
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

static void tell_child(const struct pol_refpolicy_opts *opts, pid_t pid)
{
	if (opts->on_child)
		opts->on_child(pid, opts->hook_data);
}

/* Run argv in cwd (NULL: ours) with stdout to out_path and stderr
 * collected. */
static int run_m4(const struct pol_refpolicy_opts *opts, char *const *argv, const char *out_path,
		  const char *err_path, const char *cwd, struct pol_err *err)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t mask_for_child;
	char *errtext = NULL;
	size_t errlen = 0, warnings = 0;
	pid_t pid;
	int rc, wstatus;
	bool failed;

	if (opts->on_command)
		opts->on_command(argv, opts->hook_data);
	sigprocmask(SIG_SETMASK, NULL, &mask_for_child);
	posix_spawn_file_actions_init(&fa);
	/* the child starts with the caller's signal mask, not the one the
	 * child hook may block while it learns the pid */
	posix_spawnattr_init(&attr);
	posix_spawnattr_setsigmask(&attr, &mask_for_child);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	/* after the opens, whose paths are the caller's */
	if (cwd)
		posix_spawn_file_actions_addchdir_np(&fa, cwd);
	/* -1 first: the hook can hold its signals until it knows the child */
	tell_child(opts, -1);
	rc = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	tell_child(opts, rc == 0 ? pid : 0);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (rc != 0)
		return pol_err_set(err, -rc, "cannot run '%s': %s%s", argv[0], strerror(rc),
				   rc == ENOENT ? " (install m4)" : "");
	while (waitpid(pid, &wstatus, 0) < 0)
		if (errno != EINTR) {
			rc = -errno;
			tell_child(opts, 0);
			return pol_err_set(err, rc, "cannot wait for '%s': %s", argv[0],
					   strerror(-rc));
		}
	tell_child(opts, 0);
	failed = !WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0;
	if (pol_read_path(err_path, &errtext, &errlen) == 0)
		warnings = report_m4_stderr(errtext, errlen, failed, opts->werror, err);
	free(errtext);
	if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 127)
		return pol_err_set(err, -ENOENT, "cannot run '%s'", argv[0]);
	if (!failed && warnings && opts->werror)
		return pol_err_set(err, POL_EINVAL,
				   "m4 warned about '%s', and warnings are errors (-E)",
				   argv[argc_last(argv)]);
	if (failed)
		return pol_err_set(err, POL_EFORMAT, "m4 failed on '%s'%s", argv[argc_last(argv)],
				   WIFSIGNALED(wstatus) ? " (killed by a signal)" : "");
	return 0;
}

static const char *m4_program(void)
{
	const char *m4 = getenv("M4");

	return m4 && *m4 ? m4 : "m4";
}

/* The builtins that run a program or write a file, and builtin() that
 * reaches any of them; pol_refpolicy_m4_shell_builtin() names them for the
 * message. */
static const char *const shell_builtins[] = {"syscmd",	  "esyscmd",  "builtin",
					     "debugfile", "maketemp", "mkstemp"};

bool pol_refpolicy_m4_shell_builtin(const char *name)
{
	for (size_t i = 0; i < sizeof(shell_builtins) / sizeof(shell_builtins[0]); i++)
		if (strcmp(name, shell_builtins[i]) == 0)
			return true;
	return false;
}

/* m4 [-s] [-U...] [DEFINES] SPT... */
static int start_argv(const struct pol_refpolicy_opts *opts, struct strv *argv,
		      const struct headers *h, bool with_defines, bool lines)
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
static int write_interfaces(const char *raw_path, const char *path, struct pol_err *err)
{
	static const char marker[] = "dollarsstar";
	char *text;
	size_t len;
	FILE *f;
	int rc = pol_read_path(raw_path, &text, &len);

	if (rc < 0 || !(f = fopen(path, "we"))) {
		if (rc == 0) {
			rc = -errno;
			free(text);
		}
		return pol_err_set(err, rc,
				   "cannot write the interface definitions in a temporary "
				   "directory");
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
		rc = -errno;
		return pol_err_set(err, rc, "cannot write the interface definitions: %s",
				   strerror(-rc));
	}
	return 0;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The module's own .if beside its .te, as the Makefile finds it; a
 * relative .te is in cwd (NULL: ours). */
static char *sibling_if(const char *te, const char *cwd)
{
	char *p;

	if (!has_suffix(te, ".te") || asprintf(&p, "%.*s.if", (int)(strlen(te) - 3), te) < 0)
		return NULL;
	if (cwd && te[0] != '/') {
		char *in_cwd = NULL;
		bool found = asprintf(&in_cwd, "%s/%s", cwd, p) >= 0 && access(in_cwd, R_OK) == 0;

		free(in_cwd);
		if (found)
			return p;
	} else if (access(p, R_OK) == 0) {
		return p;
	}
	free(p);
	return NULL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Whether the .if beside the .te was also given. */
static bool given_if(const struct pol_refpolicy_module_files *in, const char *own_if)
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
static bool replaced_if(const struct pol_refpolicy_module_files *in, const char *own_if,
			const char *header_if)
{
	const char *name = base_name(header_if);

	if (own_if && strcmp(base_name(own_if), name) == 0)
		return true;
	for (size_t i = 0; i < in->n_ifs; i++)
		if (strcmp(base_name(in->ifs[i]), name) == 0)
			return true;
	return false;
}

int refpolicy_workdir_open(const struct pol_refpolicy_opts *opts, struct refpolicy_workdir *w,
			   struct pol_err *err)
{
	const char *tmp = getenv("TMPDIR");
	int e;

	memset(w, 0, sizeof(*w));
	w->opts = opts;
	if (opts->workdir) {
		if (snprintf(w->path, sizeof(w->path), "%s", opts->workdir) >= (int)sizeof(w->path))
			return pol_err_set(err, -ENAMETOOLONG, "'%s': %s", opts->workdir,
					   strerror(ENAMETOOLONG));
		return 0;
	}
	snprintf(w->path, sizeof(w->path), "%s/sekit.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(w->path)) {
		w->own = true;
		return 0;
	}
	e = errno;
	w->path[0] = '\0';
	return pol_err_set(err, -e, "cannot create a temporary directory in '%s': %s",
			   tmp ? tmp : "/tmp", strerror(e));
}

/* One m4 run over every .fc, as refpolicy's monolithic build makes its
 * file_contexts (a definition in one file holds in the next). */
static int expand_fc(const struct pol_refpolicy_opts *opts, const struct headers *h,
		     struct refpolicy_workdir *w, const char *const *fcs, size_t n_fcs, char **text,
		     size_t *len, struct pol_err *err)
{
	const char *out = refpolicy_workdir_file(w, "fc.out"),
		   *errp = refpolicy_workdir_file(w, "fc.err");
	struct strv argv = {0};
	int rc = -ENOMEM;
	bool ok = out && errp && start_argv(opts, &argv, h, true, true) == 0;

	for (size_t i = 0; ok && i < n_fcs; i++)
		ok = strv_push(&argv, fcs[i]) == 0;
	if (ok)
		rc = run_m4(opts, argv.v, out, errp, NULL, err);
	strv_release(&argv);
	if (rc == 0)
		rc = pol_read_path(out, text, len);
	return rc;
}

int refpolicy_expand_in(const struct pol_refpolicy_opts *opts,
			const struct pol_refpolicy_module_files *in, const char *cwd,
			struct pol_refpolicy_expansion *out, struct pol_err *err)
{
	struct headers h;
	struct refpolicy_workdir w;
	struct strv argv = {0};
	const char *raw, *ifs_path, *iferror, *te_out, *errp;
	char *own_if = NULL;
	FILE *f;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = headers_open(opts, &h, err);
	if (rc < 0)
		goto done_headers;
	out->mls = h.mls;
	rc = refpolicy_workdir_open(opts, &w, err);
	if (rc < 0)
		goto done_headers;
	rc = -ENOMEM;
	raw = refpolicy_workdir_file(&w, "interfaces.raw");
	ifs_path = refpolicy_workdir_file(&w, "all_interfaces.conf");
	iferror = refpolicy_workdir_file(&w, "iferror.m4");
	te_out = refpolicy_workdir_file(&w, "module.out");
	errp = refpolicy_workdir_file(&w, "m4.err");
	if (!raw || !ifs_path || !iferror || !te_out || !errp)
		goto done;
	f = fopen(iferror, "we");
	if (!f) {
		rc = pol_err_set(err, -errno, "cannot write '%s': %s", iferror, strerror(errno));
		goto done;
	}
	/* a duplicate interface definition sets __if_error */
	fputs("ifdef(`__if_error',`m4exit(1)')\n", f);
	if (fclose(f) != 0) {
		rc = pol_err_set(err, -errno, "cannot write '%s': %s", iferror, strerror(errno));
		goto done;
	}

	own_if = sibling_if(in->te, cwd);
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
	rc = run_m4(opts, argv.v, raw, errp, cwd, err);
	strv_release(&argv);
	if (rc == 0)
		rc = write_interfaces(raw, ifs_path, err);
	if (rc < 0)
		goto done;

	rc = -ENOMEM;
	if (start_argv(opts, &argv, &h, true, true) < 0 || strv_push(&argv, ifs_path) < 0 ||
	    strv_push(&argv, in->te) < 0)
		goto done;
	rc = run_m4(opts, argv.v, te_out, errp, cwd, err);
	strv_release(&argv);
	if (rc == 0)
		rc = pol_read_path(te_out, &out->text, &out->len);
	if (rc == 0) {
		/* the definitions: every interface, then the support macros */
		char **defs = calloc(h.spt.n + 1, sizeof(*defs));

		if (defs) {
			defs[0] = (char *)raw;
			memcpy(defs + 1, h.spt.v, h.spt.n * sizeof(*defs));
		}
		rc = defs ? refpolicy_find_calls(out, defs, h.spt.n + 1) : -ENOMEM;
		free(defs);
	}
	if (rc == 0 && in->fc)
		rc = expand_fc(opts, &h, &w, &in->fc, 1, &out->fc, &out->fc_len, err);
done:
	strv_release(&argv);
	free(own_if);
	refpolicy_workdir_close(&w);
done_headers:
	headers_release(&h);
	if (rc < 0)
		pol_refpolicy_expansion_release(out);
	return rc;
}

int pol_refpolicy_expand(const struct pol_refpolicy_opts *opts,
			 const struct pol_refpolicy_module_files *in,
			 struct pol_refpolicy_expansion *out, struct pol_err *err)
{
	return refpolicy_expand_in(opts, in, NULL, out, err);
}

int pol_refpolicy_expand_fcs(const struct pol_refpolicy_opts *opts, const char *const *fcs,
			     size_t n_fcs, char **text, size_t *len, struct pol_err *err)
{
	struct headers h;
	struct refpolicy_workdir w;
	int rc = headers_open(opts, &h, err);

	if (rc == 0)
		rc = refpolicy_workdir_open(opts, &w, err);
	if (rc == 0) {
		rc = expand_fc(opts, &h, &w, fcs, n_fcs, text, len, err);
		refpolicy_workdir_close(&w);
	}
	headers_release(&h);
	return rc;
}

void pol_refpolicy_expansion_release(struct pol_refpolicy_expansion *r)
{
	refpolicy_calls_release(r);
	free(r->text);
	free(r->fc);
	r->text = r->fc = NULL;
}
