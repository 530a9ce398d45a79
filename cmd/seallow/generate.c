/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * audit2allow's output: rules on stdout (or appended to -o FILE), -m
 * modules, -M NAME.te + NAME.pp compiled in process; --verify replays the
 * rules against the policy in memory.
 */

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "seallow.h"
#include "workdir.h"
#include "source/source.h"
#include "util/atomic.h"

unsigned int seallow_generate_flags(const struct seallow_opts *o)
{
	return (o->dontaudit ? POL_AUDIT_GEN_DONTAUDIT : 0) |
	       (o->xperms ? POL_AUDIT_GEN_XPERMS : 0) | (o->requires ? POL_AUDIT_GEN_REQUIRES : 0) |
	       (o->verbose ? POL_AUDIT_GEN_VERBOSE : 0) |
	       (o->explain_long ? POL_AUDIT_GEN_EXPLAIN : 0) | (o->cil ? POL_AUDIT_GEN_CIL : 0);
}

/*
 * -M's temporary files while they exist, for a signal (INT, TERM, HUP)
 * that ends the run: unlink() is async-signal-safe; a name is published
 * once its file exists and withdrawn, signals blocked, before it is freed.
 */
static const char *volatile pair_temps[2];

static void remove_pair(int sig)
{
	for (size_t i = 0; i < 2; i++)
		if (pair_temps[i])
			unlink(pair_temps[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* One of the pair written to its temporary file (published) and synced. */
static int write_temp(int slot, const char *path, const char *data, size_t len,
		      struct pol_atomic **a, struct pol_err *err)
{
	sigset_t saved;
	FILE *fp;
	int rc;

	/* a signal between the file's creation and its publication would
	 * leave it behind: the two happen with the signals blocked */
	cli_signals_block(&saved);
	rc = pol_atomic_open(path, a, &fp, err);
	if (rc == 0)
		pair_temps[slot] = pol_atomic_temp(*a);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	if (rc < 0)
		return rc;
	if (fwrite(data, 1, len, fp) != len || fflush(fp) != 0 || fsync(fileno(fp)) != 0) {
		rc = -errno;
		return pol_err_set(err, rc ? rc : -EIO, "cannot write '%s': %s", path,
				   strerror(rc ? -rc : EIO));
	}
	return 0;
}

/* The run's inputs, which neither file of the pair may replace. */
static int refuse_inputs(const struct seallow_opts *o, const char *path, struct pol_err *err)
{
	const char *inputs[] = {o->input ? o->input : "-", o->policy, o->interface_info,
				o->perm_map};

	return pol_atomic_refuse_inputs(path, inputs, sizeof(inputs) / sizeof(inputs[0]), err);
}

/*
 * -M: NAME.te and NAME.pp, both or neither. The .pp is compiled from
 * expanded when given (the .te's interface calls as m4 expands them), in
 * memory; then both are written to temporary files beside their targets
 * and synced, and only then renamed, .pp first, with the signals blocked
 * between the two renames: a failure or signal before leaves the old pair
 * (the temporary files removed), and the one window left, the second
 * rename failing, is reported as such. The .pp first: it is what semodule
 * installs, and a .te newer than its .pp would claim rules the package
 * lacks.
 */
int seallow_generate_package(struct seallow_run *run, const char *name, const char *te, size_t len,
			     const char *expanded, size_t explen, bool announce)
{
	char *te_path = NULL, *pp_path = NULL, *pp = NULL;
	struct pol_atomic *te_out = NULL, *pp_out = NULL;
	size_t pp_len = 0;
	FILE *mem = NULL;
	struct pol_err err;
	sigset_t saved;
	int rc, status = EXIT_OK;

	pol_err_init(&err);
	if (asprintf(&te_path, "%s.te", name) < 0 || asprintf(&pp_path, "%s.pp", name) < 0) {
		te_path = pp_path = NULL;
		status = cli_report(&err, -ENOMEM);
		goto out;
	}
	rc = refuse_inputs(run->o, te_path, &err);
	if (rc == 0)
		rc = refuse_inputs(run->o, pp_path, &err);
	if (rc < 0) {
		status = cli_report(&err, rc);
		goto out;
	}
	mem = open_memstream(&pp, &pp_len);
	if (!mem) {
		status = cli_report(&err, -ENOMEM);
		goto out;
	}
	rc = pol_source_compile_module_text(te_path, expanded ? expanded : te,
					    expanded ? explen : len, pol_pdb_mls(run->pdb), false,
					    mem, &err);
	if (fclose(mem) != 0 && rc == 0)
		rc = -errno;
	cli_signals_handle(remove_pair);
	if (rc == 0)
		rc = write_temp(0, pp_path, pp, pp_len, &pp_out, &err);
	if (rc == 0)
		rc = write_temp(1, te_path, te, len, &te_out, &err);
	cli_signals_block(&saved);
	if (rc == 0) {
		pair_temps[0] = NULL;
		rc = pol_atomic_commit(pp_out, &err);
		pp_out = NULL;
		if (rc == 0) {
			pair_temps[1] = NULL;
			rc = pol_atomic_commit(te_out, &err);
			te_out = NULL;
			if (rc < 0)
				pol_err_set(&err, rc, "'%s' is new but '%s' is not", pp_path,
					    te_path);
		}
	}
	pair_temps[0] = pair_temps[1] = NULL;
	pol_atomic_abort(pp_out);
	pol_atomic_abort(te_out);
	cli_signals_handle(NULL);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	if (rc < 0) {
		pol_err_set(&err, rc, "cannot build '%s'", pp_path);
		status = cli_report(&err, rc);
		goto out;
	}
	if (announce && !run->o->quiet)
		printf("******************** IMPORTANT ***********************\n"
		       "To make this policy package active, execute:\n\nsemodule -i %s\n\n",
		       pp_path);
out:
	free(pp);
	free(te_path);
	free(pp_path);
	pol_err_release(&err);
	return status;
}

int seallow_generate_expand(struct seallow_run *run, const char *name, const char *te, size_t len,
			    char **expanded, size_t *explen)
{
	int status = seallow_refpolicy_expand(run->o, name, te, len, expanded, explen);

	if (status == EXIT_OK) {
		status = seallow_refpolicy_grant(run->set, name, *expanded, *explen);
		if (status != EXIT_OK) {
			free(*expanded);
			*expanded = NULL;
		}
	}
	return status;
}

static int print_verify(const struct pol_audit_group_info *g, bool allowed, const char *why_not,
			void *data)
{
	(void)data;
	fprintf(stderr, "%s: verify: %s %s:%s {", cli_name(), g->source, g->target, g->tclass);
	for (size_t i = 0; i < g->nperms; i++)
		fprintf(stderr, " %s", g->perms[i]);
	fprintf(stderr, " }: %s%s\n",
		allowed ? "allowed" : "still denied: ", allowed ? "" : why_not);
	return 0;
}

/* -R: the database's answer per group, asked once (a second writing of
 * the module repeats neither the question nor its notes). */
struct picks {
	struct ifdb *db;
	char **calls, **sections; /* by group index; NULL: the rule */
	bool *asked;
	size_t n, ncalls;
};

static char *pick(const struct pol_audit_group_info *g, const char **section, void *data)
{
	struct picks *p = data;
	size_t i = g->index;

	if (i >= p->n)
		return NULL;
	if (!p->asked[i]) {
		const char *sec = NULL;

		p->asked[i] = true;
		p->calls[i] = seallow_ifdb_pick(p->db, g, &sec);
		if (p->calls[i]) {
			p->sections[i] = strdup(sec);
			if (!p->sections[i]) {
				free(p->calls[i]);
				p->calls[i] = NULL;
			}
			p->ncalls += p->calls[i] != NULL;
		}
	}
	if (!p->calls[i])
		return NULL;
	*section = p->sections[i];
	return strdup(p->calls[i]);
}

static void picks_release(struct picks *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->calls[i]);
		free(p->sections[i]);
	}
	free(p->calls);
	free(p->sections);
	free(p->asked);
	seallow_ifdb_free(p->db);
}

static int write_text(struct seallow_run *run, const char *module, unsigned int flags,
		      struct picks *p, char **text, size_t *len)
{
	FILE *mem = open_memstream(text, len);
	int rc;

	if (!mem)
		return -ENOMEM;
	rc = pol_audit_set_write_calls(run->set, module, flags, p && p->db ? pick : NULL, p, mem);
	if (fclose(mem) != 0 && rc == 0)
		rc = -errno;
	if (rc < 0) {
		free(*text);
		*text = NULL;
	}
	return rc;
}

/* -R -C with calls: the CIL of the module they expand to. */
static int write_cil(struct seallow_run *run, const char *name, const char *expanded, size_t explen,
		     char **text, size_t *len)
{
	struct pol_err err;
	char *te_name = NULL;
	FILE *mem;
	int rc, status;

	mem = open_memstream(text, len);
	if (!mem)
		return seallow_fail(-ENOMEM);
	pol_err_init(&err);
	if (asprintf(&te_name, "%s.te", name) < 0)
		te_name = NULL;
	rc = te_name ? pol_source_compile_module_text(te_name, expanded, explen,
						      pol_pdb_mls(run->pdb), true, mem, &err)
		     : -ENOMEM;
	if (fclose(mem) != 0 && rc == 0)
		rc = -errno;
	if (rc < 0) {
		pol_err_set(&err, rc, "cannot compile the interface calls to CIL");
		free(*text);
		*text = NULL;
	}
	status = cli_report(&err, rc);
	free(te_name);
	pol_err_release(&err);
	return status;
}

/* -R: the interface database and room for its answer per group. An exit
 * status. */
static int picks_open(struct seallow_run *run, size_t ngroups, struct picks *p)
{
	int status = seallow_ifdb_open(run->o, &p->db);

	if (status != EXIT_OK)
		return status;
	p->calls = calloc(ngroups, sizeof(*p->calls));
	p->sections = calloc(ngroups, sizeof(*p->sections));
	p->asked = calloc(ngroups, sizeof(*p->asked));
	if (!p->calls || !p->sections || !p->asked)
		return seallow_fail(-ENOMEM);
	p->n = ngroups;
	return EXIT_OK;
}

/* The output's text, and with -R's calls the module they expand to when
 * -M, -C or --verify needs it (-R -C: that module's CIL is the text). An
 * exit status; on success *text and *expanded are the caller's. */
static int generate_text(struct seallow_run *run, unsigned int flags, char **text, size_t *len,
			 char **expanded, size_t *explen)
{
	const struct seallow_opts *o = run->o;
	const char *module = o->package ? o->package : o->module;
	size_t ngroups = pol_audit_set_groups(run->set);
	struct picks p = {0};
	int rc, status = EXIT_OK;

	if (o->refpolicy && ngroups) {
		status = picks_open(run, ngroups, &p);
		if (status != EXIT_OK) {
			picks_release(&p);
			return status;
		}
	}
	/* with -R -C the calls are asked for first: CIL has none */
	rc = write_text(run, module, o->refpolicy ? flags & ~POL_AUDIT_GEN_CIL : flags, &p, text,
			len);
	/* -M, -C and --verify need what the calls expand to: a module; -R -M
	 * writes policy_module() even with no call, which m4 expands too */
	if (rc == 0 && (p.ncalls || (o->refpolicy && o->package))) {
		const char *name = module ? module : "seallow_local";
		char *mod_text = NULL;
		size_t mod_len = 0;

		for (size_t i = 0; i < p.n; i++)
			if (p.calls[i])
				pol_audit_set_choose(run->set, i, POL_AUDIT_CHOICE_CALL);
		if (o->package || o->cil || o->verify) {
			rc = module ? 0
				    : write_text(run, name, flags & ~POL_AUDIT_GEN_CIL, &p,
						 &mod_text, &mod_len);
			if (rc == 0)
				status = seallow_generate_expand(
				    run, name, module ? *text : mod_text, module ? *len : mod_len,
				    expanded, explen);
			free(mod_text);
		}
		if (rc == 0 && status == EXIT_OK && o->cil) {
			free(*text);
			*text = NULL;
			status = write_cil(run, name, *expanded, *explen, text, len);
		}
	} else if (rc == 0 && o->refpolicy && o->cil) {
		free(*text);
		*text = NULL;
		rc = write_text(run, module, flags, NULL, text, len);
	}
	picks_release(&p);
	if (rc < 0)
		status = seallow_report(rc, "%s", strerror(-rc));
	if (status != EXIT_OK) {
		free(*text);
		free(*expanded);
		*text = *expanded = NULL;
	}
	return status;
}

/* The text where the options send it: -M's pair, appended to -o's file,
 * or stdout. An exit status. */
static int deliver(struct seallow_run *run, const char *text, size_t len, const char *expanded,
		   size_t explen)
{
	const struct seallow_opts *o = run->o;
	FILE *f;

	if (o->package)
		return seallow_generate_package(run, o->package, text, len, expanded, explen, true);
	if (!o->output) {
		if (!o->quiet)
			fwrite(text, 1, len, stdout);
		return EXIT_OK;
	}
	f = fopen(o->output, "ae");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0)
		return seallow_report(-errno, "cannot write '%s': %s", o->output, strerror(errno));
	return EXIT_OK;
}

/* --verify: the rules replayed against the policy in memory, each group's
 * verdict and the count on stderr. An exit status. */
static int verify(struct seallow_run *run, unsigned int flags)
{
	bool quiet = run->o->quiet;
	size_t fixed, still;
	int rc;

	rc = pol_audit_set_verify(run->set, flags, quiet ? NULL : print_verify, NULL, &fixed,
				  &still);
	if (rc < 0)
		return seallow_fail(rc);
	if (!quiet)
		fprintf(stderr, "%s: verify: %zu of %zu denial groups allowed with these rules\n",
			cli_name(), fixed, fixed + still);
	return EXIT_OK;
}

int seallow_generate_output(struct seallow_run *run)
{
	const struct seallow_opts *o = run->o;
	/* -M must compile, and so must -R's module for -C and --verify: every
	 * line of a constraint's text a comment */
	bool compiled = o->package || (o->refpolicy && (o->cil || o->verify));
	unsigned int flags = seallow_generate_flags(o) | (compiled ? POL_AUDIT_GEN_COMMENT_ALL : 0);
	char *text = NULL, *expanded = NULL;
	size_t len = 0, explen = 0, ngroups = pol_audit_set_groups(run->set);
	int status;

	if (o->package && !ngroups) {
		/* an empty module does not compile, and would change nothing */
		seallow_say(run->o, POL_SEV_NOTE,
			    "nothing to build: no denial to allow in the input");
		return EXIT_NOMATCH;
	}
	status = generate_text(run, flags, &text, &len, &expanded, &explen);
	if (status != EXIT_OK)
		return status;
	if (o->xperms && !o->quiet) {
		struct pol_err err;

		pol_err_init(&err);
		pol_audit_set_xperm_notes(run->set, &err);
		cli_report(&err, 0);
		pol_err_release(&err);
	}
	status = deliver(run, text, len, expanded, explen);
	free(text);
	free(expanded);
	if (status == EXIT_OK && o->verify)
		status = verify(run, flags);
	if (status == EXIT_OK && !ngroups)
		status = EXIT_NOMATCH;
	return status;
}
