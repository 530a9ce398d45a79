/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Placeholders for the parser (unit.c, lex.c, parse*.c, source.c): each is deleted
 * when the real one lands; the file goes when it is empty. */
#include "source/internal.h"

#define PENDING(err) pol_err_set((err), POL_EINTERNAL, "not implemented yet: %s", __func__)

struct src_unit *src_unit_new(void)
{
	return NULL;
}

void src_unit_free(struct src_unit *unit)
{
	(void)unit;
}

const struct src_block *src_unit_block(const struct src_unit *unit)
{
	(void)unit;
	return NULL;
}

void *src_alloc(struct src_unit *unit, size_t size)
{
	(void)unit;
	(void)size;
	return NULL;
}

char *src_strndup(struct src_unit *unit, const char *s, size_t len)
{
	(void)unit;
	(void)s;
	(void)len;
	return NULL;
}

const char *src_intern_file(struct src_unit *unit, const char *file)
{
	(void)unit;
	return file;
}

int src_parse(struct src_unit *unit, const char *name, const char *text, size_t len,
	      struct pol_err *err)
{
	(void)unit;
	(void)name;
	(void)text;
	(void)len;
	return PENDING(err);
}

int pol_source_new(struct pol_source **out, struct pol_err *err)
{
	(void)out;
	return PENDING(err);
}

void pol_source_free(struct pol_source *src)
{
	(void)src;
}

int pol_source_parse_file(struct pol_source *src, const char *path, struct pol_err *err)
{
	(void)src;
	(void)path;
	return PENDING(err);
}

int pol_source_parse_data(struct pol_source *src, const char *name, const char *data, size_t len,
			  struct pol_err *err)
{
	(void)src;
	(void)name;
	(void)data;
	(void)len;
	return PENDING(err);
}

bool pol_source_is_module(const struct pol_source *src)
{
	(void)src;
	return false;
}
