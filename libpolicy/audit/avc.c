// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fields of an AVC record, read as audit2allow 3.4 reads them
 * (sepolgen/audit.py AVCMessage.from_split_string): white-space tokens, the
 * permissions between "{" and "}", "granted", and name=value tokens whose
 * value holds no other '='. Unlike audit2allow, ioctlcmd=0x0 is kept and
 * permissive=, nl-msgtype=, path=, dev=, ino= are read.
 *
 * Every AVC seallow reads comes through here, so its text is read once: one
 * pass over the bytes splits the tokens and finds their '=' (a table of byte
 * classes says where a token or its name ends), then each token is looked
 * at once, a name by its length and then its bytes, and a value is used
 * where it lies (its length known, never measured again).
 */
#include <stdlib.h>
#include <string.h>

#include "audit/internal.h"

/* A token: its text (NUL-terminated), its length, and the length of its
 * name when it is name=value (0 when it has no '=', or more than one:
 * audit2allow reads neither as name=value). */
struct tok {
	char *text;
	size_t len, name_len;
};

#define MAX_TOKENS 512

/* Where the tokeniser stops: Python's str.split() white space (\x1c-\x1f
 * too, as avc_space() says), a name's '=' and the end of the text. */
enum { BYTE_WORD, BYTE_SPACE, BYTE_EQ, BYTE_END };
static const unsigned char byte_class[256] = {
    ['\0'] = BYTE_END,	 ['\t'] = BYTE_SPACE, ['\n'] = BYTE_SPACE, ['\v'] = BYTE_SPACE,
    ['\f'] = BYTE_SPACE, ['\r'] = BYTE_SPACE, [0x1c] = BYTE_SPACE, [0x1d] = BYTE_SPACE,
    [0x1e] = BYTE_SPACE, [0x1f] = BYTE_SPACE, [' '] = BYTE_SPACE,  ['='] = BYTE_EQ,
};

/* Split text into toks (at most MAX_TOKENS: false past them), each token
 * NUL-terminated in place. */
static bool split_tokens(char *text, struct tok *toks, size_t *ntoks)
{
	unsigned char *p = (unsigned char *)text;
	size_t n = 0;

	for (;;) {
		unsigned char *start, *eq = NULL;
		size_t eqs = 0;

		while (byte_class[*p] == BYTE_SPACE)
			p++;
		if (!*p)
			break;
		if (n == MAX_TOKENS)
			return false;
		start = p;
		for (;; p++) {
			unsigned char c = byte_class[*p];

			if (c == BYTE_WORD)
				continue;
			if (c != BYTE_EQ)
				break;
			if (!eqs++)
				eq = p;
		}
		toks[n].text = (char *)start;
		toks[n].len = (size_t)(p - start);
		toks[n].name_len = eqs == 1 ? (size_t)(eq - start) : 0;
		n++;
		if (*p)
			*p++ = '\0';
	}
	*ntoks = n;
	return true;
}

/* The kernel writes a comm=, name= or path= holding a space, a quote or a
 * byte outside 0x21-0x7e as unquoted hex (audit_log_untrustedstring());
 * auditd and ausearch -i decode it, audit2allow cuts its first and last
 * digits. Decoded in place (half as long), up to a NUL byte; true when v
 * was hex. */
static bool unhex(char *v, size_t n)
{
	size_t i;

	if (n < 2 || n % 2)
		return false;
	for (i = 0; i < n; i++)
		if (!((v[i] >= '0' && v[i] <= '9') || (v[i] >= 'A' && v[i] <= 'F')))
			return false;
	for (i = 0; i < n / 2; i++) {
		char hi = v[2 * i], lo = v[2 * i + 1];

		v[i] = (char)(((hi <= '9' ? hi - '0' : hi - 'A' + 10) << 4) |
			      (lo <= '9' ? lo - '0' : lo - 'A' + 10));
	}
	v[n / 2] = '\0';
	return true;
}

/* comm="x" -> x, as Python's fields[1][1:-1] does (whatever the quotes);
 * a hex value decoded. */
static char *strip_ends(char *v, size_t n)
{
	if (unhex(v, n))
		return v;
	if (n < 2)
		return v + n;
	v[n - 1] = '\0';
	return v + 1;
}

static char *unquote(char *v, size_t n)
{
	if (unhex(v, n))
		return v;
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		v[n - 1] = '\0';
		return v + 1;
	}
	return v;
}

static bool parse_hex(const char *v, unsigned long *out)
{
	char *end;

	if (v[0] == '0' && (v[1] == 'x' || v[1] == 'X'))
		v += 2;
	if (!*v)
		return false;
	*out = strtoul(v, &end, 16);
	return *end == '\0';
}

static bool parse_decimal(const char *v, unsigned long *out)
{
	char *end;

	*out = strtoul(v, &end, 10);
	return *v && *end == '\0';
}

/* Is the name of t (name_len bytes) s? */
#define NAME_IS(t, s) (memcmp((t)->text, s, sizeof(s) - 1) == 0)

/* The field a name=value token sets: chosen by the name's length, then
 * its bytes (the lengths are those of the names read, 3 to 10). */
static void read_field(struct avc_fields *f, const struct tok *t)
{
	char *v = t->text + t->name_len + 1;
	size_t vn = t->len - t->name_len - 1;

	switch (t->name_len) {
	case 3:
		if (NAME_IS(t, "exe"))
			f->exe = strip_ends(v, vn);
		else if (NAME_IS(t, "pid"))
			f->pid = v;
		else if (NAME_IS(t, "dev"))
			f->dev = unquote(v, vn);
		else if (NAME_IS(t, "ino"))
			f->ino = v;
		else if (NAME_IS(t, "src"))
			f->sport = v;
		break;
	case 4:
		if (NAME_IS(t, "comm"))
			f->comm = strip_ends(v, vn);
		else if (NAME_IS(t, "name"))
			f->name = strip_ends(v, vn);
		else if (NAME_IS(t, "path"))
			f->path = unquote(v, vn);
		else if (NAME_IS(t, "dest"))
			f->dport = v;
		break;
	case 6:
		if (NAME_IS(t, "tclass"))
			f->tclass = v;
		break;
	case 8:
		if (NAME_IS(t, "scontext"))
			f->scontext = v;
		else if (NAME_IS(t, "tcontext"))
			f->tcontext = v;
		else if (NAME_IS(t, "ioctlcmd"))
			f->has_ioctlcmd = parse_hex(v, &f->ioctlcmd);
		break;
	case 10:
		if (NAME_IS(t, "permissive")) {
			if (vn == 1 && (v[0] == '0' || v[0] == '1'))
				f->permissive = v[0] - '0';
		} else if (NAME_IS(t, "nl-msgtype")) {
			f->has_nlmsgtype = parse_decimal(v, &f->nlmsgtype);
		}
		break;
	default:
		break;
	}
}

/* A full permission list without its repeated names; false when none was
 * repeated. AVC_MAX_PERMS distinct names are more than any class has (32
 * at most): the names past them are dropped, and the denial is still
 * counted as one with an unknown permission, which it is, rather than as
 * one without permissions. */
static bool drop_duplicate_perms(struct avc_fields *f)
{
	size_t kept = 0;

	for (size_t i = 0; i < f->nperms; i++) {
		bool dup = false;

		for (size_t k = 0; k < kept && !dup; k++)
			dup = strcmp(f->perms[k], f->perms[i]) == 0;
		if (!dup)
			f->perms[kept++] = f->perms[i];
	}
	if (kept == f->nperms)
		return false;
	f->nperms = kept;
	return true;
}

static bool is_brace(const struct tok *t, char c)
{
	return t->len == 1 && t->text[0] == c;
}

/* The permissions from toks[start] to the next "}"; false when the text
 * ends first, or right after the "{" (audit2allow's "invalid format"). */
static bool read_perms(const struct tok *toks, size_t start, size_t n, struct avc_fields *f)
{
	bool full = false;
	size_t j = start;

	if (j == n - 1)
		return false;
	for (; j < n && !is_brace(&toks[j], '}'); j++) {
		if (f->nperms == AVC_MAX_PERMS && !full)
			full = !drop_duplicate_perms(f);
		if (f->nperms < AVC_MAX_PERMS)
			f->perms[f->nperms++] = toks[j].text;
	}
	if (j == n)
		return false;
	f->found_access = true;
	return true;
}

bool audit_avc_parse(char *text, struct avc_fields *f)
{
	struct tok toks[MAX_TOKENS];
	size_t n;

	memset(f, 0, sizeof(*f));
	f->permissive = -1;
	if (!split_tokens(text, toks, &n))
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct tok *t = &toks[i];

		if (is_brace(t, '{')) {
			if (!read_perms(toks, i + 1, n, f))
				return false;
			/* Python's for loop goes on at i + 1, not after the "}":
			 * the permissions are read as tokens too */
			continue;
		}
		if (t->len == 7 && memcmp(t->text, "granted", 7) == 0)
			f->granted = true;
		else if (t->name_len)
			read_field(f, t);
	}
	/* audit2allow: "{" as the last token is invalid, and every one of
	 * scontext, tcontext, tclass and the access list must be present */
	return f->scontext && f->tcontext && f->tclass && f->found_access;
}

bool audit_compute_sid_parse(char *text, struct pol_audit_mark *m)
{
	char *tok[12], *eq;
	size_t n = 0;

	for (char *p = text; *p && n < 12;) {
		while (*p && avc_space((unsigned char)*p))
			p++;
		if (!*p)
			break;
		tok[n++] = p;
		while (*p && !avc_space((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	/* find the token itself: kernel lines and raw records differ in prefix */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(tok[i], "security_compute_sid:") != 0)
			continue;
		if (n - i < 7)
			return false;
		m->invalid_context = tok[i + 3];
		m->scontext = (eq = strchr(tok[i + 5], '=')) ? eq + 1 : NULL;
		m->tcontext = (eq = strchr(tok[i + 6], '=')) ? eq + 1 : NULL;
		if (i + 7 < n)
			m->tclass = (eq = strchr(tok[i + 7], '=')) ? eq + 1 : NULL;
		return m->scontext && m->tcontext && m->tclass;
	}
	return false;
}

void audit_avc_from_fields(struct pol_audit_avc *a, const struct avc_fields *f)
{
	a->granted = f->granted;
	a->permissive = f->permissive;
	a->scontext = f->scontext;
	a->tcontext = f->tcontext;
	a->tclass = f->tclass;
	a->perms = f->perms;
	a->nperms = f->nperms;
	a->has_ioctlcmd = f->has_ioctlcmd;
	a->ioctlcmd = f->ioctlcmd;
	a->has_nlmsgtype = f->has_nlmsgtype;
	a->nlmsgtype = f->nlmsgtype;
	a->comm = f->comm;
	a->exe = f->exe;
	a->name = f->name;
	a->path = f->path;
	a->dev = f->dev;
	a->ino = f->ino;
	a->pid = f->pid;
	a->sport = f->sport;
	a->dport = f->dport;
}
