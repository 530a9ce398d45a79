/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading one spec file, text or compiled (.bin), the way libselinux 3.4's
 * label_file.c does (process_line(), read_spec_entries(), load_mmap()), with
 * the problems it finds reported as file:line:col diagnostics.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "label/fcline.h"
#include "label/internal.h"
#include "util/array.h"

#define FC_MAGIC 0xf97cff8a
#define FC_VERS_PCRE 2
#define FC_VERS_MODE 3
#define FC_VERS_PREFIX_LEN 4
#define FC_VERS_REGEX_ARCH 5

static int add_spec(struct pol_label_specs *s, char *regex, char *context,
		    mode_t mode, unsigned int input, unsigned int line)
{
	struct label_spec *sp;

	if (POL_ARRAY_GROW(s->specs, s->nspecs + 1, s->alloc) < 0) {
		free(regex);
		free(context);
		return -ENOMEM;
	}
	sp = &s->specs[s->nspecs];
	memset(sp, 0, sizeof(*sp));
	sp->regex = regex;
	sp->context = context;
	sp->mode = mode;
	sp->input = input;
	sp->line = line;
	sp->order = (unsigned int)s->nspecs;
	sp->none = strcmp(context, "<<none>>") == 0;
	s->nspecs++;
	label_spec_analyse(sp);
	return 0;
}

static int parse_text(struct pol_label_specs *s, unsigned int input, FILE *f,
		      struct pol_err *err)
{
	const char *file = s->files[input];
	char *buf = NULL;
	size_t bufsize = 0;
	unsigned int lineno = 0;
	int rc = 0;

	while (getline(&buf, &bufsize, f) > 0) {
		size_t len = strlen(buf); /* a NUL ends the line for libselinux too */
		struct pol_fc_line l;

		lineno++;
		if (len && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (!pol_fc_parse_line(buf, len, POL_FC_ASCII | POL_FC_EXTRA_OK, &l))
			continue;
		l.file = file;
		l.line = lineno;
		if (l.problem != POL_FC_OK) {
			rc = pol_fc_line_report(&l, err);
			goto out;
		}

		const struct pol_fc_field *ctx = &l.context, *t = &l.path;
		mode_t mode = l.ftype ? l.ftype->mode : 0;
		char *regex = strndup(t->p, t->len);
		char *context = strndup(ctx->p, ctx->len);

		if (!regex || !context) {
			free(regex);
			free(context);
			rc = pol_err_set(err, -ENOMEM, "out of memory");
			goto out;
		}
		rc = add_spec(s, regex, context, mode, input, lineno);
		if (rc < 0) {
			pol_err_set(err, rc, "out of memory");
			goto out;
		}
		/* setfiles validates, so libselinux compiles every regex while
		 * loading and refuses the file on the first bad one */
		struct label_spec *sp = &s->specs[s->nspecs - 1];

		sp->col = ctx->col;
		rc = label_spec_compile(s, sp, NULL);
		if (rc < 0) {
			rc = pol_fc_check_regex(&l, err);
			if (rc == 0) /* compiles alone: what failed was memory */
				rc = pol_err_set(err, -ENOMEM, "out of memory");
			goto out;
		}
	}
	if (ferror(f))
		rc = pol_err_add(err, POL_SEV_ERROR, -errno, file, 0, 0, "cannot read: %s",
				 strerror(errno));
out:
	free(buf);
	return rc;
}

struct rd {
	const unsigned char *p;
	size_t left;
};

static bool rd_u32(struct rd *r, uint32_t *v)
{
	if (r->left < 4)
		return false;
	memcpy(v, r->p, 4);
	r->p += 4;
	r->left -= 4;
	return true;
}

static bool rd_skip(struct rd *r, size_t n)
{
	if (r->left < n)
		return false;
	r->p += n;
	r->left -= n;
	return true;
}

/* A NUL-terminated string of n bytes (the NUL included). */
static bool rd_str(struct rd *r, size_t n, const char **s)
{
	if (n == 0 || r->left < n || r->p[n - 1] != '\0')
		return false;
	*s = (const char *)r->p;
	return rd_skip(r, n);
}

/* The compiled format of sefcontext_compile: we take the strings and
 * recompile the regexes, so the PCRE2 version it was built with does not
 * matter. */
static int parse_bin(struct pol_label_specs *s, unsigned int input,
		     const unsigned char *data, size_t size, struct pol_err *err)
{
	const char *file = s->files[input];
	struct rd r = { data, size };
	uint32_t magic, version, n, len;

	if (!rd_u32(&r, &magic) || magic != FC_MAGIC || !rd_u32(&r, &version) || version == 0 ||
	    version > FC_VERS_REGEX_ARCH)
		goto bad;
	if (version >= FC_VERS_PCRE) {
		if (!rd_u32(&r, &len) || !rd_skip(&r, len))
			goto bad;
		if (version >= FC_VERS_REGEX_ARCH && (!rd_u32(&r, &len) || !rd_skip(&r, len)))
			goto bad;
	}
	if (!rd_u32(&r, &n))
		goto bad;
	for (uint32_t i = 0; i < n; i++) {
		if (!rd_u32(&r, &len) || len == UINT32_MAX || !rd_skip(&r, (size_t)len + 1))
			goto bad;
	}
	if (!rd_u32(&r, &n) || n == 0)
		goto bad;
	for (uint32_t i = 0; i < n; i++) {
		const char *ctx, *re;
		uint32_t mode, stem, meta, plen;

		if (!rd_u32(&r, &len) || !rd_str(&r, len, &ctx))
			goto bad;
		if (!rd_u32(&r, &len) || !rd_str(&r, len, &re))
			goto bad;
		if (!rd_u32(&r, &mode) || !rd_u32(&r, &stem) || !rd_u32(&r, &meta))
			goto bad;
		if (version >= FC_VERS_PREFIX_LEN && !rd_u32(&r, &plen))
			goto bad;
		if (!rd_u32(&r, &len) || !rd_skip(&r, len))
			goto bad;

		char *regex = strdup(re), *context = strdup(ctx);
		int rc;

		if (!regex || !context) {
			free(regex);
			free(context);
			return pol_err_set(err, -ENOMEM, "out of memory");
		}
		rc = add_spec(s, regex, context, (mode_t)mode, input, 0);
		if (rc < 0)
			return pol_err_set(err, rc, "out of memory");
		rc = label_spec_compile(s, &s->specs[s->nspecs - 1], NULL);
		if (rc < 0)
			return pol_err_add(err, POL_SEV_ERROR, POL_EREGEX, file, 0, 0,
					   "spec %u: invalid regex '%s'", i + 1, re);
	}
	return 0;
bad:
	return pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, file, 0, 0,
			   "not a compiled file_contexts file libselinux 3.4 can read");
}

static int add_input(struct pol_label_specs *s, const char *path)
{
	if (POL_ARRAY_GROW(s->files, s->nfiles + 1, s->files_alloc) < 0)
		return -ENOMEM;
	s->files[s->nfiles] = strdup(path);
	if (!s->files[s->nfiles])
		return -ENOMEM;
	return (int)s->nfiles++;
}

/* Read one file: text, or the compiled format when its magic says so. */
static int read_one(struct pol_label_specs *s, const char *path, struct pol_err *err)
{
	uint32_t magic = 0;
	struct stat st;
	int fd, input, rc;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		rc = -errno;
		if (fd >= 0)
			close(fd);
		return pol_err_set(err, rc, "cannot open spec file '%s': %s", path, strerror(-rc));
	}
	input = add_input(s, path);
	if (input < 0) {
		close(fd);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	if (pread(fd, &magic, sizeof(magic), 0) == sizeof(magic) && magic == FC_MAGIC) {
		void *map = st.st_size ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)
				       : MAP_FAILED;

		if (map == MAP_FAILED) {
			rc = -errno;
			close(fd);
			return pol_err_set(err, rc, "cannot read spec file '%s': %s", path,
					   strerror(-rc));
		}
		rc = parse_bin(s, (unsigned int)input, map, (size_t)st.st_size, err);
		munmap(map, (size_t)st.st_size);
		close(fd);
		return rc;
	}
	FILE *f = fdopen(fd, "re");

	if (!f) {
		rc = -errno;
		close(fd);
		return pol_err_set(err, rc, "cannot read spec file '%s': %s", path, strerror(-rc));
	}
	rc = parse_text(s, (unsigned int)input, f, err);
	fclose(f);
	return rc;
}

/* libselinux 3.4's nodups_specs(): two lines with the same regex whose file
 * types overlap make the file invalid when validating, which setfiles
 * always does. Only the base file is checked. */
static int cmp_regex(const void *a, const void *b)
{
	const struct label_spec *x = *(struct label_spec *const *)a;
	const struct label_spec *y = *(struct label_spec *const *)b;
	int c = strcmp(x->regex, y->regex);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

static int check_dups(struct pol_label_specs *s, size_t first, struct pol_err *err)
{
	size_t n = s->nspecs - first;
	struct label_spec **v;
	int rc = 0;

	if (n < 2)
		return 0;
	v = malloc(n * sizeof(*v));
	if (!v)
		return pol_err_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < n; i++)
		v[i] = &s->specs[first + i];
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_regex);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n && strcmp(v[i]->regex, v[j]->regex) == 0; j++) {
			const struct label_spec *a = v[i], *b = v[j];
			const char *file = s->files[b->input];

			if (a->mode && b->mode && a->mode != b->mode)
				continue;
			if (strcmp(a->context, b->context) != 0)
				rc = pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, file, b->line, 1,
						 "multiple different specifications for '%s' ('%s' and '%s')",
						 b->regex, a->context, b->context);
			else
				rc = pol_err_add(err, POL_SEV_ERROR, POL_EFORMAT, file, b->line, 1,
						 "multiple same specifications for '%s'", b->regex);
			if (a->line)
				pol_err_add(err, POL_SEV_NOTE, POL_EFORMAT, s->files[a->input], a->line, 1,
					    "'%s' is first specified here", a->regex);
		}
	}
	free(v);
	return rc;
}

static void drop_specs(struct pol_label_specs *s, size_t from)
{
	for (size_t i = from; i < s->nspecs; i++) {
		free(s->specs[i].regex);
		free(s->specs[i].context);
		free(s->specs[i].prefix);
		pcre2_code_free(s->specs[i].code);
	}
	s->nspecs = from;
}

static void copy_diags(struct pol_err *to, const struct pol_err *from)
{
	for (size_t i = 0; i < from->count; i++) {
		const struct pol_diag *d = &from->diags[i];

		pol_err_add(to, d->severity, d->code, d->file, d->line, d->col, "%s", d->message);
	}
}

/* libselinux's open_file(): of path and path.bin, the newer one (the .bin
 * when both have the same modification second); the other one if the first
 * cannot be read, as libselinux retries with the older file. */
int label_read_specfile(struct pol_label_specs *s, const char *path, bool must_exist,
			bool dups, struct pol_err *err)
{
	struct stat st_text, st_bin;
	bool have_text, have_bin;
	const char *first, *second = NULL;
	size_t before = s->nspecs;
	struct pol_err tmp;
	char *bin;
	int rc;

	if (asprintf(&bin, "%s.bin", path) < 0)
		return pol_err_set(err, -ENOMEM, "out of memory");
	have_text = stat(path, &st_text) == 0;
	have_bin = stat(bin, &st_bin) == 0;
	if (!have_text && !have_bin) {
		if (must_exist)
			pol_err_set(err, -ENOENT, "cannot open spec file '%s': %s", path,
				    strerror(ENOENT));
		free(bin);
		return -ENOENT;
	}
	if (have_text && have_bin) {
		bool bin_newer = st_bin.st_mtime >= st_text.st_mtime;

		first = bin_newer ? bin : path;
		second = bin_newer ? path : bin;
	} else {
		first = have_text ? path : bin;
	}

	pol_err_init(&tmp);
	rc = read_one(s, first, &tmp);
	if (rc < 0 && second) {
		struct pol_err tmp2;

		pol_err_init(&tmp2);
		drop_specs(s, before);
		if (read_one(s, second, &tmp2) == 0)
			rc = 0;
		else
			drop_specs(s, before);
		pol_err_release(&tmp2);
	}
	if (rc < 0)
		copy_diags(err, &tmp);
	pol_err_release(&tmp);
	free(bin);
	if (rc < 0)
		return rc;
	if (dups)
		return check_dups(s, before, err);
	return 0;
}
