/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * seallow: audit2allow's and audit2why's command line on libpolicy/audit,
 * plus "seallow explain" (every cause of each denial group and its fix).
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util/array.h"

#include "cli.h"
#include "commands.h"
#include "seallow.h"

enum {
	OPT_JSON = 256,
	OPT_VERIFY,
	OPT_PERM_MAP,
	OPT_IFINFO,
	OPT_HEADERS,
	OPT_MAX_DISTANCE,
	OPT_BROAD,
	OPT_PER_NODE,
};

static const enum seallow_mode explain_mode = MODE_EXPLAIN, review_mode = MODE_REVIEW;

// clang-format off
/* Modes the option parser selects (no run of their own): data is the mode. */
static const struct cli_command commands[] = {
	{ "explain", NULL, "every cause of each denial group, and the fix", &explain_mode },
	{ "review", NULL, "ask group by group what to do, and write the module", &review_mode },
	CLI_COMMAND_END,
};

static const struct cli_option options[] = {
	CLI_VALUE('i', "input", "FILE", "read the log from FILE (default: standard input)"),
	CLI_FLAG('a', "all", "read the whole audit log (/var/log/audit/audit.log*)"),
	CLI_FLAG('b', "boot", "the audit log since the last boot"),
	CLI_FLAG('d', "dmesg", "read the kernel log (dmesg)"),
	CLI_FLAG('l', "lastreload", "only denials after the last policy load"),
	CLI_VALUE('p', "policy", "FILE", "explain against this binary policy (default: the system's)"),
	CLI_VALUE('t', "type", "REGEX", "only denials whose source or target type matches REGEX"),
	CLI_VALUE('m', "module", "NAME", "write a module NAME (module line and require block)"),
	CLI_VALUE('M', "module-package", "NAME", "write NAME.te and compile NAME.pp for semodule -i"),
	CLI_VALUE('o', "output", "FILE", "append the output to FILE"),
	CLI_FLAG('r', "requires", "write the require block"),
	CLI_FLAG('R', "reference", "refpolicy interface calls where an interface covers a denial"),
	CLI_FLAG('N', "noreference", "plain rules, no interfaces (the default)"),
	CLI_FLAG('D', "dontaudit", "dontaudit rules instead of allow rules"),
	CLI_FLAG('x', "xperms", "allowxperm rules for the ioctl numbers of the denials"),
	CLI_FLAG('C', "cil", "CIL instead of the policy language"),
	CLI_FLAG('v', "verbose", "explain each rule in a comment"),
	CLI_FLAG('e', "explain", "quote every record behind each rule"),
	CLI_FLAG('w', "why", "audit2why: why each denial happened"),
	CLI_FLAG(OPT_VERIFY, "verify", "add the rules to the policy in memory and recheck\nevery denial group"),
	CLI_FLAG(OPT_JSON, "json", "explain: one JSON document, an object per denial group"),
	CLI_FLAG('q', "quiet", "no output; the exit status is the answer"),
	CLI_FLAG(OPT_PER_NODE, "per-node", "explain, review: the denials of each host (node=)\nin groups of their own"),
	CLI_VALUE(OPT_HEADERS, "headers", "DIR", "-R: refpolicy headers to read the interfaces from\n(default: /usr/share/selinux/devel/include)"),
	CLI_VALUE(OPT_IFINFO, "interface-info", "FILE", "-R: read the interfaces from FILE (sepolgen-ifgen's format)\ninstead of the headers"),
	CLI_VALUE(OPT_PERM_MAP, "perm-map", "FILE", "-R: permission weights (default: /var/lib/sepolgen/perm_map)"),
	CLI_VALUE(OPT_MAX_DISTANCE, "max-distance", "N", "-R: refuse an interface granting more than N beyond\nthe denial (default: 150)"),
	CLI_FLAG(OPT_BROAD, "broad-interfaces", "-R: take the closest interface however broad, as\naudit2allow does"),
	CLI_HELP_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};
// clang-format on

static int usage(void)
{
	printf("Usage:\n"
	       " %1$s [options] [-i FILE]\n"
	       " %1$s explain [options] [-i FILE]\n"
	       " %1$s review [options] -i FILE\n"
	       "\n"
	       "Turn SELinux denials from audit logs, ausearch --raw output or kernel log\n"
	       "lines into rules, as audit2allow does (audit2why with -w); 'explain' gives\n"
	       "every cause of each denial and the fix; 'review' asks, group by group, what\n"
	       "to do and writes the module.\n"
	       "\n",
	       cli_name());
	cli_print_commands(commands);
	printf("\n");
	cli_print_options(options);
	printf("\nSee %s(1).\n", cli_name());
	return EXIT_OK;
}

static bool valid_module_name(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return false;
	for (s++; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-",
			    *s))
			return false;
	return true;
}

/* The type field of a context, copied into buf. */
static const char *ctx_type(const char *ctx, char *buf, size_t size)
{
	const char *a = ctx ? strchr(ctx, ':') : NULL, *b = a ? strchr(a + 1, ':') : NULL;
	size_t n;

	if (!b)
		return "";
	n = strcspn(b + 1, ":");
	if (n >= size)
		n = size - 1;
	memcpy(buf, b + 1, n);
	buf[n] = '\0';
	return buf;
}

static bool type_matches(struct seallow_run *run, const char *ctx)
{
	char buf[256];
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_regex_search(run->type_re, ctx_type(ctx, buf, sizeof(buf)), &err);
	if (rc < 0) {
		/* the engine gave up: an error, never taken for "no match" */
		cli_report(&err, rc);
		run->status = EXIT_USAGE;
	}
	pol_err_release(&err);
	return rc > 0;
}

static int on_avc(const struct pol_audit_avc *a, void *data)
{
	struct seallow_run *run = data;

	if (run->since && a->sec < run->since)
		return 0;
	run->avcs++;
	if (run->o->mode == MODE_WHY) {
		why_print(run, a);
		return 0;
	}
	if (run->type_re && !type_matches(run, a->scontext) && !type_matches(run, a->tcontext)) {
		run->filtered++;
		return 0;
	}
	pol_audit_set_add(run->set, a);
	return 0;
}

static int on_mark(const struct pol_audit_mark *m, void *data)
{
	struct seallow_run *run = data;

	if (run->since && m->sec < run->since)
		return 0;
	switch (m->kind) {
	case POL_AUDIT_MARK_POLICY_LOAD:
	case POL_AUDIT_MARK_DAEMON_START:
		if (!run->o->lastreload || (m->kind == POL_AUDIT_MARK_DAEMON_START && !m->auditd))
			break;
		pol_audit_set_reset(run->set);
		if (run->why_out && run->why_out != stdout) {
			rewind(run->why_out);
			if (ftruncate(fileno(run->why_out), 0) < 0)
				return -errno;
		}
		memset(run->why_bad, 0, sizeof(run->why_bad));
		break;
	case POL_AUDIT_MARK_COMPUTE_SID:
		if (run->o->mode == MODE_WHY)
			break;
		if (run->type_re && !type_matches(run, m->invalid_context) &&
		    !type_matches(run, m->scontext) && !type_matches(run, m->tcontext))
			break;
		pol_audit_set_add_role_type(run->set, m->invalid_context);
		break;
	}
	return 0;
}

static int numeric_suffix_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	const char *dx = strrchr(x, '.'), *dy = strrchr(y, '.');
	long nx = dx && strcmp(dx, ".log") ? strtol(dx + 1, NULL, 10) : 0;
	long ny = dy && strcmp(dy, ".log") ? strtol(dy + 1, NULL, 10) : 0;

	/* oldest first: audit.log.9 ... audit.log.1, audit.log */
	return (ny > nx) - (ny < nx);
}

/* -a/-b: the audit log files themselves, oldest first, instead of spawning
 * ausearch (which needs root and reads the same files). */
static int read_audit_logs(struct seallow_run *run, struct pol_audit_reader *r)
{
	const char *dir = getenv("SEKIT_AUDIT_LOG_DIR");
	char **names = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *d;
	int status = EXIT_OK;

	if (!dir || !*dir)
		dir = "/var/log/audit";
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "%s: cannot read '%s': %s\n", cli_name(), dir, strerror(errno));
		return EXIT_ENV;
	}
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "audit.log", 9) != 0 ||
		    (de->d_name[9] && de->d_name[9] != '.'))
			continue;
		if (POL_ARRAY_GROW(names, n + 1, alloc) < 0 || !(names[n] = strdup(de->d_name))) {
			fprintf(stderr, "%s: out of memory\n", cli_name());
			status = EXIT_ENV;
			break;
		}
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), numeric_suffix_cmp);
	for (size_t i = 0; i < n && status == EXIT_OK; i++) {
		char path[4096];
		int fd, rc;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			fprintf(stderr, "%s: cannot open '%s': %s\n", cli_name(), path,
				strerror(errno));
			status = EXIT_ENV;
			break;
		}
		rc = pol_audit_reader_read_fd(r, fd);
		close(fd);
		if (rc < 0) {
			fprintf(stderr, "%s: cannot read '%s': %s\n", cli_name(), path,
				strerror(-rc));
			status = EXIT_ENV;
		}
	}
	if (!n && status == EXIT_OK)
		fprintf(stderr, "%s: no audit.log in '%s'\n", cli_name(), dir);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	(void)run;
	return status;
}

static time_t boot_time(void)
{
	FILE *f =
	    fopen(getenv("SEKIT_PROC_UPTIME") ? getenv("SEKIT_PROC_UPTIME") : "/proc/uptime", "re");
	double up = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%lf", &up) != 1)
		up = 0;
	fclose(f);
	return up > 0 ? time(NULL) - (time_t)up : 0;
}

static int read_input(struct seallow_run *run, struct pol_audit_reader *r)
{
	const struct seallow_opts *o = run->o;
	int rc;

	if (o->input) {
		int fd = open(o->input, O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			fprintf(stderr, "%s: cannot open '%s': %s\n", cli_name(), o->input,
				strerror(errno));
			return errno == EACCES ? EXIT_ENV : EXIT_USAGE;
		}
		run->why_newline = true;
		rc = pol_audit_reader_read_fd(r, fd);
		close(fd);
	} else if (o->dmesg) {
		const char *cmd = getenv("SEKIT_DMESG");
		FILE *p = popen(cmd && *cmd ? cmd : "dmesg", "r");
		int st;

		if (!p) {
			fprintf(stderr, "%s: cannot run dmesg: %s\n", cli_name(), strerror(errno));
			return EXIT_ENV;
		}
		rc = pol_audit_reader_read_fd(r, fileno(p));
		st = pclose(p);
		if (rc == 0 && st != 0) {
			fprintf(stderr, "%s: dmesg failed\n", cli_name());
			return EXIT_ENV;
		}
	} else if (o->all || o->boot) {
		return read_audit_logs(run, r);
	} else {
		run->why_newline = true;
		rc = pol_audit_reader_read_fd(r, STDIN_FILENO);
	}
	if (rc < 0) {
		fprintf(stderr, "%s: cannot read the log: %s\n", cli_name(), strerror(-rc));
		return rc == -ENOMEM ? EXIT_ENV : EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Every line and denial not used, by reason, on stderr. */
static size_t report_skips(struct seallow_run *run, struct pol_audit_reader *r)
{
	size_t total = 0;

	for (int i = 0; i < POL_AUDIT_SKIP_COUNT; i++) {
		size_t n = pol_audit_reader_skipped(r, (enum pol_audit_skip)i);

		if (!n)
			continue;
		total += n;
		if (!run->o->quiet)
			fprintf(stderr, "%s: warning: skipped %zu line%s: %s\n", cli_name(), n,
				n == 1 ? "" : "s", pol_audit_skip_name((enum pol_audit_skip)i));
	}
	for (int i = 1; i < POL_AUDIT_BAD_COUNT; i++) {
		size_t n = run->o->mode == MODE_WHY
			       ? run->why_bad[i]
			       : pol_audit_set_skipped(run->set, (enum pol_audit_bad)i);

		if (!n)
			continue;
		total += n;
		if (!run->o->quiet)
			fprintf(stderr, "%s: warning: skipped %zu denial%s: %s\n", cli_name(), n,
				n == 1 ? "" : "s", pol_audit_bad_name((enum pol_audit_bad)i));
	}
	return total;
}

/*
 * libsepol reads the policy into some 12 MB of small heap blocks, and the
 * denial groups add more: 3,000 to 5,000 page faults in 4 KiB pages, a
 * third of the CPU time of a run on an empty log and a sixth of one on
 * 100,000 denials. Where the kernel gives transparent huge pages on
 * request (THP "madvise" mode; "always" gives them anyway), ask for them
 * on the heap, as
 * GLIBC_TUNABLES=glibc.malloc.hugetlb=1 would: grow glibc's heap once by
 * HEAP_RESERVE of address space (a page is still taken only when
 * touched), keep it (the top pad), and mark it. Under another allocator
 * or a sanitizer mallopt() fails and nothing changes.
 */
#define HEAP_RESERVE (64 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

static void heap_in_huge_pages(void)
{
#if defined(M_TOP_PAD) && defined(M_MMAP_THRESHOLD) && defined(MADV_HUGEPAGE)
	uintptr_t start, end;
	void *volatile grow; /* a malloc() only freed would be optimised out */

	/* blocks up to 32 MiB (glibc's most) come from the heap, and free()
	 * leaves HEAP_RESERVE at its top */
	if (mallopt(M_MMAP_THRESHOLD, 32 << 20) != 1 || mallopt(M_TOP_PAD, HEAP_RESERVE) != 1)
		return;
	start = (uintptr_t)sbrk(0);
	if (start == (uintptr_t)-1)
		return;
	/* larger than the heap's free top: grows it by itself and the pad */
	grow = malloc(16 << 20);
	free(grow);
	end = (uintptr_t)sbrk(0);
	start = (start + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	end &= ~(HUGE_PAGE - 1);
	if (end > start)
		madvise((void *)start, end - start, MADV_HUGEPAGE);
#endif
}

/*
 * What main() built and leaves to exit(). Freeing libsepol's policydb node
 * by node, then the denial groups, costs about 60 million instructions: a
 * quarter of a run on an empty log, half as much as reading the policy.
 * The process is about to end and the kernel takes its memory back at
 * once. The pointers stay here so that LeakSanitizer, which reports only
 * memory nothing points to any more, finds no leak (volatile: a static
 * never read is otherwise never written); the library's free functions
 * keep their tests in the unit tests.
 */
static volatile struct {
	struct pol_pdb *pdb;
	struct pol_audit_policy *pol;
	struct pol_audit_set *set;
	struct pol_audit_reader *reader;
} left_to_exit;

static void leave_to_exit(struct seallow_run *run, struct pol_audit_reader *r)
{
	left_to_exit.pdb = run->pdb;
	left_to_exit.pol = run->pol;
	left_to_exit.set = run->set;
	left_to_exit.reader = r;
}

/* Returns 0 to go on, or an exit status + 1 (help, version, errors). */
static int parse_args(int argc, char **argv, struct seallow_opts *o)
{
	/* "-": options may follow the subcommand */
	struct cli_getopt g = CLI_GETOPT_INIT(options, "-");
	int c;

	while ((c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 1: {
			/* the first word is the command; audit2allow takes no other */
			const struct cli_command *cmd = cli_find_command(commands, optarg);

			if (o->mode != MODE_ALLOW)
				return cli_usage_error("unexpected argument '%s'", optarg) + 1;
			if (!cmd)
				return cli_unknown_command(commands, optarg) + 1;
			o->mode = *(const enum seallow_mode *)cmd->data;
			cli_set_command(cmd->name);
			break;
		}
		// clang-format off
		case 'i': o->input = optarg; break;
		case 'a': o->all = true; break;
		case 'b': o->boot = true; break;
		case 'd': o->dmesg = true; break;
		case 'l': o->lastreload = true; break;
		case 'p': o->policy = optarg; break;
		case 't': o->type_re = optarg; break;
		case 'm': o->module = optarg; break;
		case 'M': o->package = optarg; break;
		case 'o': o->output = optarg; break;
		case 'r': o->requires = true; break;
		case 'R': o->refpolicy = true; break;
		case 'N': o->refpolicy = false; break;
		case 'D': o->dontaudit = true; break;
		case 'x': o->xperms = true; break;
		case 'C': o->cil = true; break;
		case 'v': o->verbose = true; break;
		case 'e': o->explain_long = true; break;
		case 'w': if (o->mode == MODE_ALLOW) o->mode = MODE_WHY; break;
		case 'q': o->quiet = true; break;
		case OPT_JSON: o->json = true; break;
		case OPT_VERIFY: o->verify = true; break;
		case OPT_PERM_MAP: o->perm_map = optarg; break;
		case OPT_IFINFO: o->interface_info = optarg; break;
		case OPT_HEADERS: o->headers = optarg; break;
		case OPT_BROAD: o->broad_interfaces = true; break;
		case OPT_PER_NODE: o->per_node = true; break;
		case OPT_MAX_DISTANCE: {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 0 || v > 1000000)
				return cli_usage_error("--max-distance wants a number from 0, not '%s'", optarg) + 1;
			o->max_distance = (int)v;
			break;
		}
		case 'h': return usage() + 1;
		case 'V': return cli_version() + 1;
		case CLI_LIST_COMMANDS: return cli_list_commands(commands) + 1;
		default: return EXIT_USAGE + 1;
		// clang-format on
		}
	}
	if ((o->all || o->boot) + !!o->input + o->dmesg > 1)
		return 1 + cli_usage_error("-i, -d and -a/-b each name the input: give one");
	if (o->package && o->output)
		return 1 + cli_usage_error("--module-package conflicts with --output");
	if (o->package && o->module)
		return 1 + cli_usage_error("--module-package conflicts with --module");
	if (o->package && o->cil)
		return 1 + cli_usage_error("--module-package conflicts with --cil");
	if ((o->module && !valid_module_name(o->module)) ||
	    (o->package && !valid_module_name(o->package)))
		return 1 +
		       cli_usage_error("module names must begin with a letter, optionally followed "
				       "by letters, numbers, \"-\", \"_\", \".\"");
	if (o->mode == MODE_REVIEW) {
		if (!o->input && !o->dmesg && !o->all && !o->boot)
			return 1 +
			       cli_usage_error("review reads its answers from the terminal: name "
					       "the log with -i FILE, -a, -b or -d");
		if (o->output || o->module || o->cil || o->json || o->quiet)
			return 1 + cli_usage_error("review writes NAME.te and NAME.pp (-M NAME): "
						   "-o, -m, -C, --json and -q do not apply");
	}
	if (o->json && o->mode != MODE_EXPLAIN)
		return 1 + cli_usage_error("--json goes with 'explain'");
	if (o->per_node && o->mode != MODE_EXPLAIN && o->mode != MODE_REVIEW)
		return 1 +
		       cli_usage_error("--per-node goes with 'explain' and 'review' (a module's "
				       "rules are the same whichever host was denied)");
	if (o->module || o->package || o->refpolicy)
	o->requires = true;
	return 0;
}

int main(int argc, char **argv)
{
	struct seallow_opts o = {.max_distance = 150};
	struct seallow_run run = {.o = &o, .status = EXIT_OK};
	struct pol_audit_handlers h = {on_avc, on_mark, &run};
	struct pol_audit_reader *r = NULL;
	struct pol_err err;
	int status, rc;
	size_t skipped;

	cli_init(argv[0]);
	if (strcmp(cli_name(), "audit2why") == 0)
		o.mode = MODE_WHY;
	rc = parse_args(argc, argv, &o);
	if (rc > 0)
		return rc - 1;
	if (o.mode == MODE_REVIEW && !isatty(STDIN_FILENO)) {
		fprintf(stderr,
			"%s: review asks on a terminal and standard input is not one; "
			"'seallow explain' prints the same facts and -M NAME writes the module\n",
			cli_name());
		return EXIT_USAGE;
	}
	pol_err_init(&err);
	if (o.type_re && o.mode != MODE_WHY) {
		/* Python's re.match: anchored at the start only */
		char *pat;

		if (asprintf(&pat, "\\A(?:%s)", o.type_re) < 0)
			return EXIT_ENV;
		rc = pol_regex_compile(pat, &run.type_re, &err);
		free(pat);
		if (rc < 0) {
			status = cli_report(&err, rc);
			pol_err_release(&err);
			return status == EXIT_OK ? EXIT_USAGE : status;
		}
	}
	heap_in_huge_pages();
	rc = pol_pdb_open_default(o.policy, &run.pdb, &err);
	if (rc == 0)
		rc = pol_audit_policy_new(run.pdb, &run.pol, &err);
	if (rc == 0)
		rc = pol_audit_set_new(run.pol, &run.set, &err);
	if (rc == 0)
		rc = pol_audit_reader_new(&h, &r, &err);
	if (rc < 0) {
		status = cli_report(&err, rc);
		if (rc == POL_ENOPOLICY || (!o.policy && rc < 0 && rc > -4096))
			status = EXIT_ENV;
		goto out;
	}
	if (o.explain_long)
		pol_audit_set_keep_messages(run.set);
	if (o.per_node)
		pol_audit_set_by_node(run.set);
	if (o.boot)
		run.since = boot_time();
	run.why_out = stdout;
	if (o.mode == MODE_WHY && o.lastreload) {
		run.why_out = tmpfile();
		if (!run.why_out) {
			fprintf(stderr, "%s: cannot make a temporary file: %s\n", cli_name(),
				strerror(errno));
			status = EXIT_ENV;
			goto out;
		}
	}
	status = read_input(&run, r);
	rc = pol_audit_reader_finish(r);
	if (status == EXIT_OK && rc < 0)
		status = EXIT_ENV;
	if (status != EXIT_OK)
		goto out;
	skipped = report_skips(&run, r);
	if (!pol_audit_reader_relevant(r)) {
		if (!o.quiet)
			fprintf(stderr, "%s: nothing to do: no SELinux record in the input\n",
				cli_name());
		status = skipped ? EXIT_PARTIAL : EXIT_NOMATCH;
		goto out;
	}
	if (o.mode == MODE_WHY) {
		if (run.why_out != stdout) {
			char buf[65536];
			size_t n;

			rewind(run.why_out);
			while ((n = fread(buf, 1, sizeof(buf), run.why_out)) > 0)
				if (!o.quiet)
					fwrite(buf, 1, n, stdout);
		}
		status = run.avcs ? EXIT_OK : EXIT_NOMATCH;
	} else if (o.mode == MODE_EXPLAIN) {
		status = explain_output(&run);
	} else if (o.mode == MODE_REVIEW) {
		status = review_output(&run);
	} else {
		status = generate_output(&run);
	}
	if (status == EXIT_OK || status == EXIT_NOMATCH)
		if (skipped)
			status = EXIT_PARTIAL;
	if (run.status != EXIT_OK)
		status = run.status;
out:
	if (run.why_out && run.why_out != stdout)
		fclose(run.why_out);
	leave_to_exit(&run, r);
	pol_regex_free(run.type_re);
	bool_desc_free();
	pol_err_release(&err);
	return status;
}
