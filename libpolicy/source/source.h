/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Policy source compilation: parse the kernel policy language (policy.conf,
 * module .te), lower it into a module policydb, then link, expand, check and
 * write a kernel binary, CIL, policy.conf or a .pp package. CIL sources go
 * to libsepol's CIL compiler. Every diagnostic names the user's file, line
 * and column.
 */
#ifndef POL_SOURCE_H
#define POL_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pdb/pdb.h"
#include "util/err.h"

enum pol_source_target { POL_SOURCE_TARGET_SELINUX, POL_SOURCE_TARGET_XEN };

/* handle_unknown, as checkpolicy -U writes it into the binary */
enum pol_source_unknown {
	POL_SOURCE_UNKNOWN_DEFAULT,
	POL_SOURCE_UNKNOWN_DENY,
	POL_SOURCE_UNKNOWN_REJECT,
	POL_SOURCE_UNKNOWN_ALLOW
};

/* Where a rule is: a source line, or (file NULL) a rule of a binary
 * policy, which keeps no source lines, in text. */
struct pol_source_origin {
	const char *file;
	unsigned int line, col; /* 1-based; 0 = unknown */
	const char *rule;	/* file NULL: "allow S T:C { P ... }" as the binary has it */
};

/* One violated access of a neverallow rule, as libsepol 3.4 reports it:
 * the expanded source and target types, the class, and the permissions
 * ("read write") or, for neverallowxperm, the extended permissions in
 * libsepol's words ("ioctl { 0x8910 }"). Valid during the call only. */
struct pol_source_violation {
	const char *kind; /* "neverallow" or "neverallowxperm" */
	struct pol_source_origin rule;
	const char *source, *target, *class_name, *perms;
	const struct pol_source_origin *allowed_by; /* the allow rules behind it */
	size_t n_allowed_by;
};
typedef void (*pol_source_violation_fn)(const struct pol_source_violation *v, void *data);

struct pol_source_options {
	bool mls;	      /* -M: the policy is MLS */
	unsigned int version; /* -c: policy (or module) version to write; 0 = newest */
	enum pol_source_unknown handle_unknown; /* -U */
	enum pol_source_target target;		/* -t */
	bool no_neverallow;			/* -N: skip neverallow checks */
	bool werror;				/* -E: warnings are errors */
	bool sort_ocontexts;			/* -S: sort ocontexts as secilc/semanage do */
	bool optimize;				/* -O: drop redundant rules */
	bool preserve_tunables;			/* keep tunables as booleans (secilc -P) */
	bool disable_dontaudit;			/* drop dontaudit rules (secilc -D) */
	/* each neverallow violation of a policy.conf or a built policy,
	 * after its diagnostics (NULL: none); of CIL, each violated
	 * statement as the CIL compiler reports it (its source, target,
	 * class and permissions as written, no expanded access) */
	pol_source_violation_fn on_violation;
	void *violation_data;
};

/* ---- Parsing ------------------------------------------------------- */

/* Parsed policy sources (one policy.conf, or one module's .te). */
struct pol_source;

int pol_source_new(struct pol_source **out, struct pol_err *err);
void pol_source_free(struct pol_source *src);

/*
 * Parse a file (or data, named name in diagnostics) and append its
 * statements. "#line N \"file\"" markers (m4 -s) move the reported location.
 * Parsing goes on after an error to report several; returns 0, or
 * POL_EFORMAT with every error in err, or -errno when path is unreadable.
 */
int pol_source_parse_file(struct pol_source *src, const char *path, struct pol_err *err);
int pol_source_parse_data(struct pol_source *src, const char *name, const char *data, size_t len,
			  struct pol_err *err);

/*
 * Before parsing: trade a second parse for memory, as checkpolicy does.
 * The parse then keeps only what declares symbols (rules are checked and
 * dropped), and pol_source_lower() parses the texts again, lowering each
 * rule as it comes. The source keeps the texts until it is freed: files
 * stay mapped, and the data given to pol_source_parse_data() must stay
 * valid and unchanged until then. Diagnostics are the same. A lean source
 * can be lowered once: lowering consumes its syntax tree.
 */
void pol_source_set_lean(struct pol_source *src, bool lean);

/* Before parsing: add notes that only a verbose run shows (an ioctl
 * command number cut to the 16 bits the kernel checks, as checkpolicy). */
void pol_source_set_verbose(struct pol_source *src, bool verbose);

/* Whether the parsed source is a module (has a "module" statement). */
bool pol_source_is_module(const struct pol_source *src);

/* One rule of a text, as pol_source_scan_rules() hands it out. */
enum pol_source_rule_kind {
	POL_SOURCE_RULE_ALLOW,	  /* allow SRC TGT:CLASSES PERMS */
	POL_SOURCE_RULE_OTHER_AV, /* auditallow, dontaudit, neverallow, ... */
	POL_SOURCE_RULE_TYPE,	  /* type_transition/member/change: deflt set */
	POL_SOURCE_RULE_ROLE,	  /* role NAME types TYPES: src = { NAME }, tgt = TYPES */
};

struct pol_source_rule {
	enum pol_source_rule_kind kind;
	const char *file; /* after "#line" markers */
	unsigned int line;
	const char *const *src, *const *tgt, *const *classes, *const *perms;
	size_t nsrc, ntgt, nclasses, nperms;
	const char *deflt; /* POL_SOURCE_RULE_TYPE: the new type */
	bool complex;	   /* a set had "*", "~" or "-name": only its plain names are given */
	bool conditional;  /* inside an if block, or an optional's else block */
};

/*
 * Parse a policy text (a module body, or m4's expansion of one) and hand
 * each rule to fn, inside if and optional blocks too, in text order. The
 * rule and its names are valid during the call only. fn returns 0 to go on
 * or < 0 to stop (that value is returned). Returns 0, POL_EFORMAT with the
 * syntax errors in err, or -ENOMEM.
 */
int pol_source_scan_rules(const char *name, const char *text, size_t len,
			  int (*fn)(const struct pol_source_rule *rule, void *data), void *data,
			  struct pol_err *err);

/*
 * Check a parsed module's requires against a binary policy (the installed
 * one, as a rule: pdb/pdb.h's pol_pdb_open_default()), before lowering a
 * lean source. Each type, role, user, class, permission, sensitivity or
 * category required outside optional blocks that base lacks gets a
 * warning at the name (an error with opts->werror), with a did-you-mean
 * note: semodule -i would refuse the module. A missing attribute gets a
 * note (a kernel policy drops unused ones); booleans, tunables and role
 * attributes are not checked (a kernel policy drops tunables and role
 * attributes). Does nothing for a base policy. Returns 0, or POL_EINVAL
 * when opts->werror made a warning an error.
 */
int pol_source_check_base(const struct pol_source *src, const struct pol_pdb *base,
			  const struct pol_source_options *opts, struct pol_err *err);

/*
 * Check a module's file context, "USER:ROLE:TYPE[:RANGE]" (len bytes at
 * file:line:col, a line of its .fc), against the names the module declares
 * or requires (in optional blocks too) and against base, before lowering a
 * lean source: a type in neither is an error at its column, a user or role
 * in neither a warning (an error with opts->werror), each with a
 * did-you-mean note over both, and an attribute where the type goes a
 * warning; semodule -i would refuse the module. The range is checked
 * against base (pol_pdb_check_range()); a malformed context, and whether
 * the role is authorized for the type (the module's role statements), are
 * not looked at. base NULL (no policy to check against): a type the module
 * lacks is a note, an attribute a warning, nothing else is checked. Does
 * nothing for a base policy. Returns 0, POL_EINVAL for an error, or
 * -ENOMEM.
 */
int pol_source_check_fc_context(const struct pol_source *src, const struct pol_pdb *base,
				const struct pol_source_options *opts, const char *context,
				size_t len, const char *file, unsigned int line, unsigned int col,
				struct pol_err *err);

/* ---- Lowering ------------------------------------------------------- */

/* A lowered source: a base policy or a module, in libsepol's module form. */
struct pol_source_module;

/*
 * Lower the parsed source into a module policydb: symbols, scopes,
 * avrule blocks, conditionals, constraints, contexts. Unknown names,
 * duplicates and type errors are reported at their location (with a
 * did-you-mean where one is close). Returns 0 and *out (free with
 * pol_source_module_free()), or POL_EINVAL with the errors in err.
 */
int pol_source_lower(const struct pol_source *src, const struct pol_source_options *opts,
		     struct pol_source_module **out, struct pol_err *err);
void pol_source_module_free(struct pol_source_module *mod);

bool pol_source_module_is_base(const struct pol_source_module *mod);
/* The module's name ("base" style policies return NULL). */
const char *pol_source_module_name(const struct pol_source_module *mod);

/* Write the module as CIL (libsepol's module-to-CIL), for semodule -i. */
int pol_source_module_write_cil(struct pol_source_module *mod, FILE *out, struct pol_err *err);
/* Write a .mod (checkmodule's output) or a .pp package with an optional
 * file_contexts text (fc may be NULL). */
int pol_source_module_write_mod(struct pol_source_module *mod,
				const struct pol_source_options *opts, FILE *out,
				struct pol_err *err);
int pol_source_module_write_pp(struct pol_source_module *mod, const struct pol_source_options *opts,
			       const char *fc, size_t fc_len, FILE *out, struct pol_err *err);

/* Parse, lower and write a module's policy-language text (te_name names
 * it in diagnostics) in one call: a .pp without file contexts, or (cil)
 * its CIL. */
int pol_source_compile_module_text(const char *te_name, const char *te, size_t len, bool mls,
				   bool cil, FILE *out, struct pol_err *err);

/* ---- Kernel policies ------------------------------------------------ */

/* A kernel policy is a struct pol_pdb (pdb/pdb.h): what is compiled here
 * can be queried at once, as a policy read from a binary can, and freed
 * with pol_pdb_free(). */

/*
 * Link and expand a base module into a kernel policy, checking
 * neverallow (unless opts->no_neverallow), typebounds and hierarchy.
 * A violated neverallow names the rule's file and line.
 */
int pol_source_module_expand(struct pol_source_module *base, const struct pol_source_options *opts,
			     struct pol_pdb **out, struct pol_err *err);

/* Compile CIL files (as secilc does) into a kernel policy. When fc is not
 * NULL it receives the file_contexts text (heap; free()) and its length. */
int pol_source_cil_compile(const char *const *paths, size_t n,
			   const struct pol_source_options *opts, struct pol_pdb **out, char **fc,
			   size_t *fc_len, struct pol_err *err);

/* Apply -S (sort ocontexts) and -O (optimize) from opts. */
/*
 * Check the built kernel policy kp against the neverallow and
 * neverallowxperm rules of src (parsed policy.conf statements; any other
 * statement is an error), as if they had been in its source: each rule
 * lowered against kp's symbols and expanded as expand_module() expands a
 * neverallow, with libsepol 3.4's verdicts. Each violated access is an
 * error at the rule, with a note naming each allow entry of kp behind it
 * (and opts->on_violation). *nviolated: how many rules kp violates.
 * Returns 0; POL_EINVAL with the errors in err when a rule names what kp
 * lacks; -ENOMEM.
 */
int pol_source_check_neverallows(const struct pol_source *src, struct pol_pdb *kp,
				 const struct pol_source_options *opts, size_t *nviolated,
				 struct pol_err *err);

/*
 * The neverallow and neverallowx statements of a CIL text (named name) as
 * policy.conf statements for pol_source_parse_data() and
 * pol_source_check_neverallows(), each after a "#line" marker so that
 * diagnostics name name's lines and columns. *out: heap memory (free()),
 * *out_len bytes. Returns 0, POL_EFORMAT with every error in err (another
 * statement, a form not read), or -ENOMEM.
 */
int pol_source_cil_neverallows(const char *name, const char *text, size_t len, char **out,
			       size_t *out_len, struct pol_err *err);

int pol_source_kpolicy_finish(struct pol_pdb *kp, const struct pol_source_options *opts,
			      struct pol_err *err);

/* The version a binary built from source is written at with opts: -c, or
 * the newest for the target (Xen's is 30). A binary read with -b older
 * than 24 keeps its own (pol_source_kpolicy_write_binary warns). */
unsigned int pol_source_version(const struct pol_source_options *opts);

/* Writers: binary (at opts->version, opts->target, handle_unknown),
 * CIL, policy.conf. */
int pol_source_kpolicy_write_binary(struct pol_pdb *kp, const struct pol_source_options *opts,
				    FILE *out, struct pol_err *err);
int pol_source_kpolicy_write_cil(struct pol_pdb *kp, FILE *out, struct pol_err *err);
int pol_source_kpolicy_write_conf(struct pol_pdb *kp, FILE *out, struct pol_err *err);

#endif
