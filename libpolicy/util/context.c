// SPDX-License-Identifier: LGPL-2.1-or-later
#include <string.h>

#include "util/context.h"

int pol_context_split(const char *s, struct pol_context_parts *p)
{
	const char **field[3] = {&p->user, &p->role, &p->type};
	size_t *len[3] = {&p->user_len, &p->role_len, &p->type_len};
	int n = 1;

	*p = (struct pol_context_parts){0};
	for (int i = 0; i < 3; i++) {
		const char *colon = strchr(s, ':');

		*field[i] = s;
		*len[i] = colon ? (size_t)(colon - s) : strlen(s);
		s += *len[i];
		if (colon) {
			s++;
			n++;
		}
	}
	if (n == 4) {
		p->range = s;
		p->range_len = strlen(s);
	}
	return n;
}
