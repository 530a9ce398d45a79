// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What seallow could not use, said by cause: the lines it could not read
 * (by number), the denials among them, and the denials the policy cannot
 * explain with the names it lacks (an unknown type, class or permission),
 * the first few in the summary, all with -v and under --json.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/buf.h"
#include "util/json.h"

#include "cli.h"
#include "seallow.h"

/* The distinct names kept per cause: a bound, so that a follower's memory
 * stays flat whatever a fleet sends; past it names are counted only. */
#define LOST_NAMES_MAX 4096
/* Names in the summary line without -v. */
#define LOST_SUMMARY 3

static struct lost_names {
	char **v;
	size_t n, alloc, more;
	bool failed; /* out of memory: the list is short */
} lost[POL_AUDIT_BAD_COUNT];

static void keep_name(const char *name, void *data)
{
	struct lost_names *l = data;
	char *copy;

	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], name) == 0)
			return;
	if (l->n == LOST_NAMES_MAX) {
		l->more++;
		return;
	}
	copy = strdup(name);
	if (!copy || POL_ARRAY_GROW(l->v, l->n + 1, l->alloc) < 0) {
		free(copy);
		l->failed = true;
		return;
	}
	l->v[l->n++] = copy;
}

void seallow_lost_denial(struct pol_audit_policy *pol, enum pol_audit_bad bad,
			 const struct pol_audit_avc *a)
{
	if (bad <= POL_AUDIT_OK || bad >= POL_AUDIT_BAD_COUNT || bad == POL_AUDIT_BAD_NOMEM)
		return;
	pol_audit_bad_names(pol, bad, a, keep_name, &lost[bad]);
}

size_t seallow_skipped(const struct seallow_run *run, enum pol_audit_bad bad)
{
	size_t n;

	if (run->o->mode == MODE_WHY)
		return run->why_bad[bad];
	n = pol_audit_set_skipped(run->set, bad);
	for (size_t i = 0; i < run->nnodes; i++)
		n += pol_audit_set_skipped(run->nodes[i].set, bad);
	return n;
}

/* ", name, name and N more" after the cause: the first few, all with -v */
static void names_text(struct pol_buf *b, const struct lost_names *l, bool all)
{
	size_t shown = all || l->n <= LOST_SUMMARY ? l->n : LOST_SUMMARY;
	size_t rest = l->n - shown + l->more;

	if (!l->n)
		return;
	pol_buf_puts(b, " (");
	for (size_t i = 0; i < shown; i++)
		pol_buf_printf(b, "%s%s", i ? ", " : "", l->v[i]);
	if (rest)
		pol_buf_printf(b, " and %zu more%s", rest, all ? "" : "; -v names them");
	pol_buf_puts(b, ")");
}

/* One warning, worded as seallow always wrote it (an unread line under
 * --json is added with its file and line as the diagnostic's own fields) */
static void warn(struct pol_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct pol_err *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pol_err_vadd(err, POL_SEV_WARNING, 0, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

size_t seallow_lost_report(struct seallow_run *run, struct pol_audit_reader *r)
{
	const struct pol_audit_unread *u;
	size_t total = 0, nu = pol_audit_reader_unread(r, &u), lines = 0;
	bool verbose = run->o->verbose, json = run->o->json;
	struct pol_err err;

	pol_err_init(&err);
	for (int i = 0; i < POL_AUDIT_SKIP_COUNT; i++)
		lines += pol_audit_reader_skipped(r, (enum pol_audit_skip)i);
	for (size_t i = 0; i < nu && (verbose || json || i < 5); i++) {
		const char *in = u[i].input ? u[i].input : "<stdin>";

		if (json)
			pol_err_add(&err, POL_SEV_WARNING, 0, in, (unsigned)u[i].line, 0, "%s",
				    pol_audit_skip_name(u[i].reason));
		else
			warn(&err, "%s:%zu: %s", in, u[i].line, pol_audit_skip_name(u[i].reason));
	}
	/* past the list's end (POL_AUDIT_UNREAD_MAX), or past the first five */
	if (lines > nu || (nu > 5 && !verbose && !json)) {
		size_t more = json || verbose ? lines - nu : lines - 5;

		warn(&err, "and %zu more line%s not read%s", more, more == 1 ? "" : "s",
		     json || verbose ? "" : " (-v lists them)");
	}
	for (int i = 0; i < POL_AUDIT_SKIP_COUNT; i++) {
		size_t n = pol_audit_reader_skipped(r, (enum pol_audit_skip)i);
		size_t d = pol_audit_reader_skipped_denials(r, (enum pol_audit_skip)i);
		const char *why = pol_audit_skip_name((enum pol_audit_skip)i);

		total += n;
		if (d)
			warn(&err, "skipped %zu denial%s: %s", d, d == 1 ? "" : "s", why);
		if (n > d)
			warn(&err, "skipped %zu line%s: %s", n - d, n - d == 1 ? "" : "s", why);
	}
	for (int i = 1; i < POL_AUDIT_BAD_COUNT; i++) {
		size_t n = seallow_skipped(run, (enum pol_audit_bad)i);
		struct pol_buf b = POL_BUF_INIT;

		if (!n)
			continue;
		total += n;
		names_text(&b, &lost[i], verbose || json);
		warn(&err, "skipped %zu denial%s: %s%s", n, n == 1 ? "" : "s",
		     pol_audit_bad_name((enum pol_audit_bad)i), b.failed ? "" : pol_buf_str(&b));
		pol_buf_release(&b);
	}
	if (!run->o->quiet)
		cli_report(&err, 0);
	pol_err_release(&err);
	return total;
}

/* key -> v into o; false (v freed) when memory ran out */
static bool put(struct json_object *o, const char *key, struct json_object *v)
{
	if (!v || json_object_object_add(o, key, v) < 0) {
		json_object_put(v);
		return false;
	}
	return true;
}

static struct json_object *names_json(const struct lost_names *l)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; a && i < l->n; i++)
		if (json_object_array_add(a, pol_json_str(l->v[i])) < 0) {
			json_object_put(a);
			return NULL;
		}
	return a;
}

bool seallow_lost_json(struct seallow_run *run, struct json_object *tail)
{
	struct json_object *sk = json_object_new_object(), *names = json_object_new_object(),
			   *unread = json_object_new_array();
	const struct pol_audit_unread *u;
	size_t nu = run->reader ? pol_audit_reader_unread(run->reader, &u) : 0, lines = 0;
	bool ok = sk && names && unread;
	const char *keys[] = {"skipped", "skipped_names", "unread", "unread_more"};
	struct json_object *v[4];

	for (int i = 1; ok && i < POL_AUDIT_BAD_COUNT; i++) {
		size_t n = seallow_skipped(run, (enum pol_audit_bad)i);
		const char *why = pol_audit_bad_name((enum pol_audit_bad)i);

		if (!n)
			continue;
		ok = put(sk, why, json_object_new_int64((int64_t)n));
		if (ok && lost[i].n)
			ok = put(names, why, names_json(&lost[i]));
	}
	for (size_t i = 0; ok && i < nu; i++) {
		struct json_object *o = json_object_new_object();

		ok = o && json_object_array_add(unread, o) == 0;
		if (!ok) {
			json_object_put(o);
			break;
		}
		ok = put(o, "input", json_object_new_string(u[i].input ? u[i].input : "<stdin>")) &&
		     put(o, "line", json_object_new_int64((int64_t)u[i].line)) &&
		     put(o, "reason", json_object_new_string(pol_audit_skip_name(u[i].reason))) &&
		     put(o, "denial", json_object_new_boolean(u[i].denial));
	}
	for (int i = 0; run->reader && i < POL_AUDIT_SKIP_COUNT; i++)
		lines += pol_audit_reader_skipped(run->reader, (enum pol_audit_skip)i);
	v[0] = sk;
	v[1] = names;
	v[2] = unread;
	v[3] = json_object_new_int64((int64_t)(lines - nu));
	/* each added, or all freed once one cannot be */
	for (size_t i = 0; i < 4; i++)
		if (ok)
			ok = put(tail, keys[i], v[i]);
		else
			json_object_put(v[i]);
	return ok;
}
