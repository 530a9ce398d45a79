/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Names for the graph's callers: types by name, boolean states from text. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "graph/internal.h"

uint32_t pol_graph_type_value(const struct pol_pdb *pdb, const char *name)
{
	return pdb_type_value(pdb, name);
}

bool pol_graph_is_attribute(const struct pol_pdb *pdb, uint32_t v)
{
	return v >= 1 && v <= pdb->p.p_types.nprim && pdb_is_attr(pdb, v);
}

const char *pol_graph_type_name(const struct pol_pdb *pdb, uint32_t v)
{
	return pdb_type_name(pdb, v);
}

int pol_graph_bool_set(const struct pol_pdb *pdb, uint8_t *values, const char *name, bool on)
{
	const cond_bool_datum_t *b = hashtab_search(pdb->p.p_bools.table, (hashtab_key_t)name);

	if (!b)
		return POL_ENOTFOUND;
	values[b->s.value - 1] = on;
	return 0;
}

static int parse_value(const char *v, bool setools, bool *on)
{
	static const char *const yes[] = {"on", "true", "1"}, *const no[] = {"off", "false", "0"};

	if (setools) {
		if (strcasecmp(v, "true") == 0 || strcasecmp(v, "false") == 0) {
			*on = strcasecmp(v, "true") == 0;
			return 0;
		}
		return -1;
	}
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(v, yes[i]) == 0) {
			*on = true;
			return 0;
		}
		if (strcasecmp(v, no[i]) == 0) {
			*on = false;
			return 0;
		}
	}
	return -1;
}

int pol_graph_bools(const struct pol_pdb *pdb, const char *spec, bool setools, uint8_t **out,
		    struct pol_err *err)
{
	uint32_t n = pdb->p.p_bools.nprim;
	uint8_t *values = calloc(n ? n : 1, 1);
	char *copy = strdup(spec), *save = NULL;
	int rc = 0;

	if (!values || !copy) {
		free(values);
		free(copy);
		return pol_err_set(err, -ENOMEM, "out of memory");
	}
	for (uint32_t i = 0; i < n; i++)
		values[i] = pdb->p.bool_val_to_struct[i]->state != 0;
	if (strcmp(spec, "default") == 0)
		goto done;
	for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *sep = strchr(item, setools ? ':' : '=');
		bool on;

		if (!sep || strchr(sep + 1, setools ? ':' : '=') || sep == item) {
			rc = pol_err_set(
			    err, POL_EINVAL,
			    setools ? "expected boolean format foo:true,bar:false, not '%s'"
				    : "expected NAME=on or NAME=off, not '%s'",
			    item);
			break;
		}
		*sep = '\0';
		if (parse_value(sep + 1, setools, &on) < 0) {
			rc = pol_err_set(err, POL_EINVAL,
					 "boolean value of '%s' must be %s, not '%s'", item,
					 setools ? "true or false" : "on or off", sep + 1);
			break;
		}
		if (pol_graph_bool_set(pdb, values, item, on) < 0) {
			if (setools) {
				pol_err_add(
				    err, POL_SEV_WARNING, POL_ENOTFOUND, NULL, 0, 0,
				    "unknown boolean '%s' ignored, as seinfoflow ignores it", item);
				continue;
			}
			rc = pol_pdb_unknown(pdb, POL_SYM_BOOL, item, err);
			break;
		}
	}
done:
	free(copy);
	if (rc < 0) {
		free(values);
		return rc;
	}
	*out = values;
	return 0;
}
