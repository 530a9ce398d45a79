/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Tokens of the kernel policy language, as checkpolicy's policy_scan.l cuts them. */
#include <string.h>

#include "source/internal.h"
#include "util/linemark.h"

#include "source/lex.h"

/* Spellings of the keywords, in enum order from K_FIRST_KEYWORD. */
static const char *const keywords[T_NKINDS - K_FIRST_KEYWORD] = {
    "clone",
    "common",
    "class",
    "constrain",
    "validatetrans",
    "inherits",
    "sid",
    "role",
    "roles",
    "roleattribute",
    "attribute_role",
    "types",
    "typealias",
    "typeattribute",
    "typebounds",
    "type",
    "bool",
    "tunable",
    "if",
    "else",
    "alias",
    "attribute",
    "expandattribute",
    "type_transition",
    "type_member",
    "type_change",
    "role_transition",
    "range_transition",
    "sensitivity",
    "dominance",
    "category",
    "level",
    "range",
    "mlsconstrain",
    "mlsvalidatetrans",
    "user",
    "neverallow",
    "allow",
    "auditallow",
    "auditdeny",
    "dontaudit",
    "allowxperm",
    "auditallowxperm",
    "dontauditxperm",
    "neverallowxperm",
    "source",
    "target",
    "sameuser",
    "module",
    "require",
    "optional",
    "or",
    "and",
    "not",
    "xor",
    "eq",
    "true",
    "false",
    "dom",
    "domby",
    "incomp",
    "fscon",
    "ibpkeycon",
    "ibendportcon",
    "portcon",
    "netifcon",
    "nodecon",
    "pirqcon",
    "iomemcon",
    "ioportcon",
    "pcidevicecon",
    "devicetreecon",
    "fs_use_xattr",
    "fs_use_task",
    "fs_use_trans",
    "genfscon",
    "r1",
    "r2",
    "r3",
    "u1",
    "u2",
    "u3",
    "t1",
    "t2",
    "t3",
    "l1",
    "l2",
    "h1",
    "h2",
    "policycap",
    "permissive",
    "default_user",
    "default_role",
    "default_type",
    "default_range",
    "low-high",
    "high",
    "low",
    "glblub",
};

#define KEYWORD_MAX_LEN 16

/* Character classes, so the hot loops test one table entry per byte. */
enum {
	C_LETTER = 1,
	C_DIGIT = 2,
	C_IDENT = 4, /* continues an identifier: letters, digits, '_', '-' */
	C_HEX = 8,
	C_ADDR = 16, /* hex digits, ':' and '.' */
	C_SPACE = 32,
	C_WORD = 64, /* continues a digit-led word: letters, digits, '_', '.' */
};

#define L (C_LETTER | C_IDENT | C_WORD)
#define LH (C_LETTER | C_IDENT | C_WORD | C_HEX | C_ADDR)
#define D (C_DIGIT | C_IDENT | C_WORD | C_HEX | C_ADDR)
static const unsigned char cclass[256] = {
    ['\t'] = C_SPACE, ['\v'] = C_SPACE,
    ['\f'] = C_SPACE, ['\r'] = C_SPACE,
    [' '] = C_SPACE,  ['0'] = D,
    ['1'] = D,	      ['2'] = D,
    ['3'] = D,	      ['4'] = D,
    ['5'] = D,	      ['6'] = D,
    ['7'] = D,	      ['8'] = D,
    ['9'] = D,	      ['a'] = LH,
    ['b'] = LH,	      ['c'] = LH,
    ['d'] = LH,	      ['e'] = LH,
    ['f'] = LH,	      ['A'] = LH,
    ['B'] = LH,	      ['C'] = LH,
    ['D'] = LH,	      ['E'] = LH,
    ['F'] = LH,	      ['g'] = L,
    ['h'] = L,	      ['i'] = L,
    ['j'] = L,	      ['k'] = L,
    ['l'] = L,	      ['m'] = L,
    ['n'] = L,	      ['o'] = L,
    ['p'] = L,	      ['q'] = L,
    ['r'] = L,	      ['s'] = L,
    ['t'] = L,	      ['u'] = L,
    ['v'] = L,	      ['w'] = L,
    ['x'] = L,	      ['y'] = L,
    ['z'] = L,	      ['G'] = L,
    ['H'] = L,	      ['I'] = L,
    ['J'] = L,	      ['K'] = L,
    ['L'] = L,	      ['M'] = L,
    ['N'] = L,	      ['O'] = L,
    ['P'] = L,	      ['Q'] = L,
    ['R'] = L,	      ['S'] = L,
    ['T'] = L,	      ['U'] = L,
    ['V'] = L,	      ['W'] = L,
    ['X'] = L,	      ['Y'] = L,
    ['Z'] = L,	      ['_'] = C_IDENT | C_WORD,
    ['-'] = C_IDENT,  ['.'] = C_WORD | C_ADDR,
    [':'] = C_ADDR,
};
#undef L
#undef LH
#undef D

const char *src_tok_kind_name(enum tok kind)
{
	static const char *const names[K_FIRST_KEYWORD] = {
	    [T_EOF] = "end of file",
	    [T_IDENT] = "name",
	    [T_FSNAME] = "file system name",
	    [T_NUMBER] = "number",
	    [T_WORD] = "word",
	    [T_PATH] = "path",
	    [T_QPATH] = "quoted path",
	    [T_STRING] = "quoted string",
	    [T_LBRACE] = "'{'",
	    [T_RBRACE] = "'}'",
	    [T_LPAREN] = "'('",
	    [T_RPAREN] = "')'",
	    [T_SEMI] = "';'",
	    [T_COLON] = "':'",
	    [T_COMMA] = "','",
	    [T_MINUS] = "'-'",
	    [T_TILDE] = "'~'",
	    [T_STAR] = "'*'",
	    [T_DOT] = "'.'",
	    [T_LBRACKET] = "'['",
	    [T_RBRACKET] = "']'",
	    [T_NOT] = "'!'",
	    [T_ANDAND] = "'&&'",
	    [T_OROR] = "'||'",
	    [T_CARET] = "'^'",
	    [T_EQEQ] = "'=='",
	    [T_NEQ] = "'!='",
	};

	if (tok_is_keyword(kind))
		return keywords[kind - K_FIRST_KEYWORD];
	if (kind < K_FIRST_KEYWORD && names[kind])
		return names[kind];
	return "token";
}

static void lex_error(struct lexer *lx, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void lex_error(struct lexer *lx, const char *at, const char *fmt, ...)
{
	va_list ap;

	if (*lx->errors >= SRC_MAX_ERRORS)
		return;
	(*lx->errors)++;
	va_start(ap, fmt);
	pol_err_vadd(lx->err, POL_SEV_ERROR, POL_EFORMAT, lx->file, lx->line,
		     (unsigned int)(at - lx->line_start) + 1, fmt, ap);
	va_end(ap);
}

/* A hash of a lower-case keyword candidate, for the lexer's keyword table. */
static unsigned int kw_hash(const char *s, size_t len)
{
	unsigned int h = (unsigned int)len;

	for (size_t i = 0; i < len; i++)
		h = h * 33u + (unsigned char)s[i];
	return h & (KW_SLOTS - 1);
}

static void kw_table_init(struct lexer *lx)
{
	for (size_t k = 0; k < T_NKINDS - K_FIRST_KEYWORD; k++) {
		unsigned int h = kw_hash(keywords[k], strlen(keywords[k]));

		while (lx->kwtab[h])
			h = (h + 1) & (KW_SLOTS - 1);
		lx->kwtab[h] = (unsigned char)(k + 1);
	}
}

void src_lex_init(struct lexer *lx, struct src_unit *unit, const char *name, const char *text,
		  size_t len, struct pol_err *err, unsigned int *errors)
{
	memset(lx, 0, sizeof(*lx));
	lx->unit = unit;
	lx->p = text;
	lx->end = text + len;
	lx->line_start = text;
	lx->file = src_intern_file(unit, name);
	lx->line = 1;
	lx->bol = true;
	lx->err = err;
	lx->errors = errors;
	kw_table_init(lx);
}

/*
 * Keywords are all lower case or all upper case ("allow", "ALLOW"; not
 * "Allow"), as checkpolicy's scanner spells each one twice.
 */
static enum tok keyword(const struct lexer *lx, const char *s, size_t len)
{
	char low[KEYWORD_MAX_LEN];
	bool lower = false, upper = false;
	unsigned int h;

	if (len < 2 || len > KEYWORD_MAX_LEN)
		return T_IDENT;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];

		if (c >= 'a' && c <= 'z') {
			lower = true;
			low[i] = c;
		} else if (c >= 'A' && c <= 'Z') {
			upper = true;
			low[i] = (char)(c - 'A' + 'a');
		} else {
			low[i] = c;
		}
	}
	if (lower && upper)
		return T_IDENT;
	for (h = kw_hash(low, len); lx->kwtab[h]; h = (h + 1) & (KW_SLOTS - 1)) {
		const char *kw = keywords[lx->kwtab[h] - 1];

		if (strncmp(kw, low, len) == 0 && kw[len] == 0)
			return (enum tok)(K_FIRST_KEYWORD + lx->kwtab[h] - 1);
	}
	return T_IDENT;
}

/* A "#line" marker: the next line is line N (of FILE). */
static void line_marker(struct lexer *lx, const char *s, const char *eol)
{
	struct pol_line_marker m;

	if (!pol_line_marker_parse(s, eol, &m))
		return; /* a comment that starts with "#line" */
	if (m.file) {
		char *copy = src_strndup(lx->unit, m.file, m.file_len);

		if (copy)
			lx->file = src_intern_file(lx->unit, copy);
	}
	/* the newline ending this marker line brings the count to N */
	lx->line = (uint32_t)(m.line - 1);
}

static const char *skip_space(struct lexer *lx)
{
	const char *p = lx->p, *end = lx->end;

	while (p < end) {
		unsigned char c = (unsigned char)*p;

		if (cclass[c] & C_SPACE) {
			p++;
		} else if (c == '\n') {
			p++;
			lx->line++;
			lx->line_start = p;
			lx->bol = true;
		} else if (c == '#') {
			const char *eol = memchr(p, '\n', (size_t)(end - p));

			if (!eol)
				eol = end;
			if (eol - p >= 5 && memcmp(p, "#line", 5) == 0)
				line_marker(lx, p, eol);
			p = eol;
		} else {
			break;
		}
	}
	return p;
}

/* A quoted string: "/path" is T_QPATH, any other T_STRING. No newline inside. */
static bool quoted(struct lexer *lx, const char *p, struct token *tok)
{
	const char *q = p + 1;

	while (q < lx->end && *q != '"' && *q != '\n')
		q++;
	if (q == lx->end || *q != '"') {
		lex_error(lx, p, "unterminated quoted string");
		lx->p = q;
		return false;
	}
	tok->kind = (q > p + 1 && p[1] == '/') ? T_QPATH : T_STRING;
	tok->text = p + 1;
	tok->len = (uint32_t)(q - p - 1);
	lx->p = q + 1;
	return true;
}

/* A digit-led word: a number, a file system name like "9p", or a version
 * or IPv4 address ("1.0", "10.0.0.1"). */
static const char *digit_word(const char *p, const char *end, enum tok *kind)
{
	const char *s = p;
	bool letters = false, other = false;

	if (end - p > 2 && p[0] == '0' && p[1] == 'x' && (cclass[(unsigned char)p[2]] & C_HEX)) {
		p += 2;
		while (p < end && (cclass[(unsigned char)*p] & C_HEX))
			p++;
		if (p == end || !(cclass[(unsigned char)*p] & C_WORD)) {
			*kind = T_NUMBER;
			return p;
		}
		p = s;
	}
	while (p < end) {
		unsigned char c = (unsigned char)*p;

		if (!(cclass[c] & C_WORD))
			break;
		if (cclass[c] & C_LETTER)
			letters = true;
		else if (!(cclass[c] & C_DIGIT))
			other = true;
		p++;
	}
	*kind = other ? T_WORD : letters ? T_FSNAME : T_NUMBER;
	return p;
}

void src_lex_next(struct lexer *lx, struct token *tok)
{
	const char *p, *end = lx->end;

again:
	p = skip_space(lx);
	tok->text = p;
	tok->len = 1;
	tok->loc.file = lx->file;
	tok->loc.line = lx->line;
	tok->loc.col = (uint32_t)(p - lx->line_start) + 1;
	tok->bol = lx->bol;
	lx->bol = false;
	if (p == end) {
		tok->kind = T_EOF;
		tok->len = 0;
		lx->p = p;
		return;
	}
	unsigned char c = (unsigned char)*p;

	if (cclass[c] & C_LETTER) {
		const char *q = p + 1;

		/* checkpolicy: letter (alnum|_|-)* ('.'? (alnum|_|-))* */
		for (;;) {
			if (q < end && (cclass[(unsigned char)*q] & C_IDENT))
				q++;
			else if (q + 1 < end && *q == '.' &&
				 (cclass[(unsigned char)q[1]] & C_IDENT))
				q += 2;
			else
				break;
		}
		tok->len = (uint32_t)(q - p);
		tok->kind = keyword(lx, p, tok->len);
		lx->p = q;
		return;
	}
	if (cclass[c] & C_DIGIT) {
		const char *q = digit_word(p, end, &tok->kind);

		tok->len = (uint32_t)(q - p);
		lx->p = q;
		return;
	}
	lx->p = p + 1;
	switch (c) {
	case '{':
		tok->kind = T_LBRACE;
		return;
	case '}':
		tok->kind = T_RBRACE;
		return;
	case '(':
		tok->kind = T_LPAREN;
		return;
	case ')':
		tok->kind = T_RPAREN;
		return;
	case ';':
		tok->kind = T_SEMI;
		return;
	case ':':
		tok->kind = T_COLON;
		return;
	case ',':
		tok->kind = T_COMMA;
		return;
	case '-':
		tok->kind = T_MINUS;
		return;
	case '~':
		tok->kind = T_TILDE;
		return;
	case '*':
		tok->kind = T_STAR;
		return;
	case '.':
		tok->kind = T_DOT;
		return;
	case '[':
		tok->kind = T_LBRACKET;
		return;
	case ']':
		tok->kind = T_RBRACKET;
		return;
	case '^':
		tok->kind = T_CARET;
		return;
	case '!':
		if (p + 1 < end && p[1] == '=') {
			tok->kind = T_NEQ;
			tok->len = 2;
			lx->p = p + 2;
		} else {
			tok->kind = T_NOT;
		}
		return;
	case '=':
	case '&':
	case '|':
		if (p + 1 < end && p[1] == (char)c) {
			tok->kind = c == '=' ? T_EQEQ : c == '&' ? T_ANDAND : T_OROR;
			tok->len = 2;
			lx->p = p + 2;
			return;
		}
		break;
	case '/': {
		const char *q = p;

		/* checkpolicy: "/" followed by anything but white space */
		while (q < end && !(cclass[(unsigned char)*q] & C_SPACE) && *q != '\n')
			q++;
		tok->kind = T_PATH;
		tok->len = (uint32_t)(q - p);
		lx->p = q;
		return;
	}
	case '"':
		if (quoted(lx, p, tok))
			return;
		goto again;
	default:
		break;
	}
	if (c == 0)
		lex_error(lx, p, "unexpected NUL byte");
	else if (c < 0x20 || c >= 0x7f)
		lex_error(lx, p, "unexpected byte 0x%02x", c);
	else
		lex_error(lx, p, "unexpected character '%c'", c);
	goto again;
}

bool src_lex_relex_addr(struct lexer *lx, struct token *tok)
{
	const char *p = tok->text, *q = p;

	if (tok->kind == T_EOF || tok->kind == T_STRING || tok->kind == T_QPATH)
		return false;
	while (q < lx->end && (cclass[(unsigned char)*q] & C_ADDR))
		q++;
	if (q == p)
		return false;
	tok->kind = T_WORD;
	tok->len = (uint32_t)(q - p);
	lx->p = q;
	return true;
}
