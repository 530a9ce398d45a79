/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * seallow review: the denial groups one by one on a terminal, in the spirit
 * of AppArmor's aa-logprof. Each group shows its count, command, path,
 * verdict and causes; the answer is allow, dontaudit, boolean, relabel,
 * skip, finish or abort. At the end the chosen rules become NAME.te and
 * NAME.pp (as -M writes them), their replay is shown, and the commands that
 * would apply the choices are printed; each is run only when confirmed.
 * Nothing is read from a pipe: the answers come from the terminal.
 */

#include <errno.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <readline/readline.h>

#include "cli.h"
#include "label/label.h"
#include "seallow.h"
#include "util/array.h"
#include "util/buf.h"
#include "util/quote.h"

extern char **environ;

enum answer { ANS_ALLOW, ANS_INTERFACE, ANS_DONTAUDIT, ANS_BOOLEAN, ANS_RELABEL, ANS_SKIP };

/* A command to apply a choice: argv for running it, text for showing it. */
struct command {
	char **argv;
	char *text;
};

struct review {
	struct seallow_run *run;
	struct pol_label_specs *specs;
	size_t ngroups, idx, rules;
	bool aborted, finished;
	enum pol_audit_choice *choices;
	struct command *cmds;
	size_t ncmds, acmds;
	struct ifdb *db;	  /* -R: the interfaces offered */
	char **calls, **sections; /* by group: the call chosen, the type it is filed under */
	size_t ncalls;
};

/* A line from the terminal without its newline (heap), or NULL at the end. */
static char *ask(const char *prompt)
{
	char *line = readline(prompt);
	size_t n;

	if (!line)
		return NULL;
	n = strlen(line);
	while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		line[--n] = '\0';
	return line;
}

static void add_command(struct review *rv, char **argv)
{
	struct pol_buf b = POL_BUF_INIT;

	if (POL_ARRAY_GROW(rv->cmds, rv->ncmds + 1, rv->acmds) < 0) {
		for (size_t i = 0; argv[i]; i++)
			free(argv[i]);
		free(argv);
		return;
	}
	for (size_t i = 0; argv[i]; i++) {
		bool plain =
		    argv[i][0] && strspn(argv[i], "abcdefghijklmnopqrstuvwxyz"
						  "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						  "0123456789_-=./:,+@") == strlen(argv[i]);

		if (i)
			pol_buf_putc(&b, ' ');
		if (plain)
			pol_buf_puts(&b, argv[i]);
		else
			pol_shell_quote(&b, argv[i]);
	}
	rv->cmds[rv->ncmds].argv = argv;
	rv->cmds[rv->ncmds++].text = pol_buf_detach(&b);
}

static char **argv_of(const char *first, ...)
{
	char **v = calloc(64, sizeof(*v));
	va_list ap;
	size_t n = 0;

	if (!v)
		return NULL;
	va_start(ap, first);
	for (const char *s = first; s && n < 63; s = va_arg(ap, const char *))
		v[n++] = strdup(s);
	va_end(ap);
	return v;
}

/* "  label:    value" for each of a list, the label on the first line only. */
static void print_list(const char *label, const char *const *v, size_t n, size_t more,
		       const char *what)
{
	for (size_t i = 0; i < n; i++) {
		char *e = pol_escape_dup(v[i]);

		printf("  %-10s%s\n", i ? "" : label, e ? e : "?");
		free(e);
	}
	if (more)
		printf("  %-10s(and %zu more denial%s with other %s)\n", n ? "" : label, more,
		       more == 1 ? "" : "s", what);
}

static void print_group(struct review *rv, const struct pol_audit_group_info *g,
			const char *relabel, const char *boolcmd, const struct ifdb_choice *ifc)
{
	const struct pol_audit_why *w = seallow_group_why(rv->run->pol, g);
	struct pol_audit_diff d[3];
	size_t nd;

	printf("\n[%zu/%zu] %s %s:%s {", rv->idx + 1, rv->ngroups, g->source, g->target, g->tclass);
	for (size_t i = 0; i < g->nperms; i++)
		printf(" %s", g->perms[i]);
	printf(" }\n");
	printf("  denials:  %zu%s\n", g->count, g->permissive ? " (permissive: not blocked)" : "");
	if (g->node)
		print_list("node:", &g->node, 1, 0, NULL);
	print_list("command:", g->commands, g->ncommands, g->commands_more, "commands");
	print_list("path:", g->files, g->nfiles, g->files_more, "paths");
	if (g->xperms)
		printf("  ioctl:    %s\n", g->xperms);
	printf("  contexts: %s -> %s\n", g->scontext, g->tcontext);
	printf("  verdict:  %s\n", pol_audit_verdict_name(w->verdict));
	if (w->causes & (1u << POL_AUDIT_ALLOW))
		printf("  cause:    allowed by the policy now (it changed since the denial)\n");
	if (w->causes & (1u << POL_AUDIT_TERULE))
		printf("  cause:    no allow rule\n");
	if (w->causes & (1u << POL_AUDIT_DONTAUDIT))
		printf("  cause:    a dontaudit rule hides it\n");
	if (boolcmd)
		printf("  cause:    allowed under booleans: %s\n", boolcmd);
	if (w->causes & (1u << POL_AUDIT_CONSTRAINT)) {
		nd = pol_audit_context_diffs(g->scontext, g->tcontext, d);
		printf("  cause:    constraint: %.*s",
		       w->constraint ? (int)strcspn(w->constraint, "\n") : 0,
		       w->constraint ? w->constraint : "");
		for (size_t i = 0; i < nd; i++)
			printf("; %s vs %s", d[i].source, d[i].target);
		printf(" (no rule can help)\n");
	}
	if (w->causes & (1u << POL_AUDIT_RBAC))
		printf("  cause:    no role allow rule for the roles\n");
	if (w->causes & (1u << POL_AUDIT_BOUNDS))
		printf("  cause:    typebounds: the parent type lacks the access\n");
	if (relabel) {
		char *e = pol_escape_dup(g->file);

		printf("  cause:    mislabeled: file_contexts gives '%s' the type %s, the file is "
		       "%s\n",
		       e ? e : "?", relabel, g->target);
		free(e);
	}
	if (ifc && ifc->call) {
		char *extra = seallow_ifdb_choice_extra_text(ifc);

		if (ifc->refused)
			printf("  interface: %s refused: distance %d > %d; it would also grant "
			       "%s\n",
			       ifc->call, ifc->distance, rv->run->o->max_distance,
			       extra ? extra : "?");
		else
			printf("  interface: %s (distance %d) also grants %s\n", ifc->call,
			       ifc->distance, extra ? extra : "?");
		free(extra);
	}
}

/* The default answer: the least privilege that helps. */
static enum answer default_answer(const struct pol_audit_group_info *g,
				  const struct pol_audit_why *w, const char *relabel)
{

	if (w->causes & (1u << POL_AUDIT_ALLOW))
		return ANS_SKIP;
	if (relabel)
		return ANS_RELABEL;
	if (w->causes & (1u << POL_AUDIT_CONSTRAINT))
		return ANS_SKIP;
	if (w->nbool_set)
		return ANS_BOOLEAN;
	return ANS_ALLOW;
}

/* What review offers for one group, gathered before it asks. */
struct offer {
	char *relabel;	   /* the type file_contexts gives the path, or NULL */
	struct pol_buf bc; /* the setsebool command, when a boolean allows it */
	const struct pol_audit_why *w;
	enum answer def;
	bool can_bool, can_if;
	struct ifdb_choice ifc; /* -R: the interface call offered */
};

/* Gather what g offers into o: 0, or -ENOMEM with nothing left to release. */
static int offer_gather(struct review *rv, const struct pol_audit_group_info *g, struct offer *o)
{
	*o = (struct offer){.bc = POL_BUF_INIT};
	o->relabel = pol_audit_fix_relabel_type(rv->run->pol, rv->specs, g);
	o->w = seallow_group_why(rv->run->pol, g);
	o->def = default_answer(g, o->w, o->relabel);
	o->can_bool = o->w->nbool_set > 0;
	if (o->can_bool)
		pol_audit_fix_bool_command(&o->bc, o->w);
	if (rv->db && seallow_ifdb_choose(rv->db, g, &o->ifc) < 0) {
		free(o->relabel);
		pol_buf_release(&o->bc);
		return -ENOMEM;
	}
	o->can_if = o->ifc.call && !o->ifc.refused;
	return 0;
}

static void offer_release(struct offer *o)
{
	free(o->relabel);
	seallow_ifdb_choice_release(&o->ifc);
	pol_buf_release(&o->bc);
}

/* The question: the letters o offers, the default in brackets. */
static void offer_prompt(const struct offer *o, char *prompt, size_t size)
{
	snprintf(prompt, size, "(A)llow%s (D)ontaudit%s%s (S)kip (F)inish a(B)ort [%s]: ",
		 o->can_if ? " (I)nterface" : "", o->can_bool ? " b(O)olean" : "",
		 o->relabel ? " (R)elabel" : "",
		 o->def == ANS_ALLOW	   ? "A"
		 : o->def == ANS_DONTAUDIT ? "D"
		 : o->def == ANS_BOOLEAN   ? "O"
		 : o->def == ANS_RELABEL   ? "R"
					   : "S");
}

/*
 * Ask until the answer is one o offers: 0 with it in *a, or 1 when the review
 * stops here (finish, abort, or the end of the input).
 */
static int answer_read(struct review *rv, const struct offer *o, const char *prompt, enum answer *a)
{
	for (;;) {
		char *line = ask(prompt);
		char c;

		if (!line) {
			printf("\n");
			rv->aborted = true;
			return 1;
		}
		c = line[0] ? line[0] : '\n';
		free(line);
		switch (c) {
		case '\n':
			*a = o->def;
			return 0;
		case 'a':
		case 'A':
			*a = ANS_ALLOW;
			return 0;
		case 'i':
		case 'I':
			if (!o->can_if) {
				printf(rv->db ? "no interface within --max-distance covers this\n"
					      : "interfaces are offered with -R\n");
				continue;
			}
			*a = ANS_INTERFACE;
			return 0;
		case 'd':
		case 'D':
			*a = ANS_DONTAUDIT;
			return 0;
		case 'o':
		case 'O':
			if (!o->can_bool) {
				printf("no boolean allows this\n");
				continue;
			}
			*a = ANS_BOOLEAN;
			return 0;
		case 'r':
		case 'R':
			if (!o->relabel) {
				printf("file_contexts gives no other type to this path\n");
				continue;
			}
			*a = ANS_RELABEL;
			return 0;
		case 's':
		case 'S':
			*a = ANS_SKIP;
			return 0;
		case 'f':
		case 'F':
			rv->finished = true;
			return 1;
		case 'b':
		case 'B':
			rv->aborted = true;
			return 1;
		default:
			printf("answer one of the letters in parentheses\n");
			continue;
		}
	}
}

/* Record answer a for g: its choice for the module, or the command it runs. */
static void answer_record(struct review *rv, const struct pol_audit_group_info *g, struct offer *o,
			  enum answer a)
{
	switch (a) {
	case ANS_ALLOW:
		rv->choices[rv->idx] = POL_AUDIT_CHOICE_DEFAULT;
		rv->rules++;
		break;
	case ANS_INTERFACE:
		rv->choices[rv->idx] = POL_AUDIT_CHOICE_CALL;
		rv->calls[rv->idx] = o->ifc.call;
		o->ifc.call = NULL;
		/* filed under its argument, as -R files it */
		rv->sections[rv->idx] = strdup(o->ifc.arg);
		rv->rules++;
		rv->ncalls++;
		break;
	case ANS_DONTAUDIT:
		rv->choices[rv->idx] = POL_AUDIT_CHOICE_DONTAUDIT;
		rv->rules++;
		break;
	case ANS_BOOLEAN: {
		const struct pol_audit_why *w = o->w;
		char **v = argv_of("setsebool", "-P", NULL);

		for (size_t i = 0, n = 2; v && i < w->nbool_set && n < 63; i++) {
			if (asprintf(&v[n++], "%s=%d", w->bool_set[i].name, w->bool_set[i].value) <
			    0)
				v[--n] = NULL;
		}
		if (v)
			add_command(rv, v);
		break;
	}
	case ANS_RELABEL: {
		char **v = argv_of("restorecon", "-v", g->file, NULL);

		if (v)
			add_command(rv, v);
		break;
	}
	case ANS_SKIP:
		break;
	}
}

static int one_group(const struct pol_audit_group_info *g, void *data)
{
	struct review *rv = data;
	struct offer o;
	char prompt[256];
	enum answer a;
	int rc;

	if (offer_gather(rv, g, &o) < 0)
		return -ENOMEM;
	print_group(rv, g, o.relabel, o.can_bool ? pol_buf_str(&o.bc) : NULL, &o.ifc);
	offer_prompt(&o, prompt, sizeof(prompt));
	rc = answer_read(rv, &o, prompt, &a);
	if (rc == 0)
		answer_record(rv, g, &o, a);
	rv->idx++;
	offer_release(&o);
	return rc;
}

/* The writer's question for each group: the call chosen for it, if any. */
static char *chosen_call(const struct pol_audit_group_info *g, const char **section, void *data)
{
	struct review *rv = data;

	if (g->index >= rv->ngroups || !rv->calls[g->index] || !rv->sections[g->index])
		return NULL;
	*section = rv->sections[g->index];
	return strdup(rv->calls[g->index]);
}

static int print_replay(const struct pol_audit_group_info *g, bool allowed, const char *why_not,
			void *data)
{
	(void)data;
	printf("  %s %s:%s {", g->source, g->target, g->tclass);
	for (size_t i = 0; i < g->nperms; i++)
		printf(" %s", g->perms[i]);
	printf(" }: %s%s\n", allowed ? "allowed" : "still denied: ", allowed ? "" : why_not);
	return 0;
}

/* Run argv, its output on ours; its exit status, or -1. */
static int run_command(char **argv)
{
	pid_t pid;
	int st;

	fflush(stdout);
	if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0)
		return -1;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool yes(const char *prompt)
{
	char *line = ask(prompt);
	bool y = line && (line[0] == 'y' || line[0] == 'Y');

	free(line);
	return y;
}

/* The module: NAME.te and NAME.pp, and the replay of its rules. */
static int write_module(struct review *rv, char **pp_path)
{
	struct seallow_run *run = rv->run;
	const char *name = run->o->package;
	char *owned = NULL, *text = NULL, *expanded = NULL;
	size_t len = 0, explen = 0, fixed, still;
	FILE *mem;
	int rc, status;

	for (size_t i = 0; i < rv->ngroups; i++) {
		rc = pol_audit_set_choose(run->set, i, rv->choices[i]);
		if (rc < 0)
			return seallow_fail(rc);
	}
	if (!name) {
		owned = ask("Module name [seallow_local]: ");
		if (!owned)
			return EXIT_NOMATCH;
		if (!*owned) {
			free(owned);
			owned = strdup("seallow_local");
		}
		if (!owned)
			return seallow_fail(-ENOMEM);
		name = owned;
	}
	mem = open_memstream(&text, &len);
	if (!mem) {
		free(owned);
		return seallow_fail(-ENOMEM);
	}
	/* with calls, a refpolicy module: policy_module() */
	rc = pol_audit_set_write_calls(run->set, name,
				       seallow_generate_flags(run->o) | POL_AUDIT_GEN_COMMENT_ALL |
					   POL_AUDIT_GEN_REQUIRES,
				       rv->ncalls ? chosen_call : NULL, rv, mem);
	if (fclose(mem) != 0 && rc == 0)
		rc = -errno;
	if (rc < 0) {
		free(text);
		free(owned);
		return seallow_fail(rc);
	}
	printf("\n----- %s.te -----%s", name, text);
	status = rv->ncalls ? seallow_generate_expand(run, name, text, len, &expanded, &explen)
			    : EXIT_OK;
	if (status == EXIT_OK)
		status = seallow_generate_package(run, name, text, len, expanded, explen, false);
	free(expanded);
	if (status == EXIT_OK)
		printf("Wrote %s.te and %s.pp.\n", name, name);
	free(text);
	if (status == EXIT_OK) {
		printf("Replay of the module's rules against the policy in memory:\n");
		rc = pol_audit_set_verify(run->set, seallow_generate_flags(run->o), print_replay,
					  NULL, &fixed, &still);
		if (rc < 0)
			status = seallow_fail(rc);
		else
			printf("%zu of %zu denial groups allowed with these rules\n", fixed,
			       fixed + still);
		if (asprintf(pp_path, "%s.pp", name) < 0)
			*pp_path = NULL;
	}
	free(owned);
	return status;
}

int seallow_review_output(struct seallow_run *run)
{
	struct review rv = {.run = run};
	char *pp = NULL;
	int status = EXIT_OK;

	rv.ngroups = pol_audit_set_groups(run->set);
	if (!rv.ngroups) {
		printf("No denial to review.\n");
		return EXIT_NOMATCH;
	}
	rv.choices = calloc(rv.ngroups, sizeof(*rv.choices));
	rv.calls = calloc(rv.ngroups, sizeof(*rv.calls));
	rv.sections = calloc(rv.ngroups, sizeof(*rv.sections));
	if (!rv.choices || !rv.calls || !rv.sections) {
		status = seallow_fail(-ENOMEM);
		goto out;
	}
	if (run->o->refpolicy) {
		status = seallow_ifdb_open(run->o, &rv.db);
		if (status != EXIT_OK)
			goto out;
	}
	for (size_t i = 0; i < rv.ngroups; i++)
		rv.choices[i] = POL_AUDIT_CHOICE_OMIT;
	rl_readline_name = "seallow";
	rv.specs = pol_audit_fix_specs_open();
	printf("%zu denial group%s to review.\n", rv.ngroups, rv.ngroups == 1 ? "" : "s");
	pol_audit_set_each(run->set, one_group, &rv);
	if (rv.aborted) {
		printf("Aborted: nothing written, nothing changed.\n");
		status = EXIT_NOMATCH;
		goto out;
	}
	if (rv.rules) {
		status = write_module(&rv, &pp);
		if (status != EXIT_OK)
			goto out;
		if (pp) {
			char **v = argv_of("semodule", "-i", pp, NULL);

			/* the module goes first: a boolean may need its rules */
			if (v) {
				add_command(&rv, v);
				if (rv.ncmds > 1) {
					struct command last = rv.cmds[rv.ncmds - 1];

					memmove(&rv.cmds[1], &rv.cmds[0],
						(rv.ncmds - 1) * sizeof(*rv.cmds));
					rv.cmds[0] = last;
				}
			}
		}
	}
	if (!rv.ncmds) {
		printf("Nothing chosen: nothing written, nothing changed.\n");
		status = EXIT_NOMATCH;
		goto out;
	}
	printf("\nTo apply these choices (nothing has been changed on this system):\n");
	for (size_t i = 0; i < rv.ncmds; i++)
		printf("  %s\n", rv.cmds[i].text);
	for (size_t i = 0; i < rv.ncmds; i++) {
		char prompt[4200];
		int st;

		snprintf(prompt, sizeof(prompt), "Run '%s' now? [y/N]: ", rv.cmds[i].text);
		if (!yes(prompt))
			continue;
		st = run_command(rv.cmds[i].argv);
		if (st != 0) {
			status = seallow_report(-EIO, "'%s' failed%s", rv.cmds[i].text,
						st < 0 ? ": cannot run it" : "");
		}
	}
out:
	for (size_t i = 0; i < rv.ncmds; i++) {
		for (size_t k = 0; rv.cmds[i].argv[k]; k++)
			free(rv.cmds[i].argv[k]);
		free(rv.cmds[i].argv);
		free(rv.cmds[i].text);
	}
	free(rv.cmds);
	free(rv.choices);
	for (size_t i = 0; i < rv.ngroups && rv.calls && rv.sections; i++) {
		free(rv.calls[i]);
		free(rv.sections[i]);
	}
	free(rv.calls);
	free(rv.sections);
	seallow_ifdb_free(rv.db);
	free(pp);
	pol_label_specs_free(rv.specs);
	return status;
}
