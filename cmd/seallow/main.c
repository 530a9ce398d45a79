/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * seallow: audit2allow's and audit2why's command line on libpolicy/audit,
 * plus "seallow explain" (every cause of each denial group and its fix).
 */

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/array.h"

#include "cli.h"
#include "commands.h"
#include "heap.h"
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
	OPT_SINCE,
	OPT_UNTIL,
	OPT_JOURNAL,
	OPT_FOLLOW,
	OPT_POLICY_MAP,
};

/* What the options give; the tables below write most of it themselves. */
static struct seallow_opts opts = {.max_distance = 150};

// clang-format off
/* Where the denials come from and which are kept: every mode's. */
static const struct cli_option input_options[] = {
	CLI_STRING('i', "input", "FILE", &opts.input, "read the log from FILE (default: standard input)"),
	CLI_BOOL('a', "all", &opts.all, "read the whole audit log (/var/log/audit/audit.log*)"),
	CLI_BOOL('b', "boot", &opts.boot, "the audit log since the last boot"),
	CLI_BOOL('d', "dmesg", &opts.dmesg, "read the kernel log (dmesg)"),
	CLI_BOOL(OPT_JOURNAL, "journal", &opts.journal, "read the systemd journal (with -i: that journal file\nor directory)"),
	CLI_BOOL('l', "lastreload", &opts.lastreload, "only denials after the last policy load"),
	CLI_STRING(OPT_SINCE, "since", "WHEN", &opts.since, "only records from WHEN on (ausearch's time words:\nrecent, today, yesterday, this-week, boot, a date)"),
	CLI_STRING(OPT_UNTIL, "until", "WHEN", &opts.until, "only records up to WHEN (the same words)"),
	CLI_STRING('p', "policy", "FILE", &opts.policy, "explain against this binary policy (default: the system's)"),
	CLI_STRING('t', "type", "REGEX", &opts.type_re, "only denials whose source or target type matches REGEX"),
	CLI_END,
};

/* -R's interface database: every mode that may call interfaces. */
static const struct cli_option refpolicy_options[] = {
	CLI_STRING(OPT_HEADERS, "headers", "DIR", &opts.headers, "-R: refpolicy headers to read the interfaces from\n(default: /usr/share/selinux/devel/include)"),
	CLI_STRING(OPT_IFINFO, "interface-info", "FILE", &opts.interface_info, "-R: read the interfaces from FILE (sepolgen-ifgen's format)\ninstead of the headers"),
	CLI_STRING(OPT_PERM_MAP, "perm-map", "FILE", &opts.perm_map, "-R: permission weights (default: /var/lib/sepolgen/perm_map)"),
	CLI_VALUE(OPT_MAX_DISTANCE, "max-distance", "N", "-R: refuse an interface granting more than N beyond\nthe denial (default: 150)"),
	CLI_BOOL(OPT_BROAD, "broad-interfaces", &opts.broad_interfaces, "-R: take the closest interface however broad, as\naudit2allow does"),
	CLI_END,
};

#define OPT_MODULE_PACKAGE CLI_STRING('M', "module-package", "NAME", &opts.package, "write NAME.te and compile NAME.pp for semodule -i")
#define OPT_REQUIRES CLI_BOOL('r', "requires", &opts.requires, "write the require block")
#define OPT_REFERENCE CLI_BOOL('R', "reference", &opts.refpolicy, "refpolicy interface calls where an interface covers a denial")
#define OPT_NOREFERENCE CLI_FLAG('N', "noreference", "plain rules, no interfaces (the default)")
#define OPT_DONTAUDIT CLI_BOOL('D', "dontaudit", &opts.dontaudit, "dontaudit rules instead of allow rules")
#define OPT_XPERMS CLI_BOOL('x', "xperms", &opts.xperms, "allowxperm rules for the ioctl numbers of the denials")
#define OPT_VERBOSE CLI_BOOL('v', "verbose", &opts.verbose, "explain each rule in a comment")
#define OPT_EXPLAIN CLI_BOOL('e', "explain", &opts.explain_long, "quote every record behind each rule")
#define OPT_VERIFY_RULES CLI_BOOL(OPT_VERIFY, "verify", &opts.verify, "add the rules to the policy in memory and recheck\nevery denial group")
#define OPT_QUIET CLI_BOOL('q', "quiet", &opts.quiet, "no output; the exit status is the answer")

/* audit2allow's and audit2why's command line */
static const struct cli_option plain_options[] = {
	CLI_GROUP(input_options),
	CLI_BOOL(OPT_FOLLOW, "follow", &opts.follow, "go on reading as the log grows and print the rules (-w:\nthe text) of new denials as they come, until interrupted"),
	CLI_STRING('m', "module", "NAME", &opts.module, "write a module NAME (module line and require block)"),
	OPT_MODULE_PACKAGE,
	CLI_STRING('o', "output", "FILE", &opts.output, "append the output to FILE"),
	OPT_REQUIRES,
	OPT_REFERENCE,
	OPT_NOREFERENCE,
	OPT_DONTAUDIT,
	OPT_XPERMS,
	CLI_BOOL('C', "cil", &opts.cil, "CIL instead of the policy language"),
	OPT_VERBOSE,
	OPT_EXPLAIN,
	CLI_FLAG('w', "why", "audit2why: why each denial happened"),
	OPT_VERIFY_RULES,
	/* errors as JSON; the output is JSON with explain only */
	CLI_BOOL(OPT_JSON, "json", &opts.json, "explain: one JSON document, an object per denial group"),
	OPT_QUIET,
	CLI_GROUP(refpolicy_options),
	CLI_HELP_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};

#define OPT_FOLLOW_GROUPS CLI_BOOL(OPT_FOLLOW, "follow", &opts.follow, "go on reading as the log grows and explain each new\ndenial group as it comes (--json: an object a line)")
#define OPT_PER_NODE_GROUPS CLI_BOOL(OPT_PER_NODE, "per-node", &opts.per_node, "the denials of each host (node=) in groups of their own")

static const struct cli_option explain_options[] = {
	CLI_GROUP(input_options),
	CLI_VALUE(OPT_POLICY_MAP, "policy-map", "NODE=FILE", "explain the denials of host NODE (node=) against the\nbinary policy FILE (again for each host); implies --per-node"),
	OPT_REFERENCE,
	OPT_NOREFERENCE,
	CLI_BOOL(OPT_JSON, "json", &opts.json, "one JSON document, an object per denial group"),
	OPT_QUIET,
	OPT_PER_NODE_GROUPS,
	OPT_FOLLOW_GROUPS,
	CLI_GROUP(refpolicy_options),
	CLI_HELP_VERSION,
	CLI_END,
};

static const struct cli_option review_options[] = {
	CLI_GROUP(input_options),
	OPT_MODULE_PACKAGE,
	OPT_REQUIRES,
	OPT_REFERENCE,
	OPT_NOREFERENCE,
	OPT_DONTAUDIT,
	OPT_XPERMS,
	OPT_VERBOSE,
	OPT_EXPLAIN,
	OPT_VERIFY_RULES,
	OPT_PER_NODE_GROUPS,
	CLI_GROUP(refpolicy_options),
	CLI_HELP_VERSION,
	CLI_END,
};

/* Every option once, to find the command word among them (it may follow
 * options, as audit2allow takes any order). */
static const struct cli_option all_options[] = {
	CLI_GROUP(plain_options),
	CLI_FLAG(OPT_PER_NODE, "per-node", NULL),
	CLI_VALUE(OPT_POLICY_MAP, "policy-map", "NODE=FILE", NULL),
	CLI_END,
};

/* Modes the option parser selects (no run of their own). */
static const struct seallow_command {
	const char *name;
	enum seallow_mode mode;
	const struct cli_option *options;
	const char *synopsis, *about;
} explain_command = {
	"explain", MODE_EXPLAIN, explain_options, "[options] [-i FILE]",
	"Every cause of each denial group (no rule, a boolean off, a constraint, a\n"
	"wrong label...) and the fix: a relabel, a boolean or a port command where\n"
	"one helps, the rule where none does.\n",
}, review_command = {
	"review", MODE_REVIEW, review_options, "[options] -i FILE | -a | -b | -d",
	"Go through the denial groups one by one on a terminal and ask what to do\n"
	"with each; write the module (NAME.te and NAME.pp) of the rules chosen.\n",
};

static const struct cli_command commands[] = {
	{ "explain", NULL, "every cause of each denial group, and the fix", &explain_command },
	{ "review", NULL, "ask group by group what to do, and write the module", &review_command },
	CLI_COMMAND_END,
};
// clang-format on

static int usage(const struct seallow_command *cmd)
{
	if (cmd) {
		printf("Usage:\n %s %s %s\n\n%s\n", cli_name(), cmd->name, cmd->synopsis,
		       cmd->about);
		cli_print_options(cmd->options);
		printf("\nSee %s(1).\n", cli_name());
		return EXIT_OK;
	}
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
	cli_print_options(plain_options);
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
		run->status = cli_report(&err, rc);
	}
	pol_err_release(&err);
	return rc > 0;
}

static int on_avc(const struct pol_audit_avc *a, void *data)
{
	struct seallow_run *run = data;
	struct pol_audit_policy *pol;
	struct pol_audit_set *set;

	/* a record without a time (a bare AVC) is kept */
	if (a->sec && ((run->since && a->sec < run->since) || (run->until && a->sec > run->until)))
		return 0;
	run->avcs++;
	if (run->o->mode == MODE_WHY) {
		seallow_why_print(run, a);
		return 0;
	}
	if (run->type_re && !type_matches(run, a->scontext) && !type_matches(run, a->tcontext)) {
		run->filtered++;
		return 0;
	}
	set = seallow_set_for(run, a->node, &pol);
	seallow_lost_denial(pol, pol_audit_set_add(set, a), a);
	return 0;
}

struct pol_audit_set *seallow_set_for(struct seallow_run *run, const char *node,
				      struct pol_audit_policy **pol)
{
	for (size_t i = 0; node && i < run->nnodes; i++)
		if (strcmp(run->nodes[i].node, node) == 0) {
			*pol = run->nodes[i].pol;
			return run->nodes[i].set;
		}
	*pol = run->pol;
	return run->set;
}

size_t seallow_groups(const struct seallow_run *run)
{
	size_t n = pol_audit_set_groups(run->set);

	for (size_t i = 0; i < run->nnodes; i++)
		n += pol_audit_set_groups(run->nodes[i].set);
	return n;
}

/* --policy-map: each host's policy opened and its set made; an exit
 * status. */
static int open_node_policies(struct seallow_run *run, struct pol_err *err)
{
	const struct seallow_opts *o = run->o;

	if (!o->npolicy_map)
		return EXIT_OK;
	run->nodes = calloc(o->npolicy_map, sizeof(*run->nodes));
	if (!run->nodes)
		return cli_report(err, -ENOMEM);
	for (size_t i = 0; i < o->npolicy_map; i++) {
		struct seallow_node *n = &run->nodes[run->nnodes++];
		const char *eq = strchr(o->policy_map[i], '=');
		int rc;

		n->file = eq + 1;
		n->node = strndup(o->policy_map[i], (size_t)(eq - o->policy_map[i]));
		if (!n->node)
			return cli_report(err, -ENOMEM);
		rc = pol_pdb_open_default(n->file, &n->pdb, err);
		if (rc == 0)
			rc = pol_audit_policy_new(n->pdb, &n->pol, err);
		if (rc == 0)
			rc = pol_audit_set_new(n->pol, &n->set, err);
		/* read as -p's: a file that cannot be read is an input error */
		if (rc < 0)
			return cli_report(err, rc);
		pol_audit_set_by_node(n->set);
	}
	return EXIT_OK;
}

static int on_mark(const struct pol_audit_mark *m, void *data)
{
	struct seallow_run *run = data;

	if (m->sec && ((run->since && m->sec < run->since) || (run->until && m->sec > run->until)))
		return 0;
	switch (m->kind) {
	case POL_AUDIT_MARK_POLICY_LOAD:
	case POL_AUDIT_MARK_DAEMON_START:
		if (!run->o->lastreload || (m->kind == POL_AUDIT_MARK_DAEMON_START && !m->auditd))
			break;
		pol_audit_set_reset(run->set);
		for (size_t i = 0; i < run->nnodes; i++)
			pol_audit_set_reset(run->nodes[i].set);
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
	struct seallow_node *nodes;
} left_to_exit;

static void leave_to_exit(struct seallow_run *run, struct pol_audit_reader *r)
{
	left_to_exit.pdb = run->pdb;
	left_to_exit.pol = run->pol;
	left_to_exit.set = run->set;
	left_to_exit.reader = r;
	left_to_exit.nodes = run->nodes;
}

/* Returns 0 to go on, or an exit status + 1 (help, version, errors). */
static int parse_args(int argc, char **argv, struct seallow_opts *o)
{
	int at = cli_first_operand(all_options, argc, argv), c;
	const struct cli_command *cmd = at < argc ? cli_find_command(commands, argv[at]) : NULL;
	const struct seallow_command *mode = cmd ? cmd->data : NULL;
	/* "-": options may follow the command word, and it them */
	struct cli_getopt g = CLI_GETOPT_INIT(mode ? mode->options : plain_options, "-");

	if (at < argc && !cmd)
		return cli_unknown_command(commands, argv[at]) + 1;
	if (mode) {
		o->mode = mode->mode;
		cli_set_command(mode->name);
	}
	while ((c = cli_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 1:
			/* the command word; audit2allow takes no other */
			if (optind - 1 != at)
				return cli_usage_error("unexpected argument '%s'", optarg) + 1;
			break;
		// clang-format off
		case 'N': o->refpolicy = false; break;
		case 'w': if (o->mode == MODE_ALLOW) o->mode = MODE_WHY; break;
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
		case OPT_POLICY_MAP: {
			const char *eq = strchr(optarg, '=');

			if (!eq || eq == optarg || !eq[1])
				return cli_usage_error("--policy-map wants NODE=FILE, not '%s'", optarg) + 1;
			for (size_t i = 0; i < o->npolicy_map; i++)
				if (strncmp(o->policy_map[i], optarg, (size_t)(eq - optarg + 1)) == 0)
					return cli_usage_error("--policy-map: node '%.*s' given twice", (int)(eq - optarg), optarg) + 1;
			if (POL_ARRAY_GROW(o->policy_map, o->npolicy_map + 1, o->apolicy_map) < 0)
				return seallow_fail(-ENOMEM) + 1;
			o->policy_map[o->npolicy_map++] = optarg;
			o->per_node = true;
			break;
		}
		case 'h': return usage(mode) + 1;
		case 'V': return cli_version() + 1;
		case CLI_LIST_COMMANDS: return cli_list_commands(commands) + 1;
		default: return EXIT_USAGE + 1;
		}
		// clang-format on
	}
	if ((o->all || o->boot) + (o->input && !o->journal) + o->dmesg + o->journal > 1)
		return 1 +
		       cli_usage_error("-i, -d, -a/-b and --journal each name the input: give one");
	if (o->follow && (o->dmesg || o->module || o->package || o->output || o->refpolicy ||
			  o->verify || o->lastreload))
		return 1 + cli_usage_error("--follow prints rules (or -w's text) as denials come: "
					   "not with -d, -m, -M, -o, -R, -l or --verify");
	/* a stream from a fleet: each host's groups its own, host.name filled */
	if (o->follow && o->mode == MODE_EXPLAIN)
		o->per_node = true;
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
	}
	if (o->json && o->mode != MODE_EXPLAIN)
		return 1 + cli_usage_error("--json goes with 'explain'");
	if (o->module || o->package || o->refpolicy)
	o->requires = true;
	return 0;
}

/* -t's expression, anchored at the start only as Python's re.match is;
 * audit2why takes no -t. An exit status. */
static int compile_type_filter(struct seallow_run *run, struct pol_err *err)
{
	char *pat;
	int rc;

	if (!run->o->type_re || run->o->mode == MODE_WHY)
		return EXIT_OK;
	if (asprintf(&pat, "\\A(?:%s)", run->o->type_re) < 0)
		return seallow_fail(-ENOMEM);
	rc = pol_regex_compile(pat, &run->type_re, err);
	free(pat);
	return rc < 0 ? cli_report(err, rc) : EXIT_OK;
}

/* The policy, its explaining side, the denial set and the reader. An exit
 * status. */
static int open_models(struct seallow_run *run, struct pol_audit_handlers *h,
		       struct pol_audit_reader **r, struct pol_err *err)
{
	int rc;

	rc = pol_pdb_open_default(run->o->policy, &run->pdb, err);
	/* the log may well come from another machine: say whose policy the
	 * verdicts are from when it is not the one this kernel runs */
	if (rc == 0 && !run->o->policy && !pol_pdb_path_is_loaded(pol_pdb_path(run->pdb)))
		seallow_say(run->o, POL_SEV_NOTE,
			    "SELinux is not enabled here: explaining against %s %s",
			    pol_pdb_path(run->pdb), "(the installed policy; -p names another)");
	if (rc == 0)
		rc = pol_audit_policy_new(run->pdb, &run->pol, err);
	if (rc == 0)
		rc = pol_audit_set_new(run->pol, &run->set, err);
	if (rc == 0)
		rc = pol_audit_reader_new(h, r, err);
	if (rc == 0) {
		run->reader = *r;
		return open_node_policies(run, err);
	}
	/* -p's file is the user's; the installed policy the system's */
	cli_report(err, rc);
	return run->o->policy ? cli_exit_for(rc) : cli_exit_for_system(rc);
}

/* What the options ask of the set and the reading: the messages kept,
 * groups per node, the time window, where -w's text goes. An exit status. */
static int prepare_run(struct seallow_run *run)
{
	const struct seallow_opts *o = run->o;
	int status;

	if (o->explain_long)
		pol_audit_set_keep_messages(run->set);
	if (o->per_node)
		pol_audit_set_by_node(run->set);
	if (o->boot)
		run->since = seallow_boot_time();
	status = seallow_time_window(run);
	if (status != EXIT_OK)
		return status;
	run->why_out = stdout;
	if (o->mode == MODE_WHY && o->lastreload) {
		run->why_out = tmpfile();
		if (!run->why_out) {
			int rc = -errno;

			seallow_report(rc, "cannot make a temporary file: %s", strerror(-rc));
			return cli_exit_for_system(rc);
		}
	}
	return EXIT_OK;
}

/* Read the input into the set (or -w's text), then judge the reading:
 * *skipped the denials left out. An exit status; EXIT_OK to go on to the
 * output. */
static int read_denials(struct seallow_run *run, struct pol_audit_reader *r, size_t *skipped)
{
	int status = seallow_read_input(run, r);
	int rc = pol_audit_reader_finish(r);

	if (status == EXIT_OK && rc < 0)
		status = seallow_fail(rc);
	if (status != EXIT_OK)
		return status;
	*skipped = seallow_lost_report(run, r);
	/* a denial skipped for want of memory is the run's failure, not the log's */
	if (seallow_skipped(run, POL_AUDIT_BAD_NOMEM))
		return seallow_report(-ENOMEM, "out of memory");
	if (!pol_audit_reader_relevant(r)) {
		seallow_say(run->o, POL_SEV_NOTE, "nothing to do: no SELinux record in the input");
		return *skipped ? EXIT_PARTIAL : EXIT_NOMATCH;
	}
	return EXIT_OK;
}

/* -w -l's text, held back until the last policy load was known. */
static void copy_why_text(struct seallow_run *run)
{
	char buf[65536];
	size_t n;

	rewind(run->why_out);
	while ((n = fread(buf, 1, sizeof(buf), run->why_out)) > 0)
		if (!run->o->quiet)
			fwrite(buf, 1, n, stdout);
}

/* The mode's output. An exit status. */
static int write_output(struct seallow_run *run)
{
	const struct seallow_opts *o = run->o;

	if (o->mode == MODE_WHY) {
		if (run->why_out != stdout)
			copy_why_text(run);
		return run->avcs ? EXIT_OK : EXIT_NOMATCH;
	}
	if (o->follow) {
		/* what came since the last quiet moment */
		if (o->mode == MODE_EXPLAIN)
			seallow_explain_follow(run);
		else
			seallow_follow_print(run);
		return seallow_groups(run) ? EXIT_OK : EXIT_NOMATCH;
	}
	if (o->mode == MODE_EXPLAIN)
		return seallow_explain_output(run);
	if (o->mode == MODE_REVIEW)
		return seallow_review_output(run);
	return seallow_generate_output(run);
}

int main(int argc, char **argv)
{
	struct seallow_run run = {.o = &opts, .status = EXIT_OK};
	struct pol_audit_handlers h = {on_avc, on_mark, &run};
	struct pol_audit_reader *r = NULL;
	struct pol_err err;
	size_t skipped = 0;
	int status, rc;

	cli_init(argv[0]);
	if (strcmp(cli_name(), "audit2why") == 0)
		opts.mode = MODE_WHY;
	rc = parse_args(argc, argv, &opts);
	if (rc > 0)
		return rc - 1;
	if (opts.json && !opts.follow) {
		/* the run's diagnostics (unread lines, skipped denials, a note
		 * or an error after them) are one document, printed at exit; a
		 * follower's stream out as they come */
		cli_collect_reports();
		atexit(cli_flush_reports);
	}
	if (opts.mode == MODE_REVIEW && !isatty(STDIN_FILENO)) {
		return seallow_report(
		    POL_EINVAL,
		    "review asks on a terminal and standard input is not one; "
		    "'seallow explain' prints the same facts and -M NAME writes the module");
	}
	pol_err_init(&err);
	status = compile_type_filter(&run, &err);
	if (status != EXIT_OK) {
		pol_err_release(&err);
		return status;
	}
	/* libsepol reads the policy into some 12 MB of small heap blocks and
	 * the denial groups add more: on 4 KiB pages, page faults are a third
	 * of a run on an empty log and a sixth of one on 100,000 denials */
	cli_reserve_heap(64u << 20);
	status = open_models(&run, &h, &r, &err);
	if (status == EXIT_OK)
		status = prepare_run(&run);
	if (status == EXIT_OK)
		status = read_denials(&run, r, &skipped);
	if (status == EXIT_OK) {
		status = write_output(&run);
		if ((status == EXIT_OK || status == EXIT_NOMATCH) && skipped)
			status = EXIT_PARTIAL;
		if (run.status != EXIT_OK)
			status = run.status;
	}
	if (run.why_out && run.why_out != stdout)
		fclose(run.why_out);
	leave_to_exit(&run, r);
	pol_regex_free(run.type_re);
	seallow_bool_desc_free();
	pol_err_release(&err);
	return status;
}
