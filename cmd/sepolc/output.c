/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Outputs: a temporary file beside the target, renamed over it only when
 * everything was written, so an error never leaves a partial policy or
 * replaces a good one; a signal removes the temporary file. "-" is stdout,
 * written only once everything succeeded, as a device or /dev/stdout is.
 */
#include <errno.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "sepolc.h"
#include "util/atomic.h"
#include "workdir.h"

struct output {
	struct pol_atomic *atomic; /* NULL for stdout */
	FILE *mem;		   /* stdout's data, held until the commit */
	char *buf;
	size_t len;
	const char *path;
	int slot; /* in live_temps, or -1 */
};

/* The temporary files in use (two at most: -o and -f), for a signal that
 * ends the run: unlink() is async-signal-safe, and a name is published only
 * once it is complete and withdrawn (signals blocked) before it is freed. */
static const char *volatile live_temps[2];

static void remove_on_signal(int sig)
{
	for (size_t i = 0; i < sizeof(live_temps) / sizeof(live_temps[0]); i++)
		if (live_temps[i])
			unlink(live_temps[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static int publish_temp(const char *tmp)
{
	for (int i = 0; i < (int)(sizeof(live_temps) / sizeof(live_temps[0])); i++) {
		if (!live_temps[i]) {
			if (i == 0 && !live_temps[1])
				cli_signals_handle(remove_on_signal);
			live_temps[i] = tmp;
			return i;
		}
	}
	return -1;
}

/* Withdraw a temporary name; returns with the signals blocked (in *saved
 * the mask to restore) so that none arrives while the file is renamed or
 * removed and the name freed. */
static void withdraw_temp(int slot, sigset_t *saved)
{
	cli_signals_block(saved);
	if (slot < 0)
		return;
	live_temps[slot] = NULL;
	if (!live_temps[0] && !live_temps[1])
		cli_signals_handle(NULL);
}

/* The same file, existing or not: by device and inode once it exists
 * (whatever name, hard link or symlink leads to it), else by the directory
 * it would be created in and its name. */
bool output_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	char *ca, *cb, *da, *db;
	bool same = false;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	ca = strdup(a);
	cb = strdup(b);
	if (ca && cb) {
		char *base_a = basename(ca), *base_b = basename(cb);

		da = strdup(a);
		db = strdup(b);
		if (da && db && strcmp(base_a, base_b) == 0 && stat(dirname(da), &sa) == 0 &&
		    stat(dirname(db), &sb) == 0)
			same = sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
		free(da);
		free(db);
	}
	free(ca);
	free(cb);
	return same;
}

/* Writing over a source (sepolc -F policy.conf in its own directory, -f
 * naming one of the .fc files, -o - >>policy.conf) would destroy it:
 * refused, whatever name leads to it. */
static int refuse_inputs(const char *path, const struct sepolc_opts *opts, const struct inputs *in,
			 struct diag_sink *diags)
{
	size_t n = in->n_cil + in->n_fcs + in->n_ifs + 2, k = 0;
	const char **all = calloc(n, sizeof(*all));
	struct pol_err err;
	int rc;

	if (!all) {
		diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
		return EXIT_ENV;
	}
	all[k++] = in->source;
	all[k++] = opts->base;
	for (size_t i = 0; i < in->n_cil; i++)
		all[k++] = in->cil[i];
	for (size_t i = 0; i < in->n_fcs; i++)
		all[k++] = in->fcs[i];
	for (size_t i = 0; i < in->n_ifs; i++)
		all[k++] = in->ifs[i];
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	rc = pol_atomic_refuse_inputs(path, all, k, &err);
	pol_err_release(&err);
	free(all);
	return rc < 0 ? cli_exit_for(rc) : EXIT_OK;
}

int output_open(const char *path, const struct sepolc_opts *opts, const struct inputs *in,
		struct diag_sink *diags, struct output **out, FILE **fp)
{
	struct output *o = calloc(1, sizeof(*o));
	struct pol_err err;
	sigset_t saved;
	struct stat st;
	bool guard;
	int rc;

	if (!o) {
		diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
		return EXIT_ENV;
	}
	o->path = path;
	o->slot = -1;
	if ((rc = refuse_inputs(path, opts, in, diags)) != EXIT_OK) {
		free(o);
		return rc;
	}
	if (strcmp(path, "-") == 0) {
		o->mem = open_memstream(&o->buf, &o->len);
		if (!o->mem) {
			free(o);
			diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
			return EXIT_ENV;
		}
		*out = o;
		*fp = o->mem;
		return EXIT_OK;
	}
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	/* a signal between the temporary file's creation and its publication
	 * would leave it behind: it waits until the name is published. Not
	 * for a FIFO or device, written through (no temporary file), whose
	 * open may wait for a reader: Ctrl-C must end that wait. */
	guard = !(stat(path, &st) == 0 && !S_ISREG(st.st_mode));
	if (guard)
		cli_signals_block(&saved);
	rc = pol_atomic_open(path, &o->atomic, fp, &err);
	pol_err_release(&err);
	if (rc < 0) {
		if (guard)
			sigprocmask(SIG_SETMASK, &saved, NULL);
		free(o);
		return cli_exit_for(rc);
	}
	if (pol_atomic_temp(o->atomic))
		o->slot = publish_temp(pol_atomic_temp(o->atomic));
	if (guard)
		sigprocmask(SIG_SETMASK, &saved, NULL);
	*out = o;
	return EXIT_OK;
}

static int close_stdout_output(struct output *o, bool ok, struct diag_sink *diags)
{
	int status = EXIT_OK;

	if (fclose(o->mem) != 0 && ok) {
		diag_report(diags, POL_SEV_ERROR, -ENOMEM, NULL, 0, 0, "out of memory");
		status = EXIT_ENV;
	} else if (ok && ((o->len && fwrite(o->buf, 1, o->len, stdout) != o->len) ||
			  fflush(stdout) != 0 || ferror(stdout))) {
		diag_report(diags, POL_SEV_ERROR, -errno, NULL, 0, 0,
			    "cannot write to standard output: %s", strerror(errno));
		status = EXIT_ENV;
	}
	free(o->buf);
	free(o);
	return status;
}

int output_close(struct output *o, bool ok, struct diag_sink *diags)
{
	struct pol_err err;
	sigset_t saved;
	int rc = 0;

	if (!o)
		return EXIT_OK;
	if (o->mem)
		return close_stdout_output(o, ok, diags);
	pol_err_init(&err);
	diag_sink_attach(diags, &err);
	withdraw_temp(o->slot, &saved);
	if (ok)
		rc = pol_atomic_commit(o->atomic, &err);
	else
		pol_atomic_abort(o->atomic);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	pol_err_release(&err);
	free(o);
	return rc < 0 ? cli_exit_for(rc) : EXIT_OK;
}
