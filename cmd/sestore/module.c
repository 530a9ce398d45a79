/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sestore module: semodule's -i -r -d -e -X -l, every action of one command
 * line in one transaction (one rebuild of the policy), through the same
 * path as module lines of sestore apply.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refpolicy/refpolicy.h"
#include "store/apply.h"
#include "util/json.h"

#include "cli.h"
#include "sestore.h"
#include "workdir.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_VALUE('i', "install", "FILE", "install a module (.pp, .cil, or .te built with\n"
					  "its .if and .fc beside it); repeatable"),
	CLI_VALUE('r', "remove", "NAME", "remove a module (absent already: no change)"),
	CLI_VALUE('d', "disable", "NAME", "disable a module"),
	CLI_VALUE('e', "enable", "NAME", "enable a module"),
	CLI_VALUE('X', "priority", "N", "the priority of the -i, -r and -E after it (1-999;\n"
					"default 400, -E: the highest installed)"),
	CLI_VALUE('E', "extract", "NAME", "write the module as NAME.pp (its language) or\n"
					  "NAME.cil in the current directory, never over\n"
					  "an existing file; repeatable"),
	CLI_FLAG('c', "cil", "the -E after it write CIL"),
	CLI_FLAG('H', "hll", "the -E after it write the module's own language\n"
			     "(the default)"),
	CLI_OPTIONAL('l', "list-modules", "full", "list the modules (full: every priority,\n"
						  "language and state)"),
	CLI_GROUP(sestore_common_options),
	CLI_END,
};
// clang-format on

static int usage(void)
{
	fputs("Usage:\n"
	      " sestore module [options] -i FILE | -r NAME | -d NAME | -e NAME ...\n"
	      " sestore module [options] -l[full]\n"
	      " sestore module [options] [-X N] [-c|-H] -E NAME ...\n"
	      "\n"
	      "Install, remove, enable or disable modules as semodule does, every action of\n"
	      "the command line in one transaction (one rebuild of the policy); list them,\n"
	      "or extract them into the current directory.\n"
	      "\n",
	      stdout);
	cli_print_options(options);
	fputs("\nSee sestore(1).\n", stdout);
	return EXIT_OK;
}

static int add(struct pol_store_changes *l, enum pol_store_apply_op op, const char *name,
	       const char *prio, unsigned int n)
{
	struct pol_store_change *ch;

	if (!(ch = realloc(l->v, (l->n + 1) * sizeof(*ch))))
		return -ENOMEM;
	l->v = ch;
	ch = &l->v[l->n];
	memset(ch, 0, sizeof(*ch));
	ch->kind = POL_STORE_APPLY_MODULE;
	ch->op = op;
	ch->value = -1;
	ch->line = ch->col = n; /* the argument's position, for messages */
	if (!(ch->f[POL_STORE_APPLY_NAME].str = strdup(name)) ||
	    (prio && !(ch->f[POL_STORE_APPLY_PRIORITY].str = strdup(prio)))) {
		free(ch->f[POL_STORE_APPLY_NAME].str);
		return -ENOMEM;
	}
	l->n++;
	return 0;
}

/* One -E, at -X's priority (validated here: -E has no apply line to check
 * it) or 0, the highest installed. Returns 0, -ENOMEM or EXIT_USAGE. */
static int add_extract(struct sestore_extract **x, size_t *n, const char *name, const char *prio,
		       bool cil)
{
	struct sestore_extract *v;
	unsigned long p = 0;
	char *end = NULL;

	if (prio) {
		errno = 0;
		p = strtoul(prio, &end, 10);
		if (errno || end == prio || *end || *prio == '-' || !p || p > 999)
			return cli_usage_error("invalid priority '%s': a number from 1 to 999",
					       prio);
	}
	if (!(v = realloc(*x, (*n + 1) * sizeof(*v))))
		return -ENOMEM;
	*x = v;
	v[*n] = (struct sestore_extract){.name = name, .prio = (unsigned int)p, .cil = cil};
	(*n)++;
	return 0;
}

static void release(struct pol_store_changes *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].f[POL_STORE_APPLY_NAME].str);
		free(l->v[i].f[POL_STORE_APPLY_PRIORITY].str);
	}
	free(l->v);
}

static int list(struct sestore *sc, bool full)
{
	struct pol_store_module *m = NULL;
	struct pol_store *st;
	struct pol_err err;
	size_t n = 0;
	int status, rc;

	if ((status = sestore_open(sc, 0, &st)))
		return status;
	sestore_err_init(sc, &err);
	rc = pol_store_module_list(st, &m, &n, &err);
	if (rc == 0 && sc->json) {
		struct json_object *doc = pol_json_document("sestore"),
				   *a = json_object_new_array();

		pol_json_add_str(doc, "command", "module");
		for (size_t i = 0; i < n; i++) {
			struct json_object *o = json_object_new_object();

			pol_json_add_str(o, "name", m[i].name);
			json_object_object_add(o, "priority",
					       json_object_new_int((int)m[i].priority));
			pol_json_add_str(o, "lang", m[i].lang);
			json_object_object_add(o, "enabled", json_object_new_boolean(m[i].enabled));
			json_object_array_add(a, o);
		}
		json_object_object_add(doc, "modules", a);
		pol_json_print(stdout, doc, 1);
		json_object_put(doc);
	} else if (rc == 0 && !sc->quiet) {
		/* semodule -lfull's columns: the names as wide as the longest, then
		 * "LANG STATE" as wide as the longest of those */
		int nw = 0, tw = 0;

		for (size_t i = 0; i < n; i++) {
			int t = (int)strlen(m[i].lang) + 1 + (m[i].enabled ? 0 : 8);

			nw = (int)strlen(m[i].name) > nw ? (int)strlen(m[i].name) : nw;
			tw = t > tw ? t : tw;
		}
		for (size_t i = 0; i < n; i++) {
			char tail[64];

			snprintf(tail, sizeof(tail), "%s %s", m[i].lang,
				 m[i].enabled ? "" : "disabled");
			/* semodule -l: each enabled module once, at its highest priority */
			if (full)
				printf("%03u %-*s %-*s\n", m[i].priority, nw, m[i].name, tw, tail);
			else if (m[i].enabled && (!i || strcmp(m[i - 1].name, m[i].name)))
				printf("%s\n", m[i].name);
		}
	}
	pol_store_modules_free(m, n);
	pol_store_free(st);
	return sestore_report(sc, &err, rc);
}

int sestore_module(void *ctx, int argc, char **argv)
{
	struct sestore *sc = ctx;
	struct cli_getopt g = CLI_GETOPT_INIT(options, "");
	struct pol_store_changes l = {.file = (char *)"sestore module"};
	struct pol_store_apply_report rep = {0};
	struct sestore_extract *x = NULL;
	size_t nx = 0;
	const char *prio = NULL;
	bool listing = false, full = false, cil = false;
	struct pol_store *st;
	struct pol_err err;
	int c, rc = 0, status;

	while ((c = sestore_getopt(sc, &g, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			return usage();
		case 'X':
			prio = optarg;
			break;
		case 'c':
		case 'H':
			cil = c == 'c';
			break;
		case 'E':
			rc = add_extract(&x, &nx, optarg, prio, cil);
			break;
		case 'l':
			listing = true;
			full = optarg && !strcmp(optarg, "full");
			break;
		case 'i':
		case 'r':
		case 'd':
		case 'e':
			rc = add(&l,
				 c == 'i'   ? POL_STORE_APPLY_ADD
				 : c == 'r' ? POL_STORE_APPLY_DELETE
				 : c == 'd' ? POL_STORE_APPLY_DISABLE
					    : POL_STORE_APPLY_ENABLE,
				 optarg, c == 'i' || c == 'r' ? prio : NULL, (unsigned int)optind);
			break;
		default:
			rc = EXIT_USAGE;
			break;
		}
		if (rc)
			break;
	}
	if (rc == 0 && nx && (listing || l.n))
		rc = cli_usage_error("-E takes no -i, -r, -d, -e or -l beside it");
	if (rc == EXIT_USAGE || (rc == 0 && optind != argc) ||
	    (rc == 0 && !listing && !l.n && !nx)) {
		release(&l);
		free(x);
		return rc == EXIT_USAGE ? rc
		       : optind != argc ? cli_usage_error("unexpected argument '%s'", argv[optind])
					: cli_usage_error("give -i, -r, -d, -e, -E or -l");
	}
	if (nx) {
		status = rc < 0 ? cli_exit_for(rc) : sestore_module_extract(sc, x, nx);
		free(x);
		return status;
	}
	if (listing && !l.n)
		return list(sc, full);
	status = rc < 0 ? cli_exit_for(rc) : sestore_open(sc, 0, &st);
	if (status == EXIT_OK) {
		/* a .te's m4 runs in a work directory a signal removes */
		struct pol_refpolicy_opts ro = {.on_file = cli_workdir_file,
						.on_child = cli_workdir_child};
		struct cli_workdir *w = NULL;

		sestore_err_init(sc, &err);
		rc = cli_workdir_open("sestore", &w, &err);
		if (rc == 0) {
			ro.workdir = cli_workdir_path(w);
			ro.hook_data = w;
			pol_store_set_refpolicy(st, &ro);
			rc = pol_store_apply(st, &l, &rep, &err);
			pol_store_set_refpolicy(st, NULL);
		}
		cli_workdir_close(w);
		if (rc == 0 && sc->verbose)
			fprintf(stderr, "%s: %zu module change(s)%s\n", cli_name(), rep.n,
				rep.n ? ", committed" : ": nothing to do, no transaction");
		status = sestore_report(sc, &err, rc);
		/* a module's .fc changes file contexts too */
		if (status == EXIT_OK && sc->relabel)
			status = sestore_relabel(sc, st, NULL);
		pol_store_free(st);
	}
	pol_store_apply_report_release(&rep);
	release(&l);
	if (status == EXIT_OK && listing)
		return list(sc, full);
	return status;
}
