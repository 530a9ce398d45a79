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

#include "cli.h"
#include "serelabel.h"

enum {
	OPT_CHECK = 0x100,
	OPT_LOOKUP,
	OPT_JSON,
	OPT_ENGINE,
	OPT_CUSTOMIZABLE,
	OPT_READ_ONLY,
	OPT_LIST_OPTIONS,
};

static const struct option longopts[] = {
	{ "spec", required_argument, NULL, 's' },
	{ "policy", required_argument, NULL, 'c' },
	{ "root", required_argument, NULL, 'r' },
	{ "dry-run", no_argument, NULL, 'n' },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "force", no_argument, NULL, 'F' },
	{ "exclude", required_argument, NULL, 'e' },
	{ "cross-mounts", no_argument, NULL, 'x' },
	{ "hardlinks", no_argument, NULL, 'H' },
	{ "digests", no_argument, NULL, 'D' },
	{ "ignore-digests", no_argument, NULL, 'I' },
	{ "threads", required_argument, NULL, 'T' },
	{ "from", required_argument, NULL, 'f' },
	{ "null", no_argument, NULL, '0' },
	{ "ignore-missing", no_argument, NULL, 'i' },
	{ "lookup", no_argument, NULL, OPT_LOOKUP },
	{ "customizable", required_argument, NULL, OPT_CUSTOMIZABLE },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "progress", no_argument, NULL, 'p' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	/* hidden: the benchmark's floor, a walk that only reads labels */
	{ "read-only-walk", no_argument, NULL, OPT_READ_ONLY },
	{ "list-options", no_argument, NULL, OPT_LIST_OPTIONS },
	{ NULL, 0, NULL, 0 },
};

static int usage(void)
{
	printf("Usage:\n"
	       " %1$s [options] <PATH>...\n"
	       " %1$s [options] -f <FILE>\n"
	       "\n"
	       "Relabel files and directory trees with the contexts file_contexts gives them,\n"
	       "as setfiles and restorecon do, using every CPU.\n"
	       "\n"
	       "Options:\n"
	       "  -s, --spec=FILE         label from this file_contexts instead of the system's\n"
	       "  -c, --policy=FILE       check the spec's contexts against this binary policy\n"
	       "                          (default: the kernel's, when SELinux is enabled)\n"
	       "  -r, --root=DIR          look paths up relative to DIR (an image or chroot)\n"
	       "  -n, --dry-run           change nothing; with -v, list what would change\n"
	       "      --check             change nothing; list files whose label differs, exit 1 if any\n"
	       "  -F, --force             set the whole context, customizable types included\n"
	       "  -e, --exclude=DIR       skip DIR and everything below it (repeatable)\n"
	       "  -x, --cross-mounts      descend into other file systems (default: do not)\n"
	       "  -H, --hardlinks         label files with several links as setfiles does\n"
	       "  -D, --digests           skip directories whose security.sehash is current\n"
	       "  -I, --ignore-digests    check every directory, then write its digest\n"
	       "  -T, --threads=N         worker threads (default: one per CPU)\n"
	       "  -f, --from=FILE         read PATHs from FILE, one per line ('-' for stdin)\n"
	       "  -0, --null              PATHs in FILE end with NUL, not newline\n"
	       "  -i, --ignore-missing    a PATH that does not exist is no error\n"
	       "      --lookup            print the context of each PATH; walk and change nothing\n"
	       "      --customizable=FILE customizable types (default: the spec's policy's)\n"
	       "      --engine=NAME       lookups by 'native' (default) or 'selabel' (libselinux)\n"
	       "      --json              one JSON document on stdout (see serelabel(1))\n"
	       "  -p, --progress          show progress on the terminal\n"
	       "  -v, --verbose           list each change on stdout\n"
	       "  -q, --quiet             print nothing; the exit status is the answer\n"
	       "  -h, --help              display this help and exit\n"
	       "  -V, --version           display version and exit\n"
	       "\n"
	       "See serelabel(1).\n",
	       cli_name());
	return EXIT_OK;
}

static int list_options(void)
{
	for (const struct option *o = longopts; o->name; o++) {
		if (o->val == OPT_READ_ONLY || o->val == OPT_LIST_OPTIONS)
			continue;
		if (o->val < 0x100)
			printf("-%c\n", o->val);
		printf("--%s%s\n", o->name, o->has_arg == required_argument ? "=" : "");
	}
	return EXIT_OK;
}

struct pathlist {
	char **v;
	size_t n, alloc;
};

static int pathlist_add(struct pathlist *l, char *p)
{
	if (l->n == l->alloc) {
		size_t n = l->alloc ? l->alloc * 2 : 64;
		char **v = realloc(l->v, n * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->alloc = n;
	}
	l->v[l->n++] = p;
	return 0;
}

static int read_list(const char *file, bool nul, struct pathlist *l)
{
	FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "re");
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	int rc = 0;

	if (!f) {
		fprintf(stderr, "%s: cannot open '%s': %s\n", cli_name(), file, strerror(errno));
		return EXIT_USAGE;
	}
	while ((len = getdelim(&line, &size, nul ? '\0' : '\n', f)) > 0) {
		if (line[len - 1] == (nul ? '\0' : '\n'))
			line[--len] = '\0';
		if (!len)
			continue;
		char *p = strdup(line);

		if (!p || pathlist_add(l, p) < 0) {
			free(p);
			rc = EXIT_ENV;
			break;
		}
	}
	if (ferror(f) && !rc) {
		fprintf(stderr, "%s: cannot read '%s': %s\n", cli_name(), file, strerror(errno));
		rc = EXIT_USAGE;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
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

	struct pol_label_relabel_opts ro = {
		.specs = specs,
		.customizable = custom,
		.flags = opts->flags,
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
	status = out_finish(&out, &stats, stop_signal);
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

int main(int argc, char **argv)
{
	struct relabel_opts opts = { 0 };
	struct pathlist paths = { 0 };
	int c, status = EXIT_OK;

	cli_init(argv[0]);
	while (status == EXIT_OK &&
	       (c = getopt_long(argc, argv, "s:c:r:nFe:xHDIT:f:0ipvqhV", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			opts.spec = optarg;
			break;
		case 'c':
			opts.policy = optarg;
			break;
		case 'r':
			opts.root = optarg;
			break;
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
		case 'e': {
			const char **v;

			if (optarg[0] != '/') {
				status = cli_usage_error("exclude '%s' is not an absolute path", optarg);
				break;
			}
			v = realloc(opts.excludes, (opts.n_excludes + 1) * sizeof(*v));
			if (!v) {
				status = EXIT_ENV;
				break;
			}
			opts.excludes = v;
			v[opts.n_excludes++] = optarg;
			break;
		}
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
		case 'f':
			opts.from = optarg;
			break;
		case '0':
			opts.null = true;
			break;
		case 'i':
			opts.flags |= POL_LABEL_IGNORE_MISSING;
			break;
		case OPT_LOOKUP:
			opts.lookup = true;
			break;
		case OPT_CUSTOMIZABLE:
			opts.customizable = optarg;
			break;
		case OPT_ENGINE:
			if (strcmp(optarg, "native") == 0)
				opts.engine = POL_LABEL_ENGINE_NATIVE;
			else if (strcmp(optarg, "selabel") == 0)
				opts.engine = POL_LABEL_ENGINE_SELABEL;
			else
				status = cli_usage_error("unknown engine '%s' (native or selabel)", optarg);
			break;
		case OPT_JSON:
			opts.json = true;
			break;
		case 'p':
			opts.progress = true;
			break;
		case 'v':
			opts.verbose++;
			break;
		case 'q':
			opts.quiet = true;
			break;
		case OPT_READ_ONLY:
			opts.flags |= POL_LABEL_READ_ONLY;
			break;
		case 'h':
			free(opts.excludes);
			return usage();
		case 'V':
			free(opts.excludes);
			return cli_version();
		case OPT_LIST_OPTIONS:
			free(opts.excludes);
			return list_options();
		default:
			status = cli_usage_error(NULL);
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
			status = EXIT_ENV;
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
	status = cli_finish_stdout(status);
	if (stop_signal) {
		/* die of the signal, so the caller sees how we ended */
		signal(stop_signal, SIG_DFL);
		raise(stop_signal);
	}
	return status;
}
