/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach dta: sedta's command line and output (setools 4.4.1): transitions
 * out of (or, with -r, into) a type, all shortest paths or all paths up to
 * N steps between two types; --full prints the rules of each transition.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/json.h"

#include "cli.h"
#include "sereach.h"

// clang-format off
const struct cli_option sereach_dta_options[] = {
	SR_OPT_POLICY,
	SR_OPT_ENDS,
	CLI_FLAG('r', "reverse", "reverse analysis: transitions into the source"),
	CLI_VALUE('l', "limit_trans", "N", "stop after N transitions or paths"),
	CLI_FLAG(OPT_FULL, "full", "print the rules of each transition"),
	CLI_FLAG(OPT_EXACT, "exact", "kernel semantics: setexec/setcurrent on the domain itself,\ntype_transition to the target"),
	SR_OPT_ROLES,
	CLI_VALUE(OPT_BOOLEANS, "booleans", "STATE", "evaluate conditionals: default, current or\nNAME=on,NAME=off..."),
	CLI_FLAG(OPT_WHY_NOT, "why-not", "why there is no transition from SOURCE to TARGET:\nthe rules present and those missing"),
	CLI_FLAG('v', "verbose", NULL),
	SR_OPT_OUTPUT,
};
// clang-format on

static const char usage[] =
    " sereach dta [options] -s SOURCE [EXCLUDE...]\n"
    " sereach dta [options] -s SOURCE -t TARGET (-S | -A N) [EXCLUDE...]\n"
    " sereach dta [options] --why-not SOURCE TARGET [EXCLUDE...]\n"
    "\n"
    "Domain transition analysis, as setools' sedta: the transitions out of SOURCE\n"
    "(into it with -r), or the transition paths from SOURCE to TARGET. EXCLUDE\n"
    "types are removed as domains and as entrypoints.\n";

static void print_transition(struct sr_query *q, uint32_t s, uint32_t t)
{
	struct pol_graph_edge_rules r;

	putchar('\n');
	if (pol_graph_explain(q->g, s, t, &r) < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return;
	}
	if (r.transition[0]) {
		printf("Domain transition rule(s):\n");
		sr_print_rules(r.transition, "");
		if (r.setexec[0]) {
			printf("\nSet execution context rule(s):\n");
			sr_print_rules(r.setexec, "");
		}
		for (size_t i = 0; i < r.nentrypoints; i++) {
			const struct pol_graph_entrypoint *e = &r.entrypoints[i];

			printf("\nEntrypoint %s:\n\tDomain entrypoint rule(s):\n",
			       sr_type(q, e->type));
			sr_print_rules(e->entrypoint, "\t");
			printf("\n\tFile execute rule(s):\n");
			sr_print_rules(e->execute, "\t");
			if (e->type_transition[0]) {
				printf("\n\tType transition rule(s):\n");
				sr_print_rules(e->type_transition, "\t");
			}
			putchar('\n');
		}
	}
	if (r.dyntransition[0]) {
		printf("Dynamic transition rule(s):\n");
		sr_print_rules(r.dyntransition, "");
		printf("\nSet current process context rule(s):\n");
		sr_print_rules(r.setcurrent, "");
		putchar('\n');
	}
	putchar('\n');
	pol_graph_edge_rules_release(&r);
}

/* ---- --why-not ----------------------------------------------------------- */

/* The lists of a section of the explanation: the rules present, those that
 * do not count (and why), those a boolean turned off, the rules missing,
 * and (the exec transition's) the entrypoints an exclusion removes. */
enum why_list { WHY_PRESENT, WHY_NOT_COUNTED, WHY_DISABLED, WHY_MISSING, WHY_EXCLUDED, WHY_LISTS };

static const char *const why_keys[WHY_LISTS] = {"present", "not_counted", "disabled", "missing",
						"excluded_entrypoints"};

struct why_section {
	const char *name; /* an entrypoint's type; NULL for the exec and dynamic transitions */
	bool excluded;	  /* the entrypoint is excluded */
	bool entrypoint;  /* a section of an entrypoint (JSON: "name", "excluded") */
	bool exec;	  /* the exec transition's (JSON: "excluded_entrypoints") */
	struct why_strings {
		char **v;
		size_t n, alloc;
	} list[WHY_LISTS];
};

/* The whole explanation of s -> t; the strings are the explanation's. */
struct why_doc {
	struct why_section exec, dyn, *eps;
	size_t neps;
	struct why_strings notes;
	bool oom;
};

static void why_push(struct why_doc *d, struct why_strings *l, char *str)
{
	if (!str || POL_ARRAY_GROW(l->v, l->n + 1, l->alloc) < 0) {
		free(str);
		d->oom = true;
		return;
	}
	l->v[l->n++] = str;
}

static void why_add(struct why_doc *d, struct why_section *sec, enum why_list list, char **rules)
{
	for (size_t i = 0; rules && rules[i]; i++)
		why_push(d, &sec->list[list], strdup(rules[i]));
}

static void why_missing(struct why_doc *d, struct why_section *sec, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void why_missing(struct why_doc *d, struct why_section *sec, const char *fmt, ...)
{
	char *rule = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&rule, fmt, ap) < 0)
		rule = NULL;
	va_end(ap);
	why_push(d, &sec->list[WHY_MISSING], rule);
}

static void why_strings_release(struct why_strings *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

static void why_section_release(struct why_section *sec)
{
	for (int i = 0; i < WHY_LISTS; i++)
		why_strings_release(&sec->list[i]);
}

static void why_doc_release(struct why_doc *d)
{
	why_section_release(&d->exec);
	why_section_release(&d->dyn);
	for (size_t i = 0; i < d->neps; i++)
		why_section_release(&d->eps[i]);
	free(d->eps);
	why_strings_release(&d->notes);
}

static bool why_empty(char **v)
{
	return !v || !v[0];
}

/* What the entrypoints of s -> t add up to. */
struct why_entrypoints {
	bool setexec;	     /* s may set its exec context */
	bool named;	     /* a usable entrypoint with a type_transition to t */
	bool named_any;	     /* any entrypoint not excluded with one */
	bool usable;	     /* executable by s, an entrypoint of t, not excluded */
	bool excluded;	     /* such an entrypoint, excluded */
	bool excluded_named; /* an excluded entrypoint with a type_transition */
};

static void why_summarise(const struct pol_graph_why *w, struct why_entrypoints *sum)
{
	*sum = (struct why_entrypoints){.setexec = !why_empty(w->setexec)};
	for (size_t i = 0; i < w->nentrypoints; i++) {
		const struct pol_graph_why_entrypoint *e = &w->entrypoints[i];
		bool both = !why_empty(e->execute) && !why_empty(e->entrypoint);

		sum->named |= both && !why_empty(e->type_transition) && !e->excluded;
		sum->named_any |= !why_empty(e->type_transition) && !e->excluded;
		sum->usable |= both && !e->excluded;
		sum->excluded |= both && e->excluded;
		sum->excluded_named |= !why_empty(e->type_transition) && e->excluded;
	}
}

/* The exec transition: transition, an entrypoint, setexec or a
 * type_transition to the target. */
static void why_exec(struct sr_query *q, const struct pol_graph_why *w,
		     const struct why_entrypoints *sum, struct why_doc *d)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);
	struct why_section *exec = &d->exec;

	exec->exec = true;
	why_add(d, exec, WHY_PRESENT, w->transition);
	why_add(d, exec, WHY_PRESENT, w->setexec);
	why_add(d, exec, WHY_NOT_COUNTED, w->setexec_other);
	why_add(d, exec, WHY_DISABLED, w->disabled);
	if (why_empty(w->transition))
		why_missing(d, exec, "allow %s %s:process transition;", S, T);
	/* an entrypoint the user excluded is named, not reported missing:
	 * its rules are there, the exclusion is what removes it */
	for (size_t i = 0; i < w->nentrypoints; i++) {
		const struct pol_graph_why_entrypoint *e = &w->entrypoints[i];
		bool both = !why_empty(e->execute) && !why_empty(e->entrypoint);

		if (e->excluded && ((!sum->usable && both) || (!sum->setexec && !sum->named_any &&
							       !why_empty(e->type_transition))))
			why_push(d, &exec->list[WHY_EXCLUDED], strdup(sr_type(q, e->type)));
	}
	if (!sum->usable && !sum->excluded)
		why_missing(d, exec,
			    "an entrypoint E of %s executable by %s: allow %s E:file entrypoint; "
			    "allow %s E:file execute;",
			    T, S, T, S);
	if (!sum->setexec && !sum->named_any && !sum->excluded_named)
		why_missing(d, exec,
			    "allow %s %s:process setexec; or type_transition %s E:process %s; "
			    "for an entrypoint E",
			    S, S, S, T);
}

/* One section per entrypoint of the target. */
static void why_entrypoints(struct sr_query *q, const struct pol_graph_why *w,
			    const struct why_entrypoints *sum, struct why_doc *d)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);

	d->eps = calloc(w->nentrypoints + 1, sizeof(*d->eps));
	if (!d->eps) {
		d->oom = true;
		return;
	}
	for (size_t i = 0; i < w->nentrypoints; i++) {
		const struct pol_graph_why_entrypoint *e = &w->entrypoints[i];
		const char *E = sr_type(q, e->type);
		struct why_section *sec = &d->eps[d->neps++];

		sec->entrypoint = true;
		sec->name = E;
		sec->excluded = e->excluded;
		why_add(d, sec, WHY_PRESENT, e->execute);
		why_add(d, sec, WHY_PRESENT, e->entrypoint);
		why_add(d, sec, WHY_PRESENT, e->type_transition);
		/* sedta counts a type_transition to any domain; the kernel
		 * goes where it leads */
		why_add(d, sec, q->exact ? WHY_NOT_COUNTED : WHY_PRESENT, e->type_transition_other);
		why_add(d, sec, WHY_DISABLED, e->disabled);
		if (why_empty(e->execute))
			why_missing(d, sec, "allow %s %s:file execute;", S, E);
		if (why_empty(e->entrypoint))
			why_missing(d, sec, "allow %s %s:file entrypoint;", T, E);
		if (why_empty(e->type_transition) && !sum->setexec && !sum->named)
			why_missing(d, sec, "type_transition %s %s:process %s;", S, E, T);
	}
}

/* The dynamic transition: dyntransition and setcurrent. */
static void why_dyn(struct sr_query *q, const struct pol_graph_why *w, struct why_doc *d)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);
	struct why_section *dyn = &d->dyn;

	why_add(d, dyn, WHY_PRESENT, w->dyntransition);
	why_add(d, dyn, WHY_PRESENT, w->setcurrent);
	why_add(d, dyn, WHY_NOT_COUNTED, w->setcurrent_other);
	if (why_empty(w->dyntransition))
		why_missing(d, dyn, "allow %s %s:process dyntransition;", S, T);
	if (why_empty(w->setcurrent))
		why_missing(d, dyn, "allow %s %s:process setcurrent;", S, S);
}

/* What removes the transition besides the rules: the same type,
 * exclusions, the roles. */
static void why_notes(struct sr_query *q, const struct pol_graph_why *w, struct why_doc *d)
{
	if (q->s == q->t)
		why_push(d, &d->notes, strdup("a type never transitions to itself"));
	if (w->excluded_s)
		why_push(d, &d->notes, strdup("the source is excluded"));
	if (w->excluded_t)
		why_push(d, &d->notes, strdup("the target is excluded"));
	if (!pol_graph_role_allows(q->g, q->t)) {
		char *note = NULL;

		if (asprintf(&note, "no role that %s can reach%s%s is authorised for %s",
			     q->user ? q->user : q->role, q->user && q->role ? " from " : "",
			     q->user && q->role ? q->role : "", sr_type(q, q->t)) < 0)
			note = NULL;
		why_push(d, &d->notes, note);
	}
	if (!w->edge && (w->exec_ok || w->dyn_ok) && pol_graph_role_allows(q->g, q->t))
		why_push(d, &d->notes,
			 strdup("the rules are there; exclusions remove the transition"));
}

static struct json_object *why_json_strings(const struct why_strings *l)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; a && i < l->n; i++)
		json_object_array_add(a, json_object_new_string(l->v[i]));
	return a;
}

static struct json_object *why_json_section(const struct why_section *sec)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	if (sec->entrypoint)
		pol_json_add_str(o, "name", sec->name);
	for (int i = 0; i < WHY_EXCLUDED; i++)
		json_object_object_add(o, why_keys[i], why_json_strings(&sec->list[i]));
	if (sec->exec)
		json_object_object_add(o, why_keys[WHY_EXCLUDED],
				       why_json_strings(&sec->list[WHY_EXCLUDED]));
	if (sec->entrypoint)
		json_object_object_add(o, "excluded", json_object_new_boolean(sec->excluded));
	return o;
}

/* The explanation as one JSON document; false when out of memory. */
static bool why_print_json(struct sr_query *q, bool edge, const struct why_doc *d)
{
	struct json_object *doc = pol_json_document("sereach"), *eps = json_object_new_array();

	if (!doc || !eps) {
		json_object_put(doc);
		json_object_put(eps);
		return false;
	}
	pol_json_add_str(doc, "source", sr_type(q, q->s));
	pol_json_add_str(doc, "target", sr_type(q, q->t));
	json_object_object_add(doc, "exact", json_object_new_boolean(q->exact));
	json_object_object_add(doc, "exists", json_object_new_boolean(edge));
	json_object_object_add(doc, "exec_transition", why_json_section(&d->exec));
	for (size_t i = 0; i < d->neps; i++)
		json_object_array_add(eps, why_json_section(&d->eps[i]));
	json_object_object_add(doc, "entrypoints", eps);
	json_object_object_add(doc, "dyntransition", why_json_section(&d->dyn));
	json_object_object_add(doc, "notes", why_json_strings(&d->notes));
	pol_json_print(stdout, doc, 1);
	json_object_put(doc);
	return true;
}

static void why_print_list(const struct why_section *sec, enum why_list list, const char *label,
			   const char *why)
{
	for (size_t i = 0; i < sec->list[list].n; i++)
		printf("\t%s: %s%s\n", label, sec->list[list].v[i], why);
}

static void why_print_section(const struct why_section *sec, const char *title, const char *other)
{
	printf("\n%s:\n", title);
	why_print_list(sec, WHY_PRESENT, "present", "");
	why_print_list(sec, WHY_NOT_COUNTED, "not counted", other);
	why_print_list(sec, WHY_DISABLED, "off", " (boolean state)");
	for (size_t i = 0; i < sec->list[WHY_EXCLUDED].n; i++)
		printf("\texcluded: entrypoint %s exists but is excluded\n",
		       sec->list[WHY_EXCLUDED].v[i]);
	why_print_list(sec, WHY_MISSING, "missing", "");
}

/* The explanation as text: the notes, then each section. */
static void why_print_text(struct sr_query *q, bool edge, const struct why_doc *d)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);
	char other[256];

	if (edge) {
		printf("Domain transition %s -> %s exists.\n", S, T);
		return;
	}
	printf("No domain transition from %s to %s%s.\n", S, T, q->exact ? " (--exact)" : "");
	for (size_t i = 0; i < d->notes.n; i++)
		printf("Note: %s.\n", d->notes.v[i]);
	if (q->s == q->t)
		return;
	snprintf(other, sizeof(other), " (not on %s itself)", S);
	why_print_section(&d->exec, "Exec transition", other);
	for (size_t i = 0; i < d->neps; i++) {
		char title[512];

		snprintf(title, sizeof(title), "Entrypoint %s%s", d->eps[i].name,
			 d->eps[i].excluded ? " (excluded)" : "");
		why_print_section(&d->eps[i], title, " (leads to another domain)");
	}
	why_print_section(&d->dyn, "Dynamic transition", other);
}

/* Why there is (or is not) a transition s -> t: the explanation built from
 * struct pol_graph_why, printed as text or JSON. Returns the exit status. */
static int why_not(struct sr_query *q)
{
	struct pol_graph_why w;
	struct why_entrypoints sum;
	struct why_doc d = {0};
	int status;

	if (pol_graph_why(q->g, q->s, q->t, &w) < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return EXIT_ENV;
	}
	why_summarise(&w, &sum);
	why_exec(q, &w, &sum, &d);
	why_entrypoints(q, &w, &sum, &d);
	why_dyn(q, &w, &d);
	why_notes(q, &w, &d);
	status = w.edge ? EXIT_OK : EXIT_NOMATCH;
	if (!d.oom && q->json)
		d.oom = !why_print_json(q, w.edge, &d);
	else if (!d.oom)
		why_print_text(q, w.edge, &d);
	if (d.oom) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		status = EXIT_ENV;
	}
	why_doc_release(&d);
	pol_graph_why_release(&w);
	return status;
}

const struct sr_text sr_dta_text = {"Transition", "Domain transition path", "", print_transition};

int sereach_dta(void *ctx, int argc, char **argv)
{
	static struct sr_query q;
	struct pol_graph_opts opts = {0};
	struct pol_err err;
	unsigned int flags;
	long rc = 0;
	int status;

	(void)ctx;
	q.text = &sr_dta_text;
	status = sr_parse(sereach_dta_options, usage, argc, argv, &q);
	if (status >= 0)
		return sr_finish(&q, status);
	if ((status = sr_open(&q)))
		return sr_finish(&q, status);
	opts.exclude = q.exclude_v;
	opts.nexclude = q.nexclude;
	opts.bool_mode = q.bool_mode;
	opts.bool_values = q.bool_values;
	opts.exact = q.exact;
	opts.role = q.role;
	opts.user = q.user;
	pol_err_init(&err);
	if ((rc = pol_graph_dta(q.pdb, &opts, &q.g, &err)) < 0) {
		status = cli_report(&err, (int)rc);
		pol_err_release(&err);
		return sr_finish(&q, status);
	}
	pol_err_release(&err);
	flags = q.reverse ? POL_GRAPH_REVERSE : 0;
	if (q.why_not) {
		/* sr_finish() prints nothing for a status other than 0 */
		status = why_not(&q);
		sr_finish(&q, EXIT_NOMATCH);
		return status;
	}
	if (q.shortest)
		rc = pol_graph_shortest_paths(q.g, q.s, q.t, flags, sr_on_path, &q);
	else if (q.all_paths)
		rc = pol_graph_all_paths(q.g, q.s, q.t, (unsigned int)q.all_paths, flags,
					 sr_on_path, &q);
	else
		pol_graph_neighbours(q.g, q.s, flags, sr_on_step, &q);
	if (rc < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return sr_finish(&q, EXIT_ENV);
	}
	if (!q.json && !q.dot)
		printf(q.target ? "\n%ld domain transition path(s) found.\n"
				: "\n%ld domain transition(s) found.\n",
		       q.found);
	return sr_finish(&q, EXIT_OK);
}
