/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * -w: audit2why 3.4's text for each AVC, in the order read
 * (audit2allow's __output_audit2why, byte for byte). Denials that cannot be
 * explained print nothing there, as in audit2why, but are counted here.
 */

#include <string.h>

#include "seallow.h"

void seallow_why_print(struct seallow_run *run, const struct pol_audit_avc *a)
{
	const struct pol_audit_why *w;
	enum pol_audit_bad bad = pol_audit_explain(run->pol, a->scontext, a->tcontext, a->tclass,
						   a->perms, a->nperms, &w);
	FILE *out = run->why_out;

	if (bad != POL_AUDIT_OK) {
		run->why_bad[bad]++;
		seallow_lost_denial(run->pol, bad, a);
		return;
	}
	if (run->o->quiet)
		return;
	fprintf(out, "%s%s\n\tWas caused by:\n", a->record, run->why_newline ? "\n" : "");
	switch (w->verdict) {
	case POL_AUDIT_ALLOW:
	case POL_AUDIT_DONTAUDIT:
		fputs(w->verdict == POL_AUDIT_ALLOW
			  ? "\t\tUnknown - would be allowed by active policy\n"
			  : "\t\tUnknown - should be dontaudit'd by active policy\n",
		      out);
		fputs("\t\tPossible mismatch between this policy and the one under which the audit "
		      "message was generated.\n\n",
		      out);
		fputs("\t\tPossible mismatch between current in-memory boolean settings vs. "
		      "permanent ones.\n\n",
		      out);
		break;
	case POL_AUDIT_BOOLEAN:
		if (w->nbools > 1) {
			fputs("\tOne of the following booleans was set incorrectly.\n", out);
			for (size_t i = 0; i < w->nbools; i++) {
				fprintf(out, "\tDescription:\n\t%s\n\n",
					seallow_bool_desc(w->bools[i].name));
				fprintf(out,
					"\tAllow access by executing:\n\t# setsebool -P %s %d\n",
					w->bools[i].name, w->bools[i].value);
			}
		} else {
			fprintf(out, "\tThe boolean %s was set incorrectly. \n", w->bools[0].name);
			fprintf(out, "\tDescription:\n\t%s\n\n",
				seallow_bool_desc(w->bools[0].name));
			fprintf(out, "\tAllow access by executing:\n\t# setsebool -P %s %d\n",
				w->bools[0].name, w->bools[0].value);
		}
		break;
	case POL_AUDIT_TERULE:
		fputs("\t\tMissing type enforcement (TE) allow rule.\n\n", out);
		fputs("\t\tYou can use audit2allow to generate a loadable module to allow this "
		      "access.\n\n",
		      out);
		break;
	case POL_AUDIT_CONSTRAINT: {
		struct pol_audit_diff d[3];
		size_t n = pol_audit_context_diffs(a->scontext, a->tcontext, d);

		fprintf(out, "\n#Constraint rule:\n\n#\t%s\n", w->constraint ? w->constraint : "");
		for (size_t i = 0; i < n; i++)
			fprintf(
			    out,
			    "#\tPossible cause is the source %s and target %s are different.\n\n",
			    d[i].source, d[i].target);
		break;
	}
	case POL_AUDIT_RBAC:
		fputs(
		    "\t\tMissing role allow rule.\n\n\t\tAdd an allow rule for the role pair.\n\n",
		    out);
		break;
	case POL_AUDIT_BOUNDS:
		fputs("\t\tTypebounds violation.\n\n\t\tAdd an allow rule for the parent type.\n\n",
		      out);
		break;
	}
}
