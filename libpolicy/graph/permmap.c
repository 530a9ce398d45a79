/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Permission maps in setools' format: how much information each permission
 * moves and in which direction. The parser follows setools' state machine
 * (class count, class header, permissions) and its messages, located as
 * "file:line:", but reads a missing weight as 10, as the format's header
 * documents (setools crashes there).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "graph/internal.h"
#include "util/array.h"
#include "util/file.h"

/* graph_builtin_perm_map: data/perm_map, generated at build time */
#include "permmap-builtin.h"

#ifndef POL_PKGDATADIR
#define POL_PKGDATADIR "/usr/share/sekit"
#endif

struct pm_entry {
	char *cls, *perm; /* perm "": a class declaration's marker, while parsing */
	char dir;
	uint8_t weight;
	size_t def, seq; /* while parsing: the class declaration, the line's order */
};

struct pol_permmap {
	struct pm_entry *e;
	size_t n, alloc;
};

/* Is this program the one built in the build tree (run before make
 * install)? Its map is then the source tree's, not an installed one that
 * may be older or absent (git and kmod find their build tree the same way
 * for their tests). */
#if defined(POL_SRCDIR) && defined(POL_BUILDDIR)
static bool run_uninstalled(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t len = strlen(POL_BUILDDIR);

	if (n <= 0)
		return false;
	exe[n] = '\0';
	return (size_t)n > len + 1 && memcmp(exe, POL_BUILDDIR, len) == 0 && exe[len] == '/' &&
	       !strchr(exe + len + 1, '/');
}
#endif

/* The map the user named through the environment, or NULL. */
static const char *perm_map_from_env(void)
{
	const char *env = getenv("SEKIT_PERM_MAP");

	return env && *env ? env : NULL;
}

const char *pol_permmap_default_path(void)
{
	const char *env = perm_map_from_env();

	if (env)
		return env;
#if defined(POL_SRCDIR) && defined(POL_BUILDDIR)
	if (run_uninstalled())
		return POL_SRCDIR "/data/perm_map";
#endif
	return POL_PKGDATADIR "/perm_map";
}

void pol_permmap_free(struct pol_permmap *map)
{
	if (!map)
		return;
	for (size_t i = 0; i < map->n; i++) {
		free(map->e[i].cls);
		free(map->e[i].perm);
	}
	free(map->e);
	free(map);
}

/* Python's int(): optional sign, digits, nothing else. */
static bool parse_int(const char *s, long *out)
{
	char *end;

	if (!*s)
		return false;
	errno = 0;
	*out = strtol(s, &end, 10);
	return !*end && errno == 0 && end != s;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct pm_entry *x = a, *y = b;
	int c = strcmp(x->cls, y->cls);

	return c ? c : strcmp(x->perm, y->perm);
}

/* Parsing order: class, declaration, permission, line. */
static int cmp_parsed(const void *a, const void *b)
{
	const struct pm_entry *x = a, *y = b;
	int c = strcmp(x->cls, y->cls);

	if (c)
		return c;
	if (x->def != y->def)
		return x->def < y->def ? -1 : 1;
	if ((c = strcmp(x->perm, y->perm)))
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * setools' meaning of what was read, in O(n log n): a class declared again
 * replaces its earlier declaration whole (only the last one's entries
 * stay, none if it lists no permission), and a permission listed twice in
 * one declaration keeps its last line. Leaves the entries sorted by class
 * and permission.
 */
static void settle(struct pol_permmap *map)
{
	size_t j = 0;

	/* a class count and no class: no entries, and qsort() wants an array */
	if (!map->n)
		return;
	qsort(map->e, map->n, sizeof(*map->e), cmp_parsed);
	for (size_t i = 0, end; i < map->n; i = end) {
		size_t last;

		for (end = i + 1; end < map->n && strcmp(map->e[end].cls, map->e[i].cls) == 0;)
			end++;
		last = map->e[end - 1].def;
		for (size_t k = i; k < end; k++) {
			struct pm_entry *e = &map->e[k];
			bool keep = e->def == last && *e->perm &&
				    (k + 1 == end || strcmp(e->perm, map->e[k + 1].perm) != 0);

			if (keep) {
				map->e[j++] = *e;
			} else {
				free(e->cls);
				free(e->perm);
			}
		}
	}
	map->n = j;
}

static int add_entry(struct pol_permmap *map, const char *cls, const char *perm, char dir,
		     uint8_t weight, size_t def)
{
	if (POL_ARRAY_GROW(map->e, map->n + 1, map->alloc) < 0)
		return -ENOMEM;
	struct pm_entry *e = &map->e[map->n];

	e->cls = strdup(cls);
	e->perm = strdup(perm);
	if (!e->cls || !e->perm) {
		free(e->cls);
		free(e->perm);
		return -ENOMEM;
	}
	e->dir = dir;
	e->weight = weight;
	e->def = def;
	e->seq = map->n;
	map->n++;
	return 0;
}

#define MAXTOK 4

static size_t split(char *line, char **tok)
{
	size_t n = 0;

	for (char *s = strtok(line, " \t\r\n\v\f"); s; s = strtok(NULL, " \t\r\n\v\f"))
		if (n < MAXTOK)
			tok[n++] = s;
		else
			n = MAXTOK + 1;
	return n;
}

static int parse(const char *path, char *text, struct pol_permmap *map, struct pol_err *err)
{
	long nclasses = 0, nperms = 0, classes = 0, perms = 0;
	int state = 1;
	unsigned int lineno = 0;
	size_t def = 0;
	char cls[256] = "";

#define FAIL(...) pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, path, lineno, 0, __VA_ARGS__)
	for (char *line = text, *next; line; line = next) {
		char *tok[MAXTOK];
		size_t n;
		long v;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		n = split(line, tok);
		if (n == 0 || tok[0][0] == '#')
			continue;
		switch (state) {
		case 1:
			if (!parse_int(tok[0], &v))
				return FAIL("invalid number of classes '%s'", tok[0]);
			if (v < 1)
				return FAIL("number of classes must be positive: '%s'", tok[0]);
			nclasses = v;
			state = 2;
			break;
		case 2:
			if (n != 3 || strcmp(tok[0], "class") != 0)
				return FAIL(
				    "invalid class declaration: expected 'class NAME COUNT'");
			if (!parse_int(tok[2], &v))
				return FAIL("invalid number of permissions '%s'", tok[2]);
			if (v < 1)
				return FAIL("number of permissions must be positive: '%s'", tok[2]);
			if (++classes > nclasses)
				return FAIL("extra class '%s': the map declares %ld classes",
					    tok[1], nclasses);
			if (strlen(tok[1]) >= sizeof(cls))
				return FAIL("class name too long");
			strcpy(cls, tok[1]);
			/* the marker: a declaration that lists nothing still
			 * replaces an earlier one */
			if (add_entry(map, cls, "", 'n', 0, ++def) < 0)
				return pol_err_set(err, -ENOMEM, "out of memory");
			nperms = v;
			perms = 0;
			state = 3;
			break;
		case 3: {
			char dir;
			long weight = 10;

			if (n < 2)
				return FAIL("permission '%s' has no flow direction", tok[0]);
			if (strlen(tok[1]) != 1 || !strchr("rwbnu", tok[1][0]))
				return FAIL("invalid information flow direction '%s'", tok[1]);
			dir = tok[1][0];
			if (n >= 3) {
				if (!parse_int(tok[2], &weight))
					return FAIL("invalid permission weight '%s'", tok[2]);
				if (weight < 1 || weight > 10)
					return FAIL("permission weight must be 1-10: '%s'", tok[2]);
			}
			if (add_entry(map, cls, tok[0], dir, (uint8_t)weight, def) < 0)
				return pol_err_set(err, -ENOMEM, "out of memory");
			if (++perms >= nperms)
				state = 2;
			break;
		}
		}
	}
#undef FAIL
	/* at the last line: a map without one still names where it ended */
	if (state == 1)
		return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, path, lineno, 0,
				   "no class count: not a permission map");
	settle(map);
	return 0;
}

int pol_permmap_load(const char *path, struct pol_permmap **out, struct pol_err *err)
{
	struct pol_permmap *map;
	char *text;
	size_t len;
	int rc;
	bool named = path != NULL;

	if (!named)
		path = pol_permmap_default_path();
	/* no installed map (and none named): the copy built in */
	if (!named && !perm_map_from_env() && access(path, F_OK) < 0 && errno == ENOENT) {
		path = "(built-in perm_map)";
		text = strdup(graph_builtin_perm_map);
		len = text ? strlen(text) : 0;
		if (!text)
			return pol_err_set(err, -ENOMEM, "out of memory");
	} else {
		int fd = open(path, O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			return pol_err_set(err, -errno, "cannot read permission map '%s': %s", path,
					   strerror(errno));
		rc = pol_read_text_fd(fd, path, &text, &len, err);
		close(fd);
		if (rc < 0)
			return rc;
	}
	map = calloc(1, sizeof(*map));
	if (!map) {
		free(text);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	rc = parse(path, text, map, err);
	free(text);
	if (rc < 0) {
		pol_permmap_free(map);
		return rc;
	}
	*out = map;
	return 0;
}

static const struct pm_entry *lookup(const struct pol_permmap *map, const char *cls,
				     const char *perm)
{
	struct pm_entry key = {.cls = (char *)cls, .perm = (char *)perm};

	return map->n ? bsearch(&key, map->e, map->n, sizeof(*map->e), cmp_entry) : NULL;
}

bool pol_permmap_lookup(const struct pol_permmap *map, const char *tclass, const char *perm,
			unsigned int *dir, unsigned int *weight)
{
	const struct pm_entry *e = lookup(map, tclass, perm);

	if (!e)
		return false;
	*dir = e->dir == 'r'   ? POL_PERMMAP_READ
	       : e->dir == 'w' ? POL_PERMMAP_WRITE
	       : e->dir == 'b' ? POL_PERMMAP_READ | POL_PERMMAP_WRITE
			       : 0;
	*weight = e->weight;
	return true;
}

int graph_permmap_apply(const struct pol_permmap *map, const struct pol_pdb *pdb,
			uint8_t (**dirp)[32], uint8_t (**wp)[32])
{
	uint32_t nclasses = pdb->p.p_classes.nprim;
	uint8_t(*dir)[32] = calloc(nclasses ? nclasses : 1, sizeof(*dir));
	uint8_t(*w)[32] = calloc(nclasses ? nclasses : 1, sizeof(*w));

	if (!dir || !w) {
		free(dir);
		free(w);
		return -ENOMEM;
	}
	for (uint32_t c = 1; c <= nclasses; c++) {
		const char *cname = pdb->p.p_class_val_to_name[c - 1];

		for (unsigned int b = 0; b < 32; b++) {
			const char *pname = pdb_perm_name(pdb, c, b);
			const struct pm_entry *e;

			if (!pname || !(e = lookup(map, cname, pname)))
				continue;
			w[c - 1][b] = e->weight;
			if (e->dir == 'r')
				dir[c - 1][b] = PM_READ;
			else if (e->dir == 'w')
				dir[c - 1][b] = PM_WRITE;
			else if (e->dir == 'b')
				dir[c - 1][b] = PM_READ | PM_WRITE;
		}
	}
	*dirp = dir;
	*wp = w;
	return 0;
}

size_t pol_permmap_unmapped(const struct pol_permmap *map, const struct pol_pdb *pdb,
			    void (*fn)(const char *tclass, const char *perm, void *data),
			    void *data)
{
	size_t count = 0;

	for (uint32_t c = 1; c <= pdb->p.p_classes.nprim; c++) {
		const char *cname = pdb->p.p_class_val_to_name[c - 1];

		for (unsigned int b = 0; b < 32; b++) {
			const char *pname = pdb_perm_name(pdb, c, b);

			if (!pname || lookup(map, cname, pname))
				continue;
			count++;
			if (fn)
				fn(cname, pname, data);
		}
	}
	return count;
}
