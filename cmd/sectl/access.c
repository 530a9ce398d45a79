/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sectl access, create, relabel, member: the kernel's decisions for a pair
 * of contexts and a class, one on the command line or many from stdin.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/json.h"

#include "cli.h"
#include "sectl.h"

enum { O_BATCH = 512 };

// clang-format off
static const struct cli_option options[] = {
	CLI_FLAG(O_BATCH, "batch", "read queries from stdin, one per line (\"SCON TCON\n"
				   "CLASS ...\"), and print each with its answer"),
	CLI_GROUP(sectl_common_options),
	CLI_END,
};
// clang-format on

static int usage(const char *cmd)
{
	if (strcmp(cmd, "access") == 0) {
		fputs("Usage:\n"
		      " sectl access [options] SCON TCON CLASS [PERM...]\n"
		      " sectl access [options] --batch\n"
		      "\n"
		      "Print the kernel's access decision for source context SCON on target\n"
		      "context TCON objects of CLASS: the allowed and denied permissions, those\n"
		      "audited when allowed (auditallow) and those not audited when denied\n"
		      "(dontaudit). With PERMs, only those; the exit status then says whether\n"
		      "all of them are allowed.\n",
		      stdout);
	} else {
		printf("Usage:\n"
		       " sectl %s [options] SCON TCON CLASS%s\n"
		       " sectl %s [options] --batch\n"
		       "\n"
		       "Print the label the kernel gives %s.\n",
		       cmd, strcmp(cmd, "create") == 0 ? " [NAME]" : "", cmd,
		       strcmp(cmd, "create") == 0 ?
			       "a new CLASS object created by SCON in TCON (type_transition;\n"
			       "NAME selects name-based transitions)" :
		       strcmp(cmd, "relabel") == 0 ?
			       "a TCON object of CLASS relabeled for SCON (type_change)" :
			       "the member of a polyinstantiated TCON object for SCON\n(type_member)");
	}
	fputs("\n", stdout);
	cli_print_options(options);
	fputs("\n", stdout);
	if (strcmp(cmd, "access") == 0)
		fputs("Exit status: 0 every PERM allowed (or no PERM given), 1 some PERM denied,\n", stdout);
	else
		fputs("Exit status: 0 computed,\n", stdout);
	fputs("2 invalid context, unknown class or permission, 3 no SELinux or policy,\n"
	      "or the kernel refused. See sectl(1).\n",
	      stdout);
	return EXIT_OK;
}

/* One question: argv-style words (SCON TCON CLASS [PERM... | NAME]), and in
 * a batch the line it came from, for messages. */
struct query {
	char **words;
	int nwords;
	unsigned int line; /* 0: the command line */
};

#define BATCH_FILE "<stdin>"

/* Classes already read, so a batch reads each class's files once. */
struct class_cache {
	struct pol_kernel_class **v;
	size_t n, alloc;
};

static int get_class(struct pol_kernel *k, struct class_cache *cache, const char *name,
		     const struct pol_kernel_class **out, struct pol_err *err)
{
	struct pol_kernel_class *c;
	int rc;

	for (size_t i = 0; i < cache->n; i++) {
		if (strcmp(cache->v[i]->name, name) == 0) {
			*out = cache->v[i];
			return 0;
		}
	}
	rc = pol_kernel_class_get(k, name, &c, err);
	if (rc < 0)
		return rc;
	if (POL_ARRAY_GROW(cache->v, cache->n + 1, cache->alloc) < 0) {
		pol_kernel_class_free(c);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	cache->v[cache->n++] = c;
	*out = c;
	return 0;
}

static void cache_free(struct class_cache *cache)
{
	for (size_t i = 0; i < cache->n; i++)
		pol_kernel_class_free(cache->v[i]);
	free(cache->v);
}

static uint32_t class_mask(const struct pol_kernel_class *c)
{
	uint32_t m = 0;

	for (size_t i = 0; i < c->nperms; i++)
		m |= c->perms[i].mask;
	return m;
}

static void print_key(const char *key, const struct pol_kernel_class *c, uint32_t mask)
{
	printf("%s:%s", key, mask ? " " : "");
	sectl_print_perms(c, mask);
	putchar('\n');
}

static struct json_object *hex(uint32_t v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "0x%08x", v);
	return json_object_new_string(buf);
}

/* The i-th permission a query asks about: its PERMs in their order, or
 * each of the class's when it names none. False past the last. */
static bool nth_perm(const struct query *q, const struct pol_kernel_class *c, size_t i,
		     const char **name, uint32_t *mask)
{
	if (q->nwords == 3) {
		if (i >= c->nperms)
			return false;
		*name = c->perms[i].name;
		*mask = c->perms[i].mask;
		return true;
	}
	if (i >= (size_t)q->nwords - 3)
		return false;
	*name = q->words[3 + i];
	*mask = pol_kernel_class_perm(c, *name);
	return true;
}

static void av_json(struct json_object *o, const struct query *q, const struct pol_kernel_class *c,
		    uint32_t shown, const struct pol_kernel_av *av, bool asked)
{
	struct json_object *raw = json_object_new_object(), *perms = json_object_new_array();
	bool permissive = av->flags & POL_KERNEL_AV_PERMISSIVE;
	const char *name;
	uint32_t m;

	json_object_object_add(o, "allowed", sectl_perms_json(c, av->allowed & shown));
	json_object_object_add(o, "denied", sectl_perms_json(c, ~av->allowed & shown));
	json_object_object_add(o, "auditallow", sectl_perms_json(c, av->auditallow & shown));
	json_object_object_add(o, "dontaudit", sectl_perms_json(c, ~av->auditdeny & shown));
	json_object_object_add(o, "permissive", json_object_new_boolean(permissive));
	if (asked)
		pol_json_add_str(o, "decision", (av->allowed & shown) == shown ? "allowed" : "denied");
	json_object_object_add(o, "seqno", json_object_new_int64(av->seqno));
	json_object_object_add(raw, "allowed", hex(av->allowed));
	json_object_object_add(raw, "decided", hex(av->decided));
	json_object_object_add(raw, "auditallow", hex(av->auditallow));
	json_object_object_add(raw, "auditdeny", hex(av->auditdeny));
	json_object_object_add(raw, "flags", hex(av->flags));
	json_object_object_add(o, "raw", raw);
	/* the batch line's fields, one map per permission asked */
	for (size_t i = 0; nth_perm(q, c, i, &name, &m); i++) {
		struct json_object *p = json_object_new_object();

		pol_json_add_str(p, "permission", name);
		pol_json_add_str(p, "decision", av->allowed & m ? "allowed" : "denied");
		json_object_object_add(p, "auditallow",
				       json_object_new_boolean(!!(av->auditallow & m)));
		json_object_object_add(p, "dontaudit",
				       json_object_new_boolean(!!(~av->auditdeny & m)));
		json_object_object_add(p, "permissive", json_object_new_boolean(permissive));
		json_object_array_add(perms, p);
	}
	json_object_object_add(o, "permissions", perms);
}

static void av_text(const struct sectl *sc, const struct pol_kernel_class *c, uint32_t shown,
		    const struct pol_kernel_av *av)
{
	print_key("allowed", c, av->allowed & shown);
	print_key("denied", c, ~av->allowed & shown);
	if (av->auditallow & shown)
		print_key("auditallow", c, av->auditallow & shown);
	if (~av->auditdeny & shown)
		print_key("dontaudit", c, ~av->auditdeny & shown);
	if (av->flags & POL_KERNEL_AV_PERMISSIVE)
		puts("permissive: yes");
	if (sc->verbose)
		fprintf(stderr, "%s: seqno %u, allowed=%08x decided=%08x auditallow=%08x auditdeny=%08x flags=%x\n",
			cli_name(), av->seqno, av->allowed, av->decided, av->auditallow, av->auditdeny,
			av->flags);
}

/*
 * --batch: "SCON TCON CLASS PERM DECISION [auditallow] [dontaudit]
 * [permissive]", a line per permission asked, the question echoed so that a
 * script pairs each answer with its question whatever it asked.
 */
static void av_lines(const struct query *q, const struct pol_kernel_class *c,
		     const struct pol_kernel_av *av)
{
	const char *name;
	uint32_t m;

	for (size_t i = 0; nth_perm(q, c, i, &name, &m); i++)
		printf("%s %s %s %s %s%s%s%s\n", q->words[0], q->words[1], q->words[2], name,
		       av->allowed & m ? "allowed" : "denied",
		       av->auditallow & m ? " auditallow" : "",
		       ~av->auditdeny & m ? " dontaudit" : "",
		       av->flags & POL_KERNEL_AV_PERMISSIVE ? " permissive" : "");
}

/* The words of a question, then its answer: "SCON TCON CLASS [NAME]: ANSWER"
 * (create, relabel, member) or "... error" (access, a line that is no query). */
static void echo(const struct query *q, const char *sep, const char *answer)
{
	for (int i = 0; i < q->nwords; i++)
		printf("%s%s", i ? " " : "", q->words[i]);
	printf("%s%s\n", sep, answer);
}

/* A failed access question in a batch: "SCON TCON CLASS PERM error" for each
 * permission it names, "SCON TCON CLASS - error" when it names none. */
static void error_lines(const struct query *q)
{
	if (q->nwords == 3) {
		echo(q, " - ", "error");
		return;
	}
	for (int i = 3; i < q->nwords; i++)
		printf("%s %s %s %s error\n", q->words[0], q->words[1], q->words[2], q->words[i]);
}

/* Report err, each diagnostic at the batch line it is about (BATCH_FILE:LINE:). */
static int report(const struct query *q, const struct pol_err *err, int rc)
{
	struct pol_err at;
	int status;

	if (!q->line)
		return cli_report_kernel(err, rc);
	pol_err_init(&at);
	for (size_t i = 0; i < err->count; i++) {
		const struct pol_diag *d = &err->diags[i];

		pol_err_add(&at, d->severity, d->code, d->file ? d->file : BATCH_FILE,
			    d->file ? d->line : q->line, d->col, "%s", d->message);
	}
	if (rc < 0 && pol_err_errors(&at) == 0)
		pol_err_add(&at, POL_SEV_ERROR, rc, BATCH_FILE, q->line, 0, "%s", pol_strerror(rc));
	status = cli_report_kernel(&at, rc);
	pol_err_release(&at);
	return status;
}

struct run {
	struct sectl *sc;
	const char *cmd;
	enum pol_kernel_compute_kind kind; /* create, relabel, member */
	bool access;
	bool batch;
	struct pol_kernel *k;
	struct class_cache cache;
	struct json_object *list; /* --json: the answers */
};

/* Answer one query; returns its exit status. */
static int answer(struct run *r, const struct query *q, struct pol_err *err)
{
	const struct pol_kernel_class *c = NULL;
	struct json_object *o = NULL;
	bool text = !r->list && !r->sc->quiet;
	uint32_t asked = 0;
	int rc;

	pol_err_clear(err);
	rc = get_class(r->k, &r->cache, q->words[2], &c, err);
	for (int i = 3; rc == 0 && r->access && i < q->nwords; i++) {
		uint32_t m = pol_kernel_class_perm(c, q->words[i]);

		if (!m)
			rc = pol_kernel_class_unknown_perm(c, q->words[i], err);
		asked |= m;
	}
	if (r->list) {
		o = json_object_new_object();
		if (q->line)
			json_object_object_add(o, "line", json_object_new_int64(q->line));
		pol_json_add_str(o, "scontext", q->words[0]);
		pol_json_add_str(o, "tcontext", q->words[1]);
		pol_json_add_str(o, "class", q->words[2]);
		json_object_array_add(r->list, o);
	}
	if (rc == 0 && r->access) {
		struct pol_kernel_av av;
		uint32_t shown = asked ? asked : class_mask(c);

		rc = pol_kernel_compute_av(r->k, q->words[0], q->words[1], c, asked, &av, err);
		if (rc == 0) {
			if (o) {
				if (asked)
					json_object_object_add(o, "requested", sectl_perms_json(c, asked));
				av_json(o, q, c, shown, &av, asked != 0);
			} else if (text && r->batch) {
				av_lines(q, c, &av);
			} else if (text) {
				av_text(r->sc, c, shown, &av);
			}
			return (av.allowed & asked) == asked ? EXIT_OK : EXIT_NOMATCH;
		}
	} else if (rc == 0) {
		const char *name = q->nwords > 3 ? q->words[3] : NULL;
		char *newcon;

		rc = pol_kernel_compute(r->k, r->kind, q->words[0], q->words[1], c, name, &newcon, err);
		if (rc == 0) {
			if (o) {
				if (name)
					pol_json_add_str(o, "name", name);
				pol_json_add_str(o, "context", newcon);
			} else if (text && r->batch) {
				echo(q, ": ", newcon);
			} else if (text) {
				puts(newcon);
			}
			free(newcon);
			return EXIT_OK;
		}
	}
	/* In a batch, the answer says there was an error, so that every
	 * question still gets its answer; the reason goes to stderr. */
	if (o)
		pol_json_add_str(o, "error", err->count ? err->diags[0].message : pol_strerror(rc));
	else if (text && r->batch && r->access)
		error_lines(q);
	else if (text && r->batch)
		echo(q, ": ", "error");
	return report(q, err, rc);
}

/* Split line into q's words (a growing array in *words). Returns their
 * number, or -ENOMEM. */
static int split(char *line, struct query *q, char ***words, size_t *alloc)
{
	q->nwords = 0;
	for (char *w = strtok(line, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
		if (POL_ARRAY_GROW(*words, (size_t)q->nwords + 1, *alloc) < 0)
			return -ENOMEM;
		(*words)[q->nwords++] = w;
	}
	q->words = *words;
	return q->nwords;
}

static int batch(struct run *r, struct pol_err *err)
{
	char *line = NULL, **words = NULL;
	size_t len = 0, alloc = 0;
	unsigned int lineno = 0;
	int status = EXIT_OK;

	while (getline(&line, &len, stdin) > 0) {
		struct query q = {.line = ++lineno};
		int n, s;

		n = split(line, &q, &words, &alloc);
		if (n < 0) {
			pol_err_clear(err);
			status = cli_report(err, pol_err_set(err, -ENOMEM, "out of memory"));
			break;
		}
		if (n == 0 || words[0][0] == '#')
			continue;
		if (n < 3 || (!r->access && n > (r->kind == POL_KERNEL_CREATE ? 4 : 3))) {
			pol_err_clear(err);
			pol_err_set(err, POL_EINVAL, "expected 'SCON TCON CLASS%s'",
				    r->access			   ? " [PERM...]"
				    : r->kind == POL_KERNEL_CREATE ? " [NAME]"
								   : "");
			if (r->list) {
				struct json_object *o = json_object_new_object();

				json_object_object_add(o, "line", json_object_new_int64(q.line));
				pol_json_add_str(o, "error", err->diags[0].message);
				json_object_array_add(r->list, o);
			} else if (!r->sc->quiet) {
				echo(&q, r->access ? " " : ": ", "error");
			}
			s = report(&q, err, POL_EINVAL);
		} else {
			s = answer(r, &q, err);
		}
		if (s > status)
			status = s;
		/* one answer per line, in step with a reader */
		if (!r->list)
			fflush(stdout);
	}
	free(words);
	free(line);
	return status;
}

static int run_queries(struct sectl *sc, const char *cmd, int argc, char **argv)
{
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct run r = { .sc = sc, .cmd = cmd, .access = strcmp(cmd, "access") == 0 };
	struct json_object *doc = NULL;
	struct pol_err err;
	int c, status, nargs;

	r.kind = strcmp(cmd, "create") == 0	 ? POL_KERNEL_CREATE :
		 strcmp(cmd, "relabel") == 0 ? POL_KERNEL_RELABEL :
					       POL_KERNEL_MEMBER;
	while ((c = sectl_getopt(sc, &g, argc, argv)) != -1) {
		if (c == O_BATCH)
			r.batch = true;
		else if (c == 'h')
			return usage(cmd);
		else
			return EXIT_USAGE;
	}
	nargs = argc - optind;
	if (r.batch && nargs > 0)
		return cli_usage_error("--batch reads its queries from stdin, not from arguments");
	if (!r.batch && nargs < 3)
		return cli_usage_error("'%s' needs SCON TCON CLASS", cmd);
	if (!r.batch && !r.access && nargs > (r.kind == POL_KERNEL_CREATE ? 4 : 3))
		return cli_usage_error("unexpected argument '%s'",
				       argv[optind + (r.kind == POL_KERNEL_CREATE ? 4 : 3)]);
	status = sectl_open(sc, cmd, true, &r.k);
	if (status != EXIT_OK)
		return status;
	pol_err_init(&err);
	if (sc->json && !sc->quiet) {
		doc = sectl_json_doc(cmd);
		r.list = json_object_new_array();
	}
	if (r.batch) {
		status = batch(&r, &err);
	} else {
		struct query q = {argv + optind, nargs, 0};

		status = answer(&r, &q, &err);
	}
	if (doc && !r.batch && status >= EXIT_USAGE) {
		/* a failed single query prints no document, only the reason */
		json_object_put(doc);
		json_object_put(r.list);
		doc = NULL;
	}
	if (doc) {
		/* one query: its answer is the document; a batch: a list */
		if (r.batch) {
			json_object_object_add(doc, "answers", r.list);
		} else {
			struct json_object *o = json_object_array_get_idx(r.list, 0);

			json_object_object_foreach(o, key, val)
				json_object_object_add(doc, key, json_object_get(val));
			json_object_put(r.list);
		}
		sectl_json_print(doc);
	}
	cache_free(&r.cache);
	pol_kernel_free(r.k);
	pol_err_release(&err);
	return status;
}

int sectl_access(void *ctx, int argc, char **argv)
{
	return run_queries(ctx, "access", argc, argv);
}

int sectl_compute(void *ctx, int argc, char **argv)
{
	return run_queries(ctx, argv[0], argc, argv);
}
