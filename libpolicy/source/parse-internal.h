/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the parser's files (parse*.c) share: the parser state, token
 * helpers, error reporting with recovery, and the pieces many statements
 * use (names, sets, levels, contexts).
 */
#ifndef POL_SOURCE_PARSE_INTERNAL_H
#define POL_SOURCE_PARSE_INTERNAL_H

#include "source/internal.h"

#include "source/lex.h"

/* Deeper nesting of blocks or expressions is refused, so that no input
 * can exhaust the stack. */
#define PARSE_MAX_DEPTH 200

struct parser {
	struct src_unit *unit;
	struct lexer lx;
	struct token tok;  /* the current (next unconsumed) token */
	struct token prev; /* the token consumed last */
	struct pol_err *err;
	unsigned int errors;
	unsigned int depth;
	int braces; /* '{' minus '}' consumed so far, for recovery */
	bool stop;  /* too many errors, too deep, or out of memory */
	bool oom;
	/* lean: drop the rule statements that only the lowering's last walk
	 * reads (each block keeps its first statement, so that the checks
	 * on a block's first statement and on empty blocks still hold) */
	bool lean;
	bool verbose; /* pol_source_set_verbose()'s notes */
	/* streaming: each top-level statement goes to each(), then its
	 * arena space is released; nothing is appended to the unit */
	src_stmt_fn each;
	void *each_data;
	/* the text is a private read-only file mapping: its pages already
	 * parsed are given back (they reload from the file if touched) */
	bool text_mapped;
	const char *text;
	size_t text_released;
	/* A LIFO scratch area where lists are gathered before they are
	 * copied, at their final size, into the arena. */
	unsigned char *scratch;
	size_t scratch_used, scratch_alloc;
};

/* Where statements may appear, which decides the statements allowed. */
enum block_ctx {
	BLOCK_TOP,	/* a policy.conf or module: everything */
	BLOCK_OPTIONAL, /* optional { } and its else: like a module's body */
	BLOCK_COND,	/* if { } and else: TE rules and require */
};

/* unit.c: the top-level block the parser appends to. */
struct src_block *src_unit_top(struct src_unit *unit);

/* A point in the unit's arena: src_unit_release() frees everything
 * allocated since src_unit_mark(), so that a statement the caller is done
 * with gives its space back (interned file names are kept). */
struct src_mark {
	struct src_chunk *chunks, *nodes, *strings;
	size_t nodes_used, strings_used;
};
void src_unit_mark(const struct src_unit *unit, struct src_mark *m);
void src_unit_release(struct src_unit *unit, const struct src_mark *m);

/* ---- tokens (parse.c) ---- */
void ps_next(struct parser *p);
static inline bool ps_at(const struct parser *p, enum tok kind)
{
	return p->tok.kind == kind;
}
bool ps_accept(struct parser *p, enum tok kind);
/* Consume a token of kind or report "expected KIND CONTEXT, found X". */
bool ps_expect(struct parser *p, enum tok kind, const char *context);
/* Report at the current token: "expected WHAT, found X". Returns false. */
bool ps_expected(struct parser *p, const char *what);
/* Report at loc (or the current token when loc is NULL). Returns false. */
bool ps_error(struct parser *p, const struct src_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ps_note(struct parser *p, const struct src_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ps_warning(struct parser *p, const struct src_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Out of memory: stop parsing. Returns false. */
bool ps_nomem(struct parser *p);
/* Enter one level of nesting; false (reported) when too deep. */
bool ps_enter(struct parser *p);
static inline void ps_leave(struct parser *p)
{
	p->depth--;
}

/* ---- memory ---- */
void *ps_alloc(struct parser *p, size_t size);
char *ps_strndup(struct parser *p, const char *s, size_t len);
struct src_stmt *ps_stmt(struct parser *p, enum src_kind kind, const struct src_loc *loc);
/* Scratch lists: remember scratch_mark(), push items, then src_scratch_take()
 * copies the items since the mark into the arena and pops them. */
static inline size_t scratch_mark(const struct parser *p)
{
	return p->scratch_used;
}
bool src_scratch_push(struct parser *p, const void *item, size_t size);
void *src_scratch_take(struct parser *p, size_t mark, size_t size, size_t *n);

/* ---- common pieces (parse-common.c) ---- */
/* A name (T_IDENT); what says what kind of name for the message. */
bool src_parse_id(struct parser *p, struct src_id *out, const char *what);
/* "a b c" until a token that is not a name (at least one). */
bool src_parse_id_list(struct parser *p, struct src_id **ids, size_t *n, const char *what);
/* "a, b, c" (at least one). */
bool src_parse_id_comma_list(struct parser *p, struct src_id **ids, size_t *n, const char *what);
/* "{ a b c }" (at least one). */
bool src_parse_braced_ids(struct parser *p, struct src_id **ids, size_t *n, const char *what);
/* checkpolicy's "names": a, { a -b { c } }, *, ~a, ~{ a b }, a - b. */
bool src_parse_set(struct parser *p, struct src_set *out, const char *what);
/* checkpolicy's "names_push" of constraints: a, { a b }, *, ~a, ~{ a b }. */
bool src_parse_plain_set(struct parser *p, struct src_set *out, const char *what);
/* A set that may only list names (aliases, require perms): a or { a b }. */
bool src_parse_plain_names(struct parser *p, struct src_id **ids, size_t *n, const char *what);
bool src_parse_level(struct parser *p, struct src_level *out);
bool src_parse_range(struct parser *p, struct src_range *out);
bool src_parse_context(struct parser *p, struct src_context *out);
/* Numbers: out of range (above max) is an error at the number. */
bool src_parse_number(struct parser *p, uint64_t max, uint64_t *out, const char *what);
bool src_parse_bool_value(struct parser *p, bool *out);
/* The path of genfscon/devicetreecon: /unquoted or "/quoted". */
bool src_parse_path(struct parser *p, const char **out);

/* ---- expressions (parse-expr.c) ---- */
bool src_parse_cond_expr(struct parser *p, struct src_cond **out);
bool src_parse_cexpr(struct parser *p, struct src_cexpr **out);

/* ---- statements ---- */
/* parse.c: a block "{ ... }" of statements allowed in ctx. */
bool src_parse_block(struct parser *p, struct src_block *out, enum block_ctx ctx);
/* parse-decl.c: classes, MLS, types, roles, users, booleans, defaults,
 * policycap, module; parse-rule.c: rules, if, require, optional,
 * constraints; parse-ocon.c: contexts. Each starts at its keyword and
 * returns the statement(s) through out (a chain linked by next). */
bool src_parse_decl(struct parser *p, struct src_stmt **out);
bool src_parse_rule(struct parser *p, struct src_stmt **out);
bool src_parse_ocon(struct parser *p, struct src_stmt **out);

#endif
