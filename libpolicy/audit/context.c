// SPDX-License-Identifier: LGPL-2.1-or-later
/* The parts of two contexts that differ, as audit2allow lists them under a
 * constraint ("Possible cause is the source user (X) and target user (Y)
 * are different."): user, role unless the target's is object_r, level. */
#include <stdio.h>
#include <string.h>

#include "audit/audit.h"

struct parts {
	const char *f[4];
	size_t n[4];
	bool has_level;
};

static void split(const char *c, struct parts *p)
{
	memset(p, 0, sizeof(*p));
	for (int i = 0; i < 3; i++) {
		const char *colon = strchr(c, ':');

		p->f[i] = c;
		p->n[i] = colon ? (size_t)(colon - c) : strlen(c);
		if (!colon) {
			for (int k = i + 1; k < 3; k++)
				p->f[k] = c + p->n[i];
			return;
		}
		c = colon + 1;
	}
	p->f[3] = c;
	p->n[3] = strlen(c);
	p->has_level = true;
}

size_t pol_audit_context_diffs(const char *scontext, const char *tcontext,
			       struct pol_audit_diff out[3])
{
	struct parts s, t;
	size_t n = 0;

	split(scontext, &s);
	split(tcontext, &t);
	if (s.n[0] != t.n[0] || memcmp(s.f[0], t.f[0], s.n[0]) != 0) {
		snprintf(out[n].source, sizeof(out[n].source), "user (%.*s)", (int)s.n[0], s.f[0]);
		snprintf(out[n].target, sizeof(out[n].target), "user (%.*s)", (int)t.n[0], t.f[0]);
		n++;
	}
	if ((s.n[1] != t.n[1] || memcmp(s.f[1], t.f[1], s.n[1]) != 0) &&
	    !(t.n[1] == 8 && memcmp(t.f[1], "object_r", 8) == 0)) {
		snprintf(out[n].source, sizeof(out[n].source), "role (%.*s)", (int)s.n[1], s.f[1]);
		snprintf(out[n].target, sizeof(out[n].target), "role (%.*s)", (int)t.n[1], t.f[1]);
		n++;
	}
	if (s.has_level != t.has_level ||
	    (s.has_level && (s.n[3] != t.n[3] || memcmp(s.f[3], t.f[3], s.n[3]) != 0))) {
		/* Python prints a missing level as None */
		snprintf(out[n].source, sizeof(out[n].source), "level (%.*s)",
			 s.has_level ? (int)s.n[3] : 4, s.has_level ? s.f[3] : "None");
		snprintf(out[n].target, sizeof(out[n].target), "level (%.*s)",
			 t.has_level ? (int)t.n[3] : 4, t.has_level ? t.f[3] : "None");
		n++;
	}
	return n;
}
