/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach dta: sedta's command line and output (setools 4.4.1): transitions
 * out of (or, with -r, into) a type, all shortest paths or all paths up to
 * N steps between two types; --full prints the rules of each transition.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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

/* A section of the explanation: the rules present, those that do not count
 * (and why), those a boolean turned off, and the rules missing. */
static struct json_object *why_section(const char *name)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	if (name)
		pol_json_add_str(o, "name", name);
	json_object_object_add(o, "present", json_object_new_array());
	json_object_object_add(o, "not_counted", json_object_new_array());
	json_object_object_add(o, "disabled", json_object_new_array());
	json_object_object_add(o, "missing", json_object_new_array());
	return o;
}

static void why_add(struct json_object *sec, const char *list, char **rules)
{
	struct json_object *a = json_object_object_get(sec, list);

	for (size_t i = 0; a && rules && rules[i]; i++)
		json_object_array_add(a, json_object_new_string(rules[i]));
}

static void why_add_one(struct json_object *sec, const char *list, const char *item)
{
	struct json_object *a = json_object_object_get(sec, list);

	if (a)
		json_object_array_add(a, json_object_new_string(item));
}

static void why_missing(struct json_object *sec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void why_missing(struct json_object *sec, const char *fmt, ...)
{
	char *rule = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&rule, fmt, ap) < 0)
		rule = NULL;
	va_end(ap);
	if (rule)
		why_add_one(sec, "missing", rule);
	free(rule);
}

static void why_print_list(struct json_object *sec, const char *list, const char *label,
			   const char *why)
{
	struct json_object *a = json_object_object_get(sec, list);

	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		printf("\t%s: %s%s\n", label,
		       json_object_get_string(json_object_array_get_idx(a, i)), why);
}

static void why_print(struct json_object *sec, const char *title, const char *other)
{
	struct json_object *ex = json_object_object_get(sec, "excluded_entrypoints");

	printf("\n%s:\n", title);
	why_print_list(sec, "present", "present", "");
	why_print_list(sec, "not_counted", "not counted", other);
	why_print_list(sec, "disabled", "off", " (boolean state)");
	for (size_t i = 0; ex && i < json_object_array_length(ex); i++)
		printf("\texcluded: entrypoint %s exists but is excluded\n",
		       json_object_get_string(json_object_array_get_idx(ex, i)));
	why_print_list(sec, "missing", "missing", "");
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
		     const struct why_entrypoints *sum, struct json_object *exec)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);

	why_add(exec, "present", w->transition);
	why_add(exec, "present", w->setexec);
	why_add(exec, "not_counted", w->setexec_other);
	why_add(exec, "disabled", w->disabled);
	if (why_empty(w->transition))
		why_missing(exec, "allow %s %s:process transition;", S, T);
	/* an entrypoint the user excluded is named, not reported missing:
	 * its rules are there, the exclusion is what removes it */
	json_object_object_add(exec, "excluded_entrypoints", json_object_new_array());
	for (size_t i = 0; i < w->nentrypoints; i++) {
		const struct pol_graph_why_entrypoint *e = &w->entrypoints[i];
		bool both = !why_empty(e->execute) && !why_empty(e->entrypoint);

		if (e->excluded && ((!sum->usable && both) || (!sum->setexec && !sum->named_any &&
							       !why_empty(e->type_transition))))
			why_add_one(exec, "excluded_entrypoints", sr_type(q, e->type));
	}
	if (!sum->usable && !sum->excluded)
		why_missing(exec,
			    "an entrypoint E of %s executable by %s: allow %s E:file entrypoint; "
			    "allow %s E:file execute;",
			    T, S, T, S);
	if (!sum->setexec && !sum->named_any && !sum->excluded_named)
		why_missing(exec,
			    "allow %s %s:process setexec; or type_transition %s E:process %s; "
			    "for an entrypoint E",
			    S, S, S, T);
}

/* One section per entrypoint of the target. */
static void why_entrypoints(struct sr_query *q, const struct pol_graph_why *w,
			    const struct why_entrypoints *sum, struct json_object *eps)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);

	for (size_t i = 0; i < w->nentrypoints; i++) {
		const struct pol_graph_why_entrypoint *e = &w->entrypoints[i];
		const char *E = sr_type(q, e->type);
		struct json_object *sec = why_section(E);

		if (!sec)
			continue;
		json_object_object_add(sec, "excluded", json_object_new_boolean(e->excluded));
		why_add(sec, "present", e->execute);
		why_add(sec, "present", e->entrypoint);
		why_add(sec, "present", e->type_transition);
		/* sedta counts a type_transition to any domain; the kernel
		 * goes where it leads */
		why_add(sec, q->exact ? "not_counted" : "present", e->type_transition_other);
		why_add(sec, "disabled", e->disabled);
		if (why_empty(e->execute))
			why_missing(sec, "allow %s %s:file execute;", S, E);
		if (why_empty(e->entrypoint))
			why_missing(sec, "allow %s %s:file entrypoint;", T, E);
		if (why_empty(e->type_transition) && !sum->setexec && !sum->named)
			why_missing(sec, "type_transition %s %s:process %s;", S, E, T);
		json_object_array_add(eps, sec);
	}
}

/* The dynamic transition: dyntransition and setcurrent. */
static void why_dyn(struct sr_query *q, const struct pol_graph_why *w, struct json_object *dyn)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);

	why_add(dyn, "present", w->dyntransition);
	why_add(dyn, "present", w->setcurrent);
	why_add(dyn, "not_counted", w->setcurrent_other);
	if (why_empty(w->dyntransition))
		why_missing(dyn, "allow %s %s:process dyntransition;", S, T);
	if (why_empty(w->setcurrent))
		why_missing(dyn, "allow %s %s:process setcurrent;", S, S);
}

/* What removes the transition besides the rules: the same type,
 * exclusions, the roles. */
static void why_notes(struct sr_query *q, const struct pol_graph_why *w, struct json_object *notes)
{
	if (q->s == q->t)
		json_object_array_add(notes,
				      json_object_new_string("a type never transitions to itself"));
	if (w->excluded_s)
		json_object_array_add(notes, json_object_new_string("the source is excluded"));
	if (w->excluded_t)
		json_object_array_add(notes, json_object_new_string("the target is excluded"));
	if (!pol_graph_role_allows(q->g, q->t)) {
		char note[1024];

		snprintf(note, sizeof(note), "no role that %s can reach%s%s is authorised for %s",
			 q->user ? q->user : q->role, q->user && q->role ? " from " : "",
			 q->user && q->role ? q->role : "", sr_type(q, q->t));
		json_object_array_add(notes, json_object_new_string(note));
	}
	if (!w->edge && (w->exec_ok || w->dyn_ok) && pol_graph_role_allows(q->g, q->t))
		json_object_array_add(notes,
				      json_object_new_string(
					  "the rules are there; exclusions remove the transition"));
}

/* The explanation as text: the notes, then each section. */
static void why_print_text(struct sr_query *q, bool edge, struct json_object *exec,
			   struct json_object *eps, struct json_object *dyn,
			   struct json_object *notes)
{
	const char *S = sr_type(q, q->s), *T = sr_type(q, q->t);
	char other[256];

	if (edge) {
		printf("Domain transition %s -> %s exists.\n", S, T);
		return;
	}
	printf("No domain transition from %s to %s%s.\n", S, T, q->exact ? " (--exact)" : "");
	for (size_t i = 0; i < json_object_array_length(notes); i++)
		printf("Note: %s.\n", json_object_get_string(json_object_array_get_idx(notes, i)));
	if (q->s == q->t)
		return;
	snprintf(other, sizeof(other), " (not on %s itself)", S);
	why_print(exec, "Exec transition", other);
	for (size_t i = 0; i < json_object_array_length(eps); i++) {
		struct json_object *sec = json_object_array_get_idx(eps, i);
		char title[512];

		snprintf(title, sizeof(title), "Entrypoint %s%s",
			 json_object_get_string(json_object_object_get(sec, "name")),
			 json_object_get_boolean(json_object_object_get(sec, "excluded"))
			     ? " (excluded)"
			     : "");
		why_print(sec, title, " (leads to another domain)");
	}
	why_print(dyn, "Dynamic transition", other);
}

/* The explanation of s -> t as one JSON object (printed as text unless
 * --json). Returns the exit status. */
static int why_not(struct sr_query *q)
{
	struct pol_graph_why w;
	struct why_entrypoints sum;
	struct json_object *doc, *exec, *dyn, *eps, *notes;
	int status;

	if (pol_graph_why(q->g, q->s, q->t, &w) < 0) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return EXIT_ENV;
	}
	doc = pol_json_document("sereach");
	exec = why_section(NULL);
	dyn = why_section(NULL);
	eps = json_object_new_array();
	notes = json_object_new_array();
	if (!doc || !exec || !dyn || !eps || !notes) {
		json_object_put(doc);
		json_object_put(exec);
		json_object_put(dyn);
		json_object_put(eps);
		json_object_put(notes);
		pol_graph_why_release(&w);
		fprintf(stderr, "%s: out of memory\n", cli_name());
		return EXIT_ENV;
	}
	why_summarise(&w, &sum);
	why_exec(q, &w, &sum, exec);
	why_entrypoints(q, &w, &sum, eps);
	why_dyn(q, &w, dyn);
	why_notes(q, &w, notes);
	pol_json_add_str(doc, "source", sr_type(q, q->s));
	pol_json_add_str(doc, "target", sr_type(q, q->t));
	json_object_object_add(doc, "exact", json_object_new_boolean(q->exact));
	json_object_object_add(doc, "exists", json_object_new_boolean(w.edge));
	json_object_object_add(doc, "exec_transition", exec);
	json_object_object_add(doc, "entrypoints", eps);
	json_object_object_add(doc, "dyntransition", dyn);
	json_object_object_add(doc, "notes", notes);
	if (q->json)
		pol_json_print(stdout, doc, 1);
	else
		why_print_text(q, w.edge, exec, eps, dyn, notes);
	status = w.edge ? EXIT_OK : EXIT_NOMATCH;
	json_object_put(doc);
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
