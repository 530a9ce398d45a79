/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Placeholders for the back end (module.c, kpolicy.c, cil.c): each is deleted
 * when the real one lands; the file goes when it is empty. */
#include "source/internal.h"

#define PENDING(err) pol_err_set((err), POL_EINTERNAL, "not implemented yet: %s", __func__)

void pol_module_free(struct pol_module *mod)
{
	(void)mod;
}

bool pol_module_is_base(const struct pol_module *mod)
{
	(void)mod;
	return false;
}

const char *pol_module_name(const struct pol_module *mod)
{
	(void)mod;
	return NULL;
}

int pol_module_write_cil(struct pol_module *mod, FILE *out, struct pol_err *err)
{
	(void)mod;
	(void)out;
	return PENDING(err);
}

int pol_module_write_mod(struct pol_module *mod, const struct pol_build_options *opts, FILE *out,
			 struct pol_err *err)
{
	(void)mod;
	(void)opts;
	(void)out;
	return PENDING(err);
}

int pol_module_write_pp(struct pol_module *mod, const struct pol_build_options *opts,
			const char *fc, size_t fc_len, FILE *out, struct pol_err *err)
{
	(void)mod;
	(void)opts;
	(void)fc;
	(void)fc_len;
	(void)out;
	return PENDING(err);
}

int pol_module_expand(struct pol_module *base, const struct pol_build_options *opts,
		      struct pol_kpolicy **out, struct pol_err *err)
{
	(void)base;
	(void)opts;
	(void)out;
	return PENDING(err);
}

int pol_kpolicy_read(const char *path, struct pol_kpolicy **out, struct pol_err *err)
{
	(void)path;
	(void)out;
	return PENDING(err);
}

int pol_cil_compile(const char *const *paths, size_t n, const struct pol_build_options *opts,
		    struct pol_kpolicy **out, char **fc, size_t *fc_len, struct pol_err *err)
{
	(void)paths;
	(void)n;
	(void)opts;
	(void)out;
	(void)fc;
	(void)fc_len;
	return PENDING(err);
}

void pol_kpolicy_free(struct pol_kpolicy *kp)
{
	(void)kp;
}

int pol_kpolicy_finish(struct pol_kpolicy *kp, const struct pol_build_options *opts,
		       struct pol_err *err)
{
	(void)kp;
	(void)opts;
	return PENDING(err);
}

int pol_kpolicy_write_binary(struct pol_kpolicy *kp, const struct pol_build_options *opts,
			     FILE *out, struct pol_err *err)
{
	(void)kp;
	(void)opts;
	(void)out;
	return PENDING(err);
}

int pol_kpolicy_write_cil(struct pol_kpolicy *kp, FILE *out, struct pol_err *err)
{
	(void)kp;
	(void)out;
	return PENDING(err);
}

int pol_kpolicy_write_conf(struct pol_kpolicy *kp, FILE *out, struct pol_err *err)
{
	(void)kp;
	(void)out;
	return PENDING(err);
}
