/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A security context "user:role:type[:range]" cut into its fields by its
 * colons alone: no name is looked up and nothing is checked (pdb checks a
 * context against a policy, label against libselinux's rules). */
#ifndef POL_UTIL_CONTEXT_H
#define POL_UTIL_CONTEXT_H

#include <stddef.h>

struct pol_context_parts {
	/* into the string; a field the string lacks is empty, at its end */
	const char *user, *role, *type;
	/* all after the third colon (an MLS range has colons of its own);
	 * NULL when there is no third colon */
	const char *range;
	size_t user_len, role_len, type_len, range_len;
};

/* Cut s into p. Returns how many fields s has: 1 to 4 (1 + its colons,
 * at most three of them counted). */
int pol_context_split(const char *s, struct pol_context_parts *p);

#endif
