/* SPDX-License-Identifier: GPL-2.0-or-later */
/* serelabel: relabel file trees from file_contexts, as setfiles and
 * restorecon do, in parallel. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "util/array.h"

#include "cli.h"
#include "serelabel.h"

enum {
	OPT_CHECK = 0x100,
	OPT_LOOKUP,
	OPT_JSON,
	OPT_ENGINE,
	OPT_CUSTOMIZABLE,
	OPT_READ_ONLY,
};

/* The table of main()'s options; the destinations are main()'s opts. */
// clang-format off
#define SERELABEL_OPTIONS(opts)                                                                    \
	CLI_STRING('s', "spec", "FILE", &(opts).spec,                                              \
		   "label from this file_contexts instead of the system's"),                      \
	CLI_STRING('c', "policy", "FILE", &(opts).policy,                                          \
		   "check the spec's contexts against this binary policy"),                       \
	CLI_STRING('r', "root", "DIR", &(opts).root,                                               \
		   "look paths up relative to DIR (an image or chroot)"),                         \
	CLI_FLAG('n', "dry-run", "change nothing; with -v, list what would change"),               \
	CLI_FLAG(OPT_CHECK, "check",                                                               \
		 "change nothing; list files whose label differs, exit 1 if any"),                \
	CLI_FLAG('F', "force", "set the whole context, customizable types included"),              \
	CLI_VALUE('e', "exclude", "DIR", "skip DIR and everything below it (repeatable)"),         \
	CLI_FLAG('x', "cross-mounts", "descend into other file systems (default: do not)"),        \
	CLI_FLAG('H', "hardlinks", "decide hard links per PATH, as setfiles does"),             \
	CLI_FLAG('D', "digests", "skip directories whose security.sehash is current"),             \
	CLI_FLAG('I', "ignore-digests", "check every directory, then write its digest"),           \
	CLI_VALUE('T', "threads", "N", "worker threads (default: one per CPU)"),                   \
	CLI_STRING('f', "from", "FILE", &(opts).from,                                              \
		   "read PATHs from FILE, one per line ('-' for stdin)"),                         \
	CLI_BOOL('0', "null", &(opts).null, "PATHs in FILE end with NUL, not newline"),            \
	CLI_FLAG('i', "ignore-missing", "a PATH that does not exist is no error"),                 \
	CLI_BOOL(OPT_LOOKUP, "lookup", &(opts).lookup,                                             \
		 "print the context of each PATH; walk and change nothing"),                      \
	CLI_STRING(OPT_CUSTOMIZABLE, "customizable", "FILE", &(opts).customizable,                 \
		   "customizable types (default: the spec's policy's)"),                          \
	CLI_VALUE(OPT_ENGINE, "engine", "NAME",                                                    \
		  "lookups by 'native' (default) or 'selabel' (libselinux)"),                     \
	CLI_BOOL(OPT_JSON, "json", &(opts).json, "one JSON document on stdout (see serelabel(1))"), \
	CLI_BOOL('p', "progress", &(opts).progress, "show progress on the terminal"),              \
	CLI_COUNT('v', "verbose", &(opts).verbose, "list each change on stdout"),                  \
	CLI_BOOL('q', "quiet", &(opts).quiet, "print nothing; the exit status is the answer"),     \
	CLI_HELP_VERSION,                                                                          \
	/* hidden: the benchmark's floor, a walk that only reads labels */                         \
	CLI_FLAG(OPT_READ_ONLY, "read-only-walk", NULL)
// clang-format on

static int usage(const struct cli_option *options)
{
	printf("Usage:\n"
	       " %1$s [options] <PATH>...\n"
	       " %1$s [options] -f <FILE>\n"
	       "\n"
	       "Relabel files and directory trees with the contexts file_contexts gives them,\n"
	       "as setfiles and restorecon do, using every CPU.\n"
	       "\n",
	       cli_name());
	cli_print_options(options);
	printf("\nSee serelabel(1).\n");
	return EXIT_OK;
}

struct pathlist {
	char **v;
	size_t n, alloc;
};

static int pathlist_add(struct pathlist *l, char *p)
{
	if (POL_ARRAY_GROW(l->v, l->n + 1, l->alloc) < 0)
		return -ENOMEM;
	l->v[l->n++] = p;
	return 0;
}

/* "serelabel: out of memory" as every other failure is reported (JSON under
 * --json); returns its exit status. */
static int report_out_of_memory(void)
{
	struct pol_err err;
	int status;

	pol_err_init(&err);
	status = cli_report(&err, pol_err_set(&err, -ENOMEM, "out of memory"));
	pol_err_release(&err);
	return status;
}

/* -f FILE's paths into l. Returns the exit status; a failure is reported
 * as every other one (cli_report(): the exit status of the errno, JSON
 * under --json). */
static int read_list(const char *file, bool nul, struct pathlist *l)
{
	FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "re");
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	struct pol_err err;
	int rc = 0, status;

	pol_err_init(&err);
	if (!f) {
		rc = pol_err_set(&err, -errno, "cannot open '%s': %s", file, strerror(errno));
		goto out;
	}
	while ((len = getdelim(&line, &size, nul ? '\0' : '\n', f)) > 0) {
		if (line[len - 1] == (nul ? '\0' : '\n'))
			line[--len] = '\0';
		if (!len)
			continue;
		char *p = strdup(line);

		if (!p || pathlist_add(l, p) < 0) {
			free(p);
			rc = pol_err_set(&err, -ENOMEM, "out of memory");
			break;
		}
	}
	if (ferror(f) && !rc) {
		int e = errno ? errno : EIO;

		rc = pol_err_set(&err, -e, "cannot read '%s': %s", file, strerror(e));
	}
	free(line);
	if (f != stdin)
		fclose(f);
out:
	status = cli_report(&err, rc);
	pol_err_release(&err);
	return status;
}

/* Set by on_signal(), which runs on whichever thread the kernel picks, and
 * read by the walk's threads: atomic stores and loads (label.h). */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	__atomic_store_n(&stop_signal, sig, __ATOMIC_RELAXED);
}

/* The signal that stopped the run, or 0. */
static int stopped_by(void)
{
	return __atomic_load_n(&stop_signal, __ATOMIC_RELAXED);
}

static void setup_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/* file system calls restart; the walk notices the flag between files */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	/* a reader that goes away must not kill a relabel half way; output
	 * errors are noticed at the end */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
}

/* Files to expect, for an ETA: known only when every PATH is the top of its
 * file system (as for a whole-system relabel), from the inodes in use. */
static unsigned long long estimate_total(char **paths, size_t n)
{
	unsigned long long total = 0;

	for (size_t i = 0; i < n; i++) {
		struct stat st, up;
		struct statvfs vfs;
		char *parent;

		if (lstat(paths[i], &st) < 0 || !S_ISDIR(st.st_mode))
			return 0;
		if (asprintf(&parent, "%s/..", paths[i]) < 0)
			return 0;
		int rc = stat(parent, &up);

		free(parent);
		if (rc < 0 || (up.st_dev == st.st_dev && up.st_ino != st.st_ino))
			return 0;
		if (statvfs(paths[i], &vfs) < 0 || vfs.f_files < vfs.f_ffree)
			return 0;
		total += vfs.f_files - vfs.f_ffree;
	}
	return total;
}

static int parse_threads(const char *s, unsigned int *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v > 4096)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

static int run(struct relabel_opts *opts, struct pathlist *paths)
{
	struct pol_label_specs *specs = NULL;
	struct pol_label_types *custom = NULL;
	struct pol_label_stats stats;
	struct relabel_out out;
	struct pol_err err;
	char *spec_path = NULL, *cust_path = NULL;
	int rc, status;

	pol_err_init(&err);
	if (!(opts->flags & POL_LABEL_READ_ONLY)) {
		if (opts->spec) {
			spec_path = strdup(opts->spec);
			rc = spec_path ? 0 : pol_err_set(&err, -ENOMEM, "out of memory");
		} else {
			rc = pol_label_system_spec_path(&spec_path, &err);
		}
		if (rc == 0)
			rc = pol_label_specs_open(spec_path, opts->engine, 0, &specs, &err);
		if (rc < 0)
			goto fail;
		if (opts->verbose > 1)
			fprintf(stderr, "%s: %zu specs from '%s'\n", cli_name(),
				pol_label_specs_count(specs), spec_path);
	}
	/* a lookup writes nothing: its contexts are checked only when asked */
	if (specs && (!opts->lookup || opts->policy)) {
		status = relabel_validate(opts, specs, spec_path);
		if (status != EXIT_OK)
			goto out;
	}
	if (opts->lookup) {
		status = relabel_lookup(opts, specs, paths->v, paths->n);
		goto out;
	}
	if (!(opts->flags & (POL_LABEL_READ_ONLY | POL_LABEL_FORCE))) {
		if (opts->customizable) {
			cust_path = strdup(opts->customizable);
			rc = cust_path ? 0 : pol_err_set(&err, -ENOMEM, "out of memory");
		} else {
			rc = pol_label_customizable_path(spec_path, &cust_path, &err);
			if (rc == POL_ENOPOLICY) {
				/* no system policy: nothing is customizable */
				pol_err_clear(&err);
				rc = 0;
			}
		}
		if (rc == 0 && cust_path)
			rc = pol_label_types_open(cust_path, &custom, &err);
		if (rc < 0)
			goto fail;
	}

	/* what goes to stdout comes out in walk order, the same for any
	 * number of threads; without it, nothing is held */
	unsigned int flags = opts->flags;

	if (opts->verbose || opts->check || opts->json)
		flags |= POL_LABEL_ORDERED_EVENTS;

	struct pol_label_relabel_opts ro = {
	    .specs = specs,
	    .customizable = custom,
	    .flags = flags,
	    .threads = opts->threads,
	    .root = opts->root,
	    .excludes = opts->excludes,
	    .n_excludes = opts->n_excludes,
	    .event = out_event,
	    .event_data = &out,
	    .progress = out_progress,
	    .progress_data = &out,
	    .stop = &stop_signal,
	};

	out_init(&out, opts, spec_path,
		 opts->progress || !opts->quiet ? estimate_total(paths->v, paths->n) : 0);
	setup_signals();
	rc = pol_label_relabel(&ro, (const char *const *)paths->v, paths->n, &stats, &err);
	if (rc < 0)
		goto fail;
	status = out_finish(&out, &stats, stopped_by());
	goto out;
fail:
	status = cli_report(&err, rc);
out:
	pol_err_release(&err);
	pol_label_types_free(custom);
	pol_label_specs_free(specs);
	free(spec_path);
	free(cust_path);
	return status;
}

/* restorecon -R and -r mean "recurse", which serelabel always does; here -r
 * is --root=DIR, so "-rv" would take "v" for a root. Say so before getopt
 * complains or the walk fails on a root named "v". */
static void restorecon_habits(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0)
			return;
		if (a[0] != '-' || a[1] == '-' || !a[1])
			continue;
		if (strchr(a, 'R') ||
		    (a[1] == 'r' && a[2] && strspn(a + 2, "RrvFnpiIDxWe0mq") == strlen(a + 2))) {
			fprintf(stderr,
				"%s: note: directories are always relabeled recursively: "
				"restorecon's -R and -r are not needed (here -r is --root=DIR)\n",
				cli_name());
			return;
		}
	}
}

int main(int argc, char **argv)
{
	struct relabel_opts opts = { 0 };
	const struct cli_option options[] = {SERELABEL_OPTIONS(opts), CLI_END};
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pathlist paths = { 0 };
	int c, status = EXIT_OK;

	cli_init(argv[0]);
	restorecon_habits(argc, argv);
	while (status == EXIT_OK && (c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'n':
			opts.flags |= POL_LABEL_DRY_RUN;
			break;
		case OPT_CHECK:
			opts.check = true;
			opts.flags |= POL_LABEL_DRY_RUN;
			break;
		case 'F':
			opts.flags |= POL_LABEL_FORCE;
			break;
		case 'e':
			if (optarg[0] != '/') {
				status = cli_usage_error("exclude '%s' is not an absolute path", optarg);
				break;
			}
			if (POL_ARRAY_GROW(opts.excludes, opts.n_excludes + 1,
					   opts.excludes_alloc) < 0) {
				status = EXIT_ENV;
				break;
			}
			opts.excludes[opts.n_excludes++] = optarg;
			break;
		case 'x':
			opts.flags |= POL_LABEL_CROSS_MOUNTS;
			break;
		case 'H':
			opts.flags |= POL_LABEL_HARDLINKS;
			break;
		case 'D':
			opts.flags |= POL_LABEL_DIGESTS;
			break;
		case 'I':
			opts.flags |= POL_LABEL_IGNORE_DIGESTS;
			break;
		case 'T':
			if (parse_threads(optarg, &opts.threads) < 0)
				status = cli_usage_error("invalid thread count '%s'", optarg);
			break;
		case 'i':
			opts.flags |= POL_LABEL_IGNORE_MISSING;
			break;
		case OPT_ENGINE:
			if (strcmp(optarg, "native") == 0)
				opts.engine = POL_LABEL_ENGINE_NATIVE;
			else if (strcmp(optarg, "selabel") == 0)
				opts.engine = POL_LABEL_ENGINE_SELABEL;
			else
				status = cli_usage_error("unknown engine '%s' (native or selabel)", optarg);
			break;
		case OPT_READ_ONLY:
			opts.flags |= POL_LABEL_READ_ONLY;
			break;
		case 'h':
			free(opts.excludes);
			return usage(options);
		case 'V':
			free(opts.excludes);
			return cli_version();
		default:
			status = EXIT_USAGE;
			break;
		}
	}
	if (status != EXIT_OK)
		goto out;
	if (opts.null && !opts.from) {
		status = cli_usage_error("-0 needs -f");
		goto out;
	}
	if (opts.lookup && (opts.flags & POL_LABEL_READ_ONLY)) {
		status = cli_usage_error("--lookup walks nothing");
		goto out;
	}
	if (opts.from) {
		status = read_list(opts.from, opts.null, &paths);
		if (status)
			goto out;
	}
	for (int i = optind; i < argc; i++) {
		char *p = strdup(argv[i]);

		if (!p || pathlist_add(&paths, p) < 0) {
			free(p);
			status = report_out_of_memory();
			goto out;
		}
	}
	if (paths.n == 0 && !opts.from) {
		status = cli_usage_error("no path given");
		goto out;
	}

	status = run(&opts, &paths);
out:
	for (size_t i = 0; i < paths.n; i++)
		free(paths.v[i]);
	free(paths.v);
	free(opts.excludes);
	if (stopped_by()) {
		int sig = stopped_by();

		cli_finish_stdout(status);
		/* die of the signal, so the caller sees how we ended */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}
