// SPDX-License-Identifier: LGPL-2.1-or-later
/* The parts of two contexts that differ, as audit2allow lists them under a
 * constraint ("Possible cause is the source user (X) and target user (Y)
 * are different."): user, role unless the target's is object_r, level. */
#include <stdio.h>
#include <string.h>

#include "audit/audit.h"
#include "util/context.h"

size_t pol_audit_context_diffs(const char *scontext, const char *tcontext,
			       struct pol_audit_diff out[3])
{
	struct pol_context_parts s, t;
	size_t n = 0;

	pol_context_split(scontext, &s);
	pol_context_split(tcontext, &t);
	if (s.user_len != t.user_len || memcmp(s.user, t.user, s.user_len) != 0) {
		snprintf(out[n].source, sizeof(out[n].source), "user (%.*s)", (int)s.user_len,
			 s.user);
		snprintf(out[n].target, sizeof(out[n].target), "user (%.*s)", (int)t.user_len,
			 t.user);
		n++;
	}
	if ((s.role_len != t.role_len || memcmp(s.role, t.role, s.role_len) != 0) &&
	    !(t.role_len == 8 && memcmp(t.role, "object_r", 8) == 0)) {
		snprintf(out[n].source, sizeof(out[n].source), "role (%.*s)", (int)s.role_len,
			 s.role);
		snprintf(out[n].target, sizeof(out[n].target), "role (%.*s)", (int)t.role_len,
			 t.role);
		n++;
	}
	if (!s.range != !t.range || (s.range && (s.range_len != t.range_len ||
						 memcmp(s.range, t.range, s.range_len) != 0))) {
		/* Python prints a missing level as None */
		snprintf(out[n].source, sizeof(out[n].source), "level (%.*s)",
			 s.range ? (int)s.range_len : 4, s.range ? s.range : "None");
		snprintf(out[n].target, sizeof(out[n].target), "level (%.*s)",
			 t.range ? (int)t.range_len : 4, t.range ? t.range : "None");
		n++;
	}
	return n;
}
