/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * -R: refpolicy interface calls instead of rules, as audit2allow -R picks
 * them (sepolgen's matching.py), from an interface database that seallow
 * builds itself from the development headers.
 *
 * The database is sepolgen-ifgen's interface_info format, so
 * --interface-info can also read the one sepolgen-ifgen wrote. seallow's own
 * comes from m4: every interface and template of the headers is called once
 * with a placeholder domain, in a module that sepolc --preprocess expands as
 * it expands any module (support macros, nested interface calls, ifdef and
 * tunable blocks), and libpolicy/source's parser reads the expansion; m4's
 * line markers tie each rule to the call it came from. sepolgen-ifgen 3.4
 * has its own grammar for the headers and fails on kernel.if, init.if and
 * ssh.if (no kernel_* or init_* interfaces at all): m4 does not.
 *
 * Only interfaces with one parameter are used, as audit2allow uses them
 * (hack_check_ifs sorts the parameters backwards, which disables every
 * interface with more than one). A pick's distance is sepolgen's: about
 * the weight of everything it grants beyond the denial. audit2allow takes
 * the closest interface however far; seallow refuses a pick beyond
 * --max-distance (150, sepolgen's own threshold) unless --broad-interfaces.
 */

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "seallow.h"
#include "source/source.h"
#include "util/array.h"
#include "util/buf.h"
#include "util/file.h"

extern char **environ;

#define DEFAULT_HEADERS "/usr/share/selinux/devel/include"
#define SEPOLGEN_PERM_MAP "/var/lib/sepolgen/perm_map"
#define PLACEHOLDER "seallow_p1"
#define NOP_TYPE "seallow_nop"

enum { FLOW_NONE = 0, FLOW_READ = 1, FLOW_WRITE = 2, FLOW_BOTH = 3 };
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

struct permw {
	char *key; /* "class perm" */
	int dir, weight;
};

struct tgt_entry {
	const char *tgt;
	size_t idx;
};

struct ifdb {
	struct iface *ifs; /* by name, as sepolgen indexes them */
	size_t n;
	struct tgt_entry *by_tgt;
	size_t nby_tgt;
	size_t *tgt_all, ntgt_all;
	struct permw *pm;
	size_t npm;
	const struct seallow_opts *o;
	size_t refused;
	/* plain -R output, as audit2allow: even an interface whose module
	 * would not compile; never when the module is compiled or explained */
	bool allow_broken;
};

/* ---- Permission map (setools' / sepolgen's format) ------------------- */

static int cmp_permw(const void *a, const void *b)
{
	return strcmp(((const struct permw *)a)->key, ((const struct permw *)b)->key);
}

static int load_perm_map(struct ifdb *db, const char *path)
{
	char line[512], cls[256] = "";
	FILE *f = fopen(path, "re");
	size_t alloc = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char a[256], b[256], c[256];
		int n = sscanf(line, "%255s %255s %255s", a, b, c);

		if (n < 2 || a[0] == '#')
			continue;
		if (strcmp(a, "class") == 0) {
			snprintf(cls, sizeof(cls), "%s", b);
			continue;
		}
		if (n != 3 || !cls[0] || !strchr("nrwb", b[0]) || b[1])
			continue;
		if (POL_ARRAY_GROW(db->pm, db->npm + 1, alloc) < 0) {
			fclose(f);
			return -ENOMEM;
		}
		if (asprintf(&db->pm[db->npm].key, "%s %s", cls, a) < 0) {
			fclose(f);
			return -ENOMEM;
		}
		db->pm[db->npm].dir = b[0] == 'r'   ? FLOW_READ
				      : b[0] == 'w' ? FLOW_WRITE
				      : b[0] == 'b' ? FLOW_BOTH
						    : FLOW_NONE;
		db->pm[db->npm].weight = atoi(c);
		db->npm++;
	}
	fclose(f);
	if (db->npm > 1)
		qsort(db->pm, db->npm, sizeof(*db->pm), cmp_permw);
	return 0;
}

/* sepolgen's getdefault(): unknown classes and permissions move both ways
 * with weight 5. */
static const struct permw *perm_lookup(const struct ifdb *db, const char *cls, const char *perm)
{
	char key[512];
	struct permw k = {.key = key};

	snprintf(key, sizeof(key), "%s %s", cls, perm);
	return bsearch(&k, db->pm, db->npm, sizeof(*db->pm), cmp_permw);
}

static int perm_weight(const struct ifdb *db, const char *cls, const char *perm)
{
	const struct permw *p = perm_lookup(db, cls, perm);

	return p ? p->weight : 5;
}

static int perm_dir(const struct ifdb *db, const char *cls, const char *perm)
{
	const struct permw *p = perm_lookup(db, cls, perm);

	return p ? p->dir : FLOW_BOTH;
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

static struct iface *db_push(struct ifdb *db, size_t *alloc, const char *name)
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
static int parse_interface_info(struct ifdb *db, char *text)
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

static int write_interface_info(const struct ifdb *db, FILE *out)
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

static void db_finish(struct ifdb *db)
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
static int db_index(struct ifdb *db)
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

void ifdb_free(struct ifdb *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->n; i++)
		iface_release(&db->ifs[i]);
	for (size_t i = 0; i < db->npm; i++)
		free(db->pm[i].key);
	free(db->pm);
	free(db->ifs);
	free(db->by_tgt);
	free(db->tgt_all);
	free(db);
}

/* ---- Building it from the headers ------------------------------------ */

struct build {
	struct ifdb *db;
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

static const char *sepolc_program(char *buf, size_t size)
{
	const char *env = getenv("SEALLOW_SEPOLC");
	ssize_t n;

	if (env && *env)
		return env;
	/* the sepolc built or installed beside this seallow */
	n = readlink("/proc/self/exe", buf, size - 1);
	if (n > 0) {
		char *slash;

		buf[n] = '\0';
		slash = strrchr(buf, '/');
		if (slash && (size_t)(slash - buf) + sizeof("/sepolc") < size) {
			strcpy(slash, "/sepolc");
			if (access(buf, X_OK) == 0)
				return buf;
		}
	}
	return "sepolc";
}

/* sepolc --preprocess: m4 with the headers, as sepolc compiles a module;
 * what names the input in a failure's message. */
static int run_sepolc(const char *headers, const char *calls, const char *out, const char *err,
		      const char *what, const char *cwd)
{
	char buf[PATH_MAX];
	const char *prog = sepolc_program(buf, sizeof(buf));
	char *argv[] = {(char *)prog,	     (char *)"--preprocess",
			(char *)"--headers", (char *)headers,
			(char *)"-o",	     (char *)out,
			(char *)calls,	     NULL};
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, st;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	/* after the opens: err may be relative to the caller's directory */
	if (cwd)
		posix_spawn_file_actions_addchdir_np(&fa, cwd);
	rc = posix_spawnp(&pid, prog, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		fprintf(stderr, "%s: cannot run '%s': %s\n", cli_name(), prog, strerror(rc));
		return -rc;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		char *text = NULL;
		size_t len = 0;

		fprintf(stderr, "%s: '%s --preprocess' failed on %s\n", cli_name(), prog, what);
		if (pol_read_path(err, &text, &len) == 0)
			fwrite(text, 1, len, stderr);
		free(text);
		return POL_EFORMAT;
	}
	return 0;
}

static bool is_keyword(const char *w, size_t n)
{
	static const char *const words[] = {"if", "constrain", "mlsconstrain", "validatetrans",
					    "mlsvalidatetrans"};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && !strncmp(words[i], w, n))
			return true;
	return false;
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
		    !is_keyword(w, q - w) && eol[-1] == ')')
			pol_buf_puts(out,
				     "allow " NOP_TYPE " " NOP_TYPE ":" NOP_TYPE " " NOP_TYPE ";");
		else
			pol_buf_add(out, p, eol - p);
		if (nl)
			pol_buf_putc(out, '\n');
		p = nl ? nl + 1 : end;
	}
}

static int build_from_headers(struct ifdb *db, const char *headers)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4096], calls[4200], out[4200], err[4200];
	struct build b = {.db = db, .calls = calls, .first_line = 2};
	struct pol_buf text = POL_BUF_INIT;
	struct pol_err perr;
	size_t alloc = 0, line = 2;
	char *expanded = NULL;
	size_t len = 0;
	glob_t g;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s/seallow.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		fprintf(stderr, "%s: cannot create a temporary directory: %s\n", cli_name(),
			strerror(errno));
		return -errno;
	}
	snprintf(calls, sizeof(calls), "%s/seallowifs.te", dir);
	snprintf(out, sizeof(out), "%s/seallowifs.out", dir);
	snprintf(err, sizeof(err), "%s/sepolc.err", dir);
	pol_buf_puts(&text, "policy_module(seallowifs, 1.0)\n");
	snprintf(out, sizeof(out), "%s/*/*.if", headers);
	if (glob(out, 0, NULL, &g) != 0) {
		fprintf(stderr,
			"%s: no refpolicy interfaces in '%s' (install selinux-policy-dev)\n",
			cli_name(), headers);
		rmdir(dir);
		return -ENOENT;
	}
	for (size_t i = 0; i < g.gl_pathc && rc == 0; i++)
		if (!strstr(g.gl_pathv[i], "/support/"))
			rc = scan_if_file(&b, &alloc, g.gl_pathv[i], &text, &line);
	globfree(&g);
	snprintf(out, sizeof(out), "%s/seallowifs.out", dir);
	if (rc == 0 && text.failed)
		rc = -ENOMEM;
	if (rc == 0) {
		FILE *f = fopen(calls, "we");

		if (!f || fwrite(text.data, 1, text.len, f) != text.len)
			rc = -errno;
		if (f && fclose(f) != 0 && rc == 0)
			rc = -errno;
	}
	pol_buf_release(&text);
	if (rc == 0) {
		char *what = NULL;

		if (asprintf(&what, "the interfaces of '%s'", headers) < 0)
			what = NULL;
		rc = run_sepolc(headers, calls, out, err, what ? what : headers, NULL);
		free(what);
	}
	if (rc == 0)
		rc = pol_read_path(out, &expanded, &len);
	if (rc == 0) {
		struct pol_buf clean = POL_BUF_INIT;

		neutralize_unknown_calls(expanded, len, &clean);
		pol_err_init(&perr);
		rc = clean.failed
			 ? -ENOMEM
			 : pol_source_scan_rules(calls, clean.data, clean.len, on_rule, &b, &perr);
		pol_buf_release(&clean);
		if (rc < 0) {
			pol_err_set(&perr, rc, "cannot read the expanded interfaces of '%s'",
				    headers);
			cli_report(&perr, rc);
		}
		pol_err_release(&perr);
	}
	free(expanded);
	free(b.line_to_if);
	unlink(calls);
	unlink(out);
	unlink(err);
	rmdir(dir);
	return rc;
}

/* The cache: one file per header directory, rebuilt when an .if or .spt
 * there is newer than it. */
static char *cache_path(const char *headers)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	unsigned long h = 5381;
	char *path = NULL;

	for (const char *p = headers; *p; p++)
		h = h * 33 + (unsigned char)*p;
	if (xdg && *xdg) {
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

static void broken_write(const struct ifdb *db, const char *cache)
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

static void broken_read(struct ifdb *db, const char *cache)
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

static void cache_write(const struct ifdb *db, const char *cache)
{
	char *dir = strdup(cache), *tmp = NULL, *slash;
	FILE *f;
	int fd;

	if (!dir || !(slash = strrchr(dir, '/')))
		goto out;
	*slash = '\0';
	/* ~/.cache, then ~/.cache/sekit */
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		mkdir(dir, 0700);
		*slash = '/';
	}
	mkdir(dir, 0700);
	if (asprintf(&tmp, "%s.XXXXXX", cache) < 0) {
		tmp = NULL;
		goto out;
	}
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (write_interface_info(db, f) < 0 || fclose(f) != 0 || rename(tmp, cache) != 0) {
		unlink(tmp);
		goto out;
	}
	broken_write(db, cache);
out:
	free(tmp);
	free(dir);
}

int ifdb_open(const struct seallow_opts *o, struct ifdb **out)
{
	struct ifdb *db = calloc(1, sizeof(*db));
	const char *headers = o->headers ? o->headers : DEFAULT_HEADERS;
	const char *pm = o->perm_map;
	char *cache = NULL, *text = NULL;
	size_t len;
	int rc = 0;

	if (!db)
		return EXIT_ENV;
	db->o = o;
	db->allow_broken = o->mode == MODE_ALLOW && !o->package && !o->cil && !o->verify;
	if (!pm && access(SEPOLGEN_PERM_MAP, R_OK) == 0)
		pm = SEPOLGEN_PERM_MAP;
	if (pm) {
		rc = load_perm_map(db, pm);
		if (rc < 0) {
			fprintf(stderr, "%s: cannot read the permission map '%s': %s\n", cli_name(),
				pm, strerror(-rc));
			ifdb_free(db);
			return rc == -ENOMEM ? EXIT_ENV : EXIT_USAGE;
		}
	}
	if (o->interface_info) {
		rc = pol_read_path(o->interface_info, &text, &len);
		if (rc < 0) {
			fprintf(stderr, "%s: cannot read '%s': %s\n", cli_name(), o->interface_info,
				strerror(-rc));
			ifdb_free(db);
			return EXIT_USAGE;
		}
	} else {
		cache = cache_path(headers);
		if (cache && cache_fresh(cache, headers) &&
		    pol_read_path(cache, &text, &len) == 0) {
			if (o->verbose_notes)
				fprintf(stderr, "%s: interfaces from '%s'\n", cli_name(), cache);
		} else {
			if (!o->quiet)
				fprintf(stderr,
					"%s: reading the interfaces of '%s' (once; kept in "
					"'%s')\n",
					cli_name(), headers, cache ? cache : "nowhere");
			rc = build_from_headers(db, headers);
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
		if (cache && !o->interface_info)
			broken_read(db, cache);
		rc = db_index(db);
	}
	free(cache);
	if (rc < 0) {
		ifdb_free(db);
		return rc == -ENOMEM ? EXIT_ENV : rc == -ENOENT ? EXIT_ENV : EXIT_USAGE;
	}
	if (db->nby_tgt > 1)
		qsort(db->by_tgt, db->nby_tgt, sizeof(*db->by_tgt), cmp_by_tgt);
	*out = db;
	return EXIT_OK;
}

/* ---- Matching (sepolgen's matching.py) ------------------------------- */

struct req {
	const char *src, *tgt, *cls;
	const char *const *perms;
	size_t nperms;
};

static bool has(const char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

static int av_distance(const struct ifdb *db, const struct req *r, const struct ifav *p)
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

static int av_set_match(const struct ifdb *db, struct iface *f, const struct req *r)
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

static void consider(const struct ifdb *db, size_t idx, const struct req *r, size_t *best,
		     int *best_dist, bool *found)
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
static int describe_extra(const struct iface *f, const struct req *r, const char *arg,
			  struct ifdb_choice *c)
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

void ifdb_choice_release(struct ifdb_choice *c)
{
	for (size_t i = 0; i < c->nextra; i++)
		free(c->extra[i]);
	free(c->extra);
	free(c->call);
	free(c->name);
	free(c->arg);
	memset(c, 0, sizeof(*c));
}

char *ifdb_choice_extra_text(const struct ifdb_choice *c)
{
	struct pol_buf b = POL_BUF_INIT;

	for (size_t i = 0; i < c->nextra; i++)
		pol_buf_printf(&b, "%s%s", i ? ", " : "", c->extra[i]);
	if (!c->nextra)
		pol_buf_puts(&b, "nothing more");
	return pol_buf_detach(&b);
}

int ifdb_choose(struct ifdb *db, const struct pol_audit_group_info *g, struct ifdb_choice *c)
{
	struct req r = {g->source, g->target, g->tclass, g->perms, g->nperms};
	const struct seallow_opts *o = db->o;
	size_t best = 0;
	int dist = 0;
	bool found = false;
	const struct iface *f;
	const char *arg;
	size_t lo = 0, hi = db->nby_tgt;

	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < db->ntgt_all; i++)
		consider(db, db->tgt_all[i], &r, &best, &dist, &found);
	/* the interfaces naming this target: a range of by_tgt */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(db->by_tgt[mid].tgt, r.tgt) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < db->nby_tgt && !strcmp(db->by_tgt[i].tgt, r.tgt); i++)
		consider(db, db->by_tgt[i].idx, &r, &best, &dist, &found);
	if (!found)
		return 0;
	f = &db->ifs[best];
	arg = f->param == PARAM_TARGET	 ? g->target
	      : f->param == PARAM_OBJECT ? g->tclass
					 : g->source;
	c->distance = dist;
	c->refused = dist > o->max_distance && !o->broad_interfaces;
	c->name = strdup(f->name);
	c->arg = strdup(arg);
	if (asprintf(&c->call, "%s(%s)", f->name, arg) < 0)
		c->call = NULL;
	if (!c->name || !c->arg || !c->call || describe_extra(f, &r, arg, c) < 0) {
		ifdb_choice_release(c);
		return -ENOMEM;
	}
	return 1;
}

char *ifdb_pick(struct ifdb *db, const struct pol_audit_group_info *g, const char **section)
{
	const struct seallow_opts *o = db->o;
	struct ifdb_choice c;
	char *extra, *call = NULL;

	if (ifdb_choose(db, g, &c) <= 0)
		return NULL;
	extra = ifdb_choice_extra_text(&c);
	if (c.refused) {
		db->refused++;
		if (!o->quiet)
			fprintf(stderr,
				"%s: note: refused %s for %s %s:%s: distance %d > %d; it "
				"would also grant %s (--broad-interfaces takes it)\n",
				cli_name(), c.call, g->source,
				strcmp(g->source, g->target) ? g->target : "self", g->tclass,
				c.distance, o->max_distance, extra ? extra : "?");
	} else {
		if (!o->quiet)
			fprintf(stderr, "%s: note: %s for %s %s:%s (distance %d) also grants %s\n",
				cli_name(), c.call, g->source,
				strcmp(g->source, g->target) ? g->target : "self", g->tclass,
				c.distance, extra ? extra : "?");
		/* the section is the argument: one of the group's names */
		*section = !strcmp(c.arg, g->source)   ? g->source
			   : !strcmp(c.arg, g->target) ? g->target
						       : g->tclass;
		call = c.call;
		c.call = NULL;
	}
	free(extra);
	ifdb_choice_release(&c);
	return call;
}

size_t ifdb_interfaces(const struct ifdb *db)
{
	return db->n;
}

/* ---- A module with calls: its expansion -------------------------------- */

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

int refpolicy_expand(const struct seallow_opts *o, const char *name, const char *te, size_t len,
		     char **out, size_t *outlen)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4096], path[4400], exp[4400], err[4400], *what = NULL, *headers;
	int rc;

	/* sepolc runs in the temporary directory, so that m4's line markers
	 * and its errors name NAME.te */
	headers = realpath(o->headers ? o->headers : DEFAULT_HEADERS, NULL);
	if (!headers) {
		fprintf(stderr, "%s: cannot read '%s': %s\n", cli_name(),
			o->headers ? o->headers : DEFAULT_HEADERS, strerror(errno));
		return EXIT_ENV;
	}
	snprintf(dir, sizeof(dir), "%s/seallow.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		fprintf(stderr, "%s: cannot create a temporary directory: %s\n", cli_name(),
			strerror(errno));
		free(headers);
		return EXIT_ENV;
	}
	snprintf(path, sizeof(path), "%s/%s.te", dir, name);
	snprintf(exp, sizeof(exp), "%s/%s.exp", dir, name);
	snprintf(err, sizeof(err), "%s/sepolc.err", dir);
	rc = write_file(path, te, len);
	if (rc < 0)
		fprintf(stderr, "%s: cannot write '%s': %s\n", cli_name(), path, strerror(-rc));
	if (rc == 0) {
		if (asprintf(&what, "the module '%s.te' (its interface calls, with '%s')", name,
			     headers) < 0)
			what = NULL;
		snprintf(path, sizeof(path), "%s.te", name);
		rc = run_sepolc(headers, path, exp, err, what ? what : name, dir);
		snprintf(path, sizeof(path), "%s/%s.te", dir, name);
		free(what);
	}
	if (rc == 0) {
		rc = pol_read_path(exp, out, outlen);
		if (rc < 0)
			fprintf(stderr, "%s: cannot read '%s': %s\n", cli_name(), exp,
				strerror(-rc));
	}
	unlink(path);
	unlink(exp);
	unlink(err);
	rmdir(dir);
	free(headers);
	if (rc == 0)
		return EXIT_OK;
	return rc == -ENOMEM || rc == -ENOENT || rc == -EACCES ? EXIT_ENV : EXIT_USAGE;
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

int refpolicy_grant(struct pol_audit_set *set, const char *name, const char *text, size_t len)
{
	struct grant_ctx g = {.set = set};
	struct pol_err err;
	int rc;

	pol_err_init(&err);
	rc = pol_source_scan_rules(name, text, len, on_grant_rule, &g, &err);
	if (rc < 0 && rc != -ENOMEM)
		cli_report(&err, rc);
	pol_err_release(&err);
	return rc == 0 ? EXIT_OK : rc == -ENOMEM ? EXIT_ENV : EXIT_USAGE;
}
