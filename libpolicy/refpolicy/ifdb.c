/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Refpolicy interface calls instead of rules, as audit2allow -R picks them
 * (sepolgen's matching.py), from an interface database built from the
 * development headers (seallow -R).
 *
 * The database is sepolgen-ifgen's interface_info format, so an
 * interface_info file sepolgen-ifgen wrote can be read too. Our own comes
 * from m4: every interface and template of the headers is called once with
 * a placeholder domain, in a module that m4.c expands as it expands any
 * module (support macros, nested interface calls, ifdef and tunable
 * blocks), and libpolicy/source's parser reads the expansion; m4's line
 * markers tie each rule to the call it came from. sepolgen-ifgen 3.4
 * has its own grammar for the headers and fails on kernel.if, init.if and
 * ssh.if (no kernel_* or init_* interfaces at all): m4 does not.
 *
 * Only interfaces with one parameter are used, as audit2allow uses them
 * (hack_check_ifs sorts the parameters backwards, which disables every
 * interface with more than one). A pick's distance is sepolgen's: about
 * the weight of everything it grants beyond the denial, by the weights of
 * graph's permission map. audit2allow takes the closest interface however
 * far; a pick beyond opts->max_distance (seallow's --max-distance, 150,
 * sepolgen's own threshold) is refused unless opts->broad_interfaces.
 */

#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "graph/graph.h"
#include "refpolicy/internal.h"
#include "source/source.h"
#include "util/array.h"
#include "util/atomic.h"
#include "util/buf.h"
#include "util/file.h"

#define PLACEHOLDER "seallow_p1"
#define NOP_TYPE "seallow_nop"

enum {
	FLOW_NONE = 0,
	FLOW_READ = POL_PERMMAP_READ,
	FLOW_WRITE = POL_PERMMAP_WRITE,
	FLOW_BOTH = POL_PERMMAP_READ | POL_PERMMAP_WRITE
};
enum param { PARAM_NONE, PARAM_SOURCE, PARAM_TARGET, PARAM_OBJECT, PARAM_OTHER };

struct ifav {
	char *src, *tgt, *cls; /* "$1" for the parameter */
	char **perms;	       /* sorted */
	size_t nperms, aperms;
};

struct iface {
	char *name;
	enum param param;
	bool usable, tgt_param;
	/* it calls an interface the headers lack: a module calling it does
	 * not compile */
	bool broken;
	int info_dir; /* -1 until computed */
	struct ifav *avs;
	size_t navs, aavs;
};

struct tgt_entry {
	const char *tgt;
	size_t idx;
};

struct pol_refpolicy_ifdb {
	struct iface *ifs; /* by name, as sepolgen indexes them */
	size_t n;
	struct tgt_entry *by_tgt;
	size_t nby_tgt;
	size_t *tgt_all, ntgt_all;
	const struct pol_permmap *pm; /* borrowed; NULL: sepolgen's defaults */
	int max_distance;
	bool broad_interfaces;
	/* plain -R output, as audit2allow: even an interface whose module
	 * would not compile; never when the module is compiled or explained */
	bool allow_broken;
};

/* ---- Permission weights (graph's permission map) ---------------------- */

/* sepolgen's getdefault(): unknown classes and permissions move both ways
 * with weight 5. */
static int perm_weight(const struct pol_refpolicy_ifdb *db, const char *cls, const char *perm)
{
	unsigned int dir, weight;

	return db->pm && pol_permmap_lookup(db->pm, cls, perm, &dir, &weight) ? (int)weight : 5;
}

static int perm_dir(const struct pol_refpolicy_ifdb *db, const char *cls, const char *perm)
{
	unsigned int dir, weight;

	return db->pm && pol_permmap_lookup(db->pm, cls, perm, &dir, &weight) ? (int)dir
									      : FLOW_BOTH;
}

/* ---- The database in interface_info format --------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_param(const char *s)
{
	if (*s++ != '$' || !isdigit((unsigned char)*s))
		return false;
	while (isdigit((unsigned char)*s))
		s++;
	return !*s;
}

/* sepolgen's __param_insert for the single parameter. */
static void param_use(struct iface *f, enum param p)
{
	if (f->param == PARAM_NONE || f->param == p)
		f->param = p;
	else if ((p == PARAM_SOURCE || p == PARAM_TARGET) &&
		 (f->param == PARAM_SOURCE || f->param == PARAM_TARGET))
		f->param = PARAM_SOURCE;
}

/* Add access to an interface; an existing (src, tgt, class) gains perms. */
static int iface_add(struct iface *f, const char *src, const char *tgt, const char *cls,
		     const char *const *perms, size_t nperms, bool own)
{
	struct ifav *av = NULL;

	if (own) {
		/* a second parameter: sepolgen disables the interface */
		if ((is_param(src) && strcmp(src, "$1")) || (is_param(tgt) && strcmp(tgt, "$1")) ||
		    (is_param(cls) && strcmp(cls, "$1")))
			f->usable = false;
		if (is_param(src))
			param_use(f, PARAM_SOURCE);
		if (is_param(tgt))
			param_use(f, PARAM_TARGET);
		if (is_param(cls))
			param_use(f, PARAM_OBJECT);
	}
	for (size_t i = 0; i < f->navs && !av; i++)
		if (!strcmp(f->avs[i].src, src) && !strcmp(f->avs[i].tgt, tgt) &&
		    !strcmp(f->avs[i].cls, cls))
			av = &f->avs[i];
	if (!av) {
		if (POL_ARRAY_GROW(f->avs, f->navs + 1, f->aavs) < 0)
			return -ENOMEM;
		av = &f->avs[f->navs++];
		memset(av, 0, sizeof(*av));
		av->src = strdup(src);
		av->tgt = strdup(tgt);
		av->cls = strdup(cls);
		if (!av->src || !av->tgt || !av->cls)
			return -ENOMEM;
	}
	for (size_t i = 0; i < nperms; i++) {
		bool have = false;

		for (size_t k = 0; k < av->nperms && !have; k++)
			have = !strcmp(av->perms[k], perms[i]);
		if (have)
			continue;
		if (POL_ARRAY_GROW(av->perms, av->nperms + 1, av->aperms) < 0)
			return -ENOMEM;
		av->perms[av->nperms] = strdup(perms[i]);
		if (!av->perms[av->nperms])
			return -ENOMEM;
		av->nperms++;
	}
	return 0;
}

static int cmp_av(const void *a, const void *b)
{
	const struct ifav *x = a, *y = b;
	int c = strcmp(x->src, y->src);

	if (!c)
		c = strcmp(x->tgt, y->tgt);
	return c ? c : strcmp(x->cls, y->cls);
}

static int cmp_iface(const void *a, const void *b)
{
	return strcmp(((const struct iface *)a)->name, ((const struct iface *)b)->name);
}

static void iface_release(struct iface *f)
{
	for (size_t i = 0; i < f->navs; i++) {
		for (size_t k = 0; k < f->avs[i].nperms; k++)
			free(f->avs[i].perms[k]);
		free(f->avs[i].perms);
		free(f->avs[i].src);
		free(f->avs[i].tgt);
		free(f->avs[i].cls);
	}
	free(f->avs);
	free(f->name);
}

static struct iface *db_push(struct pol_refpolicy_ifdb *db, size_t *alloc, const char *name)
{
	struct iface *f;

	if (pol_array_grow(&db->ifs, alloc, db->n + 1, sizeof(*db->ifs)) < 0)
		return NULL;
	f = &db->ifs[db->n];
	memset(f, 0, sizeof(*f));
	f->info_dir = -1;
	f->name = strdup(name);
	if (!f->name)
		return NULL;
	db->n++;
	return f;
}

/* "[InterfaceVector NAME $1:source ]" and "src,tgt,class,perm,..." lines. */
static int parse_interface_info(struct pol_refpolicy_ifdb *db, char *text)
{
	size_t alloc = 0;
	struct iface *cur = NULL;
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '[') {
			char *fields[16], *fs = NULL;
			size_t nf = 0;
			char *end = strrchr(line, ']');

			if (end)
				*end = '\0';
			for (char *t = strtok_r(line + 1, " \t", &fs); t && nf < 16;
			     t = strtok_r(NULL, " \t", &fs))
				fields[nf++] = t;
			cur = NULL;
			/* sepolgen's from_file drops an interface without parameters */
			if (nf < 3 || strcmp(fields[0], "InterfaceVector") != 0)
				continue;
			cur = db_push(db, &alloc, fields[1]);
			if (!cur)
				return -ENOMEM;
			cur->usable = nf == 3 && strncmp(fields[2], "$1:", 3) == 0;
			if (cur->usable) {
				const char *t = fields[2] + 3;

				cur->param = !strcmp(t, "source")   ? PARAM_SOURCE
					     : !strcmp(t, "target") ? PARAM_TARGET
					     : !strcmp(t, "object") ? PARAM_OBJECT
								    : PARAM_OTHER;
				cur->usable = cur->param != PARAM_OTHER;
			}
			continue;
		}
		if (cur) {
			char *f[4] = {0}, *perms[256], *fs = NULL;
			size_t np = 0, nf = 0;

			for (char *t = strtok_r(line, ",", &fs); t; t = strtok_r(NULL, ",", &fs)) {
				if (nf < 3)
					f[nf++] = t;
				else if (np < 256)
					perms[np++] = t;
			}
			if (nf < 3 || !np)
				continue;
			if (iface_add(cur, f[0], f[1], f[2], (const char *const *)perms, np, true) <
			    0)
				return -ENOMEM;
		}
	}
	return 0;
}

static int write_interface_info(const struct pol_refpolicy_ifdb *db, FILE *out)
{
	static const char *const pname[] = {"source", "source", "target", "object", "role"};

	for (size_t i = 0; i < db->n; i++) {
		const struct iface *f = &db->ifs[i];

		if (!f->navs)
			continue;
		fprintf(out, "[InterfaceVector %s $1:%s ]\n", f->name, pname[f->param]);
		for (size_t k = 0; k < f->navs; k++) {
			fprintf(out, "%s,%s,%s", f->avs[k].src, f->avs[k].tgt, f->avs[k].cls);
			for (size_t p = 0; p < f->avs[k].nperms; p++)
				fprintf(out, ",%s", f->avs[k].perms[p]);
			fputc('\n', out);
		}
	}
	return ferror(out) ? -EIO : 0;
}

static void db_finish(struct pol_refpolicy_ifdb *db)
{
	for (size_t i = 0; i < db->n; i++) {
		struct iface *f = &db->ifs[i];

		for (size_t k = 0; k < f->navs; k++)
			if (f->avs[k].nperms > 1)
				qsort(f->avs[k].perms, f->avs[k].nperms, sizeof(char *), cmp_str);
		if (f->navs > 1)
			qsort(f->avs, f->navs, sizeof(*f->avs), cmp_av);
	}
	if (db->n > 1)
		qsort(db->ifs, db->n, sizeof(*db->ifs), cmp_iface);
}

/* sepolgen's index(): interfaces whose access names the parameter as a
 * target fit any target; the others are found by their target types. */
static int db_index(struct pol_refpolicy_ifdb *db)
{
	size_t alloc = 0;

	db->tgt_all = calloc(db->n + 1, sizeof(*db->tgt_all));
	if (!db->tgt_all)
		return -ENOMEM;
	for (size_t i = 0; i < db->n; i++) {
		struct iface *f = &db->ifs[i];

		for (size_t k = 0; k < f->navs && !f->tgt_param; k++)
			f->tgt_param = is_param(f->avs[k].tgt);
		/* a parameter only passed on counts as a domain, as sepolgen's
		 * ifcall_extract_params has it; a role or a new type cannot be
		 * given from a denial */
		if (f->param == PARAM_NONE)
			f->param = PARAM_SOURCE;
		if (f->param == PARAM_OTHER)
			f->usable = false;
		if (!f->usable)
			continue;
		if (f->tgt_param) {
			db->tgt_all[db->ntgt_all++] = i;
			continue;
		}
		for (size_t k = 0; k < f->navs; k++) {
			if (k && !strcmp(f->avs[k].tgt, f->avs[k - 1].tgt))
				continue;
			if (POL_ARRAY_GROW(db->by_tgt, db->nby_tgt + 1, alloc) < 0)
				return -ENOMEM;
			db->by_tgt[db->nby_tgt].tgt = f->avs[k].tgt;
			db->by_tgt[db->nby_tgt++].idx = i;
		}
	}
	return 0;
}

static int cmp_by_tgt(const void *a, const void *b)
{
	const struct tgt_entry *x = a, *y = b;
	int c = strcmp(x->tgt, y->tgt);

	return c ? c : (x->idx > y->idx) - (x->idx < y->idx);
}

void pol_refpolicy_ifdb_free(struct pol_refpolicy_ifdb *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->n; i++)
		iface_release(&db->ifs[i]);
	free(db->ifs);
	free(db->by_tgt);
	free(db->tgt_all);
	free(db);
}

/* ---- Building it from the headers ------------------------------------ */

struct build {
	struct pol_refpolicy_ifdb *db;
	const char *calls; /* the calls file's name, as m4's line markers give it */
	size_t first_line;
	size_t *line_to_if; /* call line - first_line -> interface */
	size_t ncalls, acalls;
};

static const char *placeholder_param(const char *s)
{
	return strcmp(s, PLACEHOLDER) == 0 ? "$1" : s;
}

static int on_rule(const struct pol_source_rule *r, void *data)
{
	struct build *b = data;
	struct iface *f;
	size_t k;

	if (!r->file || strcmp(r->file, b->calls) != 0 || r->line < b->first_line)
		return 0;
	k = r->line - b->first_line;
	if (k >= b->ncalls)
		return 0;
	f = &b->db->ifs[b->line_to_if[k]];
	if (r->nsrc && !strcmp(r->src[0], NOP_TYPE)) {
		f->broken = true;
		return 0;
	}
	switch (r->kind) {
	case POL_SOURCE_RULE_ALLOW:
		/* sepolgen keeps no access of a "dontaudit" interface */
		if (strstr(f->name, "dontaudit"))
			return 0;
		for (size_t s = 0; s < r->nsrc; s++)
			for (size_t t = 0; t < r->ntgt; t++)
				for (size_t c = 0; c < r->nclasses; c++) {
					int rc = iface_add(f, placeholder_param(r->src[s]),
							   placeholder_param(r->tgt[t]),
							   placeholder_param(r->classes[c]),
							   r->perms, r->nperms, true);

					if (rc < 0)
						return rc;
				}
		break;
	case POL_SOURCE_RULE_ROLE:
		for (size_t s = 0; s < r->nsrc; s++)
			if (!strcmp(r->src[s], PLACEHOLDER))
				param_use(f, PARAM_OTHER);
		break;
	case POL_SOURCE_RULE_TYPE:
		if (r->deflt && !strcmp(r->deflt, PLACEHOLDER))
			param_use(f, PARAM_OTHER);
		break;
	default:
		break;
	}
	return 0;
}

/* The highest $N in a definition's body, which ends at a line "')". */
static int max_param(const char *p, const char *end)
{
	int max = 0;

	for (; p < end; p++) {
		if (*p == '\n' && p + 2 < end && p[1] == '\'' && p[2] == ')')
			break;
		if (*p == '$' && p + 1 < end && isdigit((unsigned char)p[1])) {
			int n = atoi(p + 1);

			if (n > max)
				max = n;
		}
	}
	return max;
}

/* Every "interface(`NAME'," and "template(`NAME'," of one .if file with
 * exactly one parameter, as calls. */
static int scan_if_file(struct build *b, size_t *alloc, const char *path, struct pol_buf *calls,
			size_t *line)
{
	char *text;
	size_t len;
	int rc = pol_read_path(path, &text, &len);

	if (rc < 0)
		return rc;
	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', end - p), *eol = nl ? nl : end;
		size_t skip = !strncmp(p, "interface(`", 11)  ? 11
			      : !strncmp(p, "template(`", 10) ? 10
							      : 0;

		if (skip) {
			const char *name = p + skip, *q = name;

			while (q < eol && (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			if (q < eol && *q == '\'' && q > name && max_param(q, end) == 1) {
				struct iface *f;
				char *nm = strndup(name, q - name);

				if (!nm)
					break;
				f = db_push(b->db, alloc, nm);
				free(nm);
				if (!f) {
					rc = -ENOMEM;
					break;
				}
				f->usable = true;
				if (POL_ARRAY_GROW(b->line_to_if, b->ncalls + 1, b->acalls) < 0) {
					rc = -ENOMEM;
					break;
				}
				b->line_to_if[b->ncalls++] = b->db->n - 1;
				pol_buf_printf(calls, "%s(" PLACEHOLDER ")\n", f->name);
				(*line)++;
			}
		}
		p = nl ? nl + 1 : end;
	}
	free(text);
	return rc;
}

/* A call m4 left alone names an interface the headers lack (cockpit_admin
 * calls files_search_pids, which Debian's headers do not have): a module
 * calling it would not build, and the parser would stop at it. Each such
 * line becomes a rule nobody asks for, so an optional block around it stays
 * a block; the line count, which the markers need, stays the same. */
static void neutralize_unknown_calls(const char *text, size_t len, struct pol_buf *out)
{
	const char *end = text + len;

	for (const char *p = text; p < end;) {
		const char *nl = memchr(p, '\n', end - p), *eol = nl ? nl : end, *w = p, *q;

		while (w < eol && (*w == ' ' || *w == '\t'))
			w++;
		q = w;
		while (q < eol && (isalnum((unsigned char)*q) || *q == '_'))
			q++;
		if (q > w && q < eol && *q == '(' && !isdigit((unsigned char)*w) &&
		    !refpolicy_is_keyword(w, q - w) && eol[-1] == ')')
			pol_buf_puts(out,
				     "allow " NOP_TYPE " " NOP_TYPE ":" NOP_TYPE " " NOP_TYPE ";");
		else
			pol_buf_add(out, p, eol - p);
		if (nl)
			pol_buf_putc(out, '\n');
		p = nl ? nl + 1 : end;
	}
}

static int write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "we");
	int rc = 0;

	if (!f)
		return -errno;
	if (len && fwrite(data, 1, len, f) != len)
		rc = -errno;
	if (fclose(f) != 0 && rc == 0)
		rc = -errno;
	return rc;
}

static int build_from_headers(struct pol_refpolicy_ifdb *db, const struct pol_refpolicy_opts *opts,
			      const char *headers, struct pol_err *err)
{
	struct refpolicy_workdir w;
	struct pol_refpolicy_opts in_w = *opts;
	struct pol_refpolicy_module_files files = {0};
	struct pol_refpolicy_expansion x = {0};
	struct build b = {.db = db, .first_line = 2};
	struct pol_buf text = POL_BUF_INIT;
	size_t alloc = 0, line = 2;
	char pattern[4200];
	glob_t g;
	int rc;

	snprintf(pattern, sizeof(pattern), "%s/*/*.if", headers);
	if (glob(pattern, 0, NULL, &g) != 0)
		return pol_err_set(err, -ENOENT,
				   "no refpolicy interfaces in '%s' (install selinux-policy-dev)",
				   headers);
	rc = refpolicy_workdir_open(opts, &w, err);
	if (rc < 0) {
		globfree(&g);
		return rc;
	}
	b.calls = refpolicy_workdir_file(&w, "seallowifs.te");
	pol_buf_puts(&text, "policy_module(seallowifs, 1.0)\n");
	for (size_t i = 0; i < g.gl_pathc && rc == 0; i++)
		if (!strstr(g.gl_pathv[i], "/support/"))
			rc = scan_if_file(&b, &alloc, g.gl_pathv[i], &text, &line);
	globfree(&g);
	if (rc == 0 && (text.failed || !b.calls))
		rc = -ENOMEM;
	if (rc == 0) {
		rc = write_file(b.calls, text.data, text.len);
		if (rc < 0)
			pol_err_set(err, rc, "cannot write '%s': %s", b.calls, pol_strerror(rc));
	}
	pol_buf_release(&text);
	if (rc == 0) {
		/* the expansion's files beside the calls, in a directory that is
		 * ours or the caller's */
		in_w.headers = headers;
		in_w.workdir = w.path;
		files.te = b.calls;
		rc = refpolicy_expand_in(&in_w, &files, NULL, &x, err);
	}
	if (rc == 0) {
		struct pol_buf clean = POL_BUF_INIT;

		neutralize_unknown_calls(x.text, x.len, &clean);
		rc = clean.failed
			 ? -ENOMEM
			 : pol_source_scan_rules(b.calls, clean.data, clean.len, on_rule, &b, err);
		pol_buf_release(&clean);
		if (rc < 0)
			pol_err_set(err, rc, "cannot read the expanded interfaces of '%s'",
				    headers);
	}
	pol_refpolicy_expansion_release(&x);
	free(b.line_to_if);
	refpolicy_workdir_close(&w);
	return rc;
}

/* The cache: one file per header directory, rebuilt when an .if or .spt
 * there is newer than it. */
static char *cache_path(const char *headers, const char *dir)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	unsigned long h = 5381;
	char *path = NULL;

	for (const char *p = headers; *p; p++)
		h = h * 33 + (unsigned char)*p;
	if (dir) {
		if (asprintf(&path, "%s/interface_info-%08lx", dir, h & 0xffffffffUL) < 0)
			return NULL;
	} else if (xdg && *xdg) {
		if (asprintf(&path, "%s/sekit/interface_info-%08lx", xdg, h & 0xffffffffUL) < 0)
			return NULL;
	} else if (home && *home) {
		if (asprintf(&path, "%s/.cache/sekit/interface_info-%08lx", home,
			     h & 0xffffffffUL) < 0)
			return NULL;
	}
	return path;
}

static bool cache_fresh(const char *cache, const char *headers)
{
	struct stat cst, st;
	char pattern[4200];
	bool fresh = true;
	glob_t g;

	if (stat(cache, &cst) != 0)
		return false;
	snprintf(pattern, sizeof(pattern), "%s/*/*.[is][fp]*", headers);
	if (glob(pattern, 0, NULL, &g) != 0)
		return false;
	for (size_t i = 0; i < g.gl_pathc && fresh; i++)
		if (stat(g.gl_pathv[i], &st) == 0 && st.st_mtime >= cst.st_mtime)
			fresh = false;
	globfree(&g);
	return fresh;
}

/* The interfaces calling one the headers lack, beside the cache (the
 * interface_info format, which sepolgen reads too, has no place for them):
 * DIR/.interface_info-HASH.broken, a name a line (hidden, so that a glob
 * for the cache finds the cache alone). */
static char *broken_path(const char *cache)
{
	const char *slash = strrchr(cache, '/');
	char *path = NULL;

	if (!slash)
		return NULL;
	if (asprintf(&path, "%.*s/.%s.broken", (int)(slash - cache), cache, slash + 1) < 0)
		return NULL;
	return path;
}

static void broken_write(const struct pol_refpolicy_ifdb *db, const char *cache)
{
	char *path = NULL;
	FILE *f;

	path = broken_path(cache);
	if (!path)
		return;
	f = fopen(path, "we");
	if (f) {
		for (size_t i = 0; i < db->n; i++)
			if (db->ifs[i].broken)
				fprintf(f, "%s\n", db->ifs[i].name);
		if (fclose(f) != 0)
			unlink(path);
	}
	free(path);
}

static void broken_read(struct pol_refpolicy_ifdb *db, const char *cache)
{
	char *path = NULL, line[512];
	FILE *f;

	path = broken_path(cache);
	if (!path)
		return;
	f = fopen(path, "re");
	free(path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		struct iface k = {.name = line}, *hit;

		line[strcspn(line, "\n")] = '\0';
		hit = bsearch(&k, db->ifs, db->n, sizeof(*db->ifs), cmp_iface);
		if (hit)
			hit->broken = true;
	}
	fclose(f);
}

/* A cache that cannot be written is no error: the next run builds the
 * database again. */
static void cache_write(const struct pol_refpolicy_ifdb *db, const char *cache)
{
	char *dir = strdup(cache), *slash;
	struct pol_atomic *a;
	FILE *f;

	if (!dir || !(slash = strrchr(dir, '/'))) {
		free(dir);
		return;
	}
	*slash = '\0';
	/* ~/.cache, then ~/.cache/sekit */
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		mkdir(dir, 0700);
		*slash = '/';
	}
	mkdir(dir, 0700);
	free(dir);
	if (pol_atomic_open(cache, &a, &f, NULL) < 0)
		return;
	if (write_interface_info(db, f) < 0) {
		pol_atomic_abort(a);
		return;
	}
	if (pol_atomic_commit(a, NULL) == 0)
		broken_write(db, cache);
}

int pol_refpolicy_ifdb_open(const struct pol_refpolicy_opts *opts, struct pol_refpolicy_ifdb **out,
			    struct pol_err *err)
{
	struct pol_refpolicy_ifdb *db = calloc(1, sizeof(*db));
	const char *headers = opts->headers ? opts->headers : POL_REFPOLICY_DEFAULT_HEADERS;
	char *cache = NULL, *text = NULL;
	size_t len;
	int rc = 0;

	if (!db)
		return pol_err_set(err, -ENOMEM, "%s", strerror(ENOMEM));
	db->pm = opts->perm_map;
	db->max_distance = opts->max_distance;
	db->broad_interfaces = opts->broad_interfaces;
	db->allow_broken = opts->allow_broken;
	if (opts->interface_info) {
		rc = pol_read_path(opts->interface_info, &text, &len);
		if (rc < 0)
			pol_err_set(err, rc, "cannot read '%s': %s", opts->interface_info,
				    strerror(-rc));
	} else {
		cache = cache_path(headers, opts->cache_dir);
		if (cache && cache_fresh(cache, headers) &&
		    pol_read_path(cache, &text, &len) == 0) {
			if (opts->on_ifdb)
				opts->on_ifdb(headers, cache, false, opts->hook_data);
		} else {
			if (opts->on_ifdb)
				opts->on_ifdb(headers, cache, true, opts->hook_data);
			rc = build_from_headers(db, opts, headers, err);
			if (rc == 0) {
				db_finish(db);
				if (cache)
					cache_write(db, cache);
			}
		}
	}
	if (rc == 0 && text)
		rc = parse_interface_info(db, text);
	free(text);
	if (rc == 0) {
		db_finish(db);
		if (cache && !opts->interface_info)
			broken_read(db, cache);
		rc = db_index(db);
	}
	free(cache);
	if (rc < 0) {
		pol_refpolicy_ifdb_free(db);
		return rc == -ENOMEM && !pol_err_errors(err)
			   ? pol_err_set(err, rc, "%s", strerror(ENOMEM))
			   : rc;
	}
	if (db->nby_tgt > 1)
		qsort(db->by_tgt, db->nby_tgt, sizeof(*db->by_tgt), cmp_by_tgt);
	*out = db;
	return 0;
}

/* ---- Matching (sepolgen's matching.py) ------------------------------- */

static bool has(const char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

static int av_distance(const struct pol_refpolicy_ifdb *db, const struct pol_refpolicy_request *r,
		       const struct ifav *p)
{
	int dist = 0, pdist = 0;

	if (strcmp(r->src, p->src) && !is_param(p->src))
		dist -= 10;
	if (strcmp(r->tgt, p->tgt) && !is_param(p->tgt))
		dist -= 10;
	if (strcmp(r->cls, p->cls) && !is_param(p->cls))
		dist -= 10;
	if (dist < 0) {
		for (size_t i = 0; i < p->nperms; i++)
			pdist += perm_weight(db, p->cls, p->perms[i]);
		return pdist < 0 ? dist + pdist : dist - pdist;
	}
	for (size_t i = 0; i < r->nperms; i++)
		if (!has((const char *const *)p->perms, p->nperms, r->perms[i]))
			pdist -= perm_weight(db, r->cls, r->perms[i]);
	if (!pdist)
		for (size_t i = 0; i < p->nperms; i++)
			if (!has(r->perms, r->nperms, p->perms[i]))
				pdist += perm_weight(db, r->cls, p->perms[i]);
	return pdist < 0 ? pdist - dist : dist + pdist;
}

static int av_set_match(const struct pol_refpolicy_ifdb *db, struct iface *f,
			const struct pol_refpolicy_request *r)
{
	int dist = 0, dir = FLOW_NONE;

	for (size_t i = 0; i < f->navs; i++) {
		int tmp = av_distance(db, r, &f->avs[i]);

		if (i == 0)
			dist = tmp;
		else if (tmp >= 0)
			dist = dist >= 0 ? dist + tmp : tmp - dist;
		else
			dist = dist < 0 ? dist + tmp : dist - tmp;
	}
	for (size_t i = 0; i < r->nperms; i++)
		dir |= perm_dir(db, r->cls, r->perms[i]);
	if (f->info_dir < 0) {
		f->info_dir = FLOW_NONE;
		for (size_t i = 0; i < f->navs; i++)
			for (size_t k = 0; k < f->avs[i].nperms; k++)
				f->info_dir |= perm_dir(db, f->avs[i].cls, f->avs[i].perms[k]);
	}
	/* a request that writes nothing should not get an interface that writes */
	if (!(dir & FLOW_WRITE) && (f->info_dir & FLOW_WRITE))
		dist = dist < 0 ? dist - 100 : dist + 100;
	return dist;
}

static void consider(const struct pol_refpolicy_ifdb *db, size_t idx,
		     const struct pol_refpolicy_request *r, size_t *best, int *best_dist,
		     bool *found)
{
	struct iface *f = &db->ifs[idx];
	int d;

	if (!f->usable || !f->navs || (f->broken && !db->allow_broken))
		return;
	d = av_set_match(db, f, r);
	/* stable: the first of equal distances wins */
	if (d >= 0 && (!*found || d < *best_dist)) {
		*best = idx;
		*best_dist = d;
		*found = true;
	}
}

/* What the call grants beyond the request: "src tgt:class { perms }" items. */
static int describe_extra(const struct iface *f, const struct pol_refpolicy_request *r,
			  const char *arg, struct pol_refpolicy_choice *c)
{
	for (size_t i = 0; i < f->navs; i++) {
		const struct ifav *av = &f->avs[i];
		const char *src = is_param(av->src) ? arg : av->src;
		const char *tgt = is_param(av->tgt) ? arg : av->tgt;
		const char *cls = is_param(av->cls) ? arg : av->cls;
		bool same = !strcmp(src, r->src) && !strcmp(tgt, r->tgt) && !strcmp(cls, r->cls);
		struct pol_buf b = POL_BUF_INIT;
		size_t n = 0;

		for (size_t k = 0; k < av->nperms; k++)
			n += !(same && has(r->perms, r->nperms, av->perms[k]));
		if (!n)
			continue;
		pol_buf_printf(&b, "%s %s:%s {", src, !strcmp(src, tgt) ? "self" : tgt, cls);
		for (size_t k = 0; k < av->nperms; k++)
			if (!(same && has(r->perms, r->nperms, av->perms[k])))
				pol_buf_printf(&b, " %s", av->perms[k]);
		pol_buf_puts(&b, " }");
		if (b.failed || POL_ARRAY_GROW(c->extra, c->nextra + 1, c->aextra) < 0) {
			pol_buf_release(&b);
			return -ENOMEM;
		}
		c->extra[c->nextra++] = pol_buf_detach(&b);
	}
	return 0;
}

void pol_refpolicy_choice_release(struct pol_refpolicy_choice *c)
{
	for (size_t i = 0; i < c->nextra; i++)
		free(c->extra[i]);
	free(c->extra);
	free(c->call);
	free(c->name);
	free(c->arg);
	memset(c, 0, sizeof(*c));
}

char *pol_refpolicy_choice_extra_text(const struct pol_refpolicy_choice *c)
{
	struct pol_buf b = POL_BUF_INIT;

	for (size_t i = 0; i < c->nextra; i++)
		pol_buf_printf(&b, "%s%s", i ? ", " : "", c->extra[i]);
	if (!c->nextra)
		pol_buf_puts(&b, "nothing more");
	return pol_buf_detach(&b);
}

int pol_refpolicy_ifdb_choose(struct pol_refpolicy_ifdb *db, const struct pol_refpolicy_request *r,
			      struct pol_refpolicy_choice *c)
{
	size_t best = 0;
	int dist = 0;
	bool found = false;
	const struct iface *f;
	const char *arg;
	size_t lo = 0, hi = db->nby_tgt;

	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < db->ntgt_all; i++)
		consider(db, db->tgt_all[i], r, &best, &dist, &found);
	/* the interfaces naming this target: a range of by_tgt */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(db->by_tgt[mid].tgt, r->tgt) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < db->nby_tgt && !strcmp(db->by_tgt[i].tgt, r->tgt); i++)
		consider(db, db->by_tgt[i].idx, r, &best, &dist, &found);
	if (!found)
		return 0;
	f = &db->ifs[best];
	arg = f->param == PARAM_TARGET ? r->tgt : f->param == PARAM_OBJECT ? r->cls : r->src;
	c->distance = dist;
	c->refused = dist > db->max_distance && !db->broad_interfaces;
	c->name = strdup(f->name);
	c->arg = strdup(arg);
	if (asprintf(&c->call, "%s(%s)", f->name, arg) < 0)
		c->call = NULL;
	if (!c->name || !c->arg || !c->call || describe_extra(f, r, arg, c) < 0) {
		pol_refpolicy_choice_release(c);
		return -ENOMEM;
	}
	return 1;
}

size_t pol_refpolicy_ifdb_count(const struct pol_refpolicy_ifdb *db)
{
	return db->n;
}

/* ---- A module with calls: its expansion -------------------------------- */

int pol_refpolicy_expand_text(const struct pol_refpolicy_opts *opts, const char *name,
			      const char *te, size_t len, char **out, size_t *outlen,
			      struct pol_err *err)
{
	const char *headers = opts->headers ? opts->headers : POL_REFPOLICY_DEFAULT_HEADERS;
	struct pol_refpolicy_opts in_w = *opts;
	struct pol_refpolicy_module_files files = {0};
	struct pol_refpolicy_expansion x = {0};
	struct refpolicy_workdir w;
	char *te_name = NULL, *abs_headers;
	const char *path;
	int rc;

	/* m4 runs in the work directory, so that its line markers and its
	 * errors name NAME.te: the headers are named from anywhere */
	abs_headers = realpath(headers, NULL);
	if (!abs_headers)
		return pol_err_set(err, -errno, "cannot read '%s': %s", headers, strerror(errno));
	rc = refpolicy_workdir_open(opts, &w, err);
	if (rc < 0) {
		free(abs_headers);
		return rc;
	}
	if (asprintf(&te_name, "%s.te", name) < 0)
		te_name = NULL;
	path = te_name ? refpolicy_workdir_file(&w, te_name) : NULL;
	rc = path ? write_file(path, te, len) : -ENOMEM;
	if (rc < 0)
		pol_err_set(err, rc, "cannot write '%s': %s", path ? path : name, strerror(-rc));
	if (rc == 0) {
		in_w.headers = abs_headers;
		in_w.workdir = w.path;
		files.te = te_name;
		rc = refpolicy_expand_in(&in_w, &files, w.path, &x, err);
	}
	if (rc == 0) {
		*out = x.text;
		*outlen = x.len;
		x.text = NULL;
	}
	pol_refpolicy_expansion_release(&x);
	refpolicy_workdir_close(&w);
	free(te_name);
	free(abs_headers);
	return rc;
}
