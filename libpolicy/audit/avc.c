// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The fields of an AVC record, read as audit2allow 3.4 reads them
 * (sepolgen/audit.py AVCMessage.from_split_string): white-space tokens, the
 * permissions between "{" and "}", "granted", and name=value tokens whose
 * value holds no other '='. Unlike audit2allow, ioctlcmd=0x0 is kept and
 * permissive=, nl-msgtype=, path=, dev=, ino= are read.
 */
#include <stdlib.h>
#include <string.h>

#include "audit/internal.h"

/* comm="x" -> x, as Python's fields[1][1:-1] does (whatever the quotes). */
static char *strip_ends(char *v)
{
	size_t n = strlen(v);

	if (n < 2)
		return v + n;
	v[n - 1] = '\0';
	return v + 1;
}

static char *unquote(char *v)
{
	size_t n = strlen(v);

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

/* A token: its text and its '=' (NULL when it has none, or more than one:
 * audit2allow reads neither as name=value). */
struct tok {
	char *text, *eq;
};

static bool is_brace(const char *t, char c)
{
	return t[0] == c && t[1] == '\0';
}

bool audit_avc_parse(char *text, struct avc_fields *f)
{
	struct tok toks[512];
	size_t n = 0;
	bool src = false, tgt = false, cls = false, full = false;

	memset(f, 0, sizeof(*f));
	f->permissive = -1;
	/* one pass splits the tokens and finds their '=' */
	for (char *p = text; *p;) {
		char *eq = NULL;
		bool two = false;

		while (*p && avc_space((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (n == sizeof(toks) / sizeof(toks[0]))
			return false;
		toks[n].text = p;
		for (; *p && !avc_space((unsigned char)*p); p++) {
			if (*p == '=') {
				two = eq != NULL;
				eq = eq ? eq : p;
			}
		}
		toks[n++].eq = two ? NULL : eq;
		if (*p)
			*p++ = '\0';
	}
	for (size_t i = 0; i < n; i++) {
		char *t = toks[i].text, *eq = toks[i].eq, *v;

		if (is_brace(t, '{')) {
			size_t j = i + 1;

			if (j == n - 1)
				return false;
			while (j < n && !is_brace(toks[j].text, '}')) {
				if (f->nperms == AVC_MAX_PERMS && !full)
					full = !drop_duplicate_perms(f);
				if (f->nperms < AVC_MAX_PERMS)
					f->perms[f->nperms++] = toks[j].text;
				j++;
			}
			if (j == n)
				return false;
			/* Python's for loop goes on at i + 1, not after the "}" */
			f->found_access = true;
			continue;
		}
		if (t[0] == 'g' && strcmp(t, "granted") == 0)
			f->granted = true;
		/* every name audit2allow reads is 3 to 10 characters long and
		 * starts with one of these: most tokens go no further */
		if (!eq || eq - t < 3 || eq - t > 10 || !memchr("cdeinpst", t[0], 8))
			continue;
		*eq = '\0';
		v = eq + 1;
		if (strcmp(t, "scontext") == 0) {
			f->scontext = v;
			src = true;
		} else if (strcmp(t, "tcontext") == 0) {
			f->tcontext = v;
			tgt = true;
		} else if (strcmp(t, "tclass") == 0) {
			f->tclass = v;
			cls = true;
		} else if (strcmp(t, "comm") == 0) {
			f->comm = strip_ends(v);
		} else if (strcmp(t, "exe") == 0) {
			f->exe = strip_ends(v);
		} else if (strcmp(t, "name") == 0) {
			f->name = strip_ends(v);
		} else if (strcmp(t, "path") == 0) {
			f->path = unquote(v);
		} else if (strcmp(t, "dev") == 0) {
			f->dev = unquote(v);
		} else if (strcmp(t, "ino") == 0) {
			f->ino = v;
		} else if (strcmp(t, "pid") == 0) {
			f->pid = v;
		} else if (strcmp(t, "src") == 0) {
			f->sport = v;
		} else if (strcmp(t, "dest") == 0) {
			f->dport = v;
		} else if (strcmp(t, "ioctlcmd") == 0) {
			f->has_ioctlcmd = parse_hex(v, &f->ioctlcmd);
		} else if (strcmp(t, "nl-msgtype") == 0) {
			char *end;

			f->nlmsgtype = strtoul(v, &end, 10);
			f->has_nlmsgtype = *v && *end == '\0';
		} else if (strcmp(t, "permissive") == 0) {
			if (strcmp(v, "0") == 0 || strcmp(v, "1") == 0)
				f->permissive = v[0] - '0';
		}
	}
	/* audit2allow: "{" as the last token is invalid, and every one of
	 * scontext, tcontext, tclass and the access list must be present */
	return src && tgt && cls && f->found_access;
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
