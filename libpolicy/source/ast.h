/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The abstract syntax tree of the kernel policy language (policy.conf and
 * modules: what checkpolicy/checkmodule 3.4 accept). The parser builds it,
 * the lowering walks it. Every node knows where the user wrote it: with
 * m4's line markers that is the user's .te or .if, not m4's output.
 *
 * All nodes and strings live in the unit's arena and die with the unit.
 * Lists are singly linked through `next` in source order.
 */
#ifndef POL_SOURCE_AST_H
#define POL_SOURCE_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct src_loc {
	const char *file; /* interned in the unit; never NULL */
	uint32_t line, col; /* 1-based */
};

/* A name as written, e.g. a type, a permission, "self". */
struct src_id {
	const char *name;
	struct src_loc loc;
};

/* One member of a name set; neg is the "-name" form inside braces. */
struct src_set_item {
	struct src_id id;
	bool neg;
};

/*
 * A set of names as the language writes it: "a", "{ a b -c }", "*",
 * "~a", "~{ a b }". An empty set (n == 0, !star) only comes from "{ }"
 * in places that allow it.
 */
struct src_set {
	struct src_loc loc;
	struct src_set_item *items;
	size_t n;
	bool star;  /* "*" */
	bool tilde; /* "~..." : the complement of the items */
};

/* A category item of a level: "c0" or the range "c0.c255". */
struct src_cat {
	struct src_id lo, hi; /* hi.name is NULL for a single category */
};

/* "s0" or "s0:c0,c2.c5". */
struct src_level {
	struct src_loc loc;
	struct src_id sens;
	struct src_cat *cats;
	size_t ncats;
};

/* "low" or "low - high". */
struct src_range {
	struct src_loc loc;
	struct src_level low, high;
	bool has_high;
};

/* "user:role:type[:range]". range is NULL when the context has none. */
struct src_context {
	struct src_loc loc;
	struct src_id user, role, type;
	struct src_range *range;
};

/* Expressions of if (...) statements. */
enum src_cond_op {
	SRC_COND_BOOL, /* id */
	SRC_COND_NOT,  /* ! l */
	SRC_COND_AND,  /* l && r */
	SRC_COND_OR,   /* l || r */
	SRC_COND_XOR,  /* l ^ r */
	SRC_COND_EQ,   /* l == r */
	SRC_COND_NEQ,  /* l != r */
};

struct src_cond {
	enum src_cond_op op;
	struct src_loc loc;
	struct src_id id; /* SRC_COND_BOOL */
	struct src_cond *l, *r;
};

/* Expressions of constrain, validatetrans and their mls forms. */
enum src_cexpr_kind {
	SRC_CEXPR_NOT,   /* not l */
	SRC_CEXPR_AND,   /* l and r */
	SRC_CEXPR_OR,    /* l or r */
	SRC_CEXPR_ATTR,  /* left op right, e.g. "u1 == u2", "l1 domby h2" */
	SRC_CEXPR_NAMES, /* left op names, e.g. "t1 == { a b }", "r2 != r" */
};

/* Operands, named as the language spells them. */
enum src_cexpr_operand {
	SRC_CX_U1, SRC_CX_U2, SRC_CX_U3,
	SRC_CX_R1, SRC_CX_R2, SRC_CX_R3,
	SRC_CX_T1, SRC_CX_T2, SRC_CX_T3,
	SRC_CX_L1, SRC_CX_L2, SRC_CX_H1, SRC_CX_H2,
};

enum src_cexpr_op {
	SRC_CX_EQ,     /* == */
	SRC_CX_NEQ,    /* != */
	SRC_CX_DOM,    /* dom */
	SRC_CX_DOMBY,  /* domby */
	SRC_CX_INCOMP, /* incomp */
};

struct src_cexpr {
	enum src_cexpr_kind kind;
	struct src_loc loc;
	enum src_cexpr_operand left, right; /* right only for SRC_CEXPR_ATTR */
	enum src_cexpr_op op;
	struct src_set names; /* SRC_CEXPR_NAMES */
	struct src_cexpr *l, *r;
};

/* Extended permissions: "0x8910", "{ 0x8910-0x8920 35 }", "~{ ... }". */
struct src_xperm_range {
	uint16_t lo, hi;
};

struct src_xperms {
	struct src_loc loc;
	struct src_xperm_range *items;
	size_t n;
	bool tilde;
};

enum src_kind {
	/* classes and permissions */
	SRC_CLASS_DECL,  /* class NAME                    (the ordering list) */
	SRC_COMMON,      /* common NAME { perms }          */
	SRC_CLASS_PERMS, /* class NAME [inherits COMMON] [{ perms }] */
	SRC_SID_DECL,    /* sid NAME                       */
	SRC_DEFAULT,     /* default_user/role/type/range   */
	/* MLS */
	SRC_SENSITIVITY, /* sensitivity NAME [alias ALIASES] */
	SRC_DOMINANCE,   /* dominance { s0 s1 ... }        */
	SRC_CATEGORY,    /* category NAME [alias ALIASES]  */
	SRC_LEVEL,       /* level s0:c0.c255               */
	/* types */
	SRC_TYPE,          /* type NAME [alias ALIASES] [, ATTR...] */
	SRC_TYPEALIAS,     /* typealias TYPE alias ALIASES  */
	SRC_ATTRIBUTE,     /* attribute NAME                */
	SRC_TYPEATTRIBUTE, /* typeattribute TYPE ATTR, ...  */
	SRC_TYPEBOUNDS,    /* typebounds PARENT CHILD, ...  */
	SRC_PERMISSIVE,    /* permissive TYPE               */
	SRC_EXPANDATTRIBUTE, /* expandattribute ATTRS true|false */
	/* booleans and conditionals */
	SRC_BOOL,    /* bool NAME true|false; tunable NAME true|false */
	SRC_IF,      /* if (cond) { ... } [else { ... }] */
	/* rules */
	SRC_AVRULE,     /* allow/auditallow/auditdeny/dontaudit/neverallow */
	SRC_XPERMRULE,  /* allowxperm/auditallowxperm/dontauditxperm/neverallowxperm */
	SRC_TYPERULE,   /* type_transition/type_member/type_change */
	SRC_RANGE_TRANSITION,
	/* roles */
	SRC_ROLE,            /* role NAME [types SET]       */
	SRC_ATTRIBUTE_ROLE,  /* attribute_role NAME         */
	SRC_ROLEATTRIBUTE,   /* roleattribute ROLE ATTR, ... */
	SRC_ROLE_ALLOW,      /* allow ROLES ROLES           */
	SRC_ROLE_TRANSITION, /* role_transition ROLES TYPES[:CLASSES] ROLE */
	SRC_ROLE_DOMINANCE,  /* dominance { role r { role s; } } (old form) */
	/* users */
	SRC_USER, /* user NAME roles SET [level L range R] */
	/* constraints */
	SRC_CONSTRAIN,     /* constrain / mlsconstrain       */
	SRC_VALIDATETRANS, /* validatetrans / mlsvalidatetrans */
	/* contexts */
	SRC_SID_CONTEXT, /* sid NAME CONTEXT */
	SRC_FSCON,       /* fscon MAJOR MINOR CONTEXT CONTEXT (obsolete) */
	SRC_FS_USE,      /* fs_use_xattr/task/trans FS CONTEXT */
	SRC_GENFSCON,    /* genfscon FS PATH [-type] CONTEXT */
	SRC_PORTCON,     /* portcon PROTO PORT[-PORT] CONTEXT */
	SRC_NETIFCON,    /* netifcon NAME CONTEXT CONTEXT */
	SRC_NODECON,     /* nodecon ADDR MASK CONTEXT (IPv4 or IPv6) */
	SRC_IBPKEYCON,   /* ibpkeycon SUBNET PKEY[-PKEY] CONTEXT */
	SRC_IBENDPORTCON, /* ibendportcon DEVICE PORT CONTEXT */
	SRC_XEN_CONTEXT, /* pirqcon/iomemcon/ioportcon/pcidevicecon/devicetreecon */
	/* misc */
	SRC_POLICYCAP, /* policycap NAME */
	/* modules */
	SRC_MODULE,   /* module NAME VERSION */
	SRC_REQUIRE,  /* require { ... } */
	SRC_OPTIONAL, /* optional { ... } [else { ... }] */
};

enum src_avrule_kind {
	SRC_ALLOW, SRC_AUDITALLOW, SRC_AUDITDENY, SRC_DONTAUDIT, SRC_NEVERALLOW,
};

enum src_typerule_kind { SRC_TYPE_TRANSITION, SRC_TYPE_MEMBER, SRC_TYPE_CHANGE };

enum src_default_kind { SRC_DEFAULT_USER, SRC_DEFAULT_ROLE, SRC_DEFAULT_TYPE, SRC_DEFAULT_RANGE };
enum src_default_which { SRC_DEFAULT_SOURCE, SRC_DEFAULT_TARGET, SRC_DEFAULT_GLBLUB };
enum src_default_part { SRC_DEFAULT_NONE, SRC_DEFAULT_LOW, SRC_DEFAULT_HIGH, SRC_DEFAULT_LOW_HIGH };

enum src_fs_use { SRC_FS_USE_XATTR, SRC_FS_USE_TASK, SRC_FS_USE_TRANS };

/* genfscon's file type option; NONE when absent */
enum src_file_type {
	SRC_FILE_ANY, SRC_FILE_REG, /* -- */ SRC_FILE_DIR, /* -d */ SRC_FILE_CHR, /* -c */
	SRC_FILE_BLK, /* -b */ SRC_FILE_SOCK, /* -s */ SRC_FILE_FIFO, /* -p */ SRC_FILE_LNK, /* -l */
};

enum src_xen_kind { SRC_PIRQCON, SRC_IOMEMCON, SRC_IOPORTCON, SRC_PCIDEVICECON, SRC_DEVICETREECON };

/* One item of a require block: "type a, b;", "class file { read };". */
enum src_require_kind {
	SRC_REQ_TYPE, SRC_REQ_ATTRIBUTE, SRC_REQ_ROLE, SRC_REQ_ATTRIBUTE_ROLE, SRC_REQ_USER,
	SRC_REQ_BOOL, SRC_REQ_TUNABLE, SRC_REQ_CLASS, SRC_REQ_SENSITIVITY, SRC_REQ_CATEGORY,
};

struct src_require_item {
	enum src_require_kind kind;
	struct src_loc loc;
	struct src_id *ids; /* the names; for SRC_REQ_CLASS exactly one */
	size_t n;
	struct src_id *perms; /* SRC_REQ_CLASS: the permissions required */
	size_t nperms;
	struct src_require_item *next;
};

struct src_stmt;

/* A list of statements: a file, an if branch, an optional block. */
struct src_block {
	struct src_stmt *first, *last;
};

struct src_stmt {
	enum src_kind kind;
	struct src_loc loc; /* of the statement's first token */
	struct src_stmt *next;
	union {
		/* SRC_CLASS_DECL, SRC_SID_DECL, SRC_ATTRIBUTE, SRC_ATTRIBUTE_ROLE,
		 * SRC_PERMISSIVE, SRC_POLICYCAP */
		struct src_id name;

		struct { /* SRC_COMMON, SRC_CLASS_PERMS */
			struct src_id name;
			struct src_id inherits; /* SRC_CLASS_PERMS; name NULL if none */
			struct src_id *perms;
			size_t nperms; /* 0 with braces absent or empty */
		} perms;

		struct { /* SRC_DEFAULT */
			enum src_default_kind kind;
			struct src_set classes;
			enum src_default_which which;
			enum src_default_part part; /* default_range only */
		} deflt;

		struct { /* SRC_SENSITIVITY, SRC_CATEGORY, SRC_TYPE, SRC_TYPEALIAS */
			struct src_id name;
			struct src_id *aliases;
			size_t naliases;
			struct src_id *attrs; /* SRC_TYPE: ", attr, ..." */
			size_t nattrs;
		} decl;

		struct { /* SRC_DOMINANCE: sensitivities, lowest first */
			struct src_id *ids;
			size_t n;
		} dominance;

		struct src_level level; /* SRC_LEVEL */

		struct { /* SRC_TYPEATTRIBUTE, SRC_ROLEATTRIBUTE, SRC_TYPEBOUNDS */
			struct src_id name; /* the type/role, or the bounding parent */
			struct src_id *ids; /* attributes, or bounded children */
			size_t n;
		} assoc;

		struct { /* SRC_EXPANDATTRIBUTE */
			struct src_id *ids;
			size_t n;
			bool expand;
		} expand;

		struct { /* SRC_BOOL */
			struct src_id name;
			bool value;
			bool tunable;
		} boolean;

		struct { /* SRC_IF */
			struct src_cond *cond;
			struct src_block then_block, else_block;
			bool has_else;
		} cond;

		struct { /* SRC_AVRULE, SRC_XPERMRULE, SRC_TYPERULE */
			union {
				enum src_avrule_kind av;
				enum src_typerule_kind type;
			} kind;
			struct src_set src, tgt, classes;
			struct src_set perms;        /* SRC_AVRULE */
			struct src_id xperm_kind;    /* SRC_XPERMRULE: "ioctl", ... */
			struct src_xperms xperms;    /* SRC_XPERMRULE */
			struct src_id deflt;         /* SRC_TYPERULE: the new type */
			const char *filename;        /* SRC_TYPERULE: name or NULL */
		} rule;

		struct { /* SRC_RANGE_TRANSITION */
			struct src_set src, tgt;
			struct src_set classes; /* n == 0 && !star: process */
			struct src_range range;
		} range_transition;

		struct { /* SRC_ROLE */
			struct src_id name;
			struct src_set types; /* n == 0 && !star: none given */
			bool has_types;
		} role;

		struct { /* SRC_ROLE_ALLOW */
			struct src_set from, to;
		} role_allow;

		struct { /* SRC_ROLE_TRANSITION */
			struct src_set roles, types;
			struct src_set classes; /* n == 0 && !star: process */
			struct src_id new_role;
		} role_transition;

		struct { /* SRC_ROLE_DOMINANCE: the tree flattened to pairs */
			struct src_id *dominant, *dominated; /* dominant[i] dom dominated[i] */
			size_t n;
		} role_dominance;

		struct { /* SRC_USER */
			struct src_id name;
			struct src_set roles;
			struct src_level *level; /* NULL when absent */
			struct src_range *range; /* NULL when absent */
		} user;

		struct { /* SRC_CONSTRAIN, SRC_VALIDATETRANS */
			bool mls;
			struct src_set classes;
			struct src_set perms; /* SRC_CONSTRAIN only */
			struct src_cexpr *expr;
		} constrain;

		struct { /* SRC_SID_CONTEXT */
			struct src_id name;
			struct src_context ctx;
		} sid;

		struct { /* SRC_FSCON */
			uint32_t major, minor; /* named "%02x:%02x" in the policy */
			struct src_context fs_ctx, file_ctx;
		} fscon;

		struct { /* SRC_FS_USE */
			enum src_fs_use behavior;
			struct src_id fs;
			struct src_context ctx;
		} fs_use;

		struct { /* SRC_GENFSCON */
			struct src_id fs;
			const char *path;
			enum src_file_type file_type;
			struct src_context ctx;
		} genfscon;

		struct { /* SRC_PORTCON */
			struct src_id protocol; /* tcp, udp, dccp, sctp */
			uint32_t low, high;     /* high == low for one port */
			struct src_context ctx;
		} portcon;

		struct { /* SRC_NETIFCON */
			struct src_id name;
			struct src_context if_ctx, packet_ctx;
		} netifcon;

		struct { /* SRC_NODECON */
			bool ipv6;
			uint32_t addr[4], mask[4]; /* network byte order, as libsepol keeps them */
			struct src_context ctx;
		} nodecon;

		struct { /* SRC_IBPKEYCON */
			uint64_t subnet_prefix; /* network byte order */
			uint32_t low, high;
			struct src_context ctx;
		} ibpkeycon;

		struct { /* SRC_IBENDPORTCON */
			struct src_id device;
			uint32_t port;
			struct src_context ctx;
		} ibendportcon;

		struct { /* SRC_XEN_CONTEXT */
			enum src_xen_kind kind;
			uint64_t low, high;   /* pirq, pcidevice: high == low */
			const char *path;     /* devicetreecon */
			struct src_context ctx;
		} xen;

		struct { /* SRC_MODULE */
			struct src_id name;
			const char *version; /* as written, e.g. "1.0" */
		} module;

		struct { /* SRC_REQUIRE */
			struct src_require_item *items;
		} require;

		struct { /* SRC_OPTIONAL */
			struct src_block body, else_block;
			bool has_else;
		} optional;
	} u;
};

/*
 * A parsed compilation unit: the statements of every file given, in order,
 * and the arena that owns them.
 */
struct src_unit;

struct src_unit *src_unit_new(void);
void src_unit_free(struct src_unit *unit);
/* The top-level statements. */
const struct src_block *src_unit_block(const struct src_unit *unit);
/* Arena allocation: zeroed, aligned, freed with the unit; NULL on ENOMEM. */
void *src_alloc(struct src_unit *unit, size_t size);
char *src_strndup(struct src_unit *unit, const char *s, size_t len);
/* The interned copy of a file name (equal names share one pointer). */
const char *src_intern_file(struct src_unit *unit, const char *file);

#endif
