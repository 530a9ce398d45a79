/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * -R: the tool's side of libpolicy/refpolicy's interface database and
 * matching (sepolgen's, as audit2allow -R): the options, the permission
 * map (graph's reader; sepolgen's installed map when none is named), the
 * notes on stderr, and the replay's grants from a module's expansion.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "graph/graph.h"
#include "refpolicy/refpolicy.h"
#include "seallow.h"
#include "source/source.h"

#define SEPOLGEN_PERM_MAP "/var/lib/sepolgen/perm_map"

struct ifdb {
	struct pol_refpolicy_ifdb *db;
	struct pol_permmap *pm;
	const struct seallow_opts *o;
};

static void on_ifdb(const char *headers, const char *cache, bool build, void *data)
{
	const struct seallow_opts *o = data;

	if (!build && o->verbose_notes)
		fprintf(stderr, "%s: interfaces from '%s'\n", cli_name(), cache);
	if (build && !o->quiet)
		fprintf(stderr, "%s: reading the interfaces of '%s' (once; kept in '%s')\n",
			cli_name(), headers, cache ? cache : "nowhere");
}

int seallow_ifdb_open(const struct seallow_opts *o, struct ifdb **out)
{
	struct ifdb *db = calloc(1, sizeof(*db));
	struct pol_refpolicy_opts ro = {
	    .headers = o->headers,
	    .interface_info = o->interface_info,
	    .max_distance = o->max_distance,
	    .broad_interfaces = o->broad_interfaces,
	    .allow_broken = o->mode == MODE_ALLOW && !o->package && !o->cil && !o->verify,
	    .on_ifdb = on_ifdb,
	    .hook_data = (void *)o,
	};
	const char *pm = o->perm_map;
	struct pol_err err;
	bool system;
	int rc = 0;

	if (!db)
		return seallow_fail(-ENOMEM);
	db->o = o;
	pol_err_init(&err);
	if (!pm && access(SEPOLGEN_PERM_MAP, R_OK) == 0)
		pm = SEPOLGEN_PERM_MAP;
	if (pm)
		rc = pol_permmap_load(pm, &db->pm, &err);
	/* a named file that cannot be read is the input's fault; the headers
	 * or m4 missing, the system's */
	system = false;
	ro.perm_map = db->pm;
	if (rc == 0) {
		rc = pol_refpolicy_ifdb_open(&ro, &db->db, &err);
		system = !o->interface_info;
	}
	if (rc < 0) {
		cli_report(&err, rc);
		pol_err_release(&err);
		seallow_ifdb_free(db);
		return system ? cli_exit_for_system(rc) : cli_exit_for(rc);
	}
	pol_err_release(&err);
	*out = db;
	return EXIT_OK;
}

void seallow_ifdb_free(struct ifdb *db)
{
	if (!db)
		return;
	pol_refpolicy_ifdb_free(db->db);
	pol_permmap_free(db->pm);
	free(db);
}

size_t seallow_ifdb_interfaces(const struct ifdb *db)
{
	return pol_refpolicy_ifdb_count(db->db);
}

/* The tool's choice struct holds the library's fields, moved. */
static void from_lib(struct ifdb_choice *c, const struct pol_refpolicy_choice *lc)
{
	c->call = lc->call;
	c->name = lc->name;
	c->arg = lc->arg;
	c->extra = lc->extra;
	c->nextra = lc->nextra;
	c->aextra = lc->aextra;
	c->distance = lc->distance;
	c->refused = lc->refused;
}

static void to_lib(struct pol_refpolicy_choice *lc, const struct ifdb_choice *c)
{
	lc->call = c->call;
	lc->name = c->name;
	lc->arg = c->arg;
	lc->extra = c->extra;
	lc->nextra = c->nextra;
	lc->aextra = c->aextra;
	lc->distance = c->distance;
	lc->refused = c->refused;
}

int seallow_ifdb_choose(struct ifdb *db, const struct pol_audit_group_info *g,
			struct ifdb_choice *c)
{
	struct pol_refpolicy_request r = {g->source, g->target, g->tclass, g->perms, g->nperms};
	struct pol_refpolicy_choice lc;
	int rc = pol_refpolicy_ifdb_choose(db->db, &r, &lc);

	memset(c, 0, sizeof(*c));
	if (rc > 0)
		from_lib(c, &lc);
	return rc;
}

void seallow_ifdb_choice_release(struct ifdb_choice *c)
{
	struct pol_refpolicy_choice lc;

	to_lib(&lc, c);
	pol_refpolicy_choice_release(&lc);
	memset(c, 0, sizeof(*c));
}

char *seallow_ifdb_choice_extra_text(const struct ifdb_choice *c)
{
	struct pol_refpolicy_choice lc;

	to_lib(&lc, c);
	return pol_refpolicy_choice_extra_text(&lc);
}

char *seallow_ifdb_pick(struct ifdb *db, const struct pol_audit_group_info *g, const char **section)
{
	const struct seallow_opts *o = db->o;
	struct ifdb_choice c;
	char *extra, *call = NULL;

	if (seallow_ifdb_choose(db, g, &c) <= 0)
		return NULL;
	extra = seallow_ifdb_choice_extra_text(&c);
	if (c.refused) {
		seallow_say(o, POL_SEV_NOTE,
			    "refused %s for %s %s:%s: distance %d > %d; it would also grant %s "
			    "(--broad-interfaces takes it)",
			    c.call, g->source, strcmp(g->source, g->target) ? g->target : "self",
			    g->tclass, c.distance, o->max_distance, extra ? extra : "?");
	} else {
		seallow_say(o, POL_SEV_NOTE, "%s for %s %s:%s (distance %d) also grants %s", c.call,
			    g->source, strcmp(g->source, g->target) ? g->target : "self", g->tclass,
			    c.distance, extra ? extra : "?");
		/* the section is the argument: one of the group's names */
		*section = !strcmp(c.arg, g->source)   ? g->source
			   : !strcmp(c.arg, g->target) ? g->target
						       : g->tclass;
		call = c.call;
		c.call = NULL;
	}
	free(extra);
	seallow_ifdb_choice_release(&c);
	return call;
}

int seallow_refpolicy_expand(const struct seallow_opts *o, const char *name, const char *te,
			     size_t len, char **out, size_t *outlen)
{
	struct pol_refpolicy_opts ro = {.headers = o->headers};
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_refpolicy_expand_text(&ro, name, te, len, out, outlen, &err);
	if (rc < 0)
		cli_report(&err, rc);
	pol_err_release(&err);
	return cli_exit_for_system(rc);
}
struct grant_ctx {
	struct pol_audit_set *set;
	int rc;
};

static int on_grant_rule(const struct pol_source_rule *r, void *data)
{
	struct grant_ctx *g = data;

	/* what a boolean or a missing optional's requires decide is not
	 * granted, nor a set with exclusions: the replay never says
	 * "allowed" for what the module may not allow */
	if (r->kind != POL_SOURCE_RULE_ALLOW || r->conditional || r->complex)
		return 0;
	for (size_t s = 0; s < r->nsrc; s++)
		for (size_t t = 0; t < r->ntgt; t++)
			for (size_t c = 0; c < r->nclasses; c++) {
				int rc =
				    pol_audit_set_add_grant(g->set, r->src[s], r->tgt[t],
							    r->classes[c], r->perms, r->nperms);

				if (rc == -ENOMEM)
					return rc;
			}
	return 0;
}

int seallow_refpolicy_grant(struct pol_audit_set *set, const char *name, const char *text,
			    size_t len)
{
	struct grant_ctx g = {.set = set};
	struct pol_err err;
	int rc, status;

	pol_err_init(&err);
	rc = pol_source_scan_rules(name, text, len, on_grant_rule, &g, &err);
	status = cli_report(&err, rc);
	pol_err_release(&err);
	return status;
}
