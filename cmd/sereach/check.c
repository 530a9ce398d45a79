/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sereach check FILE: reachability assertions for CI, one a line.
 *
 *   [no] transition [path] from TYPE to TYPE [clauses]
 *   [no] flow [path] from TYPE to TYPE [clauses]
 *
 * clauses: "with weight >= N" (flows), "within N steps", "excluding TYPE...",
 * "exact" (transitions), "booleans STATE". '#' starts a comment. The whole
 * file is read and checked against the policy before any search, so a
 * malformed file fails (exit 2, FILE:LINE:COL) without a partial verdict;
 * then each assertion is searched, and each violated one printed with the
 * path that breaks it (exit 1). Graphs are built once per distinct set of
 * options.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "util/json.h"

#include "cli.h"
#include "sereach.h"

// clang-format off
const struct cli_option sereach_check_options[] = {
	SR_OPT_POLICY,
	CLI_VALUE('m', "map", "FILE", "permission map of flow assertions (default: sekit's)"),
	CLI_VALUE('w', "min_weight", "N", "minimum permission weight of a flow step, 1-10\n(default 3; a line's 'with weight >= N' wins)"),
	CLI_VALUE(OPT_BOOLEANS, "booleans", "STATE", "evaluate conditionals: default, current or\nNAME=on,NAME=off... (a line's 'booleans' wins)"),
	CLI_FLAG(OPT_EXACT, "exact", "transitions with kernel semantics (as dta --exact)"),
	CLI_FLAG(OPT_FULL, "full", "print the rules of each step of a violating path"),
	CLI_FLAG('v', "verbose", "also list the assertions that hold"),
	SR_OPT_ANSWER,
};
// clang-format on

enum kind { K_TRANSITION, K_FLOW };

struct assertion {
	unsigned int line;
	char *text; /* the line without its comment, trimmed */
	bool negated;
	enum kind kind;
	uint32_t s, t;
	long min_weight; /* 0: the command line's */
	long within;	 /* 0: any number of steps */
	bool exact;
	char *booleans;	   /* NULL: the command line's */
	uint32_t *exclude; /* sorted */
	size_t nexclude;
};

struct check {
	const char *file; /* as printed: "<stdin>" for - */
	struct pol_pdb *pdb;
	struct pol_permmap *map;
	/* the command line's: policy, map, booleans, min_weight, exact, full,
	 * verbose, quiet, json */
	struct sr_query opt;
	struct assertion *a;
	size_t n, alloc;
	struct cached {
		enum kind kind;
		bool exact;
		const char *booleans;
		unsigned int min_weight;
		const uint32_t *exclude;
		size_t nexclude;
		struct pol_graph *g;
		struct cached *next;
	} * graphs;
};

/* ---- reading ------------------------------------------------------------- */

struct tok {
	char *s;
	unsigned int col;
};

struct line {
	struct check *c;
	unsigned int no;
	struct tok *t;
	size_t n, i;
	unsigned int end_col; /* where "end of line" is reported */
	struct pol_err *err;
	bool bad;
};

/* Words separated by blanks; ">=" is a word of its own wherever it is. */
static int tokenize(struct line *l, const char *text)
{
	size_t alloc = 0;
	const char *p = text;

	while (*p) {
		const char *start;
		size_t len;

		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		start = p;
		if (p[0] == '>' && p[1] == '=')
			p += 2;
		else
			while (*p && *p != ' ' && *p != '\t' && !(p[0] == '>' && p[1] == '='))
				p++;
		len = (size_t)(p - start);
		if (l->n == alloc) {
			struct tok *t;

			alloc = alloc ? alloc * 2 : 8;
			t = realloc(l->t, alloc * sizeof(*t));
			if (!t)
				return -ENOMEM;
			l->t = t;
		}
		l->t[l->n].s = strndup(start, len);
		if (!l->t[l->n].s)
			return -ENOMEM;
		l->t[l->n++].col = (unsigned int)(start - text) + 1;
	}
	l->end_col = (unsigned int)(p - text) + 1;
	return 0;
}

static void line_error(struct line *l, unsigned int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void line_error(struct line *l, unsigned int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pol_err_vadd(l->err, POL_SEV_ERROR, POL_EFORMAT, l->c->file, l->no, col, fmt, ap);
	va_end(ap);
	l->bad = true;
}

static const char *peek(const struct line *l)
{
	return l->i < l->n ? l->t[l->i].s : NULL;
}

static unsigned int col_here(const struct line *l)
{
	return l->i < l->n ? l->t[l->i].col : l->end_col;
}

static bool accept(struct line *l, const char *word)
{
	if (l->i < l->n && strcmp(l->t[l->i].s, word) == 0) {
		l->i++;
		return true;
	}
	return false;
}

static bool expect(struct line *l, const char *word)
{
	if (accept(l, word))
		return true;
	if (peek(l))
		line_error(l, col_here(l), "expected '%s', found '%s'", word, peek(l));
	else
		line_error(l, col_here(l), "expected '%s' at the end of the line", word);
	return false;
}

/* The diagnostics of err, located at l's line and col. */
static void relocate(struct line *l, unsigned int col, const struct pol_err *from)
{
	for (size_t i = 0; i < from->count; i++) {
		const struct pol_diag *d = &from->diags[i];

		pol_err_add(l->err, d->severity, d->code, l->c->file, l->no, col, "%s", d->message);
	}
	l->bad = true;
}

/* A type (or, with attr_ok, an attribute) of the policy. */
static bool type_word(struct line *l, const char *what, bool attr_ok, uint32_t *v)
{
	const char *name = peek(l);
	unsigned int col = col_here(l);
	struct pol_err e;

	if (!name) {
		line_error(l, col, "expected %s at the end of the line", what);
		return false;
	}
	l->i++;
	*v = pol_graph_type_value(l->c->pdb, name);
	if (!*v) {
		pol_err_init(&e);
		pol_pdb_unknown(l->c->pdb, POL_SYM_TYPE, name, &e);
		relocate(l, col, &e);
		pol_err_release(&e);
		return false;
	}
	if (!attr_ok && pol_graph_is_attribute(l->c->pdb, *v)) {
		line_error(l, col, "'%s' is an attribute, not a type", name);
		return false;
	}
	return true;
}

static bool number_word(struct line *l, const char *what, long lo, long hi, long *out)
{
	const char *w = peek(l);
	char *end;

	if (!w) {
		line_error(l, col_here(l), "expected %s at the end of the line", what);
		return false;
	}
	errno = 0;
	*out = strtol(w, &end, 10);
	if (!*w || *end || errno || *out < lo || *out > hi) {
		line_error(l, col_here(l), "expected %s (%ld-%ld), found '%s'", what, lo, hi, w);
		return false;
	}
	l->i++;
	return true;
}

static bool is_clause(const char *w)
{
	static const char *const words[] = {"with", "within", "excluding", "exact", "booleans"};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (strcmp(w, words[i]) == 0)
			return true;
	return false;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void clause_excluding(struct line *l, struct assertion *a)
{
	size_t alloc = 0;

	if (!peek(l) || is_clause(peek(l))) {
		line_error(l, col_here(l), "expected a type to exclude after 'excluding'");
		return;
	}
	while (peek(l) && !is_clause(peek(l))) {
		uint32_t v;

		if (a->nexclude == alloc) {
			uint32_t *x;

			alloc = alloc ? alloc * 2 : 4;
			x = realloc(a->exclude, alloc * sizeof(*x));
			if (!x) {
				line_error(l, col_here(l), "out of memory");
				return;
			}
			a->exclude = x;
		}
		if (type_word(l, "a type", true, &v))
			a->exclude[a->nexclude++] = v;
	}
	if (a->nexclude > 1)
		qsort(a->exclude, a->nexclude, sizeof(*a->exclude), cmp_u32);
}

static void clause_booleans(struct line *l, struct assertion *a)
{
	const char *spec = peek(l);
	unsigned int col = col_here(l);
	uint8_t *values = NULL;
	struct pol_err e;

	if (!spec || is_clause(spec)) {
		line_error(l, col, "expected default, current or NAME=on,... after 'booleans'");
		return;
	}
	l->i++;
	a->booleans = strdup(spec);
	if (!a->booleans) {
		line_error(l, col, "out of memory");
		return;
	}
	if (strcmp(spec, "current") == 0)
		return; /* read from the kernel when the graph is built */
	pol_err_init(&e);
	if (pol_graph_bools(l->c->pdb, spec, false, &values, &e) < 0)
		relocate(l, col, &e);
	pol_err_release(&e);
	free(values);
}

static void parse_clauses(struct line *l, struct assertion *a)
{
	bool seen_weight = false, seen_within = false;

	while (!l->bad && peek(l)) {
		unsigned int col = col_here(l);
		const char *w = peek(l);

		if (accept(l, "with")) {
			if (!expect(l, "weight") || !expect(l, ">="))
				return;
			if (a->kind != K_FLOW) {
				line_error(l, col, "'with weight' applies to flow assertions only");
				return;
			}
			if (seen_weight) {
				line_error(l, col, "'with weight' given twice");
				return;
			}
			seen_weight = true;
			number_word(l, "a weight", 1, 10, &a->min_weight);
		} else if (accept(l, "within")) {
			if (seen_within) {
				line_error(l, col, "'within' given twice");
				return;
			}
			seen_within = true;
			if (number_word(l, "a number of steps", 1, 1000000, &a->within) &&
			    !accept(l, "steps"))
				accept(l, "step");
		} else if (accept(l, "excluding")) {
			clause_excluding(l, a);
		} else if (accept(l, "exact")) {
			if (a->kind != K_TRANSITION) {
				line_error(l, col, "'exact' applies to transition assertions only");
				return;
			}
			a->exact = true;
		} else if (accept(l, "booleans")) {
			if (a->booleans) {
				line_error(l, col, "'booleans' given twice");
				return;
			}
			clause_booleans(l, a);
		} else {
			line_error(
			    l, col,
			    "unexpected '%s': expected 'with weight >= N', 'within N steps', "
			    "'excluding TYPE...', 'exact' or 'booleans STATE'",
			    w);
			return;
		}
	}
}

static void parse_assertion(struct line *l, struct assertion *a)
{
	unsigned int col;

	a->negated = accept(l, "no");
	col = col_here(l);
	if (accept(l, "transition") || accept(l, "transitions")) {
		a->kind = K_TRANSITION;
	} else if (accept(l, "flow") || accept(l, "flows")) {
		a->kind = K_FLOW;
	} else if (peek(l)) {
		line_error(l, col, "expected 'transition' or 'flow', found '%s'", peek(l));
		return;
	} else {
		line_error(l, col, "expected 'transition' or 'flow' at the end of the line");
		return;
	}
	if (!accept(l, "path"))
		accept(l, "paths");
	if (!expect(l, "from") || !type_word(l, "a source type", false, &a->s))
		return;
	if (!expect(l, "to"))
		return;
	col = col_here(l);
	if (!type_word(l, "a target type", false, &a->t))
		return;
	if (a->s == a->t) {
		line_error(l, col, "the source and the target are the same type");
		return;
	}
	parse_clauses(l, a);
}

/* The line without its comment and surrounding blanks, in place. */
static char *strip(char *s)
{
	char *hash = strchr(s, '#'), *end;

	if (hash)
		*hash = '\0';
	s[strcspn(s, "\r\n")] = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	return s;
}

static int add_line(struct check *c, unsigned int no, char *raw, struct pol_err *err)
{
	struct line l = {.c = c, .no = no, .err = err};
	unsigned int off;
	struct assertion *a;
	char *text = strip(raw);
	int rc;

	if (!*text)
		return 0;
	off = (unsigned int)(text - raw);
	if (c->n == c->alloc) {
		size_t alloc = c->alloc ? c->alloc * 2 : 16;

		a = realloc(c->a, alloc * sizeof(*a));
		if (!a)
			return -ENOMEM;
		c->a = a;
		c->alloc = alloc;
	}
	a = &c->a[c->n];
	memset(a, 0, sizeof(*a));
	a->line = no;
	if (!(a->text = strdup(text)) || (rc = tokenize(&l, a->text)) < 0) {
		rc = -ENOMEM;
		goto out;
	}
	/* columns of the raw line */
	for (size_t i = 0; i < l.n; i++)
		l.t[i].col += off;
	l.end_col += off;
	parse_assertion(&l, a);
	rc = 0;
out:
	for (size_t i = 0; i < l.n; i++)
		free(l.t[i].s);
	free(l.t);
	c->n++; /* freed with the others, even when malformed */
	return rc;
}

/* The whole file as text (binary or endless input refused at once), then
 * line by line. */
static int read_file(struct check *c, const char *path, struct pol_err *err)
{
	char *text, *line, *end;
	unsigned int no = 0;
	size_t len;
	int rc;

	rc = strcmp(path, "-") == 0 ? pol_read_text_fd(0, c->file, &text, &len, err)
				    : pol_read_text_path(path, &text, &len, err);
	if (rc < 0)
		return rc;
	for (line = text; rc >= 0 && line < text + len; line = end + 1) {
		end = memchr(line, '\n', (size_t)(text + len - line));
		if (!end)
			end = text + len;
		*end = '\0';
		rc = add_line(c, ++no, line, err);
	}
	free(text);
	if (rc < 0)
		return rc;
	return pol_err_errors(err) ? POL_EFORMAT : 0;
}

/* ---- checking ------------------------------------------------------------ */

static int get_graph(struct check *c, const struct assertion *a, struct pol_graph **out)
{
	const char *bools = a->booleans ? a->booleans : c->opt.booleans;
	unsigned int minw = (unsigned int)(a->min_weight ? a->min_weight : c->opt.min_weight);
	bool exact = a->exact || c->opt.exact;
	struct sr_query bq = {.pdb = c->pdb, .booleans = bools};
	struct pol_graph_opts opts = {0};
	struct cached *k;
	struct pol_err err;
	int rc, status;

	if (a->kind == K_TRANSITION)
		minw = 0;
	else
		exact = false;
	for (k = c->graphs; k; k = k->next)
		if (k->kind == a->kind && k->exact == exact && k->min_weight == minw &&
		    (k->booleans == bools ||
		     (k->booleans && bools && !strcmp(k->booleans, bools))) &&
		    k->nexclude == a->nexclude &&
		    (!a->nexclude ||
		     memcmp(k->exclude, a->exclude, a->nexclude * sizeof(*a->exclude)) == 0)) {
			*out = k->g;
			return 0;
		}
	if ((status = sr_booleans(&bq)))
		return status;
	opts.exclude = a->exclude;
	opts.nexclude = a->nexclude;
	opts.min_weight = minw;
	opts.bool_mode = bq.bool_mode;
	opts.bool_values = bq.bool_values;
	opts.exact = exact;
	k = calloc(1, sizeof(*k));
	if (!k) {
		free(bq.bool_values);
		return cli_exit_for(-ENOMEM);
	}
	pol_err_init(&err);
	if (a->kind == K_FLOW && !c->map)
		rc = pol_permmap_load(c->opt.map, &c->map, &err);
	else
		rc = 0;
	if (rc >= 0)
		rc = a->kind == K_FLOW ? pol_graph_flow(c->pdb, c->map, &opts, &k->g, &err)
				       : pol_graph_dta(c->pdb, &opts, &k->g, &err);
	free(bq.bool_values);
	if (rc < 0) {
		free(k);
		status = cli_report(&err, rc);
		pol_err_release(&err);
		return status;
	}
	pol_err_release(&err);
	*k = (struct cached){a->kind, exact, bools, minw, a->exclude, a->nexclude, k->g, c->graphs};
	c->graphs = k;
	*out = k->g;
	return 0;
}

struct found {
	uint32_t *path;
	size_t n;
};

static int keep_first(const uint32_t *path, size_t n, void *data)
{
	struct found *f = data;

	f->path = malloc(n * sizeof(*path));
	if (f->path) {
		memcpy(f->path, path, n * sizeof(*path));
		f->n = n;
	}
	return 1;
}

/* Print (or add to json) one assertion's verdict and its path. */
static void report_one(struct check *c, const struct assertion *a, struct pol_graph *g,
		       const struct found *f, bool holds, struct json_object *items)
{
	struct sr_query q = {
	    .text = a->kind == K_FLOW ? &sr_flow_text : &sr_dta_text,
	    .flow = a->kind == K_FLOW,
	    .target = "",
	    .full = c->opt.full,
	    .json = c->opt.json,
	    .limit = 1,
	    .pdb = c->pdb,
	    .g = g,
	};

	if (c->opt.json) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "line", json_object_new_int((int)a->line));
		pol_json_add_str(o, "assertion", a->text);
		pol_json_add_str(o, "kind", a->kind == K_FLOW ? "flow" : "transition");
		json_object_object_add(o, "negated", json_object_new_boolean(a->negated));
		pol_json_add_str(o, "source", sr_type(&q, a->s));
		pol_json_add_str(o, "target", sr_type(&q, a->t));
		json_object_object_add(o, "holds", json_object_new_boolean(holds));
		if (f->n) {
			q.json_items = json_object_new_array();
			sr_json_path(&q, f->path, f->n, false);
			json_object_object_add(
			    o, "path",
			    json_object_get(json_object_object_get(
				json_object_array_get_idx(q.json_items, 0), "path")));
			json_object_put(q.json_items);
		} else {
			json_object_object_add(o, "path", NULL);
		}
		json_object_array_add(items, o);
		return;
	}
	if (c->opt.quiet || (holds && !c->opt.verbose))
		return;
	printf("%s:%u: %s: %s\n", c->file, a->line, holds ? "holds" : "violated", a->text);
	if (!holds && f->n) {
		sr_on_path(f->path, f->n, &q);
		putchar('\n');
	} else if (!holds) {
		printf("No path found.\n\n");
	}
}

static int check_all(struct check *c)
{
	struct json_object *items = c->opt.json ? json_object_new_array() : NULL;
	size_t violated = 0;
	int status = EXIT_OK;

	for (size_t i = 0; i < c->n; i++) {
		const struct assertion *a = &c->a[i];
		struct pol_graph *g = NULL;
		struct found f = {0};
		long rc;
		int st;
		bool holds;

		if ((st = get_graph(c, a, &g))) {
			status = st > status ? st : status;
			continue;
		}
		rc = pol_graph_shortest_paths(g, a->s, a->t, 0, keep_first, &f);
		if (rc < 0 || (rc > 0 && !f.path)) {
			fprintf(stderr, "%s: out of memory\n", cli_name());
			status = EXIT_ENV;
			break;
		}
		if (a->within && f.n && f.n - 1 > (size_t)a->within) {
			free(f.path);
			f = (struct found){0};
		}
		holds = a->negated ? f.n == 0 : f.n != 0;
		/* a positive assertion that holds shows its path too */
		report_one(c, a, g, &f, holds, items);
		free(f.path);
		if (!holds)
			violated++;
	}
	if (status == EXIT_OK && violated)
		status = EXIT_NOMATCH;
	if (c->opt.json) {
		struct json_object *doc = pol_json_document("sereach");

		pol_json_add_str(doc, "file", c->file);
		json_object_object_add(doc, "assertions", items);
		json_object_object_add(doc, "count", json_object_new_int64((int64_t)c->n));
		json_object_object_add(doc, "violated", json_object_new_int64((int64_t)violated));
		pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	} else if (!c->opt.quiet && status <= EXIT_NOMATCH) {
		if (violated)
			printf("%zu of %zu assertions violated.\n", violated, c->n);
		else
			printf("All %zu assertions hold.\n", c->n);
	}
	return status;
}

static void check_free(struct check *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->a[i].text);
		free(c->a[i].exclude);
		free(c->a[i].booleans);
	}
	free(c->a);
	while (c->graphs) {
		struct cached *k = c->graphs;

		c->graphs = k->next;
		pol_graph_free(k->g);
		free(k);
	}
	pol_permmap_free(c->map);
	/* the policy is left to the kernel to reclaim, as sr_finish() does */
}

static const char usage[] =
    " sereach check [options] FILE|-\n"
    "\n"
    "Check reachability assertions, one a line, such as\n"
    "  no transition path from user_t to sysadm_t\n"
    "  no flow from shadow_t to user_t with weight >= 5\n"
    "Exit 0 when all hold, 1 listing each violated one with its path, 2 for a\n"
    "malformed file (FILE:LINE:COL).\n";

int sereach_check(void *ctx, int argc, char **argv)
{
	static struct check c;
	struct pol_err err;
	int rc, status;

	if ((status = sr_getopt(sereach_check_options, usage, argc, argv, &c.opt)) >= 0)
		return status;
	if (argc - optind != 1)
		return cli_usage_error(argc - optind ? "expected one FILE (or - for stdin)"
						     : "no assertion FILE given (- reads stdin)");
	c.file = strcmp(argv[optind], "-") == 0 ? "<stdin>" : argv[optind];
	pol_err_init(&err);
	rc = pol_pdb_open_default(c.opt.policy, &c.pdb, &err);
	if (rc >= 0 && (status = sr_refuse_inputs(c.pdb, c.opt.map, NULL, argv[optind]))) {
		pol_err_release(&err);
		check_free(&c);
		return status;
	}
	if (rc >= 0 && c.opt.booleans && strcmp(c.opt.booleans, "current") != 0) {
		uint8_t *values = NULL;

		rc = pol_graph_bools(c.pdb, c.opt.booleans, false, &values, &err);
		free(values);
	}
	if (rc >= 0)
		rc = read_file(&c, argv[optind], &err);
	if (rc < 0) {
		status = cli_report(&err, rc);
		pol_err_release(&err);
		check_free(&c);
		return status;
	}
	pol_err_release(&err);
	if (!c.n && !c.opt.quiet)
		fprintf(stderr, "%s: warning: %s: no assertions\n", cli_name(), c.file);
	status = check_all(&c);
	check_free(&c);
	return cli_finish_stdout(status);
}
