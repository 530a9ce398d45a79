/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the back end's files share (module.c, kpolicy.c, kpolicy-write.c,
 * cil.c, backend.c, cil-log.c, neverallow.c): libsepol's and the CIL
 * compiler's messages as diagnostics, and reading whole files.
 */
#ifndef POL_SOURCE_BACKEND_H
#define POL_SOURCE_BACKEND_H

#include "source/internal.h"

/*
 * Where a libsepol handle's messages go. Errors become error diagnostics,
 * warnings warnings (errors when werror); informational messages are
 * dropped, as libsepol's default handler drops them. A violated neverallow
 * ("neverallow on line N of FILE ...") becomes "FILE:N: error: neverallow
 * violated by ...".
 */
struct src_line_index;
struct src_allow_index;

struct src_sepol_msgs {
	struct pol_err *err;
	bool werror;
	unsigned int errors, warnings; /* counted as reported */
	/* While a base is expanded into kernel: where a violated neverallow's
	 * allow rules come from (neverallow.c), and the columns of lines. */
	const policydb_t *base, *kernel;
	struct src_line_index *lines;
	struct src_allow_index *allows; /* the base's allow rules, indexed */
	/* A rule's "(or line M of ...)" in libsepol's report is its column
	 * (rules checked against a built policy, check-neverallow.c), not
	 * read back from its file. */
	bool line_is_column;
	/* each violation, structured (pol_source_options' on_violation) */
	pol_source_violation_fn on_violation;
	void *violation_data;
};

/* Free what reporting cached (the lines of a source file, the base's
 * allow rules indexed). */
void src_backend_msgs_release(struct src_sepol_msgs *m);

/* A handle whose messages go to m; NULL when out of memory. Free with
 * pdb_sepol_free(); pdb_sepol_handle() is what libsepol takes. */
struct pdb_sepol *src_backend_handle(struct src_sepol_msgs *m);

/*
 * Some libsepol functions report through its process-wide "compat" handle
 * (ERR(NULL, ...)), whose default handler prints to stderr. Between begin
 * and end those messages go to m too; end restores libsepol's default.
 */
void src_backend_compat_begin(struct src_sepol_msgs *m);
void src_backend_compat_end(void);

/* Add a diagnostic for one line of libsepol's text at the given level
 * (SEPOL_MSG_ERR, SEPOL_MSG_WARN), recognising located messages. */
void src_backend_report(struct src_sepol_msgs *m, int level, const char *text);

/*
 * After a violated neverallow's error (v: the rule's kind and place): a
 * note at each allow rule of m->base (with its recorded origin) behind the
 * violation, given in libsepol's words ("allow S T:C { P ... }", or
 * allowxperm's); without m->base (a built policy checked alone), a note
 * naming each of m->kernel's allow entries behind it. Then the violation
 * goes to m->on_violation. Needs m->kernel; does nothing without it.
 */
void src_backend_note_allows(struct src_sepol_msgs *m, struct pol_source_violation *v,
			     const char *violation);

/*
 * Check the neverallow and neverallowxperm rules of the list rules
 * (expanded: types only, in kp's values) against kp with the index
 * (libpolicy/neverallow), then give the violated ones to libsepol's
 * check_assertions() on sh, which checks them again and reports each
 * violated access in its words (src_backend_report()). *nviolated: the
 * rules violated. Returns 0, or -ENOMEM with the reason in err.
 */
int src_check_neverallows(struct pdb_sepol *sh, struct pol_pdb *kp, avrule_t *rules,
			  size_t *nviolated, struct pol_err *err);

/* The column (1-based) where line of file starts, past blanks, so a
 * rule's diagnostic reads FILE:LINE:COL; 0 when the file cannot be read.
 * The file is read once and kept in m until src_backend_msgs_release(). */
unsigned int src_backend_line_col(struct src_sepol_msgs *m, const char *file, unsigned long line);

/* An error for a write that failed: the stream's error (ferror) when it
 * has one, else what libsepol said. Returns the status to return. */
int src_backend_write_error(FILE *out, const char *what, struct pol_err *err);

/*
 * Write to out with one of libsepol's writers: write(pf, arg) is given a
 * stdio policy_file whose handle's messages, and the compat handle's, go
 * to m. Returns 0; POL_EINVAL when m counted errors (a warning under
 * werror); or the write's error, with what ("binary policy", "module")
 * naming the output (src_backend_write_error()).
 */
int src_backend_write(struct src_sepol_msgs *m, FILE *out, const char *what,
		      int (*write)(struct policy_file *pf, void *arg), void *arg);
/* src_backend_write() with policydb_write(p): a kernel policy or a module. */
int src_backend_write_policydb(struct src_sepol_msgs *m, policydb_t *p, FILE *out,
			       const char *what);

/* The whole of a file (or pipe); *data is heap memory (free()), with
 * room for a NUL after *len bytes. Returns 0 or -errno, with the error in
 * err. */
int src_backend_read_file(const char *path, char **data, size_t *len, struct pol_err *err);

/*
 * Messages of libsepol's CIL compiler, as diagnostics. Its log arrives in
 * pieces; a report is a top-level line ("... at FILE:LINE") followed by
 * indented detail lines (the rule, "KEYWORD at FILE:LINE" steps).
 */
struct src_cil_violation;
struct src_cil_log {
	struct src_sepol_msgs msgs;
	char *line; /* text not yet ended by a newline */
	size_t len, alloc;
	/* the last top-level line, held until its first detail is known */
	char *held, *held_file;
	unsigned long held_line;
	enum pol_severity held_sev;
	bool held_detailed;
	/* an unlocated detail line, reported unless a located one follows */
	char *pending;
	/* where the last "KEYWORD at FILE:LINE" detail line pointed */
	char *detail_file;
	unsigned long detail_line;
	/* the violated neverallow being reported, for msgs.on_violation */
	struct src_cil_violation *violation;
};

/* Route the CIL compiler's log to log (for this thread) until
 * src_cil_log_end(), which reports what is left and frees log's buffers. */
void src_cil_log_begin(struct src_cil_log *log, struct pol_err *err, bool werror);
/* Report every complete message so far (all: and the incomplete one). */
void src_cil_log_flush(struct src_cil_log *log, bool all);
void src_cil_log_end(struct src_cil_log *log);

#endif
