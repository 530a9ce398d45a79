/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Modules in an apply list (module.c for apply.c). */
#ifndef POL_STORE_MODULE_INTERNAL_H
#define POL_STORE_MODULE_INTERNAL_H

#include "store/apply.h"

struct pol_store;

/*
 * One module change of an apply list: -a FILE (install, at -P's priority),
 * -r (remove; a module already absent is no change), -d/-e (disable,
 * enable; already so: no change), -D (enable every disabled module, as
 * semanage module -D). Under POL_STORE_CHECK nothing is changed. Returns 1
 * when the store changes, 0 when it holds already, < 0 with why in err at
 * the line of ch.
 */
int store_module_apply(struct pol_store *st, const struct pol_store_changes *list,
		       const struct pol_store_change *ch, struct pol_err *err);

#endif
