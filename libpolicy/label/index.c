/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Answering lookups as libselinux 3.4 does, without trying every regex.
 *
 * libselinux scans its specs from the last to the first and stops at the
 * first whose stem, file type and anchored regex all match. Every match of
 * "^" + regex + "$" starts with the regex's fixed literal prefix (the text
 * before its first metacharacter, minus a character a quantifier makes
 * optional), unless a top-level '|' splits the pattern. So the specs are
 * indexed in a byte trie by that prefix: walking a key down the trie
 * collects the only specs that can match it, usually a few dozen out of
 * thousands, and they are tried in libselinux's order with the same PCRE2
 * patterns and flags. The answer is therefore the one libselinux gives;
 * the differential tests check it on real trees.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "label/internal.h"
#include "util/array.h"

/* ---- what libselinux computes per spec (label_file.h) ---- */

static bool is_meta(char c)
{
	return c && strchr(".^$?*+|[({", c) != NULL;
}

/* Does the pattern have a '|' outside any group? Anything we do not
 * follow (\Q...\E, comments, POSIX classes) counts as yes: that only
 * means the spec is tried for every key. */
static bool top_level_alternation(const char *r)
{
	int depth = 0;

	for (; *r; r++) {
		switch (*r) {
		case '\\':
			if (r[1] == 'Q')
				return true;
			if (r[1])
				r++;
			break;
		case '[':
			r++;
			if (*r == '^')
				r++;
			if (*r == ']')
				r++;
			for (; *r && *r != ']'; r++) {
				if (*r == '[' && r[1] == ':')
					return true;
				if (*r == '\\' && r[1])
					r++;
			}
			if (!*r)
				return true;
			break;
		case '(':
			if (r[1] == '?' && r[2] == '#')
				return true;
			depth++;
			break;
		case ')':
			depth--;
			break;
		case '|':
			if (depth <= 0)
				return true;
			break;
		}
	}
	return false;
}

void label_spec_analyse(struct label_spec *sp)
{
	const char *r = sp->regex;
	const char *slash;
	size_t len = strlen(r), n = 0;

	/* hasMetaChars: a backslash hides the next character */
	sp->meta = false;
	for (const char *c = r; *c; c++) {
		if (*c == '\\') {
			if (!*++c)
				break;
			continue;
		}
		if (is_meta(*c)) {
			sp->meta = true;
			break;
		}
	}

	/* get_stem_from_spec: up to the second '/', if nothing before it is
	 * a metacharacter (backslashes are not looked at) */
	sp->stem_len = 0;
	slash = len ? strchr(r + 1, '/') : NULL;
	if (slash) {
		const char *c;

		for (c = r; c < slash && !is_meta(*c); c++)
			;
		if (c == slash)
			sp->stem_len = (unsigned int)(slash - r);
	}

	/* The literal prefix, with escapes resolved. */
	sp->prefix = malloc(len + 1);
	sp->literal = false;
	if (!sp->prefix) {
		sp->prefix_len = 0;
		return;
	}
	if (top_level_alternation(r)) {
		sp->prefix[0] = '\0';
		sp->prefix_len = 0;
		return;
	}
	while (*r) {
		const char *next;
		char lit;

		if (strchr(".^$?*+|[](){}", *r))
			break;
		if (*r == '\\') {
			unsigned char e = (unsigned char)r[1];

			/* \ before a non-alphanumeric is that character;
			 * anything else is an escape sequence */
			if (!e || (e < 0x80 && ((e >= '0' && e <= '9') || (e >= 'a' && e <= 'z') ||
						(e >= 'A' && e <= 'Z'))))
				break;
			lit = (char)e;
			next = r + 2;
		} else {
			lit = *r;
			next = r + 1;
		}
		if (*next == '?' || *next == '*' || *next == '{')
			break; /* the character is optional */
		sp->prefix[n++] = lit;
		r = next;
		if (*r == '+')
			break;
	}
	sp->prefix[n] = '\0';
	sp->prefix_len = n;
	sp->literal = *r == '\0';
}

int label_spec_compile(struct pol_label_specs *s, struct label_spec *sp, struct pol_err *err)
{
	int code;
	PCRE2_SIZE off;
	size_t len;
	char *pat;

	(void)s;
	if (sp->literal || sp->code)
		return 0;
	len = strlen(sp->regex);
	pat = malloc(len + 3);
	if (!pat)
		return pol_err_set(err, -ENOMEM, "out of memory");
	pat[0] = '^';
	memcpy(pat + 1, sp->regex, len);
	pat[len + 1] = '$';
	pat[len + 2] = '\0';
	/* the flags of libselinux's regex_prepare_data() */
	sp->code = pcre2_compile((PCRE2_SPTR)pat, len + 2, PCRE2_DOTALL, &code, &off, NULL);
	free(pat);
	if (!sp->code)
		return pol_err_set(err, POL_EREGEX, "invalid regex '%s'", sp->regex);
	return 0;
}

/* ---- the trie ---- */

struct trie_node {
	unsigned char *keys;        /* child bytes, sorted */
	struct trie_node **children;
	unsigned int nchildren;
	unsigned int *specs;        /* specs whose prefix ends here, descending */
	unsigned int nspecs;
};

struct label_trie {
	struct trie_node root;
};

static struct trie_node *child(const struct trie_node *n, unsigned char c)
{
	unsigned int lo = 0, hi = n->nchildren;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (n->keys[mid] == c)
			return n->children[mid];
		if (n->keys[mid] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static struct trie_node *add_child(struct trie_node *n, unsigned char c)
{
	struct trie_node *k = child(n, c);
	unsigned int i;

	if (k)
		return k;
	k = calloc(1, sizeof(*k));
	unsigned char *keys = realloc(n->keys, n->nchildren + 1);

	if (keys)
		n->keys = keys;
	struct trie_node **ch = realloc(n->children, (n->nchildren + 1) * sizeof(*ch));

	if (ch)
		n->children = ch;
	if (!k || !keys || !ch) {
		free(k);
		return NULL;
	}
	for (i = n->nchildren; i > 0 && n->keys[i - 1] > c; i--) {
		n->keys[i] = n->keys[i - 1];
		n->children[i] = n->children[i - 1];
	}
	n->keys[i] = c;
	n->children[i] = k;
	n->nchildren++;
	return k;
}

static void free_node(struct trie_node *n)
{
	for (unsigned int i = 0; i < n->nchildren; i++) {
		free_node(n->children[i]);
		free(n->children[i]);
	}
	free(n->keys);
	free(n->children);
	free(n->specs);
}

void label_index_free(struct pol_label_specs *s)
{
	if (!s->trie)
		return;
	free_node(&s->trie->root);
	free(s->trie);
	s->trie = NULL;
}

int label_index_build(struct pol_label_specs *s)
{
	s->trie = calloc(1, sizeof(*s->trie));
	if (!s->trie)
		return -ENOMEM;
	/* Highest index first, so every node's list is in the order libselinux
	 * tries them. */
	for (size_t i = s->nspecs; i-- > 0;) {
		const struct label_spec *sp = &s->specs[i];
		struct trie_node *n = &s->trie->root;

		for (size_t j = 0; j < sp->prefix_len && n; j++)
			n = add_child(n, (unsigned char)sp->prefix[j]);
		if (!n)
			return -ENOMEM;
		unsigned int *v = realloc(n->specs, (n->nspecs + 1) * sizeof(*v));

		if (!v)
			return -ENOMEM;
		n->specs = v;
		v[n->nspecs++] = (unsigned int)i;
	}
	return 0;
}

/* ---- matching ---- */

static pthread_key_t md_key;
static pthread_once_t md_once = PTHREAD_ONCE_INIT;

static void md_free(void *p)
{
	pcre2_match_data_free(p);
}

static void md_init(void)
{
	if (pthread_key_create(&md_key, md_free) != 0)
		md_key = (pthread_key_t)-1;
}

/* Match data is per thread; a single pair is enough, as only "did it
 * match" matters. */
static pcre2_match_data *thread_match_data(void)
{
	pcre2_match_data *md;

	pthread_once(&md_once, md_init);
	md = pthread_getspecific(md_key);
	if (!md) {
		md = pcre2_match_data_create(1, NULL);
		if (md)
			pthread_setspecific(md_key, md);
	}
	return md;
}

static void make_jit(struct pol_label_specs *s, struct label_spec *sp)
{
	pthread_mutex_lock(&s->jit_lock);
	if (__atomic_load_n(&sp->jit_state, __ATOMIC_ACQUIRE) == 0) {
		pcre2_code *c = pcre2_code_copy(sp->code);
		int state = -1;

		if (c && pcre2_jit_compile(c, PCRE2_JIT_COMPLETE) == 0) {
			sp->jit = c;
			state = 1;
		} else {
			pcre2_code_free(c);
		}
		__atomic_store_n(&sp->jit_state, state, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&s->jit_lock);
}

/* 1 match, 0 no match, < 0 the regex engine gave up */
static int spec_match(const struct pol_label_specs *cs, const struct label_spec *csp,
		      const char *key, size_t keylen)
{
	struct pol_label_specs *s = (struct pol_label_specs *)cs;
	struct label_spec *sp = (struct label_spec *)csp;
	pcre2_match_data *md;
	int state, rc;

	if (sp->literal) {
		/* '$' also matches before a final newline */
		return (keylen == sp->prefix_len ||
			(keylen == sp->prefix_len + 1 && key[keylen - 1] == '\n')) &&
		       memcmp(key, sp->prefix, sp->prefix_len) == 0;
	}
	md = thread_match_data();
	if (!md)
		return -ENOMEM;
	state = __atomic_load_n(&sp->jit_state, __ATOMIC_ACQUIRE);
	if (state == 0) {
		make_jit(s, sp);
		state = __atomic_load_n(&sp->jit_state, __ATOMIC_ACQUIRE);
	}
	if (state == 1) {
		rc = pcre2_match(sp->jit, (PCRE2_SPTR)key, keylen, 0, 0, md, NULL);
		if (rc >= 0)
			return 1;
		if (rc == PCRE2_ERROR_NOMATCH)
			return 0;
		/* the JIT's own limits; libselinux uses the interpreter */
	}
	rc = pcre2_match(sp->code, (PCRE2_SPTR)key, keylen, 0, PCRE2_NO_JIT, md, NULL);
	if (rc >= 0)
		return 1;
	return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

/* The candidate lists met on the way down the trie, each in descending
 * spec order; they are merged lazily, highest index first, since the first
 * match ends the lookup. */
struct cand_list {
	const unsigned int *v;
	unsigned int n;
};

#define STACK_LISTS 64

int label_index_lookup(const struct pol_label_specs *s, const char *key, mode_t mode,
		       const struct label_spec **out)
{
	struct cand_list stackv[STACK_LISTS], *lists = stackv;
	size_t nlists = 0, alloc = STACK_LISTS, keylen = strlen(key);
	const struct trie_node *node = &s->trie->root;
	const char *slash = keylen ? strchr(key + 1, '/') : NULL;
	size_t file_stem = slash ? (size_t)(slash - key) : 0;
	int rc = 1;

	*out = NULL;
	mode &= S_IFMT;
	for (size_t depth = 0;; depth++) {
		if (node->nspecs) {
			if (nlists == alloc) {
				size_t na = alloc * 2;
				struct cand_list *v = lists == stackv ? malloc(na * sizeof(*v))
								  : realloc(lists, na * sizeof(*v));

				if (!v) {
					rc = -ENOMEM;
					goto out;
				}
				if (lists == stackv)
					memcpy(v, stackv, nlists * sizeof(*v));
				lists = v;
				alloc = na;
			}
			lists[nlists].v = node->specs;
			lists[nlists].n = node->nspecs;
			nlists++;
		}
		if (depth == keylen)
			break;
		node = child(node, (unsigned char)key[depth]);
		if (!node)
			break;
	}
	for (;;) {
		struct cand_list *best = NULL;
		const struct label_spec *sp;
		int m;

		for (size_t i = 0; i < nlists; i++)
			if (lists[i].n && (!best || lists[i].v[0] > best->v[0]))
				best = &lists[i];
		if (!best)
			break;
		sp = &s->specs[best->v[0]];
		best->v++;
		best->n--;
		if (sp->stem_len &&
		    (sp->stem_len != file_stem || memcmp(sp->regex, key, file_stem) != 0))
			continue;
		if (mode && sp->mode && mode != sp->mode)
			continue;
		m = spec_match(s, sp, key, keylen);
		if (m == 0)
			continue;
		if (m < 0) {
			/* libselinux stops at a regex error and reports "no
			 * label" (ENOENT) */
			rc = m == -ENOMEM ? -ENOMEM : 1;
			goto out;
		}
		*out = sp;
		rc = sp->none ? 1 : 0;
		goto out;
	}
out:
	if (lists != stackv)
		free(lists);
	return rc;
}

/* ---- partial matches, for directory digests ---- */

struct idx_vec {
	unsigned int *v;
	size_t n, alloc;
};

static int vec_add(struct idx_vec *c, const unsigned int *v, size_t n)
{
	if (!n)
		return 0;
	if (POL_ARRAY_GROW(c->v, c->n + n, c->alloc) < 0)
		return -ENOMEM;
	memcpy(c->v + c->n, v, n * sizeof(*v));
	c->n += n;
	return 0;
}

static int add_subtree(struct idx_vec *c, const struct trie_node *n)
{
	if (vec_add(c, n->specs, n->nspecs) < 0)
		return -ENOMEM;
	for (unsigned int i = 0; i < n->nchildren; i++)
		if (add_subtree(c, n->children[i]) < 0)
			return -ENOMEM;
	return 0;
}

static int cmp_desc(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return (x < y) - (x > y);
}

/* 1 full or partial match, 0 none, < 0 the engine gave up. Interpreted,
 * as libselinux matches (PCRE2_PARTIAL_SOFT). */
static int spec_match_partial(const struct label_spec *sp, const char *key, size_t keylen)
{
	pcre2_match_data *md;
	int rc;

	if (sp->literal) {
		/* a prefix of the literal, the literal, or it and a newline */
		if (keylen <= sp->prefix_len)
			return memcmp(key, sp->prefix, keylen) == 0;
		return keylen == sp->prefix_len + 1 && key[keylen - 1] == '\n' &&
		       memcmp(key, sp->prefix, sp->prefix_len) == 0;
	}
	md = thread_match_data();
	if (!md)
		return -ENOMEM;
	rc = pcre2_match(sp->code, (PCRE2_SPTR)key, keylen, 0, PCRE2_PARTIAL_SOFT | PCRE2_NO_JIT,
			 md, NULL);
	if (rc >= 0 || rc == PCRE2_ERROR_PARTIAL)
		return 1;
	return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

int label_index_partial(const struct pol_label_specs *s, const char *key, struct label_sha1 *hash)
{
	struct idx_vec c = { 0 };
	const struct trie_node *node = &s->trie->root;
	size_t keylen = strlen(key), depth;
	int count = 0;

	/* specs whose fixed prefix is a prefix of key, and those whose prefix
	 * continues key: no other spec can match a string starting with key */
	for (depth = 0;; depth++) {
		if (depth == keylen) {
			if (add_subtree(&c, node) < 0)
				goto oom;
			break;
		}
		if (vec_add(&c, node->specs, node->nspecs) < 0)
			goto oom;
		node = child(node, (unsigned char)key[depth]);
		if (!node)
			break;
	}
	if (c.n > 1)
		qsort(c.v, c.n, sizeof(*c.v), cmp_desc);
	for (size_t i = 0; i < c.n; i++) {
		const struct label_spec *sp = &s->specs[c.v[i]];
		mode_t mode = sp->mode; /* sizeof(mode_t) bytes, as libselinux */
		int m = spec_match_partial(sp, key, keylen);

		if (m == 0)
			continue;
		if (m < 0 || sp->none)
			break; /* lookup_all() stops there and hashes what it has */
		label_sha1_update(hash, sp->regex, strlen(sp->regex) + 1);
		label_sha1_update(hash, &mode, sizeof(mode));
		label_sha1_update(hash, sp->context, strlen(sp->context) + 1);
		count++;
	}
	free(c.v);
	return count;
oom:
	free(c.v);
	return -ENOMEM;
}
