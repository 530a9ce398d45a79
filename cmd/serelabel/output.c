/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What serelabel prints while it walks: changes on stdout (setfiles' own
 * wording, so its -v output and ours compare line for line), or one JSON
 * document streamed as the changes happen; problems, progress and the
 * summary on stderr.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "serelabel.h"
#include "util/json.h"
#include "util/quote.h"

/* stderr is shared by the progress line (this thread) and messages (the
 * walk's threads); one at a time. */
static pthread_mutex_t err_lock = PTHREAD_MUTEX_INITIALIZER;

double out_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct json_object *out_json_path(const char *s, bool *exact)
{
	size_t len = strlen(s);
	char *buf = malloc(len * 3 + 1), *o = buf;
	struct json_object *j;

	*exact = true;
	if (!buf)
		return NULL;
	for (const char *p = s; *p;) {
		size_t n = pol_utf8_seq(p);

		if (n) {
			memcpy(o, p, n);
			o += n;
			p += n;
		} else {
			memcpy(o, "\xef\xbf\xbd", 3); /* U+FFFD */
			o += 3;
			p++;
			*exact = false;
		}
	}
	*o = '\0';
	j = json_object_new_string(buf);
	free(buf);
	return j;
}

static void add_path(struct json_object *obj, const char *key, const char *path)
{
	bool exact;
	char hexkey[32];

	json_object_object_add(obj, key, out_json_path(path, &exact));
	if (!exact) {
		size_t len = strlen(path);
		char *hex = malloc(len * 2 + 1);

		if (!hex)
			return;
		for (size_t i = 0; i < len; i++)
			sprintf(hex + 2 * i, "%02x", (unsigned char)path[i]);
		snprintf(hexkey, sizeof(hexkey), "%s_hex", key);
		json_object_object_add(obj, hexkey, json_object_new_string(hex));
		free(hex);
	}
}

static void print_json(struct json_object *obj)
{
	fputs(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN |
							  JSON_C_TO_STRING_NOSLASHESCAPE),
	      stdout);
}

void out_init(struct relabel_out *o, const struct relabel_opts *opts, const char *spec,
	      unsigned long long total)
{
	memset(o, 0, sizeof(*o));
	o->opts = opts;
	o->perm_errors = true;
	o->start = out_now();
	o->progress_on = opts->progress;
	pol_progress_init(&o->progress, stderr, "files", total, opts->quiet);
	if (opts->json) {
		struct json_object *doc = pol_json_document("serelabel");
		const char *s;

		if (spec)
			add_path(doc, "spec", spec);
		json_object_object_add(doc, "dry_run",
				       json_object_new_boolean(opts->flags & POL_LABEL_DRY_RUN));
		json_object_object_add(doc, "force",
				       json_object_new_boolean(opts->flags & POL_LABEL_FORCE));
		s = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN |
								JSON_C_TO_STRING_NOSLASHESCAPE);
		/* stream: the header's fields, then the changes as they come */
		fwrite(s, 1, strlen(s) - 1, stdout);
		fputs(",\"changes\":[", stdout);
		json_object_put(doc);
		o->json_open = true;
	}
}

static void clear_progress(struct relabel_out *o)
{
	pol_progress_finish(&o->progress);
}

static void change(struct relabel_out *o, const struct pol_label_event *ev)
{
	const struct relabel_opts *opts = o->opts;

	if (opts->json) {
		struct json_object *obj = json_object_new_object();

		add_path(obj, "path", ev->path);
		pol_json_add_str(obj, "old", ev->old_context);
		pol_json_add_str(obj, "new", ev->new_context);
		json_object_object_add(obj, "applied", json_object_new_boolean(ev->applied));
		fputs(o->json_count++ ? ",\n" : "\n", stdout);
		print_json(obj);
		json_object_put(obj);
		return;
	}
	if (opts->quiet || !(opts->verbose || opts->check))
		return;
	/* a progress line on the same terminal goes first */
	if (o->progress_on) {
		pthread_mutex_lock(&err_lock);
		clear_progress(o);
		pthread_mutex_unlock(&err_lock);
	}
	/* setfiles' words, "(null)" for no label included */
	printf("%s %s from %s to %s\n", ev->applied ? "Relabeled" : "Would relabel", ev->path,
	       ev->old_context ? ev->old_context : "(null)", ev->new_context);
}

void out_event(const struct pol_label_event *ev, void *data)
{
	struct relabel_out *o = data;
	const struct relabel_opts *opts = o->opts;

	switch (ev->kind) {
	case POL_LABEL_EV_CHANGE:
		change(o, ev);
		return;
	case POL_LABEL_EV_CUSTOMIZED:
		if (opts->verbose && !opts->quiet && !opts->json)
			printf("%s not reset as customized by admin to %s\n", ev->path,
			       ev->old_context);
		return;
	case POL_LABEL_EV_DIGEST_SKIP:
		/* libselinux's words */
		if (opts->verbose && !opts->quiet && !opts->json)
			printf("Skipping restorecon on directory(%s)\n", ev->path);
		return;
	default:
		break;
	}
	if (ev->kind == POL_LABEL_EV_ERROR && ev->code != -EPERM && ev->code != -EACCES)
		o->perm_errors = false;
	if (opts->quiet)
		return;
	pthread_mutex_lock(&err_lock);
	fflush(stdout);
	clear_progress(o);
	switch (ev->kind) {
	case POL_LABEL_EV_ERROR:
		if (ev->code == POL_EINVAL && ev->other_path)
			fprintf(stderr, "%s: %s '%s': not below the --root directory '%s'\n",
				cli_name(), ev->message, ev->path, ev->other_path);
		else if (ev->code == POL_EFORMAT && ev->old_context)
			fprintf(stderr, "%s: %s '%s': its label '%s' is not a context; --force replaces it\n",
				cli_name(), ev->message, ev->path, ev->old_context);
		else if (ev->code == POL_EFORMAT)
			fprintf(stderr, "%s: %s '%s': the spec's '%s' is not a context\n", cli_name(),
				ev->message, ev->path, ev->new_context);
		else
			fprintf(stderr, "%s: %s '%s': %s\n", cli_name(), ev->message, ev->path,
				pol_strerror(ev->code));
		break;
	case POL_LABEL_EV_CONFLICT:
		fprintf(stderr,
			"%s: warning: conflicting specifications for '%s' and '%s', using '%s' (not '%s')\n",
			cli_name(), ev->path, ev->other_path, ev->new_context, ev->other_context);
		break;
	case POL_LABEL_EV_WARNING:
		fprintf(stderr, "%s: warning: %s '%s': %s\n", cli_name(), ev->message, ev->path,
			pol_strerror(ev->code));
		break;
	default:
		break;
	}
	pthread_mutex_unlock(&err_lock);
}

void out_progress(const struct pol_label_stats *st, void *data)
{
	struct relabel_out *o = data;
	const struct relabel_opts *opts = o->opts;

	/* shown when asked, or by itself on a terminal once a run is long */
	if (!o->progress_on && !opts->quiet && !opts->verbose && !opts->check &&
	    out_now() - o->start > 2.0)
		o->progress_on = true;
	if (!o->progress_on)
		return;
	pthread_mutex_lock(&err_lock);
	pol_progress_update(&o->progress, st->seen);
	pthread_mutex_unlock(&err_lock);
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

int out_finish(struct relabel_out *o, const struct pol_label_stats *st, int signal_seen)
{
	const struct relabel_opts *opts = o->opts;
	bool dry = opts->flags & POL_LABEL_DRY_RUN;
	double secs = out_now() - o->start;

	pthread_mutex_lock(&err_lock);
	clear_progress(o);
	pthread_mutex_unlock(&err_lock);
	if (o->json_open) {
		struct json_object *sum = json_object_new_object();

		json_object_object_add(sum, "seen", json_object_new_int64((int64_t)st->seen));
		json_object_object_add(sum, "changed", json_object_new_int64((int64_t)st->changed));
		json_object_object_add(sum, "unchanged",
				       json_object_new_int64((int64_t)st->unchanged));
		json_object_object_add(sum, "customized",
				       json_object_new_int64((int64_t)st->customized));
		json_object_object_add(sum, "no_label", json_object_new_int64((int64_t)st->nolabel));
		json_object_object_add(sum, "errors", json_object_new_int64((int64_t)st->errors));
		json_object_object_add(sum, "vanished", json_object_new_int64((int64_t)st->vanished));
		json_object_object_add(sum, "conflicts",
				       json_object_new_int64((int64_t)st->conflicts));
		json_object_object_add(sum, "digest_skipped",
				       json_object_new_int64((int64_t)st->digest_skipped));
		json_object_object_add(sum, "interrupted", json_object_new_boolean(st->interrupted));
		fputs(o->json_count ? "\n],\"summary\":" : "],\"summary\":", stdout);
		print_json(sum);
		fputs("}\n", stdout);
		json_object_put(sum);
	}
	if (!opts->quiet) {
		fflush(stdout);
		fprintf(stderr, "%s: %llu %s, %llu %s, %llu %s", cli_name(),
			(unsigned long long)st->seen, plural(st->seen, "file", "files"),
			(unsigned long long)st->changed, dry ? "to relabel" : "relabeled",
			(unsigned long long)st->errors, plural(st->errors, "error", "errors"));
		if (st->vanished)
			fprintf(stderr, ", %llu vanished", (unsigned long long)st->vanished);
		if (st->conflicts)
			fprintf(stderr, ", %llu %s", (unsigned long long)st->conflicts,
				plural(st->conflicts, "hard-link conflict", "hard-link conflicts"));
		if (st->digest_skipped)
			fprintf(stderr, ", %llu %s up to date (digests)",
				(unsigned long long)st->digest_skipped,
				plural(st->digest_skipped, "directory", "directories"));
		fprintf(stderr, " in %.1f s", secs);
		if (st->interrupted || signal_seen)
			fprintf(stderr, "; interrupted by %s, run again to finish",
				strsignal(signal_seen ? signal_seen : SIGINT));
		fputc('\n', stderr);
	}
	/* "no permission" is the environment's answer only for a caller who
	 * could get it (not root) when labels were to be written; root
	 * refused some files (/proc), or a dry run refused some reads, is a
	 * partial failure */
	if (st->errors)
		return o->perm_errors && st->changed == 0 && !dry && geteuid() != 0 ? EXIT_ENV
										    : EXIT_PARTIAL;
	if (opts->check && st->changed)
		return EXIT_NOMATCH;
	return EXIT_OK;
}
