/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One reader of file_contexts lines, "PATH [FILE_TYPE] CONTEXT", for every
 * place that reads them: the spec files serelabel labels with (read as
 * libselinux 3.4's read_spec_entries() reads them), and the .fc files of a
 * module or a monolithic policy that sepolc checks, sorts and writes as
 * CIL (after m4, whose "#line" markers say which file and line each line
 * came from).
 */
#ifndef POL_LABEL_FCLINE_H
#define POL_LABEL_FCLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util/err.h"
#include "util/filetype.h"

enum pol_fc_flags {
	POL_FC_MARKERS = (1 << 0),  /* follow m4's "#line" markers; else they are comments */
	POL_FC_ASCII = (1 << 1),    /* a non-ASCII byte is an error, as libselinux has it */
	POL_FC_EXTRA_OK = (1 << 2), /* words after the context are ignored, as libselinux does */
};

/* What is wrong with a line, if anything. */
enum pol_fc_problem {
	POL_FC_OK,
	POL_FC_NO_CONTEXT, /* a path alone */
	POL_FC_EXTRA,	   /* a word after the context (unless POL_FC_EXTRA_OK) */
	POL_FC_BAD_TYPE,   /* a file type that is not one of POL_FC_TYPE_FLAGS */
	POL_FC_NON_ASCII,  /* with POL_FC_ASCII */
};

/* A word of a line: len bytes at p (not NUL-terminated), at 1-based column col. */
struct pol_fc_field {
	const char *p;
	size_t len;
	unsigned int col;
};

/* One non-empty, non-comment line. The fields point into the text read. */
struct pol_fc_line {
	const char *file;  /* the line's file (after markers); valid until the next line */
	unsigned int line; /* 1-based, after markers */
	struct pol_fc_field path, type, context; /* type.p is NULL when there is none */
	struct pol_fc_field extra;		 /* the first word after the context, if any */
	const struct pol_fc_type *ftype;	 /* NULL: any file type (or POL_FC_BAD_TYPE) */
	enum pol_fc_problem problem;
	unsigned int problem_col; /* where the problem is */
};

/* A reader over a text in memory (caller-provided; init, then next until
 * it returns 1, then release). */
struct pol_fc_reader {
	const char *p, *end;
	const char *file;
	char *marker_file; /* the name the last marker gave */
	unsigned int line;
	unsigned int flags;
};

/* Read len bytes of text (need not be NUL-terminated), which come from the
 * file named file (borrowed), with enum pol_fc_flags. */
void pol_fc_reader_init(struct pol_fc_reader *r, const char *file, const char *text, size_t len,
			unsigned int flags);
/* The next line that is neither empty nor a comment (nor a marker): returns
 * 0 and fills *out (check out->problem), 1 at the end, or -ENOMEM. */
int pol_fc_reader_next(struct pol_fc_reader *r, struct pol_fc_line *out);
void pol_fc_reader_release(struct pol_fc_reader *r);

/* Split one line [s, s + len) (no newline; it ends at a NUL too) as the
 * reader does, leaving out->file and out->line alone. Returns false for an
 * empty or comment line. */
bool pol_fc_parse_line(const char *s, size_t len, unsigned int flags, struct pol_fc_line *out);

/* Add l's problem to err as an error at file:line:col ("invalid file type
 * '-x' (one of -- -d -l -p -s -c -b)"). Returns POL_EFORMAT, or 0 when l
 * has no problem. */
int pol_fc_line_report(const struct pol_fc_line *l, struct pol_err *err);

/* Compile l's path as libselinux compiles a spec's regex (PCRE2, "^PATH$",
 * PCRE2_DOTALL). Returns 0, or POL_EREGEX with "invalid regex 'PATH': why"
 * in err at the column where PCRE2 stopped, or -ENOMEM. */
int pol_fc_check_regex(const struct pol_fc_line *l, struct pol_err *err);

#endif
