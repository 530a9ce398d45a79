/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The lexer of the kernel policy language. It follows checkpolicy's scanner
 * (policy_scan.l) with one deliberate difference: addresses are not tokens
 * of their own. checkpolicy's IPv6 rule swallows contexts such as "a:b:c",
 * so here the parser asks for an address only where one belongs
 * (src_lex_relex_addr()).
 */
#ifndef POL_SOURCE_LEX_H
#define POL_SOURCE_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "source/ast.h"
#include "util/err.h"

enum tok {
	T_EOF,
	T_IDENT,  /* letter-led name */
	T_FSNAME, /* digit-led name with letters: only file system names (9p) */
	T_NUMBER, /* 123, 0x1F */
	T_WORD,	  /* another digit-led word: 1.0, 10.0.0.1; or an address (relexed) */
	T_PATH,	  /* /unquoted/path */
	T_QPATH,  /* "/quoted/path"; text excludes the quotes */
	T_STRING, /* "name" (no slash); text excludes the quotes */
	/* punctuation */
	T_LBRACE,
	T_RBRACE,
	T_LPAREN,
	T_RPAREN,
	T_SEMI,
	T_COLON,
	T_COMMA,
	T_MINUS,
	T_TILDE,
	T_STAR,
	T_DOT,
	T_LBRACKET,
	T_RBRACKET,
	T_NOT,	  /* ! */
	T_ANDAND, /* && */
	T_OROR,	  /* || */
	T_CARET,  /* ^ */
	T_EQEQ,	  /* == */
	T_NEQ,	  /* != */
	/* keywords, matched all lower-case or all upper-case as checkpolicy does */
	K_FIRST_KEYWORD,
	K_CLONE = K_FIRST_KEYWORD,
	K_COMMON,
	K_CLASS,
	K_CONSTRAIN,
	K_VALIDATETRANS,
	K_INHERITS,
	K_SID,
	K_ROLE,
	K_ROLES,
	K_ROLEATTRIBUTE,
	K_ATTRIBUTE_ROLE,
	K_TYPES,
	K_TYPEALIAS,
	K_TYPEATTRIBUTE,
	K_TYPEBOUNDS,
	K_TYPE,
	K_BOOL,
	K_TUNABLE,
	K_IF,
	K_ELSE,
	K_ALIAS,
	K_ATTRIBUTE,
	K_EXPANDATTRIBUTE,
	K_TYPE_TRANSITION,
	K_TYPE_MEMBER,
	K_TYPE_CHANGE,
	K_ROLE_TRANSITION,
	K_RANGE_TRANSITION,
	K_SENSITIVITY,
	K_DOMINANCE,
	K_CATEGORY,
	K_LEVEL,
	K_RANGE,
	K_MLSCONSTRAIN,
	K_MLSVALIDATETRANS,
	K_USER,
	K_NEVERALLOW,
	K_ALLOW,
	K_AUDITALLOW,
	K_AUDITDENY,
	K_DONTAUDIT,
	K_ALLOWXPERM,
	K_AUDITALLOWXPERM,
	K_DONTAUDITXPERM,
	K_NEVERALLOWXPERM,
	K_SOURCE,
	K_TARGET,
	K_SAMEUSER,
	K_MODULE,
	K_REQUIRE,
	K_OPTIONAL,
	K_OR,
	K_AND,
	K_NOT,
	K_XOR,
	K_EQ,
	K_TRUE,
	K_FALSE,
	K_DOM,
	K_DOMBY,
	K_INCOMP,
	K_FSCON,
	K_IBPKEYCON,
	K_IBENDPORTCON,
	K_PORTCON,
	K_NETIFCON,
	K_NODECON,
	K_PIRQCON,
	K_IOMEMCON,
	K_IOPORTCON,
	K_PCIDEVICECON,
	K_DEVICETREECON,
	K_FS_USE_XATTR,
	K_FS_USE_TASK,
	K_FS_USE_TRANS,
	K_GENFSCON,
	K_R1,
	K_R2,
	K_R3,
	K_U1,
	K_U2,
	K_U3,
	K_T1,
	K_T2,
	K_T3,
	K_L1,
	K_L2,
	K_H1,
	K_H2,
	K_POLICYCAP,
	K_PERMISSIVE,
	K_DEFAULT_USER,
	K_DEFAULT_ROLE,
	K_DEFAULT_TYPE,
	K_DEFAULT_RANGE,
	K_LOW_HIGH,
	K_HIGH,
	K_LOW,
	K_GLBLUB,
	T_NKINDS,
};

struct token {
	enum tok kind;
	const char *text; /* into the input; not NUL-terminated */
	uint32_t len;
	struct src_loc loc;
	bool bol; /* the first token on its line */
};

#define KW_SLOTS 512

struct lexer {
	struct src_unit *unit;
	const char *p, *end, *line_start;
	const char *file; /* interned */
	uint32_t line;
	bool bol;
	/* errors go to err; *errors counts them for the parser's limit */
	struct pol_err *err;
	unsigned int *errors;
	unsigned char kwtab[KW_SLOTS]; /* keyword hash table: index + 1, 0 = free */
};

void src_lex_init(struct lexer *lx, struct src_unit *unit, const char *name, const char *text,
		  size_t len, struct pol_err *err, unsigned int *errors);
/* The next token; unrecognized characters are reported and skipped. */
void src_lex_next(struct lexer *lx, struct token *tok);
/* Re-read tok (the token just returned) as an address: the longest run of
 * hex digits, ':' and '.', kind T_WORD. Returns false when tok does not
 * start with one (tok is then unchanged). */
bool src_lex_relex_addr(struct lexer *lx, struct token *tok);
/* The spelling of a keyword in lower case, or a description of another kind. */
const char *src_tok_kind_name(enum tok kind);
static inline bool tok_is_keyword(enum tok kind)
{
	return kind >= K_FIRST_KEYWORD && kind < T_NKINDS;
}

#endif
