/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The file types as policy vocabulary: file_contexts' flag, the mode bits,
 * CIL's filecon keyword and the object class. label's line reader, query's
 * contexts and the tools share the one table.
 */
#ifndef POL_UTIL_FILETYPE_H
#define POL_UTIL_FILETYPE_H

#include <stddef.h>
#include <sys/types.h>

/* A file type field and what it means everywhere it is written. */
struct pol_fc_type {
	const char *flag;  /* "--", "-d", ... as file_contexts writes it */
	mode_t mode;	   /* S_IFREG, S_IFDIR, ... */
	const char *cil;   /* CIL's filecon keyword: "file", "dir", ... */
	const char *klass; /* the object class: "file", "dir", "lnk_file", ... */
};

/* The file type of a two-character flag (len bytes at flag), of a mode
 * (S_IFMT bits), or of an object class name; NULL when there is none. */
const struct pol_fc_type *pol_fc_type_by_flag(const char *flag, size_t len);
const struct pol_fc_type *pol_fc_type_by_mode(mode_t mode);
const struct pol_fc_type *pol_fc_type_by_class(const char *klass);

/* The flags as a message lists them: "-- -d -l -p -s -c -b". */
#define POL_FC_TYPE_FLAGS "-- -d -l -p -s -c -b"

#endif
