/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The parser's driver: token helpers, diagnostics, error recovery, the
 * statement loop of blocks and src_parse(). A hand-written recursive
 * descent over checkpolicy's grammar (policy_parse.y), except that the top
 * level takes statements in any order: the lowering, which knows what each
 * means, rejects what is out of place.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "source/parse-internal.h"
#include "util/suggest.h"

/* ---- diagnostics ---- */

static bool count_error(struct parser *p)
{
	if (p->stop)
		return false;
	if (p->errors >= SRC_MAX_ERRORS) {
		p->stop = true;
		return false;
	}
	p->errors++;
	return true;
}

static void check_limit(struct parser *p)
{
	if (!p->stop && p->errors >= SRC_MAX_ERRORS) {
		pol_err_add(p->err, POL_SEV_NOTE, POL_EFORMAT, p->tok.loc.file, p->tok.loc.line,
			    p->tok.loc.col, "too many errors (%d), stopping here", SRC_MAX_ERRORS);
		p->stop = true;
	}
}

bool ps_error(struct parser *p, const struct src_loc *loc, const char *fmt, ...)
{
	va_list ap;

	if (!count_error(p))
		return false;
	if (!loc)
		loc = &p->tok.loc;
	va_start(ap, fmt);
	pol_err_vadd(p->err, POL_SEV_ERROR, POL_EFORMAT, loc->file, loc->line, loc->col, fmt, ap);
	va_end(ap);
	check_limit(p);
	return false;
}

__attribute__((format(printf, 4, 0))) static void ps_vreport(struct parser *p,
							     enum pol_severity sev,
							     const struct src_loc *loc,
							     const char *fmt, va_list ap)
{
	if (p->stop)
		return;
	if (!loc)
		loc = &p->tok.loc;
	pol_err_vadd(p->err, sev, sev == POL_SEV_NOTE ? 0 : POL_EFORMAT, loc->file, loc->line,
		     loc->col, fmt, ap);
}

void ps_warning(struct parser *p, const struct src_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ps_vreport(p, POL_SEV_WARNING, loc, fmt, ap);
	va_end(ap);
}

void ps_note(struct parser *p, const struct src_loc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ps_vreport(p, POL_SEV_NOTE, loc, fmt, ap);
	va_end(ap);
}

bool ps_nomem(struct parser *p)
{
	if (!p->oom) {
		p->oom = true;
		pol_err_add(p->err, POL_SEV_ERROR, -ENOMEM, p->tok.loc.file, p->tok.loc.line,
			    p->tok.loc.col, "out of memory while parsing");
	}
	p->stop = true;
	p->tok.kind = T_EOF;
	return false;
}

bool ps_enter(struct parser *p)
{
	if (p->depth >= PARSE_MAX_DEPTH) {
		ps_error(p, NULL, "nesting deeper than %d levels", PARSE_MAX_DEPTH);
		p->stop = true; /* unwinding would only report the same again */
		p->tok.kind = T_EOF;
		return false;
	}
	p->depth++;
	return true;
}

/* How a token reads in a message: "'foo'", "';'", "end of file". */
static void describe(const struct token *t, char *buf, size_t size)
{
	int len = t->len > 40 ? 40 : (int)t->len;
	const char *more = t->len > 40 ? "..." : "";

	switch (t->kind) {
	case T_EOF:
		snprintf(buf, size, "end of file");
		break;
	case T_IDENT:
	case T_FSNAME:
	case T_NUMBER:
	case T_WORD:
		snprintf(buf, size, "'%.*s%s'", len, t->text, more);
		break;
	case T_PATH:
		snprintf(buf, size, "path '%.*s%s'", len, t->text, more);
		break;
	case T_QPATH:
	case T_STRING:
		snprintf(buf, size, "\"%.*s%s\"", len, t->text, more);
		break;
	default:
		if (tok_is_keyword(t->kind))
			snprintf(buf, size, "keyword '%.*s'", len, t->text);
		else
			snprintf(buf, size, "%s", src_tok_kind_name(t->kind));
		break;
	}
}

bool ps_expected(struct parser *p, const char *what)
{
	char found[64];

	describe(&p->tok, found, sizeof(found));
	return ps_error(p, NULL, "expected %s, found %s", what, found);
}

/* ---- tokens ---- */

void ps_next(struct parser *p)
{
	if (p->tok.kind == T_LBRACE)
		p->braces++;
	else if (p->tok.kind == T_RBRACE)
		p->braces--;
	p->prev = p->tok;
	if (p->stop) {
		p->tok.kind = T_EOF;
		return;
	}
	src_lex_next(&p->lx, &p->tok);
	check_limit(p); /* the lexer counts its own errors */
	if (p->stop)
		p->tok.kind = T_EOF;
}

bool ps_accept(struct parser *p, enum tok kind)
{
	if (p->tok.kind != kind)
		return false;
	ps_next(p);
	return true;
}

bool ps_expect(struct parser *p, enum tok kind, const char *context)
{
	char found[64];

	if (ps_accept(p, kind))
		return true;
	describe(&p->tok, found, sizeof(found));
	/* A ';' missing at the end of a line is reported where it belongs,
	 * right after the statement, not at the next line's first token. */
	struct src_loc loc = p->tok.loc;

	if (kind == T_SEMI && p->prev.loc.file &&
	    (p->tok.loc.line != p->prev.loc.line || p->tok.loc.file != p->prev.loc.file)) {
		loc = p->prev.loc;
		loc.col += p->prev.len;
		if (p->prev.kind == T_STRING || p->prev.kind == T_QPATH)
			loc.col += 2;
	}
	return ps_error(p, &loc,
			tok_is_keyword(kind) ? "expected '%s' %s, found %s"
					     : "expected %s %s, found %s",
			src_tok_kind_name(kind), context, found);
}

/* ---- memory ---- */

void *ps_alloc(struct parser *p, size_t size)
{
	void *m = src_alloc(p->unit, size);

	if (!m)
		ps_nomem(p);
	return m;
}

char *ps_strndup(struct parser *p, const char *s, size_t len)
{
	char *m = src_strndup(p->unit, s, len);

	if (!m)
		ps_nomem(p);
	return m;
}

struct src_stmt *ps_stmt(struct parser *p, enum src_kind kind, const struct src_loc *loc)
{
	struct src_stmt *s = ps_alloc(p, sizeof(*s));

	if (s) {
		s->kind = kind;
		s->loc = *loc;
	}
	return s;
}

bool src_scratch_push(struct parser *p, const void *item, size_t size)
{
	if (p->scratch_alloc - p->scratch_used < size) {
		size_t n = p->scratch_alloc ? p->scratch_alloc * 2 : 4096;

		while (n - p->scratch_used < size)
			n *= 2;
		unsigned char *m = realloc(p->scratch, n);

		if (!m)
			return ps_nomem(p);
		p->scratch = m;
		p->scratch_alloc = n;
	}
	memcpy(p->scratch + p->scratch_used, item, size);
	p->scratch_used += size;
	return true;
}

void *src_scratch_take(struct parser *p, size_t mark, size_t size, size_t *n)
{
	size_t bytes = p->scratch_used - mark;
	void *m = NULL;

	*n = bytes / size;
	if (bytes) {
		m = ps_alloc(p, bytes);
		if (m)
			memcpy(m, p->scratch + mark, bytes);
		else
			*n = 0;
	}
	p->scratch_used = mark;
	return m;
}

/* ---- statements and blocks ---- */

/*
 * The statement keywords, one table: which parser takes each (FAM_NONE:
 * the token starts no statement), for parse_statement(), error recovery
 * (which stops before a keyword that begins a line, since policies put each
 * statement on a line of its own) and the "did you mean" keywords; and
 * which statements checkpolicy ends without ';' (and fscon, which leaves no
 * statement): a ';' after them is a syntax error there, not an empty
 * statement, as they come before the section that takes those.
 */
enum stmt_family { FAM_NONE, FAM_DECL, FAM_RULE, FAM_OCON };

struct stmt_keyword {
	unsigned char family; /* enum stmt_family */
	bool no_semicolon;
};

// clang-format off
#define DECL {FAM_DECL, false}
#define RULE {FAM_RULE, false}
#define OCON {FAM_OCON, true}	/* ocontexts end without ';' but fs_use_* */

static const struct stmt_keyword stmt_keywords[T_NKINDS] = {
	[K_CLASS] = {FAM_DECL, true}, [K_COMMON] = {FAM_DECL, true}, [K_SID] = {FAM_DECL, true},
	[K_DEFAULT_USER] = DECL, [K_DEFAULT_ROLE] = DECL, [K_DEFAULT_TYPE] = DECL,
	[K_DEFAULT_RANGE] = DECL, [K_SENSITIVITY] = DECL, [K_DOMINANCE] = DECL,
	[K_CATEGORY] = DECL, [K_LEVEL] = DECL, [K_POLICYCAP] = DECL, [K_ATTRIBUTE] = DECL,
	[K_EXPANDATTRIBUTE] = DECL, [K_TYPE] = DECL, [K_TYPEALIAS] = DECL,
	[K_TYPEATTRIBUTE] = DECL, [K_TYPEBOUNDS] = DECL, [K_BOOL] = DECL, [K_TUNABLE] = DECL,
	[K_PERMISSIVE] = DECL, [K_ATTRIBUTE_ROLE] = DECL, [K_ROLE] = DECL,
	[K_ROLEATTRIBUTE] = DECL, [K_USER] = DECL, [K_MODULE] = DECL,

	[K_IF] = RULE, [K_TYPE_TRANSITION] = RULE, [K_TYPE_MEMBER] = RULE, [K_TYPE_CHANGE] = RULE,
	[K_RANGE_TRANSITION] = RULE, [K_ALLOW] = RULE, [K_AUDITALLOW] = RULE,
	[K_AUDITDENY] = RULE, [K_DONTAUDIT] = RULE, [K_NEVERALLOW] = RULE,
	[K_ALLOWXPERM] = RULE, [K_AUDITALLOWXPERM] = RULE, [K_DONTAUDITXPERM] = RULE,
	[K_NEVERALLOWXPERM] = RULE, [K_ROLE_TRANSITION] = RULE, [K_MLSCONSTRAIN] = RULE,
	[K_MLSVALIDATETRANS] = RULE, [K_CONSTRAIN] = RULE, [K_VALIDATETRANS] = RULE,
	[K_REQUIRE] = RULE, [K_OPTIONAL] = RULE,

	[K_FS_USE_XATTR] = {FAM_OCON, false}, [K_FS_USE_TASK] = {FAM_OCON, false},
	[K_FS_USE_TRANS] = {FAM_OCON, false},
	[K_FSCON] = OCON, [K_GENFSCON] = OCON, [K_PORTCON] = OCON, [K_NETIFCON] = OCON,
	[K_NODECON] = OCON, [K_IBPKEYCON] = OCON, [K_IBENDPORTCON] = OCON, [K_PIRQCON] = OCON,
	[K_IOMEMCON] = OCON, [K_IOPORTCON] = OCON, [K_PCIDEVICECON] = OCON,
	[K_DEVICETREECON] = OCON,
};
#undef DECL
#undef RULE
#undef OCON
// clang-format on

static enum stmt_family statement_family(enum tok k)
{
	return (size_t)k < T_NKINDS ? stmt_keywords[k].family : FAM_NONE;
}

static bool starts_statement(enum tok k)
{
	return statement_family(k) != FAM_NONE;
}

/*
 * Skip the rest of a bad statement that started at brace depth depth:
 * through the next ';', up to (not through) a '}' closing the enclosing
 * block, or up to a statement keyword that starts a line (policies put
 * each statement on a line of its own, and several statements have no
 * ';' to find). Such a keyword also ends braces the statement left open,
 * as a missing '}' is the likelier mistake, except in the bodies of if
 * and optional (whole_blocks), which are skipped whole.
 */
static void recover(struct parser *p, int depth, bool whole_blocks)
{
	while (!ps_at(p, T_EOF) && p->braces >= depth) {
		if (p->tok.bol && starts_statement(p->tok.kind) &&
		    (p->braces == depth || !whole_blocks)) {
			p->braces = depth;
			return;
		}
		if (p->braces == depth) {
			if (ps_at(p, T_RBRACE))
				return;
			if (ps_accept(p, T_SEMI))
				return;
		}
		ps_next(p);
	}
}

/* What checkpolicy's grammar takes inside optional (avrule_decl plus users)
 * and inside if branches (cond_rule_def). */
static bool allowed_in(const struct src_stmt *s, enum block_ctx ctx)
{
	switch (ctx) {
	case BLOCK_TOP:
		return true;
	case BLOCK_COND:
		return s->kind == SRC_TYPERULE || s->kind == SRC_REQUIRE ||
		       (s->kind == SRC_AVRULE && s->u.rule.kind.av != SRC_NEVERALLOW);
	case BLOCK_OPTIONAL:
		switch (s->kind) {
		case SRC_ATTRIBUTE:
		case SRC_EXPANDATTRIBUTE:
		case SRC_TYPE:
		case SRC_TYPEALIAS:
		case SRC_TYPEATTRIBUTE:
		case SRC_TYPEBOUNDS:
		case SRC_BOOL:
		case SRC_TYPERULE:
		case SRC_RANGE_TRANSITION:
		case SRC_AVRULE:
		case SRC_XPERMRULE:
		case SRC_PERMISSIVE:
		case SRC_ATTRIBUTE_ROLE:
		case SRC_ROLE:
		case SRC_ROLEATTRIBUTE:
		case SRC_ROLE_DOMINANCE:
		case SRC_ROLE_TRANSITION:
		case SRC_ROLE_ALLOW:
		case SRC_IF:
		case SRC_REQUIRE:
		case SRC_OPTIONAL:
		case SRC_USER:
			return true;
		default:
			return false;
		}
	}
	return false;
}

/* "expected a statement", with the closest statement keyword when the
 * name looks like a misspelt one ("alow", "Allow"). */
static bool unknown_statement(struct parser *p)
{
	struct src_loc loc = p->tok.loc;
	const char *near[3];
	struct pol_suggest sg;
	char name[64];

	if (p->tok.kind != T_IDENT || p->tok.len >= sizeof(name))
		return ps_expected(p, "a statement");
	memcpy(name, p->tok.text, p->tok.len);
	name[p->tok.len] = 0;
	ps_expected(p, "a statement");
	if (p->stop)
		return false;
	pol_suggest_init(&sg, name);
	for (int k = K_FIRST_KEYWORD; k < T_NKINDS; k++) {
		if (starts_statement((enum tok)k))
			pol_suggest_offer(&sg, src_tok_kind_name((enum tok)k));
	}
	if (pol_suggest_result(&sg, near) > 0)
		pol_suggest_note_names(p->err, POL_EFORMAT, loc.file, loc.line, loc.col, near, 1);
	return false;
}

static bool parse_statement(struct parser *p, struct src_stmt **out)
{
	switch (statement_family(p->tok.kind)) {
	case FAM_DECL:
		return src_parse_decl(p, out);
	case FAM_RULE:
		return src_parse_rule(p, out);
	case FAM_OCON:
		return src_parse_ocon(p, out);
	case FAM_NONE:
		break;
	}
	return unknown_statement(p);
}

static const char *ctx_desc(enum block_ctx ctx)
{
	return ctx == BLOCK_COND ? "a conditional (if) block" : "an optional block";
}

static void append(struct src_block *b, struct src_stmt *chain)
{
	if (!chain)
		return;
	if (b->last)
		b->last->next = chain;
	else
		b->first = chain;
	while (chain->next)
		chain = chain->next;
	b->last = chain;
}

/* Statements only the lowering's rules walk reads: a lean parse drops
 * them. Constraints, contexts, defaults and policy capabilities stay, as
 * the declarations walk checks where they are (and they are few). */
static bool rules_walk_only(const struct src_stmt *chain)
{
	for (const struct src_stmt *s = chain; s; s = s->next) {
		switch (s->kind) {
		case SRC_AVRULE:
		case SRC_XPERMRULE:
		case SRC_TYPERULE:
		case SRC_RANGE_TRANSITION:
		case SRC_ROLE_ALLOW:
		case SRC_ROLE_TRANSITION:
			break;
		default:
			return false;
		}
	}
	return chain != NULL;
}

/* Give the kernel back the pages of a mapped text parsed so far, in steps
 * of a few megabytes: a private read-only file mapping reloads a page
 * from the file should anything touch it again. */
#define TEXT_RELEASE_STEP (4u << 20)

static void release_parsed_text(struct parser *p)
{
	const char *at = p->prev.text;
	long page = sysconf(_SC_PAGESIZE);
	size_t done;

	if (!p->text_mapped || !at || at < p->text || page <= 0)
		return;
	done = (size_t)(at - p->text) & ~((size_t)page - 1);
	if (done - p->text_released < TEXT_RELEASE_STEP)
		return;
	madvise((void *)(uintptr_t)(p->text + p->text_released), done - p->text_released,
		MADV_DONTNEED);
	p->text_released = done;
}

/* What becomes of a statement parsed whole and allowed where it is:
 * appended to the block, handed to the stream, or dropped (a lean parse's
 * rule, when the block already has a first statement). */
static void keep_statement(struct parser *p, struct src_block *out, enum block_ctx ctx,
			   struct src_stmt *chain, const struct src_mark *mark)
{
	if (ctx == BLOCK_TOP && p->each) {
		if (chain && !p->stop && !p->each(p->each_data, chain)) {
			p->stop = true;
			p->tok.kind = T_EOF;
		}
		src_unit_release(p->unit, mark);
		return;
	}
	if (p->lean && out->first && rules_walk_only(chain)) {
		src_unit_release(p->unit, mark);
		return;
	}
	append(out, chain);
}

/* Statements until '}' or the end; each bad one is reported and skipped. */
static void parse_statements(struct parser *p, struct src_block *out, enum block_ctx ctx)
{
	enum tok last = T_EOF; /* keyword of the statement just parsed */

	while (!ps_at(p, T_EOF) && !ps_at(p, T_RBRACE)) {
		const char *before = p->tok.text;
		int depth = p->braces;
		enum tok first = p->tok.kind;
		struct src_stmt *chain = NULL;
		struct src_mark mark;

		if (ctx == BLOCK_TOP)
			release_parsed_text(p);
		src_unit_mark(p->unit, &mark);

		/* checkpolicy takes empty statements, but not in if */
		if (ctx != BLOCK_COND && ps_at(p, T_SEMI)) {
			if (stmt_keywords[last].no_semicolon ||
			    (last == K_DOMINANCE && out->last && out->last->kind == SRC_DOMINANCE))
				ps_error(p, NULL, "unexpected ';': '%s' statements end without one",
					 src_tok_kind_name(last));
			ps_next(p);
			last = T_EOF;
			continue;
		}
		last = T_EOF;
		if (!parse_statement(p, &chain)) {
			if (ctx == BLOCK_TOP && p->each)
				src_unit_release(p->unit, &mark);
			recover(p, depth, first == K_IF || first == K_OPTIONAL);
			if (p->tok.text == before && !ps_at(p, T_EOF) && !ps_at(p, T_RBRACE))
				ps_next(p);
			continue;
		}
		for (struct src_stmt *s = chain; s; s = s->next) {
			if (s->kind == SRC_MODULE && ctx == BLOCK_TOP && out->first) {
				ps_error(p, &s->loc, "the module statement must come first");
				chain = NULL;
				break;
			}
			if (!allowed_in(s, ctx)) {
				if (s->kind == SRC_ROLE_ALLOW)
					ps_error(p, &s->loc,
						 "role allow rules are not allowed in %s",
						 ctx_desc(ctx));
				else
					ps_error(p, &s->loc, "'%s' is not allowed in %s",
						 src_tok_kind_name(first), ctx_desc(ctx));
				chain = NULL;
				break;
			}
		}
		keep_statement(p, out, ctx, chain, &mark);
		last = first;
	}
}

bool src_parse_block(struct parser *p, struct src_block *out, enum block_ctx ctx)
{
	struct src_loc open = p->tok.loc;

	if (!ps_expect(p, T_LBRACE, "to open the block"))
		return false;
	if (!ps_enter(p))
		return false;
	parse_statements(p, out, ctx);
	ps_leave(p);
	if (ctx == BLOCK_OPTIONAL && !out->first && ps_at(p, T_RBRACE))
		ps_error(p, &open, "empty optional block"); /* checkpolicy wants one statement */
	if (ps_at(p, T_EOF) && !p->stop)
		return ps_error(
		    p, NULL, "expected '}' to close the block opened at line %u, found end of file",
		    open.line);
	return ps_expect(p, T_RBRACE, "to close the block");
}

int src_parse(struct src_unit *unit, const char *name, const char *text, size_t len,
	      struct pol_err *err)
{
	static const struct src_parse_mode whole;

	return src_parse_with(unit, name, text, len, err, &whole);
}

int src_parse_with(struct src_unit *unit, const char *name, const char *text, size_t len,
		   struct pol_err *err, const struct src_parse_mode *mode)
{
	struct parser p;
	struct src_block *top = src_unit_top(unit);

	memset(&p, 0, sizeof(p));
	p.unit = unit;
	p.err = err;
	p.lean = mode->lean;
	p.verbose = mode->verbose;
	p.each = mode->each;
	p.each_data = mode->each_data;
	p.text_mapped = mode->text_mapped;
	p.text = text;
	src_lex_init(&p.lx, unit, name, text, len, err, &p.errors);
	ps_next(&p);
	while (!ps_at(&p, T_EOF)) {
		parse_statements(&p, top, BLOCK_TOP);
		if (ps_at(&p, T_RBRACE)) {
			ps_error(&p, NULL, "unexpected '}' outside any block");
			ps_next(&p);
		}
	}
	free(p.scratch);
	if (p.oom)
		return -ENOMEM;
	return p.errors ? POL_EFORMAT : 0;
}
